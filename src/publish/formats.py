"""Citations of the site's pages as data: plain text, GB/T 7714-2015, BibTeX and CSL-JSON.

A :class:`Work` is one citable page (a claim, source or entity, in one
language) with everything a reference needs: who publishes it, its title, its
permanent address (always a full one: the site's public address and the page's
path), the data version it shows, and the original sources it credits.  The
formatters turn it into text; nothing here knows about HTML.

Every format names those sources: the plain and GB/T 7714 references and
BibTeX's ``note`` in words, CSL-JSON also as items of their own (see
:func:`csl_items`), since citation styles print no ``note``.

A formatter returns its text as a list of pieces (:data:`Piece`): plain text,
:class:`Marked` text (a figure, a name, a date or the data version, which a page
shows in markup of its own), and the :class:`Accessed` slot.  The date a reader
accessed the page cannot be known when the page is built: the slot stands where
that date belongs.  :func:`text` joins the pieces into the text itself, with a
date in the slot; a page renders the same pieces as markup (:mod:`render.citing`),
so that what a reader copies from it is the text, character for character.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Callable, Sequence, Union

from babel import Locale

from kb import display, languages, vocabulary

# --- pieces -------------------------------------------------------------------------

@dataclass(frozen=True)
class Accessed:
    """Where the access date goes, and the form it takes there (:func:`accessed_form`: en, iso or parts)."""

    form: str


@dataclass(frozen=True)
class Marked:
    """Text a page shows in markup of its own: what it is (``role``) and, where it has one, what it stands for."""

    text: str
    role: str
    """``figure`` (``value``: the claim), ``entity`` (``value``: the entity), ``version``, ``version-date``
    (``value``: the date, YYYY-MM-DD), ``date`` (a source's; ``value``: YYYY, YYYY-MM or YYYY-MM-DD), or what a
    credited source's words are: ``title`` and ``author`` (``value``: the source's language, as its words are
    verbatim in it), ``address``, ``publisher``, ``name``."""
    value: str | None = None


Piece = Union[str, Marked, Accessed]
Pieces = Sequence[Piece]


def text(pieces: Pieces, accessed: str | None = None) -> str:
    """The pieces as text, with ``accessed`` (YYYY-MM-DD) in each access-date slot, in the slot's form; a slot with
    no date to put there is an error."""
    out = []
    for p in pieces:
        if isinstance(p, Accessed):
            if accessed is None:
                raise ValueError("the text has an access date's slot and no date to put there")
            out.append(accessed_form(accessed, p.form))
        else:
            out.append(p if isinstance(p, str) else p.text)
    return "".join(out)


def _mapped(pieces: Pieces, f: Callable[[str], str]) -> list[Piece]:
    """The pieces with ``f`` applied to each plain text."""
    return [f(p) if isinstance(p, str) else p for p in pieces]


def _without_last(pieces: Pieces, n: int) -> list[Piece]:
    """The pieces without their last ``n`` characters (a marked piece cut into keeps its text, unmarked)."""
    out = list(pieces)
    while n > 0 and out:
        last = out.pop()
        shown = last if isinstance(last, str) else last.text
        if len(shown) > n:
            out.append(shown[:-n])
        n -= len(shown)
    return out


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
    lang: str  # the site language of the page (kb.languages)
    publisher: str  # the evidence base's name in this language
    title: str  # plain text
    url: str | None  # the page's full address; None for a build with no public address (render.citing.is_local)
    version: str | None = None  # short commit id
    date: str | None = None  # the data version's date, YYYY-MM-DD
    origins: tuple[Origin, ...] = field(default_factory=tuple)  # sources that state the figure (or the source itself)
    relayed: tuple[Origin, ...] = field(default_factory=tuple)  # sources those attribute the figure to
    title_pieces: tuple[Piece, ...] = ()
    """The title with its figures and names marked (:class:`Marked`), reading as ``title`` does; empty for a
    title with nothing marked."""

    def __post_init__(self):
        if self.title_pieces and text(self.title_pieces) != self.title:
            raise ValueError(f"the marked title of {self.key} does not read as its title: {self.title!r}")

    @property
    def titled(self) -> tuple[Piece, ...]:
        """The title as pieces."""
        return self.title_pieces or (self.title,)

    @property
    def key(self) -> str:
        return f"jalapeno-evidence:{self.kind}:{self.ident}"


# --- dates --------------------------------------------------------------------

def date_en(text: str) -> str:
    """A date (YYYY, YYYY-MM or YYYY-MM-DD) as the English pages write it (kb.display): 4 March 2027."""
    return display.date(text, "en")


def date_parts(text: str) -> list[int]:
    return [int(p) for p in text.split("-")]


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


def _bare_pieces(work: Work) -> list[Piece]:
    """The title's pieces, :func:`bare_title`: without the full stop that ends it."""
    return _without_last(work.titled, len(work.title) - len(bare_title(work.title)))


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
    reference: Callable[[Work], list[Piece]]
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
"""A source's language tag as CSL-JSON writes it: the region whose CSL locale uses that script."""


