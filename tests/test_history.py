"""Each claim's own history and the corrections feed, against a real history: a small fact base committed, then a
figure corrected and a claim retracted in a second commit (the way tests/test_diff.py builds its repository).

The history is read from git (publish.history) and shown on the claim's page (render.history.block) and in each
language's Atom feed (render.history.feed); a shallow clone and a copy outside git say what they cannot know.
"""
from __future__ import annotations

import shutil
import subprocess
import xml.etree.ElementTree as ET
from decimal import Decimal

import pytest
from bs4 import BeautifulSoup

from conftest import write_data
from kb.base import KnowledgeBase
from publish import history
from publish.version import DataVersion
from render import citing, urls
from render import history as shown
from render.context import Ctx

REPO_URL = "https://github.com/example/evidence"
NAMES = {"en": "AI inference chips evidence base", "zh": "AI 推理芯片证据库", "zh-hant": "AI 推理晶片證據庫"}
ATOM = "{http://www.w3.org/2005/Atom}"
RETRACTED = "  status: retracted\n  status_reason: {en: The page was withdrawn., zh: 该页面已撤回。}\n"


def _git(repo, *args, env=None):
    return subprocess.run(["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.org", *args],
                          capture_output=True, text=True, check=True, env=env).stdout


def _commit(repo, message: str, when: int) -> str:
    """Commit everything at a fixed time, so that the dates the pages show are known here."""
    stamp = f"{when} +0000"
    env = {"GIT_AUTHOR_DATE": stamp, "GIT_COMMITTER_DATE": stamp, "PATH": "/usr/bin:/bin"}
    _git(repo, "add", "-A", env=env)
    _git(repo, "commit", "-q", "-m", message, env=env)
    return _git(repo, "rev-parse", "HEAD").strip()


FIRST, SECOND = 1793404800, 1795910400  # 2026-10-31, 2026-11-29 (UTC)


@pytest.fixture(scope="module")
def repo(tmp_path_factory):
    """Two commits: the small fact base, then chip-latency's figure corrected from 1.03 to 1.05 (its source's words
    with it) and the speed-up retracted."""
    root = tmp_path_factory.mktemp("history")
    write_data(root, {})
    _git(root, "init", "-q", "-b", "main")
    first = _commit(root, "The small fact base", FIRST)
    for rel in ("claims/bench.yml", "snapshots/article.txt"):
        path = root / "data" / rel
        path.write_text(path.read_text(encoding="utf-8").replace("1.03", "1.05"), encoding="utf-8")
    bench = root / "data" / "claims" / "bench.yml"
    text = bench.read_text(encoding="utf-8")
    at = text.index("  derivation:\n", text.index("latency-ratio:"))
    bench.write_text(text[:at] + RETRACTED + text[at:], encoding="utf-8")
    second = _commit(root, "Correct a figure and retract a claim", SECOND)
    return root, first, second


def test_one_pass_reads_when_each_claim_was_recorded_and_what_changed(repo):
    root, first, second = repo
    h = history.read(root / "data", REPO_URL)
    assert h.known and not h.shallow and h.commits == 2
    assert set(h.claims) == {"chip-latency", "gpu-latency", "latency-ratio"}
    latency = h.of("chip-latency")
    assert (latency.first.sha, latency.last.sha) == (first, second)
    recorded, corrected = latency.changes
    assert recorded.recorded and not recorded.correction
    assert corrected.value == (Decimal("1.03"), Decimal("1.05")) and corrected.correction
    assert corrected.other  # its quote changed with it
    retracted = h.of("latency-ratio").changes[-1]
    assert retracted.status == ("reported", "retracted") and retracted.value is None and retracted.correction
    assert h.of("gpu-latency").last.sha == first  # untouched since
    assert [(cid, ch.commit.sha) for cid, ch in h.corrections()] == [("chip-latency", second), ("latency-ratio", second)]
    assert latency.first.date == "2026-10-31" and latency.last.date == "2026-11-29"


def test_a_commit_is_linked_only_where_the_repository_and_its_host_are_known(repo):
    _, _, second = repo
    assert history.History(repo_url=REPO_URL).commit_url(second) == f"{REPO_URL}/commit/{second}"
    assert history.History(repo_url=REPO_URL + ".git").commit_url(second) == f"{REPO_URL}/commit/{second}"
    assert history.History(repo_url="https://git.example.org/evidence").commit_url(second) is None
    assert history.History(repo_url=None).commit_url(second) is None


