"""Units as each language writes them: amounts of money in the locale's own large-number words, bounds as data (not a
hedge) with their words in every language, and a bound's verdict when a derivation is checked against it.

The data's own amount of money (an order Broadcom disclosed) is shown on the built pages as each language writes it:
the figure-integrity suite checks every figure of every page against the rule (tests/integrity/numbers.py, money).
"""
from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from conftest import MINIMAL, TODAY, write_data
from kb import display
from kb.base import KnowledgeBase
from kb.derive import Interval, verdict_for

# (amount, currency, English, Simplified Chinese, Traditional Chinese)
AMOUNTS = [
    (10_000_000_000, "USD", "$10 billion", "100亿美元", "100億美元"),
    (12_345_000_000, "USD", "$12.345 billion", "123.45亿美元", "123.45億美元"),
    (850_000_000, "USD", "$850 million", "8.5亿美元", "8.5億美元"),
    (1_200_000_000_000, "USD", "$1.2 trillion", "1.2万亿美元", "1.2兆美元"),  # Taiwan counts 兆 for 10^12
    (15_000, "USD", "$15,000", "1.5万美元", "1.5萬美元"),  # English says thousands in digits
    (12_345_678, "USD", "$12,345,678", "12,345,678美元", "12,345,678美元"),  # no words write it exactly: its digits
    (10_000_000_000, "CNY", "CN¥10 billion", "100亿人民币", "100億人民幣"),
]


@pytest.mark.parametrize("amount,code,en,zh,hant", AMOUNTS, ids=[f"{a[0]}-{a[1]}" for a in AMOUNTS])
def test_an_amount_of_money_is_written_as_each_language_writes_it(amount, code, en, zh, hant):
    assert [display.money(amount, code, lang) for lang in ("en", "zh", "zh-hant")] == [en, zh, hant]


MONEY = {
    "units.yml": MINIMAL["units.yml"] + "us-dollar:\n  symbol: {en: USD, zh: 美元}\n  name: {en: US dollars, zh: 美元}\n"
                                        "  dimension: {money: 1}\n  currency: USD\n",
    "metrics.yml": MINIMAL["metrics.yml"] + "order-value:\n  name: {en: Order value, zh: 订单金额}\n  unit: us-dollar\n"
                                            "  kind: money\n  description: {en: What an order is worth., zh: 订单的金额。}\n",
    "snapshots/article.txt": MINIMAL["snapshots/article.txt"] + "厂商获得一笔超过 100 亿美元的订单。\n",
}
ORDER = """\
order:
  subject: chip
  metric: order-value
  value: 10000000000
  precision: 100000000
  bound: more-than
  statement: {en: "The vendor won an order of {value}.", zh: "厂商获得一笔{value}的订单。"}
  citations:
    - source: article
      quote: 厂商获得一笔超过 100 亿美元的订单
      translation: {en: "The vendor won an order of more than 10 billion US dollars"}
  tier: vendor-self-report
"""


def test_a_bound_amount_of_money_reads_naturally_in_every_language(tmp_path):
    kb = KnowledgeBase.open(write_data(tmp_path, {**MONEY, "claims/bench.yml": MINIMAL["claims/bench.yml"] + ORDER}),
                            on=TODAY)
    assert [display.figure_text(kb, "order", lang) for lang in ("en", "zh", "zh-hant")] == \
        ["more than $10 billion", "100亿美元以上", "100億美元以上"]


@pytest.mark.parametrize("bound,en,zh", [("more-than", "more than 1.03\xa0s", "1.03\xa0秒以上"),
                                         ("at-least", "at least 1.03\xa0s", "至少 1.03\xa0秒"),
                                         ("less-than", "less than 1.03\xa0s", "不到 1.03\xa0秒"),
                                         ("up-to", "up to 1.03\xa0s", "最多 1.03\xa0秒")])
def test_a_bound_is_shown_with_its_words_and_is_not_a_hedge(tmp_path, bound, en, zh):
    claims = MINIMAL["claims/bench.yml"].replace("  value: 1.03\n", f"  value: 1.03\n  bound: {bound}\n", 1)
    kb = KnowledgeBase.open(write_data(tmp_path, {"claims/bench.yml": claims}), on=TODAY)
    assert display.figure_text(kb, "chip-latency", "en") == en
    assert display.figure_text(kb, "chip-latency", "zh") == zh
    assert not kb.claims["chip-latency"].approximate


def _verdict(bound, lo, hi, stated="2"):
    from kb.schema import Claim, Unit

    claim = Claim(subject="x", metric="m", value=Decimal(stated), precision="exact", bound=bound,
                  statement={"en": "{value}", "zh": "{value}"}, citations=[{"source": "s", "quote": "q"}], tier="t",
                  derivation={"op": "ratio", "inputs": ["a", "b"]})
    unit = Unit(symbol={"en": "", "zh": ""}, name={"en": "times", "zh": "倍"})
    return verdict_for(claim, unit, [Interval(Fraction(lo), Fraction(lo)), Interval(Fraction(1), Fraction(1))]).verdict


def test_each_bound_is_checked_against_the_computed_figure():
    assert _verdict("more-than", 3, 3) == "consistent" and _verdict("more-than", 2, 2) == "inconsistent"
    assert _verdict("at-least", 2, 2) == "consistent" and _verdict("at-least", 1, 1) == "inconsistent"
    assert _verdict("less-than", 1, 1) == "consistent" and _verdict("less-than", 2, 2) == "inconsistent"
    assert _verdict("up-to", 2, 2) == "consistent" and _verdict("up-to", 3, 3) == "inconsistent"
