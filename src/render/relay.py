"""Who said it first, as a reader sees it: the answers of :mod:`kb.relay` turned into markup.

* :func:`claim_line`: on a claim page, one line naming each original report (with
  its date where recorded) and the sources relaying it, or saying that the cited
  sources state it themselves; where several sources repeat one report, that it
  is one report and not several confirmations.
* :func:`origin_section`: on the page of a source that others relay, every claim
  it is the origin of, grouped by the sources that relay it.
* :func:`relays_section`: on the page of a source that relays others, which
  originals it relays and for how many claims.

Counts are ``<data data-count>`` (see :mod:`render.figures`): ``claim-sources:CLAIM``
(the distinct sources cited), ``claim-reports:CLAIM`` (its original reports),
``claims-originated:SOURCE``, ``claims-relayed:ORIGIN:RELAYER[,RELAYER]`` (the
claims whose relaying sources for ORIGIN are exactly those) and
``claims-relayed-by:RELAYER:ORIGIN``.  Dates are the sources' own, as ``<time>``.
"""
from __future__ import annotations

import re

from babel.lists import format_list
from markupsafe import Markup  # declared in pyproject.toml

from kb import query
from kb.languages import LANGUAGES

from . import format as fmt
from .citations import name_markup
from .figures import count_markup
from .labels import words
from .tables import statement
from .templating import inert, render
from .text import escape

FOLD_FROM = 8  # an origin of this many claims or more lists them in folded groups

_SLOT = re.compile(r"\{(\w+)\}")


def fill(template: str, **slots: str) -> str:
    """A label with its ``{slots}`` replaced by ready markup; the label's own words escaped."""
    out, last = [], 0
    for m in _SLOT.finditer(template):
        out.append(escape(template[last:m.start()]))
        out.append(slots[m.group(1)])
        last = m.end()
    out.append(escape(template[last:]))
    return "".join(out)


def and_list(ctx, items: list[str]) -> str:
    """Items joined as the language writes a list ('A, B and C', 'A、B和C'), by CLDR's rule (Babel)."""
    return format_list(items, locale=fmt.LOCALES[ctx.lang]) if items else ""


_LINK = Markup('<a class="kb-source" href="{}">{}</a>')
_NAME = Markup('<span class="kb-source-name" data-source="{}">{}</span>')
_DATE = Markup('{}<time datetime="{}">{}</time>{}')


def name(ctx, sid: str, link: bool = True) -> str:
    """How a sentence names a source: its short name, else its name, linked to its page (which gives the full name).

    Markup built with markupsafe (each value escaped by render.escaping), not a template, as
    :func:`render.citations.source_link` is: a sentence names several sources, and a page has several sentences."""
    s = ctx.kb.sources[sid]
    text = ctx.text(s.short_name) if s.short_name else ctx.text(s.name)
    if not link:
        return _NAME.format(inert(sid), name_markup(ctx, sid, text))
    return _LINK.format(inert(ctx.href("source", sid)), name_markup(ctx, sid, text))


def _date(ctx, sid: str) -> str:
    """A source's date in parentheses, as a sentence gives it (markupsafe, as :func:`name` is)."""
    s = ctx.kb.sources[sid]
    if not s.date:
        return ""
    return _DATE.format(inert(ctx.t("open_paren")), inert(s.date), inert(fmt.date(s.date, ctx.lang)),
                        inert(ctx.t("close_paren")))


def _cap(ctx, html: str) -> str:
    """The first letter of a sentence in capitals, where the language has them (labels start with a word)."""
    return html[:1].upper() + html[1:] if LANGUAGES[ctx.lang].cased and html[:1].isalpha() else html


def _plural(key: str, n: int) -> str:
    return f"{key}.{'one' if n == 1 else 'other'}"


