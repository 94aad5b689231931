"""The words a converted language writes: its tables in data/, and the conversion that reads them.

OpenCC converts a text's characters (Simplified to Traditional, ``s2tw``); the words are the project's own
choice, made in files of ``data/languages/<code>/`` that a contributor edits without touching code:

* ``phrases.txt``: the reviewed phrase table, one phrase a line, with why
  (``报道 → 報導  Taiwan writes 報導 for news coverage; 報道 is the mainland form``);
* ``overrides.txt``, in the same form: a contributor's fix for a word a page reads wrong; a phrase written
  here wins over the same phrase in the table;
* ``avoid.txt``: words a reader of the language would not write in the site's register, one a line with why
  (``報道  Taiwan writes 報導``).  No phrase may write one (``kb check``), and the test suite reads every page
  of the language for them (tests/integrity/wording.py), so that a word the tables miss is found and the table
  grows as readers report words.

A text is converted by finding, from its start, the longest phrase of the tables at each place; OpenCC converts
what lies between two phrases.  A phrase therefore wins over OpenCC's own phrases, which only see the text
between the table's.  A phrase the language writes in Latin letters (谷歌 → Google) is set apart from the Chinese
beside it by a space, as the site writes Latin words in Chinese text.

The characters a text is written in tell its script: :func:`script` says whether a text holds characters only
Simplified or only Traditional Chinese writes (from CC-CEDICT's lists of each script's characters, as the zhon
package ships them).
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .problems import Problem

TABLE = "phrases.txt"
OVERRIDES = "overrides.txt"
AVOID = "avoid.txt"
FILES = (TABLE, OVERRIDES)
"""The files that choose a converted language's words, in the order they apply: a later one wins."""
ARROW = "→"
_SEP = "\ue000"  # joins the pieces OpenCC converts in one call; a private-use character no text holds
_HAN = re.compile("[\u3007\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f]")
_LATIN = re.compile("[A-Za-z0-9]")


@dataclass(frozen=True)
class Entry:
    """One line of a table: a phrase (or, in ``avoid.txt``, a word), what it becomes, and why."""
    phrase: str
    target: str
    reason: str
    file: str  # relative to the data folder: languages/zh-hant/phrases.txt
    line: int


def _problem(rel: str, line: int, col: int, rule: str, message: str, hint: str) -> Problem:
    return Problem(rel, line, col, rule, message, hint)


def _lines(path: Path, rel: str, problems: list[Problem]):
    """(line number, text) of each line that is not blank or a comment; a file that cannot be read is a problem."""
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        problems.append(_problem(rel, 1, 1, "invalid-utf8", "the file is not valid UTF-8", "save it as UTF-8"))
        return
    if text.startswith("\ufeff"):
        problems.append(_problem(rel, 1, 1, "byte-order-mark", "the file starts with a byte-order mark",
                                 "save it as UTF-8 without a BOM"))
        text = text[1:]
    for n, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            yield n, line


def read_phrases(data_dir: Path, folder: str, name: str, problems: list[Problem]) -> list[Entry]:
    """The entries of ``data/<folder>/<name>`` (a phrase table or an override file), each line read as
    ``简体 → 繁體  reason``; what does not read so is a problem naming the file and line.  A missing file has no
    phrases (data from before the tables existed, as ``kb diff`` reads it, is converted by OpenCC alone; the test
    suite holds the real data to its tables)."""
    rel = f"{folder}/{name}"
    path = Path(data_dir) / folder / name
    if not path.is_file():
        return []
    out: list[Entry] = []
    seen: dict[str, int] = {}
    for n, line in _lines(path, rel, problems):
        parts = line.split()
        if len(parts) < 4 or parts[1] != ARROW:
            problems.append(_problem(rel, n, 1, "phrase-line", f"the line {line.strip()[:40]!r} does not read "
                                     f"'phrase {ARROW} phrase  why'",
                                     f"write the source phrase, {ARROW}, the phrase it becomes, then why, "
                                     f"separated by spaces: 报道 {ARROW} 報導  Taiwan writes 報導"))
            continue
        phrase, target, reason = parts[0], parts[2], " ".join(parts[3:])
        col = line.index(target, line.index(ARROW)) + 1
        if not (_HAN.search(phrase) or all(unicodedata.category(ch).startswith("P") for ch in phrase)) \
                or _LATIN.search(phrase):
            problems.append(_problem(rel, n, 1, "phrase-line", f"{phrase!r} is not a Chinese phrase",
                                     "a phrase is a word of the source language's Chinese text (or a punctuation "
                                     "mark), written in its script, without Latin letters or digits"))
            continue
        if phrase in seen:
            problems.append(_problem(rel, n, 1, "phrase-duplicate", f"{phrase!r} is already on line {seen[phrase]}",
                                     "keep one line for it: the file would otherwise say two things"))
            continue
        wrong = simplified_only(target)
        if wrong:
            problems.append(_problem(rel, n, col, "phrase-script", f"{target!r} is written with characters only "
                                     f"Simplified Chinese uses: {''.join(wrong)}",
                                     "write the phrase the converted language uses, in its own script"))
            continue
        seen[phrase] = n
        out.append(Entry(phrase, target, reason, rel, n))
    return out


