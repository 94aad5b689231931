"""No page is wider than a phone: the second layer, in Chromium, on the pages the first layer chose.

tests/test_layout.py reads every page's HTML with a model of the stylesheets (tests/integrity/layout.py) and
finds nothing that a 320 px column cannot hold.  Here Chromium opens, in each language, the home page, the
benchmark page, the page for a missing address, for each template of generated pages the pages at its extremes,
and the written pages at theirs and until every class name a written page uses is met (layout_fixture.chosen),
with every folded part unfolded, at 320 px and widened to 360, 390 and 414 px; at
each width the document must be no wider than the screen.  On each of them at 320 px the browser also holds
the model to the real stylesheets:

* every element the browser does not wrap, and every inline block, is one the model names as such (a new
  rule in a stylesheet that the model does not know fails here, on the first template that uses it);
* every element the model says scrolls sideways does, and every one it says breaks a word anywhere does;
* no element is indented more, and no text set larger, than the model allows;
* the page's widest run that cannot wrap, and its longest word, are no wider in the browser than the model
  measured them.

So the model's verdict on every other page of a template stands for what the browser would show.  A fault
planted on a page that no fixed list names (a long word, a wide table) makes both layers fail: the analysis
finds it, chooses that page for the browser, and the browser sees the page too wide.

The layout must not depend on the fonts a machine happens to have: the Latin text face is the site's own
(docs/assets/fonts, from the @fontsource-variable packages pinned in package.json), and a test checks that the
browser uses it, loaded from the site itself.
"""
from __future__ import annotations

import os
import shutil

import pytest

from browser_fixture import answer_as_home, browser, serve_folder, served, visit  # noqa: F401  (fixtures)
from integrity import layout as model
from integrity.langs import LANGS, PREFIX, lang_of
from layout_fixture import FIXED, chosen, family, layouts
from site_fixture import KIND_FOLDERS, site, workdir  # noqa: F401  (fixture)

WIDTHS = (320, 360, 390, 414)
LANES = 3  # pages loading side by side, so the browser's processes work while this one measures

# Run in the page at 320 px: whatever the browser does that the model does not say, or says and the browser
# does not do.  Elements out of the flow (the model's "hidden"), in a box that scrolls, or inside an SVG
# chart are left out, as the model leaves them out.
HOLD_MODEL = """(m) => {
  const art = document.querySelector('article');
  const out = [];
  const any = (el, sels) => sels.some(s => el.matches(s));
  const name = el => el.tagName.toLowerCase() + [...el.classList].map(c => '.' + c).join('');
  const skipped = el => {
    for (let e = el; e && e !== art; e = e.parentElement) {
      if (any(e, m.hidden) || any(e, m.scripted) || e.namespaceURI === 'http://www.w3.org/2000/svg') return true;
      if (e !== el && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX)) return true;
    }
    return false;
  };
  const content = el => {
    const s = getComputedStyle(el);
    return el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
  };
  const BLOCK = ['block', 'list-item', 'flow-root', 'flex', 'grid'];
  for (const el of art.querySelectorAll('*')) {
    if (skipped(el)) continue;
    const s = getComputedStyle(el), p = getComputedStyle(el.parentElement);
    if (s.display === 'none') continue;
    const text = el.textContent.trim() !== '';
    const nowrap = s.textWrapMode === 'nowrap' || s.whiteSpace === 'nowrap' || s.whiteSpace === 'pre';
    const parentNowrap = p.textWrapMode === 'nowrap' || p.whiteSpace === 'nowrap' || p.whiteSpace === 'pre';
    if (nowrap && !parentNowrap && text && !any(el, m.nowrap))
      out.push(`${name(el)} does not wrap, and the model does not say so`);
    if (!nowrap && parentNowrap && text && !any(el, m.wraps))
      out.push(`${name(el)} wraps inside a run that does not, and the model does not say so`);
    if (s.display.startsWith('inline-') && text && !any(el, m.shrinks) && !any(el, m.clamped))
      out.push(`${name(el)} is an inline block, and the model does not say so`);
    if (any(el, m.scrolls) && !['auto', 'scroll'].includes(s.overflowX))
      out.push(`${name(el)} does not scroll sideways, though the model says it does`);
    if (any(el, m.anywhere) && s.overflowWrap !== 'anywhere' && !['break-word', 'break-all'].includes(s.wordBreak))
      out.push(`${name(el)} does not break a word anywhere, though the model says it does`);
    const ratio = parseFloat(s.fontSize) / parseFloat(p.fontSize);
    const scale = Math.max(1, ...Object.entries(m.scale).filter(([sel]) => el.matches(sel)).map(([, v]) => v));
    if (ratio > scale + 0.01) out.push(`${name(el)} sets its text ${ratio.toFixed(2)}× its parent's, more than the model's ${scale}`);
    const scrolls = ['auto', 'scroll'].includes(s.overflowX);
    if (BLOCK.includes(s.display) && BLOCK.includes(p.display) && el.clientWidth > 0 && !scrolls) {
      const indent = content(el.parentElement) - content(el);
      const allowed = Math.max(0, ...Object.entries(m.indent).filter(([sel]) => el.matches(sel)).map(([, v]) => v));
      if (indent > allowed + 1) out.push(`${name(el)} is indented ${indent.toFixed(0)}px, more than the model's ${allowed}px`);
    }
  }
  const base = parseFloat(getComputedStyle(art).fontSize);
  if (base > m.body + 0.01) out.push(`the article's text is ${base}px, more than the model's ${m.body}px`);
  // the runs the model measured widest, measured again where each first sits in a single text node, in em of
  // the text's own size and against the model's width for the weight it is set in
  let measured = 0;
  for (const [run, regular, bold, mono] of m.runs) {
    const walk = document.createTreeWalker(art, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const at = n.data.indexOf(run);
      if (at < 0 || skipped(n.parentElement) || ['auto', 'scroll'].includes(getComputedStyle(n.parentElement).overflowX)) continue;
      const r = document.createRange();
      r.setStart(n, at); r.setEnd(n, at + run.length);
      const s = getComputedStyle(n.parentElement);
      const em = [...r.getClientRects()].reduce((a, b) => a + b.width, 0) / parseFloat(s.fontSize);
      const allowed = /mono/i.test(s.fontFamily) ? mono : parseInt(s.fontWeight) >= 500 ? bold : regular;
      if (em > allowed + 0.03)
        out.push(`the run ${JSON.stringify(run.slice(0, 40))} is ${em.toFixed(2)}em wide, more than the model's ${allowed.toFixed(2)}em`);
      measured += 1;
      break;
    }
  }
  return {problems: out, measured};
}"""


