"""Citations read by real consumers: pybtex parses every BibTeX entry, citeproc-py renders every CSL-JSON item.

These run on the fact base directly (no site build), for every claim, source and
entity in both languages, with and without the site's public address; the
built pages are checked in test_citing_site.py.
"""
from __future__ import annotations

import json
import re

import pytest

from conftest import ROOT
from kb import cite as kc
from kb.base import KnowledgeBase
from render import cite, urls
from render.cite_version import DataVersion
from render.context import Ctx

VERSION = DataVersion("0123456789abcdef0123456789abcdef01234567", 1795910400, False, "https://github.com/example/evidence")
NAMES = {"en": "Jalapeño evidence base", "zh": "Jalapeño 证据库"}
ACCESS = "2027-03-04"
KINDS = ("claim", "source", "entity")


@pytest.fixture(scope="module")
def kb():
    return KnowledgeBase.open(ROOT / "data")  # the real data, on the real day: it must pass on any day


@pytest.fixture(params=[None, "https://example.org/evidence"], ids=["relative", "absolute"])
def configured(request):
    before = cite.SETTINGS
    cite.configure(request.param, VERSION, NAMES)
    yield request.param
    cite.SETTINGS = before


def _works(kb, lang):
    for kind in KINDS:
        for ident in getattr(kb, urls.KINDS[kind]):
            yield cite.work(Ctx(kb, lang, urls.page_url(kind, ident, lang)), kind, ident)


def _unlatex(text: str) -> str:
    """Undo kb.cite.latex, to compare a parsed field with the text it came from."""
    for command, char in ((r"\textbackslash{}", "\\"), (r"\textasciitilde{}", "~"), (r"\textasciicircum{}", "^"),
                          (r"\textbraceleft{}", "{"), (r"\textbraceright{}", "}")):
        text = text.replace(command, char)
    return re.sub(r"\\([%#&$_])", r"\1", text)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_pybtex_parses_every_entry_with_its_title_address_and_version(kb, configured, lang):
    from pybtex.database import parse_string

    works = list(_works(kb, lang))
    text = "\n".join(kc.fill(kc.bibtex(w), ACCESS) for w in works)
    parsed = parse_string(text, "bibtex")
    assert len(parsed.entries) == len(works) > 300
    for w in works:
        e = parsed.entries[w.key]
        assert e.type == "misc"
        assert _unlatex(e.fields["title"]) == "{" + w.title + "}"
        assert e.fields["howpublished"] == r"\url{" + w.url + "}"
        assert e.fields["version"] == VERSION.short and e.fields["urldate"] == ACCESS
        assert f"{w.ident}" in e.fields["note"] and ACCESS in e.fields["note"]
        assert [str(p) for p in e.persons["author"]] == ["{" + NAMES[lang] + "}"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_citeproc_renders_every_csl_item(kb, configured, lang):
    from citeproc import Citation, CitationItem, CitationStylesBibliography, CitationStylesStyle, formatter
    from citeproc.source.json import CiteProcJSON

    if configured is None:
        pytest.skip("site-relative addresses: every item on the built pages is rendered in test_citing_site.py")
    works = list(_works(kb, lang))
    items = [item for w in works for item in json.loads(kc.fill(kc.csl_json(w), ACCESS, "parts"))]
    assert len(items) == len(works) and all(i["accessed"] == {"date-parts": [[2027, 3, 4]]} for i in items)
    style = CitationStylesStyle("harvard-cite-them-right", validate=False)
    bib = CitationStylesBibliography(style, CiteProcJSON(items), formatter.plain)
    for w in works:
        bib.register(Citation([CitationItem(w.key)]))
    rendered = [str(entry) for entry in bib.bibliography()]
    assert len(rendered) == len(works)
    by_title = "\n".join(rendered)
    for w in works:
        assert w.title.rstrip(".。") in by_title, w.key
        assert w.url in by_title, w.key


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_reference_names_address_version_and_access_date(kb, configured, lang):
    n = 0
    for w in _works(kb, lang):
        text = kc.fill(kc.plain(w) if lang == "en" else kc.gbt7714(w), ACCESS, "en" if lang == "en" else "iso")
        assert w.url in text and VERSION.short in text and kc.ACCESSED not in text
        assert ("4 March 2027" if lang == "en" else "[2027-03-04]") in text
        if configured is None:
            assert w.url == "/" + urls.page_url(w.kind, w.ident, lang) and w.relative
            assert ("relative to the site's root" if lang == "en" else "相对于本站根目录") in text
        else:
            assert w.url == "https://example.org/evidence/" + urls.page_url(w.kind, w.ident, lang)
        n += 1
    assert n > 300


def test_chinese_reference_follows_gbt_7714_for_electronic_resources(kb, configured):
    pattern = re.compile(r"^Jalapeño 证据库\. .+: (论断|来源记录|对象记录) [a-z0-9-]+，数据版本 [0-9a-f]{7}\[EB/OL\]\. "
                         r"\(\d{4}-\d{2}-\d{2}\)\[2027-03-04\]\. \S+?(（相对于本站根目录的地址）)?\.( .+。)?$")
    for w in _works(kb, "zh"):
        assert pattern.match(kc.fill(kc.gbt7714(w), ACCESS)), kc.gbt7714(w)


def test_a_claim_credits_the_sources_of_its_figure_and_whom_they_relay(kb, configured):
    relayed = [cid for cid, c in kb.claims.items() if any(cit.attributed_to for cit in c.citations)]
    assert relayed
    for cid in relayed:
        c = kb.claims[cid]
        for lang in ("en", "zh"):
            w = cite.work(Ctx(kb, lang, urls.page_url("claim", cid, lang)), "claim", cid)
            text = kc.plain(w) if lang == "en" else kc.gbt7714(w)
            for cit in c.citations:
                for sid in filter(None, (cit.source, cit.attributed_to)):
                    s = kb.sources[sid]
                    assert (s.title or getattr(s.name, lang)) in text, (cid, lang, sid)
            assert ("They attribute it to" if lang == "en" else "其所转述的来源") in text


HOSTILE = '<script>alert("x")</script> {{ config }} {% if true %}jinja{% endif %} 100% _a_ #1 $5 & ~^ \\ end}'


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_hostile_text_stays_text_in_every_format(lang):
    from pybtex.database import parse_string

    w = kc.Work(kind="claim", ident="x", lang=lang, publisher=HOSTILE, title=HOSTILE, url="/claims/x/", relative=True,
                version="abcdef0", date="2026-11-29", origins=(kc.Origin(name=HOSTILE, title=HOSTILE, author=HOSTILE),))
    entry = parse_string(kc.fill(kc.bibtex(w), ACCESS), "bibtex").entries[w.key]
    assert _unlatex(entry.fields["title"]) == "{" + HOSTILE + "}"
    item = json.loads(kc.fill(kc.csl_json(w), ACCESS, "parts"))[0]
    assert item["title"] == HOSTILE and HOSTILE in item["note"]


def test_jsonld_cannot_be_closed_by_data_text():
    block = cite.jsonld_script({"text": "</script><script>alert(1)</script> & <!--"})
    inner = block[len('<script type="application/ld+json">'):-len("</script>")]
    assert "<" not in inner and ">" not in inner and "&" not in inner
    assert json.loads(inner)["text"] == "</script><script>alert(1)</script> & <!--"
