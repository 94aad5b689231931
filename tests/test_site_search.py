"""Search works offline in each language, finds every page that holds a word, and shows plain prose.

The searches run in Node through tests/pagefind_search.mjs, which queries the built index the
way the site's search page does (assets/kb-search.js included).  What a page holds is read
here from its HTML, independently of Pagefind: the text of its ``data-pagefind-body``, less
what is marked ``data-pagefind-ignore`` and what Pagefind never indexes.
"""
from __future__ import annotations

import json
import re
import shutil
import functools
import subprocess
from pathlib import Path
from types import SimpleNamespace

import lxml.html
import pytest
import yaml

from integrity import langs
from site_fixture import LANG_TAGS, LANGS, site  # noqa: F401  (fixture)

SCRIPT = Path(__file__).with_name("pagefind_search.mjs")
# Elements whose text Pagefind never indexes, whatever the page marks (its parser's REMOVE_SELECTORS).
NOT_TEXT = {"head", "style", "script", "noscript", "label", "form", "svg", "footer", "nav", "iframe", "template"}
# Elements whose text runs on into their neighbours'; any other element's text stands apart.
INLINE = {"a", "abbr", "acronym", "b", "bdi", "bdo", "big", "br", "button", "cite", "code", "data", "del", "dfn",
          "em", "i", "img", "input", "ins", "kbd", "mark", "q", "s", "samp", "select", "small", "span", "strong",
          "sub", "sup", "textarea", "time", "tt", "u", "var", "wbr"}
# What the site shows around its prose, which a search result must not read as prose: the badges after
# a figure, a heading's permalink (¶), a glossary term's tooltip, a table row's arrow link.
CHROME_CLASSES = {"kb-badges", "headerlink", "kb-tip", "kb-more"}
# Everyday words of the subject, besides the glossary's terms.
COMMON = {"en": ["throughput", "latency", "power", "efficiency", "inference", "chip", "bandwidth", "memory", "wafer",
                 "yield", "benchmark"],
          "zh": ["吞吐量", "延迟", "功耗", "能效", "推理", "芯片", "带宽", "内存", "晶圆", "良率", "封装", "功率",
                 "英伟达", "每千瓦", "基准测试"]}
COMMON["zh-hant"] = sorted({langs.convert(w, "zh-hant") for w in COMMON["zh"]})  # 吞吐量, 延遲, 晶片…
HAN = re.compile("[\u3007\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f]")


