"""Bodies of the pages generated for every claim, source, entity, tier and conflict.

Each function returns ``(title, markdown)``.  The title is plain text already
escaped for HTML (it reaches templates that print it raw).  The markdown is
front matter (``title``, and ``render_macros: false`` so that the macros
plugin never reads data text as a template) followed by block HTML and
Markdown section headings with explicit ids, identical in both languages.
"""
from __future__ import annotations

from kb import query

from kb.kinds import KINDS
from . import citing, jsonld, listing, relay
from . import format as fmt
from .citations import citation, name_markup, source_link
from .figures import field_markup, figure, interval_markup
from .frontmatter import page_markdown as _page
from .tables import claim_table, entity_link, linked_prose, rank_step, statement, tier_link
from .text import escape, plain, prose


def _heading(ctx, key: str, anchor: str) -> str:
    return f"## {ctx.t(key)} {{ #{anchor} }}"


def _div(cls: str, inner: str, **data) -> str:
    attrs = "".join(f' data-{k}="{v}"' for k, v in data.items())
    return f'<div class="{cls}"{attrs}>\n{inner}\n</div>'


def _kindline(ctx, kind: str, ident: str) -> str:
    return (f'<p class="kb-kind"><a href="{ctx.href(kind)}">{escape(ctx.t(KINDS[kind].label))}</a> '
            f'<code>{escape(ident)}</code></p>')


def _facts(pairs: list[tuple[str, str]]) -> str:
    rows = "".join(f"<dt>{escape(k)}</dt><dd>{v}</dd>" for k, v in pairs if v)
    return f'<dl class="kb-facts">{rows}</dl>'


def _record(ctx, kind_folder: str, ident: str) -> str:
    o = query.origin(ctx.kb, kind_folder, ident)
    if o is None:
        return ""
    # file:line, as editors and compilers write it: a location to open, shown as code, not a figure
    return f'<p class="kb-record">{escape(ctx.t("record_note"))} <code>data/{escape(o.file)}:{o.line}</code></p>'


def _claim_list(ctx, ids) -> str:
    if not ids:
        return ""
    return '<ul class="kb-claims">' + "".join(f'<li data-claim="{i}">{statement(ctx, i)}</li>' for i in ids) + "</ul>"


# --- claims -------------------------------------------------------------------

def _conditions(ctx, cid: str) -> str:
    cond = ctx.kb.claims[cid].conditions
    items = []

    def add(key, value_html):
        items.append(f'<li><span class="kb-cond">{escape(ctx.t("cond." + key))}</span>'
                     f'{escape(ctx.t("colon"))}{value_html}</li>')

    if cond.model:
        add("model", entity_link(ctx, cond.model))
    if cond.format:
        add("format", escape(cond.format))
    for key in ("input_tokens", "output_tokens"):
        n = getattr(cond, key)
        if n:
            add(key, f'{field_markup(ctx, cid, "conditions." + key, n)} {escape(ctx.t("cond.tokens"))}')
    if cond.baseline:
        add("baseline", entity_link(ctx, cond.baseline))
    if cond.benchmark:
        add("benchmark", entity_link(ctx, cond.benchmark))
    if cond.operating_point:
        add("operating_point", escape(ctx.t("op." + cond.operating_point)))
    if cond.power_basis:
        add("power_basis", escape(ctx.t("power." + cond.power_basis)))
    if cond.decoding:
        add("decoding", escape(ctx.text(cond.decoding)))
    if cond.note:
        add("note", prose(ctx, ctx.text(cond.note), own=None))
    return f'<ul class="kb-conditions">{"".join(items)}</ul>' if items else ""


