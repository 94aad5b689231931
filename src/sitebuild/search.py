"""The site's search index (Pagefind), one per language, written into site/pagefind/.

Pagefind cuts Chinese into words twice, with two different dictionaries: its extended build
with jieba when it indexes a page, the browser with ``Intl.Segmenter`` (ICU) when a reader
searches.  A page is found only when every query word begins a word indexed on it, so where
the two disagree a page that plainly holds the word is missed.  ICU keeps 吞吐量 whole,
jieba indexed 吞吐|量: 1 of the 19 pages that hold it was found.  ICU cuts 芯片 into 芯|片,
jieba kept 芯片, so 片 began no indexed word on most pages: 65 of 337 were found.

Chinese is therefore indexed one Han character per word, the one segmentation every
dictionary agrees with: before Pagefind reads a Chinese page, a zero-width space (U+200B,
the boundary mark Pagefind itself puts between the words of segmented text and takes out
of what it stores) is set beside each Han character of the page's text.  The reader's
page is not touched: Pagefind reads a copy of what it indexes, in a temporary folder
(in memory where there is room: on disk, writing it cost as much as making it).  The search page
(docs/assets/kb-search.js) turns a Chinese query into the same characters, and into a
phrase when it is one run of Han characters, so that 吞吐量 finds the pages that hold
吞吐量 and no others, with the word marked in each excerpt.  Pagefind gives phrase matches
no ranking: they come in the order it read the pages.

Pagefind holds every page it reads in memory until it writes the index: about 100 KB an English page,
200 KB a Chinese one, whose every character is a word.  A language with more than :data:`PART_PAGES` pages
is therefore indexed in parts, one Pagefind run each, one after the other: the first part in the site's
bundle (``pagefind/``), each later one in a bundle of its own (``pagefind/parts/<tag>-<n>/``), which the
search page merges into the first (Pagefind's ``mergeIndex``; each part ranks its results by its own
statistics).  ``pagefind/kb-parts.json`` names each language's later parts.  The real site is one part a
language.

The copy also ends the blocks that Pagefind runs into one another with a space
(``<dt>Kind</dt><dd>news article</dd>`` read as "Kindnews article"), in both languages.

A reader finds a page by any name it is known by, and in either Chinese script:

* Names.  data/search/synonyms.txt groups the names a reader may type for one thing in another language or
  script (Broadcom | 博通, TSMC | 台积电 | 台積電, tokens per second | 每秒 token); a Chinese name also stands for its
  spelling in each converted language.  In the copy Pagefind reads, every group whose name a page writes is written
  out whole after the sentence that names it, between marks no text holds (:data:`NAMES_START`, ...), so that any
  of its names finds the page, in every language's index.  The reader never sees it: the search page takes these
  passages out of titles and excerpts, and marks the page's own name where only the passage was (kb-search.js).
  A name is searched for as a phrase, word for word as it is found in the copy (one with a hyphen as typed).
* Scripts.  A query typed in the other Chinese script is converted into the script of the edition searched, in the
  browser, before it is searched: the Traditional edition's query as the build converts text (the edition's own
  words: 芯片 → 晶片, 台积电 → 台積電), the Simplified edition's back.  Converting in the browser keeps the index
  one script a page (indexing both would double the Chinese indexes, and an excerpt must show the page's own
  text); the conversion is a table made here, at every build, from the Simplified edition's own text and the
  build's converter: each character only the other script writes, and each phrase whose conversion its characters
  alone would get wrong (计算机 → 電腦, 关系 → 關係), checked against every run of Chinese text on the site.  It is
  written beside the index (``kb-search-<language>.json``, with the names searched as phrases), a few tens of KB,
  where OpenCC's own dictionaries in JavaScript would be over a megabyte.
"""
from __future__ import annotations

import json
import os
from html import escape as html_escape, unescape as html_unescape
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from functools import lru_cache
from pathlib import Path

from kb import languages, phrases
from kb.languages import LANGUAGES

