"""What a change does to the evidence base: ``kb diff BASE [HEAD]``.

Both sides are read from git (``git archive`` of ``data/`` and ``docs/`` at a commit, into a
temporary folder; HEAD defaults to the working tree) and opened with the engine, so the
report speaks of records, figures and pages rather than of YAML lines:

* records added, changed field by field (old -> new, a claim's figure as readers see it,
  ``85,448 -> 85,449 tok/s/kW``), removed (and whether a redirect keeps their address),
  retracted or superseded;
* derived figures and verdicts that change, with the inputs that changed under them;
* conflicts touched: added, removed, edited, or holding a claim that changed;
* sources added;
* the pages in each language whose figures change.  Every generated page (one per record
  and retired id, :mod:`render.pages`) and every written page (``docs/<lang>/``, its macros
  run by the site's own ``macros/main.py``) is rendered for both sides, and a page is listed
  when the figures it shows differ: the ``<data>`` elements (figures, counts, dates), the
  marks beside them (tier, verdict, dispute, status), and the claims it lists.  Both sides are rendered by the code
  of the working tree, so a change to the renderers themselves is not what this reports;
  and prose that changes without a figure, the downloads and the search index are not
  compared.
"""
from __future__ import annotations

import contextlib
import importlib.util
import io
import os
import re
import subprocess
import tarfile
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Optional

from kb.base import KnowledgeBase
from kb.kinds import KINDS, retirable
from kb.languages import LANGUAGES

LANGS = tuple(LANGUAGES)  # every site language (kb.languages)
ARROW = "→"
# kind folder -> what the report calls it
KIND_NAMES = {k.data: k.nouns for k in KINDS.values()}
RETIRABLE = {k.data for k in retirable()}  # the kinds whose published address a redirect keeps
INACTIVE = ("superseded", "retracted")
# What a page shows of the figures: each figure, count and date, each mark beside one, and each element that
# stands for a claim (an item of a list of claims, a row of a table), so that a claim listed or no longer
# listed counts even when it has no figure.
_FIGURE = re.compile(r'<data\b[^>]*>.*?</data>|<time\b[^>]*>.*?</time>|<span class="kb-marker"[^>]*>'
                     r'|<[a-z]+\b[^>]*\bdata-claim="[^"]*"[^>]*>', re.S)


class DiffError(Exception):
    """A side cannot be read: an unknown revision, or a folder that is not there."""


# --- reading the two sides --------------------------------------------------------------

def _git(repo: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "-C", str(repo), *args], capture_output=True)


def repo_root(start: Path) -> Path:
    out = _git(start, "rev-parse", "--show-toplevel")
    if out.returncode != 0:
        raise DiffError(f"{start} is not in a git repository")
    return Path(out.stdout.decode().strip())


def short(repo: Path, rev: str) -> str:
    out = _git(repo, "rev-parse", "--short", "--verify", "--quiet", rev + "^{commit}")
    if out.returncode != 0:
        raise DiffError(f"{rev!r} is not a commit of {repo}")
    return out.stdout.decode().strip()


def checkout(repo: Path, rev: str, dest: Path, folders=("data", "docs")) -> Path:
    """Write the folders as they are at ``rev`` under ``dest``; return ``dest``."""
    short(repo, rev)
    for folder in folders:
        out = _git(repo, "archive", "--format=tar", rev, "--", folder)
        if out.returncode != 0:
            if folder == folders[0]:
                raise DiffError(f"{rev} has no {folder}/: {out.stderr.decode().strip()}")
            continue
        with tarfile.open(fileobj=io.BytesIO(out.stdout)) as tar:
            members = tar.getmembers()
            files = [m for m in members if not (m.issym() or m.islnk())]
            try:
                tar.extractall(dest, members=files, filter="data")
            except TypeError:  # Python before 3.11.4 has no filters; git archive writes no links out of dest
                tar.extractall(dest, members=files)
        # A link a commit holds (git can) is made again as the link it is, after every file, so that nothing is
        # written or read through it: kb.files refuses it by name, as it refuses one in the working tree.
        root = os.path.realpath(dest)
        for m in members:
            path = os.path.join(root, m.name)
            if m.issym() and os.path.commonpath([root, os.path.realpath(os.path.dirname(path))]) == root \
                    and not os.path.lexists(path):
                os.makedirs(os.path.dirname(path), exist_ok=True)
                os.symlink(m.linkname, path)
    return dest


