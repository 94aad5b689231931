"""Is a claim's stated figure written in the words it cites?

:func:`examine` reads each citation's words (its quote, or the contributor's paraphrase in
either language) with :mod:`kb.numbers` and says how the claim's own figure rests on them:

- ``verbatim``: a quote writes it, to the precision the claim states, on the metric's scale;
- ``reading``: no quote writes it, but a citation states how its words are read (``reading``);
- ``computed``: the claim states no figure of its own but derives one, which rests on its inputs
  (a derived claim that also states the source's figure is checked like any other);
- ``no-figure``: the claim states no figure;
- ``precision``, ``scale``, ``missing``: a problem, with the figure in the quote closest to it.

The same verdict feeds the rule in :mod:`kb.check` and the coverage figures on the
methodology page, so the two cannot disagree.
"""
from __future__ import annotations

from dataclasses import dataclass, field
import math
import re
import unicodedata
from decimal import Decimal
from functools import lru_cache

from . import display, numbers

_TEN = Decimal(10)
OK = ("verbatim", "reading", "computed", "no-figure")


@dataclass
class Verdict:
    status: str
    figure: str = ""  # the claim's figure as stated, for messages
    near: numbers.Figure | None = None  # the quote's figure a precision or scale problem is about
    near_source: str = ""
    why: str = ""  # for a scale problem: what the scales are
    contains: list[tuple[str, list[str]]] = field(default_factory=list)  # (source, figures as written)
    unneeded_readings: list[tuple[int, numbers.Figure]] = field(default_factory=list)  # (citation, figure)


def words(citation) -> str:
    if citation.quote is not None:
        return citation.quote
    return citation.paraphrase.en + "\n" + citation.paraphrase.zh


def _date_parts(text: str) -> tuple:
    parts = [int(p) for p in text.split("-")]
    return tuple(parts + [None] * (3 - len(parts)))


# What a metric's unit measures (its dimension) -> the key of the unit words (kb.numbers.UNIT_WORDS) that measure it.
QUANTITIES = {(("time", 1),): "time", (("power", 1),): "power", (("data", 1),): "data",
              (("data", 1), ("time", -1)): "data-rate", (("compute", 1), ("time", -1)): "compute"}


def _unit_key(unit) -> str | None:
    """Which unit words (kb.numbers.UNIT_WORDS) measure what the metric's unit measures."""
    if unit is None:
        return None
    return QUANTITIES.get(tuple(sorted((k, v) for k, v in dict(unit.dimension).items() if v)))


def _pow10(ratio: Decimal) -> int | None:
    """k where ratio is 10**k (k ≠ 0), else None."""
    if ratio <= 0:
        return None
    k = round(math.log10(ratio))
    return k if k and ratio == _TEN.scaleb(k - 1) else None


def _compare_number(v: Decimal, step: Decimal, f: numbers.Figure, unit, key):
    """How a quote's number f stands to the claim's figure v: 'verbatim', 'precision', ('scale', why) or None."""
    if f.low is None or f.is_range:
        ends = [f.low, f.high] if f.low is not None else []
    else:
        ends = [f.low]
    word = numbers.UNIT_WORDS.get(f.unit) if f.unit else None
    same_scale = True
    factor = Decimal(1)
    if word and key and word[0] == key:
        factor = word[1] / unit.scale
        same_scale = factor == 1
    for x in ends:
        if x == v and same_scale:
            return "verbatim" if f.step == step else "precision"
        if x == v and not same_scale:
            return ("scale", f"the quote writes {f.text!r}, in {_scale_name(word)}, but the metric is in {display.unit_symbol(unit, 'en')}")
        if not same_scale and x * factor == v:
            return ("scale", f"the quote writes {f.text!r}, in {_scale_name(word)}, and the metric is in "
                             f"{display.unit_symbol(unit, 'en')}: {display.with_unit(show(v), unit, 'en', ' ')} is that converted, not the figure as the source gives it")
        k = _pow10(v / x) if x else None
        if k is not None and abs(k) <= 12:
            return ("scale", f"the quote writes {f.text!r}: {show(v)} is {show(Decimal(1).scaleb(k))} times that")
    return None


