"""A reader on a phone and a reader with a keyboard, in a real browser (WCAG 2.2 AA).

* axe-core finds no serious or critical violation on any page type, in any language, in the light and the dark
  scheme (test_browser_site.py runs the home, benchmark, claim, source, index and timeline pages; here the others):
  every rule in the light scheme, the rules of colour in the dark one, where nothing else changes;
* a figure a reader hovers or focuses (the "active" figure) keeps 4.5:1 against the page in both schemes;
* the keyboard's focus is a ring at least 2 px wide, 3:1 against what it is drawn on;
* the skip link is the first thing the keyboard reaches and leads to the page's content, where the first figure is a
  few Tabs away; the search box is labelled;
* a figure's popover is next in the keyboard's order: Tab goes into it and on past it, Escape closes it;
* the benchmark table at 320 px: it says it scrolls (a shadow at the edge beyond which more lies), its first column
  stays in view, its last column can be reached, and the page is no wider than the screen; the filter box fits;
* the language switcher keeps the reader's place: the #fragment and the search's ?q=;
* the quote is the evidence: shown at full contrast, above the contributors' translation, which is labelled theirs.

One page per page type and language, each opened once: `make screenshots` keeps pictures of the table at 320 px in
test-output/screenshots/ for a person to look at.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from browser_fixture import SCHEMES, browser, keep, served, serious_in_both_schemes, visit  # noqa: F401  (fixtures)
from integrity.langs import LANGS, PREFIX
from site_fixture import site  # noqa: F401  (fixture)

NARROW = {"width": 320, "height": 700}
# The page types test_browser_site.py does not run axe on: one page of each.
PAGE_TYPES = {
    "entity": "entities/jalapeno/",
    "tier": "tiers/vendor-self-report/",
    "conflict": "conflicts/electricity-vs-package-power/",
    "conflicts index": "conflicts/",
    "data": "data/",
    "search": "search/?q=GB200",
    "glossary": "glossary/",
    "not found": "404.html",
}
FIGURE = "article a.kb-fig:has(data[data-claim])"

# WCAG 2's contrast of two colours given as 'rgb(…)' / 'rgba(…)', the first composited over the second.
CONTRAST = """
    const parse = s => { const m = /rgba?\\(([^)]*)\\)/.exec(s); if (!m) return null;
        const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
    const over = (f, b) => [0, 1, 2].map(i => f[i] * f[3] + b[i] * (1 - f[3])).concat([1]);
    const lum = c => c.slice(0, 3).map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
        .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
    const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + .05) / (Math.min(x, y) + .05); };
    const background = el => { const layers = [];
        for (let e = el; e; e = e.parentElement) { const c = parse(getComputedStyle(e).backgroundColor);
            if (c && c[3] > 0) layers.push(c); if (c && c[3] === 1) break; }
        return layers.reverse().reduce((bg, layer) => over(layer, bg), [255, 255, 255, 1]); };
