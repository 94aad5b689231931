"""The number reader (kb.numbers) and the check of a figure against its quote (kb.figurecheck).

Every form a source writes a figure in, in Simplified and Traditional Chinese and in English,
read back with its value, its range, its unit word and the precision it is written to.
"""
from __future__ import annotations

from decimal import Decimal as D
from types import SimpleNamespace as NS

import pytest
from hypothesis import given, settings, strategies as st

from kb import figurecheck, numbers


def figs(text):
    return [(f.text, f.low, f.high, f.step, f.unit) for f in numbers.read(text) if f.date is None]


def dates(text):
    return [(f.text, f.date) for f in numbers.read(text) if f.date is not None]


@pytest.mark.parametrize("text,expected", [
    # separators and none, full-width digits
    ("峰值每瓦吞吐 85,448 对 44,960；", [("85,448", D(85448), D(85448), D(1), None), ("44,960", D(44960), D(44960), D(1), None)]),
    ("85448 mixed TPS/kW", [("85448", D(85448), D(85448), D(1), None)]),
    ("８５，４４８", [("８５，４４８", D(85448), D(85448), D(1), None)]),
    ("约１５．４TB/s", [("１５．４TB/s", D("15.4"), D("15.4"), D("0.1"), "TB/s")]),
    ("7.2 Tbps", [("7.2 Tbps", D("7.2"), D("7.2"), D("0.1"), "Tbps")]), ("512GB，", [("512GB", D(512), D(512), D(1), "GB")]),
    ("8 GB200 racks", [("8", D(8), D(8), D(1), None)]),  # a name after a number is no unit word
    # decimals keep their written precision
    ("端到端延迟 1.03 对 1.80 秒", [("1.03", D("1.03"), D("1.03"), D("0.01"), None),
                                ("1.80 秒", D("1.80"), D("1.80"), D("0.01"), "秒")]),
    # 万 and 亿 (both scripts), and English magnitudes, scale the precision with the value
    ("每千瓦每秒处理约 8.54 万个 token", [("8.54 万", D(85400), D(85400), D(100), None)]),
    ("10 萬 token 長上下文", [("10 萬", D(100000), D(100000), D(10000), None)]),
    ("6700 亿参数", [("6700 亿", D(670) * 10 ** 9, D(670) * 10 ** 9, D(10) ** 8, None)]),
    ("6700億參數", [("6700億", D(670) * 10 ** 9, D(670) * 10 ** 9, D(10) ** 8, None)]),
    ("1.2 million tokens", [("1.2 million", D(1200000), D(1200000), D(100000), None)]),
    # Chinese numerals, simplified and traditional
    ("用时九个月", [("九个月", D(9), D(9), D(1), "个月")]),
    ("两个月内", [("两个月", D(2), D(2), D(1), "个月")]),
    ("兩天，四家公司", [("兩天", D(2), D(2), D(1), "天"), ("四", D(4), D(4), D(1), None)]),
    ("双 16 核，十六核", [("16", D(16), D(16), D(1), None), ("十六", D(16), D(16), D(1), None)]),
    ("一百二十个", [("一百二十", D(120), D(120), D(1), None)]),
    ("零点五", [("零点五", D("0.5"), D("0.5"), D("0.1"), None)]),
    ("十萬", [("十萬", D(100000), D(100000), D(10000), None)]),
    # ranges, every separator, the unit after the second end applying to both
    ("快 1.5 — 1.8 倍", [("1.5 — 1.8 倍", D("1.5"), D("1.8"), D("0.1"), "倍")]),
    ("1.5 到 1.9", [("1.5 到 1.9", D("1.5"), D("1.9"), D("0.1"), None)]),
    ("快 1.5～1.8 倍", [("1.5～1.8 倍", D("1.5"), D("1.8"), D("0.1"), "倍")]),
    ("成本可降低 40%-50%", [("40%-50%", D(40), D(50), D(1), "%")]),  # the unit written at both ends
    ("from 80% to 100% of it", [("80% to 100%", D(80), D(100), D(1), "%")]),
    ("1.5 秒到 1.9 秒", [("1.5 秒到 1.9 秒", D("1.5"), D("1.9"), D("0.1"), "秒")]),
    ("1.5-1.9", [("1.5-1.9", D("1.5"), D("1.9"), D("0.1"), None)]),
    ("1.5–1.8x faster", [("1.5–1.8x", D("1.5"), D("1.8"), D("0.1"), "x")]),
    ("1.5 至 1.8 倍", [("1.5 至 1.8 倍", D("1.5"), D("1.8"), D("0.1"), "倍")]),
    ("常规周期是 18 到 24 个月起步", [("18 到 24 个月", D(18), D(24), D(1), "个月")]),
    ("Rubin 是 900～1150W。", [("900～1150W", D(900), D(1150), D(1), "W")]),
    ("between 18 to 24 months", [("18 to 24 months", D(18), D(24), D(1), "months")]),
    # percents
    ("多线程性能较上代提升 40%，", [("40%", D(40), D(40), D(1), "%")]),
    ("提升４０％", [("４０％", D(40), D(40), D(1), "%")]),
    ("百分之四十", [("百分之四十", D(40), D(40), D(1), "%")]),
    ("up 12.5 percent", [("12.5 percent", D("12.5"), D("12.5"), D("0.1"), "percent")]),
    # names are not figures: digits joined to letters, 第 ordinals still read as numbers of their own
    ("GB200 和 Kimi K2.5 的 M6", []),
    # words that are no numeral stay unread: the citation needs a reading
    ("六七成", []), ("万亿参数", []), ("翻倍", []), ("半代", []),
])
def test_reads_every_form(text, expected):
    assert figs(text) == expected


