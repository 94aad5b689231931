"""What a reader downloads: a page and everything it loads, as a browser would, read from the built files.

A page loads what its HTML names: ``<link rel="stylesheet">``, ``<link rel="icon">``
(and preload/modulepreload links), ``<script src>``, ``<img src>``, ``<source
src>``, ``<iframe src>``, ``<video>``/``<audio>`` sources; a stylesheet loads what
its ``@import`` and ``url(...)`` name (fonts, images; ``data:`` URLs are inline).
Counting every ``url(...)`` of a stylesheet is an upper bound: a browser fetches a
font or background only when something uses it.  Source maps (``.map``) are
fetched only by developer tools and are not counted.

Sizes are given raw and gzip-compressed (level 6, what a web server typically
sends); files that are already compressed (Pagefind's ``.pf_*`` and
``.pagefind`` files, images) are sent as they are.  Anything addressed to
another host is listed as third-party and not counted.
"""
from __future__ import annotations

import gzip
import html
import posixpath
import re
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlsplit

COMPRESSED = (".png", ".jpg", ".jpeg", ".gif", ".webp", ".avif", ".woff", ".woff2", ".pagefind",
              ".pf_meta", ".pf_index", ".pf_fragment", ".pf_filter", ".gz")
_CSS_URL = re.compile(r"""url\(\s*['"]?([^'")]+)['"]?\s*\)|@import\s+['"]([^'"]+)['"]""")


def sizes(path: Path) -> tuple[int, int]:
    """(raw bytes, bytes sent): gzip level 6 for text, as is for compressed formats."""
    data = path.read_bytes()
    if path.name.endswith(COMPRESSED):
        return len(data), len(data)
    return len(data), len(gzip.compress(data, compresslevel=6, mtime=0))


_TAG = re.compile(r"<(link|script|img|iframe|source|video|audio|embed)\b([^>]*)>", re.I)
_ATTR = re.compile(r"""([a-zA-Z][\w:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))""")


def refs(page_html: str) -> list[tuple[str, str]]:
    """(kind, address) of everything a page's HTML makes the browser fetch."""
    out = []
    for m in _TAG.finditer(page_html):
        tag = m.group(1).lower()
        a = {k.lower(): html.unescape(v1 or v2 or v3 or "") for k, v1, v2, v3 in _ATTR.findall(m.group(2))}
        if tag == "link" and a.get("href"):
            rel = a.get("rel", "").lower().split()
            if "stylesheet" in rel:
                out.append(("css", a["href"]))
            elif {"icon", "preload", "modulepreload", "manifest"} & set(rel):
                out.append(("link", a["href"]))
        elif tag != "link" and a.get("src"):
            out.append(("js" if tag == "script" else tag, a["src"]))
    return out


@lru_cache(maxsize=None)
def _asset_sizes(path: str) -> tuple[int, int]:
    return sizes(Path(path))


def _third_party(url: str) -> bool:
    parts = urlsplit(url)
    return bool(parts.scheme and parts.scheme not in ("data",)) or url.startswith("//")


def _resolve(site: Path, base_url: str, ref: str) -> str | None:
    """Site-relative path of ``ref`` seen on a page (or in a file) at site-relative ``base_url``."""
    ref = ref.split("#", 1)[0].split("?", 1)[0]
    if not ref or ref.startswith("data:"):
        return None
    if ref.startswith("/"):
        path = posixpath.normpath(ref.lstrip("/"))
    else:
        base = base_url if base_url.endswith("/") or base_url == "" else posixpath.dirname(base_url) + "/"
        path = posixpath.normpath(posixpath.join(base, ref))
    if (site / path).is_dir():
        path = posixpath.join(path, "index.html")
    return path


def page_file(url: str) -> str:
    return url + "index.html" if url.endswith("/") or url == "" else url


def visit(site: Path, url: str) -> dict:
    """Everything a first visit to ``url`` (site-relative, '' for the home page) fetches."""
    html_path = page_file(url)
    files: dict[str, tuple[int, int]] = {html_path: sizes(site / html_path)}
    third, missing = [], []
    queue = [(kind, ref, url) for kind, ref in refs((site / html_path).read_text(encoding="utf-8"))]
    while queue:
        kind, ref, base = queue.pop(0)
        if _third_party(ref):
            third.append(ref)
            continue
        path = _resolve(site, base, ref)
        if path is None or path in files:
            continue
        if not (site / path).is_file():
            missing.append(path)
            continue
        files[path] = _asset_sizes(str(site / path))
        if path.endswith(".css"):
            text = (site / path).read_text(encoding="utf-8", errors="replace")
            for m in _CSS_URL.finditer(text):
                queue.append(("css-ref", m.group(1) or m.group(2), path))
    return {
        "url": "/" + url,
        "html": files[html_path],
        "first": (sum(r for r, _ in files.values()), sum(g for _, g in files.values())),
        "second": files[html_path],
        "files": files,
        "third_party": sorted(set(third)),
        "missing": missing,
    }


def html_pages(site: Path) -> list[str]:
    """Site-relative urls of every HTML page (directory urls for index.html)."""
    out = []
    for p in site.rglob("*.html"):
        rel = p.relative_to(site).as_posix()
        out.append(rel[: -len("index.html")] if rel.endswith("index.html") else rel)
    return sorted(out)


_CLAIM_PAGE = re.compile(r"^(?:[a-z]{2}/)?claims/[^/]+/$")


def is_claim_page(url: str) -> bool:
    """A claim's own page (not the index of claims)."""
    return bool(_CLAIM_PAGE.match(url))


def largest(site: Path, prefix: str = "", *, under: str | None = None) -> tuple[str, int]:
    """The largest HTML page (raw bytes) whose url starts with ``prefix``."""
    best = ("", -1)
    for url in html_pages(site):
        if not url.startswith(prefix) or (under and under not in url):
            continue
        n = (site / page_file(url)).stat().st_size
        if n > best[1]:
            best = (url, n)
    return best
