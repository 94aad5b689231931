"""Re-derive stated figures from the figures they rest on, and give each a verdict.

* ``consistent``: some value the inputs allow rounds to the stated figure;
* ``inconsistent``: none does;
* ``cannot-derive``: the inputs were not published (or are not numbers).

Derived claims with no stated value get the computed interval and no verdict.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from fractions import Fraction
from typing import Optional

from .interval import Interval, stated
from .operations import OPERATIONS
from .schema import Claim, Unit

SECONDS_PER_DAY = Fraction(86400)


@dataclass(frozen=True)
class Check:
    computed: Optional[Interval]
    verdict: Optional[str]  # consistent | inconsistent | cannot-derive | None (computed only)
    low_end: Optional[Interval] = None  # for a stated range: what its low end may be
    high_end: Optional[Interval] = None


def date_interval(text: str) -> Interval:
    """A date text as the interval of seconds it covers (day numbers × 86400)."""
    parts = [int(p) for p in text.split("-")]
    if len(parts) == 3:
        start = end = dt.date(*parts)
    elif len(parts) == 2:
        start = dt.date(parts[0], parts[1], 1)
        nxt = dt.date(parts[0] + parts[1] // 12, parts[1] % 12 + 1, 1)
        end = nxt - dt.timedelta(days=1)
    else:
        start, end = dt.date(parts[0], 1, 1), dt.date(parts[0], 12, 31)
    return Interval(start.toordinal() * SECONDS_PER_DAY, end.toordinal() * SECONDS_PER_DAY)


def value_interval(claim: Claim, unit: Unit) -> Optional[Interval]:
    """The values a claim's stated figure stands for, in base units; None if not a number or date."""
    v = claim.value
    if v is None:
        return None
    if isinstance(v, str):
        return date_interval(v)
    if isinstance(v, list):
        if isinstance(v[0], str):
            return date_interval(v[0]).hull(date_interval(v[1]))
        lo, hi = stated(v[0], claim.precision), stated(v[1], claim.precision)
        iv = Interval(lo.lo, hi.hi)
    else:
        iv = stated(v, claim.precision)
    scale = Fraction(unit.scale)
    return Interval(iv.lo * scale, iv.hi * scale)


def compute(op: str, ins: list[Interval]) -> Interval:
    """Apply a derivation operation (kb.operations) to input intervals (all in base units)."""
    if op not in OPERATIONS:
        raise ValueError(f"unknown operation {op}")
    return OPERATIONS[op].compute(ins)


def verdict_for(claim: Claim, unit: Unit, inputs: list[Optional[Interval]]) -> Check:
    d = claim.derivation
    if d.missing is not None or not inputs or any(i is None for i in inputs):
        return Check(None, "cannot-derive")
    try:
        base = compute(d.op, inputs)
    except ZeroDivisionError:
        return Check(None, "cannot-derive")
    scale = Fraction(unit.scale)
    computed = Interval(base.lo / scale, base.hi / scale)
    if claim.value is None:
        return Check(computed, None)
    if d.op == "span" and isinstance(claim.value, list):
        low_end = Interval(min(i.lo for i in inputs) / scale, min(i.hi for i in inputs) / scale)
        high_end = Interval(max(i.lo for i in inputs) / scale, max(i.hi for i in inputs) / scale)
        lo_ok = stated(claim.value[0], claim.precision).intersects(low_end)
        hi_ok = stated(claim.value[1], claim.precision).intersects(high_end)
        return Check(computed, "consistent" if lo_ok and hi_ok else "inconsistent", low_end, high_end)
    mine = value_interval(claim, unit)
    mine = Interval(mine.lo / scale, mine.hi / scale)
    if claim.bound == "more-than":
        return Check(computed, "consistent" if computed.hi > mine.lo else "inconsistent")
    if claim.bound == "at-least":
        return Check(computed, "consistent" if computed.hi >= mine.lo else "inconsistent")
    if claim.bound == "less-than":
        return Check(computed, "consistent" if computed.lo < mine.hi else "inconsistent")
    if claim.bound == "up-to":
        return Check(computed, "consistent" if computed.lo <= mine.hi else "inconsistent")
    return Check(computed, "consistent" if mine.intersects(computed) else "inconsistent")
