"""Where a claim comes from: each source, the verbatim quote, where it is, whom it relays."""
from __future__ import annotations

import re

from markupsafe import Markup  # declared in pyproject.toml

from kb.languages import LANGUAGES, convert, verbatim_tag
from kb.prose import reading_parts
from kb.schema import SITE_LANG

from . import format as fmt
from .labels import words
from .templating import inert, render
from .text import escape, escape_lines, prose
from .urls import lang_tag

_NAMED = Markup('<span data-name>{}</span>')
_LINK = Markup('<a class="kb-source" href="{}">{}</a>')


def name_markup(ctx, sid: str, text: str) -> Markup:
    """A source's name (or short name) as markup, marked as a name where it holds a digit: the name of a document,
    whose digits ("Hot Chips 2024 slides on Gaudi 3", "香港01") are part of the name, not figures.

    Markup built with markupsafe rather than a template, as :func:`source_link` is (see there)."""
    if not any(ch.isdigit() for ch in text):
        return Markup(escape(text))
    return _NAMED.format(inert(text))


def source_link(ctx, sid: str) -> Markup:
    """A source's name linked to its page.

    Markup built with markupsafe (each value escaped by render.escaping), not a template: it runs for every source
    a page names, and rendering a template costs it a third more again than this."""
    s = ctx.kb.sources[sid]
    return _LINK.format(inert(ctx.href("source", sid)), name_markup(ctx, sid, ctx.text(s.name)))


def _reading(ctx, cit, cid: str | None) -> list[tuple[str | Markup, bool]] | None:
    """How the claim's figure is read where the source writes it in words, as (part, whether it is the source's own
    words) pairs: the contributor's words as prose, the source's words in it (written 「…」) verbatim."""
    if cit.reading is None:
        return None
    # split in the language it is written in, so that the source's words stay verbatim in a converted language
    written = getattr(cit.reading, LANGUAGES[ctx.lang].source)
    return [(part, True) if quoted else (Markup(prose(ctx, convert(part, ctx.lang), own=cid)), False)
            for part, quoted in reading_parts(written)]


def translation_of(ctx, cit) -> str | None:
    """The contributors' translation of a citation's quote into the page's language, where the quote is not in it."""
    src = ctx.kb.sources.get(cit.source)
    if cit.quote is None or cit.translation is None or src is None or SITE_LANG.get(src.language) == LANGUAGES[ctx.lang].source:
        return None
    return ctx.text(cit.translation)


_DAYS = re.compile(r"\{(date|last)\}")


def checked_parts(ctx, how) -> list[tuple[str, str | None]]:
    """How a citation's words were checked (kb.checked) as a sentence in parts: (text, None) for words, and
    (shown date, ISO date) for each date it names: the copy's or the reading's ({date}), and for a page not found
    again the day of the last try ({last})."""
    days = {"date": how.date, "last": how.last_try}
    out: list[tuple[str, str | None]] = []
    label, at = ctx.t("checked." + how.how), 0
    for m in _DAYS.finditer(label):
        out.append((label[at:m.start()], None))
        day = days[m.group(1)]
        out.append((fmt.date(day, ctx.lang), day) if day else ("", None))
        at = m.end()
    out.append((label[at:], None))
    return [part for part in out if part[0]]


def checked_text(ctx, how) -> str:
    """How a citation's words were checked (kb.checked), as a plain sentence with its dates written out."""
    return "".join(text for text, _ in checked_parts(ctx, how))


def citation(ctx, cit, how=None, cid: str | None = None) -> str:
    """One citation: the quote in the source's own language (with its translation) and, where there is one, the
    contributors' paraphrase; then who says it and where, and how its words were checked (``how``:
    kb.KnowledgeBase.how_checked)."""
    src = ctx.kb.sources.get(cit.source)
    quoted = cit.quote is not None
    translation = translation_of(ctx, cit)
    return render(
        "citation.html.j2", t=words(ctx.lang), source=cit.source, how=how, lang=src.language if src else "",
        page_lang=lang_tag(ctx.lang),
        quote=Markup(escape_lines(cit.quote)) if quoted else None,
        paraphrase=Markup(escape_lines(ctx.text(cit.paraphrase))) if cit.paraphrase is not None else None,
        translation=Markup(escape_lines(translation)) if translation else None,
        reading=_reading(ctx, cit, cid), link=source_link(ctx, cit.source), locator=cit.locator,
        locator_lang=verbatim_tag(cit.locator, src.language if src else None) if cit.locator else None,
        attributed=source_link(ctx, cit.attributed_to) if cit.attributed_to else None,
        checked=checked_parts(ctx, how) if how is not None else [])
