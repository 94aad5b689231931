"""Tables and lists built from data queries: claims by tag, metric or subject, indexes.

Every table is a plain HTML table that reads without JavaScript; tables marked
``data-kb-sortable`` / ``data-kb-filter`` are enhanced by ``assets/kb.js``
(click a heading to sort, type to filter).  Cells that sort by something other
than their text carry ``data-sort``.

The markup is in templates (``templates/table*.html.j2``, ``timeline.html.j2``,
``glossary.html.j2``...; the small links in ``inline.html.j2``): the functions here
choose what each row shows and hand it over, pieces that are already markup (a
figure, a linked name, contributor prose) as :class:`markupsafe.Markup`, everything
else as text for the template to escape.  They return ``str``, as they always did.
"""
from __future__ import annotations

from markupsafe import Markup  # declared in pyproject.toml

from kb import languages, query
from kb.languages import LANGUAGES
from kb.prose import PLACEHOLDER

from . import format as fmt
from . import urls
from .citations import source_link
from .figures import count_markup, figure, tier_said_line
from .templating import template
from .text import entity_name, escape, inline, prose

# a table longer than this gets the filter box and sortable headings
FILTER_FROM = 8


# --- small pieces -------------------------------------------------------------

def entity_link(ctx, eid: str) -> str:
    if eid not in ctx.kb.entities:
        return escape(eid)
    return entity_name(ctx, eid)


def tier_link(ctx, tid: str) -> str:
    return str(inline().tier(ctx.href("tier", tid), ctx.text(ctx.kb.tiers[tid].name)))


# between a statement and its arrow link: the arrow never starts a line of its own (at 320 px it did, in a narrow cell)
NO_BREAK = "&#160;"


def linked_prose(ctx, text: str, href: str, own: str | None = None, words: bool = False) -> str:
    """Prose as a link to ``href``; prose holding figures (links themselves) gets an arrow link instead, with its words
    shown where ``words`` (a row of a table, which must be seen to lead to its page)."""
    if PLACEHOLDER.search(text):
        more = inline().more_words if words else inline().more
        return f'{prose(ctx, text, own)}{" " if words else NO_BREAK}{more(href, ctx.t("open_page"))}'
    return str(inline().link(href, text))


def claim_more(ctx, cid: str) -> str:
    """A small link to the claim page, for statements that may hold no figure."""
    return f'{NO_BREAK}{inline().more(ctx.href("claim", cid), ctx.t("see_claim"), title=True)}'


def statement(ctx, cid: str) -> str:
    c = ctx.kb.claims[cid]
    return prose(ctx, ctx.text(c.statement), own=cid) + claim_more(ctx, cid)


def status_text(ctx, cid: str) -> str:
    """A claim's status in words, with its verdict and whether it is disputed (text, not escaped)."""
    c = ctx.kb.claims[cid]
    parts = [ctx.t("status." + c.status)]
    v = query.verdict(ctx.kb, cid)
    if v:
        parts.append(ctx.t("verdict." + v))
    if c.status != "contested" and query.in_conflict(ctx.kb, cid):
        parts.append(ctx.t("badge.disputed"))
    return ctx.t("list_sep").join(parts)


def none_yet(ctx) -> str:
    return str(inline().empty(ctx.t("none_yet")))


def table(ctx, block: str, name: str, headers: list[str], rows: list[tuple], filterable: bool | None = None,
          caption: str = "", **values) -> str:
    """A table drawn by the template ``block`` (one that extends ``table.html.j2``) from ``rows``, the values
    of its rows as that template takes them, and any other ``values`` it names; ``caption`` is markup.  No rows:
    the note that there are none."""
    if not rows:
        return none_yet(ctx)
    if filterable is None:
        filterable = len(rows) >= FILTER_FROM
    return template(block).render(name=name, headers=headers, rows=rows, filterable=filterable,
                                  filter_label=ctx.t("filter"), filter_placeholder=ctx.t("filter_placeholder"),
                                  caption=Markup(caption), **values)


# --- claim tables -------------------------------------------------------------

