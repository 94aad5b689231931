"""Numbers, ranges and dates as each language writes them (Babel).

The rules, which tests recompute, are:

* **Canonical value** (the ``value`` attribute of ``<data>``): the figure as
  recorded, plain ASCII digits, ``.`` for decimals, no grouping, stated
  precision kept (``1.80`` stays ``1.80``); a range is ``low..high``.
* **Displayed number**: Babel ``format_decimal`` with the language's locale
  (``en``, ``zh_Hans_CN``) and exactly as many decimals as were stated, so
  ``85448`` is ``85,448`` in both languages and ``1.80`` is ``1.80``.
  Chinese pages use the same grouped Arabic digits as the sources
  (``85,448``), never ``万``/``亿`` compaction: compaction would drop stated
  digits (``8.5万`` for ``85,448``), and one rule for all figures is easier to
  check than a rule that depends on size.
* **Displayed range**: both ends formatted as above, joined by ``–`` (English)
  or ``～`` (Chinese).
* **Dates**: ``25 August 2026`` / ``2026年8月25日``; month precision
  ``August 2026`` / ``2026年8月``; year precision ``2026`` / ``2026年``.
* **Computed intervals** (a derived figure no source states): the interval the
  inputs allow, widened outward to three significant figures (low end rounded
  down, high end rounded up), so the shown range always contains the computed
  one; canonical ``low..high`` from those rounded ends.
"""
from __future__ import annotations

import datetime as dt
import math
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache

from babel import Locale
from babel.dates import format_date
from babel.numbers import format_decimal

from kb.languages import LANGUAGES

from .labels import t

LOCALES = {code: Locale.parse(lang.locale) for code, lang in LANGUAGES.items()}  # kb.languages
DATE_PATTERNS = {  # by written language: a converted one writes dates as the language it is converted from
    "en": {3: "d MMMM y", 2: "MMMM y", 1: "y"},
    "zh": {3: "y年M月d日", 2: "y年M月", 1: "y年"},
}
COMPUTED_SIGNIFICANT = 3


def decimals(value) -> int:
    """Number of decimal places a figure was written with."""
    if isinstance(value, Decimal):
        exp = value.as_tuple().exponent
        return -exp if isinstance(exp, int) and exp < 0 else 0
    return 0


def canonical_number(value) -> str:
    """A number as recorded: plain digits, '.' decimals, precision kept."""
    if isinstance(value, Decimal):
        return format(value, "f")
    return str(int(value))


def canonical(value) -> str:
    """The ``value`` attribute for a recorded figure (number, range, date or date range)."""
    if isinstance(value, list):
        return f"{canonical(value[0])}..{canonical(value[1])}"
    if isinstance(value, str):
        return value
    return canonical_number(value)


# Babel parses the pattern and walks the locale on every call; a page shows the same
# figures and counts many times over (tables, badges, back links), so each text is
# made once per build.  Keyed by the value's text, which keeps its stated decimals
# (Decimal("1.80") == Decimal("1.8"), but they are written differently).
_NUMBERS: dict[tuple, str] = {}


def number(value, lang: str) -> str:
    """A number formatted for ``lang`` with exactly its stated decimals."""
    key = (type(value), str(value), lang)
    text = _NUMBERS.get(key)
    if text is None:
        places = decimals(value)
        pattern = "#,##0" + ("." + "0" * places if places else "")
        text = _NUMBERS[key] = format_decimal(value, format=pattern, locale=LOCALES[lang])
    return text


def integer(n: int, lang: str) -> str:
    """A count (of claims, sources...) for ``lang``."""
    key = (int, str(n), lang)
    text = _NUMBERS.get(key)
    if text is None:
        text = _NUMBERS[key] = format_decimal(n, format="#,##0", locale=LOCALES[lang])
    return text


def number_range(lo, hi, lang: str) -> str:
    return f"{number(lo, lang)}{t('range_sep', lang)}{number(hi, lang)}"


def parse_date(text: str) -> tuple[dt.date, int]:
    """A date text and how many of its parts were stated (3 day, 2 month, 1 year)."""
    parts = [int(p) for p in text.split("-")]
    filled = parts + [1] * (3 - len(parts))
    return dt.date(*filled), len(parts)


_DATES: dict[tuple[str, str], str] = {}


def date(text: str, lang: str) -> str:
    """A date text formatted for ``lang`` at the precision it was stated."""
    out = _DATES.get((text, lang))
    if out is None:
        day, parts = parse_date(text)
        out = _DATES[(text, lang)] = format_date(day, format=DATE_PATTERNS[LANGUAGES[lang].source][parts],
                                                     locale=LOCALES[lang])
    return out


def date_range(lo: str, hi: str, lang: str) -> str:
    return f"{date(lo, lang)}{t('date_range_sep', lang)}{date(hi, lang)}"


def _outward(x: Fraction, quantum: Fraction, up: bool) -> Fraction:
    steps = x / quantum
    return (math.ceil(steps) if up else math.floor(steps)) * quantum


@lru_cache(maxsize=None)  # exact Fractions as keys; each derived figure is shown on several pages
def computed_bounds(lo: Fraction, hi: Fraction) -> tuple[Decimal, Decimal]:
    """A computed interval widened outward to three significant figures, as Decimals."""
    biggest = max(abs(lo), abs(hi))
    if biggest == 0:
        return Decimal(0), Decimal(0)
    exponent = math.floor(math.log10(biggest)) - (COMPUTED_SIGNIFICANT - 1)
    # log10 of a Fraction can be off by one at exact powers of ten; correct it
    if Fraction(10) ** (exponent + COMPUTED_SIGNIFICANT) <= biggest:
        exponent += 1
    quantum = Fraction(10) ** exponent
    places = max(0, -exponent)

    def dec(f: Fraction) -> Decimal:
        return (Decimal(f.numerator) / Decimal(f.denominator)).quantize(Decimal(1).scaleb(-places))

    return dec(_outward(lo, quantum, up=False)), dec(_outward(hi, quantum, up=True))


def computed_canonical(lo: Fraction, hi: Fraction) -> str:
    a, b = computed_bounds(lo, hi)
    return canonical_number(a) if a == b else f"{canonical_number(a)}..{canonical_number(b)}"


def computed_text(lo: Fraction, hi: Fraction, lang: str) -> str:
    a, b = computed_bounds(lo, hi)
    return number(a, lang) if a == b else number_range(a, b, lang)
