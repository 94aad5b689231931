"""Read every data file, validate each record against the schema, collect problems.

Nothing here stops at the first problem: every file is read and every record
validated, and the caller decides what to do with the full list.
"""
from __future__ import annotations

import difflib
import gc
import re
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from . import files, kinds, paths, schema
from .problems import Problem, display_root
from .yamlsrc import MAX_BYTES, Source, read_text


@dataclass(frozen=True)
class Origin:
    """Where a record was written: for error messages and 'edit this' links."""

    file: str  # relative to the data directory, e.g. claims/benchmarks.yml
    line: int


@dataclass
class Loaded:
    records: dict[str, dict[str, schema.Record]]  # kind -> id -> record
    origins: dict[tuple[str, str], Origin]  # (kind, id) -> origin
    sources: dict[str, Source]  # file -> parsed source (for positions)
    problems: list[Problem]
    root: str = ""  # what puts a path under data/ under the repository root (kb.problems.display_root)


def data_files(data_dir: Path, tree: files.Tree | None = None) -> list[tuple[str, Path]]:
    """Every (kind, path) pair under ``data_dir``, in a stable order: the regular files :func:`kb.files.survey`
    found (never a link, a folder or a special file)."""
    tree = tree or files.survey(data_dir)
    out = []
    for kind in schema.KINDS:
        if tree.is_file(f"{kind}.yml"):
            out.append((kind, data_dir / f"{kind}.yml"))
        if tree.is_dir(kind):
            out.extend((kind, data_dir / rel) for rel in tree.listing(kind) if rel.endswith(".yml"))
    return out


def load(data_dir: Path) -> Loaded:
    # Reading keeps every file's node tree for error positions: hundreds of thousands of
    # small objects with no reference cycles, which the cyclic garbage collector would
    # otherwise rescan again and again (four times the cost of the reading itself).
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _load(Path(data_dir))
    finally:
        if enabled:
            gc.enable()


def _load(data_dir: Path) -> Loaded:
    loaded = Loaded({k: {} for k in schema.KINDS}, {}, {}, [], display_root(data_dir))
    first_seen: dict[str, tuple[str, str]] = {}  # id -> (kind, file) across kinds that share a namespace
    tree = files.survey(data_dir)  # links, special files and unsafe names are refused, and never read
    loaded.problems.extend(tree.problems)
    for rel in sorted(f for f in tree.files if f.endswith(".yaml")):
        loaded.problems.append(Problem(rel, 1, 1, "file-extension", "data files end in .yml",
                                       f"rename it to {Path(rel).stem}.yml"))
    for kind, path in data_files(data_dir, tree):
        rel = path.relative_to(data_dir).as_posix()
        raw, refused = files.read_file(data_dir, rel, MAX_BYTES, "file")
        if refused is not None:
            loaded.problems.append(refused)
            continue
        if raw is None:
            continue  # removed since the survey
        src = read_text(rel, raw)
        loaded.sources[rel] = src
        loaded.problems.extend(src.problems)
        if src.problems:
            continue
        if not isinstance(src.data, dict):
            src.problem((), "file-shape", f"a {kind} file is a mapping from id to record",
                        "start each record with its id at the left margin, e.g. 'my-id:'")
            loaded.problems.extend(src.problems[-1:])
            continue
        model = schema.KINDS[kind]
        for rid, body in src.data.items():
            before = len(src.problems)
            _validate(kind, model, rid, body, src, loaded, first_seen)
            loaded.problems.extend(src.problems[before:])
    return loaded


def _validate(kind, model, rid, body, src: Source, loaded: Loaded, first_seen):
    # the whole id, to its last character: re.match with '$' would let a trailing line break through
    if not re.fullmatch(schema.ID_PATTERN, str(rid)) or len(str(rid)) > 80:
        src.problem((rid,), "bad-id", f"the id {rid!r} is not a lowercase slug",
                    "ids use a-z, 0-9 and single hyphens, e.g. gptoss-e2e-jalapeno; they become URLs and never change")
        return
    taken = paths.reserved_id(rid)
    if taken is not None:
        src.problem((rid,), "reserved-id", f"the id {rid!r} is the name of {taken}, which the site builds itself: "
                                           "a record's page under it would take that page's place",
                    f"choose another id, e.g. {rid}-{kinds.BY_DATA[kind].name}; see reserved() in src/kb/paths.py")
        return
    namespace = kind
    if rid in loaded.records[namespace]:
        prev = loaded.origins[(namespace, rid)]
        src.problem((rid,), "duplicate-id", f"the id {rid!r} is already used in {loaded.root}{prev.file}:{prev.line}",
                    "ids are unique across all files of a kind; choose another id (and never reuse a retired one)")
        return
    if not isinstance(body, dict):
        src.problem((rid,), "wrong-type", f"the record {rid!r} must be a mapping of fields",
                    "indent the record's fields under its id")
        return
    unfinished = [(path, text) for path, text in src.todos if path[0] == rid]
    if unfinished:
        for path, text in unfinished:
            src.problem(path, "unfinished", f"{text[:60]!r} is a placeholder from the template",
                        "replace it with the real value (see the comment on that line)")
        return
    try:
        record = model.model_validate(body)
    except ValidationError as exc:
        _translate(exc, model, rid, body, src)
        return
    loaded.records[namespace][rid] = record
    loaded.origins[(namespace, rid)] = Origin(src.file, src.key_lines.get((rid,), 1))


