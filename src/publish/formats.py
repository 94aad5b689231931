"""Citations of the site's pages as data: plain text, GB/T 7714-2015, BibTeX and CSL-JSON.

A :class:`Work` is one citable page (a claim, source or entity, in one
language) with everything a reference needs: who publishes it, its title, its
permanent address (always a full one: the site's public address and the page's
path), the data version it shows, and the original sources it credits.  The
formatters turn it into text; nothing here knows about HTML.

Every format names those sources: the plain and GB/T 7714 references and
BibTeX's ``note`` in words, CSL-JSON also as items of their own (see
:func:`csl_items`), since citation styles print no ``note``.

The date a reader accessed the page cannot be known when the page is built.
Each formatter writes :data:`ACCESSED` where that date belongs; the caller
replaces it with a date (:func:`fill`), or with markup that a script sets to the
reader's date.
"""
from __future__ import annotations

from kb import languages, vocabulary

import json
import re
from dataclasses import dataclass, field
from typing import Callable

ACCESSED = "\x00accessed\x00"
"""Stands where the access date goes, until :func:`fill` (or the page) puts a date there."""

MONTHS_EN = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
             "October", "November", "December")


@dataclass(frozen=True)
class Origin:
    """An original source credited in a citation: only what the data records of it."""

    name: str  # how the site names it, in the citation's language
    ident: str | None = None  # the source's id in data/sources
    kind: str | None = None  # the source's kind (news-article, blog-post…)
    title: str | None = None  # its own title, verbatim
    author: str | None = None
    publisher: str | None = None
    date: str | None = None  # YYYY, YYYY-MM or YYYY-MM-DD
    url: str | None = None
    language: str | None = None  # the source's language: en, zh-Hans, zh-Hant


@dataclass(frozen=True)
class Work:
    kind: str  # claim, source or entity
    ident: str
    lang: str  # en or zh
    publisher: str  # the evidence base's name in this language
    title: str  # plain text
    url: str  # the page's full address
    version: str | None = None  # short commit id
    date: str | None = None  # the data version's date, YYYY-MM-DD
    origins: tuple[Origin, ...] = field(default_factory=tuple)  # sources that state the figure (or the source itself)
    relayed: tuple[Origin, ...] = field(default_factory=tuple)  # sources those attribute the figure to

    @property
    def key(self) -> str:
        return f"jalapeno-evidence:{self.kind}:{self.ident}"


# --- dates --------------------------------------------------------------------

def date_en(text: str) -> str:
    parts = [int(p) for p in text.split("-")]
    if len(parts) == 3:
        return f"{parts[2]} {MONTHS_EN[parts[1] - 1]} {parts[0]}"
    if len(parts) == 2:
        return f"{MONTHS_EN[parts[1] - 1]} {parts[0]}"
    return str(parts[0])


def date_parts(text: str) -> list[int]:
    return [int(p) for p in text.split("-")]


def fill(text: str, accessed: str, style: str = "iso") -> str:
    """Put the access date (YYYY-MM-DD) where :data:`ACCESSED` stands, in the form ``style`` names."""
    return text.replace(ACCESSED, accessed_form(accessed, style))


def accessed_form(accessed: str, style: str) -> str:
    if style == "en":
        return date_en(accessed)
    if style == "parts":
        return ", ".join(str(p) for p in date_parts(accessed))
    return accessed


# --- titles ---------------------------------------------------------------------

_FULL_STOPS = ".。．"


def bare_title(title: str) -> str:
    """A title without the full stop that ends a sentence (a claim's statement ends with one): the formats
    put their own punctuation after a title, and a second stop there would double it.  A question or
    exclamation mark is part of what the title says and stays."""
    return title.rstrip().rstrip(_FULL_STOPS).rstrip()


# --- words and styles ------------------------------------------------------------

def _w(key: str, lang: str) -> str:
    return vocabulary.word("ref." + key, lang)


def _p(key: str, lang: str) -> str:
    """A piece of punctuation as ``lang`` writes it (``comma``, ``colon``, ``open_paren``...: the vocabulary's)."""
    return vocabulary.word(key, lang)