def bibtex_language(lang: str) -> str:
    return BIBTEX_LANGUAGE[languages.LANGUAGES[lang].tag.split("-")[0]]


def csl_language(lang: str) -> str:
    """A site language as CSL-JSON writes it: its locale's language and region (zh_Hant_TW -> zh-TW, en -> en)."""
    locale = Locale.parse(languages.LANGUAGES[lang].locale)
    return f"{locale.language}-{locale.territory}" if locale.territory else locale.language


def _foreign_title(o: Origin, lang: str) -> bool:
    """Whether a reference in ``lang`` gives the site's name for ``o`` beside its own title: where its style does,
    and the title is in another language and the name does not already hold it."""
    return (style(lang).renders_titles and bool(o.title) and bool(o.language)
            and o.language != languages.LANGUAGES[lang].tag and o.title not in o.name)


def _joined(sep: str, groups) -> list[Piece]:
    out: list[Piece] = []
    for i, group in enumerate(groups):
        out += ([sep] if i else []) + list(group)
    return out


def origin_text(o: Origin, lang: str) -> list[Piece]:
    """One credited source: who, its own title where it has one (else how the site names it), date, address."""
    st, comma = style(lang), _p("comma", lang)
    who = _joined(comma, ([Marked(x, role, value)] for x, role, value in
                          ((o.author, "author", o.language), (o.publisher, "publisher", None)) if x))
    name = Marked(o.name, "name")
    opening, closing = st.title_marks
    quoted = [opening, Marked(o.title, "title", o.language), closing] if o.title else []
    head = (who + [_p(st.author_sep, lang)] + quoted if who else quoted) if o.title else [name]
    if _foreign_title(o, lang):
        head += [" [", name, "]"]  # a rendering of a title in another language, as English references give it
    extra = [x for x in ((None if o.title else who), [Marked(st.date(o.date), "date", o.date)] if o.date else None) if x]
    out = head + ([_p("open_paren", lang)] + _joined(comma, extra) + [_p("close_paren", lang)] if extra else [])
    return out + ([comma, Marked(o.url, "address")] if o.url else [])


def credits(work: Work) -> list[Piece]:
    """The sentences that credit the original sources, in the work's language (none when it credits none)."""
    if not work.origins:
        return []
    lang = work.lang
    sep, colon, stop = _p("semicolon", lang), _p("colon", lang), _p("clause_end", lang)
    label = _w("original" if work.kind == "source" else "figure_from", lang)
    out = [label + colon] + _joined(sep, (origin_text(o, lang) for o in work.origins)) + [stop]
    if work.relayed:
        out += [_p("sentence_sep", lang) + _w("relaying", lang) + colon]
        out += _joined(sep, (origin_text(o, lang) for o in work.relayed)) + [stop]
    return out


def _version(work: Work, date: Callable[[str], str]) -> list[Piece]:
    """The data version: its words, its id, and, where ``date`` gives one, its date in brackets."""
    lang = work.lang
    out: list[Piece] = [f"{_w('version', lang)} ", Marked(work.version, "version")]
    if work.date:
        out += [_p("open_paren", lang), Marked(date(work.date), "version-date", work.date), _p("close_paren", lang)]
    return out


# --- plain text (English pages) ----------------------------------------------------

def plain(work: Work) -> list[Piece]:
    """A reference in a plain author–title–address style (English)."""
    lang, st = work.lang, STYLES["en"]
    title = work.title.rstrip()
    stopped = title.endswith((".", "?", "!"))
    out: list[Piece] = [f"{work.publisher}. “", *_without_last(work.titled, len(work.title) - len(title)),
                        "” " if stopped else ".” ", f"{_w(work.kind, lang)} {work.ident}"]
    if work.version:
        out += [_p("comma", lang)] + _version(work, st.date)
    if work.url:
        out += [f". {work.url}{_p('open_paren', lang)}{_w('accessed', lang)} ", Accessed(st.accessed),
                _p("close_paren", lang) + "."]
    else:
        out += ["."]
    if work.origins:
        out += [" "] + credits(work)
    return out


# --- GB/T 7714-2015 (Chinese pages) -----------------------------------------------

