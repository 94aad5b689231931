"""Rounding-aware interval arithmetic on exact fractions.

A figure stated as ``118`` stands for any true value in [117.5, 118.5); ``0.69``
for [0.685, 0.695).  Each input becomes the interval of values that round to
it, operations combine intervals conservatively, and a stated result is
*consistent* when some value in the computed interval rounds to it.

Bounds are treated as closed: a computed value that lands exactly on a
rounding boundary counts as consistent with either neighbour.  Fractions keep
every step exact, so no verdict depends on binary floating point.
"""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction


@dataclass(frozen=True)
class Interval:
    lo: Fraction
    hi: Fraction

    def __post_init__(self):
        if self.lo > self.hi:
            raise ValueError(f"empty interval [{self.lo}, {self.hi}]")

    @classmethod
    def exact(cls, x) -> "Interval":
        f = Fraction(x)
        return cls(f, f)

    def __add__(self, o: "Interval") -> "Interval":
        return Interval(self.lo + o.lo, self.hi + o.hi)

    def __sub__(self, o: "Interval") -> "Interval":
        return Interval(self.lo - o.hi, self.hi - o.lo)

    def __mul__(self, o: "Interval") -> "Interval":
        c = (self.lo * o.lo, self.lo * o.hi, self.hi * o.lo, self.hi * o.hi)
        return Interval(min(c), max(c))

    def reciprocal(self) -> "Interval":
        if self.lo <= 0 <= self.hi:
            raise ZeroDivisionError("interval contains zero")
        return Interval(1 / self.hi, 1 / self.lo)

    def __truediv__(self, o: "Interval") -> "Interval":
        return self * o.reciprocal()

    def hull(self, o: "Interval") -> "Interval":
        return Interval(min(self.lo, o.lo), max(self.hi, o.hi))

    def intersects(self, o: "Interval") -> bool:
        return self.lo <= o.hi and o.lo <= self.hi

    def contains(self, x) -> bool:
        return self.lo <= Fraction(x) <= self.hi


def step_of(value: Decimal | int) -> Fraction:
    """The step of the last digit a number was written with: 1.80 → 0.01, 118 → 1."""
    if isinstance(value, int):
        return Fraction(1)
    exp = value.as_tuple().exponent
    return Fraction(10) ** exp


def stated(value: Decimal | int, precision=None) -> Interval:
    """All true values that a figure written as ``value`` may stand for."""
    if precision == "exact":
        return Interval.exact(value)
    step = Fraction(precision) if precision is not None else step_of(value)
    v = Fraction(value)
    return Interval(v - step / 2, v + step / 2)
