"""What a reader of a claim's page sees of its topics and its evidence, read from the built page alone.

:func:`problems` reads one page (its parsed tree, its language, and the names of the topic tags as data/tags.yml
gives them, read by the caller), and returns what is wrong:

* the Topics field of a claim's page (the ``dd`` after the ``dt`` the vocabulary names ``f.tags``) lists tag names
  in the page's language, never a tag's id: a name that is not one of the tags' names in that language, or an id
  shown as it is where the tag's name differs, is a problem;
* a citation's quote (``blockquote.kb-quote``) comes before the contributors' words about it (``.kb-translation``,
  ``.kb-reading``), and each translation carries its label (``.kb-words-label``).

A converted language's names are its source's converted (the caller gives them as they must read).
"""
from __future__ import annotations

TOPICS = {"en": "Topics", "zh": "主题", "zh-hant": "主題"}  # the field's name (kb.vocabulary: f.tags)
SEP = {"en": ", ", "zh": "、", "zh-hant": "、"}  # how a list of names is joined (kb.vocabulary: list_sep)


def problems(tree, lang: str, names: dict[str, str]) -> list[str]:
    """What is wrong on one claim's page in ``lang``; ``names`` maps each tag id to its name in that language."""
    out = []
    for dt in tree.xpath('//dl[contains(@class, "kb-facts")]/dt'):
        if dt.text_content().strip() != TOPICS[lang]:
            continue
        dd = dt.getnext()
        shown = [n.strip() for n in dd.text_content().split(SEP[lang])]
        known = set(names.values())
        for name in shown:
            if name not in known:
                out.append(f"topic {name!r} is not a tag's name in {lang}"
                           + (" (it is a tag's id)" if name in names and names[name] != name else ""))
    for fig in tree.xpath('//figure[contains(@class, "kb-citation")]'):
        quote = fig.xpath('./blockquote[contains(@class, "kb-quote")]')
        words = fig.xpath('./*[contains(@class, "kb-translation") or contains(@class, "kb-reading")]')
        if quote and words and quote[0].getparent().index(quote[0]) > words[0].getparent().index(words[0]):
            out.append(f"citation of {fig.get('data-source')}: the contributors' words come before the quote")
        for tr in fig.xpath('./*[contains(@class, "kb-translation")]'):
            if not tr.xpath('./span[contains(@class, "kb-words-label")]'):
                out.append(f"citation of {fig.get('data-source')}: a translation without its label")
    return out
