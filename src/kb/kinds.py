"""The kinds of record, each described once: where its data lives and where its pages go.

Everything that maps a kind of record to a folder, a page address, a label or
a report's wording reads :data:`KINDS`: the loader and the schema (which models
each kind's records, :data:`kb.schema.KINDS`), the checks of redirects, the
downloads, ``kb diff`` and ``kb new``, and the site's addresses
(:mod:`kb.paths`, which :mod:`render.urls` builds on), generated pages and published-address list.

This module imports nothing of the engine, so that :mod:`kb.schema` can read it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass(frozen=True)
class Kind:
    name: str
    """What code, redirects (``kind: claim``) and page helpers call the kind: 'claim'."""
    data: str
    """Its folder ``data/claims/`` or file ``data/claims.yml`` (the stem), and the KnowledgeBase attribute holding its records."""
    noun: str
    """What a report calls one record of it, in English: 'claim', 'glossary term'."""
    nouns: str
    """...and several: 'claims', 'glossary terms'."""
    pages: Optional[str] = None
    """The folder of its records' pages on the site (``claims`` -> /claims/<id>/), or None: no page per record."""
    index: Optional[str] = None
    """The site-relative path, within a language, of the written page that lists them ('claims/'), if any."""
    retirable: bool = False
    """Whether a retired id of the kind keeps its page, pointing to its successor (data/redirects.yml)."""
    label: Optional[str] = None
    """The key of its name in kb/vocabulary.py ('kind.claim'), for kinds the site names."""
    optional: bool = False
    """Whether a fact base may have no file of it: there may be nothing to record yet."""
    template: bool = False
    """Whether ``kb new`` writes a record of it from a template."""


_ALL = [  # in the order the loader reads them and kb diff reports them
    Kind("claim", "claims", "claim", "claims", pages="claims", index="claims/", retirable=True, label="kind.claim",
         template=True),
    Kind("source", "sources", "source", "sources", pages="sources", index="sources/", retirable=True,
         label="kind.source", template=True),
    Kind("entity", "entities", "entity", "entities", pages="entities", index="entities/", retirable=True,
         label="kind.entity", template=True),
    Kind("conflict", "conflicts", "conflict", "conflicts", pages="conflicts", index="conflicts/", retirable=True,
         label="kind.conflict", template=True),
    Kind("tier", "tiers", "evidence tier", "tiers", pages="tiers", index="tiers/", retirable=True, label="kind.tier"),
    Kind("metric", "metrics", "metric", "metrics", template=True),
    Kind("unit", "units", "unit", "units", template=True),
    Kind("format", "formats", "number format", "number formats", optional=True, template=True),
    Kind("term", "glossary", "glossary term", "glossary terms", index="glossary/", template=True),
    Kind("tag", "tags", "topic tag", "topic tags", optional=True, template=True),
    Kind("redirect", "redirects", "redirect", "redirects", optional=True),
]

KINDS: dict[str, Kind] = {k.name: k for k in _ALL}
"""Kind name ('claim') -> its record, in the order the loader reads them."""

BY_DATA: dict[str, Kind] = {k.data: k for k in _ALL}
"""Data folder or file stem ('claims') -> the kind."""


def with_pages() -> list[Kind]:
    """The kinds whose records each have a page."""
    return [k for k in KINDS.values() if k.pages]


def retirable() -> list[Kind]:
    """The kinds a retired id (data/redirects.yml) can name."""
    return [k for k in KINDS.values() if k.retirable]
