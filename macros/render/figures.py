"""The one way a figure reaches a page.

Markup contract (tests and the figure-integrity suite rely on it)::

    <span class="kb-figure">
      <a class="kb-fig" href="…/claims/ID/">[about ]<data value="CANONICAL" data-claim="ID">TEXT</data>&#160;<span class="kb-unit">UNIT</span></a>
      <span class="kb-badges">…tier, dispute, verdict badges…</span>
    </span>

* ``CANONICAL`` and ``TEXT`` follow :mod:`render.format`; the unit, localised
  from ``data/units``, and any hedge word ("about", "约") stay outside ``<data>``.
* Dates are ``<time datetime="YYYY[-MM[-DD]]" data-claim="ID">`` instead.
* A derived claim with no stated value shows the interval computed from its
  inputs, marked ``data-computed`` on the ``<data>`` element and by a
  "computed" badge.
* Badges: ``data-tier`` (always), ``data-disputed`` (status contested or part
  of a conflict), ``data-verdict`` (derived claims: consistent, inconsistent,
  cannot-derive, or computed), ``data-status`` (superseded, retracted),
  ``data-attribution`` (uncertain).

It is all emitted on one line, so it can sit inside a Markdown paragraph.

A number the site derives from the records themselves (a count of records, a
tier's step on the ladder, a condition of a claim's test) is not a claim's
figure but is tied to the data the same way::

    <data value="N" data-count="WHAT">TEXT</data>
    <data value="V" data-claim="ID" data-field="conditions.input_tokens">TEXT</data>

``WHAT`` names what was counted: ``total:KIND`` (claims, sources, entities,
tiers, conflicts, glossary), ``claims-tagged:TAG[,TAG]``,
``claims-in-tier:TIER``, ``claims-of-entity:ENTITY`` (as subject, model,
baseline or benchmark), ``claims-of-source:SOURCE`` (cited or attributed),
``claims-in-conflict:CONFLICT`` (distinct claims over its sides) and
``tier-rank:TIER``.  ``data-field`` names a field of the claim's record.
TEXT is the integer formatted for the page's language.
"""
from __future__ import annotations

from . import format as fmt
from .text import attr, escape

NBSP = "&#160;"


def _unit(ctx, cid: str) -> tuple[str, bool]:
    unit = ctx.kb.unit_of(cid)
    return getattr(unit.symbol, ctx.lang), unit.space


def _with_unit(ctx, cid: str, inner: str) -> str:
    symbol, space = _unit(ctx, cid)
    if not symbol:
        return inner
    return f'{inner}{NBSP if space else ""}<span class="kb-unit">{escape(symbol)}</span>'


def value_markup(ctx, cid: str) -> str:
    """The figure itself: <data>/<time> plus unit, without link or badges."""
    c = ctx.kb.claims[cid]
    v = c.value
    if v is None:
        chk = ctx.kb.checks.get(cid)
        if chk is not None and chk.computed is not None:
            lo, hi = chk.computed.lo, chk.computed.hi
            inner = (f'<data value="{fmt.computed_canonical(lo, hi)}" data-claim="{cid}" data-computed="">'
                     f'{escape(fmt.computed_text(lo, hi, ctx.lang))}</data>')
            return _with_unit(ctx, cid, inner)
        return f'<span class="kb-nofig" data-claim="{cid}">{escape(ctx.t("no_figure"))}</span>'
    if isinstance(v, str):
        return f'<time datetime="{v}" data-claim="{cid}">{escape(fmt.date(v, ctx.lang))}</time>'
    if isinstance(v, list) and isinstance(v[0], str):
        sep = escape(ctx.t("date_range_sep"))
        return (f'<time datetime="{v[0]}" data-claim="{cid}">{escape(fmt.date(v[0], ctx.lang))}</time>{sep}'
                f'<time datetime="{v[1]}" data-claim="{cid}">{escape(fmt.date(v[1], ctx.lang))}</time>')
    if isinstance(v, list):
        text = fmt.number_range(v[0], v[1], ctx.lang)
    else:
        text = fmt.number(v, ctx.lang)
    inner = f'<data value="{fmt.canonical(v)}" data-claim="{cid}">{escape(text)}</data>'
    return _with_unit(ctx, cid, inner)


def disputed(ctx, cid: str) -> bool:
    return ctx.kb.claims[cid].status == "contested" or bool(ctx.kb.conflicts_by_claim.get(cid))


def verdict(ctx, cid: str) -> str | None:
    """consistent / inconsistent / cannot-derive / computed, or None for a claim not derived."""
    c = ctx.kb.claims[cid]
    if c.derivation is None:
        return None
    chk = ctx.kb.checks.get(cid)
    if chk is None:
        return None
    return chk.verdict or ("computed" if chk.computed is not None else None)


