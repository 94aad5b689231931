"""Charts of the fact base, rendered at build time as inline SVG (no JavaScript, nothing fetched).

``chart(ctx, name)`` returns a ``<figure class="kb-chart">``: a visible title and
note, the SVG (laid out here as shapes and texts, written by the template of
:mod:`render.svgchart`), and a collapsed table of the figures behind it, each
rendered by :func:`render.figures.figure` so that it links to its claim.  Every
mark and every label that shows a figure carries ``data-claim`` (the claim id, or
several separated by spaces when the figure is computed from more than one) and
``data-value`` (the canonical value, :func:`render.format.canonical`); label text
is the figure as the page writes it elsewhere (:func:`figure_text`).  A figure no
source states, computed here for an illustration, is marked
``data-computed`` with its operation.

Charts (the ``name`` a page passes):

* ``benchmark-<metric>``: for each model the subject (Jalapeño) and its baseline,
  side by side, for one benchmark metric (``peak-tps-per-kw``, ``e2e-latency``,
  ``min-tbt``, ``tps-per-kw-at-baseline-best-tbt``); a model whose figures were
  not published shows so, with the stated ratio where there is one.
* ``power-basis``: the power each per-watt figure is divided by, and what the
  subject sustained in the tests.
* ``task-cumulative-wait``: an illustration, not a measurement: the end-to-end
  latency of one request repeated over the step count of the explainer's
  multi-step task example.
* ``timeline``: dated events on a time scale, each at the precision it was stated (``tag`` / ``exclude_tag`` choose).
* ``compare-<metric>``: one compared metric across accelerators (compute: ``number_format=...``), the figures the
  engine ranks together as bars in the metric's unit, and every other one with why it is not ranked.
* ``bandwidth-compute``: memory bandwidth against peak compute in one number format and sparsity, one point per
  accelerator whose two figures cover the same extent.

The markup around the SVG is in templates: ``chart-figure.html.j2`` (the figure) and the
``chart-table*.html.j2`` (the tables of figures).
"""
from __future__ import annotations

import datetime as dt
from decimal import Decimal

from markupsafe import Markup  # declared in pyproject.toml

from kb import query

from . import format as fmt
from . import svgchart as sc
from .figures import figure, figure_text, tier_said_line
from .labels import t
from .tables import entity_link
from .templating import template
from .text import escape, plain


def _t(key: str, lang: str, **kw) -> str:
    text = t("chart." + key, lang)
    for k, v in kw.items():
        text = text.replace("{" + k + "}", v)
    return text


def _name(ctx, eid: str) -> str:
    return ctx.text(ctx.kb.entities[eid].name)


def _tiers_line(ctx, ids) -> str:
    kb = ctx.kb
    tiers = query.tiers_of(kb, ids)
    names = ctx.t("list_sep").join(ctx.text(kb.tiers[t].name) for t in tiers)
    return _t("evidence", ctx.lang, tiers=names)


# --- bar charts -----------------------------------------------------------------------------------

class Row:
    def __init__(self, label: str, cls: str, cid: str | None = None, *, value=None, text: str = "",
                 segments: int = 0, claims: str | None = None, canonical: str | None = None, computed: str | None = None,
                 missing: str = "", note_claim: str | None = None):
        self.label, self.cls, self.cid = label, cls, cid
        self.value = value  # a number, or None for a row that states what is missing
        self.text = text  # the label at the bar's end, as the page writes the figure
        self.segments = segments  # >0: the bar is this many equal segments of the claim's value
        self.claims = claims or cid
        self.canonical = canonical
        self.computed = computed
        self.missing = missing
        self.note_claim = note_claim  # a claim shown beside a missing row (a stated ratio)


class Group:
    def __init__(self, heading: str, rows: list[Row], note: str = ""):
        self.heading, self.rows, self.note = heading, rows, note


ROW, HEAD, GAP, BAR = 25.0, 22.0, 8.0, 16.0


