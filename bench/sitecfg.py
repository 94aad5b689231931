"""Configurations for building the site from synthetic data, and the same pages without macros.

The written pages in docs/ name real claims (``{{ fig("gptoss-e2e-jalapeno") }}``),
so they cannot be built from a synthetic fact base.  :func:`synthetic_site`
writes a copy of mkdocs.yml into a work folder, with a reduced docs tree that
works on any data:

* ``<lang>/index.md``: the home page's heading, the evidence ladder and the
  list of conflicts (``tier_ladder()``, ``conflict_list()``);
* ``<lang>/<kind>/index.md`` for claims, sources, entities, tiers and
  conflicts: each real index page's heading and its ``index(kind)`` call;
* ``<lang>/search.md``: the real search page;
* ``assets/``: the real stylesheet and script;

and, as in the real build, every page that macros/hooks.py generates from data.
Everything else (theme, overrides, Markdown extensions, plugins, hooks) is the
real configuration, with paths made absolute.

:func:`static_site` is "the same pages without macros": every page of a
build, captured once the data has been rendered into it (bench/capture_hook.py
and capture_last_hook.py), written as plain files into a docs tree, and built
with the macros plugin removed and macros/hooks.py replaced by
bench/static_hook.py (macros/parallel.py stays: the languages are built side
by side as the site's are).  BENCHMARKS.md says exactly what each build does.
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import yaml

from kb.languages import WRITTEN

ROOT = Path(__file__).resolve().parent.parent
BENCH = Path(__file__).resolve().parent
KIND_FOLDERS = ("claims", "sources", "entities", "tiers", "conflicts")
LANGS = WRITTEN  # the languages docs/ is written in; the converted ones are made from them at build time


class _Tagged:
    """A YAML node with a python/ or local tag (the slugify function, !ENV), kept as written."""

    def __init__(self, tag: str, value):
        self.tag, self.value = tag, value


class _Loader(yaml.SafeLoader):
    pass


class _Dumper(yaml.SafeDumper):
    pass


def _construct(loader, tag, node):
    if isinstance(node, yaml.MappingNode):
        return _Tagged(tag, loader.construct_mapping(node, deep=True))
    if isinstance(node, yaml.SequenceNode):
        return _Tagged(tag, loader.construct_sequence(node, deep=True))
    return _Tagged(tag, loader.construct_scalar(node))


def _represent(dumper, t: _Tagged):
    if isinstance(t.value, dict):
        return dumper.represent_mapping(t.tag, t.value)
    if isinstance(t.value, list):
        return dumper.represent_sequence(t.tag, t.value)
    return dumper.represent_scalar(t.tag, t.value)


_Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda l, s, n: _construct(l, "tag:yaml.org,2002:python/" + s, n))
_Loader.add_multi_constructor("!", lambda l, s, n: _construct(l, "!" + s, n))  # !ENV and other local tags
_Dumper.add_representer(_Tagged, _represent)


def load_config(path: Path = ROOT / "mkdocs.yml") -> dict:
    return yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader)


def write_config(cfg: dict, path: Path) -> Path:
    path.write_text(yaml.dump(cfg, Dumper=_Dumper, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def _absolute(cfg: dict, docs: Path, site: Path, hooks: list[Path]) -> dict:
    cfg = dict(cfg)
    cfg["docs_dir"] = str(docs)
    cfg["site_dir"] = str(site)
    theme = dict(cfg["theme"])
    if theme.get("custom_dir"):
        theme["custom_dir"] = str(ROOT / theme["custom_dir"])
    cfg["theme"] = theme
    cfg["hooks"] = [str(h) for h in hooks]
    cfg.pop("watch", None)
    plugins = []
    for p in cfg["plugins"]:
        if isinstance(p, dict) and "macros" in p:
            opts = dict(p["macros"])
            opts["module_name"] = str(ROOT / opts.get("module_name", "main"))
            p = {"macros": opts}
        plugins.append(p)
    cfg["plugins"] = plugins
    return cfg


def _heading(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith("# "))


def _reduced_docs(docs: Path) -> None:
    if docs.exists():
        shutil.rmtree(docs)
    shutil.copytree(ROOT / "docs" / "assets", docs / "assets")
    for lang in LANGS:
        src, out = ROOT / "docs" / lang, docs / lang
        out.mkdir(parents=True)
        home = _heading((src / "index.md").read_text(encoding="utf-8"))
        (out / "index.md").write_text(f"{home}\n\n{{{{ tier_ladder() }}}}\n\n{{{{ conflict_list() }}}}\n", encoding="utf-8")
        shutil.copy(src / "search.md", out / "search.md")
        for kind in KIND_FOLDERS:
            text = (src / kind / "index.md").read_text(encoding="utf-8")
            call = re.search(r"\{\{ *index\([^)]*\) *\}\}", text).group(0)
            (out / kind).mkdir()
            (out / kind / "index.md").write_text(f"{_heading(text)}\n\n{call}\n", encoding="utf-8")


CAPTURE_HOOKS = [BENCH / "capture_hook.py", BENCH / "capture_last_hook.py"]
REDUCED_NAV = ["index.md", {"Reference": [f"{k}/index.md" for k in KIND_FOLDERS]}, "search.md"]


PARALLEL_HOOK = "macros/parallel.py"  # builds the languages after the first side by side; puts nothing into a page


def site_hooks(cfg: dict) -> list[Path]:
    """The site's own hooks, as mkdocs.yml lists them."""
    hooks = [ROOT / h for h in cfg.get("hooks") or []]
    if ROOT / PARALLEL_HOOK not in hooks:
        raise SystemExit(f"mkdocs.yml no longer lists {PARALLEL_HOOK}: say in bench/sitecfg.py how the build without "
                         f"macros builds the languages")
    return hooks


