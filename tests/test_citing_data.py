"""The downloads: a source's own address kept apart from its pages' addresses; CSV files a spreadsheet opens
with the Chinese intact, with the quotes, their sources and the conditions; the licence's exception for quotes."""
from __future__ import annotations

import codecs
import csv
import io
import json
import re

import pytest
import yaml

from conftest import MINIMAL, ROOT, TODAY, write_data
from integrity.langs import LANGS, PREFIX
from kb.base import KnowledgeBase
from publish.exports import exports
from site_fixture import site  # noqa: F401  (fixture)

NO_URL = "  no_url: {en: The copy kept here states no address., zh: 这里保存的副本没有写明网址。}\n"


def test_a_source_keeps_its_own_address_apart_from_its_pages(tmp_path):
    sources = MINIMAL["sources/articles.yml"].replace(NO_URL, '  url: https://example.com/article\n  accessed: "2026-11-02"\n')
    files = exports(KnowledgeBase.open(write_data(tmp_path, {"sources/articles.yml": sources}), on=TODAY))
    (record,) = json.loads(files["sources.json"])
    assert record["source_url"] == "https://example.com/article"
    assert record["url"] == {lang: f"/{PREFIX[lang]}sources/article/" for lang in LANGS}
    (row,) = csv.DictReader(io.StringIO(files["sources.csv"].decode("utf-8-sig")))
    assert row["url"] == "https://example.com/article"
    assert (record["accessed"], row["accessed"], row["no_url_en"], row["snapshot"]) == ("2026-11-02", "2026-11-02", "", "full")


def test_a_source_without_an_address_has_none_in_the_table(tmp_path):
    files = exports(KnowledgeBase.open(write_data(tmp_path, {}), on=TODAY))
    (row,) = csv.DictReader(io.StringIO(files["sources.csv"].decode("utf-8-sig")))
    (record,) = json.loads(files["sources.json"])
    assert row["url"] == "" and "source_url" not in record
    assert record["no_url"]["en"] == row["no_url_en"] == "The copy kept here states no address."
    assert record["snapshot"] == {"taken": "2026-11-01", "extent": "full"}


# --- the CSV files in a spreadsheet: encoding, quotes, conditions and their licence ----------------------

FIRST = "    - source: article\n      quote: 芯片的延迟为 1.03 秒\n      translation: {en: \"The chip's latency is 1.03 s\"}\n"
TWO_CITATIONS = MINIMAL["claims/bench.yml"].replace(
    FIRST,
    FIRST +
    "    - source: article\n      quote: 对照系统为 1.80 秒\n      translation: {en: the baseline system's is 1.80 s}\n"
    "      locator: 第二段\n", 1)
DECODING = TWO_CITATIONS.replace(  # the first claim's conditions only
    "  conditions: {baseline: gpu, model: chip}\n",
    "  conditions: {baseline: gpu, model: chip, input_tokens: 8000, decoding: {en: greedy, zh: 贪心解码}}\n", 1)


@pytest.fixture(scope="module")
def minimal_files(tmp_path_factory):
    data = write_data(tmp_path_factory.mktemp("csv"), {"claims/bench.yml": DECODING})
    return exports(KnowledgeBase.open(data, on=TODAY))


def _rows(body: bytes) -> list[dict]:
    return list(csv.DictReader(io.StringIO(body.decode("utf-8-sig"))))


@pytest.mark.parametrize("name", ["claims.csv", "sources.csv"])
def test_csv_files_are_utf8_with_a_byte_order_mark_as_declared(minimal_files, name, tmp_path):
    """Excel opens a CSV without a byte-order mark in the machine's legacy code page, which garbles Chinese."""
    from frictionless import describe, validate

    body = minimal_files[name]
    assert body.startswith(codecs.BOM_UTF8) and not body[3:].startswith(codecs.BOM_UTF8)
    text = body.decode("utf-8-sig")
    assert "一篇文章" in text or "芯片" in text  # the Chinese comes back as written
    assert text.splitlines()[0].split(",")[0] == "id"
    for n, b in minimal_files.items():
        (tmp_path / n).write_bytes(b)
    package = json.loads(minimal_files["datapackage.json"])
    (resource,) = [r for r in package["resources"] if r["path"] == name]
    assert resource["encoding"] == describe(str(tmp_path / name)).encoding == "utf-8-sig"
    report = validate(str(tmp_path / "datapackage.json"))
    assert report.valid, report.flatten(["rowNumber", "fieldName", "type", "note"])
    assert report.stats["tasks"] == 3


