"""A claim page printed: its address, data version and licence on the paper; its citations in full; no
navigation, header, search or hover hint.  Checked in Chromium with print media emulated, and printed to PDF
(test-output/print/), and with `make screenshots` a picture in print media (test-output/screenshots/), for a person to
look at."""
from __future__ import annotations

import pytest

from browser_fixture import OUTPUT, browser, keep, served, visit  # noqa: F401  (fixtures)
from integrity.langs import LANGS, PREFIX
from site_fixture import ROOT, site  # noqa: F401  (fixture)

CLAIM = "claims/gptoss-peak-tpskw-jalapeno/"  # a claim with figures, two citations, derived claims and a legend
A4 = {"width": 794, "height": 1123}


def full_address(url: str) -> str:
    """A page's address on the site at mkdocs.yml's site_url (SITE_URL when set); a path from the root without."""
    from mkdocs.config import load_config

    base = load_config(str(ROOT / "mkdocs.yml")).site_url
    return (base.rstrip("/") if base else "") + "/" + url


@pytest.mark.parametrize("lang", LANGS)
def test_a_printed_claim_page_carries_its_address_version_and_licence_and_no_chrome(visit, lang):
    path = PREFIX[lang] + CLAIM
    page = visit(path, viewport=A4)
    hint, line = page.locator(".kb-legend-hint"), page.locator("article .kb-print")
    chrome = [".md-header", ".md-sidebar--primary", ".md-footer", ".md-header a[href$='search/']"]
    # on screen: the hint and the chrome are there, the print line is not
    assert hint.count() == 1 and hint.is_visible()
    assert all(page.locator(c).first.is_visible() for c in chrome)
    assert line.count() == 1 and not line.is_visible()
    # a popover left open when the reader prints
    page.locator("article h1 a.kb-fig").first.hover()
    page.locator("#kb-pop").wait_for(state="visible")

    page.emulate_media(media="print")
    assert line.is_visible()
    text = " ".join(line.inner_text().split())
    assert full_address(path) in text
    commit = page.locator("footer .kb-version").get_attribute("data-commit")
    short = page.locator("article .kb-print .kb-version code").inner_text()
    assert len(short) >= 7 and commit.startswith(short), (short, commit)
    assert "CC BY 4.0" in text and ("quotes" in text if lang == "en" else "引文除外" in text)
    assert not hint.is_visible()
    assert not page.locator("#kb-pop").is_visible()
    assert not [c for c in chrome if page.locator(c).first.is_visible()]
    # the citations in full: the BibTeX and CSL-JSON folded on screen are shown
    formats = page.locator("article details.kb-cite-format pre")
    assert formats.count() == 2 and all(formats.nth(i).is_visible() for i in range(2))

    page.emulate_media(media="screen")
    assert not formats.first.is_visible() and not line.is_visible()


def test_the_print_dialog_opens_every_folded_part_and_closes_it_again(visit):
    page = visit(CLAIM, viewport=A4)
    closed = page.locator("details:not([open])")
    n = closed.count()
    assert n >= 2
    page.evaluate("window.dispatchEvent(new Event('beforeprint'))")
    assert closed.count() == 0
    page.evaluate("window.dispatchEvent(new Event('afterprint'))")
    assert closed.count() == n


def test_a_claim_page_prints_to_pdf(visit):
    """What a person looks at: the PDF Chromium prints, and a screenshot of the page in print media."""
    (OUTPUT / "print").mkdir(parents=True, exist_ok=True)
    for lang in LANGS:
        page = visit(PREFIX[lang] + CLAIM, viewport=A4)
        page.evaluate("document.fonts.ready")
        pdf = page.pdf(path=str(OUTPUT / "print" / f"{lang}-claim.pdf"), format="A4")
        assert pdf.startswith(b"%PDF") and pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages") >= 2
        page.emulate_media(media="print")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= A4["width"], f"{lang}: the printed page is wider than the paper ({width}px)"
        keep(page, f"{lang}-claim-print", full_page=True)
