"""Published addresses never break: every one in published-urls.txt leads somewhere, and none is ever dropped.

* each address in the list resolves in the built site: a page, or the page kept at a
  retired id's address (data/redirects.yml);
* each page of the built site is in the list (new pages: run ``make urls``);
* no line that was ever committed to the list is missing from it now;
* a retired id's page says what happened and links to the record that replaced it.
"""
from __future__ import annotations

import subprocess

import pytest
from bs4 import BeautifulSoup

from conftest import MINIMAL, TODAY, write_data
from site_fixture import ROOT, site  # noqa: F401  (fixture)

from kb.base import KnowledgeBase
from render import cite, cite_urls, pages, urls
from render.context import Ctx

LIST = ROOT / cite_urls.LIST
REGENERATE = "make urls   (or, with a built site: .venv/bin/python -m render.cite_urls --site SITE_DIR)"
REDIRECT_HELP = ("a published address must keep working: restore the page, or, for a record renamed or merged "
                 "into another, add its old id to data/redirects.yml (see CONTRIBUTING.md, 'Correcting a claim')")


def _listed() -> list[str]:
    return cite_urls.read(LIST)


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
    gone = [u for u in _listed() if not cite_urls.resolves(site.root, u)]
    assert gone == [], f"{len(gone)} published address(es) lead nowhere: {gone[:10]}\n{REDIRECT_HELP}"


def test_every_page_is_in_the_published_list(site):
    _own_data(site)
    unlisted = sorted(cite_urls.site_urls(site.root) - set(_listed()))
    assert unlisted == [], f"{len(unlisted)} new address(es), e.g. {unlisted[:5]}: add them with: {REGENERATE}"


def _committed_versions() -> list[tuple[str, list[str]]]:
    log = subprocess.run(["git", "-C", str(ROOT), "log", "--format=%H", "--", cite_urls.LIST],
                         capture_output=True, text=True)
    if log.returncode != 0:
        pytest.skip("not a git checkout")
    out = []
    for commit in log.stdout.split():
        text = subprocess.run(["git", "-C", str(ROOT), "show", f"{commit}:{cite_urls.LIST}"],
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
    listing.write_text(cite_urls.render({"/claims/old/"}), encoding="utf-8")
    assert cite_urls.main(["--site", str(built), "--list", str(listing)]) == 1  # /claims/old/ leads nowhere
    assert cite_urls.read(listing) == ["/", "/claims/a/", "/claims/old/", "/data/claims.json", "/zh/claims/a/"]


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
    before = cite.SETTINGS
    cite.configure(ADDRESS, before.version, before.site_names)
    yield
    cite.SETTINGS = before


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
