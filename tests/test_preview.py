"""`make preview` (sitebuild/preview.py): after a saved change, the pages it rebuilds are the pages a full build writes.

One preview session over a copy of data/: a whole build; then a change that the check refuses (the
preview must stop and say where, file:line:column: rule, leaving the site as it was); then one the
check accepts but a written page's macro cannot show (the preview must stop, name the page and the
error, and take back what its first step wrote); then a change to one claim's figure that passes.  After that change the preview's first build writes the changed records' own pages, its
second every page the change touches.  The changed copy is also built with ``mkdocs build`` as the
suite does (from a second copy of data/ changed the same way, queued with the session's other builds so
that it runs beside the preview; the test checks that both copies end up byte for byte the same), and
the test compares:

* the claim's page in each language, as the first build wrote it, with the full build's: identical;
* every file of the preview's site with the full build's: identical, except what a preview leaves
  as its last whole build wrote it: the search index (pagefind/, rebuilt only by whole builds) and
  the sitemap (a partial build's sitemap would list only its own pages).

The claim is the one the issue names: ``gptoss-peak-tpskw-jalapeno``, 85,448 tok/s/kW, whose change
also moves a derived ratio (``gptoss-peak-tpskw-ratio``).
"""
from __future__ import annotations

import hashlib
import re
import shutil
from pathlib import Path

import pytest
import yaml
from site_fixture import LANGS, ROOT, begin, register_build, workdir

from sitebuild import preview

CLAIM = "gptoss-peak-tpskw-jalapeno"
DERIVED = "gptoss-peak-tpskw-ratio"
QUOTED = "summary-e2e-ratio-range"  # a claim only written pages cite (docs/*/index.md), in the same file
FILE = Path("claims/benchmarks.yml")
OLD, NEW = "value: 85448", "value: 85449"
IGNORED = ("pagefind/", "sitemap.xml")  # left as the preview's last whole build wrote them (see above)


def _page(site: Path, lang: str, cid: str = CLAIM) -> Path:
    return site / ("" if lang == "en" else f"{lang}/") / "claims" / cid / "index.html"


def _files(site: Path) -> dict[str, Path]:
    return {p.relative_to(site).as_posix(): p for p in site.rglob("*") if p.is_file()}


def _contents(site: Path) -> dict[str, bytes]:
    return {rel: hashlib.sha256(p.read_bytes()).digest() for rel, p in _files(site).items()}


def _correct(data: Path, text: str) -> None:
    """Change the figure in the data folder ``data`` as a corrected source would have it: the sources'
    words first, then the claims (``text``: the claims file as data/ has it)."""
    for words in (data / "snapshots").glob("*.txt"):
        words.write_text(words.read_text(encoding="utf-8").replace("85,448", "85,449"), encoding="utf-8")
    (data / FILE).write_text(text.replace(OLD, NEW).replace("85,448", "85,449"), encoding="utf-8")


def _changed_copy(tmp_path_factory):
    data = workdir("preview-full-data") / "data"
    shutil.copytree(ROOT / "data", data)
    _correct(data, (data / FILE).read_text(encoding="utf-8"))
    return ROOT / "mkdocs.yml", data, ROOT / "docs"


# Neither build's search index is compared (IGNORED), so neither writes one (sitebuild.search.wanted).
NO_INDEX = {"KB_SEARCH_INDEX": "0"}
register_build("preview_full", _changed_copy, env=NO_INDEX)


@pytest.fixture(scope="module")
def preview_full(request):
    """The whole build of the changed copy, started (not waited for): call it for the site."""
    return begin("preview_full", request)


@pytest.fixture(scope="module")
def session(tmp_path_factory, preview_full):
    tmp = tmp_path_factory.mktemp("preview")
    data = tmp / "data"
    shutil.copytree(ROOT / "data", data)
    mp = pytest.MonkeyPatch()
    mp.setenv("KB_DATA_DIR", str(data))
    mp.setenv("NO_MKDOCS_2_WARNING", "1")
    builds = pytest.MonkeyPatch()  # while the preview builds, and not while other tests run in this process
    for k, v in NO_INDEX.items():
        builds.setenv(k, v)
    try:
        p = preview.Preview(ROOT / "mkdocs.yml", tmp / "site", work=tmp / "work")
        first = p.full()
        assert first.ok, first.problems
        before = {lang: _page(p.site_dir, lang).read_bytes() for lang in LANGS}
        whole = _contents(p.site_dir)

        text = (data / FILE).read_text(encoding="utf-8")
        assert text.count(OLD) == 1
        record = text.index(f"\n{CLAIM}:")
        tier = text.index("  tier: vendor-self-report", record)
        (data / FILE).write_text(text[:tier] + "  tier: no-such-tier" + text[tier + len("  tier: vendor-self-report"):],
                                 encoding="utf-8")
        refused = p.update()
        after_refusal = _contents(p.site_dir)

        # The check accepts this one, but a written page cannot show it: docs/*/index.md cite the claim renamed.
        assert text.count(f"\n{QUOTED}:") == 1
        (data / FILE).write_text(text.replace(f"\n{QUOTED}:", f"\n{QUOTED}-renamed:"), encoding="utf-8")
        macro = p.update()
        after_macro = _contents(p.site_dir)

        _correct(data, text)
        shown = {}
        results = p.update(lambda r: shown.setdefault(r.mode, {lang: _page(p.site_dir, lang).read_bytes()
                                                               for lang in LANGS}))
        builds.undo()
        built = preview_full()
        assert _contents(built.data) == _contents(data)  # the full build read the very data the preview did
        full = built.root
        yield {"preview": p, "before": before, "whole": whole, "refused": refused, "after_refusal": after_refusal,
               "macro": macro, "after_macro": after_macro,
               "results": results, "shown": shown, "full": full}
    finally:
        builds.undo()
        mp.undo()


