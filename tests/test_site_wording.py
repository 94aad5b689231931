"""The Traditional Chinese edition writes as Taiwan writes: no page's own text holds a word of its list of avoided
words (data/languages/zh-hant/avoid.txt) or a character only Simplified Chinese writes, and what a page keeps in
its source's Simplified script is tagged zh-Hans (tests/integrity/wording.py says what a page's own text is)."""
from __future__ import annotations

import shutil

import lxml.html

from conftest import ROOT
from integrity import langs, wording
from kb import languages, phrases
from site_fixture import site  # noqa: F401  (fixture)

HANT = "zh-hant"


def _page(body: str, lang: str = "zh-Hant") -> lxml.html.HtmlElement:
    return lxml.html.document_fromstring(f'<html lang="{lang}"><head><title>標題</title></head><body>{body}</body></html>')


def test_every_traditional_page_writes_as_taiwan_writes(site):
    pages = [u for u in site.html_pages() if langs.lang_of(u) == HANT]
    found, pieces = [], 0
    for url in pages:
        tree = site.tree(url)
        pieces += len(wording.own_text(tree, langs.TAGS[HANT]))
        found += wording.problems(tree, url, HANT)
    assert found[:20] == [], f"{len(found)} problems"
    assert len(pages) > 600 and pieces > 100_000, (len(pages), pieces)
    assert len(wording.avoided(HANT)) > 40


def test_text_kept_in_simplified_on_a_traditional_page_is_tagged_so(site):
    """A quote, a title, an alias or a locator kept as its source wrote it in Simplified Chinese carries
    lang="zh-Hans" (it is read as what it is); checked on every element of every Traditional page."""
    tagged = 0
    bad = []
    for url in (u for u in site.html_pages() if langs.lang_of(u) == HANT):
        for el in site.tree(url).iter():
            if not isinstance(el.tag, str):
                continue
            for text, holder in ((el.text, el), (el.tail, el.getparent())):
                if not text or holder is None or not phrases.simplified_only(text):
                    continue
                chain = (holder, *holder.iterancestors())
                if any(a.tag in wording.NOT_TEXT for a in chain if isinstance(a.tag, str)):
                    continue  # code: tagged inside where it holds a title (tests/test_citing_site.py reads it whole)
                lang = next((a.get("lang") for a in chain if a.get("lang")), None)
                if lang == "zh-Hans":
                    tagged += 1
                else:
                    bad.append(f"{url}: {text.strip()[:40]!r} ({lang})")
    assert bad[:10] == [], f"{len(bad)} untagged"
    assert tagged > 500, tagged  # quotes, titles and aliases from Simplified sources


def test_a_planted_word_or_character_is_found_and_quotes_are_left_alone():
    page = _page('<p>發布消息是如何被報道的</p><blockquote class="kb-quote" lang="zh-Hant">數據中心的芯片</blockquote>'
                 '<p>來源：<span lang="zh-Hans">第一颗推理芯片</span>，位置：<q lang="zh-Hant">導語</q></p>'
                 '<p title="合作伙伴">一颗晶片</p>')
    found = wording.problems(page, "zh-hant/x/", HANT)
    assert len(found) == 3, found
    assert found[0].startswith("zh-hant/x/: 報道 in '發布消息是如何被報道的' (Taiwan writes 報導")
    assert any("伙伴 in '合作伙伴'" in f for f in found) and any("Simplified 颗 in '一颗晶片'" in f for f in found)
    # the same text with the words Taiwan writes is sound
    assert wording.problems(_page("<p>發布消息是如何被報導的</p><p>合作夥伴的一顆晶片</p>"), "zh-hant/x/", HANT) == []


def test_a_word_planted_through_the_override_file_fails_the_check(site, tmp_path):
    """A contributor's override that writes an avoided word: kb check names its line, and a page converted with it
    (the Simplified home page's own text, converted as the build converts it) fails the page check."""
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data" / "languages", data / "languages")
    overrides = data / "languages" / HANT / phrases.OVERRIDES
    lines = overrides.read_text(encoding="utf-8").count("\n")
    overrides.write_text(overrides.read_text(encoding="utf-8") + "报道 → 報道  planted\n", encoding="utf-8")
    tables = languages.tables(HANT, data)
    assert [(p.file, p.line, p.rule) for p in tables.problems] == [
        (f"languages/{HANT}/overrides.txt", lines + 1, "phrase-avoided")]

    def converted(converter) -> lxml.html.HtmlElement:
        """The Simplified home page with its own text converted, as the Traditional page is made."""
        tree = lxml.html.document_fromstring(lxml.html.tostring(site.tree(langs.PREFIX["zh"])))

        def walk(el, own):
            if not isinstance(el.tag, str) or el.tag in wording.NOT_TEXT:
                return
            own = own and el.get("lang") in (None, langs.TAGS["zh"]) and el.tag != "q" \
                and "kb-quote" not in (el.get("class") or "") and el.get("translate") != "no"
            if own:
                if el.get("lang"):
                    el.set("lang", langs.TAGS[HANT])
                if el.text:
                    el.text = converter.convert(el.text)
                for name in (*wording.SHOWN_ATTRS, "content"):
                    if el.get(name):
                        el.set(name, converter.convert(el.get(name)))
            for child in el:
                walk(child, own)
                if own and child.tail:
                    child.tail = converter.convert(child.tail)

        walk(tree, True)
        return tree

    planted = wording.problems(converted(phrases.Converter("s2tw", tables.mapping)), "zh-hant/", HANT)
    assert planted and all(" 報道 in " in p for p in planted), planted
    sound = languages.tables(HANT, ROOT / "data")
    assert wording.problems(converted(phrases.Converter("s2tw", sound.mapping)), "zh-hant/", HANT) == []
