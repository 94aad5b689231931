"""kb.query on the small fact base of conftest: each answer renderers build pages on, asked of records made to
give a known one."""
from __future__ import annotations

import pytest

from conftest import MINIMAL, TODAY, write_data
from kb import query
from kb.base import KnowledgeBase

CLAIM = """\
{id}:
  subject: {subject}
  metric: {metric}
  value: {value}
  statement: {{en: "It is {{value}}.", zh: "为 {{value}}。"}}
  scope: {{en: The whole system., zh: 整套系统。}}
  conditions: {{baseline: gpu, model: chip}}
  citations:
    - source: article
      quote: "数值 {written}"
      translation: {{en: "the figure {written}"}}
  tier: {tier}
"""
# the snapshot quoted writes every figure the claims below state
SNAPSHOT = MINIMAL["snapshots/article.txt"] + "".join(
    f"数值 {v}。\n" for v in ("1.80", "2.5", "900", "800", "2026年3月", "2025年", "2025年6月1日至2026年")) + "低 3.4 倍。\n"


def claim(cid, subject="gpu", metric="latency", value="1.80", tier="vendor-self-report", extra="", written=None):
    written = written or value
    return CLAIM.format(id=cid, subject=subject, metric=metric, value=value, written=written, tier=tier) + extra


def open_kb(tmp_path, files=None, edit=None):
    files = {"snapshots/article.txt": SNAPSHOT, **(files or {})}
    for rel, (old, new) in (edit or {}).items():
        text = files.get(rel, MINIMAL[rel])
        assert old in text, f"test edit does not apply: {old!r} not in {rel}"
        files[rel] = text.replace(old, new, 1)
    return KnowledgeBase.open(write_data(tmp_path, files), on=TODAY)


@pytest.fixture
def kb(tmp_path):
    return open_kb(tmp_path)


# --- standing ---------------------------------------------------------------------------------------

def test_a_withdrawn_claim_is_not_active_and_its_mark_says_how(tmp_path):
    old = claim("gpu-latency-old", extra="  status: superseded\n  status_reason: {en: Restated., zh: 已更正。}\n"
                                          "  successor: gpu-latency\n")
    kb = open_kb(tmp_path, {"claims/old.yml": old})
    assert query.is_active(kb, "gpu-latency") and not query.is_active(kb, "gpu-latency-old")
    assert query.successor(kb, "gpu-latency-old") == "gpu-latency"
    assert query.successor(kb, "gpu-latency") is None
    assert query.flags(kb, "gpu-latency-old").withdrawn == "superseded"
    assert query.flags(kb, "gpu-latency").withdrawn is None


def test_the_verdict_is_the_derivations_and_none_for_a_stated_figure(kb):
    assert query.verdict(kb, "chip-latency") is None
    assert query.verdict(kb, "latency-ratio") == "consistent"  # 1.80 / 1.03 rounds to the stated 1.7
    assert not query.flags(kb, "latency-ratio").inconsistent


def test_a_ratio_its_inputs_do_not_give_is_inconsistent(tmp_path):
    bench = MINIMAL["claims/bench.yml"].replace("  value: 1.7\n", "  value: 3.4\n").replace("低 1.7 倍", "低 3.4 倍").replace("1.7 times lower", "3.4 times lower")
    kb = open_kb(tmp_path, {"claims/bench.yml": bench})
    assert query.verdict(kb, "latency-ratio") == "inconsistent"
    assert query.flags(kb, "latency-ratio").inconsistent
    assert query.select(kb, verdict="inconsistent") == ["latency-ratio"]
    assert query.select(kb, verdict="consistent") == []


def test_a_claim_without_a_stated_value_shows_what_its_inputs_compute(tmp_path):
    kb = open_kb(tmp_path, edit={"claims/bench.yml": ("  value: 1.7\n", "  value: null\n")})
    assert query.verdict(kb, "latency-ratio") == "computed"
    got = query.computed(kb, "latency-ratio")
    assert got is not None and got.lo < 1.80 / 1.03 < got.hi
    assert query.has_figure(kb, "latency-ratio")
    assert query.computed(kb, "chip-latency") is None and query.has_figure(kb, "chip-latency")
    assert query.inputs(kb, "latency-ratio") == ["gpu-latency", "chip-latency"]


