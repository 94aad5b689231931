"""Bodies of the pages generated for every claim, source, entity, tier and conflict.

Each function returns ``(title, markdown)``.  The title is plain text already
escaped for HTML (it reaches templates that print it raw).  The markdown is
front matter (``title``, and ``render_macros: false`` so that the macros
plugin never reads data text as a template) followed by block HTML and
Markdown section headings with explicit ids, identical in both languages.
Each kind of page is written in its template (``src/render/templates/<kind>.md.j2``,
sharing ``page.md.j2``); the functions here gather what it shows.
"""
from __future__ import annotations

from markupsafe import Markup  # declared in pyproject.toml

from kb import languages, query
from kb.kinds import KINDS
from . import citing, comparison, history, jsonld, listing, relay, report
from . import format as fmt
from .citations import citation, name_markup, source_link
from .figures import field_markup, figure, interval_markup
from .frontmatter import page_markdown as _page
from .labels import words
from .templating import render
from .tables import claim_table, entity_link, linked_prose, rank_step, statement, tier_link
from .text import plain, prose


def _kind(ctx, kind: str) -> dict:
    """What a page's first line needs: the link to its kind's index and the kind's name."""
    return {"kind_href": ctx.href(kind), "kind_label": ctx.t(KINDS[kind].label)}


def _statements(ctx, ids) -> list[tuple[str, Markup]]:
    """(claim id, statement markup) for each claim, as the templates list them."""
    return [(i, Markup(statement(ctx, i))) for i in ids]


def _cite(ctx, kind: str, ident: str) -> list[Markup]:
    return [Markup(block) for block in citing.section(ctx, kind, ident)]


def _prose(ctx, text, own: str | None = None) -> Markup | None:
    """A record's bilingual text as prose markup, None where the record has none."""
    return Markup(prose(ctx, ctx.text(text), own=own)) if text else None


# --- claims -------------------------------------------------------------------

def _conditions(ctx, cid: str) -> list[tuple[str, str | Markup, str]]:
    """(condition, its value, the unit after it) for each condition the claim states."""
    cond = ctx.kb.claims[cid].conditions
    items = []
    if cond.model:
        items.append(("model", Markup(entity_link(ctx, cond.model)), ""))
    if cond.format:
        items.append(("format", cond.format, ""))
    for key in ("input_tokens", "output_tokens"):
        n = getattr(cond, key)
        if n:
            items.append((key, Markup(field_markup(ctx, cid, "conditions." + key, n)), ctx.t("cond.tokens")))
    if cond.baseline:
        items.append(("baseline", Markup(entity_link(ctx, cond.baseline)), ""))
    if cond.benchmark:
        items.append(("benchmark", Markup(entity_link(ctx, cond.benchmark)), ""))
    if cond.operating_point:
        items.append(("operating_point", ctx.t("op." + cond.operating_point), ""))
    if cond.power_basis:
        items.append(("power_basis", ctx.t("power." + cond.power_basis), ""))
    if cond.decoding:
        items.append(("decoding", ctx.text(cond.decoding), ""))
    if cond.note:
        items.append(("note", Markup(prose(ctx, ctx.text(cond.note), own=None)), ""))
    return items


def _interval(ctx, cid: str, interval) -> Markup | None:
    return Markup(interval_markup(ctx, cid, interval.lo, interval.hi)) if interval is not None else None


def _derivation(ctx, cid: str) -> dict:
    kb, c = ctx.kb, ctx.kb.claims[cid]
    d, chk = c.derivation, query.check(kb, cid)
    low = chk is not None and chk.low_end is not None
    return {
        "op": d.op,
        "inputs": _statements(ctx, query.inputs(kb, cid)) if d.inputs else [],
        "missing": Markup(prose(ctx, ctx.text(d.missing))) if d.missing is not None else None,
        "computed": _interval(ctx, cid, chk.computed) if chk is not None else None,
        "low_end": _interval(ctx, cid, chk.low_end) if low else None,
        "high_end": _interval(ctx, cid, chk.high_end) if low else None,
        "stated": Markup(figure(ctx, cid)) if c.value is not None else None,
        "verdict": query.verdict(kb, cid),
    }


def _derived(ctx, cid: str) -> list[tuple]:
    """(claim id, statement, computed interval or None, verdict) for each claim derived from ``cid``."""
    kb = ctx.kb
    return [(rid, Markup(statement(ctx, rid)), _interval(ctx, rid, query.computed(kb, rid)), query.verdict(kb, rid))
            for rid in query.derived_from(kb, cid)]


