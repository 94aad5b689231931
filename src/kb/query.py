"""Questions about the fact base, each answered once: what renderers ask before they write any markup.

Every answer is ids, records, enums or numbers, never markup or words of a language: the renderers
(:mod:`render`) turn them into pages.  Claim ids come back in record order (as data/ writes them: file,
then line) unless a function says otherwise.

* a claim's standing: :func:`is_active`, :func:`verdict`, :func:`disputed`, :func:`in_conflict`,
  :func:`conflicts_of`, :func:`check`, :func:`computed`, :func:`inputs`, :func:`has_figure`, :func:`flags`,
  :func:`successor`;
* order and selection: :func:`origin`, :func:`in_record_order`, :func:`names`, :func:`select`, :func:`metrics_of`,
  :func:`dated`;
* a claim's baseline and the ratio of the two: :func:`baseline_for`, :func:`ratio_of`, :func:`comparison`;
* tiers: :func:`tier_order`, :func:`ladder`, :func:`off_ladder`, :func:`tiers_of`, :func:`shared_tier`;
* the sources of a claim: :func:`cited_sources`, :func:`attributed_to`, :func:`relayed_sources`;
* the claims of a record: :func:`claims_of_tier`, :func:`claims_of_entity`, :func:`claims_of_source`,
  :func:`cited_and_relayed`, :func:`derived_from`, :func:`claims_in_conflict`, :func:`side_claims`,
  :func:`children`;
* selections of other records: :func:`entities_of_kind`, :func:`conflicts_of_kind`, :func:`glossary_order`,
  :func:`related_terms`;
* who said it first, by source: :func:`relayed_together`, :func:`origin_groups`, :func:`relayers_of`, :func:`relayed_origins`.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Iterable, Optional

from . import languages
from .derive import Check
from .interval import Interval
from .load import Origin
from .schema import Claim

# a claim no longer stands: another replaced it, or its source withdrew it
INACTIVE = ("superseded", "retracted")


# --- one claim ------------------------------------------------------------------------------------

def is_active(kb, cid: str) -> bool:
    """The claim stands: neither superseded nor retracted."""
    return kb.claims[cid].status not in INACTIVE


def verdict(kb, cid: str) -> Optional[str]:
    """consistent / inconsistent / cannot-derive / computed, or None for a claim not derived."""
    if kb.claims[cid].derivation is None:
        return None
    chk = kb.checks.get(cid)
    if chk is None:
        return None
    return chk.verdict or ("computed" if chk.computed is not None else None)


_verdict_of = verdict  # for select, whose filter of that name hides it


def conflicts_of(kb, cid: str) -> list[str]:
    """The conflicts a claim is on a side of, in the order data/conflicts writes them."""
    return kb.conflicts_by_claim.get(cid, [])


def in_conflict(kb, cid: str) -> bool:
    """The claim is on a side of some recorded conflict."""
    return bool(kb.conflicts_by_claim.get(cid))


def disputed(kb, cid: str) -> bool:
    """Its status is contested, or it is part of a conflict."""
    return kb.claims[cid].status == "contested" or in_conflict(kb, cid)


def check(kb, cid: str) -> Optional[Check]:
    """How a derived claim's figure was checked against its inputs (kb.derive); None for a claim not derived."""
    return kb.checks.get(cid)


def computed(kb, cid: str) -> Optional[Interval]:
    """The interval computed from a derived claim's inputs, in the claim's unit's base; None when there is none."""
    chk = kb.checks.get(cid)
    return chk.computed if chk is not None else None


def inputs(kb, cid: str) -> list[str]:
    """The claims a derived claim is computed from that the fact base holds, in the derivation's order."""
    d = kb.claims[cid].derivation
    return [i for i in d.inputs if i in kb.claims] if d else []


def has_figure(kb, cid: str) -> bool:
    """The claim shows a figure: a stated value, or one computed from its inputs."""
    return kb.claims[cid].value is not None or computed(kb, cid) is not None


