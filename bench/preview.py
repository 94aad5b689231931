"""Measure how long a saved claim takes to show on its page: ``make preview`` against ``make serve``.

    .venv/bin/python bench/preview.py            # about 5 minutes on 2 cores; rewrites its block of BENCHMARKS.md
    .venv/bin/python bench/preview.py --saves 5 --serve-saves 3 --out -

On a copy of data/ taken when the run starts, each server is started as ``make`` starts it (the
preview as ``python -m sitebuild.preview``, ``mkdocs serve --strict`` as ``make serve`` runs it) on a
free local port, and left to finish its first build.  Then, several times, the run saves a change to
one claim's figure (``gptoss-peak-tpskw-jalapeno``, 85,448 tok/s/kW, in ``claims/benchmarks.yml``,
changed to 85,449, then 85,450, ...) and times, from the moment before the file is written:

* **the claim's page**: until the claim's page, fetched from the server in English and in Chinese as a
  browser fetches it, carries the new figure (``<data value="85449" data-claim=...>``) in every language;
* **every page the change touches**: until the written page of benchmark results
  (``/benchmarks/``, ``/zh/benchmarks/``), which the preview rebuilds in its second build, carries it too.

The server's own steps are inside those times: noticing the save (MkDocs' watcher looks every 0.5 s),
rebuilding, and answering (a server holds a request while it builds).  Pages are fetched every 50 ms.
The CPU time the server process spent (user + system, from /proc/<pid>/stat) until the claim's page
showed and over the whole save, and the cores other processes used meanwhile (/proc/stat), are
recorded with each save, as bench/run.py does for builds: on a shared machine the waiting follows the
others' load, the CPU time much less.  The figures are written between the ``bench-preview`` markers of BENCHMARKS.md.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import platform
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from report import write_section

from kb.languages import LANGUAGES

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
PY = sys.executable
CLAIM = "gptoss-peak-tpskw-jalapeno"
FILE = Path("claims/benchmarks.yml")
FIGURE = 85448
WRITTEN = "benchmarks/"  # a written page that shows the claim's figure
LANGS = tuple(lang.prefix for lang in LANGUAGES.values())  # every language's address prefix: "", "zh/", …
BUDGET = 5.0  # seconds, save -> the claim's page in every language


def _machine_busy() -> float:
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:9]]
    user, nice, system, _idle, _iowait, irq, softirq, steal = v
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def _tree_cpu(pid: int) -> float:
    """User + system seconds of a process and of its children it waited for."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return sum(int(x) for x in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=300) as r:
            return r.read().decode("utf-8", "replace")
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return ""


def _wait_until(urls: list[str], needle: str, deadline: float) -> float | None:
    """Monotonic time when every url's page holds ``needle`` (each fetched until it does); None past deadline."""
    pending = list(urls)
    while pending:
        if time.monotonic() > deadline:
            return None
        if needle in _get(pending[0]):
            pending.pop(0)
            continue
        time.sleep(0.05)
    return time.monotonic()


def _mark(value: int) -> str:
    return f'<data value="{value}" data-claim="{CLAIM}">'


def _env(data: Path) -> dict:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", KB_DATA_DIR=str(data))
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT / "src"), env.get("PYTHONPATH")) if p)
    env.pop("SITE_URL", None)
    return env


