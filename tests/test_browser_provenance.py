"""Provenance at a touch, in a real browser: mouse, keyboard and touch; chart marks; glossary tooltips.

The popover must show, in the page's language, the claim, its evidence tier, status
(and verdict where derived), the source with its verbatim quote, and a link to the
claim page; its text is loaded once, lazily, from data/provenance.<lang>.json.
"""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from browser_fixture import PHONE, browser, served, visit  # noqa: F401  (fixtures)
from integrity.langs import LANGS, PREFIX
from site_fixture import site  # noqa: F401  (fixture)

FIGURE = "article a.kb-fig:has(data[data-claim])"


def _record(site, lang, cid):
    return json.loads((site.root / "data" / f"provenance.{lang}.json").read_text(encoding="utf-8"))["claims"][cid]


def _claim_of(fig) -> str:
    return fig.locator("[data-claim]").first.get_attribute("data-claim").split()[0]


def _shows_provenance(site, page, lang, cid):
    pop = page.locator("#kb-pop")
    expect(pop).to_be_visible()
    rec = _record(site, lang, cid)
    expect(pop.locator(".kb-pop-statement")).to_have_text(rec["s"])
    expect(pop.locator(".kb-tier")).to_have_text(rec["tn"])
    expect(pop.locator(".kb-pop-status")).to_contain_text(rec["stn"])
    if "vn" in rec:
        expect(pop.locator(".kb-pop-verdict")).to_contain_text(rec["vn"])
    first = pop.locator(".kb-pop-source").first
    expect(first.locator("blockquote")).to_have_text(rec["c"][0]["q"])
    expect(first.locator("figcaption")).to_contain_text(rec["c"][0]["n"])
    if "tr" in rec["c"][0]:  # the contributors' translation, labelled as theirs, in the page's language
        tr = first.locator(".kb-pop-translation")
        expect(tr).to_contain_text(rec["c"][0]["tr"])
        labels = json.loads((site.root / "data" / f"provenance.{lang}.json").read_text(encoding="utf-8"))["_labels"]
        expect(tr.locator(".kb-words-label")).to_have_text(labels["translation"] + labels["colon"])
        assert tr.get_attribute("lang") == rec["c"][0]["trl"]
        assert first.locator("blockquote .kb-pop-translation").count() == 0
    expect(first.locator(".kb-pop-checked")).to_have_text(rec["c"][0]["ck"])
    link = pop.locator(".kb-pop-open a")
    assert link.evaluate("a => new URL(a.href).pathname") == "/" + site.url("claim", cid, lang)
    return pop


@pytest.mark.parametrize("lang", LANGS)
def test_hovering_a_figure_shows_its_provenance_loaded_once(site, visit, lang):
    page = visit(None)
    fetched = []
    page.on("request", lambda r: "provenance." in r.url and fetched.append(r.url))
    page.goto(page.watch.base + PREFIX[lang] + "benchmarks/")
    assert fetched == [], "provenance must load only when a reader reaches for a figure"
    figs = page.locator(FIGURE)
    fig = figs.nth(0)
    fig.hover()
    pop = _shows_provenance(site, page, lang, _claim_of(fig))
    page.mouse.move(5, 5)
    expect(pop).to_be_hidden()
    other = figs.nth(3)
    other.hover()
    _shows_provenance(site, page, lang, _claim_of(other))
    assert len(fetched) == 1 and fetched[0].endswith(f"/data/provenance.{lang}.json")


def test_keyboard_focus_opens_the_popover_and_escape_closes_it(site, visit):
    page = visit("benchmarks/")
    for _ in range(200):  # tab through the page until a figure link has the focus
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('article a.kb-fig')"):
            break
    else:
        pytest.fail("no figure link reached with the Tab key")
    cid = page.evaluate("document.activeElement.querySelector('[data-claim]').getAttribute('data-claim')")
    pop = _shows_provenance(site, page, "en", cid)
    assert page.evaluate("document.activeElement.getAttribute('aria-describedby')") == "kb-pop"
    page.keyboard.press("Escape")
    expect(pop).to_be_hidden()
    assert page.evaluate("document.activeElement.matches('article a.kb-fig')"), "Escape keeps the focus where it was"
    page.keyboard.press("Tab")  # on to the figure's badges: the popover stays closed
    expect(pop).to_be_hidden()
    page.keyboard.press("Shift+Tab")
    expect(pop).to_be_visible()
    page.keyboard.press("Enter")  # the figure link itself leads to the claim page
    page.wait_for_url(re.compile(re.escape(page.watch.base + site.url("claim", cid, "en")) + "$"))


def test_a_tap_opens_the_popover_a_tap_elsewhere_closes_it_and_its_link_leads_on(site, visit):
    page = visit("zh/benchmarks/", viewport=PHONE, touch=True)
    start = page.url
    fig = page.locator(FIGURE).first
    fig.scroll_into_view_if_needed()
    fig.tap()
    cid = _claim_of(fig)
    pop = _shows_provenance(site, page, "zh", cid)
    assert page.url == start, "the first tap shows the provenance instead of leaving the page"
    box = pop.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], "the popover fits the phone screen"
    page.locator("article h1").tap()
    expect(pop).to_be_hidden()
    fig.tap()
    expect(pop).to_be_visible()
    pop.locator(".kb-pop-open a").tap()
    page.wait_for_url(re.compile(re.escape(page.watch.base + site.url("claim", cid, "zh")) + "$"))


