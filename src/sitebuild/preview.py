"""A local preview of the site that shows a saved change in seconds: ``make preview``.

``make serve`` (``mkdocs serve``) rebuilds the whole site, about 850 pages in two languages, after
every save.  MkDocs 1.6 cannot rebuild less by itself: ``mkdocs serve --dirty`` decides what to
rebuild by comparing file dates, so it would skip every written page whose figures a change to
data/ moves (its Markdown file did not change), while it regenerates every page made from data
(MkDocs counts a generated page as always modified); it also logs a warning that ``strict: true``
turns into an abort, and mkdocs-static-i18n rebuilds each language the same way.  The preview
asks the renderers instead which pages a change touches:

1. It builds the whole site once, in this process, from mkdocs.yml as it stands (its plugins,
   macros/hooks.py, the theme and overrides/), and keeps a digest of the Markdown of every page
   generated from data (one per claim, source, entity, tier and conflict, in each language).
2. After a save under data/ alone, a FIRST build writes the pages of the records whose data changed,
   and of the claims whose computed figure or verdict changed with them, in both languages
   (:func:`considered`, :func:`changed_records`).  The written pages (docs/) stand in it as the last
   build rendered them: their titles, headings and anchors, which the navigation and the link checks
   of the other pages read, without rendering or writing them (:func:`_written_pages`).
3. Then, after any save under data/ or docs/, a CHANGED build writes every generated page whose
   Markdown differs from the digest kept (:func:`wanted`: the edited record's pages, and every page
   whose text shows it: its subject's page, a claim derived from it, the pages of its sources, tier
   and conflicts, and so on), with every written page, whose figures may have moved.  Neither build
   runs Pagefind (search finds what the last whole build indexed), and their sitemap is not used (a
   new page joins the sitemap at the next whole build).
4. What every page shows around its own text is compared as well (:func:`note_frame`): the
   navigation (the written pages' titles), the data version of the footer, and the evidence-tier
   legend.  When it changed (the first save that makes data/ differ from its commit changes every
   footer), the whole site is rebuilt after the CHANGED build, while the server keeps serving.
   A change anywhere else (mkdocs.yml, src/, macros/, overrides/) rebuilds the whole site.

Every page is rendered by the same renderers, templates and configuration as in ``mkdocs build``, so
it is the same file (tests/test_preview.py compares them); the server is MkDocs' own live-reload
server, and the browser reloads after each build.

A build that fails (data the check refuses, a macro error, a warning under ``strict``) changes no
page, and when the CHANGED build fails, what the FIRST build wrote is taken back.  The preview prints
each problem as the build logs it (``file:line:column: rule: ...``; a macro error with its page and
message, which ``mkdocs build -q`` hides) and shows them at the top of every page in the browser until
a build succeeds.

The preview never publishes anything: it writes only into a folder of its own, which it serves on
the local address, and ``mkdocs build`` (``make build``, CI) never opens a preview session, so
:func:`wanted` and :func:`indexing` change nothing there.
"""
from __future__ import annotations

import argparse
import contextlib
import hashlib
import html
import logging
import os
import shutil
import signal
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

import jinja2

PageKey = tuple[str, str, str]  # (language, kind, id) of a page generated from data

FULL, CHANGED, FIRST = "full", "changed", "first"  # what a preview build writes; see the module's docstring


# --- what macros/hooks.py asks while a preview builds ----------------------------------------------


@dataclass
class _Rendered:
    """What MkDocs knows of a written page once rendered, that the other pages of a build read from it."""
    meta: dict
    title: str | None
    toc: object
    anchors: set | None


@dataclass
class _Session:
    mode: str
    bodies: dict[PageKey, bytes]  # digest of each generated page's Markdown, as the served site has it
    focus: frozenset = frozenset()  # FIRST: the (kind, id) of the records whose pages it builds
    stubs: dict = field(default_factory=dict)  # FIRST: (language, source path) -> _Rendered, from the last build
    seen: dict[PageKey, bytes] = field(default_factory=dict)  # digests as this build renders them
    built: list[PageKey] = field(default_factory=list)  # the generated pages this build writes
    frame: dict[str, bytes] = field(default_factory=dict)  # language -> digest of what surrounds every page
    rendered: dict = field(default_factory=dict)  # (language, source path) -> _Rendered, this build


