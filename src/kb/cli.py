"""The ``kb`` command: check the fact base, write editor schemas, start new records.

Exit status: 0 when the data is sound, 1 when it is not, 2 on wrong usage.
"""
from __future__ import annotations

import argparse
import gc
import os
import sys
from pathlib import Path

from .kinds import KINDS
from .problems import DataError


def _default_data_dir() -> Path:
    here = Path.cwd() / "data"
    return here


def cmd_check(args) -> int:
    from .base import KnowledgeBase

    data_dir = Path(args.data_dir) if args.data_dir else _default_data_dir()
    if not data_dir.is_dir():
        print(f"kb check: {data_dir} is not a directory", file=sys.stderr)
        return 2
    try:
        kb = KnowledgeBase.open(data_dir)
    except DataError as exc:
        if args.format == "github":  # workflow commands: each problem shows on its line of the pull request
            print(exc.github())
            print(f"{len(exc.problems)} problem(s) found; fix them and run kb check again.")
        else:
            print(exc.report().replace("nothing was published", "fix them and run kb check again"))
        return 1
    verdicts = {}
    for chk in kb.checks.values():
        verdicts[chk.verdict or "computed"] = verdicts.get(chk.verdict or "computed", 0) + 1
    summary = ", ".join(f"{n} {v}" for v, n in sorted(verdicts.items()))
    print(f"ok: {len(kb.claims)} claims, {len(kb.sources)} sources, {len(kb.entities)} entities, "
          f"{len(kb.conflicts)} conflicts; derivations: {summary or 'none'}")
    return 0


def cmd_schema(args) -> int:
    from .jsonschema import write_schemas

    out = Path(args.out)
    written = write_schemas(out)
    for p in written:
        print(p)
    return 0


NEW_KINDS = {k.name: k.data for k in KINDS.values() if k.template}  # what kb new writes -> its data folder


def cmd_new(args) -> int:
    import re

    from . import paths, schema
    from .load import load
    from .templates import record_template

    kind = NEW_KINDS[args.kind]
    data_dir = Path(args.data)
    if not re.fullmatch(schema.ID_PATTERN, args.id) or len(args.id) > 80:
        print(f"kb new: {args.id!r} is not a valid id: use a-z, 0-9 and single hyphens, e.g. gb300-e2e-latency",
              file=sys.stderr)
        return 2
    if paths.reserved_id(args.id):
        print(f"kb new: {args.id!r} is the name of {paths.reserved_id(args.id)}, which the site builds itself; "
              "choose another id", file=sys.stderr)
        return 2
    values = None
    if kind == "sources":
        from .base import today
        from .templates import source_values

        if args.url is not None and schema.url_problem(args.url):
            print(f"kb new: {args.url!r} is not an http or https address; give the full address, starting with https://",
                  file=sys.stderr)
            return 2
        values = source_values(args.id, args.url, today().isoformat())
    elif args.url is not None:
        print("kb new: --url is for a source: the address it was read at", file=sys.stderr)
        return 2
    loaded = load(data_dir)
    if args.id in loaded.records[kind]:
        o = loaded.origins[(kind, args.id)]
        print(f"kb new: the id {args.id!r} is already used in data/{o.file}:{o.line}; ids are never reused", file=sys.stderr)
        return 2
    rel = args.file or f"{kind}/contributions.yml"
    if not rel.startswith(kind + "/") or not rel.endswith(".yml"):
        print(f"kb new: a {args.kind} goes in a file under data/{kind}/ ending in .yml", file=sys.stderr)
        return 2
    path = data_dir / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    depth = "../" * len(Path(rel).parts)
    header = f"# yaml-language-server: $schema={depth}schemas/{kind}.schema.json\n"
    existing = path.read_text(encoding="utf-8") if path.exists() else header
    sep = "" if existing.endswith("\n") else "\n"
    if args.shape is not None and kind != "claims":
        print("kb new: --shape is for a claim: the kind of claim its skeleton is shaped for", file=sys.stderr)
        return 2
    text = record_template(kind, args.id, values=values, shape=args.shape or ("benchmark" if kind == "claims" else None))
    path.write_text(existing + sep + text, encoding="utf-8")
    line = (existing + sep).count("\n") + 1
    shown = path if args.data != "data" else Path("data") / rel
    print(f"wrote a new {args.kind} skeleton to {shown.as_posix()}:{line}")
    print("next:")
    print(f"  1. open {shown.as_posix()} at line {line} and replace every TODO; each key's comment says what it takes")
    claim_steps = ["copy the quote exactly from data/snapshots/<source>.txt"
                   + ("" if args.shape == "statement" else ", and write {value} where the figure goes"),
                   "choose the tier by the evidence behind the claim (data/tiers.yml), not by who relays it"]
    if args.shape == "ratio":
        claim_steps.insert(1, "list the claims it is derived from in derivation.inputs, in the order the operation "
                              "takes them: kb check derives the figure again and says whether it agrees")
    steps = {
        "claims": claim_steps,
        "sources": [f"save the source's text, as you read it, in data/snapshots/{args.id}.txt (or delete the snapshot block)",
                    "delete each optional line the source does not state (never guess a date, title or address)"
                    + ("" if args.url else "; without an address, write no_url: saying why")],
        "metrics": ["give it a unit from data/units.yml or data/units/*.yml (if none fits: .venv/bin/kb new unit <id>)"],
        "units": ["give its dimension (data/units.yml explains them) and its scale against the dimension's base unit, "
                  "so that figures in it compare with figures in the others (ms is 0.001 of s)"],
        "conflicts": ["list the claims on each side; add a side (- claims: ..., summary: ...) for each answer"],
    }.get(kind, [])
    for n, step in enumerate(steps, 2):
        print(f"  {n}. {step}")
    print(f"  {len(steps) + 2}. run: .venv/bin/kb check   (it lists what is left to fill in)")
    return 0


