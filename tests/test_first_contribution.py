"""A first contribution that `kb check` accepts passes every rule the suite holds the site's pages to.

The contribution is the one CONTRIBUTING.md teaches (tests/first_contribution): a new source with its own
snapshot, written in English, and one claim citing it with a verbatim quote and a Chinese translation.  The
suite commits it on a fresh clone of the project and builds that clone (the pull request's build,
tests/site_fixture.py).  Every page the contribution adds or changes is then held, in every language, to the
checks the suite makes of the real site's pages: its citations (the quote, the translation marked as the
contributors', how it was checked), the source's page, every figure against the data, links and anchors, the
sweep's checks (the layout a phone needs, among them), and the downloads.

Such a contribution once passed `kb check` and failed `make test` in both Chinese editions: the suite
expected a space after the Chinese label of a translation, where Chinese writes none after its full-width
colon (贡献者译文：首批…), and no quote from an English source had carried a Chinese translation before.
"""
from __future__ import annotations

import json
import subprocess

import pytest
import yaml

from integrity import checks
from integrity.langs import LANGS
from site_fixture import CONTRIBUTION, SWEEP, pull_request_site  # noqa: F401  (fixture)
import layout_fixture  # noqa: F401  (the sweep's layout check)
from test_site_checked import _check_citations, _check_source_page

CLAIMS = yaml.safe_load((CONTRIBUTION / "data" / "claims" / "first-pr.yml").read_text(encoding="utf-8"))
SOURCES = yaml.safe_load((CONTRIBUTION / "data" / "sources" / "first-pr.yml").read_text(encoding="utf-8"))
(CLAIM,) = CLAIMS
(SOURCE,) = SOURCES


@pytest.fixture(scope="module")
def contributed(pull_request_site):
    return pull_request_site


def _touched(s) -> list[str]:
    """Every page the contribution adds or changes, in every language: its claim, its source, the claim's
    subject, the claim's tier, and the lists of claims and sources that hold them."""
    subject, tier = CLAIMS[CLAIM]["subject"], CLAIMS[CLAIM]["tier"]
    pages = []
    for lang in LANGS:
        pages += [s.url("claim", CLAIM, lang), s.url("source", SOURCE, lang), s.url("entity", subject, lang),
                  s.url("tier", tier, lang), s.url("claim", None, lang), s.url("source", None, lang)]
    return pages


def test_the_contribution_is_a_commit_on_a_fresh_clone_and_every_page_shows_it(contributed):
    project = contributed.data.parent
    head = subprocess.run(["git", "-C", str(project), "rev-parse", "HEAD"], capture_output=True, text=True,
                          check=True).stdout.strip()
    added = subprocess.run(["git", "-C", str(project), "show", "--name-only", "--format=", "HEAD"],
                           capture_output=True, text=True, check=True).stdout.split()
    assert {"data/claims/first-pr.yml", "data/sources/first-pr.yml", "data/snapshots/practice-note.txt"} <= set(added)
    for url in _touched(contributed):
        assert contributed.exists(url), f"/{url} was not built"
        version = contributed.tree(url).xpath("//*[@data-commit]")
        assert version and version[0].get("data-commit") == head, f"/{url} does not name the pull request's commit"


@pytest.mark.parametrize("lang", LANGS)
def test_its_citation_shows_the_quote_the_contributors_translation_and_the_check(contributed, lang):
    assert _check_citations(contributed, CLAIM, lang) == len(CLAIMS[CLAIM]["citations"]) == 1


@pytest.mark.parametrize("lang", LANGS)
def test_its_source_page_says_where_the_source_can_be_read(contributed, lang):
    _check_source_page(contributed, SOURCE, lang)


def test_every_figure_and_link_on_the_pages_it_touches_is_sound(contributed):
    corpus, facts = contributed.corpus, contributed.facts
    problems, figures = [], 0
    own = {contributed.url(kind, ident, lang) for kind, ident in (("claim", CLAIM), ("source", SOURCE)) for lang in LANGS}
    for url in _touched(contributed):
        page = corpus.page(url)
        figures += len(page.figures)
        problems += checks.figure_problems(page, facts) + checks.orphan_problems(page)
        if url in own:  # a list page shows the names of the build's hostile records too, template text and all
            problems += checks.soundness_problems(page, corpus)
    assert problems == [], "\n".join(problems)
    shown = [f for url in _touched(contributed) for f in corpus.page(url).figures if f.claim == CLAIM]
    assert len(shown) >= 2 * len(LANGS) and figures > len(shown)


def test_the_pages_it_touches_pass_every_check_of_the_sweep(contributed):
    swept = contributed.sweep
    problems = [p for name in SWEEP for url in _touched(contributed) for p in swept[name][url].problems]
    assert problems == [], "\n".join(problems)
    assert len(SWEEP) >= 1


def test_the_downloads_carry_it(contributed):
    claims = json.loads((contributed.root / "data" / "claims.json").read_text(encoding="utf-8"))
    sources = json.loads((contributed.root / "data" / "sources.json").read_text(encoding="utf-8"))
    assert any(row["id"] == CLAIM for row in claims)
    assert SOURCE in json.dumps(sources)
    problems, seen = checks.export_problems(contributed.root, contributed.facts)
    assert problems == [] and seen
