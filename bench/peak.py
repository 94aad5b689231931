"""Run a module as ``python -m`` would, then write its own and its children's peak memory and CPU time.

    python bench/peak.py OUT.json -m mkdocs build --strict ...

The build's process tree is measured as a whole by bench/run.py; this splits it into
the Python process (MkDocs, the plugins and the macros) and the processes it ran and
waited for (Pagefind), as ``getrusage`` reports them when it exits.
"""
from __future__ import annotations

import atexit
import json
import os
import resource
import runpy
import sys


def _report(out: str) -> None:
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(out, "w", encoding="utf-8") as f:
        json.dump({"self_rss": me.ru_maxrss * 1024, "children_rss": kids.ru_maxrss * 1024,
                   "self_cpu": me.ru_utime + me.ru_stime, "children_cpu": kids.ru_utime + kids.ru_stime}, f)


if __name__ == "__main__":
    if len(sys.argv) < 4 or sys.argv[2] != "-m":
        sys.exit("usage: python bench/peak.py OUT.json -m MODULE [ARGS...]")
    out, module = sys.argv[1], sys.argv[3]
    sys.argv = [module] + sys.argv[4:]
    sys.path[0] = os.getcwd()  # as `python -m` has it
    atexit.register(_report, out)
    runpy.run_module(module, run_name="__main__", alter_sys=True)
