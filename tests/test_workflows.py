"""The GitHub workflows, the pre-commit hooks and the issue templates are valid and do what they say.

actionlint (a Go program, installed into .venv from the wheel pinned in pyproject.toml)
checks the workflows, with shellcheck for their `run:` scripts. A missing linter is a
failure, not a skip: run `make setup`.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
GITHUB = ROOT / ".github"
WORKFLOWS = sorted((GITHUB / "workflows").glob("*.yml"))
BIN = Path(sys.executable).parent
CJK = re.compile(r"[\u3400-\u9fff]")
FULL_VERSION = re.compile(r"^[A-Za-z0-9_.-]+/[A-Za-z0-9_./-]+@(v\d+\.\d+\.\d+|[0-9a-f]{40})$")


def tool(name: str) -> str:
    """The path of a linter installed with the project, or a failure that says how to get it."""
    path = BIN / name
    if path.is_file():
        return str(path)
    found = shutil.which(name)
    if found is None:
        pytest.fail(f"{name} is not installed: run `make setup` (pyproject.toml pins it in the test extras)")
    return found


def lint_env() -> dict:
    # actionlint runs shellcheck on `run:` scripts when it finds it on PATH.
    return dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")


def load(path: Path) -> dict:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if True in data and "on" not in data:  # YAML 1.1 reads the key `on` as true
        data["on"] = data.pop(True)
    return data


def steps(workflow: dict) -> list[dict]:
    return [s for job in workflow["jobs"].values() for s in job.get("steps", [])]


def uses(workflow: dict, action: str) -> list[dict]:
    return [s for s in steps(workflow) if s.get("uses", "").split("@")[0] == action]


# --- actionlint ---------------------------------------------------------------------------------

def test_workflows_pass_actionlint():
    assert len(WORKFLOWS) >= 2, "expected ci.yml and pages.yml"
    tool("shellcheck")
    out = subprocess.run([tool("actionlint"), "-verbose", *map(str, WORKFLOWS)], capture_output=True, text=True,
                         cwd=ROOT, env=lint_env())
    assert out.returncode == 0, out.stdout + out.stderr
    assert f"Found 0 errors in {len(WORKFLOWS)} files" in out.stderr, out.stderr
    assert 'Rule "shellcheck" was disabled' not in out.stderr, "run: scripts went unchecked"


def test_actionlint_finds_mistakes(tmp_path):
    """Guard: the linter really checks (an untrusted input in a script, an unknown key, a bad expression)."""
    bad = tmp_path / "bad.yml"
    bad.write_text("""\
on: pull_request
jobs:
  x:
    runs-on: ubuntu-24.04
    step:
      - run: echo "${{ github.event.pull_request.title }}"
  y:
    runs-on: ubuntu-24.04
    steps:
      - run: echo "${{ github.event.pull_request.title }}"
      - run: echo ${{ matrix.nope }}
