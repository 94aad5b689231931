"""Who said it first: the original report behind each citation, and the sources that relay it.

A citation records the source whose words are quoted (``source``) and, where that
text says where the statement comes from, the source it attributes it to
(``attributed_to``: the vendor's post an article relays).  From those two fields
alone, for every claim:

* its **reports**: the original reports it rests on, as far as the records show.
  A source some citation attributes the claim to is a report, relayed by each
  source that attributes it so (``relayed_by``).  A cited source that attributes
  the claim to nobody states it itself, and is a report of its own (``cited``).
  A source that relays another for a claim is not counted as a report of its
  own for that claim, even where another of its citations names no origin: the
  same text giving the same figure again is the same report, and counting it
  twice would make one report look like two;
* its **standing**: ``one-source`` (a single source cites it), ``one-report``
  (several sources cite it, all relaying the same original: one report repeated,
  not several confirmations) or ``several-reports`` (two or more original
  reports, whether several sources stating it themselves or several originals
  relayed).  Several reports are independent only as far as the sources say: a
  source that names no origin may still have taken the figure from one.

And for every source: the claims it is the origin of, with the sources that
relay each (:meth:`Relays.origin_of`), and the originals it relays, with the
claims it relays from each (:meth:`Relays.relays`).

Everything is in the records' order: claims as written in data/, sources in the
order a claim's citations name them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Standing = Literal["one-source", "one-report", "several-reports"]


@dataclass(frozen=True)
class Report:
    """One original report of a claim."""

    source: str                    # id of the source the report is
    relayed_by: tuple[str, ...]    # sources whose cited text attributes the claim to it
    cited: bool                    # its own text is cited for the claim, naming no other origin


@dataclass(frozen=True)
class Chain:
    """Where a claim comes from: its original reports and the sources cited for it."""

    claim: str
    reports: tuple[Report, ...]
    sources: tuple[str, ...]       # every source cited for the claim, once each

    @property
    def relayed(self) -> tuple[Report, ...]:
        """The reports some cited source attributes the claim to."""
        return tuple(r for r in self.reports if r.relayed_by)

    @property
    def stated(self) -> tuple[str, ...]:
        """The cited sources that state the claim themselves, relayed by no other cited source."""
        return tuple(r.source for r in self.reports if r.cited and not r.relayed_by)

    @property
    def standing(self) -> Standing:
        if len(self.reports) > 1:
            return "several-reports"
        return "one-report" if len(self.sources) > 1 else "one-source"


def chain(cid: str, citations) -> Chain:
    """A claim's chain from its citations (anything with ``source`` and ``attributed_to``)."""
    sources = tuple(dict.fromkeys(cit.source for cit in citations))
    relayers: dict[str, list[str]] = {}
    for cit in citations:
        if cit.attributed_to and cit.attributed_to != cit.source:
            got = relayers.setdefault(cit.attributed_to, [])
            if cit.source not in got:
                got.append(cit.source)
    relaying = {s for got in relayers.values() for s in got}
    own: set[str] = set()
    order: list[str] = []  # reports in the order the citations first name them
    for cit in citations:
        if cit.attributed_to and cit.attributed_to != cit.source:
            key = cit.attributed_to
        elif cit.source in relaying:
            continue
        else:
            key = cit.source
            own.add(key)
        if key not in order:
            order.append(key)
    return Chain(cid, tuple(Report(s, tuple(relayers.get(s, ())), s in own) for s in order), sources)


@dataclass(frozen=True)
class Relays:
    """Every claim's chain, and the same read from each source's side."""

    chains: dict[str, Chain]
    _origin_of: dict[str, tuple[tuple[str, tuple[str, ...]], ...]]
    _relays: dict[str, tuple[tuple[str, tuple[str, ...]], ...]]

    @classmethod
    def build(cls, claims: dict, order) -> "Relays":
        """``claims``: id -> claim; ``order``: the claim ids in record order."""
        chains = {cid: chain(cid, claims[cid].citations) for cid in order}
        origin_of: dict[str, list] = {}
        relays: dict[str, dict[str, list[str]]] = {}
        for cid, ch in chains.items():
            for r in ch.relayed:
                origin_of.setdefault(r.source, []).append((cid, r.relayed_by))
                for s in r.relayed_by:
                    relays.setdefault(s, {}).setdefault(r.source, []).append(cid)
        return cls(chains,
                   {s: tuple(v) for s, v in origin_of.items()},
                   {s: tuple((o, tuple(ids)) for o, ids in v.items()) for s, v in relays.items()})

    def of_claim(self, cid: str) -> Chain:
        return self.chains[cid]

    def origin_of(self, sid: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """(claim, the sources relaying it from ``sid``) for every claim some cited source attributes to ``sid``."""
        return self._origin_of.get(sid, ())

    def relays(self, sid: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """(original, the claims ``sid`` relays from it) for every source ``sid``'s cited text attributes a claim to."""
        return self._relays.get(sid, ())

    def standing(self, cid: str) -> Standing:
        return self.chains[cid].standing

    def with_standing(self, standing: Standing) -> list[str]:
        return [cid for cid, ch in self.chains.items() if ch.standing == standing]