def successor(kb, cid: str) -> Optional[str]:
    """The claim that replaces this one, where the record names one that exists."""
    s = kb.claims[cid].successor
    return s if s and s in kb.claims else None


@dataclass(frozen=True)
class Flags:
    """What a figure's mark stands for: its tier always, and whatever else holds for the claim."""

    tier: str
    rank: int
    withdrawn: Optional[str]  # superseded / retracted, else None
    verdict: Optional[str]    # see :func:`verdict`
    disputed: bool
    uncertain: bool           # the attribution is uncertain

    @property
    def inconsistent(self) -> bool:
        return self.verdict == "inconsistent"


def flags(kb, cid: str) -> Flags:
    c = kb.claims[cid]
    return Flags(tier=c.tier, rank=kb.tiers[c.tier].rank, withdrawn=c.status if c.status in INACTIVE else None,
                 verdict=verdict(kb, cid), disputed=disputed(kb, cid), uncertain=c.attribution == "uncertain")


# --- order and selection --------------------------------------------------------------------------

def origin(kb, kind: str, rid: str) -> Optional[Origin]:
    """Where a record is written in data/: its file (relative to data/) and line; None when not known."""
    return kb.origins.get((kind, rid))


def in_record_order(kb, ids: Iterable[str], kind: str = "claims") -> list[str]:
    """Ids of one kind of record, each once, in the order they are written in data/ (file, then line)."""
    def key(rid):
        o = kb.origins.get((kind, rid))
        return (o.file, o.line) if o else ("", 0)
    return sorted(dict.fromkeys(ids), key=key)


def names(x) -> list[str]:
    """A filter's values: a comma-separated text, a list, or None (no filter)."""
    if x is None:
        return []
    if isinstance(x, str):
        return [p.strip() for p in x.split(",") if p.strip()]
    return list(x)


def select(kb, tag=None, metric=None, subject=None, kind=None, entity=None, ids=None, exclude_tag=None,
           status=None, verdict=None, derived: Optional[bool] = None) -> list[str]:
    """Claims matching every given filter (each filter may list several values, comma-separated), in record order.

    ``kind`` is the metric's kind; ``entity`` an entity the claim involves (subject, model, baseline or benchmark);
    ``verdict`` a derivation's verdict (:func:`verdict`); ``derived`` whether the claim is derived at all.
    """
    tags, metrics, subjects, kinds = names(tag), names(metric), names(subject), names(kind)
    excluded, statuses, verdicts = names(exclude_tag), names(status), names(verdict)
    unknown = [t for t in tags + excluded if t not in kb.tags]
    if unknown:  # a page that asks for a topic no claim can carry would list nothing, silently
        raise ValueError(f"no topic tag {unknown[0]!r} in data/tags.yml")
    chosen = names(ids) if ids is not None else list(kb.claims)
    out = []
    for cid in chosen:
        c = kb.claims[cid]
        if tags and not set(tags) & set(c.tags):
            continue
        if excluded and set(excluded) & set(c.tags):
            continue
        if metrics and c.metric not in metrics:
            continue
        if subjects and c.subject not in subjects:
            continue
        if kinds and kb.metrics[c.metric].kind not in kinds:
            continue
        if entity and cid not in kb.claims_by_entity.get(entity, []):
            continue
        if derived is not None and (c.derivation is not None) != derived:
            continue
        out.append(cid)
    out = in_record_order(kb, out)
    if statuses:
        out = [i for i in out if kb.claims[i].status in statuses]
    if verdicts:
        out = [i for i in out if _verdict_of(kb, i) in verdicts]
    return out


def metrics_of(kb, ids: Iterable[str]) -> list[str]:
    """The metrics of these claims, each once, in the order the claims come."""
    return list(dict.fromkeys(kb.claims[i].metric for i in ids))


