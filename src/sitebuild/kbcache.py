"""Open the fact base once per build.

mkdocs-static-i18n builds each language in turn within one process, and
``mkdocs serve`` rebuilds on every change.  The base is opened again only when
a file under data/ changed (path, size or modification time), so one build of
both languages opens it once, and an edit to data/ is picked up on the next
rebuild.

Within a build, code that runs once per page uses :func:`current`, which does
not look at the folder again: a page renders after ``on_files`` opened (and
checked) the base for this build, and walking the data folder once per page
costs a build of 10,000 claims about a minute.
"""
from __future__ import annotations

import os
from pathlib import Path

from kb.base import KnowledgeBase

_cache: dict[str, tuple[tuple, KnowledgeBase]] = {}


def data_dir(config_file: str | os.PathLike) -> Path:
    """data/ beside mkdocs.yml, or KB_DATA_DIR when set (tests build sites from other data)."""
    forced = os.environ.get("KB_DATA_DIR")
    if forced:
        return Path(forced).resolve()
    return (Path(config_file).resolve().parent / "data").resolve()


def _fingerprint(root: Path) -> tuple:
    out = []
    for dirpath, _, names in os.walk(root):
        for name in names:
            p = os.path.join(dirpath, name)
            st = os.lstat(p)  # a link is looked at, never followed (kb.files refuses it, naming it)
            out.append((p, st.st_size, st.st_mtime_ns))
    return tuple(sorted(out))


def open_kb(root: Path) -> KnowledgeBase:
    key = str(root)
    fp = _fingerprint(root)
    hit = _cache.get(key)
    if hit is not None and hit[0] == fp:
        return hit[1]
    kb = KnowledgeBase.open(root)
    _cache[key] = (fp, kb)
    return kb


def release() -> None:
    """Forget every base opened: the next build opens its own."""
    _cache.clear()


def current(root: Path) -> KnowledgeBase:
    """The base this build opened for ``root`` (opening it if none was), without checking the folder again."""
    hit = _cache.get(str(root))
    return hit[1] if hit is not None else open_kb(root)
