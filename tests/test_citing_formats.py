"""Citations read by real consumers: pybtex parses every BibTeX entry, citeproc-py renders every CSL-JSON item.

These run on the fact base directly (no site build), for every claim, source and
entity in both languages, for a site at a host's root and one under a path; the
built pages are checked in test_citing_site.py and test_citing_address.py.
"""
from __future__ import annotations

import json
import re

import pytest

from conftest import ROOT
from publish import formats as kc
from kb.base import KnowledgeBase
from render import citing, jsonld, urls
from publish.version import DataVersion
from render.context import Ctx

VERSION = DataVersion("0123456789abcdef0123456789abcdef01234567", 1795910400, False, "https://github.com/example/evidence")
NAMES = {"en": "AI inference chips evidence base", "zh": "AI 推理芯片证据库", "zh-hant": "AI 推理晶片證據庫"}
ACCESS = "2027-03-04"
# the day of ACCESS as any citation style may write it (2027-03-04, 4 March 2027, March 4, 2027, 2027年3月4日)
ACCESSED = re.compile(r"2027-03-04|4 March 2027|March 4, 2027|2027年0?3月0?4日|2027, March 4|Mar\.? 4, 2027")
KINDS = ("claim", "source", "entity")


@pytest.fixture(scope="module")
def kb():
    return KnowledgeBase.open(ROOT / "data")  # the real data, on the real day: it must pass on any day


@pytest.fixture(params=["https://example.org", "https://example.org/evidence/"], ids=["root", "path"])
def configured(request):
    before = citing.SETTINGS
    citing.configure(request.param, VERSION, NAMES)
    yield request.param.rstrip("/") + "/"
    citing.SETTINGS = before


@pytest.mark.parametrize("address", [None, "", "  ", "/evidence/", "example.org", "ftp://example.org/"])
def test_a_site_without_a_full_public_address_is_refused(address):
    before = citing.SETTINGS
    try:
        with pytest.raises(ValueError, match="full http"):
            citing.configure(address, VERSION, NAMES)
    finally:
        citing.SETTINGS = before


def _works(kb, lang):
    for kind in KINDS:
        for ident in getattr(kb, urls.KINDS[kind]):
            yield citing.work(Ctx(kb, lang, urls.page_url(kind, ident, lang)), kind, ident)


def _unlatex(text: str) -> str:
    """Undo publish.formats.latex, to compare a parsed field with the text it came from."""
    for command, char in ((r"\textbackslash{}", "\\"), (r"\textasciitilde{}", "~"), (r"\textasciicircum{}", "^"),
                          (r"\textbraceleft{}", "{"), (r"\textbraceright{}", "}")):
        text = text.replace(command, char)
    return re.sub(r"\\([%#&$_])", r"\1", text)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_pybtex_parses_every_entry_with_its_title_address_and_version(kb, configured, lang):
    from pybtex.database import parse_string

    works = list(_works(kb, lang))
    text = "\n".join(kc.text(kc.bibtex(w), ACCESS) for w in works)
    parsed = parse_string(text, "bibtex")
    assert len(parsed.entries) == len(works) > 300
    for w in works:
        e = parsed.entries[w.key]
        assert e.type == "misc"
        assert _unlatex(e.fields["title"]) == "{" + kc.bare_title(w.title) + "}"
        assert w.url.startswith(configured) and w.url == configured + urls.page_url(w.kind, w.ident, lang)
        assert e.fields["url"] == w.url and e.fields["howpublished"] == r"\url{" + w.url + "}"
        assert e.fields["version"] == VERSION.short and e.fields["urldate"] == ACCESS
        assert f"{w.ident}" in e.fields["note"] and ACCESS in e.fields["note"]
        assert [str(p) for p in e.persons["author"]] == ["{" + NAMES[lang] + "}"]


def _harvard(items: list[dict]) -> list[str]:
    """The items' bibliography in the Harvard style citeproc-py ships, in the items' order."""
    from citeproc import Citation, CitationItem, CitationStylesBibliography, CitationStylesStyle, formatter
    from citeproc.source.json import CiteProcJSON

    bib = CitationStylesBibliography(CitationStylesStyle("harvard-cite-them-right", validate=False),
                                     CiteProcJSON(items), formatter.plain)
    for item in items:
        bib.register(Citation([CitationItem(item["id"])]))
    return [str(entry) for entry in bib.bibliography()]