SCALE_NAMES = {("time", Decimal("0.001")): "ms", ("time", Decimal(1)): "s", ("time", Decimal(60)): "minutes",
               ("time", Decimal(3600)): "hours", ("time", Decimal(86400)): "days", ("time", Decimal(604800)): "weeks",
               ("time", numbers.MONTH): "months", ("time", numbers.YEAR): "years", ("power", Decimal(1)): "W",
               ("power", Decimal(1000)): "kW", ("power", Decimal(10) ** 6): "MW", ("power", Decimal(10) ** 9): "GW",
               **{("data", Decimal(10) ** e): f"{p}B (bytes)" for p, e in (("k", 3), ("M", 6), ("G", 9), ("T", 12), ("P", 15))},
               **{("data", Decimal(10) ** e / 8): f"{p}b (bits)" for p, e in (("k", 3), ("M", 6), ("G", 9), ("T", 12), ("P", 15))},
               **{("data-rate", Decimal(10) ** e): f"{p}B/s (bytes per second)" for p, e in (("k", 3), ("M", 6), ("G", 9),
                                                                                              ("T", 12), ("P", 15))},
               **{("data-rate", Decimal(10) ** e / 8): f"{p}bps (bits per second)" for p, e in (("k", 3), ("M", 6), ("G", 9),
                                                                                                 ("T", 12), ("P", 15))},
               ("data", Decimal(1)): "bytes", ("data", Decimal(1) / 8): "bits",
               **{("data", Decimal(2) ** e): f"{p}iB (binary: 2^{e} bytes)" for p, e in numbers.BINARY_PREFIXES},
               **{("data-rate", Decimal(2) ** e): f"{p}iB/s (binary: 2^{e} bytes per second)"
                  for p, e in numbers.BINARY_PREFIXES},
               **{("compute", Decimal(10) ** e): f"{p}FLOPS or {p}OPS" for p, e in numbers.COMPUTE_PREFIXES}}


def _scale_name(word) -> str:
    return SCALE_NAMES.get(word, "another unit")


def show(v: Decimal) -> str:
    s = format(Decimal(v).normalize(), "f")
    return s


def _compare_range(lo, hi, step, f: numbers.Figure):
    if f.low is None or not f.is_range:
        return None
    if f.low == lo and f.high == hi:
        return "verbatim" if f.step == step else "precision"
    k = _pow10(lo / f.low) if f.low else None
    if k is not None and k == _pow10(hi / f.high):
        return ("scale", f"the quote writes {f.text!r}: the figure is {show(Decimal(1).scaleb(k))} times that")
    return None


def _compare_date(want: tuple, f: numbers.Figure):
    if f.date is None:
        # a year alone, written as a bare whole number ("by the end of 2026"), is the year of a claim dated by its year
        if want[1] is None and f.low is not None and not f.is_range and f.unit is None and f.step == 1 \
                and f.low == want[0]:
            return "verbatim"
        return None
    got = f.date
    if got[0] is None:  # 6 月 24 日: the year is the source's own, not written
        if want[2] is not None and got[1:] == want[1:]:
            return "verbatim"
        return None
    shared = [(a, b) for a, b in zip(want, got) if a is not None and b is not None]
    if any(a != b for a, b in shared):
        return None
    return "verbatim" if want == got else "precision"


def _rank(result) -> int:
    if result == "verbatim":
        return 3
    if result == "precision":
        return 2
    if isinstance(result, tuple):
        return 1
    return 0