# --- what readers see -------------------------------------------------------------------

def _ctx(kb, lang: str, url: str = ""):
    from render.context import Ctx

    return Ctx(kb, lang, url)


def figure(kb, cid: str, lang: str = "en") -> str:
    """A claim's figure as its page shows it, with its unit (no-break spaces as plain ones)."""
    from kb import display

    return display.figure_text(kb, cid, lang).replace("\xa0", " ")


def computed(kb, cid: str, lang: str = "en") -> Optional[str]:
    """The interval a derivation computes, as the derivation details show it, with the unit."""
    from kb import display

    chk = kb.checks.get(cid)
    if chk is None or chk.computed is None:
        return None
    return display.with_unit(display.computed_text(chk.computed.lo, chk.computed.hi, lang), kb.unit_of(cid), lang, " ")


def verdict(kb, cid: str) -> Optional[str]:
    from render import figures

    return figures.verdict(_ctx(kb, "en"), cid)


def change_text(old: Optional[str], new: Optional[str]) -> str:
    """``old -> new``, the unit said once when both sides share it (``85,448 -> 85,449 tok/s/kW``)."""
    if old is None or new is None:
        return f"{old or '—'} {ARROW} {new or '—'}"
    a, b = old.rsplit(" ", 1), new.rsplit(" ", 1)
    if len(a) == len(b) == 2 and a[1] == b[1] and not re.search(r"\d", a[1]):
        return f"{a[0]} {ARROW} {new}"
    return f"{old} {ARROW} {new}"


def _flatten(value, path: str = "") -> dict[str, object]:
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            out.update(_flatten(v, f"{path}.{k}" if path else k))
        return out
    if isinstance(value, list) and any(isinstance(v, (dict, list)) for v in value):
        out = {}
        for i, v in enumerate(value):
            out.update(_flatten(v, f"{path}[{i}]"))
        return out
    return {path: value}


def _scalar(v) -> str:
    if v is None:
        return "—"
    if isinstance(v, list):
        return "[" + ", ".join(_scalar(x) for x in v) + "]"
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def _texts(old: str, new: str, width: int = 60) -> tuple[str, str]:
    """Two long texts cut to where they differ."""
    if len(old) <= width and len(new) <= width:
        return old, new
    p = 0
    while p < min(len(old), len(new)) and old[p] == new[p]:
        p += 1
    start = max(0, p - 20)

    def cut(s):
        piece = s[start:start + width]
        return ("…" if start else "") + piece + ("…" if start + width < len(s) else "")

    return cut(old), cut(new)


# --- the report --------------------------------------------------------------------------

@dataclass
class Side:
    label: str
    kb: Optional[KnowledgeBase]
    problems: list = field(default_factory=list)
    pages: dict = field(default_factory=dict)  # (lang, url) -> figures shown
    unrendered: dict = field(default_factory=dict)  # (lang, url) -> why


@dataclass
class Report:
    base: Side
    head: Side
    added: dict = field(default_factory=dict)  # kind -> [id]
    removed: dict = field(default_factory=dict)  # kind -> [(id, redirect to or None)]
    changed: dict = field(default_factory=dict)  # kind -> [(id, [(field, old, new)])]
    retired: list = field(default_factory=list)  # [(id, status, successor)]
    derived: list = field(default_factory=list)  # [(id, figure change or None, verdict change or None, [inputs])]
    conflicts: list = field(default_factory=list)  # [(id, why)]
    sources_added: list = field(default_factory=list)  # [(id, name)]
    pages: dict = field(default_factory=dict)  # lang -> {"changed": [...], "added": [...], "removed": [...]}

    @property
    def empty(self) -> bool:
        return not (self.added or self.removed or self.changed or self.derived or any(
            v for p in self.pages.values() for v in p.values()))