def _bars(ctx, ident: str, groups: list[Group], title: str, desc: str, *, banner: str = "") -> str:
    rows = [r for g in groups for r in g.rows]
    label_w = max(sc.text_width(r.label, sc.SMALL) for r in rows) + 10
    value_w = max([sc.text_width(r.text, sc.SMALL) for r in rows if r.value is not None] or [0]) + 12
    top = 20.0 if banner else 0.0
    height = top + sum(HEAD + ROW * len(g.rows) + GAP for g in groups) - GAP + 4
    cv = sc.Canvas(height)
    left = min(label_w, sc.WIDTH * 0.5)
    span = sc.WIDTH - left - value_w
    vmax = max([float(r.value) for r in rows if r.value is not None] or [1.0])

    def xpos(v: float) -> float:
        return left + v / vmax * span

    if banner:
        cv.text(0, 14, banner, "kb-ct kb-ct-banner", size=sc.SMALL, weight="bold")
    y = top
    for g in groups:
        cv.text(1, y + 16, g.heading, "kb-ct kb-ct-head", weight="bold")
        if g.note:
            cv.text(sc.WIDTH, y + 16, g.note, "kb-ct kb-ct-note", anchor="right", size=sc.SMALL)
        y += HEAD
        for r in g.rows:
            mid = y + ROW / 2
            cv.text(left - 6, mid + 4.5, r.label, "kb-ct kb-ct-label", anchor="right", size=sc.SMALL)
            if r.value is None:
                extra = {}
                if r.note_claim:
                    extra = {"claim": r.note_claim, "value": fmt.canonical(ctx.kb.claims[r.note_claim].value)}
                cv.text(left, mid + 4.5, r.missing, "kb-ct kb-ct-missing", size=sc.SMALL, **extra)
                y += ROW
                continue
            total = float(r.value)
            if r.segments:
                step = total / r.segments
                value = fmt.canonical(ctx.kb.claims[r.cid].value)
                for i in range(r.segments):
                    x0, x1 = xpos(step * i), xpos(step * (i + 1))
                    cv.rect(x0, mid - BAR / 2, x1 - x0, BAR, f"kb-mark kb-seg {r.cls}", claim=r.cid, value=value)
            else:
                cv.rect(left, mid - BAR / 2, xpos(total) - left, BAR, f"kb-mark {r.cls}",
                        claim=r.claims, value=r.canonical, computed=r.computed)
            cv.text(xpos(total), mid + 4.5, r.text, "kb-ct kb-ct-value", dx=4, size=sc.SMALL,
                    claim=r.claims, value=r.canonical, computed=r.computed)
            y += ROW
        y += GAP
    return cv.svg(f"kbc-{ident}", title, desc, label=ident)


def _row_for(ctx, cid: str, label: str, cls: str) -> Row:
    c = ctx.kb.claims[cid]
    return Row(label, cls, cid, value=c.value, text=figure_text(ctx, cid), canonical=fmt.canonical(c.value))


def _heading(ctx, model: str, form: str | None) -> str:
    return _name(ctx, model) + (f" · {form}" if form else "")


