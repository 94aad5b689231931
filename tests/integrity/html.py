"""Each built page parsed once (lxml), reduced to what the integrity checks read.

What a reader sees of a page is its ``<title>`` and the text of its ``<body>``.
The walker drops, each for a stated reason:

* ``script``, ``style``, ``template``, ``noscript``: not shown as text;
* ``code``, ``pre``, ``kbd``, ``samp``: literal identifiers and file paths
  (claim ids, ``data/claims/x.yml``), shown as code, not as figures;
* ``svg``: read by the chart check, which holds it to a stricter rule (every
  number in a chart must carry its claim and value);
* ``data[data-claim]``, ``time[data-claim]``: the figures themselves, each
  checked against the data by the figure check; ``time[datetime]`` without a
  claim is a record's own date (a source's publication or snapshot date), also
  checked against the data; ``data[data-claim][data-field]`` is a field of the
  claim's record (a condition's token length), checked against that field;
  ``data[data-count]`` is a number the site derives from the records (a count
  of claims, a tier's rank), recomputed from the data by the figure check.  A
  ``<data>`` with neither ``data-claim`` nor ``data-count`` is read as text;
* an entity page's ``<title>`` (and the header restating it) is the entity's
  name, which its ``<h1>`` marks with ``data-entity``, and a source page's the
  source's name, marked ``data-name`` where it holds a digit; the title rule
  below allows the digits of that name;
* a source's own words: ``blockquote.kb-quote`` (a citation's quote) and
  ``q[lang]`` (a locator, shown as quoted from the source), the markup
  citations are given.  A quote is verbatim (``kb check`` compares it with the
  source's snapshot character by character), so a number in it is the source's,
  and rewriting it as a figure would falsify it.  Locators are not compared with
  the snapshot, and some are written by contributors ("第 37 行（语序打乱）", a
  line number); they are exempt because their markup says they are quoted, which
  is the renderer's claim to keep true;
* the contributors' rendering of a source's words: ``p.kb-translation[lang]`` (a
  quote's translation, under the quote it translates) and ``p.kb-paraphrase[lang]``
  (a paraphrase standing in for a quote), each labelled as the contributors'.  A
  translation keeps the quote's numbers as the quote writes them (八成 is "80%"),
  so its numbers are the source's, read through the quote above it, not figures
  of the site's own; the test of the claim pages checks that each one is the
  record's translation, shown under its quote;
* names: an element with ``data-entity`` (an entity's name) or ``data-name``
  (any other name: a licence, a standard) and no child elements; digits in
  "Snapdragon 8 Gen 6" or "CC BY 4.0" are part of a name, and only markup can
  say so when a space separates them from the letters;
* the site's own bookkeeping, which is about this build, not about the subject:
  the data-version footer (``.kb-version``: a commit id and its date, from git),
  a claim's history (``time[data-kb-commit]``: the day of the commit it names,
  checked against git; the figures it once had are shown as ``code``, as data/
  recorded them) and a citation's access date (``time[data-kb-accessed]``,
  filled in by the reader's browser);
* theme chrome otherwise is not dropped: Material's header, navigation, table
  of contents and footer are read like the rest, and hold no numbers, except
  a 404 page's "404", should it show one (the page for any missing address,
  numbered by the HTTP status it stands for), which the checks leave out by
  its address.

A figure in the ``<title>`` cannot carry markup; it is allowed when it is one
of the numbers shown by a figure or a count in the page's ``<h1>`` (whose markup is
checked), since the title is the heading restated.  Material's header restates
the title too (``[data-md-component=header-topic]``), under the same rule.
"""
from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlsplit

import lxml.html

from . import langs
from .orphans import find_figures

SKIP_TAGS = {"script", "style", "template", "noscript", "code", "pre", "kbd", "samp", "svg", "head"}
BLOCK_TAGS = {"p", "div", "li", "ul", "ol", "td", "th", "tr", "table", "thead", "tbody", "dt", "dd", "dl",
              "h1", "h2", "h3", "h4", "h5", "h6", "section", "article", "nav", "header", "footer", "main",
              "aside", "blockquote", "figure", "figcaption", "br", "hr", "label", "button", "option", "form",
              "details", "summary", "body", "caption", "input", "select", "textarea"}