def _judge(value, step, unit, figures):
    """The best standing of the claim's figure among one text's figures: (result, figure)."""
    key = _unit_key(unit)
    best, near = None, None
    if isinstance(value, list) and isinstance(value[0], str):  # a date range: both ends written
        ends = [[g for g in figures if _compare_date(_date_parts(d), g) == "verbatim"] for d in value]
        if ends[0] and ends[1]:
            return "verbatim", ends[0][0]
        if all(len(d) == 4 for d in value):  # a span of years written as a range of numbers: 2026 to 2030
            years = [Decimal(d) for d in value]
            for g in figures:
                if g.date is None and g.low == years[0] and g.high == years[1] and g.step == 1:
                    return "verbatim", g
        return None, None
    if isinstance(value, str):
        want = _date_parts(value)
        compare = lambda f: _compare_date(want, f)  # noqa: E731
    elif isinstance(value, list):
        lo, hi = Decimal(value[0]), Decimal(value[1])
        compare = lambda f: _compare_range(lo, hi, step, f)  # noqa: E731
    else:
        v = abs(Decimal(value))
        compare = lambda f: _compare_number(v, step, f, unit, key)  # noqa: E731
    for f in figures:
        r = compare(f)
        if r == "verbatim":
            return r, f
        if _rank(r) > _rank(best):
            best, near = r, f
    return best, near


# --- a reading, and a translation, against the quote ------------------------------------------------------------

SOURCE_WORDS = re.compile(r"「([^」]*)」")
# a year named relative to the page's own date ("late next year", 明年下半年): words a dated claim may be read from,
# the reading saying which date the page bears
RELATIVE_YEAR = re.compile(r"\b(?:next|this|last|coming|following)\s+year\b|明年|今年|去年|本年|次年|翌年", re.I)


def reading_problems(claim, citation, unit) -> list[tuple[str, str, str]]:
    """Why a citation's reading cannot stand, as (language, rule, message): a reading says how the claim's own
    figure is read from words of its quote that no number reader parses, so in each language it must show the
    figure with {value} (rule reading-figure), quote in 「」 the words it reads, found in the quote and writing a
    number, or for a date a year named relative to the page's date ("next year", 明年) (reading-words), and those words must not write another figure in digits (reading-figure): a reading
    explains a figure, and can never make a different one pass."""
    if citation.reading is None:
        return []
    quoted = unicodedata.normalize("NFC", words(citation))
    dated = display.is_date(claim.value) if claim.value is not None else False
    out = []
    for lang in ("en", "zh"):
        text = getattr(citation.reading, lang)
        if "{value}" not in text:
            out.append((lang, "reading-figure", "the reading does not show the claim's figure with {value}"))
        passages = [unicodedata.normalize("NFC", p) for p in SOURCE_WORDS.findall(text)]
        if not passages:
            out.append((lang, "reading-words", "the reading quotes none of the source's words in 「」"))
            continue
        missing = [p for p in passages if not p or p not in quoted]
        if missing:
            out.append((lang, "reading-words", f"the words it reads, 「{missing[0]}」, are not in the "
                                               f"{'quote' if citation.quote is not None else 'paraphrase'}"))
            continue
        if not any(numbers.writes_a_number(p) or (dated and RELATIVE_YEAR.search(p)) for p in passages):
            out.append((lang, "reading-words", f"the words it reads, {'、'.join(f'「{p}」' for p in passages)}, "
                                               "write no number"))
            continue
        for p in passages:
            figures = numbers.read(p)
            # a figure in digits is read as it stands: it is the claim's (and needs no reading) or it is another,
            # which no reading turns into the claim's, not even by a power of ten
            # (a part of the claim's figure, such as the year of a half-year written 「second half of 2026」, is
            # the claim's own too)
            own = set(claim_atoms(claim))
            other = [f for f in figures if numbers.in_digits(f, p)
                     and _judge(claim.value, _step(claim), unit, [f])[0] not in ("verbatim", "precision")
                     and not all((value, None) in own for value, _ in _atoms(f))]
            if other:
                out.append((lang, "reading-figure", f"the words it reads write {other[0].text!r} in digits, which is not "
                                                    f"the claim's figure {_shown_figure(claim.value, unit)}"))
                break
    return out


