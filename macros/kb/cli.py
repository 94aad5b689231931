"""The ``kb`` command: check the fact base, write editor schemas, start new records.

Exit status: 0 when the data is sound, 1 when it is not, 2 on wrong usage.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

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


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="kb", description="Check and extend the evidence base.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("check", help="validate every data file, re-derive stated figures, report problems")
    p.add_argument("data_dir", nargs="?", help="the data directory (default: ./data)")
    p.set_defaults(func=cmd_check)
    p = sub.add_parser("schema", help="write the JSON Schemas that editors use for data files")
    p.add_argument("--out", default="schemas", help="folder to write into (default: schemas)")
    p.set_defaults(func=cmd_schema)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return 2 if exc.code else 0
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