def _search(site, lang, *terms, full=False):
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed; the index is still built and checked above")
    args = [node, str(SCRIPT), str(site.root), LANG_TAGS[lang], *(["--full"] if full else []), *terms]
    out = subprocess.run(args, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def _text(root, drop_chrome: bool) -> str:
    """The text of an element as Pagefind reads it, blocks apart; without the site's chrome if asked."""
    out: list[str] = []

    def walk(e):
        if isinstance(e.tag, str):
            tag = e.tag.lower()
            chrome = drop_chrome and CHROME_CLASSES & set(e.get("class", "").split())
            if e.get("data-pagefind-ignore") is None and tag not in NOT_TEXT and not chrome:
                apart = " " if tag not in INLINE else ""
                out.extend((apart, e.text or ""))
                for child in e:
                    walk(child)
                out.append(apart)
        out.append(e.tail or "")

    for child in root:
        walk(child)
    return re.sub(r"\s+", " ", (root.text or "") + "".join(out)).strip()


_TEXTS: dict = {}


def _pages(site, lang: str, drop_chrome: bool = False) -> dict[str, str]:
    """{address: indexed text} of every searchable page in ``lang``, as Pagefind addresses them (/zh/x/)."""
    key = (site.root, lang, drop_chrome)
    if key not in _TEXTS:
        found = {}
        for url in site.html_pages():
            if langs.lang_of(url) != lang:
                continue
            tree = lxml.html.document_fromstring(site.file(url).read_text(encoding="utf-8"))
            body = tree.find(".//*[@data-pagefind-body]")
            if body is not None:
                found["/" + url] = _text(body, drop_chrome)
        _TEXTS[key] = found
    return _TEXTS[key]


def _glossary_terms(site, lang: str) -> list[str]:
    """Every term and alias of data/glossary in ``lang`` (aliases written in Han count as Chinese only),
    and each part of a term that brackets or commas set apart: 'EDA（电子设计自动化）' gives '电子设计自动化'."""
    terms = set()
    for path in sorted((site.data / "glossary").glob("*.yml")):
        for record in yaml.safe_load(path.read_text(encoding="utf-8")).values():
            terms.add(langs.text(record["term"], lang))
            terms.update(a for a in record.get("aliases") or [] if lang == "zh" or not HAN.search(a))  # verbatim
    for t in list(terms):
        terms.update(p.strip() for p in re.split(r"[（）()，,、；;：:]+", t) if p.strip())
    return sorted(terms)


def _holds(text: str, term: str, lang: str) -> bool:
    """Whether a page's text holds ``term`` where a reader would call it a word of the page.

    Chinese: anywhere, for a term that starts with a Han character; otherwise where the term does not
    continue a word.  English: where the term starts a word that spaces set apart (after any opening
    punctuation); Pagefind's English index does not find a word inside a compound such as
    design-to-tape-out or tok/s/kW, nor one run into Chinese text on an English page.
    """
    folded = _folded(text)
    plain = re.sub(r"\s+", " ", term).strip().casefold()
    return plain in folded and _term_pattern(term, lang).search(folded) is not None


@functools.lru_cache(maxsize=None)
def _term_pattern(term: str, lang: str) -> re.Pattern:
    term = re.sub(r"\s+", " ", term).strip().casefold()
    if lang == "en":
        start = r"(?:^|\s)[^\w\s]*"
    else:
        start = "" if HAN.match(term) else r"(?<![^\W_])"
    return re.compile(start + re.escape(term))


@functools.lru_cache(maxsize=4096)
def _folded(text: str) -> str:
    return text.casefold()


def test_each_language_has_its_own_index(site):
    # Pagefind names each index by its pages' <html lang>, lowercased ("zh-hans"); its search script picks
    # the index by the lang of the page it runs on.
    entry = json.loads((site.root / "pagefind" / "pagefind-entry.json").read_text())
    assert {tag.lower() for tag in LANG_TAGS.values()} <= set(entry["languages"])
    assert all(v["page_count"] > len(site.kb.claims) for v in entry["languages"].values())


def test_search_page_loads_the_local_index(site):
    for lang in LANGS:
        url = site.prefix(lang) + "search/"
        soup = site.soup(url)
        box = soup.select_one("#kb-search[data-bundle]")
        assert box is not None
        assert site.resolve(url, box["data-bundle"]) == "pagefind/"
        # Chinese, in either script, is indexed a Han character at a time: the box tells the search script so
        assert box["data-by-character"] == ("true" if langs.WRITTEN[lang] == "zh" else "false"), url
        scripts = [site.resolve(url, s["src"]) for s in soup.select("script[src]")]
        assert "pagefind/pagefind-ui.js" in scripts and "assets/kb-search.js" in scripts
        # what the search page reads beside the index (a query's conversion, the names): small, part of a first visit
        tables = site.root / "pagefind" / f"kb-search-{LANG_TAGS[lang].lower()}.json"
        assert 0 < tables.stat().st_size < 40_000, tables
        read = json.loads(tables.read_text(encoding="utf-8"))
        assert read["names"]["broadcom"] == 1 and read["names"]["tokenspersecond"] == 1
        assert ("fold" in read) == (langs.WRITTEN[lang] == "zh")


@pytest.mark.parametrize("lang", LANGS)
def test_every_page_that_holds_a_glossary_term_or_common_word_is_found(site, lang):
    pages = _pages(site, lang)
    terms = sorted(set(_glossary_terms(site, lang) + COMMON[lang]))
    found = _search(site, lang, *terms)
    missed, checked = {}, 0
    for term in terms:
        holding = {url for url, text in pages.items() if _holds(text, term, lang)}
        checked += len(holding)
        if holding - set(found[term]):
            missed[term] = f"{len(holding - set(found[term]))} of {len(holding)}: {sorted(holding - set(found[term]))[:3]}"
    assert missed == {}, "\n".join(f"{t!r} not found on {m}" for t, m in missed.items())
    assert len(pages) > 400 and len(terms) > 120, (len(pages), len(terms))
    assert checked > 2000, f"only {checked} (page, term) pairs checked"
    assert all(langs.lang_of(u[1:]) == lang for urls in found.values() for u in urls)


def test_a_chinese_word_is_found_only_where_it_is_written(site):
    """A query of Han characters is a phrase: 吞吐量 is not found on a page with 吞吐 and 量 apart.  Written means in
    the page's script: a quote kept in Traditional characters on a Simplified page is found by its Simplified
    words (and a name of the list of names by the others of its group, tested below)."""
    pages = _pages(site, "zh")
    names = {n for group in _name_groups() for n in group}
    words = [t for t in sorted(set(_glossary_terms(site, "zh") + COMMON["zh"]) - names)
             if re.fullmatch(f"{HAN.pattern}+", t)]
    found = _search(site, "zh", *words)
    groups = _name_groups()
    # a page's text as the index holds it: with every name of a group it writes, in Simplified characters
    held = {}
    for u, text in pages.items():
        lower = text.lower()
        extra = [n for g in groups if any(n.lower().replace("-", "") in lower.replace("-", "") for n in g) for n in g]
        held[u] = _to_simplified(" ".join([text, *extra]), "tw2s")
    stray = {w: sorted(set(found[w]) - {u for u, text in held.items() if w in text or _to_simplified(w, "tw2s") in text})[:3]
             for w in words}
    assert {w: s for w, s in stray.items() if s} == {}
    assert len(words) > 80 and sum(map(len, found.values())) > 1500


def _to_simplified(text: str, config: str = "tw2s") -> str:
    return _opencc(config).convert(text)


@functools.lru_cache(maxsize=None)
def _opencc(config: str):
    import opencc

    return opencc.OpenCC(config)


def _name_groups() -> list[list[str]]:
    """The groups of data/search/synonyms.txt, read here: names separated by '|', one group a line."""
    path = langs.data_dir() / "search" / "synonyms.txt"
    return [[" ".join(n.split()) for n in line.split("|")] for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.lstrip().startswith("#")]


CHINESE = [lang for lang in LANGS if langs.WRITTEN[lang] == "zh"]


@pytest.mark.parametrize("lang", CHINESE)
def test_a_word_typed_in_either_chinese_script_finds_the_same_pages(site, lang):
    """On either Chinese edition, a word typed in Simplified or in Traditional characters (as the Traditional edition
    writes it: 芯片 and 晶片, 台积电 and 台積電) finds the same pages: the search page converts a query into the
    edition's script."""
    words = sorted(w for w in set(_glossary_terms(site, "zh") + COMMON["zh"]) if re.fullmatch(f"{HAN.pattern}+", w))
    pairs = {w: langs.convert(w, "zh-hant") for w in words}
    pairs = {s: t for s, t in pairs.items() if s != t}
    # On the Simplified edition, a Traditional word some Simplified word besides this one is also written as is
    # ambiguous: 製程 is 工艺 and 制程, 核心 is 内核 and itself; it is converted into the more frequent.
    names = {n for g in _name_groups() for n in g}  # searched as typed (tested below)
    pairs = {s: t for s, t in pairs.items() if s not in names and t not in names}
    simplified = " ".join(_pages(site, "zh").values())
    ambiguous = {s for s, t in pairs.items()
                 if lang == "zh" and _to_simplified(t, "tw2s") != s and _to_simplified(t, "tw2s") in simplified}
    found = _search(site, lang, *pairs, *pairs.values())
    differ = {f"{s} / {t}": (len(found[s]), len(found[t])) for s, t in pairs.items()
              if s not in ambiguous and set(found[s]) != set(found[t])}
    assert differ == {}
    assert len(pairs) > 60 and len(ambiguous) < len(pairs) / 10, (len(pairs), sorted(ambiguous))
    assert sum(len(found[s]) for s in pairs) > 1000, sum(len(found[s]) for s in pairs)


@pytest.mark.parametrize("lang", LANGS)
def test_every_name_of_a_group_finds_the_same_pages_in_every_language(site, lang):
    """Broadcom and 博通, TSMC, 台积电 and 台積電, tokens per second and 每秒 token (data/search/synonyms.txt): any name
    of a group finds what each other finds, in every language."""
    groups = _name_groups()
    found = _search(site, lang, *[n for g in groups for n in g])
    differ = {" | ".join(g): [len(found[n]) for n in g] for g in groups if len({frozenset(found[n]) for n in g}) > 1}
    assert differ == {}
    assert len(groups) >= 5 and sum(len(found[g[0]]) for g in groups) > 300
    # the names the issue was measured by, found on many pages
    assert len(found["Broadcom"]) > 100 and len(found["台积电"]) > 40 and len(found["tokens per second"]) > 5


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


def test_the_site_chrome_is_kept_out_of_the_index(site):
    """Every badge, permalink, tooltip and arrow link on every page is marked for Pagefind to leave out."""
    seen, loose = 0, []
    for url in site.html_pages():
        for e in site.tree(url).iter():
            if isinstance(e.tag, str) and CHROME_CLASSES & set(e.get("class", "").split()):
                seen += 1
                if not any(a.get("data-pagefind-ignore") is not None for a in e.iterancestors()) \
                        and e.get("data-pagefind-ignore") is None:
                    loose.append(f"{url}: {lxml.html.tostring(e, encoding='unicode')[:120]}")
    assert loose == [], "\n".join(loose[:10])
    assert seen > 5000, seen


def _alnum(s: str) -> str:
    """Letters and digits only: what stays of a text whatever spaces and stops Pagefind puts between its blocks."""
    return "".join(ch for ch in re.sub(r"<[^>]+>", "", s).casefold() if ch.isalnum())


@pytest.mark.parametrize("lang", LANGS)
def test_result_titles_and_excerpts_read_as_the_page_prose(site, lang):
    """Each title and excerpt a search shows is text of its page without badges, permalinks or tooltips."""
    prose = {url: _alnum(text) for url, text in _pages(site, lang, drop_chrome=True).items()}
    # names, whose group the index holds in passages the search page takes out; a word in the other script
    names = ["Broadcom", "博通", "台积电", "TSMC", "tokens per second"]
    other = [langs.convert(w, "zh-hant") if lang == "zh" else w for w in ("延迟", "芯片")] if lang != "en" else []
    found = _search(site, lang, "Jalapeño", *COMMON[lang], *names, *other, full=True)
    bad, seen = [], 0
    for term, results in found.items():
        for r in results:
            for part in [("title", r["title"]), ("excerpt", r["excerpt"])] + \
                    [(f"sub-result {s['title']!r}", s[k]) for s in r["sub_results"] for k in ("title", "excerpt")]:
                seen += 1
                if "¶" in part[1] or _alnum(part[1]) not in prose[r["url"]] or re.search("[\u2061-\u2063]", part[1]):
                    bad.append(f"{term} → {r['url']} {part[0]}: {part[1][:160]}")
    assert bad == [], f"{len(bad)} of {seen}:\n" + "\n".join(bad[:10])
    assert seen > 3000, seen


def test_pagefind_reads_each_han_character_apart_and_nothing_else_changed():
    from sitebuild.search import ZWSP, for_index, segmented

    body = ('<div data-pagefind-body><h2 id="吞吐量" title="每千瓦 > 吞吐">每千瓦吞吐量<a class="headerlink" '
            'href="#吞吐量">¶</a></h2><!-- 注释 --><script>var s = "吞吐<b>";</script><p>GB300 的吞吐</p>'
            '<dl><dt>类型</dt><dd>新闻</dd></dl></div>')
    page = f'<html lang="zh"><head><title>吞吐</title></head><body><nav>导航</nav><article>{body}</article></body></html>'
    out = segmented(body)
    assert out.replace(ZWSP, "") == body
    assert f"{ZWSP}每{ZWSP}千{ZWSP}瓦{ZWSP}吞{ZWSP}吐{ZWSP}量{ZWSP}" in out and f"GB300 {ZWSP}的{ZWSP}吞" in out
    for kept in ('var s = "吞吐<b>";', 'id="吞吐量" title="每千瓦 > 吞吐"', "<!-- 注释 -->", 'href="#吞吐量"'):
        assert kept in out
    read = for_index(page)
    assert read.startswith('<!DOCTYPE html><html lang="zh"><body><div data-pagefind-body>') and "导航" not in read
    assert read.replace(ZWSP, "").endswith('<dt>类型</dt> <dd>新闻</dd> </dl> </div></body></html>')
    english = for_index(page.replace('lang="zh"', 'lang="en"'))
    assert ZWSP not in english and "<dt>类型</dt> <dd>新闻</dd> </dl> " in english
    assert for_index("<html><body><p>吞吐量</p></body></html>") is None


def test_pagefind_reads_each_name_with_its_group_and_other_script_text_in_the_page_script():
    from sitebuild.search import NAMES_END, NAMES_SEP, NAMES_START, ZWSP, for_index

    body = ('<div data-pagefind-body><p>这颗芯片由台积电代工。下一句。</p>'
            '<blockquote class="kb-quote" lang="zh-Hant">晶片由台積電代工</blockquote><p>无关。</p></div>')
    read = for_index(f'<html lang="zh-Hans"><body><article>{body}</article></body></html>').replace(ZWSP, "")
    group = f" {NAMES_START} TSMC {NAMES_SEP} 台积电 {NAMES_SEP} 台積電 {NAMES_END} "
    assert f"代工。{group}下一句。" in read  # after the sentence that names it
    # a Traditional quote on a Simplified page: its names written out in it, then its text in Simplified characters
    assert f'台積電代工{group}</blockquote> {NAMES_START} 晶片由台积电代工 {NAMES_END} ' in read
    assert read.count(NAMES_START) == 3
    english = for_index('<html lang="en"><body><article><div data-pagefind-body><p>Broadcom makes it.</p>'
                        '</div></article></body></html>')
    assert f"makes it. {NAMES_START} Broadcom {NAMES_SEP} 博通 {NAMES_END} " in english


def test_what_pagefind_would_not_index_is_left_out_of_its_copy():
    from sitebuild.search import for_index

    body = ('<div data-pagefind-body><p>kept</p><script type="application/ld+json">{"name": "dropped"}</script>'
            '<aside class="kb-legend" data-pagefind-ignore="all"><p>dropped</p></aside>'
            '<aside class="kb-note"><p>an aside it indexes</p></aside><p>after</p></div>')
    read = for_index(f'<html lang="en"><body><article>{body}</article></body></html>')
    assert "dropped" not in read and "<script" not in read
    assert "<p>kept</p>" in read and "an aside it indexes" in read and "<p>after</p>" in read


def test_a_language_indexed_in_parts_finds_what_one_index_finds(site, tmp_path):
    """A language with more pages than one Pagefind run should hold is indexed in parts, which the search page
    merges: the Traditional pages indexed 150 at a time are found by the same queries as in the site's index."""
    from sitebuild import search

    lang, size = "zh-hant", 150
    copy = tmp_path / "site"
    shutil.copytree(site.root / langs.PREFIX[lang].strip("/"), copy / langs.PREFIX[lang].strip("/"))
    shutil.copytree(site.root / "assets", copy / "assets")
    search.write(copy, part_pages=size)

    tag = LANG_TAGS[lang].lower()
    manifest = json.loads((copy / "pagefind" / search.MANIFEST).read_text(encoding="utf-8"))
    pages = len(_pages(site, lang))
    assert set(manifest) == {tag} and len(manifest[tag]) == -(-pages // size) - 1 >= 3, (manifest, pages)
    counts = [json.loads((copy / "pagefind" / p / "pagefind-entry.json").read_text())["languages"][tag]["page_count"]
              for p in [""] + manifest[tag]]
    assert sum(counts) == pages and max(counts) <= size, counts
    whole = json.loads((site.root / "pagefind" / search.MANIFEST).read_text(encoding="utf-8"))
    assert whole == {}, "the real site is one part a language"

    terms = COMMON[lang]
    in_parts, in_one = _search(SimpleNamespace(root=copy), lang, *terms), _search(site, lang, *terms)
    assert {t: sorted(u) for t, u in in_parts.items()} == {t: sorted(u) for t, u in in_one.items()}
    assert sum(len(u) for u in in_one.values()) > 1000, "the queries found too little to compare"
