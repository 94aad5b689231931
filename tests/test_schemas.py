"""The editor schemas are generated from kb.schema, agree with the data, and are referenced by every data file."""
from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from conftest import ROOT
from kb import jsonschema as gen
from kb import schema
from kb.load import data_files

REGENERATE = "make schemas   (or: .venv/bin/kb schema --out schemas)"
FILES = data_files(ROOT / "data")


@pytest.mark.parametrize("kind", list(schema.KINDS))
def test_committed_schema_matches_schema_module(kind):
    path = ROOT / "schemas" / f"{kind}.schema.json"
    assert path.exists(), f"schemas/{kind}.schema.json is missing; run: {REGENERATE}"
    assert path.read_text(encoding="utf-8") == gen.render(kind), \
        f"schemas/{kind}.schema.json is out of date with src/kb/schema.py; run: {REGENERATE}"


def test_sees_every_data_file():
    assert len(FILES) >= 8
    assert {k for k, _ in FILES} >= set(schema.KINDS) - schema.OPTIONAL_KINDS


@pytest.mark.parametrize("kind,path", FILES, ids=[p.relative_to(ROOT).as_posix() for _, p in FILES])
def test_data_file_references_its_schema(kind, path):
    first = path.read_text(encoding="utf-8").splitlines()[0]
    rel = Path("../" * (len(path.relative_to(ROOT / "data").parts) - 1 + 1)) / "schemas" / f"{kind}.schema.json"
    assert first == f"# yaml-language-server: $schema={rel.as_posix()}", \
        f"{path.relative_to(ROOT)}: the first line must be '# yaml-language-server: $schema={rel.as_posix()}' so editors can check it"


@pytest.mark.parametrize("kind,path", FILES, ids=[p.relative_to(ROOT).as_posix() for _, p in FILES])
def test_data_file_is_valid_against_editor_schema(kind, path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    # YAML timestamps become dates; editors see them as strings
    data = json.loads(json.dumps(data, default=str))
    jsonschema.validate(data, gen.schema_for(kind))


def test_editor_schema_rejects_unknown_field_as_kb_does():
    bad = {"x": {"subject": "a", "metric": "b", "statement": {"en": "e", "zh": "中"}, "citations": [{"source": "s", "quote": "q"}],
                 "tier": "t", "souces": []}}
    with pytest.raises(jsonschema.ValidationError, match="souces"):
        jsonschema.validate(bad, gen.schema_for("claims"))
