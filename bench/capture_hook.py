"""Benchmark hook: record every page as it stands once the data has been rendered into it.

Added only to the configurations bench/sitecfg.py writes for a capture build.  For each
page it writes ``<capture>/docs/<src_uri>``: the front matter, the Markdown after the macros
plugin expanded it, and, as a raw HTML block at the end, whatever hooks appended to the
page's HTML after Markdown (``on_page_content``; see capture_last_hook.py).  Files that hooks write into the site
after the build (except Pagefind's index) are copied to ``<capture>/_postbuild/``.  The
captured tree is then built without macros (see bench/sitecfg.py and static_hook.py).
"""
from __future__ import annotations

import json
from pathlib import Path

from mkdocs.plugins import event_priority

from sitebuild import parallel  # whether the languages after the first were built side by side
from sitebuild import rawblocks  # what macros/hooks.py holds out of a generated page's Markdown


def _out(config) -> Path:
    return Path(config["extra"]["bench_capture_dir"])


def captured(page) -> str:
    """Where a page is captured, under docs/: its language's folder and its path there. A converted language's
    written page is read from another language's file (macros/hooks.py), but captured as its own."""
    src = page.file.src_uri
    lang = getattr(page.file, "locale", None)
    if lang and "/" in src and src.split("/", 1)[0] != lang:
        return f"{lang}/{src.split('/', 1)[1]}"
    return src


@event_priority(-50)  # after mkdocs-static-i18n (50) and mkdocs-macros (0)
def on_page_markdown(markdown, page, config, files):
    out = _out(config) / "docs" / captured(page)
    out.parent.mkdir(parents=True, exist_ok=True)
    meta = {k: v for k, v in (page.meta or {}).items() if k != "render_macros"}
    front = "---\n" + json.dumps(meta, ensure_ascii=False) + "\n---\n\n" if meta else ""
    # the page as it reads once its raw HTML is back in it, which the build without macros gives to Markdown whole
    out.write_text(front + rawblocks.release(markdown, getattr(page, "kb_held", None)), encoding="utf-8")
    return markdown


@event_priority(1000)  # first: the HTML as Markdown made it (capture_last_hook.py reads it last)
def on_page_content(html, page, config, files):
    page.bench_converted = rawblocks.release(html, getattr(page, "kb_held", None))
    return html


def site_files(site: Path) -> list[str]:
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())


@event_priority(-150)  # after the other languages were built (-50 or -100), before macros/hooks.py (-200)
def on_post_build(config):
    if not parallel.nested(config.plugins["i18n"]):
        (_out(config) / "_site_before.json").write_text(json.dumps(site_files(Path(config.site_dir))))