""", encoding="utf-8")
    out = subprocess.run([tool("actionlint"), str(bad)], capture_output=True, text=True, env=lint_env())
    assert out.returncode == 1
    for expected in ('unexpected key "step"', "potentially untrusted", 'property "nope" is not defined'):
        assert expected in out.stdout, out.stdout


# --- what the workflows do ----------------------------------------------------------------------

def test_ci_runs_make_test_on_every_pull_request_and_push_with_python_3_11():
    ci = load(GITHUB / "workflows" / "ci.yml")
    assert {"pull_request", "push"} <= set(ci["on"])
    assert [s["with"]["python-version"] for s in uses(ci, "actions/setup-python")] == ["3.11"]
    targets = {t for s in steps(ci) if "run" in s for m in re.finditer(r"\bmake((?: [a-z][\w-]*)+)", s["run"])
               for t in m[1].split()}
    assert {"build", "test"} <= targets, "CI must build the site strictly and run every test"
    assert len(uses(ci, "actions/checkout")) == 1


def test_ci_marks_data_problems_on_the_changed_lines():
    ci = load(GITHUB / "workflows" / "ci.yml")
    runs = [s["run"] for s in steps(ci) if "run" in s]
    checks = [i for i, r in enumerate(runs) if re.search(r"kb check --format github\b", r)]
    builds = [i for i, r in enumerate(runs) if re.search(r"\bmake build\b", r)]
    assert checks and builds and checks[0] < builds[0], "CI must annotate data problems before it builds"


def test_ci_keeps_the_built_site():
    ci = load(GITHUB / "workflows" / "ci.yml")
    [upload] = uses(ci, "actions/upload-artifact")
    assert upload["with"]["path"].rstrip("/") == "site"
    assert upload["with"]["if-no-files-found"] == "error"


def test_pages_publishes_main_with_the_official_pages_actions():
    pages = load(GITHUB / "workflows" / "pages.yml")
    assert pages["on"]["push"]["branches"] == ["main"]
    assert "pull_request" not in pages["on"]
    runs = [s["run"] for s in steps(pages) if "run" in s]
    assert any(re.match(r"make build\b", r) for r in runs), runs
    [upload] = uses(pages, "actions/upload-pages-artifact")
    assert upload["with"]["path"].rstrip("/") == "site"
    deploy = pages["jobs"]["deploy"]
    assert deploy["needs"] == "build"
    assert deploy["permissions"] == {"pages": "write", "id-token": "write"}
    assert deploy["environment"]["name"] == "github-pages"
    assert [s["uses"].split("@")[0] for s in deploy["steps"]] == ["actions/deploy-pages"]
    assert pages["permissions"] == {"contents": "read"}, "only the deploy job may write"


@pytest.mark.parametrize("workflow", WORKFLOWS, ids=[w.name for w in WORKFLOWS])
def test_every_action_is_pinned_to_a_full_version(workflow):
    used = [s["uses"] for s in steps(load(workflow)) if "uses" in s]
    assert used
    loose = [u for u in used if not FULL_VERSION.match(u)]
    assert loose == [], f"pin to a full version such as @v1.2.3: {loose}"
    assert all(u.startswith("actions/") for u in used), "only GitHub's own actions are used"


def test_make_targets_the_workflows_call_exist():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = set(re.findall(r"^([a-z][\w-]*):", makefile, re.M))
    called = {t for w in WORKFLOWS for s in steps(load(w)) if "run" in s
              for m in re.finditer(r"\bmake((?: [a-z][\w-]*)+)", s["run"]) for t in m[1].split()}
    assert called and called <= targets, f"Makefile lacks {sorted(called - targets)}"


# --- pre-commit ---------------------------------------------------------------------------------------

PRE_COMMIT = ROOT / ".pre-commit-config.yaml"


def test_pre_commit_config_is_valid():
    out = subprocess.run([tool("pre-commit"), "validate-config", str(PRE_COMMIT)], capture_output=True, text=True,
                         cwd=ROOT, env=dict(os.environ, PRE_COMMIT_HOME=str(ROOT / ".pytest_cache" / "pre-commit")))
    assert out.returncode == 0, out.stdout + out.stderr


def test_pre_commit_hooks_are_local_and_download_nothing():
    config = yaml.safe_load(PRE_COMMIT.read_text(encoding="utf-8"))
    hooks = [h for repo in config["repos"] for h in repo["hooks"]]
    assert [repo["repo"] for repo in config["repos"]] == ["local"]
    assert {h["language"] for h in hooks} <= {"system", "pygrep", "fail"}
    ids = {h["id"] for h in hooks}
    assert {"kb-check", "ruff", "actionlint"} <= ids
    for h in hooks:
        if h["language"] == "system":
            program = h["entry"].split()[0]
            assert program.startswith(".venv/bin/"), f"{h['id']} should call a tool in .venv: {program}"
            assert (ROOT / program).is_file() or (BIN / Path(program).name).is_file(), f"{program} is not installed"


# --- issue and pull request templates -------------------------------------------------------------------

FORMS = sorted(p for p in (GITHUB / "ISSUE_TEMPLATE").glob("*.yml") if p.name != "config.yml")
FIELD_TYPES = {"markdown", "input", "textarea", "dropdown", "checkboxes"}


def bilingual(text: str) -> bool:
    return " / " in text and bool(CJK.search(text)) and bool(re.search(r"[A-Za-z]{3}", text))


@pytest.mark.parametrize("form", FORMS, ids=[f.name for f in FORMS])
def test_issue_form_is_well_formed_and_bilingual(form):
    data = yaml.safe_load(form.read_text(encoding="utf-8"))
    assert set(data) <= {"name", "description", "title", "labels", "assignees", "body", "projects", "type"}
    assert bilingual(data["name"]) and bilingual(data["description"])
    ids = []
    for element in data["body"]:
        assert element["type"] in FIELD_TYPES
        if element["type"] == "markdown":
            assert CJK.search(element["attributes"]["value"])
            continue
        ids.append(element["id"])
        assert re.fullmatch(r"[a-z][a-z0-9-]*", element["id"])
        assert bilingual(element["attributes"]["label"]), element["attributes"]["label"]
        for option in element["attributes"].get("options", []):
            assert bilingual(option["label"] if isinstance(option, dict) else option)
    assert len(ids) == len(set(ids)) > 0


def test_wrong_figure_form_asks_for_what_a_correction_needs():
    form = yaml.safe_load((GITHUB / "ISSUE_TEMPLATE" / "wrong-figure.yml").read_text(encoding="utf-8"))
    required = {e["id"] for e in form["body"] if e.get("validations", {}).get("required")}
    assert {"figure-shown", "page-url", "right-value", "source", "quote"} <= required


def test_propose_claim_form_asks_for_source_and_quote():
    form = yaml.safe_load((GITHUB / "ISSUE_TEMPLATE" / "propose-claim.yml").read_text(encoding="utf-8"))
    required = {e["id"] for e in form["body"] if e.get("validations", {}).get("required")}
    assert {"statement", "source", "quote"} <= required


def test_issue_chooser_config():
    config = yaml.safe_load((GITHUB / "ISSUE_TEMPLATE" / "config.yml").read_text(encoding="utf-8"))
    assert isinstance(config["blank_issues_enabled"], bool)
    for link in config.get("contact_links", []):
        assert set(link) == {"name", "url", "about"}


def test_pull_request_template_is_bilingual_and_asks_for_kb_check():
    text = (GITHUB / "PULL_REQUEST_TEMPLATE.md").read_text(encoding="utf-8")
    items = re.findall(r"^- \[ \] (.+)$", text, re.M)
    assert items and all(bilingual(i) for i in items), items
    assert "kb check" in text


# --- what a pull request can and cannot do in CI (SECURITY.md) ------------------------------------------

def test_untrusted_pull_requests_get_no_secrets_and_a_read_only_token():
    for path in WORKFLOWS:
        workflow = load(path)
        assert "pull_request_target" not in workflow["on"] and "workflow_run" not in workflow["on"], path.name
        assert workflow["permissions"] == {"contents": "read"}, path.name
        for name, job in workflow["jobs"].items():
            granted = job.get("permissions", workflow["permissions"])
            writes = {scope for scope, level in granted.items() if level == "write"}
            assert not writes or (path.name == "pages.yml" and name == "deploy"), f"{path.name}: {name} may write {writes}"
        for step in uses(workflow, "actions/checkout"):
            assert step["with"]["persist-credentials"] is False, path.name
        text = path.read_text(encoding="utf-8")
        assert "secrets." not in text, f"{path.name} hands a secret to a job that runs contributors' code"


def test_only_a_green_run_keeps_its_site():
    ci = load(GITHUB / "workflows" / "ci.yml")
    [upload] = uses(ci, "actions/upload-artifact")
    condition = str(upload.get("if", "success()")).replace("${{", "").replace("}}", "").strip()
    assert condition == "success()", f"the site is kept even when the run failed: if: {condition}"
    steps_ = ci["jobs"]["test"]["steps"]
    build = next(i for i, s in enumerate(steps_) if re.search(r"\bmake build\b", s.get("run", "")))
    assert steps_.index(upload) > build and not steps_[build].get("continue-on-error"), "a failed build must fail the run"
    pages = load(GITHUB / "workflows" / "pages.yml")
    [publish] = uses(pages, "actions/upload-pages-artifact")
    assert "if" not in publish


def test_the_pull_request_summary_shows_what_contributors_wrote_as_text():
    """kb diff --format markdown (CI writes it into the run's summary): a text or an id, and a problem kb check
    reports, are shown as written, never as Markdown or HTML (CommonMark, as GitHub reads it)."""
    from markdown_it import MarkdownIt

    from kb.problems import Problem
    from sitebuild.diff import Report, Side, _md_code, _md_text, format_report

    hostile = "x` <img src=x onerror=alert(1)> ``` [link](javascript:alert(1)) **bold** ``\n# heading <script>"
    md = MarkdownIt("commonmark")
    for shown in (_md_code(hostile), _md_text(hostile), _md_code("`" + hostile + "`")):
        html = md.renderInline(shown)
        assert not re.search(r"<(?!/?code>)", html), html  # no element but the code span
        assert "javascript:" not in html or "href" not in html
    problem = Problem("claims/a.yml", 1, 1, "bad-id", f"the id {hostile} is not a lowercase slug", root="data/")
    report = format_report(Report(Side("abc1234", None, [problem]), Side("the working tree", None, [])), "markdown")
    html = md.render(report)
    assert "<h1" not in html and "<img" not in html and "<script" not in html and "<strong>" not in html, html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html


def test_security_md_describes_the_workflows_rules_and_limits_as_they_are():
    """SECURITY.md names every job with its permissions, only rules kb check has, and the limits the code sets."""
    from kb import files, yamlsrc
    from kb.problems import RULES

    text = (ROOT / "SECURITY.md").read_text(encoding="utf-8")
    for path in WORKFLOWS:
        workflow = load(path)
        for name, job in workflow["jobs"].items():
            row = next((ln for ln in text.splitlines() if f"`{path.name}`, job `{name}`" in ln), None)
            assert row, f"SECURITY.md does not describe {path.name}'s job {name}"
            for scope, level in job.get("permissions", workflow["permissions"]).items():
                assert f"`{scope}: {level}`" in row, f"{path.name} {name}: {scope}: {level}"
    rules = set(re.findall(r"`([a-z]{3,}(?:-[a-z0-9]+)+)`", text))  # what reads as a rule's name: `linked-file`
    assert len(rules) >= 20 and rules <= set(RULES), sorted(rules - set(RULES))
    for limit in (yamlsrc.MAX_BYTES, yamlsrc.MAX_RECORDS, files.MAX_SNAPSHOT_BYTES):
        assert f"{limit:,}" in text, limit
    assert f"{yamlsrc.MAX_DEPTH} levels" in text
    for ref in ("SECURITY.md",):
        for doc in ("README.md", "CONTRIBUTING.md", "CONTRIBUTING.zh.md"):
            assert f"]({ref})" in (ROOT / doc).read_text(encoding="utf-8"), f"{doc} does not link {ref}"