# Han characters: CJK unified ideographs and their extensions, compatibility ideographs, 〇.
HAN = "\u3007\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"
_BESIDE_HAN = re.compile(f"(?<=[{HAN}])|(?=[{HAN}])")
_HAN_RUN = re.compile(f"[{HAN}]+")
# what is not text: elements whose content is not text, comments, tags (quoted attribute values may hold ">")
_MARKUP = re.compile(r"(<(script|style|textarea)\b.*?</\2\s*>|<!--.*?-->|<(?:[^>\"']|\"[^\"]*\"|'[^']*')*>)",
                     re.S | re.I)
# Blocks whose text Pagefind runs on into the next element's.
_BLOCK_END = re.compile(r"</(?:dt|dd|th|tr|caption|figcaption|blockquote|summary|dl|ol|table|figure|pre|details|aside)>",
                        re.I)
# What Pagefind reads and then leaves out of the index: scripts (a page's JSON-LD) and the asides marked
# data-pagefind-ignore="all" (the tier legend, the printed page's footer).  Left out of the copy, Pagefind
# has a quarter less to read at 10,000 claims; the index is the same.
_NOT_INDEXED = re.compile(r"<script\b[^>]*>.*?</script\s*>"
                          r"|<aside\b[^>]*\bdata-pagefind-ignore=\"all\"[^>]*>.*?</aside\s*>", re.S | re.I)
_LANG = re.compile(r"<html\b[^>]*\blang=[\"']?([A-Za-z-]+)", re.I)
ZWSP = "\u200b"
# The most pages one Pagefind run indexes (see above): Pagefind's memory grows with them, and the build's Python
# process still holds its own while Pagefind runs.  At 10,000 claims, 3,000 Chinese pages took 695 MB of it and
# 1,500 took 403 MB, with the same index and 11% more CPU.
PART_PAGES = 1500
PARTS = "parts"  # the folder of the later parts, in the site's bundle
MANIFEST = "kb-parts.json"  # {language: [a later part's folder, relative to the site's bundle, ...]}
# what a later part needs: the search page's Pagefind loads its code and WebAssembly from the site's bundle
_PART_FILES = ("pagefind-entry.json", "index", "fragment", "filter")
# the languages (by their primary subtag, as a page's lang gives it) whose pages are indexed a Han character at a time
_BY_CHARACTER = {lang.tag.split("-")[0].lower() for lang in LANGUAGES.values() if lang.by_character}


# --- names: each group a page writes, written out whole in the copy ------------------------------------------------

NAMES_START, NAMES_SEP, NAMES_END = "\u2061", "\u2063", "\u2062"
"""What sets a passage of names apart in the copy: invisible characters that Pagefind keeps in an excerpt and no
text holds."""
TABLES = "kb-search-{}.json"
"""Beside the index, for each language (as Pagefind names it: ``zh-hant``): the query's conversion into its
script (``fold``, with its ``longest`` phrase) and the names (``names``: each searched as typed, as a phrase)."""
_LATIN_EDGE = re.compile("[A-Za-z0-9]")
_SENTENCE_END = re.compile(r"[。！？；]|[.!?;](?=\s|$)")


def name_key(name: str) -> str:
    """How a name and a query are compared: case, white space and hyphens left out (kb-search.js does the same)."""
    return "".join(name.split()).replace("-", "").lower()


def _name_pattern(name: str) -> str:
    """A name as it is written in a text: its words in order, apart by white space where both sides are Latin
    letters (by any or none next to a Chinese character)."""
    words = name.split()
    out = []
    for i, word in enumerate(words):
        if i:
            latin = _LATIN_EDGE.match(words[i - 1][-1]) and _LATIN_EDGE.match(word[0])
            out.append(r"\s+" if latin else r"\s*")
        out.append(re.escape(word).replace(r"\-", "-?"))  # tape-out, as Pagefind reads it, is tapeout too
    return "".join(out)