_SESSION: _Session | None = None  # set only while Preview builds; never in mkdocs build or serve


def _digest(text: str) -> bytes:
    return hashlib.blake2b(text.encode("utf-8"), digest_size=16).digest()


def considered(all_pages):
    """The (kind, id) of the generated pages a build renders: all of them, except in a preview's FIRST build."""
    s = _SESSION
    if s is None or s.mode != FIRST:
        return all_pages
    return (p for p in all_pages if p in s.focus)


def choosing() -> bool:
    """Whether a preview is choosing which generated pages to build (:func:`wanted` needs each page's Markdown)."""
    return _SESSION is not None


def wanted(lang: str, kind: str, ident: str, markdown: str) -> bool:
    """Whether the build adds this generated page: always, except in a preview's CHANGED build when the
    page's Markdown is the one the served site was built from."""
    s = _SESSION
    if s is None:
        return True
    key = (lang, kind, ident)
    s.seen[key] = d = _digest(markdown)
    if s.mode == CHANGED and s.bodies.get(key) == d:
        return False
    s.built.append(key)
    return True


def indexing() -> bool:
    """Whether the build writes the search index (every build but a preview's CHANGED and FIRST ones)."""
    return _SESSION is None or _SESSION.mode == FULL


def note_frame(lang: str, files, kb) -> None:
    """Record what every page of ``lang`` shows around its own text, once its pages are rendered."""
    s = _SESSION
    if s is None:
        return
    from render import citing, provenance, urls
    from render.context import Ctx

    nav = [(f.src_uri, f.page.title) for f in files.documentation_pages()
           if f.page is not None and f.inclusion.is_in_nav()]
    legend = provenance.tier_legend(Ctx(kb, lang, urls.page_url("claim", "x", lang)))
    s.frame[lang] = _digest(repr((nav, legend, citing.SETTINGS)))


def changed_records(old, new) -> set[tuple[str, str]]:
    """The (kind, id) of every record of ``new`` that ``old`` lacks or holds otherwise, and of every claim whose
    computed figure or verdict differs."""
    from kb import kinds

    out = set()
    for k in kinds.with_pages():
        before = getattr(old, k.data)
        out.update((k.name, ident) for ident, record in getattr(new, k.data).items() if before.get(ident) != record)
    out.update(("claim", cid) for cid, check in new.checks.items() if old.checks.get(cid) != check)
    return out


@contextlib.contextmanager
def _written_pages(session: _Session):
    """While a preview builds: remember what each written page rendered to, and in a FIRST build let the
    written pages stand as the last build rendered them (their titles, headings and anchors, which the
    navigation and link checks of the other pages read) without rendering or writing them again; and
    give the theme's Jinja environment the templates earlier builds compiled (:data:`_TEMPLATES`)."""
    from mkdocs.commands import build as mk_build
    from mkdocs.structure.pages import Page
    from mkdocs.theme import Theme

    read_source, render, build_page, get_env = Page.read_source, Page.render, mk_build._build_page, Theme.get_env

    def key(page, config):
        return (config.plugins["i18n"].current_language, page.file.src_uri)

    def stub(page, config):
        if session.mode != FIRST or page.file.abs_src_path is None:
            return None
        return session.stubs.get(key(page, config))

    def read_source_(page, config):
        old = stub(page, config)
        if old is None:
            return read_source(page, config)
        page.markdown, page.meta = "", dict(old.meta)

    def render_(page, config, files):
        old = stub(page, config)
        if old is None:
            render(page, config, files)
            if page.file.abs_src_path is not None:
                session.rendered[key(page, config)] = _Rendered(dict(page.meta), page._title_from_render,
                                                                page.toc, page.present_anchor_ids)
            return
        page.content, page.toc, page._title_from_render = "", old.toc, old.title
        page.present_anchor_ids, page.links_to_anchors = old.anchors, {}

    def build_page_(page, config, *args, **kwargs):
        if stub(page, config) is None:
            return build_page(page, config, *args, **kwargs)

    def get_env_(theme):
        env = get_env(theme)
        env.bytecode_cache = _TEMPLATES  # each build would compile the theme's templates again
        return env

    Page.read_source, Page.render, mk_build._build_page, Theme.get_env = read_source_, render_, build_page_, get_env_
    try:
        yield
    finally:
        Page.read_source, Page.render, mk_build._build_page, Theme.get_env = read_source, render, build_page, get_env


