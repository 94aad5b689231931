"""What under data/ the engine may read, and how it reads it: never through a link, never outside data/.

A pull request adds files to data/, and anyone who runs ``kb check`` on it (a reviewer, CI, the build)
reads them. Git can carry a symbolic link, and a link to /etc/passwd or /proc/self/environ would
otherwise be read as a snapshot, its lines published as a verified quote or printed in an error.
So everything under data/ is looked at as it is, never through a link (:func:`survey`):

* a symbolic link, anywhere under data/ and wherever it points (even inside data/), is refused, and
  so is a hard link (a regular file with a second name, which may lie outside the repository):
  rule ``linked-file``;
* a FIFO, a socket, a device file, or a folder where a data file or snapshot belongs: ``special-file``;
* a folder, a data file (``*.yml``, ``*.yaml``) or a file under ``snapshots/`` whose name is not
  lowercase letters, digits, '.', '_' and '-': ``file-name``. Two such names never differ only in
  case (macOS and Windows would see one file where git and Linux see two), carry no look-alike
  letter, space, line break or invisible character, and are safe to print.

Only regular files with one name are read, each opened without following a link and checked again
once open, with a size limit (:func:`read_file`): what is read is what was surveyed.
"""
from __future__ import annotations

import errno
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path

from .problems import Problem

MAX_SNAPSHOT_BYTES = 1_000_000
"""A snapshot holds the text of one article or page (the largest today is about 10 kB); a larger one is
refused, so that a pull request cannot make every check read and search megabytes."""

SAFE_NAME = re.compile(r"[a-z0-9][a-z0-9._-]*")
DATA_SUFFIXES = (".yml", ".yaml")
SNAPSHOTS = "snapshots"

LINK_HINT = "replace the link with a copy of the file itself, or remove it; data/ holds plain files and folders only"


def shown(rel: str) -> str:
    """A path as it is safe to print: letters, digits and . _ - / as they are, anything else (a space, a line
    break, an invisible character) as a Python escape, so that a name cannot break or forge a line of output."""
    out = []
    for ch in rel:
        if ch.isalnum() and ch.isprintable() or ch in "._-/":
            out.append(ch)
        else:
            out.append(ascii(ch)[1:-1] if ch != " " else "\\x20")
    return "".join(out)


def _kind_of(mode: int) -> str | None:
    """What a file that is neither a regular file nor a folder nor a link is, in words."""
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device file"
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode) or stat.S_ISLNK(mode):
        return None
    return "a special file"


def _problem(rel: str, rule: str, message: str, hint: str = "", line: int = 1, col: int = 1) -> Problem:
    return Problem(shown(rel), line, col, rule, message, hint)


def link_problem(rel: str) -> Problem:
    return _problem(rel, "linked-file", "this is a symbolic link; nothing under data/ is read through a link, "
                                        "wherever it points", LINK_HINT)


def hard_link_problem(rel: str, count: int) -> Problem:
    return _problem(rel, "linked-file", f"this file is a hard link ({count} names share its content, and the others "
                                        "may lie outside the repository)", LINK_HINT)


def special_problem(rel: str, what: str, expected: str = "a plain text file") -> Problem:
    return _problem(rel, "special-file", f"this is {what}, not {expected}",
                    "data/ holds plain text files and folders only; remove it, or put the file itself there")


def character(ch: str) -> str:
    """One character, named so that a reader can find it: 'a space', 'U+0441 CYRILLIC SMALL LETTER ES'."""
    import unicodedata

    names = {" ": "a space", "\n": "a line break", "\t": "a tab", "\r": "a carriage return"}
    if ch in names:
        return names[ch]
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" {name}" if name else "") + (f" ({ch})" if ch.isprintable() else "")


def name_problem(rel: str, name: str, folder: bool) -> Problem:
    what = "folder" if folder else "file"
    bad = list(dict.fromkeys(ch for ch in name if not re.fullmatch(r"[a-z0-9._-]", ch)))
    said = "; ".join(character(ch) for ch in bad[:4]) + ("; …" if len(bad) > 4 else "")
    return _problem(rel, "file-name", f"the {what} name {shown(name)} has characters other than lowercase letters, "
                                      f"digits, '.', '_' and '-': " + (said or "it starts with '.', '_' or '-'"),
                    "rename it in lowercase ASCII, e.g. my-source.txt: a name must read the same on every file system "
                    "(macOS and Windows ignore case) and to every reader (no look-alike letters, spaces or line breaks)")


@dataclass
class Tree:
    """What :func:`survey` found under data/: the regular files that may be read, and the problems."""

    root: Path
    files: set[str] = field(default_factory=set)  # posix paths relative to root: regular files with one name
    dirs: set[str] = field(default_factory=set)  # real folders (not links), '' for root itself
    others: dict[str, str] = field(default_factory=dict)  # path -> what it is, for anything else surveyed
    problems: list[Problem] = field(default_factory=list)

    def is_file(self, rel: str) -> bool:
        return rel in self.files

    def is_dir(self, rel: str) -> bool:
        return rel in self.dirs

    def listing(self, folder: str) -> list[str]:
        """The regular files directly in ``folder`` ('' for root), sorted, as paths relative to root."""
        prefix = f"{folder}/" if folder else ""
        return sorted(f for f in self.files if f.startswith(prefix) and "/" not in f[len(prefix):])


