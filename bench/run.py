"""Measure how the evidence base grows, against the budgets in BENCHMARKS.md.

    make bench                                   # everything: 30 to 45 minutes on 2 cores
    .venv/bin/python bench/run.py --sizes 1000 --skip-tests     # a quick look

For the real fact base and for synthetic ones of 1,000, 5,000 and 10,000 claims
(bench/synth.py) it runs, each as a whole process whose wall time, CPU time
(user + system, children included) and peak resident memory (of the largest
process in its tree) are read from ``os.wait4``:

* ``kb check`` on the data;
* the strict build of every language (``mkdocs build --strict``), then the same
  pages built without macros (bench/sitecfg.py says how), to give the macros'
  overhead as a ratio measured in the same run;
* the test suite's own budgets (bench/suite.py): README's ``make test`` in a fresh clone, set-up included;
  ``make check``; and on the real site and the 1,000- and 10,000-claim ones, the whole-site sweep (per page)
  and the browser layer (per template);

and reads from the built sites their size, what a reader downloads on a first and
a second visit (bench/weight.py), and what Pagefind fetches for one query
(bench/search_fetches.mjs, run in Node).  Last, unless ``--skip-preview``, it times how
long a saved claim takes to show on its page with ``make preview`` and ``make serve``
(bench/preview.py, which writes its own block of BENCHMARKS.md).  It prints the tables and writes them
into BENCHMARKS.md between the ``bench:begin``/``bench:end`` markers, leaving the
prose around them as it is.

The machine is shared: each measurement also records how much CPU other
processes used while it ran (from /proc/stat), so a slow figure can be told
from a busy machine.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))

import sitecfg  # noqa: E402
import suite  # noqa: E402
import synth  # noqa: E402
import weight  # noqa: E402
from report import write_section  # noqa: E402

PY = sys.executable
BIN = Path(sys.executable).parent
SIZES = (1000, 5000, 10000)
LAYERED = ("1000", "10000")  # the synthetic sizes whose sweep and browser layer are timed
MEMORY_MB = 900  # the build's peak at 10,000 claims, every process counted
FRESH_MINUTES, PYTEST_MINUTES, CHECK_SECONDS = 10, 7, 60  # a fresh clone to a green make test; its pytest; make check
BROWSER_GROWTH, SWEEP_MS = 1.5, 20  # browser seconds at 10,000 claims against 1,000; the sweep's wall per page
MACROS_BUDGET = 0.10  # the macros add at most this much CPU over the same pages built without them
QUERIES = (("en", "latency"), ("zh-Hans", "吞吐量"), ("zh-Hans", "延迟"))  # as <html lang> gives them; 吞吐量 is not in the synthetic data; 延迟 is
PACKAGES = ("mkdocs", "mkdocs-material", "mkdocs-static-i18n", "mkdocs-macros-plugin", "Markdown",
            "pymdown-extensions", "Jinja2", "PyYAML", "pydantic", "Babel", "pagefind", "pytest")
MB = 1024 * 1024
KB = 1024

# Budgets: (key, text).  Figures are compared in run_budgets().
BUDGETS = {
    "check_10k": "kb check on 10,000 claims under 5 s",
    "check_real": "kb check on the real fact base under 1 s",
    "linear": "build time linear in pages: 10,000 claims at most 11× as long as 1,000",
    "macros": "macros add at most 10% over the same pages without them",
    "memory": "build's peak memory at most 900 MB at 10,000 claims, every process counted",
    "claim_html": "a claim page under 85 KB of HTML",
    "first_visit": "first visit to any page under 400 KB transferred, nothing from a third party",
    "search": "what search loads for one query under 1 MB at 10,000 claims",
    "fresh": "a fresh clone to a green make test, set-up included: at most 10 min (its pytest at most 7 min)",
    "check": "make check: at most 60 s",
    "browser": "browser seconds at 10,000 claims at most 1.5× those at 1,000",
    "sweep": "whole-site sweep linear in pages, at most 20 ms a page",
}


# --- measuring a process ------------------------------------------------------

@dataclass
class Run:
    wall: float  # seconds
    cpu: float  # user + system seconds, children included
    rss: int  # bytes: peak resident set of the largest process in the tree
    rc: int
    others: float  # cores used by other processes meanwhile (average)
    together: int = 0  # bytes: the peak, sampled, of the tree's processes' proportional sets added up

    @property
    def ok(self) -> bool:
        return self.rc == 0


def _machine_busy() -> float:
    """CPU seconds the whole machine has spent busy since boot."""
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:9]]
    user, nice, system, _idle, _iowait, irq, softirq, steal = v
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def _tree(pid: int) -> list[int]:
    """A process and every process under it, as /proc lists them now."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        try:
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children") as f:
                    todo.extend(int(c) for c in f.read().split())
        except OSError:
            continue  # it has just ended
    return out