def _sentence(text: str, lang: str) -> str:
    """``text`` starting a sentence: with a capital letter in a script that has them."""
    return text[:1].upper() + text[1:] if languages.LANGUAGES[lang].cased else text


@dataclass(frozen=True)
class Style:
    """A citation style: the form a page's reference takes.  A language names its style in the registry
    (:attr:`kb.languages.Language.citation`); the words and punctuation are the language's own (the vocabulary)."""

    name: str
    label: str
    """The vocabulary key of its name above the reference (``cite.style.gbt7714``)."""
    reference: Callable[[Work], str]
    """The reference it writes."""
    date: Callable[[str], str]
    """A date (YYYY, YYYY-MM or YYYY-MM-DD) as it writes one."""
    accessed: str
    """How it writes the access date (:func:`accessed_form`): ``en`` (4 March 2027) or ``iso``."""
    title_marks: tuple[str, str]
    """What it puts around a credited source's own title: “ ” or 《 》."""
    author_sep: str
    """The punctuation (a vocabulary key) between a credited source's author and its title."""
    renders_titles: bool
    """Whether it gives, in brackets, the site's name for a source whose title is in another language."""


def _iso(text: str) -> str:
    return text


def style(lang: str) -> Style:
    """The citation style of ``lang``'s pages."""
    return STYLES[languages.LANGUAGES[lang].citation]


BIBTEX_LANGUAGE = {"en": "english", "zh": "chinese"}
"""A language as BibTeX's ``language`` field names it (babel's and polyglossia's names), by its tag's primary
language subtag."""

CSL_LANG = {"en": "en", "zh-Hans": "zh-CN", "zh-Hant": "zh-TW"}
"""A language tag as CSL-JSON writes it: the region whose CSL locale uses that script (a source's language too)."""


def bibtex_language(lang: str) -> str:
    return BIBTEX_LANGUAGE[languages.LANGUAGES[lang].tag.split("-")[0]]


def csl_language(lang: str) -> str:
    return CSL_LANG[languages.LANGUAGES[lang].tag]


def _foreign_title(o: Origin, lang: str) -> bool:
    """Whether a reference in ``lang`` gives the site's name for ``o`` beside its own title: where its style does,
    and the title is in another language and the name does not already hold it."""
    return (style(lang).renders_titles and bool(o.title) and bool(o.language)
            and o.language != languages.LANGUAGES[lang].tag and o.title not in o.name)


def origin_text(o: Origin, lang: str) -> str:
    """One credited source: who, its own title where it has one (else how the site names it), date, address."""
    st, comma = style(lang), _p("comma", lang)
    who = comma.join(x for x in (o.author, o.publisher) if x)
    day = st.date(o.date) if o.date else None
    opening, closing = st.title_marks
    quoted = f"{opening}{o.title}{closing}"
    head = (who + _p(st.author_sep, lang) + quoted if who else quoted) if o.title else o.name
    if _foreign_title(o, lang):
        head += f" [{o.name}]"  # a rendering of a title in another language, as English references give it
    extra = [x for x in ((None if o.title else who), day) if x]
    text = head + (_p("open_paren", lang) + comma.join(extra) + _p("close_paren", lang) if extra else "")
    return text + (comma + o.url if o.url else "")


def credits(work: Work) -> str:
    """The sentences that credit the original sources, in the work's language ('' when none)."""
    if not work.origins:
        return ""
    lang = work.lang
    sep, colon, stop = _p("semicolon", lang), _p("colon", lang), _p("clause_end", lang)
    label = _w("original" if work.kind == "source" else "figure_from", lang)
    text = label + colon + sep.join(origin_text(o, lang) for o in work.origins) + stop
    if work.relayed:
        text += _p("sentence_sep", lang) + _w("relaying", lang) + colon + \
            sep.join(origin_text(o, lang) for o in work.relayed) + stop
    return text


# --- plain text (English pages) ----------------------------------------------------

