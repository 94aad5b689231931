"""One table of record kinds (kb.kinds): the loader, the checks, the downloads and the site's addresses read it."""
from __future__ import annotations

from typing import get_args

import pytest

from conftest import ROOT
from kb import cli, kinds, schema
from kb.check import REDIRECT_POOLS
from publish import exports
from kb.templates import record_template
from render import addresses, labels, pages, urls
from sitebuild import diff

KINDS = list(kinds.KINDS.values())


def test_every_kind_has_a_model_and_a_data_folder():
    assert len(KINDS) >= 9
    assert set(schema.MODELS) == set(kinds.KINDS)
    assert list(schema.KINDS) == [k.data for k in KINDS]
    assert schema.OPTIONAL_KINDS == {k.data for k in KINDS if k.optional} == {"redirects", "tags", "formats"}
    assert len({k.data for k in KINDS}) == len(KINDS)
    assert set(kinds.BY_DATA) == set(schema.KINDS)


def test_a_retired_id_names_a_kind_whose_records_have_pages():
    retirable = [k.name for k in kinds.retirable()]
    assert get_args(schema.Redirect.model_fields["kind"].annotation) == tuple(retirable)
    assert all(kinds.KINDS[name].pages for name in retirable)
    assert REDIRECT_POOLS == {k.name: k.data for k in kinds.retirable()}
    assert addresses.RETIRABLE == set(retirable)
    assert diff.RETIRABLE == {kinds.KINDS[name].data for name in retirable}


@pytest.mark.parametrize("kind", [k.name for k in kinds.with_pages()])
def test_each_kind_with_pages_has_addresses_a_builder_a_label_and_an_index(kind):
    k = kinds.KINDS[kind]
    assert urls.page_url(kind, "some-id", "en") == f"{k.pages}/some-id/"
    assert urls.page_url(kind, "some-id", "zh") == f"zh/{k.pages}/some-id/"
    assert urls.page_url(kind, None, "zh") == "zh/" + k.index
    assert pages.BUILDERS[kind][1] == k.data
    assert addresses.PAGE_KINDS[k.data] == kind
    assert exports.page_url(kind, "x", "zh", "https://example.org/") == f"https://example.org/zh/{k.pages}/x/"
    for lang in schema.LANGS:
        assert labels.t(k.label, lang).strip()


@pytest.mark.parametrize("kind", [k.name for k in KINDS if k.index])
def test_each_index_page_is_written_in_every_language(kind):
    index = kinds.KINDS[kind].index.rstrip("/")
    for lang in schema.LANGS:
        docs = ROOT / "docs" / lang
        assert (docs / index / "index.md").is_file() or (docs / f"{index}.md").is_file(), (kind, lang)


def test_pages_are_generated_for_exactly_the_kinds_with_pages():
    assert set(pages.BUILDERS) == {k.name for k in kinds.with_pages()} == set(urls.KINDS)


def test_kb_new_writes_each_kind_the_table_offers():
    assert cli.NEW_KINDS == {k.name: k.data for k in KINDS if k.template}
    assert {"claim", "source", "entity", "conflict", "term", "metric"} <= set(cli.NEW_KINDS)
    for name, data in cli.NEW_KINDS.items():
        assert record_template(data, "new-id").startswith("new-id:\n"), name


def test_the_diff_report_names_every_kind():
    assert set(diff.KIND_NAMES) == set(schema.KINDS)
    assert diff.KIND_NAMES["glossary"] == "glossary terms"


def test_a_kind_the_site_names_without_a_label_stops_the_build(monkeypatch):
    extra = kinds.Kind("dataset", "datasets", "data set", "data sets", pages="datasets", index="datasets/",
                       label="kind.dataset")
    monkeypatch.setitem(kinds.KINDS, "dataset", extra)
    assert labels.unlabelled() == ["kind.dataset (en, zh, zh-hant)"]  # zh-hant's words are reviewed, not converted
