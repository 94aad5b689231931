"""The languages after the first, built side by side (src/sitebuild/parallel.py).

What the built site must be is checked on the site the suite builds, which `mkdocs build` builds in
parallel on a machine of two cores: every page (tests/test_preview.py compares it file for file with
a build made in turn, inside one process) and the sitemap, which lists every page of every language
(tests/test_citing_address.py).  Here: how the languages are shared, when the build forks at all, and
what a failed fork does to the build, with real forks and the builds themselves stood in for.
"""
from __future__ import annotations

import os
import subprocess
import sys
import threading

import pytest
from mkdocs.exceptions import PluginError

from sitebuild import parallel


@pytest.mark.parametrize(("rest", "n", "groups"), [
    (["zh", "zh-hant"], 2, [["zh"], ["zh-hant"]]),
    (["zh", "zh-hant"], 1, [["zh", "zh-hant"]]),
    (["zh", "zh-hant"], 8, [["zh"], ["zh-hant"]]),
    (["a", "b", "c", "d"], 2, [["a", "c"], ["b", "d"]]),
    (["a", "b", "c"], 2, [["b"], ["a", "c"]]),
    (["a", "b", "c"], 3, [["a"], ["b"], ["c"]]),
])
def test_the_languages_are_shared_and_this_process_builds_the_last(rest, n, groups):
    shared = parallel.share(rest, n)
    assert shared == groups
    assert sorted(x for g in shared for x in g) == sorted(rest)  # each once
    assert shared[-1][-1] == rest[-1]


def test_the_number_of_processes_is_the_cores_unless_set(monkeypatch):
    monkeypatch.delenv(parallel.ENV, raising=False)
    assert parallel.processes() == len(os.sched_getaffinity(0))
    monkeypatch.setenv(parallel.ENV, "3")
    assert parallel.processes() == 3
    for bad in ("0", "two", "-1", "1.5"):
        monkeypatch.setenv(parallel.ENV, bad)
        with pytest.raises(PluginError, match=parallel.ENV):
            parallel.processes()


def test_no_more_processes_than_the_memory_allows(monkeypatch):
    mb = 2**20
    monkeypatch.delenv(parallel.MEMORY_ENV, raising=False)
    assert parallel.memory_allows(150 * mb) == 6  # the real fact base: its first build peaks at about 150 MB
    assert parallel.memory_allows(440 * mb) == 2
    assert parallel.memory_allows(460 * mb) == 1
    assert parallel.memory_allows(780 * mb) == 1  # 10,000 claims: built in turn, within the 900 MB budget
    assert parallel.memory_allows(4000 * mb) == 1  # never fewer than one
    monkeypatch.setenv(parallel.MEMORY_ENV, "2048")
    assert parallel.memory_allows(780 * mb) == 2
    for bad in ("0", "1G", "-5"):
        monkeypatch.setenv(parallel.MEMORY_ENV, bad)
        with pytest.raises(PluginError, match=parallel.MEMORY_ENV):
            parallel.memory_allows(mb)


class _Plugins(dict):
    pass


def test_only_a_build_from_the_command_line_with_one_thread_forks(monkeypatch):
    config = type("Config", (), {"plugins": _Plugins(i18n=object())})()
    rest = ["zh", "zh-hant"]
    monkeypatch.setenv(parallel.ENV, "2")
    monkeypatch.delenv(parallel.MEMORY_ENV, raising=False)
    monkeypatch.setattr(parallel, "_peak_so_far", lambda: 150 * 2**20)
    real_other_threads = parallel._other_threads
    monkeypatch.setattr(parallel, "_other_threads", lambda: 0)  # the suite's own threads (servers, builds) aside
    monkeypatch.setattr(parallel, "_command", None)  # build() called in-process: make preview, a test
    assert parallel.wanted(config, rest) == 1
    monkeypatch.setattr(parallel, "_command", "serve")
    assert parallel.wanted(config, rest) == 1
    monkeypatch.setattr(parallel, "_command", "build")
    assert parallel.wanted(config, rest) == 2
    assert parallel.wanted(config, rest[:1]) == 1  # one language left: nothing to share
    monkeypatch.setenv(parallel.ENV, "1")
    assert parallel.wanted(config, rest) == 1
    monkeypatch.setenv(parallel.ENV, "2")
    monkeypatch.setattr(parallel, "_peak_so_far", lambda: 600 * 2**20)  # two would not fit in 1 GB
    assert parallel.wanted(config, rest) == 1
    monkeypatch.setattr(parallel, "_peak_so_far", lambda: 150 * 2**20)
    assert parallel.wanted(config, rest) == 2
    monkeypatch.setattr(parallel, "_other_threads", real_other_threads)
    stop = threading.Event()
    server = threading.Thread(target=stop.wait)  # as mkdocs serve's live-reload server runs beside its builds
    server.start()
    try:
        assert parallel._other_threads() >= 1
        assert parallel.wanted(config, rest) == 1
        seen = []
        beside = threading.Thread(target=lambda: seen.append(parallel._other_threads()))
        beside.start()
        beside.join()
        assert seen == [1]  # a build in a thread other than the main one never forks
    finally:
        stop.set()
        server.join()
    monkeypatch.setattr(parallel, "_other_threads", lambda: 0)
    config.plugins["search"] = object()  # MkDocs' search gathers every language's entries in one process
    assert parallel.wanted(config, rest) == 1


