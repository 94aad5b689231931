"""Annotated YAML skeletons for new records, generated from :mod:`kb.schema`.

Every key is written with a comment that says what it means, whether it is
required, and which values are allowed, so the templates in contributing/templates.md and
the skeleton ``kb new`` writes cannot drift from the schema.
"""
from __future__ import annotations

import typing
from dataclasses import dataclass, field
from decimal import Decimal

from pydantic.fields import FieldInfo

from . import schema

# Example values for fields whose type alone does not suggest one.
EXAMPLES = {
    ("Claim", "subject"): "jalapeno",
    ("Claim", "metric"): "e2e-latency",
    ("Claim", "value"): "1.03",
    ("Claim", "tier"): "vendor-self-report",
    ("Citation", "source"): "article-002",
    ("Citation", "quote"): "TODO copy the exact words from data/snapshots/<source>.txt",
    ("Translation", "en"): "TODO the quote in English, its hedges and figures kept (for a Chinese source)",
    ("SourceRecord", "kind"): "news-article",
    ("SourceRecord", "language"): "zh-Hans",
    ("Entity", "kind"): "chip",
    ("Conflict", "kind"): "disagreement",
    ("Side", "claims"): "TODO list of claim ids, e.g. [gptoss-e2e-jalapeno]",
    ("Metric", "unit"): "second",
    ("Symbol", "en"): "GB/s",
    ("Symbol", "zh"): "GB/s",
    ("Unit", "dimension"): "{data: 1, time: -1}",
    ("Unit", "scale"): "1000000000",
    ("Snapshot", "file"): "snapshots/<source-id>.txt",
}
# Optional fields shown in the skeleton (the rest are listed in comments only).
SHOWN_OPTIONAL = {
    "Claim": {"value", "scope", "conditions", "tier_reason"},
    "Citation": {"quote", "translation", "locator"},
    "Translation": {"en"},
    "Conditions": {"model", "baseline", "benchmark"},
    "SourceRecord": {"title", "date", "url", "snapshot"},
    "Entity": {"aliases"},
    "Metric": {"better"},
    "Unit": {"dimension", "scale", "space"},
}



@dataclass(frozen=True)
class Shape:
    """A kind of claim, as ``kb new claim ID --shape NAME`` writes its skeleton: the optional fields it shows to fill
    in, those it leaves out altogether (they do not apply to it), and examples for its values."""

    help: str
    shown: dict = field(default_factory=dict)  # model name -> optional fields written out, with a TODO
    omitted: dict = field(default_factory=dict)  # model name -> fields not even listed
    examples: dict = field(default_factory=dict)  # (model name, field) -> example value


_FIGURE_ONLY = {"precision", "approximate", "bound"}
CLAIM_SHAPES: dict[str, Shape] = {
    "benchmark": Shape(
        "a measured figure from a test (throughput, latency, power): its scope, baseline and test conditions",
        shown={"Claim": {"value", "scope", "conditions", "tier_reason"},
               "Conditions": {"model", "baseline", "benchmark", "input_tokens", "output_tokens", "operating_point"},
               "Citation": {"quote", "translation", "locator"}, "Translation": {"en"}},
        omitted={"Claim": {"derivation"}},
        examples={("Claim", "metric"): "e2e-latency"}),
    "spec": Shape(
        "a figure of a specification (memory bandwidth, process node, a count): no test, so no scope or conditions",
        shown={"Claim": {"value"}, "Citation": {"quote", "translation", "locator"}, "Translation": {"en"}},
        omitted={"Claim": {"scope", "conditions", "derivation"}},
        examples={("Claim", "metric"): "memory-bandwidth", ("Claim", "value"): "7.2"}),
    "date": Shape(
        "a date: when something happened or is planned ('YYYY-MM-DD', 'YYYY-MM' or 'YYYY', or a range of two)",
        shown={"Claim": {"value"}, "Citation": {"quote", "translation", "locator"}, "Translation": {"en"}},
        omitted={"Claim": {"scope", "conditions", "derivation"} | _FIGURE_ONLY},
        examples={("Claim", "metric"): "event-date", ("Claim", "value"): "'2026-08-25'"}),
    "statement": Shape(
        "a statement with no figure (who did what, what was not disclosed)",
        shown={"Citation": {"quote", "translation", "locator"}, "Translation": {"en"}},
        omitted={"Claim": {"value", "scope", "conditions", "derivation"} | _FIGURE_ONLY},
        examples={("Claim", "metric"): "statement"}),
    "ratio": Shape(
        "a figure that follows from other claims (a ratio, a difference, a span of months), re-derived by kb check",
        shown={"Claim": {"value", "scope", "conditions", "derivation"}, "Conditions": {"model", "baseline"},
               "Citation": {"quote", "translation", "locator"}, "Translation": {"en"}},
        examples={("Claim", "metric"): "speedup", ("Claim", "value"): "1.90"}),
}
"""Kinds of claim ``kb new claim --shape`` writes a skeleton for, the default first."""


def _literal_values(ann) -> list[str]:
    out = []
    for arg in typing.get_args(ann) or ():
        out += _literal_values(arg)
    if typing.get_origin(ann) is typing.Literal:
        out += [str(a) for a in typing.get_args(ann)]
    return out