def test_claims_csv_gives_the_quotes_their_source_and_the_conditions(minimal_files):
    rows = {r["id"]: r for r in _rows(minimal_files["claims.csv"])}
    chip = rows["chip-latency"]
    assert (chip["quote_source"], chip["quote"]) == ("article", "芯片的延迟为 1.03 秒")
    assert chip["other_quotes"] == "article: 对照系统为 1.80 秒"
    assert (chip["condition_model"], chip["condition_baseline"], chip["condition_input_tokens"]) == ("chip", "gpu", "8000")
    assert (chip["condition_decoding_en"], chip["condition_decoding_zh"]) == ("greedy", "贪心解码")
    assert chip["condition_output_tokens"] == chip["condition_note_en"] == ""
    assert (chip["quote_translation_en"], chip["quote_translation_zh"]) == ("The chip's latency is 1.03 s", "")
    assert (chip["checked"], chip["checked_on"], chip["paraphrase_en"]) == ("full-copy", "2026-11-01", "")
    gpu = rows["gpu-latency"]
    assert (gpu["quote"], gpu["other_quotes"], gpu["condition_decoding_zh"]) == ("对照系统为 1.80 秒", "", "")


def test_every_condition_the_schema_knows_has_its_column():
    from publish.exports import CLAIM_COLUMNS
    from kb.schema import Bilingual, Conditions

    columns = {c[0] for c in CLAIM_COLUMNS}
    wanted = set()
    for name, f in Conditions.model_fields.items():
        bilingual = Bilingual in getattr(f.annotation, "__args__", (f.annotation,))
        wanted |= {f"condition_{name}_en", f"condition_{name}_zh"} if bilingual else {f"condition_{name}"}
    assert len(wanted) >= 10 and wanted <= columns, sorted(wanted - columns)


def _as_csv(text: str) -> str:
    """A text as the CSV files give it, by the rule their notes state: one that begins with =, +, -, @, a tab or a
    line break has an apostrophe before it (a quote copied from a YAML file may begin with "- ")."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r", "\n") else text


def test_claims_csv_agrees_with_the_yaml_for_every_claim():
    """The real data, read straight from the YAML: each claim's quotes and conditions as the table gives them."""
    raw = {}
    for path in sorted((ROOT / "data" / "claims").glob("*.yml")):
        raw.update(yaml.safe_load(path.read_text(encoding="utf-8")))
    rows = _rows(exports(KnowledgeBase.open(ROOT / "data"))["claims.csv"])
    assert len(rows) == len(raw) > 30
    several = paraphrased = 0
    for r in rows:
        cits = raw[r["id"]]["citations"]
        first, para = cits[0], cits[0].get("paraphrase") or {}
        # A paraphrase is the contributors' words: the quote column stays empty and the paraphrase columns carry it.
        assert (r["quote_source"], r["quote"]) == (first["source"], _as_csv(first.get("quote", ""))), r["id"]
        assert (r["paraphrase_en"], r["paraphrase_zh"]) == (_as_csv(para.get("en", "")), _as_csv(para.get("zh", ""))), r["id"]
        assert r["other_quotes"] == "\n".join(
            f"{c['source']}: {c['quote']}" if "quote" in c else f"{c['source']} (paraphrase): {c['paraphrase']['en']}"
            for c in cits[1:]), r["id"]
        several += len(cits) > 1
        paraphrased += "quote" not in first
        for key, value in (raw[r["id"]].get("conditions") or {}).items():
            if isinstance(value, dict):
                assert (r[f"condition_{key}_en"], r[f"condition_{key}_zh"]) == (value["en"], value["zh"]), r["id"]
            else:
                assert r[f"condition_{key}"] == str(value), (r["id"], key)
    assert several > 10 and paraphrased > 10


def test_the_licence_of_the_package_and_of_the_repository_leaves_the_quotes_out(minimal_files):
    package = json.loads(minimal_files["datapackage.json"])
    (licence,) = package["licenses"]
    assert licence["name"] == "CC-BY-4.0" and licence["path"] == "https://creativecommons.org/licenses/by/4.0/"
    for text in (licence["title"], package["description"]):
        assert re.search(r"quotes?\b.*not covered by CC BY 4\.0", text), text
        assert "quote" in text and "other_quotes" in text and "authors" in text
    legal = " ".join((ROOT / "LICENSE-DATA").read_text(encoding="utf-8").split())
    assert "does not cover the quotations" in legal
    assert "the quote and other_quotes columns of data/claims.csv" in legal


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_data_page_describes_the_new_columns_and_their_licence(site, lang):
    table = site.soup(site.prefix(lang) + "data/").select_one('table[data-table="claims.csv"]')
    described = {tr.select_one("td code").get_text(): tr.select("td")[-1].get_text() for tr in table.select("tbody tr")}
    assert {"quote", "quote_source", "other_quotes", "condition_model", "condition_decoding_zh"} <= set(described)
    for col in ("quote", "other_quotes"):
        assert "CC BY 4.0" in described[col], (lang, col)
    assert ("authors" if lang == "en" else "原作者") in described["quote"]
    assert all(d.startswith("Condition:" if lang == "en" else "条件：") for c, d in described.items()
               if c.startswith("condition_"))
