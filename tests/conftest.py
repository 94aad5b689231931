"""Shared helpers: a small valid fact base that tests copy and break one rule at a time."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from kb.base import KnowledgeBase
from kb.problems import DataError

ROOT = Path(__file__).resolve().parent.parent


# What a test needs beyond Python, by the fixtures it uses: `make check` runs the tests that need neither
# (pytest -m "not site and not browser and not build"), `make test` runs them all.
MARKERS = {
    "site": "reads a site that the run builds (tests/site_fixture.py)",
    "browser": "opens pages in Chromium (tests/browser_fixture.py)",
    "build": "builds a site of its own, or renders the pages of two versions of the data",
    "screenshots": "only saves pictures for a person to look at: `make screenshots` runs it, `make test` leaves it out",
}
BROWSER_FIXTURES = {"browser", "visit", "served"}


def pytest_configure(config):
    """Declare the markers, and make the run's folder for site builds before pytest-xdist starts its workers,
    so that every worker inherits it (KB_BUILDS_DIR) and a build is made once per run, not once per worker
    (site_fixture.py)."""
    for name, what in MARKERS.items():
        config.addinivalue_line("markers", f"{name}: {what}")
    import layout_fixture  # noqa: F401  (registers the sweep's checks, so every process sweeps for the same)

    if not hasattr(config, "workerinput"):
        from site_fixture import builds_dir

        builds_dir()


def pytest_collection_modifyitems(config, items):
    """Mark each test by what it needs: a built site (any fixture that asks for a build), a browser."""
    from site_fixture import builds_used

    for item in items:
        names = getattr(item, "fixturenames", ())
        if set(names) & BROWSER_FIXTURES:
            item.add_marker(pytest.mark.browser)
        if builds_used(names):
            item.add_marker(pytest.mark.site)
TODAY = dt.date(2026, 11, 29)  # for the small fixtures whose dates are written against it; the real data runs on the real day

MINIMAL = {
    "tiers.yml": """\
vendor-self-report:
  rank: 1
  name: {en: Vendor self-report, zh: 厂商自述}
  definition: {en: The vendor states it., zh: 厂商自行发布。}
""",
    "units.yml": """\
second:
  symbol: {en: s, zh: 秒}
  name: {en: seconds, zh: 秒}
  dimension: {time: 1}
tokens-per-second:
  symbol: {en: tok/s, zh: tok/s}
  name: {en: tokens per second, zh: 每秒 token 数}
  dimension: {tokens: 1, time: -1}
times:
  symbol: {en: "×", zh: 倍}
  name: {en: times, zh: 倍}
  space: false
date:
  symbol: {en: "", zh: ""}
  name: {en: date, zh: 日期}
none:
  symbol: {en: "", zh: ""}
  name: {en: no unit, zh: 无单位}
""",
    "metrics.yml": """\
latency:
  name: {en: Latency, zh: 延迟}
  unit: second
  kind: performance
  description: {en: How long a request takes., zh: 请求所需的时间。}
throughput:
  name: {en: Throughput, zh: 吞吐}
  unit: tokens-per-second
  kind: performance
  description: {en: How many tokens per second., zh: 每秒处理的 token 数。}
speedup:
  name: {en: Speed-up, zh: 倍数}
  unit: times
  kind: performance
  description: {en: How many times faster., zh: 快多少倍。}
event-date:
  name: {en: Date, zh: 日期}
  unit: date
  kind: date
  description: {en: When it happened., zh: 发生的时间。}
statement:
  name: {en: Statement, zh: 陈述}
  unit: none
  kind: qualitative
  description: {en: A fact with no figure., zh: 不含数字的事实。}
""",
    "entities/core.yml": """\
chip:
  kind: chip
  name: {en: Chip, zh: 芯片}
  description: {en: A chip., zh: 一颗芯片。}
gpu:
  kind: system
  name: {en: GPU, zh: GPU}
  description: {en: A GPU system., zh: 一套 GPU 系统。}
""",
    "sources/articles.yml": """\