# A title's closing quote with a full stop both inside and after it, or a question or exclamation mark
# followed by a stop: the doubled punctuation citeproc-py printed when a title kept its full stop.
DOUBLED = re.compile(r"[.。．!?！？][”’\"]?[.。]|。[”’\"]?[,，]")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_formatted_csl_citation_names_the_page_its_sources_the_version_and_the_address(kb, configured, lang):
    """Rendered through a real citation style, the CSL-JSON of each page names the claim (or source, or
    entity), every source it credits, the data version and the page's full address, with no doubled stops."""
    seen = credited = 0
    for w in _works(kb, lang):
        items = json.loads(kc.text(kc.csl_json(w), ACCESS))
        assert [i["id"] for i in items][:1] == [w.key] and len({i["id"] for i in items}) == len(items)
        assert items[0]["accessed"] == {"date-parts": [[2027, 3, 4]]} and items[0]["URL"] == w.url
        assert len(items) == 1 + len(set(w.origins + w.relayed)), w.key
        text = "\n".join(_harvard(items))
        assert kc.bare_title(w.title) in text, w.key
        assert w.url in text and w.url.startswith(configured), w.key
        assert VERSION.short in text, w.key
        for o in w.origins + w.relayed:
            assert kc.bare_title(o.title or o.name) in text, (w.key, o.ident)
            if o.url:
                assert o.url in text, (w.key, o.ident)
        assert not DOUBLED.search(text.replace(w.url, "")), (w.key, DOUBLED.search(text).group(0), text)
        seen += 1
        credited += bool(w.origins)
    assert seen > 300 and credited > 250


def test_titles_lose_only_the_full_stop_that_ends_them():
    assert kc.bare_title("The chip took 1.03 s.") == "The chip took 1.03 s"
    assert kc.bare_title("芯片用时 1.03 秒。 ") == "芯片用时 1.03 秒"
    assert kc.bare_title("Is it 120B?") == "Is it 120B?" and kc.bare_title("对吗？") == "对吗？"
    assert kc.bare_title("GPT-OSS 120B") == "GPT-OSS 120B"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_reference_names_address_version_and_access_date(kb, configured, lang):
    n = 0
    for w in _works(kb, lang):
        pieces = kc.style(lang).reference(w)
        text = kc.text(pieces, ACCESS)
        assert w.url in text and VERSION.short in text and sum(isinstance(p, kc.Accessed) for p in pieces) == 1
        assert ("4 March 2027" if lang == "en" else "[2027-03-04]") in text
        assert w.url == configured + urls.page_url(w.kind, w.ident, lang)
        assert not DOUBLED.search(text.replace(w.url, "")), text
        n += 1
    assert n > 300


def test_chinese_reference_follows_gbt_7714_for_electronic_resources(kb, configured):
    pattern = re.compile(r"^AI 推理芯片证据库\. .+: (论断|来源记录|对象记录) [a-z0-9-]+，数据版本 [0-9a-f]{7}\[EB/OL\]\. "
                         r"\(\d{4}-\d{2}-\d{2}\)\[2027-03-04\]\. https://example\.org/(evidence/)?zh/\S+/\.( .+。)?$")
    for w in _works(kb, "zh"):
        assert pattern.match(kc.text(kc.gbt7714(w), ACCESS)), kc.text(kc.gbt7714(w), ACCESS)


def test_a_claim_credits_the_sources_of_its_figure_and_whom_they_relay(kb, configured):
    # claims whose citations name an origin not itself cited: the reference names it after the sources it quotes
    relayed = [cid for cid, c in kb.claims.items() if {cit.attributed_to for cit in c.citations}
               - {cit.source for cit in c.citations} - {None}]
    assert len(relayed) > 20
    for cid in relayed:
        c = kb.claims[cid]
        for lang in ("en", "zh"):
            w = citing.work(Ctx(kb, lang, urls.page_url("claim", cid, lang)), "claim", cid)
            text = kc.text(kc.style(lang).reference(w), ACCESS)
            for cit in c.citations:
                for sid in filter(None, (cit.source, cit.attributed_to)):
                    s = kb.sources[sid]
                    assert (s.title or getattr(s.name, lang)) in text, (cid, lang, sid)
            assert ("They attribute it to" if lang == "en" else "其所转述的来源") in text


