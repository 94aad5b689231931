"""Read the numbers a quote writes, as it writes them, in Chinese (简/繁) and English.

:func:`read` returns every figure it finds in a text: plain numbers with or without
thousands separators (``85,448``, ``85448``), full-width digits, 万 / 亿 (``8.54 万``) and
English ``million`` / ``billion`` (``670 billion``, ``670-billion``), Chinese numerals (九, 两, 十六, 一百二十, 零点五), ranges
(``1.5 — 1.9``, ``1.5 到 1.9``, ``1.5～1.8``, ``1.5-1.9``), percents (``40%``, 百分之四十),
and dates (``2026 年 8 月 25 日``, ``8 月 25 日``, ``2026-08``, ``June 24, 2026``).

Each figure keeps the precision the text writes: the step of its last written digit
(``1.80`` is to the nearest 0.01, ``8.54 万`` to the nearest 100, ``10 万`` to the nearest
10,000), so that a claim that writes 1.8 where the source writes 1.80 can be told apart.
A unit word written right after a number (秒, ms, 个月, W, MW, GB, GiB, TB/s, Tbps, terabits, TFLOPS, %, 倍...) is
kept with it, so that a figure read on another scale (1.03 秒 recorded as 1030 ms, 512 GB as 512 TB, 4.6 PFLOPS
as 4.6 TFLOPS), in bits where the metric counts bytes (7.2 Tbps or 7.2 terabits recorded as 7.2 TB/s), or in binary
units where the metric's are decimal (192 GiB recorded as 192 GB) can be named as such.

Words that are not numerals are not read: 半 (half), 翻倍 (doubled), 四分之三 read as a share,
六七成 (six or seven tenths), bare 万亿 (trillion-scale) and Latin magnitude letters (1T, 8K).
Where a source writes a figure that way, the citation states how it is read (``reading``).

Chinese numerals are converted by the cn2an package; this module finds them and their
precision.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

# Full-width digits and punctuation to ASCII, one character for one, so positions hold.
_FULL_WIDTH = str.maketrans("０１２３４５６７８９．％－", "0123456789.%-")

# Unit words a figure may carry: the word as written → (dimension, size in the base unit).
# Only what is needed to tell a scale error; other words after a number are left alone.
MONTH = Decimal(2629746)
YEAR = Decimal(31556952)
_SI_WORDS = (("kilo", 3), ("mega", 6), ("giga", 9), ("tera", 12), ("peta", 15), ("exa", 18))
BINARY_PREFIXES = (("K", 10), ("M", 20), ("G", 30), ("T", 40), ("P", 50))  # KiB is 2^10 bytes
COMPUTE_PREFIXES = (("G", 9), ("T", 12), ("P", 15), ("E", 18))  # TFLOPS is 10^12 operations a second

UNIT_WORDS: dict[str, tuple[str, Decimal]] = {
    "毫秒": ("time", Decimal("0.001")), "ms": ("time", Decimal("0.001")),
    "milliseconds": ("time", Decimal("0.001")), "millisecond": ("time", Decimal("0.001")),
    "秒": ("time", Decimal(1)), "s": ("time", Decimal(1)), "seconds": ("time", Decimal(1)),
    "second": ("time", Decimal(1)), "sec": ("time", Decimal(1)),
    "分钟": ("time", Decimal(60)), "分鐘": ("time", Decimal(60)), "minutes": ("time", Decimal(60)),
    "小时": ("time", Decimal(3600)), "小時": ("time", Decimal(3600)), "hours": ("time", Decimal(3600)),
    "hour": ("time", Decimal(3600)),
    "天": ("time", Decimal(86400)), "days": ("time", Decimal(86400)), "day": ("time", Decimal(86400)),
    "周": ("time", Decimal(604800)), "週": ("time", Decimal(604800)), "weeks": ("time", Decimal(604800)),
    "个月": ("time", MONTH), "個月": ("time", MONTH), "months": ("time", MONTH), "month": ("time", MONTH),
    "年": ("time", YEAR), "years": ("time", YEAR), "year": ("time", YEAR),
    "W": ("power", Decimal(1)), "瓦": ("power", Decimal(1)), "kW": ("power", Decimal(1000)),
    "千瓦": ("power", Decimal(1000)), "MW": ("power", Decimal(10) ** 6), "兆瓦": ("power", Decimal(10) ** 6),
    "GW": ("power", Decimal(10) ** 9),
    "%": ("percent", Decimal(1)), "percent": ("percent", Decimal(1)),
    **{f"{p}B": ("data", Decimal(10) ** e) for p, e in (("K", 3), ("k", 3), ("M", 6), ("G", 9), ("T", 12), ("P", 15))},
    **{f"{p}b": ("data", Decimal(10) ** e / 8) for p, e in (("K", 3), ("k", 3), ("M", 6), ("G", 9), ("T", 12), ("P", 15))},
    **{f"{p}B/s": ("data-rate", Decimal(10) ** e) for p, e in (("K", 3), ("M", 6), ("G", 9), ("T", 12), ("P", 15))},
    **{w: ("data-rate", Decimal(10) ** e / 8) for p, e in (("K", 3), ("k", 3), ("M", 6), ("G", 9), ("T", 12), ("P", 15))
       for w in (f"{p}b/s", f"{p}bps", f"{p}bit/s")},
    "字节": ("data", Decimal(1)), "位元組": ("data", Decimal(1)), "比特": ("data", Decimal(1) / 8),
    "吉字节": ("data", Decimal(10) ** 9), "太字节": ("data", Decimal(10) ** 12),
    # binary prefixes (IEC): 192 GiB is 206.2 GB, not 192 GB
    **{f"{p}iB": ("data", Decimal(2) ** e) for p, e in BINARY_PREFIXES},
    **{f"{p}iB/s": ("data-rate", Decimal(2) ** e) for p, e in BINARY_PREFIXES},
    # the prefixes spelled out: 7.2 terabits is not 7.2 terabytes
    **{w: ("data", Decimal(10) ** e) for p, e in _SI_WORDS for w in (f"{p}bytes", f"{p}byte")},
    **{w: ("data", Decimal(10) ** e / 8) for p, e in _SI_WORDS for w in (f"{p}bits", f"{p}bit")},
    **{w: ("data-rate", Decimal(10) ** e) for p, e in _SI_WORDS for w in (f"{p}bytes per second", f"{p}bytes/s")},
    **{w: ("data-rate", Decimal(10) ** e / 8) for p, e in _SI_WORDS for w in (f"{p}bits per second", f"{p}bits/s")},
    **{w: ("data-rate", Decimal(10) ** e) for p, e in (("G", 9), ("T", 12)) for w in (f"{p}B/sec", f"{p}Bps")},
    "兆字节": ("data", Decimal(10) ** 6), "太比特": ("data", Decimal(10) ** 12 / 8), "吉比特": ("data", Decimal(10) ** 9 / 8),
    # operations a second, at whatever precision the figure states: TFLOPS, PFLOPS, TOPS, petaflops
    **{w: ("compute", Decimal(10) ** e) for p, e in COMPUTE_PREFIXES
       for w in (f"{p}FLOPS", f"{p}FLOPs", f"{p}FLOP/s", f"{p}OPS", f"{p}OP/s")},
    **{w: ("compute", Decimal(10) ** e) for p, e in _SI_WORDS if e >= 9
       for w in (f"{p}flops", f"{p}FLOPS", f"{p.capitalize()}FLOPS", f"{p.capitalize()}flops", f"{p}-operations per second")},
    "倍": ("times", Decimal(1)), "×": ("times", Decimal(1)), "x": ("times", Decimal(1)),
    "times": ("times", Decimal(1)),
}
_UNIT_RE = re.compile(r"\s?(" + "|".join(re.escape(w) for w in sorted(UNIT_WORDS, key=len, reverse=True))
                      + r")(?![A-Za-z])")

_MULTIPLIERS = {"万亿": Decimal(10) ** 12, "萬億": Decimal(10) ** 12, "万": Decimal(10) ** 4, "萬": Decimal(10) ** 4,
                "亿": Decimal(10) ** 8, "億": Decimal(10) ** 8, "thousand": Decimal(10) ** 3,
                "million": Decimal(10) ** 6, "billion": Decimal(10) ** 9, "trillion": Decimal(10) ** 12}
# 670 billion, and 670-billion as a compound adjective writes it ('the 670-billion-parameter model')
_MULT_RE = re.compile(r"(?:\s|-(?=[tmb]))?(万亿|萬億|万|萬|亿|億|(?<=\d[ -])(?:thousand|million|billion|trillion)\b)")

# The patterns that start with a lookahead only skip ahead to where a match can begin.
_ARABIC = re.compile(r"(?=\d)(?<![A-Za-z\d.,])(\d{1,3}(?:[,，]\d{3})+(?!\d)|\d+)(\.\d+)?(?![\d])")
_CN_CHARS = "零〇一二两兩三四五六七八九十百千万萬亿億"
_CN_RUN = re.compile(rf"(?=[{_CN_CHARS}])(百分之)?([{_CN_CHARS}](?:[{_CN_CHARS}]|[点點](?=[零〇一二两兩三四五六七八九]))*)")
_RANGE_SEP = re.compile(r"\s*(?:[—–\-~～〜]|到|至|to)\s*")

_MONTHS = {m: i for i, names in enumerate((
    ("jan", "january"), ("feb", "february"), ("mar", "march"), ("apr", "april"), ("may",), ("jun", "june"),
    ("jul", "july"), ("aug", "august"), ("sep", "sept", "september"), ("oct", "october"), ("nov", "november"),
    ("dec", "december")), start=1) for m in names}
_MONTH_RE = r"(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?"
_DATES = [
    # 2026-08-25, 2026-08
    (re.compile(r"(?<![\d-])((?:19|20)\d\d)-(0[1-9]|1[0-2])(?:-(0[1-9]|[12]\d|3[01]))?(?![\d-])"), "ymd"),
    # 2026 年 8 月 25 日, 2026 年 8 月, 2026 年
    (re.compile(r"(?<!\d)((?:19|20)\d\d)\s*年(?:\s*(1[0-2]|0?[1-9])\s*月(?:\s*(3[01]|[12]\d|0?[1-9])\s*[日号號])?)?"), "zh"),
    # 8 月 25 日 (a month alone, or a day alone, is not read as a date)
    (re.compile(r"(?<!\d)(1[0-2]|0?[1-9])\s*月\s*(3[01]|[12]\d|0?[1-9])\s*[日号號]"), "zh-md"),
    # June 24, 2026; June 24; Aug. 25 2026
    (re.compile(_MONTH_RE + r"\s+(3[01]|[12]\d|0?[1-9])(?:st|nd|rd|th)?(?:,?\s+((?:19|20)\d\d))?(?!\d)", re.I), "mdy"),
    # 24 June 2026
    (re.compile(r"(?<!\d)(3[01]|[12]\d|0?[1-9])\s+" + _MONTH_RE + r"(?:,?\s+((?:19|20)\d\d))?(?!\d)", re.I), "dmy"),
    # June 2026
    (re.compile(_MONTH_RE + r"\s+((?:19|20)\d\d)(?!\d)", re.I), "my"),
]


_DATE_HINT = {"ymd": "-", "zh": "年", "zh-md": "月"}
_MONTH_HINT = re.compile(r"(?i)\b(?=[adfjmnos])(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)")
_CN_SET = frozenset(_CN_CHARS)


@dataclass(slots=True)
class Figure:
    """One figure as a text writes it."""

    text: str  # the words as written
    start: int
    low: Decimal | None = None  # a number, or the low end of a range
    high: Decimal | None = None  # the high end (== low for a single number)
    step: Decimal = Decimal(1)  # the step of the last written digit, on the figure's own scale
    unit: str | None = None  # a unit word written after it (see UNIT_WORDS)
    date: tuple | None = None  # (year or None, month or None, day or None)

    @property
    def is_range(self) -> bool:
        return self.low is not None and self.low != self.high


def _step_of(digits_after_point: str) -> Decimal:
    return Decimal(1).scaleb(-len(digits_after_point)) if digits_after_point else Decimal(1)


@lru_cache(maxsize=1)
def _cn2an():
    import cn2an  # imported once, when a text first has a Chinese numeral

    return cn2an.cn2an


_DIGIT = {ch: i for i, ch in enumerate("零一二三四五六七八九")}
_PLACE = {"十": 10, "百": 100, "千": 1000}


def _simple(run: str) -> int | None:
    """A whole number below 10,000 in its regular written form (九, 十六, 二十, 一百二十, 一千零五), else None.

    The common case, read without cn2an (whose import is most of the time a check takes); anything
    else goes to cn2an. tests/test_numbers.py checks that the two agree wherever this one answers."""
    total, digit, last_place, after_zero = 0, None, 10_000, False
    for i, ch in enumerate(run):
        if ch == "零":
            if digit is not None or i == 0 or after_zero:
                return None
            after_zero = True
        elif ch in _DIGIT:
            if digit is not None:
                return None
            digit = _DIGIT[ch]
        else:
            place = _PLACE[ch]
            if digit is None:
                if i or place != 10:
                    return None
                digit = 1  # 十六: the leading 一 of the tens is left unwritten
            skipped = last_place != 10_000 and place * 10 != last_place
            if place >= last_place or digit == 0 or after_zero != skipped:
                return None  # 一千一十 wants its 零 (一千零一十), and 一千零二百 has one too many
            total, last_place, digit, after_zero = total + digit * place, place, None, False
    if digit is not None:
        if last_place != 10_000 and (last_place > 10) != after_zero:
            return None  # 一千五 is colloquial (left to cn2an); 二十零五 is no numeral
        total += digit
    elif after_zero:
        return None
    return total if run else None


@lru_cache(maxsize=4096)
def _chinese(run: str) -> tuple[Decimal, Decimal] | None:
    """A run of Chinese numerals → (value, step), or None where it is not a number."""
    run = run.replace("两", "二").replace("兩", "二").replace("萬", "万").replace("億", "亿") \
        .replace("點", "点").replace("〇", "零")
    mult = Decimal(1)
    for word in ("万亿", "亿", "万"):
        # 8.54 万 is to the nearest 100: a trailing 万 / 亿 scales the precision too.
        if run.endswith(word) and len(run) > len(word):
            mult, run = Decimal(10) ** {"万亿": 12, "亿": 8, "万": 4}[word], run[: -len(word)]
            break
    if run[0] in "百千万亿" or (len(run) > 1 and all(ch in "一二三四五六七八九零" for ch in run)):
        return None  # a bare magnitude (万亿参数) or a string of digits (六七, 一二三) is no one number
    simple = _simple(run) if "点" not in run and "万" not in run and "亿" not in run else None
    if simple is not None:
        value = Decimal(simple)
    else:
        try:
            value = Decimal(str(_cn2an()(run, "strict")))
        except (ValueError, KeyError, IndexError, TypeError):
            return None
    step = _step_of(run.split("点", 1)[1]) if "点" in run else Decimal(1)
    return value * mult, step * mult


def _unit_after(text: str, end: int) -> tuple[str | None, int]:
    m = _UNIT_RE.match(text, end)
    if m and not (m.group(1)[-1:].isascii() and m.group(1)[-1:].isalpha() and text[m.end():m.end() + 1].isdigit()):
        return m.group(1), m.end()  # (a Latin unit word followed by a digit is a name's start: 8 GB200 racks)
    return None, end


@lru_cache(maxsize=32768)
def read(text: str) -> tuple[Figure, ...]:
    """Every figure the text writes, in the order written (the same quote is often cited by several claims)."""
    plain = text.translate(_FULL_WIDTH)
    dated: list[tuple[int, int]] = []  # spans read as dates, whose digits are not read again
    found: list[Figure] = []

    def free(a, b):
        return not any(a < y and x < b for x, y in dated)

    months = _MONTH_HINT.search(plain) is not None
    for rx, form in _DATES:
        if not (months if form in ("mdy", "dmy", "my") else _DATE_HINT[form] in plain):
            continue  # most quotes have no date: a character's test is cheaper than the pattern's
        for m in rx.finditer(plain):
            if not free(m.start(), m.end()):
                continue
            g = m.groups()
            if form == "ymd":
                date = (int(g[0]), int(g[1]), int(g[2]) if g[2] else None)
            elif form == "zh":
                date = tuple(int(x) if x else None for x in g)
            elif form == "zh-md":
                date = (None, int(g[0]), int(g[1]))
            elif form == "mdy":
                date = (int(g[2]) if g[2] else None, _MONTHS[g[0].lower().rstrip(".")], int(g[1]))
            elif form == "dmy":
                date = (int(g[2]) if g[2] else None, _MONTHS[g[1].lower().rstrip(".")], int(g[0]))
            else:
                date = (int(g[1]), _MONTHS[g[0].lower().rstrip(".")], None)
            span = m.group(0).rstrip()
            found.append(Figure(text[m.start():m.start() + len(span)], m.start(), date=date))
            dated.append((m.start(), m.start() + len(span)))

    numbers: list[tuple] = []  # start, end, value, step, unit written before it (百分之)
    for m in _ARABIC.finditer(plain):
        if dated and not free(m.start(), m.end()):
            continue
        value = Decimal(m.group(1).replace(",", "").replace("，", "") + (m.group(2) or ""))
        step = _step_of((m.group(2) or "")[1:])
        end = m.end()
        mm = _MULT_RE.match(plain, end)
        if mm:
            mult = _MULTIPLIERS[mm.group(1)]
            value, step, end = value * mult, step * mult, mm.end()
        numbers.append((m.start(), end, value, step, None))
    for m in (_CN_RUN.finditer(plain) if _CN_SET.intersection(plain) else ()):
        if dated and not free(m.start(), m.end()):
            continue
        got = _chinese(m.group(2))
        if got is None:
            continue
        numbers.append((m.start(), m.end(), got[0], got[1], "%" if m.group(1) else None))
    numbers.sort()

    i = 0
    while i < len(numbers):
        a = numbers[i]
        a_unit, a_end = (a[4], a[1]) if a[4] else _unit_after(plain, a[1])
        if i + 1 < len(numbers):
            b = numbers[i + 1]
            sep = _RANGE_SEP.fullmatch(plain, a[1], b[0])
            b_unit, b_end = (b[4], b[1]) if b[4] else _unit_after(plain, b[1])
            if not sep and a_unit is not None and a_unit == b_unit and a_end <= b[0]:
                sep = _RANGE_SEP.fullmatch(plain, a_end, b[0])  # the unit written at both ends: 40%-50%, 1.5 秒到 1.9 秒
            if sep and (a_unit is None or a_unit in ("%",) or a_unit == b_unit) and a[2] <= b[2]:
                step = max(a[3], b[3])
                found.append(Figure(text[a[0]:b_end], a[0], a[2], b[2], step, b_unit or a_unit))
                i += 2
                continue
        found.append(Figure(text[a[0]:a_end], a[0], a[2], a[2], a[3], a_unit))
        i += 1
    found.sort(key=lambda f: f.start)
    return tuple(found)


# Words that write a number, in digits or in words: what a citation's reading must quote of its source (「六七成」,
# 「将近四分之三」, 「翻倍」, 「1T」, "nearly three quarters"). Looser than read(): it only tells words that carry a
# number from words that carry none (「很快」, "fast").
NUMBER_WORDS = re.compile(
    r"[0-9０-９零〇一二两兩三四五六七八九十百千万萬亿億半倍双雙翻成]"
    r"|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen"
    r"|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundreds?|thousands?"
    r"|millions?|billions?|trillions?|half|halves|halved|twice|double[sd]?|triple[sd]?|quadruple[sd]?|quarters?"
    r"|thirds?|fifths?|tenths?|dozens?|percent|single|once|none|zero)\b", re.I)


def writes_a_number(text: str) -> bool:
    """Whether the words write a number in any form (NUMBER_WORDS)."""
    return NUMBER_WORDS.search(text) is not None


def in_digits(f: Figure, text: str) -> bool:
    """Whether a figure read from ``text`` is written in digits that read() reads as they stand: not in words,
    and not with a magnitude letter after them (1T, 670B, 8K), which read() does not read."""
    if not re.search(r"[0-9０-９]", f.text):
        return False
    after = text[f.start + len(f.text):f.start + len(f.text) + 1]
    return not re.match(r"[A-Za-z]", after)


def step_of_value(value, precision) -> Decimal:
    """The step a claim's figure is stated to: its precision, or the last digit it writes (1.80 → 0.01)."""
    if precision is not None and precision != "exact":
        return Decimal(str(precision))
    exp = Decimal(str(value)).as_tuple().exponent
    return Decimal(1).scaleb(min(exp, 0)) if isinstance(exp, int) else Decimal(1)


def show(value: Decimal) -> str:
    """A number for a message: 1.80 as written, 85400 without exponent."""
    s = format(value, "f")
    return s
