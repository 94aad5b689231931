"""Two builds of the same commit are identical, byte for byte, even on different days.

The session's site (site_fixture) is compared with one more build, run with the clock
moved forward by CLOCK_SHIFT_DAYS (time.time, datetime.now and date.today, patched
before MkDocs loads), so anything that reads the clock (sitemap dates, the
compressed sitemap's timestamp, a "built on" date) shows up as a difference. Every
file is compared, the search index included.

This is the one extra build of the suite (about as long as the session's own build).
If the repository changes while the tests run (a commit lands, or a file under data/,
docs/, src/, macros/ or overrides/ is saved), the two builds rightly differ and the test is
skipped rather than failed.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from site_fixture import ROOT, site  # noqa: F401  (fixture)

CLOCK_SHIFT_DAYS = 400
INPUTS = ("data", "docs", "src", "macros", "overrides", "mkdocs.yml")

# Runs MkDocs with the clock moved forward; the shift in seconds is the first argument.
SHIFTED_MKDOCS = r"""
import datetime as _dt, sys, time
_shift = float(sys.argv.pop(1))
_real_time = time.time
time.time = lambda: _real_time() + _shift
class _DateTime(_dt.datetime):
    @classmethod
    def now(cls, tz=None):
        return cls.fromtimestamp(time.time(), tz)
    @classmethod
    def utcnow(cls):
        return cls.fromtimestamp(time.time(), _dt.timezone.utc).replace(tzinfo=None)
    @classmethod
    def today(cls):
        return cls.fromtimestamp(time.time())
class _Date(_dt.date):
    @classmethod
    def today(cls):
        return cls.fromtimestamp(time.time())
_dt.datetime, _dt.date = _DateTime, _Date
from mkdocs.__main__ import cli
sys.argv[0] = "mkdocs"
cli()
"""


def _head() -> str:
    out = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True)
    return out.stdout.strip() if out.returncode == 0 else ""


def _latest_input_change() -> float:
    latest = 0.0
    for name in INPUTS:
        p = ROOT / name
        paths = [p] if p.is_file() else (q for q in p.rglob("*") if q.is_file() and "__pycache__" not in q.parts)
        for q in paths:
            latest = max(latest, q.stat().st_mtime)
    return latest


def _files(root: Path) -> dict[str, Path]:
    return {p.relative_to(root).as_posix(): p for p in root.rglob("*") if p.is_file()}


def test_two_builds_of_one_commit_are_identical(site, tmp_path, record_property):
    head_before = _head()
    found = re.search(r'class="kb-version" data-commit="([0-9a-f]*)"', site.file("").read_text(encoding="utf-8"))
    session_commit = found.group(1) if found else ""
    out = tmp_path / "again"
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    env.update(NO_MKDOCS_2_WARNING="1", KB_DATA_DIR=str(site.data))
    cmd = [sys.executable, "-c", SHIFTED_MKDOCS, str(CLOCK_SHIFT_DAYS * 86400), "build", "--strict", "-q",
           "-f", str(ROOT / "mkdocs.yml"), "-d", str(out)]
    start = time.monotonic()
    result = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    record_property("second_build_seconds", round(time.monotonic() - start, 1))
    assert result.returncode == 0, f"the second build failed:\n{result.stdout}\n{result.stderr}"

    first, second = _files(site.root), _files(out)
    differ = sorted(set(first) ^ set(second))
    differ += sorted(n for n in set(first) & set(second) if first[n].read_bytes() != second[n].read_bytes())
    if differ:
        built_at = min(p.stat().st_mtime for p in first.values()) - site.seconds
        if _head() != head_before or (session_commit and _head() != session_commit) \
                or _latest_input_change() > built_at:
            pytest.skip(f"the repository changed while the tests ran ({len(differ)} files differ); run again")
    assert len(first) > 1000
    assert differ == [], f"{len(differ)} file(s) differ between two builds of one commit: {differ[:10]}"
