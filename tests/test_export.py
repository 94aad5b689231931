"""The downloadable data keeps its public contract and agrees with the YAML, read independently."""
from __future__ import annotations

import csv
import io
import json
from decimal import Decimal

import pytest
import yaml

from conftest import ROOT
from integrity.langs import LANGS, PREFIX
from kb.base import KnowledgeBase
from publish.exports import exports

DATA = ROOT / "data"


@pytest.fixture(scope="module")
def files():
    return exports(KnowledgeBase.open(DATA))  # the real data, on the real day: it must pass on any day


@pytest.fixture(scope="module")
def raw_claims():
    """Claims straight from the YAML files, without the engine."""
    out = {}
    for path in sorted((DATA / "claims").glob("*.yml")):
        out.update(yaml.safe_load(path.read_text(encoding="utf-8")))
    return out


def test_every_claim_is_exported_with_the_contract_fields(files, raw_claims):
    claims = json.loads(files["claims.json"])
    assert len(claims) == len(raw_claims) > 30
    required = {"id", "subject", "metric", "value", "unit", "statement", "tier", "status", "sources", "url"}
    for c in claims:
        assert required <= set(c), c["id"]
        assert set(c["statement"]) == {"en", "zh"} and set(c["url"]) == set(LANGS)
        assert c["url"] == {lang: f"/{PREFIX[lang]}claims/{c['id']}/" for lang in LANGS}
        assert all(set(s) >= {"source", "quote"} for s in c["sources"])


def _as_contract(v):
    if isinstance(v, list):
        return [_as_contract(x) for x in v]
    if isinstance(v, float):
        return Decimal(str(v))
    if hasattr(v, "isoformat"):
        return v.isoformat()
    return v


def test_exported_values_equal_the_yaml(files, raw_claims):
    claims = {c["id"]: c for c in json.loads(files["claims.json"])}
    checked = 0
    for cid, raw in raw_claims.items():
        got = claims[cid]["value"]
        want = raw.get("value")
        if isinstance(want, (int, float)) and not isinstance(want, bool):
            assert Decimal(str(got)) == Decimal(str(want)), cid
        else:
            assert _as_contract(got) == _as_contract(want) or got == want, cid
        assert claims[cid]["tier"] == raw["tier"]
        # A citation quotes the source, paraphrases it, or both: one without a quote exports none (null), never an
        # empty one.
        assert all(("quote" in c) or ("paraphrase" in c) for c in raw["citations"]), cid
        assert [s["quote"] for s in claims[cid]["sources"]] == [c.get("quote") for c in raw["citations"]], cid
        checked += 1
    assert checked == len(raw_claims)


def test_derived_claims_carry_their_check(files, raw_claims):
    claims = {c["id"]: c for c in json.loads(files["claims.json"])}
    derived = [cid for cid, raw in raw_claims.items() if "derivation" in raw]
    assert derived
    for cid in derived:
        chk = claims[cid]["check"]
        assert chk["verdict"] in ("consistent", "inconsistent", "cannot-derive", None)
        if chk["computed"] is not None:
            lo, hi = chk["computed"]
            assert lo <= hi


def test_csv_files_have_one_row_per_record(files, raw_claims):
    rows = list(csv.DictReader(io.StringIO(files["claims.csv"].decode("utf-8-sig"))))
    assert [r["id"] for r in rows] == sorted(raw_claims)
    sources = list(csv.DictReader(io.StringIO(files["sources.csv"].decode("utf-8-sig"))))
    assert len(sources) == len(json.loads(files["sources.json"]))


def test_datapackage_validates_with_frictionless(files, tmp_path):
    from frictionless import validate

    for name, body in files.items():
        (tmp_path / name).write_bytes(body)
    report = validate(str(tmp_path / "datapackage.json"))
    assert report.valid, report.flatten(["rowNumber", "fieldName", "type", "note"])
    assert report.stats["tasks"] == 3  # claims.csv, sources.csv, figures.csv


def test_conflicts_name_the_claims_they_tie(files):
    conflicts = json.loads(files["conflicts.json"])
    assert conflicts
    for x in conflicts:
        assert x["claims"] and all(isinstance(c, str) for c in x["claims"])