class Names:
    """The groups of names (kb.phrases.read_synonyms), each Chinese name with its spelling in every converted
    language added, and what finds them in a text."""

    def __init__(self, groups):
        self.groups: list[tuple[str, ...]] = []
        for group in groups:
            names = list(group)
            for name in group:
                if phrases.han(name):
                    names += [languages.convert(name, code) for code in languages.CONVERTED]
            self.groups.append(tuple(dict.fromkeys(names)))
        alternatives = sorted({name.lower() for g in self.groups for name in g}, key=lambda n: -len(n))
        self._group = {name_key(name): i for i, g in enumerate(self.groups) for name in g}
        # found in the text lower-cased (the same length for the text a page holds): faster than ignoring case; a
        # name starting with a Latin letter starts a word (and may go on, as Pagefind finds a word by its start)
        latin = [_name_pattern(n) for n in alternatives if _LATIN_EDGE.match(n[0])]
        other = [_name_pattern(n) for n in alternatives if not _LATIN_EDGE.match(n[0])]
        found = ([f"(?:{'|'.join(other)})"] if other else []) + \
            ([f"(?<![a-z0-9])(?:{'|'.join(latin)})"] if latin else [])
        self._find = re.compile("|".join(found)) if found else None

    def keys(self) -> dict[str, int]:
        """Every name, as :func:`name_key` gives them: a query for one is searched as it is typed, not converted
        into the edition's script (its group holds every script's), and as a phrase, word for word as the copy
        holds it (unquoted, Pagefind would also find Apple in applies); a name with a hyphen (tape-out) as typed,
        which Pagefind's Chinese indexes find only so (0)."""
        return {name_key(n): int("-" not in n) for g in self.groups for n in g}

    def passage(self, group: int) -> str:
        return f" {NAMES_START} " + f" {NAMES_SEP} ".join(self.groups[group]) + f" {NAMES_END} "

    def written_out(self, text: str) -> str:
        """``text`` (the text between two tags) with each group it names written out after the sentence that names
        it, or at its end."""
        if self._find is None:
            return text
        lower = text.lower()
        if len(lower) != len(text):
            lower = text  # a character whose lower case is longer: the names are then found as written
        at: dict[int, list[int]] = {}
        for m in self._find.finditer(lower):
            end = _SENTENCE_END.search(text, m.end())
            where = at.setdefault(end.end() if end else len(text), [])
            group = self._group[name_key(m.group())]
            if group not in where:
                where.append(group)
        if not at:
            return text
        out, last = [], 0
        for pos in sorted(at):
            out.append(text[last:pos])
            out.extend(self.passage(g) for g in at[pos])
            last = pos
        out.append(text[last:])
        return "".join(out)


@lru_cache(maxsize=4)
def _names(data_dir: str) -> Names:
    problems: list = []
    return Names(phrases.read_synonyms(Path(data_dir), problems))


def names() -> Names:
    """The names of the data folder the build reads (kb.languages.configure)."""
    return _names(str(languages.data_dir()))


# text tagged with a Chinese script (a quote, a source's title, an alias), to convert into the other for the index
# (innermost: the text holds no other element tagged so)
_TAGGED = r"<(?:blockquote|q|span|p|dd|li|td|dt|h[1-6])\b[^>]*\blang=\"zh-Han[st]"
_OTHER_SCRIPT = re.compile(r"(<(blockquote|q|span|p|dd|li|td|dt|h[1-6])\b[^>]*\blang=\"(zh-Han[st])[^\"]*\"[^>]*>)"
                           rf"((?:(?!{_TAGGED}).)*?)(</\2\s*>)", re.S | re.I)
_TAGS = re.compile(r"<[^>]+>")
_PASSAGE = re.compile(f" ?{NAMES_START}[^{NAMES_END}]*{NAMES_END} ?")


@lru_cache(maxsize=1)
def _to_simplified():
    import opencc  # declared in pyproject.toml

    return opencc.OpenCC("tw2s")  # characters only: tw2sp's software phrases would read 核心 as 内核


