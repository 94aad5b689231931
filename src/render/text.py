"""Contributor text made safe to publish, with its figure placeholders filled in.

Everything a contributor writes is shown as text and nothing else: it is
HTML-escaped, and every character that Markdown, the Markdown extensions or
Jinja could act on (``[ ] ( ) * _ ` { } # ! | ~ ^ = + : \\``) becomes a numeric
character reference.  Macro output is inserted into pages after Jinja has run
but before Markdown does, so both must find nothing to act on; the browser
shows the same characters.  ``{value}`` and ``{claim:ID}`` (see
:data:`kb.prose.PLACEHOLDER`) are the only things in prose that turn into
markup: the figure of the claim (or of claim ID), rendered by
:mod:`render.figures`.
"""
from __future__ import annotations

import html
import re
from functools import lru_cache

from kb.prose import PLACEHOLDER, kind_of

from .escaping import attr, escape, escape_lines
from .figures import figure, figure_text
from .templating import template

__all__ = ["attr", "entity_name", "escape", "escape_lines", "inline", "plain", "prose", "unescape"]

_NEWLINES = re.compile(r"\s*\n\s*")
# punctuation that closes on what precedes it; the closing quotes of both scripts alike (a Simplified ” is 」 once
# converted to Traditional), so that the editions break a line at the same places
_CLOSING = frozenset("。，、；：！？）」』】》〉”’.,;:!?)")


def prose(ctx, text: str, own: str | None = None) -> str:
    """Contributor prose as HTML: escaped text, placeholders rendered as figures.

    ``own`` is the claim whose ``{value}`` this is (None where the text belongs
    to no single claim, e.g. a conflict's summary; there ``{value}`` stays text).
    """
    out, last = [], 0
    for m in PLACEHOLDER.finditer(text):
        out.append(escape(text[last:m.start()]))
        kind, ident = kind_of(m)
        target = own if kind == "value" else ident
        if kind == "entity" and ident in ctx.kb.entities:
            out.append(entity_name(ctx, ident))
        elif kind != "entity" and target is not None and target in ctx.kb.claims:
            shown, after = figure(ctx, target), m.end()
            if text[after:after + 1] and text[after] in _CLOSING:
                # the punctuation that closes on the figure stays on its line: a browser may break after the figure's
                # marker (a box of its own), which left a heading's 。 alone on the next line at phone width
                shown, after = f'<span class="kb-nobr">{shown}{escape(text[after])}</span>', after + 1
            out.append(shown)
            last = after
            continue
        else:
            out.append(escape(m.group(0)))
        last = m.end()
    out.append(escape(text[last:]))
    return "".join(out)


@lru_cache(maxsize=1)
def inline():
    """The macros of ``templates/inline.html.j2`` (links and notes that stand inside other markup), loaded once:
    ``inline().entity(eid, href, name)`` gives markup."""
    return template("inline.html.j2").module


def entity_name(ctx, eid: str) -> str:
    """An entity's name in the page's language, linked to its page and marked as a name."""
    return str(inline().entity(eid, ctx.href("entity", eid), ctx.text(ctx.kb.entities[eid].name)))


def plain(ctx, text: str, own: str | None = None) -> str:
    """Contributor prose as plain text (for page titles), placeholders as formatted figures.

    The result is *not* escaped: pass it through :func:`escape` before it
    reaches HTML.
    """
    def fill(m):
        kind, ident = kind_of(m)
        if kind == "entity":
            return ctx.text(ctx.kb.entities[ident].name) if ident in ctx.kb.entities else m.group(0)
        target = own if kind == "value" else ident
        if target is not None and target in ctx.kb.claims:
            return figure_text(ctx, target)
        return m.group(0)

    return _NEWLINES.sub(" ", PLACEHOLDER.sub(fill, text))


def unescape(text: str) -> str:
    return html.unescape(text)
