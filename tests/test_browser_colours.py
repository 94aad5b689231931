"""Light and dark: the reader's system setting picks Material's scheme, a toggle switches it, and every
colour of the site's own (docs/assets/kb.css) meets WCAG AA in both.

The contrast is measured in the browser, on what the reader sees: each element's computed colour
(an SVG mark's fill or stroke) over the background it is drawn on, every translucent layer under
it composited, against WCAG 2's thresholds: 4.5:1 for text, 3:1 for a chart's marks and lines.
axe-core (tests/test_browser_site.py) checks HTML text in both schemes too; it leaves SVG out.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser_fixture import PHONE, SCHEMES, browser, served, visit  # noqa: F401  (fixtures)
from integrity.langs import LANGS, PREFIX
from site_fixture import site  # noqa: F401  (fixture)

# Every page has the header's toggle: a short one, in every language, for the tests of the toggle itself
TOGGLE_PAGE = "claims/gptoss-peak-tpskw-jalapeno/"
TOGGLE = {"en": {"default": "Switch to dark mode", "slate": "Switch to light mode"},
          "zh": {"default": "切换到深色模式", "slate": "切换到浅色模式"},
          "zh-hant": {"default": "切換到深色模式", "slate": "切換到淺色模式"}}

# What must be legible (text, 4.5:1) and what must be seen (marks and lines, 3:1), by kind.
TEXT = {
    "figure": "article a.kb-fig, article a.kb-fig data, article .kb-unit, article .kb-approx",
    "badge": "article .kb-badge",
    "link": "article a:not(.headerlink)",
    "banner": "article .kb-banner",
    "grey text": "article .kb-kind, article .kb-note, article .kb-record, article .kb-format, article .kb-chart-note, "
                 "article .kb-legend-hint, article .kb-timeline .kb-metric",
    "legend": "article .kb-legend p, article .kb-legend a",
    "chart text": ".kb-chart-svg text",
    "popover": "#kb-pop p, #kb-pop span, #kb-pop blockquote, #kb-pop figcaption, #kb-pop a, #kb-pop button",
    "tooltip": ".kb-tip",
}
MARKS = {"chart mark": ".kb-chart-svg .kb-mark", "chart line": ".kb-chart-svg .kb-axis, .kb-chart-svg .kb-leader"}
# A figure's mark is an HTML shape drawn in its own colour (its border and fill are currentColor).
SHAPES = {"figure mark": 'article .kb-marker:not([data-mark="said"])'}

MEASURE = """([groups, least]) => {
    const parse = s => {
        const m = /^rgba?\\(([^)]*)\\)$/.exec(s.trim());
        if (!m) return null;
        const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
        return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
    };
    const over = (f, b) => [0, 1, 2].map(i => f[i] * f[3] + b[i] * (1 - f[3])).concat([1]);
    const lum = c => c.slice(0, 3).map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
                      .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
    const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + .05) / (Math.min(x, y) + .05); };
    const background = el => {
        const layers = [];
        for (let e = el; e; e = e.parentElement) {
            const c = parse(getComputedStyle(e).backgroundColor);
            if (c && c[3] > 0) layers.push(c);
            if (c && c[3] === 1) break;
        }
        return layers.reverse().reduce((bg, layer) => over(layer, bg), [255, 255, 255, 1]);
    };
    const seen = el => el.getClientRects().length > 0 && getComputedStyle(el).visibility === 'visible';
    const out = {counts: {}, problems: [], unparsed: []};
    for (const [kind, [selector, mark]] of Object.entries(groups)) {
        out.counts[kind] = 0;
        for (const el of document.querySelectorAll(selector)) {
            if (!seen(el) || (!mark && !el.textContent.trim())) continue;
            const style = getComputedStyle(el), shape = mark === 'shape';
            const bg = background(shape ? el.parentElement : el);
            let raw = shape ? style.color
                : el instanceof SVGElement && !mark ? style.fill : mark ? style.fill : style.color;
            let fg = parse(raw);
            if (mark === true && (!fg || fg[3] === 0 || ratio(over(fg, bg), bg) < 1.01)) { raw = style.stroke; fg = parse(raw); }
            if (!fg) { out.unparsed.push(`${kind}: ${raw}`); continue; }
            const r = ratio(over(fg, bg), bg), need = least[mark ? 'mark' : 'text'];
            out.counts[kind] += 1;
            if (r < need) out.problems.push(`${kind} ${r.toFixed(2)}:1 < ${need}: <${el.tagName.toLowerCase()} class="${el.getAttribute('class') || ''}"> `
                + `${(el.textContent || '').trim().slice(0, 40)} (${raw} on rgb(${bg.slice(0, 3).map(Math.round)}))`);
        }
    }
    return out;
}"""
LEAST = {"text": 4.5, "mark": 3}


def _measure(page, kinds):
    groups = ({k: [TEXT[k], False] for k in kinds if k in TEXT} | {k: [MARKS[k], True] for k in kinds if k in MARKS}
              | {k: [SHAPES[k], "shape"] for k in kinds if k in SHAPES})
    return page.evaluate(MEASURE, [groups, LEAST])


@pytest.mark.parametrize("lang", LANGS)
def test_the_system_setting_picks_the_scheme_and_the_toggle_switches_it(visit, lang):
    prefix = PREFIX[lang]
    for system, scheme in SCHEMES.items():
        page = visit(prefix + TOGGLE_PAGE, scheme=system, viewport=PHONE)
        body = page.locator("body")
        assert body.get_attribute("data-md-color-scheme") == scheme, f"a {system} system gets the {scheme} scheme"
        toggle = page.locator(f'form[data-md-component="palette"] label[title="{TOGGLE[lang][scheme]}"]')
        expect(toggle).to_be_visible()
        toggle.click()
        other = "slate" if scheme == "default" else "default"
        expect(body).to_have_attribute("data-md-color-scheme", other)
        expect(page.locator(f'form[data-md-component="palette"] label[title="{TOGGLE[lang][other]}"]')).to_be_visible()
        # the reader's choice holds on the next page, in the other language too
        page.goto(page.watch.base + ("zh/" if lang == "en" else "") + TOGGLE_PAGE)  # from Chinese, to English
        assert page.locator("body").get_attribute("data-md-color-scheme") == other


def test_the_scheme_is_set_before_the_page_is_drawn(visit):
    """A reader on a dark system never sees the page light first: the scheme is on <body> as the header is parsed."""
    page = visit(None, scheme="dark")
    page.add_init_script("""new MutationObserver((_, obs) => {
        const main = document.querySelector('main');
        if (main && !window.kbAtMain) { window.kbAtMain = document.body.getAttribute('data-md-color-scheme'); obs.disconnect(); }
    }).observe(document, {childList: true, subtree: true});""")
    page.goto(page.watch.base + "benchmarks/")
    assert page.evaluate("window.kbAtMain") == "slate", "the page's content starts in the dark scheme"


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_sites_own_colours_meet_wcag_aa(visit, scheme):
    counts: dict[str, int] = {}
    problems: list[str] = []

    def take(found, where):
        assert found["unparsed"] == [], found["unparsed"]
        problems.extend(f"{where}: {p}" for p in found["problems"])
        for k, n in found["counts"].items():
            counts[k] = counts.get(k, 0) + n

    for path in ("benchmarks/", "zh/benchmarks/", "zh-hant/benchmarks/", "timeline/", "claims/design-to-tapeout-months/", "disputes/"):
        page = visit(path, scheme=scheme)
        assert page.locator("body").get_attribute("data-md-color-scheme") == SCHEMES[scheme]
        page.evaluate("document.querySelectorAll('article details').forEach(d => { d.open = true; })")
        take(_measure(page, [*TEXT, *MARKS, *SHAPES]), path)
        if path.endswith("benchmarks/"):
            # a disputed figure's popover, and a glossary term's tooltip
            fig = page.locator("article .kb-figure:has(.kb-marker[data-disputed]) a.kb-fig").first
            fig.hover()
            expect(page.locator("#kb-pop .kb-pop-disputed")).to_be_visible()
            take(_measure(page, ["popover"]), path + " (popover)")
            page.mouse.move(1, 1)
            expect(page.locator("#kb-pop")).to_be_hidden()
            term = page.locator("article .kb-term").first
            term.locator("a").focus()
            expect(term.locator(".kb-tip")).to_be_visible()
            take(_measure(page, ["tooltip"]), path + " (tooltip)")
    assert problems == [], f"{scheme}:\n" + "\n".join(problems[:40])
    least = {"figure": 300, "badge": 40, "figure mark": 100, "link": 300, "banner": 1, "grey text": 10, "legend": 20, "chart text": 150,
             "popover": 8, "tooltip": 2, "chart mark": 150, "chart line": 3}
    short = {k: (counts.get(k, 0), n) for k, n in least.items() if counts.get(k, 0) < n}
    assert short == {}, f"fewer elements measured than expected (measured, expected): {short}"