def _pss(pid: int) -> int:
    """A process's proportional set size in bytes: its private memory, and its share of what it shares (a fork's
    pages not yet copied count half to each of two processes)."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def _sample_together(pid: int, done: threading.Event, peak: list[int]) -> None:
    """The peak of the tree's memory added up, every quarter of a second until ``done``."""
    while not done.wait(0.25):
        peak[0] = max(peak[0], sum(_pss(p) for p in _tree(pid)))


def measure(cmd: list[str], *, env: dict, cwd: Path, log: Path) -> Run:
    busy0, t0 = _machine_busy(), time.monotonic()
    with open(log, "wb") as out:
        p = subprocess.Popen(cmd, env=env, cwd=cwd, stdout=out, stderr=subprocess.STDOUT)
        done, together = threading.Event(), [0]
        sampler = threading.Thread(target=_sample_together, args=(p.pid, done, together), daemon=True)
        sampler.start()
        _, status, ru = os.wait4(p.pid, 0)
        done.set()
        sampler.join()
    wall = time.monotonic() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    cpu = ru.ru_utime + ru.ru_stime
    others = max(0.0, _machine_busy() - busy0 - cpu) / wall if wall > 0 else 0.0
    return Run(wall, cpu, ru.ru_maxrss * 1024, p.returncode, others, together[0])


def checked(run: Run, what: str, log: Path) -> Run:
    if not run.ok:
        tail = log.read_text(encoding="utf-8", errors="replace")[-3000:]
        sys.exit(f"bench: {what} failed (exit {run.rc}); log {log}:\n{tail}")
    return run


def env_for(data: Path | None) -> dict:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT / "src"), env.get("PYTHONPATH")) if p)
    env.pop("KB_DATA_DIR", None)
    if data is not None:
        env["KB_DATA_DIR"] = str(data)
    return env


