"""Whether a page fits a phone, read from its HTML without a browser.

A page is wider than the screen only when something in it cannot be made narrower than the column: a run of
text with no place to break where the box it sits in is sized to its content or told not to wrap, a table
that does not scroll inside its own box, or a box with a fixed width.  Text in ordinary paragraphs never
does it: the site's stylesheet lets a word break anywhere once it would overflow (``overflow-wrap``).

:data:`MODEL` says, as CSS selectors, which elements of the site behave in each of the ways that matter:

* ``scrolls``: the element scrolls sideways, so nothing in it can widen the page;
* ``anywhere``: a word may break at any letter even where a box is sized to its content;
* ``nowrap``: the text does not wrap at spaces; ``wraps`` undoes an inherited ``nowrap``;
* ``shrinks``: a box sized to its content (a table cell, an inline block): its longest word sets its width;
* ``clamped``: an inline block whose width the stylesheet caps at the column, less a slack in em;
* ``fluid``: an image or chart whose width attribute the stylesheet overrides (``width: 100%``);
* ``hidden``: out of the flow (screen-reader text, ``display: none``).

:func:`analyse` walks each page's ``<article>`` with those rules and measures text with the advance widths
of the site's own Latin face (docs/assets/fonts, at its widest weight), Chinese, Japanese and Korean
characters and anything the face lacks at one em: an estimate that errs wide.  It reports the faults (what
would make the page wider than :data:`NARROWEST` px) and the page's extremes (its longest unbreakable run,
its longest word in running text, its widest table, its longest title, how many figure marks it shows), from which the browser tests choose
the pages to open (tests/test_browser_layout.py).  Those tests also hold the model to the browser: on every
page they open, every element the browser does not wrap, every inline block and every table that does not
scroll must match a selector of the model, and every element the model says scrolls or breaks anywhere must
do so; so the model cannot drift from the stylesheets unseen.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from selectolax.lexbor import LexborHTMLParser

ROOT = Path(__file__).resolve().parents[2]
FONT = ROOT / "docs" / "assets" / "fonts" / "roboto-latin-wght-normal.woff2"
MONO = ROOT / "docs" / "assets" / "fonts" / "roboto-mono-latin-wght-normal.woff2"  # code

NARROWEST = 320        # the narrowest screen every page must fit, in CSS px
ROOT_PX = 20           # Material's root font size below 100em (html { font-size: 125% })
BODY_PX = 16           # .md-typeset { font-size: .8rem }
CONTENT_MARGIN = 16    # .md-content__inner { margin: 0 .8rem }, each side

MODEL: dict[str, tuple[str, ...]] = {
    "scrolls": ("table:not([class])", "pre > code", ".md-typeset__scrollwrap", ".kb-chart-scroll"),
    "anywhere": ("article a", "article :not(pre) > code", "article kbd", "article mark", "article h1", "article h2",
                 ".kb-facts dd"),
    "nowrap": (".kb-figure", "td .kb-fig", "th .kb-fig", ".kb-badge", ".kb-tip", "pre", ".kb-nobr", ".kb-unit", "select"),
    "wraps": (".kb-fig", ".kb-badges", ".kb-tip"),
    "shrinks": ("td", "th", ".kb-badge", ".kb-marker", "kbd", ".headerlink", "button", ".kb-nobr", ".kb-facet",
                "select"),
    "clamped": (".kb-fig",),
    "fluid": (".kb-chart-svg",),
    "hidden": (".kb-sr", "script", "style", "template", "noscript", ".kb-pop", ".kb-tip", "[hidden]"),
    "material-table": ("table:not([class])",),
    "mark": (".kb-marker",),
    "mono": ("code", "kbd", "pre", "samp"),
    "bold": ("th", "h1", "h2", "h3", "h4", "strong", "b", "dt", "summary", ".kb-fig data", ".kb-fig time",
             ".kb-badge", ".kb-legend-title"),
    # made by a script in the reader's browser, so not in the HTML this reads: the same box on every page that
    # has it, which the browser tests see on every template
    "scripted": (".pagefind-ui", ".md-code__nav", ".md-clipboard", ".md-typeset__scrollwrap", ".md-typeset__table",
                 ".kb-filter"),
}
CLAMP_SLACK_EM = {".kb-fig": 0.9}  # .kb-fig { max-width: calc(100% - .9em) }
WIDE_EM = 1.01                     # a character the face lacks: CJK, set at one em (16.02 px at 16 px, measured)
MARK_SIGN = "◆"                     # stands for a mark in the text of a run
MARK_EM = 1.15                     # .kb-marker: .62em (.78em when disputed) and .33em of margins

# How much narrower the column gets inside each element (CSS px at a 320 px screen, rounded up), and how much
# larger or smaller its text is set (a factor of the text around it), from Material's and the site's
# stylesheets.  The browser tests check, on every page they open, that no element is indented more than this
# says, and that the widest run the model measured on the page is no wider in the browser than the model says.
INDENT = {"li": 20, "ul": 10, "ol": 10, "blockquote": 16, "dd": 30, "details:not(.kb-chart-data)": 26,
          "summary": 52, ".kb-legend": 23, ".kb-banner": 31, ".kb-reading": 10, ".kb-side": 17,
          ".kb-translation": 15, ".kb-paraphrase": 15}
SCALE = {"h1": 1.6, "h2": 1.5625, "h3": 1.25, "details.kb-chart-data": 0.9}
# A table's cells: Material pads the cells of its own tables (.9375em 1.25em at .64rem) and sets their text
# smaller; a table with a class of the site's keeps the browser's 1px padding and the body text.
CELL = {"table:not([class])": (32.0, 0.8), "": (2.0, 1.0)}  # selector -> (px of padding per cell, text scale)
BREAK = re.compile(r"[\s\u200b\u00ad]+")  # where a run of text may break: spaces, zero-width spaces, soft hyphens
BLOCKS = {"p", "div", "li", "ul", "ol", "td", "th", "tr", "table", "thead", "tbody", "dt", "dd", "dl", "h1", "h2",
          "h3", "h4", "h5", "h6", "section", "article", "nav", "header", "footer", "main", "aside", "blockquote",
          "figure", "figcaption", "br", "hr", "details", "summary", "caption", "pre", "form"}
REPLACED = {"img", "svg", "video", "iframe", "canvas", "embed", "object", "input", "select", "textarea"}
FIXED = re.compile(r"(?:^|;)\s*(?:min-)?width\s*:\s*([\d.]+)px", re.I)


@lru_cache(maxsize=3)
def _advances(bold: bool, mono: bool = False) -> dict[int, float]:
    """Each character's advance in em, in the face's regular weight or its bold (or in the code face)."""
    from fontTools.ttLib import TTFont
    from fontTools.varLib.instancer import instantiateVariableFont

    font = instantiateVariableFont(TTFont(MONO if mono else FONT), {"wght": 700 if bold else 400})
    em, metrics = font["head"].unitsPerEm, font["hmtx"].metrics
    return {code: metrics[glyph][0] / em for code, glyph in font.getBestCmap().items()}


def _breaks_between(ch: str) -> bool:
    """A character after (and before) which a line may break: Chinese, Japanese and Korean script."""
    return unicodedata.east_asian_width(ch) in ("W", "F")


@lru_cache(maxsize=65536)
def text_em(text: str, bold: bool = False, mono: bool = False) -> float:
    """The width of ``text`` set on one line, in em."""
    adv = _advances(bold and not mono, mono)
    return sum(adv.get(ord(ch), WIDE_EM) for ch in text)


def runs(text: str) -> list[str]:
    """``text`` cut where a line may break: at spaces and beside each wide (CJK) character."""
    out: list[str] = []
    for piece in BREAK.split(text):
        cur = ""
        for ch in piece:
            if _breaks_between(ch):
                if cur:
                    out.append(cur)
                out.append(ch)
                cur = ""
            else:
                cur += ch
        if cur:
            out.append(cur)
    return out


@dataclass
class Extreme:
    px: float = 0.0
    what: str = ""


@dataclass
class Layout:
    url: str
    template: str
    faults: list[str] = field(default_factory=list)
    token: Extreme = field(default_factory=Extreme)      # widest run that cannot wrap where it stands, outside a
    #                                                      box that scrolls: text that does not wrap, a word in a
    #                                                      box sized to its content
    word: Extreme = field(default_factory=Extreme)       # longest word in running text (a line breaks it only
    #                                                      where it would overflow)
    table: Extreme = field(default_factory=Extreme)      # widest table, cells at their narrowest
    title: Extreme = field(default_factory=Extreme)      # longest heading of the page, set on one line
    marks: Extreme = field(default_factory=Extreme)      # how many figure marks the page shows (px: their count)
    elements: int = 0
    classes: frozenset = frozenset()  # the class names in the page's <article>: the styles a browser would meet

    @property
    def problems(self) -> list[str]:
        """What the sweep reports of the page (tests/site_fixture.py)."""
        return self.faults


@dataclass(frozen=True)
class _State:
    avail: float           # px free for a line here
    font: float            # px of the text's size
    nowrap: bool = False   # no wrapping at spaces
    anywhere: bool = False  # a word may break at any letter
    scroll: bool = False   # inside an element that scrolls sideways
    shrink: bool = False   # inside a box sized to its content
    bold: bool = False
    mono: bool = False


class _Walker:
    """One pass over a page's article, in document order, carrying what each element passes on to its text."""

    def __init__(self, tree, layout: Layout):
        self.layout = layout
        self.flags: dict[int, set[str]] = {}
        self.indent: dict[int, float] = {}
        self.scale: dict[int, float] = {}
        for behaviour, selectors in MODEL.items():
            for sel in selectors:
                for node in tree.css(sel):
                    self.flags.setdefault(node.mem_id, set()).add(sel if behaviour == "clamped" else behaviour)
        for table, into in ((INDENT, self.indent), (SCALE, self.scale)):
            for sel, value in table.items():
                for node in tree.css(sel):
                    into[node.mem_id] = value
        self.run_px, self.run_text = 0.0, ""  # the run that does not wrap, being read
        self.cell_px = 0.0                    # the narrowest the table cell being read can be
        self.heading: list | None = None      # [px, text] of the heading being read, set on one line

    def fault(self, message: str) -> None:
        self.layout.faults.append(f"/{self.layout.url}: {message}")

    def widest(self, px: float, text: str, st: _State, run: bool = False) -> None:
        """Keep the page's widest run that cannot wrap where it stands, and its longest word in running text."""
        if st.scroll or (st.anywhere and not run):
            return
        which = "token" if run or st.shrink else "word"
        if px > getattr(self.layout, which).px:
            setattr(self.layout, which, Extreme(px, " ".join(text.split())))

    def token(self, text: str, st: _State) -> None:
        px = text_em(text, st.bold, st.mono) * st.font
        self.widest(px, text, st)
        # a word that may break anywhere holds its box no wider than its widest letter
        self.cell_px = max(self.cell_px, max(text_em(ch, st.bold, st.mono) for ch in text) * st.font if st.anywhere else px)
        if st.shrink and not (st.scroll or st.anywhere) and px > st.avail:
            self.fault(f"the unbreakable run {text[:60]!r} is about {px:.0f}px wide where {st.avail:.0f}px is free")

    def end_run(self, st: _State) -> None:
        if not self.run_px:
            return
        self.cell_px = max(self.cell_px, self.run_px)
        self.widest(self.run_px, self.run_text, st, run=True)
        if not st.scroll and self.run_px > st.avail:
            self.fault(f"the run {' '.join(self.run_text.split())[:60]!r} does not wrap and is about "
                       f"{self.run_px:.0f}px wide where {st.avail:.0f}px is free")
        self.run_px, self.run_text = 0.0, ""

    def text(self, text: str, st: _State) -> None:
        if self.heading is not None:
            self.heading[0] += text_em(text, st.bold, st.mono) * st.font
            self.heading[1] += text
        if st.scroll:
            return  # in a box that scrolls sideways: it cannot widen the page
        if st.nowrap:
            self.run_px += text_em(text, st.bold, st.mono) * st.font
            self.run_text += text
        else:
            for piece in runs(text):
                self.token(piece, st)

    def state(self, node, flags: set, st: _State) -> _State:
        nowrap = True if "nowrap" in flags else False if "wraps" in flags else st.nowrap
        return _State(st.avail - self.indent.get(node.mem_id, 0), st.font * self.scale.get(node.mem_id, 1.0), nowrap,
                      st.anywhere or "anywhere" in flags, st.scroll or "scrolls" in flags,
                      st.shrink or "shrinks" in flags, st.bold or "bold" in flags, st.mono or "mono" in flags)

    def walk(self, node, st: _State) -> None:
        tag = node.tag
        if tag == "-text":
            self.text(node.text_content or "", st)
            return
        if not isinstance(tag, str) or tag.startswith(("-", "!")):
            return
        flags = self.flags.get(node.mem_id, set())
        if "hidden" in flags:
            return
        self.layout.elements += 1
        new = self.state(node, flags, st)
        self.fixed(tag, node.attributes, flags, new)
        if "mark" in flags:
            self.layout.marks.px += 1
            if st.nowrap:
                self.run_px += MARK_EM * st.font
                self.run_text += MARK_SIGN
            else:
                self.cell_px = max(self.cell_px, MARK_EM * st.font)
            return
        if tag == "table":
            self.end_run(st)
            self.table(node, new)
            return
        clamp = next((CLAMP_SLACK_EM[s] for s in flags if s in CLAMP_SLACK_EM), None)
        if st.nowrap and not new.nowrap and clamp is not None:
            # an inline block that wraps, inside a run that does not: the run takes its width, which the
            # stylesheet caps at the column less a slack
            limit = st.avail - clamp * st.font
            self.run_px += min(text_em(node.text(deep=True), new.bold, new.mono) * new.font, limit)
            self.run_text += node.text(deep=True)
            inner = _State(limit, new.font, False, new.anywhere, new.scroll, new.shrink, new.bold, new.mono)
            outer = (self.run_px, self.run_text)
            for child in node.iter(include_text=True):
                self.walk(child, inner)
            self.run_px, self.run_text = outer
            return
        edge = tag in BLOCKS or new.nowrap != st.nowrap
        if edge:
            self.end_run(st)
        heading = tag in ("h1", "h2", "h3") and self.heading is None
        if heading:
            self.heading = [0.0, ""]
        for child in node.iter(include_text=True):
            self.walk(child, new)
        if edge:
            self.end_run(new)
        if heading:
            px, text = self.heading
            if px > self.layout.title.px:
                self.layout.title = Extreme(px, " ".join(text.split())[:80])
            self.heading = None

    def fixed(self, tag: str, attrs: dict, flags: set, st: _State) -> None:
        """A width the page gives an element itself, wider than the column."""
        if st.scroll:
            return
        for m in FIXED.finditer(attrs.get("style") or ""):
            if float(m.group(1)) > st.avail:
                self.fault(f"a <{tag}> is given a fixed width of {m.group(1)}px where {st.avail:.0f}px is free")
        width = attrs.get("width") or ""
        if tag in REPLACED and "fluid" not in flags and re.fullmatch(r"[\d.]+", width) and float(width) > st.avail:
            self.fault(f"a <{tag}> is {width}px wide where {st.avail:.0f}px is free")

    def table(self, node, st: _State) -> None:
        """A table: the sum of its columns at their narrowest (each cell as narrow as its content allows)."""
        pad, scale = CELL["table:not([class])" if "material-table" in self.flags.get(node.mem_id, ()) else ""]
        columns: dict[int, float] = {}
        for row in node.css("tr"):
            col = 0
            for cell in row.iter():
                if cell.tag not in ("td", "th"):
                    continue
                self.cell_px = 0.0
                self.walk(cell, _State(st.avail, st.font * scale, st.nowrap, st.anywhere, st.scroll, True, st.bold,
                                       st.mono))
                self.end_run(st)
                columns[col] = max(columns.get(col, 0.0), self.cell_px + pad)
                col += int(cell.attributes.get("colspan") or 1)
        for caption in node.css("caption"):
            self.walk(caption, st)
        px = sum(columns.values())
        if px > self.layout.table.px:
            self.layout.table = Extreme(px, f"{len(columns)} columns")
        if not st.scroll and px > st.avail:
            self.fault(f"a table that does not scroll is at least {px:.0f}px wide where {st.avail:.0f}px is free")


def template_of(url: str, kind_folders: dict[str, str]) -> str:
    """The template a page is built from: a record's page or a list's part by kind, else the written page."""
    from .langs import bare

    path = bare(url)
    if path.endswith("404.html"):
        return "404"
    parts = [p for p in path.split("/") if p]
    for kind, folder in kind_folders.items():
        if parts[:1] == [folder]:
            if len(parts) == 1 or (len(parts) == 2 and parts[1].isdigit()):
                return f"{kind}-list"
            return kind
    return "written:" + (path or "/")


def analyse(html: str, url: str, template: str, tree=None) -> Layout:
    """The layout faults and extremes of one page (its ``<article>``); ``tree`` is the page parsed, if it is."""
    layout = Layout(url, template)
    tree = tree if tree is not None else LexborHTMLParser(html)
    article = tree.css_first("article")
    if article is None:
        layout.faults.append(f"/{url}: the page has no <article>")
        return layout
    avail = NARROWEST - 2 * CONTENT_MARGIN
    _Walker(tree, layout).walk(article, _State(float(avail), float(BODY_PX)))
    layout.classes = frozenset(c for el in article.css("[class]") for c in (el.attributes.get("class") or "").split())
    return layout
