"""Where a quote that is not verbatim parts from its snapshot (kb.closest), on small cases and on
every real quote with one character changed."""
from __future__ import annotations

import unicodedata

import pytest

from conftest import ROOT
from kb.closest import departure, describe
from kb.load import load

TEXT = "芯片的延迟为 1.03 秒，对照系统为 1.80 秒，低 1.7 倍。\n下一段。"


@pytest.mark.parametrize("quote,offset,passage", [
    ("芯片的延迟是 1.03 秒", 5, "芯片的延迟为 1.03 秒"),  # a character changed
    ("芯片的延迟为1.03 秒", 6, "芯片的延迟为 1.03 秒"),  # a space dropped
    ("对照系统为 1.8 秒", 9, "对照系统为 1.80 秒"),  # a digit dropped
    ("低 1.7 倍。 下一段。", 8, "低 1.7 倍。\n下一段。"),  # a line break written as a space
])
def test_departure_finds_the_passage_and_the_first_difference(quote, offset, passage):
    d = departure(quote, TEXT)
    assert (d.offset, d.passage) == (offset, passage)


def test_description_names_what_each_side_has():
    assert describe("低 1.7 倍。 下一段。", TEXT) == (
        "the closest passage is '低 1.7 倍。\\n下一段。'; they part at character 9 of the quote, after '低 1.7 倍。': "
        "the snapshot has a line break, the quote a space")
    assert describe("完全无关", TEXT) == "no passage of the snapshot shares a word with it"


def test_every_real_quote_with_one_character_changed_is_placed_exactly():
    loaded = load(ROOT / "data")
    sources = loaded.records["sources"]
    texts = {sid: unicodedata.normalize("NFC", (ROOT / "data" / s.snapshot.file).read_text(encoding="utf-8"))
             for sid, s in sources.items() if s.snapshot}
    tried = 0
    for c in loaded.records["claims"].values():
        for cit in c.citations:
            text, quote = texts.get(cit.source), cit.quote and unicodedata.normalize("NFC", cit.quote)
            if not text or not quote or len(quote) < 12:
                continue
            k = len(quote) * 2 // 3
            broken = quote[:k] + "※" + quote[k + 1:]
            if broken in text:
                continue
            d = departure(broken, text)
            assert d.offset == k and d.snapshot_has.startswith(quote[k]), (quote, d)
            tried += 1
    assert tried > 300