def _derivation(ctx, cid: str) -> str:
    kb, c = ctx.kb, ctx.kb.claims[cid]
    d, chk = c.derivation, query.check(kb, cid)
    pairs = [(ctx.t("f.operation"), escape(ctx.t("dop." + d.op)))]
    if d.inputs:
        pairs.append((ctx.t("f.inputs"), _claim_list(ctx, query.inputs(kb, cid))))
    if d.missing is not None:
        pairs.append((ctx.t("f.missing"), prose(ctx, ctx.text(d.missing))))
    if chk is not None and chk.computed is not None:
        pairs.append((ctx.t("f.computed"), interval_markup(ctx, cid, chk.computed.lo, chk.computed.hi)))
    if chk is not None and chk.low_end is not None:
        pairs.append((ctx.t("f.low_end"), interval_markup(ctx, cid, chk.low_end.lo, chk.low_end.hi)))
        pairs.append((ctx.t("f.high_end"), interval_markup(ctx, cid, chk.high_end.lo, chk.high_end.hi)))
    if c.value is not None:
        pairs.append((ctx.t("f.stated"), figure(ctx, cid)))
    v = query.verdict(kb, cid)
    if v:
        pairs.append((ctx.t("f.verdict"),
                      f'<span class="kb-verdict-text" data-verdict="{v}"><strong>{escape(ctx.t("verdict." + v))}</strong>'
                      f'{escape(ctx.t("colon"))}{escape(ctx.t("verdict.help." + v))}</span>'))
    return _div("kb-derivation", _facts(pairs), claim=cid)


def _derived(ctx, cid: str) -> str:
    kb = ctx.kb
    items = []
    for rid in query.derived_from(kb, cid):
        got, v = query.computed(kb, rid), query.verdict(kb, rid)
        extra = ""
        if got is not None:
            extra += f' <span class="kb-derived-computed">{escape(ctx.t("f.computed"))}{escape(ctx.t("colon"))}{interval_markup(ctx, rid, got.lo, got.hi)}</span>'
        if v:
            extra += f' <span class="kb-verdict-text" data-verdict="{v}">{escape(ctx.t("f.verdict"))}{escape(ctx.t("colon"))}{escape(ctx.t("verdict." + v))}</span>'
        items.append(f'<li data-claim="{rid}">{statement(ctx, rid)}{extra}</li>')
    return '<ul class="kb-derived">' + "".join(items) + "</ul>" if items else ""


def _conflicts_of(ctx, cid: str) -> str:
    items = []
    for xid in query.conflicts_of(ctx.kb, cid):
        x = ctx.kb.conflicts[xid]
        # the assessment stands on each claim's page too: a reader of a contested figure sees what
        # the evidence supports without a second click
        items.append(f'<li data-conflict="{xid}">{linked_prose(ctx, ctx.text(x.question), ctx.href("conflict", xid))} '
                     f'<span class="kb-xkind">{escape(ctx.t("open_paren").strip())}{escape(ctx.t("xkind." + x.kind))}'
                     f'{escape(ctx.t("close_paren"))}</span>'
                     f'<p class="kb-assessment"><strong>{escape(ctx.t("h.assessment"))}</strong>{escape(ctx.t("colon"))}'
                     f'{prose(ctx, ctx.text(x.assessment))}</p></li>')
    return '<ul class="kb-conflicts">' + "".join(items) + "</ul>" if items else ""


