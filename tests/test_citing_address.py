"""The site knows its own address: everything that points at a page from outside gives its full address.

* the address comes from one setting, SITE_URL, which the publishing workflow sets to where it
  publishes; without it a build is a local one, for the local server's address (whose references name
  no address: test_citing_formats.py); an empty one fails the build; no built file writes "None" where
  an address belongs, and nothing names a domain the project does not hold;
* every page has one canonical link to its own full address, and hreflang alternates to
  itself in both languages and x-default (the English page), both ways, as does the sitemap;
* Chinese pages declare lang="zh-Hans" (and are tagged so in every hreflang), with
  Material's own Chinese words kept;
* every page type (home, claim, source, entity, tier, conflict, data) describes itself in
  JSON-LD that parses, with a fitting schema.org type, full addresses and its language;
* each reference can be copied with a button labelled in the page's language.

Citations themselves (plain, GB/T 7714, BibTeX, CSL-JSON) are checked for full addresses in
test_citing_formats.py (every record, from the data) and test_citing_site.py (every built page).
"""
from __future__ import annotations

import gzip
import json
import os
import re
import subprocess
import sys
from urllib.parse import urlsplit

from lxml import etree

from integrity import langs
from site_fixture import LANG_TAGS, LANGS, ROOT, site, site_address  # noqa: F401  (fixture)

LOCAL_ADDRESS = "http://127.0.0.1:8000/"  # where `make serve` serves a build: the address of one made without SITE_URL
KINDS = {"claim": "claims", "source": "sources", "entity": "entities", "tier": "tiers", "conflict": "conflicts"}


def _pages(site) -> list[str]:
    """Every page with an address of its own (404.html is served at any address, so it has none)."""
    return [u for u in site.html_pages() if not u.endswith(".html")]


def _bare(url: str) -> str:
    return langs.bare(url)


def _lang_of(url: str) -> str:
    return langs.lang_of(url)


# --- the address itself -----------------------------------------------------------------------

def test_the_address_is_site_url_and_a_build_without_it_is_local(monkeypatch):
    from render import citing

    monkeypatch.delenv("SITE_URL", raising=False)
    assert site_address() == LOCAL_ADDRESS and citing.is_local(LOCAL_ADDRESS)
    monkeypatch.setenv("SITE_URL", "https://preview.example.org/fork")
    assert site_address() == "https://preview.example.org/fork/"


def test_the_publishing_workflow_sets_the_address_it_publishes_at():
    """GitHub Pages' own address for the repository (configure-pages' base_url) is what the build is given."""
    import yaml

    flow = yaml.safe_load((ROOT / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8"))
    steps = flow["jobs"]["build"]["steps"]
    pages = next(s for s in steps if str(s.get("uses", "")).startswith("actions/configure-pages@"))
    build = next(s for s in steps if "make build" in str(s.get("run", "")))
    assert build["env"]["SITE_URL"] == "${{ steps.%s.outputs.base_url }}" % pages["id"]
    assert any(str(s.get("uses", "")).startswith("actions/deploy-pages@") for s in flow["jobs"]["deploy"]["steps"])


# Files that speak of the site's address: none may name a domain the project does not hold, nor say the site "is
# published at" an address (a copy is published wherever its workflow publishes it).
ADDRESS_WORDS = ("README.md", "CONTRIBUTING.md", "CONTRIBUTING.zh.md", "CITATION.cff", "mkdocs.yml", "SECURITY.md",
                 *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "contributing").glob("*.md")))


def test_no_file_claims_an_address_the_project_does_not_hold():
    said = []
    for name in ADDRESS_WORDS:
        text = (ROOT / name).read_text(encoding="utf-8")
        said += [f"{name}: {m.group(0)}" for m in re.finditer(r"jalapeno-evidence\.(?:org|com|net)\S*", text)]
        said += [f"{name}: {m.group(0)}" for m in re.finditer(r"is published at `?https?://\S+", text)]
    assert said == [], "\n".join(said)


def test_a_build_with_an_empty_site_url_fails_and_says_why(tmp_path):
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", SITE_URL="")
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(tmp_path / "out")],
                            cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode != 0
    assert "full http(s) address" in result.stderr and "SITE_URL" in result.stderr, result.stderr
    assert not (tmp_path / "out" / "index.html").exists()


