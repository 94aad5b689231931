"""The built site offers what people need to cite and reuse it, and each offer agrees with the data.

* every page names one data version; every claim, source and entity page has a
  "How to cite" section whose BibTeX pybtex parses and whose CSL-JSON citeproc-py renders,
  each giving the page's full address where the site was built for a public one (SITE_URL), and
  none at all where it was built for this machine's own (a local build: render.citing.is_local);
* claim pages carry a schema.org Claim, the data page a Dataset, both checked against the data
  (the other pages' descriptions, and every address, are checked in test_citing_address.py);
* the downloads in site/data/ are exactly the export of the data, and the data page
  documents every field they hold;
* claim pages stay within their size budget.
"""
from __future__ import annotations

import json
import os
import re
import subprocess

import pytest

from integrity.langs import text as in_lang
from site_fixture import LANGS, ROOT, hostile_site, site  # noqa: F401  (fixtures)

from render.downloads import FILES

KINDS = {"claim": "claims", "source": "sources", "entity": "entities"}
# Bytes of HTML for one claim page (85 KB, BENCHMARKS.md): the largest, a claim ten relaying pages
# report, names every one of them, with the sentence each says it in, in its citations, reference, CSL-JSON,
# BibTeX and JSON-LD (76.5 KB).
BUDGET = 85 * 1024


def _pages(site):
    for kind, attr in KINDS.items():
        for ident in getattr(site.kb, attr):
            for lang in LANGS:
                yield kind, ident, lang, site.url(kind, ident, lang)


def _jsonld(tree, kind):
    found = [json.loads(s) for s in tree.xpath('//script[@type="application/ld+json"]/text()')]
    return [d for d in found if d.get("@type") == kind]


def _public(site) -> bool:
    """Whether the site was built for a public address, which its references give (render.citing.is_local)."""
    from render.citing import is_local

    return not is_local(site.address)


def _code(tree, fmt: str) -> str:
    (code,) = tree.xpath(f'//article//details[@data-format="{fmt}"]//code')
    return code.text_content()


# --- the data version -----------------------------------------------------------

def test_the_commit_id_in_a_reference_is_marked_as_the_version_not_left_as_a_number(site):
    """A short commit id can be all digits (2305970): in the reference to copy it sits in the version's
    markup, so it is read as a name and never as a figure from nowhere."""
    seen = 0
    for url in site.html_pages():
        for ref in site.tree(url).xpath('//p[@class="kb-cite-text"]'):
            text = ref.text_content()
            marked = ref.xpath('.//span[@class="kb-version"][not(*)]/text()')
            assert len(marked) == 1 and re.fullmatch(r"[0-9a-f]{7}", marked[0]), f"{url}: {marked}"
            assert text.count(marked[0]) == 1, url
            seen += 1
    assert seen > 500


def test_every_page_names_the_one_data_version_it_was_built_from(site):
    footer = re.compile(r'<div class="kb-version" data-commit="([0-9a-f]*)">(.*?)</div>')
    commits, dates, seen = set(), set(), 0
    for url in site.html_pages():
        if url.endswith(".html"):
            continue  # 404.html: rendered without a page context
        found = footer.findall(site.file(url).read_text(encoding="utf-8"))
        assert len(found) == 1, url
        commits.add(found[0][0])
        dates |= set(re.findall(r'<time datetime="([0-9-]+)" data-kb-version="">', found[0][1]))
        seen += 1
    assert seen > 500
    assert len(commits) == 1 and len(dates) <= 1, f"one build shows several versions: {commits} {dates}"
    commit = commits.pop()
    if commit:
        ok = subprocess.run(["git", "-C", str(ROOT), "cat-file", "-e", f"{commit}^{{commit}}"], capture_output=True)
        assert ok.returncode == 0, f"{commit} is not a commit of this repository"
        when = subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%cd", "--date=format-local:%Y-%m-%d", commit],
                              capture_output=True, text=True, env=dict(os.environ, TZ="UTC")).stdout.strip()
        assert dates == {when}


# --- how to cite ------------------------------------------------------------------

