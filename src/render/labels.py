"""The renderers' reader of the vocabulary: every fixed word a page shows comes through :func:`t`.

The words themselves, in each written language, are in :mod:`kb.vocabulary`, where what is published as data
(:mod:`publish.formats`) reads them too; :func:`unlabelled` (used by the build to stop on a value of the schema
with no label) is the vocabulary's.
"""
from __future__ import annotations

from functools import lru_cache

from markupsafe import Markup  # declared in pyproject.toml

from kb.vocabulary import VOCABULARY as LABELS, labelled_values, unlabelled, untranslated, word  # noqa: F401

from .escaping import escape


def t(key: str, lang: str) -> str:
    """The label ``key`` in ``lang`` (converted from its source language for a converted one); a missing key or
    language is a build error."""
    return word(key, lang)


class Words:
    """The labels of one language by key, as a template reads them (``t["f.figure"]``): each :func:`t`'s, escaped
    (render.escaping) and so markup.  Each is looked up and escaped once per process (the vocabulary is code, fixed
    while it runs): a page shows some thirty, and a lookup from a template costs a third of a call.  An unknown key
    is a build error that names it.  :func:`words` gives the one for a language."""
    __slots__ = ("lang", "_seen")

    def __init__(self, lang: str):
        self.lang = lang
        self._seen: dict[str, Markup] = {}

    def __getitem__(self, key: str) -> Markup:
        try:
            return self._seen[key]
        except KeyError:
            pass
        try:
            shown = self._seen[key] = Markup(escape(word(key, self.lang)))
        except KeyError as exc:  # not a LookupError, which a template would take for a missing value
            raise MissingLabel(*exc.args) from None
        return shown


class MissingLabel(Exception):
    """A template asked for a label the vocabulary does not have."""


@lru_cache(maxsize=None)
def words(lang: str) -> Words:
    """The labels of ``lang`` as templates read them."""
    return Words(lang)
