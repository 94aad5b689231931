"""Report an error in a claim, or suggest a correction, from its page, in the reader's language (render.report).

The links appear only where the repository's address is known (mkdocs.yml's repo_url or KB_REPO_URL) on a host whose
layout is known, the editor's link only where the branch the site is published from is known too (KB_REPO_BRANCH):
nothing is guessed. The claim pages are rendered here as the build renders them, for each case.
"""
from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import lxml.html
import pytest

from conftest import ROOT
from kb.base import KnowledgeBase
from publish.version import DataVersion
from render import citing, pages, urls
from render.context import Ctx

CID = "gptoss-peak-tpskw-jalapeno"
COMMIT = "0123456789abcdef0123456789abcdef01234567"
NAMES = {"en": "AI inference chips evidence base", "zh": "AI 推理芯片证据库", "zh-hant": "AI 推理晶片證據庫"}
ASKS = {"en": "What is wrong, and which source shows it?", "zh": "哪里有误？", "zh-hant": "哪裡有誤？"}
TITLES = {"en": f"Error in the claim {CID}", "zh": f"论断 {CID} 有误", "zh-hant": f"論斷 {CID} 有誤"}
WORDS = {"en": ("Report an error", "suggest a correction by editing the record"),
         "zh": ("报告错误", "编辑这条记录，提出更正"), "zh-hant": ("回報錯誤", "編輯這筆記錄，提出更正")}


@pytest.fixture(scope="module")
def kb():
    return KnowledgeBase.open(ROOT / "data")


def _links(kb, lang, site, repo, branch=None):
    """The report links of the claim's page in ``lang`` built for ``site`` from ``repo``: {class: (words, href)}."""
    before = citing.SETTINGS
    citing.configure(site, DataVersion(COMMIT, 1795910400, False, repo, branch), NAMES)
    try:
        _, markdown = pages.body(Ctx(kb, lang, urls.page_url("claim", CID, lang)), "claim", CID)
    finally:
        citing.SETTINGS = before
    html = lxml.html.fromstring(markdown.split("{ #record }", 1)[1])
    return {a.get("class"): (a.text_content(), a.get("href")) for a in html.xpath('//p[@class="kb-report"]/a')}


@pytest.mark.parametrize("lang", ["en", "zh", "zh-hant"])
def test_a_claims_page_links_to_a_prefilled_issue_and_its_records_editor(kb, lang):
    found = _links(kb, lang, "https://someone.github.io/evidence/", "https://github.com/someone/evidence", "main")
    words, issue = found["kb-report-issue"]
    assert words == WORDS[lang][0] and found["kb-report-edit"][0] == WORDS[lang][1]
    parts = urlsplit(issue)
    assert (parts.scheme, parts.netloc, parts.path) == ("https", "github.com", "/someone/evidence/issues/new")
    query = parse_qs(parts.query)
    origin = kb.origins[("claims", CID)]
    assert query["title"] == [TITLES[lang]]
    body = query["body"][0]
    assert body.startswith(ASKS[lang]) and f"data/{origin.file}:{origin.line}" in body and COMMIT[:7] in body
    assert f"https://someone.github.io/evidence/{urls.page_url('claim', CID, lang)}" in body
    assert found["kb-report-edit"][1] == f"https://github.com/someone/evidence/edit/main/data/{origin.file}"


def test_other_hosts_their_own_way_and_nothing_guessed(kb):
    gitlab = _links(kb, "en", "https://example.org/", "https://gitlab.com/someone/evidence.git", "trunk")
    issue = urlsplit(gitlab["kb-report-issue"][1])
    assert issue.path == "/someone/evidence/-/issues/new" and "issue[title]" in parse_qs(issue.query)
    assert gitlab["kb-report-edit"][1].startswith("https://gitlab.com/someone/evidence/-/edit/trunk/data/claims/")
    assert set(_links(kb, "en", "https://example.org/", "https://github.com/someone/evidence")) == {"kb-report-issue"}
    assert _links(kb, "en", "https://example.org/", "https://git.example.org/someone/evidence", "main") == {}
    assert _links(kb, "en", "https://example.org/", None, "main") == {}


def test_a_local_builds_issue_names_no_address(kb):
    """A local build's page has no public address: the issue names the claim, its record and the version only."""
    found = _links(kb, "en", "http://127.0.0.1:8000/", "https://github.com/someone/evidence", "main")
    body = parse_qs(urlsplit(found["kb-report-issue"][1]).query)["body"][0]
    assert "127.0.0.1" not in body and "http" not in body and CID in body
