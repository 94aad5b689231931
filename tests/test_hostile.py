"""Hostile inputs: every one is refused by `kb check` with the rule it breaks, or shown escaped.

The corpus is tests/hostile/cases.yml and the files beside it. Each case adds its files to
the small sound fact base of conftest.MINIMAL and runs `kb check` in a subprocess, with a
memory cap and a time limit, as a contributor would. A case with `expect` must exit 1,
name that rule on a line pointing into one of its own files, and print no traceback. A
case with `render` holds text that is merely odd (HTML, Markdown, template syntax): it
passes `kb check`, and the site built with it must show the text as text.
"""
from __future__ import annotations

import json
import re
import resource
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
import yaml

import site_fixture
from conftest import MINIMAL, write_data
from site_fixture import hostile_site  # noqa: F401  (fixture)

HOSTILE = Path(__file__).resolve().parent / "hostile"
CASES = yaml.safe_load((HOSTILE / "cases.yml").read_text(encoding="utf-8"))
FAILING = [c for c in CASES if "expect" in c]
RENDER = [c for c in CASES if "render" in c]

KB = [sys.executable, "-m", "kb.cli"]
LINE = re.compile(r"^(?P<file>[\w./-]+):(?P<line>\d+):(?P<col>\d+): (?P<rule>[a-z0-9-]+): .+$")
SUMMARY = re.compile(r"^\d+ problem\(s\) found; fix them and run kb check again\.$")
MEMORY_MB = 1024
DEFAULT_SECONDS = 10


def case_files(case: dict, marker: Path) -> dict[str, bytes]:
    """The case's files as bytes, keyed by their path under data/."""
    out = {}
    for rel, name in case["files"].items():
        raw = (HOSTILE / name).read_bytes()
        if case.get("marker"):
            raw = raw.replace(b"{marker}", str(marker).encode())
        if case.get("pad_to_bytes"):
            pad = b"# padding to make the file larger than the reader accepts ................\n"
            raw += pad * (case["pad_to_bytes"] // len(pad) + 1)
        out[rel] = raw
    return out


def kb_check(data: Path, timeout: float) -> tuple[subprocess.CompletedProcess, float]:
    def cap_memory():
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_MB << 20, MEMORY_MB << 20))

    start = time.monotonic()
    out = subprocess.run(KB + ["check", str(data)], capture_output=True, text=True, errors="replace",
                         env={"KB_TODAY": "2026-11-29", "PATH": "/usr/bin:/bin"},
                         preexec_fn=cap_memory, timeout=timeout + 20)
    return out, time.monotonic() - start


@pytest.mark.parametrize("case", FAILING, ids=[c["id"] for c in FAILING])
def test_hostile_input_is_refused_with_its_rule(tmp_path, case):
    marker = tmp_path / "pwned"
    data = write_data(tmp_path, case_files(case, marker))
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
    assert any(rule == case["expect"] and file in case["files"] for file, rule in named), (
        f"expected rule {case['expect']!r} on a line in {sorted(case['files'])}\n{shown}")
    assert not marker.exists(), f"{case['id']}: a YAML tag ran code"


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
    used = {name for c in CASES for name in c["files"].values()}
    on_disk = {p.name for p in HOSTILE.iterdir() if p.name != "cases.yml"}
    assert used - on_disk == set(), "cases name files that do not exist"
    assert on_disk - used == set(), "files no case uses"
    from kb.problems import RULES
    unknown = {c["expect"] for c in FAILING} - set(RULES)
    assert unknown == set(), f"cases expect rules kb does not have: {sorted(unknown)}"
    for c in CASES:
        assert c.get("what"), f"{c['id']} does not say what is hostile about it"
        assert all(rel.split("/")[0] in ("claims", "sources", "entities", "conflicts", "glossary", "units", "metrics")
                   for rel in c["files"]), c["id"]
        assert set(c["files"]).isdisjoint(MINIMAL), f"{c['id']} would replace a file of the base"


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
