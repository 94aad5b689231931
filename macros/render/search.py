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
page is not touched; Pagefind reads a copy, in a temporary folder.  The search page
(docs/assets/kb-search.js) turns a Chinese query into the same characters, and into a
phrase when it is one run of Han characters, so that 吞吐量 finds the pages that hold
吞吐量 and no others, with the word marked in each excerpt.  Pagefind gives phrase matches
no ranking: they come in the order it read the pages.

The copy also ends the blocks that Pagefind runs into one another with a space
(``<dt>Kind</dt><dd>news article</dd>`` read as "Kindnews article"), in both languages.
"""
from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

# Han characters: CJK unified ideographs and their extensions, compatibility ideographs, 〇.
HAN = "\u3007\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"
_BESIDE_HAN = re.compile(f"(?<=[{HAN}])|(?=[{HAN}])")
# what is not text: elements whose content is not text, comments, tags (quoted attribute values may hold ">")
_MARKUP = re.compile(r"(<(script|style|textarea)\b.*?</\2\s*>|<!--.*?-->|<(?:[^>\"']|\"[^\"]*\"|'[^']*')*>)",
                     re.S | re.I)
# Blocks whose text Pagefind runs on into the next element's.
_BLOCK_END = re.compile(r"</(?:dt|dd|th|tr|caption|figcaption|blockquote|summary|dl|ol|table|figure|pre|details|aside)>",
                        re.I)
_LANG = re.compile(r"<html\b[^>]*\blang=[\"']?([A-Za-z-]+)", re.I)
ZWSP = "\u200b"


def page_language(html: str) -> str:
    m = _LANG.search(html)
    return m.group(1).lower() if m else ""


def segmented(html: str) -> str:
    """``html`` with a zero-width space beside every Han character of its text (not of its tags or scripts)."""
    parts = _MARKUP.split(html)  # text, markup, its element name (or None), text, …
    for i in range(0, len(parts), 3):
        parts[i] = _BESIDE_HAN.sub(ZWSP, parts[i])
    return "".join(p for i, p in enumerate(parts) if i % 3 != 2 and p)


def for_index(html: str) -> str:
    """A page as Pagefind should read it: blocks apart, and a Chinese page's Han characters apart."""
    html = _BLOCK_END.sub(r"\g<0> ", html)
    return segmented(html) if page_language(html).split("-")[0] == "zh" else html


def _copy_for_index(site_dir, work: Path) -> None:
    """Write every HTML file of the built site under ``work`` as Pagefind should read it."""
    root = Path(site_dir)
    for path in root.rglob("*.html"):
        rel = path.relative_to(root)
        if rel.parts[0] == "pagefind":
            continue
        target = work / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(for_index(path.read_text(encoding="utf-8")), encoding="utf-8")


def write(site_dir) -> None:
    """Index the built site into site_dir/pagefind/ (Pagefind's command; it raises on failure)."""
    out = Path(site_dir).resolve() / "pagefind"
    with tempfile.TemporaryDirectory(prefix="kb-search-") as work:
        _copy_for_index(site_dir, Path(work))
        cmd = [sys.executable, "-m", "pagefind", "--site", work, "--output-path", str(out), "--quiet"]
        result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(result.stderr or result.stdout)
