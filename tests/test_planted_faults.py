"""Each integrity check reports the fault it exists for, in words a reader could act on.

Faults are planted three ways, each as cheaply as it can be:

* in the documents of the pull request's build (tests/site_fixture.py,
  ``planted_site``, which the suite builds anyway): a figure typed into a page
  in each language, a page written in one language only, a figure shown in one
  language only (and one that says why in its front matter, which must pass), a
  broken anchor, a leaked ``{{``, a page nothing links to;
* in a copy of the real site's HTML (``broken_site``, no build): a figure's
  text or value changed, a number in a chart label with no claim and one with a
  wrong value, an unknown claim id, macro error text, a missing ``<title>``, a
  link to nowhere, a page deleted in one language, a download that disagrees;
* in a copy of the data, read against the real site's pages: a value changed
  in the data, so the page shows stale text.

Each test then calls the same check function the real suite uses and asserts
that the fault is reported, and that the same report is absent from the real
site (so the check is seeing the planted fault, not something already there).
"""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from integrity import checks
from integrity.expected import all_pages, english_pages
from integrity.facts import Facts
from integrity.html import Corpus
import site_fixture
from site_fixture import ROOT, site, workdir  # noqa: F401  (fixture)

# --- faults in the documents, one build -----------------------------------------------------------------

APPEND = {
    "en/timeline.md": "\n\nThe chip reached its first customer 42 days early.\n",
    "zh/timeline.md": "\n\n芯片提前三个月交付给了第一个客户。\n",
    "en/glossary.md": '\n\nThe best-known figure: {{ fig("gptoss-e2e-jalapeno") }}.\n',
    "en/about.md": '\n\nThe best-known figure: {{ fig("gptoss-e2e-jalapeno") }}.\n',
    "en/benchmarks.md": "\n\n[The timeline](timeline.md#no-such-anchor)\n",
    "zh/benchmarks.md": '\n\n{% raw %}{{ fig("gptoss-e2e-jalapeno") }}{% endraw %}\n',
}
PREPEND = {
    "en/about.md": "---\nparity:\n  differs: The English page shows one more figure, as an example.\n---\n",
}
REMOVE = ["zh/industry.md"]
NEW = {
    "en/planted-unlinked.md": "# A page nothing links to\n\nNo navigation entry, no link.\n",
    "zh/planted-unlinked.md": "# 没有任何链接指向的页面\n\n不在导航中，也没有链接。\n",
}
def _plant_in_documents(root: Path) -> None:
    docs = root / "docs"
    for rel, text in PREPEND.items():
        path = docs / rel
        path.write_text(text + path.read_text(encoding="utf-8"), encoding="utf-8")
    for rel, text in APPEND.items():
        with (docs / rel).open("a", encoding="utf-8") as fh:
            fh.write(text)
    for rel in REMOVE:
        (docs / rel).unlink()
    for rel, text in NEW.items():
        (docs / rel).write_text(text, encoding="utf-8")


site_fixture.PULL_REQUEST_CHANGES.append(_plant_in_documents)


@pytest.fixture(scope="session")
def planted_site(request):
    """The pull request's build (tests/site_fixture.py), which carries the faults planted above."""
    return site_fixture.built("pull_request_site", request)


site_fixture.READS["planted_site"] = "pull_request_site"


def _problems(s, check: str, url: str) -> list[str]:
    corpus, facts = s.corpus, s.facts
    if check == "orphans":
        return checks.orphan_problems(corpus.page(url))
    if check == "figures":
        return checks.figure_problems(corpus.page(url), facts)
    if check == "soundness":
        return checks.soundness_problems(corpus.page(url), corpus)
    if check == "parity":
        return checks.parity_problems(url, corpus, s.docs)
    if check == "reachability":
        return [] if url in checks.reachable(corpus) else [f"{url} · no link leads here from the home pages"]
    raise KeyError(check)


DOC_FAULTS = [
    # (what was planted, check, page, what the report must say)
    ("typed Arabic figure, English", "orphans", "timeline/", r"^timeline/ · figure 42 in .* “.*42 days early"),
    ("typed Chinese figure, Chinese", "orphans", "zh/timeline/", r"^zh/timeline/ · figure 三个 in .*提前三个月"),
    ("page written in English only", "parity", "industry/",
     r"^zh/industry/ · (the page is missing|shows the text of another language)"),
    ("figure shown in one language", "parity", "glossary/",
     r"^zh/glossary/ · does not show gptoss-e2e-jalapeno, which glossary/ shows"),
    ("broken anchor", "soundness", "benchmarks/", r"^benchmarks/ · link \.\./timeline/#no-such-anchor: timeline/ has no anchor"),
    ("leaked template", "soundness", "zh/benchmarks/", r"^zh/benchmarks/ · template or macro text '\{\{' reached the page"),
    ("page nothing links to", "reachability", "planted-unlinked/", r"^planted-unlinked/ · no link leads here"),
    ("page nothing links to, Chinese", "reachability", "zh/planted-unlinked/", r"^zh/planted-unlinked/ · no link"),
]