def test_each_citation_carries_its_translation_paraphrase_and_check(files, raw_claims):
    """Per citation, as the YAML and the sources' snapshots say, read without the engine."""
    raw_sources = {}
    for path in sorted((DATA / "sources").glob("*.yml")):
        raw_sources.update(yaml.safe_load(path.read_text(encoding="utf-8")))
    claims = {c["id"]: c for c in json.loads(files["claims.json"])}
    seen = 0
    for cid, raw in raw_claims.items():
        got = claims[cid]["sources"]
        assert len(got) == len(raw["citations"]), cid
        for cit, want in zip(got, raw["citations"]):
            assert cit["translation"] == want.get("translation"), cid
            assert cit["paraphrase"] == want.get("paraphrase"), cid
            src = raw_sources[want["source"]]
            snap = src.get("snapshot")
            if "quote" in want and snap:
                expected = ("full-copy" if snap["extent"] == "full" else "excerpt", str(snap["taken"]))
            elif src.get("url") and src.get("accessed"):
                # the day the quote was copied, where the citation gives one, else the day the page was read
                lost = (src.get("rechecked") or {}).get("found") is False
                expected = ("not-found" if lost else "read", str(want.get("accessed") or src["accessed"]))
            else:
                expected = ("unchecked", None)
            assert (cit["checked"], cit["checked_on"]) == expected, cid
            again = src.get("rechecked") or {}
            assert cit["last_try"] == (str(again["tried"]) if again and not again.get("found") else None), cid
            seen += 1
    assert seen >= 500
    rows = list(csv.DictReader(io.StringIO(files["claims.csv"].decode("utf-8-sig"))))
    assert {r["checked"] for r in rows} <= {"full-copy", "excerpt", "read", "not-found", "unchecked"}
    assert all(r["quote_translation_en"] == (claims[r["id"]]["sources"][0]["translation"] or {}).get("en", "")
               for r in rows)


def test_sources_say_where_they_can_be_read(files):
    sources = json.loads(files["sources.json"])
    assert len(sources) >= 10
    for s in sources:
        assert ("source_url" in s) != ("no_url" in s), s["id"]
        assert "accessed" not in s or "source_url" in s, s["id"]
        assert s.get("snapshot", {}).get("extent", "full") in ("full", "excerpt"), s["id"]
    rows = list(csv.DictReader(io.StringIO(files["sources.csv"].decode("utf-8-sig"))))
    assert all(bool(r["url"]) != bool(r["no_url_en"]) for r in rows)


def test_each_citation_carries_its_reading(files, raw_claims):
    """A reading is exported with its citation, in both languages, the figure written out; other citations have none."""
    claims = {c["id"]: c for c in json.loads(files["claims.json"])}
    seen = 0
    for cid, raw in raw_claims.items():
        for cit, out in zip(raw["citations"], claims[cid]["sources"]):
            if cit.get("reading") is None:
                assert out["reading"] is None, cid
                continue
            seen += 1
            assert set(out["reading"]) == {"en", "zh"}
            for lang in ("en", "zh"):
                assert "{value}" in cit["reading"][lang] and "{value}" not in out["reading"][lang]
                assert out["reading"][lang].startswith(cit["reading"][lang].split("{value}")[0])
    assert seen >= 9
    wait = claims["a000-wait-cut"]["sources"][0]["reading"]["en"]
    assert "「将近四分之三」" in wait and wait.endswith("read as a change of -75%.")


# --- spreadsheet formulas ------------------------------------------------------------------------

FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n")  # what a spreadsheet reads as the start of a formula (OWASP)


@pytest.mark.parametrize("text,cell", [
    ('=HYPERLINK("https://evil.example/","x")', '\'=HYPERLINK("https://evil.example/","x")'),
    ("+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"),
    ("-2+3", "'-2+3"),
    ("@SUM(A1:A9)", "'@SUM(A1:A9)"),
    ("\t=1+1", "'\t=1+1"),
    ("\r=1+1", "'\r=1+1"),
    ("-75", "-75"),  # a number is no formula: value_text keeps its sign
    ("-1.5..-0.5", "-1.5..-0.5"),  # nor a range of numbers
    ("The chip took 1.03 s.", "The chip took 1.03 s."),
    ("a = b", "a = b"),
    ("a text\r=1+1", "a text\r=1+1"),  # a CR inside a text stays inside its cell, quoted: no new row, no formula
])
def test_a_cell_that_would_run_as_a_formula_is_written_as_text(text, cell):
    from publish.exports import SOURCE_COLUMNS, _csv

    body = _csv([{"id": "x", "name_en": text}], SOURCE_COLUMNS).decode("utf-8-sig")
    (row,) = csv.DictReader(io.StringIO(body, newline=""))
    assert row["name_en"] == cell


def test_no_cell_of_the_downloads_begins_a_formula(files):
    seen = 0
    for name in ("claims.csv", "sources.csv"):
        for row in csv.DictReader(io.StringIO(files[name].decode("utf-8-sig"))):
            for column, cell in row.items():
                seen += 1
                if cell.startswith(FORMULA_START):
                    float(cell.split("..")[0])  # only a number may begin so
    assert seen > 10_000
    assert "apostrophe" in json.loads(files["datapackage.json"])["description"]


# --- the whole fact base as one SQLite file (publish.sqlite) --------------------------------------------------

@pytest.fixture(scope="module")
def database(files, tmp_path_factory):
    import sqlite3

    path = tmp_path_factory.mktemp("sqlite") / "evidence.sqlite"
    path.write_bytes(files["evidence.sqlite"])
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    yield db
    db.close()


