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
