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

from markupsafe import Markup  # declared in pyproject.toml

from kb.languages import LANGUAGES

from . import urls
from .labels import t, words
from .templating import render

TEMPLATE = "404.html"


def dest(lang: str) -> str:
    """Where the page for ``lang`` is written, relative to the site's folder."""
    return urls.lang_prefix(lang) + TEMPLATE


def title(lang: str, site_name: str) -> str:
    return f"{t('404.title', lang)} - {site_name}"


def _language(lang: str, base: str) -> dict:
    """What the page says in ``lang``, and where that language's home page and search are."""
    return {"code": lang, "tag": urls.lang_tag(lang), "root": base + urls.lang_prefix(lang), "t": words(lang),
            "home": t("404.other_home", lang).replace("{language}", LANGUAGES[lang].name),
            "search": t("404.other_search", lang).replace("{language}", LANGUAGES[lang].name)}


def _script_json(obj) -> Markup:
    return Markup(json.dumps(obj, ensure_ascii=False).replace("<", "\\u003c").replace(">", "\\u003e")
                  .replace("&", "\\u0026"))


def content(lang: str, base: str, site_names: dict[str, str]) -> str:
    """What the page's content block holds: its text, and on the default language's page (the one a host
    such as GitHub Pages sends for every missing address) each other language's text and the script that
    shows it under that language's folder."""
    languages = [_language(o, base) for o in LANGUAGES]
    others = [o for o in LANGUAGES if o != lang]
    switch = lang == urls.DEFAULT_LANG
    return str(render(  # plain text, for the 404 template's context
        "notfound.html.j2", main=next(x for x in languages if x["code"] == lang), languages=languages, switch=switch,
        base=_script_json(base) if switch else "",
        pages=_script_json({o: title(o, site_names.get(o, site_names[lang])) for o in others}) if switch else "",
        tags=_script_json({o: urls.lang_tag(o) for o in others}) if switch else ""))


def base_path(site_url: str | None) -> str:
    """The path the site is served under: '/' for https://example.org/, '/kb/' for https://example.org/kb/."""
    from urllib.parse import urlsplit

    path = urlsplit(site_url or "/").path or "/"
    return path if path.endswith("/") else path + "/"
