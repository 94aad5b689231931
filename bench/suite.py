"""The test suite's own budgets (TESTING.md): what a contributor and CI wait for, and how it grows with pages.

* ``fresh_clone``: ``git clone`` of the commit measured into an empty folder, then README's ``make test`` there, set-up
  included (a virtual environment, the Python packages, node_modules; the browser and fonts are installed only when
  missing, so on a machine that has them the figure leaves their download out, as the report says);
* ``make_check``: README's one-minute tier, in the working tree whose environment is set up;
* ``layers``: on one built site, the whole-site sweep (bench/sweep.py: every page read once, every check run on it)
  and then the browser layer alone (tests/test_browser_layout.py's pages at each template's extremes, reading the
  sweep's findings instead of sweeping again).

``measure`` is bench/run.py's: wall, CPU and memory of the whole process tree.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
PY = sys.executable
BIN = Path(sys.executable).parent

# What a fresh shell has: none of the project's own variables, no virtual environment active.
_DROP = ("VIRTUAL_ENV", "PYTHONPATH", "KB_DATA_DIR", "KB_BUILDS_DIR", "KB_SITE_DIR", "KB_DOCS_DIR")
_PASSED = re.compile(r"(\d+) passed[^\n]*? in ([\d.]+)s")


def _clean_env() -> dict:
    env = {k: v for k, v in os.environ.items() if k not in _DROP}
    venv_bin = str(BIN)
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep) if p != venv_bin)
    return env


def _pytest_line(log: Path) -> tuple[str, float | None]:
    """pytest's summary line and the seconds it gives, from a log."""
    text = log.read_text(encoding="utf-8", errors="replace")
    lines = [ln.strip("= ") for ln in text.splitlines() if re.search(r"\d+ (passed|failed|error)", ln)]
    found = _PASSED.search(lines[-1]) if lines else None
    return (lines[-1] if lines else "no summary line"), (float(found.group(2)) if found else None)


def fresh_clone(work: Path, measure) -> dict:
    """Clone the repository as it is committed into ``work/fresh`` and run ``make test`` there."""
    fresh = work / "fresh"
    shutil.rmtree(fresh, ignore_errors=True)
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(fresh)], check=True)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=fresh, capture_output=True, text=True,
                            check=True).stdout.strip()
    browser_ready = bool(shutil.which("chromium") or shutil.which("google-chrome") or os.environ.get("KB_CHROMIUM"))
    log = work / "fresh-make-test.log"
    run = measure(["make", "test"], env=_clean_env(), cwd=fresh, log=log)
    summary, seconds = _pytest_line(log)
    shutil.rmtree(fresh, ignore_errors=True)
    return {**run.__dict__, "summary": summary, "pytest": seconds, "commit": commit, "browser_ready": browser_ready}


def make_check(work: Path, measure) -> dict:
    log = work / "make-check.log"
    run = measure(["make", "check"], env=_clean_env(), cwd=ROOT, log=log)
    summary, seconds = _pytest_line(log)
    return {**run.__dict__, "summary": summary, "pytest": seconds}


def layers(site: Path, data: Path, docs: Path, work: Path, measure) -> dict:
    """The sweep of one built site, then the browser layer on the pages the sweep chose."""
    builds = work / "test-builds"
    shutil.rmtree(builds, ignore_errors=True)
    builds.mkdir(parents=True)
    env = dict(_clean_env(), KB_BUILDS_DIR=str(builds), KB_SITE_DIR=str(site), KB_DATA_DIR=str(data),
               KB_DOCS_DIR=str(docs), NO_MKDOCS_2_WARNING="1")
    log = work / "sweep.log"
    sweep = measure([PY, str(BENCH / "sweep.py"), str(site), str(data), str(docs)], env=env, cwd=ROOT, log=log)
    if sweep.rc:
        sys.exit(f"bench: the sweep failed; log {log}:\n{log.read_text(encoding='utf-8', errors='replace')[-3000:]}")
    found = json.loads(log.read_text(encoding="utf-8").strip().splitlines()[-1])
    log = work / "browser.log"
    test = "tests/test_browser_layout.py::test_the_pages_at_each_templates_extremes_fit_every_phone_width"
    browser = measure([str(BIN / "pytest"), "-p", "no:xdist", "-p", "no:cacheprovider", "-q", test], env=env,
                      cwd=ROOT, log=log)
    summary, seconds = _pytest_line(log)
    shutil.rmtree(builds, ignore_errors=True)
    return {"pages": found["pages"], "sweep": {**sweep.__dict__, **found}, "browser_pages": found["browser_pages"],
            "browser": {**browser.__dict__, "summary": summary, "pytest": seconds}}
