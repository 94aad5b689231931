"""Parsed pages with the part of BeautifulSoup's interface the tests use, over Lexbor (selectolax).

BeautifulSoup builds a Python object for every element and matches CSS selectors in Python: over the built
site that was most of what the page tests cost (some 10 ms to parse a page, and more to select in it).  Lexbor
parses and matches in C.  :func:`parse` gives a :class:`Tag` for the document; a Tag answers ``select``,
``select_one``, ``get``, ``[]``, ``get_text``, ``find``, ``find_all``, ``find_parent``, ``find_next_sibling``,
``string``, ``name``, ``attrs``, ``decode`` and attribute access by tag name (``soup.title``), as BeautifulSoup
does; attributes BeautifulSoup reads as lists (``class``, ``rel``, ...) are lists here too.  A test that needs
more of BeautifulSoup parses a fragment with it directly.
"""
from __future__ import annotations

from selectolax.lexbor import LexborHTMLParser

# What BeautifulSoup's HTML builders split into a list of words (bs4.builder.HTMLTreeBuilder).
LIST_ATTRIBUTES = {"class", "rel", "rev", "accept-charset", "headers", "accesskey", "dropzone"}


def parse(html: str) -> "Document":
    tree = LexborHTMLParser(html)
    return Document(tree, _Page(tree))


class _Page:
    """What every Tag of one page shares: the parsed tree, and one Tag per element, so that ``is`` holds as
    it does between BeautifulSoup's tags."""

    __slots__ = ("tree", "tags")

    def __init__(self, tree):
        self.tree, self.tags = tree, {}

    def css(self, css: str):
        return self.tree.css(css)

    def css_first(self, css: str):
        return self.tree.css_first(css)

    @property
    def root(self):
        return self.tree.root

    @property
    def html(self):
        return self.tree.html


def _value(name: str, value):
    if value is None:
        return ""
    return value.split() if name in LIST_ATTRIBUTES else value


