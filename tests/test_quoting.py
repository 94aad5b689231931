"""How much of a web page may be quoted (kb.quoting) 
: the measures the rules quote-length and paraphrase-copies apply, on sentences of the kind the sources write."""
from __future__ import annotations

import pytest

from kb import quoting


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