def test_every_claim_source_and_entity_page_says_how_to_cite_it(site):
    missing, seen = [], 0
    for kind, ident, lang, url in _pages(site):
        tree = site.tree(url)
        boxes = tree.xpath(f'//article//div[@data-cite="{kind}:{ident}"]')
        if not tree.xpath('//article//h2[@id="cite"]') or len(boxes) != 1:
            missing.append(url)
            continue
        (box,) = boxes
        text = " ".join(box.xpath('.//p[@class="kb-cite-text"]')[0].text_content().replace("\u00a0", " ").split())
        (commit,) = tree.xpath('//footer//div[@class="kb-version"]/@data-commit')
        assert not commit or commit[:7] in text, f"{url}: the reference does not name the data version"
        if _public(site):
            assert site.absolute(url) in text, f"{url}: the reference does not give the page's full address"
            assert box.xpath(".//*[@data-kb-accessed]"), f"{url}: no access date for the script to fill in"
        else:  # a local build: no address anyone else could open, nor a day it was read there
            assert site.address not in box.text_content() and not box.xpath(".//*[@data-kb-accessed]"), url
            assert "SITE_URL" in box.xpath('.//p[@class="kb-note"]')[0].text_content(), url
        if lang != "en":  # GB/T 7714's type and carrier mark, in either Chinese script
            assert ("[EB/OL]" if _public(site) else "[DB]") in text, url
        seen += 1
    assert seen == len(LANGS) * sum(len(getattr(site.kb, a)) for a in KINDS.values()) > 600
    assert missing == []


@pytest.mark.parametrize("lang", LANGS)
def test_pybtex_parses_the_bibtex_of_every_page(site, lang):
    from pybtex.database import parse_string

    pages = [(kind, ident, url) for kind, ident, lg, url in _pages(site) if lg == lang]
    blocks = [_code(site.tree(url), "bibtex") for _, _, url in pages]
    parsed = parse_string("\n".join(blocks), "bibtex")
    assert len(parsed.entries) == len(pages)
    for kind, ident, url in pages:
        e = parsed.entries[f"jalapeno-evidence:{kind}:{ident}"]
        assert e.fields["title"].startswith("{")
        if _public(site):
            assert e.fields["url"] == site.absolute(url)
            assert e.fields["howpublished"] == r"\url{" + site.absolute(url) + "}" and e.fields["urldate"]
        else:
            assert not {"url", "howpublished", "urldate"} & set(e.fields), url


@pytest.mark.parametrize("lang", LANGS)
def test_citeproc_renders_the_csl_json_of_every_page(site, lang):
    from citeproc import Citation, CitationItem, CitationStylesBibliography, CitationStylesStyle, formatter
    from citeproc.source.json import CiteProcJSON

    style = CitationStylesStyle("harvard-cite-them-right", validate=False)
    pages = [(kind, ident, url) for kind, ident, lg, url in _pages(site) if lg == lang]
    for kind, ident, url in pages:
        items = json.loads(_code(site.tree(url), "csl-json"))
        assert items[0]["id"] == f"jalapeno-evidence:{kind}:{ident}" and len({i["id"] for i in items}) == len(items)
        bib = CitationStylesBibliography(style, CiteProcJSON(items), formatter.plain)
        for item in items:
            bib.register(Citation([CitationItem(item["id"])]))
        rendered = "\n".join(str(entry) for entry in bib.bibliography())
        assert len(rendered.splitlines()) == len(items), url
        if _public(site):
            assert items[0]["URL"] == site.absolute(url) and items[0]["URL"] in rendered, url
        else:
            assert "URL" not in items[0] and site.address not in rendered, url
    assert len(pages) > 300


# --- structured data ------------------------------------------------------------------

def test_claim_pages_describe_their_claim_as_schema_org_data(site):
    kb, seen = site.kb, 0
    for cid, c in kb.claims.items():
        for lang in LANGS:
            url = site.url("claim", cid, lang)
            tree = site.tree(url)
            claims = _jsonld(tree, "Claim")
            assert len(claims) == 1, url
            d = claims[0]
            assert d["@context"] == "https://schema.org" and d["identifier"] == cid and d["creativeWorkStatus"] == c.status
            assert site.local(d["url"]) == url and site.local(d["@id"]) == url
            title = tree.xpath("//title/text()")[0].replace("\u00a0", " ").rsplit(" - ", 1)[0]
            assert d["text"] == " ".join(title.split()), url
            assert d["about"]["name"] == in_lang(kb.entities[c.subject].name.model_dump(), lang)
            assert site.local(d["about"]["@id"]) == site.url("entity", c.subject, lang)
            cited = list(dict.fromkeys(cit.source for cit in c.citations))
            assert [site.local(a["mainEntityOfPage"]["url"]) for a in d["appearance"]] == \
                [site.url("source", s, lang) for s in cited]
            assert [a["name"] for a in d["appearance"]] == [in_lang(kb.sources[s].name.model_dump(), lang) for s in cited]
            # A source described once in the block is named by its @id alone wherever it comes again.
            nodes = {n["@id"]: n for a in d["appearance"] for n in [a, *a.get("isBasedOn", [])] if len(n) > 1}
            for a, sid in zip(d["appearance"], cited):
                relayed = list(dict.fromkeys(cit.attributed_to for cit in c.citations if cit.source == sid and cit.attributed_to))
                assert [site.local(nodes[b["@id"]]["mainEntityOfPage"]["url"]) for b in a.get("isBasedOn", [])] == \
                    [site.url("source", r, lang) for r in relayed]
                assert all(site.local(b["@id"]) == site.url("source", r, lang)
                           for b, r in zip(a.get("isBasedOn", []), relayed))
            seen += 1
    assert seen == len(LANGS) * len(kb.claims)


