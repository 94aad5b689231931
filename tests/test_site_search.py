"""Search works offline in each language, finds Chinese words, and prefers the reader's language."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from site_fixture import LANG_TAGS, site  # noqa: F401  (fixture)

SCRIPT = Path(__file__).with_name("pagefind_search.mjs")


def test_each_language_has_its_own_index(site):
    # Pagefind names each index by its pages' <html lang>, lowercased ("zh-hans"); its search script picks
    # the index by the lang of the page it runs on.
    entry = json.loads((site.root / "pagefind" / "pagefind-entry.json").read_text())
    assert {tag.lower() for tag in LANG_TAGS.values()} <= set(entry["languages"])
    assert all(v["page_count"] > len(site.kb.claims) for v in entry["languages"].values())


def test_search_page_loads_the_local_index(site):
    for url in ("search/", "zh/search/"):
        soup = site.soup(url)
        box = soup.select_one("#kb-search[data-bundle]")
        assert box is not None
        assert site.resolve(url, box["data-bundle"]) == "pagefind/"
        assert [s for s in soup.select("script[src]") if s["src"].endswith("pagefind/pagefind-ui.js")]


def _search(site, lang, *terms):
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed; the index is still built and checked above")
    out = subprocess.run([node, str(SCRIPT), str(site.root), LANG_TAGS[lang], *terms], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_chinese_search_finds_chinese_words_on_chinese_pages_only(site):
    found = _search(site, "zh", "吞吐量", "延迟")
    for term, urls in found.items():
        assert urls, f"nothing found for {term}"
        assert all(u.startswith("/zh/") for u in urls), term
    assert "/zh/benchmarks/" in found["延迟"]


def test_english_search_stays_on_english_pages(site):
    found = _search(site, "en", "throughput", "latency")
    for term, urls in found.items():
        assert urls, f"nothing found for {term}"
        assert not [u for u in urls if u.startswith("/zh/")], term
    assert "/benchmarks/" in found["latency"]