def _start(value) -> dt.date:
    text = value[0] if isinstance(value, list) else value
    if not isinstance(text, str):
        return dt.date.max
    parts = [int(p) for p in text.split("-")]
    return dt.date(*(parts + [1] * (3 - len(parts))))


def dated(kb, ids: Iterable[str]) -> list[str]:
    """The claims that state a value, earliest date first (a range by its start; a value not a date last)."""
    return sorted((i for i in ids if kb.claims[i].value is not None), key=lambda i: _start(kb.claims[i].value))


# --- baselines and ratios -------------------------------------------------------------------------

def baseline_for(kb, claim: Claim, metric: Optional[str] = None) -> Optional[str]:
    """The active claim giving the figure of ``claim``'s baseline under the same conditions (model and operating
    point), for ``metric`` (by default the claim's own); None when the data records none."""
    base = claim.conditions.baseline
    metric = metric or claim.metric
    for oid in kb.claims_by_entity.get(base, []):
        o = kb.claims[oid]
        if (o.subject == base and o.metric == metric and o.conditions.model == claim.conditions.model
                and o.conditions.operating_point == claim.conditions.operating_point and is_active(kb, oid)):
            return oid
    return None


def ratio_of(kb, a: str, b: str) -> Optional[str]:
    """An active claim derived from exactly the two claims a and b (their ratio, as the data records it)."""
    for rid in kb.derived_from.get(a, []):
        d = kb.claims[rid].derivation
        if d and set(d.inputs) == {a, b} and is_active(kb, rid):
            return rid
    return None


def comparison(kb, subject: str, metrics, tag=None) -> list[tuple[str, Optional[str], Optional[str]]]:
    """(claim, baseline's claim, ratio claim) for each measured figure of ``subject`` against its baseline, model by
    model (in the order the models first appear) and, within a model, in the order ``metrics`` names them.

    Measured rows only: active claims naming a model and a baseline, whose attribution is certain; a figure whose
    model or subject is uncertain stays on its own page.
    """
    order = names(metrics)
    ids = [i for i in select(kb, tag=tag, metric=order, subject=subject)
           if is_active(kb, i) and kb.claims[i].conditions.baseline and kb.claims[i].conditions.model
           and kb.claims[i].attribution == "certain"]
    models = list(dict.fromkeys(kb.claims[i].conditions.model for i in ids))
    ids.sort(key=lambda i: (models.index(kb.claims[i].conditions.model), order.index(kb.claims[i].metric)))
    out = []
    for cid in ids:
        base = baseline_for(kb, kb.claims[cid])
        out.append((cid, base, ratio_of(kb, cid, base) if base else None))
    return out


# --- tiers ----------------------------------------------------------------------------------------

def tier_order(kb) -> list[str]:
    """Every tier: the ladder from its first step up, then the tiers off it (rank 0)."""
    return sorted(kb.tiers, key=lambda t: (kb.tiers[t].rank == 0, kb.tiers[t].rank))


def ladder(kb) -> list[str]:
    """The tiers on the ladder, first step first."""
    return [t for t in tier_order(kb) if kb.tiers[t].rank]


def off_ladder(kb) -> list[str]:
    return [t for t in tier_order(kb) if not kb.tiers[t].rank]


def tiers_of(kb, ids: Iterable[str]) -> list[str]:
    """The tiers these claims have, each once, in ladder order."""
    held = {kb.claims[i].tier for i in ids if i}
    return [t for t in tier_order(kb) if t in held]


def shared_tier(kb, ids: Iterable[str]) -> Optional[str]:
    """The evidence tier every one of these claims has, when they share one (empty ids are skipped)."""
    tiers = {kb.claims[i].tier for i in ids if i}
    return tiers.pop() if len(tiers) == 1 else None


# --- the claims of a record -----------------------------------------------------------------------

def claims_of_tier(kb, tid: str) -> list[str]:
    return in_record_order(kb, kb.claims_by_tier.get(tid, []))


