"""Each claim's history on its page, and each language's corrections feed, read from the built site.

The page check is tests/integrity/history.py, a function of one page; here it runs over every page. The feed is
read as Atom: each entry points to a claim page of its language, to the change it reports there (an anchor that
page holds, marked as a correction), and to nothing else.
"""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from selectolax.lexbor import LexborHTMLParser

from integrity import history
from integrity.langs import LANGS, PREFIX
from site_fixture import site  # noqa: F401  (fixture)

ATOM = "{http://www.w3.org/2005/Atom}"


def test_every_claim_page_shows_its_history_and_every_page_names_the_feed(site):
    seen = claim_pages = 0
    found = []
    for url in site.html_pages():
        tree = LexborHTMLParser(site.file(url).read_text(encoding="utf-8"))
        found += history.problems(tree, url)
        seen += 1
        claim_pages += history.claim_of(url) is not None and not tree.css(".kb-retired")
    assert found == []
    assert claim_pages == len(site.facts.claims) * len(LANGS)
    assert seen > claim_pages


@pytest.mark.parametrize("lang", LANGS)
def test_the_corrections_feed_points_to_each_corrected_claim(site, lang):
    feed = ET.fromstring(site.file("corrections.xml" if not PREFIX[lang] else f"corrections-{lang}.xml").read_bytes())
    assert feed.tag == f"{ATOM}feed" and feed.get("{http://www.w3.org/XML/1998/namespace}lang") in (lang, "zh-Hans", "zh-Hant")
    entries = feed.findall(f"{ATOM}entry")
    corrected = set()
    for cid in site.facts.claims:
        tree = LexborHTMLParser(site.file(f"{PREFIX[lang]}claims/{cid}/").read_text(encoding="utf-8"))
        corrected |= {(cid, li.attributes["data-commit"]) for li in tree.css("li[data-correction]")}
    listed = set()
    for e in entries:
        link = e.find(f"{ATOM}link[@rel='alternate']").get("href")
        ident = e.find(f"{ATOM}id").text
        page = link.split("://", 1)[1].split("/", 1)[1]
        cid = history.claim_of(page)
        assert cid is not None and page.startswith(PREFIX[lang]), link
        assert ident == f"{link}#history-{ident.rsplit('#history-', 1)[1]}", ident
        listed.add((cid, ident.rsplit("#history-", 1)[1]))
        assert e.find(f"{ATOM}updated").text.endswith("Z")
    assert listed == corrected
    assert len(entries) == len(listed) >= 1
