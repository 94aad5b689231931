"""The built site, once per test session, for any test that reads HTML.

Use it from a test module with ``from site_fixture import site`` (and
``hostile_site`` for a build whose data holds hostile text).  Each fixture hands
back a :class:`Site`: its folder, the fact base it was built from, and parsed
pages cached for the whole session (``soup`` with BeautifulSoup's interface over Lexbor, ``tree`` for
lxml, ``corpus`` for the figure-integrity checks).

A session builds each site at most once, however many modules import the
fixture: builds are kept in this module, not in pytest's per-module fixture
definitions.  When the first one is asked for, every build the collected tests
will need is queued (``mkdocs build --strict -d <tmp>``, one process each) and
run two at a time in the background, in the order the tests need them, so the
later ones build while the first tests run:

* ``site``: the real data;
* ``pull_request_site`` (also ``hostile_site``): a fresh clone with a
  contributor's pull request committed on it: a first contribution, records
  whose text tries to inject markup and templates (``HOSTILE_FILES``, and what
  test modules add through :data:`HOSTILE_EXTRAS`), the faults other modules
  plant through :data:`PULL_REQUEST_CHANGES`, its lists cut into small parts;
* any build a test module registers with :func:`register_build`.

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
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Callable

import lxml.html
import pytest

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
    name: str = ""  # the build's name in the run (site_fixture.register_build); "" for a site made otherwise

    @cached_property
    def sweep(self) -> Mapping[str, dict[str, object]]:
        """What every check of :data:`SWEEP` found on every page: {check: {page url: its finding}}.

        The sweep reads each page once, parses it once (Lexbor, through selectolax), and hands the parsed page to
        every check in turn.  A run split between processes sweeps each site once: the first process to ask
        writes the findings into the run's folder, and the others read them from there."""
        return _swept(self)

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
        """Every page parsed once into what the figure-integrity checks read (tests/integrity/html.py), by the
        sweep: a run split between processes parses the pages once for all of them."""
        from integrity.html import Corpus

        corpus = Corpus(self.root)
        if "integrity" in SWEEP:
            corpus._pages.update((url, found.page) for url, found in self.sweep["integrity"].items())
        return corpus

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

    def soup(self, url: str):
        """The page parsed once (Lexbor), with BeautifulSoup's interface as far as the tests use it (fastsoup.py)."""
        if url not in self._soups:
            from fastsoup import parse

            self._soups[url] = parse(self.file(url).read_text(encoding="utf-8"))
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


# --- the sweep: every page read once, every whole-site check run on it -----------------------------------

@dataclass
class Page:
    """One built page as the sweep hands it to each check."""
    url: str       # site-relative, directory style ('zh/claims/x/')
    lang: str
    html: str
    tree: object   # selectolax.lexbor.LexborHTMLParser

    @cached_property
    def template(self) -> str:
        from integrity.layout import template_of
        return template_of(self.url, KIND_FOLDERS)


# name -> function(page, site) -> a finding: anything pickle can keep, whose ``problems`` lists what is wrong
SWEEP: dict[str, Callable[[Page, "Site"], object]] = {}


def sweep_check(name: str):
    """Register a whole-site check under ``name``: it runs once on every page of a site, in the sweep."""
    def register(fn):
        SWEEP[name] = fn
        return fn
    return register


def _run_sweep(site: "Site") -> dict[str, dict[str, object]]:
    from selectolax.lexbor import LexborHTMLParser

    from integrity.langs import lang_of

    found: dict[str, dict[str, object]] = {name: {} for name in SWEEP}
    for url in site.html_pages():
        html = site.file(url).read_text(encoding="utf-8")
        page = Page(url, lang_of(url), html, LexborHTMLParser(html))
        for name, check in SWEEP.items():
            found[name][url] = check(page, site)
    return found