def read_avoided(data_dir: Path, folder: str, problems: list[Problem]) -> list[Entry]:
    """The words of ``data/<folder>/avoid.txt``, each line read as ``word  why`` (its target is the word)."""
    rel = f"{folder}/{AVOID}"
    path = Path(data_dir) / folder / AVOID
    if not path.is_file():
        return []
    out = []
    seen: dict[str, int] = {}
    for n, line in _lines(path, rel, problems):
        parts = line.split()
        if len(parts) < 2:
            problems.append(_problem(rel, n, 1, "phrase-line", f"the line {line.strip()[:40]!r} gives no reason",
                                     "write the word, then why a reader would not write it: 報道  Taiwan writes 報導"))
            continue
        if parts[0] in seen:
            problems.append(_problem(rel, n, 1, "phrase-duplicate", f"{parts[0]!r} is already on line {seen[parts[0]]}",
                                     "keep one line for it"))
            continue
        seen[parts[0]] = n
        out.append(Entry(parts[0], parts[0], " ".join(parts[1:]), rel, n))
    return out


@dataclass(frozen=True)
class Tables:
    """A converted language's word choices as read from data/: its phrases (the table's, then the overrides',
    which win) and the words it avoids, with every problem found reading them."""
    phrases: dict[str, Entry]
    avoided: list[Entry]
    problems: list[Problem]

    @property
    def mapping(self) -> dict[str, str]:
        return {p: e.target for p, e in self.phrases.items()}


def read_tables(data_dir: Path, folder: str) -> Tables:
    """Every table of ``data/<folder>/``: its phrases, its overrides over them, and its avoided words.  A phrase
    that writes an avoided word is a problem, named at its line."""
    problems: list[Problem] = []
    phrases: dict[str, Entry] = {}
    for name in FILES:
        for entry in read_phrases(data_dir, folder, name, problems):
            phrases[entry.phrase] = entry
    avoided = read_avoided(data_dir, folder, problems)
    for entry in phrases.values():
        for word in avoided:
            if word.phrase in entry.target:
                problems.append(_problem(entry.file, entry.line, 1, "phrase-avoided",
                                         f"{entry.phrase!r} becomes {entry.target!r}, which writes {word.phrase!r}, a "
                                         f"word {AVOID} (line {word.line}) says a reader would not write",
                                         f"write what the language writes instead ({word.reason})"))
    return Tables(phrases, avoided, problems)


