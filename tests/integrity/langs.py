"""The site's languages as the tests know them, written down here rather than read from the engine.

English is at the site's root; Simplified Chinese (written in data/ and docs/zh/) under ``zh/``; Traditional
Chinese under ``zh-hant/``, converted from the Simplified text: at each place the longest phrase of the edition's
tables in data/languages/zh-hant/ (phrases.txt, then overrides.txt, which wins) that starts there, and OpenCC's
``s2tw`` for the characters between phrases.  The suite derives what a Traditional page must show from the
Simplified data itself, reading those tables here, so a page the build forgot to convert, or converted from
other text or with other words, is caught.
"""
from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path

import opencc

LANGS = ("en", "zh", "zh-hant")
PREFIX = {"en": "", "zh": "zh/", "zh-hant": "zh-hant/"}
TAGS = {"en": "en", "zh": "zh-Hans", "zh-hant": "zh-Hant"}  # <html lang>, hreflang
WRITTEN = {"en": "en", "zh": "zh", "zh-hant": "zh"}  # the language of the data text and docs/ folder each is made from
CONVERSION = {"zh-hant": "s2tw"}
WORDS = {"zh-hant": "languages/zh-hant"}  # the folder under data/ of each converted language's word tables
WORD_FILES = ("phrases.txt", "overrides.txt")  # in the order they apply: a later one wins
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


def data_dir() -> Path:
    forced = os.environ.get("KB_DATA_DIR")
    return Path(forced) if forced else Path(__file__).resolve().parents[2] / "data"


@lru_cache(maxsize=None)
def phrases(lang: str) -> dict[str, str]:
    """{Simplified phrase: what the edition writes} of a converted language's tables."""
    out: dict[str, str] = {}
    for name in WORD_FILES:
        path = data_dir() / WORDS[lang] / name
        if not path.is_file():
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            parts = line.split()
            if parts and not parts[0].startswith("#") and len(parts) >= 3 and parts[1] == "→":
                out[parts[0]] = parts[2]
    return out


_LATIN = re.compile("[A-Za-z0-9]")
_HAN = re.compile("[\u3400-\u9fff]")


@lru_cache(maxsize=200_000)
def convert(value: str, lang: str) -> str:
    if lang not in CONVERSION:
        return value
    table = phrases(lang)
    longest = max(map(len, table), default=0)
    pieces: list[tuple[str, bool]] = []  # (converted text, whether a phrase)
    gap, i = [], 0
    while i < len(value):
        for n in range(min(longest, len(value) - i), 0, -1):
            if value[i:i + n] in table:
                if gap:
                    pieces.append((_converter(CONVERSION[lang]).convert("".join(gap)), False))
                    gap = []
                pieces.append((table[value[i:i + n]], True))
                i += n
                break
        else:
            gap.append(value[i])
            i += 1
    if gap:
        pieces.append((_converter(CONVERSION[lang]).convert("".join(gap)), False))
    out = []
    for k, (text, phrase) in enumerate(pieces):
        if phrase:  # a phrase written in Latin letters stands apart from the Chinese beside it
            if _LATIN.match(text[:1]) and k and _HAN.match(pieces[k - 1][0][-1:]):
                text = " " + text
            if _LATIN.match(text[-1:]) and k + 1 < len(pieces) and _HAN.match(pieces[k + 1][0][:1]):
                text += " "
        out.append(text)
    return "".join(out)
