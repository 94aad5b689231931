"""Every record has a page in every language, and the pages link to each other as a reader expects."""
from __future__ import annotations

import functools
import re

import pytest
from bs4 import BeautifulSoup

from integrity import langs
from integrity.listing import parts
from site_fixture import KIND_FOLDERS, LANG_TAGS, LANGS, ROOT, site  # noqa: F401  (fixture)

WRITTEN = ["", "benchmarks/", "chip-and-system/", "ai-in-chip-design/", "timeline/", "industry/",
           "how-to-read-a-claim/", "disputes/", "glossary/", "about/", "search/",
           "claims/", "sources/", "entities/", "tiers/", "conflicts/"]


def _records(site):
    kb = site.kb
    return {"claim": kb.claims, "source": kb.sources, "entity": kb.entities, "tier": kb.tiers, "conflict": kb.conflicts}


def test_every_record_has_a_page_in_every_language(site):
    missing, seen = [], 0
    for kind, records in _records(site).items():
        for ident in records:
            for lang in LANGS:
                seen += 1
                if not site.exists(site.url(kind, ident, lang)):
                    missing.append(site.url(kind, ident, lang))
    assert seen >= len(LANGS) * (len(site.kb.claims) + len(site.kb.sources)) > 0
    assert missing == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", WRITTEN)
def test_written_page_exists_with_one_title(site, lang, path):
    url = site.prefix(lang) + path
    assert site.exists(url), url
    soup = site.soup(url)
    assert len(soup.select("article h1")) == 1, url
    assert soup.html["lang"] == LANG_TAGS[lang]


@pytest.mark.parametrize("path", [p for p in WRITTEN])
def test_headings_have_the_same_anchors_in_every_language(site, path):
    ids = {lang: [h["id"] for h in site.soup(site.prefix(lang) + path).select("article h2[id], article h3[id]")]
           for lang in LANGS}
    assert all(ids[lang] == ids["en"] for lang in LANGS), path


def test_generated_pages_stay_out_of_the_navigation(site):
    nav_links = {a["href"] for a in site.soup("").select("nav.md-nav--primary a[href]")}
    assert nav_links, "the home page has a navigation tree"
    assert not [h for h in nav_links if re.search(r"(claims|sources|entities|tiers|conflicts)/[a-z0-9-]+/$", h)]


def test_language_switcher_lands_on_the_same_page_in_the_other_language(site):
    checked = 0
    for url in site.html_pages():
        if url.endswith(".html"):
            continue  # 404.html
        links = {a.get("hreflang"): site.resolve(url, a.get("href")) for a in site.tree(url).xpath(
            '//a[@hreflang][contains(concat(" ", normalize-space(@class), " "), " md-select__link ")]')}
        assert set(links) == set(LANG_TAGS.values()), url
        for lang in LANGS:
            target = links[LANG_TAGS[lang]]
            assert site.exists(target), f"{url}: switcher to {lang} points at missing {target}"
            assert target == site.prefix(lang) + langs.bare(url), url
        checked += 1
    assert checked > 100


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _quoted(block) -> str:
    """A quote's text as the reader reads it: a line break of the source (<br>) is a space between its lines."""
    return "".join(" " if getattr(n, "name", None) == "br" else n.get_text() if hasattr(n, "get_text") else str(n)
                   for n in block.contents)


@pytest.mark.parametrize("lang", LANGS)
def test_claim_page_shows_each_quote_and_links_to_its_source_and_back(site, lang):
    kb, checked, paraphrases = site.kb, 0, 0
    for cid, claim in kb.claims.items():
        url = site.url("claim", cid, lang)
        soup = site.soup(url)
        figures = soup.select("figure.kb-citation")
        assert len(figures) == len(claim.citations), url
        for fig, cit in zip(figures, claim.citations):
            if cit.quote is None:  # the contributors' paraphrase, in the page's language, never shown as a quote
                assert fig.select_one("blockquote") is None, url
                para = fig.select_one("p.kb-paraphrase")
                assert para is not None and para.get("lang") == LANG_TAGS[lang], url
                label = para.select_one(".kb-words-label")  # the soup is shared: read it, never change it
                assert label is not None and para.contents[0] is label, url
                words = "".join(n.get_text() if hasattr(n, "get_text") else str(n) for n in para.contents[1:])
                assert _norm(words) == _norm(langs.text(cit.paraphrase.model_dump(), lang)), url
                paraphrases += 1
            else:
                assert _norm(_quoted(fig.select_one("blockquote"))) == _norm(cit.quote), url
            sources = [site.resolve(url, a["href"]) for a in fig.select("a.kb-source")]
            assert site.url("source", cit.source, lang) in sources, url
            back = {site.resolve(site.url("source", cit.source, lang), a["href"])
                    for a in site.soup(site.url("source", cit.source, lang)).select("a[href]")}
            assert url in back, f"{cit.source} does not link back to {cid}"
            checked += 1
    assert checked >= len(kb.claims) > 0
    assert paraphrases > 50