# "None" where an address or an attribute's value belongs: what a build without a site address wrote.
NONE_AS_ADDRESS = re.compile(r"""=\s*["']?None\b|<loc>\s*None|"None"|None(?:\./|[a-z0-9-]*/)|\bNone\.(?:html|xml|json)""")
TEXT_SUFFIXES = {".html", ".xml", ".json", ".csv", ".js", ".txt", ".css", ".webmanifest"}


def test_the_check_for_none_finds_what_an_unaddressed_build_wrote():
    for sample in ("<loc>None./</loc>", '<xhtml:link rel="alternate" hreflang="zh" href="Nonezh/"/>',
                   "<loc>Noneabout/</loc>", 'data-commit="None"', '{"url": "None"}', "Noneclaims/x/"):
        assert NONE_AS_ADDRESS.search(sample), sample
    assert not NONE_AS_ADDRESS.search("None of the articles states its URL. None, that is.")


def test_no_built_file_writes_none_as_an_address(site):
    found, scanned = [], 0
    for path in sorted(site.root.rglob("*")):
        if not path.is_file():
            continue
        rel = path.relative_to(site.root).as_posix()
        if path.suffix == ".gz":
            text = gzip.decompress(path.read_bytes()).decode("utf-8")
        elif path.suffix in TEXT_SUFFIXES and not rel.startswith("pagefind/"):
            text = path.read_text(encoding="utf-8")
        else:
            continue
        scanned += 1
        found += [f"{rel}: …{text[max(0, m.start() - 40):m.end() + 40]}…" for m in NONE_AS_ADDRESS.finditer(text)]
    assert scanned > 2 * len(site.kb.claims) > 500
    assert found == [], "\n".join(found[:10])


# --- canonical and alternates --------------------------------------------------------------------

def _head_links(site, url: str, rel: str) -> list:
    return site.tree(url).xpath(f'//head/link[@rel="{rel}"]')


def test_every_page_has_one_canonical_link_to_its_own_full_address(site):
    pages = _pages(site)
    for url in pages:
        links = _head_links(site, url, "canonical")
        assert [l.get("href") for l in links] == [site.absolute(url)], url
    generated = {site.url(kind, ident, lang) for kind, attr in KINDS.items() for ident in getattr(site.kb, attr)
                 for lang in LANGS}
    assert generated <= set(pages) and len(pages) > len(generated) > 800
    assert _head_links(site, "404.html", "canonical") == []  # served at any address: it has no address to claim


def _alternates(site, url: str) -> dict[str, str]:
    links = site.tree(url).xpath('//head/link[@rel="alternate"][@hreflang]')
    alts = {l.get("hreflang"): l.get("href") for l in links}
    assert len(alts) == len(links), f"{url}: an hreflang given twice"
    return alts


def test_every_page_names_itself_in_every_language_and_x_default_and_each_names_it_back(site):
    pages, expected = _pages(site), set(LANG_TAGS.values()) | {"x-default"}
    for url in pages:
        alts = _alternates(site, url)
        assert set(alts) == expected, url
        bare = _bare(url)
        for lang in LANGS:
            assert alts[LANG_TAGS[lang]] == site.absolute(site.prefix(lang) + bare), url
        assert alts["x-default"] == alts["en"], url
        assert alts[LANG_TAGS[_lang_of(url)]] == site.absolute(url), f"{url} does not name itself"
        for target in alts.values():
            local = site.local(target)
            assert site.exists(local), f"{url}: alternate {target} leads nowhere"
            assert site.absolute(url) in _alternates(site, local).values(), f"{local} does not name {url} back"
    assert len(pages) > 800
    assert _alternates(site, "404.html") == {}


def test_the_404_page_switches_language_to_the_home_pages(site):
    root = urlsplit(site.address).path
    links = {a.get("hreflang"): a.get("href") for a in site.tree("404.html").xpath('//a[contains(@class, "md-select__link")]')}
    assert links == {LANG_TAGS[lang]: root + site.prefix(lang) for lang in LANGS}