def gbt7714(work: Work) -> str:
    """A reference to an electronic resource in GB/T 7714-2015 form:

    主要责任者. 题名: 其他题名信息[EB/OL]. (更新日期)[引用日期]. 获取和访问路径.

    A copy built with no public address has no access path: it is cited as a database, 题名[DB]. (更新日期).
    """
    lang, st = work.lang, STYLES["gbt7714"]
    out: list[Piece] = [f"{work.publisher}. ", *_bare_pieces(work), f": {_w(work.kind, lang)} {work.ident}"]
    if work.version:
        out += [_p("comma", lang), f"{_w('version', lang)} ", Marked(work.version, "version")]
    if work.url:  # an online resource, read at its address on a day
        out += ["[EB/OL]. "]
        if work.date:
            out += ["(", Marked(st.date(work.date), "version-date", work.date), ")"]
        out += ["[", Accessed(st.accessed), f"]. {work.url}."]
    else:  # a copy built with no public address: a database, with neither an address nor a day it was read there
        out += ["[DB]"]
        if work.date:
            out += [". (", Marked(st.date(work.date), "version-date", work.date), ")"]
        out += ["."]
    if work.origins:
        out += [" "] + credits(work)
    return out


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


def _latex_pieces(pieces: Pieces) -> list[Piece]:
    """Pieces as a BibTeX field value (:func:`latex`), their text alone: whitespace folded across the pieces and
    trimmed at their ends."""
    flat: list[Piece] = []
    for p in pieces:  # the text between two slots as one string, so that whitespace is folded across pieces
        if isinstance(p, Accessed):
            flat.append(p)
        elif flat and isinstance(flat[-1], str):
            flat[-1] += text([p])
        else:
            flat.append(text([p]))
    flat = _mapped(flat, lambda t: _SPACE_RE.sub(" ", t))
    if flat and isinstance(flat[0], str):
        flat[0] = flat[0].lstrip()
    if flat and isinstance(flat[-1], str):
        flat[-1] = flat[-1].rstrip()
    return _mapped(flat, lambda t: _LATEX_RE.sub(lambda m: _LATEX[m.group(0)], t))


def bibtex(work: Work) -> list[Piece]:
    """A ``@misc`` entry: the address both as ``url`` (biblatex, natbib's styles, reference managers) and as
    ``howpublished`` (the classic BibTeX styles, which know no ``url``); biblatex reads ``urldate`` and
    ``version`` too."""
    lang = work.lang
    note: list[Piece] = [f"{_w(work.kind, lang)} {work.ident}"]
    if work.version:
        note += [_p("comma", lang) + f"{_w('version', lang)} {work.version}"]
        if work.date:
            note += [_p("open_paren", lang) + work.date + _p("close_paren", lang)]
    note += [_p("clause_end", lang)]
    if work.origins:
        note += [_p("sentence_sep", lang)] + credits(work)
    if work.url:
        note += [_p("sentence_sep", lang), f"{_sentence(_w('accessed', lang), lang)} ", Accessed("iso"),
                 _p("clause_end", lang)]
    fields: list[tuple[str, list[Piece]]] = [("author", ["{" + latex(work.publisher) + "}"]),
                                             ("title", ["{" + latex(bare_title(work.title)) + "}"])]
    if work.date:
        fields.append(("year", [work.date[:4]]))
    if work.version:
        fields.append(("version", [latex(work.version)]))
    if work.url:
        fields += [("url", [_braceless(work.url)]), ("howpublished", [_url_field(work.url)])]
    fields.append(("note", _latex_pieces(note)))
    if work.url:
        fields.append(("urldate", [Accessed("iso")]))
    fields.append(("language", [bibtex_language(lang)]))
    width = max(len(k) for k, _ in fields)
    body = _joined(",\n", ([f"  {k.ljust(width)} = {{", *v, "}"] for k, v in fields))
    return [f"@misc{{{work.key},\n", *body, "\n}\n"]


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
        note += _p("clause_end", lang) + _p("sentence_sep", lang) + text(credits(work))
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
        "accessed": {"date-parts": [Accessed("parts")]},  # the date's parts, once a date is in the slot
    }
    if not work.url:  # a build with no public address: no address, and so no day it was read there
        del item["URL"], item["accessed"]
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


def _json(value) -> list[Piece]:
    """A value as JSON text (as :func:`json.dumps` writes it), the access date's slot as the list of its parts."""
    if isinstance(value, Accessed):
        return ["[", value, "]"]
    if isinstance(value, dict):
        return ["{", *_joined(", ", ([json.dumps(k) + ": ", *_json(v)] for k, v in value.items())), "}"]
    if isinstance(value, list):
        return ["[", *_joined(", ", (_json(v) for v in value)), "]"]
    return [json.dumps(value, ensure_ascii=False)]


def csl_json(work: Work) -> list[Piece]:
    """The items as the text of a CSL-JSON file (a list of items), one field a line, with the access date's slot
    where its parts go."""
    blocks = [["  {\n", *_joined(",\n", ([f"    {json.dumps(k)}: ", *_json(v)] for k, v in item.items())), "\n  }"]
              for item in csl_items(work)]
    return ["[\n", *_joined(",\n", blocks), "\n]\n"]
