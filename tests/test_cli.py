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


def kb(*args, cwd=None, limit_mb=None, timeout=30, real=False):
    """Run kb; the small fixtures' dates are written against conftest.TODAY, the real data (real=True) runs on
    the real day, as a contributor's check does."""
    def limits():
        if limit_mb:
            resource.setrlimit(resource.RLIMIT_AS, (limit_mb << 20, limit_mb << 20))
    env = {"PATH": "/usr/bin:/bin"} if real else {"KB_TODAY": "2026-11-29", "PATH": "/usr/bin:/bin"}
    return subprocess.run(KB + list(args), capture_output=True, text=True, cwd=cwd, env=env,
                          preexec_fn=limits, timeout=timeout)


def test_real_fact_base_passes():
    out = kb("check", str(ROOT / "data"), real=True)
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
    out = kb("check", cwd=ROOT, real=True)
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
                                         ("conflict", "conflicts"), ("term", "glossary"), ("metric", "metrics"),
                                         ("unit", "units"), ("tag", "tags")])
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


# --- where problems are shown ---------------------------------------------------------------------

def bad_subject(tmp_path):
    return write_data(tmp_path, {"claims/bench.yml": MINIMAL["claims/bench.yml"].replace("subject: gpu", "subject: gpux")})


def test_paths_are_shown_from_the_repository_root(tmp_path):
    """From the root of a clone, a path opens as printed: data/claims/..., not claims/..."""
    data = bad_subject(tmp_path)
    expected = ("claims/bench.yml:14:12: unknown-reference: {0}claims/bench.yml > gpu-latency > subject: "
                "no entity has the id 'gpux' (did you mean 'gpu'?)")
    assert kb("check", cwd=tmp_path).stdout.splitlines()[0] == "data/" + expected.format("data/")
    assert kb("check", "data", cwd=tmp_path).stdout.splitlines()[0] == "data/" + expected.format("data/")
    assert kb("check", "./data/", cwd=tmp_path).stdout.splitlines()[0] == "data/" + expected.format("data/")
    # a data folder outside the current one is shown as it was given
    outside = kb("check", str(data), cwd=ROOT).stdout.splitlines()[0]
    assert outside == f"{data}/" + expected.format(f"{data}/")


def test_github_format_annotates_each_problem_on_its_line(tmp_path):
    bad_subject(tmp_path)
    out = kb("check", "--format", "github", cwd=tmp_path)
    assert out.returncode == 1
    assert out.stdout.splitlines() == [
        "::error file=data/claims/bench.yml,line=14,col=12,title=unknown-reference::"
        "gpu-latency > subject: no entity has the id 'gpux' (did you mean 'gpu'?)",
        "1 problem(s) found; fix them and run kb check again.",
    ]
    assert kb("check", "--format", "github", "data", cwd=ROOT, real=True).returncode == 0


def test_github_format_escapes_what_workflow_commands_reserve():
    from kb.problems import Problem

    p = Problem("claims/a,b:c.yml", 3, 4, "yaml-syntax", "100% sure\nor\rnot: a, b", root="data/")
    assert p.github() == ("::error file=data/claims/a%2Cb%3Ac.yml,line=3,col=4,title=yaml-syntax::"
                          "100%25 sure%0Aor%0Dnot: a, b")


def test_kb_new_source_with_url_fills_the_address_and_the_day_it_was_read(tmp_path):
    data = write_data(tmp_path, {})
    out = kb("new", "source", "new-post", "--url", "https://example.org/post?a=1&b=%222%22", "--data", str(data))
    assert out.returncode == 0, out.stderr
    assert "save the source's text, as you read it, in data/snapshots/new-post.txt" in out.stdout
    import yaml

    record = yaml.safe_load((data / "sources" / "contributions.yml").read_text(encoding="utf-8"))["new-post"]
    assert record["url"] == "https://example.org/post?a=1&b=%222%22"
    assert record["accessed"] == "2026-11-29"  # KB_TODAY, as kb check reads today
    assert record["snapshot"]["file"] == "snapshots/new-post.txt"
    assert record["snapshot"]["taken"].startswith("TODO")  # the day it is saved is the contributor's to say
    assert "no_url" not in record
    check = kb("check", str(data))
    unfinished = {ln.split(" > ", 2)[-1].split(":")[0] for ln in check.stdout.splitlines()[:-1]}
    assert {"kind", "language", "snapshot > taken", "snapshot > extent"} <= unfinished
    assert "url" not in unfinished and "accessed" not in unfinished


