"""Long lists of claims split into parts (render/listing.py), seen on a site built with small parts.

The pull request's build (the real fact base and what a pull request adds, tests/site_fixture.py) is built
with ``KB_LISTING_PAGE_SIZE`` set to :data:`SIZE`, so that the index of
claims, the larger evidence tiers and the larger entities each run to several parts.  Every list is read
back from the built pages by following their "next" links, and compared with the claims the YAML gives it,
in the order the YAML writes them (tests/integrity/facts.py, nothing from the engine).  With the default
size the real site's index of claims runs to a second part; tests/integrity/ reads every part of every list
as it reads every other page.
"""
from __future__ import annotations

import math
import re

import pytest
from integrity import checks
from integrity.listing import lists as _lists
from integrity.listing import parts as _parts
from integrity import langs
from integrity.langs import LANGS, PREFIX
import site_fixture
from site_fixture import LISTING_PAGE_SIZE

from test_site_search import _search

SIZE = LISTING_PAGE_SIZE


@pytest.fixture(scope="session")
def listing_site(request):
    """The pull request's build (tests/site_fixture.py), whose lists are cut into parts of SIZE claims."""
    return site_fixture.built("pull_request_site", request)


site_fixture.READS["listing_site"] = "pull_request_site"


def test_the_suite_and_the_engine_cut_lists_at_the_same_size():
    from integrity import listing
    from render import listing as engine

    assert listing.PAGE_SIZE == engine.PAGE_SIZE > SIZE


@pytest.mark.parametrize("lang", LANGS)
def test_every_long_list_is_cut_into_parts_that_hold_it_whole_and_in_order(listing_site, lang):
    site, prefix = listing_site, "" if lang == "en" else f"{lang}/"
    split = 0
    for first, want in _lists(site.facts):
        parts = _parts(site, prefix + first)
        assert [c for _, rows in parts for c in rows] == want, f"{prefix + first}: the parts do not hold the list"
        assert len(parts) == max(1, math.ceil(len(want) / SIZE)), prefix + first
        assert all(len(rows) <= SIZE for _, rows in parts), prefix + first
        for n, (url, _) in enumerate(parts, 1):
            assert url == prefix + first + ("" if n == 1 else f"page/{n}/")
            prev = site.soup(url).select_one("nav.kb-pager a[rel=prev]")
            if n == 1:
                assert prev is None
            else:
                assert site.resolve(url, prev["href"]) == parts[n - 2][0], f"{url}: 'previous' goes elsewhere"
        if len(parts) == 1:
            assert site.soup(prefix + first).select_one("nav.kb-pager") is None, f"{prefix + first}: a pager"
        split += len(parts) > 1
    assert split >= 4, f"only {split} lists ran to several parts: the test saw too little"


@pytest.mark.parametrize("lang", LANGS)
def test_each_part_says_which_claims_it_holds_of_how_many_tied_to_the_data(listing_site, lang):
    site, prefix = listing_site, "" if lang == "en" else f"{lang}/"
    checked = 0
    for first, want in _lists(site.facts):
        parts = _parts(site, prefix + first)
        if len(parts) == 1:
            continue
        for n, (url, rows) in enumerate(parts, 1):
            page = site.corpus.page(url)
            assert checks.figure_problems(page, site.facts) == [], url
            assert checks.orphan_problems(page) == [], url
            start = (n - 1) * SIZE + 1
            for pager in site.soup(url).select("nav.kb-pager"):
                shown = [int(d["value"]) for d in pager.select("data[data-count]")]
                assert shown == [start, start + len(rows) - 1, len(want)], url
                checked += 1
            assert checked, url
    assert checked >= 20


def test_every_language_has_the_same_parts_with_the_same_anchors(listing_site):
    site = listing_site
    parts = {lang: [u for u in site.html_pages() if re.search(r"(^|/)page/\d+/$", u) and langs.lang_of(u) == lang]
             for lang in LANGS}
    assert len(parts["en"]) >= 10
    for lang in LANGS:
        assert sorted(PREFIX[lang] + u for u in parts["en"]) == sorted(parts[lang]), lang
    for url in parts["en"]:
        ids = {lang: [e["id"] for e in site.soup(PREFIX[lang] + url).select("article [id]")] for lang in LANGS}
        assert all(ids[lang] == ids["en"] for lang in LANGS), url


def test_every_part_is_in_the_sitemap_and_found_by_search(listing_site):
    site = listing_site
    sitemap = (site.root / "sitemap.xml").read_text(encoding="utf-8")
    parts = [u for u in site.html_pages() if re.search(r"(^|/)page/\d+/$", u)]
    assert len(parts) >= 20
    for url in parts:
        assert f"<loc>{site.absolute(url)}</loc>" in sitemap, url
    # a claim that only the last part of the index lists, looked for by a word of its statement
    for lang, prefix in PREFIX.items():
        last, rows = _parts(site, prefix + "claims/")[-1]
        statement = site.soup(last).select_one(f'tr[data-claim="{rows[-1]}"] td').get_text(" ", strip=True)
        words = re.findall(r"[A-Za-z]{6,}", statement) if lang == "en" else re.findall(r"[\u4e00-\u9fff]{2,}", statement)
        assert words, statement
        found = _search(site, lang, words[0])[words[0]]
        assert "/" + last in found, f"{words[0]!r} does not find {last}"
