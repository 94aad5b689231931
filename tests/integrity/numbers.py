"""How a figure must look, rewritten from the documented rule (not imported from the renderer).

The rule, as the about page and ``src/kb/display.py`` state it:

* canonical value (``value``/``datetime`` attribute): the figure as recorded,
  ASCII digits, ``.`` decimals, no grouping, stated precision kept; a range is
  ``low..high``; a date is ``YYYY[-MM[-DD]]`` as stated;
* displayed number: Babel ``format_decimal`` in the page's locale (``en``,
  ``zh_Hans_CN``), grouped in thousands, exactly the stated decimals, never
  compacted into 万/亿;
* displayed range: both ends so formatted, joined by ``–`` (English) or ``～``
  (Chinese);
* dates: ``25 August 2026`` / ``2026年8月25日``, ``August 2026`` / ``2026年8月``,
  ``2026`` / ``2026年``;
* an amount of money (a unit with a currency): English writes the currency's
  symbol first and millions, billions and trillions in words ($10 billion),
  Chinese 万/亿 and the currency's name after (100亿美元; Taiwan 100億美元),
  in Babel's long compact words, only where they write the amount exactly;
  otherwise its digits, grouped;
* a count written in words (a unit marked ``in_words``, as transistors): the
  same words without a currency (208 billion, 2080亿);
* a computed figure (a derived claim no source states): the interval its
  inputs allow, each input standing for every value that rounds to it,
  widened outward to three significant figures (low end down, high end up).
"""
from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from babel import Locale
from babel.numbers import format_compact_decimal, format_decimal, get_currency_name, get_currency_symbol

from .langs import WRITTEN

LOCALE = {"en": Locale.parse("en"), "zh": Locale.parse("zh_Hans_CN"), "zh-hant": Locale.parse("zh_Hant_TW")}
RANGE_SEP = {"en": "–", "zh": "～", "zh-hant": "～"}
SIGNIFICANT = 3


# --- stated figures -----------------------------------------------------------------------------------

def is_date(v) -> bool:
    return isinstance(v, str)


def canonical(v) -> str:
    if isinstance(v, list):
        return f"{canonical(v[0])}..{canonical(v[1])}"
    if isinstance(v, str):
        return v
    if isinstance(v, Decimal):
        return format(v, "f")
    return str(int(v))


def places(v) -> int:
    if isinstance(v, Decimal):
        exp = v.as_tuple().exponent
        return max(0, -exp) if isinstance(exp, int) else 0
    return 0


def number(v, lang: str) -> str:
    n = places(v)
    return format_decimal(v, format="#,##0" + ("." + "0" * n if n else ""), locale=LOCALE[lang])


def in_words(v, lang: str) -> str:
    """A large number in words as the page must show it (see the rule above): 208 billion, 2080亿 (Taiwan 2080億),
    only where the words write it exactly; otherwise its digits, grouped."""
    amount = Decimal(v)
    text = number(v, lang)
    if amount >= (10 ** 6 if WRITTEN[lang] == "en" else 10 ** 4):
        for digits in range(4):
            said = format_compact_decimal(amount, format_type="long", locale=LOCALE[lang], fraction_digits=digits)
            head = said.split(" ")[0] if WRITTEN[lang] == "en" else said.rstrip("万亿萬億兆")
            try:
                factor = amount / Decimal(head.replace(",", ""))
            except ArithmeticError:
                continue
            if factor > 1 and str(factor.normalize()).startswith("1E+"):
                return said
    return text


def money(v, code: str, lang: str) -> str:
    """An amount of money as the page must show it (see the rule above)."""
    text = in_words(v, lang)
    if WRITTEN[lang] == "en":
        return get_currency_symbol(code, locale=LOCALE[lang]) + text
    return text + get_currency_name(code, locale=LOCALE[lang])


def shown(v, lang: str) -> str:
    """A stated number or number range as the page must show it."""
    if isinstance(v, list):
        return number(v[0], lang) + RANGE_SEP[lang] + number(v[1], lang)
    return number(v, lang)


def date(text: str, lang: str) -> str:
    parts = [int(p) for p in text.split("-")]
    if WRITTEN[lang] == "zh":  # Traditional Chinese writes dates as Simplified does
        return "".join(f"{p}{unit}" for p, unit in zip(parts, "年月日"))
    month = LOCALE["en"].months["format"]["wide"][parts[1]] if len(parts) > 1 else None
    if len(parts) == 3:
        return f"{parts[2]} {month} {parts[0]}"
    if len(parts) == 2:
        return f"{month} {parts[0]}"
    return str(parts[0])


# --- computed figures ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Span:
    """A closed interval of exact values."""
    lo: Fraction
    hi: Fraction

    def __add__(self, o):
        return Span(self.lo + o.lo, self.hi + o.hi)

    def __sub__(self, o):
        return Span(self.lo - o.hi, self.hi - o.lo)

    def __mul__(self, o):
        ends = [a * b for a in (self.lo, self.hi) for b in (o.lo, o.hi)]
        return Span(min(ends), max(ends))

    def __truediv__(self, o):
        if o.lo <= 0 <= o.hi:
            raise ZeroDivisionError
        return self * Span(1 / o.hi, 1 / o.lo)

    def scaled(self, k) -> "Span":
        k = Fraction(k)
        return Span(self.lo * k, self.hi * k) if k > 0 else Span(self.hi * k, self.lo * k)

    def hull(self, o):
        return Span(min(self.lo, o.lo), max(self.hi, o.hi))