def _in_script(text: str, page: str) -> str | None:
    """``text`` (written in the other Chinese script than the page ``page``'s, a language code) in the page's
    script: as the page's converted language writes it, or in Simplified characters; None for a page
    that does not read Chinese a character at a time."""
    lang = LANGUAGES[page]
    if not lang.by_character:
        return None
    if lang.conversion:
        return languages.convert(text, page)
    return _to_simplified().convert(text)


def _own_script(tag: str, page_tag: str) -> bool:
    """Whether text tagged ``tag`` (zh-Hans, zh-Hant) is in the script of a page tagged ``page_tag``."""
    return tag.lower().startswith("zh-hant") == page_tag.lower().startswith("zh-hant")


def in_page_script(html: str, page_tag: str) -> str:
    """``html`` (a Chinese page's indexed text) with each text kept in the other Chinese script (a quote in its
    source's Simplified on a Traditional page, or the other way round) followed by its conversion into the page's
    script, as a passage the search page takes out of excerpts: a query, converted into the page's script, finds
    it too."""
    code = next((c for c, lang in LANGUAGES.items() if lang.tag.lower() == page_tag.lower()), None)
    if code is None or not LANGUAGES[code].by_character:
        return html
    def passage(m):
        if _own_script(m.group(3), page_tag):
            return m.group(0)
        text = html_unescape(_TAGS.sub("", _PASSAGE.sub(" ", m.group(4)))).strip()  # without the names written out
        converted = _in_script(text, code)
        if not converted or converted == text or not phrases.han(text):
            return m.group(0)
        return m.group(0) + f" {NAMES_START} " + html_escape(converted, quote=False) + f" {NAMES_END} "
    return _OTHER_SCRIPT.sub(passage, html)


def with_names(html: str) -> str:
    """``html`` with the names of each text between its tags written out (:meth:`Names.written_out`)."""
    found = names()
    parts = _MARKUP.split(html)
    for i in range(0, len(parts), 3):
        if parts[i]:
            parts[i] = found.written_out(parts[i])
    return "".join(p for i, p in enumerate(parts) if i % 3 != 2 and p)


# --- scripts: a query's conversion into the script of the edition searched ------------------------------------------

def fold(table: dict[str, str], text: str, longest: int | None = None) -> str:
    """``text`` converted by ``table``: at each place the longest key that starts there, else the character itself
    (kb-search.js converts a query so)."""
    longest = longest or max(map(len, table), default=0)
    out, i = [], 0
    while i < len(text):
        for n in range(min(longest, len(text) - i), 0, -1):
            got = table.get(text[i:i + n])
            if got is not None:
                out.append(got)
                i += n
                break
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


RUN_PHRASE = 8
"""The longest run of text the query's conversion keeps whole where its parts convert it wrongly: a query is
shorter."""