def benchmark(ctx, ident: str, metric: str) -> dict:
    kb = ctx.kb
    if metric not in kb.metrics:
        raise KeyError(f"chart {ident!r}: no metric {metric!r} in data/metrics")
    m = kb.metrics[metric]
    pairs = {model: (a, b) for model, a, b in query.benchmark_pairs(ctx.kb, metric)}
    groups, desc, ids, table = [], [], [], []
    for model, baseline, form in query.compared_models(ctx.kb):
        head = _heading(ctx, model, form)
        if model in pairs and pairs[model][1]:
            a, b = pairs[model]
            subj = kb.claims[a].subject
            rows = [_row_for(ctx, a, _name(ctx, subj), "kb-c-subject"), _row_for(ctx, b, _name(ctx, baseline), "kb-c-baseline")]
            ids += [a, b]
            desc.append(head + ctx.t("colon") + ctx.t("list_sep").join(
                _t("desc.row", ctx.lang, label=r.label, value=r.text) for r in rows))
            table.append((model, [a, b], baseline))
        else:
            ratio = query.stated_ratio(ctx.kb, model, metric)
            what = _t("not_published", ctx.lang)
            if ratio:
                what += ctx.t("list_sep") + _t("stated_ratio", ctx.lang, ratio=figure_text(ctx, ratio))
                ids.append(ratio)
            rows = [Row("", "kb-c-missing", missing=what, note_claim=ratio)]
            desc.append(_t("desc.missing", ctx.lang, model=head, what=what))
            table.append((model, [ratio] if ratio else [], baseline))
        groups.append(Group(head, rows))
    if not ids:
        raise KeyError(f"chart {ident!r}: no benchmark claims with metric {metric!r}")
    title = _t("title.benchmark", ctx.lang, metric=ctx.text(m.name))
    note = _sentences(ctx, _t("better." + m.better, ctx.lang) if m.better else "", _tiers_line(ctx, ids))
    svg = _bars(ctx, ident, groups, title, _join(ctx, desc))
    return {"title": title, "note": note, "svg": svg, "data": _benchmark_table(ctx, table)}


def _benchmark_table(ctx, table) -> str:
    kb = ctx.kb
    rows = []
    tier = query.shared_tier(ctx.kb, [i for _, ids, _ in table for i in ids])
    said = tier is not None  # the table's caption names it once
    for model, ids, baseline in table:
        # both figures, or the one stated ratio (if any) beside the words that the figures were not published
        rows.append((Markup(entity_link(ctx, model)), [Markup(figure(ctx, i, tier_said=said)) for i in ids]))
    subject = next((kb.claims[ids[0]].subject for _, ids, _ in table if len(ids) == 2), None)
    heads = [_t("h.model", ctx.lang), _name(ctx, subject) if subject else "", ctx.t("f.baseline")]
    return _table("chart-table-benchmark.html.j2", heads, rows, tier_said_line(ctx, tier) if said else "",
                  missing=_t("not_published", ctx.lang))


def _table(block: str, heads, rows, caption: str = "", scroll: bool = False, **values) -> str:
    """The table of a chart's figures, drawn by ``block`` (a template extending chart-table.html.j2); ``scroll``
    for a table that may be wider than a phone."""
    return template(block).render(heads=heads, rows=rows, caption=Markup(caption), scroll=scroll, **values)


# --- power basis ----------------------------------------------------------------------------------

def power_basis(ctx, ident: str) -> dict:
    kb = ctx.kb
    systems = query.compared_systems(kb)
    groups, desc, ids, table = [], [], [], []
    for eid in systems:
        rated = query.power_claim(kb, eid, "rated-power")
        sustained = query.power_claim(kb, eid, "sustained-power")
        rows = []
        if rated:
            rows.append(_row_for(ctx, rated, _t("rated", ctx.lang), "kb-c-rated"))
        if sustained:
            rows.append(_row_for(ctx, sustained, _t("sustained", ctx.lang), "kb-c-sustained"))
        if not rows:
            continue
        ids += [r.cid for r in rows]
        groups.append(Group(_name(ctx, eid), rows))
        desc.append(_name(ctx, eid) + ctx.t("colon") + ctx.t("list_sep").join(
            _t("desc.row", ctx.lang, label=r.label, value=r.text) for r in rows))
        table.append((eid, rated, sustained))
    title = _t("title.power-basis", ctx.lang)
    note = _sentences(ctx, _t("power.note", ctx.lang), _tiers_line(ctx, ids))
    svg = _bars(ctx, ident, groups, title, _join(ctx, desc))
    tier = query.shared_tier(ctx.kb, ids)
    said = tier is not None  # the table's caption names it once
    rows = [(Markup(entity_link(ctx, e)), Markup(figure(ctx, r, tier_said=said)) if r else None,
             Markup(figure(ctx, s, tier_said=said)) if s else None) for e, r, s in table]
    data = _table("chart-table-power.html.j2", [_t("h.system", ctx.lang), _t("h.rated", ctx.lang),
                                                _t("h.sustained", ctx.lang)], rows, tier_said_line(ctx, tier) if said else "")
    return {"title": title, "note": note, "svg": svg, "data": data}


