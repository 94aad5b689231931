"""The link that skips the header and the navigation: the first thing a keyboard reaches on every page.

Material writes its skip link only on pages with a table of contents, and points it at the first heading of
that table, which on a claim's page is its second section (the statement and the figure are raw HTML, not a
heading): a reader who skips lands past the figure.  Every page's content is wrapped in ``#kb-content``
(overrides/main.html, overrides/404.html), and the hooks replace Material's skip link with one to it, worded in
the page's language (``skip`` in :mod:`kb.vocabulary`).
"""
from __future__ import annotations

import re

from markupsafe import escape

from .labels import t

TARGET = "kb-content"
_SKIP = re.compile(r'<div data-md-component="skip">.*?</div>', re.S)


def link(html: str, lang: str) -> str:
    """``html`` (a whole page) with its skip link leading to the start of its content; unchanged where the page has
    no content block to skip to."""
    if f'id="{TARGET}"' not in html:
        return html
    own = f'<div data-md-component="skip"><a href="#{TARGET}" class="md-skip">{escape(t("skip", lang))}</a></div>'
    return _SKIP.sub(lambda _: own, html, count=1)
