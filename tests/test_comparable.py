"""Figures of different accelerators ranked only where they are comparable, and converted by a stated rule.

A small fact base of four accelerators' memory and compute, written as their sources write them: in GB and in GiB,
in TFLOPS and in PFLOPS, dense, sparse and not stated, per package and per rack, in FP8 and in FP4.  The engine
(kb.query.ranked) ranks what can be ranked, in base units whatever unit each source used, and refuses the rest,
each with why; a sparse figure enters a dense ranking only through a derivation (dense-from-sparse) whose rule is
the operation's own.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from conftest import MINIMAL, TODAY, problems_for, write_data
from kb import query
from kb.base import KnowledgeBase

UNITS = MINIMAL["units.yml"] + """\
gigabyte:
  symbol: {en: GB, zh: GB}
  name: {en: gigabytes, zh: 吉字节}
  dimension: {data: 1}
  scale: 1000000000
gibibyte:
  symbol: {en: GiB, zh: GiB}
  name: {en: gibibytes, zh: 吉比字节}
  dimension: {data: 1}
  scale: 1073741824
teraflops:
  symbol: {en: TFLOPS, zh: TFLOPS}
  name: {en: trillion operations a second, zh: 每秒万亿次运算}
  dimension: {compute: 1, time: -1}
  scale: 1000000000000
petaflops:
  symbol: {en: PFLOPS, zh: PFLOPS}
  name: {en: quadrillion operations a second, zh: 每秒千万亿次运算}
  dimension: {compute: 1, time: -1}
  scale: 1000000000000000
"""
METRICS = MINIMAL["metrics.yml"] + """\
memory-capacity:
  name: {en: Memory capacity, zh: 内存容量}
  unit: gigabyte
  kind: specification
  better: higher
  qualified_by: [per]
  compared: true
  description: {en: How much memory one accelerator holds., zh: 一个加速器的内存容量。}
compute:
  name: {en: Compute, zh: 算力}
  unit: teraflops
  kind: specification
  better: higher
  qualified_by: [per, number_format, sparsity]
  compared: true
  description: {en: Operations a second at one number format., zh: 某一数值格式下每秒的运算次数。}
"""
FORMATS = """\
fp8:
  name: {en: FP8, zh: FP8}
  bits: 8
  family: float
fp4:
  name: {en: FP4, zh: FP4}
  bits: 4
  family: float
"""
ENTITIES = MINIMAL["entities/core.yml"] + "".join(f"""\
{x}:
  kind: chip
  name: {{en: {x.upper()}, zh: {x.upper()}}}
  description: {{en: An accelerator., zh: 一个加速器。}}
  compared: {"false" if x == "acc-d" else "true"}
""" for x in ("acc-a", "acc-b", "acc-c", "acc-d"))
SNAPSHOT = ("A has 192 GB of HBM. B has 192 GiB of HBM. A delivers 2,500 TFLOPS of dense FP8. "
            "B delivers 4.5 PFLOPS of FP8 with sparsity. C delivers 2,300 TFLOPS of FP8. "
            "D delivers 9 PFLOPS of dense FP4. A rack of A delivers 180 PFLOPS of dense FP8.\n")


ZH = {
    "A has 192 GB of HBM": "A 有 192 GB 的 HBM",
    "B has 192 GiB of HBM": "B 有 192 GiB 的 HBM",
    "A delivers 2,500 TFLOPS of dense FP8": "A 的 FP8 稠密算力为 2,500 TFLOPS",
    "B delivers 4.5 PFLOPS of FP8 with sparsity": "B 的 FP8 稀疏算力为 4.5 PFLOPS",
    "C delivers 2,300 TFLOPS of FP8": "C 的 FP8 算力为 2,300 TFLOPS",
    "D delivers 9 PFLOPS of dense FP4": "D 的 FP4 稠密算力为 9 PFLOPS",
    "A rack of A delivers 180 PFLOPS of dense FP8": "一整机柜 A 的 FP8 稠密算力为 180 PFLOPS",
}


def _claim(cid, subject, metric, value, quote, unit=None, **qual):
    extra = "".join(f"  {k}: {v}\n" for k, v in qual.items())
    own = f"  unit: {unit}\n" if unit else ""
    return f"""\
{cid}:
  subject: {subject}
  metric: {metric}
  value: {value}
{own}{extra}  statement: {{en: "It is {{value}}.", zh: "它是 {{value}}。"}}
  citations:
    - source: specs
      quote: "{quote}"
      translation: {{zh: "{ZH[quote]}"}}
  tier: vendor-self-report
