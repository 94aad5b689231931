"""The lists of claims a build shows, and the parts a long one is cut into, read from the YAML alone.

The index of claims, each evidence tier and each entity list claims in the order the YAML writes them.  A list
longer than the page size runs on to /<list>/page/2/, /<list>/page/3/, ...: pages the build must have, known
before it runs.  The size is the documented one (render/listing.py: 500, or ``KB_LISTING_PAGE_SIZE``), written
here again so that the suite does not take it from the engine; tests/test_site_listing.py holds the two equal.
"""
from __future__ import annotations

import math
import os

from .counts import _entities_of
from .facts import Facts

PAGE_SIZE = int(os.environ.get("KB_LISTING_PAGE_SIZE") or 500)


def lists(facts: Facts):
    """(first page's url without language, the claims it lists in the YAML's order) of every list of claims."""
    claims = facts.claims
    yield "claims/", list(claims)
    for tid in facts.kind("tiers"):
        yield f"tiers/{tid}/", [k for k, c in claims.items() if c.get("tier") == tid]
    for eid in facts.kind("entities"):
        yield f"entities/{eid}/", [k for k, c in claims.items() if eid in _entities_of(c)]


def later_parts(facts: Facts, size: int = PAGE_SIZE) -> list[str]:
    """The url (without language) of each part after the first of every list longer than ``size``."""
    return [f"{first}page/{n}/" for first, ids in lists(facts) for n in range(2, math.ceil(len(ids) / size) + 1)]


def rows(soup) -> list[str]:
    """The claims a page's table of claims lists, in its order."""
    return [tr["data-claim"] for tr in soup.select('[data-kb-table="claims"] tbody tr[data-claim]')]


def parts(site, first: str) -> list[tuple[str, list[str]]]:
    """The parts of a list as its pages link them: (url, claims listed) from its first page, next by next."""
    out, url, seen = [], first, set()
    while url is not None:
        assert url not in seen, f"{url}: the parts' links go round in a circle"
        seen.add(url)
        soup = site.soup(url)
        out.append((url, rows(soup)))
        nxt = soup.select_one("nav.kb-pager a[rel=next]")
        url = site.resolve(url, nxt["href"]) if nxt is not None else None
    return out
