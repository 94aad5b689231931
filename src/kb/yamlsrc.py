"""Read one YAML data file into plain Python values, keeping where each came from.

PyYAML's safe loader is used to *compose* the node tree only; values are built
here, so that the reader can:

* keep the line and column of every value (``Source.where(path)``);
* report duplicate keys, which PyYAML silently resolves to the last one;
* refuse anchors, aliases and merge keys (no contributor needs them, and they
  are how an "alias bomb" expands a small file into gigabytes);
* refuse every tag outside YAML's core types, so nothing can construct objects;
* refuse NaN and infinities, and keep decimals exact (``1.80`` stays ``1.80``,
  so the precision it was stated at is not lost);
* refuse values nested deeper than :data:`MAX_DEPTH` (however deep, with no recursion error),
  files of more than :data:`MAX_RECORDS` records, and invisible formatting characters
  (:data:`INVISIBLE`) in any key or value.

Values are built twice over only where needed: a quick pass (``_quick``) builds the usual
file, and a file that holds anything reported with its path or refused (a duplicate key,
a TODO, an alias, a tag) is built again by ``_build``, which names the place of each.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

import yaml

from .problems import Problem

MAX_BYTES = 2_000_000
MAX_DEPTH = 32
MAX_RECORDS = 5_000
"""Records in one data file: the largest today holds under 100, a topic of a large base a few hundred."""

INVISIBLE = re.compile("[\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b-\u200f\u202a-\u202e"
                       "\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f"
                       "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f]")
"""Unicode's invisible formatting characters (category Cf, as of Unicode 15.1). They are refused in every key and
value, rather than stripped where text is shown, so that what is in data/ is what every page, download, citation,
search index and kb diff shows: a bidirectional override (U+202E) makes a name read backwards, a zero-width space
or joiner splits an id or a name into look-alikes and hides words from search, tag characters (U+E0000...) carry
text no reader sees, and a quote must stay verbatim to its snapshot, which stripping in one place would break."""

_CORE = "tag:yaml.org,2002:"
_PLAIN = "!plain"  # an untagged plain scalar, typed in _scalar with the safe loader's patterns
_STR, _SEQ, _MAP = _CORE + "str", _CORE + "seq", _CORE + "map"


class _Resolver(yaml.resolver.BaseResolver):
    """Marks plain scalars instead of typing them: the safe resolver's generic loop
    costs more than the whole rest of the reading, and _scalar types them faster.

    The composer calls these three methods for every node. Nothing here resolves by
    path, so they answer at once with the tags BaseResolver would give."""

    def resolve(self, kind, value, implicit):
        if kind is yaml.ScalarNode:
            return _PLAIN if implicit[0] else _STR
        return _SEQ if kind is yaml.SequenceNode else _MAP

    def descend_resolver(self, current_node, current_index):
        pass

    def ascend_resolver(self):
        pass


if getattr(yaml, "__with_libyaml__", False):  # libyaml composes about ten times faster
    class _Loader(yaml.cyaml.CParser, yaml.constructor.BaseConstructor, _Resolver):
        def __init__(self, stream):
            yaml.cyaml.CParser.__init__(self, stream)
            yaml.constructor.BaseConstructor.__init__(self)
            _Resolver.__init__(self)
else:  # pragma: no cover - PyYAML built without libyaml
    class _Loader(yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser, yaml.composer.Composer,
                  yaml.constructor.BaseConstructor, _Resolver):
        def __init__(self, stream):
            yaml.reader.Reader.__init__(self, stream)
            yaml.scanner.Scanner.__init__(self)
            yaml.parser.Parser.__init__(self)
            yaml.composer.Composer.__init__(self)
            yaml.constructor.BaseConstructor.__init__(self)
            _Resolver.__init__(self)

_SCALAR_TAGS = {_CORE + t for t in ("str", "int", "float", "bool", "null", "timestamp")}
_IMPLICIT = yaml.SafeLoader.yaml_implicit_resolvers


def _implicit_tag(value: str) -> str:
    for tag, regexp in _IMPLICIT.get(value[:1], _IMPLICIT.get("", [])) if value else _IMPLICIT.get("", []):
        if regexp.match(value):
            return tag
    return _CORE + "str"


@dataclass
class Source:
    """One data file: its parsed value and the position of every value in it."""

    file: str
    data: Any = None
    root: Any = None  # the composed node tree, kept to find positions when asked
    positions: dict[tuple, tuple[int, int]] = field(default_factory=dict)  # places with no node (duplicate keys)
    key_lines: dict[tuple, int] = field(default_factory=dict)  # record id -> line of its key
    todos: list[tuple[tuple, str]] = field(default_factory=list)  # template placeholders left in
    problems: list[Problem] = field(default_factory=list)

    def _at_root(self, key):
        """The (key node, value node) of a record at the root: found by a dict, as a file of thousands of records
        reporting a problem for each would otherwise search the root once per problem."""
        index = self.__dict__.get("_root_index")
        if index is None:
            index = {}
            for k, v in self.root.value:
                index.setdefault(k.value, (k, v))
            self.__dict__["_root_index"] = index
        return index.get(key, (None, None))

    def where(self, path: tuple) -> tuple[int, int]:
        """Line and column of the value at ``path``, or of its nearest parent.

        A value is pointed at where it starts; a whole record or sub-record (a
        record missing a field, a conditions block that leaves a question open) at its key,
        e.g. the record's id line, where a reader looks for it."""
        path = tuple(path)
        if path in self.positions:
            return self.positions[path]
        node = self.root
        if node is None:
            return (1, 1)
        key = None
        for step in path:
            nxt = nxt_key = None
            if node is self.root and isinstance(node, yaml.MappingNode):
                nxt_key, nxt = self._at_root(step)
            elif isinstance(node, yaml.MappingNode):
                nxt_key, nxt = next(((k, v) for k, v in node.value if k.value == step), (None, None))
            elif isinstance(node, yaml.SequenceNode) and isinstance(step, int) and 0 <= step < len(node.value):
                nxt = node.value[step]
            if nxt is None:
                break
            node, key = nxt, nxt_key
        if key is not None and isinstance(node, yaml.MappingNode):
            return _pos(key)
        return _pos(node)

    def problem(self, path: tuple, rule: str, message: str, hint: str = "") -> Problem:
        line, col = self.where(path)
        p = Problem(self.file, line, col, rule, message, hint, tuple(path))
        self.problems.append(p)
        return p