def test_the_sitemap_lists_every_page_at_its_full_address_with_the_same_alternates(site):
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}
    raw = (site.root / "sitemap.xml").read_bytes()
    assert gzip.decompress((site.root / "sitemap.xml.gz").read_bytes()) == raw
    entries = {}
    for u in etree.fromstring(raw).findall("s:url", ns):
        loc = u.findtext("s:loc", namespaces=ns)
        assert loc not in entries, f"{loc} listed twice"
        entries[loc] = {l.get("hreflang"): l.get("href") for l in u.findall("x:link", ns)}
    pages = _pages(site)
    assert set(entries) == {site.absolute(u) for u in pages}
    for url in pages:
        assert entries[site.absolute(url)] == _alternates(site, url), url
    assert len(entries) > 800


# --- languages -----------------------------------------------------------------------------------

def test_each_page_declares_its_language_and_keeps_materials_own_words(site):
    skip = {"en": "Skip to content", "zh": "跳到正文", "zh-hant": "跳到主要內容"}  # the site's skip link (render/skip.py)
    seen = {lang: 0 for lang in LANGS}
    for url in _pages(site):
        lang = _lang_of(url)
        tree = site.tree(url)
        assert tree.get("lang") == LANG_TAGS[lang], url
        links = tree.xpath('//a[contains(@class, "md-skip")]')
        assert [a.text_content().strip() for a in links] == [skip[lang]], url  # on every page, to its content
        assert [a.get("href") for a in links] == ["#kb-content"] and tree.xpath('//*[@id="kb-content"]'), url
        switcher = {a.get("hreflang"): a.get("lang") for a in tree.xpath('//a[contains(@class, "md-select__link")]')}
        assert switcher == {tag: tag for tag in LANG_TAGS.values()}, url
        seen[lang] += 1
    assert all(seen[lang] == seen["en"] for lang in LANGS) and seen["en"] > 400
    for lang in LANGS:  # the page for a missing address too
        assert site.tree(site.prefix(lang) + "404.html").xpath('//a[@class="md-skip"]/@href') == ["#kb-content"]


# --- JSON-LD --------------------------------------------------------------------------------------

URL_KEYS = {"@id", "url", "contentUrl", "archivedAt"}
SOURCE_TYPES = {"news-article": "NewsArticle", "press-report": "NewsArticle", "blog-post": "BlogPosting",
                "social-post": "SocialMediaPosting"}
ENTITY_TYPES = {"organisation": "Organization", "person": "Person", "chip": "Product", "system": "Product",
                "product": "Product", "software": "SoftwareApplication", "event": "Event"}


def _nodes(site, url: str) -> list[dict]:
    """The page's top-level JSON-LD nodes (a @graph's members count as top-level)."""
    out = []
    for raw in site.tree(url).xpath('//script[@type="application/ld+json"]/text()'):
        d = json.loads(raw)
        assert d["@context"] == "https://schema.org", url
        out += d["@graph"] if "@graph" in d else [d]
    return out


def _walk(value, key=None):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _walk(v, k)
    elif isinstance(value, list):
        for v in value:
            yield from _walk(v, key)
    else:
        yield key, value


def _check_addresses(site, url: str, node: dict) -> int:
    """Every address in the node is a full one; those on this site lead to a page or a download."""
    n = 0
    for key, value in _walk(node):
        if key in URL_KEYS or (isinstance(value, str) and value.startswith(("/", "./", "../", "http"))):
            if key == "@id" and value.startswith("_:"):
                continue
            assert isinstance(value, str) and re.match(r"https?://[^/]+(/|$)", value), f"{url}: {key}={value!r}"
            if value.startswith(site.address):
                local = site.local(value)
                assert site.exists(local) or (site.root / local).is_file(), f"{url}: {value} leads nowhere"
            n += 1
    return n


def _page_language(node: dict) -> str:
    page = node.get("mainEntityOfPage")
    return page["inLanguage"] if isinstance(page, dict) else node["inLanguage"]