def test_a_shallow_clone_says_what_it_cannot_know(repo, tmp_path):
    root, first, second = repo
    clone = tmp_path / "shallow"
    subprocess.run(["git", "clone", "-q", "--depth", "1", f"file://{root}", str(clone)], check=True,
                   capture_output=True)
    h = history.read(clone / "data", REPO_URL)
    assert h.known and h.shallow and h.oldest.sha == second
    latency = h.of("chip-latency")
    assert latency.first is None and latency.since.sha == second  # recorded on or before, not on, that commit
    assert h.corrections() == []  # the figure's earlier value is not in the clone, so no correction can be told


def test_a_copy_outside_git_knows_no_history(repo, tmp_path):
    root, _, _ = repo
    shutil.copytree(root / "data", tmp_path / "data")
    h = history.read(tmp_path / "data", REPO_URL)
    assert not h.known and h.claims == {}


@pytest.fixture
def site_settings(repo):
    """The build's settings for rendering outside a build, restored after."""
    root, _, second = repo
    before_settings, before_history = citing.SETTINGS, shown.HISTORY
    citing.configure("https://example.org/", DataVersion(second, SECOND, False, REPO_URL), NAMES)
    shown.configure(history.read(root / "data", REPO_URL))
    yield KnowledgeBase.open(root / "data")
    citing.SETTINGS, shown.HISTORY = before_settings, before_history


@pytest.mark.parametrize("lang", ["en", "zh", "zh-hant"])
def test_the_claim_page_dates_each_change_by_its_commit_and_links_it(repo, site_settings, lang):
    _, first, second = repo
    ctx = Ctx(site_settings, lang, urls.page_url("claim", "chip-latency", lang))
    soup = BeautifulSoup(shown.block(ctx, "chip-latency"), "html.parser")
    (box,) = soup.select(".kb-history")
    assert box.get("data-history") == "known"
    items = box.select("ol.kb-history-changes > li")
    assert [li.get("data-commit") for li in items] == [second, first]  # newest first
    assert items[0].has_attr("data-correction") and not items[1].has_attr("data-correction")
    assert [c.get_text() for c in items[0].select("code") if "kb-commit" not in (c.parent.get("class") or [])] \
        == ["1.03", "1.05"]  # the figures as data/ recorded them
    dates = {t.get("data-kb-commit"): t.get("datetime") for t in box.select("time[data-kb-commit]")}
    assert dates == {first: "2026-10-31", second: "2026-11-29"}
    links = {a.get("href") for a in box.select("a.kb-commit")}
    assert links == {f"{REPO_URL}/commit/{first}", f"{REPO_URL}/commit/{second}"}
    feed = box.select_one("a.kb-feed").get("href")  # every language's feed at the root, beside sitemap.xml
    assert feed.rsplit("/", 1)[-1] == ("corrections.xml" if lang == "en" else f"corrections-{lang}.xml"), feed


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_corrections_feed_lists_each_corrected_figure_and_status(repo, site_settings, lang):
    _, _, second = repo
    feed = ET.fromstring(shown.feed(site_settings, lang).encode("utf-8"))
    assert feed.tag == f"{ATOM}feed"
    entries = feed.findall(f"{ATOM}entry")
    assert len(entries) == 2
    links = [e.find(f"{ATOM}link[@rel='alternate']").get("href") for e in entries]
    prefix = "" if lang == "en" else f"{lang}/"
    assert links == [f"https://example.org/{prefix}claims/chip-latency/", f"https://example.org/{prefix}claims/latency-ratio/"]
    assert all(e.find(f"{ATOM}updated").text == "2026-11-29T00:00:00Z" for e in entries)
    assert all(e.find(f"{ATOM}link[@rel='related']").get("href") == f"{REPO_URL}/commit/{second}" for e in entries)
    assert entries[0].find(f"{ATOM}id").text.endswith(f"#history-{second}")
    summary = entries[0].find(f"{ATOM}summary").text
    assert "1.03" in summary and "1.05" in summary
    assert feed.find(f"{ATOM}updated").text == "2026-11-29T00:00:00Z"  # the newest commit's, never the clock's
    assert shown.feed(site_settings, lang) == shown.feed(site_settings, lang)


def test_a_claim_not_yet_committed_says_so(repo, site_settings, tmp_path):
    ctx = Ctx(site_settings, "en", urls.page_url("claim", "chip-latency", "en"))
    before = shown.HISTORY
    shown.configure(history.History(known=True))
    try:
        soup = BeautifulSoup(shown.block(ctx, "chip-latency"), "html.parser")
        assert soup.select_one(".kb-history").get("data-history") == "uncommitted"
        shown.configure(history.History())
        soup = BeautifulSoup(shown.block(ctx, "chip-latency"), "html.parser")
        assert soup.select_one(".kb-history").get("data-history") == "unknown"
    finally:
        shown.configure(before)
