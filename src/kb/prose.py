"""Rules for the prose contributors write: placeholders, and no figures typed by hand.

Prose (statements, definitions, assessments...) never types a figure: it writes
``{value}`` for the claim's own figure and ``{claim:ID}`` for another claim's,
and the site renders each as a traceable ``<data>`` element.  ``{entity:ID}``
writes an entity's name in the page's language (names such as "Snapdragon 8
Gen 6" hold digits that are not figures).  Anything else in braces is ordinary
text and is shown as written, never evaluated.
"""
from __future__ import annotations

import re

PLACEHOLDER = re.compile(r"\{(value|claim:([a-z0-9]+(?:-[a-z0-9]+)*)|entity:([a-z0-9]+(?:-[a-z0-9]+)*))\}")

# A digit run is a figure unless it is part of a name: joined, with no space, to a
# Latin letter (GB300, K2.5, N3P, HBM4, 120B, Gen2) or to a hyphenated name (GPT-4).
ARABIC = re.compile(r"(?<![A-Za-z0-9.\-])\d(?:[\d,.]*\d)?(?![A-Za-z0-9])")
# English number words are figures when they count time or multiples (nine months,
# three times, twice), as the Chinese measure words below do. (The lookahead names the letters
# they start with, so that the words are tried only where one of them can begin.)
ENGLISH = re.compile(r"\b(?=[adefhnost])(?:(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
                     r"fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|a hundred|hundreds of)"
                     r"[ -](?:months?|years?|weeks?|days?|hours?|minutes?|times|fold|percent|per cent)|twice|triple[sd]?|tripling|doubl(?:e[sd]?|ing)|halv(?:ed|ing))\b", re.I)
# Chinese numerals followed by a measure word are figures too (九个月, 两倍, 三款).
# A lone 一 before a measure word is the indefinite article (一颗芯片, "a chip"), and
# 第 makes an ordinal (第一代), so neither counts. (The first lookahead only skips ahead to a numeral.)
CN_DIGITS = "零〇一二三四五六七八九十两百千万亿"
# 月 alone is left out: 六月 is June, while 六个月 (six months) is caught by 个.
MEASURE = "个倍款颗年天项步家条种张次层代位名台周小时分钟秒成篇套份组段轮批首块片期座"
CHINESE = re.compile(rf"(?=[{CN_DIGITS}])(?<![第{CN_DIGITS}])([{CN_DIGITS}]+)(?=[{MEASURE}])")


# A citation's reading (how the claim's figure is read where the source writes it in words) writes the
# source's own words in 「」: they are the source's, not the contributor's, and hold no figure of ours.
SOURCE_WORDS = re.compile(r"「([^「」]*)」")


def reading_parts(text: str) -> list[tuple[str, bool]]:
    """A reading cut into its pieces in order, each with whether it is the source's own words (without the 「」)."""
    out, last = [], 0
    for m in SOURCE_WORDS.finditer(text):
        out.append((text[last:m.start()], False))
        out.append((m.group(1), True))
        last = m.end()
    out.append((text[last:], False))
    return out


def without_source_words(text: str) -> str:
    """A reading with the source's own words taken out: the contributor's words alone."""
    return SOURCE_WORDS.sub(" ", text)


def kind_of(m: re.Match) -> tuple[str, str | None]:
    """A placeholder match as (kind, id): ("value", None), ("claim", ID) or ("entity", ID)."""
    if m.group(1) == "value":
        return "value", None
    return ("claim", m.group(2)) if m.group(2) else ("entity", m.group(3))


def placeholders(text: str) -> list[tuple[str, str | None]]:
    """Every placeholder in ``text`` as (kind, id or None)."""
    return [kind_of(m) for m in PLACEHOLDER.finditer(text)]


def typed_figures(text: str) -> list[str]:
    """Figures written by hand in ``text`` (outside placeholders)."""
    bare = PLACEHOLDER.sub(" ", text)
    found = [m.group(0) for m in ARABIC.finditer(bare)]
    found += [m.group(1) for m in CHINESE.finditer(bare) if m.group(1) != "一"]
    found += [m.group(0) for m in ENGLISH.finditer(bare)]
    return found
