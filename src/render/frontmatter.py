"""A generated page as Markdown: its front matter and its blocks (see :mod:`render.pages`)."""
from __future__ import annotations

import json

from .escaping import escape


def page_markdown(title_text: str, blocks: list[str]) -> tuple[str, str]:
    """``(title, markdown)``: the title escaped for HTML, and front matter that keeps the macros plugin off the
    page (data text is never read as a template), then the blocks, empty ones left out."""
    title = escape(title_text)
    front = "---\n" + json.dumps({"title": title, "render_macros": False}, ensure_ascii=False) + "\n---\n\n"
    return title, front + "\n\n".join(b for b in blocks if b) + "\n"