class _CompiledTemplates(jinja2.BytecodeCache):
    """The theme's templates as Jinja compiled them, kept from one preview build to the next (Jinja compiles
    a template again when its source changed: it checks each one's checksum)."""

    def __init__(self):
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket):
        if bucket.key in self.code:
            bucket.bytecode_from_string(self.code[bucket.key])

    def dump_bytecode(self, bucket):
        self.code[bucket.key] = bucket.bytecode_to_string()


_TEMPLATES = _CompiledTemplates()


# --- building ---------------------------------------------------------------------------------------


@dataclass
class Result:
    ok: bool
    mode: str
    seconds: float
    pages: list[PageKey] = field(default_factory=list)  # generated pages written
    written: int = 0  # written pages (docs/, both languages) written
    removed: list[PageKey] = field(default_factory=list)  # generated pages whose record is gone
    frame_changed: bool = False  # the pages not rebuilt are out of date: rebuild the whole site
    problems: list[str] = field(default_factory=list)  # what the build logged at WARNING or above

    def summary(self) -> str:
        if not self.ok:
            return f"the build stopped ({len(self.problems)} problem(s) above); the pages are as they were"
        if self.mode == FULL:
            return f"built the whole site in {self.seconds:.1f} s"
        names = sorted({f"{k}/{i}" for _, k, i in self.pages})
        shown = ", ".join(names[:6]) + (f" and {len(names) - 6} more" if len(names) > 6 else "")
        what = "the changed records' pages" if self.mode == FIRST else "every page the change touches"
        gone = f"; removed {len(self.removed)}" if self.removed else ""
        return (f"{what} in {self.seconds:.1f} s: {len(self.pages)} generated page(s)"
                f"{' (' + shown + ')' if shown else ''}, {self.written} written page(s){gone}")


