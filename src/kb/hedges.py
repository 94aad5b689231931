"""Hedges: the words with which a source says a figure is not certain, and whether a claim keeps them.

A quote *hedges* where it writes one of :data:`QUOTE_HEDGES` (may, expected, reportedly, about 10, 可能,
预计, 约 10…).  Words that only hedge next to a number (about, around, up to, 约, 左右) count only there:
"what is known about the chip" and 合约 hedge nothing.  A claim that cites a hedging quote keeps the
hedge when its statement, in each language, writes one of :data:`STATEMENT_HEDGES` (a wider list: a
statement may say "planned to" or "estimates" where the source says "expected"), or marks its figure
approximate (``approximate: true``, shown as "about" / 约), or says why it need not (``hedge_reason``).

The rule is ``hedge-dropped`` in :mod:`kb.check`; the lists are here, once, for the rule, its tests and
the contributors' guide.
"""
from __future__ import annotations

import re

# a number, in digits or in words, as a hedge that only hedges a number is followed by
_NUMBER = (r"(?:[$€£¥]?\s?\d|a\s+(?:third|quarter|half|dozen)|half|one|two|three|four|five|six|seven|eight|nine|"
           r"ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|a\s+hundred|hundreds|a\s+thousand|thousands|"
           r"a\s+million|millions|a\s+billion|billions|a\s+year|a\s+month|a\s+day)")
_CN_NUMBER = r"(?:\s?[\d一二三四五六七八九十两半百千万亿几])"

QUOTE_HEDGES: dict[str, re.Pattern] = {
    # English: modal and reporting hedges anywhere; approximators before a number; "May 2026" is a month
    "en": re.compile(
        r"\b(?:(?:may|May)(?!\s+\d)|might|could|expect(?:s|ed)?|expectations?|reportedly|is\s+reported\s+to|"
        r"are\s+reported\s+to|likely|estimated|estimates?|roughly|approximately)\b"
        rf"|\b(?:about|around|nearly|almost|up\s+to|as\s+much\s+as|as\s+many\s+as)\s+{_NUMBER}"),
    # Chinese, either script: 可能, 预计, 有望, 据称…, 约 10, 约为 10, 10 左右, 往往, 或将, 传闻…
    "zh": re.compile(
        r"可能|[预預][计計]|[预預]期|有望|[据據](?:[称稱]|[报報]|悉|[传傳]|了解|透露|消息|[介][绍紹]|[业業]内|知情)|"
        rf"[约約](?:[为為]|合|有)?{_CN_NUMBER}|大[约約]|大概|左右|往往|或[将將]|[传傳](?:[闻聞]|言)|估[计計]|或[许許]|也[许許]|"
        rf"[将將]近{_CN_NUMBER}|多[达達]|高[达達]|最多"),
}
"""Where a quote (in its own language) hedges."""

STATEMENT_HEDGES: dict[str, re.Pattern] = {
    # a reporting verb (says, reports, according to) is not a hedge: "X says it will" drops X's "may"
    "en": re.compile(
        r"\b(?:may|might|could|would|expect(?:s|ed|ation|ations)?|reportedly|likely|unlikely|possibl[ey]|"
        r"perhaps|estimat(?:e|es|ed|ion)|roughly|approximately|about|around|nearly|almost|up\s+to|as\s+much\s+as|"
        r"as\s+many\s+as|plan(?:s|ned)?|target(?:s|ed)?|aim(?:s|ed)?|tends?|often|hop(?:e|es|ed)|"
        r"predict(?:s|ed)?|forecasts?|projected|anticipat(?:e|es|ed)|intend(?:s|ed)?|promis(?:e|es|ed|ing)|"
        r"rumou?r(?:s|ed)?|unconfirmed|not\s+(?:yet\s+)?(?:confirmed|verified|disclosed))\b",
        re.I),
    "zh": re.compile(
        r"可能|预计|预期|有望|(?<![数根依证占])据|(?<![合签协纽预制公条])约(?![定束])|左右|往往|或将|"
        r"传(?:闻|言|出)|估计|估算|或许|也许|将近|多达|高达|最多|计划|目标|拟|打算|承诺|预测|推测|未经证实|"
        r"未证实|尚未|未确认|大概|力争|争取|希望"),
}
"""Where a claim's statement (en, zh) keeps a hedge: a wider list, since a statement words a plan or a report
its own way."""


BOUND_HEDGES = re.compile(r"up\s+to|as\s+(?:much|many)\s+as|nearly|almost|[将將]近|多[达達]|高[达達]|最多", re.I)
"""Approximators a figure recorded as a bound (``bound: up-to``, ``less-than``…) keeps: the site shows the figure
with its bound's words ("up to 2–3×", "less than 2 years") in every language, so the statement need not repeat
them (the rule ``bound-in-statement`` refuses that it does).  A modal hedge (may, 可能) is not a bound."""


# the number an approximator is matched with, left out when the hedge is named ("about", not "about 1")
_TRAILING_NUMBER = re.compile(rf"\s*(?:{_NUMBER}|{_CN_NUMBER})$", re.I)


def quote_hedges(text: str, lang: str) -> list[str]:
    """The hedging words ``text`` (a quote in site language ``lang``: en or zh, either script) writes."""
    pattern = QUOTE_HEDGES.get(lang)
    return [_TRAILING_NUMBER.sub("", m.group(0)) for m in pattern.finditer(text)] if pattern else []


def statement_hedges(text: str, lang: str) -> bool:
    """Whether ``text`` (a statement in ``lang``) keeps a hedge."""
    return bool(STATEMENT_HEDGES[lang].search(text))