@pytest.mark.parametrize("text,expected", [
    ("2026 年 8 月 25 日，OpenAI 公开了", [("2026 年 8 月 25 日", (2026, 8, 25))]),
    ("2026年8月25日", [("2026年8月25日", (2026, 8, 25))]),
    ("２０２６年８月", [("２０２６年８月", (2026, 8, None))]),
    ("2025 年 11 月流片", [("2025 年 11 月", (2025, 11, None))]),
    ("于 6 月 24 日披露", [("6 月 24 日", (None, 6, 24))]),
    ("2024 年年中", [("2024 年", (2024, None, None))]),
    ("8 月 24 號", [("8 月 24 號", (None, 8, 24))]),
    ("on June 24, 2026 OpenAI", [("June 24, 2026", (2026, 6, 24))]),
    ("24 June 2026", [("24 June 2026", (2026, 6, 24))]),
    ("Aug. 25", [("Aug. 25", (None, 8, 25))]),
    ("in September 2026", [("September 2026", (2026, 9, None))]),
    ("2026-08-25 and 2025-11", [("2026-08-25", (2026, 8, 25)), ("2025-11", (2025, 11, None))]),
])
def test_reads_dates(text, expected):
    assert dates(text) == expected


def test_a_date_is_not_also_read_as_numbers():
    assert figs("2026 年 8 月 25 日") == []
    assert figs("8 月") == [("8", D(8), D(8), D(1), None)]  # a month alone is not a date


# --- properties -----------------------------------------------------------------------------

FW = str.maketrans("0123456789.,", "０１２３４５６７８９．，")


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=10 ** 12), st.integers(min_value=0, max_value=4),
       st.booleans(), st.booleans(), st.sampled_from(["", " 秒", "%", " 倍", "W"]))
def test_any_decimal_reads_back_with_its_precision(units, places, grouped, full_width, unit):
    value = D(units).scaleb(-places)
    whole, _, frac = f"{value:f}".partition(".")
    written = (f"{int(whole):,}" if grouped else whole) + (f".{frac}" if frac else "")
    if full_width:
        written = written.translate(FW)
    [(text, low, high, step, got_unit)] = figs(f"数字为 {written}{unit}，完")
    assert (low, high, step) == (value, value, D(1).scaleb(-places))
    assert got_unit == (unit.strip() or None)


DIGITS = "零一二三四五六七八九"