def plain(work: Work) -> str:
    """A reference in a plain author–title–address style (English)."""
    lang, st = work.lang, style(work.lang)
    label = _w(work.kind, lang)
    title = work.title.rstrip()
    quoted = f"“{title}”" if title.endswith((".", "?", "!")) else f"“{title}.”"
    parts = [f"{work.publisher}.", quoted, f"{label} {work.ident}"]
    if work.version:
        parts[-1] += _p("comma", lang) + f"{_w('version', lang)} {work.version}" + (
            _p("open_paren", lang) + st.date(work.date) + _p("close_paren", lang) if work.date else "")
    parts[-1] += "."
    parts.append(f"{work.url}{_p('open_paren', lang)}{_w('accessed', lang)} {ACCESSED}{_p('close_paren', lang)}.")
    if work.origins:
        parts.append(credits(work))
    return " ".join(parts)


# --- GB/T 7714-2015 (Chinese pages) -----------------------------------------------

def gbt7714(work: Work) -> str:
    """A reference to an electronic resource in GB/T 7714-2015 form:

    主要责任者. 题名: 其他题名信息[EB/OL]. (更新日期)[引用日期]. 获取和访问路径.
    """
    lang = work.lang
    title = bare_title(work.title)
    other = f"{_w(work.kind, lang)} {work.ident}"
    if work.version:
        other += _p("comma", lang) + f"{_w('version', lang)} {work.version}"
    text = f"{work.publisher}. {title}: {other}[EB/OL]. "
    if work.date:
        text += f"({work.date})"
    text += f"[{ACCESSED}]. "
    text += f"{work.url}."
    if work.origins:
        text += " " + credits(work)
    return text


STYLES = {
    "en": Style("en", "cite.style.en", plain, date_en, "en", ("“", "”"), "comma", renders_titles=True),
    "gbt7714": Style("gbt7714", "cite.style.gbt7714", gbt7714, _iso, "iso", ("《", "》"), "colon", renders_titles=False),
}
"""The citation styles, by the name a language gives in the registry."""


# --- BibTeX --------------------------------------------------------------------------

# BibTeX counts every brace, escaped or not, so braces become commands that carry a balanced pair.
_LATEX = {"\\": r"\textbackslash{}", "{": r"\textbraceleft{}", "}": r"\textbraceright{}", "%": r"\%", "#": r"\#", "&": r"\&", "$": r"\$",
          "_": r"\_", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}"}
_LATEX_RE = re.compile(r"[\\{}%#&$_~^]")
_SPACE_RE = re.compile(r"\s+")


def latex(text: str) -> str:
    """Text as a BibTeX field value: LaTeX's special characters escaped, whitespace folded, braces balanced."""
    return _LATEX_RE.sub(lambda m: _LATEX[m.group(0)], _SPACE_RE.sub(" ", text)).strip()


def _braceless(url: str) -> str:
    # braces and backslashes are not valid in an address anyway: percent-encoded, they cannot unbalance a field
    return url.replace("\\", "%5C").replace("{", "%7B").replace("}", "%7D")


def _url_field(url: str) -> str:
    return "\\url{" + re.sub(r"([%#])", r"\\\1", _braceless(url)) + "}"


def bibtex(work: Work) -> str:
    """A ``@misc`` entry: the address both as ``url`` (biblatex, natbib's styles, reference managers) and as
    ``howpublished`` (the classic BibTeX styles, which know no ``url``); biblatex reads ``urldate`` and
    ``version`` too."""
    lang = work.lang
    note = f"{_w(work.kind, lang)} {work.ident}"
    if work.version:
        note += _p("comma", lang) + f"{_w('version', lang)} {work.version}"
        if work.date:
            note += _p("open_paren", lang) + work.date + _p("close_paren", lang)
    note += _p("clause_end", lang) + _p("sentence_sep", lang)
    if work.origins:
        note += credits(work) + _p("sentence_sep", lang)
    note += f"{_sentence(_w('accessed', lang), lang)} {ACCESSED}" + _p("clause_end", lang)
    fields = [("author", "{" + latex(work.publisher) + "}"), ("title", "{" + latex(bare_title(work.title)) + "}")]
    if work.date:
        fields.append(("year", work.date[:4]))
    if work.version:
        fields.append(("version", latex(work.version)))
    fields += [("url", _braceless(work.url)), ("howpublished", _url_field(work.url)), ("note", latex(note))]
    fields.append(("urldate", ACCESSED))
    fields.append(("language", bibtex_language(lang)))
    width = max(len(k) for k, _ in fields)
    body = ",\n".join(f"  {k.ljust(width)} = {{{v}}}" for k, v in fields)
    return f"@misc{{{work.key},\n{body}\n}}\n"