@pytest.mark.parametrize("fault,check,url,report", DOC_FAULTS, ids=[f[0] for f in DOC_FAULTS])
def test_a_fault_planted_in_the_documents_is_reported(planted_site, site, fault, check, url, report):
    planted = _problems(planted_site, check, url)
    assert any(re.search(report, p) for p in planted), f"{fault}: not reported; the check said:\n" + "\n".join(planted)
    if site.corpus.exists(url):
        assert not any(re.search(report, p) for p in _problems(site, check, url)), f"{fault}: already on the real site"


def test_a_page_that_says_why_it_differs_passes(planted_site):
    """about.md shows a figure in English only, and says so in its front matter: no parity problem."""
    assert "gptoss-e2e-jalapeno" in planted_site.corpus.page("about/").claims_shown
    assert "gptoss-e2e-jalapeno" not in planted_site.corpus.page("zh/about/").claims_shown
    assert checks.declared_difference(planted_site.docs, "about/")
    assert not [p for p in checks.parity_problems("about/", planted_site.corpus, planted_site.docs)
                if "does not show" in p]


def test_the_planted_build_is_swept_like_the_real_one(planted_site):
    """The planted pages are among those the sweeping cases would check (the expected-page list reads the
    documents, so a new page is a new case)."""
    expected = set(all_pages(planted_site.docs, planted_site.facts))
    assert {"planted-unlinked/", "zh/planted-unlinked/"} <= expected
    assert "industry/" in english_pages(planted_site.docs, planted_site.facts)


# --- faults in a copy of the built HTML -----------------------------------------------------------------

def _edit(root: Path, url: str, old: str, new: str, count: int = 1) -> None:
    path = root / url / "index.html" if url.endswith("/") or url == "" else root / url
    html = path.read_text(encoding="utf-8")
    assert old in html, f"{url}: cannot plant a fault, {old!r} is not in the page"
    path.write_text(html.replace(old, new, count), encoding="utf-8")


SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{}</svg>'


@pytest.fixture(scope="session")
def broken_site(site):
    """A copy of the real site's HTML with one fault per page (search bundle left out)."""
    root = workdir("broken-site") / "site"
    shutil.copytree(site.root, root, ignore=shutil.ignore_patterns("pagefind"))
    _edit(root, "zh/claims/gptoss-e2e-jalapeno/", ">1.03</data>", ">1.04</data>")
    _edit(root, "claims/gptoss-e2e-jalapeno/", 'value="1.03"', 'value="1.3"')
    _edit(root, "claims/gptoss-e2e-gb200/", "</article>", SVG.format("<text>42</text>") + "</article>")
    _edit(root, "zh/claims/gptoss-e2e-gb200/", "</article>",
          SVG.format('<text data-claim="gptoss-e2e-gb200" data-value="1.8">1.8 秒</text>') + "</article>")
    _edit(root, "industry/", "</article>", '<p><data value="7" data-claim="no-such-claim">7</data></p></article>')
    _edit(root, "about/", "</article>", "<p>Macro Rendering Error</p></article>")
    html = (root / "zh/about/index.html").read_text(encoding="utf-8")
    (root / "zh/about/index.html").write_text(re.sub(r"<title>.*?</title>", "", html, flags=re.S), encoding="utf-8")
    _edit(root, "timeline/", "</article>", '<p><a href="../no-such-page/">more</a></p></article>')
    shutil.rmtree(root / "zh/tiers/commentary")
    data_page = root / "zh/data/index.html"  # the data version dated by another day than its commit's
    html, n = re.subn(r'<time datetime="[0-9-]+" data-kb-version="">', '<time datetime="1999-01-02" data-kb-version="">',
                      data_page.read_text(encoding="utf-8"))
    assert n, "zh/data/: cannot plant a fault, the page shows no data version date"
    data_page.write_text(html, encoding="utf-8")
    _edit(root, "data/", "</article>", '<p><time datetime="1999-01-03">3 January 1999</time></p></article>')
    claims_json = root / "data" / "claims.json"
    if claims_json.is_file():
        records = json.loads(claims_json.read_text(encoding="utf-8"))
        for r in records:
            if r["id"] == "gptoss-e2e-jalapeno":
                r["value_text"] = "1.3"
        claims_json.write_text(json.dumps(records, ensure_ascii=False), encoding="utf-8")
    return root