def claims_of_entity(kb, eid: str) -> list[str]:
    """The claims an entity is the subject, model, baseline or benchmark of."""
    return in_record_order(kb, kb.claims_by_entity.get(eid, []))


def claims_of_source(kb, sid: str) -> list[str]:
    """The claims a source is cited for, or that a citation attributes to it."""
    return in_record_order(kb, kb.claims_by_source.get(sid, []))


def cited_and_relayed(kb, sid: str) -> tuple[list[str], list[str]]:
    """The claims a source's own words are cited for, and those only attributed to it by others' citations."""
    mine = kb.claims_by_source.get(sid, [])
    cited = [cid for cid in mine if any(cit.source == sid for cit in kb.claims[cid].citations)]
    relayed = [cid for cid in mine if cid not in cited]
    return in_record_order(kb, cited), in_record_order(kb, relayed)


def cited_sources(kb, cid: str) -> list[str]:
    """The sources whose words a claim's citations quote or paraphrase, each once, in the citations' order."""
    return [s for s in dict.fromkeys(cit.source for cit in kb.claims[cid].citations) if s in kb.sources]


def attributed_to(kb, cid: str, sid: str) -> list[str]:
    """The sources a claim's citations of ``sid`` say the claim comes from, each once, in the citations' order."""
    return [a for a in dict.fromkeys(cit.attributed_to for cit in kb.claims[cid].citations if cit.source == sid)
            if a and a in kb.sources]


def relayed_sources(kb, cid: str) -> list[str]:
    """The sources a claim's citations attribute it to whose own words are not cited for it, in the citations' order."""
    cited = cited_sources(kb, cid)
    return [s for s in dict.fromkeys(cit.attributed_to for cit in kb.claims[cid].citations if cit.attributed_to)
            if s in kb.sources and s not in cited]


def derived_from(kb, cid: str) -> list[str]:
    """The claims derived from this one."""
    return in_record_order(kb, kb.derived_from.get(cid, []))


def claims_in_conflict(kb, xid: str) -> list[str]:
    """The distinct claims over a conflict's sides, in the order the sides name them."""
    return list(dict.fromkeys(cid for s in kb.conflicts[xid].sides for cid in s.claims if cid in kb.claims))


def side_claims(kb, side) -> list[str]:
    """The claims a side of a conflict names that the fact base holds, in the side's order."""
    return [c for c in side.claims if c in kb.claims]


def children(kb, eid: str) -> list[str]:
    """The entities whose parent is ``eid``, in the order data/ holds them."""
    return [k for k, o in kb.entities.items() if o.parent == eid]


# --- other records --------------------------------------------------------------------------------

def entities_of_kind(kb, kind=None) -> list[str]:
    """Entity ids, of the given kinds (comma-separated) or all."""
    kinds = names(kind)
    return [eid for eid, e in kb.entities.items() if not kinds or e.kind in kinds]


def conflicts_of_kind(kb, kinds=None) -> list[str]:
    """Conflict ids, of the given kinds (comma-separated) or all."""
    wanted = names(kinds)
    return [xid for xid, x in kb.conflicts.items() if not wanted or x.kind in wanted]


def glossary_order(kb, lang: str) -> list[str]:
    """The glossary's term ids in the alphabetical order of their terms in ``lang`` (case folded); a converted
    language keeps its source language's order, so that its glossary reads entry for entry as the source's."""
    source = languages.LANGUAGES[lang].source
    return sorted(kb.glossary, key=lambda g: getattr(kb.glossary[g].term, source).casefold())


def related_terms(kb, gid: str) -> list[str]:
    """The terms a glossary entry points to that the glossary holds, in the entry's order."""
    return [r for r in kb.glossary[gid].related if r in kb.glossary]


# --- who said it first, by source -----------------------------------------------------------------

