"""The downloads: written into the built site once per build, and described on the data page.

The files are exactly what :func:`publish.exports.exports` returns.  The data page's
tables are generated from the same place: the CSV columns from
``CLAIM_COLUMNS``/``SOURCE_COLUMNS``, the JSON fields from the keys the export
actually writes; their descriptions, like what each file holds, are in the
vocabulary (:mod:`kb.vocabulary`: ``download.column.<file>.<column>``,
``download.field.<file>.<field>``, ``download.what.<file>``), whose check stops
the build on a description missing in a written language, and a JSON field with
no description stops it too, so the page cannot fall behind the files.
"""
from __future__ import annotations

import json
from pathlib import Path

from kb import paths
from publish import exports, sqlite
from . import citing
from .labels import LABELS as VOCABULARY, t
from .templating import render

FILES = ("claims.json", "sources.json", "entities.json", "conflicts.json", "claims.csv", "sources.csv", "datapackage.json",
         "figures.csv", "accelerators.csv", "evidence.sqlite", "evidence.metadata.json")
FOLDER = paths.DOWNLOADS + "/"  # the downloads live at /data/<file>, beside the data page at /data/ (kb.paths)

# The downloads the data page gives a table of fields (JSON), columns (CSV) or tables (SQLite) for; the others it
# describes in its text: datapackage.json (a standard), accelerators.csv (a set of columns per figure key),
# evidence.metadata.json (Datasette's).
FIELD_TABLES = ("claims.json", "claims.csv", "sources.json", "sources.csv", "figures.csv", "entities.json",
                "conflicts.json", "evidence.sqlite")

FORMAT = {".json": "JSON", ".csv": "CSV", ".sqlite": "SQLite"}
MEDIA = {".json": "application/json", ".csv": "text/csv", ".sqlite": "application/vnd.sqlite3"}

_cache: dict[tuple, dict[str, bytes]] = {}


def base_url() -> str:
    """Where the exports say pages live: the site's public address."""
    return citing.public_url("")


def files(kb) -> dict[str, bytes]:
    """The downloads for this build (computed once per fact base, address and version)."""
    key = (id(kb), base_url(), citing.SETTINGS.version.commit)
    if key not in _cache:
        _cache.clear()
        _cache[key] = exports.exports(kb, base_url(), citing.SETTINGS.version.commit or "")
    return _cache[key]


def forget() -> None:
    """Let go of the downloads made (the next build makes its own)."""
    _cache.clear()


def write(kb, site_dir: str | Path) -> list[Path]:
    """Write the downloads into the built site, at data/<file>."""
    out = Path(site_dir) / FOLDER
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, body in files(kb).items():
        (out / name).write_bytes(body)
        written.append(out / name)
    return written


def _lbl(key: str, lang: str) -> str:
    return t("download.h." + key, lang)


def what(name: str, lang: str) -> str:
    """What the download ``name`` holds, in ``lang``."""
    return t("download.what." + name, lang)


def downloads(ctx) -> str:
    """The table of downloadable files, each linked, with its format.  No sizes: a size is a measurement of this
    build, not a figure from the data, and a page shows no number the data does not give."""
    lang = ctx.lang
    files = [(name, ctx.href_site(FOLDER + name), FORMAT[Path(name).suffix], what(name, lang)) for name in FILES]
    return str(render("downloads.html.j2", name="downloads", head=[_lbl(k, lang) for k in ("file", "format", "what")],
                      files=files, rows=[], licence=LICENCE_NAME))  # plain text, for the macros' page


def json_fields(kb, name: str) -> list[tuple[str, str]]:
    """(field, JSON types) of every top-level field the export writes in ``name``, in first-seen order."""
    seen: dict[str, set] = {}
    for rec in json.loads(files(kb)[name]):
        for k, v in rec.items():
            seen.setdefault(k, set()).add(_json_type(v))
    return [(k, " | ".join(sorted(t))) for k, t in seen.items()]


def _json_type(v) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "boolean"
    if isinstance(v, (int, float)):
        return "number"
    if isinstance(v, str):
        return "string"
    return "array" if isinstance(v, list) else "object"


LICENCE_NAME = "CC BY 4.0"


def field_table(ctx, name: str) -> str:
    """The table of one download's fields (JSON) or columns (CSV), from the export's own definitions."""
    lang = ctx.lang
    if name.endswith(".sqlite"):
        refers = sqlite.references()
        rows = [(table, ", ".join(refers[table]) or "–", t(f"download.table.{name}.{table}", lang)) for table in sqlite.TABLES]
        head = ("table", "references", "description")
    elif name.endswith(".csv"):
        columns = exports.CSV_COLUMNS[name]
        rows = [(col, typ, t(f"download.column.{name}.{col}", lang)) for col, typ, _ in columns]
        head = ("column", "type", "description")
    else:
        rows = []
        for key, types in json_fields(ctx.kb, name):
            if f"download.field.{name}.{key}" not in VOCABULARY:
                raise KeyError(f"{name} field {key!r} is not described: add download.field.{name}.{key} to "
                               f"src/kb/vocabulary.py")
            rows.append((key, types, t(f"download.field.{name}.{key}", lang)))
        head = ("field", "type", "description")
    # a description names the licence as a name, not a figure: split there
    rows = [(field, typ, text.split(LICENCE_NAME)) for field, typ, text in rows]
    return str(render("downloads.html.j2", name=name, head=[_lbl(k, lang) for k in head], files=[], rows=rows,
                      licence=LICENCE_NAME))  # plain text, for the macros' page
