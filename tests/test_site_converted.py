"""The Traditional Chinese edition is the Simplified one converted, word for word, and nothing else.

Read from the built HTML, each Traditional page against its Simplified page: every piece of text the Simplified
page writes in its own language is, on the Traditional page, its conversion (OpenCC's ``s2tw`` for the characters,
the edition's phrase tables in data/languages/zh-hant/ for the words: tests/integrity/langs.py), tagged zh-Hant,
so nothing is left in Simplified characters and nothing is converted from other text.  The interface's fixed words
are the exception: the vocabulary has a reviewed Traditional text of its own for each (src/kb/vocabulary.py), and
where it differs from the Simplified word converted, a piece may hold it instead.  Every piece the
Simplified or the Traditional page tags with another language (a quote in its source's script, Simplified or
Traditional, a source's own title, a locator) is the same, unconverted and tagged alike, on both.  Only the
article is compared: the theme's own words come from Material's translations.  The BibTeX and CSL-JSON blocks
are left out: they are data for reference managers, whose language fields (zh-CN, zh-TW) and verbatim titles
differ by design, and tests/test_citing_formats.py checks them in every language.
"""
from __future__ import annotations

import re
from functools import lru_cache

import pytest

from integrity.langs import CONVERSION, PREFIX, TAGS, WRITTEN, convert
from site_fixture import site  # noqa: F401  (fixture)

CONVERTED = [lang for lang in CONVERSION]
SKIP = {"script", "style", "template"}
SKIP_CLASSES = {"kb-converted", "kb-cite-format"}  # the note that the page is converted; BibTeX and CSL-JSON


def _ancestors_lang(el) -> str | None:
    """The language a piece is tagged with; "verbatim" for words marked not to be translated (translate="no": an
    entity's or a term's other spellings, shown as written in every edition)."""
    if any(a.get("translate") == "no" for a in (el, *el.iterancestors())):
        return "verbatim"
    while el is not None:
        if el.get("lang") is not None:
            return el.get("lang")
        el = el.getparent()
    return None


def _pieces(tree) -> list[tuple[str, str | None]]:
    """(text, the language it is tagged with) of every text piece of the article, in document order; the note
    that the page is converted is left out (it is the one thing the Simplified page has no counterpart of).  A
    chart's text is one piece, its white space taken out: a chart wraps each label to its width, and a converted
    label, of another length, wraps elsewhere."""
    article = tree.find(".//article")
    assert article is not None
    out = []
    charts: dict = {}  # an <svg> -> the index of its piece in out
    for el in article.iter():
        if not isinstance(el.tag, str) or el.tag in SKIP:
            continue
        if any(SKIP_CLASSES & set((a.get("class") or "").split()) for a in (el, *el.iterancestors())):
            continue
        if any(a.tag in SKIP for a in el.iterancestors()):
            continue
        chart = next((a for a in (el, *el.iterancestors()) if a.tag == "svg"), None)
        tail = el.tail if el is not article else None
        texts = [(t, holder) for t, holder in ((el.text, el), (tail, el.getparent())) if t and t.strip()]
        for text, holder in texts:
            if chart is None:
                out.append((text, _ancestors_lang(holder)))
            elif chart not in charts:
                charts[chart] = len(out)
                out.append(("".join(text.split()), _ancestors_lang(chart)))
            else:
                i = charts[chart]
                out[i] = (out[i][0] + "".join(text.split()), out[i][1])
    return out


@lru_cache(maxsize=None)
def _converted(text: str, lang: str) -> str:
    return convert(text, lang)


_SLOT = re.compile(r"\{\w+\}|\[[A-Z_]+\]")  # where a word leaves room for a value: {date}, [COUNT]


@lru_cache(maxsize=None)
def _reviewed(lang: str) -> tuple[tuple[str, str], ...]:
    """(the source language's word converted, the language's own reviewed word) for each fixed word of the
    interface whose reviewed text differs from the conversion, cut at the values they leave room for; longest
    first."""
    from kb import vocabulary

    pairs = {}
    for texts in vocabulary.VOCABULARY.values():
        if lang not in texts:
            continue
        was, own = _converted(texts[WRITTEN[lang]], lang), texts[lang]
        if was == own:
            continue
        cut_was, cut_own = _SLOT.split(was), _SLOT.split(own)
        if len(cut_was) != len(cut_own):
            cut_was, cut_own = [was], [own]
        pairs.update((a, b) for a, b in zip(cut_was, cut_own) if a and a != b)
    return tuple(sorted(pairs.items(), key=lambda p: -len(p[0])))


def _with_reviewed_words(want: str, text: str, lang: str) -> str:
    """``want`` with the interface's reviewed words where the piece shown holds them instead of the conversion."""
    for was, own in _reviewed(lang):
        if was in want and own in text:
            want = want.replace(was, own)
    return want


@pytest.mark.parametrize("lang", CONVERTED)
def test_every_page_is_its_source_page_converted_and_quotes_are_not(site, lang):
    source = WRITTEN[lang]
    pages = [u for u in site.html_pages() if u.startswith(PREFIX[lang]) and u.endswith("/")]
    own = verbatim = 0
    problems = []
    for url in pages:
        twin = PREFIX[source] + url[len(PREFIX[lang]):]
        mine, theirs = _pieces(site.tree(url)), _pieces(site.tree(twin))
        if len(mine) != len(theirs):
            problems.append(f"{url}: {len(mine)} pieces of text, {twin} has {len(theirs)}")
            continue
        for (text, tag), (was, was_tag) in zip(mine, theirs):
            if was_tag == TAGS[source] and tag == TAGS[lang]:
                # the source page's own language: converted; addresses name this edition
                want = _converted(was, lang).replace(site.address + PREFIX[source], site.address + PREFIX[lang])
                if text != want:
                    want = _with_reviewed_words(want, text, lang)
                if text != want and "".join(want.split()) == text:  # a chart's text, compared without white space
                    want = text  # (the space that sets a Latin phrase apart from Chinese too: see _pieces)
                want_tag = TAGS[lang]
                own += 1
            else:
                # tagged with another language on either page (a quote, a source's own title, a locator, in the
                # source's script, Simplified or Traditional): verbatim, and tagged alike, on both
                want, want_tag = was, was_tag
                verbatim += 1
            if text != want or tag != want_tag:
                problems.append(f"{url}: {text.strip()[:60]!r} ({tag}), want {want.strip()[:60]!r} ({want_tag})")
    assert problems[:20] == [], f"{len(problems)} pieces differ"
    assert len(pages) > 600 and own > 50000 and verbatim > 1000, (len(pages), own, verbatim)
