"""Findings the suite has reported on the site and that are waiting for a fix.

Each entry matches problems by what they say (a regular expression over the
problem's text, which names the page, the figure and the element it sits in)
and says what is wrong and what would fix it.  A known problem does not fail
its page's case, so the suite stays usable while the fix is pending; a problem
no entry matches fails the case as usual.  ``test_known_findings_are_still_open``
gathers every known problem on the site and is reported as an expected failure
(``XFAIL``, with a count per entry) while any is open; an entry that no longer
matches anything fails it: the bug is fixed, and the entry must go.

This list is meant to shrink.  Add to it only a finding that has been reported
and cannot be fixed at once, with the fix it needs.
"""
from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Known:
    key: str
    check: str        # figures | orphans | soundness | parity | reachability | exports
    pattern: str      # regular expression searched in the problem's text
    fix: str          # what is wrong, and what would fix it

    def matches(self, check: str, problem: str) -> bool:
        return check == self.check and re.search(self.pattern, problem) is not None


KNOWN: list[Known] = [
    # --- numbers the site writes about its own records, with no markup tying them to the data
    Known("record-line-number", "orphans", r" in p\.kb-record is not from the data",
          "A claim page's record location shows the file's line number as a bare number after the <code> path "
          "(render/pages.py); put it inside the code (data/claims/x.yml:82) or mark it up."),
    Known("index-counts", "orphans", r" in td\[data-sort\] is not from the data",
          "Index tables (entities, sources, tiers, conflicts, the tier ladder) show counts of claims and the "
          "ladder's step numbers as bare numbers (render/tables.py); mark them up so a check can tie each to "
          "the records it counts."),
    Known("about-counts", "orphans", r"^(zh/)?about/ · figure \d[\d,]* in article",
          "The about page's totals (claims, sources, entities, conflicts) come from the count() macro as bare "
          "numbers (macros/main.py); mark them up like the index counts."),
    Known("condition-lengths", "orphans", r" in ul\.kb-conditions is not from the data",
          "A claim's conditions show input and output lengths (8,000 / 1,000 tokens) as bare numbers; they are "
          "figures about the test, so they need the figure markup (a claim of their own, or <data> tied to the "
          "claim and its condition)."),
    Known("conflict-side-numbers", "orphans", r" in section\.kb-side is not from the data",
          "Conflict pages number their sides 'Side 1', 'Side 2' in the heading text; let an ordered list or CSS "
          "counter draw the number, or mark it as a label."),
    # --- names that are not marked as names
    Known("tier-step-numbers", "orphans", r"^(zh/)?tiers/[^/]+/ · figure \d+ in dl\.kb-facts ",
          "A tier page states its step on the ladder ('step 3 of the ladder', 阶梯第 3 级) as a bare number from "
          "tiers.yml's rank; mark it up like the index counts."),
    Known("alias-names", "orphans",
          r"^(zh/)?(entities/[^/]+/ · figure \S+ in dl\.kb-facts|glossary/ · figure \S+ in p\.kb-aliases) ",
          "Aliases on entity pages and in the glossary (Dimensity 9600, Gen 2, 2 纳米, 四个问题) are names "
          "shown without name markup; give each alias data-entity (or data-name)."),
    Known("entity-page-name", "orphans",
          r"^(zh/)?entities/[^/]+/ · figure \S+ in (title|div\.md-header__topic|div\.kb-page\.kb-entity-head) ",
          "An entity page's own name (its heading, and so its title) is not marked as a name, so the digits in "
          "'Snapdragon 8 Gen 6', 'Kirin 9030', 'Gemma 4 31B' read as figures; mark the heading's name with "
          "data-entity."),
    # --- features still being built
    Known("citation-text", "orphans", r" in p\.kb-cite-(text|label) is not from the data",
          "The 'How to cite' block (render/cite.py) writes the statement's figures, the data version's date and "
          "the standard's name (GB/T 7714-2015) as plain text; figures need <data data-claim>, dates <time>, "
          "names data-name."),
    Known("downloads-page", "orphans", r"^(zh/)?data/ · figure \S+ in (table\.kb-table|article)",
          "The downloads page shows file sizes (KB) and the licence's version (CC BY 4.0) as bare numbers; "
          "mark the licence name with data-name and the sizes as the build's own measurements."),
    Known("chart-note-figure", "orphans", r" in span\.kb-chart-note is not from the data",
          "The cumulative-wait chart's note writes the task's step count (10) as plain text; use the figure "
          "markup for it (render/charts.py)."),
    Known("timeline-chart-events", "figures", r"^(zh/)?timeline/ · chart label “.*”: shows a figure but carries no data-claim",
          "The timeline chart's event lines repeat each claim's statement, with its date, in <text> elements that "
          "carry no data-claim/data-value (render/charts.py); give each line its claim and value."),
    # --- typed figures in prose
    Known("typed-figures-in-data-prose", "orphans", r" · figure (两套|doubled) in ",
          "Data prose types figures that kb check does not catch: 两套系统 (in statements, metric descriptions, "
          "glossary, an assessment, a caveat) and 'doubled' (m6-local-ai-compute-multiple's attribution note). "
          "Rephrase them, and let macros/kb/prose.py catch 套 and 'doubled' too."),
    Known("typed-figures-in-docs", "orphans", r"^zh/(about|benchmarks|data|glossary)/ · figure 两[种个项] in ",
          "Chinese pages type figures with a measure word: 两种语言 (about.md, heading and text; glossary.md), 两个数字, 两个模型, "
          "两项指标 (benchmarks.md), 两个 CSV 文件 (data page); rephrase (二者, 中英双语...)."),
    # --- the two languages disagree
    Known("three-chains-count-only-in-chinese", "parity", r"evidence-chains-count",
          "three-chains-not-mixed's Chinese statement shows {claim:evidence-chains-count} (这 3 条证据链); the "
          "English one does not, so the claim, and its source article-002, show different claims per language."),
]


def split(check: str, problems: list[str]) -> tuple[list[str], dict[str, list[str]]]:
    """(problems no entry knows, {entry key: problems it knows})."""
    new, known = [], {}
    for p in problems:
        entry = next((k for k in KNOWN if k.matches(check, p)), None)
        if entry is None:
            new.append(p)
        else:
            known.setdefault(entry.key, []).append(p)
    return new, known


def judge(check: str, problems: list[str]) -> None:
    """Fail with the problems no entry knows, one per line.  Known ones do not fail the case: they are
    reported together, once, by test_known_findings_are_still_open (XFAIL while any is open)."""
    import pytest

    new, known = split(check, problems)
    if new:
        tail = f"\n(and {sum(map(len, known.values()))} known: {', '.join(known)})" if known else ""
        pytest.fail("\n".join(new) + tail, pytrace=False)
