"""Who said it first: each claim's original reports and the sources relaying them, in the engine, on the
claim and source pages in both languages, and in the downloads.

The expected chains are read here from the YAML (PyYAML, not the engine): a report is a source a citation
attributes the claim to, or a cited source that attributes it to nobody and relays nothing else for that claim.
"""
from __future__ import annotations

import csv
import io
import json
from types import SimpleNamespace

import pytest
import yaml

from conftest import MINIMAL, ROOT, TODAY, write_data
from kb.base import KnowledgeBase
from publish.exports import exports
from kb.relay import chain
from integrity.langs import text as in_lang
from site_fixture import LANGS, site  # noqa: F401  (fixture)

DATA = ROOT / "data"


def _yaml(kind: str) -> dict:
    out = {}
    for path in sorted((DATA / kind).glob("*.yml")):
        out.update(yaml.safe_load(path.read_text(encoding="utf-8")))
    return out


RAW_CLAIMS = _yaml("claims")
RAW_SOURCES = _yaml("sources")


def _relayers(c: dict, origin: str) -> set:
    return {cit["source"] for cit in c["citations"] if cit.get("attributed_to") == origin and cit["source"] != origin}


def _expected(c: dict) -> tuple[set, set, set]:
    """(sources cited, original reports, sources stating it themselves) of a raw claim."""
    cits = c["citations"]
    cited = {cit["source"] for cit in cits}
    relaying = {cit["source"] for cit in cits if cit.get("attributed_to") not in (None, cit["source"])}
    named = {cit["attributed_to"] for cit in cits if cit.get("attributed_to") not in (None, cit["source"])}
    own = cited - relaying
    return cited, named | own, own - named


def _quoted(c: dict) -> set:
    """The sources whose own text a raw claim cites naming no other origin: relayed by others or not."""
    cits = c["citations"]
    return {cit["source"] for cit in cits} - {cit["source"] for cit in cits
                                              if cit.get("attributed_to") not in (None, cit["source"])}


def _standing(c: dict) -> str:
    cited, reports, _ = _expected(c)
    return "several-reports" if len(reports) > 1 else ("one-report" if len(cited) > 1 else "one-source")


# --- the engine, on citations written out --------------------------------------------------------------------

def _cit(source, attributed_to=None):
    return SimpleNamespace(source=source, attributed_to=attributed_to)


def test_sources_relaying_one_original_make_one_report():
    ch = chain("x", [_cit("a", "vendor"), _cit("b", "vendor"), _cit("a", "vendor")])
    assert [(r.source, r.relayed_by, r.cited) for r in ch.reports] == [("vendor", ("a", "b"), False)]
    assert ch.sources == ("a", "b") and ch.standing == "one-report" and ch.stated == ()


def test_sources_naming_no_origin_each_state_it_themselves():
    ch = chain("x", [_cit("a"), _cit("b"), _cit("a")])
    assert [(r.source, r.relayed_by, r.cited) for r in ch.reports] == [("a", (), True), ("b", (), True)]
    assert ch.stated == ("a", "b") and ch.standing == "several-reports"


def test_a_source_that_relays_the_claim_is_not_also_a_report_of_its_own():
    # the same article attributing the figure once and repeating it once without: one report, not two
    ch = chain("x", [_cit("a", "vendor"), _cit("a")])
    assert [r.source for r in ch.reports] == ["vendor"] and ch.standing == "one-source"


def test_an_original_cited_directly_and_relayed_is_one_report():
    ch = chain("x", [_cit("vendor"), _cit("a", "vendor"), _cit("b"), _cit("c", "c")])
    assert [(r.source, r.relayed_by, r.cited) for r in ch.reports] == [
        ("vendor", ("a",), True), ("b", (), True), ("c", (), True)]
    assert ch.stated == ("b", "c") and [r.source for r in ch.relayed] == ["vendor"]


def test_one_source_relaying_two_originals_stands_on_two_reports():
    ch = chain("x", [_cit("a", "vendor"), _cit("a", "partner")])
    assert [r.source for r in ch.reports] == ["vendor", "partner"] and ch.standing == "several-reports"


# --- the engine, on the small fact base ----------------------------------------------------------------------

