"""Figures on built pages keep the markup contract: a <data>/<time> inside a link to its claim, with one mark.

(The full figure-integrity suite recomputes every displayed text; these tests
check the contract's shape across every page.)
"""
from __future__ import annotations

from integrity import langs
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
        lang = langs.lang_of(url)
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
        lang = langs.lang_of(url)
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


def _expected_mark(kb, cid: str) -> str:
    """What a figure's one mark must show, read from the records: a withdrawn figure, a derivation that
    fails, a dispute, an uncertain attribution, else the tier."""
    c = kb.claims[cid]
    if c.status in ("superseded", "retracted"):
        return "status"
    check = kb.checks.get(cid)
    if c.derivation is not None and check is not None and check.verdict == "inconsistent":
        return "inconsistent"
    if c.status == "contested" or kb.conflicts_by_claim.get(cid):
        return "disputed"
    if c.attribution == "uncertain":
        return "uncertain"
    return "tier"


def test_every_figure_carries_exactly_one_mark_that_names_its_tier(site):
    kb, bad, kinds = site.kb, [], {}
    for url, el in _figures(site):
        box = el.find_parent("span", class_="kb-figure")
        if box is None:
            continue  # computed intervals in a derivation's details
        cid = el["data-claim"]
        marks = box.select(".kb-marker")
        if len(marks) != 1:
            bad.append(f"{url} · {cid}: {len(marks)} marks")
            continue
        mark, c = marks[0], kb.claims[cid]
        lang = langs.lang_of(url)
        shown, expected = mark.get("data-mark"), _expected_mark(kb, cid)
        if mark.get("data-tier") != c.tier or langs.text(kb.tiers[c.tier].name.model_dump(), lang) not in mark.get_text():
            bad.append(f"{url} · {cid}: the mark does not name the tier {c.tier}")
        if shown != expected and not (shown == "said" and expected == "tier"):
            bad.append(f"{url} · {cid}: the mark shows {shown}, the data calls for {expected}")
        kinds[shown] = kinds.get(shown, 0) + 1
    assert bad == [], "\n".join(bad[:40])
    assert kinds.get("tier", 0) > 100 and kinds.get("said", 0) > 10, kinds
    assert kinds.get("disputed", 0) > 0 and kinds.get("inconsistent", 0) > 0 and kinds.get("uncertain", 0) > 0, kinds


def test_a_table_that_names_its_tier_once_holds_figures_of_that_tier_only(site):
    seen = 0
    for url in site.html_pages():
        for said in site.soup(url).select("article .kb-tier-said"):
            holder = said.find_parent(["table", "figure"])
            assert holder is not None, f"{url}: a tier named once outside a table or chart"
            tier = said.select_one(".kb-marker")["data-tier"]
            figures = holder.select(".kb-figure .kb-marker")
            assert figures, url
            assert {m["data-tier"] for m in figures} == {tier}, url
            seen += 1
    assert seen > 10


def test_running_text_carries_no_worded_badges(site):
    seen = 0
    for url in [p + u for p in langs.PREFIX.values() for u in ("benchmarks/", "")]:
        soup = site.soup(url)
        figures = soup.select("article .kb-figure")
        worded = [b for b in soup.select("article .kb-badge") if not b.find_parent(class_="kb-legend")]
        assert figures and worded == [], f"{url}: {len(worded)} worded badges beside {len(figures)} figures"
        seen += len(figures)
    assert seen > 100


def test_english_and_chinese_numbers_follow_the_documented_rule():
    from decimal import Decimal
    assert fmt.number(85448, "en") == "85,448" and fmt.number(85448, "zh") == "85,448"
    assert fmt.number(Decimal("1.80"), "en") == "1.80" and fmt.canonical(Decimal("1.80")) == "1.80"
    assert fmt.date("2026-08-25", "en") == "25 August 2026" and fmt.date("2026-08-25", "zh") == "2026年8月25日"
    assert fmt.date("2025-11", "en") == "November 2025" and fmt.date("2025-11", "zh") == "2025年11月"
