"""The contributor's guide is followed literally, and cannot drift from the engine.

The guide is CONTRIBUTING.md (the first contribution, on its first screen) with its reference pages
under contributing/, and the same in Chinese (CONTRIBUTING.zh.md, contributing/*.zh.md).

* The first contribution (keep the source's text, record the source and the claim, make check,
  make test, the pull request) is the first section, and fits the first screen.
* A newcomer's first claim: the guide's own commands are run on a copy of data/, the
  skeleton `kb new` writes is compared with the one the guide shows, it is filled in
  exactly as the guide fills it, and `kb check` must pass.
* Every block marked `<!-- generated: COMMAND -->` is exactly what COMMAND prints
  (`kb template ...`, `kb rules`, the file `kb new ...` writes). When one drifts,
  regenerate them all with:  .venv/bin/python tests/test_contributing.py --write
* The two guides have the same sections, under the same anchors, in the same order; no anchor
  is used twice, and every link inside the guide reaches a page and an anchor that exist.
* The two ways of citing (from a snapshot, from a web page that is not copied) are each shown by
  a citation that is in data/, on a source of that kind.
"""
from __future__ import annotations

import difflib
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
MAIN = {"en": ROOT / "CONTRIBUTING.md", "zh": ROOT / "CONTRIBUTING.zh.md"}
PAGES = ("first-claim", "data", "check", "templates")  # the reference, in reading order, under contributing/
GUIDES = {lang: [main] + [ROOT / "contributing" / f"{page}{'' if lang == 'en' else '.' + lang}.md" for page in PAGES]
          for lang, main in MAIN.items()}
KB = [sys.executable, "-m", "kb.cli"]
REGENERATE = ".venv/bin/python tests/test_contributing.py --write"
PRACTICE = "/tmp/kb-practice"  # the scratch copy the walkthrough uses

BLOCK = re.compile(r"<!-- (?P<kind>generated|walkthrough|example|fill|step|cite): (?P<what>[^>]+?) -->\n+ *```(?P<lang>\w+)\n(?P<body>.*?) *```",
                   re.S)
ANCHOR = re.compile(r'^<a id="(?P<id>[a-z0-9-]+)"></a>\n(?P<hashes>#+) ', re.M)


def read(lang: str) -> str:
    """The whole guide in one language: CONTRIBUTING and its reference pages, in reading order."""
    return "\n".join(path.read_text(encoding="utf-8") for path in GUIDES[lang])