def claim_page(ctx, cid: str) -> tuple[str, str]:
    kb, c = ctx.kb, ctx.kb.claims[cid]
    metric = kb.metrics[c.metric]
    title_text = plain(ctx, ctx.text(c.statement), own=cid)

    banner = ""
    successor = query.successor(kb, cid)
    if not query.is_active(kb, cid):
        succ = ""
        if successor:
            succ = (f' {escape(ctx.t("f.successor"))}{escape(ctx.t("colon"))}'
                    f'<a class="kb-successor" href="{ctx.href("claim", successor)}">'
                    f'{escape(plain(ctx, ctx.text(kb.claims[successor].statement), own=successor))}</a>')
        reason = f' {prose(ctx, ctx.text(c.status_reason))}' if c.status_reason else ""
        banner = (f'<p class="kb-banner" data-status="{c.status}"><strong>{escape(ctx.t(c.status + "_banner"))}</strong>'
                  f'{reason}{succ}</p>')
    elif c.status == "contested":
        banner = f'<p class="kb-banner" data-status="contested">{escape(ctx.t("contested_banner"))}</p>'

    figure_html = figure(ctx, cid) if query.has_figure(kb, cid) else ""
    if figure_html and c.value is None:
        figure_html += f' <span class="kb-note">{escape(ctx.t("verdict.help.computed"))}</span>'
    metric_html = (f'{escape(ctx.text(metric.name))} <span class="kb-note">{prose(ctx, ctx.text(metric.description))}</span>')
    tier_html = tier_link(ctx, c.tier)
    if c.tier_reason:
        tier_html += f' <span class="kb-note">{prose(ctx, ctx.text(c.tier_reason), own=cid)}</span>'
    status_html = escape(ctx.t("status." + c.status))
    if c.status_reason:
        status_html += f' <span class="kb-note">{prose(ctx, ctx.text(c.status_reason), own=cid)}</span>'
    if successor:
        status_html += (f' {escape(ctx.t("f.successor"))}{escape(ctx.t("colon"))}'
                        f'<a class="kb-successor" href="{ctx.href("claim", successor)}"><code>{escape(successor)}</code></a>')
    attribution = escape(ctx.t("attribution." + c.attribution))
    if c.attribution_note:
        attribution += f' <span class="kb-note">{prose(ctx, ctx.text(c.attribution_note), own=cid)}</span>'
    facts = [
        (ctx.t("f.figure"), figure_html),
        (ctx.t("f.subject"), entity_link(ctx, c.subject)),
        (ctx.t("f.metric"), metric_html),
        (ctx.t("f.scope"), prose(ctx, ctx.text(c.scope), own=cid) if c.scope else ""),
        (ctx.t("f.conditions"), _conditions(ctx, cid)),
        (ctx.t("f.tier"), tier_html),
        (ctx.t("f.status"), f'<span id="status">{status_html}</span>'),
        (ctx.t("f.relay"), relay.claim_line(ctx, cid)),
        (ctx.t("f.attribution"), attribution),
        (ctx.t("f.tags"), escape(ctx.t("list_sep").join(c.tags))),
    ]
    head = _div("kb-page kb-claim-head",
                "\n".join([_kindline(ctx, "claim", cid), banner,
                           f'<h1 class="kb-statement">{prose(ctx, ctx.text(c.statement), own=cid)}</h1>',
                           _facts(facts)]),
                claim=cid, status=c.status)
    blocks = [head,
              _heading(ctx, "h.sources", "sources"),
              _div("kb-citations", f'<p class="kb-note">{escape(ctx.t("quote_lang_note"))}</p>\n'
                   + "\n".join(citation(ctx, cit, kb.how_checked(cid, i), cid) for i, cit in enumerate(c.citations)))]
    if c.derivation is not None:
        blocks += [_heading(ctx, "h.derivation", "derivation"), _derivation(ctx, cid)]
    derived = _derived(ctx, cid)
    if derived:
        blocks += [_heading(ctx, "h.derived", "derived"), _div("kb-derived-list", derived)]
    conflicts = _conflicts_of(ctx, cid)
    if conflicts:
        blocks += [_heading(ctx, "h.conflicts", "conflicts"), _div("kb-conflict-list", conflicts)]
    if c.caveats:
        items = "".join(f"<li>{prose(ctx, ctx.text(cv), own=cid)}</li>" for cv in c.caveats)
        blocks += [_heading(ctx, "h.caveats", "caveats"), _div("kb-caveats", f"<ul>{items}</ul>")]
    blocks += citing.section(ctx, "claim", cid) + [jsonld.script(jsonld.claim(ctx, cid))]
    blocks += [_heading(ctx, "h.record", "record"), _div("kb-record-wrap", _record(ctx, "claims", cid))]
    return _page(title_text, blocks)


# --- sources ------------------------------------------------------------------

def _external(url: str) -> str:
    e = escape(url)
    # an address is a name, not a figure: its digits (a page id, a commit) are marked as such
    return f'<a class="kb-external" href="{e}" rel="noopener noreferrer nofollow" data-name>{e}</a>'