def claim_table(ctx, ids, filterable=None, name="claims") -> str:
    kb = ctx.kb
    rows = []
    for cid in ids:
        c = kb.claims[cid]
        rows.append((cid, Markup(statement(ctx, cid)), Markup(entity_link(ctx, c.subject)),
                     ctx.text(kb.metrics[c.metric].name), kb.tiers[c.tier].rank, Markup(tier_link(ctx, c.tier)),
                     status_text(ctx, cid)))
    headers = [ctx.t("f.claim"), ctx.t("f.subject"), ctx.t("f.metric"), ctx.t("f.tier"), ctx.t("f.status")]
    return table(ctx, "table-claims.html.j2", name, headers, rows, filterable)


def comparison_table(ctx, subject: str, metrics, tag=None) -> str:
    """One row per (model, metric): the subject's figure, the baseline's, and their ratio."""
    kb = ctx.kb
    # a results table holds measured rows only: figures whose model or subject is uncertain stay on their own pages
    pairs = query.comparison(kb, subject, metrics, tag)
    rows = []
    tier = query.shared_tier(kb, [i for triple in pairs for i in triple])
    said = tier is not None
    for cid, base, ratio in pairs:
        c = kb.claims[cid]
        rows.append((cid, Markup(entity_link(ctx, c.conditions.model)) if c.conditions.model else None,
                     c.conditions.format or "", ctx.text(kb.metrics[c.metric].name),
                     Markup(figure(ctx, cid, tier_said=said)), Markup(entity_link(ctx, c.conditions.baseline)),
                     Markup(figure(ctx, base, tier_said=said)) if base else None,
                     Markup(figure(ctx, ratio, tier_said=said)) if ratio else None))
    subject_name = ctx.text(kb.entities[subject].name) if subject in kb.entities else subject
    headers = [ctx.t("f.model"), ctx.t("f.metric"), subject_name, ctx.t("f.baseline"), ctx.t("f.ratio")]
    return table(ctx, "table-comparison.html.j2", "comparison", headers, rows, filterable=False,
                 caption=tier_said_line(ctx, tier) if said else "")


def derivation_table(ctx, ids) -> str:
    kb = ctx.kb
    rows = []
    for cid in ids:
        c = kb.claims[cid]
        v = query.verdict(kb, cid) or ""
        rows.append((cid, v, Markup(statement(ctx, cid)), ctx.t("dop." + c.derivation.op),
                     ctx.t("verdict." + v) if v else ""))
    return table(ctx, "table-derivations.html.j2", "derivations",
                 [ctx.t("f.claim"), ctx.t("f.operation"), ctx.t("f.verdict")], rows)


def timeline(ctx, ids) -> str:
    """Dated claims in date order (ranges by their start)."""
    kb = ctx.kb
    dated = query.dated(kb, ids)
    if not dated:
        return none_yet(ctx)
    items = []
    for cid in dated:
        c = kb.claims[cid]
        lead = None if "{value}" in ctx.text(c.statement) else Markup(figure(ctx, cid))
        items.append((cid, ctx.text(kb.metrics[c.metric].name), lead, Markup(statement(ctx, cid))))
    return template("timeline.html.j2").render(items=items)


# --- reference lists ----------------------------------------------------------

def metric_guide(ctx, metric_ids) -> str:
    kb = ctx.kb
    items = []
    for mid in metric_ids:
        m = kb.metrics[mid]
        unit = kb.units[m.unit]
        sym = fmt.unit_symbol(unit, ctx.lang)
        unit_text = ctx.text(unit.name) + (ctx.t("open_paren") + sym + ctx.t("close_paren") if sym else "")
        items.append((mid, ctx.text(m.name), Markup(prose(ctx, ctx.text(m.description))), unit_text))
    if not items:
        return none_yet(ctx)
    return template("metric-guide.html.j2").render(items=items, unit=ctx.t("f.unit"), colon=ctx.t("colon"))


def tier_ladder(ctx) -> str:
    kb = ctx.kb
    rows = []
    for tid in query.tier_order(kb):
        tier = kb.tiers[tid]
        count = len(query.claims_of_tier(kb, tid))
        rows.append((tid, Markup(tier_link(ctx, tid)), Markup(rank_step(ctx, tid)), count,
                     Markup(count_markup(ctx, count, "claims-in-tier:" + tid)),
                     Markup(prose(ctx, ctx.text(tier.definition)))))
    return table(ctx, "table-tiers.html.j2", "tiers", [ctx.t("kind.tier"), ctx.t("f.count"), ctx.t("h.definition")],
                 rows, False)


