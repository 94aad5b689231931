"""What a printed page carries that the screen shows in the chrome printing leaves out.

Material hides the header, navigation and footer when a page is printed, and
with the footer the data version and licence.  Every page therefore ends with a
line shown only in print (``.kb-print``, docs/assets/kb.css): the page's full
address (from ``site_url``, see :func:`render.urls.absolute`), the data version
it was built from, and the licence, with the quotes' exception.  It is kept out
of the search index.
"""
from __future__ import annotations
from markupsafe import Markup  # declared in pyproject.toml

from . import citing, urls
from .labels import t, words
from .templating import render


def line(lang: str, page_url: str) -> str:
    """The print-only line for the page at ``page_url`` (site-relative: 'claims/x/', 'zh/')."""
    # plain text, as the hooks add it to a page's HTML
    return str(render("print.html.j2", t=words(lang), address=urls.absolute(citing.SETTINGS.site_url, page_url),
                      version=Markup(citing.version_html(lang)), licence=t("print.licence", lang).split("{licence}")))
