"""The comparison of accelerators as markup: the table of every compared chip and system (render.templates
table-accelerators.html.j2) and the words around each figure in it.

kb.query.accelerators decides what is shown and what is ranked; this module lays it out for one language.  Each cell
gives the first figure of its claims (the strongest evidence), what it covers and, for compute, whether it counts
sparsity; a figure the column's ranking refuses says why, and a cell with more figures, or one that is a side of a
conflict, links to them.  Sorting a column (assets/kb.js) follows the engine's ranking, best first; figures it
refuses sort after the ranked ones, cells with no figure last.
"""
from __future__ import annotations

from markupsafe import Markup, escape  # declared in pyproject.toml

from kb import query

from . import format as fmt
from .figures import count_markup, figure
from .tables import entity_link, table
from .templating import template

UNRANKED, EMPTY = 1000, 99999


def _macros():
    return template("comparison-cell.html.j2").module


def qualifier_words(ctx, cid: str) -> list[str]:
    """What a figure covers and, for compute, whether it counts sparsity, in words (its number format is the
    column's); "not stated" where the source does not say."""
    q = query.qualifiers(ctx.kb, cid)
    words = []
    if q.get("per"):
        words.append(ctx.t("per." + q["per"]))
    if q.get("sparsity"):
        words.append(ctx.t("sparsity." + q["sparsity"]))
    return words


def cell(ctx, comp, subject: str, column) -> tuple[str, Markup | None]:
    """A cell's sort key and markup."""
    ids = comp.cells.get((subject, column.key))
    if not ids:
        return ("9999" if ctx.kb.metrics[column.metric].kind == "date" else str(EMPTY)), None
    first = ids[0]
    ranking = comp.rankings.get(column.key)
    refused = []
    if ctx.kb.metrics[column.metric].kind == "date":
        sort = fmt.canonical(ctx.kb.claims[first].value)
        sort = sort[0] if isinstance(sort, list) else sort
    elif ranking is None:
        sort = "1"
    elif first in ranking.order:
        sort = str(ranking.order.index(first) + 1)
    else:
        sort = str(UNRANKED + len(ranking.order))
        refused = [ctx.t("notcomp." + why) for why in ranking.refused.get(first, [])]
    conflicts = [(ctx.href("conflict", x), ctx.text(ctx.kb.conflicts[x].question)) for x in query.conflicts_of(ctx.kb, first)]
    more = len(ids) - 1
    markup = _macros().cell(
        Markup(figure(ctx, first)), qualifier_words(ctx, first), refused, ctx.t("cmp.not_ranked"),
        more, _more(ctx, more, subject, column) if more else "", ctx.href("entity", subject) + "#compared",
        conflicts, ctx.t("cmp.disputed"), ctx.t("list_sep"))
    return sort, Markup(markup)


def _more(ctx, n: int, subject: str, column) -> Markup:
    """"+2 more": how many figures of the cell its first one stands for, tied to the data (figures-beside)."""
    count = count_markup(ctx, n, f"figures-beside:{subject}:{column.metric}:{column.number_format or ''}")
    return Markup(escape(ctx.t("cmp.more")).replace("{n}", Markup(count)))


def heading(ctx, column) -> tuple[Markup, str, str]:
    """A column's heading (the metric, its number format, its unit), its number format's id and name."""
    kb = ctx.kb
    m = kb.metrics[column.metric]
    u = kb.units[m.unit]
    unit = fmt.unit_symbol(u, ctx.lang) if m.kind != "date" and not u.in_words else ""
    form = ctx.text(kb.formats[column.number_format].name) if column.number_format else ""
    return Markup(_macros().heading(ctx.text(m.name), form, unit)), column.number_format or "", form


def accelerator_table(ctx, maker: str | None = None) -> str:
    comp = query.accelerators(ctx.kb, maker)
    kb = ctx.kb
    heads = [heading(ctx, col) for col in comp.columns]
    headers = [(ctx.t("cmp.h.accelerator"), "", ""), (ctx.t("cmp.h.maker"), "", "")] + heads
    rows = []
    for s in comp.subjects:
        m = query.maker_of(kb, s)
        maker_name = ctx.text(kb.entities[m].name) if m else ""
        cells = [("", maker_name, Markup(entity_link(ctx, m)) if m else None)]
        for col in comp.columns:
            sort, markup = cell(ctx, comp, s, col)
            cells.append((col.number_format or "", sort, markup))
        rows.append((s, m or "", maker_name, Markup(entity_link(ctx, s)), cells))
    facets = [] if maker else [("rows", ctx.t("cmp.facet.maker")), ("cols", ctx.t("cmp.facet.format"))]
    return table(ctx, "table-accelerators.html.j2", "accelerators", headers, rows, filterable=True,
                 facets=facets, facet_all=ctx.t("cmp.facet.all"))


def entity_figures(ctx, eid: str) -> str:
    """An accelerator's page: each compared metric (compute: each number format) it has figures of, with all of
    them, the strongest evidence first, each with what it covers; "" for an entity not compared."""
    kb = ctx.kb
    if not kb.entities[eid].compared:
        return ""
    comp = query.accelerators(kb)
    rows = []
    for col in comp.columns:
        ids = comp.cells.get((eid, col.key))
        if not ids:
            continue
        head, _, _ = heading(ctx, col)
        rows.append((head, [(Markup(figure(ctx, i)), qualifier_words(ctx, i)) for i in ids]))
    if not rows:
        return ""
    return table(ctx, "table-entity-figures.html.j2", "compared", [ctx.t("cmp.h.metric"), ctx.t("cmp.h.figures")],
                 rows, filterable=False, sep=ctx.t("list_sep"))