def fold_table(runs: list[tuple[list[tuple[str, str]], int]], typed: frozenset[str]) -> dict[str, str]:
    """The table that converts a query into an edition's script, from its text cut into units (what a reader of the
    other script would type, what the edition writes), each run with how often the site writes it: each character
    of ``typed`` (those only the other script writes) into what the edition writes for it most often, each unit of
    several characters whole (a phrase of the tables, 计算机 → 電腦), then, for each run of text its characters alone
    convert wrongly, the unit with its neighbours, and at last the run itself where it is short; where two
    conversions compete, the one the site writes more often."""
    runs = sorted(runs, key=lambda r: -r[1])
    chars: dict[str, Counter] = defaultdict(Counter)
    multi: Counter = Counter()
    for units, n in runs:
        for a, b in units:
            if len(a) == 1 and len(b) == 1:
                chars[a][b] += n
            elif a != b:
                multi[(a, b)] += n
    table = {a: c.most_common(1)[0][0] for a, c in chars.items() if a in typed and c.most_common(1)[0][0] != a}
    for (a, b), _ in multi.most_common():
        table.setdefault(a, b)

    def wrong(units):
        return fold(table, "".join(a for a, _ in units)) != "".join(b for _, b in units)

    for width in (2, 3):
        added: Counter = Counter()
        for units, n in runs:
            if not wrong(units):
                continue
            for i, (a, b) in enumerate(units):
                if fold(table, a) == b and (len(a) > 1 or (a in table) == (a != b)):
                    continue
                lo = max(0, min(i, len(units) - width))
                window = units[lo:lo + width]
                added[("".join(x for x, _ in window), "".join(y for _, y in window))] += n
        for (a, b), _ in added.most_common():
            table.setdefault(a, b)
    for units, _ in runs:
        typed_run = "".join(a for a, _ in units)
        if len(typed_run) <= RUN_PHRASE and wrong(units):
            table.setdefault(typed_run, "".join(b for _, b in units))
    # what the edition itself writes is never converted: 晶粒 typed on the Simplified edition stays 晶粒 (the
    # Traditional edition's word for 裸片, and a Simplified word too), 片上 stays inside 晶片上 on the Traditional one
    longest = max(map(len, table), default=0)
    own = {run[i:i + n] for run in {"".join(b for _, b in units) for units, _ in runs}
           for n in range(2, longest + 1) for i in range(len(run) - n + 1)}
    return {a: b for a, b in table.items() if len(a) == 1 or a not in own}


def _units(text: str, lang: str, back: bool) -> list[tuple[str, str]]:
    """``text`` (the source language's) as units of its conversion into ``lang``: (typed, shown) pairs, a phrase of
    the language's tables whole, and what OpenCC converts a character each where it keeps the length; the other way
    round with ``back``."""
    out = []
    for src, dst, phrase in languages.segments(text, lang):
        pairs = list(zip(src, dst)) if len(src) == len(dst) and not phrase else [(src, dst)]
        out += [(b, a) if back else (a, b) for a, b in pairs]
    return out


def search_tables(runs: dict[str, Counter]) -> dict[str, dict]:
    """For each language indexed (as Pagefind names it), what kb-search.js reads beside the index: the names of
    several words, and for a Chinese edition the conversion of a query typed in the other script.  ``runs`` holds,
    for each written language indexed a character at a time, the runs of Chinese characters of its pages."""
    keys = names().keys()
    tables: dict[str, dict] = {lang.tag.lower(): {"names": keys} for lang in LANGUAGES.values()}
    simplified, traditional = phrases.script_characters()
    for code in languages.CONVERTED:
        lang = LANGUAGES[code]
        source = LANGUAGES[lang.converted_from]
        if not (lang.by_character and source.by_character):
            continue
        written = sorted((r, n) for r, n in runs.get(source.tag.lower(), Counter()).items()
                         if not phrases.traditional_only(r))
        forth = fold_table([(_units(r, code, False), n) for r, n in written], simplified)
        back = fold_table([(_units(r, code, True), n) for r, n in written], traditional)
        for tag, table in ((lang.tag.lower(), forth), (source.tag.lower(), back)):
            tables[tag]["fold"] = table
            tables[tag]["longest"] = max(map(len, table), default=0)
    return tables


def write_tables(out: Path, runs: dict[str, Counter]) -> None:
    for tag, table in search_tables(runs).items():
        (out / TABLES.format(tag)).write_text(json.dumps(table, ensure_ascii=False, sort_keys=True,
                                                         separators=(",", ":")), encoding="utf-8")


def page_language(html: str) -> str:
    m = _LANG.search(html)
    return m.group(1).lower() if m else ""


def segmented(html: str) -> str:
    """``html`` with a zero-width space beside every Han character of its text (not of its tags or scripts)."""
    parts = _MARKUP.split(html)  # text, markup, its element name (or None), text, …
    for i in range(0, len(parts), 3):
        parts[i] = _BESIDE_HAN.sub(ZWSP, parts[i])
    return "".join(p for i, p in enumerate(parts) if i % 3 != 2 and p)