RELAYED = {
    "sources/articles.yml": MINIMAL["sources/articles.yml"] + """\
other:
  kind: explainer
  name: {en: Another article, zh: 另一篇文章}
  short_name: {en: the other article, zh: 另一篇文章}
  language: zh-Hans
  no_url: {en: The copy states no address., zh: 副本没有写明网址。}
  snapshot:
    file: snapshots/other.txt
    taken: "2026-11-01"
    extent: full
vendor-post:
  kind: vendor-announcement
  name: {en: "The vendor's post", zh: 厂商的公告}
  language: en
  date: "2026-08-25"
  no_url: {en: The article names the post but gives no address., zh: 文章提到了这篇公告，但没有给出网址。}
  known_from: [article]
""",
    "snapshots/other.txt": "芯片的延迟为 1.03 秒，对照系统为 1.80 秒。\n",
}
EDITS = {
    # chip-latency: both articles relay the vendor's post; gpu-latency: both state it themselves;
    # latency-ratio: the article relays the post, and repeats the figure without saying so.
    # (Each quote's translation line in MINIMAL follows it, and so ends up under the citation added last.)
    "quote: 芯片的延迟为 1.03 秒\n": "quote: 芯片的延迟为 1.03 秒\n      translation: {en: The chip's latency is 1.03 s}\n"
                                "      attributed_to: vendor-post\n"
                                "    - source: other\n      attributed_to: vendor-post\n      quote: 芯片的延迟为 1.03 秒\n",
    "quote: 对照系统为 1.80 秒\n": "quote: 对照系统为 1.80 秒\n      translation: {en: The comparison system's is 1.80 s}\n"
                                "    - source: other\n      quote: 对照系统为 1.80 秒\n",
    "quote: 低 1.7 倍\n": "quote: 低 1.7 倍\n      translation: {en: 1.7 times lower}\n      attributed_to: vendor-post\n"
                        "    - source: article\n      quote: 低 1.7 倍\n",
}


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    claims = MINIMAL["claims/bench.yml"]
    for old, new in EDITS.items():
        assert old in claims
        claims = claims.replace(old, new, 1)
    data = write_data(tmp_path_factory.mktemp("relay"), {**RELAYED, "claims/bench.yml": claims})
    return KnowledgeBase.open(data, on=TODAY)


def test_the_small_base_reads_each_kind_of_chain(small):
    r = small.relays
    assert r.standing("chip-latency") == "one-report"
    assert [(x.source, x.relayed_by) for x in r.of_claim("chip-latency").reports] == [("vendor-post", ("article", "other"))]
    assert r.standing("gpu-latency") == "several-reports" and r.of_claim("gpu-latency").stated == ("article", "other")
    assert r.standing("latency-ratio") == "one-source"
    assert [x.source for x in r.of_claim("latency-ratio").reports] == ["vendor-post"]


def test_the_small_base_reads_chains_from_each_sources_side(small):
    r = small.relays
    assert r.origin_of("vendor-post") == (("chip-latency", ("article", "other")), ("latency-ratio", ("article",)))
    assert r.relays("article") == (("vendor-post", ("chip-latency", "latency-ratio")),)
    assert r.relays("other") == (("vendor-post", ("chip-latency",)),)
    assert r.origin_of("article") == () and r.relays("vendor-post") == ()
    assert r.with_standing("one-report") == ["chip-latency"]


# --- the engine, on the real data ------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def kb():
    return KnowledgeBase.open(DATA)


def test_openai_first_results_is_the_origin_of_every_claim_that_names_it(kb):
    expected = [cid for cid, c in RAW_CLAIMS.items() if _relayers(c, "openai-first-results")]
    got = [cid for cid, _ in kb.relays.origin_of("openai-first-results")]
    assert sorted(got) == sorted(expected) and len(expected) > 20
    for cid, relayers in kb.relays.origin_of("openai-first-results"):
        assert set(relayers) == _relayers(RAW_CLAIMS[cid], "openai-first-results"), cid


