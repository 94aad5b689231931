"""Where a claim comes from: each source, the verbatim quote, where it is, whom it relays."""
from __future__ import annotations

from kb.languages import LANGUAGES, convert
from kb.prose import reading_parts
from kb.schema import SITE_LANG

from . import format as fmt
from .text import escape, escape_lines, prose
from .urls import lang_tag


def name_markup(ctx, sid: str, text: str) -> str:
    """A source's name (or short name) as markup: its publisher's name in it marked as the entity's, so that
    the digits of a name ("香港01") read as part of a name, not as a figure."""
    s = ctx.kb.sources[sid]
    pub = ctx.kb.entities.get(s.publisher) if s.publisher else None
    pub_name = ctx.text(pub.name) if pub is not None else ""
    if not pub_name or pub_name not in text or not any(ch.isdigit() for ch in pub_name):
        return escape(text)
    before, _, after = text.partition(pub_name)
    return f'{escape(before)}<span data-entity="{s.publisher}">{escape(pub_name)}</span>{escape(after)}'


def source_link(ctx, sid: str) -> str:
    s = ctx.kb.sources[sid]
    return f'<a class="kb-source" href="{ctx.href("source", sid)}">{name_markup(ctx, sid, ctx.text(s.name))}</a>'


def reading(ctx, cit, cid: str | None, lang: str) -> str:
    """How the claim's figure is read where the source writes it in words: the contributor's words, labelled
    as such; the source's words in it (written 「…」) as a quotation in the source's language."""
    if cit.reading is None:
        return ""
    # split in the language it is written in, so that the source's words stay verbatim in a converted language
    written = getattr(cit.reading, LANGUAGES[ctx.lang].source)
    out = [f'<q lang="{lang}">{escape(part)}</q>' if quoted else prose(ctx, convert(part, ctx.lang), own=cid)
           for part, quoted in reading_parts(written)]
    return (f'<p class="kb-reading"><span class="kb-reading-label">{escape(ctx.t("f.reading"))}'
            f'{escape(ctx.t("colon"))}</span>{"".join(out)}</p>')


def translation_of(ctx, cit) -> str | None:
    """The contributors' translation of a citation's quote into the page's language, where the quote is not in it."""
    src = ctx.kb.sources.get(cit.source)
    if cit.quote is None or cit.translation is None or src is None or SITE_LANG.get(src.language) == LANGUAGES[ctx.lang].source:
        return None
    return ctx.text(cit.translation)


def checked_text(ctx, how) -> str:
    """How a citation's words were checked (kb.checked), as a plain sentence with its date written out."""
    label = ctx.t("checked." + how.how)
    return label.replace("{date}", fmt.date(how.date, ctx.lang)) if how.date else label


def checked_markup(ctx, how) -> str:
    """The same sentence as markup: the date is the snapshot's or the reading's own, in a <time> element."""
    label = escape(ctx.t("checked." + how.how))
    if how.date:
        label = label.replace(escape("{date}"), f'<time datetime="{how.date}">{escape(fmt.date(how.date, ctx.lang))}</time>')
    return f'<span class="kb-checked">{label}</span>'  # its figure carries data-checked


def _words(ctx, cit, lang: str) -> str:
    """The source's words with the contributors' translation under them, or the contributors' paraphrase."""
    if cit.quote is None:
        # the contributors' own words: never in a blockquote, never styled as the source's
        return (f'<p class="kb-paraphrase" lang="{lang_tag(ctx.lang)}"><span class="kb-words-label">'
                f'{escape(ctx.t("paraphrase_label"))}{escape(ctx.t("colon"))}</span>'
                f'{escape_lines(ctx.text(cit.paraphrase))}</p>')
    out = f'<blockquote class="kb-quote" lang="{lang}">{escape_lines(cit.quote)}</blockquote>'
    tr = translation_of(ctx, cit)
    if tr:
        out += (f'<p class="kb-translation" lang="{lang_tag(ctx.lang)}"><span class="kb-words-label">'
                f'{escape(ctx.t("translation_label"))}{escape(ctx.t("colon"))}</span>{escape_lines(tr)}</p>')
    return out


def citation(ctx, cit, how=None, cid: str | None = None) -> str:
    """One citation: the quote in the source's own language (with its translation) or a paraphrase, then who
    says it and where, and how its words were checked (``how``: kb.KnowledgeBase.how_checked)."""
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
    checked = checked_markup(ctx, how) if how is not None else ""
    data = f' data-checked="{how.how}"' if how is not None else ""
    return (f'<figure class="kb-citation" data-source="{cit.source}"{data}>{_words(ctx, cit, lang)}'
            f'{reading(ctx, cit, cid, lang)}'
            f'<figcaption>{sep.join(parts)}{checked}</figcaption></figure>')


def citations(ctx, cid: str) -> str:
    c = ctx.kb.claims[cid]
    return "\n".join(citation(ctx, cit, ctx.kb.how_checked(cid, i), cid) for i, cit in enumerate(c.citations))
