"""The raw HTML of a generated page, kept out of Python-Markdown's way.

A page generated from data (:mod:`render.pages`) is Markdown made almost wholly of raw HTML blocks, between a
few headings.  Python-Markdown passes such a block through unchanged, but only after parsing every tag of it to
find where it ends: on the real site about half of the build's Python time.  :func:`hold` takes each raw block
out before Markdown reads the page and leaves a one-tag placeholder in its place; :func:`release` puts the blocks
back into the HTML Markdown made.  The headings stay Markdown (their ids, permalinks and the table of contents).

A raw block is what Python-Markdown takes for one: paragraphs (text between blank lines) from one that starts
with a block-level tag until the paragraph where that element is closed.  The page's text is escaped
(:mod:`render.escaping`), so a ``<`` in it is never read as a tag.
"""
from __future__ import annotations

import re

from markdown.util import BLOCK_LEVEL_ELEMENTS  # Python-Markdown, which MkDocs requires

_OPENS = re.compile(r"<([A-Za-z][A-Za-z0-9-]*)\b")
_PLACEHOLDER = '<div data-kb-held="{}"></div>'
_HELD = re.compile(r'<div data-kb-held="(\d+)"></div>')
_BLOCK_LEVEL = frozenset(BLOCK_LEVEL_ELEMENTS)


def _balance(text: str, tag: str) -> int:
    return len(re.findall(rf"<{tag}\b", text)) - len(re.findall(rf"</{tag}\s*>", text))


def hold(markdown: str) -> tuple[str, list[str]]:
    """``markdown`` with each raw HTML block replaced by a placeholder, and the blocks, in order."""
    paragraphs = markdown.split("\n\n")
    out, held, i = [], [], 0
    while i < len(paragraphs):
        first = paragraphs[i]
        m = _OPENS.match(first)
        if m is None or m.group(1).lower() not in _BLOCK_LEVEL:
            out.append(first)
            i += 1
            continue
        tag = m.group(1)
        j, open_ = i, _balance(first, tag)
        while open_ > 0 and j + 1 < len(paragraphs):
            j += 1
            open_ += _balance(paragraphs[j], tag)
        if open_ != 0:  # not closed: leave it to Markdown
            out.append(first)
            i += 1
            continue
        block = "\n\n".join(paragraphs[i:j + 1])
        kept = block.rstrip("\n")  # the page's last newlines stay Markdown's, which drops them
        out.append(_PLACEHOLDER.format(len(held)) + block[len(kept):])
        held.append(kept)
        i = j + 1
    return "\n\n".join(out), held


def release(text: str, held: list[str]) -> str:
    """``text`` (the page's HTML, or its Markdown) with every placeholder replaced by the block it holds."""
    if not held:
        return text
    return _HELD.sub(lambda m: held[int(m.group(1))], text)
