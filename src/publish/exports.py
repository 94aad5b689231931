"""The downloadable data: a public contract, so paths and fields stay stable.

``exports(kb, base_url)`` returns every file of ``site/data/`` as bytes:
claims.json, sources.json, entities.json, conflicts.json, claims.csv,
sources.csv, datapackage.json (a Frictionless Data Package describing the
CSV files), the figures that compare accelerators in the long form (figures.csv) and
the wide one (accelerators.csv: publish.comparison), and the whole fact base as one SQLite file (evidence.sqlite, with
Datasette's evidence.metadata.json: publish.sqlite).  Nothing here formats for a page; figures are written canonically.
"""
from __future__ import annotations

import csv
import io
import json
import re
from decimal import Decimal
from fractions import Fraction

from kb import display, languages, paths, vocabulary
from kb.base import KnowledgeBase
from kb.prose import PLACEHOLDER, kind_of
from kb.schema import LANGS

from . import comparison, sqlite


def page_url(kind: str, rid: str, lang: str, base_url: str = "/") -> str:
    """The permanent address of a record's page in one site language: /claims/<id>/, /zh/claims/<id>/,
    /zh-hant/claims/<id>/ (``kind`` 'claim'): :func:`kb.paths.page_path` under ``base_url``."""
    return f"{base_url.rstrip('/')}/{paths.page_path(kind, rid, lang)}"