VISIBLE_ATTRS = ("title", "alt", "aria-label", "placeholder")
LEAKS = ("{{", "{%", "{#", "Macro Rendering Error", "Macro Syntax Error", "Traceback (most recent call last)",
         "jinja2.exceptions", "UndefinedError")
EXTERNAL = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|//)", re.I)
SVG_NS = "{http://www.w3.org/2000/svg}"


@dataclass
class Figure:
    tag: str              # data or time
    claim: str
    value: str | None     # the value / datetime attribute
    text: str             # what the reader sees
    computed: bool
    unit: str | None      # the unit shown with it (None: no unit span beside it)
    hedged: bool | None   # shown with "about"/"约" (None: not in a figure link)
    in_h1: bool


@dataclass
class ChartLabel:
    text: str
    claim: str | None       # data-claim on the label or an element around it (ids separated by spaces)
    value: str | None       # data-value beside that data-claim
    computed: str | None    # data-computed: the operation, for a figure computed from several claims


@dataclass
class Illustration:
    """A figure computed on the page from several claims (``[data-claim][data-computed]``, not <data>)."""
    text: str
    claim: str
    computed: str
    value: str | None


@dataclass
class Page:
    url: str
    lang: str
    title: str | None
    figures: list[Figure] = field(default_factory=list)
    no_figure: list[str] = field(default_factory=list)       # claims shown as "no figure"
    orphans: list[tuple[str, str, str]] = field(default_factory=list)  # (figure, where, context)
    dated: list[tuple[str, str]] = field(default_factory=list)    # <time> without a claim: (datetime, text)
    version_dates: list[tuple[str, str]] = field(default_factory=list)  # <time data-kb-version>: (datetime, text)
    commit_dates: list[tuple[str, str, str]] = field(default_factory=list)  # <time data-kb-commit>: (commit, datetime, text)
    chart_labels: list[ChartLabel] = field(default_factory=list)
    chart_marks: list[tuple[str, str | None, str | None]] = field(default_factory=list)  # (claim, value, computed)
    chart_restated: list[tuple[str, str]] = field(default_factory=list)  # an svg's title/desc text, by chart
    illustrations: list[Illustration] = field(default_factory=list)
    counts: list[tuple[str, str | None, str]] = field(default_factory=list)  # <data data-count>: (what, value, text)
    fields: list[tuple[str, str, str | None, str]] = field(default_factory=list)  # (claim, field, value, text)
    leaks: list[tuple[str, str]] = field(default_factory=list)  # (marker, context)
    links: list[str] = field(default_factory=list)          # href of every <a>
    ids: set[str] = field(default_factory=set)
    claims_shown: set[str] = field(default_factory=set)     # every data-claim on the page
    html_lang: str | None = None
    main_text: str = ""                                      # the article's text, for telling languages apart
    headings: list[str] = field(default_factory=list)        # the article's h1-h3 texts, likewise


def lang_of(url: str) -> str:
    return langs.lang_of(url)


def _context(text: str, start: int, length: int, width: int = 30) -> str:
    a, b = max(0, start - width), min(len(text), start + length + width)
    snippet = " ".join(text[a:b].split())
    return ("…" if a else "") + snippet + ("…" if b < len(text) else "")


def _cls(el) -> set[str]:
    return set((el.get("class") or "").split())


def _local(tag) -> str:
    return tag.split("}", 1)[-1] if isinstance(tag, str) else ""