class _Catcher(logging.Handler):
    """Keeps what a build logs at WARNING or above, to show it in the browser too."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.lines: list[str] = []

    def emit(self, record):
        self.lines.append(record.getMessage())


def _files_under(root: Path) -> dict[str, tuple[int, int]]:
    if root.is_file():
        st = root.stat()
        return {str(root): (st.st_size, st.st_mtime_ns)}
    out = {}
    for dirpath, dirs, names in os.walk(root):
        dirs[:] = [d for d in dirs if d != "__pycache__"]  # Python writes these as it imports: not a change
        for name in names:
            p = os.path.join(dirpath, name)
            try:
                st = os.stat(p)
            except OSError:
                continue
            out[p] = (st.st_size, st.st_mtime_ns)
    return out


class Preview:
    """Builds the site into ``site_dir``: whole (:meth:`full`), then after a change what it touches (:meth:`update`).

    ``site_url`` replaces mkdocs.yml's address (the server gives its local one); ``serve_url`` is
    passed on to MkDocs as ``mkdocs serve`` passes it.  Each build writes into a folder of its own
    under ``work`` and then moves its files into ``site_dir``, so a failed build leaves the site as it was.
    """

    NOT_INSTALLED = ("sitemap.xml", "sitemap.xml.gz")  # a CHANGED or FIRST build's sitemap lists only its pages
    FIRST_AT_MOST = 20  # a change to more records than this goes straight to the CHANGED build

    def __init__(self, config_file: str | os.PathLike, site_dir: str | os.PathLike, *,
                 site_url: str | None = None, serve_url: str | None = None, work: str | os.PathLike | None = None):
        from mkdocs.config import load_config

        from . import kbcache

        self.config_file = Path(config_file).resolve()
        self.site_dir = Path(site_dir).resolve()
        self.work = Path(work).resolve() if work else self.site_dir.parent / (self.site_dir.name + ".work")
        self.site_url, self.serve_url = site_url, serve_url
        config = load_config(config_file=str(self.config_file))
        self.data_dir = kbcache.data_dir(self.config_file)
        self.docs_dir = Path(config.docs_dir).resolve()
        others = [self.config_file, *(Path(w).resolve() for w in config.watch)]
        if config.theme.custom_dir:
            others.append(Path(config.theme.custom_dir).resolve())
        self.content_roots = [self.data_dir, self.docs_dir]
        self.code_roots = [p for p in dict.fromkeys(others) if p not in self.content_roots]
        # the state of the served site, from the last FULL or CHANGED build that succeeded
        self.bodies: dict[PageKey, bytes] | None = None  # None until a whole build succeeded
        self.frame: dict[str, bytes] = {}
        self.rendered: dict = {}
        self.kb = None
        self._stamp: dict[str, tuple[int, int]] = {}
        self._undo: tuple[Path, list[str]] | None = None  # what the last FIRST build replaced (see _install)

    def watched(self) -> list[Path]:
        return [p for p in self.content_roots + self.code_roots if p.exists()]

    def _snapshot(self) -> dict[str, tuple[int, int]]:
        out = {}
        for root in self.watched():
            out.update(_files_under(root))
        return out

    def _changed(self, now: dict[str, tuple[int, int]]) -> set[str]:
        return {p for p in now.keys() | self._stamp.keys() if now.get(p) != self._stamp.get(p)}

    @staticmethod
    def _under(path: str, root: Path) -> bool:
        return path.startswith(str(root) + os.sep)

    def update(self, shown=None) -> list[Result]:
        """Rebuild after a change, calling ``shown`` with each build's result as its pages are in place.

        A change to data/ or docs/ after a whole build: the FIRST build (the changed records' own pages,
        when only data/ changed), then the CHANGED build (every page the change touches), then the
        whole site if what surrounds every page changed.  Any other change: the whole site."""
        shown = shown or (lambda r: None)
        self._forget_undo()
        now = self._snapshot()
        changed = self._changed(now)
        if self.bodies is None or not all(self._under(p, self.data_dir) or self._under(p, self.docs_dir)
                                          for p in changed):
            r = self.full(now)
            shown(r)
            return [r]
        out = []
        focus = self._focus(changed)
        if focus:
            r = self._build(FIRST, focus=focus)
            out.append(r)
            if r.ok:
                shown(r)
        r = self._build(CHANGED, stamp=now)
        if r.ok:
            self._forget_undo()
        elif self._undo is not None:
            self._roll_back()  # what the FIRST build put in place goes too: a failed change changes no page
        shown(r)
        out.append(r)
        if r.ok and r.frame_changed:
            r = self.full()
            shown(r)
            out.append(r)
        return out

    def full(self, stamp: dict[str, tuple[int, int]] | None = None) -> Result:
        return self._build(FULL, stamp=stamp if stamp is not None else self._snapshot())

    def _focus(self, changed: set[str]) -> frozenset | None:
        """The records a change under data/ alone altered, when they are few; None otherwise (or when the data
        does not open: the CHANGED build then reports why)."""
        from kb.problems import DataError

        from . import kbcache

        if not changed or self.kb is None or not all(self._under(p, self.data_dir) for p in changed):
            return None
        try:
            new = kbcache.open_kb(self.data_dir)
        except DataError:
            return None
        focus = changed_records(self.kb, new)
        return frozenset(focus) if 0 < len(focus) <= self.FIRST_AT_MOST else None

    def _build(self, mode: str, *, stamp=None, focus: frozenset = frozenset()) -> Result:
        global _SESSION
        from mkdocs.commands.build import build
        from mkdocs.config import load_config

        from kb.problems import DataError

        from . import kbcache

        self.work.mkdir(parents=True, exist_ok=True)
        out = Path(tempfile.mkdtemp(prefix=f"{mode}-", dir=self.work))
        session = _Session(mode, dict(self.bodies or {}) if mode != FULL else {}, focus=focus,
                           stubs=self.rendered if mode == FIRST else {})
        catcher = _Catcher()
        logger = logging.getLogger("mkdocs")
        logger.addHandler(catcher)
        start = time.monotonic()
        _SESSION = session
        try:
            with _written_pages(session):
                config = load_config(config_file=str(self.config_file), site_dir=str(out))
                if self.site_url:
                    config.site_url = self.site_url
                if mode != FULL:
                    config.theme.static_templates.discard("sitemap.xml")  # not installed (NOT_INSTALLED)
                build(config, serve_url=self.serve_url)
            failure = None
        except SystemExit as exc:  # the macros plugin exits (status 100) after logging a macro's error
            failure = f"a macro failed (exit status {exc.code}); its error is above"
        except DataError as exc:  # the data does not pass the check (raised as the macros plugin opens it)
            for problem in exc.problems:
                logger.error(str(problem))
            failure = f"data/ has {len(exc.problems)} problem(s); run: kb check"
        except Exception as exc:  # noqa: BLE001 -- whatever stops the build, the site stays as it was
            failure = str(exc) or type(exc).__name__
        finally:
            _SESSION = None
            logger.removeHandler(catcher)
        problems = [ln for ln in catcher.lines if ln]
        if failure is not None:
            shutil.rmtree(out, ignore_errors=True)
            if failure not in problems:
                problems.append(failure)
            return Result(False, mode, time.monotonic() - start, problems=problems)

        written = len(session.rendered)
        removed: list[PageKey] = []
        frame_changed = False
        if mode == FULL:
            self._install_full(out)
            self.bodies = dict(session.seen)
        else:
            if mode == CHANGED:
                removed = [k for k in self.bodies if k not in session.seen]
            self._install(out, removed, undo=mode == FIRST)
        if mode != FIRST:
            if mode == CHANGED:
                frame_changed = session.frame != self.frame
                self.bodies = {k: v for k, v in {**self.bodies, **session.seen}.items() if k not in removed}
            self.frame, self.rendered, self._stamp = dict(session.frame), dict(session.rendered), stamp
            self.kb = kbcache.current(self.data_dir)
        return Result(True, mode, time.monotonic() - start, list(session.built), written, removed,
                      frame_changed, problems)

    def _install(self, out: Path, removed: list[PageKey], undo: bool = False) -> None:
        """Move a CHANGED or FIRST build's files into the served site (its sitemap aside); drop removed pages.

        With ``undo`` (a FIRST build), keep what it replaces, so that :meth:`_roll_back` can put the site
        back as it was when the CHANGED build after it fails (a macro error in a written page, which the
        FIRST build does not render)."""
        from render import urls

        keep = Path(tempfile.mkdtemp(prefix="undo-", dir=self.work)) if undo else None
        created = []
        for path in sorted(out.rglob("*")):
            if not path.is_file():
                continue
            rel = path.relative_to(out).as_posix()
            if rel in self.NOT_INSTALLED:
                continue
            dest = self.site_dir / rel
            dest.parent.mkdir(parents=True, exist_ok=True)
            if keep is not None:
                if dest.exists():
                    (keep / rel).parent.mkdir(parents=True, exist_ok=True)
                    os.replace(dest, keep / rel)
                else:
                    created.append(rel)
            os.replace(path, dest)
        if keep is not None:
            self._undo = (keep, created)
        for lang, kind, ident in removed:
            page = self.site_dir / urls.dest_uri(kind, ident, lang)
            page.unlink(missing_ok=True)
            try:
                page.parent.rmdir()
            except OSError:
                pass
        shutil.rmtree(out, ignore_errors=True)

    def _roll_back(self) -> None:
        keep, created = self._undo
        self._undo = None
        for rel in created:
            (self.site_dir / rel).unlink(missing_ok=True)
            try:
                (self.site_dir / rel).parent.rmdir()  # the folder of a page that did not exist before
            except OSError:
                pass
        for path in sorted(keep.rglob("*")):
            if path.is_file():
                os.replace(path, self.site_dir / path.relative_to(keep))
        shutil.rmtree(keep, ignore_errors=True)

    def _forget_undo(self) -> None:
        if self._undo is not None:
            shutil.rmtree(self._undo[0], ignore_errors=True)
            self._undo = None

    def _install_full(self, out: Path) -> None:
        old = None
        if self.site_dir.exists():
            old = Path(tempfile.mkdtemp(prefix="old-", dir=self.work))
            os.replace(self.site_dir, old / "site")
        os.replace(out, self.site_dir)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)


# --- serving ----------------------------------------------------------------------------------------

_BOX = ('<div role="alert" id="kb-preview-problems" style="position:sticky;top:0;z-index:1000;margin:0;'
        'padding:.8em 1em;background:#fff3cd;color:#3d2c00;border-bottom:3px solid #b00020;'
        'font:14px/1.45 monospace;max-height:50vh;overflow:auto">'
        '<strong>{title}</strong><pre style="white-space:pre-wrap;margin:.5em 0 0">{lines}</pre></div>')


def problems_box(problems: list[str]) -> str:
    """The notice the preview puts at the top of every page it serves while the last build failed."""
    title = html.escape(f"The preview could not rebuild the site: {len(problems)} problem(s). "
                        f"The pages show the last build that succeeded.")
    return _BOX.format(title=title, lines=html.escape("\n".join(problems)))


def _log(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def _logging() -> None:
    """MkDocs' own console format, at WARNING: what a build refuses is shown, progress chatter is not."""
    from mkdocs.__main__ import ColorFormatter

    logger = logging.getLogger("mkdocs")
    logger.setLevel(logging.WARNING)
    logger.propagate = False
    if not any(getattr(h, "name", None) == "KbPreviewStream" for h in logger.handlers):
        stream = logging.StreamHandler()
        stream.setFormatter(ColorFormatter())
        stream.name = "KbPreviewStream"
        logger.addHandler(stream)


