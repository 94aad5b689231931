"""Stable addresses built from ids: /claims/<id>/ in English, /zh/claims/<id>/ in Chinese.

Ids never change, so neither do these addresses.  The default language (English)
lives at the site root; every other language under its own prefix.
"""
from __future__ import annotations

import posixpath

DEFAULT_LANG = "en"

# kind of record -> folder of its pages (and the KnowledgeBase attribute holding it)
KINDS = {
    "claim": "claims",
    "source": "sources",
    "entity": "entities",
    "tier": "tiers",
    "conflict": "conflicts",
}


def lang_prefix(lang: str) -> str:
    return "" if lang == DEFAULT_LANG else f"{lang}/"


def page_url(kind: str, ident: str | None, lang: str) -> str:
    """Site-relative url of a record's page (or of the kind's index page)."""
    folder = KINDS[kind]
    tail = f"{folder}/{ident}/" if ident else f"{folder}/"
    return lang_prefix(lang) + tail


def src_uri(kind: str, ident: str, lang: str) -> str:
    """The virtual source path of a generated page, inside the language's docs folder."""
    return f"{lang}/{KINDS[kind]}/{ident}.md"


def dest_uri(kind: str, ident: str, lang: str) -> str:
    return f"{page_url(kind, ident, lang)}index.html"


def relative(from_url: str, to_url: str) -> str:
    """Relative link between two directory-style urls ('' is the site root)."""
    base = posixpath.join("/", from_url)
    if not base.endswith("/"):
        base = posixpath.dirname(base) + "/"
    target = posixpath.join("/", to_url)
    rel = posixpath.relpath(target, base)
    if to_url.endswith("/") or to_url == "":
        rel = rel.rstrip("/") + "/"
    if rel == "./":
        return "./"
    return rel