HTML_FAULTS = [
    ("figure text changed", "figures", "zh/claims/gptoss-e2e-jalapeno/",
     r"^zh/claims/gptoss-e2e-jalapeno/ · gptoss-e2e-jalapeno: shown 1\.04, data 1\.03$"),
    ("figure value changed", "figures", "claims/gptoss-e2e-jalapeno/",
     r"^claims/gptoss-e2e-jalapeno/ · gptoss-e2e-jalapeno: value 1\.3, data 1\.03$"),
    ("number in a chart label", "figures", "claims/gptoss-e2e-gb200/",
     r"^claims/gptoss-e2e-gb200/ · chart label “42”: shows a figure but carries no data-claim$"),
    ("chart label with a wrong value", "figures", "zh/claims/gptoss-e2e-gb200/",
     r"^zh/claims/gptoss-e2e-gb200/ · chart label “1\.8 秒” · gptoss-e2e-gb200: value 1\.8, data 1\.80$"),
    ("data version misdated", "figures", "zh/data/",
     r"^zh/data/ · data version date 1999-01-02: the data's last commit is dated \d{4}-\d{2}-\d{2}$"),
    ("date of no record", "figures", "data/", r"^data/ · date 1999-01-03: no record in the data has this date$"),
    ("unknown claim", "figures", "industry/", r"^industry/ · no-such-claim: no claim 'no-such-claim' in the data"),
    ("macro error text", "soundness", "about/", r"^about/ · template or macro text 'Macro Rendering Error'"),
    ("no title", "soundness", "zh/about/", r"^zh/about/ · the page has no <title>$"),
    ("link to nowhere", "soundness", "timeline/", r"^timeline/ · link \.\./no-such-page/ leads nowhere"),
    ("page deleted in one language", "parity", "tiers/commentary/", r"^zh/tiers/commentary/ · the page is missing"),
]


@pytest.mark.parametrize("fault,check,url,report", HTML_FAULTS, ids=[f[0] for f in HTML_FAULTS])
def test_a_fault_planted_in_the_html_is_reported(site, broken_site, fault, check, url, report):
    corpus = Corpus(broken_site)
    page = corpus.page(url) if corpus.exists(url) else None
    planted = {
        "figures": lambda: checks.figure_problems(page, site.facts),
        "soundness": lambda: checks.soundness_problems(page, corpus),
        "parity": lambda: checks.parity_problems(url, corpus, site.docs),
    }[check]()
    assert any(re.search(report, p) for p in planted), f"{fault}: not reported; the check said:\n" + "\n".join(planted)
    real = _problems(site, check, url)
    assert not any(re.search(report, p) for p in real), f"{fault}: already on the real site"


def test_a_download_that_disagrees_with_the_data_is_reported(site, broken_site):
    if not (broken_site / "data" / "claims.json").is_file():
        pytest.skip("the build writes no site/data/claims.json yet")
    problems, checked = checks.export_problems(broken_site, site.facts)
    assert "data/claims.json" in checked
    assert "data/claims.json · gptoss-e2e-jalapeno: value_text 1.3, data 1.03" in problems
    assert "data/claims.json · gptoss-e2e-jalapeno: value_text 1.3, data 1.03" not in \
        checks.export_problems(site.root, site.facts)[0]


# --- a fault in a copy of the data ----------------------------------------------------------------------

def test_a_value_changed_in_the_data_shows_as_stale_on_the_page(site):
    data = workdir("changed-data") / "data"
    shutil.copytree(site.data, data)
    for path in (data / "claims").glob("*.yml"):
        text = path.read_text(encoding="utf-8")
        changed = re.sub(r"(?m)^(gptoss-e2e-jalapeno:\n(?:  .*\n)*?  value: )1\.03$", r"\g<1>1.04", text)
        if changed != text:
            path.write_text(changed, encoding="utf-8")
            break
    else:
        pytest.fail("gptoss-e2e-jalapeno's value 1.03 was not found in data/claims/")
    facts = Facts(data)
    assert str(facts.claims["gptoss-e2e-jalapeno"]["value"]) == "1.04"
    for lang in ("en", "zh"):
        url = ("zh/" if lang == "zh" else "") + "claims/gptoss-e2e-jalapeno/"
        problems = checks.figure_problems(site.corpus.page(url), facts)
        assert f"{url} · gptoss-e2e-jalapeno: shown 1.03, data 1.04" in problems
        assert f"{url} · gptoss-e2e-jalapeno: value 1.03, data 1.04" in problems