def blocks(text: str, kind: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for m in BLOCK.finditer(text):
        if m["kind"] == kind:
            assert m["what"] not in found, f"two blocks marked {kind}: {m['what']}"
            found[m["what"]] = m["body"]
    return found


def kb(*args, cwd=ROOT) -> subprocess.CompletedProcess:
    return subprocess.run(KB + list(args), capture_output=True, text=True, cwd=cwd, env=os.environ.copy(), timeout=120)


def generate(command: str) -> str:
    """What a generated block must hold: the output of ``command``."""
    words = shlex.split(command)
    assert words[0] == "kb", command
    if words[1] in ("template", "rules"):
        out = kb(*words[1:])
        assert out.returncode == 0, out.stderr
        return out.stdout
    if words[1] == "new":  # the file `kb new` writes into an empty data folder
        with tempfile.TemporaryDirectory() as tmp:
            (Path(tmp) / "data").mkdir()
            out = kb(*words[1:], "--data", str(Path(tmp) / "data"))
            assert out.returncode == 0, out.stderr
            rel = words[words.index("--file") + 1]
            return (Path(tmp) / "data" / rel).read_text(encoding="utf-8")
    raise AssertionError(f"no generator for {command!r}")


GENERATED = sorted({(lang, what) for lang in GUIDES for what in blocks(read(lang), "generated")})


# --- the guide does not drift from the engine -------------------------------------------------------

@pytest.mark.parametrize("lang,command", GENERATED, ids=[f"{lang}:{what}" for lang, what in GENERATED])
def test_generated_block_is_exactly_what_its_command_prints(lang, command):
    shown = blocks(read(lang), "generated")[command]
    expected = generate(command)
    diff = "".join(difflib.unified_diff(shown.splitlines(True), expected.splitlines(True), "guide", command))
    assert shown == expected, (
        f"{MAIN[lang].name} and its pages: the block for `{command}` has drifted from the engine.\n"
        f"Regenerate every such block with:  {REGENERATE}\n{diff}")


@pytest.mark.parametrize("lang", GUIDES)
def test_guide_shows_each_template_and_the_rule_list(lang):
    commands = set(blocks(read(lang), "generated"))
    kinds = {c.split()[2] for c in commands if c.startswith("kb template ")}
    assert kinds == {"source", "claim", "entity", "conflict", "metric"}
    assert "kb rules" in commands


def test_rule_list_names_every_rule():
    from kb.problems import RULES

    listed = re.findall(r"^([a-z0-9-]+): ", blocks(read("en"), "generated")["kb rules"], re.M)
    assert listed == list(RULES)


# --- the two guides agree --------------------------------------------------------------------------

def sections(lang: str) -> list[tuple[str, int]]:
    return [(m["id"], len(m["hashes"])) for m in ANCHOR.finditer(read(lang))]


def test_guides_have_the_same_sections_under_the_same_anchors():
    en, zh = sections("en"), sections("zh")
    assert len(en) >= 10
    assert en == zh, "\n".join(difflib.unified_diff([f"{a} h{n}" for a, n in en], [f"{a} h{n}" for a, n in zh],
                                                     "CONTRIBUTING.md", "CONTRIBUTING.zh.md", lineterm=""))
    for required in ("first-contribution", "set-up", "pull-request", "data-layout", "add-a-source",
                     "snapshot-or-web-page", "add-a-claim", "first-claim", "correct-a-claim", "evidence-tiers",
                     "run-the-check", "preview", "templates", "rules"):
        assert required in dict(en), f"no section #{required}"
    for lang, found in (("en", en), ("zh", zh)):
        ids = [a for a, _ in found]
        assert len(ids) == len(set(ids)), f"{lang}: anchors used twice: {sorted({a for a in ids if ids.count(a) > 1})}"


def test_the_reference_pages_are_all_in_the_guide():
    """A page added under contributing/ is checked like the others, not forgotten."""
    listed = {p for files in GUIDES.values() for p in files[1:]}
    assert set((ROOT / "contributing").glob("*.md")) == listed


LINK = re.compile(r"\]\((?P<file>[^)#\s]*)(?:#(?P<id>[^)\s]+))?\)")


def test_every_link_within_the_guide_has_a_target():
    anchors = {path: {m["id"] for m in ANCHOR.finditer(path.read_text(encoding="utf-8"))}
               for files in GUIDES.values() for path in files}
    checked = 0
    for lang, files in GUIDES.items():
        for path in files:
            text = path.read_text(encoding="utf-8")
            for m in LINK.finditer(text):
                if re.match(r"https?:", m["file"]):
                    continue
                target = (path.parent / m["file"]).resolve() if m["file"] else path
                assert target.exists(), f"{path.relative_to(ROOT)} links to {m['file']}, which does not exist"
                if m["id"] and target in anchors:
                    assert m["id"] in anchors[target], f"{path.relative_to(ROOT)} links to #{m['id']}, missing in {target.name}"
                    checked += 1
            # every page links to itself in the other language, and every reference page back to CONTRIBUTING
            other = path.name.replace(".zh.md", ".md") if lang == "zh" else path.name.replace(".md", ".zh.md")
            assert f"]({other})" in text, f"{path.relative_to(ROOT)} does not link to {other}"
            if path.parent.name == "contributing":
                assert f"](../{MAIN[lang].name})" in text, f"{path.relative_to(ROOT)} does not link back to {MAIN[lang].name}"
    assert checked >= 40, checked


@pytest.mark.parametrize("lang", GUIDES)
def test_the_first_contribution_is_on_the_first_screen(lang):
    """Keep the source, record it and the claim, make check, make test, the pull request: all in the first
    screen of CONTRIBUTING, in that order; the reference lives on its own pages."""
    text = MAIN[lang].read_text(encoding="utf-8")
    lines = text.splitlines()
    first = [m["id"] for m in ANCHOR.finditer(text)][0]
    assert first == "first-contribution", f"{MAIN[lang].name} starts with #{first}"
    start = lines.index('<a id="first-contribution"></a>')
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("<a id="))
    assert end <= 40, f"the first contribution ends on line {end} of {MAIN[lang].name}: more than a screen"
    section = "\n".join(lines[start:end])
    steps = ["data/snapshots/", "kb new source", "kb new claim", "make check", "make test", "(#pull-request)"]
    at = [section.find(s) for s in steps]
    assert -1 not in at, [s for s, i in zip(steps, at) if i < 0]
    assert at == sorted(at), "the steps are out of order"
    assert len(lines) <= 150, f"{MAIN[lang].name} has {len(lines)} lines: the reference belongs under contributing/"


