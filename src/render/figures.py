"""The one way a figure reaches a page.

Markup contract (tests and the figure-integrity suite rely on it)::

    <span class="kb-figure">
      <a class="kb-fig" href="…/claims/ID/">[about ]<data value="CANONICAL" data-claim="ID">TEXT</data> <span class="kb-unit">UNIT</span></a>
      <span class="kb-badges"><span class="kb-marker" …>…</span></span>
    </span>

* The link is an inline block (docs/assets/kb.css): number and unit stay on one
  line while they fit and wrap at the space between them only when the figure
  is wider than the line, so no figure makes a page wider than a phone.
* ``CANONICAL`` and ``TEXT`` follow :mod:`render.format`; the unit, localised
  from ``data/units``, and any hedge word ("about", "约") stay outside ``<data>``.
* Dates are ``<time datetime="YYYY[-MM[-DD]]" data-claim="ID">`` instead.
* A derived claim with no stated value shows the interval computed from its
  inputs, marked ``data-computed`` on the ``<data>`` element and by a
  "computed" badge.
* The mark: one ``<span class="kb-marker">`` per figure, inside ``.kb-badges``,
  carrying ``data-tier`` and ``data-rank`` (always), ``data-disputed`` (status
  contested or part of a conflict), ``data-verdict`` (derived claims:
  consistent, inconsistent, cannot-derive, or computed), ``data-status``
  (superseded, retracted), ``data-attribution`` (uncertain), and
  ``data-mark``: what it shows (see :data:`MARK_ORDER`; ``said`` when the table
  around it names the tier once).  Its words sit in a ``.kb-sr`` span that
  only screen readers read.

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
``claims-in-conflict:CONFLICT`` (distinct claims over its sides),
``tier-rank:TIER``, ``citations-checked:WAY`` (citations whose words were checked
that way: full-copy, excerpt, read, unchecked; see kb.checked) and
``citations:all``, ``citations:quotes``, ``citations:quotes-translated`` (quotes
with a translation into each site language they are not written in), and who said a claim first (:mod:`render.relay`):
``claim-sources:CLAIM``, ``claim-reports:CLAIM``, ``claims-originated:SOURCE``,
``claims-relayed:ORIGIN:RELAYER[,RELAYER]`` and ``claims-relayed-by:RELAYER:ORIGIN``.  ``data-field`` names a field of the claim's record.
``listed:LIST@CLAIM`` is a claim's place in a list split into parts (:mod:`render.listing`).
TEXT is the integer formatted for the page's language.

All of this markup is written by the macros of ``templates/figure.html.j2``, one file for the whole
contract; the functions here decide what a figure shows and return ``str`` as they always did.  A figure
costs two to three times what it did as f-strings (some 35 microseconds, most of it the escaping of
each value on output), a small part of a build even where figures run into the hundred thousands.
"""
from __future__ import annotations

from functools import lru_cache

from markupsafe import Markup  # declared in pyproject.toml

from kb import query

from . import format as fmt
from .templating import template


@lru_cache(maxsize=1)
def _macros():
    """The macros of ``templates/figure.html.j2``, which write all the markup here; loaded once."""
    return template("figure.html.j2").module


def _number(ctx, cid: str, canonical: str, text: str, computed: bool = False) -> Markup:
    """A number in <data>, followed by its unit's symbol (kb.display) when the unit has one; a stated amount of money
    is written with its currency inside <data> ($10 billion, 100亿美元: kb.display.money), and has no symbol after."""
    unit = ctx.kb.unit_of(cid)
    symbol = "" if fmt.shows_currency(unit) and not computed else fmt.unit_symbol(unit, ctx.lang)
    return _macros().number(cid, canonical, text, symbol, unit.space, computed)


def value_markup(ctx, cid: str) -> str:
    """The figure itself: <data>/<time> plus unit, without link or badges; its text is kb.display's."""
    return str(_value(ctx, cid))


def _value(ctx, cid: str) -> Markup:
    c = ctx.kb.claims[cid]
    v = c.value
    if v is None:
        got = query.computed(ctx.kb, cid)
        if got is not None:
            return _number(ctx, cid, fmt.computed_canonical(got.lo, got.hi), fmt.value_text(ctx.kb, cid, ctx.lang),
                           computed=True)
        return _macros().nofig(cid, ctx.t("no_figure"))
    if isinstance(v, str):
        return _macros().dates(cid, [(v, fmt.date(v, ctx.lang))])
    if isinstance(v, list) and isinstance(v[0], str):
        return _macros().dates(cid, [(d, fmt.date(d, ctx.lang)) for d in v[:2]], ctx.t("date_range_sep"))
    return _number(ctx, cid, fmt.canonical(v), fmt.value_text(ctx.kb, cid, ctx.lang))


def verdict(ctx, cid: str) -> str | None:
    """consistent / inconsistent / cannot-derive / computed, or None for a claim not derived: kb.query.verdict
    (kept for sitebuild.diff, which calls it here)."""
    return query.verdict(ctx.kb, cid)