def _conflicts_of(ctx, cid: str) -> list[tuple]:
    """(conflict id, its question linked to its page, its kind, its assessment) for each conflict over ``cid``."""
    out = []
    for xid in query.conflicts_of(ctx.kb, cid):
        x = ctx.kb.conflicts[xid]
        out.append((xid, Markup(linked_prose(ctx, ctx.text(x.question), ctx.href("conflict", xid))), x.kind,
                    Markup(prose(ctx, ctx.text(x.assessment)))))
    return out


def claim_page(ctx, cid: str) -> tuple[str, str]:
    kb, c = ctx.kb, ctx.kb.claims[cid]
    metric = kb.metrics[c.metric]
    successor = query.successor(kb, cid)
    active = query.is_active(kb, cid)
    body = render(
        "claim.md.j2", t=words(ctx.lang), cid=cid, status=c.status, **_kind(ctx, "claim"),
        active=active, banner_reason=None if active else _prose(ctx, c.status_reason),
        successor=successor, successor_href=ctx.href("claim", successor) if successor else "",
        successor_title=plain(ctx, ctx.text(kb.claims[successor].statement), own=successor) if successor else "",
        statement=Markup(prose(ctx, ctx.text(c.statement), own=cid)),
        figure=Markup(figure(ctx, cid)) if query.has_figure(kb, cid) else "", computed=c.value is None,
        subject=Markup(entity_link(ctx, c.subject)),
        metric_name=ctx.text(metric.name), metric_description=Markup(prose(ctx, ctx.text(metric.description))),
        scope=_prose(ctx, c.scope, own=cid), conditions=_conditions(ctx, cid),
        tier=Markup(tier_link(ctx, c.tier)), tier_reason=_prose(ctx, c.tier_reason, own=cid),
        status_reason=_prose(ctx, c.status_reason, own=cid),
        relay=Markup(relay.claim_line(ctx, cid)),
        attribution=c.attribution, attribution_note=_prose(ctx, c.attribution_note, own=cid),
        tags=ctx.t("list_sep").join(ctx.text(kb.tags[tag].name) for tag in c.tags),
        citations=[Markup(citation(ctx, cit, kb.how_checked(cid, i), cid)) for i, cit in enumerate(c.citations)],
        derivation=_derivation(ctx, cid) if c.derivation is not None else None,
        derived=_derived(ctx, cid), conflicts=_conflicts_of(ctx, cid),
        caveats=[Markup(prose(ctx, ctx.text(cv), own=cid)) for cv in c.caveats],
        history=Markup(history.block(ctx, cid)),
        cite=_cite(ctx, "claim", cid), jsonld=Markup(jsonld.script(jsonld.claim(ctx, cid))),
        origin=query.origin(kb, "claims", cid), report=_report(ctx, cid))
    return _page(plain(ctx, ctx.text(c.statement), own=cid), [body])


def _report(ctx, cid: str):
    """The words and addresses of a claim's "report an error" links (render.report), or None where there are none."""
    issue, editor = report.links(ctx, cid)
    if issue is None:
        return None
    words = {"issue": ctx.t("report.issue"), "edit": ctx.t("report.edit"), "sep": ctx.t("report.or")}
    return words, issue, editor


# --- sources ------------------------------------------------------------------

def source_page(ctx, sid: str) -> tuple[str, str]:
    kb, s = ctx.kb, ctx.kb.sources[sid]
    cited, relayed = query.cited_and_relayed(kb, sid)
    origin = relay.origin_section(ctx, sid)
    body = render(
        "source.md.j2", t=words(ctx.lang), date=lambda day: fmt.date(day, ctx.lang), sid=sid, s=s, **_kind(ctx, "source"),
        title=Markup(name_markup(ctx, sid, ctx.text(s.name))),
        publisher=Markup(entity_link(ctx, s.publisher)) if s.publisher else "",
        no_url=_prose(ctx, s.no_url),
        url_from=Markup(relay.url_from_note(ctx, sid)) if s.url_from else None,
        rechecked=(s.rechecked.found, s.rechecked.tried, _prose(ctx, s.rechecked.how)) if s.rechecked else None,
        not_cited=Markup(relay.not_cited_note(ctx, sid)),
        snapshot_note=_prose(ctx, s.snapshot.note) if s.snapshot else None,
        known_from=[Markup(source_link(ctx, k)) for k in s.known_from if k in kb.sources],
        note=_prose(ctx, s.note),
        # a short list, before the long one of quotes: what this source repeats rather than reports
        relays=Markup(relay.relays_section(ctx, sid)),
        cited=[(cid, Markup(statement(ctx, cid)),
                [Markup(citation(ctx, cit, kb.how_checked(cid, i), cid))
                 for i, cit in enumerate(kb.claims[cid].citations) if cit.source == sid]) for cid in cited],
        attributed=Markup(origin or claim_table(ctx, relayed, name="attributed")) if origin or relayed else None,
        cite=_cite(ctx, "source", sid), jsonld=Markup(jsonld.script(jsonld.source(ctx, sid))),
        origin=query.origin(kb, "sources", sid))
    return _page(ctx.text(s.name), [body])


