"""Benchmark hook for the same pages built without macros (see bench/sitecfg.py).

Everything that puts data into pages is gone: the pages are plain files captured from a
build with macros (bench/capture_hook.py).  What macros/hooks.py does that puts no data
into a page's content is kept: its ``on_config``, ``on_page_context``,
``on_template_context``, ``on_env`` and ``on_post_page``, when it has them, and the mark
that keeps headings' permalinks out of the search index and a converted page's note.  After the
build, the files macros/hooks.py wrote into the site are copied from the capture, and
Pagefind indexes the site as macros/hooks.py has it do.
"""
from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

from sitebuild import parallel  # whether the languages after the first were built side by side

_spec = importlib.util.spec_from_file_location("kb_site_hooks", Path(__file__).resolve().parent.parent / "macros" / "hooks.py")
_hooks = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_hooks)
for _name in ("on_config", "on_page_context", "on_template_context", "on_env", "on_post_page"):
    if hasattr(_hooks, _name):
        globals()[_name] = getattr(_hooks, _name)


def on_page_content(html, page, config, files):
    """Headings' permalinks kept out of the search index and a converted page's note, as macros/hooks.py has
    them (neither puts data into a page)."""
    return _hooks.marked(html, page, config)


@event_priority(-200)
def on_post_build(config):
    if parallel.nested(config.plugins["i18n"]):
        return
    captured = Path(config["extra"]["bench_postbuild_dir"])
    if captured.is_dir():
        shutil.copytree(captured, config.site_dir, dirs_exist_ok=True)
    try:
        _hooks.search.write(config.site_dir)
    except RuntimeError as exc:
        raise PluginError(f"pagefind failed: {exc}") from None
    finally:
        parallel.finish(config.plugins["i18n"])