CONFLICT = """\
latency-disagreement:
  kind: disagreement
  question: {en: How long does the chip take?, zh: 芯片用时多久？}
  sides:
    - claims: [chip-latency]
      summary: {en: One figure., zh: 一个数字。}
    - claims: [gpu-latency, chip-latency]
      summary: {en: Another., zh: 另一个。}
  assessment: {en: Unclear., zh: 不清楚。}
"""


def test_a_claim_in_a_conflict_is_disputed_and_one_outside_it_is_not(tmp_path):
    kb = open_kb(tmp_path, {"conflicts.yml": CONFLICT})
    assert query.conflicts_of(kb, "chip-latency") == ["latency-disagreement"]
    assert query.in_conflict(kb, "gpu-latency") and query.disputed(kb, "gpu-latency")
    assert not query.disputed(kb, "latency-ratio") and query.conflicts_of(kb, "latency-ratio") == []
    assert query.claims_in_conflict(kb, "latency-disagreement") == ["chip-latency", "gpu-latency"]
    assert query.flags(kb, "chip-latency").disputed


# --- order and selection ------------------------------------------------------------------------------

def test_claims_come_in_the_order_data_writes_them_file_then_line(tmp_path):
    # a file sorting before bench.yml, its claims written in reverse of their ids
    early = claim("zz-first", subject="chip", value="2.5") + claim("aa-second", subject="chip", value="900")
    kb = open_kb(tmp_path, {"claims/aaa.yml": early})
    assert query.in_record_order(kb, ["latency-ratio", "aa-second", "chip-latency", "zz-first", "aa-second"]) == [
        "zz-first", "aa-second", "chip-latency", "latency-ratio"]
    assert query.select(kb, subject="chip") == ["zz-first", "aa-second", "chip-latency", "latency-ratio"]
    assert query.claims_of_entity(kb, "gpu") == ["zz-first", "aa-second", "chip-latency", "gpu-latency", "latency-ratio"]
    assert query.claims_of_source(kb, "article")[:2] == ["zz-first", "aa-second"]


def test_select_filters_by_every_value_given_comma_separated(kb):
    assert query.names(" latency, speedup,,") == ["latency", "speedup"]
    assert query.names(None) == [] and query.names(["a"]) == ["a"]
    assert query.select(kb, metric="latency, speedup", subject="chip") == ["chip-latency", "latency-ratio"]
    assert query.select(kb, metric="latency") == ["chip-latency", "gpu-latency"]
    assert query.select(kb, derived=True) == ["latency-ratio"]
    assert query.select(kb, derived=False) == ["chip-latency", "gpu-latency"]
    assert query.select(kb, status="contested") == []
    assert query.select(kb, ids="latency-ratio,chip-latency") == ["chip-latency", "latency-ratio"]
    assert query.metrics_of(kb, ["latency-ratio", "chip-latency", "gpu-latency"]) == ["speedup", "latency"]


def test_dated_claims_come_earliest_first_a_range_by_its_start(tmp_path):
    dates = (claim("late", metric="event-date", value='"2026-03"', written="2026年3月")
             + claim("early", metric="event-date", value='"2025"', written="2025年")
             + claim("span", metric="event-date", value='["2025-06-01", "2026"]', written="2025年6月1日至2026年"))
    kb = open_kb(tmp_path, {"claims/dates.yml": dates})
    assert query.dated(kb, ["late", "span", "early"]) == ["early", "span", "late"]
    assert query.select(kb, kind="date") == ["late", "early", "span"]


# --- baselines and ratios -------------------------------------------------------------------------------

