"""Tables and lists built from data queries: claims by tag, metric or subject, indexes.

Every table is a plain HTML table that reads without JavaScript; tables marked
``data-kb-sortable`` / ``data-kb-filter`` are enhanced by ``assets/kb.js``
(click a heading to sort, type to filter).  Cells that sort by something other
than their text carry ``data-sort``.
"""
from __future__ import annotations

from kb import query
from kb.languages import LANGUAGES
from kb.prose import PLACEHOLDER

from . import format as fmt
from . import urls
from .citations import source_link
from .figures import count_markup, figure, tier_said_line

from .text import entity_name, escape, prose

# a table longer than this gets the filter box and sortable headings
FILTER_FROM = 8


# --- small pieces -------------------------------------------------------------

def entity_link(ctx, eid: str) -> str:
    if eid not in ctx.kb.entities:
        return escape(eid)
    return entity_name(ctx, eid)


def tier_link(ctx, tid: str) -> str:
    return f'<a class="kb-tier-link" href="{ctx.href("tier", tid)}">{escape(ctx.text(ctx.kb.tiers[tid].name))}</a>'


def linked_prose(ctx, text: str, href: str, own: str | None = None) -> str:
    """Prose as a link to ``href``; prose holding figures (links themselves) gets an arrow link instead."""
    if PLACEHOLDER.search(text):
        label = escape(ctx.t("open_page"))
        return f'{prose(ctx, text, own)} <a class="kb-more" href="{href}" aria-label="{label}" data-pagefind-ignore="all">&#8594;</a>'
    return f'<a href="{href}">{escape(text)}</a>'


def claim_more(ctx, cid: str) -> str:
    """A small link to the claim page, for statements that may hold no figure."""
    label = escape(ctx.t("see_claim"))
    return f' <a class="kb-more" href="{ctx.href("claim", cid)}" title="{label}" aria-label="{label}" data-pagefind-ignore="all">&#8594;</a>'


def statement(ctx, cid: str) -> str:
    c = ctx.kb.claims[cid]
    return prose(ctx, ctx.text(c.statement), own=cid) + claim_more(ctx, cid)


def status_text(ctx, cid: str) -> str:
    c = ctx.kb.claims[cid]
    parts = [ctx.t("status." + c.status)]
    v = query.verdict(ctx.kb, cid)
    if v:
        parts.append(ctx.t("verdict." + v))
    if c.status != "contested" and query.in_conflict(ctx.kb, cid):
        parts.append(ctx.t("badge.disputed"))
    return escape(ctx.t("list_sep").join(parts))


def none_yet(ctx) -> str:
    return f'<p class="kb-empty">{escape(ctx.t("none_yet"))}</p>'


def table(ctx, name: str, headers: list[str], rows: list[str], filterable: bool | None = None, caption: str = "") -> str:
    """A table; rows are ready-made <tr> strings, ``caption`` ready-made markup."""
    if not rows:
        return none_yet(ctx)
    if filterable is None:
        filterable = len(rows) >= FILTER_FROM
    enhance = ' data-kb-sortable="" data-kb-filter=""' if filterable else ""
    extra = (f' data-kb-filter-label="{escape(ctx.t("filter"))}" '
             f'data-kb-filter-placeholder="{escape(ctx.t("filter_placeholder"))}"') if filterable else ""
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in headers)
    caption = f"<caption>{caption}</caption>" if caption else ""
    return (f'<div class="kb-table" data-kb-table="{name}">\n<table{enhance}{extra}>{caption}\n'
            f'<thead><tr>{head}</tr></thead>\n<tbody>\n' + "\n".join(rows) + "\n</tbody>\n</table>\n</div>")


# --- claim tables -------------------------------------------------------------

def claim_table(ctx, ids, filterable=None, name="claims") -> str:
    kb = ctx.kb
    rows = []
    for cid in ids:
        c = kb.claims[cid]
        tier = kb.tiers[c.tier]
        rows.append(
            f'<tr data-claim="{cid}"><td>{statement(ctx, cid)}</td>'
            f'<td>{entity_link(ctx, c.subject)}</td>'
            f'<td>{escape(ctx.text(kb.metrics[c.metric].name))}</td>'
            f'<td data-sort="{tier.rank}">{tier_link(ctx, c.tier)}</td>'
            f'<td>{status_text(ctx, cid)}</td></tr>')
    headers = [ctx.t("f.claim"), ctx.t("f.subject"), ctx.t("f.metric"), ctx.t("f.tier"), ctx.t("f.status")]
    return table(ctx, name, headers, rows, filterable)