def test_a_refused_change_stops_the_preview_with_file_line_and_rule(session):
    results = session["refused"]
    assert [r.ok for r in results] == [False]  # the data does not open: no first build, the changed build stops
    problems = "\n".join(results[0].problems)
    assert re.search(r"claims/benchmarks\.yml:\d+:\d+: unknown-reference: .*no-such-tier", problems), problems
    assert session["after_refusal"] == session["whole"]  # the site is as it was, file for file


def test_a_macro_error_stops_the_preview_with_the_page_and_the_error_and_undoes_the_first_build(session):
    results = session["macro"]
    # the renamed claim's own pages build (the first step renders no written page); the second step stops
    assert [(r.mode, r.ok) for r in results] == [(preview.FIRST, True), (preview.CHANGED, False)]
    assert ("en", "claim", f"{QUOTED}-renamed") in results[0].pages
    problems = "\n".join(results[1].problems)
    assert re.search(rf"index\.md.*{QUOTED}|{QUOTED}.*index\.md", problems, re.S), problems
    assert "a macro failed (exit status 100)" in problems
    assert session["after_macro"] == session["whole"]  # what the first step wrote is gone again


def test_first_the_changed_records_pages_then_every_page_the_change_touches(session):
    results = session["results"]
    assert [(r.mode, r.ok) for r in results] == [(preview.FIRST, True), (preview.CHANGED, True)]
    first, changed = results
    first_pages = {(lang, ident) for lang, kind, ident in first.pages if kind == "claim"}
    # the claim, and the claims computed from it, in both languages; no written page yet
    assert {(lang, cid) for lang in LANGS for cid in (CLAIM, DERIVED)} <= first_pages
    # ... and the other claims that quote the corrected line, or show a figure that moved: a few records, not the site
    quoting = {cid for path in (ROOT / "data" / "claims").glob("*.yml")
               for cid, c in yaml.safe_load(path.read_text(encoding="utf-8")).items()
               if any("85,448" in (cit.get("quote") or "") for cit in c.get("citations") or [])}
    assert len(first.pages) <= len(LANGS) * (len(quoting) + 4) and first.written == 0
    # then every page whose text shows it: here more generated pages, and every written page again
    assert set(first.pages) < set(changed.pages)
    assert ("en", "entity", "jalapeno") in changed.pages
    # every written page, in every language (a converted one builds its source language's pages)
    assert changed.written == len(LANGS) * len(list((ROOT / "docs" / "en").rglob("*.md"))) > 30
    assert not changed.frame_changed


def test_the_first_build_writes_the_claim_page_a_full_build_writes(session):
    shown, full = session["shown"], session["full"]
    for lang in LANGS:
        built = _page(full, lang).read_bytes()
        assert b'value="85449"' in built and b'value="85448"' not in built
        assert shown[preview.FIRST][lang] == built, f"{lang}: the preview's claim page differs from the full build's"
        assert shown[preview.FIRST][lang] != session["before"][lang]


def test_after_the_change_the_preview_site_is_the_full_build_but_search_and_sitemap(session):
    site, full = session["preview"].site_dir, session["full"]
    ours, theirs = _files(site), _files(full)
    compared = [rel for rel in theirs if not rel.startswith(IGNORED)]
    assert {rel for rel in ours if not rel.startswith(IGNORED)} - set(theirs) == set()  # nothing left over
    missing = [rel for rel in compared if rel not in ours]
    differ = [rel for rel in compared if rel in ours and ours[rel].read_bytes() != theirs[rel].read_bytes()]
    assert not missing and not differ, f"missing: {missing[:5]}; differ: {differ[:5]}"
    pages = [rel for rel in compared if rel.endswith(".html")]
    assert len(pages) > 800  # both languages, every page
    assert any(rel.endswith("provenance.en.json") for rel in compared)


def test_outside_a_preview_every_page_is_built_and_indexed():
    assert preview._SESSION is None
    assert preview.wanted("en", "claim", CLAIM, "anything") and preview.indexing()
    assert list(preview.considered(iter([("claim", CLAIM)]))) == [("claim", CLAIM)]