class Converter:
    """Converts a text with OpenCC (``config``, e.g. ``s2tw``), the phrases of ``phrases`` winning over it."""

    def __init__(self, config: str, phrases: dict[str, str]):
        import opencc  # declared in pyproject.toml

        self._opencc = opencc.OpenCC(config)
        self.phrases = dict(phrases)
        keys = sorted(self.phrases, key=lambda k: (-len(k), k))  # the longest phrase first: it wins where it starts
        self._find = re.compile("|".join(map(re.escape, keys))) if keys else None
        self.convert = lru_cache(maxsize=65536)(self._convert)

    def segments(self, text: str) -> list[tuple[str, str, bool]]:
        """The text cut where the phrases are: (its piece, that piece converted, whether a phrase converted it)."""
        out: list[tuple[str, str, bool]] = []
        pos = 0
        for m in self._find.finditer(text) if self._find is not None else ():
            if m.start() > pos:
                out.append((text[pos:m.start()], "", False))
            out.append((m.group(), self.phrases[m.group()], True))
            pos = m.end()
        if pos < len(text):
            out.append((text[pos:], "", False))
        between = [piece for piece, _, phrase in out if not phrase]
        done = iter(self._opencc_all(between))
        out = [(piece, converted if phrase else next(done), phrase) for piece, converted, phrase in out]
        for i, (piece, converted, phrase) in enumerate(out):  # a phrase written in Latin letters is set apart by
            if phrase and _LATIN.match(converted[:1]) or phrase and _LATIN.match(converted[-1:]):  # a space
                before = out[i - 1][1][-1:] if i else ""
                after = out[i + 1][1][:1] if i + 1 < len(out) else ""
                if _LATIN.match(converted[:1]) and _HAN.match(before):
                    converted = " " + converted
                if _LATIN.match(converted[-1:]) and _HAN.match(after):
                    converted += " "
                out[i] = (piece, converted, phrase)
        return out

    def _opencc_all(self, pieces: list[str]) -> list[str]:
        """Each piece converted by OpenCC, in one call where the pieces can be told apart again."""
        if not pieces:
            return []
        if len(pieces) > 1 and not any(_SEP in p for p in pieces):
            done = self._opencc.convert(_SEP.join(pieces)).split(_SEP)
            if len(done) == len(pieces):
                return done
        return [self._opencc.convert(p) for p in pieces]

    def _convert(self, text: str) -> str:
        if not text:
            return text
        if self._find is None or self._find.search(text) is None:
            return self._opencc.convert(text)
        return "".join(converted for _, converted, _ in self.segments(text))


SYNONYMS = "search/synonyms.txt"
"""Names a reader may type for one thing in another language or script, one group a line (sitebuild.search)."""


def read_synonyms(data_dir: Path, problems: list[Problem]) -> list[tuple[str, ...]]:
    """The groups of ``data/search/synonyms.txt``, each line read as names separated by ``|``; a line with fewer
    than two names, or a name already in another group, is a problem at its line.  No file, no groups."""
    path = Path(data_dir) / SYNONYMS
    if not path.is_file():
        return []
    groups: list[tuple[str, ...]] = []
    seen: dict[str, int] = {}
    for n, line in _lines(path, SYNONYMS, problems):
        names = tuple(" ".join(name.split()) for name in line.split("|"))
        if len(names) < 2 or not all(names):
            problems.append(_problem(SYNONYMS, n, 1, "phrase-line", f"the line {line.strip()[:40]!r} does not name "
                                     "two or more things separated by '|'",
                                     "write the names a reader may type for one thing: Broadcom | 博通"))
            continue
        again = [name for name in names if name.casefold() in seen]
        if again:
            problems.append(_problem(SYNONYMS, n, 1, "phrase-duplicate", f"{again[0]!r} is already in the group on "
                                     f"line {seen[again[0].casefold()]}", "a name is in one group only: merge the two"))
            continue
        seen.update((name.casefold(), n) for name in names)
        groups.append(names)
    return groups


@lru_cache(maxsize=1)
def _script_sets() -> tuple[frozenset, frozenset]:
    from zhon import cedict  # declared in pyproject.toml

    simplified, traditional = set(cedict.simplified), set(cedict.traditional)
    return frozenset(simplified - traditional), frozenset(traditional - simplified)


def script_characters() -> tuple[frozenset, frozenset]:
    """(the characters only Simplified Chinese writes, those only Traditional Chinese writes)."""
    return _script_sets()


def simplified_only(text: str) -> list[str]:
    """The characters of ``text`` that only Simplified Chinese writes, in order, each once: 内 of ``内存`` (Traditional
    writes 內), none of ``芯片`` (both scripts write its characters)."""
    only, _ = _script_sets()
    return list(dict.fromkeys(ch for ch in text if ch in only))


def traditional_only(text: str) -> list[str]:
    """The characters of ``text`` that only Traditional Chinese writes, in order, each once."""
    _, only = _script_sets()
    return list(dict.fromkeys(ch for ch in text if ch in only))


def han(text: str) -> bool:
    """Whether ``text`` holds a Chinese character."""
    return _HAN.search(text) is not None


def script(text: str) -> str | None:
    """The script ``text`` is written in, as a language tag, where its characters tell: ``zh-Hans`` where it holds
    characters only Simplified Chinese writes and none only Traditional writes, ``zh-Hant`` the other way round;
    None where it holds neither (English, or characters both scripts write), or both."""
    simplified, traditional = bool(simplified_only(text)), bool(traditional_only(text))
    if simplified == traditional:
        return None
    return "zh-Hans" if simplified else "zh-Hant"