def chinese(n: int) -> str:
    """n (1 ≤ n < 10000) in Chinese numerals, written here independently of the reader."""
    out, zero = "", False
    for value, name in ((1000, "千"), (100, "百"), (10, "十"), (1, "")):
        d, n = divmod(n, value)
        if d:
            if zero:
                out += "零"
            out += ("" if (name == "十" and d == 1 and not out) else DIGITS[d]) + name
            zero = False
        elif out:
            zero = True
    return out


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=1, max_value=9999), st.booleans())
def test_any_chinese_numeral_reads_back(n, traditional):
    text = chinese(n)
    if traditional and text.startswith("二"):
        text = "兩" + text[1:]
    assert [(low, step) for _, low, _, step, _ in figs(f"共有{text}颗")] == [(D(n), D(1))]


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=999), st.integers(min_value=1, max_value=999),
       st.sampled_from([" — ", " 到 ", "～", "-", " 至 ", "–"]))
def test_any_range_reads_back(a, gap, sep):
    b = a + gap
    [(text, low, high, _, _)] = figs(f"快 {a}{sep}{b} 倍")
    assert (low, high) == (D(a), D(b))


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60))
def test_any_text_is_read_without_error(text):
    for f in numbers.read(text):
        assert f.text and text[f.start:f.start + len(f.text)] == f.text


# --- a figure against its quote --------------------------------------------------------------

SECOND = NS(symbol=NS(en="s"), dimension={"time": 1}, scale=D(1), space=True)
MS = NS(symbol=NS(en="ms"), dimension={"time": 1}, scale=D("0.001"), space=True)
TIMES = NS(symbol=NS(en="×"), dimension={}, scale=D(1), space=False)  # as data/units.yml writes it: 1.9×
DATE = NS(symbol=NS(en=""), dimension={}, scale=D(1), space=True)
GB = NS(symbol=NS(en="GB"), dimension={"data": 1}, scale=D(10) ** 9, space=True)
TBPS = NS(symbol=NS(en="TB/s"), dimension={"data": 1, "time": -1}, scale=D(10) ** 12, space=True)
TFLOPS = NS(symbol=NS(en="TFLOPS"), dimension={"compute": 1, "time": -1}, scale=D(10) ** 12, space=True)


def claim(value, quote, precision=None, reading=None, derivation=None, paraphrase=None):
    cit = NS(source="a", quote=None if paraphrase else quote, paraphrase=paraphrase, reading=reading)
    return NS(value=value, precision=precision, derivation=derivation, citations=[cit])


QUOTE = "端到端延迟 1.03 对 1.80 秒"