class Tag:
    __slots__ = ("node", "tree")

    def __init__(self, node, tree):
        self.node, self.tree = node, tree

    def _wrap(self, node):
        if node is None:
            return None
        tags = self.tree.tags
        tag = tags.get(node.mem_id)
        if tag is None:
            tag = tags[node.mem_id] = Tag(node, self.tree)
        return tag

    # -- what BeautifulSoup's Tag offers ------------------------------------------------------------------
    @property
    def name(self) -> str:
        return self.node.tag

    @property
    def attrs(self) -> dict:
        return {k: _value(k, v) for k, v in self.node.attributes.items()}

    def get(self, key: str, default=None):
        attrs = self.node.attributes
        return _value(key, attrs[key]) if key in attrs else default

    def __getitem__(self, key: str):
        attrs = self.node.attributes
        if key not in attrs:
            raise KeyError(key)
        return _value(key, attrs[key])

    def has_attr(self, key: str) -> bool:
        return key in self.node.attributes

    def select(self, css: str) -> list["Tag"]:
        return [self._wrap(n) for n in self.node.css(css)]

    def select_one(self, css: str) -> "Tag | None":
        return self._wrap(self.node.css_first(css))

    def get_text(self, separator: str = "", strip: bool = False) -> str:
        if not separator and not strip:
            return self.node.text(deep=True)
        parts = [t for t in self._texts()]
        if strip:
            parts = [t.strip() for t in parts if t.strip()]
        return separator.join(parts)

    def _texts(self):
        for n in self.node.traverse(include_text=True):
            if n.tag == "-text":
                yield n.text_content or ""

    @property
    def text(self) -> str:
        return self.get_text()

    @property
    def string(self) -> str | None:
        """The one piece of text the element holds, through single children (BeautifulSoup's ``.string``)."""
        node = self.node
        while True:
            kids = list(node.iter(include_text=True))
            if len(kids) != 1:
                return None
            node = kids[0]
            if node.tag == "-text":
                return node.text_content
            if node.tag.startswith("-"):
                return None

    @property
    def parent(self) -> "Tag | None":
        return self._wrap(self.node.parent)

    def _matches(self, node, name, class_, attrs) -> bool:
        if node is None or node.tag.startswith("-"):
            return False
        if name is not None and name is not True:  # True: any element, as BeautifulSoup reads it
            names = [name] if isinstance(name, str) else list(name)
            if node.tag not in names:
                return False
        if class_ is not None and class_ not in (node.attributes.get("class") or "").split():
            return False
        return all((k in node.attributes) if v is True else node.attributes.get(k) == v for k, v in (attrs or {}).items())

    def find_parent(self, name=None, class_=None, attrs=None) -> "Tag | None":
        node = self.node.parent
        while node is not None:
            if self._matches(node, name, class_, attrs):
                return self._wrap(node)
            node = node.parent
        return None

    def find_next_sibling(self, name=None, class_=None) -> "Tag | None":
        node = self.node.next
        while node is not None:
            if not node.tag.startswith("-") and (name is None and class_ is None or self._matches(node, name, class_, None)):
                return self._wrap(node)
            node = node.next
        return None

    def find_all(self, name=None, class_=None, attrs=None, **more) -> list["Tag"]:
        attrs = {**(attrs or {}), **more}
        return [self._wrap(n) for n in self.node.traverse() if n is not self.node
                and self._matches(n, name, class_, attrs)]

    def find(self, name=None, class_=None, attrs=None, **more) -> "Tag | None":
        found = self.find_all(name, class_, attrs, **more)
        return found[0] if found else None

    @property
    def children(self):
        return [self._wrap(n) if not n.tag == "-text" else (n.text_content or "")
                for n in self.node.iter(include_text=True)]

    @property
    def contents(self):
        return self.children

    def decode(self) -> str:
        return self.node.html or ""

    def decode_contents(self) -> str:
        """The element's inner HTML (a <template>'s too, whose content is not among its children here)."""
        outer = self.node.html or ""
        start, end = outer.find(">") + 1, outer.rfind("</")
        return outer[start:end] if 0 < start <= end else ""

    def __str__(self) -> str:
        return self.decode()

    def __eq__(self, other) -> bool:
        return isinstance(other, Tag) and self.node.mem_id == other.node.mem_id

    def __hash__(self) -> int:
        return self.node.mem_id

    def __bool__(self) -> bool:
        return True

    def __repr__(self) -> str:
        return f"<Tag {self.name}>"

    def __getattr__(self, name: str) -> "Tag | None":
        """``soup.title``, ``soup.html``: the first element of that name below, as BeautifulSoup gives it."""
        if name.startswith("_"):
            raise AttributeError(name)
        return self._wrap(self.node.css_first(name))


class Document(Tag):
    """The whole page: what ``BeautifulSoup(html)`` is, with the <html> element below it."""

    __slots__ = ()

    @property
    def name(self) -> str:
        return "[document]"

    @property
    def attrs(self) -> dict:
        return {}

    def get(self, key: str, default=None):
        return default

    def has_attr(self, key: str) -> bool:
        return False

    def select(self, css: str) -> list[Tag]:
        return [self._wrap(n) for n in self.tree.css(css)]

    def select_one(self, css: str) -> Tag | None:
        return self._wrap(self.tree.css_first(css))

    def _texts(self):
        yield from self._wrap(self.tree.root)._texts()

    def get_text(self, separator: str = "", strip: bool = False) -> str:
        if not separator and not strip:
            return self.tree.root.text(deep=True)
        return super().get_text(separator, strip)

    def find_all(self, name=None, class_=None, attrs=None, **more) -> list[Tag]:
        attrs = {**(attrs or {}), **more}
        root = self.tree.root
        return [self._wrap(n) for n in root.traverse() if self._matches(n, name, class_, attrs)]

    @property
    def parent(self):
        return None

    def decode(self) -> str:
        return self.tree.html or ""

    def __getattr__(self, name: str) -> Tag | None:
        if name.startswith("_"):
            raise AttributeError(name)
        return self._wrap(self.tree.css_first(name))
