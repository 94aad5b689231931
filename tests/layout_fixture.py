"""Every page's layout as read from its HTML (tests/integrity/layout.py), and the pages a browser must open.

The sweep (site_fixture.Site.sweep) reads each page once; :func:`layout_of` is its check for the layout, so the
analysis costs one pass over the site whatever else the sweep checks.  :func:`chosen` turns the findings into
the pages that tests/test_browser_layout.py opens in Chromium, in each language:

* the pages a reader sees most (the home page and the benchmark page) and the page for a missing address;
* for each template of generated pages (a claim, a source, a list of claims, ...) the pages at its extremes: the
  widest run that cannot wrap where it stands, the longest word in running text, the widest table, the longest
  heading, the most figure marks;
* the written pages as one family, with the same extremes, and then, one page at a time, the written page that
  brings the most class names no chosen page has, until every class name a written page uses is on a chosen page:
  each style the written pages use is met by the browser, which holds the model's reading of it to the real
  stylesheet (a written page's other content is read by the model, like every page's).

So what the browser costs grows with the templates, not with the pages.
"""
from __future__ import annotations

from site_fixture import Page, sweep_check

from integrity.layout import Layout, analyse

CRITERIA = ("token", "word", "table", "title", "marks")


@sweep_check("layout")
def layout_of(page: Page, site) -> Layout:
    return analyse(page.html, page.url, page.template, tree=page.tree)


def layouts(site) -> list[Layout]:
    return list(site.sweep["layout"].values())


FIXED = ("written:/", "written:benchmarks/", "404")  # the home page, the benchmark page, a missing address


def family(template: str) -> str:
    """The written pages are one family of pages for the choice; every generated template is its own."""
    return "written" if template.startswith("written:") else template


def chosen(found: list[Layout], lang: str) -> dict[str, list[str]]:
    """The pages of ``lang`` to open in a browser: {page url: why it was chosen}."""
    from integrity.langs import lang_of

    out: dict[str, list[str]] = {}
    mine = [f for f in found if lang_of(f.url) == lang]
    for f in mine:
        if f.template in FIXED:
            out.setdefault(f.url, []).append("a fixed page")
    for name in sorted({family(f.template) for f in mine} - {"404"}):
        pages = [f for f in mine if family(f.template) == name]
        for criterion in CRITERIA:
            best = max(pages, key=lambda f: (getattr(f, criterion).px, f.url))
            if getattr(best, criterion).px > 0:
                out.setdefault(best.url, []).append(f"{name}: {criterion}")
    written = [f for f in mine if family(f.template) == "written"]
    met = set().union(*(f.classes for f in mine if f.url in out))
    while True:
        best = max(written, key=lambda f: (len(f.classes - met), f.url), default=None)
        if best is None or not best.classes - met:
            break
        out.setdefault(best.url, []).append(f"written: {len(best.classes - met)} class names no other chosen page has")
        met |= best.classes
    return out