def test_a_figure_is_paired_with_its_baselines_and_their_ratio(kb):
    assert query.baseline_for(kb, kb.claims["chip-latency"]) == "gpu-latency"
    assert query.ratio_of(kb, "chip-latency", "gpu-latency") == "latency-ratio"
    assert query.ratio_of(kb, "gpu-latency", "chip-latency") == "latency-ratio"
    assert query.ratio_of(kb, "chip-latency", "latency-ratio") is None
    assert query.comparison(kb, "chip", "latency") == [("chip-latency", "gpu-latency", "latency-ratio")]


def test_the_baseline_is_the_active_one_under_the_same_operating_point(tmp_path):
    old = claim("gpu-latency-old", extra="  status: retracted\n  status_reason: {en: Withdrawn., zh: 已撤回。}\n")
    other_point = claim("gpu-latency-peak", value="2.5").replace("{baseline: gpu, model: chip}",
                                                                 "{baseline: gpu, model: chip, operating_point: end-to-end}")
    kb = open_kb(tmp_path, {"claims/aaa.yml": old + other_point})
    # both come before gpu-latency in record order, and neither is the baseline's figure for chip-latency
    assert query.in_record_order(kb, kb.claims)[:2] == ["gpu-latency-old", "gpu-latency-peak"]
    assert query.baseline_for(kb, kb.claims["chip-latency"]) == "gpu-latency"
    assert query.baseline_for(kb, kb.claims["chip-latency"], "speedup") is None


def test_the_comparison_keeps_measured_rows_in_the_order_the_metrics_are_named(tmp_path):
    uncertain = claim("chip-throughput", subject="chip", metric="throughput", value="900",
                      extra="  attribution: uncertain\n  attribution_note: {en: Which chip?, zh: 哪颗芯片？}\n")
    throughput = claim("chip-throughput-2", subject="chip", metric="throughput", value="800")
    kb = open_kb(tmp_path, {"claims/more.yml": uncertain + throughput})
    rows = query.comparison(kb, "chip", "throughput,latency")
    assert rows == [("chip-throughput-2", None, None), ("chip-latency", "gpu-latency", "latency-ratio")]
    assert [r[0] for r in query.comparison(kb, "chip", ["latency", "throughput"])] == ["chip-latency", "chip-throughput-2"]


# --- tiers ----------------------------------------------------------------------------------------

TIERS = MINIMAL["tiers.yml"] + """\
press-report:
  rank: 0
  name: {en: Press report, zh: 媒体报道}
  definition: {en: A paper says it., zh: 媒体报道。}
third-party:
  rank: 2
  name: {en: Third party, zh: 第三方}
  definition: {en: Someone else measured it., zh: 第三方测得。}
"""


def test_tiers_come_up_the_ladder_and_those_off_it_last(tmp_path):
    kb = open_kb(tmp_path, {"tiers.yml": TIERS, "claims/more.yml": claim("gpu-press", tier="press-report", value="2.5")
                            + claim("gpu-third", tier="third-party", value="900")})
    assert query.tier_order(kb) == ["vendor-self-report", "third-party", "press-report"]
    assert query.ladder(kb) == ["vendor-self-report", "third-party"] and query.off_ladder(kb) == ["press-report"]
    assert query.tiers_of(kb, ["gpu-press", "chip-latency", "gpu-third"]) == [
        "vendor-self-report", "third-party", "press-report"]
    assert query.shared_tier(kb, ["chip-latency", None, "gpu-latency"]) == "vendor-self-report"
    assert query.shared_tier(kb, ["chip-latency", "gpu-third"]) is None
    assert query.claims_of_tier(kb, "third-party") == ["gpu-third"]
    assert query.flags(kb, "gpu-third").rank == 2


GLOSSARY = """\
zeta:
  term: {en: Zeta, zh: 贝塔}
  definition: {en: Last in English., zh: 中文里在前。}
  related: [alpha]
alpha:
  term: {en: alpha, zh: 阿尔法}
  definition: {en: First in English., zh: 中文里在后。}
"""


