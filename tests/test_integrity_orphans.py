"""No number reaches a built page without coming from the fact base (see tests/integrity).

A number in what a reader sees (the page's text, its title, tooltips) must be a
``<data>``/``<time>`` figure tied to a claim, or sit in markup that says what it
is instead: a verbatim quote, a name, code.  Every page is read once, in the sweep;
a failure names the page and the element the number sits in: ``zh/benchmarks/ · figure 两倍 in p is not from
the data: “…”``.
"""
from __future__ import annotations

import pytest

from integrity.expected import all_pages, case_id
from integrity.known import judge
from integrity.orphans import figures_in
from site_fixture import site  # noqa: F401  (fixture)

def test_no_figure_comes_from_nowhere(site):
    """Every page's text, read in the sweep (site_fixture): one line per number that comes from nowhere."""
    swept = site.sweep["integrity"]
    missing = [f"{case_id(u)} · the page was not built" for u in all_pages(site.docs, site.facts) if u not in swept]
    assert missing == [], "\n".join(missing)
    judge("orphans", [p for found in swept.values() for p in found.orphans])
    assert sum(len(found.page.main_text) for found in swept.values()) > 200 * len(swept)


# --- the rule that tells figures from names -------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "GB300", "GB200 STP", "Kimi K2.5", "GPT-OSS 120B", "N3P", "HBM4", "Apple M6", "B0 silicon", "GPT-4o",
    "MXFP4", "x86-64", "Gen2", "H100/H200", "第一代芯片", "一颗芯片", "十分重要", "千万不要", "万一", "六月",
    "count that one improvement twice", "one day",
])
def test_names_and_words_are_not_figures(text):
    assert figures_in(text) == []


@pytest.mark.parametrize("text,found", [
    ("1.03 s", ["1.03"]), ("85,448 tok/s/kW", ["85,448"]), ("-43.5", ["43.5"]), ("８５", ["８５"]),
    ("2026年8月25日", ["2026", "8", "25"]), ("Snapdragon 8 Gen 6", ["8", "6"]),
    ("九个月", ["九个"]), ("两倍", ["两倍"]), ("三款芯片", ["三款"]), ("两套系统", ["两套"]), ("三十", ["三十"]),
    ("八成", ["八成"]), ("百分之三十", ["百分之三十"]), ("五万 token", ["五万"]),
    ("nine months", ["nine months"]), ("three times", ["three times"]), ("twice as fast", ["twice as"]),
    ("the compute doubled", ["doubled"]), ("3rd", ["3rd"]), ("10x faster", ["10x"]),
])
def test_figures_are_found_in_any_script(text, found):
    assert figures_in(text) == found