def for_index(html: str, runs: Counter | None = None) -> str | None:
    """What Pagefind should read of a page: its language and the element it indexes (``data-pagefind-body``,
    which overrides/main.html puts last in the page's article) without what Pagefind would not index anyway,
    blocks apart, the names it writes written out (:func:`with_names`), and on a Chinese page each Han character
    apart; None for a page with nothing to index.  ``runs``, where given, gets the page's runs of Chinese text."""
    start = html.find("<div data-pagefind-body")
    if start < 0:
        return None
    end = html.rfind("</article>")
    lang = page_language(html)
    body = _NOT_INDEXED.sub("", html[start:end if end > start else len(html)])
    body = _BLOCK_END.sub(r"\g<0> ", body)
    if runs is not None:  # the page's own text: not what it keeps in another script
        parts = _MARKUP.split(_OTHER_SCRIPT.sub(lambda m: m.group(0) if _own_script(m.group(3), lang) else "", body))
        runs.update(r for i in range(0, len(parts), 3) if parts[i] for r in _HAN_RUN.findall(parts[i]))  # a Counter
    body = with_names(body)
    body = in_page_script(body, lang)
    if lang.split("-")[0] in _BY_CHARACTER:
        body = segmented(body)
    return f'<!DOCTYPE html><html lang="{lang}"><body>{body}</body></html>'


# the written languages indexed a Han character at a time that a language is converted from: their text makes the
# conversion of a query from one Chinese script into the other (search_tables)
_CONVERTED_FROM = {LANGUAGES[lang.converted_from].tag.lower() for lang in LANGUAGES.values()
                   if lang.converted_from and lang.by_character}


def _copy_for_index(site_dir, work: Path, runs: dict[str, Counter] | None = None) -> list[Path]:
    """Write what Pagefind should read of every page of the built site under ``work``, at the same paths
    below one folder per language (``work/en/claims/x/index.html``, ``work/zh-hans/zh/claims/x/index.html``);
    return those folders.  ``runs`` gets, for each language a converted language is made from, its pages' runs
    of Chinese text."""
    root = Path(site_dir)
    made = set()
    for path in root.rglob("*.html"):
        rel = path.relative_to(root)
        if rel.parts[0] == "pagefind":
            continue
        html = path.read_text(encoding="utf-8")
        tag = page_language(html)
        collect = runs.setdefault(tag, Counter()) if runs is not None and tag in _CONVERTED_FROM else None
        page = for_index(html, collect)
        if page is not None:
            target = work / _folder(page) / rel
            if target.parent not in made:
                target.parent.mkdir(parents=True, exist_ok=True)
                made.add(target.parent)
            target.write_text(page, encoding="utf-8")
    return sorted(p for p in work.iterdir() if p.is_dir())


def _folder(page: str) -> str:
    """The folder of a page's language in the copy: its language tag, lower-cased ('zh-hans'), so that each
    language, Simplified and Traditional Chinese apart, is indexed by a Pagefind run of its own."""
    return page_language(page).lower() or "unknown"


def _scratch(site_dir) -> str | None:
    """Where to write the copy: memory (/dev/shm) when it has room for twice the site's HTML, else the system's temp."""
    shm = Path("/dev/shm")
    if not (shm.is_dir() and os.access(shm, os.W_OK)):
        return None
    need = 2 * sum(p.stat().st_size for p in Path(site_dir).rglob("*.html"))
    st = os.statvfs(shm)
    return str(shm) if st.f_bavail * st.f_frsize > need else None


def _merge(bundles: list[Path], out: Path) -> None:
    """One bundle from the bundles of single languages: their files side by side (the index files are named by
    the hash of their content, Pagefind's own scripts are the same in each) and one entry naming every language."""

    entry = None
    for bundle in bundles:
        for path in bundle.rglob("*"):
            if path.is_file() and path.name != "pagefind-entry.json":
                target = out / path.relative_to(bundle)
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, target)
        own = json.loads((bundle / "pagefind-entry.json").read_text(encoding="utf-8"))
        if entry is None:
            entry = own
        else:
            entry["languages"].update(own["languages"])
    _write_entry(out / "pagefind-entry.json", entry)