def _name_checked(rel: str, name: str, is_dir: bool) -> bool:
    """Whether this entry's name must be a safe one: every folder, every data file, every file in snapshots/."""
    if is_dir or name.endswith(DATA_SUFFIXES):
        return True
    return rel.split("/", 1)[0] == SNAPSHOTS


def survey(data_dir: Path) -> Tree:
    """Everything under ``data_dir``, looked at without following a link (the folder itself is the caller's
    choice and may be reached through one)."""
    root = Path(os.path.realpath(data_dir))
    tree = Tree(root, dirs={""})
    stack = [""]
    while stack:
        folder = stack.pop()
        try:
            with os.scandir(root / folder if folder else root) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError as exc:
            tree.problems.append(special_problem(folder, f"a folder that cannot be read ({exc.strerror})", "a folder"))
            continue
        for entry in entries:
            rel = f"{folder}/{entry.name}" if folder else entry.name
            try:
                st = entry.stat(follow_symlinks=False)
            except OSError:
                continue  # gone since it was listed
            if stat.S_ISLNK(st.st_mode):
                tree.others[rel] = "link"
                tree.problems.append(link_problem(rel))
                continue
            what = _kind_of(st.st_mode)
            if what is not None:
                tree.others[rel] = "special"
                tree.problems.append(special_problem(rel, what))
                continue
            is_dir = stat.S_ISDIR(st.st_mode)
            if _name_checked(rel, entry.name, is_dir) and not SAFE_NAME.fullmatch(entry.name):
                tree.others[rel] = "badly named"
                tree.problems.append(name_problem(rel, entry.name, is_dir))
                continue
            if is_dir and (entry.name.endswith(DATA_SUFFIXES) or folder.split("/", 1)[0] == SNAPSHOTS):
                tree.others[rel] = "special"
                tree.problems.append(special_problem(rel, "a folder", "a data file" if folder.split("/")[0] != SNAPSHOTS
                                                     else "a snapshot (snapshots/ holds the sources' texts only)"))
                continue
            if is_dir:
                tree.dirs.add(rel)
                stack.append(rel)
            elif st.st_nlink > 1:
                tree.others[rel] = "hard link"
                tree.problems.append(hard_link_problem(rel, st.st_nlink))
            else:
                tree.files.add(rel)
    return tree


def _inside(root: Path, path: str) -> bool:
    real = os.path.realpath(path)
    return os.path.commonpath([str(root), real]) == str(root)


def read_file(data_dir: Path, rel: str, limit: int, what: str = "file") -> tuple[bytes | None, Problem | None]:
    """The bytes of the regular file ``rel`` under ``data_dir``, at most ``limit`` of them.

    Returns (bytes, None); (None, None) where there is no such file; or (None, problem) where the path is a
    link, resolves outside data/, is not a regular file, has another name, or is larger than ``limit``. The file
    is opened without following a link (and without waiting on a FIFO) and checked once open, so what is read
    is the file that was checked."""
    root = Path(os.path.realpath(data_dir))
    path = os.path.join(root, rel)
    if not _inside(root, path):
        return None, _problem(rel, "linked-file", "this path leads outside data/ (through a link or '..')", LINK_HINT)
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        try:
            os.lstat(path)
        except OSError:
            return None, None
        return None, link_problem(rel)  # a dangling link
    except NotADirectoryError:
        return None, None
    except IsADirectoryError:
        return None, special_problem(rel, "a folder", f"a {what}")
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return None, link_problem(rel)
        return None, special_problem(rel, f"a file that cannot be opened ({exc.strerror})", f"a {what}")
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            return None, special_problem(rel, "a folder", f"a {what}")
        kind = _kind_of(st.st_mode)
        if kind is not None:
            return None, special_problem(rel, kind, f"a {what}")
        if st.st_nlink > 1:
            return None, hard_link_problem(rel, st.st_nlink)
        if st.st_size > limit:
            return None, too_large(rel, st.st_size, limit, what)
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:  # it grew since it was looked at
            return None, too_large(rel, None, limit, what)
        return b"".join(chunks), None
    finally:
        os.close(fd)


def too_large(rel: str, size: int | None, limit: int, what: str = "file") -> Problem:
    """The problem of a file larger than ``limit`` bytes (``size``, or None where only that is known)."""
    hint = ("keep only the passages that are quoted, and set the snapshot's extent to excerpt" if what == "snapshot"
            else "split it into several files in the same folder")
    said = f"{size:,} bytes" if size is not None else f"more than {limit:,} bytes"
    return _problem(rel, "file-too-large", f"the {what} is {said}; the limit is {limit:,}", hint)


def utf8_problem(rel: str, raw: bytes, exc: UnicodeDecodeError) -> Problem:
    """The first byte of ``raw`` that is not UTF-8, at its line and column."""
    line = raw[: exc.start].count(b"\n") + 1
    col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
    return Problem(shown(rel), line, col, "invalid-utf8", f"byte 0x{raw[exc.start]:02x} is not valid UTF-8",
                   "save the file as UTF-8")
