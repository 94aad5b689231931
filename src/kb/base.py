"""The checked, derived fact base: the only view of the data that renderers get.

``KnowledgeBase.open(data_dir)`` loads, checks and derives; it raises
:class:`~kb.problems.DataError` with every problem found, so nothing is ever
rendered from data that failed a rule.
"""
from __future__ import annotations

import datetime as dt
import gc
import os
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Optional

from . import check, checked, derive, relay
from .derive import Check
from .load import Origin, load
from .problems import DataError
from .schema import Claim, Conflict, Entity, Metric, NumberFormat, Redirect, SourceRecord, Tag, Term, Tier, Unit


def today() -> dt.date:
    """Today, or KB_TODAY (YYYY-MM-DD) when set, so builds and tests are repeatable."""
    forced = os.environ.get("KB_TODAY")
    return dt.date.fromisoformat(forced) if forced else dt.date.today()


@dataclass
class KnowledgeBase:
    data_dir: Path
    claims: dict[str, Claim]
    entities: dict[str, Entity]
    sources: dict[str, SourceRecord]
    metrics: dict[str, Metric]
    units: dict[str, Unit]
    tiers: dict[str, Tier]
    conflicts: dict[str, Conflict]
    glossary: dict[str, Term]
    origins: dict[tuple[str, str], Origin]
    checks: dict[str, Check] = field(default_factory=dict)
    redirects: dict[str, Redirect] = field(default_factory=dict)  # retired id -> where it went (data/redirects.yml)
    tags: dict[str, Tag] = field(default_factory=dict)  # topic tag id -> its names (data/tags.yml)
    formats: dict[str, NumberFormat] = field(default_factory=dict)  # number format id -> its record (data/formats.yml)
    # reverse indexes
    claims_by_entity: dict[str, list[str]] = field(default_factory=dict)
    claims_by_source: dict[str, list[str]] = field(default_factory=dict)
    claims_by_tier: dict[str, list[str]] = field(default_factory=dict)
    derived_from: dict[str, list[str]] = field(default_factory=dict)  # input -> claims derived from it
    conflicts_by_claim: dict[str, list[str]] = field(default_factory=dict)
    relays: Optional[relay.Relays] = None  # who said it first: each claim's original reports (kb.relay)
    # claim id -> how each of its citations' words were checked, in the record's order (kb.checked)
    citation_checks: dict[str, list[checked.Checked]] = field(default_factory=dict)

    @classmethod
    def open(cls, data_dir, on: Optional[dt.date] = None) -> "KnowledgeBase":
        enabled = gc.isenabled()
        gc.disable()  # see kb.load.load: many small acyclic objects, rescanned for nothing
        try:
            return cls._open(Path(data_dir), on)
        finally:
            if enabled:
                gc.enable()

    @classmethod
    def _open(cls, data_dir: Path, on: Optional[dt.date]) -> "KnowledgeBase":
        loaded = load(data_dir)
        problems = list(loaded.problems)
        if not problems:
            problems = check.run(loaded, data_dir, on or today())
        if problems:
            raise DataError(problems, root=loaded.root)
        r = loaded.records
        kb = cls(data_dir, r["claims"], r["entities"], r["sources"], r["metrics"], r["units"],
                 r["tiers"], r["conflicts"], r["glossary"], loaded.origins, redirects=r["redirects"], tags=r["tags"],
                 formats=r["formats"])
        kb._index()
        kb._derive()
        kb.relays = relay.Relays.build(kb.claims, kb.record_order("claims"))
        return kb

    def _index(self):
        by_entity, by_source, by_tier = defaultdict(list), defaultdict(list), defaultdict(list)
        derived, conflicts = defaultdict(list), defaultdict(list)
        for cid, c in self.claims.items():
            for e in {c.subject, c.conditions.model, c.conditions.baseline, c.conditions.benchmark} - {None}:
                by_entity[e].append(cid)
            for s in dict.fromkeys(x for cit in c.citations for x in (cit.source, cit.attributed_to) if x):
                by_source[s].append(cid)
            by_tier[c.tier].append(cid)
            for inp in (c.derivation.inputs if c.derivation else []):
                derived[inp].append(cid)
        for xid, x in self.conflicts.items():
            for cid in dict.fromkeys(cid for s in x.sides for cid in s.claims):
                conflicts[cid].append(xid)
        self.claims_by_entity, self.claims_by_source = dict(by_entity), dict(by_source)
        self.claims_by_tier, self.derived_from, self.conflicts_by_claim = dict(by_tier), dict(derived), dict(conflicts)
        self.citation_checks = checked.all_checks(self.claims, self.sources)

    def how_checked(self, claim_id: str, index: int) -> checked.Checked:
        """How the words of the claim's citation number ``index`` (from 0) were checked: see kb.checked."""
        return self.citation_checks[claim_id][index]

    def coverage(self) -> dict[str, int]:
        """How many citations were checked each way, and how many quotes carry their translations."""
        return checked.coverage(self.claims, self.sources)

    def record_order(self, kind: str) -> list[str]:
        """The ids of one kind of record in the order they are written in data/ (file, then line)."""
        def key(rid):
            o = self.origins.get((kind, rid))
            return (o.file, o.line) if o else ("", 0)
        return sorted(getattr(self, kind), key=key)

    @cached_property
    def figure_verdicts(self) -> dict:
        """How each claim's own figure rests on its quotes: claim id -> kb.figurecheck.Verdict."""
        from .figurecheck import examine

        return {cid: examine(c, self.unit_of(cid)) for cid, c in self.claims.items()}

    def figure_coverage(self) -> dict[str, int]:
        """Stated figures, and how many a quote writes verbatim or a citation's reading answers for; claims exempt
        because their figure is computed from inputs, or because they state none."""
        counts = Counter(v.status for v in self.figure_verdicts.values())
        return {"stated": counts["verbatim"] + counts["reading"], "verbatim": counts["verbatim"],
                "reading": counts["reading"], "computed": counts["computed"], "no-figure": counts["no-figure"]}

    def unit_of(self, claim_id: str) -> Unit:
        """The unit the claim's figure is written in: its own (as its source writes it), else its metric's."""
        c = self.claims[claim_id]
        return self.units[c.unit or self.metrics[c.metric].unit]

    def _derive(self):
        done: dict[str, Optional[derive.Interval]] = {}

        def interval(cid):
            if cid in done:
                return done[cid]
            c = self.claims[cid]
            iv = derive.value_interval(c, self.unit_of(cid))
            if iv is None and c.derivation is not None:
                chk = check_of(cid)
                if chk.computed is not None:
                    scale = derive.Fraction(self.unit_of(cid).scale)
                    iv = derive.Interval(chk.computed.lo * scale, chk.computed.hi * scale)
            done[cid] = iv
            return iv

        def check_of(cid):
            if cid not in self.checks:
                c = self.claims[cid]
                self.checks[cid] = derive.verdict_for(c, self.unit_of(cid), [interval(i) for i in c.derivation.inputs])
            return self.checks[cid]

        for cid, c in self.claims.items():
            if c.derivation is not None:
                check_of(cid)
