"""Where each page lives on the site, in each language: the one mapping from an id (or a written page) to an address.

Ids never change, so neither do these addresses.  The default language lives at the site's root, every other
under its own prefix (``/claims/<id>/``, ``/zh/claims/<id>/``, ``/zh-hant/claims/<id>/``).  Everything that writes
a page's address builds on :func:`page_path` or :func:`written_path`: the generated pages and their links
(:mod:`render.urls`), the downloads' ``url`` fields (:mod:`publish.exports`), the published-address list
(:mod:`render.addresses`) and ``kb diff``.  The folders come from :mod:`kb.kinds`, the prefixes from
:mod:`kb.languages`.

Addresses here are site-relative and have no leading slash: ``claims/x/``; the site's root is ``''``.
"""
from __future__ import annotations

from kb import kinds
from kb.languages import LANGUAGES


def lang_prefix(lang: str) -> str:
    """What a language's addresses start with: '' for the default language, else 'zh/' (a code the registry does
    not know, as a plugin's configuration may give one, gets its own folder too)."""
    return LANGUAGES[lang].prefix if lang in LANGUAGES else f"{lang}/"


def same_page(url: str, lang: str, other: str) -> str:
    """The address in ``other`` of the page at ``url`` in ``lang``: every language has the same pages, under its own
    prefix ('zh-hant/claims/x/' in zh-hant -> 'zh/claims/x/' in zh)."""
    prefix = lang_prefix(lang)
    return lang_prefix(other) + (url[len(prefix):] if url.startswith(prefix) else url)


def page_path(kind: str, ident: str | None, lang: str) -> str:
    """The site-relative address of a record's page in ``lang`` ('zh/claims/x/'), or with no ``ident`` of the
    page that lists the kind's records ('zh/claims/')."""
    k = kinds.KINDS[kind]
    if ident:
        if not k.pages:
            raise KeyError(f"{kind} records have no page of their own")
        return f"{lang_prefix(lang)}{k.pages}/{ident}/"
    if not k.index:
        raise KeyError(f"{kind} records have no index page")
    return lang_prefix(lang) + k.index


def written_path(rel: str, lang: str) -> str:
    """The site-relative address, in ``lang``, of a written page given by its path inside a docs language folder:
    'benchmarks.md' -> 'benchmarks/', 'index.md' -> '', 'claims/index.md' -> 'claims/'."""
    stem = rel[:-3] if rel.endswith(".md") else rel
    stem = "" if stem == "index" else stem[: -len("/index")] if stem.endswith("/index") else stem
    return lang_prefix(lang) + (stem + "/" if stem else "")


# --- the names the site gives its own pages and folders -------------------------------------------------------

INDEX = "index"
"""A folder's own page: docs/<lang>/claims/index.md is /claims/, the list of claims."""
LIST_PARTS = "page"
"""The later parts of a list too long for one page: /claims/page/2/ (render.listing)."""
NOT_FOUND = "404"
"""The page for a missing address: /404.html, /zh/404.html (render.notfound)."""
DOWNLOADS = "data"
"""The downloads and the data page: /data/claims.json, /data/ (render.downloads, publish.exports)."""
SEARCH_INDEX = "pagefind"
"""The search index (sitebuild.search)."""
ASSETS = "assets"
"""The site's styles, scripts and fonts (docs/assets/)."""
SEARCH = "search"
"""The search page (docs/<lang>/search.md)."""
SITEMAP = "sitemap"
"""sitemap.xml and sitemap.xml.gz."""
FEED = "corrections"
"""The corrections feed of each language: /corrections.xml, /corrections-zh.xml (render.history)."""


def feed_path(lang: str) -> str:
    """The site-relative address of a language's corrections feed (Atom): 'corrections.xml', 'corrections-zh.xml'.

    Every feed lives at the site's root, where a feed reader looks first; a page names its feed in a
    <link rel="alternate"> (which the site's script hides from the theme, lest it fetch the sitemap beside it)."""
    return f"{FEED}.xml" if not lang_prefix(lang) else f"{FEED}-{lang}.xml"


def reserved() -> dict[str, str]:
    """Every name the site builds a page or folder under itself, in a language's root or in a folder of record pages,
    with what it builds there: no record may take one as its id, or its page would replace the site's own
    (a claim with the id 'index' would be the page that lists every claim).  ``kb check`` refuses them (rule
    reserved-id), the build stops on any generated page that would take the place of another page
    (macros/hooks.py), and the editor schemas list them."""
    names = {
        INDEX: "the page of each folder (/claims/ is claims/index)",
        LIST_PARTS: "the later parts of a long list (/claims/page/2/)",
        NOT_FOUND: "the page for a missing address (/404.html)",
        DOWNLOADS: "the downloads and the data page (/data/)",
        SEARCH_INDEX: "the search index (/pagefind/)",
        ASSETS: "the site's styles, scripts and fonts (/assets/)",
        SEARCH: "the search page (/search/)",
        SITEMAP: "the site map (/sitemap.xml)",
        FEED: "the corrections feed (/corrections.xml)",
    }
    for code, lang in LANGUAGES.items():
        names.setdefault(code, f"the language code of the pages in {lang.name}")
        feed = feed_path(code).removesuffix(".xml")
        names.setdefault(feed, f"the corrections feed in {lang.name} (/{feed}.xml)")
        names.setdefault(lang.tag.lower(), f"the language tag of the pages in {lang.name}")
    for k in kinds.KINDS.values():
        site = {k.pages, k.index.rstrip("/") if k.index else None} - {None}
        for folder in sorted(site):
            names.setdefault(folder, f"the site's folder of {k.nouns} (/{folder}/)")
        names.setdefault(k.data, f"the data folder of {k.nouns}")
    return names


def reserved_id(ident: str) -> str | None:
    """What the site builds under ``ident`` itself, if anything (see :func:`reserved`)."""
    return _RESERVED.get(ident)


_RESERVED = reserved()