def _exempt(el) -> bool:
    tag = _local(el.tag)
    if tag in SKIP_TAGS:
        return True
    if tag in ("data", "time") and el.get("data-claim") is not None:
        return True
    if tag == "data" and el.get("data-count") is not None and len(el) == 0:
        return True  # a count of records (or a tier's rank), recomputed from the data by the figure check
    if tag == "time" and el.get("datetime"):
        return True  # a record's own date (a source's), checked against the data by the figure check
    if el.get("data-claim") is not None and el.get("data-computed") and len(el) == 0:
        return True  # a figure computed from several claims, checked as an illustration
    if tag == "blockquote" and "kb-quote" in _cls(el):
        return True
    if tag == "q" and el.get("lang"):
        return True
    if tag == "p" and el.get("lang") and _cls(el) & {"kb-translation", "kb-paraphrase"}:
        return True  # the contributors' translation of the quote above it, or a paraphrase: see the module docstring
    if (el.get("data-entity") is not None or el.get("data-name") is not None) and len(el) == 0:
        return True
    if "kb-version" in _cls(el) or el.get("data-kb-accessed") is not None:
        return True
    if el.get("data-md-component") == "header-topic":
        return True  # the page title restated; read with the title
    return False


def describe(el) -> str:
    """Where on the page an element is, as a reader of the HTML would point to it: the nearest element
    (itself or around it) with a class, an id or a data-sort, as ``tag.class``, ``tag#id`` or ``tag[data-sort]``."""
    while el is not None and isinstance(el.tag, str):
        tag = _local(el.tag)
        if el.get("class"):
            return tag + "." + ".".join(el.get("class").split())
        if el.get("id"):
            return f"{tag}#{el.get('id')}"
        if el.get("data-sort") is not None:
            return f"{tag}[data-sort]"
        if tag in ("body", "article"):
            return tag
        el = el.getparent()
    return "page"


def visible_text(root) -> tuple[str, list[tuple[str, str, str]], list[tuple[int, str]]]:
    """The text a reader sees under ``root`` (exemptions dropped); visible attribute texts as
    (attribute, text, where); and where each stretch of the text sits, as (offset, description)."""
    parts: list[str] = []
    attrs: list[tuple[str, str, str]] = []
    spots: list[tuple[int, str]] = []
    size = 0

    def add(text: str, owner) -> None:
        nonlocal size
        if owner is not None:
            spots.append((size, describe(owner)))
        parts.append(text)
        size += len(text)

    def walk(el):
        if not isinstance(el.tag, str):  # comment or processing instruction
            return
        if _exempt(el):
            add(" ", None)
            return
        block = _local(el.tag) in BLOCK_TAGS
        if block:
            add("\n", None)
        for name in VISIBLE_ATTRS:
            v = el.get(name)
            if v:
                attrs.append((name, v, describe(el)))
        if el.text:
            add(el.text, el)
        for child in el:
            walk(child)
            if child.tail:
                add(child.tail, el)
        if block:
            add("\n", None)

    walk(root)
    return "".join(parts), attrs, spots


def where_in(spots: list[tuple[int, str]], offset: int) -> str:
    found = "page"
    for start, what in spots:
        if start > offset:
            break
        found = what
    return found


def _fig_link(el):
    """The figure link (a.kb-fig) a data/time element sits in, if any."""
    p = el.getparent()
    while p is not None:
        if _local(p.tag) == "a":
            return p if "kb-fig" in _cls(p) else None
        p = p.getparent()
    return None


def _figure(el, in_h1: bool) -> Figure:
    tag = _local(el.tag)
    link = _fig_link(el)
    unit = hedged = None
    if link is not None:
        hedged = any("kb-approx" in _cls(s) for s in link.iter("span"))
        units = [s for s in link.iter("span") if "kb-unit" in _cls(s)]
        # a date range shows two <time> elements in separate links; units sit beside numbers only
        unit = units[0].text_content() if units else None
    return Figure(tag=tag, claim=el.get("data-claim"), value=el.get("datetime" if tag == "time" else "value"),
                  text=el.text_content(), computed=el.get("data-computed") is not None, unit=unit,
                  hedged=hedged, in_h1=in_h1)


def _claim_of(el):
    """The data-claim, data-value and data-computed of ``el`` or the nearest element around it that has them."""
    while el is not None:
        if el.get("data-claim") is not None:
            return el.get("data-claim"), el.get("data-value"), el.get("data-computed")
        el = el.getparent()
    return None, None, None


