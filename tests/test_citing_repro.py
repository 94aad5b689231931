"""Two builds of the same commit are identical, byte for byte, even on different days.

The session's site (site_fixture) is compared with one more build, run with the clock
moved forward by CLOCK_SHIFT_DAYS (time.time, datetime.now and date.today, patched
before MkDocs loads), so anything that reads the clock (sitemap dates, the
compressed sitemap's timestamp, a "built on" date) shows up as a difference. Every
file is compared, the search index included.

The second build also builds its languages in turn (KB_BUILD_PROCESSES=1), where the session's build, on a
machine with more than one core, builds them side by side (src/sitebuild/parallel.py); and it writes the search
index in the process that built the pages (KB_BUILD_SPLIT=0), where the session's build hands the index to the
process it forked the pages' build from.  So the ways of building give the same site, file for file, or this
test fails.

This is the one extra build of the suite (about as long as the session's own build); it is
queued with the session's other builds (site_fixture), so it runs beside them and the tests before this one.
If the repository changes while the tests run (a commit lands, or a file under data/,
docs/, src/, macros/ or overrides/ is saved), the two builds rightly differ and the test is
skipped rather than failed.
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from site_fixture import ROOT, SESSION_DATA, built, register_build, site  # noqa: F401  (fixture)

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


def _shifted_command(out: Path, config: Path) -> list[str]:
    return [sys.executable, "-c", SHIFTED_MKDOCS, str(CLOCK_SHIFT_DAYS * 86400), "build", "--strict",
            "-f", str(config), "-d", str(out)]


def _real_inputs(tmp_path_factory):
    return ROOT / "mkdocs.yml", SESSION_DATA, ROOT / "docs"


register_build("shifted_site", _real_inputs, env={"KB_BUILD_PROCESSES": "1", "KB_BUILD_SPLIT": "0"},
               command=_shifted_command,
               drop=("SOURCE_DATE_EPOCH",))


@pytest.fixture(scope="module")
def shifted_site(request):
    """The site built again from the same inputs, the clock moved forward, its languages in turn, in one process."""
    return built("shifted_site", request)


def _commit(page: str) -> str:
    found = re.search(r'class="kb-version" data-commit="([0-9a-f]*)"', page)
    return found.group(1) if found else ""


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


def test_two_builds_of_one_commit_are_identical(site, shifted_site, record_property):
    assert shifted_site.data == site.data  # the same inputs (a failed build is a failure, with its output)
    record_property("second_build_seconds", round(shifted_site.seconds, 1))
    session_commit = _commit(site.file("").read_text(encoding="utf-8"))
    shifted_commit = _commit(shifted_site.file("").read_text(encoding="utf-8"))

    first, second = _files(site.root), _files(shifted_site.root)
    differ = sorted(set(first) ^ set(second))
    differ += sorted(n for n in set(first) & set(second) if first[n].read_bytes() != second[n].read_bytes())
    if differ:
        built_at = min(min(p.stat().st_mtime for p in first.values()) - site.seconds,
                       min(p.stat().st_mtime for p in second.values()) - shifted_site.seconds)
        if shifted_commit != session_commit or (session_commit and _head() != session_commit) \
                or _latest_input_change() > built_at:
            pytest.skip(f"the repository changed while the tests ran ({len(differ)} files differ); run again")
    assert len(first) > 1000
    assert differ == [], f"{len(differ)} file(s) differ between two builds of one commit: {differ[:10]}"
