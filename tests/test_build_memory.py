"""What the build lets go of before Pagefind runs (macros/hooks.py, ``_let_go``).

The build's process waits for Pagefind with everything it still holds, so the fact base and whatever
keeps it (the open bases, the charts drawn, the downloads made) is let go first (BENCHMARKS.md).  The
test opens a fact base the way a build does, has it drawn and exported, and checks that after
``_let_go`` nothing keeps it: a cache added later that holds it fails here.
"""
from __future__ import annotations

import gc
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
