"""The built site, once per test session, for any test that reads HTML.

Use it from a test module with ``from site_fixture import site`` (and
``hostile_site`` for a build whose data holds hostile text).  Each fixture runs
``mkdocs build --strict`` once into a temporary folder and hands back a
:class:`Site`: its folder, the fact base it was built from, and a cached HTML
parser per page.

The data is ``data/`` (or ``KB_DATA_DIR`` when set, which the build honours too).
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from kb.base import KnowledgeBase

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("en", "zh")
KIND_FOLDERS = {"claim": "claims", "source": "sources", "entity": "entities", "tier": "tiers", "conflict": "conflicts"}


def data_dir() -> Path:
    forced = os.environ.get("KB_DATA_DIR")
    return Path(forced) if forced else ROOT / "data"


def build_site(out: Path, data: Path) -> float:
    """Build the site from ``data`` into ``out``; return the seconds it took."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", KB_DATA_DIR=str(data))
    cmd = [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(ROOT / "mkdocs.yml"), "-d", str(out)]
    start = time.monotonic()
    result = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    if result.returncode != 0:
        raise AssertionError(f"mkdocs build failed ({result.returncode}):\n{result.stdout}\n{result.stderr}")
    return time.monotonic() - start


@dataclass
class Site:
    root: Path
    data: Path
    seconds: float
    _soups: dict = field(default_factory=dict)

    @cached_property
    def kb(self) -> KnowledgeBase:
        return KnowledgeBase.open(self.data)

    def prefix(self, lang: str) -> str:
        return "" if lang == "en" else f"{lang}/"

    def url(self, kind: str, ident: str | None, lang: str) -> str:
        """Site-relative url of a generated page or index: 'claims/x/', 'zh/claims/x/'."""
        folder = KIND_FOLDERS[kind]
        return self.prefix(lang) + (f"{folder}/{ident}/" if ident else f"{folder}/")

    def file(self, url: str) -> Path:
        """The HTML file behind a site-relative directory url."""
        path = self.root / url
        return path / "index.html" if url.endswith("/") or url == "" else path

    def exists(self, url: str) -> bool:
        return self.file(url).is_file()

    def soup(self, url: str) -> BeautifulSoup:
        if url not in self._soups:
            self._soups[url] = BeautifulSoup(self.file(url).read_text(encoding="utf-8"), "lxml")
        return self._soups[url]

    def html_pages(self) -> list[str]:
        """Every page's site-relative url (directory style), search bundle excluded."""
        out = []
        for p in sorted(self.root.rglob("*.html")):
            rel = p.relative_to(self.root).as_posix()
            if rel.startswith("pagefind/"):
                continue
            out.append(rel[: -len("index.html")] if rel.endswith("index.html") else rel)
        return out

    def resolve(self, from_url: str, href: str) -> str:
        """A relative href on page ``from_url`` as a site-relative url, fragment dropped."""
        import posixpath
        href = href.split("#", 1)[0]
        if not href:
            return from_url
        base = posixpath.dirname(posixpath.join("/", from_url + ("x" if from_url.endswith("/") or not from_url else "")))
        joined = posixpath.normpath(posixpath.join(base, href))
        rel = joined.lstrip("/")
        if href.endswith("/") and rel and not rel.endswith("/"):
            rel += "/"
        if rel == ".":
            rel = ""
        return rel


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Site:
    out = tmp_path_factory.mktemp("site")
    data = data_dir()
    seconds = build_site(out, data)
    return Site(out, data, seconds)


# --- hostile data -------------------------------------------------------------

HOSTILE_TEXT = '<script>alert("owned")</script> {{ config }} [x](javascript:alert(document.cookie)) {% if true %}jinja{% endif %}'
HOSTILE_NAME = '<img src=x onerror=alert(document.domain)> **bold** {{ config.site_name }}'
HOSTILE_TEXT_ZH = "恶意文字：" + HOSTILE_TEXT
HOSTILE_QUOTE = "<b>粗体</b> {{ config }} [链接](javascript:alert(document.cookie))"

HOSTILE_FILES = {
    "snapshots/hostile.txt": f"前文。{HOSTILE_QUOTE}后文。\n",
    "sources/hostile.yml": f"""\
hostile-source:
  kind: blog-post
  name:
    en: {HOSTILE_NAME!r}
    zh: {HOSTILE_NAME!r}
  language: zh-Hans
  snapshot:
    file: snapshots/hostile.txt
    taken: "2026-11-01"
""",
    "entities/hostile.yml": f"""\
hostile-entity:
  kind: concept
  name:
    en: {HOSTILE_NAME!r}
    zh: {HOSTILE_NAME!r}
  description:
    en: {HOSTILE_TEXT!r}
    zh: {HOSTILE_TEXT_ZH!r}
""",
    "claims/hostile.yml": f"""\
hostile-claim:
  subject: hostile-entity
  metric: statement
  statement:
    en: {HOSTILE_TEXT!r}
    zh: {HOSTILE_TEXT_ZH!r}
  citations:
    - source: hostile-source
      quote: {HOSTILE_QUOTE!r}
      locator: {HOSTILE_NAME!r}
  tier: commentary
  caveats:
    - en: {HOSTILE_TEXT!r}
      zh: {HOSTILE_TEXT_ZH!r}
  tags: [hostile]
""",
}


@pytest.fixture(scope="session")
def hostile_site(tmp_path_factory) -> Site:
    """The site built from the real data plus records whose text tries to inject markup and templates."""
    data = tmp_path_factory.mktemp("hostile-data") / "data"
    shutil.copytree(data_dir(), data)
    for rel, text in HOSTILE_FILES.items():
        (data / rel).parent.mkdir(parents=True, exist_ok=True)
        (data / rel).write_text(text, encoding="utf-8")
    out = tmp_path_factory.mktemp("hostile-site")
    seconds = build_site(out, data)
    return Site(out, data, seconds)