def json_value(value):
    """The contract's value: number, [low, high], date text, or null."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, list):
        return [json_value(v) for v in value]
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() and value.as_tuple().exponent >= 0 else float(value)
    return value


def _num(f: Fraction) -> float:
    return float(f"{float(f):.10g}")


def plain_statement(kb: KnowledgeBase, cid: str, lang: str, text: str | None = None) -> str:
    """A claim's statement (or ``text`` of the claim, such as a reading) with each placeholder replaced by the
    figure as plain text."""
    claim = kb.claims[cid]

    def figure(target: str) -> str:
        """The figure as recorded (kb.display.canonical, a range's ends joined by an en dash), with its unit; a
        derived figure no source states, as the interval its page shows (widened outward to three significant
        figures, kb.display.computed_canonical)."""
        text = display.canonical(kb.claims[target].value)
        if text is None:
            chk = kb.checks.get(target)
            if chk is None or chk.computed is None:
                return "?"
            text = display.computed_canonical(chk.computed.lo, chk.computed.hi)
        return display.with_unit(text.replace("..", "–"), kb.unit_of(target), lang, " ")

    def fill(m) -> str:
        kind, ident = kind_of(m)
        if kind == "entity":
            return getattr(kb.entities[ident].name, lang)
        return figure(cid if kind == "value" else ident)

    return PLACEHOLDER.sub(fill, getattr(claim.statement, lang) if text is None else text)


def claim_record(kb: KnowledgeBase, cid: str, base_url: str) -> dict:
    c = kb.claims[cid]
    m = kb.metrics[c.metric]
    out = {
        "id": cid,
        "subject": c.subject,
        "metric": c.metric,
        "value": json_value(c.value),
        "value_text": display.canonical(c.value),
        "precision": None if c.precision is None else (c.precision if c.precision == "exact" else json_value(Decimal(c.precision))),
        "approximate": c.approximate,
        "bound": c.bound,
        "unit": c.unit or m.unit,  # the unit the source writes the figure in (kb.schema.Claim.unit)
        "per": c.per,
        "number_format": c.number_format,
        "sparsity": c.sparsity,
        "statement": {lang: plain_statement(kb, cid, lang) for lang in LANGS},
        "tier": c.tier,
        "status": c.status,
        "successor": c.successor,
        "attribution": c.attribution,
        "conditions": {k: v for k, v in c.conditions.model_dump(mode="json", exclude_none=True).items()},
        "sources": [citation_record(kb, cid, i) for i in range(len(c.citations))],
        "derived_from": list(c.derivation.inputs) if c.derivation else [],
        "conflicts": kb.conflicts_by_claim.get(cid, []),
        "url": {lang: page_url("claim", cid, lang, base_url) for lang in languages.LANGUAGES},
        "tags": list(c.tags),
    }
    out.update(relay_record(kb, cid))
    chk = kb.checks.get(cid)
    if chk is not None:
        out["check"] = {
            "op": c.derivation.op,
            "computed": None if chk.computed is None else [_num(chk.computed.lo), _num(chk.computed.hi)],
            "verdict": chk.verdict,
        }
    return out


def relay_record(kb: KnowledgeBase, cid: str) -> dict:
    """Who said a claim first (kb.relay): each original report and the sources relaying it, and its standing."""
    ch = kb.relays.of_claim(cid)
    return {"origins": [{"source": r.source, "date": kb.sources[r.source].date if r.source in kb.sources else None,
                         "cited": r.cited, "relayed_by": list(r.relayed_by)} for r in ch.reports],
            "standing": ch.standing}


def source_relays(kb: KnowledgeBase, sid: str) -> dict:
    """The claims a source is the origin of (with who relays each), and the originals it relays."""
    return {"origin_of": [{"claim": cid, "relayed_by": list(relayers)} for cid, relayers in kb.relays.origin_of(sid)],
            "relays": [{"source": origin, "claims": list(ids)} for origin, ids in kb.relays.relays(sid)]}


def citation_record(kb: KnowledgeBase, cid: str, index: int) -> dict:
    """One citation: the source's words (or the contributor's paraphrase), their translation, and how they were checked."""
    cit = kb.claims[cid].citations[index]
    how = kb.how_checked(cid, index)

    def dump(x):
        return None if x is None else x.model_dump(mode="json", exclude_none=True)

    return {"source": cit.source, "quote": cit.quote, "translation": dump(cit.translation),
            "paraphrase": dump(cit.paraphrase), "locator": cit.locator, "attributed_to": cit.attributed_to,
            "checked": how.how, "checked_on": how.date, "last_try": how.last_try,
            "reading": None if cit.reading is None else
            {lang: plain_statement(kb, cid, lang, getattr(cit.reading, lang)) for lang in LANGS}}


def source_record(kb: KnowledgeBase, sid: str, base_url: str) -> dict:
    s = kb.sources[sid]
    out = s.model_dump(mode="json", exclude_none=True)
    out.pop("snapshot", None)
    # "url" is every record's own pages ({en, zh}); the source's own address is "source_url"
    if "url" in out:
        out = {("source_url" if k == "url" else k): v for k, v in out.items()}
    if s.snapshot:
        out["snapshot"] = {"taken": s.snapshot.taken, "extent": s.snapshot.extent}
    return {"id": sid, **out, "claims": kb.claims_by_source.get(sid, []), **source_relays(kb, sid),
            "url": {lang: page_url("source", sid, lang, base_url) for lang in languages.LANGUAGES}}


def entity_record(kb: KnowledgeBase, eid: str, base_url: str) -> dict:
    e = kb.entities[eid]
    return {"id": eid, **e.model_dump(mode="json", exclude_none=True), "claims": kb.claims_by_entity.get(eid, []),
            "url": {lang: page_url("entity", eid, lang, base_url) for lang in languages.LANGUAGES}}


def conflict_record(kb: KnowledgeBase, xid: str, base_url: str) -> dict:
    x = kb.conflicts[xid]
    body = x.model_dump(mode="json")
    claims = list(dict.fromkeys(cid for side in x.sides for cid in side.claims))
    return {"id": xid, **body, "claims": claims,
            "url": {lang: page_url("conflict", xid, lang, base_url) for lang in languages.LANGUAGES}}


_CLAIM_COLUMNS_TYPES = [
    ("id", "string"),
    ("subject", "string"),
    ("metric", "string"),
    ("value", "string"),
    ("unit", "string"),
    ("statement_en", "string"),
    ("statement_zh", "string"),
    ("tier", "string"),
    ("status", "string"),
    ("attribution", "string"),
    ("sources", "string"),
    ("origins", "string"),
    ("standing", "string"),
    ("verdict", "string"),
    ("computed_low", "number"),
    ("computed_high", "number"),
    ("url_en", "string"),
    ("url_zh", "string"),
    ("url_zh_hant", "string"),
    # what the figure holds under: one column per condition the schema knows (kb.schema.Conditions), bilingual
    # ones in two columns; empty where the record states none
    ("condition_model", "string"),
    ("condition_format", "string"),
    ("condition_input_tokens", "integer"),
    ("condition_output_tokens", "integer"),
    ("condition_baseline", "string"),
    ("condition_benchmark", "string"),
    ("condition_operating_point", "string"),
    ("condition_power_basis", "string"),
    ("condition_decoding_en", "string"),
    ("condition_decoding_zh", "string"),
    ("condition_note_en", "string"),
    ("condition_note_zh", "string"),
    # the sources' own words (not covered by the data licence: see QUOTES_LICENCE)
    ("quote_source", "string"),
    ("quote", "string"),
    ("other_quotes", "string"),
    # the contributors' own words about the first citation (covered by the data licence)
    ("quote_translation_en", "string"),
    ("quote_translation_zh", "string"),
    ("paraphrase_en", "string"),
    ("paraphrase_zh", "string"),
    ("checked", "string"),
    ("checked_on", "string"),
]
_SOURCE_COLUMNS_TYPES = [
    ("id", "string"),
    ("kind", "string"),
    ("name_en", "string"),
    ("name_zh", "string"),
    ("title", "string"),
    ("language", "string"),
    ("publisher", "string"),
    ("date", "string"),
    ("url", "string"),
    ("accessed", "string"),
    ("archive_url", "string"),
    ("no_url_en", "string"),
    ("no_url_zh", "string"),
    ("snapshot", "string"),
    ("claims", "integer"),
]


def _described(name: str, columns: list[tuple[str, str]]) -> list[tuple[str, str, str]]:
    """(column, type, description) for each column of the download ``name``: the description is the vocabulary's
    (``download.column.<file>.<column>``) in the default language, as datapackage.json gives it."""
    return [(col, typ, vocabulary.word(f"download.column.{name}.{col}", languages.DEFAULT)) for col, typ in columns]


CLAIM_COLUMNS = _described("claims.csv", _CLAIM_COLUMNS_TYPES)
SOURCE_COLUMNS = _described("sources.csv", _SOURCE_COLUMNS_TYPES)
FIGURE_COLUMNS = _described("figures.csv", [(c, "string") for c in comparison.LONG_COLUMNS])
CSV_COLUMNS = {"claims.csv": CLAIM_COLUMNS, "sources.csv": SOURCE_COLUMNS, "figures.csv": FIGURE_COLUMNS}
"""The columns of each CSV download whose columns are fixed (accelerators.csv has one set per figure key)."""


# UTF-8 with a byte-order mark, so that a spreadsheet opening the file (Excel reads a CSV without one in the
# machine's legacy code page) shows the Chinese text as written.  "utf-8-sig" is the name Frictionless itself
# gives such a file (frictionless describe), and Python's codec for reading it without the mark.
CSV_ENCODING = "utf-8-sig"

# The data licence, and what it does not cover: the quotes are the sources' own words.
LICENCE = {"name": "CC-BY-4.0", "path": "https://creativecommons.org/licenses/by/4.0/",
           "title": "Creative Commons Attribution 4.0 International"}
QUOTES_LICENCE = ("The quotes (claims.csv: quote and other_quotes; claims.json: sources[].quote) are "
                  "verbatim text of the sources, reproduced so that each claim can be checked: they belong to "
                  "their authors and publishers and are not covered by CC BY 4.0.")


def _conditions(c: dict) -> dict:
    """A claim's conditions as the condition_* columns."""
    out = {}
    for key, value in c["conditions"].items():
        if isinstance(value, dict):
            out.update({f"condition_{key}_{lang}": value.get(lang) for lang in LANGS})
        else:
            out[f"condition_{key}"] = value
    return out


