"""The page for an address that does not exist: one per language, /404.html, /zh/404.html, /zh-hant/404.html.

Each says so in its language, links to its language's home page and search, and
offers each other language's in a line of its own.  Its links are absolute paths
from the site's base (the path of ``site_url``, as MkDocs gives the error page's
own links), because the server sends the page for any missing address, at any
depth.

GitHub Pages sends only /404.html, whatever the address; so the English page
also carries the Chinese page's text in a ``<template>``, and a few lines of
inline script show it instead (with the page's language and title) when the
missing address is under /zh/.  Without script the Chinese line stays visible.
The macros/hooks.py hooks render it with overrides/404.html and write the
Chinese build's copy to /zh/404.html.
"""
from __future__ import annotations

import json

from kb.languages import LANGUAGES

from . import urls
from .labels import t
from .text import attr, escape

TEMPLATE = "404.html"


def dest(lang: str) -> str:
    """Where the page for ``lang`` is written, relative to the site's folder."""
    return urls.lang_prefix(lang) + TEMPLATE


def title(lang: str, site_name: str) -> str:
    return f"{t('404.title', lang)} - {site_name}"


def _links(lang: str, base: str, home: str, search: str, sep: str) -> str:
    root = base + urls.lang_prefix(lang)
    return (f'<a href="{attr(root)}" hreflang="{urls.lang_tag(lang)}" data-kb-404-home>{escape(home)}</a>{sep}'
            f'<a href="{attr(root + "search/")}" hreflang="{urls.lang_tag(lang)}" data-kb-404-search>{escape(search)}</a>')


def body(lang: str, base: str) -> str:
    """The page's text in ``lang``, with a line leading to each other language's home and search."""
    root = base + urls.lang_prefix(lang)
    others = "".join(
        f'<p class="kb-404-other" lang="{urls.lang_tag(o)}">{escape(t("404.title", o))}{escape(t("colon", o))}'
        + _links(o, base, *(t(key, o).replace("{language}", LANGUAGES[o].name)
                              for key in ("404.other_home", "404.other_search")), " · ") + "</p>"
        for o in LANGUAGES if o != lang)
    return (f'<div class="kb-404" data-kb-404="{lang}">'
            f'<h1>{escape(t("404.title", lang))}</h1>'
            f'<p>{escape(t("404.text", lang))}</p>'
            f'<ul class="kb-404-links">'
            f'<li><a href="{attr(root)}" data-kb-404-home>{escape(t("404.home", lang))}</a></li>'
            f'<li><a href="{attr(root + "search/")}" data-kb-404-search>{escape(t("404.search", lang))}</a></li>'
            f'</ul>{others}</div>')


def _script_json(obj) -> str:
    return json.dumps(obj, ensure_ascii=False).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


# Under base + "<lang>/", put that language's text, language and title in place of the English ones.
_SWITCH = """<script>(function () {
  var base = %s, pages = %s, tags = %s, path = location.pathname;
  Object.keys(pages).forEach(function (lang) {
    var tpl = document.getElementById("kb-404-" + lang), here = document.querySelector("[data-kb-404]");
    if (path.indexOf(base + lang + "/") !== 0 || !tpl || !here) return;
    here.parentNode.replaceChild(tpl.content.cloneNode(true), here);
    document.documentElement.lang = tags[lang];
    document.title = pages[lang];
  });
})();</script>"""


def content(lang: str, base: str, site_names: dict[str, str]) -> str:
    """What the page's content block holds: its text, and on the default language's page (the one a host
    such as GitHub Pages sends for every missing address) each other language's text and the script that
    shows it under that language's folder."""
    out = body(lang, base)
    if lang != urls.DEFAULT_LANG:
        return out
    others = [o for o in LANGUAGES if o != lang]
    for o in others:
        out += f'<template id="kb-404-{o}">{body(o, base)}</template>'
    pages = {o: title(o, site_names.get(o, site_names[lang])) for o in others}
    tags = {o: urls.lang_tag(o) for o in others}
    return out + _SWITCH % (_script_json(base), _script_json(pages), _script_json(tags))


def base_path(site_url: str | None) -> str:
    """The path the site is served under: '/' for https://example.org/, '/kb/' for https://example.org/kb/."""
    from urllib.parse import urlsplit

    path = urlsplit(site_url or "/").path or "/"
    return path if path.endswith("/") else path + "/"