# What a figure's one mark shows, strongest first: a figure withdrawn, a derivation that fails, a dispute,
# an attribution in doubt; otherwise the evidence tier alone.
MARK_ORDER = ("status", "inconsistent", "disputed", "uncertain", "tier")


def _applies(ctx, cid: str) -> dict[str, str]:
    """Each of :data:`MARK_ORDER` that holds for the claim, with the value it stands for (the tier always)."""
    f = query.flags(ctx.kb, cid)
    out = {}
    if f.withdrawn:
        out["status"] = f.withdrawn
    if f.verdict is not None:
        out["verdict"] = f.verdict
    if f.inconsistent:
        out["inconsistent"] = f.verdict
    if f.disputed:
        out["disputed"] = ""
    if f.uncertain:
        out["uncertain"] = "uncertain"
    out["tier"] = f.tier
    return out


def _words(ctx, applies: dict[str, str]) -> str:
    """Everything the mark stands for, in words: the tier always, then what else applies (not escaped)."""
    words = [ctx.t("f.tier") + ctx.t("colon") + ctx.text(ctx.kb.tiers[applies["tier"]].name)]
    if "status" in applies:
        words.append(ctx.t("status." + applies["status"]))
    if applies.get("verdict") in ("inconsistent", "cannot-derive", "computed"):
        words.append(ctx.t("verdict." + applies["verdict"]))
    if "disputed" in applies:
        words.append(ctx.t("badge.disputed"))
    if "uncertain" in applies:
        words.append(ctx.t("badge.uncertain"))
    return ctx.t("list_sep").join(words)


def sample_mark(kind: str, tier_id: str | None = None, rank: int | None = None) -> str:
    """A mark shown as an example (a legend, a caption): a shape only, hidden from screen readers, whose
    words stand beside it."""
    return str(_macros().sample(kind, tier_id, rank))


def mark(ctx, cid: str, *, tier_said: bool = False) -> str:
    """The one compact mark a figure carries: a small shape for its evidence tier, or a distinct one for a
    withdrawn figure, a failed derivation, a dispute or an uncertain attribution.  Its words are there for
    screen readers (and as a tooltip); the detail lives in the popover and on the claim page.

    ``tier_said``: the table or section around it names the tier once, so a figure whose mark would only
    show its tier shows nothing, and screen readers still hear the tier.
    """
    return str(_mark(ctx, cid, tier_said, False))


def _mark(ctx, cid: str, tier_said: bool, box: bool) -> Markup:
    applies = _applies(ctx, cid)
    kind = next(k for k in MARK_ORDER if k in applies)
    shown = "said" if kind == "tier" and tier_said else kind
    return _macros().mark(shown, applies["tier"], ctx.kb.tiers[applies["tier"]].rank, _words(ctx, applies),
                          "disputed" in applies, applies.get("verdict"), applies.get("status"), "uncertain" in applies,
                          box)


def badges(ctx, cid: str, *, tier_said: bool = False) -> str:
    """The figure's mark, in the box that follows the figure (the name stays for the markup contract)."""
    return str(_mark(ctx, cid, tier_said, True))


def figure(ctx, cid: str, *, with_badges: bool = True, tier_said: bool = False) -> str:
    """A claim's figure, linked to its page, with its one mark."""
    c = ctx.kb.claims[cid]
    hedge = ctx.t("approx") if c.approximate else None
    return str(_macros().figure(ctx.href("claim", cid), hedge, _value(ctx, cid),
                                _mark(ctx, cid, tier_said, True) if with_badges else "", fmt.bound_words(c.bound, ctx.lang)))


def tier_said_line(ctx, tier_id: str) -> str:
    """Says once, for a table or a section, the tier all its figures share."""
    tier = ctx.kb.tiers[tier_id]
    return str(_macros().tier_said(ctx.t("tier_said"), ctx.t("colon"), ctx.href("tier", tier_id), ctx.text(tier.name),
                                   _macros().sample("tier", tier_id, tier.rank)))


def figure_text(ctx, cid: str) -> str:
    """The figure as plain text with its unit (for titles): kb.display's, in the page's language; not escaped."""
    return fmt.figure_text(ctx.kb, cid, ctx.lang)


def interval_markup(ctx, cid: str, lo, hi) -> str:
    """A computed interval in the claim's unit (derivation details), marked computed and linked to the claim."""
    value = _number(ctx, cid, fmt.computed_canonical(lo, hi), fmt.computed_text(lo, hi, ctx.lang), computed=True)
    return str(_macros().interval(ctx.href("claim", cid), value))


def count_markup(ctx, n: int, what: str) -> str:
    """A number derived from the records (see the contract above): ``what`` says what it counts."""
    return str(_macros().count(int(n), fmt.integer(n, ctx.lang), what))


def field_markup(ctx, cid: str, path: str, n: int) -> str:
    """An integer field of a claim's record (``conditions.input_tokens``), tied to the claim and the field."""
    # the field's path is the schema's (conditions.input_tokens), written as it is
    return str(_macros().field(int(n), fmt.integer(n, ctx.lang), cid, Markup(path)))
