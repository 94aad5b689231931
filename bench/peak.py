"""Run a module as ``python -m`` would, then write its own and its children's peak memory and CPU time.

    python bench/peak.py OUT.json -m mkdocs build --strict ...

The build's process tree is measured as a whole by bench/run.py; this splits it into
Python (MkDocs, the plugins and the macros: this process and the processes it forked to
build languages side by side, which sitebuild.parallel measured as it waited for them) and
the processes it ran (Pagefind), as ``getrusage`` reports them when it exits.  The peak
of each is its largest process's.  ``getrusage`` gives one peak for all the processes
waited for; where a language's process was the larger, Pagefind's own peak is not known
and is written as null.
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
    parallel = sys.modules.get("sitebuild.parallel")
    forks_cpu, forks_rss = parallel.forks_used() if parallel else (0.0, 0)
    kids_rss = kids.ru_maxrss * 1024
    with open(out, "w", encoding="utf-8") as f:
        json.dump({"self_rss": max(me.ru_maxrss * 1024, forks_rss),
                   "children_rss": kids_rss if kids_rss > forks_rss else None,
                   "self_cpu": me.ru_utime + me.ru_stime + forks_cpu,
                   "children_cpu": kids.ru_utime + kids.ru_stime - forks_cpu, "forks_cpu": forks_cpu}, f)


if __name__ == "__main__":
    if len(sys.argv) < 4 or sys.argv[2] != "-m":
        sys.exit("usage: python bench/peak.py OUT.json -m MODULE [ARGS...]")
    out, module = sys.argv[1], sys.argv[3]
    sys.argv = [module] + sys.argv[4:]
    sys.path[0] = os.getcwd()  # as `python -m` has it
    atexit.register(_report, out)
    runpy.run_module(module, run_name="__main__", alter_sys=True)