def badges(ctx, cid: str) -> str:
    c = ctx.kb.claims[cid]
    tier = ctx.kb.tiers[c.tier]
    tier_name = ctx.text(tier.name)
    out = [f'<a class="kb-badge kb-tier" data-tier="{c.tier}" data-rank="{tier.rank}" '
           f'href="{ctx.href("tier", c.tier)}" title="{attr(ctx.t("f.tier") + ctx.t("colon") + tier_name)}">'
           f'{escape(tier_name)}</a>']
    if disputed(ctx, cid):
        conflicts = ctx.kb.conflicts_by_claim.get(cid) or []
        target = ctx.href("conflict", conflicts[0]) if conflicts else ctx.href("claim", cid) + "#status"
        out.append(f'<a class="kb-badge kb-disputed" data-disputed="" href="{target}">{escape(ctx.t("badge.disputed"))}</a>')
    v = verdict(ctx, cid)
    if v is not None:
        out.append(f'<a class="kb-badge kb-verdict" data-verdict="{v}" href="{ctx.href("claim", cid)}#derivation" '
                   f'title="{attr(ctx.t("verdict.help." + v))}">{escape(ctx.t("verdict." + v))}</a>')
    if c.status in ("superseded", "retracted"):
        target = ctx.href("claim", c.successor) if c.successor in ctx.kb.claims else ctx.href("claim", cid)
        out.append(f'<a class="kb-badge kb-status" data-status="{c.status}" href="{target}">{escape(ctx.t("status." + c.status))}</a>')
    if c.attribution == "uncertain":
        out.append(f'<span class="kb-badge kb-uncertain" data-attribution="uncertain" '
                   f'title="{attr(ctx.text(c.attribution_note))}">{escape(ctx.t("badge.uncertain"))}</span>')
    return f'<span class="kb-badges" data-pagefind-ignore="all">{"".join(out)}</span>'


def figure(ctx, cid: str, *, with_badges: bool = True) -> str:
    """A claim's figure, linked to its page, with its badges."""
    c = ctx.kb.claims[cid]
    hedge = f'<span class="kb-approx">{escape(ctx.t("approx"))}</span> ' if c.approximate else ""
    link = f'<a class="kb-fig" href="{ctx.href("claim", cid)}">{hedge}{value_markup(ctx, cid)}</a>'
    return f'<span class="kb-figure">{link}{badges(ctx, cid) if with_badges else ""}</span>'


def figure_text(ctx, cid: str) -> str:
    """The figure as plain text with its unit (for titles); not escaped."""
    c = ctx.kb.claims[cid]
    v = c.value
    symbol, space = _unit(ctx, cid)
    if v is None:
        chk = ctx.kb.checks.get(cid)
        if chk is None or chk.computed is None:
            return ctx.t("no_figure")
        text = fmt.computed_text(chk.computed.lo, chk.computed.hi, ctx.lang)
    elif isinstance(v, str):
        return fmt.date(v, ctx.lang)
    elif isinstance(v, list) and isinstance(v[0], str):
        return fmt.date_range(v[0], v[1], ctx.lang)
    elif isinstance(v, list):
        text = fmt.number_range(v[0], v[1], ctx.lang)
    else:
        text = fmt.number(v, ctx.lang)
    if symbol:
        text = f"{text}{chr(160) if space else ''}{symbol}"
    if c.approximate:
        text = f"{ctx.t('approx')} {text}"
    return text


def interval_markup(ctx, cid: str, lo, hi) -> str:
    """A computed interval in the claim's unit (derivation details), marked computed and linked to the claim."""
    inner = (f'<data value="{fmt.computed_canonical(lo, hi)}" data-claim="{cid}" data-computed="">'
             f'{escape(fmt.computed_text(lo, hi, ctx.lang))}</data>')
    return f'<a class="kb-fig kb-computed" href="{ctx.href("claim", cid)}">{_with_unit(ctx, cid, inner)}</a>'


def count_markup(ctx, n: int, what: str) -> str:
    """A number derived from the records (see the contract above): ``what`` says what it counts."""
    return f'<data value="{int(n)}" data-count="{escape(what)}">{escape(fmt.integer(n, ctx.lang))}</data>'


def field_markup(ctx, cid: str, path: str, n: int) -> str:
    """An integer field of a claim's record (``conditions.input_tokens``), tied to the claim and the field."""
    return (f'<data value="{int(n)}" data-claim="{cid}" data-field="{path}">'
            f'{escape(fmt.integer(n, ctx.lang))}</data>')
