"""The built site, once per test session, for any test that reads HTML.

Use it from a test module with ``from site_fixture import site`` (and
``hostile_site`` for a build whose data holds hostile text).  Each fixture hands
back a :class:`Site`: its folder, the fact base it was built from, and parsed
pages cached for the whole session (``soup`` for BeautifulSoup, ``tree`` for
lxml, ``corpus`` for the figure-integrity checks).

A session builds each site at most once, however many modules import the
fixture: builds are kept in this module, not in pytest's per-module fixture
definitions.  When the first one is asked for, every build the collected tests
will need is queued (``mkdocs build --strict -d <tmp>``, one process each) and
run two at a time in the background, in the order the tests need them, so the
later ones build while the first tests run:

* ``site``: the real data;
* ``hostile_site``: the real data plus records whose text tries to inject markup
  and templates (``HOSTILE_FILES``), plus whatever files test modules add
  through :data:`HOSTILE_EXTRAS` (the render cases of tests/test_hostile.py);
* any build a test module registers with :func:`register_build` (the planted
  faults of tests/test_planted_faults.py).

The data is ``data/`` (or ``KB_DATA_DIR`` when set, which the build honours too).
"""
from __future__ import annotations

import atexit
import os
import posixpath
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Callable

import lxml.html
import pytest
from bs4 import BeautifulSoup

from integrity.langs import LANGS, PREFIX  # noqa: F401  (the tests' own table of the site's languages)
from integrity.langs import TAGS as LANG_TAGS  # noqa: F401  (each language's BCP 47 tag: <html lang>, hreflang)
from kb.base import KnowledgeBase
from kb.kinds import with_pages

ROOT = Path(__file__).resolve().parent.parent
KIND_FOLDERS = {k.name: k.pages for k in with_pages()}  # kind -> the folder of its pages (kb.kinds)


def data_dir() -> Path:
    forced = os.environ.get("KB_DATA_DIR")
    return Path(forced) if forced else ROOT / "data"


# The data the session's builds read, taken once as the session starts: a test that points KB_DATA_DIR at a copy
# of its own while it runs (tests/test_preview.py) must not move the builds it happens to queue meanwhile.
SESSION_DATA = data_dir()


def _build_command(out: Path, config: Path) -> list[str]:
    return [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(out)]


def _build_env(data: Path) -> dict:
    return dict(os.environ, NO_MKDOCS_2_WARNING="1", KB_DATA_DIR=str(data))


def site_address(config: Path | None = None) -> str:
    """The site's public address as a build reads it from mkdocs.yml (SITE_URL, else the address written
    there), ending in a slash: what every full address on the built site starts with."""
    from mkdocs.utils import yaml_load

    with open(config or ROOT / "mkdocs.yml", encoding="utf-8") as fh:
        url = yaml_load(fh)["site_url"]
    assert url, "mkdocs.yml gives the site no address"
    return url.rstrip("/") + "/"