def _field_changes(kb_a, kb_b, kind: str, ident: str) -> list[tuple[str, str, str]]:
    a = getattr(kb_a, kind)[ident].model_dump()
    b = getattr(kb_b, kind)[ident].model_dump()
    fa, fb = _flatten(a), _flatten(b)
    out = []
    for path in list(dict.fromkeys([*fa, *fb])):
        va, vb = fa.get(path), fb.get(path)
        if va == vb and type(va) is type(vb) and str(va) == str(vb):
            continue
        if kind == "claims" and path == "value":
            out.append((path, figure(kb_a, ident), figure(kb_b, ident)))
            continue
        sa, sb = _scalar(va), _scalar(vb)
        if isinstance(va, str) and isinstance(vb, str):
            sa, sb = _texts(sa, sb)
        out.append((path, sa, sb))
    return out


def _derivation_order(kb) -> list[str]:
    """Every claim, each derived one after the claims it is derived from (kb check has ruled out cycles)."""
    done: dict[str, None] = {}

    def visit(cid):
        if cid in done or cid not in kb.claims:
            return
        d = kb.claims[cid].derivation
        for i in (d.inputs if d else []):
            visit(i)
        done[cid] = None

    for cid in kb.claims:
        visit(cid)
    return list(done)


def compare(base: Side, head: Side) -> Report:
    a, b = base.kb, head.kb
    rep = Report(base, head)
    for kind in KIND_NAMES:
        ra, rb = getattr(a, kind), getattr(b, kind)
        added = [i for i in rb if i not in ra]
        removed = [(i, b.redirects[i].to if i in b.redirects else None) for i in ra if i not in rb]
        changed = [(i, ch) for i in rb if i in ra for ch in [_field_changes(a, b, kind, i)] if ch]
        if added:
            rep.added[kind] = added
        if removed:
            rep.removed[kind] = removed
        if changed:
            rep.changed[kind] = changed
    for cid in rep.added.get("claims", []):
        if b.claims[cid].status in INACTIVE:
            rep.retired.append((cid, b.claims[cid].status, b.claims[cid].successor))
    for cid, _ in rep.changed.get("claims", []):
        c = b.claims[cid]
        if c.status in INACTIVE and a.claims[cid].status != c.status:
            rep.retired.append((cid, c.status, c.successor))
    figure_changed = {cid for cid in b.claims if cid in a.claims
                      and any(figure(a, cid, lang) != figure(b, cid, lang) for lang in LANGS)}
    moved_derived: set[str] = set()
    for cid in _derivation_order(b):
        if cid not in a.claims or (a.checks.get(cid) is None and b.checks.get(cid) is None):
            continue
        fig = (computed(a, cid), computed(b, cid))
        ver = (verdict(a, cid), verdict(b, cid))
        exact = [(k.computed.lo, k.computed.hi) if k and k.computed else None for k in (a.checks.get(cid), b.checks.get(cid))]
        if exact[0] != exact[1] or ver[0] != ver[1]:
            inputs = b.claims[cid].derivation.inputs if b.claims[cid].derivation else []
            moved = [i for i in inputs if i in figure_changed or i not in a.claims or i in moved_derived]
            moved_derived.add(cid)
            rep.derived.append((cid, fig, ver if ver[0] != ver[1] else None, moved))
    touched_claims = (set(rep.added.get("claims", [])) | {i for i, _ in rep.removed.get("claims", [])}
                      | {i for i, _ in rep.changed.get("claims", [])} | {d[0] for d in rep.derived})
    for xid in rep.added.get("conflicts", []):
        rep.conflicts.append((xid, "added"))
    for xid, _ in rep.removed.get("conflicts", []):
        rep.conflicts.append((xid, "removed"))
    for xid, _ in rep.changed.get("conflicts", []):
        rep.conflicts.append((xid, "edited"))
    seen = {x for x, _ in rep.conflicts}
    for kb in (b, a):
        for xid, x in kb.conflicts.items():
            hit = sorted({cid for s in x.sides for cid in s.claims} & touched_claims)
            if xid not in seen and hit:
                seen.add(xid)
                rep.conflicts.append((xid, "holds a claim that changed: " + ", ".join(hit)))
    rep.sources_added = [(sid, b.sources[sid].name.en) for sid in rep.added.get("sources", [])]
    for lang in LANGS:
        pa = {u: f for (lg, u), f in base.pages.items() if lg == lang}
        pb = {u: f for (lg, u), f in head.pages.items() if lg == lang}
        rep.pages[lang] = {
            "changed": sorted(u for u in pb if u in pa and pa[u] != pb[u]),
            "added": sorted(u for u in pb if u not in pa),
            "removed": sorted(u for u in pa if u not in pb),
            "unrendered": sorted(f"{u} ({why})" for (lg, u), why in {**base.unrendered, **head.unrendered}.items()
                                 if lg == lang),
        }
    return rep


