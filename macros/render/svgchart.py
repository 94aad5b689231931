"""Charts as inline SVG: matplotlib lays them out, lxml makes them part of the page.

matplotlib (SVG backend, ``svg.fonttype: none``) draws each chart, so its text
stays real text.  The SVG it writes is then rewritten with lxml:

* every mark and label drawn through :meth:`Canvas.mark` carries its classes and
  ``data-*`` attributes (``data-claim``, ``data-value``…); colours come from
  those classes in kb.css, so light and dark palettes are CSS only;
* fonts, fills, ids, metadata and matplotlib's global ``<style>`` are dropped
  (the page's own font is used; nothing leaks into the page's CSS);
* the root gets ``role="img"``, a ``<title>`` and a ``<desc>`` it is labelled by.

Output is deterministic (no dates, no random ids) and on one line, so it can sit
in a Markdown page as a raw HTML block.  Text is escaped with
:func:`render.text.escape`, so contributor text can never become markup.

Layout never depends on font files: widths are estimated from the characters
(:func:`text_width`), and matplotlib's own metrics (DejaVu Sans, which it ships)
are used only for what it positions itself.
"""
from __future__ import annotations

import html
import io
import re
import threading
import unicodedata
import warnings

from lxml import etree

from .text import attr, escape

WIDTH = 400  # user units; one unit is one CSS pixel when the chart is shown at full size
FONT = 14.0
SMALL = 13.0
_LOCK = threading.Lock()
_RC = {
    "svg.fonttype": "none",
    "svg.hashsalt": "kb",
    "svg.id": None,
    "font.family": "DejaVu Sans",
    "font.size": FONT,
    "path.simplify": False,
}
_NARROW = set("ijl.,:;'|!()[]/ ·-–")
_DROP_STYLE = {"font-family", "fill", "stroke", "opacity", "fill-opacity", "stroke-opacity"}


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


class Canvas:
    """One chart: a matplotlib figure measured in user units, y growing downwards like SVG."""

    def __init__(self, height: float, width: float = WIDTH):
        from matplotlib.figure import Figure

        self.width, self.height = width, height
        self.fig = Figure(figsize=(width / 72, height / 72), dpi=72)
        self.fig.patch.set_visible(False)
        self.page = self.axes(0, width)
        self._marks: dict[str, tuple[str, dict]] = {}

    def axes(self, left: float, width: float, xlim: tuple[float, float] | None = None):
        """Axes over a vertical band of the chart: x in ``xlim`` (default user units), y in user units from the top."""
        ax = self.fig.add_axes((left / self.width, 0, width / self.width, 1))
        ax.set_axis_off()
        ax.set_xlim(*(xlim or (0, width)))
        ax.set_ylim(self.height, 0)
        return ax

    def mark(self, artist, cls: str, **data):
        """Register a drawn artist: it will carry ``class`` and ``data-*`` attributes (``None`` values dropped)."""
        gid = f"kbm{len(self._marks)}"
        artist.set_gid(gid)
        artist.set_clip_on(False)
        self._marks[gid] = (cls, {k.replace("_", "-"): v for k, v in data.items() if v is not None})
        return artist

    def text(self, ax, x, y, s, cls="kb-ct", *, anchor="left", size=FONT, weight="normal", dx=0.0, dy=0.0, **data):
        """Text with its baseline at ``y`` (plus ``dy`` units down), anchored at ``x`` (plus ``dx`` units)."""
        t = ax.annotate(s, xy=(x, y), xytext=(dx, -dy), textcoords="offset points", ha=anchor, va="baseline",
                        fontsize=size, fontweight=weight, annotation_clip=False)
        return self.mark(t, cls, **data)

    def svg(self, ident: str, title: str, desc: str, label: str | None = None) -> str:
        """The finished inline ``<svg>``: accessible, classed, deterministic, on one line."""
        import matplotlib
        from matplotlib.backends.backend_svg import FigureCanvasSVG

        buf = io.StringIO()
        with _LOCK, matplotlib.rc_context(_RC), warnings.catch_warnings():
            # the page's font draws the text; DejaVu Sans, which has no CJK glyphs, only measures it
            warnings.filterwarnings("ignore", message=r"Glyph .* missing from font")
            FigureCanvasSVG(self.fig).print_svg(buf, metadata={"Date": None, "Creator": None, "Format": None,
                                                               "Type": None})
        root = etree.fromstring(buf.getvalue().encode("utf-8"))
        return _finish(root, self._marks, ident, title, desc, self.width, self.height, label)