# --- CSL-JSON ------------------------------------------------------------------------

# A source's kind as a CSL item type; a kind with no closer type is a "document".
CSL_TYPE = {"news-article": "article-newspaper", "press-report": "article-newspaper", "blog-post": "post-weblog",
            "social-post": "post"}
_IN_CONTAINER = ("article-newspaper", "post-weblog")  # where the publisher is the paper or blog that holds the item


def csl(work: Work) -> dict:
    """The page's own CSL-JSON item.

    The evidence base, at the data version shown, is the container that holds the record
    (``container-title`` and ``edition``; ``version`` too, for styles that print a data set's
    version); the credits are in ``note``, which citation styles do not print: the sources
    themselves are items of their own (:func:`csl_items`).
    """
    lang = work.lang
    note = f"{_w(work.kind, lang)} {work.ident}"
    if work.origins:
        note += _p("clause_end", lang) + _p("sentence_sep", lang) + credits(work)
    item = {
        "id": work.key,
        "type": "dataset",
        "title": bare_title(work.title),
        "author": [{"literal": work.publisher}],
        "container-title": work.publisher,
        "genre": _w(work.kind, lang),
        "URL": work.url,
        "language": csl_language(lang),
        "note": note,
        "accessed": {"date-parts": [ACCESSED]},
    }
    if work.version:
        item["version"] = work.version
        item["edition"] = f"{_w('data_version', lang)} {work.version}"
    if work.date:
        item["issued"] = {"date-parts": [date_parts(work.date)]}
    return item


def origin_title(o: Origin, lang: str) -> str:
    """A credited source's title in a reference: its own, with the site's English name for it in brackets
    on English pages when it is in another language (as :func:`origin_text` gives it); a source without a
    title is described, in brackets, by the site's name for it.  A title written as a sentence loses the
    full stop that ends it (:func:`bare_title`): a style puts its own stop after the title."""
    if not o.title:
        return f"[{o.name}]"
    if _foreign_title(o, lang):
        return f"{bare_title(o.title)} [{o.name}]"
    return bare_title(o.title)


def origin_csl(o: Origin, lang: str) -> dict:
    """A credited source as a CSL-JSON item of its own, with only what the data records of it."""
    typ = CSL_TYPE.get(o.kind or "", "document")
    item = {"id": f"jalapeno-evidence:original:{o.ident or o.name}", "type": typ, "title": origin_title(o, lang)}
    if o.author:
        item["author"] = [{"literal": o.author}]
    elif o.publisher and typ not in _IN_CONTAINER:
        item["author"] = [{"literal": o.publisher}]  # no author recorded: the publisher is the corporate author
    if o.publisher:
        item["container-title" if typ in _IN_CONTAINER else "publisher"] = o.publisher
    if o.date:
        item["issued"] = {"date-parts": [date_parts(o.date)]}
    if o.url:
        item["URL"] = o.url
    if o.language in CSL_LANG:
        item["language"] = CSL_LANG[o.language]
    return item


def csl_items(work: Work) -> list[dict]:
    """The page's item, then one for each source it credits (a claim's, and those they attribute it to; a
    source record's, the source itself), so that a bibliography made from them cites the original
    reporting along with the page."""
    items = [csl(work)]
    for o in dict.fromkeys(work.origins + work.relayed):
        items.append(origin_csl(o, work.lang))
    return items


def csl_json(work: Work) -> str:
    """The items as the text of a CSL-JSON file (a list of items), one field a line, with
    :data:`ACCESSED` where the access date's parts go."""
    blocks = []
    for item in csl_items(work):
        lines = [f"    {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in item.items()]
        blocks.append("  {\n" + ",\n".join(lines) + "\n  }")
    text = "[\n" + ",\n".join(blocks) + "\n]\n"
    return text.replace(json.dumps(ACCESSED), "[" + ACCESSED + "]")