def _model(found) -> dict:
    runs = [(e.what, model.text_em(e.what), model.text_em(e.what, bold=True), model.text_em(e.what, mono=True))
            for e in ((found.token, found.word) if found else ()) if e.what and model.MARK_SIGN not in e.what]
    return {**model.MODEL, "indent": model.INDENT, "scale": model.SCALE, "body": model.BODY_PX, "runs": runs}


def _open_all(page) -> None:
    page.evaluate("document.fonts.ready")
    page.evaluate("document.querySelectorAll('article details').forEach(d => d.open = true)")


def _too_wide(page, url: str) -> list[str]:
    out = []
    for w in WIDTHS:
        page.set_viewport_size({"width": w, "height": 640})
        got = page.evaluate("document.documentElement.scrollWidth")
        if got > w:
            out.append(f"/{url}: the page is {got}px wide at {w}px")
    return out


def open_and_measure(lanes, base: str, urls: list[str], by_url: dict) -> tuple[list[str], int, int]:
    """Open ``urls`` a few at a time; every width too wide and every place the model and the browser part,
    how many pages were seen, and how many extremes the browser measured again."""
    problems, seen, remeasured = [], 0, 0
    for start in range(0, len(urls), len(lanes)):
        batch = list(zip(lanes, urls[start:start + len(lanes)]))
        for page, url in batch:
            page.set_viewport_size({"width": WIDTHS[0], "height": 640})
            page.goto(base + url, wait_until="commit")
        for page, url in batch:
            page.wait_for_load_state("load")
            _open_all(page)
            held = page.evaluate(HOLD_MODEL, _model(by_url.get(url)))
            problems += [f"/{url}: {p}" for p in held["problems"]]
            remeasured += held["measured"]
            problems += _too_wide(page, url)
            seen += 1
    return problems, seen, remeasured


@pytest.mark.parametrize("lang", LANGS)
def test_the_pages_at_each_templates_extremes_fit_every_phone_width(visit, site, lang):
    found = layouts(site)
    by_url = {f.url: f for f in found}
    pick = chosen(found, lang)
    lanes = [visit(None, viewport={"width": WIDTHS[0], "height": 640}, touch=True) for _ in range(LANES)]
    problems, seen, remeasured = open_and_measure(lanes, lanes[0].watch.base, list(pick), by_url)
    kinds = sorted({p.split(": ", 1)[1] for p in problems})
    assert problems == [], (f"{len(problems)} problems on {seen} pages, of {len(kinds)} kinds:\n" + "\n".join(kinds[:40])
                            + "\nfirst pages:\n" + "\n".join(problems[:10]))
    templates = {f.template for f in found if f.url in pick}
    generated = {k for k in KIND_FOLDERS} & templates
    assert seen == len(pick) and generated == set(KIND_FOLDERS), (seen, sorted(templates))
    # the fixed pages the site has (a synthetic fact base's site has no benchmark page) are all opened
    present = {f.template for f in found if lang_of(f.url) == lang} & set(FIXED)
    fixed = {f.template for f in found if f.url in pick and lang_of(f.url) == lang} & set(FIXED)
    assert fixed == present and {"written:/", "404"} <= present, (sorted(fixed), sorted(present))
    written = [f for f in found if lang_of(f.url) == lang and family(f.template) == "written"]
    unmet = set().union(*(f.classes for f in written)) - set().union(*(by_url[u].classes for u in pick))
    # every written page of the language was weighed (one for each Markdown file at the top of the docs)
    assert unmet == set() and len(written) == len(list((site.docs / "en").glob("*.md"))), (sorted(unmet), len(written))
    assert remeasured > len(pick) / 2, f"the browser measured only {remeasured} of the model's widest runs again"
    # the browser's share stays per template: far fewer pages than the site has in this language
    assert len(pick) < len([f for f in found if lang_of(f.url) == lang]) / 4