# --- rendering every page of one side ----------------------------------------------------

class _MacroEnv:
    """What the site's macros (macros/main.py ``define_env``) read of mkdocs-macros' env."""

    def __init__(self, root: Path):
        self.macros: dict = {}
        self.filters: dict = {}
        self.variables: dict = {}
        self.conf = SimpleNamespace(config_file_path=str(root / "mkdocs.yml"),
                                    plugins={"i18n": SimpleNamespace(current_language="en")})
        self.page = None

    def macro(self, fn, name=None):
        self.macros[name or fn.__name__] = fn
        return fn

    def filter(self, fn, name=None):
        self.filters[name or fn.__name__] = fn
        return fn


def _site_macros() -> Optional[Path]:
    import render

    path = Path(render.__file__).resolve().parents[2] / "macros" / "main.py"  # src/render/ -> the checkout
    return path if path.is_file() else None


@contextlib.contextmanager
def _data_dir_env(data: Path):
    before = os.environ.get("KB_DATA_DIR")
    os.environ["KB_DATA_DIR"] = str(data)
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("KB_DATA_DIR", None)
        else:
            os.environ["KB_DATA_DIR"] = before


def written_url(rel: str, lang: str) -> str:
    """'benchmarks.md' -> 'benchmarks/', 'index.md' -> '', 'claims/index.md' -> 'claims/' (in the language)."""
    from kb import paths

    return paths.written_path(rel, lang)


def render_pages(side: Side, root: Path) -> None:
    """Fill ``side.pages`` with the figures each page shows, for every generated and written page."""
    from render import citing, pages, urls

    kb = side.kb
    before = citing.SETTINGS
    citing.configure(before.site_url or "https://example.org/", before.version, before.site_names)
    try:
        for lang in LANGS:
            for kind, ident in pages.all_pages(kb):
                url = urls.page_url(kind, ident, lang)
                _, markdown = pages.body(_ctx(kb, lang, url), kind, ident)
                side.pages[(lang, "/" + url)] = tuple(_FIGURE.findall(markdown))
        main = _site_macros()
        docs = root / "docs"
        if main is None or not docs.is_dir():
            return
        import jinja2

        spec = importlib.util.spec_from_file_location("kb_site_macros", main)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        env = _MacroEnv(root)
        with _data_dir_env(kb.data_dir):
            module.define_env(env)
            templates = jinja2.Environment()
            templates.filters.update(env.filters)
            for lang in LANGS:
                env.conf.plugins["i18n"].current_language = lang
                written = docs / LANGUAGES[lang].source  # a converted language's pages are its source's
                for path in sorted(written.rglob("*.md")):
                    rel = path.relative_to(written).as_posix()
                    url = written_url(rel, lang)
                    env.page = SimpleNamespace(url=url, title="", meta={},
                                               file=SimpleNamespace(src_uri=f"{lang}/{rel}", locale_alternate_of=None))
                    try:
                        html = templates.from_string(path.read_text(encoding="utf-8")).render(**env.macros)
                    except Exception as exc:  # a page this side cannot render is reported, not fatal
                        side.unrendered[(lang, "/" + url)] = f"{type(exc).__name__}: {exc}"[:200]
                        continue
                    side.pages[(lang, "/" + url)] = tuple(_FIGURE.findall(html))
    finally:
        citing.SETTINGS = before


