"""Numbers, ranges, dates and figures as each language writes them (Babel): each written once, here.

Everything that shows a value in a language calls this module: the pages (through :mod:`render.format` and
:mod:`render.figures`, which add the markup), the charts, the citation formats (:mod:`publish.formats`), the
downloads' plain statements (:mod:`publish.exports`), ``kb diff`` and the checks' messages.

The rules, which tests recompute, are:

* **Canonical value** (the ``value`` attribute of ``<data>``, the downloads' ``value_text``): the figure as
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
  ``August 2026`` / ``2026年8月``; year precision ``2026`` / ``2026年``: Babel, with the language's locale
  (:attr:`kb.languages.Language.locale`) and the patterns of the written language it is written or converted in.
* **A figure with its unit**: the number (or range), then the unit's symbol in the language, set off by a
  space where the unit says so (``85,448 tok/s/kW``, ``40%``); a hedged figure starts with "about" / "约"; a bound
  is written with its words around it, as the language writes them (``more than 9×``, ``9倍以上``, ``不到 12 个月``).
* **Computed intervals** (a derived figure no source states): the interval the
  inputs allow, widened outward to three significant figures (low end rounded
  down, high end rounded up), so the shown range always contains the computed
  one; canonical ``low..high`` from those rounded ends.
"""
from __future__ import annotations

import datetime as dt
import math
import re
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache

from babel import Locale
from babel.dates import format_date
from babel.numbers import format_compact_decimal, format_decimal, get_currency_name, get_currency_symbol

from kb import query
from kb.languages import LANGUAGES, text as in_language
from kb.vocabulary import word

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


def canonical(value) -> str | None:
    """A recorded figure (number, range, date or date range) as recorded: the ``value`` attribute of its
    ``<data>``, the downloads' ``value_text``; None for no figure."""
    if value is None:
        return None
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
    return f"{number(lo, lang)}{word('range_sep', lang)}{number(hi, lang)}"


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
    return f"{date(lo, lang)}{word('date_range_sep', lang)}{date(hi, lang)}"


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


# --- a figure with its unit -------------------------------------------------------------------------------

NO_BREAK = "\xa0"


def shows_currency(unit) -> bool:
    """Whether a stated figure in the unit is written with its currency (:func:`money`), not followed by a symbol."""
    return getattr(unit, "currency", None) is not None


def unit_symbol(unit, lang: str) -> str:
    """A unit's symbol (a record of data/units) as ``lang`` writes it after a number; '' for a unit with none."""
    return in_language(unit.symbol, lang)


def with_unit(text: str, unit, lang: str, space: str = NO_BREAK) -> str:
    """``text`` (a number or range) followed by the unit's symbol in ``lang``, set off by ``space`` (a no-break
    space unless told) where the unit is written apart from its number."""
    symbol = unit_symbol(unit, lang)
    return f"{text}{space if unit.space else ''}{symbol}" if symbol else text


# An amount of money is written in words from this size up, by the written language: English says millions and
# billions ($850 million), Chinese 万 and 亿 (8.5亿美元); a smaller amount keeps its digits.
MONEY_IN_WORDS = {"en": 10 ** 6, "zh": 10 ** 4}
_DIGITS = re.compile(r"\d[\d,]*(?:\.\d+)?")


def in_words(value, lang: str) -> str:
    """A large figure as ``lang``'s readers write it in words: English says millions, billions and trillions (208
    billion), Chinese 万, 亿 and 万亿 (Taiwan: 兆; 2080亿). Babel's long compact pattern of the language's locale writes
    the words, with as many decimals as the figure needs to stay exact: a figure those words cannot write exactly
    (12,345,678) keeps all its digits, grouped, and so does one below the size the language starts using words at."""
    locale = LOCALES[lang]
    v = Decimal(value)
    if abs(v) >= MONEY_IN_WORDS[LANGUAGES[lang].source]:
        for places in range(4):
            said = format_compact_decimal(v, format_type="long", locale=locale, fraction_digits=places)
            m = _DIGITS.search(said)
            shown = Decimal(m.group(0).replace(",", "")) if m else None
            ratio = v / shown if shown else None
            if ratio is not None and ratio > 1 and ratio == Decimal(10) ** ratio.adjusted():  # exact, in words
                return said
    return number(value, lang)