def origin_groups(kb, sid: str) -> list[tuple[tuple[str, ...], list[str]]]:
    """The claims ``sid`` is the origin of, grouped by the exact set of sources relaying it (sorted ids): the
    largest group first, groups of one size in the order they first appear, claims in record order."""
    groups: dict[tuple[str, ...], list[str]] = {}
    for cid, relayers in kb.relays.origin_of(sid):
        groups.setdefault(tuple(sorted(relayers)), []).append(cid)
    first = {key: n for n, key in enumerate(groups)}
    ordered = sorted(groups.items(), key=lambda kv: (-len(kv[1]), first[kv[0]]))
    return [(key, in_record_order(kb, ids)) for key, ids in ordered]


def relayed_together(kb, cid: str) -> list[tuple[tuple[tuple[str, ...], bool], list[str]]]:
    """A claim's relayed original reports, grouped by how they reach it: ((the sources relaying them, whether those
    sources' own words are cited too), the originals), in the order the citations first name them."""
    groups: dict[tuple[tuple[str, ...], bool], list[str]] = {}
    for r in kb.relays.of_claim(cid).relayed:
        groups.setdefault((r.relayed_by, r.cited), []).append(r.source)
    return list(groups.items())


def relayers_of(kb, sid: str) -> list[str]:
    """Every source relaying some claim from ``sid``, each once, in the order they first do."""
    return list(dict.fromkeys(s for _, relayers in kb.relays.origin_of(sid) for s in relayers))


def relayed_origins(kb) -> list[str]:
    """Every source that others relay, oldest first (undated last), ties by id."""
    origins = [sid for sid in kb.sources if kb.relays.origin_of(sid)]
    return sorted(origins, key=lambda sid: (kb.sources[sid].date or "9999", sid))


# --- what the charts compare ----------------------------------------------------------------------

def _single_figure(c: Claim) -> bool:
    return c.value is not None and not isinstance(c.value, list)


def _compares(c: Claim) -> bool:
    """A benchmark claim about a system that is not its own baseline, with a model and a baseline named."""
    return bool(c.conditions.model and c.conditions.baseline and c.subject != c.conditions.baseline)


def benchmark_pairs(kb, metric: str) -> list[tuple[str, str, Optional[str]]]:
    """(model, the subject's claim, the baseline's claim or None) for each standing benchmark figure of one metric
    that a system states against its baseline, in record order."""
    out = []
    for cid in select(kb, tag="benchmark", metric=metric):
        c = kb.claims[cid]
        if is_active(kb, cid) and _compares(c) and _single_figure(c):
            out.append((c.conditions.model, cid, baseline_for(kb, c, metric)))
    return out


def compared_models(kb) -> list[tuple[str, str, Optional[str]]]:
    """(model, baseline, format) for every model with a standing benchmark figure for both systems, in record
    order (the first such claim gives the baseline and format)."""
    seen: dict = {}
    for cid in select(kb, tag="benchmark"):
        c = kb.claims[cid]
        if is_active(kb, cid) and c.conditions.benchmark and _compares(c) and baseline_for(kb, c, c.metric):
            seen.setdefault(c.conditions.model, (c.conditions.baseline, c.conditions.format))
    return [(m, b, f) for m, (b, f) in seen.items()]


def compared_systems(kb) -> list[str]:
    """The systems the benchmarks compare, model by model: each subject, then its baseline, each once."""
    systems = []
    for model, baseline, _ in compared_models(kb):
        for cid in select(kb, tag="benchmark"):
            c = kb.claims[cid]
            if c.conditions.model == model and c.conditions.baseline == baseline and c.subject != baseline:
                systems.append(c.subject)
                break
        systems.append(baseline)
    return list(dict.fromkeys(systems))