def test_kb_new_refuses_an_address_that_is_not_http_and_a_url_for_other_kinds(tmp_path):
    data = write_data(tmp_path, {})
    for url in ("javascript:alert(1)", 'https://example.org/"onmouseover="x', "https://example.org/a page",
                "https://trusted.example@evil.example/"):
        bad = kb("new", "source", "x", "--url", url, "--data", str(data))
        assert bad.returncode == 2 and "is not an http or https address" in bad.stderr, url
    assert kb("new", "claim", "x", "--url", "https://example.org", "--data", str(data)).returncode == 2
    assert not (data / "sources" / "contributions.yml").exists()


# --- one skeleton per kind of claim ---------------------------------------------------------------------------

SPEC = {"metrics.yml": MINIMAL["metrics.yml"] + "process-node:\n  name: {en: Process node, zh: 工艺节点}\n  unit: nanometre\n"
                                                "  kind: specification\n  description: {en: The process., zh: 制造工艺。}\n",
        "units.yml": MINIMAL["units.yml"] + "nanometre:\n  symbol: {en: nm, zh: nm}\n  name: {en: nanometres, zh: 纳米}\n"
                                            "  dimension: {length: 1}\n  scale: 0.000000001\n  space: false\n",
        "snapshots/article.txt": MINIMAL["snapshots/article.txt"] + "芯片采用 3 纳米工艺。\n"}
# What a contributor writes in place of each TODO of a spec figure's skeleton (key as the line starts), nothing else.
# (A key written twice takes its values in the order the skeleton asks: the statement's en, then the translation's.)
SPEC_FILLS = {"subject": ["chip"], "metric": ["process-node"], "value": ["3"],
              "en": ['"The chip is made on a {value} process."', "The chip is made on a 3-nanometre process"],
              "zh": ['"芯片采用 {value} 工艺。"'], "- source": ["article"], "quote": ["芯片采用 3 纳米工艺"],
              "locator": ["second sentence"], "tier": ["vendor-self-report"]}


def test_each_shape_of_claim_writes_only_the_fields_it_takes(tmp_path):
    written = {}
    for shape in ("benchmark", "spec", "date", "statement", "ratio"):
        data = write_data(tmp_path / shape, {})
        out = kb("new", "claim", f"new-{shape}", "--shape", shape, "--data", str(data))
        assert out.returncode == 0, out.stderr
        text = (data / "claims" / "contributions.yml").read_text(encoding="utf-8")
        written[shape] = {m.group(1) for m in re.finditer(r"^  ([a-z_]+):", text, re.M)}  # fields to fill, not comments
        check = kb("check", str(data))
        assert check.returncode == 1 and all(": unfinished: " in p for p in check.stdout.splitlines()[:-1]), shape
    assert {"scope", "conditions"} <= written["benchmark"] and "derivation" not in written["benchmark"]
    assert "value" in written["spec"] and not {"scope", "conditions", "derivation"} & written["spec"]
    assert "value" not in written["statement"] and "scope" not in written["statement"]
    assert "derivation" in written["ratio"]
    assert kb("new", "source", "x", "--shape", "spec", "--data", str(write_data(tmp_path / "x", {}))).returncode == 2


def test_a_spec_figure_needs_its_todos_filled_and_nothing_deleted(tmp_path):
    data = write_data(tmp_path, SPEC)
    assert kb("new", "claim", "chip-node", "--shape", "spec", "--data", str(data)).returncode == 0
    path = data / "claims" / "contributions.yml"
    lines, filled = path.read_text(encoding="utf-8").splitlines(True), []
    for line in lines:
        m = re.match(r"^( *)(- source|[a-z_]+): (\"?TODO[^#]*?)(  #.*)?$", line.rstrip("\n"))
        if m:
            key = m.group(2)
            line = f"{m.group(1)}{key}: {SPEC_FILLS[key].pop(0)}{m.group(4) or ''}\n"
        filled.append(line)
    assert len(filled) == len(lines)  # not one line deleted
    assert not any(SPEC_FILLS.values()), SPEC_FILLS  # and every fill was asked for
    path.write_text("".join(filled), encoding="utf-8")
    check = kb("check", str(data))
    assert check.returncode == 0, check.stdout


def test_the_metric_skeleton_points_to_the_units_and_kb_new_unit_writes_one(tmp_path):
    data = write_data(tmp_path, {})
    out = kb("new", "metric", "new-metric", "--data", str(data))
    text = (data / "metrics" / "contributions.yml").read_text(encoding="utf-8")
    assert "data/units.yml or data/units/*.yml" in text and "kb new unit" in out.stdout
    assert "data/metrics.yml" not in text.split("unit:", 1)[1].split("\n", 1)[0]
    out = kb("new", "unit", "gigabits-per-second", "--data", str(data))
    assert out.returncode == 0 and "units/contributions.yml:2" in out.stdout
    unit = (data / "units" / "contributions.yml").read_text(encoding="utf-8")
    assert re.search(r"^  dimension: .*TODO", unit, re.M) and re.search(r"^  scale: TODO", unit, re.M)
