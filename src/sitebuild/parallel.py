"""Build the languages after the first side by side, one process per core.

mkdocs-static-i18n builds the first language (English) as MkDocs' own build, then every other
language in turn from that build's ``on_post_build``.  Each language's build is whole in itself: its
pages, its copy of the theme's files, its 404 page.  Only the sitemap joins them: each language's
build writes sitemap.xml again, listing the languages built so far, so the last build's lists them
all.

Where the machine has more than one core, :func:`build_rest` builds the other languages in their
place: the languages are shared among processes forked from the build (each holds the fact base
already open, so none reads data/ again), and this process builds the last language itself, after
it has listed the pages of every language a fork builds (their files and addresses, which is what
the sitemap shows; nothing is rendered).  A fork writes no sitemap.  The build then waits for every
fork before it writes the downloads and the search index, and stops, naming the language, when one
failed; a fork's warnings stop it as they stop any build in strict mode.

Only ``mkdocs build`` and ``mkdocs gh-deploy`` run in parallel, and only while the process has a
single thread: ``mkdocs serve`` and ``make preview`` rebuild inside a server's threads, where a
fork is unsafe, and build the languages in turn as before.  KB_BUILD_PROCESSES caps the number of
processes (1 builds them in turn); it defaults to the cores this process may use.

Each process builds a language as the first build did, so each needs about the memory the first
build's peak took: CPython's reference counts soon copy what a fork shares.  At 10,000 claims the
first build took 0.55 GB, and the two processes after it 1.04 GB together.  So no more processes
are used than KB_BUILD_MEMORY allows (in MB, as many times the first build's peak as fit; 900
unless set, the build's memory budget in BENCHMARKS.md): a large fact base is built in turn.
"""
from __future__ import annotations

import gc
import logging
import os
import resource
import signal
import sys
import threading
from contextlib import contextmanager

from mkdocs import utils
from mkdocs.commands.build import build, get_files, set_exclusions
from mkdocs.exceptions import PluginError
from mkdocs.structure.pages import Page
from mkdocs_static_i18n.utils import I18nLoggingFilter

log = logging.getLogger("mkdocs.plugins.kb")

ENV = "KB_BUILD_PROCESSES"
MEMORY_ENV = "KB_BUILD_MEMORY"
MEMORY_MB = 900  # the build's peak memory budget (BENCHMARKS.md), which the processes share unless told otherwise
_COMMANDS = {"build", "gh-deploy"}  # what MkDocs' on_startup names a build from the command line

_command: str | None = None  # set by on_startup; None where build() is called in-process (make preview, tests)
_in_fork = False  # True in a forked process: it writes no sitemap and builds nothing else
_FORKS: list[tuple[float, int]] = []  # (CPU seconds, peak resident bytes) of each fork waited for
_built = False  # True once build_rest has built the other languages, until the build's last hook calls finish()


def started(command: str) -> None:
    """Note the MkDocs command this process runs (the on_startup event)."""
    global _command
    _command = command


# --- the pages in one process, the search index in another ---------------------------------------------------
#
# A build's peak memory is the pages' (MkDocs holds every page of every language, and the fact base) while it
# renders, and then the search index's (Pagefind) while the process that rendered still holds all of that.  So
# `mkdocs build` splits at startup: a child builds and writes the pages, hands the site's folder to its parent
# through a pipe and exits, freeing everything; the parent, which holds little more than MkDocs' configuration,
# then runs Pagefind and exits with the child's status.  The site is the same file for file.  The child's CPU
# time and peak memory are counted with the language builds' (forks_used), for the benchmark.
SPLIT_ENV = "KB_BUILD_SPLIT"  # "0" keeps the pages and the index in one process
_hand_over: int | None = None  # in the child: the pipe its parent reads the site's folder from