def test_the_database_holds_every_record_of_the_json_files_with_its_keys(files, database, raw_claims):
    counts = {t: database.execute(f"select count(*) from {t}").fetchone()[0]
              for t in ("claims", "sources", "entities", "conflicts", "citations", "conflict_claims")}
    claims = json.loads(files["claims.json"])
    assert counts["claims"] == len(claims) == len(raw_claims) > 30
    assert counts["sources"] == len(json.loads(files["sources.json"]))
    assert counts["entities"] == len(json.loads(files["entities.json"]))
    assert counts["conflicts"] == len(json.loads(files["conflicts.json"]))
    assert counts["citations"] == sum(len(c["citations"]) for c in raw_claims.values())
    # every foreign key holds, and each table declares the keys it is joined by
    assert database.execute("PRAGMA foreign_key_check").fetchall() == []
    keys = {(t, r[2], r[3]) for t in ("claims", "citations", "sources", "entities", "conflict_claims")
            for r in database.execute(f"PRAGMA foreign_key_list({t})")}
    assert {("claims", "entities", "subject"), ("claims", "metrics", "metric"), ("citations", "claims", "claim"),
            ("citations", "sources", "source"), ("conflict_claims", "claims", "claim"),
            ("entities", "entities", "parent")} <= keys
    # a figure as the YAML writes it, its quote verbatim
    cid, c = next((k, v) for k, v in raw_claims.items() if isinstance(v.get("value"), (int, float)) and v["citations"][0].get("quote"))
    value, quote = database.execute("select c.value, t.quote from claims c join citations t on t.claim = c.id "
                                    "where c.id = ? and t.position = 0", (cid,)).fetchone()
    assert Decimal(value) == Decimal(str(c["value"])) and quote == c["citations"][0]["quote"]


def test_the_saved_queries_run_and_the_file_is_the_same_for_the_same_data(files, database):
    meta = json.loads(files["evidence.metadata.json"])
    queries = meta["databases"]["evidence"]["queries"]
    assert len(queries) >= 3 and meta["license"]
    metric = database.execute("select metric from claims group by metric order by count(distinct subject) desc").fetchone()[0]
    source = database.execute("select source from citations group by source order by count(*) desc").fetchone()[0]
    ran = {name: database.execute(q["sql"], {"metric": metric, "source": source}).fetchall() for name, q in queries.items()}
    assert all(ran.values()), [name for name, rows in ran.items() if not rows]
    assert len({row[0] for row in ran["one_metric_across_subjects"]}) > 1  # across subjects
    assert exports(KnowledgeBase.open(DATA))["evidence.sqlite"] == files["evidence.sqlite"]


def test_the_figures_that_compare_accelerators_are_laid_out_long_and_wide(files):
    """The real data's figures of metrics qualified_by what makes them comparable (kb.schema.Metric): each in the
    long form, with its key, and in the wide form under its subject."""
    import yaml as _yaml

    metrics = {}
    for path in [DATA / "metrics.yml", *sorted((DATA / "metrics").glob("*.yml"))]:
        metrics.update(_yaml.safe_load(path.read_text(encoding="utf-8")))
    qualified = {m for m, rec in metrics.items() if rec.get("qualified_by")}
    raw = {}
    for path in sorted((DATA / "claims").glob("*.yml")):
        raw.update(_yaml.safe_load(path.read_text(encoding="utf-8")))
    expected = {cid for cid, c in raw.items() if c["metric"] in qualified}
    long = list(csv.DictReader(io.StringIO(files["figures.csv"].decode("utf-8-sig"))))
    assert {r["claim"] for r in long} == expected and len(expected) >= 2
    for r in long:
        c = raw[r["claim"]]
        assert r["key"].split(" ")[0] == c["metric"] == r["metric"]
        assert [r[q] for q in metrics[c["metric"]]["qualified_by"]] == [c[q] for q in metrics[c["metric"]]["qualified_by"]]
    # the wide form holds, for each subject and key, the standing figure of the strongest tier, the first in
    # record order among equals
    ranks = {t: rec["rank"] for t, rec in _yaml.safe_load((DATA / "tiers.yml").read_text(encoding="utf-8")).items()}
    best: dict[tuple[str, str], str] = {}
    for r in long:
        if r["status"] in ("superseded", "retracted") or not r["value_in_metric_unit"]:
            continue
        held = best.get((r["subject"], r["key"]))
        if held is None or ranks[r["tier"]] > ranks[raw[held]["tier"]]:
            best[(r["subject"], r["key"])] = r["claim"]
    wide = list(csv.DictReader(io.StringIO(files["accelerators.csv"].decode("utf-8-sig"))))
    shown = {(row["subject"], r["key"]): row[f"{r['key']} claim"] for row in wide for r in long
             if row.get(f"{r['key']} claim")}
    assert shown == best and len(best) > 100
    assert len(best) < len(expected)  # several figures of one key for one subject: the long form has them all
