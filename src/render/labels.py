"""The renderers' reader of the vocabulary: every fixed word a page shows comes through :func:`t`.

The words themselves, in each written language, are in :mod:`kb.vocabulary`, where what is published as data
(:mod:`publish.formats`) reads them too; :func:`unlabelled` (used by the build to stop on a value of the schema
with no label) is the vocabulary's.
"""
from __future__ import annotations

from kb.vocabulary import VOCABULARY as LABELS, labelled_values, unlabelled, untranslated, word  # noqa: F401


def t(key: str, lang: str) -> str:
    """The label ``key`` in ``lang`` (converted from its source language for a converted one); a missing key or
    language is a build error."""
    return word(key, lang)


class Words:
    """The labels of one language by key, ``words["f.figure"]``: how a template reads them (a lookup costs it a
    third of a call to :func:`t`).  Each is :func:`t`'s; an unknown key is a build error that names it."""
    __slots__ = ("lang",)

    def __init__(self, lang: str):
        self.lang = lang

    def __getitem__(self, key: str) -> str:
        try:
            return word(key, self.lang)
        except KeyError as exc:  # not a LookupError, which a template would take for a missing value
            raise MissingLabel(*exc.args) from None


class MissingLabel(Exception):
    """A template asked for a label the vocabulary does not have."""
