"""Every address the site has published, so that none is ever lost.

An address, once published, is cited somewhere and must keep working.  The
addresses ever published are read from two places, and nobody maintains either
by hand:

* **git history** (:func:`history_urls`): every page that existed at a commit
  of the published branch (``origin/main``, else ``main``, else ``HEAD``;
  ``KB_PUBLISHED_REF`` names another).  A page's address comes from the ids in
  the data files of that commit, through the same id -> address mapping the
  site uses (:func:`kb.paths.page_path`), and from the written pages in
  ``docs/<lang>/``.  Only commits of the published branch count: a claim added
  and renamed again within an unmerged branch was never published.
* **published-urls.txt**: the addresses of the site as it stood when the list
  was started, with every download (``/data/claims.json``…).  It stays as a
  record of them, and is what a shallow clone (``git clone --depth 1``, CI's
  default checkout) still has when the history is cut off.

The tests check that every one still leads to a page: a record's page, or the
page kept at a retired id's address (data/redirects.yml).  ``make urls``
(``python -m render.addresses``) still adds a built site's addresses to the list;
nothing needs it.
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

from kb import kinds, paths
from kb.languages import LANGUAGES, WRITTEN

from .downloads import FILES, FOLDER

LIST = "published-urls.txt"
HEADER = ("# Addresses the site had published when this list was started, relative to its root. Never edit it:\n"
          "# the addresses published since are read from git history (render/addresses.py), and a renamed or\n"
          "# merged record keeps its address through data/redirects.yml.\n")


_LIST_PART = re.compile(rf"(^|/){paths.LIST_PARTS}/\d+/index\.html$")


def site_urls(site_dir: str | Path) -> set[str]:
    """The addresses a built site publishes: its pages and its downloads.  Not 404.html, the search bundle or
    the later parts of a long list (/claims/page/2/), which hold other claims as the list grows: a citation
    names a claim's own page."""
    root = Path(site_dir)
    out = set()
    for p in root.rglob("index.html"):
        rel = p.relative_to(root).as_posix()
        if rel.startswith(paths.SEARCH_INDEX + "/") or _LIST_PART.search(rel):
            continue
        out.add("/" + rel[: -len("index.html")])
    out |= {f"/{FOLDER}{name}" for name in FILES if (root / FOLDER / name).is_file()}
    return out


def resolves(site_dir: str | Path, url: str) -> bool:
    """Whether a site-relative address leads to a file in the built site."""
    path = Path(site_dir) / url.lstrip("/")
    return (path / "index.html").is_file() if url.endswith("/") else path.is_file()


def read(path: str | Path) -> list[str]:
    """The listed addresses, in file order (comments and blank lines skipped)."""
    p = Path(path)
    if not p.is_file():
        return []
    return [ln.strip() for ln in p.read_text(encoding="utf-8").splitlines() if ln.strip() and not ln.startswith("#")]


# --- addresses read from the data and docs of a commit ----------------------------------

PAGE_KINDS = {k.data: k.name for k in kinds.with_pages()}  # data folder of a kind whose records have pages -> kind
RETIRABLE = {k.name for k in kinds.retirable()}  # what a redirect's kind may be
REDIRECTS = kinds.KINDS["redirect"].data
LANGS = tuple(LANGUAGES)  # every site language (kb.languages): a converted one has every page its source has
_ID_LINE = re.compile(r"^([a-z0-9]+(?:-[a-z0-9]+)*):", re.M)  # a record's id: a slug at the start of a line
_REDIRECT_KIND = re.compile(r"^[ \t]+kind:[ \t]*['\"]?([a-z]+)", re.M)


def data_kind(path: str) -> str | None:
    """The kind of record a data file holds ('data/claims/x.yml' -> 'claims'), as kb.load reads the folders:
    ``data/<kind>.yml`` or ``data/<kind>/<file>.yml``."""
    parts = path.split("/")
    if parts[0] != "data" or not path.endswith(".yml"):
        return None
    if len(parts) == 2:
        return parts[1][:-4]
    return parts[1] if len(parts) == 3 else None


def record_urls(kind: str, text: str) -> set[str]:
    """The addresses of the pages of the records in one data file's text, in every language."""
    out = set()
    if kind in PAGE_KINDS:
        pairs = [(PAGE_KINDS[kind], ident) for ident in _ID_LINE.findall(text)]
    elif kind == REDIRECTS:  # a retired id keeps a page at its old address, of the kind it names
        pairs = []
        for m in _ID_LINE.finditer(text):
            k = _REDIRECT_KIND.search(text, m.end())
            if k and k.group(1) in RETIRABLE:
                pairs.append((k.group(1), m.group(1)))
    else:
        return out
    for page_kind, ident in pairs:
        for lang in LANGS:
            out.add("/" + paths.page_path(page_kind, ident, lang))
    return out


def written_urls(path: str) -> set[str]:
    """The addresses of a written page: in its language and in every language converted from it
    ('docs/zh/benchmarks.md' -> '/zh/benchmarks/', '/zh-hant/benchmarks/'; 'docs/en/index.md' -> '/')."""
    parts = path.split("/")
    if len(parts) < 3 or parts[0] != "docs" or parts[1] not in WRITTEN or not path.endswith(".md"):
        return set()
    rel = "/".join(parts[2:])
    return {"/" + paths.written_path(rel, lang) for lang in LANGS if LANGUAGES[lang].source == parts[1]}


