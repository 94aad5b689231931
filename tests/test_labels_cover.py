"""Every value of the schema that a page names has a label in each language, or the build says which is missing."""
from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Literal, get_args

import pytest
from mkdocs.exceptions import PluginError

from kb import schema
from render import labels

# the hooks MkDocs loads (mkdocs.yml: hooks), read from their file as MkDocs reads them
_spec = importlib.util.spec_from_file_location("kb_site_hooks", Path(__file__).resolve().parent.parent / "macros" / "hooks.py")
hooks = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(hooks)


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