def stated_ratio(kb, model: str, metric: str) -> Optional[str]:
    """A standing stated speed-up for ``model`` at one of the metric's operating points (what a chart shows where
    the figures behind it were not published)."""
    points = {kb.claims[i].conditions.operating_point for i in select(kb, metric=metric)}
    for cid in select(kb, tag="benchmark", metric="speedup"):
        c = kb.claims[cid]
        if is_active(kb, cid) and c.conditions.model == model and c.conditions.operating_point in points \
                and c.value is not None:
            return cid
    return None


def power_claim(kb, eid: str, metric: str) -> Optional[str]:
    """The first standing single figure of a power metric for a system, stated with its power basis."""
    for cid in select(kb, subject=eid, metric=metric):
        c = kb.claims[cid]
        if is_active(kb, cid) and c.conditions.power_basis and _single_figure(c):
            return cid
    return None


def step_count_claim(kb) -> str:
    """The one standing claim with metric step-count (the multi-step task example); KeyError if not exactly one."""
    found = [i for i in select(kb, metric="step-count") if is_active(kb, i)]
    if len(found) != 1:
        raise KeyError(f"the multi-step task chart needs exactly one claim with metric step-count, found {found}")
    return found[0]


def single_dates(kb) -> list[str]:
    """The standing claims whose value is one date (a day, a month or a year), in record order: a timeline's events."""
    return [cid for cid in select(kb, kind="date") if is_active(kb, cid) and isinstance(kb.claims[cid].value, str)]


# --- figures of different subjects, compared --------------------------------------------------------------------
#
# Two figures rank together only where they measure the same thing the same way: the same metric, each qualifier
# its metric is qualified_by stated and equal (what one figure covers, the number format, dense or sparse), and
# each figure known.  Units are not a reason: every figure is compared in its metric's base unit, whatever unit its
# source wrote it in (GiB against GB, PFLOPS against TFLOPS), and the page says which were converted.

NOT_COMPARABLE = ("metric", "no-figure", "per", "per-not-stated", "number_format", "sparsity", "sparsity-not-stated")
"""Why two figures are not ranked: another metric; a figure not known (no value, none computed); another extent
(chip against rack); one whose source does not say what it covers; another number format; dense against sparse;
one whose source does not say whether it counts sparsity.  (Ranked figures whose intervals overlap are ranked,
and named as ties: :attr:`Ranking.ties`.)"""


def qualifiers(kb, cid: str) -> dict[str, Optional[str]]:
    """The qualifiers the claim's metric is qualified by, as the claim states them: {'per': 'package', ...}."""
    c = kb.claims[cid]
    return {q: getattr(c, q) for q in kb.metrics[c.metric].qualified_by}


def in_base_units(kb, cid: str) -> Optional[Interval]:
    """The claim's figure (stated, else computed) in its unit's base unit (seconds, bytes, operations a second),
    whatever unit the source wrote it in: what rankings compare.  None for a figure that is neither."""
    from fractions import Fraction

    from . import derive

    c = kb.claims[cid]
    if kb.metrics[c.metric].kind in ("date", "qualitative"):
        return None
    iv = derive.value_interval(c, kb.unit_of(cid))
    if iv is None and (got := computed(kb, cid)) is not None:
        scale = Fraction(kb.unit_of(cid).scale)
        iv = Interval(got.lo * scale, got.hi * scale)
    return iv


def in_metric_unit(kb, cid: str) -> Optional[tuple]:
    """The claim's figure in its metric's unit, (low, high) as fractions: a stated figure converted exactly from the
    unit its source wrote it in (192 GiB is 206.158 GB; a number is its own low and high), a computed one as the
    interval computed.  None where :func:`in_base_units` is None."""
    from fractions import Fraction

    c = kb.claims[cid]
    iv = in_base_units(kb, cid)
    if iv is None:
        return None
    scale = Fraction(kb.units[kb.metrics[c.metric].unit].scale)
    if c.value is None:
        return iv.lo / scale, iv.hi / scale
    factor = Fraction(kb.unit_of(cid).scale) / scale
    ends = c.value if isinstance(c.value, list) else [c.value]
    return Fraction(ends[0]) * factor, Fraction(ends[-1]) * factor


