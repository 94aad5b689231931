"""The site's languages, each described once: its code, where its pages live, how it is tagged and formatted.

Everything that needs to know a site language reads :data:`LANGUAGES`: the schema (the languages every
bilingual text is written in, :data:`WRITTEN`), the addresses (the default language at the site root, the
others under their prefix), the tags pages and data carry (``<html lang>``, hreflang, schema.org's
``inLanguage``), the locale numbers and dates are written in, the citation style, the search index, the
theme's own words and the language menu.

A language is either *written*: contributors write its text in data/ and docs/<code>/, or *converted*:
its every text is made, at build time, from a written language's by a script conversion (OpenCC), so that it
never drifts from what it is converted from.  Quotes, titles and aliases are verbatim and are never converted:
nothing reads them through :func:`text`.

This module imports nothing of the engine, so that :mod:`kb.schema` can read it.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping

import opencc


@dataclass(frozen=True)
class Language:
    code: str
    """What code calls it and where its pages live: ``/<code>/`` and ``docs/<code>/`` (``zh-hant``); for a written
    language, also the key of its text in data/ (``en``, ``zh``)."""
    tag: str
    """Its BCP 47 tag, as ``<html lang>``, hreflang and schema.org's ``inLanguage`` give it (``zh-Hans``)."""
    locale: str
    """The Babel locale its numbers and dates are written in (``zh_Hans_CN``)."""
    name: str
    """Its own name for itself, as the language menu offers it."""
    theme: str
    """The language of the theme's own words (Material for MkDocs' ``theme.language``)."""
    citation: str
    """How a citation of one of its pages is written: ``"en"`` (a plain English reference) or ``"gbt7714"``
    (GB/T 7714-2015, with Chinese punctuation); :mod:`publish.formats` has both."""
    cased: bool = False
    """Whether its script has capital letters (a sentence then starts with one)."""
    by_character: bool = False
    """Whether its words are not set apart by spaces, so that search indexes each Han character as a word."""
    default: bool = False
    """The language at the site's root; every other lives under ``/<code>/``."""
    converted_from: str | None = None
    """For a converted language, the written language its text is made from; None for a written one."""
    conversion: str | None = None
    """For a converted language, the OpenCC configuration that makes its text (``s2twp``: Simplified to
    Traditional with Taiwan usage)."""

    @property
    def prefix(self) -> str:
        """What its pages' addresses start with, within the site: '' for the default language, else 'zh/'."""
        return "" if self.default else f"{self.code}/"

    @property
    def source(self) -> str:
        """The written language its text comes from: itself, or the one it is converted from."""
        return self.converted_from or self.code


LANGUAGES: dict[str, Language] = {lang.code: lang for lang in (
    Language("en", tag="en", locale="en", name="English", theme="en", citation="en", cased=True, default=True),
    # the Chinese pages are written in Simplified Chinese
    Language("zh", tag="zh-Hans", locale="zh_Hans_CN", name="简体中文", theme="zh", citation="gbt7714",
             by_character=True),
    # Traditional Chinese with Taiwan usage, converted from the Simplified text at every build
    Language("zh-hant", tag="zh-Hant", locale="zh_Hant_TW", name="繁體中文", theme="zh-Hant", citation="gbt7714",
             by_character=True, converted_from="zh", conversion="s2twp"),
)}

DEFAULT = next(code for code, lang in LANGUAGES.items() if lang.default)

WRITTEN: tuple[str, ...] = tuple(code for code, lang in LANGUAGES.items() if lang.converted_from is None)
"""The languages contributors write: every bilingual text in data/ has one text for each."""

CONVERTED: tuple[str, ...] = tuple(code for code, lang in LANGUAGES.items() if lang.converted_from is not None)


@lru_cache(maxsize=None)
def _converter(config: str) -> opencc.OpenCC:
    return opencc.OpenCC(config)


@lru_cache(maxsize=65536)
def convert(text: str, lang: str) -> str:
    """``text``, written in ``lang``'s source language, as ``lang`` writes it: itself for a written language."""
    conversion = LANGUAGES[lang].conversion
    if conversion is None or not text:
        return text
    return _converter(conversion).convert(text)


def text(texts: Mapping[str, str] | Any, lang: str) -> str:
    """The text of ``texts`` (a mapping or a record with one field per written language) in ``lang``."""
    source = LANGUAGES[lang].source
    value = texts[source] if isinstance(texts, Mapping) else getattr(texts, source)
    return convert(value, lang) if isinstance(value, str) else value