def _charts(page: Page, doc) -> None:
    """Inline SVG: labels (<text>) that show a number, marks that carry a claim, and the chart's
    own <title>/<desc>, which restate it for screen readers.  Axis ticks (``text.kb-ct-tick``) are
    left out: they grade the scale the marks are drawn on, and state no figure."""
    for n, svg in enumerate(doc.iter(SVG_NS + "svg", "svg")):
        for el in svg.iter():
            if not isinstance(el.tag, str):
                continue
            tag = _local(el.tag)
            if tag == "text" and "kb-ct-tick" in _cls(el):
                continue  # an axis tick: a gradation of the chart's scale, not a figure anyone states
            if tag == "text":
                said = " ".join("".join(el.itertext()).split())
                if find_figures(said):
                    claim, value, computed = _claim_of(el)
                    page.chart_labels.append(ChartLabel(said, claim, value, computed))
            elif tag in ("title", "desc"):
                said = " ".join("".join(el.itertext()).split())
                page.chart_restated.append((f"chart {n + 1} <{tag}>", said))
            elif el.get("data-claim") is not None and tag != "tspan":
                page.chart_marks.append((el.get("data-claim"), el.get("data-value"), el.get("data-computed")))


def parse_page(url: str, raw: str) -> Page:
    doc = lxml.html.document_fromstring(raw)
    title_el = doc.find(".//head/title")
    title = title_el.text_content() if title_el is not None else None
    page = Page(url=url, lang=lang_of(url), title=title, html_lang=doc.get("lang"))

    h1_texts: list[str] = []
    for el in doc.iter("data", "time"):
        if el.get("data-claim") is None:
            if _local(el.tag) == "data" and el.get("data-count") is not None:
                page.counts.append((el.get("data-count"), el.get("value"), el.text_content()))
                if any(_local(a.tag) == "h1" for a in el.iterancestors()):
                    h1_texts.append(el.text_content())  # a count in the heading (a part of a list: its range)
            continue
        if el.get("data-field") is not None:  # a field of the claim's record, not the claim's figure
            page.fields.append((el.get("data-claim"), el.get("data-field"), el.get("value"), el.text_content()))
            continue
        in_h1 = any(_local(a.tag) == "h1" for a in el.iterancestors())
        fig = _figure(el, in_h1)
        page.figures.append(fig)
        if in_h1:
            h1_texts.append(fig.text)
    for el in doc.xpath("//*[@data-claim]"):
        page.claims_shown.add(el.get("data-claim"))
        if "kb-nofig" in _cls(el):
            page.no_figure.append(el.get("data-claim"))

    body = doc.find("body")
    text, attrs, spots = visible_text(body) if body is not None else ("", [], [])
    for start, fig in find_figures(text):
        page.orphans.append((fig, where_in(spots, start), _context(text, start, len(fig))))
    for name, value, where in attrs:
        for start, fig in find_figures(value):
            page.orphans.append((fig, f"{where}[{name}]", _context(value, start, len(fig))))
    heading_numbers = {f for t in h1_texts for _, f in find_figures(t)}
    for el in doc.xpath("//h1//*[@data-entity or @data-name]"):
        heading_numbers |= {f for _, f in find_figures(el.text_content())}
    restated = [("title", title)] if title else []
    restated += [(describe(el), el.text_content()) for el in doc.xpath('//*[@data-md-component="header-topic"]')]
    for where, said in restated:
        for start, fig in find_figures(said):
            if fig not in heading_numbers:
                page.orphans.append((fig, where, _context(said, start, len(fig))))
    meta = doc.find('.//head/meta[@name="description"]')
    if meta is not None and meta.get("content"):
        for start, fig in find_figures(meta.get("content")):
            page.orphans.append((fig, "meta[description]", _context(meta.get("content"), start, len(fig))))
    for el in doc.iter("time"):
        if el.get("data-claim") is not None or not el.get("datetime") or el.get("data-kb-accessed") is not None:
            continue
        if el.get("data-kb-version") is not None:  # the data version's date: the commit's, not a record's
            page.version_dates.append((el.get("datetime"), el.text_content()))
        elif el.get("data-kb-commit") is not None:  # a claim's history: the day of the commit it names
            page.commit_dates.append((el.get("data-kb-commit"), el.get("datetime"), el.text_content()))
        else:
            page.dated.append((el.get("datetime"), el.text_content()))

    _charts(page, doc)
    for el in doc.xpath("//body//*[@data-claim and @data-computed]"):
        if _local(el.tag) not in ("data", "time") and len(el) == 0 and \
                not any(_local(a.tag) == "svg" for a in el.iterancestors()):
            page.illustrations.append(Illustration(" ".join(el.text_content().split()), el.get("data-claim"),
                                                   el.get("data-computed"), el.get("data-value")))

    # leaks: anywhere a reader could see them (text outside code, and attribute values)
    leak_text = text + "\n" + "\n".join(v for _, v, _ in attrs) + "\n" + (title or "")
    for el in doc.iter("blockquote", "q", "data", "time"):
        leak_text += "\n" + el.text_content()
    for marker in LEAKS:
        i = leak_text.find(marker)
        if i >= 0:
            page.leaks.append((marker, _context(leak_text, i, len(marker))))

    for el in doc.iter("a"):
        href = el.get("href")
        if href is not None:
            page.links.append(href)
    for el in doc.xpath("//*[@id or @name]"):
        if el.get("id"):
            page.ids.add(el.get("id"))
        if _local(el.tag) == "a" and el.get("name"):
            page.ids.add(el.get("name"))
    article = doc.find(".//article")
    if article is not None:
        page.main_text = " ".join(visible_text(article)[0].split())
        page.headings = [" ".join(visible_text(h)[0].split()) for h in article.iter("h1", "h2", "h3")]
    return page


