"""CITATION.cff is valid Citation File Format 1.2.0, and agrees with the licence files and the project.

The schema is the official CFF 1.2.0 JSON Schema (CC BY 4.0, the Citation File Format
authors), copied unchanged from the cffconvert 2.0.0 package on PyPI. cffconvert itself
cannot be installed beside this project's test tools: it requires jsonschema below 4.
"""
from __future__ import annotations

import json
import re
import tomllib

import jsonschema
import yaml

from conftest import ROOT

SCHEMA = ROOT / "tests" / "citation-file-format-1.2.0.schema.json"


def _cff() -> dict:
    return yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))


def test_citation_file_is_valid_cff():
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    assert schema["$id"] == "https://citation-file-format.github.io/1.2.0/schema.json"
    jsonschema.validate(_cff(), schema, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)


def test_citation_file_names_the_project_and_its_licences():
    cff = _cff()
    site_name = re.search(r"^site_name: (.+)$", (ROOT / "mkdocs.yml").read_text(encoding="utf-8"), re.M).group(1)
    assert cff["title"] == site_name and cff["type"] == "dataset"
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert " AND ".join(cff["license"]) == project["license"] == "CC-BY-4.0 AND MIT"
    assert "MIT License" in (ROOT / "LICENSE").read_text(encoding="utf-8")
    data = (ROOT / "LICENSE-DATA").read_text(encoding="utf-8")
    assert "Creative Commons Attribution 4.0" in data and "https://creativecommons.org/licenses/by/4.0/legalcode" in data
    assert "data/snapshots/" in data  # the copies of sources are not the project's to license


def test_citation_file_gives_no_address_nobody_has_stated():
    """The site's address is the one each published copy's build is given (SITE_URL), which a file in the repository
    cannot know, and the repository's is not known here either: none may be guessed."""
    cff = _cff()
    assert not {"url", "repository", "repository-code", "repository-artifact", "doi"} & set(cff)
    assert not re.search(r"https?://(?!creativecommons\.org|citation-file-format)", (ROOT / "CITATION.cff").read_text(encoding="utf-8"))