def source_page(ctx, sid: str) -> tuple[str, str]:
    kb, s = ctx.kb, ctx.kb.sources[sid]
    facts = [
        (ctx.t("f.kind"), escape(ctx.t("skind." + s.kind))),
        (ctx.t("f.title"), f'<span lang="{s.language}" data-name>{escape(s.title)}</span>' if s.title else ""),
        (ctx.t("f.language"), escape(ctx.t("lang." + s.language))),
        (ctx.t("f.publisher"), entity_link(ctx, s.publisher) if s.publisher else ""),
        (ctx.t("f.author"), f'<span lang="{s.language}" data-name>{escape(s.author)}</span>' if s.author else ""),
        (ctx.t("f.date"), f'<time datetime="{s.date}">{escape(fmt.date(s.date, ctx.lang))}</time>' if s.date else ""),
        (ctx.t("f.url"), _external(s.url) if s.url else ""),
        (ctx.t("f.accessed"), f'<time datetime="{s.accessed}">{escape(fmt.date(s.accessed, ctx.lang))}</time>'
         if s.accessed else ""),
        (ctx.t("f.archive_url"), _external(s.archive_url) if s.archive_url else ""),
        (ctx.t("f.no_url"), f'<span class="kb-no-url">{prose(ctx, ctx.text(s.no_url))}</span>' if s.no_url else ""),
    ]
    if s.snapshot:
        snap = (f'<span class="kb-snapshot-extent" data-extent="{s.snapshot.extent}">'
                f'{escape(ctx.t("snapshot." + s.snapshot.extent))}</span>{escape(ctx.t("list_sep"))}'
                f'<code>data/{escape(s.snapshot.file)}</code>{escape(ctx.t("list_sep"))}{escape(ctx.t("f.snapshot_taken"))} '
                f'<time datetime="{s.snapshot.taken}">{escape(fmt.date(s.snapshot.taken, ctx.lang))}</time>')
        if s.snapshot.note:
            snap += f' <span class="kb-note">{prose(ctx, ctx.text(s.snapshot.note))}</span>'
        facts.append((ctx.t("f.snapshot"), snap))
    else:
        facts.append((ctx.t("f.snapshot"), f'<span class="kb-snapshot-extent" data-extent="none">'
                                           f'{escape(ctx.t("snapshot.none"))}</span>'))
    if s.known_from:
        links = escape(ctx.t("list_sep")).join(source_link(ctx, k) for k in s.known_from if k in kb.sources)
        facts.append((ctx.t("h.known_from"), f'{links} <span class="kb-note">{escape(ctx.t("known_from_note"))}</span>'))
    if s.note:
        facts.append((ctx.t("f.note"), prose(ctx, ctx.text(s.note))))
    head = _div("kb-page kb-source-head", "\n".join([
        _kindline(ctx, "source", sid), f"<h1>{name_markup(ctx, sid, ctx.text(s.name))}</h1>", _facts(facts)]), source=sid)

    cited, relayed = query.cited_and_relayed(kb, sid)
    blocks = [head]
    relays = relay.relays_section(ctx, sid)
    if relays:  # a short list, before the long one of quotes: what this source repeats rather than reports
        blocks += [_heading(ctx, "h.relays", "relays"), relays]
    blocks += [_heading(ctx, "h.claims_cited", "claims")]
    items = []
    for cid in cited:
        quotes = "".join(citation(ctx, cit, kb.how_checked(cid, i), cid)
                         for i, cit in enumerate(kb.claims[cid].citations) if cit.source == sid)
        items.append(f'<li data-claim="{cid}"><p>{statement(ctx, cid)}</p>{quotes}</li>')
    blocks.append(_div("kb-source-claims", '<ul class="kb-claims">' + "\n".join(items) + "</ul>" if items
                       else f'<p class="kb-empty">{escape(ctx.t("none_yet"))}</p>'))
    origin = relay.origin_section(ctx, sid)
    if origin or relayed:
        blocks += [_heading(ctx, "h.origin_of", "attributed"),
                   _div("kb-source-attributed", origin or claim_table(ctx, relayed, name="attributed"))]
    blocks += citing.section(ctx, "source", sid) + [jsonld.script(jsonld.source(ctx, sid))]
    blocks += [_heading(ctx, "h.record", "record"), _div("kb-record-wrap", _record(ctx, "sources", sid))]
    return _page(ctx.text(s.name), blocks)