def comparison_table(ctx, subject: str, metrics, tag=None) -> str:
    """One row per (model, metric): the subject's figure, the baseline's, and their ratio."""
    kb = ctx.kb
    # a results table holds measured rows only: figures whose model or subject is uncertain stay on their own pages
    pairs = query.comparison(kb, subject, metrics, tag)
    dash = '<span class="kb-nofig">—</span>'
    rows = []
    tier = query.shared_tier(kb, [i for triple in pairs for i in triple])
    said = tier is not None
    for cid, base, ratio in pairs:
        c = kb.claims[cid]
        model = entity_link(ctx, c.conditions.model) if c.conditions.model else dash
        if c.conditions.format:
            model += f' <span class="kb-format">{escape(c.conditions.format)}</span>'
        rows.append(
            f'<tr data-claim="{cid}"><th scope="row">{model}</th>'
            f'<td>{escape(ctx.text(kb.metrics[c.metric].name))}</td>'
            f'<td>{figure(ctx, cid, tier_said=said)}</td>'
            f'<td><span class="kb-baseline-name">{entity_link(ctx, c.conditions.baseline)}</span> '
            f'{figure(ctx, base, tier_said=said) if base else dash}</td>'
            f'<td>{figure(ctx, ratio, tier_said=said) if ratio else dash}</td></tr>')
    subject_name = ctx.text(kb.entities[subject].name) if subject in kb.entities else subject
    headers = [ctx.t("f.model"), ctx.t("f.metric"), subject_name, ctx.t("f.baseline"), ctx.t("f.ratio")]
    return table(ctx, "comparison", headers, rows, filterable=False, caption=tier_said_line(ctx, tier) if said else "")


def derivation_table(ctx, ids) -> str:
    kb = ctx.kb
    rows = []
    for cid in ids:
        c = kb.claims[cid]
        v = query.verdict(kb, cid) or ""
        rows.append(f'<tr data-claim="{cid}" data-verdict="{v}"><td>{statement(ctx, cid)}</td>'
                    f'<td>{escape(ctx.t("dop." + c.derivation.op))}</td>'
                    f'<td>{escape(ctx.t("verdict." + v)) if v else ""}</td></tr>')
    return table(ctx, "derivations", [ctx.t("f.claim"), ctx.t("f.operation"), ctx.t("f.verdict")], rows)


def timeline(ctx, ids) -> str:
    """Dated claims in date order (ranges by their start)."""
    kb = ctx.kb
    dated = query.dated(kb, ids)
    if not dated:
        return none_yet(ctx)
    items = []
    for cid in dated:
        c = kb.claims[cid]
        text = ctx.text(c.statement)
        lead = "" if "{value}" in text else f'<span class="kb-when">{figure(ctx, cid)}</span> '
        kind = escape(ctx.text(kb.metrics[c.metric].name))
        items.append(f'<li data-claim="{cid}"><span class="kb-metric">{kind}</span> {lead}{statement(ctx, cid)}</li>')
    return '<ol class="kb-timeline">\n' + "\n".join(items) + "\n</ol>"


# --- reference lists ----------------------------------------------------------

def metric_guide(ctx, metric_ids) -> str:
    kb = ctx.kb
    items = []
    for mid in metric_ids:
        m = kb.metrics[mid]
        unit = kb.units[m.unit]
        sym = fmt.unit_symbol(unit, ctx.lang)
        unit_text = ctx.text(unit.name) + (ctx.t("open_paren") + sym + ctx.t("close_paren") if sym else "")
        items.append(f'<dt id="metric-{mid}">{escape(ctx.text(m.name))}</dt>'
                     f'<dd><p>{prose(ctx, ctx.text(m.description))}</p>'
                     f'<p class="kb-unit-name">{escape(ctx.t("f.unit"))}{escape(ctx.t("colon"))}{escape(unit_text)}</p></dd>')
    return '<dl class="kb-metrics">\n' + "\n".join(items) + "\n</dl>" if items else none_yet(ctx)


def tier_ladder(ctx) -> str:
    kb = ctx.kb
    rows = []
    for tid in query.tier_order(kb):
        tier = kb.tiers[tid]
        count = len(query.claims_of_tier(kb, tid))
        # the count sits next to the tier's name, so that a phone shows both without scrolling sideways
        rows.append(f'<tr data-tier="{tid}"><th scope="row">{tier_link(ctx, tid)}'
                    f'<span class="kb-step">{rank_step(ctx, tid)}</span></th>'
                    f'<td data-sort="{count}">{count_markup(ctx, count, "claims-in-tier:" + tid)}</td>'
                    f'<td>{prose(ctx, ctx.text(tier.definition))}</td></tr>')
    return table(ctx, "tiers", [ctx.t("kind.tier"), ctx.t("f.count"), ctx.t("h.definition")], rows, False)


def conflict_list(ctx, kinds=None) -> str:
    kb = ctx.kb
    rows = []
    for xid in query.conflicts_of_kind(kb, kinds):
        x = kb.conflicts[xid]
        n = len(query.claims_in_conflict(kb, xid))
        rows.append(f'<tr data-conflict="{xid}"><td>{linked_prose(ctx, ctx.text(x.question), ctx.href("conflict", xid))}</td>'
                    f'<td>{escape(ctx.t("xkind." + x.kind))}</td>'
                    f'<td data-sort="{n}">{count_markup(ctx, n, "claims-in-conflict:" + xid)}</td></tr>')
    return table(ctx, "conflicts", [ctx.t("f.question"), ctx.t("f.kind"), ctx.t("f.count")], rows)


