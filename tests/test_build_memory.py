"""What the build lets go of before Pagefind runs (macros/hooks.py, ``_let_go``).

The build's process waits for Pagefind with everything it still holds, so the fact base and whatever
keeps it (the open bases, the charts drawn, the downloads made) is let go first (BENCHMARKS.md).  The
test opens a fact base the way a build does, has it drawn and exported, and checks that after
``_let_go`` nothing keeps it: a cache added later that holds it fails here.
"""
from __future__ import annotations

import gc
import os
import subprocess
import sys
import importlib.util
import shutil
import weakref
from pathlib import Path
from types import SimpleNamespace

import pytest

from render import charts, citing, downloads
from render.context import Ctx
from sitebuild import kbcache

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("kb_site_hooks_memory", ROOT / "macros" / "hooks.py")
hooks = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(hooks)


def _drawn_and_exported(data: Path) -> weakref.ref:
    kb = kbcache.open_kb(data)
    ctx = Ctx(kb, "en", "benchmarks/")
    svg = charts.chart(ctx, "benchmark-peak-tps-per-kw") + charts.chart(ctx, "power-basis")
    assert "<svg" in svg
    assert downloads.files(kb)["claims.json"]
    assert kbcache.current(data) is kb
    return weakref.ref(kb)


@pytest.fixture
def configured():
    before = citing.SETTINGS
    citing.configure("https://example.org/", before.version, before.site_names)
    yield
    citing.SETTINGS = before


def test_after_letting_go_nothing_holds_the_fact_base(tmp_path, configured):
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    held = _drawn_and_exported(data)
    gc.collect()
    assert held() is not None  # the caches hold it: what the build would keep while Pagefind runs
    hooks._let_go()
    assert held() is None
    assert kbcache.current(data) is not None  # the next build opens its own
    kbcache.release()


class _MacrosEnv:
    """What ``define_env`` in macros/main.py reads of mkdocs-macros' environment, and the macros it registers."""

    def __init__(self, config_file: Path):
        self.conf = SimpleNamespace(config_file_path=str(config_file), plugins={})
        self.page = SimpleNamespace(file=SimpleNamespace(locale_alternate_of="en", src_uri="benchmarks.md"),
                                    url="benchmarks/")
        self.macros = {}

    def macro(self, fn):
        self.macros[fn.__name__] = fn
        return fn


def test_the_macros_do_not_keep_the_fact_base(tmp_path, configured, monkeypatch):
    """mkdocs-macros keeps every macro registered to the end of the build: a macro that held the fact base in
    its closure would keep it while Pagefind runs."""
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    monkeypatch.setenv("KB_DATA_DIR", str(data))
    spec = importlib.util.spec_from_file_location("kb_site_macros_memory", ROOT / "macros" / "main.py")
    main = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(main)
    env = _MacrosEnv(tmp_path / "mkdocs.yml")
    main.define_env(env)
    assert len(env.macros) >= 20
    shown = env.macros["fig"]("gptoss-peak-tpskw-jalapeno")
    assert 'data-claim="gptoss-peak-tpskw-jalapeno"' in shown
    assert "<svg" in env.macros["chart"]("benchmark-peak-tps-per-kw")
    held = weakref.ref(kbcache.current(data))
    gc.collect()
    assert held() is not None
    hooks._let_go()
    assert held() is None, "a macro registered by macros/main.py still holds the fact base after the build let go"
    assert 'data-claim="gptoss-peak-tpskw-jalapeno"' in env.macros["fig"]("gptoss-peak-tpskw-jalapeno")
    kbcache.release()


# --- the pages in a process that ends before the search index is written ----------------------------------------

SPLIT_HOOKS = """\
import os
from sitebuild import parallel


def on_startup(command, dirty):
    parallel.started(command)
    parallel.split_off_pages(command)


def on_post_build(config):
    with open(os.path.join(config.site_dir, "pages-pid.txt"), "w") as fh:
        fh.write(str(os.getpid()))
    if os.environ.get("KB_TEST_FAIL_PAGES"):
        raise SystemExit(3)
    parallel.index_in_parent(config.site_dir)
"""


def _split_project(root):
    (root / "docs").mkdir()
    (root / "docs" / "index.md").write_text("# A page\n\n<div data-pagefind-body><p>Words to find.</p></div>\n",
                                           encoding="utf-8")
    (root / "hooks.py").write_text(SPLIT_HOOKS, encoding="utf-8")
    (root / "mkdocs.yml").write_text("site_name: split\nhooks:\n  - hooks.py\n", encoding="utf-8")
    return root / "mkdocs.yml"


@pytest.mark.parametrize("split", [True, False])
def test_mkdocs_build_writes_the_pages_in_a_child_and_the_index_after_it_ends(tmp_path, split):
    """The child that built the pages has ended, with all it held, when its parent runs Pagefind; KB_BUILD_SPLIT=0
    keeps both in one process (the suite's second build of the real site compares the two, file for file)."""

    config = _split_project(tmp_path)
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", KB_BUILD_SPLIT="1" if split else "0")
    proc = subprocess.Popen([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config),
                             "-d", str(tmp_path / "out")], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    out, _ = proc.communicate(timeout=120)
    assert proc.returncode == 0, out
    pages_pid = int((tmp_path / "out" / "pages-pid.txt").read_text())
    assert (pages_pid != proc.pid) is split, (pages_pid, proc.pid)
    if split:
        assert (tmp_path / "out" / "pagefind" / "pagefind.js").is_file(), "the parent did not index the site"
        assert "Documentation built" in out


def test_a_failed_page_build_stops_the_split_build_before_the_index(tmp_path):

    config = _split_project(tmp_path)
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", KB_TEST_FAIL_PAGES="1")
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-f", str(config), "-d", str(tmp_path / "out")],
                         cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 3, run.stdout + run.stderr
    assert not (tmp_path / "out" / "pagefind").exists()