def one_server(name: str, cmd: list[str], data: Path, port: int, saves: int, first_value: int,
               log: Path, timeout: float) -> dict:
    base = f"http://127.0.0.1:{port}/"
    claim_urls = [f"{base}{lang}claims/{CLAIM}/" for lang in LANGS]
    written_urls = [f"{base}{lang}{WRITTEN}" for lang in LANGS]
    path = data / FILE
    out = log.open("wb")
    t0 = time.monotonic()
    # Ctrl+C stops both servers; a process started in the background may have inherited SIGINT ignored
    proc = subprocess.Popen(cmd, cwd=ROOT, env=_env(data), stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    runs = []
    try:
        current = int(path.read_text(encoding="utf-8").split(f"\n{CLAIM}:", 1)[1].split("value: ", 1)[1].split()[0])
        if _wait_until(claim_urls, _mark(current), time.monotonic() + timeout) is None:
            raise RuntimeError(f"{name} did not serve the claim's page within {timeout:.0f} s; see {log}")
        startup = time.monotonic() - t0
        time.sleep(2)  # let the first build's last steps (the search index) finish
        for i in range(saves):
            new = first_value + i
            text = path.read_text(encoding="utf-8")
            old_line, new_line = f"value: {current}", f"value: {new}"
            at = text.index(f"\n{CLAIM}:")
            cut = text.index(old_line, at)
            cpu0, busy0, start = _tree_cpu(proc.pid), _machine_busy(), time.monotonic()
            path.write_text(text[:cut] + new_line + text[cut + len(old_line):], encoding="utf-8")
            page = _wait_until(claim_urls, _mark(new), start + timeout)
            cpu_page = _tree_cpu(proc.pid) - cpu0
            every = _wait_until(written_urls, _mark(new), start + timeout)
            if page is None or every is None:
                raise RuntimeError(f"{name}: the change did not show within {timeout:.0f} s; see {log}")
            time.sleep(1.5)  # a build that follows (the preview's second) is over, or nearly
            settle = time.monotonic() + 60
            while time.monotonic() < settle:  # until the server process goes quiet
                c = _tree_cpu(proc.pid)
                time.sleep(0.5)
                if _tree_cpu(proc.pid) - c < 0.05:
                    break
            end = time.monotonic()
            cpu = _tree_cpu(proc.pid) - cpu0
            others = max(0.0, _machine_busy() - busy0 - cpu) / (end - start)
            runs.append({"page": page - start, "every": every - start, "cpu_page": cpu_page, "cpu": cpu,
                         "others": others})
            current = new
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        out.close()
    return {"name": name, "startup": startup, "runs": runs}


def _free_the_figure(path: Path) -> None:
    """In the copy: let the timed claim's figure move without its quotes (kb check wants a stated figure in a
    quote): each citation says how the figure is read, and the figure starts one above the quotes' own."""
    text = path.read_text(encoding="utf-8")
    start = text.index(f"\n{CLAIM}:\n") + 1
    nxt = re.search(r"\n[a-z0-9-]+:\n", text[start:])
    end = start + nxt.start() + 1 if nxt else len(text)
    reading = ('      reading: {en: "The figure is moved here for a timing run; read as {value}.", '
               'zh: "此处为计时改动了数字；按 {value}来读。"}\n')
    block = re.sub(r"(\n      quote: [^\n]*\n)", lambda q: q.group(1) + reading, text[start:end])
    block = block.replace(f"value: {FIGURE}\n", f"value: {FIGURE + 1}\n", 1)
    path.write_text(text[:start] + block + text[end:], encoding="utf-8")


def measure(work: Path, saves: int = 5, serve_saves: int = 3, timeout: float = 600) -> dict:
    work = Path(work)
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    data = work / "data"
    shutil.copytree(ROOT / "data", data)
    _free_the_figure(data / "claims" / "benchmarks.yml")
    res = {"machine": _machine(), "servers": []}
    preview = [PY, "-m", "sitebuild.preview", "-f", str(ROOT / "mkdocs.yml"), "-a", "{addr}",
               "--site-dir", str(work / "preview-site")]
    serve = [PY, "-m", "mkdocs", "serve", "--strict", "-f", str(ROOT / "mkdocs.yml"), "-a", "{addr}",
             "-w", str(data)]  # make serve watches data/ (mkdocs.yml); this run edits a copy
    value = FIGURE + 2
    for name, cmd, n in (("make preview", preview, saves), ("make serve", serve, serve_saves)):
        if n <= 0:
            continue
        port = _free_port()
        cmd = [c.replace("{addr}", f"127.0.0.1:{port}") for c in cmd]
        print(f"[{time.strftime('%H:%M:%S')}] {name}: {n} saves", file=sys.stderr, flush=True)
        res["servers"].append(one_server(name, cmd, data, port, n, value, work / f"{name.split()[1]}.log", timeout))
        value += n
    res["machine"]["load_end"] = os.getloadavg()
    return res


def _machine() -> dict:
    cpu = "unknown"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip() or "unknown"
    return {"cpu": cpu, "cores": os.cpu_count(), "python": platform.python_version(), "os": platform.platform(),
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "commit": commit, "load_start": os.getloadavg()}


def _s(x: float) -> str:
    return f"{x:.2f} s" if x < 10 else f"{x:.1f} s"


def report(res: dict) -> str:
    m = res["machine"]
    rows = []
    verdict = None
    for srv in res["servers"]:
        runs = srv["runs"]
        page = [r["page"] for r in runs]
        every = [r["every"] for r in runs]
        cpu = [r["cpu"] for r in runs]
        cpu_page = [r.get("cpu_page", float("nan")) for r in runs]
        others = [r["others"] for r in runs]
        rows.append(f"| `{srv['name']}` | {len(runs)} | {_s(statistics.median(page))} / {_s(max(page))} | "
                    f"{_s(statistics.median(cpu_page))} / {_s(max(cpu_page))} | "
                    f"{_s(statistics.median(every))} / {_s(max(every))} | {_s(statistics.median(cpu))} | "
                    f"{_s(srv['startup'])} | {min(others):.2f} to {max(others):.2f} |")
        if srv["name"] == "make preview":
            worst = max(page)
            verdict = (f"| a saved claim shows on its page, in every language, under {BUDGET:.0f} s (real fact base) | "
                       f"median {_s(statistics.median(page))}, worst {_s(worst)} of {len(runs)} saves | "
                       f"{'met' if worst < BUDGET else '**not met**'} | "
                       f"{f'{BUDGET - worst:.2f} s to spare' if worst < BUDGET else f'{worst - BUDGET:.2f} s over'} |")
    load = (f"start {' / '.join(f'{x:.2f}' for x in m['load_start'])}; "
            f"end {' / '.join(f'{x:.2f}' for x in m.get('load_end', m['load_start']))}")
    out = [
        f"Measured {m['date']}, commit {m['commit']}, on {m['cpu']} ({m['cores']} cores), {m['os']}, "
        f"Python {m['python']}; load average {load}.",
        "",
        "| budget | measured | verdict | margin |",
        "| --- | --- | --- | --- |",
        verdict or "| (the preview was not measured) | | | |",
        "",
        "| server | saves | save → the claim's page in every language (median / worst) | "
        "the server's CPU until then (median / worst) | "
        "save → every page the change touches (median / worst) | the server's CPU per save (median) | "
        "first build, start → page served | other processes (cores) |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
        *rows,
    ]
    return "\n".join(out) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--saves", type=int, default=5, help="saves timed with make preview")
    ap.add_argument("--serve-saves", type=int, default=3, help="saves timed with make serve (0: skip it)")
    ap.add_argument("--work", default=os.path.join(os.environ.get("TMPDIR", "/tmp"), "kb-bench-preview"))
    ap.add_argument("--out", default=str(ROOT / "BENCHMARKS.md"), help="the report to update ('-' prints only)")
    ap.add_argument("--from-json", help="write the report from figures saved by an earlier run")
    args = ap.parse_args(argv)
    if args.from_json:
        res = json.loads(Path(args.from_json).read_text(encoding="utf-8"))
    else:
        res = measure(Path(args.work), args.saves, args.serve_saves)
        saved = Path(args.work) / "results.json"
        saved.write_text(json.dumps(res, indent=1), encoding="utf-8")
    text = report(res)
    print(text)
    if args.out != "-":
        write_section(text, Path(args.out), "bench-preview", "bench/preview.py")
    return 0


if __name__ == "__main__":
    sys.exit(main())