@pytest.mark.parametrize("lang", LANGS)
def test_claim_page_links_subject_tier_inputs_and_conflicts(site, lang):
    kb = site.kb
    for cid, claim in kb.claims.items():
        url = site.url("claim", cid, lang)
        targets = {site.resolve(url, a["href"]) for a in site.soup(url).select("article a[href]")}
        expected = {site.url("entity", claim.subject, lang), site.url("tier", claim.tier, lang)}
        expected |= {site.url("claim", i, lang) for i in (claim.derivation.inputs if claim.derivation else [])}
        expected |= {site.url("claim", i, lang) for i in kb.derived_from.get(cid, [])}
        expected |= {site.url("conflict", x, lang) for x in kb.conflicts_by_claim.get(cid, [])}
        if claim.successor:
            expected.add(site.url("claim", claim.successor, lang))
        assert expected <= targets, f"{url} lacks links to {sorted(expected - targets)}"


@pytest.mark.parametrize("kind,index", [("entity", "claims_by_entity"), ("tier", "claims_by_tier"), ("source", "claims_by_source")])
def test_entity_tier_and_source_pages_list_their_claims(site, kind, index):
    checked = 0
    for lang in LANGS:
        for ident, claims in getattr(site.kb, index).items():
            url = site.url(kind, ident, lang)
            targets = {site.resolve(url, a["href"]) for a in site.soup(url).select("article a[href]")}
            missing = {site.url("claim", c, lang) for c in claims} - targets
            assert not missing, f"{url} does not list {sorted(missing)}"
            checked += len(claims)
    assert checked > 0


def test_conflict_pages_link_every_claim_on_every_side(site):
    for lang in LANGS:
        for xid, conflict in site.kb.conflicts.items():
            url = site.url("conflict", xid, lang)
            targets = {site.resolve(url, a["href"]) for a in site.soup(url).select("article a[href]")}
            wanted = {site.url("claim", c, lang) for s in conflict.sides for c in s.claims}
            assert wanted <= targets, url


def test_superseded_and_retracted_claims_keep_a_marked_page(site):
    for lang in LANGS:
        for cid, claim in site.kb.claims.items():
            if claim.status not in ("superseded", "retracted"):
                continue
            soup = site.soup(site.url("claim", cid, lang))
            assert soup.select_one(f'.kb-banner[data-status="{claim.status}"]'), cid


@pytest.mark.parametrize("lang", LANGS)
def test_index_pages_link_every_record(site, lang):
    for kind, records in _records(site).items():
        url = site.url(kind, None, lang)
        # a long index runs on to parts of its own (/claims/page/2/), which its pages link next by next
        urls = [u for u, _ in parts(site, url)] if kind == "claim" else [url]
        targets = {site.resolve(u, a["href"]) for u in urls for a in site.soup(u).select("article a[href]")}
        missing = {site.url(kind, i, lang) for i in records} - targets
        assert not missing, f"{url} misses {sorted(missing)[:5]}"


def test_long_index_tables_are_marked_for_filtering_and_readable_without_script(site):
    rows = 0
    for url, _ in parts(site, "claims/"):
        table = site.soup(url).select_one("article table[data-kb-filter][data-kb-sortable]")
        assert table is not None, url
        rows += len(table.select("tbody tr"))
    assert rows == len(site.kb.claims)
    assert site.exists("assets/kb.js")


def test_build_reports_its_size_and_time(site, record_property):
    pages = len(site.html_pages())
    record_property("pages", pages)
    record_property("seconds", round(site.seconds, 1))
    assert pages > 2 * len(site.kb.claims)


# --- the page for a missing address, one per language ------------------------------------------------