# --- entities -----------------------------------------------------------------

def entity_page(ctx, eid: str) -> tuple[str, str]:
    kb, e = ctx.kb, ctx.kb.entities[eid]
    children = query.children(kb, eid)
    facts = [
        (ctx.t("f.kind"), escape(ctx.t("ekind." + e.kind))),
        (ctx.t("h.about"), prose(ctx, ctx.text(e.description))),
        (ctx.t("f.aliases"), escape(ctx.t("list_sep")).join(
            f'<span data-entity="{eid}" translate="no">{escape(a)}</span>' for a in e.aliases)),  # verbatim spellings
        (ctx.t("f.parent"), entity_link(ctx, e.parent) if e.parent else ""),
        (ctx.t("h.children"), escape(ctx.t("list_sep")).join(entity_link(ctx, k) for k in children)),
    ]
    head = _div("kb-page kb-entity-head", "\n".join([
        _kindline(ctx, "entity", eid), f'<h1><span data-entity="{eid}">{escape(ctx.text(e.name))}</span></h1>',
        _facts(facts)]), entity=eid)
    ids = query.claims_of_entity(kb, eid)
    blocks = [head, _heading(ctx, "h.claims", "claims"),
              _div("kb-entity-claims", listing.table(ctx, "entity", eid, ids)),
              *citing.section(ctx, "entity", eid), jsonld.script(jsonld.entity(ctx, eid)),
              _heading(ctx, "h.record", "record"), _div("kb-record-wrap", _record(ctx, "entities", eid))]
    return _page(ctx.text(e.name), blocks)


# --- tiers --------------------------------------------------------------------

def tier_page(ctx, tid: str) -> tuple[str, str]:
    kb, tier = ctx.kb, ctx.kb.tiers[tid]
    facts = [
        (ctx.t("f.rank"), rank_step(ctx, tid)),
        (ctx.t("h.definition"), prose(ctx, ctx.text(tier.definition))),
        (ctx.t("f.example"), prose(ctx, ctx.text(tier.example)) if tier.example else ""),
    ]
    head = _div("kb-page kb-tier-head", "\n".join([
        _kindline(ctx, "tier", tid), f"<h1>{escape(ctx.text(tier.name))}</h1>", _facts(facts)]), tier=tid)
    ids = query.claims_of_tier(kb, tid)
    blocks = [head, _heading(ctx, "h.claims", "claims"), _div("kb-tier-claims", listing.table(ctx, "tier", tid, ids)),
              jsonld.script(jsonld.tier(ctx, tid)),
              _heading(ctx, "h.record", "record"), _div("kb-record-wrap", _record(ctx, "tiers", tid))]
    return _page(ctx.text(tier.name), blocks)


# --- conflicts ----------------------------------------------------------------

def conflict_page(ctx, xid: str) -> tuple[str, str]:
    kb, x = ctx.kb, ctx.kb.conflicts[xid]
    head = _div("kb-page kb-conflict-head", "\n".join([
        _kindline(ctx, "conflict", xid),
        f'<h1>{prose(ctx, ctx.text(x.question))}</h1>',
        _facts([(ctx.t("f.kind"), escape(ctx.t("xkind." + x.kind)))])]), conflict=xid)
    sides = []
    for n, side in enumerate(x.sides, 1):
        sides.append(f'<section class="kb-side" data-side="{n}">'
                     f'<h3 class="kb-side-title">{escape(ctx.t("side"))}</h3>'
                     f'<p>{prose(ctx, ctx.text(side.summary))}</p>'
                     f'{_claim_list(ctx, query.side_claims(kb, side))}</section>')
    blocks = [head, _heading(ctx, "h.sides", "sides"), _div("kb-sides", "\n".join(sides)),
              _heading(ctx, "h.assessment", "assessment"),
              _div("kb-assessment", f"<p>{prose(ctx, ctx.text(x.assessment))}</p>"),
              jsonld.script(jsonld.conflict(ctx, xid)),
              _heading(ctx, "h.record", "record"), _div("kb-record-wrap", _record(ctx, "conflicts", xid))]
    return _page(plain(ctx, ctx.text(x.question)), blocks)


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