def test_each_way_of_citing_is_shown_by_a_citation_in_data():
    """The snapshot example cites a source kept as a snapshot; the web-page example, a source read at its
    address and not copied. Each is a citation that data/ holds, word for word, and both guides show it."""
    en, zh = blocks(read("en"), "cite"), blocks(read("zh"), "cite")
    assert set(en) == {"snapshot", "web page"} and en == zh
    sources = {k: v for f in sorted((ROOT / "data" / "sources").glob("*.yml"))
               for k, v in (yaml.safe_load(f.read_text(encoding="utf-8")) or {}).items()}
    cited = [c for f in sorted((ROOT / "data" / "claims").glob("*.yml"))
             for claim in (yaml.safe_load(f.read_text(encoding="utf-8")) or {}).values() for c in claim["citations"]]
    for way, body in en.items():
        [citation] = yaml.safe_load(body)
        assert citation in cited, f"the guide's {way} example is not a citation in data/claims/"
        source = sources[citation["source"]]
        if way == "snapshot":
            assert "snapshot" in source and "quote" in citation
        else:
            assert "snapshot" not in source and source.get("url") and source.get("accessed")
            assert "quote" in citation and citation.get("accessed")  # a short quote, with the day it was read


def test_walkthrough_is_the_same_in_both_languages():
    en, zh = blocks(read("en"), "walkthrough"), blocks(read("zh"), "walkthrough")
    assert set(en) == set(zh) == {"commands"}
    assert en["commands"] == zh["commands"]
    fills_en, fills_zh = blocks(read("en"), "fill"), blocks(read("zh"), "fill")
    assert list(fills_en) == list(fills_zh)
    assert all(yaml.safe_load(fills_en[k]) == yaml.safe_load(fills_zh[k]) for k in fills_en)
    assert blocks(read("en"), "example") == blocks(read("zh"), "example")


def fill_in(skeleton: str, fills: dict[str, str]) -> str:
    """The skeleton with each top-level field's lines replaced by the guide's lines for it, in
    the skeleton's order, as a contributor following the guide does."""
    out, field = [], None
    for line in skeleton.splitlines(True):
        m = re.match(r"^  (?P<comment># )?(?P<key>[a-z_]+):", line)
        if m or not line.startswith("   "):
            field = m["key"] if m and not m["comment"] else None
            if field in fills:
                out.append(fills[field])
                continue
        elif field in fills:
            continue  # a line inside a field the guide fills: replaced with it
        out.append(line)
    return "".join(out)


def test_setup_gives_the_readme_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for lang in GUIDES:
        text = read(lang)
        for command in ("make serve", "make check", "make test"):
            assert command in readme and command in text, (lang, command)


