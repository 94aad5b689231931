"""Published addresses never break, and nobody lists them by hand.

* every address ever published resolves in the built site: a page, or the page kept at a
  retired id's address (data/redirects.yml).  The addresses are those of published-urls.txt
  and of every page at a commit of the published branch (render.addresses.history_urls); on a
  shallow clone, only the commits it holds, so the list and the current pages;
* the addresses read from a tree's data and docs are exactly the built site's pages, so the
  ones read from history are those the site published;
* in a temporary repository: a commit that adds a claim passes without touching the list, and
  one that deletes a published record without a redirect fails;
* no line that was ever committed to the list is missing from it now;
* a retired id's page says what happened and links to the record that replaced it.
"""
from __future__ import annotations

import shutil
import subprocess

import pytest
from bs4 import BeautifulSoup

from conftest import MINIMAL, TODAY, later_run_claim, write_data
from site_fixture import ROOT, site  # noqa: F401  (fixture)

from kb.base import KnowledgeBase
from render import addresses, citing, pages, urls
from render.context import Ctx

LIST = ROOT / addresses.LIST
REGENERATE = "make urls   (or, with a built site: .venv/bin/python -m render.addresses --site SITE_DIR)"
from integrity.langs import LANGS, PREFIX  # noqa: E402  (every site language)
REDIRECT_HELP = ("a published address must keep working: restore the page, or, for a record renamed or merged "
                 "into another, add its old id to data/redirects.yml (see contributing/data.md, 'Correcting a claim')")


def _listed() -> list[str]:
    return addresses.read(LIST)


def _own_data(site):
    if site.data.resolve() != (ROOT / "data").resolve():
        pytest.skip("the site was built from another data folder (KB_DATA_DIR); the list is of this repository's site")


def test_the_list_is_sorted_with_one_address_a_line():
    listed = _listed()
    assert len(listed) > 500
    assert listed == sorted(set(listed)), f"keep published-urls.txt sorted and without repeats; run: {REGENERATE}"
    assert all(u.startswith("/") and " " not in u for u in listed)


def test_every_published_address_still_resolves(site):
    _own_data(site)
    from_history, commits = addresses.history_urls(ROOT)
    published = set(_listed()) | from_history
    assert len(published) > 500 and (commits > 0 or not (ROOT / ".git").exists())
    gone = sorted(u for u in published if not addresses.resolves(site.root, u))
    assert gone == [], f"{len(gone)} published address(es) lead nowhere: {gone[:10]}\n{REDIRECT_HELP}"


def test_the_addresses_read_from_the_data_are_the_sites_pages(site):
    """What history_urls reads at each commit is what the site makes of that tree: the same reading of the
    current data and docs gives exactly the built site's pages (the downloads aside)."""
    _own_data(site)
    downloads = {f"/{addresses.FOLDER}{name}" for name in addresses.FILES}
    built = addresses.site_urls(site.root) - downloads
    assert len(built) > 500
    assert addresses.tree_urls(ROOT) == built


# --- the history of a repository ------------------------------------------------------

def _git(repo, *args):
    return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, check=True).stdout


def _site_pages(repo) -> set[str]:
    """The pages a build of the repository's working tree publishes, from the engine (as macros/hooks.py makes
    them) and the written pages in docs/."""
    kb = KnowledgeBase.open(repo / "data")
    out = {"/" + urls.page_url(kind, ident, lang) for kind, ident in pages.all_pages(kb) for lang in LANGS}
    return out.union(*(addresses.written_urls(p.relative_to(repo).as_posix()) for p in (repo / "docs").rglob("*.md")))


def _unresolved(repo) -> list[str]:
    return sorted(addresses.published(repo) - _site_pages(repo) - {f"/{addresses.FOLDER}{n}" for n in addresses.FILES})


ADDED_CLAIM = later_run_claim()


