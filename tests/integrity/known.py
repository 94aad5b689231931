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
