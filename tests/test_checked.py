"""How each citation's words were checked (kb.checked), as the fact base answers it."""
from __future__ import annotations

import pytest

from conftest import MINIMAL, TODAY, write_data
from kb import checked
from kb.base import KnowledgeBase
from kb.schema import Citation, SourceRecord

NAME = {"en": "A page", "zh": "一个页面"}
NO_URL = {"en": "None is given.", "zh": "没有给出。"}
QUOTE = {"source": "s", "quote": "原话", "translation": {"en": "The words"}}
PARAPHRASE = {"source": "s", "paraphrase": {"en": "It says so.", "zh": "它这样说。"}}
LOST = {"tried": "2026-11-25", "found": False, "how": {"en": "Looked for by its address.", "zh": "按网址查找。"}}
FOUND = {**LOST, "found": True}


def source(**fields) -> SourceRecord:
    return SourceRecord(kind="blog-post", name=NAME, language="zh-Hans", **fields)


def snapshot(extent: str) -> dict:
    return {"file": "snapshots/s.txt", "taken": "2026-11-01", "extent": extent}


@pytest.mark.parametrize("cit,src,how,date", [
    (QUOTE, source(no_url=NO_URL, snapshot=snapshot("full")), "full-copy", "2026-11-01"),
    (QUOTE, source(no_url=NO_URL, snapshot=snapshot("excerpt")), "excerpt", "2026-11-01"),
    # a copy kept wins over a reading: the quote was compared with it
    (QUOTE, source(url="https://example.com/", accessed="2026-10-02", snapshot=snapshot("full")), "full-copy", "2026-11-01"),
    (QUOTE, source(url="https://example.com/", accessed="2026-10-02"), "read", "2026-10-02"),
    # an address with no date it was read there is no check at all
    (QUOTE, source(url="https://example.com/"), "unchecked", None),
    (QUOTE, source(no_url=NO_URL, known_from=["other"]), "unchecked", None),
    (QUOTE, None, "unchecked", None),
    # a paraphrase is checked only by reading, even where a copy is kept
    (PARAPHRASE, source(url="https://example.com/", accessed="2026-10-02", snapshot=snapshot("full")), "read", "2026-10-02"),
    (PARAPHRASE, source(no_url=NO_URL, snapshot=snapshot("full")), "unchecked", None),
    # a quote copied from the page on a later day than the source was first read carries that day
    ({**QUOTE, "accessed": "2026-11-20"}, source(url="https://example.com/", accessed="2026-10-02"), "read", "2026-11-20"),
    # a quote and a paraphrase beside it: the quote was compared with the copy kept
    ({**QUOTE, **PARAPHRASE}, source(no_url=NO_URL, snapshot=snapshot("full")), "full-copy", "2026-11-01"),
    # a page not found again: read once, on the day given, and shown so
    (PARAPHRASE, source(url="https://example.com/", accessed="2026-10-02", rechecked=LOST), "not-found", "2026-10-02"),
])
def test_how_a_citation_was_checked(cit, src, how, date):
    answer = checked.how_checked(Citation(**cit), src)
    assert (answer.how, answer.date) == (how, date)
    assert answer.verified == (how in ("full-copy", "excerpt"))


def test_a_page_not_found_again_carries_the_day_of_the_last_try():
    lost = checked.how_checked(Citation(**PARAPHRASE), source(url="https://example.com/", accessed="2026-10-02",
                                                                rechecked=LOST))
    assert (lost.how, lost.date, lost.last_try, lost.verified) == ("not-found", "2026-10-02", "2026-11-25", False)
    found = checked.how_checked(Citation(**PARAPHRASE), source(url="https://example.com/", accessed="2026-10-02",
                                                                 rechecked=FOUND))
    assert (found.how, found.last_try) == ("read", None)


def test_translations_needed_follow_the_source_language():
    assert checked.translations_needed(source(no_url=NO_URL)) == ("en",)
    assert checked.translations_needed(SourceRecord(kind="blog-post", name=NAME, language="zh-Hant")) == ("en",)
    assert checked.translations_needed(SourceRecord(kind="blog-post", name=NAME, language="en")) == ("zh",)
    assert checked.translations_needed(None) == ()


READ_SOURCE = MINIMAL["sources/articles.yml"] + """\
web-page:
  kind: blog-post
  name: {en: A web page, zh: 一个网页}
  language: zh-Hans
  url: https://example.com/page
  accessed: "2026-11-02"
"""
# the page has no copy here, so nothing compares these words with it: they must never be shown as verified
READ_CLAIMS = MINIMAL["claims/bench.yml"] + """\
read-claim:
  subject: chip
  metric: statement
  statement: {en: The chip exists., zh: 芯片存在。}
  citations:
    - source: web-page
      quote: 这句话不在任何副本里
      translation: {en: This sentence is in no copy}
    - source: web-page
      paraphrase: {en: The page says the chip exists., zh: 该页面称芯片存在。}
  tier: vendor-self-report
"""


@pytest.fixture
def read_kb(tmp_path) -> KnowledgeBase:
    data = write_data(tmp_path, {"sources/articles.yml": READ_SOURCE, "claims/bench.yml": READ_CLAIMS})
    return KnowledgeBase.open(data, on=TODAY)


def test_a_source_read_at_its_address_is_read_not_verified(read_kb):
    assert [(a.how, a.date) for a in read_kb.citation_checks["read-claim"]] == [("read", "2026-11-02")] * 2
    assert not any(a.verified for a in read_kb.citation_checks["read-claim"])
    assert read_kb.how_checked("chip-latency", 0) == checked.Checked("full-copy", "2026-11-01")


def test_coverage_counts_every_citation(read_kb):
    cov = read_kb.coverage()
    assert cov == {"full-copy": 3, "excerpt": 0, "read": 2, "not-found": 0, "unchecked": 0, "citations": 5, "quotes": 4,
                   "paraphrases": 1, "quotes-translated": 4}
    assert sum(cov[w] for w in checked.WAYS) == cov["citations"]


def test_the_real_data_is_checked_and_translated():
    from site_fixture import data_dir

    kb = KnowledgeBase.open(data_dir())
    cov = kb.coverage()
    assert cov["citations"] >= 500
    assert sum(cov[w] for w in checked.WAYS) == cov["citations"]
    assert cov["unchecked"] == 0
    assert cov["quotes-translated"] == cov["quotes"]
    assert set(kb.citation_checks) == set(kb.claims)
    assert all(len(kb.citation_checks[cid]) == len(c.citations) for cid, c in kb.claims.items())