def test_every_page_type_describes_itself_with_full_addresses_and_its_language(site):
    kb, seen, addresses = site.kb, {}, 0
    for lang in LANGS:
        tag = LANG_TAGS[lang]
        home = site.prefix(lang)
        nodes = {n["@type"]: n for n in _nodes(site, home)}
        assert set(nodes) == {"WebSite", "Dataset"}, home
        assert nodes["WebSite"]["url"] == site.absolute(home) and nodes["WebSite"]["inLanguage"] == tag
        assert site.local(nodes["Dataset"]["url"]) == home + "data/"
        data = _nodes(site, home + "data/")
        assert [n["@type"] for n in data] == ["Dataset"] and _page_language(data[0]) == tag
        for url, found in ((home, nodes.values()), (home + "data/", data)):
            for node in found:
                addresses += _check_addresses(site, url, node)
        seen["home"] = seen.get("home", 0) + 1
        for kind, attr in KINDS.items():
            for ident, record in getattr(kb, attr).items():
                url = site.url(kind, ident, lang)
                (node,) = _nodes(site, url)
                assert node["identifier"] == ident and site.local(node["mainEntityOfPage"]["url"]) == url, url
                assert site.local(node["@id"]) == url and node["@id"] != node["mainEntityOfPage"]["@id"], url
                assert _page_language(node) == tag, url
                if kind == "claim":
                    assert node["@type"] == "Claim" and node["inLanguage"] == tag
                elif kind == "source":
                    assert node["@type"] == SOURCE_TYPES.get(record.kind, "CreativeWork"), url
                    assert node["inLanguage"] == record.language  # the source's own language
                    assert node.get("url") == record.url and node.get("headline") == record.title, url
                    assert node.get("datePublished") == record.date, url
                elif kind == "entity":
                    assert node["@type"] == ENTITY_TYPES.get(record.kind, "Thing"), url
                    assert node["name"] == langs.text(record.name.model_dump(), lang) and "url" not in node  # no address of its own
                elif kind == "tier":
                    assert node["@type"] == "DefinedTerm" and site.local(node["inDefinedTermSet"]["url"]) == site.url("tier", None, lang)
                else:
                    assert node["@type"] == "Question" and node["inLanguage"] == tag
                    claims = {c for side in record.sides for c in side.claims}
                    assert {site.local(a["url"]) for a in node["about"]} == {site.url("claim", c, lang) for c in claims}
                addresses += _check_addresses(site, url, node)
                seen[kind] = seen.get(kind, 0) + 1
    assert seen == {"home": len(LANGS), **{kind: len(LANGS) * len(getattr(kb, attr)) for kind, attr in KINDS.items()}}
    assert seen["claim"] > 500 and seen["source"] > 10 and seen["conflict"] > 10 and addresses > 5000


# --- copying the reference --------------------------------------------------------------------------

COPY_LABELS = {"en": "Copy the reference", "zh": "复制参考文献", "zh-hant": "複製參考文獻"}


def test_every_reference_has_a_copy_button_labelled_in_its_language_hidden_without_script(site):
    seen = 0
    for kind in ("claim", "source", "entity"):
        for ident in getattr(site.kb, KINDS[kind]):
            for lang in LANGS:
                url = site.url(kind, ident, lang)
                (box,) = site.tree(url).xpath(f'//div[@data-cite="{kind}:{ident}"]')
                (wrap,) = box.xpath('.//p[@class="kb-cite-copy"]')
                assert wrap.get("hidden") is not None, url  # shown by kb-cite.js, which does the copying
                (button,) = wrap.xpath('./button[@type="button"]')
                assert button.text_content().strip() == COPY_LABELS[lang], url
                assert button.get("data-copied") and button.get("data-failed"), url
                assert wrap.xpath('./*[@role="status"]'), url
                assert not re.search(r"\d", wrap.text_content() + button.get("data-copied") + button.get("data-failed"))
                seen += 1
    assert seen == len(LANGS) * sum(len(getattr(site.kb, KINDS[k])) for k in ("claim", "source", "entity")) > 600


def test_the_data_page_gives_the_address_the_site_was_built_for(site):
    for lang in LANGS:
        codes = [c.text_content() for c in site.tree(site.prefix(lang) + "data/").xpath('//article//p/code')]
        assert site.address in codes, lang
