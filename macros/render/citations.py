"""Where a claim comes from: each source, the verbatim quote, where it is, whom it relays."""
from __future__ import annotations

from .text import escape, escape_lines


def source_link(ctx, sid: str) -> str:
    s = ctx.kb.sources[sid]
    return f'<a class="kb-source" href="{ctx.href("source", sid)}">{escape(ctx.text(s.name))}</a>'


def citation(ctx, cit) -> str:
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
            f'<figcaption>{sep.join(parts)}</figcaption></figure>')


def citations(ctx, cid: str) -> str:
    c = ctx.kb.claims[cid]
    return "\n".join(citation(ctx, cit) for cit in c.citations)