def _local(el) -> str:
    return etree.QName(el).localname


def _style(value: str) -> dict[str, str]:
    out = {}
    for part in value.split(";"):
        if ":" in part:
            k, v = part.split(":", 1)
            out[k.strip()] = v.strip()
    return out


def _finish(root, marks, ident, title, desc, width, height, label) -> str:
    for el in list(root):
        if _local(el) in ("metadata", "defs"):
            root.remove(el)
    for g in list(root.iter("{*}g")):
        gid = g.get("id")
        if gid in marks:
            cls, data = marks[gid]
            kids = [k for k in g if isinstance(k.tag, str)]
            for k in kids:
                k.set("class", cls)
                for name, value in data.items():
                    k.set(f"data-{name}", str(value))
            parent = g.getparent()
            at = parent.index(g)
            for k in reversed(kids):
                parent.insert(at, k)
            parent.remove(g)
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        for a in ("id", "clip-path"):
            el.attrib.pop(a, None)
        if el.get("transform", "").startswith("rotate(-0 "):
            del el.attrib["transform"]
        style = el.get("style")
        if style is not None:
            kept = {k: v for k, v in _style(style).items() if k not in _DROP_STYLE}
            if kept:
                el.set("style", "; ".join(f"{k}: {v}" for k, v in kept.items()))
            else:
                del el.attrib["style"]
    # groups left empty of attributes and holding one child add nothing
    for g in list(root.iter("{*}g")):
        if not g.attrib and g.getparent() is not None:
            parent, at = g.getparent(), g.getparent().index(g)
            for k in reversed(list(g)):
                parent.insert(at, k)
            parent.remove(g)
    for a in list(root.attrib):
        del root.attrib[a]
    tid, did = f"{ident}-title", f"{ident}-desc"
    attrs = {"viewBox": f"0 0 {_num(width)} {_num(height)}", "width": _num(width), "height": _num(height),
             "class": "kb-chart-svg", "role": "img", "aria-labelledby": f"{tid} {did}", "data-pagefind-ignore": "all"}
    if label:
        attrs["data-chart"] = label
    head = (f'<title id="{tid}">{escape(title)}</title>'
            f'<desc id="{did}">{escape(desc)}</desc>')
    inner = "".join(_serialize(k) for k in root if isinstance(k.tag, str))
    opening = " ".join(f'{k}="{attr(v)}"' for k, v in attrs.items())
    return f'<svg xmlns="http://www.w3.org/2000/svg" {opening}>{head}{inner}</svg>'


_SPACES = re.compile(r"\s+")
_GEOMETRY = {"d", "x", "y", "style", "transform", "width", "height"}


def _num(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _serialize(el) -> str:
    tag = _local(el)
    parts = [tag]
    for k, v in el.attrib.items():
        name = etree.QName(k).localname if k.startswith("{") else k
        v = _SPACES.sub(" ", v).strip()
        # matplotlib's geometry and style are numbers and CSS; classes and data-* may hold contributor text
        value = html.escape(v, quote=True) if name in _GEOMETRY else attr(v)
        parts.append(f'{name}="{value}"')
    inner = escape(el.text) if el.text and el.text.strip() else ""
    inner += "".join(_serialize(k) for k in el if isinstance(k.tag, str))
    return f'<{" ".join(parts)}>{inner}</{tag}>'
