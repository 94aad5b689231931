"""The registry of site languages (kb.languages) is what the schema, the addresses and the formatting read."""
from __future__ import annotations

from babel import Locale

from conftest import ROOT
from kb import schema
from kb import languages
from kb.languages import CONVERTED, DEFAULT, LANGUAGES, WRITTEN
from render import format as fmt
from render import urls


def test_one_language_is_at_the_root_and_every_other_under_its_code():
    assert [c for c, lang in LANGUAGES.items() if lang.default] == [DEFAULT] == ["en"]
    assert {c: urls.lang_prefix(c) for c in LANGUAGES} == {c: "" if c == DEFAULT else f"{c}/" for c in LANGUAGES}
    assert urls.page_url("claim", "x", "zh") == "zh/claims/x/" and urls.page_url("claim", "x", "en") == "claims/x/"


def test_every_bilingual_text_and_every_docs_folder_follows_the_registry():
    assert schema.LANGS == WRITTEN and len(schema.LANGS) >= 2
    assert set(WRITTEN) | set(CONVERTED) == set(LANGUAGES) and not set(WRITTEN) & set(CONVERTED)
    # only the written languages have pages of their own in docs/ and a text of their own in data/
    assert {p.name for p in (ROOT / "docs").iterdir() if p.is_dir() and (p / "index.md").is_file()} == set(WRITTEN)
    assert set(schema.Bilingual.model_fields) == set(WRITTEN)
    for code in CONVERTED:
        assert LANGUAGES[code].converted_from in WRITTEN and LANGUAGES[code].conversion


def test_a_converted_language_converts_its_source_text_and_nothing_else():
    assert languages.text({"en": "Chip", "zh": "芯片的软件"}, "zh-hant") == "晶片的軟體"
    assert languages.text({"en": "Chip", "zh": "芯片的软件"}, "zh") == "芯片的软件"
    assert languages.text({"en": "Chip", "zh": "芯片"}, "en") == "Chip"
    assert languages.convert("数据 {value} 85,448 tok/s", "zh-hant") == "資料 {value} 85,448 tok/s"


def test_each_language_is_tagged_and_formatted_as_its_record_says():
    assert {c: urls.lang_tag(c) for c in LANGUAGES} == {"en": "en", "zh": "zh-Hans", "zh-hant": "zh-Hant"}
    for code, lang in LANGUAGES.items():
        assert fmt.LOCALES[code] == Locale.parse(lang.locale)
    assert fmt.number(12345, "en") == "12,345" and fmt.number(12345, "zh") == "12,345"
    assert fmt.date("2026-06-24", "zh") == "2026年6月24日" and fmt.date("2026-06-24", "en") == "24 June 2026"
    assert fmt.number(12345, "zh-hant") == "12,345" and fmt.date("2026-06-24", "zh-hant") == "2026年6月24日"
