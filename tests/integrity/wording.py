"""What a page of the Traditional Chinese edition writes that a Taiwanese reader would not.

The edition is converted from the Simplified text at every build; a word the conversion gets wrong is found here,
on the built page, by reading its own text for two things:

* a word of the edition's list of avoided words (data/languages/zh-hant/avoid.txt: 報道, 釋出 for a launch, 物件
  for the subject of a comparison, 併發布, 計算機, 芯片, …), read here from the file, one word a line;
* a character only Simplified Chinese writes (CC-CEDICT's lists, as the zhon package ships them).

A page's own text is what a reader reads in the page's language: its ``<title>``, its description, the text of
its body and the attributes a reader is shown (``title``, ``alt``, ``aria-label``, ``placeholder``), less:

* what is marked as written in another language or script: an element whose ``lang`` is not the page's (a quote in
  its source's Simplified Chinese carries ``lang="zh-Hans"``, a source's own title, an alias, a locator);
* a source's own words even where they are in the page's language and script: a quote (``blockquote.kb-quote``)
  and what a page quotes from a source (``q``): a Traditional source may write words Taiwan does not; and the
  other spellings of a name or a term as sources write them (``translate="no"``: 英偉達 is Hong Kong's NVIDIA);
* what is not text: scripts, styles, templates, and code (the BibTeX and CSL-JSON blocks are data for reference
  managers, whose verbatim titles are tagged with their language inside the code).

:func:`problems` reads one page; the sweep over every page of the edition is tests/test_site_wording.py.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from . import langs

NOT_TEXT = {"script", "style", "template", "noscript", "code", "pre", "kbd", "samp"}
SHOWN_ATTRS = ("title", "alt", "aria-label", "placeholder")
QUOTES = {"q"}  # a source's words quoted inline
QUOTE_CLASSES = {"kb-quote"}  # a citation's quote


@lru_cache(maxsize=None)
def avoided(lang: str, data: str | None = None) -> tuple[tuple[str, str], ...]:
    """(word, why) of each line of a converted language's list of avoided words."""
    folder = langs.WORDS.get(lang)
    if folder is None:
        return ()
    path = Path(data or langs.data_dir()) / folder / "avoid.txt"
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        parts = line.split(None, 1)
        if parts and not parts[0].startswith("#"):
            out.append((parts[0], parts[1].strip() if len(parts) > 1 else ""))
    return tuple(out)


@lru_cache(maxsize=1)
def _simplified_only() -> frozenset[str]:
    from zhon import cedict

    return frozenset(set(cedict.simplified) - set(cedict.traditional))


def _excluded(el, page_tag: str) -> bool:
    """Whether an element holds text that is not the page's own (see the module's docstring)."""
    if not isinstance(el.tag, str):
        return True
    tag = el.tag.lower()
    if tag in NOT_TEXT or tag in QUOTES or QUOTE_CLASSES & set((el.get("class") or "").split()):
        return True
    if el.get("translate") == "no":
        return True
    lang = el.get("lang")
    return lang is not None and lang != page_tag


def own_text(tree, page_tag: str) -> list[str]:
    """Every piece of a page's own text, in document order."""
    out: list[str] = []
    head = tree.find("head")
    if head is not None:
        title = head.find("title")
        if title is not None and title.text:
            out.append(title.text)
        for meta in head.iter("meta"):
            if meta.get("name") == "description" and meta.get("content"):
                out.append(meta.get("content"))
    body = tree.find("body")
    if body is None:
        return out

    def walk(el):
        if _excluded(el, page_tag):
            return
        if el.text:
            out.append(el.text)
        out.extend(el.get(a) for a in SHOWN_ATTRS if el.get(a))
        for child in el:
            walk(child)
            if child.tail:  # the tail is the parent's text
                out.append(child.tail)

    walk(body)
    return out


def problems(tree, url: str, lang: str, words: tuple[tuple[str, str], ...] | None = None) -> list[str]:
    """What the page at ``url`` (a converted language ``lang``'s, parsed by lxml) writes that its readers would not,
    as a reader would report it: ``zh-hant/x/: 報道 in '…發布消息是如何被報道的' (Taiwan writes 報導)``."""
    page_tag = langs.TAGS[lang]
    if words is None:
        words = avoided(lang)
    only = _simplified_only()
    found = []
    for piece in own_text(tree, page_tag):
        for word, why in words:
            at = piece.find(word)
            if at >= 0:
                found.append(f"{url}: {word} in {_around(piece, at, len(word))!r} ({why})")
        simplified = [ch for ch in dict.fromkeys(piece) if ch in only]
        if simplified:
            at = piece.find(simplified[0])
            found.append(f"{url}: Simplified {''.join(simplified)} in {_around(piece, at, 1)!r}")
    return found


def _around(text: str, at: int, n: int) -> str:
    return " ".join(text[max(0, at - 12):at + n + 12].split())
