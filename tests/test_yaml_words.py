"""YAML syntax errors in plain words (kb.yamlwords): each common mistake, and the exact line kb check prints."""
from __future__ import annotations

import pytest

F = "claims/bench.yml"
HEAD = "chip-latency:\n  subject: chip\n"

CASES = [
    ("double-quote-never-closed", HEAD + '  statement: {en: "The chip, zh: 芯片}\n  metric: latency\n',
     "3:19: a quoted string opened on line 3 is never closed (close it with the same mark; inside double quotes "
     "write a \" as \\\", inside single quotes write a ' as '')"),
    ("single-quote-never-closed", HEAD + "  metric: 'latency\n  tier: x\n",
     "3:11: a quoted string opened on line 3 is never closed (close it with the same mark; inside double quotes "
     "write a \" as \\\", inside single quotes write a ' as '')"),
    ("mapping-never-closed", HEAD + "  statement: {en: The chip, zh: 芯片\n  metric: latency\n",
     "3:14: a mapping opened with '{' on line 3 is never closed (add '}' at its end on the same line; "
     "if the value is text that starts with '{', put the whole value in quotes)"),
    ("colon-in-plain-text", HEAD + "  statement:\n    en: Note: the chip\n",
     "4:13: the text of 'en' contains ': ', which YAML reads as the start of another key (put the whole text in quotes)"),
    ("key-indented-too-far", HEAD + "   metric: latency\n",
     "3:4: the key 'metric' is indented 3 spaces, more than the key above it ('subject') on line 2 "
     "(keys of one record line up: indent it 2 spaces)"),
    ("key-indented-too-little", HEAD + "  statement:\n    en: x\n    zh: y\n metric: latency\n",
     "6:2: the key 'metric' is indented 1 space, less than the key 'statement' above it on line 3 (2 spaces) "
     "(keys of one record line up: indent it 2 spaces)"),
    ("list-item-indented-less", HEAD + "  citations:\n    - source: a\n      quote: b\n   - source: c\n",
     "6:4: a list item is indented less than the list it follows (line 4: 4 spaces, here: 3 spaces) "
     "(items of one list line up: indent its '-' 4 spaces)"),
    ("list-item-indented-more", HEAD + "  citations:\n    - source: a\n      quote: b\n     - source: c\n",
     "6:6: a list item is indented more than the list it follows (line 4: 4 spaces, here: 5 spaces) "
     "(items of one list line up: indent its '-' 4 spaces)"),
    ("item-field-out-of-line", HEAD + "  citations:\n    - source: a\n       quote: b\n",
     "5:8: the key 'quote' is indented 7 spaces, more than the first field after '- ' above it on line 4 "
     "(keys of one record line up: indent it 6 spaces)"),
    ("missing-colon", HEAD + "  metric latency\n  tier: x\n",
     "3:3: line 3 has no ':' after its key (write 'key: value', with a space after the colon)"),
    ("text-after-closing-quote", HEAD + '  statement:\n    en: "The chip" is fast\n',
     "4:20: more text follows the closing \" of a quoted text on line 4 (put the whole value in quotes, and write "
     "a quote mark inside it as \\\" (in double quotes) or '' (in single quotes))"),
    ("braces-then-text", HEAD + "  statement:\n    en: {value} tok/s\n",
     "4:17: more text follows the closing } on line 4: a value that starts with '{' is read as a mapping "
     "(to write text such as '{value} tok/s', put the whole value in quotes)"),
    ("reserved-first-character", HEAD + "  statement:\n    en: `chip` exists\n",
     "4:9: a text cannot start with '`' unless it is in quotes (put the whole value in quotes)"),
    ("list-item-among-keys", HEAD + "  - latency\n",
     "3:3: a list item ('- ') stands among the keys of a record (put it under the key whose list it belongs to "
     "(e.g. 'tags:'), indented more than that key)"),
    ("backslash-in-double-quotes", HEAD + '  statement: {en: "C:\\path", zh: x}\n',
     "3:23: inside double quotes a backslash starts an escape, and 'p' is none (write a backslash as \\\\, or put "
     "the text in single quotes, where a backslash is plain)"),
    ("block-text-not-indented", HEAD + "  statement:\n    en: |\n    The chip.\n    zh: x\n",
     "5:5: the text of the block 'en' on line 4 is not indented under its key "
     "(indent every line of a '|' or '>' text more than its key)"),
]


@pytest.mark.parametrize("text,expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_syntax_error_says_what_is_wrong(check, text, expected):
    assert check({F: text}) == [f"data/{F}:{expected.split(': ', 1)[0]}: yaml-syntax: data/{F}: {expected.split(': ', 1)[1]}"]
