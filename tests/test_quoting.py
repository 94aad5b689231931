"""How much of a web page may be quoted (kb.quoting) and which words hedge (kb.hedges): the measures the rules
quote-length, paraphrase-copies and hedge-dropped apply, on sentences of the kind the sources write."""
from __future__ import annotations

import pytest

from kb import hedges, quoting


@pytest.mark.parametrize("text,count", [
    ("The chip went from design to tape-out in nine months.", 1),
    ("Broadcom Inc. (NASDAQ:AVGO) stock surged 12% Monday morning.", 1),  # an abbreviation ends no sentence
    ("The U.S. market rose. Broadcom led it.", 2),
    ("Jalapeño is fast. It is also cheap! Is it real?", 3),
    ("受此激勵，博通股價盤前飆漲超過12%，開盤漲幅亦達8.7%。", 1),
    ("芯片的延迟为 1.03 秒。对照系统为 1.80 秒。", 2),
    ("He said \"it works.\" Then he left.", 2),
    ("| Die size | ~840 mm² | 25.46 mm by 33 mm |", 1),
])
def test_sentences_are_counted_as_a_reader_counts_them(text, count):
    assert quoting.sentences(text) == count


def test_a_quote_is_one_sentence_of_about_forty_words_or_eighty_characters():
    assert quoting.length_problem("The next version is planned for 2028, with annual releases following after that.") is None
    assert quoting.length_problem(" ".join(["word"] * 41)) == "the quote is 41 words long"
    assert quoting.length_problem("字" * 80) is None
    assert quoting.length_problem("字" * 81) == "the quote is 81 Chinese characters long"
    assert quoting.length_problem("One. Two.") == "the quote holds 2 sentences"


def test_a_paraphrase_may_not_copy_a_run_of_its_quote():
    quote = "Engineering samples are already running ML workloads in the lab at production target frequency and power."
    assert quoting.shared_run("The post says samples are already running ML workloads in the lab at production "
                              "target frequency.", quote, "en") == "samples are already running ml workloads in the lab at production target frequency"
    assert quoting.shared_run("The post says engineering samples already work in the lab at the clock and power "
                              "planned for production.", quote, "en") is None
    # Chinese is compared in one script, without punctuation or spaces
    assert quoting.shared_run("该页面称博通股价盘前飙涨超过12%，开盘涨幅也达8.7%", "受此激勵，博通股價盤前飆漲超過12%，開盤漲幅亦達8.7%。",
                              "zh") == "博通股价盘前飙涨超过12开盘涨幅"
    assert quoting.shared_run("该页面称博通股价在开盘前大涨", "受此激勵，博通股價盤前飆漲超過12%。", "zh") is None


@pytest.mark.parametrize("text,lang,found", [
    ("The chip may ship in 2027.", "en", ["may"]),
    ("The deal was signed in May 2026.", "en", []),          # a month, not a hedge
    ("Shares rose about 2% on the news.", "en", ["about"]),
    ("What is known about the chip is little.", "en", []),   # "about" hedges only a number
    ("Deployment is expected by the end of 2026.", "en", ["expected"]),
    ("up to 2-3x the throughput", "en", ["up to"]),
    ("芯片的延迟约为 1.03 秒", "zh", ["约为"]),
    ("双方签订的合约为期五年", "zh", []),                      # 合约 is a contract
    ("消息傳出後，博通股價大漲逾10%。", "zh", []),             # 傳出: the news came out
    ("吞吐和延遲往往是一道只能二選一的難題", "zh", ["往往"]),
    ("预计 2026 年底商用", "zh", ["预计"]),
])
def test_a_quote_hedges_where_a_reader_hears_doubt(text, lang, found):
    assert hedges.quote_hedges(text, lang) == found


@pytest.mark.parametrize("text,lang,kept", [
    ("Several pages say the next version is planned for {value}.", "en", True),
    ("The chip took {value}.", "en", False),
    ("Some outlets say it will reportedly ship.", "en", True),
    ("据报道，芯片将于 {value}量产。", "zh", True),
    ("根据协议，芯片将于 {value}量产。", "zh", False),   # 根据 is "under", not "reportedly"
    ("协议约定于 {value}交付。", "zh", False),           # 约定 is "agreed"
    ("芯片的延迟约为 {value}。", "zh", True),
])
def test_a_statement_keeps_a_hedge_in_its_own_words(text, lang, kept):
    assert hedges.statement_hedges(text, lang) is kept
