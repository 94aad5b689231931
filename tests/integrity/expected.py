"""The pages a build must have, known before it runs (so each page can be its own test case).

One page per claim, source, entity, tier and conflict, one per written
Markdown page, and one per later part of a long list of claims
(integrity/listing.py), in each language; plus the page for a missing address in each
language (``404.html``, ``zh/404.html``, ``zh-hant/404.html``).  A test checks
that the build has exactly these, so a page the list misses cannot go
unchecked.
"""
from __future__ import annotations

from pathlib import Path

from .facts import Facts
from .langs import LANGS, PREFIX, WRITTEN
from .listing import later_parts

ERROR_PAGE = "404.html"
ERROR_PAGES = tuple(PREFIX[lang] + ERROR_PAGE for lang in LANGS)  # one per language; hosts that serve only one send the first


def written_url(rel: str) -> str:
    """A Markdown file's url, relative to its language folder: 'index.md' → '', 'claims/index.md' → 'claims/'."""
    stem = rel[: -len(".md")]
    if stem == "index":
        return ""
    if stem.endswith("/index"):
        stem = stem[: -len("/index")]
    return stem + "/"


def written_pages(docs: Path) -> list[str]:
    """Written pages, by their English url, from any written language's folder."""
    found = set()
    for lang in sorted(set(WRITTEN.values())):
        folder = docs / lang
        for md in folder.rglob("*.md"):
            found.add(written_url(md.relative_to(folder).as_posix()))
    return sorted(found)


def generated_pages(facts: Facts) -> list[str]:
    return [f"{folder}/{rid}/" for folder, ids in facts.record_ids.items() for rid in ids] + later_parts(facts)


def english_pages(docs: Path, facts: Facts) -> list[str]:
    return sorted(set(written_pages(docs)) | set(generated_pages(facts)))


def all_pages(docs: Path, facts: Facts) -> list[str]:
    en = english_pages(docs, facts)
    return [PREFIX[lang] + u for lang in LANGS for u in en] + list(ERROR_PAGES)


def case_id(url: str) -> str:
    return url or "/"
