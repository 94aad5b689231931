"""Each citation on the site: the source's words, the contributors' translation marked as theirs, and how it was checked.

Read from the built HTML and from the YAML (tests/integrity/facts.py), not from the engine.
"""
from __future__ import annotations

import re

import pytest

import test_hostile  # noqa: F401  (adds the render cases' records, among them a source read at its address, to hostile_site)
from integrity.langs import WRITTEN
from integrity.langs import text as in_lang
from site_fixture import LANG_TAGS, LANGS, hostile_site, site  # noqa: F401  (fixtures)

SITE_LANG = {"en": "en", "zh-Hans": "zh", "zh-Hant": "zh"}
LABEL = {"en": "Translation by the contributors:", "zh": "贡献者译文："}
PARAPHRASE = {"en": "Paraphrase by the contributors", "zh": "贡献者转述"}
CHECKED = {  # how each way of checking begins on a page, and whether it names a date
    "full-copy": ({"en": "Checked against the full copy taken ", "zh": "已与"}, True),
    "excerpt": ({"en": "Checked against an excerpt taken ", "zh": "已与"}, True),
    "read": ({"en": "Read at its address on ", "zh": "于"}, True),
    "not-found": ({"en": "Read at its address on ", "zh": "于"}, True),
    "unchecked": ({"en": "Not checked against the source", "zh": "未与来源核对"}, False),
}
NOT_FOUND = {"en": "not found there again when last looked for", "zh": "再次查找时未能找到"}


def _expected_check(cit: dict, src: dict) -> tuple[str, list[str]]:
    """How a citation was checked, and the dates its check names: the copy's, or the day its words were read (the
    citation's own accessed, where a quote was copied later, else the source's) and, for a page not found again,
    the day of the last try."""
    snap = src.get("snapshot")
    if "quote" in cit and snap:
        return ("full-copy" if snap["extent"] == "full" else "excerpt"), [str(snap["taken"])]
    if src.get("url") and src.get("accessed"):
        read = str(cit.get("accessed") or src["accessed"])
        again = src.get("rechecked") or {}
        if again and not again.get("found"):
            return "not-found", [read, str(again["tried"])]
        return "read", [read]
    return "unchecked", []


def _text(el) -> str:
    return " ".join(el.get_text().split())


def _labelled(label: str, words: str) -> str:
    """A label and the words it introduces as a reader sees them: a space after an English colon, none after
    a full-width Chinese one (贡献者译文：首批…)."""
    return " ".join((label + ("" if label.endswith("：") else " ") + words).split())


def _check_citations(s, cid: str, lang: str) -> int:
    """Every citation on one claim page against its record; returns how many were seen."""
    claim, sources = s.facts.claims[cid], s.facts.kind("sources")
    soup = s.soup(s.url("claim", cid, lang))
    figs = soup.select("#sources ~ .kb-citations figure.kb-citation") or soup.select(".kb-citations figure.kb-citation")
    assert len(figs) == len(claim["citations"]), (cid, lang)
    for fig, cit in zip(figs, claim["citations"]):
        src = sources[cit["source"]]
        where = f"{lang} {cid} {cit['source']}"
        # no contributor's words inside the source's
        for bq in fig.select("blockquote"):
            assert not bq.select(".kb-translation, .kb-paraphrase, .kb-words-label"), where
        if "quote" in cit:  # the source's words, and beside them the contributors' own where there are any
            (bq,) = fig.select("blockquote.kb-quote")
            # its line breaks are kept as <br>, which add no text of their own
            assert bq.get("lang") == src["language"] and bq.get_text() == cit["quote"].replace("\n", ""), where
            assert len(bq.select("br")) == cit["quote"].count("\n"), where
            own = SITE_LANG[src["language"]] == WRITTEN[lang]
            trs = fig.select("p.kb-translation")
            if own:
                assert trs == [], where
            else:
                (tr,) = trs
                assert bq.find_next_sibling() is tr, f"{where}: the translation is not under its quote"
                assert tr.get("lang") == LANG_TAGS[lang], where
                assert _text(tr.select_one(".kb-words-label")) == in_lang(LABEL, lang), where
                # a line break of the quote, kept in its translation, is a <br> that adds no text
                assert _text(tr) == _labelled(in_lang(LABEL, lang), in_lang(cit["translation"], lang).replace("\n", "")), where
        else:
            assert fig.select("blockquote") == [], f"{where}: a paraphrase is in a blockquote"
        if "paraphrase" in cit:
            (p,) = fig.select("p.kb-paraphrase")
            assert p.find_parent("blockquote") is None, where
            assert _text(p.select_one(".kb-words-label")).startswith(in_lang(PARAPHRASE, lang)), where
            assert " ".join(in_lang(cit["paraphrase"], lang).split()) in _text(p), where
        else:
            assert fig.select("p.kb-paraphrase") == [], where
        how, dates = _expected_check(cit, src)
        assert fig.get("data-checked") == how, where
        (said,) = fig.select(".kb-checked")
        start, dated = CHECKED[how]
        assert _text(said).startswith(in_lang(start, lang)), where
        times = said.select("time")
        assert [t.get("datetime") for t in times] == dates and bool(dates) == dated, where
        if how == "not-found":
            assert in_lang(NOT_FOUND, lang) in _text(said), where
        if how != "full-copy" and how != "excerpt":
            assert "Checked against" not in _text(said) and "核对" not in _text(said).replace("未与来源核对", ""), where
    return len(figs)


