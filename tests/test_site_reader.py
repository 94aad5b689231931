"""Every claim's page, in every language, as a reader sees its topics and its evidence (tests/integrity/reader.py),
and every row of the conflicts tables leads to its conflict's page."""
from __future__ import annotations

import posixpath

import yaml

from integrity import langs, reader
from site_fixture import LANGS, ROOT, site  # noqa: F401  (fixture)


def _tag_names(lang: str) -> dict[str, str]:
    tags = yaml.safe_load((ROOT / "data" / "tags.yml").read_text(encoding="utf-8"))
    return {tid: langs.text(t["name"], lang) for tid, t in tags.items()}


def test_every_claim_page_names_its_topics_and_shows_the_quote_first(site):
    found, seen, topics = [], 0, 0
    for lang in LANGS:
        names = _tag_names(lang)
        for cid, claim in site.kb.claims.items():
            url = site.url("claim", cid, lang)
            tree = site.tree(url)
            found += [f"{url}: {p}" for p in reader.problems(tree, lang, names)]
            seen += 1
            topics += bool(claim.tags)
    assert seen == len(LANGS) * len(site.kb.claims) > 1000 and topics > 1000
    assert found == [], "\n".join(found[:20])


def test_the_check_finds_an_id_shown_as_a_topic():
    import lxml.html

    page = lxml.html.fromstring('<dl class="kb-facts"><dt>主题</dt><dd>基准测试、ratio</dd></dl>')
    assert reader.problems(page, "zh", {"benchmark": "基准测试", "ratio": "比值"}) == \
        ["topic 'ratio' is not a tag's name in zh (it is a tag's id)"]


def test_every_row_of_the_conflicts_tables_leads_to_its_conflict(site):
    seen = 0
    for lang in LANGS:
        for page in ("conflicts/", "disputes/"):
            url = site.prefix(lang) + page
            rows = site.tree(url).xpath('//tr[@data-conflict]')
            assert rows, url
            for row in rows:
                xid = row.get("data-conflict")
                hrefs = {posixpath.normpath(posixpath.join("/" + url, h)) + "/" for h in row.xpath('.//a/@href')}
                assert "/" + site.url("conflict", xid, lang) in hrefs, f"{url}: the row of {xid} does not lead to its page"
                seen += 1
    assert seen == 2 * len(LANGS) * len(site.kb.conflicts)
