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
    link = pop.locator(".kb-pop-open a")
    assert link.evaluate("a => new URL(a.href).pathname") == "/" + site.url("claim", cid, lang)
    return pop


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_hovering_a_figure_shows_its_provenance_loaded_once(site, visit, lang):
    page = visit(None)
    fetched = []
    page.on("request", lambda r: "provenance." in r.url and fetched.append(r.url))
    page.goto(page.watch.base + ("" if lang == "en" else "zh/") + "benchmarks/")
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