# --- the whole site -----------------------------------------------------------------------------------

def page_url(rel: str) -> str:
    """A built file's site-relative url, directory style: 'zh/claims/x/index.html' → 'zh/claims/x/'."""
    return rel[: -len("index.html")] if rel == "index.html" or rel.endswith("/index.html") else rel


def built_pages(root: Path) -> list[str]:
    """Every HTML page of a built site (the search bundle's files are not pages)."""
    out = []
    for p in sorted(root.rglob("*.html")):
        rel = p.relative_to(root).as_posix()
        if not rel.startswith("pagefind/"):
            out.append(page_url(rel))
    return out


def file_of(root: Path, url: str) -> Path:
    return root / url / "index.html" if url == "" or url.endswith("/") else root / url


class Corpus:
    """Every page of one built site, parsed on first use and kept."""

    def __init__(self, root: Path):
        self.root = Path(root)
        self._pages: dict[str, Page] = {}
        self._urls: list[str] | None = None

    @property
    def urls(self) -> list[str]:
        if self._urls is None:
            self._urls = built_pages(self.root)
        return self._urls

    def exists(self, url: str) -> bool:
        return file_of(self.root, url).is_file()

    def page(self, url: str) -> Page:
        if url not in self._pages:
            self._pages[url] = parse_page(url, file_of(self.root, url).read_text(encoding="utf-8"))
        return self._pages[url]

    def pages(self) -> list[Page]:
        return [self.page(u) for u in self.urls]


def resolve(from_url: str, href: str) -> tuple[str | None, str | None]:
    """An href on page ``from_url`` as (site-relative url, fragment); (None, None) for other sites."""
    if EXTERNAL.match(href.strip()):
        return None, None
    parts = urlsplit(href)
    fragment = unquote(parts.fragment) if parts.fragment else None
    path = unquote(parts.path)
    if not path:
        return from_url, fragment
    base = posixpath.dirname("/" + from_url + ("x" if from_url.endswith("/") or from_url == "" else ""))
    joined = posixpath.normpath(posixpath.join(base, path)).lstrip("/")
    if joined == ".":
        joined = ""
    if path.endswith("/") and joined and not joined.endswith("/"):
        joined += "/"
    return joined, fragment