def _quotes(c: dict) -> dict:
    cits = c["sources"]
    first = cits[0] if cits else {}
    tr, para = first.get("translation") or {}, first.get("paraphrase") or {}

    def line(s):
        if s["quote"] is None:
            return f"{s['source']} (paraphrase): {s['paraphrase']['en']}"
        return f"{s['source']}: {s['quote']}"

    return {"quote_source": first.get("source"), "quote": first.get("quote"),
            "other_quotes": "\n".join(line(s) for s in cits[1:]),
            "quote_translation_en": tr.get("en"), "quote_translation_zh": tr.get("zh"),
            "paraphrase_en": para.get("en"), "paraphrase_zh": para.get("zh"),
            "checked": first.get("checked"), "checked_on": first.get("checked_on")}


# A spreadsheet that opens a CSV file reads a cell that begins with one of these as a formula, and runs it
# (=HYPERLINK(...) sends a reader's click, and the data beside it, to any address; =cmd|... once ran programs).
# Every text a contributor wrote can begin so, so each such cell is written with an apostrophe before it, as OWASP
# advises and as spreadsheets themselves mark text that looks like a formula: the reader sees the text, and nothing
# runs. A cell that is a number (-75, 1.5..2, the form value_text gives) is no formula and is written as it is.
# The JSON files give every text exactly as written.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n")
_NUMBER = r"[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?"
_NUMBER_CELL = re.compile(rf"{_NUMBER}(?:\.\.{_NUMBER})?")
CSV_NOTE = ("In the CSV files, a text that begins with =, +, -, @, a tab or a line break has an apostrophe (') put "
            "before it, so that a spreadsheet shows it as text instead of running it as a formula; the JSON files give "
            "every text as written.")


def spreadsheet_cell(value):
    """A CSV cell that a spreadsheet shows as it is and never runs: text that would begin a formula gets an
    apostrophe before it (see FORMULA_START)."""
    if isinstance(value, str) and value.startswith(FORMULA_START) and not _NUMBER_CELL.fullmatch(value):
        return "'" + value
    return value