def _step(claim) -> Decimal:
    v = claim.value
    if isinstance(v, list) and not isinstance(v[0], str):
        return max(numbers.step_of_value(v[0], claim.precision), numbers.step_of_value(v[1], claim.precision))
    if isinstance(v, (str, list)):
        return Decimal(1)
    return numbers.step_of_value(v, claim.precision)


def _shown_figure(value, unit) -> str:
    shown = display.canonical(value)
    return shown if unit is None or display.is_date(value) else display.with_unit(shown, unit, "en", " ")


def _atoms(f: numbers.Figure) -> list[tuple[Decimal, tuple | None]]:
    """What a figure states, part by part: each number (a range's two ends, a date's year, month and day) with
    what its unit word measures and on which scale, if it has one."""
    if f.date is not None:
        return [(Decimal(x), None) for x in f.date if x is not None]
    unit = numbers.UNIT_WORDS.get(f.unit) if f.unit else None
    return [(f.low, unit), (f.high, unit)] if f.low is not None else []


def _stated(figures, extra=()) -> tuple[set, set]:
    with_unit = {a for f in figures for a in _atoms(f)} | set(extra)
    return with_unit, {v for v, _ in with_unit}


def foreign_figures(text: str, source: str, extra=()) -> list[numbers.Figure]:
    """The figures ``text`` (a translation) writes that ``source`` (its quote) does not: each number of a figure
    must be one the quote writes, by value (1.8 and 1.80, 8.54 万 and 85,400 are one number; Chinese numerals are
    read as numbers), and where both write a unit word, on the same scale (1.03 秒 is not 1.03 ms). ``extra`` are
    (value, None) the text may write besides: the claim's own figure, where a reading says how the quote's words
    give it."""
    extra = set(extra)
    return [f for f, atoms in _unstated(text, source) if not all((value, None) in extra for value, _ in atoms)]


_EN_NUMBER_WORDS = {w: Decimal(v) for v, ws in enumerate((
    "", "one|a|an|first|single", "two|both|second|twice|double", "three|third|thrice|triple", "four|fourth|quarter",
    "five|fifth", "six|sixth", "seven|seventh", "eight|eighth", "nine|ninth", "ten|tenth", "eleven", "twelve|dozen"))
    for w in ws.split("|") if w}
_EN_NUMBER_WORDS.update({w: Decimal(v) for w, v in (
    ("thirteen", 13), ("fourteen", 14), ("fifteen", 15), ("sixteen", 16), ("seventeen", 17), ("eighteen", 18),
    ("nineteen", 19), ("twenty", 20), ("thirty", 30), ("forty", 40), ("fifty", 50), ("sixty", 60), ("seventy", 70),
    ("eighty", 80), ("ninety", 90), ("hundred", 100), ("thousand", 1000), ("million", 10 ** 6), ("billion", 10 ** 9),
    ("trillion", 10 ** 12), ("half", Decimal("0.5")),
    # a weekday or a month, which Chinese writes with a numeral (Wednesday is 周三, June is 6 月); "may" is left out,
    # as the word is more often the verb
    ("monday", 1), ("tuesday", 2), ("wednesday", 3), ("thursday", 4), ("friday", 5), ("saturday", 6),
    ("january", 1), ("february", 2), ("march", 3), ("april", 4), ("june", 6), ("july", 7), ("august", 8),
    ("september", 9), ("october", 10), ("november", 11), ("december", 12))})
_EN_WORD = re.compile(r"\b(" + "|".join(sorted(_EN_NUMBER_WORDS, key=len, reverse=True)) + r")s?\b", re.I)


def _number_words(source: str) -> set:
    """The numbers an English quote writes in words (nine months, two companies, multi-billion, Wednesday, June): a
    translation into Chinese writes them as Chinese numerals (九个月, 两家, 数十亿, 周三, 6 月), which are the quote's own
    numbers."""
    return {_EN_NUMBER_WORDS[m.group(1).lower()] for m in _EN_WORD.finditer(source)}


