"""The site's own text face is the pinned font package's, byte for byte, and the stylesheet declares it.

The faces are copied into docs/assets/fonts so that building the site needs no npm; this keeps
the copies honest (see docs/assets/fonts/README.txt).
"""
from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FONTS = ROOT / "docs" / "assets" / "fonts"
PACKAGES = {"roboto-mono-": "@fontsource-variable/roboto-mono", "roboto-": "@fontsource-variable/roboto"}


def _package(name: str) -> str:
    return next(pkg for prefix, pkg in PACKAGES.items() if name.startswith(prefix))


def _faces() -> list[Path]:
    faces = sorted(FONTS.glob("*.woff2"))
    assert len(faces) == 3, faces
    return faces


@pytest.mark.parametrize("face", _faces(), ids=lambda p: p.name)
def test_each_face_is_the_pinned_packages_file(face):
    pkg = _package(face.name)
    pinned = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))["devDependencies"][pkg]
    installed = ROOT / "node_modules" / pkg
    if not installed.is_dir():
        pytest.fail(f"{pkg} is not installed: `make test` installs it with npm ci")
    assert json.loads((installed / "package.json").read_text(encoding="utf-8"))["version"] == pinned
    original = installed / "files" / face.name
    assert hashlib.sha256(face.read_bytes()).hexdigest() == hashlib.sha256(original.read_bytes()).hexdigest(), \
        f"{face.relative_to(ROOT)} differs from {pkg}@{pinned}'s files/{face.name}: copy it again"
    assert (installed / "LICENSE").read_text(encoding="utf-8") == \
        (FONTS / ("OFL-RobotoMono.txt" if "mono" in pkg else "OFL-Roboto.txt")).read_text(encoding="utf-8")


def test_the_stylesheet_declares_every_face_and_sets_the_text_in_it():
    css = (ROOT / "docs" / "assets" / "kb.css").read_text(encoding="utf-8")
    used = set(re.findall(r"url\(fonts/([\w.-]+\.woff2)\)", css))
    assert used == {p.name for p in _faces()}
    assert re.search(r'--md-text-font:\s*"Roboto Variable"', css)
    assert re.search(r'--md-code-font:\s*"Roboto Mono Variable"', css)
    assert "@import" not in css and "//fonts." not in css  # nothing from elsewhere