def rounding_span(v, precision=None) -> Span:
    """Every value that a figure written as ``v`` may stand for."""
    x = Fraction(v)
    if precision == "exact":
        return Span(x, x)
    step = Fraction(precision) if precision is not None else Fraction(10) ** -places(v)
    return Span(x - step / 2, x + step / 2)


DAY = Fraction(86400)


def date_span(text: str) -> Span:
    """The seconds a stated date covers, counted in whole days from year one."""
    parts = [int(p) for p in text.split("-")]
    first = dt.date(parts[0], parts[1] if len(parts) > 1 else 1, parts[2] if len(parts) > 2 else 1)
    if len(parts) == 3:
        last = first
    elif len(parts) == 2:
        last = (dt.date(parts[0] + 1, 1, 1) if parts[1] == 12 else dt.date(parts[0], parts[1] + 1, 1)) - dt.timedelta(1)
    else:
        last = dt.date(parts[0], 12, 31)
    return Span(first.toordinal() * DAY, last.toordinal() * DAY)


def base_span(claim: dict, scale) -> Span | None:
    """A claim's stated figure in the base unit of its dimension; None when it states none."""
    v = claim.get("value")
    if v is None:
        return None
    if isinstance(v, list):
        if is_date(v[0]):
            return date_span(v[0]).hull(date_span(v[1]))
        p = claim.get("precision")
        return Span(rounding_span(v[0], p).lo, rounding_span(v[1], p).hi).scaled(scale)
    if is_date(v):
        return date_span(v)
    return rounding_span(v, claim.get("precision")).scaled(scale)


def combine(op: str, ins: list[Span]) -> Span:
    if op == "ratio":
        return ins[0] / ins[1]
    if op == "difference":
        return ins[0] - ins[1]
    if op == "months-between":
        return ins[1] - ins[0]
    if op == "reciprocal":
        return Span(Fraction(1), Fraction(1)) / ins[0]
    if op == "percent-change":
        return ((ins[1] - ins[0]) / ins[0]).scaled(100)
    out = ins[0]
    for i in ins[1:]:
        out = {"product": out * i, "sum": out + i, "span": out.hull(i)}[op]
    return out


def input_span(facts, cid: str, seen: frozenset = frozenset()) -> Span | None:
    """What an input stands for in base units: its stated figure, or, when it states none, the exact
    interval computed for it from its own inputs."""
    claim = facts.claims[cid]
    s = base_span(claim, facts.unit_scale(cid))
    if s is None and claim.get("derivation") and cid not in seen:
        spans = computed_spans(facts, cid, seen | {cid})
        s = spans[0].scaled(facts.unit_scale(cid)) if spans else None
    return s


def computed_spans(facts, cid: str, seen: frozenset = frozenset()) -> list[Span]:
    """What a derived claim's inputs allow, in the claim's unit: the whole result, and for a
    stated span range what its low and high ends may be. Empty when nothing can be computed."""
    claim = facts.claims[cid]
    d = claim.get("derivation") or {}
    if not d.get("inputs") or d.get("missing"):
        return []
    ins = []
    for i in d["inputs"]:
        if i not in facts.claims:
            return []
        s = input_span(facts, i, seen | {cid})
        if s is None:
            return []
        ins.append(s)
    try:
        whole = combine(d["op"], ins)
    except (ZeroDivisionError, KeyError, IndexError):
        return []
    back = 1 / Fraction(facts.unit_scale(cid))
    out = [whole.scaled(back)]
    if d["op"] == "span":
        out.append(Span(min(i.lo for i in ins), min(i.hi for i in ins)).scaled(back))
        out.append(Span(max(i.lo for i in ins), max(i.hi for i in ins)).scaled(back))
    return out


def _magnitude(x: Fraction) -> int:
    """The k with 10**k <= x < 10**(k+1), for x > 0, exactly."""
    k = len(str(math.floor(x))) - 1 if x >= 1 else -1
    while Fraction(10) ** k > x:
        k -= 1
    while Fraction(10) ** (k + 1) <= x:
        k += 1
    return k


def widened(span: Span) -> tuple[Decimal, Decimal]:
    """The interval rounded outward to three significant figures of its larger end."""
    biggest = max(abs(span.lo), abs(span.hi))
    if biggest == 0:
        return Decimal(0), Decimal(0)
    exp = _magnitude(biggest) - (SIGNIFICANT - 1)
    q = Fraction(10) ** exp
    lo, hi = math.floor(span.lo / q) * q, math.ceil(span.hi / q) * q
    n = max(0, -exp)

    def dec(f: Fraction) -> Decimal:
        return (Decimal(f.numerator) / Decimal(f.denominator)).quantize(Decimal(1).scaleb(-n))

    return dec(lo), dec(hi)


def computed_canonical(span: Span) -> str:
    lo, hi = widened(span)
    return canonical(lo) if lo == hi else f"{canonical(lo)}..{canonical(hi)}"


def computed_shown(span: Span, lang: str) -> str:
    lo, hi = widened(span)
    return number(lo, lang) if lo == hi else shown([lo, hi], lang)