# --- entities -----------------------------------------------------------------

def entity_page(ctx, eid: str) -> tuple[str, str]:
    kb, e = ctx.kb, ctx.kb.entities[eid]
    body = render(
        "entity.md.j2", t=words(ctx.lang), eid=eid, kind=e.kind, **_kind(ctx, "entity"),
        title=ctx.text(e.name), about=Markup(prose(ctx, ctx.text(e.description))),
        aliases=[(a, languages.verbatim_tag(a)) for a in e.aliases or ()],
        parent=Markup(entity_link(ctx, e.parent)) if e.parent else "",
        children=[Markup(entity_link(ctx, k)) for k in query.children(kb, eid)],
        table=Markup(listing.table(ctx, "entity", eid, query.claims_of_entity(kb, eid))),
        compared=Markup(comparison.entity_figures(ctx, eid)),
        cite=_cite(ctx, "entity", eid), jsonld=Markup(jsonld.script(jsonld.entity(ctx, eid))),
        origin=query.origin(kb, "entities", eid))
    return _page(ctx.text(e.name), [body])


# --- tiers --------------------------------------------------------------------

def tier_page(ctx, tid: str) -> tuple[str, str]:
    kb, tier = ctx.kb, ctx.kb.tiers[tid]
    body = render(
        "tier.md.j2", t=words(ctx.lang), tid=tid, **_kind(ctx, "tier"), title=ctx.text(tier.name),
        rank=Markup(rank_step(ctx, tid)), definition=Markup(prose(ctx, ctx.text(tier.definition))),
        example=_prose(ctx, tier.example),
        table=Markup(listing.table(ctx, "tier", tid, query.claims_of_tier(kb, tid))),
        jsonld=Markup(jsonld.script(jsonld.tier(ctx, tid))), origin=query.origin(kb, "tiers", tid))
    return _page(ctx.text(tier.name), [body])


# --- conflicts ----------------------------------------------------------------

def conflict_page(ctx, xid: str) -> tuple[str, str]:
    kb, x = ctx.kb, ctx.kb.conflicts[xid]
    body = render(
        "conflict.md.j2", t=words(ctx.lang), xid=xid, kind=x.kind, **_kind(ctx, "conflict"),
        question=Markup(prose(ctx, ctx.text(x.question))),
        sides=[(Markup(prose(ctx, ctx.text(side.summary))), _statements(ctx, query.side_claims(kb, side)))
               for side in x.sides],
        assessment=Markup(prose(ctx, ctx.text(x.assessment))),
        jsonld=Markup(jsonld.script(jsonld.conflict(ctx, xid))), origin=query.origin(kb, "conflicts", xid))
    return _page(plain(ctx, ctx.text(x.question)), [body])


BUILDERS = {kind: (build, KINDS[kind].data) for kind, build in (  # kind -> its page, and where its records are
    ("claim", claim_page),
    ("source", source_page),
    ("entity", entity_page),
    ("tier", tier_page),
    ("conflict", conflict_page),
)}


def all_pages(kb):
    """Every (kind, id) that gets a generated page: each record, and each retired id (data/redirects.yml)."""
    for kind, (_, attr) in BUILDERS.items():
        for ident in getattr(kb, attr):
            yield kind, ident
    for ident, r in kb.redirects.items():
        yield r.kind, ident


def body(ctx, kind: str, ident: str) -> tuple[str, str]:
    if ident not in getattr(ctx.kb, BUILDERS[kind][1]) and ident in ctx.kb.redirects:
        return citing.retired_page(ctx, ident)
    return BUILDERS[kind][0](ctx, ident)