def _sentences(ctx, *parts) -> str:
    """Whole sentences one after another, spaced as the language spaces them."""
    return ctx.t("sentence_sep").join(p for p in parts if p)


def _join(ctx, parts) -> str:
    """The parts of a description as the language strings them into one: "A. B." in English, "A；B。" in Chinese."""
    return ctx.t("clause_sep").join(parts) + ctx.t("clause_end") if parts else ""


# --- cumulative wait (illustration) ---------------------------------------------------------------

def cumulative_wait(ctx, ident: str, steps: str | None = None) -> dict:
    kb = ctx.kb
    steps = steps or query.step_count_claim(ctx.kb)
    n = kb.claims[steps].value
    if not isinstance(n, int) and not (isinstance(n, Decimal) and n == n.to_integral_value()):
        raise ValueError(f"claim {steps!r} is not a whole number of steps")
    n = int(n)
    groups, desc, ids, table = [], [], [steps], []
    for model, a, b in query.benchmark_pairs(kb, "e2e-latency"):
        if not b:
            continue
        baseline = kb.claims[b].subject
        rows = []
        for cid, label, cls in ((a, _name(ctx, kb.claims[a].subject), "kb-c-subject"), (b, _name(ctx, baseline), "kb-c-baseline")):
            v = kb.claims[cid].value
            total = Decimal(v) * n
            text = _with_unit(ctx, cid, fmt.number(total, ctx.lang))
            rows.append(Row(label, cls, cid, value=total, text=text, segments=n, claims=f"{cid} {steps}",
                            canonical=fmt.canonical_number(total), computed="product"))
            table.append((model, cid, text))
            ids.append(cid)
        form = kb.claims[a].conditions.format
        head = _heading(ctx, model, form)
        groups.append(Group(head, rows))
        desc.append(head + ctx.t("colon") + ctx.t("list_sep").join(
            _t("desc.row", ctx.lang, label=r.label, value=r.text) for r in rows))
    title = _t("title.task-cumulative-wait", ctx.lang)
    banner = _t("illustration", ctx.lang)
    note = _sentences(ctx, _t("task.note", ctx.lang, steps=figure_text(ctx, steps)), _tiers_line(ctx, ids))
    # the step count is a figure: the caption shows it with its markup, tied to its claim
    before, after = t("chart.task.note", ctx.lang).split("{steps}")
    note_html = _sentences(ctx, escape(before) + figure(ctx, steps) + escape(after), escape(_tiers_line(ctx, ids)))
    svg = _bars(ctx, ident, groups, title, banner + ctx.t("colon") + _join(ctx, desc), banner=banner)
    rows = [(Markup(entity_link(ctx, model)), Markup(entity_link(ctx, kb.claims[cid].subject)), Markup(figure(ctx, cid)),
             cid, text) for model, cid, text in table]
    data = _table("chart-table-wait.html.j2", [_t("h.model", ctx.lang), _t("h.system", ctx.lang), _t("h.total", ctx.lang)],
                  rows, steps=steps, step_figure=Markup(figure(ctx, steps)), times=_t("times", ctx.lang),
                  equals=_t("equals", ctx.lang))
    return {"title": title, "note": note, "note_html": note_html, "svg": svg, "data": data, "illustration": True}


def _with_unit(ctx, cid: str, number: str) -> str:
    return fmt.with_unit(number, ctx.kb.unit_of(cid), ctx.lang)


