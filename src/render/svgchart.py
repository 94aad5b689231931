"""Charts as inline SVG: laid out here as plain data, written by a Jinja template.

A :class:`Canvas` collects what a chart draws, in user units with y growing
downwards: marks (:class:`Rect`, :class:`Circle`), :class:`Line` s and
:class:`Text` s, each with its classes and ``data-*`` attributes (``data-claim``,
``data-value``...).  :meth:`Canvas.svg` hands them to
``templates/chart.svg.j2``, which writes the ``<svg>``:

* colours come from the classes in kb.css, so light and dark palettes are CSS only;
* the root has ``role="img"``, a ``<title>`` and a ``<desc>`` it is labelled by;
* text stays real ``<text>``, in the page's own font.

The template's environment autoescapes every value that is not already
:class:`markupsafe.Markup`, and its ``finalize`` makes inert the characters
Markdown and Jinja act on as well (:func:`render.text.escape`), as everywhere
else on the site: contributor text can never become markup.  Output is
deterministic and on one line, so it can sit in a Markdown page as a raw HTML
block.

Layout never depends on font files: widths are estimated from the characters
(:func:`text_width`).
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from markupsafe import Markup

from .templating import template

WIDTH = 400  # user units; one unit is one CSS pixel when the chart is shown at full size
FONT = 14.0
SMALL = 13.0
_NARROW = set("ijl.,:;'|!()[]/ ·-–")


def text_width(text: str, size: float = FONT) -> float:
    """A deterministic estimate of the width of ``text`` in user units (wide for CJK, narrow for i, l, .)."""
    w = 0.0
    for ch in text:
        if unicodedata.east_asian_width(ch) in "WF":
            w += 1.0
        elif ch in _NARROW:
            w += 0.32
        elif ch.isupper() or ch in "mw":
            w += 0.68
        else:
            w += 0.56
    return w * size * 1.08  # a little over, so that labels clear the space reserved for them


def _tokens(text: str) -> list[str]:
    """Break opportunities: after spaces, and between CJK characters (never inside a Latin word)."""
    out, cur = [], ""
    for ch in text:
        wide = unicodedata.east_asian_width(ch) in "WF"
        if wide:
            if cur:
                out.append(cur)
            out.append(ch)
            cur = ""
        else:
            cur += ch
            if ch == " ":
                out.append(cur)
                cur = ""
    if cur:
        out.append(cur)
    return out


_NO_START = set("。，、；：？！）》」』”’%·.,;:!?)")
_NO_END = set("（《「『“‘(")


def wrap(text: str, width: float, size: float = FONT) -> list[str]:
    """``text`` in lines no wider than ``width`` (estimated), breaking where each script allows.

    Closing punctuation never starts a line, nor does an opening bracket end one.
    """
    lines, cur = [], ""
    for tok in _tokens(text):
        if cur and tok[0] not in _NO_START and text_width((cur + tok).rstrip(), size) > width:
            carry = ""
            while cur and cur[-1] in _NO_END:  # an opening bracket goes with what it opens
                carry, cur = cur[-1] + carry, cur[:-1]
            lines.append(cur.rstrip())
            cur = carry + tok.lstrip()
        else:
            cur += tok
    if cur.strip():
        lines.append(cur.rstrip())
    return lines


Data = tuple[tuple[str, str], ...]


def _data(attrs: dict) -> Data:
    """``data-*`` attributes in the order given, ``None`` values dropped, ``_`` in names as ``-``."""
    return tuple((k.replace("_", "-"), str(v)) for k, v in attrs.items() if v is not None)


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    width: float
    height: float
    cls: str
    data: Data = ()
    kind: str = "rect"


@dataclass(frozen=True)
class Circle:
    x: float
    y: float
    r: float
    cls: str
    data: Data = ()
    kind: str = "circle"


@dataclass(frozen=True)
class Line:
    points: tuple[tuple[float, float], ...]
    cls: str
    width: float = 1.0


@dataclass(frozen=True)
class Text:
    x: float
    y: float  # the baseline
    text: str
    cls: str
    anchor: str = "start"  # start, middle or end
    size: float = FONT
    bold: bool = False
    data: Data = ()


_ANCHORS = {"left": "start", "center": "middle", "right": "end"}


@dataclass
class Canvas:
    """One chart's shapes and texts; drawn in order: marks, then lines, then texts."""

    height: float
    width: float = WIDTH
    marks: list[Rect | Circle] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    texts: list[Text] = field(default_factory=list)

    def rect(self, x, y, width, height, cls: str, **data) -> Rect:
        mark = Rect(x, y, width, height, cls, _data(data))
        self.marks.append(mark)
        return mark

    def circle(self, x, y, r, cls: str, **data) -> Circle:
        mark = Circle(x, y, r, cls, _data(data))
        self.marks.append(mark)
        return mark

    def line(self, points, cls: str, width: float = 1.0) -> Line:
        line = Line(tuple((float(x), float(y)) for x, y in points), cls, width)
        self.lines.append(line)
        return line

    def text(self, x, y, s, cls="kb-ct", *, anchor="left", size=FONT, weight="normal", dx=0.0, dy=0.0, **data) -> Text:
        """Text with its baseline at ``y`` (plus ``dy`` units down), anchored at ``x`` (plus ``dx`` units)."""
        text = Text(x + dx, y + dy, s, cls, _ANCHORS[anchor], size, weight == "bold", _data(data))
        self.texts.append(text)
        return text

    def svg(self, ident: str, title: str, desc: str, label: str | None = None) -> Markup:
        """The finished inline ``<svg>``: accessible, classed, deterministic, on one line."""
        return Markup(template("chart.svg.j2").render(ident=ident, title=title, desc=desc, label=label,
                                                      width=self.width, height=self.height, marks=self.marks,
                                                      lines=self.lines, texts=self.texts))


