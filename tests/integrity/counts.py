"""Numbers the site derives from the records themselves, recomputed from the YAML (see render/figures.py).

``<data value="N" data-count="WHAT">`` says what was counted; this module counts
it again from :class:`Facts` (PyYAML, nothing from the engine), and the figure
check compares the value and the text shown.  ``<data data-claim data-field>``
shows a field of a claim's record; its value is read from the record here.
"""
from __future__ import annotations

from . import numbers as num
from .facts import Facts

TOTALS = ("claims", "sources", "entities", "tiers", "conflicts", "glossary")


def _claims_where(facts: Facts, keep) -> int:
    return sum(1 for c in facts.claims.values() if keep(c))


def _entities_of(c: dict) -> set:
    cond = c.get("conditions") or {}
    return {c.get("subject"), cond.get("model"), cond.get("baseline"), cond.get("benchmark")} - {None}


def _sources_of(c: dict) -> set:
    return {x for cit in c.get("citations") or [] for x in (cit.get("source"), cit.get("attributed_to")) if x}


def _reports(c: dict) -> tuple[set, set]:
    """(the sources cited, the original reports) of a claim, read from its citations as the YAML writes them:
    a report is a source some citation attributes the claim to, or a cited source that attributes it to nobody
    and relays nothing else for this claim."""
    cits = c.get("citations") or []
    cited = {cit.get("source") for cit in cits}
    named = {cit["attributed_to"] for cit in cits if cit.get("attributed_to") not in (None, cit.get("source"))}
    relaying = {cit.get("source") for cit in cits if cit.get("attributed_to") not in (None, cit.get("source"))}
    return cited, named | {s for s in cited - relaying}


def _relayers(c: dict, origin: str) -> frozenset:
    return frozenset(cit.get("source") for cit in c.get("citations") or []
                     if cit.get("attributed_to") == origin and cit.get("source") != origin)


def _relay_count(facts: Facts, kind: str, arg: str) -> int | None:
    """The counts of who said a claim first (render/relay.py), from the YAML."""
    sources = facts.kind("sources")
    if kind in ("claim-sources", "claim-reports"):
        if arg not in facts.claims:
            return None
        cited, reports = _reports(facts.claims[arg])
        return len(cited if kind == "claim-sources" else reports)
    if kind == "claims-originated" and arg in sources:
        return _claims_where(facts, lambda c: bool(_relayers(c, arg)))
    if kind == "claims-relayed":
        origin, _, who = arg.partition(":")
        group = frozenset(who.split(","))
        if origin not in sources or not group <= set(sources):
            return None
        return _claims_where(facts, lambda c: _relayers(c, origin) == group)
    if kind == "claims-relayed-by":
        relayer, _, origin = arg.partition(":")
        if relayer not in sources or origin not in sources:
            return None
        return _claims_where(facts, lambda c: relayer in _relayers(c, origin))


from .langs import WRITTEN  # noqa: E402

SITE_LANG = {"en": "en", "zh-Hans": "zh", "zh-Hant": "zh"}


def _how_checked(cit: dict, src: dict | None) -> str:
    """How a citation's words were checked, read from the YAML: a kept copy, a dated reading (of a page found
    again, or not found since), or nothing."""
    src = src or {}
    snap = src.get("snapshot")
    if "quote" in cit and snap:
        return "full-copy" if snap.get("extent") == "full" else "excerpt"
    if not (src.get("url") and src.get("accessed")):
        return "unchecked"
    recheck = src.get("rechecked") or {}
    return "not-found" if recheck and not recheck.get("found") else "read"


def _citations(facts: Facts, what: str) -> int | None:
    sources = facts.kind("sources")
    cits = [(cit, sources.get(cit.get("source"))) for c in facts.claims.values() for cit in c.get("citations") or []]
    kind, _, arg = what.partition(":")
    if kind == "citations-checked" and arg in ("full-copy", "excerpt", "read", "not-found", "unchecked"):
        return sum(1 for cit, src in cits if _how_checked(cit, src) == arg)
    if what == "citations:all":
        return len(cits)
    if what == "citations:quotes":
        return sum(1 for cit, _ in cits if "quote" in cit)
    if what == "citations:quotes-translated":
        def translated(cit, src):
            own = SITE_LANG.get((src or {}).get("language"))
            need = set(WRITTEN.values()) - {own}
            return all((cit.get("translation") or {}).get(lang) for lang in need)
        return sum(1 for cit, src in cits if "quote" in cit and translated(cit, src))
    return None


def _listed(facts: Facts, arg: str) -> int | None:
    """``listed:LIST@CLAIM``: CLAIM's place (1 for the first) among the claims LIST counts, in the order the
    YAML writes them (a part of a long list says which claims it holds: render/listing.py)."""
    what, _, cid = arg.rpartition("@")
    kind, _, of = what.partition(":")
    if what == "total:claims":
        keep = None
    elif kind == "claims-in-tier" and of in facts.kind("tiers"):
        def keep(c):
            return c.get("tier") == of
    elif kind == "claims-of-entity" and of in facts.kind("entities"):
        def keep(c):
            return of in _entities_of(c)
    else:
        return None
    members = [k for k, c in facts.claims.items() if keep is None or keep(c)]
    return members.index(cid) + 1 if cid in members else None


