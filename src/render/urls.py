"""Stable addresses built from ids: /claims/<id>/ in English, /zh/claims/<id>/ and /zh-hant/claims/<id>/ in Chinese.

Ids never change, so neither do these addresses.  The default language (English)
lives at the site root; every other language under its own prefix.  The mapping
itself is :mod:`kb.paths`'s, which the downloads read too; this module adds what
only the site needs (the generated pages' source paths, links between pages).
"""
from __future__ import annotations

from kb import kinds
from kb.languages import DEFAULT, LANGUAGES
from kb.paths import lang_prefix, page_path, same_page

DEFAULT_LANG = DEFAULT  # the language at the site's root

# Each language's BCP 47 tag, as <html lang>, hreflang and schema.org's inLanguage give it (kb.languages)
LANG_TAGS = {code: lang.tag for code, lang in LANGUAGES.items()}

# kind of record -> folder of its pages, for the kinds whose records have pages (kb.kinds)
KINDS = {k.name: k.pages for k in kinds.with_pages()}

__all__ = ["lang_prefix", "page_url", "same_page"]  # kb.paths's, as the renderers call them


def lang_tag(lang: str) -> str:
    """The BCP 47 tag of a site language ('zh' -> 'zh-Hans')."""
    return LANG_TAGS.get(lang, lang)


page_url = page_path  # site-relative url of a record's page (or of the kind's index page): kb.paths


def src_path(kind: str, ident: str) -> str:
    """The virtual source path of a generated page within any language's docs folder ('claims/x.md'): its address
    in the language at the site's root, as a Markdown file."""
    return f"{page_path(kind, ident, DEFAULT).rstrip('/')}.md"


def src_uri(kind: str, ident: str, lang: str) -> str:
    """The virtual source path of a generated page, inside the language's docs folder ('zh/claims/x.md')."""
    return f"{lang}/{src_path(kind, ident)}"


def dest_uri(kind: str, ident: str, lang: str) -> str:
    return f"{page_url(kind, ident, lang)}index.html"


def absolute(site_url: str | None, url: str) -> str:
    """The full address of a site-relative url ('claims/x/') on the site at ``site_url``; a path from the
    site's root ('/claims/x/') when the site's address is not configured."""
    if not site_url:
        return "/" + url
    return site_url.rstrip("/") + "/" + url


def relative(from_url: str, to_url: str) -> str:
    """Relative link between two directory-style urls ('' is the site root).

    Gives what ``posixpath.relpath`` gives for these clean urls, about ten times
    faster: every figure, badge and name on every generated page calls it.
    """
    base = from_url.split("/")[:-1]  # the page's folders: 'claims/x/' -> ['claims', 'x']; '404.html' -> []
    target = [p for p in to_url.split("/") if p]
    n = 0
    while n < len(base) and n < len(target) and base[n] == target[n]:
        n += 1
    rel = "/".join([".."] * (len(base) - n) + target[n:]) or "."
    if to_url.endswith("/") or to_url == "":
        rel = rel.rstrip("/") + "/"
    return rel
