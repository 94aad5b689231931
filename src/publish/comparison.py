"""The figures that compare accelerators, as two downloads: the long form and the wide one.

A figure is comparable when its metric is ``qualified_by`` what makes two figures comparable (kb.schema.Metric:
what one figure covers, the number format, dense or sparse).  Its *key* is the metric and those qualifiers as the
claim states them: ``compute fp8 dense package``.  Two figures of one key are comparable (kb.query.not_comparable);
figures of two keys are not, so they never share a column.

* ``figures.csv``, the long form: one row per figure, every figure of every subject, with its value as the source
  writes it (value, unit), the same value in the metric's own unit (value_in_metric_unit: GiB becomes GB), its key,
  its claim and evidence tier.
* ``accelerators.csv``, the wide form: one row per subject, one column per key, holding the figure in the metric's
  unit, with two columns beside it for the claim it comes from and its tier.  Where several claims give a figure of
  one key for one subject, the column holds the active one of the strongest evidence tier (the first in record order
  among equals); the long form has them all.

Nothing here decides what is comparable: kb.query does, and this module only lays its answers out.
"""
from __future__ import annotations

from fractions import Fraction

from kb import query

LONG_COLUMNS = ("subject", "subject_name_en", "subject_name_zh", "metric", "per", "number_format", "sparsity",
                "key", "value", "unit", "value_in_metric_unit", "metric_unit", "claim", "tier", "status", "attribution",
                "url_en")


def comparable_claims(kb) -> list[str]:
    """Every claim with a figure of a metric that is qualified_by something, in record order."""
    ids = [cid for cid, c in kb.claims.items() if kb.metrics[c.metric].qualified_by]
    return query.in_record_order(kb, ids)


def key_of(kb, cid: str) -> str:
    """The figure's key: its metric, then each qualifier its metric is qualified by, as the claim states it."""
    c = kb.claims[cid]
    return " ".join([c.metric] + [str(v) for v in query.qualifiers(kb, cid).values()])


def _in_metric_unit(kb, cid: str) -> str | None:
    """The figure in its metric's unit (kb.query.in_metric_unit), to at most six significant figures: a number, or a
    range or computed interval as low..high."""
    ends = query.in_metric_unit(kb, cid)
    if ends is None:
        return None
    lo, hi = (_short(x) for x in ends)
    return lo if lo == hi else f"{lo}..{hi}"


def _short(x: Fraction) -> str:
    text = f"{float(x):.6g}"
    return text if "e" not in text else f"{float(x):f}".rstrip("0").rstrip(".")


def long_rows(kb, page_url) -> list[dict]:
    """One row per comparable figure (``page_url(kind, id, lang)`` gives a page's address)."""
    from kb import display

    rows = []
    for cid in comparable_claims(kb):
        c = kb.claims[cid]
        subject = kb.entities[c.subject]
        q = query.qualifiers(kb, cid)
        rows.append({
            "subject": c.subject, "subject_name_en": subject.name.en, "subject_name_zh": subject.name.zh,
            "metric": c.metric, "per": q.get("per"), "number_format": q.get("number_format"),
            "sparsity": q.get("sparsity"), "key": key_of(kb, cid), "value": display.canonical(c.value),
            "unit": kb.unit_of(cid).symbol.en or c.unit or kb.metrics[c.metric].unit,
            "value_in_metric_unit": _in_metric_unit(kb, cid),
            "metric_unit": kb.units[kb.metrics[c.metric].unit].symbol.en, "claim": cid, "tier": c.tier,
            "status": c.status, "attribution": c.attribution, "url_en": page_url("claim", cid, "en"),
        })
    return rows


def wide(kb) -> tuple[list[str], list[dict]]:
    """The wide table: its columns (subject, then three per key in key order) and one row per subject."""
    ranks = {t: kb.tiers[t].rank for t in kb.tiers}
    best: dict[tuple[str, str], str] = {}
    for cid in comparable_claims(kb):
        if not query.is_active(kb, cid) or query.in_base_units(kb, cid) is None:
            continue
        slot = (kb.claims[cid].subject, key_of(kb, cid))
        held = best.get(slot)
        if held is None or ranks[kb.claims[cid].tier] > ranks[kb.claims[held].tier]:
            best[slot] = cid
    keys = sorted({k for _, k in best})
    columns = ["subject", "subject_name_en", "subject_name_zh"] + [f"{k}{part}" for k in keys
                                                                   for part in ("", " claim", " tier")]
    rows = []
    for subject in sorted({s for s, _ in best}):
        e = kb.entities[subject]
        row = {"subject": subject, "subject_name_en": e.name.en, "subject_name_zh": e.name.zh}
        for k in keys:
            cid = best.get((subject, k))
            row.update({k: cid and _in_metric_unit(kb, cid), f"{k} claim": cid,
                        f"{k} tier": cid and kb.claims[cid].tier})
        rows.append(row)
    return columns, rows
