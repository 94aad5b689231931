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
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from kb.languages import LANGUAGES

# Han characters: CJK unified ideographs and their extensions, compatibility ideographs, 〇.
HAN = "\u3007\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"
_BESIDE_HAN = re.compile(f"(?<=[{HAN}])|(?=[{HAN}])")
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


def page_language(html: str) -> str:
    m = _LANG.search(html)
    return m.group(1).lower() if m else ""


def segmented(html: str) -> str:
    """``html`` with a zero-width space beside every Han character of its text (not of its tags or scripts)."""
    parts = _MARKUP.split(html)  # text, markup, its element name (or None), text, …
    for i in range(0, len(parts), 3):
        parts[i] = _BESIDE_HAN.sub(ZWSP, parts[i])
    return "".join(p for i, p in enumerate(parts) if i % 3 != 2 and p)


def for_index(html: str) -> str | None:
    """What Pagefind should read of a page: its language and the element it indexes (``data-pagefind-body``,
    which overrides/main.html puts last in the page's article) without what Pagefind would not index anyway,
    blocks apart, and on a Chinese page each Han character apart; None for a page with nothing to index."""
    start = html.find("<div data-pagefind-body")
    if start < 0:
        return None
    end = html.rfind("</article>")
    lang = page_language(html)
    body = _NOT_INDEXED.sub("", html[start:end if end > start else len(html)])
    body = _BLOCK_END.sub(r"\g<0> ", body)
    if lang.split("-")[0] in _BY_CHARACTER:
        body = segmented(body)
    return f'<!DOCTYPE html><html lang="{lang}"><body>{body}</body></html>'


def _copy_for_index(site_dir, work: Path) -> list[Path]:
    """Write what Pagefind should read of every page of the built site under ``work``, at the same paths
    below one folder per language (``work/en/claims/x/index.html``, ``work/zh-hans/zh/claims/x/index.html``);
    return those folders."""
    root = Path(site_dir)
    made = set()
    for path in root.rglob("*.html"):
        rel = path.relative_to(root)
        if rel.parts[0] == "pagefind":
            continue
        page = for_index(path.read_text(encoding="utf-8"))
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
    import json

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
    import json

    if path.is_file():
        _write_entry(path, json.loads(path.read_text(encoding="utf-8")))


def _write_entry(path: Path, entry: dict) -> None:
    """Write a Pagefind entry with its languages sorted."""
    import json

    if isinstance(entry.get("languages"), dict):
        entry["languages"] = dict(sorted(entry["languages"].items()))
    path.write_text(json.dumps(entry, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


def write(site_dir, part_pages: int | None = None) -> None:
    """Index the built site into site_dir/pagefind/ (Pagefind's command; it raises on failure).

    Each language is indexed by a Pagefind of its own, one after the other, in parts of at most ``part_pages``
    (:data:`PART_PAGES`) pages, so that the build needs the memory of one part at a time; the languages' first
    parts are merged into one bundle (Pagefind indexes each language apart anyway), and the later parts kept
    beside it, named in ``kb-parts.json``."""
    import json

    out = Path(site_dir).resolve() / "pagefind"
    with tempfile.TemporaryDirectory(prefix="kb-search-", dir=_scratch(site_dir)) as work:
        firsts, later = [], {}
        for folder in _copy_for_index(site_dir, Path(work) / "pages"):
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
