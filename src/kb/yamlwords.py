"""YAML syntax errors in plain words.

The parser says "expected <block end>, but found '<block sequence start>'"; a contributor
needs "a list item is indented less than the list". :func:`explain` reads the parser's
error together with the text around it and names the common mistakes: a quote or bracket
never closed, text after a closing quote, ': ' inside unquoted text, a key or a list item
indented out of line, a missing ':'. Anything else keeps the parser's own words.
"""
from __future__ import annotations

import re

import yaml

QUOTE_HINT = "close it with the same mark; inside double quotes write a \" as \\\", inside single quotes write a ' as ''"


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _content(lines: list[str], no: int) -> bool:
    s = lines[no].strip() if 0 <= no < len(lines) else ""
    return bool(s) and not s.startswith("#")


def _above(lines: list[str], no: int) -> int | None:
    """The index of the nearest line above ``no`` that holds something."""
    for i in range(no - 1, -1, -1):
        if _content(lines, i):
            return i
    return None


def _key(line: str) -> str | None:
    m = re.match(r"\s*(?:-\s+)?([^\s:#][^:]*?):(?:\s|$)", line)
    return m.group(1) if m else None


def _spaces(n: int) -> str:
    return f"{n} space" + ("" if n == 1 else "s")


def explain(exc: yaml.MarkedYAMLError, text: str) -> tuple[int, int, str, str]:
    """(line, column, message, hint) for a syntax error, 1-based, in plain words."""
    lines = text.split("\n")
    pm, cm = exc.problem_mark, exc.context_mark
    problem, context = exc.problem or "", exc.context or ""
    pl, pc = (pm.line, pm.column) if pm else (0, 0)
    here = lines[pl] if pl < len(lines) else ""
    at = (pl + 1, pc + 1)

    if "quoted scalar" in context and "end of stream" in problem and cm:
        return (cm.line + 1, cm.column + 1, f"a quoted string opened on line {cm.line + 1} is never closed", QUOTE_HINT)
    if "unknown escape character" in problem:
        return (*at, f"inside double quotes a backslash starts an escape, and {problem.split()[-1]} is none",
                "write a backslash as \\\\, or put the text in single quotes, where a backslash is plain")
    for kind, opener, closer, what in (("flow sequence", "[", "]", "list"), ("flow mapping", "{", "}", "mapping")):
        if kind in context and cm:
            start = cm.line + 1
            if pl > cm.line or "stream end" in problem:
                return (start, cm.column + 1, f"a {what} opened with '{opener}' on line {start} is never closed",
                        f"add '{closer}' at its end on the same line; if the value is text that starts with "
                        f"'{opener}', put the whole value in quotes")
            return (*at, f"the {what} on line {start} holds text YAML cannot read there",
                    "put any text that contains ',' or ': ' in quotes")
    if "cannot start any token" in problem:
        char = problem.split("'")[1] if "'" in problem else "this character"
        return (*at, f"a text cannot start with {char!r} unless it is in quotes",
                "put the whole value in quotes")
    if "undefined alias" in problem:
        return (*at, "a text that starts with '*' is read as an alias", "put the whole value in quotes")
    if "document start" in problem:
        return (*at, "'...' or '---' ends the YAML document here, and more follows",
                "remove the '...' or '---' line; a data file is one document")

    if problem == "mapping values are not allowed here":
        key = _key(here)
        first_colon = here.find(": ") if ": " in here else here.find(":")
        if key is not None and pc > first_colon + 1:  # a second ': ' after the key's own
            return (*at, f"the text of {key!r} contains ': ', which YAML reads as the start of another key",
                    "put the whole text in quotes")
        prev = _above(lines, pl)
        if prev is not None and _key(lines[prev]) is None and not lines[prev].strip().startswith("-"):
            return (prev + 1, _indent(lines[prev]) + 1, f"line {prev + 1} has no ':' after its key",
                    "write 'key: value', with a space after the colon")
        if prev is not None and _indent(here) > _indent(lines[prev]):
            item = lines[prev].lstrip().startswith("- ")
            target = _indent(lines[prev]) + (2 if item else 0)
            what = "the first field after '- ' above it" if item else f"the key above it ({_key(lines[prev])!r})"
            return (pl + 1, _indent(here) + 1,
                    f"the key {key!r} is indented {_spaces(_indent(here))}, more than {what} on line {prev + 1}",
                    f"keys of one record line up: indent it {_spaces(target)}")
        return (*at, "a ':' here cannot start a key", "put the text in quotes, or check the indentation")

    if problem.startswith("expected <block end>"):
        found = problem.rsplit("found ", 1)[-1]
        this = _indent(here)
        if found == "'<block sequence start>'" or (found == "'-'" and here.lstrip().startswith("-")):
            items = [i for i in range(pl - 1, -1, -1) if lines[i].lstrip().startswith("- ")]
            if items and found != "'-'":
                other = _indent(lines[items[0]])
                how = "less" if this < other else "more"
                return (pl + 1, this + 1,
                        f"a list item is indented {how} than the list it follows (line {items[0] + 1}: "
                        f"{_spaces(other)}, here: {_spaces(this)})",
                        f"items of one list line up: indent its '-' {_spaces(other)}")
            return (pl + 1, this + 1, "a list item ('- ') stands among the keys of a record",
                    "put it under the key whose list it belongs to (e.g. 'tags:'), indented more than that key")
        if found == "'<block mapping start>'":
            # the keys it should line up with: the least indented above it, back to its parent
            sibling, other = None, None
            for i in range(pl - 1, -1, -1):
                if not _content(lines, i):
                    continue
                ind = _indent(lines[i]) + (2 if lines[i].lstrip().startswith("- ") else 0)
                if ind < this:
                    break
                if other is None or ind < other:
                    sibling, other = i, ind
            if sibling is not None:
                return (pl + 1, this + 1,
                        f"the key {_key(here)!r} is indented {_spaces(this)}, less than the key "
                        f"{_key(lines[sibling])!r} above it on line {sibling + 1} ({_spaces(other)})",
                        f"keys of one record line up: indent it {_spaces(other)}")
        if found == "'<scalar>'":
            value = re.match(r"\s*(?:-\s+)?(?:[^\s:#][^:]*?:\s+)?", here)
            opener = here[value.end():value.end() + 1] if value else ""
            if opener in "\"'" and opener:
                return (*at, f"more text follows the closing {opener} of a quoted text on line {pl + 1}",
                        "put the whole value in quotes, and write a quote mark inside it as \\\" (in double quotes) "
                        "or '' (in single quotes)")
            if opener in "[{" and opener:
                return (*at, f"more text follows the closing {'}' if opener == '{' else ']'} on line {pl + 1}: "
                        f"a value that starts with '{opener}' is read as a {'mapping' if opener == '{' else 'list'}",
                        "to write text such as '{value} tok/s', put the whole value in quotes")
        if found == "'?'":
            return (pl + 1, this + 1, f"a 'key: value' line stands inside a list (line {pl + 1})",
                    "every entry of a list starts with '- '; or indent the key less, to end the list")
    if problem.startswith("could not find expected ':'") and cm:
        prev = _above(lines, cm.line)
        if prev is not None and re.search(r":\s*[|>][-+]?\s*$", lines[prev]):
            return (cm.line + 1, cm.column + 1,
                    f"the text of the block {_key(lines[prev])!r} on line {prev + 1} is not indented under its key",
                    "indent every line of a '|' or '>' text more than its key")
        if cm.line < len(lines) and _key(lines[cm.line]) is None and not lines[cm.line].lstrip().startswith("-"):
            return (cm.line + 1, cm.column + 1, f"line {cm.line + 1} has no ':' after its key",
                    "write 'key: value', with a space after the colon")
        return (cm.line + 1, cm.column + 1, f"line {cm.line + 1} holds text where a 'key: value' is expected",
                "add the missing ':' after the key, or indent a continued text more than its key")
    return (*at, problem or "syntax error", "check indentation, colons and quotes around this point")
