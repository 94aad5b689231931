"""Every figure on every built page, in both languages, is the fact base's (see tests/integrity).

Every page is read once, in the sweep (tests/site_fixture.py); a figure that differs is
reported with its page, as ``zh/claims/gptoss-e2e-jalapeno/ · gptoss-e2e-jalapeno:
shown 1.04, data 1.03``.  The expected text is recomputed here from the
documented rule (tests/integrity/numbers.py), not taken from the renderer.
"""
from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from integrity import checks
from integrity import numbers as num
from integrity.expected import all_pages, case_id
from integrity.known import judge
from site_fixture import site  # noqa: F401  (fixture)

def test_every_figure_on_every_page_matches_the_data(site):
    """Every page's figures, read in the sweep (site_fixture): one line per figure that differs, across the site."""
    swept = site.sweep["integrity"]
    missing = [f"{case_id(u)} · the page was not built" for u in all_pages(site.docs, site.facts) if u not in swept]
    assert missing == [], "\n".join(missing)
    judge("figures", [p for found in swept.values() for p in found.figures])
    assert sum(len(found.page.figures) for found in swept.values()) > 2 * len(site.facts.claims)


# --- the rule itself, on the examples the documentation gives -------------------------------------------

@pytest.mark.parametrize("value,lang,shown,canonical", [
    (85448, "en", "85,448", "85448"),
    (85448, "zh", "85,448", "85448"),
    (Decimal("1.80"), "en", "1.80", "1.80"),
    (Decimal("0.69"), "zh", "0.69", "0.69"),
    ([Decimal("1.5"), Decimal("1.9")], "en", "1.5–1.9", "1.5..1.9"),
    ([Decimal("1.5"), Decimal("1.9")], "zh", "1.5～1.9", "1.5..1.9"),
    ([18, 24], "zh", "18～24", "18..24"),
])
def test_numbers_follow_the_documented_rule(value, lang, shown, canonical):
    assert num.shown(value, lang) == shown
    assert num.canonical(value) == canonical


@pytest.mark.parametrize("text,lang,shown", [
    ("2026-08-25", "en", "25 August 2026"), ("2026-08-25", "zh", "2026年8月25日"),
    ("2025-11", "en", "November 2025"), ("2025-11", "zh", "2025年11月"),
    ("2026", "en", "2026"), ("2026", "zh", "2026年"),
])
def test_dates_follow_the_documented_rule(text, lang, shown):
    assert num.date(text, lang) == shown


def test_computed_intervals_round_outward_to_three_significant_figures():
    # 1.80 / 1.03 with both ends' rounding: [1.795/1.035, 1.805/1.025] = [1.7343.., 1.7609..]
    span = num.combine("ratio", [num.rounding_span(Decimal("1.80")), num.rounding_span(Decimal("1.03"))])
    assert num.computed_canonical(span) == "1.73..1.77"
    assert num.computed_shown(span, "zh") == "1.73～1.77"
    assert num.computed_canonical(num.Span(Fraction(-4352, 100), Fraction(-4211, 100))) == "-43.6..-42.1"
    assert num.computed_canonical(num.Span(Fraction(9995, 10), Fraction(9996, 10))) == "999..1000"


def test_counts_and_record_fields_are_checked_against_the_data(site):
    """A count of records and a claim's token length are recomputed from the YAML: a wrong one is reported."""
    import copy

    about = site.corpus.page("zh/about/")
    claim = next(p for p in (site.corpus.page(u) for u in site.corpus.urls if checks.own_claim(u)) if p.fields)
    assert about.counts and not [p for p in checks.figure_problems(about, site.facts) if "count" in p]
    wrong = copy.copy(about)
    what, value, text = about.counts[0]
    wrong.counts = [(what, str(int(value) + 1), text), (what, value, text + "0"), ("total:nothing", "1", "1")]
    said = checks.figure_problems(wrong, site.facts)
    assert [p for p in said if f"count {what}: value" in p] and [p for p in said if f"count {what}: shown" in p]
    assert [p for p in said if "total:nothing" in p]
    wrong = copy.copy(claim)
    cid, field, value, text = claim.fields[0]
    wrong.fields = [(cid, field, str(int(value) + 1), text), (cid, "conditions.nothing", "1", "1")]
    said = checks.figure_problems(wrong, site.facts)
    assert [p for p in said if f"{cid} {field}: value" in p] and [p for p in said if "conditions.nothing" in p]