def tree_urls(root: str | Path) -> set[str]:
    """The addresses a working tree's data/ and docs/ give pages to (what :func:`history_urls` reads at a commit)."""
    root = Path(root)
    out = set()
    for p in sorted((root / "data").rglob("*.yml")):
        rel = p.relative_to(root).as_posix()
        kind = data_kind(rel)
        if kind:
            out |= record_urls(kind, p.read_text(encoding="utf-8"))
    for p in sorted((root / "docs").rglob("*.md")):
        out |= written_urls(p.relative_to(root).as_posix())
    return out


# --- addresses read from git history -----------------------------------------------------

def _git(repo, *args, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, input=stdin)


def published_ref(repo) -> str | None:
    """The branch the site is published from: KB_PUBLISHED_REF, else origin/main, else main, else HEAD (the first
    that names a commit here)."""
    forced = os.environ.get("KB_PUBLISHED_REF")
    for ref in ([forced] if forced else []) + ["origin/main", "main", "HEAD"]:
        if _git(repo, "rev-parse", "--verify", "--quiet", ref + "^{commit}").returncode == 0:
            return ref
    return None


def is_shallow(repo) -> bool:
    return _git(repo, "rev-parse", "--is-shallow-repository").stdout.strip() == "true"


def history_urls(repo, ref: str | None = None) -> tuple[set[str], int]:
    """Every page address that existed at a commit reachable from ``ref`` (default: :func:`published_ref`), and
    how many commits were read; ``(set(), 0)`` outside a git checkout.

    Each version of a data or docs file existed at the commit that wrote it, so the union over commits is the
    union over every version the history holds: one ``git log --raw`` lists them, one ``git cat-file --batch``
    reads them.  A shallow clone holds only the commits it fetched (the files of its oldest one in full).
    """
    ref = ref or published_ref(repo)
    if ref is None:
        return set(), 0
    # the published branch's own commits: a merged branch's drafts were never published, only what it merged
    log = _git(repo, "log", "--first-parent", "--diff-merges=first-parent", "--root", "--raw", "--no-abbrev", "--no-renames",
               "--format=commit %H", ref, "--", "data", "docs")
    if log.returncode != 0:
        return set(), 0
    commits, blobs = 0, set()  # (blob, path) of every version
    for line in log.stdout.splitlines():
        if line.startswith("commit "):
            commits += 1
        elif line.startswith(":"):
            meta, path = line.split("\t", 1)
            new = meta.split()[3]
            if set(new) != {"0"}:  # not a deletion
                blobs.add((new, path))
    oldest = _git(repo, "rev-list", "--max-parents=0", ref).stdout.split() if is_shallow(repo) else []
    for commit in oldest:  # a shallow clone's boundary commit shows only what it changed: read its whole tree
        tree = _git(repo, "ls-tree", "-r", commit, "--", "data", "docs").stdout
        for line in tree.splitlines():
            meta, path = line.split("\t", 1)
            blobs.add((meta.split()[2], path))
    out = set()
    wanted = []
    for blob, path in sorted(blobs):
        urls = written_urls(path)
        if urls:
            out |= urls
        elif data_kind(path) in PAGE_KINDS or data_kind(path) == REDIRECTS:
            wanted.append((blob, data_kind(path)))
    if wanted:
        batch = subprocess.run(["git", "-C", str(repo), "cat-file", "--batch"], capture_output=True, check=True,
                               input="".join(blob + "\n" for blob, _ in wanted).encode()).stdout
        pos = 0
        for _, kind in wanted:
            header_end = batch.index(b"\n", pos)
            size = int(batch[pos:header_end].split()[2])
            out |= record_urls(kind, batch[header_end + 1: header_end + 1 + size].decode("utf-8", "replace"))
            pos = header_end + 1 + size + 1
    return out, commits


def published(repo, listing: str | Path | None = None) -> set[str]:
    """Every address ever published: the list's, and every page of the published branch's history."""
    repo = Path(repo)
    return set(read(listing or repo / LIST)) | history_urls(repo)[0]


def render(urls: set[str]) -> str:
    return HEADER + "".join(u + "\n" for u in sorted(urls))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render.addresses",
                                     description="Add the addresses of a built site to published-urls.txt (never removes any).")
    parser.add_argument("--site", default="site", help="the built site (default: site)")
    parser.add_argument("--list", default=LIST, help=f"the list to extend (default: {LIST})")
    args = parser.parse_args(argv)
    if not (Path(args.site) / "index.html").is_file():
        print(f"no built site in {args.site}/: run make build first", file=sys.stderr)
        return 2
    listed = set(read(args.list))
    built = site_urls(args.site)
    added = built - listed
    Path(args.list).write_text(render(listed | built), encoding="utf-8")
    gone = sorted(u for u in listed if not resolves(args.site, u))
    print(f"{args.list}: {len(added)} address(es) added, {len(listed | built)} in all")
    for u in gone:
        print(f"  no longer resolves: {u}", file=sys.stderr)
    if gone:
        print("a published address must keep working: restore the page, or record the renamed or merged id in "
              "data/redirects.yml", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
