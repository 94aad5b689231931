"""The fact base read on its own: PyYAML and nothing from the engine.

Numbers keep the digits they were written with (``1.80`` is ``Decimal("1.80")``,
not the float 1.8), and dates stay the text they were written as, so the
suite compares pages with what a contributor typed, not with what the engine
made of it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
import datetime as dt
import re
import subprocess
from decimal import Decimal
from functools import cached_property
from pathlib import Path

import yaml

from . import langs


class RawLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """SafeLoader (libyaml's when PyYAML has it) that keeps a float's written digits and a date's written text."""


def _decimal(loader, node):
    return Decimal(loader.construct_scalar(node).replace("_", ""))


def _as_written(loader, node):
    return loader.construct_scalar(node)


RawLoader.add_constructor("tag:yaml.org,2002:float", _decimal)
RawLoader.add_constructor("tag:yaml.org,2002:timestamp", _as_written)

DATE = re.compile(r"^\d{4}(?:-\d{2}(?:-\d{2})?)?$")
KINDS = ("claims", "sources", "entities", "tiers", "conflicts", "glossary", "units", "metrics")


def _read(path: Path) -> dict:
    with path.open(encoding="utf-8") as fh:
        loaded = yaml.load(fh, Loader=RawLoader)  # noqa: S506 (RawLoader is a SafeLoader)
    return loaded or {}


def read_kind(data: Path, kind: str) -> dict:
    """Every record of a kind: ``<kind>.yml`` and ``<kind>/*.yml`` merged, id → record."""
    out: dict = {}
    files = [data / f"{kind}.yml"] + sorted((data / kind).glob("*.yml"))
    for path in files:
        if path.is_file():
            out.update(_read(path))
    return out


@dataclass
class Facts:
    data: Path
    _kinds: dict = field(default_factory=dict)

    def kind(self, kind: str) -> dict:
        if kind not in self._kinds:
            self._kinds[kind] = read_kind(self.data, kind)
        return self._kinds[kind]

    @property
    def claims(self) -> dict:
        return self.kind("claims")

    @cached_property
    def record_ids(self) -> dict[str, list[str]]:
        """Ids of every record that has a page of its own, by page folder."""
        return {k: list(self.kind(k)) for k in ("claims", "sources", "entities", "tiers", "conflicts")}

    @cached_property
    def _dates(self) -> set[str]:
        found: set[str] = set()

        def walk(x):
            if isinstance(x, dict):
                for v in x.values():
                    walk(v)
            elif isinstance(x, list):
                for v in x:
                    walk(v)
            elif isinstance(x, str) and DATE.match(x):
                found.add(x)

        for kind in ("sources", "entities", "conflicts"):
            walk(self.kind(kind))
        for claim in self.claims.values():  # the day a quote was copied from a page read at its address
            walk([cit.get("accessed") for cit in claim.get("citations") or []])
        return found

    def record_dates(self) -> set[str]:
        """Dates records other than claims state (a source's publication date, a snapshot's date), and the day each
        quote of a page read at its address was copied (a citation's accessed)."""
        return self._dates

    @cached_property
    def version_date(self) -> str | None:
        """The date of the data version a build of this data shows: its last commit's day in UTC, read
        from git here, not from the build; None outside a git checkout (the build then shows no date)."""
        try:
            out = subprocess.run(["git", "-C", str(self.data), "log", "-1", "--format=%ct"],
                                 capture_output=True, text=True, timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            return None
        if out.returncode != 0 or not out.stdout.strip().isdigit():
            return None
        return dt.datetime.fromtimestamp(int(out.stdout), dt.timezone.utc).date().isoformat()

    @cached_property
    def commit_dates(self) -> dict[str, str]:
        """Each commit's day in UTC (full id → ISO date), read from git here in one pass, not from the build; empty
        outside a git checkout."""
        try:
            out = subprocess.run(["git", "-C", str(self.data), "log", "--format=%H %ct"],
                                 capture_output=True, text=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired):
            return {}
        if out.returncode != 0:
            return {}
        return {sha: dt.datetime.fromtimestamp(int(ct), dt.timezone.utc).date().isoformat()
                for sha, ct in (line.split() for line in out.stdout.splitlines() if line.strip())}

    def names_with_digits(self, lang: str) -> list[str]:
        """The entities' names in ``lang`` and their aliases that hold a digit (Gaudi 3, Maia 100), longest first."""
        names = {n for e in self.kind("entities").values()
                 for n in [langs.text(e.get("name") or {}, lang), *(e.get("aliases") or [])]}
        return sorted((n for n in names if n and re.search(r"\d", n)), key=len, reverse=True)

    def unit(self, cid: str) -> dict:
        """The unit a claim's figure is written in: its own (``unit``, as its source writes it), else its metric's."""
        claim = self.claims[cid]
        return self.kind("units")[claim.get("unit") or self.kind("metrics")[claim["metric"]]["unit"]]

    def unit_symbol(self, cid: str, lang: str) -> str:
        return langs.text(self.unit(cid).get("symbol") or {}, lang) or ""

    def unit_scale(self, cid: str):
        return self.unit(cid).get("scale", 1)

    def figure_claims(self) -> list[str]:
        """Claims whose page shows a figure: a stated value, or a derivation with inputs to compute from."""
        out = []
        for cid, c in self.claims.items():
            d = c.get("derivation") or {}
            if c.get("value") is not None or (d.get("inputs") and not d.get("missing")):
                out.append(cid)
        return out


def page_count_floor(facts: Facts) -> int:
    """Pages the site must have at the least: one per record with a page, per language."""
    return 2 * sum(len(ids) for ids in facts.record_ids.values())