"""


CLAIMS = "".join([
    _claim("a-memory", "acc-a", "memory-capacity", 192, "A has 192 GB of HBM", per="package"),
    _claim("b-memory", "acc-b", "memory-capacity", 192, "B has 192 GiB of HBM", unit="gibibyte", per="package"),
    _claim("a-fp8", "acc-a", "compute", 2500, "A delivers 2,500 TFLOPS of dense FP8", per="package", number_format="fp8",
           sparsity="dense"),
    _claim("b-fp8-sparse", "acc-b", "compute", 4.5, "B delivers 4.5 PFLOPS of FP8 with sparsity", unit="petaflops",
           per="package", number_format="fp8", sparsity="sparse"),
    _claim("c-fp8", "acc-c", "compute", 2300, "C delivers 2,300 TFLOPS of FP8", per="package", number_format="fp8",
           sparsity="not-stated"),
    _claim("d-fp4", "acc-d", "compute", 9, "D delivers 9 PFLOPS of dense FP4", unit="petaflops", per="package",
           number_format="fp4", sparsity="dense"),
    _claim("a-rack-fp8", "acc-a", "compute", 180, "A rack of A delivers 180 PFLOPS of dense FP8", unit="petaflops",
           per="rack", number_format="fp8", sparsity="dense"),
])
DENSE_B = """\
b-fp8-dense:
  subject: acc-b
  metric: compute
  unit: petaflops
  per: package
  number_format: fp8
  sparsity: dense
  statement: {en: "Dense, it is {value}.", zh: "稠密算力为 {value}。"}
  citations:
    - source: specs
      quote: "B delivers 4.5 PFLOPS of FP8 with sparsity"
      translation: {zh: "B 的 FP8 稀疏算力为 4.5 PFLOPS"}
  tier: vendor-self-report
  derivation:
    op: dense-from-sparse
    inputs: [b-fp8-sparse]
"""
SOURCE = MINIMAL["sources/articles.yml"] + """\
specs:
  kind: vendor-announcement
  name: {en: Specifications, zh: 规格}
  language: en
  snapshot:
    file: snapshots/specs.txt
    taken: "2026-11-01"
    extent: full
  no_url: {en: The copy kept here states no address., zh: 这里保存的副本没有写明网址。}
