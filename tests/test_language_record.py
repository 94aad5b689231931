"""A language is one record: add one to src/kb/languages.py, in a copy of the project, and the strict build
gives a whole edition in it, every page of the English one, with the same figures.

The record added is Traditional Chinese with Hong Kong usage, converted from the Simplified text by OpenCC
(``s2hk``); nothing else in the copy changes.
"""
from __future__ import annotations

import pytest

import os
import re
import shutil
import subprocess
import sys

from conftest import ROOT

pytestmark = pytest.mark.build  # builds a whole site in four languages: not in `make check`

RECORD = ('    Language("zh-HK", tag="zh-Hant-HK", locale="zh_Hant_HK", name="繁體中文（香港）", theme="zh-Hant",\n'
          '             citation="gbt7714", by_character=True, converted_from="zh", conversion="s2hk"),\n')
FIGURE = re.compile(r'<data [^>]*value="([^"]*)"[^>]*data-claim="([^"]*)"|data-claim="([^"]*)"[^>]*value="([^"]*)"')


def _figures(html: str) -> list[tuple[str, str]]:
    return sorted((m.group(1) or m.group(4), m.group(2) or m.group(3)) for m in FIGURE.finditer(html))


def test_a_fourth_language_is_one_record_and_builds_a_whole_edition(tmp_path):
    copy = tmp_path / "project"
    copy.mkdir()
    for name in ("src", "macros", "docs", "data", "overrides"):
        shutil.copytree(ROOT / name, copy / name, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    shutil.copy(ROOT / "mkdocs.yml", copy / "mkdocs.yml")
    registry = copy / "src" / "kb" / "languages.py"
    text = registry.read_text(encoding="utf-8")
    end = text.index(")}\n", text.index("LANGUAGES: dict"))
    registry.write_text(text[:end] + RECORD + text[end:], encoding="utf-8")

    out = tmp_path / "site"
    env = dict(os.environ, PYTHONPATH=str(copy / "src"), KB_DATA_DIR=str(copy / "data"), NO_MKDOCS_2_WARNING="1")
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(out)], cwd=copy,
                         env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr

    english = sorted(p.relative_to(out).as_posix() for p in out.rglob("index.html")
                     if p.relative_to(out).parts[0] not in ("zh", "zh-hant", "zh-HK", "pagefind", "assets", "data"))
    added = {p.relative_to(out / "zh-HK").as_posix() for p in (out / "zh-HK").rglob("index.html")}
    assert len(english) > 600 and set(english) <= added, sorted(set(english) - added)[:5]
    home = (out / "zh-HK" / "index.html").read_text(encoding="utf-8")
    assert '<html lang="zh-Hant-HK"' in home and 'hreflang="zh-Hant-HK"' in home
    shown = re.sub(r"<script\b.*?</script>", "", home.split("<article", 1)[1], flags=re.S)  # JSON-LD names every edition
    assert "證據庫" in home and "证据库" not in shown and "晶片" not in shown and "芯片" in shown  # Hong Kong usage
    # the other editions now offer it too, and every edition shows the same figures on each page
    assert 'hreflang="zh-Hant-HK"' in (out / "index.html").read_text(encoding="utf-8")
    seen = 0
    for rel in english:
        if not rel.startswith(("claims/", "benchmarks/")):
            continue
        en = _figures((out / rel).read_text(encoding="utf-8"))
        assert _figures((out / "zh-HK" / rel).read_text(encoding="utf-8")) == en, rel
        seen += len(en)
    assert seen > 1000
    entry = (out / "pagefind" / "pagefind-entry.json").read_text(encoding="utf-8")
    assert '"zh-hant-hk"' in entry  # its own search index