def _parts(folder: Path, size: int) -> list[Path]:
    """One language's copy cut into parts of at most ``size`` pages, in the order of their paths: the folder
    itself keeps the first part, each later part is moved to a folder beside it (``zh-hans~2``)."""
    pages = sorted(folder.rglob("*.html"))
    parts = [folder]
    for n, start in enumerate(range(size, len(pages), size), start=2):
        part = folder.with_name(f"{folder.name}~{n}")
        for page in pages[start:start + size]:
            target = part / page.relative_to(folder)
            target.parent.mkdir(parents=True, exist_ok=True)
            page.rename(target)
        parts.append(part)
    return parts


def _index(folder: Path, bundle: Path) -> None:
    cmd = [sys.executable, "-m", "pagefind", "--site", str(folder), "--output-path", str(bundle), "--quiet"]
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(result.stderr or result.stdout)
    shutil.rmtree(folder)  # what it read: the room for the next run


def _keep_part(bundle: Path, out: Path) -> None:
    """A later part's bundle, as the site serves it: its entry, index and fragments (the code is the site bundle's)."""
    for name in _PART_FILES:
        path = bundle / name
        if path.is_dir():
            shutil.copytree(path, out / name)
        elif path.is_file():
            out.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, out / name)
    for meta in bundle.glob("*.pf_meta"):
        shutil.copyfile(meta, out / meta.name)
    _steady_entry(out / "pagefind-entry.json")


def _steady_entry(path: Path) -> None:
    """Pagefind writes an entry's languages in a different order on each run: sorted, two builds of one commit
    stay identical (the index files are named by the hash of their content)."""

    if path.is_file():
        _write_entry(path, json.loads(path.read_text(encoding="utf-8")))


def _write_entry(path: Path, entry: dict) -> None:
    """Write a Pagefind entry with its languages sorted."""

    if isinstance(entry.get("languages"), dict):
        entry["languages"] = dict(sorted(entry["languages"].items()))
    path.write_text(json.dumps(entry, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


INDEX_ENV = "KB_SEARCH_INDEX"  # "0": build without a search index (builds that no one searches: tests/test_preview.py)


def wanted() -> bool:
    """Whether a whole build writes the search index: always, unless KB_SEARCH_INDEX is "0"."""
    return os.environ.get(INDEX_ENV, "").strip() != "0"


def write(site_dir, part_pages: int | None = None) -> None:
    """Index the built site into site_dir/pagefind/ (Pagefind's command; it raises on failure).

    Each language is indexed by a Pagefind of its own, one after the other, in parts of at most ``part_pages``
    (:data:`PART_PAGES`) pages, so that the build needs the memory of one part at a time; the languages' first
    parts are merged into one bundle (Pagefind indexes each language apart anyway), and the later parts kept
    beside it, named in ``kb-parts.json``."""

    if not wanted():
        return
    out = Path(site_dir).resolve() / "pagefind"
    runs: dict[str, Counter] = {}
    with tempfile.TemporaryDirectory(prefix="kb-search-", dir=_scratch(site_dir)) as work:
        firsts, later = [], {}
        for folder in _copy_for_index(site_dir, Path(work) / "pages", runs):
            for n, part in enumerate(_parts(folder, part_pages or PART_PAGES), start=1):
                bundle = Path(work) / "bundles" / part.name
                _index(part, bundle)
                if n == 1:
                    firsts.append(bundle)
                else:
                    name = f"{PARTS}/{folder.name}-{n}/"
                    _keep_part(bundle, out / name)
                    later.setdefault(folder.name, []).append(name)
        if firsts:
            _merge(firsts, out)
        (out / MANIFEST).write_text(json.dumps(later, ensure_ascii=False, sort_keys=True, separators=(",", ":")),
                                    encoding="utf-8")
    write_tables(out, runs)
