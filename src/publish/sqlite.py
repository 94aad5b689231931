"""The whole fact base as one SQLite file, for Datasette and any SQL client: ``evidence.sqlite`` in site/data/.

Made from the same records as claims.json, sources.json, entities.json and conflicts.json (publish.exports), so
the two always agree.  Tables, with their foreign keys::

    entities   (id, kind, name_en, name_zh, parent -> entities, url_en, url_zh, url_zh_hant)
    metrics    (id, name_en, name_zh, unit, kind, better)
    sources    (id, kind, name_en, name_zh, title, language, publisher -> entities, date, url, accessed, ...)
    claims     (id, subject -> entities, metric -> metrics, value, value_low, value_high, unit, in_metric_unit_low,
                in_metric_unit_high, per, number_format, sparsity, tier, status, successor -> claims, statement_en, ...)
    citations  (claim -> claims, position, source -> sources, quote, translation_en, translation_zh, locator, ...)
    conflicts  (id, kind, question_en, question_zh, assessment_en, assessment_zh, url_en, ...)
    conflict_claims (conflict -> conflicts, side, claim -> claims)

``evidence.metadata.json`` beside it is Datasette's metadata: the title, the licence, what each table holds,
and a few saved queries (every figure of one metric across subjects, the claims in conflict, the claims that rest
on one source).  ``make explore`` opens both in Datasette.

The file is the same byte for byte for the same data: rows are written in id order, in one transaction, and
nothing in it records when it was made.
"""
from __future__ import annotations

import functools
import json
import sqlite3

from kb import languages, query, vocabulary

SCHEMA = """
PRAGMA foreign_keys = ON;
CREATE TABLE entities (id TEXT PRIMARY KEY, kind TEXT NOT NULL, name_en TEXT, name_zh TEXT,
    parent TEXT REFERENCES entities(id), url_en TEXT, url_zh TEXT, url_zh_hant TEXT);
CREATE TABLE metrics (id TEXT PRIMARY KEY, name_en TEXT, name_zh TEXT, unit TEXT, kind TEXT, better TEXT);
CREATE TABLE sources (id TEXT PRIMARY KEY, kind TEXT NOT NULL, name_en TEXT, name_zh TEXT, title TEXT,
    language TEXT, publisher TEXT REFERENCES entities(id), date TEXT, url TEXT, accessed TEXT, archive_url TEXT,
    url_en TEXT, url_zh TEXT, url_zh_hant TEXT);
CREATE TABLE claims (id TEXT PRIMARY KEY, subject TEXT NOT NULL REFERENCES entities(id),
    metric TEXT NOT NULL REFERENCES metrics(id), value TEXT, value_low REAL, value_high REAL, unit TEXT,
    in_metric_unit_low REAL, in_metric_unit_high REAL,
    per TEXT, number_format TEXT, sparsity TEXT, approximate INTEGER, bound TEXT, tier TEXT NOT NULL,
    status TEXT NOT NULL, successor TEXT REFERENCES claims(id), statement_en TEXT, statement_zh TEXT,
    verdict TEXT, computed_low REAL, computed_high REAL, url_en TEXT, url_zh TEXT, url_zh_hant TEXT);
CREATE TABLE citations (claim TEXT NOT NULL REFERENCES claims(id), position INTEGER NOT NULL,
    source TEXT NOT NULL REFERENCES sources(id), quote TEXT, translation_en TEXT, translation_zh TEXT,
    paraphrase_en TEXT, paraphrase_zh TEXT, locator TEXT, attributed_to TEXT REFERENCES sources(id),
    checked TEXT, checked_on TEXT, PRIMARY KEY (claim, position));
CREATE TABLE conflicts (id TEXT PRIMARY KEY, kind TEXT NOT NULL, question_en TEXT, question_zh TEXT,
    assessment_en TEXT, assessment_zh TEXT, url_en TEXT, url_zh TEXT, url_zh_hant TEXT);
CREATE TABLE conflict_claims (conflict TEXT NOT NULL REFERENCES conflicts(id), side INTEGER NOT NULL,
    claim TEXT NOT NULL REFERENCES claims(id), PRIMARY KEY (conflict, side, claim));
CREATE INDEX claims_metric ON claims(metric);
CREATE INDEX claims_subject ON claims(subject);
CREATE INDEX citations_source ON citations(source);
"""

TABLES = ("entities", "metrics", "sources", "claims", "citations", "conflicts", "conflict_claims")
"""The tables, in the order the data page lists them; what each holds is the vocabulary's
(``download.table.evidence.sqlite.<table>``, kb.vocabulary), in each language."""

QUERIES = {
    "one_metric_across_subjects": {
        "title": "Every figure of one metric, across subjects",
        "sql": "select c.subject, e.name_en, c.value, c.unit, c.in_metric_unit_low, c.in_metric_unit_high, c.per, "
               "c.number_format, c.sparsity, c.tier, c.status, c.url_en from claims c join entities e on e.id = c.subject "
               "where c.metric = :metric order by c.in_metric_unit_high desc",
    },
    "claims_in_conflict": {
        "title": "Claims in conflict, side by side",
        "sql": "select x.id as conflict, x.kind, x.question_en, k.side, c.id as claim, c.value, c.unit, c.tier "
               "from conflicts x join conflict_claims k on k.conflict = x.id join claims c on c.id = k.claim "
               "order by x.id, k.side, c.id",
    },
    "claims_resting_on_a_source": {
        "title": "The claims that rest on one source, with its words",
        "sql": "select c.id, c.statement_en, c.tier, t.quote, t.locator from citations t join claims c on "
               "c.id = t.claim where t.source = :source order by c.id",
    },
}