def serve(config_file: str = "mkdocs.yml", host: str = "127.0.0.1", port: int = 8000,
          site_dir: str | None = None) -> int:
    from urllib.parse import urlsplit

    from mkdocs.config import load_config
    from mkdocs.livereload import LiveReloadServer, _serve_url, _timestamp

    _logging()
    own = site_dir is None
    base = Path(tempfile.mkdtemp(prefix="kb-preview-")) if own else Path(site_dir).resolve().parent
    site = base / "site" if own else Path(site_dir).resolve()
    config = load_config(config_file=config_file)
    mount_path = urlsplit(config.site_url or "/").path
    serve_url = _serve_url(host, port, mount_path)
    preview = Preview(config_file, site, site_url=serve_url, serve_url=serve_url)

    class Server(LiveReloadServer):
        problems: list[str] = []

        def _inject_js_into_html(self, content, epoch):
            content = super()._inject_js_into_html(content, epoch)
            if not self.problems:
                return content
            at = content.find(b"<body")
            at = content.find(b">", at) + 1 if at >= 0 else 0
            return content[:at] + problems_box(self.problems).encode("utf-8") + content[at:]

    def show(r: Result) -> None:
        Server.problems = [] if r.ok else r.problems
        _log(r.summary())
        if r.frame_changed:
            _log("what every page shows around its text changed (navigation, data version or tier legend): "
                 "rebuilding the whole site")

    def publish(r: Result) -> None:
        """Let the browsers load what a build just put in place, while the next one (if any) runs."""
        show(r)
        with server._epoch_cond:
            server._wanted_epoch = server._visible_epoch = max(_timestamp(), server._visible_epoch + 1)
            server._epoch_cond.notify_all()

    def builder():
        try:
            preview.update(publish)
        except Exception:  # noqa: BLE001 -- a fault of the preview itself: say so, keep serving
            traceback.print_exc()
            _log("the preview failed; the pages are as they were")

    server = Server(builder=builder, host=host, port=port, root=str(site), mount_path=mount_path)

    def error_page(code):
        page = site / ("404.html" if code == 404 else "")
        if code == 404 and page.is_file():
            return page.read_bytes()
        if Server.problems:
            return f"<!doctype html><html><body>{problems_box(Server.problems)}</body></html>".encode("utf-8")
        return None

    server.error_handler = error_page
    _log(f"building the whole site into {site} ...")
    show(preview.full())
    for path in preview.watched():
        server.watch(str(path))
    _log(f"previewing on {serve_url} (not for publishing: make build is the site); Ctrl+C stops")

    def stop(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)  # stopped by another program: clean up as for Ctrl+C
    try:
        server.serve()
    except KeyboardInterrupt:
        _log("stopped")
    finally:
        server.shutdown()
        if own:
            shutil.rmtree(base, ignore_errors=True)
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m sitebuild.preview", description=__doc__.split("\n\n")[0])
    ap.add_argument("-f", "--config-file", default="mkdocs.yml")
    ap.add_argument("-a", "--dev-addr", default="127.0.0.1:8000", metavar="HOST:PORT")
    ap.add_argument("--site-dir", help="build into this folder (kept); by default a temporary one, removed at exit")
    args = ap.parse_args(argv)
    host, _, port = args.dev_addr.rpartition(":")
    return serve(args.config_file, host or "127.0.0.1", int(port), args.site_dir)


if __name__ == "__main__":
    # Run as sitebuild.preview, the module macros/hooks.py imports, not as a second copy named __main__:
    # the session the builds open must be the one the hooks read.
    from sitebuild import preview as _module

    sys.exit(_module.main())
