"""The kb command as a contributor meets it: exit codes, the line format, no tracebacks."""
from __future__ import annotations

import re
import resource
import subprocess
import sys

import pytest

from conftest import MINIMAL, ROOT, write_data

KB = [sys.executable, "-m", "kb.cli"]
LINE = re.compile(r"^[\w./-]+:\d+:\d+: [a-z0-9-]+: .+$")


def kb(*args, cwd=None, limit_mb=None, timeout=30):
    def limits():
        if limit_mb:
            resource.setrlimit(resource.RLIMIT_AS, (limit_mb << 20, limit_mb << 20))
    return subprocess.run(KB + list(args), capture_output=True, text=True, cwd=cwd,
                          env={"KB_TODAY": "2026-11-29", "PATH": "/usr/bin:/bin"},
                          preexec_fn=limits, timeout=timeout)


def test_real_fact_base_passes():
    out = kb("check", str(ROOT / "data"))
    assert out.returncode == 0, out.stdout + out.stderr
    assert re.match(r"ok: \d+ claims, \d+ sources, \d+ entities, \d+ conflicts; derivations: ", out.stdout)


def test_sound_data_exits_0(tmp_path):
    out = kb("check", str(write_data(tmp_path, {})))
    assert out.returncode == 0
    assert out.stdout.startswith("ok: 3 claims, 1 sources, 2 entities, 0 conflicts; derivations: 1 consistent")


def test_bad_data_exits_1_with_one_line_per_problem(tmp_path):
    data = write_data(tmp_path, {"claims/bench.yml": MINIMAL["claims/bench.yml"].replace("subject: gpu", "subject: gpux").replace("souce", "x")
                                 + "extra:\n  subject: chip\n  souces: []\n"})
    out = kb("check", str(data))
    assert out.returncode == 1
    lines = out.stdout.strip().splitlines()
    assert lines[-1] == f"{len(lines) - 1} problem(s) found; fix them and run kb check again."
    assert len(lines) - 1 >= 2
    assert all(LINE.match(line) for line in lines[:-1]), lines
    assert "Traceback" not in out.stdout + out.stderr


def test_wrong_usage_exits_2(tmp_path):
    assert kb("frobnicate").returncode == 2
    assert kb("check", str(tmp_path / "missing")).returncode == 2


def test_default_data_dir_is_data_in_current_folder():
    out = kb("check", cwd=ROOT)
    assert out.returncode == 0


def test_alias_bomb_is_refused_quickly_with_little_memory(tmp_path):
    """The "billion laughs": nine levels of nine aliases would expand to 10^9 strings."""
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, 10):
        refs = ",".join(f"*a{i-1}" for _ in range(9))
        lines.append(f"a{i}: &a{i} [{refs}]")
    data = write_data(tmp_path, {"claims/bomb.yml": "\n".join(lines) + "\n"})
    out = kb("check", str(data), limit_mb=1024, timeout=20)
    assert out.returncode == 1, out.stderr[-500:]
    assert "claims/bomb.yml:1:5: yaml-alias:" in out.stdout  # at the first anchor


def test_python_object_tag_is_never_constructed(tmp_path):
    marker = tmp_path / "pwned"
    data = write_data(tmp_path, {"claims/evil.yml": f"x: !!python/object/apply:os.system ['touch {marker}']\n"})
    out = kb("check", str(data))
    assert out.returncode == 1
    assert "yaml-tag" in out.stdout
    assert not marker.exists()


@pytest.mark.parametrize("kind,folder", [("claim", "claims"), ("source", "sources"), ("entity", "entities"),
                                         ("conflict", "conflicts"), ("term", "glossary")])
def test_kb_new_writes_a_skeleton_that_check_lists_as_unfinished(tmp_path, kind, folder):
    data = write_data(tmp_path, {})
    out = kb("new", kind, "brand-new", "--data", str(data))
    assert out.returncode == 0, out.stderr
    assert f"wrote a new {kind} skeleton to {data}/{folder}/contributions.yml:2" in out.stdout
    assert "run: .venv/bin/kb check" in out.stdout
    written = (data / folder / "contributions.yml").read_text(encoding="utf-8")
    assert written.startswith(f"# yaml-language-server: $schema=../../schemas/{folder}.schema.json\nbrand-new:\n")
    check = kb("check", str(data))
    assert check.returncode == 1
    problems = check.stdout.strip().splitlines()[:-1]
    assert problems and all(": unfinished: " in p for p in problems), problems


def test_kb_new_appends_to_an_existing_file_and_refuses_used_ids(tmp_path):
    data = write_data(tmp_path, {})
    out = kb("new", "claim", "another", "--file", "claims/bench.yml", "--data", str(data))
    assert out.returncode == 0
    assert f"{data}/claims/bench.yml:40" in out.stdout
    again = kb("new", "claim", "chip-latency", "--data", str(data))
    assert again.returncode == 2
    assert "the id 'chip-latency' is already used in data/claims/bench.yml:1" in again.stderr
    assert kb("new", "claim", "Bad_Id", "--data", str(data)).returncode == 2
    assert kb("new", "claim", "ok-id", "--file", "sources/x.yml", "--data", str(data)).returncode == 2
