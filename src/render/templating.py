"""The one Jinja environment every renderer draws its templates from (``src/render/templates/*.j2``).

Autoescaping is on, and every value a template prints goes through :func:`inert`: markup that is already
safe (anything with ``__html__``, such as :class:`markupsafe.Markup`) as it is, anything else escaped by
:func:`render.escaping.escape`, which also makes it inert for Markdown and for the macros' own Jinja
pass.  A name a template uses but is not given stops the build (``StrictUndefined``).  Templates are
compiled once per process.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import jinja2  # declared in pyproject.toml
from markupsafe import Markup  # declared in pyproject.toml

from render.escaping import escape

FOLDER = Path(__file__).parent / "templates"


def inert(value):
    """A value as a template shows it: markup as it is, anything else escaped (:func:`render.escaping.escape`)."""
    if type(value) is str:  # most values: tested first, as a failed hasattr costs an exception
        return Markup(escape(value))
    return value if hasattr(value, "__html__") else Markup(escape(value))


def _num(value: float) -> Markup:
    """A coordinate or length in an SVG: at most two decimals, no trailing zeros ('12.5', '3', '-0.25');
    a number is markup-safe."""
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    return Markup("0" if text == "-0" else text)


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    # auto_reload off: a template is read and compiled once per process, not checked on disk at each use
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(FOLDER), autoescape=True, auto_reload=False,
                             undefined=jinja2.StrictUndefined, finalize=inert)
    env.filters["num"] = _num
    return env


@lru_cache(maxsize=1)
def xml_environment() -> jinja2.Environment:
    """For an XML file the site serves as it is (a feed), read by no Markdown or Jinja after: markupsafe's escaping
    of & < > " ' is all XML needs."""
    return jinja2.Environment(loader=jinja2.FileSystemLoader(FOLDER), autoescape=True, auto_reload=False,
                              undefined=jinja2.StrictUndefined)


def render_xml(name: str, /, **values) -> str:
    """Template ``name`` filled with ``values``, each escaped for XML."""
    return xml_environment().get_template(name).render(**values)


def template(name: str) -> jinja2.Template:
    """The compiled template ``name`` (a file in ``src/render/templates``)."""
    return environment().get_template(name)


def render(name: str, /, **values) -> Markup:
    """Template ``name`` filled with ``values`` (a value may be called ``name`` too): markup, safe to place as it is."""
    return Markup(template(name).render(**values))