def test_chart_marks_show_their_provenance_on_hover_and_tap(site, visit):
    page = visit("benchmarks/")
    label = page.locator("#chart-benchmark-e2e-latency svg text[data-claim]").first
    label.hover()
    _shows_provenance(site, page, "en", label.get_attribute("data-claim").split()[0])
    phone = visit("zh/timeline/", viewport=PHONE, touch=True)
    mark = phone.locator("#chart-timeline svg text.kb-ct-date").first
    mark.scroll_into_view_if_needed()
    mark.tap()
    _shows_provenance(site, phone, "zh", mark.get_attribute("data-claim"))


def test_glossary_terms_explain_themselves_on_hover_and_focus(visit):
    page = visit("chip-and-system/")
    term = page.locator(".kb-term").first
    tip = term.locator(".kb-tip")
    expect(tip).to_be_hidden()
    term.locator("a").hover()
    expect(tip).to_be_visible()
    page.mouse.move(5, 5)
    expect(tip).to_be_hidden()
    term.locator("a").focus()
    expect(tip).to_be_visible()
    assert term.locator("a").get_attribute("aria-describedby") == tip.get_attribute("id")
    page.keyboard.press("Escape")
    expect(tip).to_be_hidden()


def test_pages_with_figures_carry_the_tier_legend(site, visit):
    page = visit("zh/claims/gptoss-peak-tpskw-jalapeno/")
    legend = page.locator("aside.kb-legend")
    expect(legend).to_be_visible()
    expect(legend.locator(".kb-tier")).to_have_count(len(site.kb.tiers))


# --- The popover fits the window -------------------------------------------------------------
# Phones (touch) and desktop windows, a short one among them.
WINDOWS = {
    "320x640": ({"width": 320, "height": 640}, True),
    "390x844": ({"width": 390, "height": 844}, True),
    "1366x900": ({"width": 1366, "height": 900}, False),
    "1366x600": ({"width": 1366, "height": 600}, False),
}

# In the page: put an element at an edge of the window (for the top, just below the sticky header,
# far enough for a finger's tap not to be taken for the header's), scrolling the page and any table
# it sits in.
SCROLL = """([el, edge]) => {
    const inline = edge === 'left' ? 'start' : edge === 'right' ? 'end' : 'nearest';
    el.scrollIntoView({block: edge === 'top' ? 'start' : edge === 'bottom' ? 'end' : 'center', inline});
    if (edge === 'top') window.scrollBy(0, -document.querySelector('.md-header').offsetHeight - 12);
}"""
# The same, reached scrolling down (Material's back-to-top button shows on the way up, and would
# cover what is at the top), then a point of the element that nothing covers, for the mouse or a finger.
PUT = f"""async ([el, edge]) => {{
    const settle = async () => {{ for (let i = 0; i < 3; i++) await new Promise(r => requestAnimationFrame(r)); }};
    ({SCROLL})([el, edge]);
    const y = window.scrollY;
    window.scrollTo(window.scrollX, y - 200);
    await settle();
    window.scrollTo(window.scrollX, y);
    await settle();
    const r = el.getBoundingClientRect();
    for (const fx of [.5, .25, .75, .1, .9]) for (const fy of [.5, .3, .7]) {{
        const x = r.left + r.width * fx, y = r.top + r.height * fy, hit = document.elementFromPoint(x, y);
        if (hit && (el === hit || el.contains(hit))) return {{x, y}};
    }}
    return null;
}}"""



# In the page: where the open popover is, and whether its link to the claim page can be seen and
# clicked (in the popover's visible part, in the window, and not covered by anything).
FITS = """([pop, anchor]) => {
    const doc = document.documentElement, w = doc.clientWidth, h = doc.clientHeight;
    const r = pop.getBoundingClientRect(), f = anchor.getBoundingClientRect();
    const link = pop.querySelector('.kb-pop-open a');
    const a = link.getBoundingClientRect(), hit = document.elementFromPoint(a.left + a.width / 2, a.top + a.height / 2);
    const problems = [];
    if (pop.hidden) problems.push('not shown');
    if (r.left < 0 || r.top < 0 || r.right > w || r.bottom > h)
        problems.push(`off the ${w}x${h} window: ${[r.left, r.top, r.right, r.bottom].map(Math.round)}`);
    if (!(a.top >= r.top && a.bottom <= r.bottom && a.left >= r.left && a.right <= r.right) || !link.contains(hit))
        problems.push('its link to the claim page is out of sight');
    if (r.bottom > f.top + 1 && r.top < f.bottom - 1) problems.push('it hides the figure');
    return problems;
}"""