"""


@pytest.mark.parametrize("lang", LANGS)
def test_no_page_type_has_a_serious_accessibility_violation_in_either_scheme(visit, lang):
    found, seen = [], 0
    page = visit(None)
    for kind, path in PAGE_TYPES.items():
        page.goto(page.watch.base + PREFIX[lang] + path)
        if kind == "search":
            page.locator("#kb-search .pagefind-ui__result-link").first.wait_for(timeout=15000)
        found += serious_in_both_schemes(page, f"{lang} {kind}")
        seen += 1
    assert seen == len(PAGE_TYPES)
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_an_active_figure_keeps_its_contrast(visit, scheme):
    """Hovered, then focused, a figure (and its number and unit) keeps 4.5:1 against the page: Material's own
    accent, which links take then, gave 2.8:1 on white."""
    page = visit("benchmarks/", scheme=scheme)
    ratios = []
    for how in ("hover", "focus"):
        fig = page.locator(FIGURE).nth(3)
        fig.scroll_into_view_if_needed()
        if how == "hover":
            fig.hover()
        else:
            page.mouse.move(1, 1)
            fig.focus()
        page.wait_for_timeout(200)  # Material's colour transition
        ratios += fig.evaluate(f"""fig => {{ {CONTRAST}
            return [fig, ...fig.querySelectorAll('data, .kb-unit')].map(e =>
                [e.tagName, ratio(over(parse(getComputedStyle(e).color), background(e)), background(e)),
                 getComputedStyle(e).color]); }}""")
        page.keyboard.press("Escape")
    assert len(ratios) >= 6
    low = [r for r in ratios if r[1] < 4.5]
    assert low == [], low


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_keyboards_focus_is_a_visible_ring(visit, scheme):
    """The first 40 stops of the keyboard on a claim's page, header included: each is outlined, 2 px or more, in a
    colour 3:1 against what it is drawn on."""
    page = visit(f"{PREFIX['zh']}claims/gptoss-peak-tpskw-jalapeno/", scheme=scheme)
    problems, seen = [], 0
    for _ in range(40):
        page.keyboard.press("Tab")
        got = page.evaluate(f"""() => {{ {CONTRAST}
            const a = document.activeElement, s = getComputedStyle(a);
            const target = a.matches('.md-option') && a.nextElementSibling ? a.nextElementSibling : a;
            const t = getComputedStyle(target);
            const r = target.getBoundingClientRect();
            // what the ring is drawn on: whatever lies just outside the element, where its outline is (the skip link
            // floats over the header; a header's button sits on its teal)
            const x = r.left - 3 >= 0 ? r.left - 3 : r.right + 3, y = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
            const beside = document.elementsFromPoint(x, y).find(e => e !== target && !target.contains(e));
            const under = background(beside || target.parentElement || target);
            return {{what: a.tagName + '.' + a.className + ' ' + (a.textContent || '').trim().slice(0, 20),
                     width: parseFloat(t.outlineWidth), style: t.outlineStyle, seen: r.width > 0 && r.height > 0,
                     ratio: ratio(over(parse(t.outlineColor), under), under)}}; }}""")
        if not got["seen"]:
            continue
        seen += 1
        if got["width"] < 2 or got["style"] in ("none", "hidden") or got["ratio"] < 3:
            problems.append(got)
    assert seen >= 30, seen
    assert problems == [], problems


@pytest.mark.parametrize("lang", LANGS)
def test_the_skip_link_leads_to_the_content_and_the_first_figure_is_a_few_tabs_away(visit, lang):
    for path, most in (("benchmarks/", 15), ("claims/gptoss-peak-tpskw-jalapeno/", 3)):
        page = visit(PREFIX[lang] + path)
        page.keyboard.press("Tab")
        skip = page.locator("a.md-skip")
        expect(skip).to_be_focused()
        expect(skip).to_be_visible()
        assert skip.get_attribute("href") == "#kb-content"
        page.keyboard.press("Enter")
        for n in range(1, 40):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.matches('article a.kb-fig')"):
                break
        assert n <= most, f"{lang} {path}: the first figure is {n} Tabs past the skip link"
        assert page.evaluate("document.activeElement.closest('#kb-content') !== null")


@pytest.mark.parametrize("lang", LANGS)
def test_the_search_box_is_labelled(visit, lang):
    page = visit(PREFIX[lang] + "search/")
    box = page.locator("#kb-search input").first
    box.wait_for()
    label = page.locator('label[for="kb-search-input"]').text_content()
    assert label.strip() and box.get_attribute("id") == "kb-search-input"
    expect(box).to_have_accessible_name(label)


def test_a_figures_popover_is_reached_with_tab_and_closed_with_escape(visit):
    page = visit("benchmarks/")
    fig = page.locator(FIGURE).first
    fig.focus()
    pop = page.locator("#kb-pop")
    expect(pop).to_be_visible()
    expect(pop.locator(".kb-pop-open a")).to_be_visible()  # its words have loaded
    after = page.evaluate("""fig => { const all = [...document.querySelectorAll('a[href], button, input, select, textarea')]
        .filter(e => !e.closest('#kb-pop') && e.getClientRects().length && !fig.contains(e)
                 && (fig.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING));
        all[0].setAttribute('data-test-next', ''); return all[0].outerHTML.slice(0, 80); }""", fig.element_handle())
    page.keyboard.press("Tab")
    expect(pop.locator(".kb-pop-open a")).to_be_focused()
    page.keyboard.press("Shift+Tab")
    expect(fig).to_be_focused()
    expect(pop).to_be_visible()
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    expect(pop.locator(".kb-pop-close")).to_be_focused()
    page.keyboard.press("Tab")  # past the popover: on to what follows the figure, and the popover closes
    expect(page.locator("[data-test-next]")).to_be_focused(), after
    if not page.evaluate("document.activeElement.matches('a.kb-fig')"):
        expect(pop).to_be_hidden()
    fig.focus()
    expect(pop).to_be_visible()
    page.keyboard.press("Tab")
    page.keyboard.press("Escape")  # from inside the popover: closed, the focus back on its figure
    expect(pop).to_be_hidden()
    expect(fig).to_be_focused()


@pytest.mark.parametrize("lang", LANGS)
def test_the_benchmark_table_is_usable_at_320_px(visit, lang):
    page = visit(PREFIX[lang] + "benchmarks/", viewport=NARROW, touch=True)
    page.evaluate("document.fonts.ready")
    table = page.locator("article .kb-table").first
    table.scroll_into_view_if_needed()
    wrap = table.locator(".md-typeset__scrollwrap")
    state = wrap.evaluate("""w => ({over: w.scrollWidth > w.clientWidth, marked: w.hasAttribute('data-kb-overflow'),
        shadows: (getComputedStyle(w).backgroundImage.match(/linear-gradient/g) || []).length,
        clear: getComputedStyle(w.querySelector('table')).backgroundColor})""")
    assert state["over"] and state["marked"], state  # it is wider than the screen, and said to be
    assert state["shadows"] == 4 and state["clear"] in ("rgba(0, 0, 0, 0)", "transparent"), state  # the edge shadows show
    assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]
    keep(page, f"{lang}-benchmark-table-320")
    wrap.evaluate("w => { w.scrollLeft = w.scrollWidth; w.dispatchEvent(new Event('scroll')); }")
    page.wait_for_timeout(100)
    keep(page, f"{lang}-benchmark-table-320-scrolled")
    at = page.evaluate("""() => {
        const row = document.querySelector('article .kb-table tbody tr'), first = row.cells[0], last = row.cells[row.cells.length - 1];
        const a = first.getBoundingClientRect(), b = last.getBoundingClientRect();
        return {first: [a.left, a.right], last: [b.left, b.right], shadow: getComputedStyle(first).boxShadow,
                scrolled: document.querySelector('article .kb-table .md-typeset__scrollwrap').hasAttribute('data-kb-scrolled')};
    }""")
    assert 0 <= at["first"][0] and at["first"][1] < NARROW["width"] / 2, at  # the model column stays in view
    assert at["first"][1] <= at["last"][0] and at["last"][1] <= NARROW["width"], at  # the ratio column comes into view
    assert at["scrolled"] and at["shadow"] != "none", at  # and what scrolled under the first column is shaded


@pytest.mark.parametrize("lang", LANGS)
def test_the_filter_box_fits_a_320_px_screen_above_its_table(visit, lang):
    page = visit(PREFIX[lang] + "claims/", viewport=NARROW, touch=True)
    box = page.locator("article .kb-filter input").first
    box.wait_for()
    at = box.evaluate("b => { const r = b.getBoundingClientRect(); return {left: r.left, right: r.right, "
                      "inside: !!b.closest('.md-typeset__scrollwrap')}; }")
    assert at["left"] >= 0 and at["right"] <= NARROW["width"] and not at["inside"], at


def _switch(page, tag: str) -> None:
    page.locator(".md-select button").hover()
    page.locator(f'.md-select a[hreflang="{tag}"]').click()


def test_the_language_switcher_keeps_the_place_and_the_search(visit):
    page = visit("claims/gptoss-peak-tpskw-jalapeno/#sources")
    _switch(page, "zh-Hant")
    page.wait_for_url(re.compile(r"/zh-hant/claims/gptoss-peak-tpskw-jalapeno/#sources$"))
    _switch(page, "zh-Hans")
    page.wait_for_url(re.compile(r"/zh/claims/gptoss-peak-tpskw-jalapeno/#sources$"))

    page.goto(page.watch.base + "search/")
    box = page.locator("#kb-search input").first
    box.wait_for()
    box.click()
    page.keyboard.type("GB200", delay=20)
    page.locator("#kb-search .pagefind-ui__result-link").first.wait_for(timeout=15000)
    assert re.search(r"[?&]q=GB200(&|$)", page.url), page.url  # the query is kept in the address as it is typed
    _switch(page, "zh-Hans")
    page.wait_for_url(re.compile(r"/zh/search/\?q=GB200$"))
    expect(page.locator("#kb-search input").first).to_have_value("GB200")
    page.locator("#kb-search .pagefind-ui__result-link").first.wait_for(timeout=15000)


@pytest.mark.parametrize("lang", LANGS)
def test_the_quote_is_shown_as_the_evidence_and_the_translation_as_the_contributors(visit, lang):
    page = visit(PREFIX[lang] + "claims/gptoss-peak-tpskw-jalapeno/")
    cite = page.locator("article figure.kb-citation").first
    got = cite.evaluate(f"""c => {{ {CONTRAST}
        const q = c.querySelector('blockquote.kb-quote'), body = getComputedStyle(document.querySelector('article p')).color;
        const tr = c.querySelector('.kb-translation');
        return {{quote: getComputedStyle(q).color, body: body, ratio: ratio(parse(getComputedStyle(q).color), background(q)),
                 order: tr ? !!(q.compareDocumentPosition(tr) & Node.DOCUMENT_POSITION_FOLLOWING) : null,
                 label: tr ? tr.querySelector('.kb-words-label').textContent : null}}; }}""")
    assert got["quote"] == page.evaluate("getComputedStyle(document.body).color") and got["ratio"] >= 7, got
    if lang == "en":  # the quote is Chinese: under it, the contributors' English, labelled as theirs
        assert got["order"] is True and got["label"].startswith("Translation by the contributors"), got
    else:
        assert got["order"] is None  # a Chinese page shows the Chinese quote alone