def money(value, code: str, lang: str) -> str:
    """An amount of money in the currency ``code`` (ISO 4217) as ``lang``'s readers write it, in words
    (:func:`in_words`): English puts the currency's symbol first ($10 billion, $12.345 billion); Chinese puts the
    currency's name after (100亿美元, 100億美元)."""
    locale = LOCALES[lang]
    text = in_words(value, lang)
    if LANGUAGES[lang].source == "en":
        return f"{get_currency_symbol(code, locale=locale)}{text}"
    return f"{text}{get_currency_name(code, locale=locale)}"


def value_text(kb, cid: str, lang: str) -> str | None:
    """A claim's figure as ``lang`` writes it, without unit or hedge: its number or range, its date or dates, or the
    interval computed for a derived claim with no stated value; None for a claim with no figure at all. An amount of
    money is written with its currency (:func:`money`), which is then its unit."""
    v = kb.claims[cid].value
    if v is None:
        got = query.computed(kb, cid)
        return None if got is None else computed_text(got.lo, got.hi, lang)
    if isinstance(v, str):
        return date(v, lang)
    if isinstance(v, list) and isinstance(v[0], str):
        return date_range(v[0], v[1], lang)
    unit = kb.unit_of(cid)
    code = getattr(unit, "currency", None)
    if code or getattr(unit, "in_words", False):
        write = (lambda x: money(x, code, lang)) if code else (lambda x: in_words(x, lang))
        if isinstance(v, list):
            return f"{write(v[0])}{word('range_sep', lang)}{write(v[1])}"
        return write(v)
    if isinstance(v, list):
        return number_range(v[0], v[1], lang)
    return number(v, lang)


def is_date(value) -> bool:
    """Whether a recorded figure is a date or a range of dates."""
    return isinstance(value, str) or (isinstance(value, list) and isinstance(value[0], str))


def figure_text(kb, cid: str, lang: str, space: str = NO_BREAK) -> str:
    """A claim's figure as plain text in ``lang``, with its unit and its hedge ("about 85,448 tok/s/kW"); a date
    has no unit or hedge.  Not escaped."""
    text = value_text(kb, cid, lang)
    if text is None:
        return word("no_figure", lang)
    c = kb.claims[cid]
    if is_date(c.value):
        return text
    if not (shows_currency(kb.unit_of(cid)) and c.value is not None):  # money is written with its currency already
        text = with_unit(text, kb.unit_of(cid), lang, space)
    if c.approximate:
        text = f"{word('approx', lang)} {text}"
    before, after = bound_words(c.bound, lang)
    return f"{before}{text}{after}"


def figure_text_of(claim, unit, lang: str) -> str:
    """A claim's stated figure as ``lang`` writes it, from the record and its unit alone (for a check's messages,
    before a fact base is opened): its number or range with unit, hedge and bound; a date as written."""
    v = claim.value
    if v is None or is_date(v):
        return canonical(v) or ""
    text = number_range(v[0], v[1], lang) if isinstance(v, list) else number(v, lang)
    text = with_unit(text, unit, lang, " ") if unit is not None else text
    if claim.approximate:
        text = f"{word('approx', lang)} {text}"
    before, after = bound_words(claim.bound, lang)
    return f"{before}{text}{after}"


def bound_words(bound: str | None, lang: str) -> tuple[str, str]:
    """The words a bound puts before and after its figure in ``lang`` ("more than ", ""; "", "以上"); none for None."""
    if bound is None:
        return "", ""
    before, _, after = word("bound." + bound, lang).partition("{n}")
    return before, after