# --- timeline -------------------------------------------------------------------------------------

def _span(text: str) -> tuple[dt.date, dt.date, int]:
    """The first and last day a date stated at its precision covers."""
    day, parts = fmt.parse_date(text)
    if parts == 3:
        return day, day, 3
    if parts == 2:
        nxt = dt.date(day.year + (day.month == 12), day.month % 12 + 1, 1)
        return day, nxt - dt.timedelta(days=1), 2
    return day, dt.date(day.year, 12, 31), 1


def _layout(blocks, first, last, height, top, line):
    """Where each event's label starts, in order: as near its date as the labels above and below allow.

    Returns None when the labels cannot fit between ``top`` and ``height``.
    """
    scale = (height - top - 10) / (last - first).days
    anchors = [top + (b[0] - first).days * scale for b in blocks]
    sizes = [20 + line * len(b[4]) for b in blocks]
    labels = [a - 6 for a in anchors]
    for i in range(len(labels)):  # downwards: no label over the one above it
        labels[i] = max(labels[i], top if i == 0 else labels[i - 1] + sizes[i - 1])
    for i in reversed(range(len(labels))):  # upwards: none past the bottom or over the one below
        limit = height if i == len(labels) - 1 else labels[i + 1]
        labels[i] = min(labels[i], limit - sizes[i])
    if labels and labels[0] < top:
        return None, scale
    return list(zip(anchors, labels)), scale


def _names_unbroken(ctx, text: str) -> str:
    """``text`` with no line break inside a name that holds a digit (Gaudi 3, Maia 200): a line that began
    with the 200 would read as a figure."""
    for name in _digit_names(ctx):
        if name in text:
            text = text.replace(name, name.replace(" ", "\u00a0"))
    return text


def _digit_names(ctx) -> list[str]:
    """The entities' names in the page's language and their aliases that hold a digit and a space, longest first."""
    names = {n for e in ctx.kb.entities.values() for n in [ctx.text(e.name), *(e.aliases or [])]}
    return sorted((n for n in names if n and " " in n and any(ch.isdigit() for ch in n)), key=len, reverse=True)


