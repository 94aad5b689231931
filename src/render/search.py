"""The search page's box: Pagefind's search UI, set up by docs/assets/kb-search.js, in the page's own language.

Pagefind UI picks its own words by the page's ``<html lang>``, by language and region, not script: a
Traditional Chinese page (``zh-Hant``) would get its Simplified words.  So the box carries the site's own words
for every string the UI shows (the ``search.`` keys of :mod:`kb.vocabulary`, named as Pagefind names them),
which the script passes as the UI's ``translations``.
"""
from __future__ import annotations

from kb.languages import LANGUAGES
from kb.vocabulary import VOCABULARY

from .labels import t
from .templating import render

_PREFIX = "search."
STRINGS: tuple[str, ...] = tuple(k[len(_PREFIX):] for k in VOCABULARY if k.startswith(_PREFIX))
"""The names of Pagefind UI's strings that the box gives in the page's language."""


def box(c) -> str:
    """The search box of the page in context ``c``, with Pagefind's stylesheet and scripts."""
    return render("search-box.html.j2", root=c.href_site(""), by_character=LANGUAGES[c.lang].by_character,
                  words={name: t(_PREFIX + name, c.lang) for name in STRINGS}, label=t("search.search_label", c.lang))
