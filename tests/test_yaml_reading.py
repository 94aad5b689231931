"""The data reader's two paths give the same answer.

kb.yamlsrc reads a file quickly, without following each value's path, and reads it again
carefully (kb.yamlsrc._build) where the file holds what is reported with its path or refused:
a duplicate key, a TODO, an alias, a tag. Both must give the same values and the same problems,
so each test reads every file both ways and compares."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from kb import yamlsrc

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "data").rglob("*.yml")) + sorted((ROOT / "tests" / "hostile").rglob("*.yml"))

# Small files for what the corpus has too little of: each takes the careful path, and says why.
UNUSUAL = {
    "duplicate key": "a:\n  x: 1\n  x: 2\n",
    "todo": "a:\n  note: TODO write it\n",
    "todo in a list": "a:\n  - b\n  - TODO\n",
    "alias": "a: &x {b: 1}\nc: *x\n",
    "merge key": "a: {b: 1}\nc:\n  <<: {b: 2}\n",
    "quoted merge key": "a:\n  '<<': 1\n",
    "tag": "a: !!python/object:os.system {}\n",
    "tagged scalar": "a: !!binary aGk=\n",
    "tagged list": "a: !!set {b: null}\n",
    "complex key": "? [a, b]\n: c\n",
    "bad number": "a: 1_000.5.5\n",
    "not a number": "a: .nan\n",
    "too deep": "a: " + "[" * 40 + "]" * 40 + "\n",
    "quoted key": "'a': {\"b\": 'c'}\n",
    "typed plain scalars": "a: [yes, No, ~, null, 12, -3, 1.50, 2026-08-25, '12', TODOS, x]\n",
    "hex number": "a: 0x1F\n",
    "empty values": "a:\nb: ''\nc: []\nd: {}\n",
}


def _both(text: str):
    """(quick, careful): each a (values, problems, todos) triple, or None where the reading refused."""
    root = yamlsrc._compose(text, yamlsrc._Loader)
    careful = yamlsrc.Source("f.yml", root=root)
    try:
        slow = (yamlsrc._build(root, (), careful, set(), 0), careful.problems, careful.todos)
    except yamlsrc._Refused as exc:
        slow = ("refused", exc.rule, yamlsrc._pos(exc.node))
    try:
        quick = yamlsrc._quick(root, set(), 0)
    except yamlsrc._Unusual:
        return None, slow
    except yamlsrc._Refused as exc:
        return ("refused", exc.rule, yamlsrc._pos(exc.node)), slow
    return (quick, [], []), slow


def _composes(path: Path) -> bool:
    """Whether the reader gets as far as building values: the hostile files that are not YAML
    at all, or hold no document, stop before it."""
    try:
        return yamlsrc._compose(path.read_bytes().decode("utf-8"), yamlsrc._Loader) is not None
    except (UnicodeDecodeError, ValueError, yaml.YAMLError):
        return False


def test_the_corpus_is_read_the_same_both_ways():
    readable = [p for p in FILES if _composes(p)]
    quick_read = 0
    for path in readable:
        quick, slow = _both(path.read_text("utf-8"))
        if quick is not None:
            quick_read += 1
            assert quick == slow, path
    # Most files take the quick path, and a sweep that compares nothing passes nothing.
    assert len(readable) >= 100 and quick_read >= 0.8 * len(readable), (len(readable), quick_read)


@pytest.mark.parametrize("text", UNUSUAL.values(), ids=UNUSUAL.keys())
def test_the_unusual_is_read_carefully_or_refused_alike(text):
    quick, slow = _both(text)
    assert quick is None or quick == slow


@pytest.mark.parametrize("name", ["duplicate key", "todo", "todo in a list", "alias", "merge key", "tag"])
def test_what_is_reported_with_its_path_takes_the_careful_path(name):
    assert _both(UNUSUAL[name])[0] is None


def test_read_text_reports_a_duplicate_key_with_its_line():
    src = yamlsrc.read_text("f.yml", UNUSUAL["duplicate key"].encode())
    assert [(p.line, p.rule) for p in src.problems] == [(3, "duplicate-key")]
    assert src.data == {"a": {"x": 1}}


def test_plain_words_are_typed_as_yaml_types_them():
    src = yamlsrc.read_text("f.yml", UNUSUAL["typed plain scalars"].encode())
    assert src.data["a"][:6] == [True, False, None, None, 12, -3]
    assert str(src.data["a"][6]) == "1.50" and src.data["a"][7] == "2026-08-25"
