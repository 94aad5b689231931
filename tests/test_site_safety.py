"""Contributor text never becomes markup, Markdown or a template, and the site loads nothing from elsewhere."""
from __future__ import annotations

import re

import pytest

from site_fixture import LANGS, hostile_site, site  # noqa: F401  (fixtures)

PAGES = [("claim", "hostile-claim"), ("entity", "hostile-site-entity"), ("source", "hostile-site-source")]


def _part_with(s, url: str, ident: str) -> str:
    """The part of the list at ``url`` that holds a link to record ``ident`` (a long list is cut into parts)."""
    parts = [url] + sorted((u for u in s.html_pages() if u.startswith(url + "page/")), key=lambda u: int(u.split("/")[-2]))
    return next(u for u in parts if re.search(rf'["/]{ident}/"', s.file(u).read_text(encoding="utf-8")))


def _hostile_urls(s):
    urls = [s.url(k, i, lang) for k, i in PAGES for lang in LANGS]
    urls += [_part_with(s, s.url("claim", None, lang), "hostile-claim") for lang in LANGS]
    urls += [_part_with(s, s.url("entity", None, lang), "hostile-site-entity") for lang in LANGS]
    urls += [_part_with(s, s.url("tier", "commentary", lang), "hostile-claim") for lang in LANGS]
    return urls


@pytest.mark.parametrize("n", range(10))
def test_hostile_text_is_shown_as_text_and_never_runs(hostile_site, n):
    urls = _hostile_urls(hostile_site)
    if n >= len(urls):
        pytest.skip("fewer pages than cases")
    url = urls[n]
    soup = hostile_site.soup(url)
    article = soup.select_one("article")
    text = article.get_text(" ")
    # the text reaches the reader verbatim...
    assert '<script>alert("owned")</script>' in text or "<img src=x onerror=" in text, url
    assert "{{ config" in text, url
    # ...and nothing in it became an element, a link, or an evaluated template
    # (a JSON-LD block is data, not a script: it may hold the text, kept inert; see test_citing_site.py)
    assert not [s for s in soup.select("script") if s.get("type") != "application/ld+json"
                and "owned" in (s.string or "")], url
    assert not soup.select("img[onerror]"), url
    assert not [a for a in soup.select("a[href]") if a["href"].strip().lower().startswith("javascript:")], url
    assert not article.select("strong, em, b") or all("bold" not in e.get_text() and "粗体" not in e.get_text()
                                                      for e in article.select("strong, em, b")), url
    # the BibTeX citation writes the braces and percent signs as LaTeX escapes
    bibtex = r"\textbraceleft{}\% if true \%\textbraceright{}jinja\textbraceleft{}\% endif \%\textbraceright{}"
    assert "'site_name'" not in text and "jinja" not in text.replace("{% if true %}jinja{% endif %}", "").replace(bibtex, ""), url


def test_hostile_quote_is_verbatim_on_the_claim_page(hostile_site):
    from site_fixture import HOSTILE_QUOTE
    soup = hostile_site.soup(hostile_site.url("claim", "hostile-claim", "zh"))
    quotes = [q.get_text() for q in soup.select("blockquote.kb-quote")]
    assert HOSTILE_QUOTE in quotes


def test_hostile_names_do_not_break_the_page_title(hostile_site):
    for lang in LANGS:
        soup = hostile_site.soup(hostile_site.url("entity", "hostile-site-entity", lang))
        assert soup.title is not None and "<img" in soup.title.get_text()
        assert not soup.select("img[onerror]")


EXTERNAL = re.compile(r"^(?:[a-z][a-z0-9+.-]*:)?//", re.I)


def test_no_page_loads_anything_from_another_site(site):
    offenders, checked = [], 0
    for url in site.html_pages():
        tree = site.tree(url)  # lxml: a whole-site scan in a second, not twenty
        for tag, attr_name in (("script", "src"), ("link", "href"), ("img", "src"), ("iframe", "src"),
                               ("source", "src"), ("source", "srcset"), ("video", "src"), ("audio", "src"),
                               ("object", "data"), ("embed", "src")):
            for el in tree.iter(tag):
                value = el.get(attr_name)
                if value is None:
                    continue
                if tag == "link" and not set((el.get("rel") or "").split()) & {"stylesheet", "preload", "prefetch", "icon", "modulepreload", "preconnect", "dns-prefetch", "manifest"}:
                    continue
                if EXTERNAL.match(value.strip()):
                    offenders.append(f"{url}: <{tag} {attr_name}={value}>")
        checked += 1
    assert checked > 100
    assert offenders == []


# Material's bundle can fetch two scripts from unpkg: a ResizeObserver polyfill, only
# in browsers that lack ResizeObserver (none supported since 2020), and Mermaid, only
# when a page holds a mermaid diagram (none does: checked below). Both stay inert here.
MATERIAL_CONDITIONAL = {"https://unpkg.com/resize-observer-polyfill", "https://unpkg.com/mermaid@11/dist/mermaid.min.js"}


def test_stylesheets_and_scripts_fetch_nothing_remote(site):
    assert not [u for u in site.html_pages() if site.soup(u).select(".mermaid")]
    offenders = []
    for path in list(site.root.rglob("*.css")) + list(site.root.rglob("*.js")):
        text = path.read_text(encoding="utf-8", errors="replace")
        if path.suffix == ".css":
            offenders += [f"{path.name}: {m}" for m in re.findall(r"@import[^;]*//[^;]*|url\(\s*['\"]?(?:https?:)?//[^)]*\)", text)]
        else:
            for known in MATERIAL_CONDITIONAL:
                text = text.replace(known, "")
            offenders += [f"{path.name}: {m}" for m in re.findall(r"fonts\.googleapis|fonts\.gstatic|cdn\.jsdelivr|unpkg\.com", text)]
    assert offenders == []