def _translate(exc: ValidationError, model, rid, body, src: Source) -> None:
    seen = set()
    for err in exc.errors(include_url=False):
        path, field_model = _data_path(err["loc"], body, model, err["type"])
        full = (rid,) + path
        rule, message, hint = _explain(err, path, field_model)
        if (full, rule) not in seen:  # a value is reported once, not once per union branch
            seen.add((full, rule))
            src.problem(full, rule, message, hint)


def _data_path(loc, body, model, etype):
    """Map pydantic's loc onto the data's own path, dropping union branch tags.

    Returns the path and the model that holds the last field named in it."""
    path, cur = [], body
    current_model, holder = model, model
    for i, elem in enumerate(loc):
        last = i == len(loc) - 1
        if isinstance(cur, dict) and isinstance(elem, str) and elem in cur:
            path.append(elem)
            cur = cur[elem]
            holder = current_model
            current_model = _sub_model(current_model, elem)
        elif isinstance(cur, list) and isinstance(elem, int) and 0 <= elem < len(cur):
            path.append(elem)
            cur = cur[elem]
        elif last and etype in ("missing", "extra_forbidden") and isinstance(elem, str):
            path.append(elem)
            holder = current_model
        # anything else is a union branch name or similar: skip it
    if isinstance(cur, dict) and etype not in ("missing", "extra_forbidden"):
        holder = current_model  # the error is about a whole record or sub-record
    return tuple(path), holder


def _sub_model(model, field):
    try:
        ann = model.model_fields[field].annotation
    except (AttributeError, KeyError, TypeError):
        return None
    for cand in _walk_types(ann):
        if isinstance(cand, type) and issubclass(cand, schema.Record):
            return cand
    return None


def _walk_types(ann):
    yield ann
    for arg in getattr(ann, "__args__", ()) or ():
        yield from _walk_types(arg)


def _field_help(model, field):
    if model is None or not hasattr(model, "model_fields"):
        return ""
    f = model.model_fields.get(field)
    return (f.description or "") if f else ""


def _explain(err, path, model):
    etype, msg, value = err["type"], err["msg"], err.get("input")
    field = next((p for p in reversed(path) if isinstance(p, str)), "")
    shown = _show(value)
    if etype == "missing":
        return "missing-field", f"the required field {field!r} is missing", _field_help(model, field) or "add it"
    if etype == "extra_forbidden":
        known = list(model.model_fields) if model is not None else []
        close = difflib.get_close_matches(field, known, n=1)
        hint = f"did you mean {close[0]!r}?" if close else f"allowed fields: {', '.join(known)}"
        return "unknown-field", f"unknown field {field!r}", hint
    if etype == "value_error":
        code = str(err.get("ctx", {}).get("error", msg))
        if code == "date-field":  # the message names the part of the date that is out of range
            dates = value if isinstance(value, list) else [value]
            part = next(schema.date_field_problem(d) for d in dates if schema.date_field_problem(d))
            return "bad-date", f"{shown} is not a real date: {part}", schema.RULE_HINTS[code][2]
        if code in schema.RULE_HINTS:
            rule, message, hint = schema.RULE_HINTS[code]
            return rule, (message if isinstance(value, dict) else f"{message}; got {shown}"), hint
        return "invalid-value", f"{msg}; got {shown}", _field_help(model, field)
    if etype == "literal_error":
        expected = err.get("ctx", {}).get("expected", "")
        return "not-allowed-value", f"{shown} is not allowed here; expected one of {expected}", \
            _field_help(model, field) or "use one of the values listed, spelled exactly"
    if etype == "string_pattern_mismatch":
        pattern = err.get("ctx", {}).get("pattern", "")
        if pattern == schema.ID_PATTERN:
            return "bad-reference", f"{shown} is not a valid id", "ids are lowercase slugs such as gb300 or gptoss-e2e-jalapeno"
        if pattern == schema.DATE_PATTERN:
            part = schema.date_field_problem(value)
            if part:
                return "bad-date", f"{shown} is not a real date: {part}", "write dates as 'YYYY-MM-DD', e.g. '2026-08-25'"
            return "bad-date", f"{shown} is not a date of the form YYYY-MM-DD, YYYY-MM or YYYY", "write dates as '2026-08-25', quoted or not"
        return "bad-format", f"{shown} does not have the expected form", _field_help(model, field)
    if etype in ("greater_than", "greater_than_equal", "less_than", "less_than_equal"):
        return "out-of-range", f"{shown}: {msg.lower()}", _field_help(model, field)
    if etype in ("string_too_short", "too_short"):
        return "empty-value", f"{field!r} must not be empty", _field_help(model, field)
    if etype in ("string_too_long", "too_long"):
        return "too-long", f"{field!r} is too long: {msg.lower()}", "shorten it, or split the record"
    if isinstance(value, str) and re.search(r"[０-９]", value):
        return "full-width-digits", f"{shown} uses full-width digits", "write numbers with ASCII digits: 85448"
    expected = etype.replace("_type", "").replace("_parsing", "").replace("model_attributes", "mapping").replace("dict", "mapping")
    return "wrong-type", f"expected {_expected_name(expected)}, got {shown}", _field_help(model, field)


def _show(value) -> str:
    """A value as the contributor wrote it, shortened."""
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        text = "[" + ", ".join(_show(v) for v in value) + "]"
    elif isinstance(value, (int,)) or type(value).__name__ == "Decimal":
        text = str(value)
    else:
        text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _expected_name(e):
    return {"string": "text", "int": "a whole number", "decimal": "a number", "list": "a list",
            "mapping": "a mapping of fields", "bool": "true or false", "model": "a mapping of fields",
            "float": "a number"}.get(e, e)