HOSTILE = '<script>alert("x")</script> {{ config }} {% if true %}jinja{% endif %} 100% _a_ #1 $5 & ~^ \\ end}'
HOSTILE_URL = "https://example.org/a{b}\\c%25d#e"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_hostile_text_stays_text_in_every_format(lang):
    from pybtex.database import parse_string

    w = kc.Work(kind="claim", ident="x", lang=lang, publisher=HOSTILE, title=HOSTILE, url="https://example.org/claims/x/",
                version="abcdef0", date="2026-11-29",
                origins=(kc.Origin(name=HOSTILE, ident="x-source", title=HOSTILE, author=HOSTILE, url=HOSTILE_URL),))
    entry = parse_string(kc.text(kc.bibtex(w), ACCESS), "bibtex").entries[w.key]
    assert _unlatex(entry.fields["title"]) == "{" + HOSTILE + "}"
    items = json.loads(kc.text(kc.csl_json(w), ACCESS))
    assert items[0]["title"] == HOSTILE and HOSTILE in items[0]["note"]
    assert items[1]["title"] == HOSTILE and items[1]["author"] == [{"literal": HOSTILE}] and items[1]["URL"] == HOSTILE_URL


def test_an_address_cannot_unbalance_a_bibtex_entry():
    from pybtex.database import parse_string

    w = kc.Work(kind="claim", ident="x", lang="en", publisher="P", title="T", url=HOSTILE_URL)
    entry = parse_string(kc.text(kc.bibtex(w), ACCESS), "bibtex").entries[w.key]
    assert entry.fields["url"] == "https://example.org/a%7Bb%7D%5Cc%25d#e"


def test_jsonld_cannot_be_closed_by_data_text():
    block = jsonld.script({"text": "</script><script>alert(1)</script> & <!--"})
    inner = block[len('<script type="application/ld+json">'):-len("</script>")]
    assert "<" not in inner and ">" not in inner and "&" not in inner
    assert json.loads(inner)["text"] == "</script><script>alert(1)</script> & <!--"


@pytest.mark.parametrize("lang, bibtex_language, csl_language", [("en", "english", "en"), ("zh", "chinese", "zh-CN"),
                                                                  ("zh-hant", "chinese", "zh-TW")])
def test_each_language_cites_in_the_style_and_language_the_registry_gives_it(lang, bibtex_language, csl_language):
    """The style is the registry's (kb.languages: citation), the words and punctuation the vocabulary's in that
    language, and BibTeX's and CSL's language come from the language's tag: a language added as one record (here
    the converted Traditional Chinese) cites without a branch of its own."""
    from kb import languages, vocabulary

    w = kc.Work(kind="claim", ident="x", lang=lang, publisher="P", title="T", url="https://example.org/claims/x/",
                version="abcdef0", date="2026-11-29", origins=(kc.Origin(name="N", author="A", publisher="B"),))
    style = kc.style(lang)
    assert style is kc.STYLES[languages.LANGUAGES[lang].citation]
    text = kc.text(style.reference(w), ACCESS)
    assert vocabulary.word("ref.claim", lang) in text and vocabulary.word("ref.figure_from", lang) in text
    assert "A" + vocabulary.word("comma", lang) + "B" in text
    assert ("[EB/OL]" in text) == (languages.LANGUAGES[lang].citation == "gbt7714")
    assert f"language     = {{{bibtex_language}}}" in kc.text(kc.bibtex(w), ACCESS)
    assert json.loads(kc.text(kc.csl_json(w), ACCESS))[0]["language"] == csl_language


@pytest.mark.parametrize("lang", ["en", "zh", "zh-hant"])
def test_the_page_shows_the_reference_made_of_the_same_pieces_as_its_text(kb, configured, lang):
    """The reference a page shows reads, once its markup is taken away, exactly as the text its pieces make (what a
    reader copies), with the data version's date in the access date's slot; each marked piece is in its markup."""
    import html as html_lib

    from bs4 import BeautifulSoup

    n = 0
    for kind in KINDS:
        for ident in getattr(kb, urls.KINDS[kind]):
            ctx = Ctx(kb, lang, urls.page_url(kind, ident, lang))
            w = citing.work(ctx, kind, ident)
            pieces = kc.style(lang).reference(w)
            soup = BeautifulSoup("\n\n".join(citing.section(ctx, kind, ident)), "html.parser")
            shown = soup.select_one(".kb-cite-text")
            assert html_lib.unescape(shown.get_text()) == kc.text(pieces, citing.SETTINGS.date), w.key
            assert len(shown.select("[data-kb-accessed]")) == 1
            versions = [p.text for p in pieces if isinstance(p, kc.Marked) and p.role.startswith("version")]
            assert [e.get_text() for e in shown.select(".kb-version")] == versions, w.key
            figures = [p.value for p in w.title_pieces if isinstance(p, kc.Marked) and p.role == "figure"]
            assert [a.select_one("[data-claim]")["data-claim"] for a in shown.select("a.kb-fig")] == figures
            code = soup.select_one('[data-format="bibtex"] code').get_text()
            assert html_lib.unescape(code) == kc.text(kc.bibtex(w), citing.SETTINGS.date).rstrip("\n")
            n += 1
    assert n > 300


