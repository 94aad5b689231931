"""The renderers' fast paths give exactly what the straightforward code gave.

Relative links, escaping and number formatting run for every figure, badge and
name on every page, so they were rewritten for speed (see BENCHMARKS.md); these
properties pin them to the plain versions they replaced.
"""
from __future__ import annotations

import posixpath
import re
from decimal import Decimal

from hypothesis import given, strategies as st

from babel.numbers import format_decimal
from render import format as fmt
from render.text import escape
from render.urls import relative

segment = st.sampled_from(["claims", "zh", "x", "tiers", "a", "b-c"])
url = st.builds(lambda parts, end: "/".join(parts) + end, st.lists(segment, max_size=4),
                st.sampled_from(["/", "", ".html"])).map(lambda u: "" if u in ("/", ".html") else u)


def plain_relative(from_url: str, to_url: str) -> str:
    base = posixpath.join("/", from_url)
    if not base.endswith("/"):
        base = posixpath.dirname(base) + "/"
    rel = posixpath.relpath(posixpath.join("/", to_url), base)
    if to_url.endswith("/") or to_url == "":
        rel = rel.rstrip("/") + "/"
    return rel


@given(url, url)
def test_relative_link_is_what_posixpath_gives(a, b):
    assert relative(a, b) == plain_relative(a, b)


def test_relative_link_examples():
    assert relative("claims/x/", "tiers/y/") == "../../tiers/y/"
    assert relative("zh/claims/x/", "zh/claims/") == "../"
    assert relative("", "") == "./"
    assert relative("claims/x/", "claims/x/") == "./"
    assert relative("404.html", "assets/kb.css") == "assets/kb.css"


_SPECIAL = re.compile(r"[\\`*_\[\]()\{\}#!|~^=+:<>&\"'$%@]")


def plain_escape(text: str) -> str:
    text = re.sub(r"\s*\n\s*", " ", str(text))
    return _SPECIAL.sub(lambda m: f"&#{ord(m.group(0))};", text)


@given(st.text(alphabet=st.sampled_from(list("ab 中\n\t\r\u2028\\`*_[](){}#!|~^=+:<>&\"'$%@;.-")), max_size=40))
def test_escape_is_what_the_regular_expression_gave(text):
    assert escape(text) == plain_escape(text)


@given(st.decimals(min_value=Decimal("-100000"), max_value=Decimal("100000"), places=2, allow_nan=False),
       st.sampled_from(["en", "zh"]))
def test_number_keeps_its_stated_decimals_once_remembered(value, lang):
    wider = Decimal(f"{value:.3f}")  # equal to value, one more decimal stated
    for v in (value, wider, value):
        places = fmt.decimals(v)
        pattern = "#,##0" + ("." + "0" * places if places else "")
        assert fmt.number(v, lang) == format_decimal(v, format=pattern, locale=fmt.LOCALES[lang])
