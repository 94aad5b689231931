"""Every address the site has published, kept in published-urls.txt so that none is ever lost.

The list holds site-relative addresses, one a line, sorted: every page
(``/claims/<id>/``, ``/zh/claims/<id>/``, the written pages…) and every download
(``/data/claims.json``…).  The tests check each build against it: every listed
address must still lead to a page (a record's page, or the page kept at a
retired id's address), and every page must be listed.

``make urls`` (``python -m render.cite_urls``) adds the addresses of a freshly
built site to the list.  It never removes one: an address, once published, is
cited somewhere and must keep working.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .cite_data import FILES, FOLDER

LIST = "published-urls.txt"
HEADER = ("# Every address the site has published, relative to its root. Never remove a line: a renamed or\n"
          "# merged record keeps its address through data/redirects.yml. Add new ones with: make urls\n")


def site_urls(site_dir: str | Path) -> set[str]:
    """The addresses a built site publishes: its pages (not 404.html or the search bundle) and its downloads."""
    root = Path(site_dir)
    out = set()
    for p in root.rglob("index.html"):
        rel = p.relative_to(root).as_posix()
        if rel.startswith("pagefind/"):
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


def render(urls: set[str]) -> str:
    return HEADER + "".join(u + "\n" for u in sorted(urls))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render.cite_urls",
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