@pytest.mark.parametrize("value,quote,unit,precision,status", [
    (D("1.03"), QUOTE, SECOND, None, "verbatim"),
    (D("1.80"), QUOTE, SECOND, None, "verbatim"),
    (D("1.30"), QUOTE, SECOND, None, "missing"),  # the figure of the issue: not in the quote
    (D("1030"), QUOTE, SECOND, None, "scale"),  # 1000 times the quote's
    (D("1030"), "延迟为 1.03 秒", MS, None, "scale"),  # seconds recorded in ms
    (D("1.03"), "延迟为 1.03 秒", MS, None, "scale"),  # the quote's number, on the wrong scale
    (D("1030"), "延迟为 1030 毫秒", MS, None, "verbatim"),
    (D("1.8"), QUOTE, SECOND, None, "precision"),  # the quote writes 1.80
    (D(85400), "约 8.54 万个 token", None, D(100), "verbatim"),
    (D(85400), "约 8.54 万个 token", None, None, "precision"),
    (D(-75), "等待时间缩短 75%", None, None, "verbatim"),  # a cut: the sign is in the verb
    (D(9), "用时九个月", None, None, "verbatim"),
    ([D("1.5"), D("1.8")], "快 1.5～1.8 倍", TIMES, None, "verbatim"),
    ([D("1.5"), D("1.9")], "快 1.5～1.8 倍", TIMES, None, "missing"),
    ([D(1500), D(1800)], "快 1.5～1.8 倍", TIMES, None, "scale"),
    ("2026-08-25", "2026 年 8 月 25 日，OpenAI", DATE, None, "verbatim"),
    ("2026-06-24", "于 6 月 24 日披露", DATE, None, "verbatim"),  # the year is the source's own
    ("2026-08", "2026 年 8 月 25 日", DATE, None, "precision"),
    ("2026-09", "2026 年 8 月", DATE, None, "missing"),
    ("2026-06-24", "June 24, 2026", DATE, None, "verbatim"),
    (["2025-10", "2026-08"], "从 2025 年 10 月到 2026 年 8 月", DATE, None, "verbatim"),
    (["2026", "2030"], "for the window from 2026 to 2030", DATE, None, "verbatim"),  # years as a range of numbers
    (["2026", "2031"], "for the window from 2026 to 2030", DATE, None, "missing"),
    ([D(40), D(50)], "总拥有成本可降低 40%-50%", None, None, "verbatim"),
    (None, QUOTE, SECOND, None, "no-figure"),
    # bits and bytes, binary and decimal, SI prefixes: the slips accelerator figures are known for
    (D("7.2"), "Ironwood has 7.2 terabits per second of bandwidth", TBPS, None, "scale"),
    (D("7.2"), "with 7.2 Tbps of interconnect bandwidth", TBPS, None, "scale"),
    (D("0.9"), "with 7.2 Tbps of interconnect bandwidth", TBPS, None, "scale"),  # converted, not as written
    (D("8"), "8 TB/s of memory bandwidth", TBPS, None, "verbatim"),
    (D("4.8"), "4.8 TB/sec", TBPS, None, "verbatim"),
    (D("4.8"), "4.8 terabytes per second", TBPS, None, "verbatim"),
    (D("192"), "192 GiB of HBM per chip", GB, None, "scale"),
    (D("192"), "192 GB of HBM3E", GB, None, "verbatim"),
    (D("192"), "192 gigabytes of HBM3E", GB, None, "verbatim"),
    (D("4.6"), "up to 4.6 PFLOPS of dense FP4", TFLOPS, None, "scale"),
    (D("4600"), "up to 4.6 PFLOPS of dense FP4", TFLOPS, None, "scale"),  # converted: record it as written
    (D("1979"), "1,979 teraFLOPS of FP8", TFLOPS, None, "verbatim"),
    (D("1979"), "1,979 TFLOPS", TFLOPS, None, "verbatim"),
])
def test_examine(value, quote, unit, precision, status):
    assert figurecheck.examine(claim(value, quote, precision), unit).status == status


def test_a_reading_answers_and_a_needless_one_is_named():
    reading = NS(en="The article writes 「将近四分之三」; read as {value}", zh="原文写作「将近四分之三」；按 {value}来读")
    assert figurecheck.examine(claim(D(-75), "缩短了将近四分之三", reading=reading), None).status == "reading"
    v = figurecheck.examine(claim(D("1.03"), QUOTE, reading=reading), SECOND)
    assert v.status == "verbatim" and [f.text for _, f in v.unneeded_readings] == ["1.03"]


def test_a_paraphrase_counts_in_either_language():
    para = NS(en="The page gives a latency of 1.03 seconds.", zh="该页给出的延迟为一点零三秒。")
    assert figurecheck.examine(claim(D("1.03"), None, paraphrase=para), SECOND).status == "verbatim"
    para = NS(en="The page gives a latency.", zh="该页给出的延迟为九秒。")
    assert figurecheck.examine(claim(D(9), None, paraphrase=para), SECOND).status == "verbatim"


def test_a_derived_claim_without_a_figure_is_computed():
    assert figurecheck.examine(claim(None, QUOTE, derivation=object()), SECOND).status == "computed"
    # one that also states the source's figure is checked like any other
    assert figurecheck.examine(claim(D("1.30"), QUOTE, derivation=object()), SECOND).status == "missing"


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="零一二三四五六七八九十百千", min_size=1, max_size=7))
def test_the_fast_reading_of_chinese_numerals_agrees_with_cn2an(run):
    """Where the reader's own reading of a plain numeral answers, cn2an gives the same number."""
    import cn2an

    mine = numbers._simple(run)
    if mine is not None:
        assert cn2an.cn2an(run, "strict") == mine


def test_the_fast_reading_covers_every_regular_numeral_below_ten_thousand():
    missed = [n for n in range(1, 10000) if numbers._simple(chinese(n)) != n]
    assert missed == []
