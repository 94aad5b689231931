"""What a printed page carries that the screen shows in the chrome printing leaves out.

Material hides the header, navigation and footer when a page is printed, and
with the footer the data version and licence.  Every page therefore ends with a
line shown only in print (``.kb-print``, docs/assets/kb.css): the page's full
address (from ``site_url``, see :func:`render.urls.absolute`), the data version
it was built from, and the licence, with the quotes' exception.  It is kept out
of the search index.
"""
from __future__ import annotations
from . import citing, urls
from .labels import t
from .text import escape


def line(lang: str, page_url: str) -> str:
    """The print-only line for the page at ``page_url`` (site-relative: 'claims/x/', 'zh/')."""
    address = urls.absolute(citing.SETTINGS.site_url, page_url)
    colon = t("colon", lang)
    sep = escape(t("footer.sep", lang))
    licence = '<span data-name>CC BY 4.0</span>'.join(escape(part) for part in t("print.licence", lang).split("{licence}"))
    return (f'<aside class="kb-print" data-pagefind-ignore="all">'
            f'<p><span class="kb-print-address">{escape(t("print.address", lang))}{escape(colon)}'
            f'<code>{escape(address)}</code></span>{sep}'
            f'<span class="kb-print-version">{escape(t("footer.version", lang))}{escape(colon)}'
            f'<span class="kb-version">{citing.version_html(lang)}</span></span>{sep}'
            f'<span class="kb-print-licence">{licence}</span></p></aside>')