@lru_cache(maxsize=32768)
def _unstated(text: str, source: str) -> tuple:
    """The figures of ``text`` with a number ``source`` does not state, each with its (value, unit) pairs: a quote
    and its translation are cited together, often by several claims, so each pair is read once."""
    stated, values = _stated(numbers.read(source))
    in_words = _number_words(source)
    out = []
    for f in numbers.read(text):
        if f.text == "一":
            continue  # 一 alone is Chinese for "a", "one" or "the first", as a translation of an English quote writes it
        atoms = _atoms(f)
        missing = [(value, unit) for value, unit in atoms
                   if not ((value, unit) in stated or (value, None) in stated or (unit is None and value in values)
                           or value in in_words)]
        if missing:
            out.append((f, tuple(missing)))
    return tuple(out)


def claim_atoms(claim) -> list[tuple[Decimal, None]]:
    """The claim's own figure as (value, None) pairs: a number, a range's ends, a date's parts."""
    v = claim.value
    if v is None:
        return []
    out = []
    for x in (v if isinstance(v, list) else [v]):
        if isinstance(x, str):
            out += [(Decimal(p), None) for p in x.split("-")]
        else:
            out.append((Decimal(x), None))
    return out


def examine(claim, unit) -> Verdict:
    """How the claim's own figure stands to the words its citations give."""
    v = claim.value
    if v is None:  # a derived claim with no stated figure shows the computed one
        return Verdict("computed" if claim.derivation is not None else "no-figure")
    if isinstance(v, list) and not isinstance(v[0], str):
        step = max(numbers.step_of_value(v[0], claim.precision), numbers.step_of_value(v[1], claim.precision))
    elif isinstance(v, (str, list)):
        step = Decimal(1)
    else:
        step = numbers.step_of_value(v, claim.precision)
    verdict = Verdict("missing")
    best = None
    readings = [i for i, cit in enumerate(claim.citations) if cit.reading is not None]
    # only a reading that stands (reading_problems) says how the figure is read; another makes nothing pass
    sound = [i for i in readings if not reading_problems(claim, claim.citations[i], unit)]
    for cit in claim.citations:
        result, near = _judge(v, step, unit, numbers.read(words(cit)))
        if _rank(result) > _rank(best):
            best = result
            verdict.near, verdict.near_source = near, cit.source
            if best == "verbatim":
                break  # one quote that writes it is enough
    has_reading = bool(sound)
    if best != "verbatim" or readings:  # for a message: the figure, and what the quotes do write
        # as recorded (kb.display), with the unit as the English pages write it after a number
        shown = display.canonical(v)
        verdict.figure = shown if unit is None or display.is_date(v) else display.with_unit(shown, unit, "en", " ")
        verdict.contains = [(cit.source, [f.text for f in numbers.read(words(cit))]) for cit in claim.citations]
    if best == "verbatim":
        verdict.status = "verbatim"
        # a reading is for a figure its own quote does not write: a citation whose quote writes it needs none (a
        # page read at its address is held to its own quote, kb.check web_quotes, so its reading stands even where
        # another citation's quote writes the figure)
        for i in readings:
            own, near = _judge(v, step, unit, numbers.read(words(claim.citations[i])))
            if own == "verbatim":
                verdict.unneeded_readings.append((i, near))
    elif has_reading:
        verdict.status = "reading"
    elif best == "precision":
        verdict.status = "precision"
    elif isinstance(best, tuple):
        verdict.status, verdict.why = "scale", best[1]
    return verdict


def citation_writes_figure(claim, citation, unit) -> bool:
    """Whether ``citation``'s own quote writes the claim's figure (verbatim), or the citation says soundly how its
    words give it (a reading): what a quote of a page read at its address must do, one citation at a time."""
    if claim.value is None or citation.quote is None:
        return False
    if citation.reading is not None:
        return not reading_problems(claim, citation, unit)
    return _judge(claim.value, _step(claim), unit, numbers.read(citation.quote))[0] == "verbatim"


def step_words(step: Decimal) -> str:
    return "a whole number" if step == 1 else f"the nearest {show(step)}"