def converted(kb, cid: str) -> bool:
    """Whether the claim's figure is written in another unit than its metric's, so that comparing converts it."""
    c = kb.claims[cid]
    return c.unit is not None and c.unit != kb.metrics[c.metric].unit


def not_comparable(kb, a: str, b: str) -> list[str]:
    """Why figures ``a`` and ``b`` cannot be ranked together (codes of :data:`NOT_COMPARABLE`); [] when they can."""
    ca, cb = kb.claims[a], kb.claims[b]
    if ca.metric != cb.metric:
        return ["metric"]
    why = []
    if in_base_units(kb, a) is None or in_base_units(kb, b) is None:
        why.append("no-figure")
    qa, qb = qualifiers(kb, a), qualifiers(kb, b)
    for q in qa:
        if "not-stated" in (qa[q], qb[q]):
            why.append(f"{q}-not-stated")
        elif qa[q] != qb[q]:
            why.append(q)
    return why


@dataclass(frozen=True)
class Ranking:
    """Figures of one metric put in order, best first, and those left out with why."""
    metric: str
    qualifiers: dict
    """The qualifiers every ranked figure shares: {'per': 'package', 'number_format': 'fp8', 'sparsity': 'dense'}."""
    order: list[str]
    """The ranked claims, best first (by the metric's better); a figure whose interval overlaps the next one's is
    listed in ``ties`` with it."""
    ties: list[tuple[str, str]]
    """Neighbours in ``order`` whose intervals overlap: their order is not sure."""
    refused: dict[str, list[str]]
    """Claim -> why it is not ranked with the ranked ones (codes of :data:`NOT_COMPARABLE`)."""


def ranked(kb, ids: Iterable[str], reference: Optional[str] = None) -> Ranking:
    """Rank the figures ``ids`` (one metric) that can be compared with ``reference`` (by default the figure with the
    most others comparable to it, the first in record order among equals); every other figure is refused, with why.
    A metric without a better direction is ordered largest first."""
    ids = in_record_order(kb, ids)
    if not ids:
        raise ValueError("nothing to rank")
    metrics = {kb.claims[i].metric for i in ids}
    if len(metrics) != 1:
        raise ValueError(f"figures of {len(metrics)} metrics cannot be ranked together: {sorted(metrics)}")
    known = [i for i in ids if in_base_units(kb, i) is not None]
    if reference is None:
        pool = known or ids
        reference = max(pool, key=lambda r: (sum(not not_comparable(kb, r, o) for o in ids), -pool.index(r)))
    refused = {i: w for i in ids if (w := not_comparable(kb, reference, i)) and i != reference}
    if reference not in known:
        refused[reference] = ["no-figure"]
    chosen = [i for i in ids if i not in refused]
    lower = kb.metrics[next(iter(metrics))].better == "lower"

    def key(i):
        iv = in_base_units(kb, i)
        mid = (iv.lo + iv.hi) / 2
        return mid if lower else -mid

    order = sorted(chosen, key=key)  # stable: equal figures keep record order
    ties = [(a, b) for a, b in zip(order, order[1:]) if in_base_units(kb, a).intersects(in_base_units(kb, b))]
    return Ranking(next(iter(metrics)), qualifiers(kb, reference) if reference in kb.claims else {}, order, ties, refused)


# --- the comparison of accelerators -----------------------------------------------------------------------------
#
# One row per chip or system with a figure of a compared metric, one column per compared metric (compute, one per
# number format), each cell the figures its claims give, the strongest evidence first.  Each column is ranked by
# :func:`ranked` over the first figure of every cell (:func:`accelerators`): a cell whose figure cannot be compared with the column's
# reference is refused, with why, and never sorted among the rest.