def log_line(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


# --- one fact base --------------------------------------------------------------

def mkdocs(cfg: Path, split: Path | None = None) -> list[str]:
    """The build command; with ``split``, run through bench/peak.py, which writes the Python/Pagefind split there."""
    wrap = [str(BENCH / "peak.py"), str(split), "-m"] if split else ["-m"]
    return [PY, *wrap, "mkdocs", "build", "--strict", "-f", str(cfg)]  # not -q: it stops --strict counting warnings


def build_run(cfg: Path, *, env: dict, work: Path, name: str, label: str) -> dict:
    """One measured build: the whole tree from os.wait4, and the split from bench/peak.py."""
    split, log = work / f"{name}.peak.json", work / f"{name}.log"
    run = checked(measure(mkdocs(cfg, split), env=env, cwd=work, log=log), f"{label} {name}", log)
    return {**run.__dict__, **json.loads(split.read_text(encoding="utf-8"))}


def tree_size(path: Path, under: str = "") -> tuple[int, int]:
    files = [p for p in (path / under).rglob("*") if p.is_file()] if (path / under).exists() else []
    return sum(p.stat().st_size for p in files), len(files)


_GAP = re.compile(rb">\s+<")


def same_pages(a: Path, b: Path) -> tuple[int, int, list[str]]:
    """How many HTML pages of site ``a`` are the same in ``b`` (whitespace between tags aside; the 404 pages skipped)."""
    same, differ = 0, []
    for p in sorted(a.rglob("*.html")):
        rel = p.relative_to(a).as_posix()
        if rel in ("404.html", "zh/404.html"):
            continue
        q = b / rel
        if q.is_file() and _GAP.sub(b"><", p.read_bytes()) == _GAP.sub(b"><", q.read_bytes()):
            same += 1
        else:
            differ.append(rel)
    return same, same + len(differ), differ


def builds(label: str, work: Path, data: Path, make_cfg, repeat: int) -> dict:
    """Full build, capture build, build without macros; figures for the full and the static ones."""
    env = env_for(data)
    cfg = make_cfg(work)
    capture_dir = work / "captured"
    cap_cfg = make_cfg(work, capture=capture_dir)
    full_runs, static_runs = [], []
    log_line(f"{label}: build (full)")
    full_runs.append(build_run(cfg, env=env, work=work, name="build", label=label))
    log_line(f"{label}: build capturing pages ({full_runs[0]['wall']:.1f} s)")
    checked(measure(mkdocs(cap_cfg) + ["-d", str(work / "site-capture")], env=env, cwd=work, log=work / "capture.log"),
            f"{label} capture build", work / "capture.log")
    shutil.rmtree(work / "site-capture", ignore_errors=True)
    static_cfg = sitecfg.static_site(work, capture_dir, cfg)
    log_line(f"{label}: build without macros")
    static_runs.append(build_run(static_cfg, env=env, work=work, name="static", label=label))
    for i in range(1, repeat):
        log_line(f"{label}: repeat {i + 1} of {repeat}")
        full_runs.append(build_run(cfg, env=env, work=work, name="build", label=label))
        static_runs.append(build_run(static_cfg, env=env, work=work, name="static", label=label))
    site, static_site = work / "site", work / "static-site"
    pages = len(weight.html_pages(site))
    same, compared, differ = same_pages(site, static_site)
    shutil.rmtree(static_site, ignore_errors=True)
    shutil.rmtree(work / "static-docs", ignore_errors=True)
    shutil.rmtree(capture_dir, ignore_errors=True)
    keys = ("wall", "cpu", "rss", "together", "self_rss", "children_rss", "self_cpu", "children_cpu")
    full = {k: _best(r[k] for r in full_runs) for k in keys}  # the best of the runs, figure by figure
    static = {k: _best(r[k] for r in static_runs) for k in keys}
    return {
        "full": full, "static": static, "runs": len(full_runs),
        "others": max(r["others"] for r in full_runs + static_runs),
        "pages": pages,
        "site": tree_size(site), "pagefind": tree_size(site, "pagefind"),
        "same": same, "compared": compared, "differ": differ[:5],
    }


def page_weights(site: Path) -> dict:
    """First-visit weight of every page: the heaviest, how many are over budget, any third party."""
    heaviest = ("", 0, 0)
    over, over_list, third, n = 0, [], set(), 0
    claim_sizes = []
    for url in weight.html_pages(site):
        v = weight.visit(site, url)
        n += 1
        third.update(v["third_party"])
        if v["first"][1] > heaviest[2]:
            heaviest = (url, v["first"][0], v["first"][1])
        if v["first"][1] > 400 * KB:
            over += 1
            over_list.append((url, v["html"][0], v["first"][1]))
        if weight.is_claim_page(url):
            claim_sizes.append((v["html"][0], url))
    claim_sizes.sort()
    return {
        "pages": n, "heaviest": heaviest, "over_400k": over, "over_list": sorted(over_list, key=lambda x: -x[2])[:10],
        "third_party": sorted(third),
        "claim_max": claim_sizes[-1] if claim_sizes else (0, ""),
        "claim_median": claim_sizes[len(claim_sizes) // 2] if claim_sizes else (0, ""),
        "claims": len(claim_sizes),
    }


def search_weight(site: Path, lang: str, term: str, work: Path) -> dict:
    node = shutil.which("node")
    if node is None:
        return {"skipped": "node is not installed"}
    out = subprocess.run([node, str(BENCH / "search_fetches.mjs"), str(site), lang, term],
                         capture_output=True, text=True, timeout=300)
    if out.returncode != 0:
        sys.exit(f"bench: search for {term!r} failed:\n{out.stderr}")
    found = json.loads(out.stdout)
    parts = {"code": [], "entry": [], "wasm": [], "index": [], "fragment": [], "other": []}
    # The browser loads pagefind.js (imported by pagefind-ui.js) and starts pagefind-worker.js,
    # which does the fetching; Node runs the same code on its main thread.
    for rel in ("pagefind/pagefind.js", "pagefind/pagefind-worker.js"):
        if (site / rel).is_file():
            parts["code"].append((rel, weight.sizes(site / rel)))
    for rel in found["fetched"]:
        name = rel.rsplit("/", 1)[-1]
        kind = ("wasm" if name.startswith("wasm.") else "index" if name.endswith(".pf_index")
                else "fragment" if name.endswith(".pf_fragment")
                else "entry" if name.endswith((".pf_meta", "-entry.json")) else "other")
        parts[kind].append((rel, weight.sizes(site / rel)))
    sent = {k: sum(s[1] for _, s in v) for k, v in parts.items()}
    return {"lang": lang, "term": term, "results": found["results"],
            "files": {k: len(v) for k, v in parts.items()}, "sent": sent, "total": sum(sent.values())}


# --- the whole run --------------------------------------------------------------

def machine(commit: str | None) -> dict:
    cpu = "unknown"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    with open("/proc/meminfo") as f:
        mem = int(next(line for line in f if line.startswith("MemTotal")).split()[1]) * 1024
    versions = {}
    for p in PACKAGES:
        try:
            versions[p] = metadata.version(p)
        except metadata.PackageNotFoundError:
            versions[p] = "not installed"
    node = shutil.which("node")
    node_v = subprocess.run([node, "--version"], capture_output=True, text=True).stdout.strip() if node else "not installed"
    if commit is None:
        git = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
        commit = git.stdout.strip() or "unknown"
        dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True).stdout.strip()
        if dirty:
            commit += f" with uncommitted changes to {len(dirty.splitlines())} tracked files"
    return {
        "cpu": cpu, "cores": os.cpu_count(), "usable": len(os.sched_getaffinity(0)), "memory": mem,
        "python": platform.python_version(), "os": platform.platform(), "node": node_v, "versions": versions,
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": commit, "load_start": os.getloadavg(),
    }


def run_all(args) -> dict:
    work = Path(args.work).resolve()
    work.mkdir(parents=True, exist_ok=True)
    res: dict = {"machine": machine(args.commit), "sizes": {}, "args": vars(args)}

    # The real fact base, from copies of data/ and docs/ taken now.
    real = work / "real"
    shutil.rmtree(real, ignore_errors=True)
    real.mkdir()
    shutil.copytree(ROOT / "data", real / "data")
    log_line("real: kb check")
    r = res["real"] = {}
    check = measure([PY, "-m", "kb.cli", "check", str(real / "data")], env=env_for(None), cwd=ROOT, log=real / "check.log")
    r["check"] = checked(check, "kb check (real)", real / "check.log").__dict__
    r["claims"] = len(_claims(real / "data"))
    r["build"] = builds("real", real, real / "data", sitecfg.real_site, args.repeat)
    site = real / "site"
    log_line("real: page weight and search")
    r["weights"] = page_weights(site)
    home = {u: weight.visit(site, u) for u in ("", "zh/")}
    claim_url = r["weights"]["claim_median"][1]
    pick = {"home (en)": "", "home (zh)": "zh/", "a claim page (median size, en)": claim_url,
            "the largest claim page": r["weights"]["claim_max"][1], "search page": "search/"}
    r["visits"] = {}
    for label, url in pick.items():
        v = home.get(url) or weight.visit(site, url)
        r["visits"][label] = {"url": v["url"], "html": v["html"], "first": v["first"], "second": v["second"],
                              "files": len(v["files"]), "third_party": v["third_party"], "missing": v["missing"]}
    r["search"] = [search_weight(site, lang, term, real) for lang, term in QUERIES]
    log_line("real: the sweep and the browser layer")
    r["layers"] = suite.layers(site, real / "data", real / "docs", real, measure)

    for n in args.sizes:
        label = f"{n:,} claims"
        w = work / f"synthetic-{n}"
        log_line(f"{label}: writing the synthetic fact base")
        shutil.rmtree(w, ignore_errors=True)
        counts = synth.generate(n, w)
        data = w / "data"
        s = res["sizes"][str(n)] = {"counts": counts}
        log_line(f"{label}: kb check")
        s["check"] = checked(measure([PY, "-m", "kb.cli", "check", str(data)], env=env_for(None), cwd=ROOT,
                                     log=w / "check.log"), f"kb check ({label})", w / "check.log").__dict__
        s["build"] = builds(label, w, data, sitecfg.synthetic_site, args.repeat)
        log_line(f"{label}: page weight and search")
        s["weights"] = page_weights(w / "site")
        s["search"] = [search_weight(w / "site", lang, term, w) for lang, term in QUERIES]
        if str(n) in LAYERED:
            log_line(f"{label}: the sweep and the browser layer")
            s["layers"] = suite.layers(w / "site", data, w / "docs", w, measure)
        if not args.keep:
            shutil.rmtree(w, ignore_errors=True)

    if not args.skip_tests:
        log_line("make check")
        res["check"] = suite.make_check(work, measure)
        log_line("a fresh clone: make test, set-up included")
        res["tests"] = suite.fresh_clone(work, measure)
    res["machine"]["load_end"] = os.getloadavg()
    if not args.keep:
        shutil.rmtree(real, ignore_errors=True)
    return res


def _claims(data: Path) -> set[str]:
    ids = set()
    for f in (data / "claims").glob("*.yml"):
        ids.update(m.group(1) for m in re.finditer(r"^([a-z0-9][a-z0-9-]*):\s*$", f.read_text(encoding="utf-8"), re.M))
    return ids


# --- reporting ------------------------------------------------------------------

def _s(x: float) -> str:
    return f"{x:.2f} s" if x < 10 else f"{x:.1f} s"


def _best(values):
    """The least of the figures measured (None where a figure could not be told apart: see bench/peak.py)."""
    known = [v for v in values if v is not None]
    return min(known) if known else None


def _pagefind_mb(b: float | None) -> str:
    return "at most Python's" if b is None else _mb(b)


def _mb(b: float) -> str:
    return f"{b / MB:,.0f} MB" if b >= 10 * MB else f"{b / MB:,.1f} MB"


def _kb(b: float) -> str:
    return f"{b / KB:,.1f} KB"


def _table(head: list[str], rows: list[list]) -> str:
    out = ["| " + " | ".join(head) + " |", "|" + "|".join(" --- " for _ in head) + "|"]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(out)


def _datasets(res: dict):
    yield "real", f"real ({res['real']['claims']:,} claims)", res["real"]
    for n, s in res["sizes"].items():
        yield n, f"{int(n):,} claims", s


def budgets(res: dict) -> list[list[str]]:
    rows = []

    def row(key, measured, ok, margin):
        rows.append([BUDGETS[key], measured, "met" if ok else "**not met**", margin])

    sizes = res["sizes"]
    if "10000" in sizes:
        w = sizes["10000"]["check"]["wall"]
        row("check_10k", f"{_s(w)} (CPU {_s(sizes['10000']['check']['cpu'])})", w < 5,
            f"{5 - w:.2f} s to spare" if w < 5 else f"{w - 5:.2f} s over")
    w = res["real"]["check"]["wall"]
    row("check_real", f"{_s(w)} (CPU {_s(res['real']['check']['cpu'])})", w < 1, f"{(1 - w):.2f} s to spare" if w < 1 else f"{w - 1:.2f} s over")
    if "1000" in sizes and "10000" in sizes:
        a, b = sizes["1000"]["build"], sizes["10000"]["build"]
        rw, rc, rp = b["full"]["wall"] / a["full"]["wall"], b["full"]["cpu"] / a["full"]["cpu"], b["pages"] / a["pages"]
        row("linear", f"CPU ×{rc:.1f} (wall ×{rw:.1f}) for ×{rp:.1f} pages", rc <= 11,
            f"CPU per page ×{rc / rp:.2f} of the 1,000-claim build's")  # wall follows the others' load
    over = {label: d["build"]["full"]["cpu"] / d["build"]["static"]["cpu"] - 1 for _, label, d in _datasets(res)}
    worst = max(over.values())
    row("macros", "CPU: " + "; ".join(f"{v:+.1%} ({k})" for k, v in over.items()), worst <= MACROS_BUDGET,
        f"{(MACROS_BUDGET - worst) * 100:.1f} points under" if worst <= MACROS_BUDGET else
        f"{(worst - MACROS_BUDGET) * 100:.1f} points over (worst: {max(over, key=over.get)})")
    if "10000" in sizes:
        f = sizes["10000"]["build"]["full"]
        m = max(f["rss"], f["together"])
        row("memory", f"{_mb(m)} (largest process {_mb(f['rss'])}, every process at once {_mb(f['together'])}; "
                      f"Python {_mb(f['self_rss'])}, Pagefind {_pagefind_mb(f['children_rss'])})",
            m <= MEMORY_MB * MB, f"{(MEMORY_MB * MB - m) / MB:,.0f} MB to spare" if m <= MEMORY_MB * MB
            else f"{(m - MEMORY_MB * MB) / MB:,.0f} MB over")
    real_claim = res["real"]["weights"]["claim_max"][0]
    big = max([real_claim] + [s["weights"]["claim_max"][0] for s in sizes.values()])
    row("claim_html", f"largest {_kb(real_claim)} (real), {_kb(big)} (any size)", big < 85 * KB,
        f"{_kb(85 * KB - big)} to spare" if big < 85 * KB else f"{_kb(big - 85 * KB)} over")
    rw = res["real"]["weights"]
    third = rw["third_party"]
    row("first_visit", f"heaviest page {_kb(rw['heaviest'][2])} (real, /{rw['heaviest'][0]}); third-party: {len(third)}",
        rw["heaviest"][2] < 400 * KB and not third,
        f"{_kb(400 * KB - rw['heaviest'][2])} to spare" if rw["heaviest"][2] < 400 * KB else
        f"{rw['over_400k']} pages over")
    if "10000" in sizes:
        t = max(q["total"] for q in sizes["10000"]["search"] if "total" in q)
        row("search", _kb(t), t < MB, f"{_kb(MB - t)} to spare" if t < MB else f"{_kb(t - MB)} over")
    if "tests" in res:
        t = res["tests"]
        wall, py = t["wall"], t["pytest"] or float("inf")
        ok = t["rc"] == 0 and wall <= FRESH_MINUTES * 60 and py <= PYTEST_MINUTES * 60
        row("fresh", f"{_min(wall)} in all, pytest {_min(py)} ({t['summary']})" if t["rc"] == 0 else
            f"failed (exit {t['rc']}): {t['summary']}", ok,
            f"{_min(FRESH_MINUTES * 60 - wall)} and {_min(PYTEST_MINUTES * 60 - py)} to spare" if ok else
            f"{_min(max(wall - FRESH_MINUTES * 60, py - PYTEST_MINUTES * 60))} over")
    if "check" in res:
        c = res["check"]
        ok = c["rc"] == 0 and c["wall"] <= CHECK_SECONDS
        row("check", f"{_s(c['wall'])} (CPU {_s(c['cpu'])}; {c['summary']})", ok,
            f"{CHECK_SECONDS - c['wall']:.0f} s to spare" if ok else f"{c['wall'] - CHECK_SECONDS:.0f} s over")
    layered = {k: sizes[k]["layers"] for k in LAYERED if "layers" in sizes.get(k, {})}
    if len(layered) == 2:
        a, b = (layered[k]["browser"] for k in LAYERED)
        ratio = b["wall"] / a["wall"]
        row("browser", f"{_s(a['wall'])} at 1,000 ({layered['1000']['browser_pages']} pages), {_s(b['wall'])} at "
                       f"10,000 ({layered['10000']['browser_pages']} pages): ×{ratio:.2f}",
            ratio <= BROWSER_GROWTH and a["rc"] == 0 and b["rc"] == 0,
            f"×{BROWSER_GROWTH - ratio:.2f} under" if ratio <= BROWSER_GROWTH else f"×{ratio - BROWSER_GROWTH:.2f} over")
    swept = [(label, d["layers"]) for _, label, d in _datasets(res) if "layers" in d]
    if swept:
        per = {label: 1000 * ly["sweep"]["seconds"] / ly["pages"] for label, ly in swept}
        worst = max(per.values())
        row("sweep", "; ".join(f"{v:.1f} ms ({k})" for k, v in per.items()), worst <= SWEEP_MS,
            f"{SWEEP_MS - worst:.1f} ms to spare" if worst <= SWEEP_MS else f"{worst - SWEEP_MS:.1f} ms over")
    return rows


def _min(seconds: float) -> str:
    if seconds == float("inf"):
        return "unknown"
    return f"{int(seconds // 60)} min {seconds % 60:02.0f} s"


def report(res: dict) -> str:
    m = res["machine"]
    out = []
    out.append("### Machine and run\n")
    out.append(_table(["", ""], [
        ["CPU", f"{m['cpu']}, {m['cores']} cores ({m['usable']} usable)"],
        ["memory", f"{m['memory'] / (1024 ** 3):.1f} GiB"],
        ["system", m["os"]],
        ["Python", m["python"]],
        ["Node.js", m["node"]],
        ["packages", ", ".join(f"{k} {v}" for k, v in m["versions"].items())],
        ["date", m["date"]],
        ["commit", m["commit"]],
        ["load average (1, 5, 15 min)", f"start {' / '.join(f'{x:.2f}' for x in m['load_start'])}; "
                                        f"end {' / '.join(f'{x:.2f}' for x in m.get('load_end', m['load_start']))}"],
        ["runs per build", f"{res['args']['repeat']} (the best of them is shown)"],
    ]))
    out.append("\n### Budgets\n")
    out.append(_table(["budget", "measured", "verdict", "margin"], budgets(res)))

    out.append("\n### `kb check`\n")
    rows = []
    for _, label, d in _datasets(res):
        c = d["check"]
        rows.append([label, _s(c["wall"]), _s(c["cpu"]), _mb(c["rss"]), f"{c['others']:.2f}"])
    out.append(_table(["data", "wall", "CPU", "peak memory", "other processes (cores)"], rows))

    out.append("\n### Build (`mkdocs build --strict`, every language, Pagefind included)\n")
    rows = []
    for _, label, d in _datasets(res):
        b = d["build"]
        f = b["full"]
        rows.append([label, f"{b['pages']:,}", _s(f["wall"]), _s(f["cpu"]), _s(f["self_cpu"]), _s(f["children_cpu"]),
                     f"{f['wall'] * 1000 / b['pages']:.1f}", f"{f['cpu'] * 1000 / b['pages']:.1f}",
                     _mb(f["rss"]), _mb(f["together"]), _mb(f["self_rss"]), _pagefind_mb(f["children_rss"]),
                     f"{b['others']:.2f}"])
    out.append(_table(["data", "pages", "wall", "CPU", "of which Python", "of which Pagefind", "ms/page (wall)",
                       "ms/page (CPU)", "peak memory (largest process)", "every process at once", "Python's peak",
                       "Pagefind's peak",
                       "other processes (cores, at most)"], rows))

    out.append("\n### The macros' overhead: the same pages built without them\n")
    rows = []
    for _, label, d in _datasets(res):
        b = d["build"]
        f, s = b["full"], b["static"]
        rows.append([label, _s(f["wall"]), _s(s["wall"]), f"{f['wall'] / s['wall'] - 1:+.1%}",
                     _s(f["cpu"]), _s(s["cpu"]), f"{f['cpu'] / s['cpu'] - 1:+.1%}",
                     f"{f['self_cpu'] / s['self_cpu'] - 1:+.1%}", _mb(s["self_rss"]),
                     f"{b['same']:,} of {b['compared']:,}"])
    out.append(_table(["data", "wall with macros", "without", "overhead (wall)", "CPU with macros", "without",
                       "overhead (CPU)", "overhead (Python's CPU only)", "Python's peak without macros",
                       "pages identical"], rows))
    if "1000" in res["sizes"]:
        base = res["sizes"]["1000"]["build"]
        rows = []
        for n, label, d in _datasets(res):
            if n == "real":
                continue
            b = d["build"]
            rows.append([label, f"×{b['pages'] / base['pages']:.2f}", f"×{b['full']['wall'] / base['full']['wall']:.2f}",
                         f"×{b['full']['cpu'] / base['full']['cpu']:.2f}"])
        out.append("\nGrowth against 1,000 claims:\n")
        out.append(_table(["data", "pages", "wall", "CPU"], rows))

    out.append("\n### Built site\n")
    rows = []
    for _, label, d in _datasets(res):
        b, wgt = d["build"], d["weights"]
        rows.append([label, _mb(b["site"][0]), f"{b['site'][1]:,}", _mb(b["pagefind"][0]), f"{b['pagefind'][1]:,}",
                     _kb(wgt["claim_median"][0]), _kb(wgt["claim_max"][0]),
                     f"{_kb(wgt['heaviest'][2])} (/{wgt['heaviest'][0]})", f"{wgt['over_400k']:,}",
                     len(wgt["third_party"])])
    out.append(_table(["data", "site", "files", "of which Pagefind", "files", "claim page HTML (median)",
                       "(largest)", "heaviest first visit (compressed)", "pages over 400 KB on first visit",
                       "third-party addresses"], rows))
    heavy = [(label, u, h, f) for _, label, d in _datasets(res) for u, h, f in d["weights"].get("over_list", [])]
    if heavy:
        out.append("\nPages over 400 KB on a first visit:\n")
        out.append(_table(["data", "page", "HTML (raw)", "first visit (compressed)"],
                          [[label, f"`/{u}`", _mb(h), _kb(f)] for label, u, h, f in heavy]))

    out.append("\n### What a reader downloads (real site)\n")
    rows = []
    for label, v in res["real"]["visits"].items():
        rows.append([label, f"`{v['url']}`", f"{_kb(v['html'][0])} / {_kb(v['html'][1])}",
                     f"{_kb(v['first'][0])} / {_kb(v['first'][1])}", str(v["files"]),
                     f"{_kb(v['second'][0])} / {_kb(v['second'][1])}", len(v["third_party"])])
    out.append(_table(["page", "address", "HTML (raw / compressed)", "first visit (raw / compressed)", "files",
                       "second visit (raw / compressed)", "third-party"], rows))

    out.append("\n### What search loads for one query\n")
    rows = []
    for _, label, d in _datasets(res):
        for q in d["search"]:
            if "skipped" in q:
                rows.append([label, "", q["skipped"], "", "", "", "", "", ""])
                continue
            f, s = q["files"], q["sent"]
            rows.append([label, f"{q['term']} ({q['lang']})", f"{q['results']:,}", _kb(s["code"]),
                         _kb(s["entry"]), _kb(s["wasm"]), f"{f['index']} · {_kb(s['index'])}",
                         f"{f['fragment']} · {_kb(s['fragment'])}", _kb(q["total"])])
    out.append(_table(["data", "query", "results", "code (pagefind.js + worker)", "entry + metadata", "wasm",
                       "index chunks", "result fragments (first 5)", "total"], rows))

    swept = [(label, d["layers"]) for _, label, d in _datasets(res) if "layers" in d]
    if swept:
        out.append("\n### The test suite's two page layers: the sweep (every page) and the browser (per template)\n")
        rows = []
        for label, ly in swept:
            s, b = ly["sweep"], ly["browser"]
            rows.append([label, f"{ly['pages']:,}", _s(s["seconds"]), f"{1000 * s['seconds'] / ly['pages']:.1f}",
                         _mb(s["rss"]), f"{ly['browser_pages']:,}", _s(b["wall"]), _s(b["cpu"]), b["summary"],
                         f"{max(s['others'], b['others']):.2f}"])
        out.append(_table(["data", "pages", "sweep", "ms/page", "sweep's peak memory", "pages opened in Chromium",
                           "browser layer (wall)", "(CPU)", "result", "other processes (cores, at most)"], rows))
    if "tests" in res or "check" in res:
        out.append("\n### The test suite: README's commands\n")
        rows = []
        if "check" in res:
            c = res["check"]
            rows.append(["`make check` (set up already)", _s(c["wall"]), _s(c["cpu"]), _s(c["pytest"] or 0),
                         _mb(c["rss"]), c["summary"], f"{c['others']:.2f}"])
        if "tests" in res:
            t = res["tests"]
            what = f"a fresh clone (`{t['commit']}`): `make test`, set-up included"
            if t.get("browser_ready"):
                what += " (Chromium and the fonts were installed already)"
            rows.append([what, _s(t["wall"]), _s(t["cpu"]), _s(t["pytest"] or 0), _mb(t["rss"]), t["summary"],
                         f"{t['others']:.2f}"])
        out.append(_table(["command", "wall", "CPU", "of which pytest (wall)", "peak memory (largest process)",
                           "result", "other processes (cores)"], rows))
    return "\n".join(out) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", type=int, nargs="*", default=list(SIZES), help="synthetic fact base sizes, in claims")
    ap.add_argument("--repeat", type=int, default=1, help="runs of each build (the best is reported)")
    ap.add_argument("--skip-tests", action="store_true", help="do not run the test suite")
    ap.add_argument("--work", default=os.path.join(os.environ.get("TMPDIR", "/tmp"), "kb-bench"),
                    help="folder for synthetic data and built sites")
    ap.add_argument("--keep", action="store_true", help="keep the built sites")
    ap.add_argument("--out", default=str(ROOT / "BENCHMARKS.md"), help="the report to update ('-' prints only)")
    ap.add_argument("--json", help="where to save the raw figures (default: WORK/results.json)")
    ap.add_argument("--commit", help="the commit measured, when the tree is not a git checkout")
    ap.add_argument("--from-json", help="write the report from figures saved by an earlier run (--json)")
    ap.add_argument("--skip-preview", action="store_true", help="do not time make preview and make serve (bench/preview.py)")
    args = ap.parse_args(argv)
    if args.from_json:
        res = json.loads(Path(args.from_json).read_text(encoding="utf-8"))
    else:
        res = run_all(args)
        saved = Path(args.json or Path(args.work) / "results.json")
        saved.write_text(json.dumps(res, indent=1, default=str), encoding="utf-8")
        log_line(f"figures saved in {saved}")
    text = report(res)
    print(text)
    if args.out != "-":
        write_section(text, Path(args.out), "bench", "bench/run.py")
        log_line(f"wrote {args.out}")
    if not (args.skip_preview or args.from_json):
        import preview  # bench/preview.py

        log_line("make preview and make serve: a saved claim on its page")
        found = preview.measure(Path(args.work) / "preview")
        text = preview.report(found)
        print(text)
        if args.out != "-":
            write_section(text, Path(args.out), "bench-preview", "bench/preview.py")
    return 0


if __name__ == "__main__":
    sys.exit(main())