def test_every_claims_chain_matches_the_yaml(kb):
    seen = {"one-source": 0, "one-report": 0, "several-reports": 0}
    for cid, c in RAW_CLAIMS.items():
        ch = kb.relays.of_claim(cid)
        cited, reports, own = _expected(c)
        assert set(ch.sources) == cited and {r.source for r in ch.reports} == reports, cid
        assert set(ch.stated) == own, cid
        for r in ch.relayed:
            assert set(r.relayed_by) == _relayers(c, r.source), (cid, r.source)
        assert ch.standing == _standing(c), cid
        seen[ch.standing] += 1
    assert sum(seen.values()) == len(RAW_CLAIMS) > 200
    assert all(seen.values()), seen  # the real data has claims of each standing


def test_every_source_knows_what_it_relays_and_what_relays_it(kb):
    checked = 0
    for sid in RAW_SOURCES:
        relays = {o: set(ids) for o, ids in kb.relays.relays(sid)}
        expected: dict[str, set] = {}
        for cid, c in RAW_CLAIMS.items():
            for cit in c["citations"]:
                if cit["source"] == sid and cit.get("attributed_to") not in (None, sid):
                    expected.setdefault(cit["attributed_to"], set()).add(cid)
        assert relays == expected, sid
        checked += sum(len(v) for v in expected.values())
    assert checked > 60


def test_short_names_tell_the_sources_apart():
    for lang in LANGS:
        names = [in_lang(s.get("short_name") or s["name"], lang) for s in RAW_SOURCES.values()]
        assert len(set(names)) == len(names) == len(RAW_SOURCES), lang


# --- the pages ------------------------------------------------------------------------------------------------------

def _facts_row(soup, label: str):
    for dt in soup.select("dl.kb-facts > dt"):
        if dt.get_text(strip=True) == label:
            return dt.find_next_sibling("dd")
    return None


ROW = {"en": "Who said it first", "zh": "最初出处"}
ONE_REPORT = {"en": "original report: one report repeated", "zh": "份原始报告：是同一份报告被转述"}
UNCERTAIN = {"en": "whom the figure belongs to is uncertain", "zh": "数字属于谁不确定"}


def _counts(el) -> dict:
    return {d["data-count"].split(":")[0]: int(d["value"]) for d in el.select("data[data-count]")}


def test_every_claim_page_says_who_said_it_first(site):
    kb, checked, one_report = site.kb, 0, 0
    for lang in LANGS:
        for cid, c in RAW_CLAIMS.items():
            url = site.url("claim", cid, lang)
            dd = _facts_row(site.soup(url), in_lang(ROW, lang))
            assert dd is not None, f"{url}: no '{in_lang(ROW, lang)}' line"
            line = dd.select_one(".kb-relay")
            cited, reports, own = _expected(c)
            assert line["data-standing"] == _standing(c), url
            linked = {site.resolve(url, a["href"]) for a in line.select("a.kb-source")}
            assert linked == {site.url("source", s, lang) for s in reports | cited}, url
            dates = {t["datetime"] for t in line.select("time")}
            assert dates == {RAW_SOURCES[s]["date"] for s in reports - own if RAW_SOURCES[s].get("date")}, url
            counts = _counts(line)
            if len(cited) > 1 or len(reports) > 1:
                assert counts == {"claim-sources": len(cited), "claim-reports": len(reports)}, url
            else:
                assert counts == {}, url
            text = line.get_text("", strip=False)
            if _standing(c) == "one-report":
                assert in_lang(ONE_REPORT, lang) in text, url
                one_report += 1
            assert (in_lang(UNCERTAIN, lang) in text) == (c.get("attribution") == "uncertain"), url
            checked += 1
    assert checked == len(LANGS) * len(RAW_CLAIMS) > 400
    assert one_report >= len(LANGS) * len(kb.relays.with_standing("one-report")) > 0


def _section(soup, anchor: str):
    h = soup.find(id=anchor)
    return h.find_next_sibling("div") if h is not None else None