def _model_of(ann):
    if isinstance(ann, type) and issubclass(ann, schema.Record):
        return ann
    for arg in typing.get_args(ann):
        inner = _model_of(arg)
        if inner:
            return inner
    return None


def _is_list(ann) -> bool:
    if typing.get_origin(ann) is list:
        return True
    return any(typing.get_origin(a) is list for a in typing.get_args(ann))


def _comment(model, name: str, f: FieldInfo) -> str:
    parts = ["required" if f.is_required() else "optional"]
    allowed = _literal_values(f.annotation)
    if allowed:
        parts.append("one of: " + " | ".join(allowed))
    if f.description:
        parts.append(f.description)
    return "  # " + "; ".join(parts)


def _placeholder(model, name: str, f: FieldInfo, shape: Shape | None = None) -> str:
    """The value a skeleton shows: TODO (which kb check reports until replaced), or a safe default."""
    allowed = _literal_values(f.annotation)
    default = None if f.is_required() else f.get_default()
    if isinstance(default, bool):
        return "true" if default else "false"
    if allowed and default in allowed:
        return str(default)
    example = (shape.examples if shape else {}).get((model.__name__, name)) or EXAMPLES.get((model.__name__, name))
    if example is not None and example.startswith("TODO"):
        return example
    if example is not None and typing.get_origin(f.annotation) is dict:  # a mapping: its keys are the allowed values
        return f"TODO e.g. {example}"
    if allowed:
        return "TODO one of: " + " | ".join(allowed)
    if example is not None:
        return f"TODO e.g. {example}"
    if _is_list(f.annotation):
        return "[]"
    if f.annotation in (int, Decimal) or "Decimal" in str(f.annotation):
        return "TODO a number"
    return "TODO"


def skeleton(model: type[schema.Record], indent: int = 0, full: bool = False,
             values: dict[str, str] | None = None, prefix: str = "", shape: Shape | None = None) -> list[str]:
    """YAML lines for one record of ``model`` (without its id line).

    Every value to fill in starts with TODO, so ``kb check`` lists what is left
    (rule ``unfinished``) and nothing copied from a template passes unnoticed.
    ``values`` gives the few values already known, by dotted field path
    (``{"url": '"https://..."', "snapshot.file": "snapshots/x.txt"}``), as YAML text.
    """
    values = values or {}
    lines = []
    pad = " " * indent
    wanted = shape.shown.get(model.__name__, set()) if shape else SHOWN_OPTIONAL.get(model.__name__, set())
    left_out = shape.omitted.get(model.__name__, set()) if shape and not full else set()
    for name, f in model.model_fields.items():
        if name in left_out:
            continue
        known = values.get(prefix + name)
        shown = f.is_required() or full or name in wanted or known is not None
        comment = _comment(model, name, f)
        if not shown:
            lines.append(f"{pad}# {name}:{comment[3:]}")
            continue
        sub = _model_of(f.annotation)
        if sub is not None and _is_list(f.annotation):
            lines.append(f"{pad}{name}:{comment}")
            body = skeleton(sub, indent + 4, full, shape=shape) if sub is not schema.Bilingual else \
                [f"{pad}    en: TODO English", f"{pad}    zh: TODO 中文"]
            first = next(i for i, ln in enumerate(body) if not ln.lstrip().startswith("#"))
            body[first] = f"{pad}  - " + body[first].lstrip()
            lines += body
        elif sub is schema.Bilingual:
            lines.append(f"{pad}{name}:{comment}")
            lines.append(f"{pad}  en: TODO English")
            lines.append(f"{pad}  zh: TODO 中文")
        elif sub is not None:
            lines.append(f"{pad}{name}:{comment}")
            lines += skeleton(sub, indent + 2, full, values, prefix + name + ".", shape)
        else:
            value = known if known is not None else _placeholder(model, name, f, shape)
            if value.startswith("TODO") and ":" in value:
                value = '"' + value + '"'
            lines.append(f"{pad}{name}: {value}{comment}")
    return lines


def yaml_text(text: str) -> str:
    """``text`` as a double-quoted YAML scalar."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def record_template(kind: str, rid: str, full: bool = False, values: dict[str, str] | None = None,
                    shape: str | None = None) -> str:
    """The skeleton of a new record of ``kind`` (a data folder); a claim's is shaped by ``shape`` (CLAIM_SHAPES)."""
    model = schema.KINDS[kind]
    chosen = CLAIM_SHAPES[shape] if kind == "claims" and shape else None
    return "\n".join([f"{rid}:", *skeleton(model, 2, full, values, shape=chosen)]) + "\n"


def source_values(rid: str, url: str | None, today: str) -> dict[str, str]:
    """What a new source's skeleton already knows: its snapshot's file, and, given the address it
    was read at, the address and the day it was read (today)."""
    out = {"snapshot.file": f"snapshots/{rid}.txt",
           "snapshot.taken": yaml_text(f"TODO the day you save its text in snapshots/{rid}.txt, e.g. {today}")}
    if url:
        out["url"] = yaml_text(url)
        out["accessed"] = yaml_text(today)
    return out
