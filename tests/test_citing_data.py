"""The downloads keep a source's own address apart from the addresses of its pages on this site."""
from __future__ import annotations

import csv
import io
import json

from conftest import MINIMAL, TODAY, write_data
from kb.base import KnowledgeBase
from kb.export import exports


def test_a_source_keeps_its_own_address_apart_from_its_pages(tmp_path):
    sources = MINIMAL["sources/articles.yml"].replace("  language: zh-Hans\n",
                                                       "  language: zh-Hans\n  url: https://example.com/article\n")
    files = exports(KnowledgeBase.open(write_data(tmp_path, {"sources/articles.yml": sources}), on=TODAY))
    (record,) = json.loads(files["sources.json"])
    assert record["source_url"] == "https://example.com/article"
    assert record["url"] == {"en": "/sources/article/", "zh": "/zh/sources/article/"}
    (row,) = csv.DictReader(io.StringIO(files["sources.csv"].decode("utf-8")))
    assert row["url"] == "https://example.com/article"


def test_a_source_without_an_address_has_none_in_the_table(tmp_path):
    files = exports(KnowledgeBase.open(write_data(tmp_path, {}), on=TODAY))
    (row,) = csv.DictReader(io.StringIO(files["sources.csv"].decode("utf-8")))
    assert row["url"] == "" and "source_url" not in json.loads(files["sources.json"])[0]