def _edge_targets(page, edge):
    """The figures (and chart marks) to put at ``edge``: for left and right, the one that gets nearest to it."""
    figs = page.locator("article a.kb-fig:visible")
    marks = page.locator(".kb-chart-svg [data-claim]:visible")
    if edge in ("top", "bottom"):
        return [figs.first, figs.last, marks.first, marks.last]
    pick = "Math.min" if edge == "left" else "Math.max"
    side = "left" if edge == "left" else "right"
    out = []
    for loc in (figs, marks):
        best = loc.evaluate_all(f"""(els, edge) => {{
            const at = els.map(e => {{ e.scrollIntoView({{block: 'center', inline: edge === 'left' ? 'start' : 'end'}});
                                       return e.getBoundingClientRect().{side}; }});
            return at.indexOf({pick}(...at));
        }}""", edge)
        out.append(loc.nth(best))
    return out


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("window", WINDOWS)
def test_the_popover_opens_inside_the_window_wherever_its_figure_is(site, visit, window, lang):
    """On /benchmarks/: figures and chart marks put at each edge of the window, opened as a reader would
    (the mouse, or a finger); then every figure, tables' folded rows included, put at the window's bottom
    edge, its top edge or its middle (each place in turn, starting elsewhere in each window and language, so that
    across the windows every figure is put at every place), opened with the keyboard's focus."""
    viewport, touch = WINDOWS[window]
    page = visit(("" if lang == "en" else "zh/") + "benchmarks/", viewport=viewport, touch=touch)
    pop = page.locator("#kb-pop")
    edges = []
    for edge in ("top", "bottom", "left", "right"):
        for target in _edge_targets(page, edge):
            where = page.evaluate(PUT, [target.element_handle(), edge])
            assert where, f"{window}: nothing of the figure to put at the {edge} can be seen"
            if touch:
                page.touchscreen.tap(where["x"], where["y"])
            else:
                page.mouse.move(where["x"], where["y"])
            expect(pop).to_be_visible()
            own = target.get_attribute("data-claim")  # a chart mark carries its claim, a figure link holds it
            expect(pop.locator(".kb-pop-statement")).to_have_text(_record(site, lang, own.split()[0] if own else _claim_of(target))["s"])
            problems = page.evaluate(FITS, [pop.element_handle(), target.element_handle()])
            assert problems == [], f"{window} {edge}: {problems}"
            edges.append(edge)
            if touch:
                pop.locator(".kb-pop-close").tap()
            else:
                page.mouse.move(1, viewport["height"] - 1)
            expect(pop).to_be_hidden()
    assert len(edges) == 12

    page.evaluate("document.querySelectorAll('article details').forEach(d => { d.open = true; })")
    page.keyboard.press("Shift")  # on a phone too, the reader now uses a keyboard: its focus opens the popover
    total = page.locator("article a.kb-fig").count()
    shift = list(WINDOWS).index(window) + LANGS.index(lang)  # each window and language puts a figure elsewhere
    found = page.evaluate(f"""() => {{
        const put = {SCROLL}, fits = {FITS};
        const pop = document.getElementById('kb-pop'), out = {{checked: 0, problems: [], at: {{}}}};
        // each figure at one of the three places in turn, so that every place holds a third of the figures
        const edges = ['bottom', 'top', 'middle'];
        document.querySelectorAll('article a.kb-fig').forEach((fig, i) => {{
                const edge = edges[(i + {shift}) % 3];
                document.activeElement.blur();
                put([fig, edge]);
                fig.focus({{preventScroll: true}});
                const claim = fig.querySelector('[data-claim]').getAttribute('data-claim').split(' ')[0];
                fits([pop, fig]).forEach(p => out.problems.push(`figure ${{i}} (${{claim}}) at the ${{edge}}: ${{p}}`));
                out.checked += 1;
                out.at[edge] = (out.at[edge] || 0) + 1;
            }});
        return out;
    }}""")
    assert found["problems"] == [], f"{window}:\n" + "\n".join(found["problems"][:20])
    assert total > 100 and found["checked"] == total, (total, found["checked"])
    assert min(found["at"].values()) >= total // 3 and len(found["at"]) == 3, found["at"]


def test_the_close_button_closes_the_popover_and_gives_the_focus_back(site, visit):
    page = visit("zh/benchmarks/", viewport=PHONE, touch=True)
    start = page.url
    fig = page.locator(FIGURE).first
    fig.scroll_into_view_if_needed()
    fig.tap()
    pop = _shows_provenance(site, page, "zh", _claim_of(fig))
    close = pop.locator(".kb-pop-close")
    expect(close).to_have_accessible_name("关闭")
    close.tap()
    expect(pop).to_be_hidden()
    assert page.url == start
    desk = visit("benchmarks/")
    fig = desk.locator(FIGURE).nth(2)
    fig.hover()
    pop = _shows_provenance(site, desk, "en", _claim_of(fig))
    pop.locator(".kb-pop-close").focus()
    desk.keyboard.press("Escape")
    expect(pop).to_be_hidden()
    assert fig.evaluate("a => document.activeElement === a"), "Escape in the popover gives the focus back to its figure"
    desk.wait_for_timeout(300)  # longer than the hover delay: the figure's focus does not open it again
    expect(pop).to_be_hidden()