def test_tier_ladder_lists_every_tier_of_data_in_order():
    tiers = yaml.safe_load((ROOT / "data" / "tiers.yml").read_text(encoding="utf-8"))
    on_ladder = [t for t, v in sorted(tiers.items(), key=lambda kv: kv[1]["rank"]) if v["rank"] > 0]
    off_ladder = [t for t, v in tiers.items() if v["rank"] == 0]
    for lang in GUIDES:
        section = read(lang).split('<a id="evidence-tiers"></a>', 1)[1].split("<a id=", 1)[0]
        rows = re.findall(r"^\| *(\d+) *\| *`([a-z-]+)`", section, re.M)
        assert [t for _, t in rows if _ != "0"] == on_ladder, lang
        assert sorted(t for _, t in rows if _ == "0") == sorted(off_ladder), lang
        for rank, tid in rows:
            assert int(rank) == tiers[tid]["rank"], (lang, tid)


def test_guides_hold_no_template_syntax():
    """The guides may be shown on the site, whose pages are templates: nothing in them may run."""
    for lang in GUIDES:
        assert not re.search(r"\{\{|\{%|\{#", read(lang)), lang


# --- a newcomer follows the guide ---------------------------------------------------------------------

def keys_in_skeleton(text: str) -> set[tuple[str, ...]]:
    """Every field path the skeleton offers, written or listed in a comment (list items dropped)."""
    paths, stack = set(), []
    for line in text.splitlines():
        m = re.match(r"^(?P<indent> *)(?:# )?(?P<dash>- )?(?P<key>[a-z_]+):(?: |$)", line)
        if not m:
            continue
        indent = len(m["indent"]) + (2 if m["dash"] else 0)
        while stack and stack[-1][0] >= indent:
            stack.pop()
        path = tuple(k for _, k in stack) + (m["key"],)
        paths.add(path)
        stack.append((indent, m["key"]))
    return paths


def keys_in_record(value, path=()) -> set[tuple[str, ...]]:
    out = set()
    if isinstance(value, dict):
        for k, v in value.items():
            out.add(path + (k,))
            out |= keys_in_record(v, path + (k,))
    elif isinstance(value, list):
        for item in value:
            out |= keys_in_record(item, path)
    return out


def run_step(line: str, practice: Path) -> subprocess.CompletedProcess | None:
    words = [w.replace(PRACTICE, str(practice)) for w in shlex.split(line)]
    if words[:2] == ["cp", "-r"]:
        assert words[2] == "data", line
        shutil.copytree(os.environ.get("KB_DATA_DIR") or ROOT / "data", words[3])  # as tests/site_fixture.py
        return None
    assert words[0] == ".venv/bin/kb", f"the test does not know how to run: {line}"
    return kb(*words[1:])