def expected(facts: Facts, what: str) -> int | None:
    """What ``what`` counts, from the data; None when it names nothing the data has."""
    kind, _, arg = what.partition(":")
    if kind == "listed":
        return _listed(facts, arg)
    if kind == "total":
        return len(facts.kind(arg)) if arg in TOTALS else None
    if kind == "claims-tagged":
        tags = set(arg.split(","))
        return _claims_where(facts, lambda c: bool(tags & set(c.get("tags") or [])))
    if kind == "claims-in-tier" and arg in facts.kind("tiers"):
        return _claims_where(facts, lambda c: c.get("tier") == arg)
    if kind == "claims-of-entity" and arg in facts.kind("entities"):
        return _claims_where(facts, lambda c: arg in _entities_of(c))
    if kind == "claims-of-source" and arg in facts.kind("sources"):
        return _claims_where(facts, lambda c: arg in _sources_of(c))
    if kind == "claims-in-conflict" and arg in facts.kind("conflicts"):
        sides = facts.kind("conflicts")[arg].get("sides") or []
        return len({cid for s in sides for cid in s.get("claims") or []})
    if kind in ("citations-checked", "citations"):
        return _citations(facts, what)
    if kind == "figures":
        return _figures(facts).get(arg)
    if what == "entities-compared":  # chips and systems marked compared that have a figure of a compared metric
        compared = {m for m, rec in facts.kind("metrics").items() if rec.get("compared")}
        return len({c["subject"] for c in facts.claims.values() if c.get("metric") in compared
                    and facts.kind("entities").get(c["subject"], {}).get("compared")})
    if kind == "figures-beside":  # the other standing figures of one compared chip's metric, in one number format
        subject, metric, form = (arg.split(":") + ["", "", ""])[:3]
        rec = facts.kind("metrics").get(metric)
        if rec is None or not facts.kind("entities").get(subject, {}).get("compared"):
            return None
        by_format = "number_format" in (rec.get("qualified_by") or [])
        return sum(1 for c in facts.claims.values() if c.get("subject") == subject and c.get("metric") == metric
                   and c.get("status") not in ("superseded", "retracted")
                   and (not by_format or (c.get("number_format") or "") == form)) - 1
    if kind == "tier-rank" and arg in facts.kind("tiers"):
        return facts.kind("tiers")[arg].get("rank") or None
    return _relay_count(facts, kind, arg)


def _figures(facts: Facts) -> dict[str, int]:
    """Claims by how their own figure rests on the quotes, as the records say: a stated figure whose citations
    carry a reading rests on it (kb check refuses a reading where its own quote writes the figure, and a figure
    no quote writes without one), unless one of them quotes a page read at its address without a reading (kb
    check holds such a quote to write the figure itself); every other stated figure is written in a quote."""
    claims = facts.claims.values()
    sources = facts.kind("sources")
    stated = [c for c in claims if c.get("value") is not None]

    def web_quote_writes_it(cit: dict) -> bool:
        src = sources.get(cit.get("source")) or {}
        return ("quote" in cit and not cit.get("reading") and _how_checked(cit, src) == "read"
                and not src.get("snapshot"))

    reading = sum(1 for c in stated if any(cit.get("reading") for cit in c.get("citations") or [])
                  and not any(web_quote_writes_it(cit) for cit in c.get("citations") or []))
    computed = sum(1 for c in claims if c.get("value") is None and c.get("derivation"))
    return {"stated": len(stated), "reading": reading, "verbatim": len(stated) - reading, "computed": computed,
            "no-figure": len(facts.claims) - len(stated) - computed}


def field_of(record: dict, path: str):
    v = record
    for key in path.split("."):
        if not isinstance(v, dict) or key not in v:
            return None
        v = v[key]
    return v


def problems(page, facts: Facts, where: str) -> list[str]:
    out = []
    for what, value, text in page.counts:
        n = expected(facts, what)
        if n is None:
            out.append(f"{where} · count {what}: the data has nothing this counts (shown {text!r})")
        elif value != str(n):
            out.append(f"{where} · count {what}: value {value}, data {n}")
        elif text != num.shown(n, page.lang):
            out.append(f"{where} · count {what}: shown {text}, data {num.shown(n, page.lang)}")
    for cid, path, value, text in page.fields:
        claim = facts.claims.get(cid)
        v = field_of(claim, path) if claim is not None else None
        if not isinstance(v, int) or isinstance(v, bool):
            out.append(f"{where} · {cid} {path}: the data has no such number (shown {text!r})")
        elif value != str(v):
            out.append(f"{where} · {cid} {path}: value {value}, data {v}")
        elif text != num.shown(v, page.lang):
            out.append(f"{where} · {cid} {path}: shown {text}, data {num.shown(v, page.lang)}")
    return out
