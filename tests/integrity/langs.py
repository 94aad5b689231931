"""The site's languages as the tests know them, written down here rather than read from the engine.

English is at the site's root; Simplified Chinese (written in data/ and docs/zh/) under ``zh/``; Traditional
Chinese under ``zh-hant/``, converted from the Simplified text with OpenCC's ``s2twp`` (Taiwan usage).  The
suite derives what a Traditional page must show from the Simplified data itself, with OpenCC, so a page the
build forgot to convert, or converted from other text, is caught.
"""
from __future__ import annotations

from functools import lru_cache

import opencc

LANGS = ("en", "zh", "zh-hant")
PREFIX = {"en": "", "zh": "zh/", "zh-hant": "zh-hant/"}
TAGS = {"en": "en", "zh": "zh-Hans", "zh-hant": "zh-Hant"}  # <html lang>, hreflang
WRITTEN = {"en": "en", "zh": "zh", "zh-hant": "zh"}  # the language of the data text and docs/ folder each is made from
CONVERSION = {"zh-hant": "s2twp"}
OTHERS = tuple(lang for lang in LANGS if PREFIX[lang])  # the languages under a prefix


def lang_of(url: str) -> str:
    """The language of a site-relative url ('zh-hant/claims/x/' → 'zh-hant')."""
    for lang in sorted(OTHERS, key=lambda x: -len(PREFIX[x])):
        if url == PREFIX[lang] or url.startswith(PREFIX[lang]):
            return lang
    return "en"


def bare(url: str) -> str:
    """A url without its language prefix: the English page's url."""
    return url[len(PREFIX[lang_of(url)]):]


@lru_cache(maxsize=None)
def _converter(config: str) -> opencc.OpenCC:
    return opencc.OpenCC(config)


def text(texts: dict | None, lang: str) -> str | None:
    """A data text ({en: …, zh: …}) as a page in ``lang`` must show it."""
    if not texts:
        return None
    value = texts.get(WRITTEN[lang])
    return convert(value, lang) if isinstance(value, str) else value


def convert(value: str, lang: str) -> str:
    return _converter(CONVERSION[lang]).convert(value) if lang in CONVERSION else value
