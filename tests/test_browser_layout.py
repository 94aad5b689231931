"""No page is wider than a phone, whatever fonts the machine has.

Every page of the types whose content can run wide (claims, sources, conflicts), every written
page and index, and pages of every other generated type are opened in Chromium at 320 px and
widened to 360, 390 and 414 px; at each width the document must be no wider than the screen.
A table may scroll inside its own box, a page never sideways.

The layout must not depend on the fonts a machine happens to have: the Latin text face is the
site's own (docs/assets/fonts, from the @fontsource-variable packages pinned in package.json),
and a test checks that the browser uses it, loaded from the site itself.
"""
from __future__ import annotations

import pytest

from browser_fixture import browser, served, visit  # noqa: F401  (fixtures)
from integrity.expected import written_pages
from integrity.langs import LANGS, PREFIX
from site_fixture import site  # noqa: F401  (fixture)

WIDTHS = (320, 360, 390, 414)
SWEPT = ("claims", "sources", "conflicts")  # every page of these kinds
SAMPLED = {"entities": 12, "tiers": 99}  # at most this many pages of these kinds, per language
LANES = 3  # pages loading side by side, so the browser's processes work while this one measures


def _pages(site, lang: str) -> list[str]:
    prefix = PREFIX[lang]
    urls = [prefix + p for p in written_pages(site.docs)]
    for kind in SWEPT:
        urls += [f"{prefix}{kind}/{i}/" for i in site.facts.record_ids[kind]]
    for kind, n in SAMPLED.items():
        urls += [f"{prefix}{kind}/{i}/" for i in list(site.facts.record_ids[kind])[:n]]
    return list(dict.fromkeys(urls))


def _widths(page) -> list[int]:
    out = []
    for w in WIDTHS:
        page.set_viewport_size({"width": w, "height": 640})
        out.append(page.evaluate("document.documentElement.scrollWidth"))
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_no_page_is_wider_than_the_screen_at_phone_widths(visit, site, lang):
    urls = _pages(site, lang)
    lanes = [visit(None, viewport={"width": WIDTHS[0], "height": 640}, touch=True) for _ in range(LANES)]
    too_wide, seen = [], 0
    for start in range(0, len(urls), LANES):
        batch = list(zip(lanes, urls[start:start + LANES]))
        for page, url in batch:
            page.set_viewport_size({"width": WIDTHS[0], "height": 640})
            page.goto(page.watch.base + url, wait_until="commit")
        for page, url in batch:
            page.wait_for_load_state("load")
            page.evaluate("document.fonts.ready")
            for w, got in zip(WIDTHS, _widths(page)):
                if got > w:
                    too_wide.append(f"/{url} is {got}px wide at {w}px")
            seen += 1
    assert too_wide == [], f"{len(too_wide)} of {seen * len(WIDTHS)} page widths too wide:\n" + "\n".join(too_wide)
    floor = sum(len(site.facts.record_ids[k]) for k in SWEPT)
    assert seen == len(urls) and seen > floor, f"saw {seen} pages, expected more than {floor}"


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