def test_an_origins_page_lists_every_claim_it_is_the_origin_of_with_who_relays_it(site):
    checked = 0
    for lang in LANGS:
        for sid in RAW_SOURCES:
            expected = {cid: _relayers(c, sid) for cid, c in RAW_CLAIMS.items() if _relayers(c, sid)}
            url = site.url("source", sid, lang)
            box = _section(site.soup(url), "attributed")
            if not expected:
                assert box is None or box.select_one(".kb-relay-origin") is None, url
                continue
            assert box is not None, f"{url}: no list of the claims it is the origin of"
            summary = box.select_one(".kb-relay-summary data[data-count]")
            assert int(summary["value"]) == len(expected), url
            got = {}
            for group in box.select("details.kb-relay-group"):
                relayers = set(group["data-relayed-by"].split())
                ids = [li["data-claim"] for li in group.select("li[data-claim]")]
                assert int(group.select_one("summary data[data-count]")["value"]) == len(ids), url
                assert not group.select("summary a"), f"{url}: a link inside a group's summary"
                for cid in ids:
                    assert cid not in got, f"{url}: {cid} listed twice"
                    got[cid] = relayers
                    assert site.url("claim", cid, lang) in {site.resolve(url, a["href"]) for a in
                                                            group.select(f'li[data-claim="{cid}"] a[href]')}
            assert got == expected, url
            checked += len(got)
    assert checked > 2 * 50


def test_a_relaying_sources_page_names_the_originals_it_relays(site):
    checked = 0
    for lang in LANGS:
        for sid in RAW_SOURCES:
            expected: dict[str, set] = {}
            for cid, c in RAW_CLAIMS.items():
                for cit in c["citations"]:
                    if cit["source"] == sid and cit.get("attributed_to") not in (None, sid):
                        expected.setdefault(cit["attributed_to"], set()).add(cid)
            url = site.url("source", sid, lang)
            box = site.soup(url).select_one(".kb-relay-relays")
            if not expected:
                assert box is None, url
                continue
            got = {li["data-source"]: int(li.select_one("data[data-count]")["value"]) for li in box.select("li")}
            assert got == {o: len(ids) for o, ids in expected.items()}, url
            for li in box.select("li"):
                date = RAW_SOURCES[li["data-source"]].get("date")
                assert [t["datetime"] for t in li.select("time")] == ([date] if date else []), url
            checked += len(got)
    assert checked >= 2 * 8


# --- the downloads ---------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def files(kb):
    return exports(kb)


def test_claims_json_gives_each_claims_origins(files):
    claims = {c["id"]: c for c in json.loads(files["claims.json"])}
    assert len(claims) == len(RAW_CLAIMS)
    for cid, c in RAW_CLAIMS.items():
        cited, reports, own = _expected(c)
        out = claims[cid]
        assert {o["source"] for o in out["origins"]} == reports, cid
        for o in out["origins"]:
            assert set(o["relayed_by"]) == _relayers(c, o["source"]), cid
            assert o["cited"] == (o["source"] in _quoted(c)), cid
            assert o["date"] == RAW_SOURCES[o["source"]].get("date"), cid
        assert out["standing"] == _standing(c), cid


def test_sources_json_gives_what_each_source_is_the_origin_of_and_relays(files):
    sources = {s["id"]: s for s in json.loads(files["sources.json"])}
    checked = 0
    for sid in RAW_SOURCES:
        expected = {cid: _relayers(c, sid) for cid, c in RAW_CLAIMS.items() if _relayers(c, sid)}
        got = {o["claim"]: set(o["relayed_by"]) for o in sources[sid]["origin_of"]}
        assert got == expected, sid
        relays = {r["source"]: set(r["claims"]) for r in sources[sid]["relays"]}
        assert all(sid in _relayers(RAW_CLAIMS[cid], o) for o, ids in relays.items() for cid in ids), sid
        checked += len(got)
    assert checked == sum(1 for c in RAW_CLAIMS.values() for o in {x.get("attributed_to") for x in c["citations"]}
                          if o and _relayers(c, o))


def test_claims_csv_gives_each_claims_origins_and_standing(files):
    rows = list(csv.DictReader(io.StringIO(files["claims.csv"].decode("utf-8-sig"))))
    assert len(rows) == len(RAW_CLAIMS)
    for row in rows:
        c = RAW_CLAIMS[row["id"]]
        assert set(row["origins"].split()) == _expected(c)[1], row["id"]
        assert row["standing"] == _standing(c), row["id"]