def _swept(site: "Site") -> Mapping[str, dict[str, object]]:
    import fcntl

    if not site.name:
        return _run_sweep(site)
    folder, stem = builds_dir(), f"{site.name}.sweep"
    with open(folder / f"{stem}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        kept = _Stored.of(folder, stem)
        if kept is not None and set(kept) == set(SWEEP):
            return kept
        found = _run_sweep(site)
        store_sweep(folder, stem, found)
        return found


def store_sweep(folder: Path, stem: str, found: dict[str, dict[str, object]]) -> None:
    """Keep the sweep's findings for the run's other processes: one file per check, so that a process reads only
    the checks it asks for (the figure checks keep every parsed page, which a test of the layout never needs),
    and the list of checks last, once every file is whole."""
    import json
    import pickle

    for name, findings in found.items():
        with (folder / f"{stem}.{name}.pickle").open("wb") as fh:
            pickle.dump(findings, fh, protocol=pickle.HIGHEST_PROTOCOL)
    (folder / f"{stem}.checks.json").write_text(json.dumps(sorted(found)), encoding="utf-8")


class _Stored(Mapping):
    """The findings another process of the run stored (:func:`store_sweep`): each check's read when first asked for."""

    def __init__(self, folder: Path, stem: str, checks: list[str]):
        self._folder, self._stem, self._checks, self._read = folder, stem, checks, {}

    @classmethod
    def of(cls, folder: Path, stem: str) -> "_Stored | None":
        import json

        listed = folder / f"{stem}.checks.json"
        return cls(folder, stem, json.loads(listed.read_text(encoding="utf-8"))) if listed.exists() else None

    def __getitem__(self, name: str) -> dict[str, object]:
        import pickle

        if name not in self._checks:
            raise KeyError(name)
        if name not in self._read:
            with (self._folder / f"{self._stem}.{name}.pickle").open("rb") as fh:
                self._read[name] = pickle.load(fh)
        return self._read[name]

    def __iter__(self):
        return iter(self._checks)

    def __len__(self) -> int:
        return len(self._checks)


@dataclass
class IntegrityFinding:
    """A page as the figure-integrity checks read it, and what the checks of one page alone found on it: its
    figures against the data, and numbers in its text that come from nowhere (tests/integrity/checks.py)."""
    page: object  # integrity.html.Page
    figures: list[str]
    orphans: list[str]

    @property
    def problems(self) -> list[str]:
        return self.figures + self.orphans


@sweep_check("integrity")
def _integrity(page: Page, site) -> IntegrityFinding:
    from integrity import checks
    from integrity.html import parse_page

    parsed = parse_page(page.url, page.html)
    return IntegrityFinding(parsed, checks.figure_problems(parsed, site.facts), checks.orphan_problems(parsed))


# --- builds, each once per test run, started side by side -------------------------------------------------
#
# A test run may be split between processes (pytest-xdist, one worker per core).  A build is still made once
# per run: builds live in one folder for the whole run (KB_BUILDS_DIR, which the run's first process creates
# and every worker inherits), and the first process to need a build claims it there, by creating its claim
# folder, which only one process can do.  The build runs in a process of its own that writes its exit status
# and its time into the folder when it ends, so that any worker can wait for it, and a worker that runs out
# of tests first never takes a build with it.

@dataclass
class Recipe:
    """How to get a build's inputs ready: returns (mkdocs.yml, data folder, docs folder)."""
    prepare: Callable[[pytest.TempPathFactory], tuple[Path, Path, Path]]
    env: dict = field(default_factory=dict)  # what the build's environment adds (KB_LISTING_PAGE_SIZE)
    command: Callable[[Path, Path], list[str]] | None = None  # (site folder, mkdocs.yml) -> argv; mkdocs build if None
    drop: tuple[str, ...] = ()  # variables taken out of the build's environment


# Runs one build and writes "<exit status> <seconds>" to the status file when it ends, whoever waits for it.
_RUNNER = """\
import os, subprocess, sys, time
status, log, cwd, argv = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
start = time.monotonic()
with open(log, "w", encoding="utf-8") as fh:
    rc = subprocess.run(argv, cwd=cwd, stdout=fh, stderr=subprocess.STDOUT).returncode
with open(status + ".part", "w") as fh:
    fh.write(f"{rc} {time.monotonic() - start:.3f}")
os.replace(status + ".part", status)
"""


_RECIPES: dict[str, Recipe] = {}
_SITES: dict[str, Site] = {}
READS: dict[str, str] = {}  # a fixture that hands out a build under another name -> the build's name


def builds_used(fixturenames) -> list[str]:
    """The builds a test's fixtures read, in the order it names them."""
    out = []
    for n in fixturenames:
        build = READS.get(n, n)
        if build in _RECIPES and build not in out:
            out.append(build)
    return out


def register_build(fixture_name: str, prepare, env: dict | None = None, command=None, drop=()) -> None:
    """Declare a build that a fixture named ``fixture_name`` will ask for with :func:`built`; ``env`` is added
    to the build's environment and ``drop`` taken out of it; ``command`` (site folder, mkdocs.yml -> argv)
    runs the build in place of ``mkdocs build --strict``."""
    _RECIPES[fixture_name] = Recipe(prepare, dict(env or {}), command, tuple(drop))


BUILDS_VARIABLE = "KB_BUILDS_DIR"


def builds_dir() -> Path:
    """The run's folder for builds and their inputs: KB_BUILDS_DIR, made here when the run did not set it."""
    given = os.environ.get(BUILDS_VARIABLE)
    if given:
        return Path(given)
    path = Path(tempfile.mkdtemp(prefix="kb-site-builds-"))
    os.environ[BUILDS_VARIABLE] = str(path)
    atexit.register(end_builds, path)
    return path


def end_builds(path: Path) -> None:
    """Stop the builds of a run that are still going (an interrupted run) and remove the run's folder."""
    for pid_file in path.glob("*.claim/pid"):
        if not (pid_file.parent.parent / f"{pid_file.parent.stem}.status").exists():
            try:
                os.killpg(int(pid_file.read_text()), 15)
            except (OSError, ValueError):
                pass
    shutil.rmtree(path, ignore_errors=True)


def workdir(name: str) -> Path:
    """A fresh folder for one build's inputs or output, or for a test's copy of the project.  It lives in the
    run's folder, outside pytest's numbered temporary folders (which another pytest session on the machine
    may prune while this one still builds), and is named for this process, which alone writes it."""
    path = builds_dir() / f"{name}.{os.getpid()}"
    path.mkdir()
    return path


# mkdocs builds its languages on every core; two builds at a time keep a two-core machine busy.
PARALLEL = 2
_QUEUE: list[str] = []          # builds this process's tests will use, not yet claimed by any process
_LOCK = threading.RLock()


def _claim(name: str) -> Path | None:
    """The claim folder of build ``name`` if this process is the first to ask, else None."""
    folder = builds_dir() / f"{name}.claim"
    try:
        folder.mkdir()
    except FileExistsError:
        return None
    return folder


def _status(name: str) -> Path:
    return builds_dir() / f"{name}.status"


def _running() -> int:
    """Builds of the whole run started and not finished, whichever process started them."""
    return sum(1 for c in builds_dir().glob("*.claim") if not _status(c.stem).exists())


def _start(name: str, tmp_path_factory) -> None:
    """Claim build ``name`` and start it, unless some process of the run already has."""
    import json

    with _LOCK:
        claim = _claim(name)
        if claim is None:
            return
        inputs = claim / "inputs.json"
        try:
            recipe = _RECIPES[name]
            config, data, docs = recipe.prepare(tmp_path_factory)
            out = workdir(name.replace("_", "-"))
            log = out.parent / f"{out.name}.log"
            command = (recipe.command or _build_command)(out, config)
            env = {k: v for k, v in (_build_env(data) | recipe.env).items() if k not in recipe.drop}
            inputs.write_text(json.dumps({"out": str(out), "data": str(data), "docs": str(docs),
                                          "config": str(config), "log": str(log)}), encoding="utf-8")
            proc = subprocess.Popen([sys.executable, "-c", _RUNNER, str(_status(name)), str(log),
                                     str(config.parent), *command], env=env, start_new_session=True,
                                    stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            (claim / "pid").write_text(str(proc.pid))
        except Exception as e:  # reported to every test that asks for this build
            inputs.write_text(json.dumps({"error": f"{type(e).__name__}: {e}"}), encoding="utf-8")
            _status(name).write_text("-1 0")


def _pump(tmp_path_factory) -> bool:
    """Start queued builds while fewer than PARALLEL run in the whole run; whether any is still queued."""
    with _LOCK:
        while _QUEUE and _running() < PARALLEL:
            _start(_QUEUE.pop(0), tmp_path_factory)
        return bool(_QUEUE)


def _watch(tmp_path_factory) -> None:
    while _pump(tmp_path_factory):
        time.sleep(0.2)


def _wait(name: str) -> Site:
    import json

    if name in _SITES:
        return _SITES[name]
    status = _status(name)
    while not status.exists():
        time.sleep(0.1)
    rc, seconds = status.read_text().split()
    inputs = json.loads((builds_dir() / f"{name}.claim" / "inputs.json").read_text(encoding="utf-8"))
    if "error" in inputs:
        raise AssertionError(f"the inputs of build {name} could not be made ready: {inputs['error']}")
    if rc != "0":
        output = Path(inputs["log"]).read_text(encoding="utf-8", errors="replace")
        raise AssertionError(f"mkdocs build failed ({rc}):\n{output}")
    _SITES[name] = Site(Path(inputs["out"]), Path(inputs["data"]), float(seconds), docs=Path(inputs["docs"]),
                        config=Path(inputs["config"]), name=name)
    return _SITES[name]


def built(name: str, request) -> Site:
    """The site of build ``name``.  The first call queues every build this process's tests use, in the
    order the tests first use them, and starts them two at a time in the background (a build another
    process has claimed is left to it); a build asked for before its turn starts at once."""
    return begin(name, request)()


_BEGUN: list[bool] = []


def begin(name: str, request) -> Callable[[], Site]:
    """Start build ``name`` now (as :func:`built` does) without waiting for it: the returned function waits
    and gives its site, so that a test can do other work while the build runs."""
    tmp_path_factory = request.getfixturevalue("tmp_path_factory")
    with _LOCK:
        if not _BEGUN:
            _BEGUN.append(True)
            order: list[str] = []
            for item in request.session.items:
                order += [n for n in builds_used(getattr(item, "fixturenames", ())) if n not in order]
            _QUEUE.extend(n for n in [name] + order if n not in _QUEUE)
            _pump(tmp_path_factory)
            threading.Thread(target=_watch, args=(tmp_path_factory,), daemon=True).start()
        if name in _QUEUE:
            _QUEUE.remove(name)
        _start(name, tmp_path_factory)
    return lambda: _wait(name)


def _real(tmp_path_factory):
    return ROOT / "mkdocs.yml", SESSION_DATA, ROOT / "docs"


register_build("site", _real)


BUILT_VARIABLE = "KB_SITE_DIR"  # a site built already (from KB_DATA_DIR, with the docs of KB_DOCS_DIR): the benchmark's


@pytest.fixture(scope="session")
def site(request) -> Site:
    """The site built from the data (``KB_DATA_DIR``, else data/), or the one ``KB_SITE_DIR`` names, built already
    from that data and the docs of ``KB_DOCS_DIR``: the benchmark reads the sites it built of synthetic data so."""
    given = os.environ.get(BUILT_VARIABLE)
    if given:
        docs = Path(os.environ.get("KB_DOCS_DIR") or ROOT / "docs")
        return _SITES.setdefault("site", Site(Path(given), SESSION_DATA, 0.0, docs=docs, name="site"))
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
""",
}

# The records' ids; the entity and source ids differ from the render cases' (tests/hostile), which
# join them in the same build.
HOSTILE_IDS = {"claim": "hostile-claim", "entity": "hostile-site-entity", "source": "hostile-site-source"}

# Functions (data folder -> {path under data/: bytes}) that add more hostile records to the same build.
HOSTILE_EXTRAS: list[Callable[[Path], dict[str, bytes]]] = []


# --- a pull request: what a contributor can bring, built as CI builds it -------------------------------------
#
# One build holds everything the suite adds to the project to see what a pull request does to the site: a
# fresh clone of the project with its working tree as it is (one commit), then one commit that adds, as a
# contributor would, a first contribution (tests/first_contribution), the records with hostile text above and
# those of the render cases (HOSTILE_EXTRAS), and whatever else test modules plant (PULL_REQUEST_CHANGES: the
# faults in the documents of tests/test_planted_faults.py).  Its lists are cut into parts of
# LISTING_PAGE_SIZE claims (tests/test_site_listing.py).  Each of those tests reads its own pages of it.

CONTRIBUTION = ROOT / "tests" / "first_contribution"  # a first pull request: a source, its snapshot, a claim
LISTING_PAGE_SIZE = 40
PULL_REQUEST_CHANGES: list[Callable[[Path], None]] = []  # functions (the clone's root) -> None, run before its commit


def _git(root: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(root), "-c", "user.name=A contributor",
                           "-c", "user.email=contributor@example.org", "-c", "commit.gpgsign=false", *args],
                          capture_output=True, text=True, check=True).stdout


def _pull_request(tmp_path_factory):
    root = workdir("pull-request") / "project"
    if (ROOT / ".git").exists():
        subprocess.run(["git", "clone", "--quiet", "--shared", "--no-checkout", str(ROOT), str(root)], check=True)
        tree = _git(ROOT, "ls-files", "-z", "--cached", "--others", "--exclude-standard").split("\0")
    else:  # a source archive: the files as they are, in a repository of their own
        root.mkdir()
        _git(root, "init", "--quiet")
        tree = [p.relative_to(ROOT).as_posix() for p in ROOT.rglob("*") if p.is_file()
                and not {".venv", "node_modules", "site", "test-output", "__pycache__"} & set(p.relative_to(ROOT).parts)]
    for rel in filter(None, tree):
        if (ROOT / rel).is_file():
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / rel, root / rel)
    if SESSION_DATA != ROOT / "data":  # the run reads another data folder (KB_DATA_DIR)
        shutil.rmtree(root / "data")
        shutil.copytree(SESSION_DATA, root / "data")
    _git(root, "add", "--all")
    _git(root, "commit", "--quiet", "--allow-empty", "--no-verify", "-m", "The project as it stands")

    data = root / "data"
    added = {p.relative_to(CONTRIBUTION / "data").as_posix(): p.read_bytes()
             for p in (CONTRIBUTION / "data").rglob("*") if p.is_file()}
    for rel, text in HOSTILE_FILES.items():
        assert rel not in added, f"{rel} is added twice to the pull request"
        added[rel] = text.encode("utf-8")
    for extra in HOSTILE_EXTRAS:
        for rel, raw in extra(data).items():
            assert rel not in added, f"{rel} is added twice to the pull request"
            added[rel] = raw
    for rel, raw in added.items():
        target = data / rel
        assert not target.exists(), f"{rel} already exists in data/"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(raw)
    for change in PULL_REQUEST_CHANGES:
        change(root)
    _git(root, "add", "--all")
    _git(root, "commit", "--quiet", "--no-verify", "-m", "Add a first claim, and records that try what a pull request can")
    return root / "mkdocs.yml", data, root / "docs"


register_build("pull_request_site", _pull_request, env={"KB_LISTING_PAGE_SIZE": str(LISTING_PAGE_SIZE)})


@pytest.fixture(scope="session")
def pull_request_site(request) -> Site:
    """The site built from a fresh clone with a contributor's pull request committed on it (see above)."""
    return built("pull_request_site", request)


@pytest.fixture(scope="session")
def hostile_site(request) -> Site:
    """The pull request's site, read for the records whose text tries to inject markup and templates."""
    return built("pull_request_site", request)


READS["hostile_site"] = "pull_request_site"