NOT_FOUND = {"en": ("404.html", "Page not found"), "zh": ("zh/404.html", "找不到此页"),
             "zh-hant": ("zh-hant/404.html", "找不到此頁")}


def _others(lang: str) -> list[str]:
    return [o for o in LANGS if o != lang]


@pytest.mark.parametrize("lang", LANGS)
def test_each_language_has_its_own_page_for_a_missing_address(site, lang):
    path, heading = NOT_FOUND[lang]
    soup = site.soup(path)
    assert soup.html["lang"] == LANG_TAGS[lang]
    shown = soup.select_one("article [data-kb-404]")  # the text shown (the English page keeps the Chinese in a <template>)
    assert shown["data-kb-404"] == lang
    assert [h.get_text(strip=True) for h in soup.select("article h1")] == [heading]
    assert soup.title.get_text().startswith(heading + " - ")
    # home and search in the page's language; the server sends the page at any depth, so the links are absolute paths
    links = {a["href"] for a in shown.select("a[data-kb-404-home], a[data-kb-404-search]") if not a.find_parent("p")}
    assert links == {"/" + site.prefix(lang), "/" + site.prefix(lang) + "search/"}
    others = shown.select("p.kb-404-other")  # a line leading to each other language's home and search
    assert [p["lang"] for p in others] == [LANG_TAGS[o] for o in _others(lang)]
    for other, o in zip(others, _others(lang)):
        assert {a["href"] for a in other.select("a")} == {"/" + site.prefix(o), "/" + site.prefix(o) + "search/"}
        for href in links | {a["href"] for a in other.select("a")}:
            assert site.exists(href.lstrip("/")), href
    # the language menu leads to each home page, not to some other page's translation
    menu = {a["hreflang"]: a["href"] for a in soup.select("a.md-select__link[hreflang]")}
    assert menu == {LANG_TAGS[o]: "/" + site.prefix(o) for o in LANGS}
    assert not soup.select("[data-pagefind-body]"), "a page for missing addresses is no search result"


@pytest.mark.parametrize("lang", [o for o in LANGS if o != "en"])
def test_the_english_page_for_a_missing_address_holds_each_other_one_for_hosts_that_send_only_it(site, lang):
    """GitHub Pages sends /404.html for every missing address: under /zh/ (/zh-hant/) it shows that language's
    text instead."""
    soup = site.soup("404.html")
    template = soup.select_one(f"article template#kb-404-{lang}")
    assert template is not None
    other = BeautifulSoup(template.decode_contents(), "lxml")
    own = BeautifulSoup(str(site.soup(NOT_FOUND[lang][0]).select_one("article [data-kb-404]")), "lxml")
    assert other.select_one("[data-kb-404]").decode() == own.select_one("[data-kb-404]").decode()
    (script,) = [s.string for s in soup.select("article script") if s.string]
    title = site.soup(NOT_FOUND[lang][0]).title.get_text()
    assert "kb-404-" in script and title in script and " src=" not in str(soup.select("article script"))


# --- the line a printed page carries --------------------------------------------------------------------

def full_address(url: str) -> str:
    """A page's address on the site at mkdocs.yml's site_url (SITE_URL when set), as a printed page gives it;
    a path from the site's root when the site has no address."""
    return _site_base() + "/" + url


@functools.lru_cache(maxsize=1)
def _site_base() -> str:
    from mkdocs.config import load_config

    base = load_config(str(ROOT / "mkdocs.yml")).site_url
    return base.rstrip("/") if base else ""


def test_every_page_carries_its_full_address_version_and_licence_for_print(site):
    checked = 0
    for url in site.html_pages():
        if url.endswith("404.html"):
            continue
        tree = site.tree(url)
        lines = tree.xpath('//article//aside[contains(concat(" ", @class, " "), " kb-print ")]')
        assert len(lines) == 1, url
        (address,) = lines[0].xpath('.//*[@class="kb-print-address"]/code/text()')
        assert address == full_address(url), url
        version = lines[0].xpath('.//*[@class="kb-version"]//code/text()')
        assert version == tree.xpath('//footer//div[@class="kb-version"]//code/text()')[:1], url
        text = lines[0].text_content()
        assert text.count("CC BY 4.0") == 1 and "MIT" in text, url
        assert lines[0].get("data-pagefind-ignore") == "all"
        checked += 1
    assert checked > 2 * len(site.kb.claims)