class _I18n:
    def __init__(self, languages):
        self.build_languages = languages
        self.current_language = languages[0]
        self.building = False
        self.i18n_files_per_language = {languages[0]: ["en pages"]}


def _stand_in(monkeypatch, tmp_path, failing: str | None):
    """Builds that write a file naming their language (and fail for ``failing``), and a list of pages that
    records its language, as the sitemap needs it.  Returns what was built here, what was listed, and the pids
    of the forks."""
    built, listed, pids = [], [], []
    fork = parallel._fork

    def recorded_fork(i18n, config, langs):
        pid = fork(i18n, config, langs)
        pids.append(pid)
        return pid

    def build(i18n, config, lang):
        i18n.current_language = lang
        if lang == failing:
            raise RuntimeError(f"{lang} went wrong")
        (tmp_path / f"{lang}.{os.getpid()}").write_text(lang)
        built.append(lang)
        i18n.i18n_files_per_language[lang] = [f"{lang} pages"]

    def list_pages(i18n, config, lang):
        listed.append(lang)
        i18n.i18n_files_per_language[lang] = [f"{lang} pages"]

    monkeypatch.setattr(parallel, "_build", build)
    monkeypatch.setattr(parallel, "_list_pages", list_pages)
    monkeypatch.setattr(parallel, "_fork", recorded_fork)
    monkeypatch.setattr(parallel, "_FORKS", [])
    return built, listed, pids


def _child_of_this_process(pid: int) -> bool:
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return False  # waited for already
    return True


def _other_child():
    """A child process of this one that is not a fork of the build, as the suite's own builds are, and has ended
    but not been waited for: the build must wait for its forks alone, and leave this one to whoever started it."""
    other = subprocess.Popen([sys.executable, "-c", "raise SystemExit(3)"])
    os.waitid(os.P_PID, other.pid, os.WEXITED | os.WNOWAIT)  # ended; its status still to be collected
    return other


def test_a_fork_builds_its_languages_and_this_process_lists_them_before_the_last(monkeypatch, tmp_path):
    built, listed, pids = _stand_in(monkeypatch, tmp_path, failing=None)
    i18n = _I18n(["en", "zh", "zh-hant"])
    other = _other_child()
    parallel.build_rest(i18n, object(), ["zh", "zh-hant"], 2)
    assert other.wait(timeout=10) == 3  # its status was left for it (taken by the build, it would read 0)
    assert len(pids) == 1 and not _child_of_this_process(pids[0])
    written = {p.name.split(".")[0]: int(p.name.split(".")[1]) for p in tmp_path.iterdir()}
    assert set(written) == {"zh", "zh-hant"}
    assert written["zh-hant"] == os.getpid() and written["zh"] != os.getpid()  # zh in a fork
    assert built == ["zh-hant"] and listed == ["zh"]
    assert list(i18n.i18n_files_per_language) == ["en", "zh", "zh-hant"]  # the sitemap's order, as in turn
    cpu, rss = parallel.forks_used()
    assert len(parallel._FORKS) == 1 and cpu >= 0 and rss > 0
    assert i18n.building and not parallel.nested(i18n)  # the build's last steps are due
    parallel.finish(i18n)
    assert not i18n.building and not parallel.nested(i18n)
    i18n.building = True
    assert parallel.nested(i18n)  # after finish, a nested build is a nested build again


def test_a_failed_fork_stops_the_build_naming_its_language(monkeypatch, tmp_path):
    built, _, pids = _stand_in(monkeypatch, tmp_path, failing="b")
    i18n = _I18n(["en", "a", "b", "c", "d"])
    with pytest.raises(PluginError, match=r"the build of b failed"):
        parallel.build_rest(i18n, object(), ["a", "b", "c", "d"], 3)
    assert sorted(p.name.split(".")[0] for p in tmp_path.iterdir()) == ["a", "c", "d"]  # the others were built
    assert len(pids) == 2 and not any(_child_of_this_process(pid) for pid in pids)
    assert not i18n.building and not parallel.nested(i18n)


def test_a_failure_here_ends_the_forks_too(monkeypatch, tmp_path):
    built, _, pids = _stand_in(monkeypatch, tmp_path, failing="zh-hant")
    i18n = _I18n(["en", "zh", "zh-hant"])
    with pytest.raises(RuntimeError, match="zh-hant went wrong"):
        parallel.build_rest(i18n, object(), ["zh", "zh-hant"], 2)
    assert not i18n.building
    assert len(pids) == 1 and not _child_of_this_process(pids[0])  # ended and waited for


def test_the_sitemap_lists_the_languages_in_their_order_whoever_built_them(monkeypatch, tmp_path):
    built, listed, _ = _stand_in(monkeypatch, tmp_path, failing=None)
    i18n = _I18n(["en", "a", "b", "c", "d"])
    parallel.build_rest(i18n, object(), ["a", "b", "c", "d"], 2)
    assert built == ["b", "d"] and listed == ["a", "c"]  # a fork built a and c
    assert list(i18n.i18n_files_per_language) == ["en", "a", "b", "c", "d"]
    parallel.finish(i18n)
