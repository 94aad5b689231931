"""kb diff, against a real history: a repository holding a copy of data/ and docs/, committed, then a
figure changed and a claim added in a second commit.

It must name the added claim, the changed figure with its old and new values as readers see them,
the derived figures that rest on it, and the pages in each language whose figures change; a verdict
that flips, a record removed without a redirect, a side that fails the check and an unknown
revision are each said as such.
"""
from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from conftest import later_run_claim
from integrity.langs import LANGS, PREFIX
from kb import cli
from sitebuild.diff import diff, format_report
from site_fixture import ROOT

pytestmark = pytest.mark.build  # renders every page of two versions of the data: not in `make check`

ADDED = later_run_claim("A later run of the GPT-OSS 120B test was reported <b>again</b>.")
FIGURE = "gptoss-peak-tpskw-jalapeno"
RATIO = "gptoss-peak-tpskw-ratio"


def _git(repo, *args):
    return subprocess.run(["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.org", *args],
                          capture_output=True, text=True, check=True).stdout


def _set_figure(repo, old: str, new: str):
    """Change the claim's figure as a corrected source would: the value, and the words of the sources that
    write it (snapshots, quotes and their translations), so that the figure is still found in its quotes."""
    path = repo / "data" / "claims" / "benchmarks.yml"
    text = path.read_text(encoding="utf-8")
    start = text.index(f"\n{FIGURE}:\n")
    at = text.index(f"value: {old}\n", start)
    path.write_text(text[:at] + f"value: {new}\n" + text[at + len(f"value: {old}\n"):], encoding="utf-8")
    written_old, written_new = f"{int(old):,}", f"{int(new):,}"
    for words in [*(repo / "data" / "snapshots").glob("*.txt"), *(repo / "data" / "claims").glob("*.yml")]:
        text = words.read_text(encoding="utf-8")
        if written_old in text:
            words.write_text(text.replace(written_old, written_new), encoding="utf-8")


@pytest.fixture(scope="module")
def repo(tmp_path_factory):
    root = tmp_path_factory.mktemp("diff") / "repo"
    root.mkdir()
    for folder in ("data", "docs"):
        shutil.copytree(ROOT / folder, root / folder)
    _git(root, "init", "-q", "-b", "main")
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "The fact base as it is")
    _set_figure(root, "85448", "85449")
    with open(root / "data" / "claims" / "benchmarks.yml", "a", encoding="utf-8") as fh:
        fh.write(ADDED)
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "Correct a figure and add a claim")
    return root


@pytest.fixture(scope="module")
def report(repo):
    return diff(repo, "HEAD~1", "HEAD")


def _section(text: str, title: str) -> str:
    """The lines of one section of the plain report, up to the next blank line."""
    lines = text.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.startswith(title))
    end = next((i for i in range(start + 1, len(lines)) if not lines[i].strip()), len(lines))
    return "\n".join(lines[start:end])


def test_the_command_names_the_added_claim_the_changed_figure_and_what_rests_on_it(repo, capsys):
    assert cli.main(["diff", "HEAD~1", "HEAD", "--repo", str(repo)]) == 0
    out = capsys.readouterr().out
    short = _git(repo, "rev-parse", "--short", "HEAD~1").strip()
    assert out.splitlines()[0].startswith(f"kb diff: {short} → ")
    added = _section(out, "Claims added (1)")
    assert "gptoss-e2e-jalapeno-later-run: no figure, “A later run of the GPT-OSS 120B test was reported <b>again</b>.”" in added
    changed = _section(out, "Claims changed (")
    assert FIGURE in changed and "value: 85,448 → 85,449 tok/s/kW" in changed
    derived = _section(out, "Derived figures and verdicts that change")
    assert f"{RATIO}: computed 1.90–1.91×" in derived and f"(input changed: {FIGURE})" in derived
    assert "verdict " not in derived.split("\n", 1)[1]  # 85,449 / 44,960 still rounds to the stated 1.90


def test_the_pages_whose_figures_change_are_listed_in_each_language(report):
    assert set(report.pages) == set(LANGS)
    for lang, prefix in ((lang, "/" + PREFIX[lang]) for lang in LANGS):
        pages = report.pages[lang]
        for url in (f"claims/{FIGURE}/", f"claims/{RATIO}/", "entities/jalapeno/", "benchmarks/", "claims/"):
            assert prefix + url in pages["changed"], (lang, url)
        assert pages["added"] == [f"{prefix}claims/gptoss-e2e-jalapeno-later-run/"]
        assert pages["removed"] == [] and pages["unrendered"] == []
        assert f"{prefix}claims/deepseek-e2e-jalapeno/" not in pages["changed"]  # a page it does not touch
        assert len(pages["changed"]) < 60


