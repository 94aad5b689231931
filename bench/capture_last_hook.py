"""Benchmark hook, the second half of capture_hook.py: what hooks added after Markdown and after the build."""
from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path

from mkdocs.plugins import event_priority

from sitebuild import parallel  # whether the languages after the first were built side by side

_spec = importlib.util.spec_from_file_location("kb_site_hooks", Path(__file__).resolve().parent.parent / "macros" / "hooks.py")
_hooks = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_hooks)
_cspec = importlib.util.spec_from_file_location("kb_bench_capture", Path(__file__).resolve().parent / "capture_hook.py")
_capture = importlib.util.module_from_spec(_cspec)
_cspec.loader.exec_module(_capture)


def _out(config) -> Path:
    return Path(config["extra"]["bench_capture_dir"])


@event_priority(-1000)  # last
def on_page_content(held, page, config, files):
    html = _hooks.page_html(held)  # macros/hooks.py holds it compressed from here on
    before = getattr(page, "bench_converted", html)
    # the changes a hook makes inside the HTML, which the build without macros makes too (static_hook.py)
    before = _hooks.marked(before, page, config)
    if html != before:
        if not html.startswith(before):
            raise RuntimeError(f"bench capture: a hook changed {page.file.src_uri} inside its HTML, not only after it")
        with open(_out(config) / "docs" / _capture.captured(page), "a", encoding="utf-8") as f:
            f.write("\n\n" + html[len(before):].strip("\n") + "\n")
    return held


@event_priority(-1000)  # last: after macros/hooks.py wrote its files and ran Pagefind
def on_post_build(config):
    if parallel.nested(config.plugins["i18n"]):
        return
    site, out = Path(config.site_dir), _out(config)
    before = set(json.loads((out / "_site_before.json").read_text()))
    for p in sorted(site.rglob("*")):
        rel = p.relative_to(site).as_posix()
        if p.is_file() and rel not in before and not rel.startswith("pagefind/"):
            (out / "_postbuild" / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(p, out / "_postbuild" / rel)