@functools.cache
def references() -> dict[str, list[str]]:
    """Each table's foreign keys: the tables it refers to, in the order its columns name them."""
    db = sqlite3.connect(":memory:")
    try:
        db.executescript(SCHEMA)
        return {t: list(dict.fromkeys(r[2] for r in reversed(db.execute(f"PRAGMA foreign_key_list({t})").fetchall())))
                for t in TABLES}
    finally:
        db.close()


def _in_metric_unit(kb, cid: str) -> tuple:
    """The figure in its metric's unit, low and high (kb.query.in_metric_unit), so that figures a source wrote in
    another unit (GiB, PFLOPS) sort with the rest; None for dates and claims with no figure."""
    ends = query.in_metric_unit(kb, cid)
    return (None, None) if ends is None else (float(ends[0]), float(ends[1]))


def _num(x):
    return None if x is None else float(x)


def _ends(value):
    """A value's low and high end as numbers (a range, or a number twice); None for dates and qualitative claims."""
    if isinstance(value, list) and value and not isinstance(value[0], str):
        return _num(value[0]), _num(value[1])
    if isinstance(value, (int, float)):
        return _num(value), _num(value)
    return None, None


def database(kb, claims: list[dict], sources: list[dict], entities: list[dict], conflicts: list[dict]) -> bytes:
    """The SQLite file, as bytes, of the records publish.exports made."""
    db = sqlite3.connect(":memory:")
    try:
        db.executescript(SCHEMA)
        # a record may name one that comes later in id order (a parent, a successor): keys are checked at the end
        db.execute("PRAGMA defer_foreign_keys = ON")
        with db:
            db.executemany("insert into entities values (?,?,?,?,?,?,?,?)", [
                (e["id"], e["kind"], e["name"]["en"], e["name"]["zh"], e.get("parent"), e["url"]["en"], e["url"]["zh"],
                 e["url"]["zh-hant"]) for e in entities])
            db.executemany("insert into metrics values (?,?,?,?,?,?)", [
                (mid, m.name.en, m.name.zh, m.unit, m.kind, m.better) for mid, m in sorted(kb.metrics.items())])
            db.executemany("insert into sources values (?,?,?,?,?,?,?,?,?,?,?,?,?,?)", [
                (s["id"], s["kind"], s["name"]["en"], s["name"]["zh"], s.get("title"), s.get("language"),
                 s.get("publisher"), s.get("date"), s.get("source_url"), s.get("accessed"), s.get("archive_url"),
                 s["url"]["en"], s["url"]["zh"], s["url"]["zh-hant"]) for s in sources])
            db.executemany("insert into claims values (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", [
                (c["id"], c["subject"], c["metric"], c["value_text"], *_ends(c["value"]), c["unit"],
                 *_in_metric_unit(kb, c["id"]), c.get("per"),
                 c.get("number_format"), c.get("sparsity"), int(c["approximate"]), c["bound"], c["tier"], c["status"],
                 c["successor"], c["statement"]["en"], c["statement"]["zh"], (c.get("check") or {}).get("verdict"),
                 *(((c.get("check") or {}).get("computed")) or (None, None)),
                 c["url"]["en"], c["url"]["zh"], c["url"]["zh-hant"]) for c in claims])
            db.executemany("insert into citations values (?,?,?,?,?,?,?,?,?,?,?,?)", [
                (c["id"], i, t["source"], t["quote"], (t["translation"] or {}).get("en"),
                 (t["translation"] or {}).get("zh"), (t["paraphrase"] or {}).get("en"), (t["paraphrase"] or {}).get("zh"),
                 t["locator"], t["attributed_to"], t["checked"], t["checked_on"])
                for c in claims for i, t in enumerate(c["sources"])])
            db.executemany("insert into conflicts values (?,?,?,?,?,?,?,?,?)", [
                (x["id"], x["kind"], x["question"]["en"], x["question"]["zh"], x["assessment"]["en"],
                 x["assessment"]["zh"], x["url"]["en"], x["url"]["zh"], x["url"]["zh-hant"]) for x in conflicts])
            db.executemany("insert into conflict_claims values (?,?,?)", sorted({
                (x["id"], i, cid) for x in conflicts for i, side in enumerate(x["sides"]) for cid in side["claims"]}))
        problems = db.execute("PRAGMA foreign_key_check").fetchall()
        if problems:
            raise ValueError(f"the SQLite file's foreign keys do not hold: {problems[:5]}")
        db.execute("VACUUM")
        return bytes(db.serialize())
    finally:
        db.close()


def metadata(title: str, description: str, licence: dict) -> bytes:
    """Datasette's metadata for the file: what it is, its licence, its tables and the saved queries."""
    meta = {
        "title": title, "description": description, "license": licence["title"], "license_url": licence["path"],
        "databases": {"evidence": {
            "tables": {name: {"description": vocabulary.word(f"download.table.evidence.sqlite.{name}", languages.DEFAULT)}
                       for name in TABLES},
            "queries": QUERIES,
        }},
    }
    return (json.dumps(meta, ensure_ascii=False, indent=1) + "\n").encode("utf-8")