def timeline(ctx, ident: str, tag: str | None = None, exclude_tag: str | None = None) -> dict:
    kb = ctx.kb
    axis_x, text_x, top = 58.0, 100.0, 14.0
    line = sc.SMALL + 3.5
    blocks = []
    for cid in query.single_dates(kb):
        tags = kb.claims[cid].tags
        if (tag and tag not in tags) or (exclude_tag and exclude_tag in tags):
            continue
        lo, hi, parts = _span(kb.claims[cid].value)
        mid = lo + (hi - lo) / 2
        sentence = _names_unbroken(ctx, plain(ctx, ctx.text(kb.claims[cid].statement), own=cid))
        blocks.append((mid, (lo, hi), parts, cid, sc.wrap(sentence, sc.WIDTH - text_x - 4, sc.SMALL)))
    if not blocks:
        raise KeyError("the timeline chart needs claims with date values")
    blocks.sort(key=lambda b: (b[0], b[3]))
    first = dt.date(min(b[1][0] for b in blocks).year, 1, 1)
    last = dt.date(max(b[1][1] for b in blocks).year + 1, 1, 1)
    height = 20.0 * ((sum(20 + line * len(b[4]) for b in blocks) + top + 10) // 20 + 1)
    while True:
        spots, scale = _layout(blocks, first, last, height, top, line)
        if spots:
            break
        height += 20

    def ypos(d: dt.date) -> float:
        return top + (d - first).days * scale

    cv = sc.Canvas(height)
    cv.line([(axis_x, ypos(first)), (axis_x, ypos(last))], "kb-axis", width=1.2)
    for year in range(first.year, last.year + 1):
        y = ypos(dt.date(year, 1, 1))
        cv.line([(axis_x - 5, y), (axis_x, y)], "kb-axis")
        cv.text(axis_x - 9, y + 4, fmt.date(str(year), ctx.lang), "kb-ct kb-ct-tick", anchor="right", size=sc.SMALL)
    desc = []
    for (mid, (lo, hi), parts, cid, lines), (anchor, label) in zip(blocks, spots):
        c = kb.claims[cid]
        kind = "kb-c-planned" if kb.metrics[c.metric].future_allowed else "kb-c-event"
        attrs = {"claim": cid, "value": fmt.canonical(c.value), "precision": ("year", "month", "day")[parts - 1]}
        x = axis_x + (9 if kind == "kb-c-planned" else 0)
        if parts == 3:
            cv.circle(x, anchor, 4.2, f"kb-mark kb-dot {kind}", **attrs)
        else:
            y0, y1 = ypos(lo), ypos(hi + dt.timedelta(days=1))
            cv.rect(x - 3.5, y0, 7, max(y1 - y0, 4), f"kb-mark kb-span {kind}", **attrs)
        cv.line([(x + 6, anchor), (text_x - 12, label + 6), (text_x - 4, label + 6)], "kb-leader", width=0.8)
        when = figure_text(ctx, cid)
        cv.text(text_x, label + 10, when, f"kb-ct kb-ct-date {kind}", weight="bold", size=sc.SMALL, **attrs)
        for i, text in enumerate(lines):
            cv.text(text_x, label + 10 + line * (i + 1), text, "kb-ct kb-ct-event", size=sc.SMALL, **attrs)
        desc.append(when + ctx.t("colon") + ctx.t("word_sep").join(lines))
    title = _t("title.timeline", ctx.lang)
    note = _sentences(ctx, _t("timeline.note", ctx.lang), _tiers_line(ctx, [b[3] for b in blocks]))
    svg = cv.svg(f"kbc-{ident}", title, ctx.t("sentence_sep").join(desc), label=ident)
    return {"title": title, "note": note, "svg": svg, "data": ""}


# --- the comparison of accelerators ---------------------------------------------------------------

def _metric_value(kb, cid: str) -> float:
    """The figure in its metric's unit (a range by its middle): what a comparison chart draws."""
    lo, hi = query.in_metric_unit(kb, cid)
    return float((lo + hi) / 2)


def _column(comp, metric: str, number_format: str | None):
    for col in comp.columns:
        if col.metric == metric and col.number_format == number_format:
            return col
    raise KeyError(f"chart compare-{metric}: no compared figures of {metric!r}"
                   + (f" in {number_format!r}" if number_format else ""))


def _qualified(ctx, cid: str) -> str:
    from .comparison import qualifier_words
    return ctx.t("list_sep").join(qualifier_words(ctx, cid))


def compare(ctx, ident: str, metric: str, number_format: str | None = None) -> dict:
    """One compared metric (compute: in one number format) across accelerators: the figures the engine ranks
    together, longest bar first, in the metric's unit; then, without bars, every other figure of the column and why
    it is not ranked with them."""
    kb = ctx.kb
    comp = query.accelerators(kb)
    col = _column(comp, metric, number_format)
    ranking = comp.rankings.get(col.key)
    firsts = [comp.first(sub, col) for sub in comp.subjects if comp.first(sub, col)]
    order = ranking.order if ranking else [i for i in firsts if query.in_base_units(kb, i) is not None]
    refused = ranking.refused if ranking else {}
    m = kb.metrics[metric]
    rows = [Row(_name(ctx, kb.claims[i].subject), "kb-c-subject", i, value=_metric_value(kb, i),
                text=figure_text(ctx, i), canonical=fmt.canonical(kb.claims[i].value)) for i in order]
    head = _qualified(ctx, order[0]) if order else ""
    groups = [Group(head or ctx.text(m.name), rows)] if rows else []
    out = [Row(_name(ctx, kb.claims[i].subject), "kb-c-missing",
               missing=figure_text(ctx, i) + ctx.t("colon") + ctx.t("list_sep").join(
                   ctx.t("notcomp." + w) for w in refused[i]), note_claim=i)
           for i in firsts if i in refused]
    if out:
        groups.append(Group(_t("compare.refused", ctx.lang), out))
    if not groups:
        raise KeyError(f"chart {ident!r}: nothing to draw")
    form = ctx.text(kb.formats[number_format].name) if number_format else ""
    title = _t("title.compare", ctx.lang, metric=ctx.text(m.name) + (f" · {form}" if form else ""))
    unit = fmt.unit_symbol(kb.units[m.unit], ctx.lang)
    converted = [i for i in order if query.converted(kb, i)]
    note = _sentences(ctx, _t("compare.note", ctx.lang, unit=unit),
                      _t("compare.converted", ctx.lang) if converted else "",
                      _t("better." + m.better, ctx.lang) if m.better else "", _tiers_line(ctx, firsts))
    desc = [_t("desc.row", ctx.lang, label=r.label, value=r.text) for r in rows] + \
           [_t("desc.row", ctx.lang, label=r.label, value=r.missing) for r in out]
    svg = _bars(ctx, ident, groups, title, _join(ctx, desc))
    table_rows = [(Markup(entity_link(ctx, kb.claims[i].subject)), Markup(figure(ctx, i)), _qualified(ctx, i),
                   ctx.t("list_sep").join(ctx.t("notcomp." + w) for w in refused.get(i, []))) for i in order + [
                  i for i in firsts if i in refused]]
    data = _table("chart-table-compare.html.j2", [_t("h.accelerator", ctx.lang), ctx.text(m.name),
                                                  _t("h.covers", ctx.lang), _t("h.not_ranked", ctx.lang)], table_rows,
                  scroll=True)
    return {"title": title, "note": note, "svg": svg, "data": data}


def bandwidth_compute(ctx, ident: str, number_format: str = "fp8", sparsity: str = "dense") -> dict:
    """Memory bandwidth against peak compute in one number format, one point per accelerator whose two figures cover
    the same extent (both per package, or both per chip) and whose compute states the given sparsity."""
    kb = ctx.kb
    comp = query.accelerators(kb)
    bw_col = _column(comp, "memory-bandwidth", None)
    pc_col = _column(comp, "peak-compute", number_format)
    points = []
    for sub in comp.subjects:
        bw = next((i for i in comp.cells.get((sub, bw_col.key), []) if query.in_base_units(kb, i) is not None
                   and kb.claims[i].per not in (None, "not-stated")), None)
        pc = next((i for i in comp.cells.get((sub, pc_col.key), []) if query.in_base_units(kb, i) is not None
                   and kb.claims[i].sparsity == sparsity and bw and kb.claims[i].per == kb.claims[bw].per), None)
        if bw and pc:
            points.append((sub, pc, bw, _metric_value(kb, pc), _metric_value(kb, bw)))
    if len(points) < 2:
        raise KeyError(f"chart {ident!r}: fewer than two accelerators state both figures")
    left, bottom, top, right = 44.0, 36.0, 12.0, 14.0
    height = 300.0
    xmax = max(p[3] for p in points) * 1.1
    ymax = max(p[4] for p in points) * 1.1
    cv = sc.Canvas(height)

    def xp(v):
        return left + v / xmax * (sc.WIDTH - left - right)

    def yp(v):
        return height - bottom - v / ymax * (height - bottom - top)

    cv.line([(left, top), (left, height - bottom), (sc.WIDTH - right, height - bottom)], "kb-axis", width=1.2)
    m_pc, m_bw = kb.metrics["peak-compute"], kb.metrics["memory-bandwidth"]
    form = ctx.text(kb.formats[number_format].name)
    cv.text(sc.WIDTH - right, height - 6, ctx.text(m_pc.name) + f" · {form} ({fmt.unit_symbol(kb.units[m_pc.unit], ctx.lang)})",
            "kb-ct kb-ct-tick", anchor="right", size=sc.SMALL)
    cv.text(left + 4, top + 10, ctx.text(m_bw.name) + f" ({fmt.unit_symbol(kb.units[m_bw.unit], ctx.lang)})",
            "kb-ct kb-ct-tick", size=sc.SMALL)
    desc = []
    for sub, pc, bw, x, y in sorted(points, key=lambda p: p[3]):
        claims = f"{pc} {bw}"
        cv.circle(xp(x), yp(y), 4.5, "kb-mark kb-dot kb-c-subject", claim=claims)
        anchor = "right" if xp(x) > sc.WIDTH * 0.7 else "left"
        cv.text(xp(x), yp(y) - 7, _name(ctx, sub), "kb-ct kb-ct-label", anchor=anchor, size=sc.SMALL,
                dx=-4 if anchor == "right" else 4, claim=claims)
        desc.append(_name(ctx, sub) + ctx.t("colon") + figure_text(ctx, pc) + ctx.t("list_sep") + figure_text(ctx, bw))
    title = _t("title.bandwidth-compute", ctx.lang, format=form)
    ids = [i for p in points for i in p[1:3]]
    note = _sentences(ctx, _t("bandwidth-compute.note", ctx.lang, format=form,
                              sparsity=ctx.t("sparsity." + sparsity)), _tiers_line(ctx, ids))
    svg = cv.svg(f"kbc-{ident}", title, ctx.t("sentence_sep").join(desc), label=ident)
    rows = [(Markup(entity_link(ctx, sub)), Markup(figure(ctx, pc)), Markup(figure(ctx, bw)), _qualified(ctx, pc), "")
            for sub, pc, bw, _, _ in points]
    data = _table("chart-table-compare.html.j2", [_t("h.accelerator", ctx.lang), ctx.text(m_pc.name),
                                                  ctx.text(m_bw.name), _t("h.covers", ctx.lang)], rows, scroll=True)
    return {"title": title, "note": note, "svg": svg, "data": data}


# --- the figure around a chart --------------------------------------------------------------------

BUILDERS = {
    "power-basis": power_basis,
    "task-cumulative-wait": cumulative_wait,
    "timeline": timeline,
    "bandwidth-compute": bandwidth_compute,
}
_cache: dict[tuple, tuple] = {}


def forget() -> None:
    """Let go of the charts drawn (and the fact base they were drawn from)."""
    _cache.clear()


def build(ctx, name: str, **params) -> dict:
    """The chart's parts (title, note, svg, data table) for the page's language; the SVG is cached per build."""
    key = (name, ctx.lang, ctx.page_url, tuple(sorted(params.items())))
    hit = _cache.get(key)
    if hit is None or hit[0] is not ctx.kb:
        if name.startswith("benchmark-"):
            parts = benchmark(ctx, name, name[len("benchmark-"):])
        elif name.startswith("compare-"):
            parts = compare(ctx, name, name[len("compare-"):], **params)
        elif name in BUILDERS:
            parts = BUILDERS[name](ctx, name, **params)
        else:
            raise KeyError(f"unknown chart {name!r}; known: benchmark-<metric>, {', '.join(BUILDERS)}")
        _cache[key] = (ctx.kb, parts)
    return _cache[key][1]


def chart(ctx, name: str, **params) -> str:
    """A chart as a ``<figure>``: title, note, inline SVG and the table of its figures (collapsed)."""
    parts = build(ctx, name, **params)
    note = Markup(parts["note_html"]) if parts.get("note_html") else parts["note"]
    return template("chart-figure.html.j2").render(
        name=name, illustration=parts.get("illustration", False), title=parts["title"], note=note,
        svg=Markup(parts["svg"]), data=Markup(parts["data"]), summary=_t("data", ctx.lang))
