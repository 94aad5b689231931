"""How each citation's words were checked: the one answer the rules, the site and the exports share.

A citation is checked in one of five ways, strongest first:

* ``full-copy``: its quote is found verbatim in a snapshot that holds the source's whole text
  (``snapshot.extent: full``); ``kb check`` compares the two character by character;
* ``excerpt``: the same, against a snapshot that holds only the passages quoted
  (``extent: excerpt``), so what surrounds the quote cannot be seen here;
* ``read``: no copy is kept, and the source was read at its address (``url``) on a stated date
  (``accessed``); a paraphrase is always checked this way, since a page whose sentences are
  not copied has no copy to compare with;
* ``not-found``: read so once, but the page was not found again when last looked for
  (``rechecked: {found: false}``): its words stand as they were read, shown with the day of the
  last try, and are not quoted now;
* ``unchecked``: no copy and no dated reading, e.g. a source known only from another that
  relays it.  ``kb check`` refuses a citation that would be checked this way (rule
  source-address), so a fact base that opens has none; the answer exists so that no caller
  ever has to guess.

The date that goes with the answer is the snapshot's ``taken``, or the day the words were read at the
address: the citation's own ``accessed`` (the day a quote was copied) or else the source's; a page not
found again adds the day of the last try (``last_try``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from .schema import LANGS, SITE_LANG, Citation, SourceRecord

FULL_COPY, EXCERPT, READ, NOT_FOUND, UNCHECKED = "full-copy", "excerpt", "read", "not-found", "unchecked"
WAYS = (FULL_COPY, EXCERPT, READ, NOT_FOUND, UNCHECKED)
"""Every answer, strongest first."""


@dataclass(frozen=True)
class Checked:
    how: str                    # one of WAYS
    date: Optional[str] = None  # the snapshot's taken, or the day read at the address; None when unchecked
    last_try: Optional[str] = None  # not-found: the day the page was last looked for

    @property
    def verified(self) -> bool:
        """Whether the quote was compared with a copy kept here (full text or excerpt)."""
        return self.how in (FULL_COPY, EXCERPT)


def read_at_address(source: Optional[SourceRecord]) -> bool:
    """Whether the source records the address it was read at and the date it was read there."""
    return source is not None and source.url is not None and source.accessed is not None


def how_checked(citation: Citation, source: Optional[SourceRecord]) -> Checked:
    """How ``citation``'s words were checked, given its source's record (None when it names no source)."""
    if citation.quote is not None and source is not None and source.snapshot is not None:
        snap = source.snapshot
        return Checked(FULL_COPY if snap.extent == "full" else EXCERPT, snap.taken)
    if read_at_address(source):
        day = citation.accessed or source.accessed
        if source.rechecked is not None and not source.rechecked.found:
            return Checked(NOT_FOUND, day, source.rechecked.tried)
        return Checked(READ, day)
    return Checked(UNCHECKED)


def quote_lang(source: Optional[SourceRecord]) -> Optional[str]:
    """The site language a quote from ``source`` is written in (zh for both Chinese scripts), or None."""
    return SITE_LANG.get(source.language) if source is not None else None


def translations_needed(source: Optional[SourceRecord]) -> tuple[str, ...]:
    """The site languages a quote from ``source`` must be translated into: every one it is not written in."""
    own = quote_lang(source)
    return tuple(lang for lang in LANGS if lang != own) if own else ()


def is_translated(citation: Citation, source: Optional[SourceRecord]) -> bool:
    """Whether a quote carries a translation into every site language it is not written in."""
    if citation.quote is None:
        return False
    tr = citation.translation
    return all(tr is not None and getattr(tr, lang) for lang in translations_needed(source))


def all_checks(claims: dict, sources: dict) -> dict[str, list[Checked]]:
    """Claim id -> how each of its citations was checked, in the record's order."""
    return {cid: [how_checked(cit, sources.get(cit.source)) for cit in c.citations] for cid, c in claims.items()}


def coverage(claims: dict, sources: dict) -> dict[str, int]:
    """Counts over every citation: one per way of checking, ``citations``, ``quotes``, ``paraphrases``
    and ``quotes-translated`` (quotes with a translation into each site language they are not in)."""
    out = {way: 0 for way in WAYS}
    out.update(citations=0, quotes=0, paraphrases=0, **{"quotes-translated": 0})
    for c in claims.values():
        for cit in c.citations:
            src = sources.get(cit.source)
            out[how_checked(cit, src).how] += 1
            out["citations"] += 1
            if cit.quote is None:
                out["paraphrases"] += 1
            else:
                out["quotes"] += 1
                out["quotes-translated"] += is_translated(cit, src)
    return out