def cmd_diff(args) -> int:
    from sitebuild.diff import DiffError, diff, format_report  # it renders both sides' pages: a site tool

    try:
        report = diff(Path(args.repo), args.base, args.head, args.data)
    except DiffError as exc:
        print(f"kb diff: {exc}", file=sys.stderr)
        return 2
    print(format_report(report, args.format), end="")
    return 0 if report.base.kb is not None and report.head.kb is not None else 1


def cmd_template(args) -> int:
    from .templates import record_template

    print(record_template(NEW_KINDS[args.kind], args.id, full=True), end="")
    return 0


def cmd_rules(args) -> int:
    from .problems import RULES

    for name, meaning in RULES.items():
        print(f"{name}: {meaning}")
    return 0


def _parse(argv):
    """The command line as parsed, or the exit status where it asks for help or is wrong."""
    parser = argparse.ArgumentParser(prog="kb", description="Check and extend the evidence base.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("check", help="validate every data file, re-derive stated figures, report problems")
    p.add_argument("data_dir", nargs="?", help="the data directory (default: ./data)")
    p.add_argument("--format", choices=("text", "github"), default="text",
                   help="text: one line per problem, file:line:col: rule: ... (default); "
                        "github: GitHub workflow commands, so CI shows each problem on its line of a pull request")
    p.set_defaults(func=cmd_check)
    p = sub.add_parser("new", help="write a skeleton for a new record, with every key explained")
    p.add_argument("kind", choices=sorted(NEW_KINDS))
    p.add_argument("id", help="the new record's id: a lowercase slug that never changes")
    p.add_argument("--file", help="file under the kind's folder, e.g. claims/benchmarks.yml (default: <kind>/contributions.yml)")
    p.add_argument("--data", default="data", help="the data directory (default: ./data)")
    p.add_argument("--url", help="for a source: the address it was read at; fills url, and accessed with today's date")
    from .templates import CLAIM_SHAPES

    p.add_argument("--shape", choices=list(CLAIM_SHAPES),
                   help="for a claim: what kind of claim, so that the skeleton shows the fields it takes (default: "
                        f"{next(iter(CLAIM_SHAPES))}): " + "; ".join(f"{k}: {v.help}" for k, v in CLAIM_SHAPES.items()))
    p.set_defaults(func=cmd_new)
    p = sub.add_parser("diff", help="say what a change does to the evidence base: records, figures, verdicts, pages")
    p.add_argument("base", help="the commit to compare with, e.g. main or origin/main")
    p.add_argument("head", nargs="?", help="the commit to compare (default: the working tree)")
    p.add_argument("--format", choices=("text", "markdown"), default="text", help="plain text (default) or Markdown")
    p.add_argument("--repo", default=".", help="a folder in the git repository (default: .)")
    p.add_argument("--data", default="data", help="the data folder, from the repository's root (default: data)")
    p.set_defaults(func=cmd_diff)
    p = sub.add_parser("template", help="print the annotated template of a record, every key explained")
    p.add_argument("kind", choices=sorted(NEW_KINDS))
    p.add_argument("id", nargs="?", default="example-id")
    p.set_defaults(func=cmd_template)
    p = sub.add_parser("rules", help="list every rule kb check applies, with what it means")
    p.set_defaults(func=cmd_rules)
    p = sub.add_parser("schema", help="write the JSON Schemas that editors use for data files")
    p.add_argument("--out", default="schemas", help="folder to write into (default: schemas)")
    p.set_defaults(func=cmd_schema)
    try:
        return parser.parse_args(argv)
    except SystemExit as exc:
        return 2 if exc.code else 0


def main(argv=None) -> int:
    args = _parse(argv)
    return args if isinstance(args, int) else args.func(args)


def run() -> int:
    """Entry point: like main(), quiet when its output is piped into a command that stops reading.

    ``kb check`` reads the fact base once and ends, so it runs without the garbage collector and
    ends the process as soon as its answer is written: a collection would walk every record, and
    freeing them one by one at exit takes as long again, nearly two seconds together at 10,000
    claims (BENCHMARKS.md). The command writes nothing but its answer."""
    try:
        args = _parse(None)
        if isinstance(args, int):
            return args
        if args.func is not cmd_check:
            return args.func(args)
        gc.disable()
        code = cmd_check(args)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(run())