def test_the_glossary_is_in_the_alphabetical_order_of_each_language(tmp_path):
    kb = open_kb(tmp_path, {"glossary/terms.yml": GLOSSARY})
    assert query.glossary_order(kb, "en") == ["alpha", "zeta"]  # case folded: "alpha" before "Zeta"
    assert query.glossary_order(kb, "zh") == ["zeta", "alpha"]  # 贝 (U+8D1D) before 阿 (U+963F)
    assert query.related_terms(kb, "zeta") == ["alpha"]


POST = """\
post:
  kind: blog-post
  name: {en: The vendor's post, zh: 厂商博文}
  language: en
  url: https://example.com/post
  accessed: "2026-11-01"
"""


def test_a_claims_sources_are_those_cited_and_those_they_relay(tmp_path):
    bench = MINIMAL["claims/bench.yml"].replace(
        "      quote: 芯片的延迟为 1.03 秒\n", "      quote: 芯片的延迟为 1.03 秒\n      attributed_to: post\n", 1)
    kb = open_kb(tmp_path, {"sources/post.yml": POST, "claims/bench.yml": bench})
    assert query.cited_sources(kb, "chip-latency") == ["article"]
    assert query.attributed_to(kb, "chip-latency", "article") == ["post"]
    assert query.relayed_sources(kb, "chip-latency") == ["post"]
    assert query.relayed_sources(kb, "gpu-latency") == [] and query.attributed_to(kb, "gpu-latency", "article") == []
    assert query.cited_and_relayed(kb, "post") == ([], ["chip-latency"])
    assert query.origin_groups(kb, "post") == [(("article",), ["chip-latency"])]
    assert query.relayed_origins(kb) == ["post"]


# --- what the charts compare (on the real data, whose benchmark tables the charts draw) --------------

@pytest.fixture(scope="module")
def real():
    from site_fixture import data_dir
    return KnowledgeBase.open(data_dir())


def test_each_benchmark_pair_is_a_standing_figure_and_its_baselines_under_the_same_conditions(real):
    pairs = query.benchmark_pairs(real, "e2e-latency")
    assert len(pairs) >= 3
    for model, a, b in pairs:
        ca = real.claims[a]
        assert query.is_active(real, a) and ca.metric == "e2e-latency" and ca.conditions.model == model
        assert b is not None and real.claims[b].subject == ca.conditions.baseline
        assert real.claims[b].conditions.operating_point == ca.conditions.operating_point
    models = [m for m, _, _ in query.compared_models(real)]
    assert len(models) == len(set(models)) and {m for m, _, _ in pairs} <= set(models)
    systems = query.compared_systems(real)
    assert len(systems) == len(set(systems)) and {real.claims[a].subject for _, a, _ in pairs} <= set(systems)


def test_a_stated_ratio_stands_in_only_for_a_model_of_its_own(real):
    for model, _, _ in query.compared_models(real):
        cid = query.stated_ratio(real, model, "min-tbt")
        if cid is not None:
            c = real.claims[cid]
            assert c.metric == "speedup" and c.conditions.model == model and query.is_active(real, cid)
    assert any(query.stated_ratio(real, m, "min-tbt") for m, _, _ in query.compared_models(real))


def test_a_withdrawn_benchmark_figure_leaves_the_pairs(tmp_path):
    tagged = "  tags: [benchmark]\n"
    withdrawn = "  status: retracted\n  status_reason: {en: Withdrawn., zh: 已撤回。}\n"
    both = claim("chip-latency", subject="chip", extra=tagged) + claim("chip-latency-b", subject="chip", value="2.5",
                                                                      extra=tagged)
    tags = {"tags.yml": "benchmark:\n  name: {en: Benchmarks, zh: 基准测试}\n"}
    kb = open_kb(tmp_path / "standing", {"claims/bench.yml": both, **tags})
    assert [a for _, a, _ in query.benchmark_pairs(kb, "latency")] == ["chip-latency", "chip-latency-b"]
    kb = open_kb(tmp_path / "withdrawn", {"claims/bench.yml": both + withdrawn, **tags})
    assert [a for _, a, _ in query.benchmark_pairs(kb, "latency")] == ["chip-latency"]
