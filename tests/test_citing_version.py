"""The data version comes from git, never from the clock, and links only to addresses that are known."""
from __future__ import annotations

import subprocess

import pytest

from conftest import ROOT
from publish import version as cite_version
from publish.version import DataVersion

COMMIT = "0123456789abcdef0123456789abcdef01234567"


@pytest.mark.parametrize("repo,expected", [
    ("https://github.com/owner/evidence", f"https://github.com/owner/evidence/tree/{COMMIT}/data"),
    ("https://github.com/owner/evidence.git", f"https://github.com/owner/evidence/tree/{COMMIT}/data"),
    ("https://gitlab.com/owner/evidence/", f"https://gitlab.com/owner/evidence/-/tree/{COMMIT}/data"),
    ("https://git.example.org/owner/evidence", None),  # a host whose layout is not known: no link is guessed
    (None, None),
])
def test_the_data_is_linked_at_its_commit_only_where_the_address_is_known(repo, expected):
    assert DataVersion(COMMIT, 1795910400, False, repo).tree_url == expected


def test_uncommitted_data_is_not_linked_to_a_commit_it_differs_from():
    v = DataVersion(COMMIT, 1795910400, True, "https://github.com/owner/evidence")
    assert v.tree_url is None and v.short == "0123456" and v.date == "2026-11-29"


def test_the_repository_comes_from_mkdocs_then_the_environment(monkeypatch):
    monkeypatch.setenv("KB_REPO_URL", "https://github.com/from/env")
    assert cite_version.repo_url("https://github.com/from/mkdocs") == "https://github.com/from/mkdocs"
    assert cite_version.repo_url(None) == "https://github.com/from/env"
    monkeypatch.delenv("KB_REPO_URL")
    assert cite_version.repo_url(None) is None
    monkeypatch.setenv("KB_REPO_URL", "javascript:alert(1)")
    assert cite_version.repo_url(None) is None


def test_the_version_is_the_checkouts_commit_and_its_time():
    head = subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%H %ct"], capture_output=True, text=True)
    if head.returncode != 0:
        pytest.skip("not a git checkout")
    v = cite_version.read(ROOT / "data", None)
    commit, ts = head.stdout.split()
    assert (v.commit, v.timestamp) == (commit, int(ts))
    assert cite_version.source_date_epoch(v) == ts


def test_outside_git_the_version_is_unknown_and_the_build_keeps_its_epoch(tmp_path, monkeypatch):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    v = cite_version.read(tmp_path, None)
    assert v.commit is None and v.timestamp is None and cite_version.source_date_epoch(v) is None
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1795910400")
    assert cite_version.read(tmp_path, None).date == "2026-11-29"