article:
  kind: news-article
  name: {en: An article, zh: 一篇文章}
  language: zh-Hans
  snapshot:
    file: snapshots/article.txt
    taken: "2026-11-01"
    extent: full
  no_url: {en: The copy kept here states no address., zh: 这里保存的副本没有写明网址。}
""",
    "snapshots/article.txt": "芯片的延迟为 1.03 秒，对照系统为 1.80 秒，低 1.7 倍。\n",
    "claims/bench.yml": """\
chip-latency:
  subject: chip
  metric: latency
  value: 1.03
  statement: {en: "The chip took {value}.", zh: "芯片用时 {value}。"}
  scope: {en: The whole system., zh: 整套系统。}
  conditions: {baseline: gpu, model: chip}
  citations:
    - source: article
      quote: 芯片的延迟为 1.03 秒
      translation: {en: "The chip's latency is 1.03 s"}
  tier: vendor-self-report
gpu-latency:
  subject: gpu
  metric: latency
  value: 1.80
  statement: {en: "The GPU took {value}.", zh: "GPU 用时 {value}。"}
  scope: {en: The whole system., zh: 整套系统。}
  conditions: {baseline: gpu, model: chip}
  citations:
    - source: article
      quote: 对照系统为 1.80 秒
      translation: {en: "the baseline system's is 1.80 s"}
  tier: vendor-self-report
latency-ratio:
  subject: chip
  metric: speedup
  value: 1.7
  statement: {en: "The chip was {value} faster.", zh: "芯片快 {value}。"}
  scope: {en: The whole system., zh: 整套系统。}
  conditions: {baseline: gpu, model: chip}
  citations:
    - source: article
      quote: 低 1.7 倍
      translation: {en: "1.7 times lower"}
  tier: vendor-self-report
  derivation:
    op: ratio
    inputs: [gpu-latency, chip-latency]
""",
}


def write_data(root: Path, files: dict[str, str | bytes | None]) -> Path:
    """Write MINIMAL, overridden by ``files`` (None deletes a file), under root/data."""
    data = root / "data"
    merged = {**MINIMAL, **files}
    for rel, text in merged.items():
        if text is None:
            continue
        path = data / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
    return data


def problems_for(tmp_path: Path, files: dict[str, str | bytes | None] | None = None,
                 edit: dict[str, tuple[str, str]] | None = None) -> list[str]:
    """Problems reported for MINIMAL with ``files`` replaced and ``edit`` applied (file → (old, new))."""
    files = dict(files or {})
    for rel, (old, new) in (edit or {}).items():
        text = files.get(rel, MINIMAL[rel])
        assert old in text, f"test edit does not apply: {old!r} not in {rel}"
        files[rel] = text.replace(old, new, 1)
    data = write_data(tmp_path, files)
    try:
        KnowledgeBase.open(data, on=TODAY)
    except DataError as exc:
        return [str(p) for p in exc.problems]
    return []


@pytest.fixture
def check(tmp_path, monkeypatch):
    """Problems as kb check prints them from the root of a clone: paths start with data/."""
    monkeypatch.chdir(tmp_path)

    def run(files=None, edit=None):
        return problems_for(tmp_path, files, edit)
    return run


# A claim that tests add to a copy of the real data/claims/benchmarks.yml: a new record, with a new page in each
# language, whose one citation passes every rule. ``statement`` is its English text (tests put markup in it to see
# it escaped).
LATER_RUN = "gptoss-e2e-jalapeno-later-run"


def later_run_claim(statement: str = "A later run of the GPT-OSS 120B test was reported.") -> str:
    quoted = statement.replace("\\", "\\\\").replace('"', '\\"')
    return f"""
{LATER_RUN}:
  subject: jalapeno
  metric: statement
  conditions:
    model: gpt-oss-120b
    benchmark: inferencex
  statement:
    en: "{quoted}"
    zh: "有报道称 GPT-OSS 120B 测试又跑了一轮。"
  citations:
    - source: article-003
      quote: "端到端延迟为 1.03 秒，对比系统为 1.80 秒"
      translation: {{en: "end-to-end latency is 1.03 s, against 1.80 s for the comparison system"}}
  tier: vendor-self-report
"""