def _csv(rows: list[dict], columns) -> bytes:
    buf = io.StringIO()
    # rows end in CRLF (RFC 4180), so that the writer quotes every text holding a CR or an LF: a bare CR inside a
    # text would end the row for a spreadsheet, and what follows it would begin a cell (and a formula) of its own
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow([c[0] for c in columns])
    for row in rows:
        w.writerow(["" if row.get(c[0]) is None else spreadsheet_cell(row.get(c[0])) for c in columns])
    return buf.getvalue().encode(CSV_ENCODING)


def exports(kb: KnowledgeBase, base_url: str = "/", version: str = "") -> dict[str, bytes]:
    claims = [claim_record(kb, cid, base_url) for cid in sorted(kb.claims)]
    sources = [source_record(kb, sid, base_url) for sid in sorted(kb.sources)]
    entities = [entity_record(kb, eid, base_url) for eid in sorted(kb.entities)]
    conflicts = [conflict_record(kb, xid, base_url) for xid in sorted(kb.conflicts)]

    def dump(obj) -> bytes:
        return (json.dumps(obj, ensure_ascii=False, indent=1, sort_keys=False) + "\n").encode("utf-8")

    claim_rows = [{
        "id": c["id"], "subject": c["subject"], "metric": c["metric"], "value": c["value_text"], "unit": c["unit"],
        "statement_en": c["statement"]["en"], "statement_zh": c["statement"]["zh"], "tier": c["tier"],
        "status": c["status"], "attribution": c["attribution"],
        "sources": " ".join(dict.fromkeys(s["source"] for s in c["sources"])),
        "origins": " ".join(o["source"] for o in c["origins"]), "standing": c["standing"],
        "verdict": (c.get("check") or {}).get("verdict"),
        "computed_low": ((c.get("check") or {}).get("computed") or [None, None])[0],
        "computed_high": ((c.get("check") or {}).get("computed") or [None, None])[1],
        "url_en": c["url"]["en"], "url_zh": c["url"]["zh"], "url_zh_hant": c["url"]["zh-hant"],
        **_conditions(c), **_quotes(c),
    } for c in claims]
    source_rows = [{**{k: s.get(k) for k, _, _ in SOURCE_COLUMNS}, "name_en": s["name"]["en"], "name_zh": s["name"]["zh"],
                    "url": s.get("source_url"), "claims": len(s["claims"]),
                    "no_url_en": (s.get("no_url") or {}).get("en"), "no_url_zh": (s.get("no_url") or {}).get("zh"),
                    "snapshot": (s.get("snapshot") or {}).get("extent")} for s in sources]

    wide_columns, wide_rows = comparison.wide(kb)

    def schema(columns, key="id"):
        return {"fields": [{"name": n, "type": t, "description": d} for n, t, d in columns], "primaryKey": [key]}

    package = {
        "name": "jalapeno-evidence",
        "title": "AI inference chips evidence base: claims and sources",
        "description": "Claims about AI inference chips with their sources, verbatim quotes, evidence tiers and "
                       "re-derivation verdicts. Licence: CC BY 4.0, except the quotes. " + QUOTES_LICENCE + " " + CSV_NOTE,
        "version": version or "0",
        "licenses": [{**LICENCE, "title": f"{LICENCE['title']}, except the quotes. {QUOTES_LICENCE}"}],
        "resources": [
            {"name": "claims", "path": "claims.csv", "format": "csv", "mediatype": "text/csv", "encoding": CSV_ENCODING,
             "schema": schema(CLAIM_COLUMNS)},
            {"name": "sources", "path": "sources.csv", "format": "csv", "mediatype": "text/csv", "encoding": CSV_ENCODING,
             "schema": schema(SOURCE_COLUMNS)},
            {"name": "figures", "path": "figures.csv", "format": "csv", "mediatype": "text/csv", "encoding": CSV_ENCODING,
             "schema": schema(FIGURE_COLUMNS, "claim")},
        ],
    }
    return {
        "claims.json": dump(claims),
        "sources.json": dump(sources),
        "entities.json": dump(entities),
        "conflicts.json": dump(conflicts),
        "claims.csv": _csv(claim_rows, CLAIM_COLUMNS),
        "sources.csv": _csv(source_rows, SOURCE_COLUMNS),
        "datapackage.json": dump(package),
        "figures.csv": _csv(comparison.long_rows(kb, lambda kind, rid, lang: page_url(kind, rid, lang, base_url)),
                            FIGURE_COLUMNS),
        "accelerators.csv": _csv(wide_rows, [(c, "string", "") for c in wide_columns]),
        "evidence.sqlite": sqlite.database(kb, claims, sources, entities, conflicts),
        "evidence.metadata.json": sqlite.metadata(package["title"], package["description"], LICENCE),
    }