@pytest.mark.parametrize("lang", LANGS)
def test_data_page_describes_the_dataset_and_each_download(site, lang):
    url = site.prefix(lang) + "data/"
    datasets = _jsonld(site.tree(url), "Dataset")
    assert len(datasets) == 1
    d = datasets[0]
    assert d["license"] == "https://creativecommons.org/licenses/by/4.0/"
    assert [x["name"] for x in d["distribution"]] == list(FILES)
    for x in d["distribution"]:
        assert x["@type"] == "DataDownload"
        assert (site.root / site.local(x["contentUrl"])).is_file(), x["contentUrl"]
    links = {a["data-download"]: site.resolve(url, a["href"]) for a in site.soup(url).select("a[data-download]")}
    assert links == {name: f"data/{name}" for name in FILES}


# --- the downloads ----------------------------------------------------------------------

def test_downloads_are_exactly_the_export_of_the_data(site):
    from publish.exports import exports

    package = json.loads((site.root / "data" / "datapackage.json").read_text(encoding="utf-8"))
    expected = exports(site.kb, site.address, package["version"] if package["version"] != "0" else "")
    for name in FILES:
        assert (site.root / "data" / name).read_bytes() == expected[name], name


def test_data_page_documents_every_field_of_every_download(site):
    import sqlite3

    from publish.exports import CSV_COLUMNS
    from render.downloads import FIELD_TABLES

    # the files the data page describes only in its text: a standard's, a set of columns per figure key, Datasette's
    assert set(FILES) - set(FIELD_TABLES) == {"datapackage.json", "accelerators.csv", "evidence.metadata.json"}
    db = sqlite3.connect(f"file:{site.root / 'data' / 'evidence.sqlite'}?mode=ro", uri=True)
    tables = [r[0] for r in db.execute("select name from sqlite_master where type = 'table' order by rowid")]
    db.close()
    for lang in LANGS:
        soup = site.soup(site.prefix(lang) + "data/")
        for name in FIELD_TABLES:
            table = soup.select_one(f'table[data-table="{name}"]')
            assert table is not None, f"{lang}: no field table for {name}"
            shown = [tr.select_one("td code").get_text() for tr in table.select("tbody tr")]
            if name.endswith(".sqlite"):
                expected = tables  # every table the file holds, read from the file
            elif name.endswith(".csv"):
                expected = [c[0] for c in CSV_COLUMNS[name]]
            else:
                records = json.loads((site.root / "data" / name).read_text(encoding="utf-8"))
                expected = list(dict.fromkeys(k for r in records for k in r))
            assert shown == expected and expected, f"{lang}: {name}"


def test_data_page_has_the_same_anchors_in_both_languages(site):
    ids = {lang: [h["id"] for h in site.soup(site.prefix(lang) + "data/").select("article h2[id], article h3[id]")]
           for lang in LANGS}
    assert ids["en"] == ids["zh"] and len(ids["en"]) >= 10


# --- budget ---------------------------------------------------------------------------

def test_claim_pages_stay_within_the_size_budget(site, record_property):
    sizes = {url: site.file(url).stat().st_size for _, _, _, url in _pages(site) if "/claims/" in "/" + url}
    biggest = max(sizes, key=sizes.get)
    record_property("largest_claim_page_bytes", sizes[biggest])
    assert sizes[biggest] < BUDGET, f"{biggest} is {sizes[biggest]:,} bytes; the budget is {BUDGET:,}"


# --- hostile text -------------------------------------------------------------------------

def test_hostile_text_stays_inert_in_citations_and_structured_data(hostile_site):
    from pybtex.database import parse_string

    from site_fixture import HOSTILE_TEXT

    for lang in LANGS:
        tree = hostile_site.tree(hostile_site.url("claim", "hostile-claim", lang))
        entry = parse_string(_code(tree, "bibtex"), "bibtex")
        assert list(entry.entries) == ["jalapeno-evidence:claim:hostile-claim"]
        item = json.loads(_code(tree, "csl-json"))[0]
        assert HOSTILE_TEXT in item["title"]
        (claim,) = _jsonld(tree, "Claim")
        assert HOSTILE_TEXT in claim["text"]
        (raw,) = tree.xpath('//script[@type="application/ld+json"]/text()')
        assert "<" not in raw and ">" not in raw, "markup in data text must not reach the JSON-LD block raw"
