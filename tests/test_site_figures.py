"""Figures on built pages keep the markup contract: a <data>/<time> inside a link to its claim, with badges.

(The full figure-integrity suite recomputes every displayed text; these tests
check the contract's shape across every page.)
"""
from __future__ import annotations

from site_fixture import LANGS, site  # noqa: F401  (fixture)

from render import format as fmt


def _figures(site):
    for url in site.html_pages():
        # a field of a claim's record (data-field: a condition's token length) is not the claim's figure;
        # the integrity suite checks it against that field
        for el in site.soup(url).select("article data[data-claim]:not([data-field]), article time[data-claim]"):
            yield url, el


def test_every_figure_sits_in_a_link_to_its_claim_page(site):
    bad, seen = [], 0
    for url, el in _figures(site):
        cid = el["data-claim"]
        link = el.find_parent("a")
        lang = "zh" if url.startswith("zh/") else "en"
        if link is None or site.resolve(url, link["href"]) != site.url("claim", cid, lang):
            bad.append(f"{url} · {cid}")
        seen += 1
    assert seen > 200
    assert bad == []


def test_stated_values_match_the_data(site):
    kb, bad, seen = site.kb, [], 0
    for url, el in _figures(site):
        cid = el["data-claim"]
        assert cid in kb.claims, f"{url}: unknown claim {cid}"
        if el.name != "data" or el.has_attr("data-computed"):
            continue
        expected = fmt.canonical(kb.claims[cid].value)
        if el["value"] != expected:
            bad.append(f"{url} · {cid}: {el['value']} shown, {expected} in data")
        seen += 1
    assert seen > 100
    assert bad == []


def test_dates_are_time_elements_with_the_stated_precision(site):
    kb, seen = site.kb, 0
    for url, el in _figures(site):
        if el.name != "time":
            continue
        value = kb.claims[el["data-claim"]].value
        stated = value if isinstance(value, list) else [value]
        assert el["datetime"] in stated, url
        lang = "zh" if url.startswith("zh/") else "en"
        assert el.get_text() == fmt.date(el["datetime"], lang)
        seen += 1
    assert seen > 0


def test_computed_figures_are_marked_and_only_for_derived_claims(site):
    kb, seen = site.kb, 0
    for url, el in _figures(site):
        if el.has_attr("data-computed"):
            assert kb.claims[el["data-claim"]].derivation is not None, url
            seen += 1
    assert seen > 0


def test_figures_outside_badges_carry_tier_badges(site):
    kb, seen = site.kb, 0
    for url, el in _figures(site):
        box = el.find_parent("span", class_="kb-figure")
        if box is None:
            continue  # computed intervals in a derivation's details
        tier = box.select_one(".kb-badges [data-tier]")
        assert tier is not None and tier["data-tier"] == kb.claims[el["data-claim"]].tier, url
        seen += 1
    assert seen > 100


def test_english_and_chinese_numbers_follow_the_documented_rule():
    from decimal import Decimal
    assert fmt.number(85448, "en") == "85,448" and fmt.number(85448, "zh") == "85,448"
    assert fmt.number(Decimal("1.80"), "en") == "1.80" and fmt.canonical(Decimal("1.80")) == "1.80"
    assert fmt.date("2026-08-25", "en") == "25 August 2026" and fmt.date("2026-08-25", "zh") == "2026年8月25日"
    assert fmt.date("2025-11", "en") == "November 2025" and fmt.date("2025-11", "zh") == "2025年11月"