@pytest.fixture(scope="module")
def repo(tmp_path_factory):
    """A repository holding this one's data, docs and list, committed once on a branch named main."""
    root = tmp_path_factory.mktemp("published") / "repo"
    root.mkdir()
    for folder in ("data", "docs"):
        shutil.copytree(ROOT / folder, root / folder)
    shutil.copy(LIST, root / addresses.LIST)
    _git(root, "init", "-q", "-b", "main")
    _git(root, "add", "-A")
    _git(root, "-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-q", "-m", "start")
    return root


def _commit(repo, message):
    _git(repo, "add", "-A")
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-q", "-m", message)


def test_a_new_claim_passes_without_touching_the_list(repo):
    listed = (repo / addresses.LIST).read_bytes()
    with open(repo / "data" / "claims" / "benchmarks.yml", "a", encoding="utf-8") as fh:
        fh.write(ADDED_CLAIM)
    _commit(repo, "Add a claim")
    assert _unresolved(repo) == []
    published = addresses.published(repo)
    assert {f"/{PREFIX[lang]}claims/gptoss-e2e-jalapeno-later-run/" for lang in LANGS} <= published
    assert (repo / addresses.LIST).read_bytes() == listed
    assert _git(repo, "log", "--format=%H", "--", addresses.LIST).split() == [_git(repo, "rev-list", "--max-parents=0", "HEAD").strip()]


def test_a_record_deleted_without_a_redirect_fails_and_a_redirect_mends_it(repo):
    path = repo / "data" / "claims" / "benchmarks.yml"
    if "\ngptoss-e2e-jalapeno-later-run:" not in path.read_text(encoding="utf-8"):  # its test ran in another process
        with open(path, "a", encoding="utf-8") as fh:
            fh.write(ADDED_CLAIM)
        _commit(repo, "Add a claim")
    text = path.read_text(encoding="utf-8")
    start = text.index("\ngptoss-e2e-jalapeno-later-run:")
    path.write_text(text[:start + 1], encoding="utf-8")
    _commit(repo, "Delete the claim")
    assert _unresolved(repo) == sorted(f"/{PREFIX[lang]}claims/gptoss-e2e-jalapeno-later-run/" for lang in LANGS)
    with open(repo / "data" / "redirects.yml", "a", encoding="utf-8") as fh:
        fh.write("gptoss-e2e-jalapeno-later-run:\n  kind: claim\n  change: merged\n  to: gptoss-e2e-jalapeno\n"
                 "  reason: {en: It repeated the end-to-end claim., zh: 它重复了端到端延迟那条论断。}\n")
    _commit(repo, "Keep the deleted claim's address")
    assert _unresolved(repo) == []


def test_only_the_published_branch_counts(repo):
    """A claim added and deleted again on an unmerged branch was never published: it asks for no redirect."""
    _git(repo, "checkout", "-q", "-b", "topic")
    try:
        path = repo / "data" / "claims" / "benchmarks.yml"
        before = path.read_text(encoding="utf-8")
        path.write_text(before + ADDED_CLAIM.replace("-later-run:", "-draft:"), encoding="utf-8")
        _commit(repo, "Draft a claim")
        path.write_text(before, encoding="utf-8")
        _commit(repo, "Drop the draft")
        assert addresses.published_ref(repo) == "main"
        assert "/claims/gptoss-e2e-jalapeno-draft/" not in addresses.published(repo)
        assert "/claims/gptoss-e2e-jalapeno-draft/" in addresses.history_urls(repo, "HEAD")[0]
    finally:
        _git(repo, "checkout", "-q", "main")


def test_a_shallow_clone_checks_the_list_and_the_commits_it_holds(repo, tmp_path):
    shallow = tmp_path / "shallow"
    subprocess.run(["git", "clone", "-q", "--depth", "1", f"file://{repo}", str(shallow)], check=True)
    assert addresses.is_shallow(shallow)
    urls_now, commits = addresses.history_urls(shallow)
    assert commits == 1
    assert urls_now == addresses.tree_urls(shallow)  # the one commit's pages, read in full
    assert addresses.published(shallow) == set(addresses.read(shallow / addresses.LIST)) | urls_now


