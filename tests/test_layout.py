"""No page can be wider than a 320 px phone: the first of two layers, over every page, without a browser.

tests/integrity/layout.py reads each page's HTML with a model of the stylesheets and finds anything that
cannot be made narrower than the column: a run of text that does not wrap, a word in a box sized to its
content, a table that does not scroll inside its own box, a fixed width.  It must find none on any page of
any language.  The second layer (tests/test_browser_layout.py) opens the pages this analysis finds at each
template's extremes in Chromium, at 320, 360, 390 and 414 px, and holds the model to the browser there.

The analysis is proved on small pages here, one fault of each kind planted in otherwise good markup; the pair
of layers is proved on the built site in tests/test_browser_layout.py.
"""
from __future__ import annotations

import pytest

from integrity.expected import all_pages
from integrity.layout import NARROWEST, analyse, runs, text_em
from layout_fixture import layouts
from site_fixture import site  # noqa: F401  (fixture)

LONG = "Jalapeño" * 6  # 48 letters, no place to break: some 390 px of body text, wider than a phone


def _page(body: str) -> str:
    return f'<html><body><article class="md-content__inner md-typeset">{body}</article></body></html>'


def test_the_analysis_measures_with_the_sites_own_face():
    assert text_em("iiii") < text_em("MMMM") < text_em("芯片芯片")  # the face's own advances; CJK at one em each
    assert text_em("Jalapeño", bold=True) > text_em("Jalapeño")
    assert runs("Jalapeño 是 OpenAI 的芯片") == ["Jalapeño", "是", "OpenAI", "的", "芯", "片"]
    assert NARROWEST < text_em(LONG) * 16 < 1.5 * NARROWEST


@pytest.mark.parametrize("body, fault", [
    (f'<p><span class="kb-figure"><a class="kb-fig" href="#"><data value="1">1</data></a>'
     f'<span class="kb-badges"><span class="kb-badge">{LONG}</span></span></span></p>', "does not wrap"),
    (f'<table class="kb-chart-table"><tr><td>{LONG[:24]}</td><td>{LONG[:24]}</td></tr></table>',
     "table that does not scroll"),
    (f'<table class="kb-chart-table"><tr><td><span class="kb-figure"><a class="kb-fig" href="#">'
     f'<data value="1">{"1" * 40}</data></a></span></td></tr></table>', "table that does not scroll"),
    ('<div style="width: 400px">wide</div>', "fixed width of 400px"),
    ('<p><img src="x.png" width="600" alt=""></p>', "is 600px wide"),
])
def test_a_fault_of_each_kind_is_found(body, fault):
    found = analyse(_page(body), "planted/", "claim").faults
    assert any(fault in f for f in found), found


@pytest.mark.parametrize("body", [
    f"<p>{LONG} wraps in a paragraph, which breaks a word that would overflow</p>",
    f'<table><tr><td>{LONG}</td><td>{LONG}</td><td>{LONG}</td></tr></table>',  # Material's tables scroll
    f'<pre><code>{LONG * 3}</code></pre>',
    f'<p><a href="#">{LONG * 2}</a></p>',
    f'<table class="kb-chart-table"><tr><td><a href="#">{LONG}</a></td></tr></table>',  # a link breaks anywhere
    '<p><svg class="kb-chart-svg" width="400" viewBox="0 0 400 100"></svg></p>',
    f'<p><span class="kb-sr">{LONG * 3}</span></p>',
])
def test_what_wraps_scrolls_or_is_hidden_is_not_a_fault(body):
    assert analyse(_page(body), "fine/", "claim").faults == []


def test_no_page_holds_anything_a_phone_column_cannot(site):
    found = layouts(site)
    faults = [fault for f in found for fault in f.faults]
    assert faults == [], f"{len(faults)} faults at {NARROWEST}px:\n" + "\n".join(faults[:40])
    expected = set(all_pages(site.docs, site.facts))
    assert {f.url for f in found} >= expected and len(expected) > 1000, "the sweep missed pages"
    assert sum(f.elements for f in found) > 100 * len(expected), "the analysis read too few elements"