def split_off_pages(command: str) -> None:
    """At `mkdocs build`'s startup, fork: the child returns and builds the pages; this process waits for it, then
    writes the search index and ends (see above).  Any other command, or with KB_BUILD_SPLIT=0, builds as before."""
    global _hand_over
    import click

    context = click.get_current_context(silent=True)
    if (command != "build" or context is None or context.info_name != "build" or not hasattr(os, "fork")
            or os.environ.get(SPLIT_ENV, "").strip() == "0" or _other_threads()):
        return
    read, write = os.pipe()
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        _hand_over = write
        return
    os.close(write)
    _, status, used = os.wait4(pid, 0)
    _FORKS.append((used.ru_utime + used.ru_stime, used.ru_maxrss * 1024))
    with os.fdopen(read, "rb") as pipe:
        site_dir = pipe.read().decode()
    code = os.waitstatus_to_exitcode(status)
    code = code if code >= 0 else 1
    if code == 0 and site_dir:
        from . import search

        try:
            search.write(site_dir)
        except RuntimeError as exc:
            log.error(f"pagefind failed: {exc}")
            code = 1
    raise SystemExit(code)  # past MkDocs' own build, which the child ran; exit handlers run as in any build


def index_in_parent(site_dir: str) -> bool:
    """In the child of a split build: hand the site's folder to the parent, which indexes it; whether it did."""
    global _hand_over
    if _hand_over is None:
        return False
    os.write(_hand_over, site_dir.encode())
    os.close(_hand_over)
    _hand_over = None
    return True


def from_command_line() -> bool:
    """Whether this process runs ``mkdocs build`` (or gh-deploy) and ends with it, rather than rebuilding on
    (``mkdocs serve``, ``make preview``) or building inside another program (tests)."""
    return _command in _COMMANDS


def in_fork() -> bool:
    return _in_fork


def nested(i18n) -> bool:
    """Whether this ``on_post_build`` ends a language's build nested inside the first one, rather than the whole
    build (whose last steps, the downloads and the search index, follow every language's build, in turn or here)."""
    return bool(i18n.building) and not _built


def forks_used() -> tuple[float, int]:
    """CPU seconds and the largest peak resident memory (bytes) of the forks this build waited for: what the
    benchmark counts as the build's Python, apart from the processes the build runs (Pagefind)."""
    return sum(cpu for cpu, _ in _FORKS), max((rss for _, rss in _FORKS), default=0)


def finish(i18n) -> None:
    """The build's last step is done: mkdocs-static-i18n is as it leaves itself after building every language."""
    global _built
    if _built:
        i18n.building = False
        _built = False


def _whole(name: str, default: int, what: str) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    if not raw.isdigit() or int(raw) < 1:
        raise PluginError(f"{name}={raw!r}: give {what} (a whole number, 1 or more), or leave it unset")
    return int(raw)


