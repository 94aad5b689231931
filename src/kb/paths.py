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