def claim_line(ctx, cid: str) -> str:
    """The claim's chain in one line: who stated it first, who relays it, and how many reports that makes."""
    kb = ctx.kb
    ch = kb.relays.of_claim(cid)
    # originals relayed by the same sources in the same way share one clause: "stated by A (date) and B (date),
    # relayed by the analysis"
    parts = []
    for (relayed_by, cited), origins in query.relayed_together(kb, cid):
        said = fill(ctx.t("relay.stated_by"),
                     origin=and_list(ctx, [name(ctx, o) + _date(ctx, o) for o in origins]))
        how = "relay.quoted_and_relayed" if cited else "relay.relayed"
        relayers = and_list(ctx, [name(ctx, s) for s in relayed_by])
        parts.append(said + escape(ctx.t("relay.then")) + fill(ctx.t(how), sources=relayers))
    own = ch.stated
    if own:
        parts.append(fill(ctx.t(_plural("relay.own", len(own))), sources=and_list(ctx, [name(ctx, s) for s in own])))
    line = _cap(ctx, escape(ctx.t("relay.sep")).join(parts)) + escape(ctx.t("relay.end"))
    n_sources, n_reports = len(ch.sources), len(ch.reports)
    counts = {"sources": count_markup(ctx, n_sources, f"claim-sources:{cid}"),
              "reports": count_markup(ctx, n_reports, f"claim-reports:{cid}")}
    notes = []
    if ch.standing == "one-report":  # the point of the line: said plainly, not as an aside
        count = fill(ctx.t("relay.one_report"), **counts)
    elif ch.standing == "several-reports":
        count = fill(ctx.t(_plural("relay.several", n_sources)), **counts)
        if own:
            notes.append(ctx.t("relay.unnamed_caveat"))
    else:
        count = ""
    if kb.claims[cid].attribution == "uncertain":
        notes.append(ctx.t("relay.uncertain"))
    return render("relay-line.html.j2", standing=ch.standing, line=Markup(line), count=Markup(count), notes=notes)


def origin_section(ctx, sid: str) -> str:
    """Every claim ``sid`` is the origin of, grouped by who relays it; '' when others relay none."""
    kb = ctx.kb
    origin_of = kb.relays.origin_of(sid)
    if not origin_of:
        return ""
    everyone = query.relayers_of(kb, sid)
    summary = fill(ctx.t(_plural("relay.origin_summary", len(origin_of))),
                    claims=count_markup(ctx, len(origin_of), f"claims-originated:{sid}"),
                    sources=and_list(ctx, [name(ctx, s) for s in everyone]))
    groups = []
    for key, ids in query.origin_groups(kb, sid):
        what = f"claims-relayed:{sid}:{','.join(key)}"
        count = fill(ctx.t(_plural("relay.group_count", len(ids))), claims=count_markup(ctx, len(ids), what))
        title = fill(ctx.t("relay.group"), sources=and_list(ctx, [name(ctx, s, link=False) for s in key]))
        groups.append((" ".join(key), Markup(title), Markup(count),
                       [(cid, Markup(statement(ctx, cid))) for cid in ids]))
    return render("relay-origin.html.j2", t=words(ctx.lang), sid=sid, summary=Markup(summary), groups=groups,
                  opened=len(origin_of) < FOLD_FROM)


def not_cited_note(ctx, sid: str) -> str:
    """For a source no claim cites in its own words: what is known of how it reaches the record (the sources that
    relay its claims, else those it is known from), never just "nothing is recorded"."""
    kb, s = ctx.kb, ctx.kb.sources[sid]
    relayers = query.relayers_of(kb, sid)
    if relayers:
        n = len(kb.relays.origin_of(sid))
        text = fill(ctx.t(_plural("not_cited.relayed", n)), sources=and_list(ctx, [name(ctx, r) for r in relayers]),
                     claims=count_markup(ctx, n, f"claims-originated:{sid}"))
    elif s.known_from:
        text = fill(ctx.t("not_cited.known_from"),
                     sources=and_list(ctx, [name(ctx, k) for k in s.known_from if k in kb.sources]))
    else:
        text = escape(ctx.t("none_yet"))
    return text


def url_from_note(ctx, sid: str) -> str:
    """For an address not read here: the sources whose text gives it, linked, so a reader knows who relayed it."""
    s = ctx.kb.sources[sid]
    return fill(ctx.t("url_from"), sources=and_list(ctx, [name(ctx, k) for k in s.url_from if k in ctx.kb.sources]))


def relays_section(ctx, sid: str) -> str:
    """The originals ``sid`` relays, each with its date and how many claims; '' when it relays none."""
    relays = ctx.kb.relays.relays(sid)
    if not relays:
        return ""
    items = []
    for origin, ids in relays:
        n = count_markup(ctx, len(ids), f"claims-relayed-by:{sid}:{origin}")
        items.append((origin, Markup(fill(ctx.t(_plural("relay.relays_item", len(ids))), origin=name(ctx, origin),
                                           date=_date(ctx, origin), claims=n))))
    return render("relay-relays.html.j2", t=words(ctx.lang), sid=sid, items=items)


def chains(ctx) -> str:
    """Every original report that other sources relay, oldest first, each with the claims it is the origin of
    and who relays them: the relay chains of the whole fact base, as each source page shows its own."""
    origins = [(sid, name(ctx, sid), _date(ctx, sid), origin_section(ctx, sid))
               for sid in query.relayed_origins(ctx.kb)]
    return str(render("relay-chains.html.j2", origins=origins))  # plain text, for the macros' page
