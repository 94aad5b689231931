"""The page tests read pages through tests/fastsoup.py (Lexbor); they were written against BeautifulSoup over lxml.

What they read must be what BeautifulSoup reads: on one page of every template in every language (the pages the
sweep classified, so a new template is compared the day it appears), every element's name, attributes and text,
the answers of the selectors and finders the tests use, and the page's whole text, compared with BeautifulSoup's.
One difference is by design: lxml reads a <template>'s content as the template's children, Lexbor (as browsers do)
as a fragment apart; so templates are compared by their content's text, and the rest of the page without them.
"""
from __future__ import annotations

import re

import pytest
from bs4 import BeautifulSoup

import fastsoup
from layout_fixture import layouts
from site_fixture import site  # noqa: F401  (fixture)

# Selectors and finders the page tests use, each answered by both readers.
SELECT = ("a[href]", "data[value]", "time[datetime]", "table", "h1, h2, h3", "[data-claim]", "a.kb-fig",
          "meta[name]", "link[rel]", "script", "template", "nav a", "[lang]", "[id]", "article p", "blockquote")
FIND = (("a", None, {"href": True}), (None, "kb-fig", None), ("data", None, None), ("span", None, None),
        ("li", None, None), ("div", None, {"class": True}))


TEMPLATE = re.compile(r"<template\b.*?</template>", re.S)


def _template_texts(doc) -> list[str]:
    return [BeautifulSoup(t.decode_contents(), "html.parser").get_text(" ", strip=True) for t in doc.select("template")]


def _element(tag) -> tuple:
    attrs = {k: (list(v) if isinstance(v, list) else v) for k, v in tag.attrs.items()}
    return tag.name, attrs, tag.get_text(" ", strip=True)


def _read(doc) -> dict:
    found = {css: [_element(t) for t in doc.select(css)] for css in SELECT}
    for name, class_, attrs in FIND:
        given = {"class_": class_} if class_ else {}  # BeautifulSoup reads class_=None as "has no class"
        found[f"find_all({name}, {class_}, {attrs})"] = [_element(t) for t in doc.find_all(name, attrs=attrs or {},
                                                                                         **given)]
    found["text"] = doc.get_text(" ", strip=True)
    found["title"] = doc.title.get_text() if doc.title else None
    parents = [t.find_parent("li") for t in doc.select("a.kb-fig")]
    found["figure parents"] = [_element(p) if p else None for p in parents]
    return found


def _sample(site) -> dict[tuple[str, str], str]:
    from integrity.langs import lang_of

    pages: dict[tuple[str, str], str] = {}
    for found in sorted(layouts(site), key=lambda f: f.url):
        pages.setdefault((found.template, lang_of(found.url)), found.url)
    return pages


def test_lexbor_reads_every_template_as_beautifulsoup_does(site):
    sample = _sample(site)
    templates = {t for t, _ in sample}
    assert len(templates) >= 12, f"the sweep classified only {sorted(templates)}"
    differ = []
    elements = 0
    for (template, lang), url in sample.items():
        html = site.file(url).read_text(encoding="utf-8")
        if _template_texts(fastsoup.parse(html)) != _template_texts(BeautifulSoup(html, "lxml")):
            differ.append(f"{url} ({template}, {lang}): a <template>'s content")
        html = TEMPLATE.sub("", html)
        ours, theirs = _read(fastsoup.parse(html)), _read(BeautifulSoup(html, "lxml"))
        elements += sum(len(v) for v in theirs.values() if isinstance(v, list))
        for key in theirs:
            if ours[key] != theirs[key]:
                differ.append(f"{url} ({template}, {lang}): {key}")
    assert not differ, "fastsoup reads these differently from BeautifulSoup:\n" + "\n".join(differ[:30])
    assert elements >= 100 * len(sample), f"compared only {elements} elements on {len(sample)} pages"


@pytest.mark.parametrize("html, css", [
    ('<p class="a  b">x<span>y</span></p>', "p"),
    ('<table><tr><td>1<td>2</table>', "td"),
    ('<ul><li>a<li>b</ul>', "li"),
    ('<p>a<br>b &amp; c&nbsp;d</p>', "p"),
])
def test_small_documents_read_the_same(html, css):
    ours, theirs = fastsoup.parse(html), BeautifulSoup(html, "lxml")
    assert [_element(t) for t in ours.select(css)] == [_element(t) for t in theirs.select(css)]
