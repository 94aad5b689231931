"""Where a quote that is not verbatim parts from its snapshot.

A contributor who mistypes one character of a long quote needs to see which one:
:func:`departure` finds the passage of the snapshot closest to the quote (around the
longest run they share) and the first character where the two differ.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass

SHOWN = 24  # characters of context shown on each side of the difference
NAMES = {" ": "a space", "\n": "a line break", "\t": "a tab", "\u3000": "an ideographic space",
         "\u00a0": "a no-break space"}


@dataclass(frozen=True)
class Departure:
    passage: str  # the snapshot's closest passage, as long as the quote
    offset: int  # index in the quote of the first character that differs
    quote_has: str  # the quote's text from there (a few characters), or '' where the quote ends
    snapshot_has: str  # the snapshot's text from there, or '' where the passage ends


def departure(quote: str, text: str) -> Departure | None:
    """The closest passage of ``text`` to ``quote`` and where they part, or None if nothing is shared."""
    if not quote or not text:
        return None
    # Anchor on the longest run the quote and the snapshot share.
    sm = difflib.SequenceMatcher(None, quote, text, autojunk=False)
    qi, tj, size = sm.find_longest_match(0, len(quote), 0, len(text))
    if size == 0:
        return None
    # Align the whole quote around the anchor, with room for what was added or dropped.
    lo = max(0, tj - qi - len(quote) // 2 - 8)
    hi = min(len(text), tj - qi + len(quote) + len(quote) // 2 + 8)
    window = text[lo:hi]
    blocks = [b for b in difflib.SequenceMatcher(None, quote, window, autojunk=False).get_matching_blocks() if b.size]
    first, last = blocks[0], blocks[-1]
    start = max(0, first.b - first.a)  # where the quote's first character would stand
    end = min(len(window), last.b + last.size + (len(quote) - last.a - last.size))
    passage = window[start:end]
    k = 0
    while k < len(quote) and k < len(passage) and quote[k] == passage[k]:
        k += 1
    return Departure(passage, k, quote[k:k + 6], passage[k:k + 6])


def _shown(s: str) -> str:
    if not s:
        return "nothing (it ends there)"
    if s[0] in NAMES:
        return NAMES[s[0]]
    return repr(s)


def describe(quote: str, text: str) -> str:
    """A sentence for the contributor: the closest passage, and where the quote leaves it."""
    d = departure(quote, text)
    if d is None:
        return "no passage of the snapshot shares a word with it"
    before = quote[max(0, d.offset - SHOWN):d.offset]
    passage = d.passage if len(d.passage) <= 3 * SHOWN else d.passage[:3 * SHOWN] + "…"
    return (f"the closest passage is {passage!r}; they part at character {d.offset + 1} of the quote, "
            f"after {before!r}: the snapshot has {_shown(d.snapshot_has)}, the quote {_shown(d.quote_has)}")
