"""Every word of the vocabulary has a text in each written language and in each converted language whose words are its
own (the reviewed Traditional Chinese column), every value of the schema that a page names has a label there, or the
build says which is missing."""
from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Literal, get_args

import pytest
from mkdocs.exceptions import PluginError

from kb import languages, schema, vocabulary
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
    assert labels.unlabelled() == ["ekind.dataset (en, zh, zh-hant)"]
    with pytest.raises(PluginError, match=r"no label for ekind\.dataset \(en, zh, zh-hant\)"):
        hooks.require_labels()


def test_a_label_missing_in_one_language_is_named_with_that_language(monkeypatch):
    monkeypatch.setitem(labels.LABELS, "skind.blog-post", {"en": "blog post"})
    assert labels.unlabelled() == ["skind.blog-post (zh, zh-hant)"]


def test_an_unknown_label_names_itself_and_the_file():
    with pytest.raises(KeyError, match=r"src/kb/vocabulary\.py has no label 'ekind\.dataset' in 'en'"):
        labels.t("ekind.dataset", "en")


def test_every_word_has_a_text_in_every_written_language_and_reaches_every_language():
    assert len(vocabulary.VOCABULARY) > 400
    assert vocabulary.untranslated() == []
    for key in vocabulary.VOCABULARY:
        for lang in languages.LANGUAGES:
            assert isinstance(vocabulary.word(key, lang), str)


def test_a_word_missing_in_one_written_language_is_named_with_that_language(monkeypatch):
    monkeypatch.setitem(vocabulary.VOCABULARY, "cite.copy", {"en": "Copy the reference", "zh-hant": "複製參考文獻"})
    monkeypatch.setitem(vocabulary.VOCABULARY, "chart.data", {})
    assert vocabulary.untranslated() == ["cite.copy (zh)", "chart.data (en, zh, zh-hant)"]
    with pytest.raises(PluginError, match=r"no label for cite\.copy \(zh\); chart\.data \(en, zh, zh-hant\)"):
        hooks.require_labels()


def test_the_traditional_words_are_their_own_and_one_missing_stops_the_build(monkeypatch):
    """The interface's words in Traditional Chinese are a reviewed column of the vocabulary, not a conversion at build
    time: each key has one, written in Traditional characters without a word its list of avoided words names."""
    from kb import phrases
    from kb.languages import LANGUAGES

    assert LANGUAGES["zh-hant"].vocabulary and "zh-hant" in vocabulary.OWN
    avoided = [e.phrase for e in languages.tables("zh-hant").avoided]
    texts = {key: texts["zh-hant"] for key, texts in vocabulary.VOCABULARY.items()}
    assert [k for k, t in texts.items() if phrases.simplified_only(t) or any(w in t for w in avoided)] == []
    # reviewed, not converted: where Taiwan writes otherwise than the Simplified word converted
    column = vocabulary.VOCABULARY["download.h.column"]  # a table's column: 欄 in Taiwan, where 列 is a row
    assert texts["download.h.column"] == "欄" and languages.convert(column["zh"], "zh-hant") == "列"
    assert texts["download.h.column"] == "欄" and vocabulary.word("download.h.column", "zh-hant") == "欄"
    monkeypatch.setitem(vocabulary.VOCABULARY, "cite.copy", {"en": "Copy the reference", "zh": "复制参考文献"})
    assert vocabulary.untranslated() == ["cite.copy (zh-hant)"]
    with pytest.raises(KeyError, match=r"no label 'cite\.copy' in 'zh-hant'"):
        vocabulary.word("cite.copy", "zh-hant")
    with pytest.raises(PluginError, match=r"no label for cite\.copy \(zh-hant\)"):
        hooks.require_labels()


# Mappings keyed by written language that are not words a page shows: each with why it is not in the vocabulary.
NOT_WORDS = {
    ("src/render/citing.py", "DEFAULT_SITE_NAMES"): "the default of a build setting; mkdocs.yml gives the site's names",
    ("src/kb/display.py", "DATE_PATTERNS"): "Babel date patterns, read with each language's locale",
    ("src/kb/display.py", "MONEY_IN_WORDS"): "the amounts from which each language writes money in words: numbers",
    ("src/publish/formats.py", "BIBTEX_LANGUAGE"): "BibTeX's names of languages, by a tag's primary language subtag",
}


def test_the_renderers_and_the_published_formats_read_one_vocabulary():
    """No renderer or published format keeps a table of words of its own beside the vocabulary (a mapping keyed by
    the written languages): each fixed word is read from it."""
    import ast

    from conftest import ROOT

    tables = set()
    # the renderers, the published formats, and the engine's formatting they both call (kb.display)
    files = [p for folder in ("render", "publish") for p in sorted((ROOT / "src" / folder).rglob("*.py"))]
    for path in files + [ROOT / "src" / "kb" / "display.py"]:
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Dict) and node.keys and all(
                    isinstance(k, ast.Constant) and k.value in languages.WRITTEN for k in node.keys):
                name = lines[node.lineno - 1].strip().split("=")[0].split(":")[0].strip()
                tables.add((str(path.relative_to(ROOT)), name))
    assert tables == set(NOT_WORDS)