def test_a_marked_title_must_read_as_the_title():
    with pytest.raises(ValueError, match="does not read as its title"):
        kc.Work(kind="claim", ident="x", lang="en", publisher="P", title="About 5 s.", url="https://example.org/",
                title_pieces=("About ", kc.Marked("6 s", "figure", "y"), "."))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_hostile_text_stays_verbatim_in_every_piece(lang):
    w = kc.Work(kind="claim", ident="x", lang=lang, publisher=HOSTILE, title=HOSTILE + HOSTILE,
                url="https://example.org/claims/x/", version="abcdef0", date="2026-11-29",
                title_pieces=(HOSTILE, kc.Marked(HOSTILE, "entity", "e")),
                origins=(kc.Origin(name=HOSTILE, ident="x-source", title=HOSTILE, author=HOSTILE, publisher=HOSTILE,
                                   url=HOSTILE_URL),))
    pieces = kc.style(lang).reference(w)
    assert kc.text(pieces, ACCESS).count(HOSTILE) == 6  # publisher, title (twice), and the credited source's three


# --- a build with no public address ------------------------------------------------------------------------

@pytest.mark.parametrize("address,local", [("http://127.0.0.1:8000/", True), ("http://localhost:8000/x/", True),
                                           ("http://[::1]:8000/", True), ("http://0.0.0.0:8000/", True),
                                           ("http://preview.localhost/", True), ("https://example.org/", False),
                                           ("https://someone.github.io/evidence/", False),
                                           ("http://192.168.1.20:8000/", False)])
def test_only_this_machines_own_addresses_are_local(address, local):
    assert citing.is_local(address) is local


@pytest.fixture
def local_build():
    before = citing.SETTINGS
    citing.configure("http://127.0.0.1:8000/", VERSION, NAMES)
    yield
    citing.SETTINGS = before


@pytest.mark.parametrize("lang", ["en", "zh", "zh-hant"])
def test_a_local_builds_references_name_no_address_and_parse(kb, local_build, lang):
    """Built without SITE_URL, for the local server's address, a page's references give no address (nor the day it
    was read there): every format still parses, names the record and the version, and the box says why."""
    from pybtex.database import parse_string

    works = [w for i, w in enumerate(_works(kb, lang)) if i % 7 == 0]
    assert len(works) > 50 and all(w.url is None for w in works)
    for w in works:
        for shown in (kc.text(kc.style(lang).reference(w), ACCESS), kc.text(kc.bibtex(w), ACCESS),
                      kc.text(kc.csl_json(w), ACCESS)):
            assert "127.0.0.1" not in shown and not ACCESSED.search(shown), (w.key, shown)
            assert VERSION.short in shown and w.ident in shown
        if lang != "en":
            assert "[DB]" in kc.text(kc.style(lang).reference(w), ACCESS)
        entry = parse_string(kc.text(kc.bibtex(w), ACCESS), "bibtex").entries[w.key]
        assert "url" not in entry.fields and "urldate" not in entry.fields
        items = json.loads(kc.text(kc.csl_json(w), ACCESS))
        assert "URL" not in items[0] and "accessed" not in items[0]
        assert kc.bare_title(w.title) in "\n".join(_harvard(items))
    block = "".join(citing.section(Ctx(kb, lang, urls.page_url("claim", "gptoss-peak-tpskw-jalapeno", lang)), "claim",
                                   "gptoss-peak-tpskw-jalapeno"))
    assert "SITE&#95;URL" in block and "127.0.0.1" not in block and "data-kb-accessed" not in block