def _committed_versions() -> list[tuple[str, list[str]]]:
    log = subprocess.run(["git", "-C", str(ROOT), "log", "--format=%H", "--", addresses.LIST],
                         capture_output=True, text=True)
    if log.returncode != 0:
        pytest.skip("not a git checkout")
    out = []
    for commit in log.stdout.split():
        text = subprocess.run(["git", "-C", str(ROOT), "show", f"{commit}:{addresses.LIST}"],
                              capture_output=True, text=True).stdout
        out.append((commit, [ln for ln in text.splitlines() if ln.strip() and not ln.startswith("#")]))
    return out


def test_no_address_is_ever_removed_from_the_list():
    now = set(_listed())
    versions = _committed_versions()
    for commit, lines in versions:
        dropped = sorted(set(lines) - now)
        assert dropped == [], f"published-urls.txt lost {len(dropped)} address(es) listed at {commit[:7]}: " \
                              f"{dropped[:10]}\n{REDIRECT_HELP}"


def test_the_command_adds_new_addresses_and_keeps_old_ones(tmp_path):
    built = tmp_path / "site"
    for rel in ("index.html", "claims/a/index.html", "zh/claims/a/index.html", "data/claims.json", "404.html",
                "pagefind/x/index.html"):
        (built / rel).parent.mkdir(parents=True, exist_ok=True)
        (built / rel).write_text("x", encoding="utf-8")
    listing = tmp_path / "published-urls.txt"
    listing.write_text(addresses.render({"/claims/old/"}), encoding="utf-8")
    assert addresses.main(["--site", str(built), "--list", str(listing)]) == 1  # /claims/old/ leads nowhere
    assert addresses.read(listing) == ["/", "/claims/a/", "/claims/old/", "/data/claims.json", "/zh/claims/a/"]


# --- retired ids ------------------------------------------------------------------

REDIRECTS = """\
old-latency:
  kind: claim
  change: renamed
  to: chip-latency
  reason: {en: The claim was given a clearer id., zh: 这条论断换了一个更清楚的 id。}
the-chip:
  kind: entity
  change: merged
  to: chip
  reason: {en: Both records named the same chip., zh: 二者指的是同一颗芯片。}
"""


ADDRESS = "https://example.org/evidence/"


@pytest.fixture
def configured():
    """Pages rendered outside a build, for a site published at ADDRESS."""
    before = citing.SETTINGS
    citing.configure(ADDRESS, before.version, before.site_names)
    yield
    citing.SETTINGS = before


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_retired_id_keeps_a_page_that_leads_to_its_successor(tmp_path, lang, configured):
    kb = KnowledgeBase.open(write_data(tmp_path, {"redirects.yml": REDIRECTS}), on=TODAY)
    generated = set(pages.all_pages(kb))
    assert {("claim", "old-latency"), ("entity", "the-chip")} <= generated
    for kind, old, new, reason in (("claim", "old-latency", "chip-latency", kb.redirects["old-latency"].reason),
                                   ("entity", "the-chip", "chip", kb.redirects["the-chip"].reason)):
        url = urls.page_url(kind, old, lang)
        _, markdown = pages.body(Ctx(kb, lang, url), kind, old)
        soup = BeautifulSoup(markdown.split("---", 2)[2], "lxml")
        box = soup.select_one(f'div.kb-retired[data-retired="{old}"][data-successor="{new}"]')
        assert box is not None
        link = box.select_one("a.kb-successor")
        assert urls.relative(url, urls.page_url(kind, new, lang)) == link["href"]
        assert getattr(reason, lang) in box.get_text()
        assert ADDRESS + urls.page_url(kind, new, lang) in box.get_text()  # the successor's permanent address


def test_pages_of_live_records_are_not_replaced_by_redirects(tmp_path, configured):
    kb = KnowledgeBase.open(write_data(tmp_path, {"redirects.yml": REDIRECTS}), on=TODAY)
    _, markdown = pages.body(Ctx(kb, "en", urls.page_url("claim", "chip-latency", "en")), "claim", "chip-latency")
    assert "kb-retired" not in markdown and 'id="cite"' not in markdown and "{ #cite }" in markdown
    assert MINIMAL  # the base the redirects extend