def conflict_list(ctx, kinds=None) -> str:
    kb = ctx.kb
    rows = []
    for xid in query.conflicts_of_kind(kb, kinds):
        x = kb.conflicts[xid]
        n = len(query.claims_in_conflict(kb, xid))
        rows.append((xid, Markup(linked_prose(ctx, ctx.text(x.question), ctx.href("conflict", xid), words=True)),
                     ctx.t("xkind." + x.kind), n, Markup(count_markup(ctx, n, "claims-in-conflict:" + xid))))
    return table(ctx, "table-conflicts.html.j2", "conflicts", [ctx.t("f.question"), ctx.t("f.kind"), ctx.t("f.count")],
                 rows)


def source_index(ctx) -> str:
    kb = ctx.kb
    rows = []
    for sid, s in kb.sources.items():
        n = len(query.claims_of_source(kb, sid))
        rows.append((sid, Markup(source_link(ctx, sid)), ctx.t("skind." + s.kind), ctx.t("lang." + s.language),
                     s.date or "", fmt.date(s.date, ctx.lang) if s.date else "", n,
                     Markup(count_markup(ctx, n, "claims-of-source:" + sid))))
    return table(ctx, "table-sources.html.j2", "sources",
                 [ctx.t("f.name"), ctx.t("f.kind"), ctx.t("f.language"), ctx.t("f.date"), ctx.t("f.count")], rows)


def entity_index(ctx, kind=None) -> str:
    kb = ctx.kb
    rows = []
    for eid in query.entities_of_kind(kb, kind):
        e = kb.entities[eid]
        n = len(query.claims_of_entity(kb, eid))
        rows.append((eid, Markup(entity_link(ctx, eid)), ctx.t("ekind." + e.kind),
                     Markup(prose(ctx, ctx.text(e.description))), n, Markup(count_markup(ctx, n, "claims-of-entity:" + eid))))
    return table(ctx, "table-entities.html.j2", "entities",
                 [ctx.t("f.name"), ctx.t("f.kind"), ctx.t("h.about"), ctx.t("f.count")], rows)


def glossary(ctx) -> str:
    kb = ctx.kb
    if not kb.glossary:
        return none_yet(ctx)
    items = []
    for gid in query.glossary_order(kb, ctx.lang):
        g = kb.glossary[gid]
        related = [(r, ctx.text(kb.glossary[r].term)) for r in query.related_terms(kb, gid)]
        aliases = [(a, languages.verbatim_tag(a)) for a in g.aliases or ()]
        items.append((gid, ctx.text(g.term), Markup(prose(ctx, ctx.text(g.definition))), aliases, related))
    return template("glossary.html.j2").render(items=items, sep=ctx.t("list_sep"), colon=ctx.t("colon"),
                                               aliases_label=ctx.t("f.aliases"), related_label=ctx.t("f.related"))


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
    items = []
    for xid in query.names(ids):
        if xid not in kb.conflicts:
            raise KeyError(f"conflict_digest: {xid!r} names no conflict in data/conflicts")
        x = kb.conflicts[xid]
        items.append((xid, Markup(linked_prose(ctx, ctx.text(x.question), ctx.href("conflict", xid))),
                      Markup(prose(ctx, ctx.text(x.assessment)))))
    return template("conflict-digest.html.j2").render(items=items)


def claim_addresses(ctx) -> str:
    """The address of a claim's page in each site language, each named in its own language: ``/claims/<id>/``
    (English), ``/zh/claims/<id>/`` (简体中文), ``/zh-hant/claims/<id>/`` (繁體中文)."""
    items = [(urls.page_url("claim", "<id>", lang), urls.lang_tag(lang), LANGUAGES[lang].name) for lang in LANGUAGES]
    return template("claim-addresses.html.j2").render(items=items, sep=ctx.t("list_sep"), open=ctx.t("open_paren"),
                                                      close=ctx.t("close_paren"))
