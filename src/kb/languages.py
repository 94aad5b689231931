"""The site's languages, each described once: its code, where its pages live, how it is tagged and formatted.

Everything that needs to know a site language reads :data:`LANGUAGES`: the schema (the languages every
bilingual text has, :data:`kb.schema.LANGS`), the addresses (the default language at the site root, the
others under their prefix), the tags pages and data carry (``<html lang>``, hreflang, schema.org's
``inLanguage``), and the locale numbers and dates are written in.

This module imports nothing of the engine, so that :mod:`kb.schema` can read it.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Language:
    code: str
    """What data and code call it: the key of a bilingual text (``en``, ``zh``) and the docs folder ``docs/<code>/``."""
    tag: str
    """Its BCP 47 tag, as ``<html lang>``, hreflang and schema.org's ``inLanguage`` give it (``zh-Hans``)."""
    locale: str
    """The Babel locale its numbers and dates are written in (``zh_Hans_CN``)."""
    cased: bool = False
    """Whether its script has capital letters (a sentence then starts with one)."""
    by_character: bool = False
    """Whether its words are not set apart by spaces, so that search indexes each Han character as a word."""
    default: bool = False
    """The language at the site's root; every other lives under ``/<code>/``."""

    @property
    def prefix(self) -> str:
        """What its pages' addresses start with, within the site: '' for the default language, else 'zh/'."""
        return "" if self.default else f"{self.code}/"


LANGUAGES: dict[str, Language] = {lang.code: lang for lang in (
    Language("en", tag="en", locale="en", cased=True, default=True),
    Language("zh", tag="zh-Hans", locale="zh_Hans_CN", by_character=True),  # the Chinese pages are written in Simplified Chinese
)}

DEFAULT = next(code for code, lang in LANGUAGES.items() if lang.default)
