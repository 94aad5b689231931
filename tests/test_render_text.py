"""Contributor prose on a page: a figure and the punctuation that closes on it are kept on one line."""
from __future__ import annotations

import re

import pytest

from kb.base import KnowledgeBase
from render.context import Ctx
from render.text import prose
from site_fixture import ROOT

CLAIM = "gptoss-peak-tpskw-jalapeno"


@pytest.fixture(scope="module")
def kb():
    return KnowledgeBase.open(ROOT / "data")


@pytest.mark.parametrize("lang", ["en", "zh", "zh-hant"])
def test_a_figure_keeps_its_closing_punctuation_on_its_line(kb, lang):
    """A browser may break after a figure's marker (a box of its own): a heading's 。 was left alone on the next
    line at 320 px. The figure and the punctuation after it are one unbreakable span; a space after it is not."""
    ctx = Ctx(kb, lang, f"claims/{CLAIM}/")
    for text, closing in (("峰值为 {value}。", "。"), ("reached {value}, then", ","), ("（{value}）", "）"),
                          ("reached {value}: then", "&#58;"), ("称“{value}”归于", "”"), ("稱「{value}」歸於", "」")):
        html = prose(ctx, text, CLAIM)
        m = re.search(r'<span class="kb-nobr">(<span class="kb-figure">.*</span>)(.+?)</span>', html)
        assert m and m.group(2) == closing, html
        assert html.count("kb-fig\"") == 1
    assert "kb-nobr" not in prose(ctx, "reached {value} on it.", CLAIM)
    assert "kb-nobr" not in prose(ctx, "reached {value}", CLAIM)
    statement = ctx.text(kb.claims[CLAIM].statement)
    assert ("kb-nobr" in prose(ctx, statement, CLAIM)) == statement.endswith("{value}。"), statement