def open_side(label: str, root: Path, data: str) -> Side:
    from kb.problems import DataError

    try:
        kb = KnowledgeBase.open(root / data)
    except DataError as exc:
        return Side(label, None, exc.problems)
    side = Side(label, kb)
    render_pages(side, root)
    return side


# A commit's side, once read and rendered, for the rest of the process: a commit never changes, and a program that
# compares several versions against one commit (the tests) renders that commit's pages once.
_COMMITTED: dict[tuple[str, str, str], Side] = {}


def _commit_side(repo: Path, rev: str, data: str, dest: Path) -> Side:
    out = _git(repo, "rev-parse", "--verify", "--quiet", rev + "^{commit}")
    key = (str(repo), out.stdout.decode().strip(), data)
    if out.returncode != 0 or key not in _COMMITTED:
        root = checkout(repo, rev, dest, (data, "docs"))
        _COMMITTED[key] = open_side(short(repo, rev), root, data)
    return _COMMITTED[key]


def diff(repo: Path, base: str, head: Optional[str] = None, data: str = "data") -> Report:
    """Compare the fact base at commit ``base`` with the one at ``head`` (None: the working tree)."""
    repo = repo_root(repo)
    with tempfile.TemporaryDirectory(prefix="kb-diff-") as tmp:
        tmp = Path(tmp)
        a = _commit_side(repo, base, data, tmp / "base")
        if head is None:
            b = open_side("the working tree", repo, data)
        else:
            b = _commit_side(repo, head, data, tmp / "head")
        if a.kb is None or b.kb is None:
            return Report(a, b)
        return compare(a, b)


# --- writing it out -----------------------------------------------------------------------

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]<>()#+!|~])")


def _md_text(s: str) -> str:
    """Contributor-written text for a Markdown summary: shown as written, never as markup."""
    return _MD_SPECIAL.sub(r"\\\1", s.replace("&", "&amp;")).replace("\n", " ")


def _md_code(s: str) -> str:
    """Text as a Markdown code span, whatever backticks it holds: fenced by one backtick more than its longest run
    of them, so that nothing in it (an id, a problem kb check found, which quotes what a contributor wrote) can
    close the span early and be read as markup."""
    s = s.replace("\r", " ").replace("\n", " ")
    fence = "`" * (max((len(run) for run in re.findall(r"`+", s)), default=0) + 1)
    pad = " " if s.startswith("`") or s.endswith("`") or (s.startswith(" ") and s.endswith(" ")) else ""
    return f"{fence}{pad}{s}{pad}{fence}"


