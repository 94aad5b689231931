"""Every value of the schema that a page names has a label in each language, or the build says which is missing."""
from __future__ import annotations

from typing import Literal, get_args

import pytest
from mkdocs.exceptions import PluginError

import hooks
from kb import schema
from render import labels


def test_every_labelled_value_of_the_schema_has_its_labels():
    values = labels.labelled_values()
    assert sum(len(v) for v in values.values()) >= 50
    assert labels.unlabelled() == []
    for prefix, names in values.items():
        for name in names:
            for lang in schema.LANGS:
                assert labels.t(prefix + name, lang).strip()


def test_a_new_entity_kind_without_a_label_stops_the_build_naming_it(monkeypatch):
    monkeypatch.setattr(schema, "EntityKind", Literal[get_args(schema.EntityKind) + ("dataset",)])
    assert labels.unlabelled() == ["ekind.dataset (en, zh)"]
    with pytest.raises(PluginError, match=r"no label for ekind\.dataset \(en, zh\)"):
        hooks.require_labels()


def test_a_label_missing_in_one_language_is_named_with_that_language(monkeypatch):
    monkeypatch.setitem(labels.LABELS, "skind.blog-post", {"en": "blog post"})
    assert labels.unlabelled() == ["skind.blog-post (zh)"]


def test_an_unknown_label_names_itself_and_the_file():
    with pytest.raises(KeyError, match=r"labels\.py has no label 'ekind\.dataset' in 'en'"):
        labels.t("ekind.dataset", "en")