@pytest.mark.parametrize("lang", LANGS)
def test_every_citation_shows_its_words_translation_and_check(site, lang):
    seen = sum(_check_citations(site, cid, lang) for cid in site.facts.claims)
    total = sum(len(c["citations"]) for c in site.facts.claims.values())
    assert seen == total >= 500
    sources = site.facts.kind("sources")
    ways = [_expected_check(cit, sources[cit["source"]])[0] for c in site.facts.claims.values() for cit in c["citations"]]
    assert ways.count("not-found") >= 5 and ways.count("read") >= 300  # each way is seen, not only assumed


def test_a_source_read_at_its_address_is_never_shown_as_verified(hostile_site):
    """The hostile build holds a source with an address and a date read, no copy, quoted and paraphrased."""
    assert _check_citations(hostile_site, "cites-hostile-source", "en") == 2
    assert _check_citations(hostile_site, "cites-hostile-source", "zh") == 2
    soup = hostile_site.soup(hostile_site.url("claim", "cites-hostile-source", "en"))
    checks = [_text(el) for el in soup.select(".kb-checked")]
    assert checks == ["Read at its address on 2 November 2026; no copy kept"] * 2


def _check_source_page(s, sid: str, lang: str) -> None:
    """A source's page links its address (or says why it has none), dates it, and says how much was kept."""
    src = s.facts.kind("sources")[sid]
    soup = s.soup(s.url("source", sid, lang))
    head = soup.select_one(".kb-source-head")
    links = head.select("a.kb-external")
    if src.get("url"):
        assert links and links[0].get("href") == src["url"], sid
        assert {"noopener", "noreferrer"} <= set(links[0].get("rel") or []), sid
        assert not head.select(".kb-no-url"), sid
    else:
        assert not links and _text(head.select_one(".kb-no-url")) == " ".join(in_lang(src["no_url"], lang).split()), sid
    dates = {t.get("datetime") for t in head.select("time")}
    if src.get("accessed"):
        assert str(src["accessed"]) in dates, sid
    again = src.get("rechecked")
    marks = head.select(".kb-recheck")
    if again:  # the last try to find the page again, dated, and shown apart when it failed
        (mark,) = marks
        assert mark.get("data-found") == ("true" if again["found"] else "false"), sid
        assert [t.get("datetime") for t in mark.select("time")] == [str(again["tried"])], sid
    else:
        assert marks == [], sid
    relayed = head.select(".kb-url-from")
    if src.get("url_from"):  # an address not read here says who gave it
        (note,) = relayed
        assert len(note.select("a")) == len(src["url_from"]), sid
    else:
        assert relayed == [], sid
    (extent,) = head.select(".kb-snapshot-extent")
    assert extent.get("data-extent") == (src.get("snapshot") or {}).get("extent", "none"), sid


@pytest.mark.parametrize("lang", LANGS)
def test_every_source_page_says_where_it_can_be_read(site, hostile_site, lang):
    seen = 0
    for s in (site, hostile_site):
        for sid in s.facts.kind("sources"):
            _check_source_page(s, sid, lang)
            seen += 1
    assert seen >= 14


def test_the_popover_data_carries_the_translation_and_the_check(site):
    import json

    claims = site.facts.claims
    for lang in LANGS:
        data = json.loads((site.root / "data" / f"provenance.{lang}.json").read_text(encoding="utf-8"))
        assert data["_labels"]["translation"]
        n = paraphrases = 0
        for cid, rec in data["claims"].items():
            for item, cit in zip(rec["c"], claims[cid]["citations"]):
                src = site.facts.kind("sources")[cit["source"]]
                if "quote" not in cit:  # a paraphrase stands in the quote's place, in the page's language
                    assert item["p"] == in_lang(cit["paraphrase"], lang) and item["trl"] == LANG_TAGS[lang], cid
                    assert "q" not in item and "tr" not in item, cid
                    paraphrases += 1
                elif SITE_LANG[src["language"]] != WRITTEN[lang]:
                    assert item["tr"] == in_lang(cit["translation"], lang) and item["trl"] == LANG_TAGS[lang], cid
                    n += 1
                else:
                    assert "tr" not in item, cid
                assert item["ck"] and re.match(r"\S", item["ck"]), cid
        assert n > (300 if lang == "en" else -1)
        assert paraphrases > 50
