"""What counts as a figure in running text, and what is a name that happens to hold digits.

A figure is any of:

* a run of digits (any script's decimal digits, so full-width ``８`` too), with the
  grouping commas, decimal point, sign and percent that belong to it;
* a Chinese numeral followed by a measure word (九个月, 两倍, 三款, 百分之三十); the
  indefinite 一 (一颗芯片, "a chip") and ordinals (第一代) are not figures;
* an English number word that counts time or multiples (nine months, three
  times, twice, threefold).

A name is not a figure.  A *word* is a run of Latin letters and digits, joined
by ``-``, ``.``, ``_`` or ``/`` with no space (GB300, K2.5, N3P, HBM4, M6, B0,
GPT-4, 120B, x86-64).  A word that holds a Latin letter is a name, so its
digits are part of the name, except when its letters are only an ordinal
ending or a multiplier glued to a number (``3rd``, ``2nd``, ``10x``), which
are figures written short.  Names with a space inside ("Snapdragon 8 Gen 6")
cannot be told apart by shape; pages mark them as names with ``data-entity``,
and the page walker skips them.
"""
from __future__ import annotations

import re

LATIN = "A-Za-z\u00c0-\u024f"
# A word: Latin letters and digits, joined by -._/ with no space. Decimal digits of any script count (\d).
WORD = re.compile(rf"[{LATIN}\d]+(?:[-._/][{LATIN}\d]+|,\d+)*")
HAS_DIGIT = re.compile(r"\d")
HAS_LETTER = re.compile(rf"[{LATIN}]")
# A number glued to letters that are only a short way of writing a figure: 3rd, 21st, 10x.
SHORT_FIGURE = re.compile(r"^\d+(?:[.,]\d+)*(?:st|nd|rd|th|x|X)$")

CN_DIGIT = "零〇一二三四五六七八九两"
CN_NUMERAL = CN_DIGIT + "十百千万亿"
# Measure words and units a count or a multiple is written with. 月 alone makes a month's
# name (六月 is June), so months are caught as 个月; 分 alone is also "very" (十分), so
# minutes are caught as 分钟.
MEASURE = "[个倍款颗年天周项步家条种张次层代位名台秒成座块片套轮批期%％]|小时|分钟"
CHINESE = re.compile(
    rf"(?<![第{CN_NUMERAL}])([{CN_NUMERAL}]+)(?:{MEASURE})"  # 九个月, 两倍, 三款, 十二代
    rf"|(?<![第{CN_NUMERAL}])[{CN_DIGIT}][{CN_NUMERAL}]*[十百千万亿][{CN_NUMERAL}]*"  # 三十, 八万, 两百五十 (not 千万, 万一)
    rf"|百分之[{CN_NUMERAL}]+")

# "one" is left out as 一 is: "one day" is as often "some day" as a count.
EN_NUMBER = ("two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
             "sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|"
             "hundred|thousand|million|billion|a dozen|a hundred|a thousand|hundreds of|thousands of")
EN_COUNTED = "seconds?|minutes?|hours?|days?|weeks?|months?|quarters?|years?|times|fold|percent|per cent"
ENGLISH = re.compile(rf"\b(?:(?:{EN_NUMBER})[ \u00a0-](?:{EN_COUNTED})"
                     rf"|(?:twice|thrice) (?:as|the|that|its|their)|(?:two|three|four|five|ten)fold"
                     rf"|(?:doubled|tripled|quadrupled|halved))\b", re.I)


def find_figures(text: str) -> list[tuple[int, str]]:
    """Every figure in ``text`` as (offset, figure as written), in order of appearance."""
    found: list[tuple[int, str]] = []
    for m in WORD.finditer(text):
        word = m.group(0)
        if not HAS_DIGIT.search(word):
            continue
        if HAS_LETTER.search(word) and not SHORT_FIGURE.match(word):
            continue
        found.append((m.start(), word))
    for m in CHINESE.finditer(text):
        if m.group(1) == "一":
            continue  # the indefinite article: 一颗芯片 is "a chip"
        found.append((m.start(), m.group(0)))
    for m in ENGLISH.finditer(text):
        found.append((m.start(), m.group(0)))
    return sorted(found)


def figures_in(text: str) -> list[str]:
    return [w for _, w in find_figures(text)]