def processes() -> int:
    """How many processes may build at once: KB_BUILD_PROCESSES, else the cores this process may use."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return _whole(ENV, cores, "the number of processes the languages may be built in (1 builds them in turn)")


def memory_allows(peak: int) -> int:
    """How many processes fit in KB_BUILD_MEMORY (MB) when each takes ``peak`` bytes, the first build's peak."""
    ceiling = _whole(MEMORY_ENV, MEMORY_MB, "the memory in MB the build's processes may take together") * 2**20
    return max(1, ceiling // max(peak, 1))


def _peak_so_far() -> int:
    """This process's peak resident memory so far, in bytes (Linux gives it in KB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def share(rest: list[str], n: int) -> list[list[str]]:
    """The languages after the first, shared among at most ``n`` processes as evenly as their order allows; the
    last group, which holds the last language, is the one this process builds."""
    n = max(1, min(n, len(rest)))
    groups = [rest[i::n] for i in range(n)]
    last = next(g for g in groups if rest[-1] in g)
    groups.remove(last)
    return groups + [last]


def _search_plugin(config) -> bool:
    return any(name in ("search", "material/search") for name in config.plugins)


def _other_threads() -> int:
    """How many threads run beside this one (a fork copies only the thread that forks), or 1 when this is not the
    main thread."""
    if threading.current_thread() is not threading.main_thread():
        return 1
    return threading.active_count() - 1


def wanted(config, rest: list[str]) -> int:
    """How many processes build ``rest`` (1: in turn, by mkdocs-static-i18n itself)."""
    if not from_command_line() or len(rest) < 2 or not hasattr(os, "fork"):
        return 1
    if _other_threads():
        return 1
    if _search_plugin(config):
        return 1  # MkDocs' search plugin gathers every language's entries in one process
    return min(processes(), len(rest), memory_allows(_peak_so_far()))


@contextmanager
def _as_nested(i18n):
    """What mkdocs-static-i18n sets around its own builds of the other languages: a nested build neither empties
    the site folder nor logs its own start and time."""
    i18n.building = True  # also tells mkdocs-static-i18n's on_post_build, which follows, that they are built
    build_logger = logging.getLogger("mkdocs.commands.build")
    quiet = I18nLoggingFilter()
    quiet.filtered_prefixes.update({"Documentation built in", "Building documentation to directory"})
    build_logger.addFilter(quiet)
    clean = utils.clean_directory
    utils.clean_directory = lambda path: path
    try:
        yield
    except BaseException:
        i18n.building = False
        raise
    finally:
        utils.clean_directory = clean
        build_logger.removeFilter(quiet)


def _build(i18n, config, lang: str) -> None:
    i18n.current_language = lang
    build(config, dirty="--dirty" in sys.argv or "--dirtyreload" in sys.argv)


def _list_pages(i18n, config, lang: str) -> None:
    """Read a language's files as its build would, up to the pages' addresses, and give each page its Page: what
    the sitemap lists of a language that a fork builds."""
    i18n.current_language = lang
    config = config.plugins.on_config(config)
    files = get_files(config)
    files.add_files_from_theme(config.theme.get_env(), config)
    files = config.plugins.on_files(files, config=config)
    set_exclusions(files, config)
    for f in files.documentation_pages():
        if f.page is None:
            Page(None, f, config)


def _fork(i18n, config, langs: list[str]) -> int:
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid:
        return pid
    global _in_fork
    _in_fork = True
    code = 1
    try:
        for lang in langs:
            _build(i18n, config, lang)
        code = 0
    except BaseException as exc:  # noqa: BLE001 - a fork reports and ends; the build that forked it stops
        logging.getLogger("mkdocs").error(f"building {', '.join(langs)}: {exc}")
    finally:
        logging.shutdown()
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def build_rest(i18n, config, rest: list[str], n: int) -> None:
    """Build the languages ``rest`` in ``n`` processes: this one and ``n - 1`` forks (see the module's doc)."""
    groups = share(rest, n)
    mine = groups.pop()
    forks: dict[int, list[str]] = {}
    with _as_nested(i18n):
        gc.collect()
        gc.freeze()  # what the forks inherit stays shared: the collector neither moves nor marks it
        try:
            for group in groups:
                forks[_fork(i18n, config, group)] = group
            for lang in mine[:-1]:
                _build(i18n, config, lang)
            built = list(i18n.i18n_files_per_language)
            for lang in rest:
                if lang not in built and lang != mine[-1]:
                    _list_pages(i18n, config, lang)
            listed = i18n.i18n_files_per_language  # the sitemap lists the languages in the order they are built
            ordered = [(lang, listed[lang]) for lang in i18n.build_languages if lang in listed]
            listed.clear()
            listed.update(ordered)
            _build(i18n, config, mine[-1])
            failed = []
            for pid in list(forks):  # each fork by its pid: the process may have other children (a test's builds)
                _, status, used = os.wait4(pid, 0)
                group = forks.pop(pid)
                _FORKS.append((used.ru_utime + used.ru_stime, used.ru_maxrss * 1024))
                if os.waitstatus_to_exitcode(status) != 0:
                    failed.extend(group)
        finally:
            for pid in forks:
                os.kill(pid, signal.SIGTERM)
            for pid in list(forks):
                os.waitpid(pid, 0)
            gc.unfreeze()
    if failed:
        i18n.building = False
        raise PluginError(f"the build of {', '.join(failed)} failed (its messages are above)")
    global _built
    _built = True