def synthetic_site(work: Path, *, capture: Path | None = None) -> Path:
    """Write a config (and its reduced docs tree) under ``work``; return the config's path.

    With ``capture``, the build also writes every rendered page's Markdown into that folder.
    """
    docs = work / "docs"
    _reduced_docs(docs)
    cfg = load_config()
    cfg = _absolute(cfg, docs, work / "site", site_hooks(cfg) + (CAPTURE_HOOKS if capture else []))
    cfg["nav"] = REDUCED_NAV
    if capture:
        cfg.setdefault("extra", {})["bench_capture_dir"] = str(capture)
    return write_config(cfg, work / ("mkdocs-capture.yml" if capture else "mkdocs.yml"))


def real_site(work: Path, *, capture: Path | None = None) -> Path:
    """The real configuration with absolute paths, built from a copy of docs/ taken now
    (others may edit docs/ while the benchmark runs; data is copied by the caller)."""
    docs = work / "docs"
    if not docs.exists():
        shutil.copytree(ROOT / "docs", docs)
    cfg = load_config()
    cfg = _absolute(cfg, docs, work / "site", site_hooks(cfg) + (CAPTURE_HOOKS if capture else []))
    if capture:
        cfg.setdefault("extra", {})["bench_capture_dir"] = str(capture)
    return write_config(cfg, work / ("mkdocs-capture.yml" if capture else "mkdocs.yml"))


def static_site(work: Path, captured: Path, base_config: Path) -> Path:
    """The same pages without macros: the captured pages as files, no macros plugin, no page-generating hook."""
    docs = work / "static-docs"
    if docs.exists():
        shutil.rmtree(docs)
    shutil.copytree(captured / "docs", docs)
    base = yaml.load(base_config.read_text(encoding="utf-8"), Loader=_Loader)
    shutil.copytree(Path(base["docs_dir"]) / "assets", docs / "assets")
    cfg = dict(base)
    cfg["docs_dir"] = str(docs)
    cfg["site_dir"] = str(work / "static-site")
    cfg["hooks"] = [str(ROOT / PARALLEL_HOOK), str(BENCH / "static_hook.py")]  # the languages built as the site's are
    cfg["plugins"] = [p for p in cfg["plugins"] if not (isinstance(p, dict) and "macros" in p) and p != "macros"]
    cfg["extra"] = {k: v for k, v in (cfg.get("extra") or {}).items() if k != "bench_capture_dir"}
    cfg["extra"]["bench_postbuild_dir"] = str(captured / "_postbuild")
    return write_config(cfg, work / "mkdocs-static.yml")