def build_site(out: Path, data: Path, config: Path | None = None) -> float:
    """Build the site from ``data`` into ``out``; return the seconds it took."""
    config = config or ROOT / "mkdocs.yml"
    start = time.monotonic()
    result = subprocess.run(_build_command(out, config), cwd=config.parent, env=_build_env(data),
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise AssertionError(f"mkdocs build failed ({result.returncode}):\n{result.stdout}\n{result.stderr}")
    return time.monotonic() - start


@dataclass
class Site:
    root: Path
    data: Path
    seconds: float
    docs: Path = ROOT / "docs"
    config: Path = ROOT / "mkdocs.yml"
    # Parsed pages stay out of repr: pytest prints a failing test's arguments, and the repr of
    # hundreds of parsed pages took minutes per failure.
    _soups: dict = field(default_factory=dict, repr=False)
    _trees: dict = field(default_factory=dict, repr=False)

    @cached_property
    def kb(self) -> KnowledgeBase:
        return KnowledgeBase.open(self.data)

    @cached_property
    def facts(self):
        """The data read independently of the engine (tests/integrity/facts.py)."""
        from integrity.facts import Facts
        return Facts(self.data)

    @cached_property
    def corpus(self):
        """Every page parsed once into what the figure-integrity checks read (tests/integrity/html.py)."""
        from integrity.html import Corpus
        return Corpus(self.root)

    def prefix(self, lang: str) -> str:
        return PREFIX[lang]

    def url(self, kind: str, ident: str | None, lang: str) -> str:
        """Site-relative url of a generated page or index: 'claims/x/', 'zh/claims/x/'."""
        folder = KIND_FOLDERS[kind]
        return self.prefix(lang) + (f"{folder}/{ident}/" if ident else f"{folder}/")

    @cached_property
    def address(self) -> str:
        """The public address the site was built for ('https://…/'), read from its mkdocs.yml."""
        return site_address(self.config)

    def absolute(self, url: str) -> str:
        """The full address of a site-relative url: 'zh/claims/x/' -> 'https://…/zh/claims/x/'."""
        return self.address + url

    def local(self, address: str) -> str:
        """The site-relative url of one of the site's full addresses (fragment dropped); an address
        elsewhere, or one that is not a full address, is a test failure."""
        assert address.startswith(self.address), f"{address!r} is not a full address under {self.address}"
        return address[len(self.address):].split("#", 1)[0]

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

    def tree(self, url: str):
        """The page as an lxml tree (parsed once; many times faster than ``soup`` for whole-site scans)."""
        if url not in self._trees:
            self._trees[url] = lxml.html.document_fromstring(self.file(url).read_text(encoding="utf-8"))
        return self._trees[url]

    @cached_property
    def _pages(self) -> list[str]:
        out = []
        for p in sorted(self.root.rglob("*.html")):
            rel = p.relative_to(self.root).as_posix()
            if rel.startswith("pagefind/"):
                continue
            out.append(rel[: -len("index.html")] if rel.endswith("index.html") else rel)
        return out

    def html_pages(self) -> list[str]:
        """Every page's site-relative url (directory style), search bundle excluded."""
        return list(self._pages)

    def resolve(self, from_url: str, href: str) -> str:
        """A relative href on page ``from_url`` as a site-relative url, fragment dropped."""
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


# --- builds, each once per session, started side by side --------------------------------------------------

@dataclass
class Recipe:
    """How to get a build's inputs ready: returns (mkdocs.yml, data folder, docs folder)."""
    prepare: Callable[[pytest.TempPathFactory], tuple[Path, Path, Path]]
    env: dict = field(default_factory=dict)  # what the build's environment adds (KB_LISTING_PAGE_SIZE)
    command: Callable[[Path, Path], list[str]] | None = None  # (site folder, mkdocs.yml) -> argv; mkdocs build if None
    drop: tuple[str, ...] = ()  # variables taken out of the build's environment


@dataclass
class _Build:
    out: Path
    data: Path
    docs: Path
    config: Path
    proc: subprocess.Popen
    log: Path
    started: float
    site: Site | None = None

    def wait(self) -> Site:
        if self.site is None:
            self.proc.wait()
            seconds = time.monotonic() - self.started
            if self.proc.returncode != 0:
                output = self.log.read_text(encoding="utf-8", errors="replace")
                raise AssertionError(f"mkdocs build failed ({self.proc.returncode}):\n{output}")
            self.site = Site(self.out, self.data, seconds, docs=self.docs, config=self.config)
        return self.site


_RECIPES: dict[str, Recipe] = {}
_BUILDS: dict[str, _Build] = {}


def register_build(fixture_name: str, prepare, env: dict | None = None, command=None, drop=()) -> None:
    """Declare a build that a fixture named ``fixture_name`` will ask for with :func:`built`; ``env`` is added
    to the build's environment and ``drop`` taken out of it; ``command`` (site folder, mkdocs.yml -> argv)
    runs the build in place of ``mkdocs build --strict``."""
    _RECIPES[fixture_name] = Recipe(prepare, dict(env or {}), command, tuple(drop))


_WORK: list[Path] = []


def workdir(name: str) -> Path:
    """A fresh folder for one build's inputs or output.  It lives outside pytest's numbered temporary
    folders, which another pytest session on the same machine may prune while this one still builds."""
    if not _WORK:
        _WORK.append(Path(tempfile.mkdtemp(prefix="kb-site-builds-")))
        atexit.register(shutil.rmtree, _WORK[0], True)
    path = _WORK[0] / name
    path.mkdir()
    return path


# mkdocs builds on one core; two at a time keep a two-core machine busy without slowing the first.
PARALLEL = 2
_QUEUE: list[str] = []          # builds the session's tests will use, not started yet, in order of first use
_FAILED: dict[str, BaseException] = {}
_LOCK = threading.RLock()


def _start(name: str, tmp_path_factory) -> None:
    with _LOCK:
        if name in _BUILDS or name in _FAILED:
            return
        try:
            recipe = _RECIPES[name]
            config, data, docs = recipe.prepare(tmp_path_factory)
            out = workdir(name.replace("_", "-"))
            log = out.parent / f"{out.name}.log"
            command = (recipe.command or _build_command)(out, config)
            env = {k: v for k, v in (_build_env(data) | recipe.env).items() if k not in recipe.drop}
            with log.open("w", encoding="utf-8") as fh:  # a file, not a pipe: a chatty build never blocks on it
                proc = subprocess.Popen(command, cwd=config.parent, env=env, stdout=fh, stderr=subprocess.STDOUT)
        except Exception as e:  # reported to the fixture that asks for this build
            _FAILED[name] = e
            return
        _BUILDS[name] = _Build(out, data, docs, config, proc, log, time.monotonic())


def _pump(tmp_path_factory) -> bool:
    """Start queued builds while fewer than PARALLEL run; whether any is still queued."""
    with _LOCK:
        while _QUEUE and sum(b.proc.poll() is None for b in _BUILDS.values()) < PARALLEL:
            _start(_QUEUE.pop(0), tmp_path_factory)
        return bool(_QUEUE)


def _watch(tmp_path_factory) -> None:
    while _pump(tmp_path_factory):
        time.sleep(0.2)


def _stop_builds() -> None:
    """At exit, end any build this session started that is still running (an interrupted run)."""
    for b in _BUILDS.values():
        if b.proc.poll() is None:
            b.proc.terminate()


atexit.register(_stop_builds)


def built(name: str, request) -> Site:
    """The site of build ``name``.  The first call queues every build the session's tests use, in the
    order the tests first use them, and starts them two at a time in the background; a build asked for
    before its turn starts at once."""
    return begin(name, request)()


def begin(name: str, request) -> Callable[[], Site]:
    """Start build ``name`` now (as :func:`built` does) without waiting for it: the returned function waits
    and gives its site, so that a test can do other work while the build runs."""
    tmp_path_factory = request.getfixturevalue("tmp_path_factory")
    with _LOCK:
        if not _QUEUE and not _BUILDS and not _FAILED:
            order: list[str] = []
            for item in request.session.items:
                order += [n for n in getattr(item, "fixturenames", ()) if n in _RECIPES and n not in order]
            _QUEUE.extend(n for n in [name] + order if n not in _QUEUE)
            _pump(tmp_path_factory)
            threading.Thread(target=_watch, args=(tmp_path_factory,), daemon=True).start()
        if name in _QUEUE:
            _QUEUE.remove(name)
        _start(name, tmp_path_factory)

    def wait() -> Site:
        if name in _FAILED:
            raise _FAILED[name]
        return _BUILDS[name].wait()
    return wait


def _real(tmp_path_factory):
    return ROOT / "mkdocs.yml", SESSION_DATA, ROOT / "docs"


register_build("site", _real)


@pytest.fixture(scope="session")
def site(request) -> Site:
    return built("site", request)


# --- hostile data -------------------------------------------------------------

HOSTILE_TEXT = '<script>alert("owned")</script> {{ config }} [x](javascript:alert(document.cookie)) {% if true %}jinja{% endif %}'
HOSTILE_NAME = '<img src=x onerror=alert(document.domain)> **bold** {{ config.site_name }}'
HOSTILE_TEXT_ZH = "恶意文字：" + HOSTILE_TEXT
HOSTILE_QUOTE = "<b>粗体</b> {{ config }} [链接](javascript:alert(document.cookie))"

HOSTILE_FILES = {
    "snapshots/hostile.txt": f"前文。{HOSTILE_QUOTE}后文。\n",
    "sources/hostile.yml": f"""\
hostile-site-source:
  kind: blog-post
  name:
    en: {HOSTILE_NAME!r}
    zh: {HOSTILE_NAME!r}
  language: zh-Hans
  snapshot:
    file: snapshots/hostile.txt
    taken: "2026-11-01"
    extent: full
  no_url:
    en: {HOSTILE_TEXT!r}
    zh: {HOSTILE_TEXT_ZH!r}
""",
    "entities/hostile.yml": f"""\
hostile-site-entity:
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
  subject: hostile-site-entity
  metric: statement
  statement:
    en: {HOSTILE_TEXT!r}
    zh: {HOSTILE_TEXT_ZH!r}
  citations:
    - source: hostile-site-source
      quote: {HOSTILE_QUOTE!r}
      translation:
        en: {HOSTILE_TEXT!r}
      locator: {HOSTILE_NAME!r}
  tier: commentary
  caveats:
    - en: {HOSTILE_TEXT!r}
      zh: {HOSTILE_TEXT_ZH!r}
  tags: [hostile]
""",
}

# The records' ids; the entity and source ids differ from the render cases' (tests/hostile), which
# join them in the same build.
HOSTILE_IDS = {"claim": "hostile-claim", "entity": "hostile-site-entity", "source": "hostile-site-source"}

# Functions (data folder -> {path under data/: bytes}) that add more hostile records to the same build.
HOSTILE_EXTRAS: list[Callable[[Path], dict[str, bytes]]] = []


def _hostile(tmp_path_factory):
    data = workdir("hostile-data") / "data"
    shutil.copytree(SESSION_DATA, data)
    added = {rel: text.encode("utf-8") for rel, text in HOSTILE_FILES.items()}
    for extra in HOSTILE_EXTRAS:
        for rel, raw in extra(data).items():
            assert rel not in added, f"{rel} is added twice to the hostile build"
            added[rel] = raw
    for rel, raw in added.items():
        target = data / rel
        assert not target.exists(), f"{rel} already exists in data/"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(raw)
    return ROOT / "mkdocs.yml", data, ROOT / "docs"


register_build("hostile_site", _hostile)


@pytest.fixture(scope="session")
def hostile_site(request) -> Site:
    """The site built from the real data plus records whose text tries to inject markup and templates."""
    return built("hostile_site", request)