# --- the pair, proved: faults planted where no fixed list would look -----------------------------------------

LONG = "Jalapeño" * 6


def _plant(site, root, url: str, before: str, markup: str) -> None:
    path = root / site.file(url).relative_to(site.root)
    html = path.read_text(encoding="utf-8")
    assert before in html, (url, before)
    path.unlink()  # a hard link to the real site's page: write a file of its own
    path.write_text(html.replace(before, markup + before, 1), encoding="utf-8")


def test_a_long_word_or_a_wide_table_planted_on_an_unchosen_page_fails_both_layers(site, browser):
    found = layouts(site)
    pick = chosen(found, "en")
    claims = [f.url for f in found if f.template == "claim" and f.url not in pick and lang_of(f.url) == "en"]
    sources = [f.url for f in found if f.template == "source" and f.url not in pick and lang_of(f.url) == "en"]
    word_page, table_page = claims[len(claims) // 2], sources[len(sources) // 2]
    root = workdir("planted-layout") / "site"
    shutil.copytree(site.root, root, copy_function=os.link)
    _plant(site, root, word_page, "</h1>", f'<span class="kb-badge">{LONG}</span>')
    cells = "".join(f"<td>{LONG[:24]}</td>" for _ in range(4))
    _plant(site, root, table_page, "<h2", f'<table class="kb-planted"><tr>{cells}</tr></table>')

    # layer 1 finds both, and chooses both pages for the browser
    replanted = {f.url: f for f in found}
    for url in (word_page, table_page):
        html = (root / site.file(url).relative_to(site.root)).read_text(encoding="utf-8")
        replanted[url] = model.analyse(html, url, replanted[url].template)
        assert replanted[url].faults, f"the analysis missed the fault planted on /{url}"
    now = chosen(list(replanted.values()), "en")
    assert "claim: token" in now.get(word_page, []), now.get(word_page)
    assert "source: table" in now.get(table_page, []), now.get(table_page)

    # layer 2 opens them and sees each page too wide
    base = serve_folder(root)
    ctx = browser.new_context(viewport={"width": 320, "height": 640}, device_scale_factor=1)
    answer_as_home(ctx, root)
    try:
        for url in (word_page, table_page):
            page = ctx.new_page()
            page.goto(base + url)
            _open_all(page)
            assert _too_wide(page, url), f"the browser shows /{url} no wider than the screen"
    finally:
        ctx.close()


# --- the site's own face, and what a phone shows first -------------------------------------------------------

@pytest.mark.parametrize("path", [PREFIX[lang] + "claims/gptoss-peak-tpskw-jalapeno/" for lang in LANGS])
def test_latin_text_is_set_in_the_sites_own_face(visit, path):
    page = visit(path)
    page.evaluate("document.fonts.ready")
    family = page.evaluate("getComputedStyle(document.querySelector('.md-typeset')).fontFamily")
    assert family.split(",")[0].strip().strip('"') == "Roboto Variable", family
    loaded = page.evaluate("""() => [...document.fonts].filter(f => f.status === 'loaded').map(f => f.family.replace(/"/g, ''))""")
    assert "Roboto Variable" in loaded, loaded
    fonts = page.evaluate("""() => performance.getEntriesByType('resource').map(e => e.name).filter(n => n.endsWith('.woff2'))""")
    assert fonts and all(f.startswith(page.watch.base + "assets/fonts/") for f in fonts), fonts


@pytest.mark.parametrize("lang", LANGS)
def test_a_phone_shows_the_first_figure_on_the_first_screen_and_tier_counts_without_scrolling(visit, lang):
    prefix = PREFIX[lang]
    page = visit(prefix, viewport={"width": 390, "height": 844}, touch=True)
    page.evaluate("document.fonts.ready")
    first = page.locator("article .kb-figure").first.bounding_box()
    assert first and first["y"] + first["height"] <= 844, f"the first figure ends at {first}"
    for path in (prefix, prefix + "how-to-read-a-claim/"):
        page.goto(page.watch.base + path)
        page.evaluate("document.fonts.ready")
        boxes = [c.bounding_box() for c in page.locator('[data-kb-table="tiers"] data[data-count^="claims-in-tier:"]').all()]
        assert len(boxes) == len(page.locator('[data-kb-table="tiers"] tbody tr').all()) > 5, path
        hidden = [b for b in boxes if b is None or b["x"] < 0 or b["x"] + b["width"] > 390]
        assert hidden == [], f"{path}: {len(hidden)} of {len(boxes)} claim counts are off the screen"