class _Refused(Exception):
    def __init__(self, node, rule, message, hint=""):
        self.node, self.rule, self.message, self.hint = node, rule, message, hint


def _pos(node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


def read_text(file: str, raw: bytes) -> Source:
    """Parse ``raw`` (the bytes of ``file``) into a :class:`Source`."""
    src = Source(file)
    if len(raw) > MAX_BYTES:
        src.problem((), "file-too-large",
                    f"the file is {len(raw):,} bytes; the limit is {MAX_BYTES:,}",
                    "split it into several files in the same folder")
        return src
    if raw.startswith(b"\xef\xbb\xbf"):
        src.problem((), "byte-order-mark", "the file starts with a UTF-8 byte-order mark",
                    "save the file as UTF-8 without BOM (most editors call it plain 'UTF-8')")
        return src
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        src.problems.append(Problem(file, line, col, "invalid-utf8",
                                    f"byte 0x{raw[exc.start]:02x} is not valid UTF-8",
                                    "save the file as UTF-8"))
        return src
    if not text.strip() or all(not ln.strip() or ln.lstrip().startswith("#") for ln in text.splitlines()):
        src.problem((), "empty-file", "the file holds no records",
                    "add a record, or delete the file")
        return src
    for no, ln in enumerate(text.splitlines() if "\t" in text else (), 1):
        indent = re.match(r"[ \t]*", ln).group(0)
        if "\t" in indent:
            src.problems.append(Problem(file, no, indent.index("\t") + 1, "tab-indent",
                                        "a tab is used for indentation",
                                        "YAML indents with spaces only; replace the tab with spaces"))
    if src.problems:
        return src
    try:
        root = _compose(text, _Loader)
    except (yaml.YAMLError, RecursionError):
        deep = _too_deep(text)  # libyaml refuses nesting past 1,000 levels; the pure-Python parser recurses
        if deep is not None:
            src.problems.append(Problem(file, deep[0], deep[1], "too-deep",
                                        f"values are nested more than {MAX_DEPTH} levels deep", DEEP_HINT))
            return src
        try:  # the pure-Python parser words its errors more plainly: report with it
            root = _compose(text, yaml.SafeLoader)
        except RecursionError:
            src.problems.append(Problem(file, 1, 1, "too-deep", f"values are nested more than {MAX_DEPTH} levels deep",
                                        DEEP_HINT))
            return src
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
            if "expected a single document" in str(exc.context or ""):
                rule, what, hint = "several-documents", "the file holds more than one YAML document", "remove the '---' separators"
            else:
                from .yamlwords import explain
                rule = "yaml-syntax"
                line, col, what, hint = explain(exc, text)
            src.problems.append(Problem(file, line, col, rule, what, hint))
            return src
        except yaml.reader.ReaderError as exc:  # a character YAML does not allow
            before = text[: exc.position]
            line, col = before.count("\n") + 1, exc.position - (before.rfind("\n") + 1) + 1
            src.problems.append(Problem(file, line, col, "yaml-syntax",
                                        f"the control character U+{exc.character:04X} is not allowed in YAML",
                                        "delete it; it is often left by copying from a PDF or a terminal"))
            return src
        except yaml.YAMLError as exc:  # errors without a position
            src.problem((), "yaml-syntax", str(exc).splitlines()[0], "check the file's syntax")
            return src
    src.root = root
    if isinstance(root, yaml.MappingNode):
        if len(root.value) > MAX_RECORDS:
            line, col = _pos(root.value[MAX_RECORDS][0])
            src.problems.append(Problem(file, line, col, "too-many-records",
                                        f"the file holds {len(root.value):,} records; the limit is {MAX_RECORDS:,} "
                                        "(this is the first one past it)",
                                        "split it into several files in the same folder, a topic each"))
            return src
        src.key_lines = {(k.value,): k.start_mark.line + 1 for k, _ in root.value if isinstance(k, yaml.ScalarNode)}
    try:
        try:
            src.data = _quick(root, set(), 0)
        except _Unusual:
            src.data = _build(root, (), src, set(), 0)
    except _Refused as exc:
        line, col = _pos(exc.node)
        src.problems.append(Problem(file, line, col, exc.rule, exc.message, exc.hint))
        src.data = None
    if src.data is not None and not src.problems and INVISIBLE.search(text):
        _invisible(src.data, (), src)
    return src


DEEP_HINT = "data records are at most a few levels deep; check the indentation and the brackets"


def _too_deep(text: str) -> tuple[int, int] | None:
    """Where values first nest deeper than MAX_DEPTH, read event by event (no recursion), or None."""
    depth = 0
    try:
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                depth += 1
                if depth > MAX_DEPTH + 1:  # the file's own mapping is the first level
                    return _pos(event)
            elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                depth -= 1
    except yaml.YAMLError:
        return None
    return None


def _invisible(value, path: tuple, src: Source) -> None:
    """Report each key and text that holds an invisible formatting character (INVISIBLE)."""
    from .files import character

    def report(where, text, what):
        m = INVISIBLE.search(text)
        src.problem(where, "invisible-character",
                    f"{what} holds {character(m.group(0))}, an invisible formatting character, at character {m.start() + 1}",
                    "delete it: it does not show, yet it can make the text around it read backwards, split an id or "
                    "a name into look-alikes, or hide words from search; if the source's own text has it, delete "
                    "it from the snapshot too")

    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(key, str) and INVISIBLE.search(key):
                report(path + (key,), key, "the key")
            else:
                _invisible(item, path + (key,), src)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _invisible(item, path + (i,), src)
    elif isinstance(value, str) and INVISIBLE.search(value):
        report(path, value, "the text")


def _compose(text: str, loader_class):
    loader = loader_class(text)
    try:
        return loader.get_single_node()
    finally:
        loader.dispose()


class _Unusual(Exception):
    """The quick reading met something _build reports with its path or refuses."""


_ScalarNode, _MappingNode = yaml.ScalarNode, yaml.MappingNode


def _quick(node, seen: set, depth: int):
    """The value of ``node`` as _build gives it, for the usual file: no duplicate key, no
    TODO, nothing refused. It does not follow each value's path, which only those need,
    and it raises _Unusual on the first of them, so that the file is read again with _build."""
    if id(node) in seen or depth > MAX_DEPTH:
        raise _Unusual
    seen.add(id(node))
    cls, tag = node.__class__, node.tag
    if cls is _ScalarNode:
        value = _scalar(node)
        if value.__class__ is str and value.startswith("TODO"):
            raise _Unusual
        return value
    if cls is _MappingNode:
        if tag != _MAP:
            raise _Unusual
        out: dict[str, Any] = {}
        for knode, vnode in node.value:
            key = knode.value
            if knode.__class__ is not _ScalarNode or (knode.tag != _PLAIN and knode.tag != _STR) \
                    or key == "<<" or key in out:
                raise _Unusual
            out[key] = _quick(vnode, seen, depth + 1)
        return out
    if tag != _SEQ:
        raise _Unusual
    return [_quick(item, seen, depth + 1) for item in node.value]


def _build(node, path: tuple, src: Source, seen: set, depth: int):
    if id(node) in seen:
        raise _Refused(node, "yaml-alias", "anchors and aliases (&name, *name) are not allowed",
                       "write the value out in full where it is needed")
    if depth > MAX_DEPTH:
        raise _Refused(node, "too-deep", f"values are nested more than {MAX_DEPTH} levels deep", DEEP_HINT)
    seen.add(id(node))
    if isinstance(node, yaml.MappingNode):
        if node.tag != _CORE + "map":
            raise _Refused(node, "yaml-tag", f"the tag {node.tag!r} is not allowed",
                           "remove the '!' tag; plain mappings need none")
        out: dict[str, Any] = {}
        for knode, vnode in node.value:
            if knode.tag == _CORE + "merge" or (knode.tag == _PLAIN and knode.value == "<<"):
                raise _Refused(knode, "yaml-alias", "merge keys ('<<') are not allowed",
                               "write the keys out in full")
            if not isinstance(knode, yaml.ScalarNode) or (knode.tag not in _SCALAR_TAGS and knode.tag != _PLAIN):
                raise _Refused(knode, "bad-key", "a key must be plain text",
                               "keys are words such as 'subject' or ids such as 'gptoss-e2e-jalapeno'")
            key = knode.value
            if key in out:
                first = src.where(path + (key,))[0]
                src.positions[path + (key, "#dup")] = _pos(knode)
                src.problem(path + (key, "#dup"), "duplicate-key",
                            f"the key {key!r} appears twice in this mapping (first on line {first})",
                            "YAML would silently keep only the last one; merge the two or rename one")
                continue
            out[key] = _build(vnode, path + (key,), src, seen, depth + 1)
        return out
    if isinstance(node, yaml.SequenceNode):
        if node.tag != _CORE + "seq":
            raise _Refused(node, "yaml-tag", f"the tag {node.tag!r} is not allowed",
                           "remove the '!' tag; plain lists need none")
        return [_build(item, path + (i,), src, seen, depth + 1) for i, item in enumerate(node.value)]
    value = _scalar(node)
    if isinstance(value, str) and value.startswith("TODO"):
        src.todos.append((path, value))
    return value


def _scalar(node):
    tag, text = node.tag, node.value
    if tag == _STR or (tag == _PLAIN and text[:1] not in _IMPLICIT):
        return text  # quoted, or plain with a first letter no other type starts with: most values
    if tag == _PLAIN:
        tag = _implicit_tag(text)
    if tag not in _SCALAR_TAGS:
        raise _Refused(node, "yaml-tag", f"the tag {tag!r} is not allowed",
                       "data files hold plain text, numbers, dates and lists; remove the '!' tag")
    if tag == _CORE + "str" or tag == _CORE + "timestamp":
        return text  # dates stay text: '2026-08' and '2026' are dates too
    if tag == _CORE + "null":
        return None
    if tag == _CORE + "bool":
        return text.lower() in ("yes", "true", "on", "y")
    if tag == _CORE + "int":
        clean = text.replace("_", "")
        if re.fullmatch(r"[-+]?[0-9]+", clean):
            return int(clean)
        raise _Refused(node, "number-format", f"{text!r} is not a plain decimal number",
                       "write integers in plain decimal digits, e.g. 85448")
    # float
    low = text.lower()
    if low in (".nan", ".inf", "-.inf", "+.inf") or "nan" in low or "inf" in low:
        raise _Refused(node, "not-a-number", f"{text!r} is not a finite number",
                       "a figure must be a finite number; use null if it was not published")
    clean = text.replace("_", "")
    try:
        return Decimal(clean)
    except Exception:
        raise _Refused(node, "number-format", f"{text!r} is not a plain decimal number",
                       "write decimals with '.' and no separators, e.g. 1.03")
