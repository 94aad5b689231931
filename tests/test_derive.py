"""The derivation engine gives the right verdict on the stated figures of the real fact base."""
import pytest

from conftest import MINIMAL, ROOT, TODAY, write_data
from kb.base import KnowledgeBase


@pytest.fixture(scope="module")
def kb():
    return KnowledgeBase.open(ROOT / "data")  # the real data, on the real day: it must pass on any day


# Stated ratios of the three-model table (article 003) and their inputs (article 002).
# Each follows from the table once rounding is taken into account.
CONSISTENT = [
    "gptoss-peak-tpskw-ratio",    # 85,448 / 44,960 = 1.90 → "约为 1.9 倍"
    "deepseek-peak-tpskw-ratio",  # 19,641 / 11,781 = 1.67 → 1.7
    "kimi-peak-tpskw-ratio",      # 18,195 / 11,862 = 1.53 → 1.5
    "deepseek-e2e-ratio",         # 5.99 / 1.65 = 3.63 → 3.6
    "kimi-e2e-ratio",             # 5.31 / 1.56 = 3.40 → 3.4
    "deepseek-mintbt-ratio",      # 5.90 / 1.43 = 4.13 → 4.1
    "kimi-mintbt-ratio",          # 5.48 / 1.44 = 3.81 → 3.8
    "deepseek-at-gb300-best-tbt-ratio",  # 12,258 / 118 = 103.9; 104.3 needs 118 to be ≈117.5
    "summary-peak-tpskw-ratio-range",
    "summary-e2e-ratio-range",
]


@pytest.mark.parametrize("cid", CONSISTENT)
def test_stated_ratio_follows_from_table(kb, cid):
    assert kb.checks[cid].verdict == "consistent"


@pytest.mark.parametrize("cid", ["gptoss-at-gb200-best-tbt-ratio", "kimi-at-gb300-best-tbt-ratio"])
def test_ratio_whose_inputs_were_not_published_cannot_be_derived(kb, cid):
    assert kb.checks[cid].verdict == "cannot-derive"
    assert kb.checks[cid].computed is None


def test_104_3_is_consistent_only_because_118_was_rounded(kb):
    chk = kb.checks["deepseek-at-gb300-best-tbt-ratio"]
    assert float(chk.computed.lo) == pytest.approx(12257.5 / 118.5)
    assert float(chk.computed.hi) == pytest.approx(12258.5 / 117.5)
    assert float(chk.computed.hi) < 104.35  # 104.3's own interval reaches down to 104.25


def test_unstated_ratio_is_computed_without_verdict(kb):
    chk = kb.checks["gptoss-mintbt-ratio"]
    assert chk.verdict is None
    assert 2.68 < float(chk.computed.lo) < float(chk.computed.hi) < 2.74


def test_a_wrong_stated_ratio_is_inconsistent(tmp_path):
    """1.80 / 1.03 lies in [1.73, 1.76]: a source saying 1.9 cannot be right."""
    data = write_data(tmp_path, {
        "claims/bench.yml": MINIMAL["claims/bench.yml"].replace("  value: 1.7\n", "  value: 1.9\n").replace("低 1.7 倍", "低 1.9 倍")
        .replace("1.7 times lower", "1.9 times lower"),
        "snapshots/article.txt": MINIMAL["snapshots/article.txt"].replace("低 1.7 倍", "低 1.9 倍"),
    })
    kb = KnowledgeBase.open(data, on=TODAY)
    assert kb.checks["latency-ratio"].verdict == "inconsistent"


def test_months_between_dates_uses_whole_months(kb):
    chk = kb.checks["project-start-to-tapeout-months"]
    # mid-2024 is recorded as "2024" (the whole year) → Nov 2025: 10 to 23 months
    assert 10 <= float(chk.computed.lo) < 11
    assert 22 < float(chk.computed.hi) <= 23


@pytest.mark.parametrize("bound,stated,verdict", [
    ("more-than", "1.5", "consistent"),    # 1.80/1.03 ≈ 1.75 is more than 1.5
    ("more-than", "1.9", "inconsistent"),  # ...but not more than 1.9
    ("less-than", "1.9", "consistent"),
    ("less-than", "1.5", "inconsistent"),
])
def test_a_stated_bound_is_checked_as_a_bound(tmp_path, bound, stated, verdict):
    data = write_data(tmp_path, {
        "claims/bench.yml": MINIMAL["claims/bench.yml"].replace("  value: 1.7\n", f"  value: {stated}\n  bound: {bound}\n")
        .replace("低 1.7 倍", f"低 {stated} 倍").replace("1.7 times lower", f"{stated} times lower"),
        "snapshots/article.txt": MINIMAL["snapshots/article.txt"].replace("低 1.7 倍", f"低 {stated} 倍"),
    })
    kb = KnowledgeBase.open(data, on=TODAY)
    assert kb.checks["latency-ratio"].verdict == verdict
