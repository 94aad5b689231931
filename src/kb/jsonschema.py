"""JSON Schemas for editors, generated from :mod:`kb.schema` (never written by hand).

Each data file is a mapping from id to record, so each schema is an object whose
property names are ids and whose values follow the record's model.
"""
from __future__ import annotations

import json
from pathlib import Path

from . import paths, schema


def schema_for(kind: str) -> dict:
    model = schema.KINDS[kind]
    record = model.model_json_schema(ref_template="#/$defs/{model}")
    defs = record.pop("$defs", {})
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"{kind}.schema.json",
        "title": f"{kind} file of the evidence base",
        "description": f"A mapping from {kind} id (a lowercase slug) to its record. {model.__doc__.strip()}",
        "type": "object",
        # the names of pages and folders the site builds itself are no record's id (kb.paths.reserved)
        "propertyNames": {"pattern": schema.ID_PATTERN, "maxLength": 80, "not": {"enum": sorted(paths.reserved())}},
        "minProperties": 1,
        "additionalProperties": {"$ref": f"#/$defs/{model.__name__}"},
        "$defs": {**defs, model.__name__: record},
    }


def render(kind: str) -> str:
    return json.dumps(schema_for(kind), ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def write_schemas(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for kind in schema.KINDS:
        path = out / f"{kind}.schema.json"
        path.write_text(render(kind), encoding="utf-8")
        written.append(path)
    return written
