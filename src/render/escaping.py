"""Escaping: any text made inert HTML, so that neither the browser, Markdown nor Jinja acts on it.

Every character that Markdown, its extensions or Jinja could act on becomes a
numeric character reference (see :mod:`render.text`, which builds contributor
prose on these; :mod:`render.figures` writes the figure markup with them).
"""
from __future__ import annotations

import re

_SPECIAL = "\\`*_[](){}#!|~^=+:<>&\"'$%@"
_REFS = {ord(c): f"&#{ord(c)};" for c in _SPECIAL}  # str.translate: a third of a regex's time
_NEWLINES = re.compile(r"\s*\n\s*")


def escape(text: str) -> str:
    """Contributor text as inert HTML: no tag, no Markdown, no template survives."""
    text = str(text)
    if "\n" in text:
        text = _NEWLINES.sub(" ", text)
    return text.translate(_REFS)


def escape_lines(text: str) -> str:
    """Like :func:`escape`, keeping line breaks (for verbatim quotes)."""
    return "<br>".join(escape(line) for line in str(text).split("\n"))


def attr(text: str) -> str:
    """A value for an HTML attribute (quoted with double quotes)."""
    return escape(text)
