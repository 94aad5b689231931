"""Every page's layout as read from its HTML (tests/integrity/layout.py), and the pages a browser must open.

The sweep (site_fixture.Site.sweep) reads each page once; :func:`layout_of` is its check for the layout, so the
analysis costs one pass over the site whatever else the sweep checks.  :func:`chosen` turns the findings into
the pages that tests/test_browser_layout.py opens in Chromium: every written page (a fixed number, however many
records there are), the page for a missing address, and for each template of generated pages (a claim, a
source, a list of claims, ...) in each language the pages at its extremes: the widest run that cannot wrap
where it stands, the longest word in running text, the widest table, the longest heading, the most figure
marks.  So what the browser costs
grows with the templates, not with the pages.
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


def chosen(found: list[Layout], lang: str) -> dict[str, list[str]]:
    """The pages of ``lang`` to open in a browser: {page url: why it was chosen}."""
    from integrity.langs import lang_of

    out: dict[str, list[str]] = {}
    mine = [f for f in found if lang_of(f.url) == lang]
    for f in mine:
        if f.template.startswith("written:") or f.template == "404":
            out.setdefault(f.url, []).append("a fixed page")
    for template in sorted({f.template for f in mine} - {f.template for f in mine if f.url in out}):
        pages = [f for f in mine if f.template == template]
        for criterion in CRITERIA:
            best = max(pages, key=lambda f: (getattr(f, criterion).px, f.url))
            if getattr(best, criterion).px > 0:
                out.setdefault(best.url, []).append(f"{template}: {criterion}")
    return out
