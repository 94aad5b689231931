"""How the engine and the renderers (src/) import themselves: one way only (no circle), no private name across modules, and the
engine (kb) never reaching for the renderers (render).

Every import counts, at the top of a module or inside a function, and so does a private name read through an
imported module (``tables._split``).  The walker is tried on a planted package first, so a pass means something.
"""
from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"

# Known exceptions, each for a module that another change is rewriting; remove an entry when its module is done.
KB_IMPORTS_RENDER: set = set()
# The engine reaches the site's own tools in one place: `kb diff` (kb.cli) runs sitebuild.diff, which renders both
# sides' pages with the renderers, imported only when that command runs.
KB_IMPORTS_SITEBUILD = {"kb.cli"}
PRIVATE_ALLOWED: set = set()


def modules(root: Path) -> dict[str, Path]:
    """Dotted module name -> file, for every .py under root (a package's __init__ named by the package)."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        if parts:
            out[".".join(parts)] = path
    return out


def walk(root: Path):
    """(imports: module -> the modules of root it imports, private: (module, from module, name, line) for each
    private name one module takes from another)."""
    mods = modules(root)
    imports: dict[str, set[str]] = {}
    private: list[tuple[str, str, str, int]] = []
    for name, path in mods.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        seen: set[str] = set()
        bound: dict[str, str] = {}  # a local name bound to one of root's modules
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    if a.name in mods:
                        seen.add(a.name)
                        bound[a.asname or a.name.partition(".")[0]] = a.name if a.asname else a.name.partition(".")[0]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".") if package else []
                    base = base[:len(base) - node.level + 1] if node.level > 1 else base
                    base = ".".join(base + ([node.module] if node.module else []))
                else:
                    base = node.module or ""
                for a in node.names:
                    full = f"{base}.{a.name}" if base else a.name
                    if full in mods:
                        seen.add(full)
                        bound[a.asname or a.name] = full
                    elif base in mods:
                        seen.add(base)
                        if _private(a.name) and base != name:
                            private.append((name, base, a.name, node.lineno))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in bound
                    and _private(node.attr) and bound[node.value.id] != name):
                private.append((name, bound[node.value.id], node.attr, node.lineno))
        seen.discard(name)  # a module naming itself (sitebuild.preview run as __main__) is no circle
        imports[name] = seen
    return imports, private


def _private(attr: str) -> bool:
    return attr.startswith("_") and not attr.startswith("__")


def circles(imports: dict[str, set[str]]) -> list[list[str]]:
    """The import circles: each strongly connected set of more than one module (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(imports.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(imports):
        if v not in index:
            visit(v)
    return sorted(found)


def test_the_walker_finds_a_planted_circle_and_private_import(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from .b import shown\n")
    (pkg / "b.py").write_text("def shown():\n    from . import c\n    return c._hidden\n")
    (pkg / "c.py").write_text("_hidden = 1\n\ndef f():\n    from pkg.a import shown\n    from .d import _inner\n")
    (pkg / "d.py").write_text("_inner = 2\n")
    imports, private = walk(tmp_path)
    assert imports["pkg.a"] == {"pkg.b"} and imports["pkg.c"] == {"pkg.a", "pkg.d"}
    assert circles(imports) == [["pkg.a", "pkg.b", "pkg.c"]]
    assert {(m, f, n) for m, f, n, _ in private} == {("pkg.b", "pkg.c", "_hidden"), ("pkg.c", "pkg.d", "_inner")}


def _ours():
    imports, private = walk(SRC)
    names = [m for m in imports if m.startswith(("kb.", "render."))]
    assert len(names) > 40, names  # every module of kb and render is walked
    assert sum(len(v) for v in imports.values()) > 100
    return imports, private


def test_no_import_circle_in_the_engine_or_the_renderers():
    imports, _ = _ours()
    assert circles(imports) == []


def test_no_private_name_crosses_modules():
    _, private = _ours()
    crossing = [(m, f, n, line) for m, f, n, line in private if (m, f, n) not in PRIVATE_ALLOWED]
    assert crossing == []
    # each allowance is still needed: once its module no longer does it, the entry goes
    assert {(m, f, n) for m, f, n, _ in private} == PRIVATE_ALLOWED


def test_the_engine_never_imports_the_renderers():
    imports, _ = _ours()
    reaching = {m for m, targets in imports.items()
                if (m == "kb" or m.startswith("kb.")) and any(t == "render" or t.startswith("render.") for t in targets)}
    assert reaching == KB_IMPORTS_RENDER
    tools = {m for m, targets in imports.items()
             if (m == "kb" or m.startswith("kb.")) and any(t.startswith("sitebuild") for t in targets)}
    assert tools == KB_IMPORTS_SITEBUILD
    assert "kb.query" in imports and not any(t.startswith("render") for t in imports["kb.query"])


def test_what_is_published_reads_the_engine_and_never_the_renderers():
    """publish (the downloads and the citation formats) sits beside the renderers, on the engine: it writes no markup."""
    imports, _ = _ours()
    published = {m: t for m, t in imports.items() if m == "publish" or m.startswith("publish.")}
    assert {"publish.exports", "publish.formats", "publish.version"} <= set(published)
    assert [m for m, targets in published.items() if any(t == "render" or t.startswith("render.") for t in targets)] == []
    assert any(t.startswith("kb.") for t in published["publish.exports"])