def test_markdown_for_the_job_summary(report):
    md = format_report(report, "markdown")
    assert md.startswith("## kb diff: ")
    assert "### Claims added (1)" in md
    assert "- `gptoss-e2e-jalapeno-later-run`: no figure, “A later run of the GPT-OSS 120B test was reported " \
           "\\<b\\>again\\</b\\>.”" in md  # contributor text is shown as written, never as markup
    assert "  - `value`: 85,448 → 85,449 tok/s/kW" in md
    assert f"- `{RATIO}`: computed" in md
    assert "`/zh/claims/gptoss-e2e-jalapeno-later-run/`" in md


def test_a_verdict_that_flips_and_the_working_tree(repo, capsys):
    _set_figure(repo, "85449", "94000")  # not committed: HEAD defaults to the working tree
    try:
        assert cli.main(["diff", "HEAD", "--repo", str(repo)]) == 0
        out = capsys.readouterr().out
    finally:
        _git(repo, "checkout", "-q", "--", "data")
    assert "→ the working tree" in out.splitlines()[0]
    assert "value: 85,449 → 94,000 tok/s/kW" in out
    assert f"{RATIO}: computed 1.90–1.91× → 2.09–2.10×; verdict consistent → inconsistent" in out
    assert "Claims added" not in out


def test_a_record_removed_without_a_redirect_is_said_to_lose_its_address(repo, capsys):
    path = repo / "data" / "claims" / "benchmarks.yml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: text.index("\ngptoss-e2e-jalapeno-later-run:") + 1], encoding="utf-8")
    try:
        assert cli.main(["diff", "HEAD", "--repo", str(repo)]) == 0
        out = capsys.readouterr().out
    finally:
        _git(repo, "checkout", "-q", "--", "data")
    removed = _section(out, "Records removed (1)")
    assert "gptoss-e2e-jalapeno-later-run (claims): no redirect" in removed
    assert "gone: /claims/gptoss-e2e-jalapeno-later-run/" in out


def test_a_side_that_fails_the_check_and_an_unknown_revision(repo, capsys):
    path = repo / "data" / "claims" / "benchmarks.yml"
    path.write_text(path.read_text(encoding="utf-8").replace("tier: vendor-self-report\n", "tier: no-such-tier\n", 1),
                    encoding="utf-8")
    try:
        assert cli.main(["diff", "HEAD", "--repo", str(repo)]) == 1
        out = capsys.readouterr().out
    finally:
        _git(repo, "checkout", "-q", "--", "data")
    assert "the working tree does not pass kb check (1)" in out and "unknown-reference" in out
    assert cli.main(["diff", "no-such-commit", "--repo", str(repo)]) == 2
    assert "not a commit" in capsys.readouterr().err


def test_a_commit_against_itself_changes_nothing(repo):
    out = format_report(diff(repo, "HEAD", "HEAD"))
    assert out.splitlines()[1:] == ["", "No record, figure or page changes."]
    assert "Claims" not in out and "Pages whose figures change" not in out


def test_snapshots_rewritten_are_listed_with_the_sources_that_keep_them(report):
    """A correction made by rewriting a source's copy changes what its quotes are checked against: it is listed."""
    rewritten = {rel: (status, keep) for rel, status, _, keep in report.snapshots}
    assert rewritten["snapshots/article-002.txt"] == ("changed", ["article-002"])
    assert set(rewritten) == {"snapshots/article-002.txt", "snapshots/article-003.txt"}
    out = _section(format_report(report), "Snapshots changed (2)")
    assert "data/snapshots/article-002.txt: changed (the copy of article-002: every quote of it is checked against it)" in out
    assert "85,448 对 44,960" in out and "85,449 对 44,960" in out


def test_a_snapshot_rewritten_alone_is_no_silent_change(repo, capsys):
    snapshot = repo / "data" / "snapshots" / "article-002.txt"
    text = snapshot.read_text(encoding="utf-8")
    lines = text.splitlines(True)
    snapshot.write_text(lines[0] + "A line the corrected copy adds.\n" + "".join(lines[1:]), encoding="utf-8")
    try:
        assert cli.main(["diff", "HEAD", "--repo", str(repo)]) == 0
        out = capsys.readouterr().out
    finally:
        _git(repo, "checkout", "-q", "--", "data")
    assert "No record, figure or page changes." not in out
    section = _section(out, "Snapshots changed (1)")
    assert "data/snapshots/article-002.txt: changed" in section and "line 2: added: A line the corrected copy adds." in section


def test_the_same_edit_in_many_quotes_is_said_once(report):
    """The figure corrected in the quote and translation that ten claims cite is one edit, said once with its claims,
    not once per citation."""
    out = format_report(report)
    claims = _section(out, "Claims changed (")
    assert "citations[" not in claims and claims.count(": only words of its citations, said below") >= 8
    same = _section(out, "The same edit to several claims' citations (1)")
    assert same.count("85,448 → 85,449") == 1
    n = int(re.search(r"85,448 → 85,449: in (\d+) citations' quote, translation, of (\d+) claims", same).group(1))
    assert n >= 20 and f"{FIGURE}" in same
    assert out.count("85,448") <= 6  # the value line, the one edit with its example, a line of each snapshot
