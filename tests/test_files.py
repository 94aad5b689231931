"""What the engine reads under data/ (kb.files): regular files only, never through a link, never outside data/.

The hostile corpus (tests/test_hostile.py) plants links, hard links and special files in a fact base and runs
`kb check` on it; these tests hold the reader itself, including on what every machine has (/dev/null), and the
class of invisible characters the YAML reader refuses.
"""
from __future__ import annotations

import os
import time
import unicodedata
from pathlib import Path

import pytest

from kb import files
from kb.yamlsrc import INVISIBLE

SECRET = "SECRET-TOKEN-7f3a9c"


@pytest.fixture
def data(tmp_path) -> Path:
    data = tmp_path / "data"
    (data / "snapshots").mkdir(parents=True)
    (data / "snapshots" / "article.txt").write_text("芯片的延迟为 1.03 秒\n", encoding="utf-8")
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "secret.txt").write_text(f"{SECRET}\n", encoding="utf-8")
    return data


def test_a_regular_file_is_read(data):
    assert files.read_file(data, "snapshots/article.txt", 1000) == ("芯片的延迟为 1.03 秒\n".encode(), None)
    assert files.read_file(data, "snapshots/missing.txt", 1000) == (None, None)


def test_a_device_file_is_refused_unread():
    raw, problem = files.read_file(Path("/dev"), "null", 1000)
    assert raw is None and problem.rule == "special-file" and "a device file" in problem.message


def test_a_fifo_is_refused_without_waiting_for_a_writer(data):
    os.mkfifo(data / "snapshots" / "pipe.txt")
    start = time.monotonic()
    raw, problem = files.read_file(data, "snapshots/pipe.txt", 1000)
    assert time.monotonic() - start < 2
    assert raw is None and problem.rule == "special-file"


@pytest.mark.parametrize("target", ["../../outside/secret.txt", "{outside}", "article.txt", "nowhere.txt"])
def test_a_link_is_refused_wherever_it_points(data, target):
    link = data / "snapshots" / "link.txt"
    os.symlink(target.format(outside=data.parent / "outside" / "secret.txt"), link)
    raw, problem = files.read_file(data, "snapshots/link.txt", 1000)
    assert raw is None and problem.rule == "linked-file", problem
    assert SECRET not in str(problem)
    tree = files.survey(data)
    assert [p.rule for p in tree.problems] == ["linked-file"] and "snapshots/link.txt" not in tree.files


def test_a_folder_reached_through_a_link_leads_outside(data):
    os.symlink(data.parent / "outside", data / "away")
    raw, problem = files.read_file(data, "away/secret.txt", 1000)
    assert raw is None and problem.rule == "linked-file" and "outside data/" in problem.message
    raw, problem = files.read_file(data, "snapshots/../../outside/secret.txt", 1000)
    assert raw is None and problem.rule == "linked-file"


def test_a_hard_link_is_refused(data):
    os.link(data.parent / "outside" / "secret.txt", data / "snapshots" / "copy.txt")
    raw, problem = files.read_file(data, "snapshots/copy.txt", 1000)
    assert raw is None and problem.rule == "linked-file" and "hard link" in problem.message


def test_a_file_over_the_limit_is_refused_unread(data):
    raw, problem = files.read_file(data, "snapshots/article.txt", 10, "snapshot")
    assert raw is None and problem.rule == "file-too-large" and "the limit is 10" in problem.message


def test_the_survey_sees_every_entry_and_names_what_it_refuses(data):
    (data / "claims").mkdir()
    (data / "claims" / "a.yml").write_text("a: b\n", encoding="utf-8")
    (data / "claims" / "B.yml").write_text("a: b\n", encoding="utf-8")
    (data / "claims" / "c\n.yml").write_text("a: b\n", encoding="utf-8")
    (data / "claims" / "notes.txt~").write_text("an editor's backup\n", encoding="utf-8")  # not read, not refused
    os.mkfifo(data / "claims" / "d.yml")
    (data / "claims" / "e.yml").mkdir()
    tree = files.survey(data)
    assert tree.files == {"snapshots/article.txt", "claims/a.yml", "claims/notes.txt~"}
    assert sorted((p.file, p.rule) for p in tree.problems) == [
        ("claims/B.yml", "file-name"), ("claims/c\\n.yml", "file-name"), ("claims/d.yml", "special-file"),
        ("claims/e.yml", "special-file")]
    assert all("\n" not in str(p) for p in tree.problems)


def test_a_name_is_printed_on_one_line():
    assert files.shown("claims/a b\n\u202e.yml") == "claims/a\\x20b\\n\\u202e.yml"
    assert files.shown("claims/сhip.yml") == "claims/сhip.yml"  # a look-alike letter shows as the letter it is
    assert files.character("с") == "U+0441 CYRILLIC SMALL LETTER ES (с)"


def test_the_invisible_characters_are_unicodes_format_characters():
    """INVISIBLE holds every format character (category Cf) of this Python's Unicode database, and nothing that is
    assigned another category (a newer Unicode may assign more of its ranges)."""
    matched = cf = 0
    for code in range(0x110000):
        ch = chr(code)
        category = unicodedata.category(ch)
        hit = INVISIBLE.fullmatch(ch) is not None
        cf += category == "Cf"
        matched += hit
        assert hit == (category == "Cf") or (hit and category == "Cn"), f"U+{code:04X} ({category})"
    assert cf >= 160 and matched >= cf