def source_index(ctx) -> str:
    kb = ctx.kb
    rows = []
    for sid, s in kb.sources.items():
        n = len(query.claims_of_source(kb, sid))
        date = (f'<time datetime="{s.date}">{escape(fmt.date(s.date, ctx.lang))}</time>' if s.date else "")
        rows.append(f'<tr data-source="{sid}"><td>{source_link(ctx, sid)}</td>'
                    f'<td>{escape(ctx.t("skind." + s.kind))}</td>'
                    f'<td>{escape(ctx.t("lang." + s.language))}</td>'
                    f'<td data-sort="{s.date or ""}">{date}</td>'
                    f'<td data-sort="{n}">{count_markup(ctx, n, "claims-of-source:" + sid)}</td></tr>')
    return table(ctx, "sources", [ctx.t("f.name"), ctx.t("f.kind"), ctx.t("f.language"), ctx.t("f.date"), ctx.t("f.count")], rows)


def entity_index(ctx, kind=None) -> str:
    kb = ctx.kb
    rows = []
    for eid in query.entities_of_kind(kb, kind):
        e = kb.entities[eid]
        n = len(query.claims_of_entity(kb, eid))
        rows.append(f'<tr data-entity="{eid}"><td>{entity_link(ctx, eid)}</td>'
                    f'<td>{escape(ctx.t("ekind." + e.kind))}</td>'
                    f'<td>{prose(ctx, ctx.text(e.description))}</td>'
                    f'<td data-sort="{n}">{count_markup(ctx, n, "claims-of-entity:" + eid)}</td></tr>')
    return table(ctx, "entities", [ctx.t("f.name"), ctx.t("f.kind"), ctx.t("h.about"), ctx.t("f.count")], rows)


def glossary(ctx) -> str:
    kb = ctx.kb
    if not kb.glossary:
        return none_yet(ctx)
    items = []
    for gid in query.glossary_order(kb, ctx.lang):
        g = kb.glossary[gid]
        extra = ""
        if g.aliases:
            extra += (f'<p class="kb-aliases">{escape(ctx.t("f.aliases"))}{escape(ctx.t("colon"))}'
                      + escape(ctx.t("list_sep")).join(f'<span data-name translate="no">{escape(a)}</span>' for a in g.aliases)
                      + "</p>")
        related = query.related_terms(kb, gid)
        if related:
            links = escape(ctx.t("list_sep")).join(
                f'<a href="#{r}">{escape(ctx.text(kb.glossary[r].term))}</a>' for r in related)
            extra += f'<p class="kb-related">{escape(ctx.t("f.related"))}{escape(ctx.t("colon"))}{links}</p>'
        items.append(f'<dt id="{gid}">{escape(ctx.text(g.term))}</dt>'
                     f'<dd><p>{prose(ctx, ctx.text(g.definition))}</p>{extra}</dd>')
    return '<dl class="kb-glossary">\n' + "\n".join(items) + "\n</dl>"


def counts(ctx) -> dict[str, str]:
    kb = ctx.kb
    return {k: count_markup(ctx, len(getattr(kb, k)), "total:" + k)
            for k in ("claims", "sources", "entities", "tiers", "conflicts", "glossary")}


def rank_step(ctx, tid: str) -> str:
    """A tier's place on the ladder ("step 3 of the ladder"), the step tied to tiers.yml's rank (HTML)."""
    rank = ctx.kb.tiers[tid].rank
    if not rank:
        return escape(ctx.t("rank.off"))
    before, _, after = ctx.t("rank.step").partition("{n}")
    return escape(before) + count_markup(ctx, rank, "tier-rank:" + tid) + escape(after)


def conflict_digest(ctx, ids) -> str:
    """Named conflicts, each as its question (linked to its page) and its assessment, in the order given."""
    kb = ctx.kb
    out = []
    for xid in query.names(ids):
        if xid not in kb.conflicts:
            raise KeyError(f"conflict_digest: {xid!r} names no conflict in data/conflicts")
        x = kb.conflicts[xid]
        out.append(f'<section class="kb-digest" data-conflict="{xid}">'
                   f'<h3 id="{xid}">{linked_prose(ctx, ctx.text(x.question), ctx.href("conflict", xid))}</h3>'
                   f'<p class="kb-assessment">{prose(ctx, ctx.text(x.assessment))}</p></section>')
    return "\n".join(out)


def claim_addresses(ctx) -> str:
    """The address of a claim's page in each site language, each named in its own language: ``/claims/<id>/``
    (English), ``/zh/claims/<id>/`` (简体中文), ``/zh-hant/claims/<id>/`` (繁體中文)."""
    items = [f'<code>/{escape(urls.page_url("claim", "<id>", lang))}</code>{escape(ctx.t("open_paren"))}'
             f'<span lang="{urls.lang_tag(lang)}">{escape(LANGUAGES[lang].name)}</span>{escape(ctx.t("close_paren"))}'
             for lang in LANGUAGES]
    return escape(ctx.t("list_sep")).join(items)
