"""The site's languages, each described once: its code, where its pages live, how it is tagged and formatted.

Everything that needs to know a site language reads :data:`LANGUAGES`: the schema (the languages every
bilingual text is written in, :data:`WRITTEN`), the addresses (the default language at the site root, the
others under their prefix), the tags pages and data carry (``<html lang>``, hreflang, schema.org's
``inLanguage``), the locale numbers and dates are written in, the citation style, the search index, the
theme's own words and the language menu.

A language is either *written*: contributors write its text in data/ and docs/<code>/, or *converted*:
its every text is made, at build time, from a written language's by a script conversion, so that it never
drifts from what it is converted from: OpenCC converts the characters, and the language's own tables in data/
choose the words (:mod:`kb.phrases`: a reviewed phrase table, and an override file contributors edit).  The
fixed words of the interface (:mod:`kb.vocabulary`) may instead have a reviewed text of their own in the
language.  Quotes, titles and aliases are verbatim and are never converted: nothing reads them through
:func:`text`.

This module imports nothing of the engine but :mod:`kb.phrases` (which imports only :mod:`kb.problems`), so that
:mod:`kb.schema` can read it.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from . import phrases
from .problems import DataError, display_root


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
    """For a converted language, the OpenCC configuration that converts its characters (``s2tw``: Simplified to
    Traditional, Taiwan's standard character forms, without OpenCC's phrase table of software terms)."""
    words: str | None = None
    """For a converted language, the folder under data/ that holds its own word choices (``languages/zh-hant``:
    its phrase table, override file and avoided words; :mod:`kb.phrases`); None converts by OpenCC alone."""
    vocabulary: bool = False
    """Whether the interface's fixed words (:mod:`kb.vocabulary`) have a reviewed text of their own in this
    language, every one of them, rather than being converted from its source's at build time."""

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
    # Traditional Chinese as Taiwan writes it, converted from the Simplified text at every build: OpenCC for the
    # characters, data/languages/zh-hant/ for the words; its interface words are its own (kb.vocabulary), and so
    # are the theme's (Material's Taiwan translation)
    Language("zh-hant", tag="zh-Hant", locale="zh_Hant_TW", name="繁體中文", theme="zh-TW", citation="gbt7714",
             by_character=True, converted_from="zh", conversion="s2tw", words="languages/zh-hant", vocabulary=True),
)}

DEFAULT = next(code for code, lang in LANGUAGES.items() if lang.default)

WRITTEN: tuple[str, ...] = tuple(code for code, lang in LANGUAGES.items() if lang.converted_from is None)
"""The languages contributors write: every bilingual text in data/ has one text for each."""

CONVERTED: tuple[str, ...] = tuple(code for code, lang in LANGUAGES.items() if lang.converted_from is not None)


_DATA: list[Path] = []  # the data folder the converted languages' tables are read from (configure)
_CONVERTERS: dict[str, tuple[tuple, phrases.Converter]] = {}  # language -> (its tables' state, its converter)


def default_data_dir() -> Path:
    """data/ of the repository this module is in, or KB_DATA_DIR when set (as the build reads it)."""
    forced = os.environ.get("KB_DATA_DIR")
    return Path(forced).resolve() if forced else Path(__file__).resolve().parents[2] / "data"


def configure(data_dir) -> None:
    """Read the converted languages' tables from ``data_dir`` from now on (the build's data folder); a table
    edited since it was last read is read again.  A problem in one raises :class:`kb.problems.DataError`."""
    _DATA[:] = [Path(data_dir).resolve()]
    for code in CONVERTED:
        _converter(code)


def data_dir() -> Path:
    return _DATA[0] if _DATA else default_data_dir()


def _state(folder: Path) -> tuple:
    out = []
    for name in phrases.FILES:
        try:
            st = (folder / name).stat()
            out.append((name, st.st_size, st.st_mtime_ns))
        except OSError:
            out.append((name, None, None))
    return tuple(out)


def tables(lang: str, data: Path | None = None) -> phrases.Tables:
    """The word tables of the converted language ``lang`` as data/ holds them (none for a language without)."""
    folder = LANGUAGES[lang].words
    if folder is None:
        return phrases.Tables({}, [], [])
    return phrases.read_tables(data or data_dir(), folder)


def _converter(lang: str) -> phrases.Converter:
    record = LANGUAGES[lang]
    data = data_dir()
    state = (str(data), _state(data / record.words) if record.words else ())
    held = _CONVERTERS.get(lang)
    if held is not None and held[0] == state:
        return held[1]
    read = tables(lang, data)
    if read.problems:
        raise DataError(read.problems, root=display_root(data))
    made = phrases.Converter(record.conversion, read.mapping)
    _CONVERTERS[lang] = (state, made)
    return made


def convert(text: str, lang: str) -> str:
    """``text``, written in ``lang``'s source language, as ``lang`` writes it: itself for a written language."""
    conversion = LANGUAGES[lang].conversion
    if conversion is None or not text:
        return text
    held = _CONVERTERS.get(lang)
    return (held[1] if held is not None else _converter(lang)).convert(text)


def segments(text: str, lang: str) -> list[tuple[str, str, bool]]:
    """``text`` as :func:`convert` converts it into ``lang``, piece by piece: (source piece, converted piece, whether
    a phrase of the language's tables converted it); one piece, itself, for a written language."""
    if LANGUAGES[lang].conversion is None or not text:
        return [(text, text, False)] if text else []
    held = _CONVERTERS.get(lang)
    return (held[1] if held is not None else _converter(lang)).segments(text)


def verbatim_tag(text: str, default: str | None = None) -> str | None:
    """The language tag of a text shown as written, never converted (an alias, a locator, a title): the Chinese
    script its characters tell (``zh-Hans`` or ``zh-Hant``: :func:`kb.phrases.script`), else ``default`` (the
    language of the source it comes from, where it has one), else, for Chinese text whose characters both scripts
    write, the written Chinese's (contributors write data/ in Simplified Chinese); None for a text with no
    Chinese and no default."""
    found = phrases.script(text)
    if found is not None:
        return found
    if default:
        return default
    if phrases.han(text):
        return next(lang.tag for lang in LANGUAGES.values() if lang.converted_from is None and lang.by_character)
    return None


def text(texts: Mapping[str, str] | Any, lang: str) -> str:
    """The text of ``texts`` (a mapping or a record with one field per written language) in ``lang``."""
    source = LANGUAGES[lang].source
    value = texts[source] if isinstance(texts, Mapping) else getattr(texts, source)
    return convert(value, lang) if isinstance(value, str) else value
