"""Where a claim comes from: each source, the verbatim quote, where it is, whom it relays."""
from __future__ import annotations

import re

from .text import escape, escape_lines, prose

SOURCE_WORDS = re.compile(r"「([^「」]*)」")  # in a reading, the source's own words (kb.check.SOURCE_WORDS)


def source_link(ctx, sid: str) -> str:
    s = ctx.kb.sources[sid]
    return f'<a class="kb-source" href="{ctx.href("source", sid)}">{escape(ctx.text(s.name))}</a>'


def reading(ctx, cit, cid: str | None, lang: str) -> str:
    """How the claim's figure is read where the source writes it in words: the contributor's words, labelled
    as such; the source's words in it (written 「…」) as a quotation in the source's language."""
    if cit.reading is None:
        return ""
    text, out, last = ctx.text(cit.reading), [], 0
    for m in SOURCE_WORDS.finditer(text):
        out.append(prose(ctx, text[last:m.start()], own=cid))
        out.append(f'<q lang="{lang}">{escape(m.group(1))}</q>')
        last = m.end()
    out.append(prose(ctx, text[last:], own=cid))
    return (f'<p class="kb-reading"><span class="kb-reading-label">{escape(ctx.t("f.reading"))}'
            f'{escape(ctx.t("colon"))}</span>{"".join(out)}</p>')


def citation(ctx, cit, cid: str | None = None) -> str:
    """One citation: the quote in the source's own language, then who says it and where."""
    src = ctx.kb.sources.get(cit.source)
    lang = src.language if src else ""
    parts = [source_link(ctx, cit.source)]
    if cit.locator:
        parts.append(f'<span class="kb-locator">{escape(ctx.t("f.locator"))}{escape(ctx.t("colon"))}'
                     f'<q lang="{lang}">{escape(cit.locator)}</q></span>')
    if cit.attributed_to:
        parts.append(f'<span class="kb-attributed">{escape(ctx.t("f.attributed_to"))}{escape(ctx.t("colon"))}'
                     f'{source_link(ctx, cit.attributed_to)}</span>')
    sep = escape(ctx.t("list_sep"))
    return (f'<figure class="kb-citation" data-source="{cit.source}">'
            f'<blockquote class="kb-quote" lang="{lang}">{escape_lines(cit.quote)}</blockquote>'
            f'{reading(ctx, cit, cid, lang)}'
            f'<figcaption>{sep.join(parts)}</figcaption></figure>')


def citations(ctx, cid: str) -> str:
    c = ctx.kb.claims[cid]
    return "\n".join(citation(ctx, cit) for cit in c.citations)