@pytest.mark.parametrize("lang", GUIDES)
def test_first_claim_from_a_fresh_copy_of_the_data(tmp_path, lang):
    text = read(lang)
    steps = blocks(text, "walkthrough")
    generated = blocks(text, "generated")
    practice = tmp_path / "kb-practice"
    commands = [ln for ln in steps["commands"].splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    assert commands[0].startswith("cp -r data ") and commands[-1].startswith(".venv/bin/kb check")

    # 1. copy the data and check the copy is sound before anything is added
    run_step(commands[0], practice)
    before = kb("check", str(practice))
    assert before.returncode == 0, "data/ itself does not pass kb check; fix that first:\n" + before.stdout[-2000:]

    # 2. kb new writes the skeleton the guide shows
    [new] = [c for c in commands if c.startswith(".venv/bin/kb new claim ")]
    out = run_step(new, practice)
    assert out.returncode == 0, f"the guide's `kb new` failed (is its example id now used in data/?):\n{out.stderr}"
    rel = shlex.split(new)[shlex.split(new).index("--file") + 1]
    target = practice / rel
    skeleton = target.read_text(encoding="utf-8")
    [(shown_command, shown)] = [(c, b) for c, b in generated.items() if c.startswith("kb new claim ")]
    assert shown == skeleton, f"the skeleton in the guide differs from what kb new writes; run {REGENERATE}"
    assert shlex.split(shown_command)[1:] == [w for w in shlex.split(new)[1:] if w not in ("--data", PRACTICE)]

    # 3. filled in field by field as the guide fills it: only fields the skeleton offers, every
    #    required one kept, no TODO left
    fills = blocks(text, "fill")
    assert len(fills) >= 8
    offered_top = set(re.findall(r"^  ([a-z_]+):", skeleton, re.M))
    assert set(fills) <= offered_top, f"the guide fills fields the skeleton does not show: {sorted(set(fills) - offered_top)}"
    for key, body in fills.items():
        assert re.match(rf"^  {key}:", body), f"the guide's lines for {key!r} do not start with '  {key}:'"
    filled = fill_in(skeleton, fills)
    record = yaml.safe_load(filled)
    [(cid, body)] = record.items()
    assert cid in new.split()
    offered = keys_in_skeleton(skeleton)
    used = keys_in_record(body)
    assert used <= offered, f"the filled claim uses fields the skeleton does not offer: {sorted(used - offered)}"
    required = {(m[1],) for m in re.finditer(r"^  (?:# )?([a-z_]+):.*# required", skeleton, re.M)}
    assert required <= used, f"the filled claim drops required fields: {sorted(required - used)}"
    assert "TODO" not in filled
    target.write_text(filled, encoding="utf-8")

    # 4. kb check passes
    check = run_step(commands[-1], practice)
    assert check.returncode == 0, f"following {MAIN[lang].name}'s walkthrough did not give a passing claim:\n{check.stdout}"
    assert check.stdout.startswith("ok: ")

    # 5. the mistake the guide shows gives the error line the guide prints
    [(mistake, line)] = blocks(text, "example").items()
    old, new_quote = re.fullmatch(r"a quote with (.+) instead of (.+)", mistake).group(2, 1)
    assert old in filled
    target.write_text(filled.replace(old, new_quote), encoding="utf-8")
    broken = run_step(commands[-1], practice)
    assert broken.returncode == 1
    assert line.strip() in broken.stdout.replace(str(practice), PRACTICE).splitlines(), broken.stdout


# --- regeneration --------------------------------------------------------------------------------------

def write_generated() -> None:
    for path in (p for files in GUIDES.values() for p in files):
        text = path.read_text(encoding="utf-8")

        def fill(m):
            if m["kind"] != "generated":
                return m.group(0)
            head = m.group(0)[: m.start("body") - m.start(0)]
            return head + generate(m["what"]) + "```"

        new = BLOCK.sub(fill, text)
        if new != text:
            path.write_text(new, encoding="utf-8")
            print(f"regenerated blocks in {path.relative_to(ROOT)}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        write_generated()
    else:
        print(__doc__)


# --- the other steps a contributor takes ---------------------------------------------------------

STEPS = ("new source", "new metric", "add a side", "preview")


def test_each_step_is_shown_the_same_in_both_guides():
    en, zh = blocks(read("en"), "step"), blocks(read("zh"), "step")
    assert set(en) == set(STEPS)
    assert {k: v.strip() for k, v in en.items()} == {k: v.strip() for k, v in zh.items()}


def step_command(name: str, **values: str) -> list[str]:
    """The guide's command for a step, with its <placeholders> filled in."""
    [line] = [ln.strip() for ln in blocks(read("en"), "step")[name].splitlines() if ln.strip()]
    for key, value in values.items():
        line = line.replace(f"<{key}>", value)
    assert "<" not in line, f"a placeholder is left in {line!r}"
    return shlex.split(line)


def test_new_source_as_the_guide_shows_fills_the_address_and_the_day(tmp_path):
    words = step_command("new source", **{"source-id": "practice-post", "file": "practice"})
    assert words[:3] == [".venv/bin/kb", "new", "source"]
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    out = kb(*words[1:], "--data", str(data))
    assert out.returncode == 0, out.stderr
    written = yaml.safe_load((data / "sources" / "practice.yml").read_text(encoding="utf-8"))["practice-post"]
    url = words[words.index("--url") + 1]
    from kb.base import today

    assert (written["url"], written["accessed"]) == (url, today().isoformat())
    assert written["snapshot"]["file"] == "snapshots/practice-post.txt"
    # every field the guide's step 3 names is one the skeleton offers
    section = read("en").split('<a id="add-a-source"></a>', 1)[1].split("<a id=", 1)[0]
    named = set(re.findall(r"`([a-z_]+)`", section)) & set(schema_fields("sources") | {"snapshot"})
    assert {"kind", "name", "language", "title", "publisher", "author", "date", "no_url", "taken", "extent"} <= named


def schema_fields(kind: str) -> set[str]:
    from kb import schema

    model = schema.KINDS[kind]
    return set(model.model_fields) | {f for sub in (schema.Snapshot,) for f in sub.model_fields}


def test_new_metric_as_the_guide_shows_offers_every_field_the_guide_explains(tmp_path):
    words = step_command("new metric", **{"metric-id": "practice-metric", "topic": "practice"})
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    out = kb(*words[1:], "--data", str(data))
    assert out.returncode == 0, out.stderr
    skeleton = (data / "metrics" / "practice.yml").read_text(encoding="utf-8")
    offered = {p[-1] for p in keys_in_skeleton(skeleton)}
    for lang in GUIDES:
        section = read(lang).split('<a id="add-a-metric"></a>', 1)[1].split("<a id=", 1)[0]
        explained = set(re.findall(r"^- `([a-z_]+)`", section, re.M))
        assert explained == {"name", "unit", "kind", "better", "description"}, lang
        assert explained <= offered, (lang, explained - offered)


def test_a_side_added_as_the_guide_shows_passes_the_check(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    snippet = yaml.safe_load(blocks(read("en"), "step")["add a side"])
    [side] = snippet["sides"]
    path = sorted((data / "conflicts").glob("*.yml"))[0]
    text = path.read_text(encoding="utf-8")
    conflicts = yaml.safe_load(text)
    cid, conflict = next(iter(conflicts.items()))
    sided = {c for s in conflict["sides"] for c in s["claims"]}
    claim = next(c for f in sorted((data / "claims").glob("*.yml"))
                 for c in yaml.safe_load(f.read_text(encoding="utf-8")) if c not in sided)
    # append the side to the end of the conflict's sides, in the file's own text
    block = re.search(rf"^{re.escape(cid)}:\n(?:(?:  .*|)\n)*", text, re.M)
    body = block.group(0)
    sides_at = body.index("\n  sides:\n")
    after = re.search(r"\n  [a-z_]+:", body[sides_at + 1 + len("  sides:\n"):])
    end = sides_at + 1 + len("  sides:\n") + (after.start() + 1 if after else len(body) - sides_at - 1 - len("  sides:\n"))
    item = blocks(read("en"), "step")["add a side"].split("\n", 2)[2].replace("your-claim-id", claim)
    new_body = body[:end] + item + body[end:]
    path.write_text(text.replace(body, new_body), encoding="utf-8")
    after_yaml = yaml.safe_load(path.read_text(encoding="utf-8"))[cid]
    assert len(after_yaml["sides"]) == len(conflict["sides"]) + 1
    assert after_yaml["sides"][-1] == {**side, "claims": [claim]}
    out = kb("check", str(data))
    assert out.returncode == 0, out.stdout[-2000:]


def test_preview_names_what_the_build_honours():
    words = step_command("preview")
    env = dict(w.split("=", 1) for w in words if "=" in w and not w.startswith("-"))
    assert env["KB_DATA_DIR"] == PRACTICE
    assert words[words.index("--watch") + 1] == PRACTICE, "serve must watch the copy, not data/"
    sys.path.insert(0, str(ROOT / "src"))
    from sitebuild import kbcache

    old = os.environ.get("KB_DATA_DIR")
    os.environ["KB_DATA_DIR"] = PRACTICE
    try:
        assert kbcache.data_dir(ROOT / "mkdocs.yml") == Path(PRACTICE).resolve()
    finally:
        if old is None:
            del os.environ["KB_DATA_DIR"]
        else:
            os.environ["KB_DATA_DIR"] = old