@dataclass(frozen=True)
class Column:
    """One column of the comparison: a metric, and for a metric qualified by number format, one format."""
    metric: str
    number_format: Optional[str] = None

    @property
    def key(self) -> str:
        return self.metric if self.number_format is None else f"{self.metric}-{self.number_format}"


@dataclass(frozen=True)
class Comparison:
    subjects: list[str]
    """Chips and systems marked compared that have a compared figure: by maker, then by date announced (undated last), then by name."""
    columns: list[Column]
    cells: dict
    """(subject, column key) -> the active claims giving that figure, strongest tier first, then in record order."""
    rankings: dict
    """column key -> :class:`Ranking` of the first claim of each cell (absent where fewer than two cells have one)."""

    def first(self, subject: str, column: Column) -> Optional[str]:
        got = self.cells.get((subject, column.key))
        return got[0] if got else None


def maker_of(kb, eid: str) -> Optional[str]:
    """The organisation a chip or system is made by: the first organisation among its parents (None if none)."""
    seen = set()
    while eid and eid not in seen:
        seen.add(eid)
        eid = kb.entities[eid].parent
        if eid and kb.entities[eid].kind == "organisation":
            return eid
    return None


def compared_metrics(kb) -> list[str]:
    """The metrics marked compared, in the order data/ writes them."""
    return in_record_order(kb, [m for m, rec in kb.metrics.items() if rec.compared], kind="metrics")


def _format_order(kb, fid: str) -> tuple:
    f = kb.formats[fid]
    return (f.bits, f.family != "float", list(kb.formats).index(fid))


_comparisons: dict = {}


def accelerators(kb, maker: Optional[str] = None) -> Comparison:
    """The comparison of every chip and system marked compared (of one maker's, if given) by its compared figures;
    worked out once for each fact base opened."""
    held = _comparisons.get((id(kb), maker))
    if held is None or held[0] is not kb:
        if len(_comparisons) > 8:
            _comparisons.clear()
        held = _comparisons[(id(kb), maker)] = (kb, _accelerators(kb, maker))
    return held[1]


def _accelerators(kb, maker: Optional[str] = None) -> Comparison:
    metrics = compared_metrics(kb)
    ranks = {t: kb.tiers[t].rank for t in kb.tiers}
    cells: dict = {}
    formats: set = set()
    for cid in in_record_order(kb, (c for c, rec in kb.claims.items() if rec.metric in metrics)):
        c = kb.claims[cid]
        if not is_active(kb, cid) or not kb.entities[c.subject].compared:
            continue
        if maker and maker_of(kb, c.subject) != maker:
            continue
        fmt = c.number_format if "number_format" in kb.metrics[c.metric].qualified_by else None
        formats.add(fmt) if fmt else None
        cells.setdefault((c.subject, Column(c.metric, fmt).key), []).append(cid)
    for key, ids in cells.items():
        ids.sort(key=lambda i: -ranks[kb.claims[i].tier])  # stable: record order among equals
    columns = []
    for m in metrics:
        if "number_format" in kb.metrics[m].qualified_by:
            used = sorted((f for f in formats if any(k == Column(m, f).key for _, k in cells)),
                          key=lambda f: _format_order(kb, f))
            columns += [Column(m, f) for f in used]
        elif any(k == m for _, k in cells):
            columns.append(Column(m))
    subjects = {s for s, _ in cells}

    def announced(s):
        got = cells.get((s, "announcement-date"))
        return _start(kb.claims[got[0]].value) if got else dt.date.max

    def by(s):
        m = maker_of(kb, s)
        return (kb.entities[m].name.en.lower() if m else "~", announced(s), kb.entities[s].name.en.lower())

    order = sorted(subjects, key=by)
    rankings = {}
    for col in columns:
        firsts = [cells[(s, col.key)][0] for s in order if (s, col.key) in cells]
        if len(firsts) > 1 and kb.metrics[col.metric].kind != "date":
            rankings[col.key] = ranked(kb, firsts)
    return Comparison(order, columns, cells, rankings)