"""
FILES = {"units.yml": UNITS, "metrics.yml": METRICS, "formats.yml": FORMATS, "entities/core.yml": ENTITIES,
         "sources/articles.yml": SOURCE, "snapshots/specs.txt": SNAPSHOT, "claims/specs.yml": CLAIMS}


@pytest.fixture(scope="module")
def kb(tmp_path_factory):
    data = write_data(tmp_path_factory.mktemp("comparable"), {**FILES, "claims/dense.yml": DENSE_B})
    return KnowledgeBase.open(data, on=TODAY)


def test_memory_in_gib_and_gb_is_ranked_in_bytes_and_said_to_be_converted(kb):
    r = query.ranked(kb, ["a-memory", "b-memory"])
    assert r.order == ["b-memory", "a-memory"] and r.refused == {} and r.ties == []  # 192 GiB is 206.2 GB
    assert query.in_base_units(kb, "b-memory").lo == 192 * 2 ** 30 - Fraction(2 ** 30, 2)  # 192 to the nearest 1
    assert query.converted(kb, "b-memory") and not query.converted(kb, "a-memory")
    assert r.qualifiers == {"per": "package"}


def test_compute_is_ranked_only_at_one_format_extent_and_sparsity_and_the_rest_refused_with_why(kb):
    ids = ["a-fp8", "b-fp8-sparse", "c-fp8", "d-fp4", "a-rack-fp8", "b-fp8-dense"]
    r = query.ranked(kb, ids, reference="a-fp8")
    assert r.qualifiers == {"per": "package", "number_format": "fp8", "sparsity": "dense"}
    assert r.refused == {"b-fp8-sparse": ["sparsity"], "c-fp8": ["sparsity-not-stated"], "d-fp4": ["number_format"],
                         "a-rack-fp8": ["per"]}
    # B's 4.5 sparse PFLOPS enter only halved, by the operation's rule: 2,250 dense TFLOPS, after A's 2,500
    assert r.order == ["a-fp8", "b-fp8-dense"]
    assert query.computed(kb, "b-fp8-dense") is not None


def test_without_a_reference_the_largest_comparable_group_is_ranked(kb):
    r = query.ranked(kb, ["a-fp8", "b-fp8-dense", "d-fp4", "c-fp8"])
    assert r.order == ["a-fp8", "b-fp8-dense"] and set(r.refused) == {"d-fp4", "c-fp8"}


def test_figures_of_two_metrics_are_not_ranked_together(kb):
    assert query.not_comparable(kb, "a-memory", "a-fp8") == ["metric"]
    with pytest.raises(ValueError, match="2 metrics"):
        query.ranked(kb, ["a-memory", "a-fp8"])


@pytest.mark.parametrize("dense,expected", [
    (DENSE_B.replace("inputs: [b-fp8-sparse]", "inputs: [c-fp8]"),
     "dense-from-sparse takes a sparse figure and gives a dense one, not not-stated to dense"),
    (DENSE_B.replace("number_format: fp8", "number_format: fp4"),
     "dense-from-sparse of 'b-fp8-sparse' changes its number_format: a conversion changes only sparse to dense"),
    (DENSE_B.replace("op: dense-from-sparse", "op: convert"),
     "convert of 'b-fp8-sparse' changes its sparsity: a conversion changes only the unit"),
])
def test_a_conversion_changes_only_what_its_rule_says(tmp_path, dense, expected):
    problems = problems_for(tmp_path, {**FILES, "claims/dense.yml": dense})
    assert any(": conversion-changes: " in p and f"data/claims/dense.yml > b-fp8-dense > derivation > op: {expected}" in p
               for p in problems), "\n".join(problems)


def test_a_quote_in_terabits_or_gib_is_not_a_figure_in_terabytes_or_gb(tmp_path):
    """The unit words of kb.numbers, through `kb check`: 192 GiB recorded as 192 GB is named a scale problem."""
    wrong = CLAIMS.replace("  unit: gibibyte\n", "", 1)
    problems = problems_for(tmp_path, {**FILES, "claims/specs.yml": wrong})
    assert any("b-memory" in p and "GiB (binary: 2^30 bytes)" in p for p in problems), "\n".join(problems)


def test_the_long_and_wide_downloads_lay_out_what_the_engine_says_is_comparable(kb):
    import csv
    import io

    from publish import comparison, exports

    files = exports.exports(kb, "https://example.org/")
    long = list(csv.DictReader(io.StringIO(files["figures.csv"].decode("utf-8-sig"))))
    assert [r["claim"] for r in long] == comparison.comparable_claims(kb) and len(long) == 8
    b = next(r for r in long if r["claim"] == "b-memory")
    assert (b["value"], b["unit"], b["value_in_metric_unit"], b["metric_unit"], b["key"]) == (
        "192", "GiB", "206.158", "GB", "memory-capacity package")
    dense = next(r for r in long if r["claim"] == "b-fp8-dense")
    # computed: 4.5 PFLOPS (to the nearest 0.1) halved, in TFLOPS, as the interval it stands for
    assert dense["value"] == "" and dense["value_in_metric_unit"] == "2225..2275"
    wide = list(csv.DictReader(io.StringIO(files["accelerators.csv"].decode("utf-8-sig"))))
    assert [r["subject"] for r in wide] == ["acc-a", "acc-b", "acc-c", "acc-d"]
    row = {r["subject"]: r for r in wide}
    key = "compute package fp8 dense"
    assert (row["acc-a"][key], row["acc-a"][key + " claim"], row["acc-a"][key + " tier"]) == (
        "2500", "a-fp8", "vendor-self-report")
    assert row["acc-b"][key] == "2225..2275" and row["acc-b"]["compute package fp8 sparse"] == "4500"
    assert row["acc-c"][key] == "" and row["acc-c"]["compute package fp8 not-stated"] == "2300"
    assert row["acc-a"]["compute rack fp8 dense"] == "180000"  # a rack's figure never shares a chip's column


def test_the_comparison_has_a_row_per_compared_accelerator_a_column_per_format_and_the_strongest_figure_first(kb):
    comp = query.accelerators(kb)
    assert comp.subjects == ["acc-a", "acc-b", "acc-c"]  # acc-d is not marked compared: no row, no FP4 column
    assert [c.key for c in comp.columns] == ["memory-capacity", "compute-fp8"]
    assert comp.cells[("acc-a", "compute-fp8")] == ["a-fp8", "a-rack-fp8"]
    assert comp.cells[("acc-b", "compute-fp8")] == ["b-fp8-dense", "b-fp8-sparse"]  # equal tiers: record order
    r = comp.rankings["compute-fp8"]
    # the first figure of each cell: A's dense package figure, B's computed dense one, C's with sparsity not stated
    assert r.order == ["a-fp8", "b-fp8-dense"]
    assert r.refused == {"c-fp8": ["sparsity-not-stated"]}
    assert comp.rankings["memory-capacity"].order == ["b-memory", "a-memory"]  # 192 GiB is more than 192 GB


def test_one_makers_comparison_holds_only_its_chips(kb):
    assert query.accelerators(kb, maker="nobody").subjects == []