def _lines(rep: Report, md: bool) -> list[str]:
    from render import labels

    def code(s):
        return _md_code(s) if md else s

    def text(s):
        return _md_text(s) if md else s.replace("\n", " ")

    def change(old, new):
        return text(change_text(old, new))

    def head(title, n=None):
        text = f"{title} ({n})" if n is not None else title
        return ["", f"### {text}", ""] if md else ["", text]

    def item(text, depth=0):
        return ("  " * depth + "- " + text) if md else ("  " * (depth + 1) + text)

    out = [f"## kb diff: {rep.base.label} {ARROW} {rep.head.label}" if md
           else f"kb diff: {rep.base.label} {ARROW} {rep.head.label}"]
    for side in (rep.base, rep.head):
        if side.kb is None:
            out += head(f"{side.label} does not pass kb check", len(side.problems))
            out += [item(code(str(p))) for p in side.problems[:20]]
    if rep.base.kb is None or rep.head.kb is None:
        return out
    b = rep.head.kb
    if rep.empty:
        return out + ["", "No record, figure or page changes."]

    added = rep.added.get("claims", [])
    if added:
        out += head("Claims added", len(added))
        for cid in added:
            c = b.claims[cid]
            said = c.statement.en.replace("{value}", figure(b, cid))
            said = said if len(said) <= 100 else said[:99] + "…"
            status = f" ({c.status})" if c.status != "reported" else ""
            out.append(item(f"{code(cid)}{status}: {text(figure(b, cid))}, {text(chr(8220) + said + chr(8221))}"))
    changed = rep.changed.get("claims", [])
    if changed:
        out += head("Claims changed", len(changed))
        for cid, fields in changed:
            out.append(item(code(cid)))
            for path, old, new in fields:
                out.append(item(f"{code(path)}: {change(old, new)}", 1))
    if rep.retired:
        out += head("Claims retracted or superseded", len(rep.retired))
        for cid, status, successor in rep.retired:
            out.append(item(f"{code(cid)}: {status}" + (f", replaced by {code(successor)}" if successor else "")))
    if rep.derived:
        out += head("Derived figures and verdicts that change", len(rep.derived))
        for cid, fig, ver, inputs in rep.derived:
            parts = []
            if fig[0] != fig[1]:
                parts.append(f"computed {change(*fig)}")
            elif fig[0] is not None:
                parts.append(f"computed {text(fig[0])}, the same once rounded as shown")
            if ver:
                parts.append(f"verdict {change(*ver)}")
            why = f" (input changed: {', '.join(code(i) for i in inputs)})" if inputs else ""
            out.append(item(f"{code(cid)}: {'; '.join(parts)}{why}"))
    if rep.conflicts:
        out += head("Conflicts touched", len(rep.conflicts))
        out += [item(f"{code(xid)}: {why}") for xid, why in rep.conflicts]
    if rep.sources_added:
        out += head("Sources added", len(rep.sources_added))
        out += [item(f"{code(sid)}: {text(name)}") for sid, name in rep.sources_added]
    removed = [(kind, i, to) for kind, rows in rep.removed.items() for i, to in rows]
    if removed:
        out += head("Records removed", len(removed))
        for kind, i, to in removed:
            keep = (f"its address keeps a page leading to {code(to)}" if to else
                    "no redirect: its published address will lead nowhere (add it to data/redirects.yml)"
                    if kind in RETIRABLE else "")
            out.append(item(f"{code(i)} ({KIND_NAMES[kind]})" + (f": {keep}" if keep else "")))
    others = [(kind, i) for kind, ids in rep.added.items() if kind not in ("claims", "sources") for i in ids]
    if others:
        out += head("Other records added", len(others))
        out += [item(f"{code(i)} ({KIND_NAMES[kind]})") for kind, i in others]
    edited = [(kind, i, f) for kind, rows in rep.changed.items() if kind != "claims" for i, f in rows]
    if edited:
        out += head("Other records changed", len(edited))
        for kind, i, fields in edited:
            out.append(item(f"{code(i)} ({KIND_NAMES[kind]})"))
            out += [item(f"{code(path)}: {change(old, new)}", 1) for path, old, new in fields]
    out += head("Pages whose figures change")
    for lang in LANGS:
        p = rep.pages.get(lang, {})
        label = labels.t("lang." + LANGUAGES[lang].tag, "en")
        out.append(item(f"{label}: {len(p.get('changed', []))} changed, {len(p.get('added', []))} new, "
                        f"{len(p.get('removed', []))} gone"))
        for key, what in (("changed", "changed"), ("added", "new"), ("removed", "gone"),
                          ("unrendered", "could not be rendered")):
            if p.get(key):
                out.append(item(f"{what}: " + ", ".join(code(u) for u in p[key]), 1))
    note = ("Pages are compared by the figures they show (figures, counts, dates, the marks beside them, and the "
            "claims they list), both sides rendered by the working tree's code; prose, downloads and the search index "
            "are not compared.")
    out += ["", f"_{note}_" if md else note]
    return out


def format_report(rep: Report, fmt: str = "text") -> str:
    return "\n".join(_lines(rep, fmt == "markdown")) + "\n"
