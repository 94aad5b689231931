"""The suite's builds stop on a warning, as ``--strict`` promises.

MkDocs counts warnings for ``--strict`` with a handler on its logger, which ``-q`` (``--quiet``) takes away:
``mkdocs build --strict -q`` publishes a site with a broken link and ends with status 0.  So no build the
tests make is quiet; what the builds print goes to their logs.
"""
from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

from site_fixture import _build_command

TESTS = Path(__file__).parent


def _broken_link_project(root: Path) -> Path:
    (root / "docs").mkdir()
    (root / "docs" / "index.md").write_text("# A page\n\n[a page that is not there](missing.md)\n", encoding="utf-8")
    config = root / "mkdocs.yml"
    config.write_text("site_name: strict\n", encoding="utf-8")
    return config


def test_a_warning_stops_the_suites_build(tmp_path):
    config = _broken_link_project(tmp_path)
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    run = subprocess.run(_build_command(tmp_path / "out", config), cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode != 0, run.stdout + run.stderr
    said = run.stdout + run.stderr
    assert "missing.md" in said and "in strict mode" in said
    quiet = subprocess.run([*_build_command(tmp_path / "out-quiet", config), "-q"], cwd=tmp_path, env=env,
                           capture_output=True, text=True, timeout=120)
    assert quiet.returncode == 0  # what this file guards against: quiet, the same build passes


def test_no_test_builds_quietly():
    """Every mkdocs command the tests run keeps its warnings (the builds of tests/site_fixture.py and those a test
    runs itself)."""
    calls = 0
    for path in sorted(TESTS.glob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r'"build", "--strict"', line):
                calls += 1
                assert not re.search(r'"(-q|--quiet)"', line), f"{path.name}:{n} builds with -q"
    assert calls >= 4  # site_fixture, test_citing_address, test_citing_repro, test_language_record
