"""Long lists of claims split into pages, so that no page grows with the fact base.

The index of claims (/claims/), an evidence tier's page (/tiers/<id>/) and an entity's page
(/entities/<id>/) each list claims.  A list of at most :data:`PAGE_SIZE` claims is shown whole, exactly as
before there were pages.  A longer one shows its first :data:`PAGE_SIZE` claims where it always was, and
the rest on pages of their own at stable addresses, the same in every language::

    /claims/page/2/, /claims/page/3/, ...              /zh/claims/page/2/, ...
    /tiers/<id>/page/2/, /entities/<id>/page/2/, ...

Each part of a split list says which claims it holds and of how many, with links to the previous and the
next part (``<nav class="kb-pager">``).  Those numbers are tied to the data (see render/figures.py)::

    <data value="501" data-count="listed:total:claims@CLAIM">501</data>

``listed:LIST@CLAIM`` is the place of CLAIM (1 for the first) among the claims that ``LIST`` counts
(``total:claims``, ``claims-in-tier:TIER``, ``claims-of-entity:ENTITY``), in the order the data records
them; the total is LIST itself.  The table's filter and sorting act on the part shown; search finds every
claim.

The page size is set here, once: ``KB_LISTING_PAGE_SIZE`` in the environment overrides it (the tests
build a small fact base with a small size to see the parts).

The markup is in ``templates/pager.html.j2`` and ``templates/list-part.html.j2``.
"""
from __future__ import annotations

import json
import os
import string

from markupsafe import Markup  # declared in pyproject.toml

from kb import paths, query

from . import format as fmt
from . import urls
from .figures import count_markup
from .tables import claim_table
from .templating import template
from .text import escape, inline

PAGE_SIZE = int(os.environ.get("KB_LISTING_PAGE_SIZE") or 500)

# what each kind of list counts, and the label of its parts' headings
COUNTS = {"claim": "total:claims", "tier": "claims-in-tier:{}", "entity": "claims-of-entity:{}"}


def page_size() -> int:
    return PAGE_SIZE


def claims_of(kb, kind: str, ident: str | None) -> list[str]:
    """The claims a list shows, in the order the data records them: every claim (the index, kind 'claim'),
    a tier's, an entity's."""
    if kind == "claim":
        return query.select(kb)
    if kind == "tier":
        return query.claims_of_tier(kb, ident)
    if kind == "entity":
        return query.claims_of_entity(kb, ident)
    raise KeyError(kind)


def parts(ids: list[str]) -> list[list[str]]:
    """The list cut into parts of :data:`PAGE_SIZE`; one part when it is no longer than that."""
    n = page_size()
    return [ids[i:i + n] for i in range(0, len(ids), n)] or [[]]


def part_url(kind: str, ident: str | None, n: int, lang: str) -> str:
    """Site-relative url of the n-th part of a list (1 is the list's own page)."""
    base = urls.page_url(kind, ident, lang)
    return base if n == 1 else f"{base}{paths.LIST_PARTS}/{n}/"


def part_src_uri(kind: str, ident: str | None, n: int, lang: str) -> str:
    """The virtual source path of a later part, inside the language's docs folder."""
    return f"{lang}/{part_url(kind, ident, n, urls.DEFAULT_LANG)}index.md"


def _what(kind: str, ident: str | None) -> str:
    return COUNTS[kind].format(ident)


def _range(ctx, kind: str, ident: str | None, ids: list[str], part: list[str], key: str, **extra) -> str:
    """'Claims 501–1,000 of 10,000' (label ``key``), each number tied to the data."""
    what = _what(kind, ident)
    first = count_markup(ctx, ids.index(part[0]) + 1, f"listed:{what}@{part[0]}")
    last = count_markup(ctx, ids.index(part[0]) + len(part), f"listed:{what}@{part[-1]}")
    total = count_markup(ctx, len(ids), what)
    return _fill(ctx.t(key), first=first, last=last, total=total, **extra)


def _fill(label: str, **markup) -> str:
    """A label's words escaped, its {fields} replaced by ready-made markup."""
    out = []
    for literal, name, _, _ in string.Formatter().parse(label):
        out.append(escape(literal))
        if name is not None:
            out.append(markup[name])
    return "".join(out)


def _plain_range(ctx, ids: list[str], part: list[str], key: str, **extra) -> str:
    """The same words as plain text (a page's <title>)."""
    start = ids.index(part[0]) + 1
    return ctx.t(key).format(first=fmt.integer(start, ctx.lang), last=fmt.integer(start + len(part) - 1, ctx.lang),
                             total=fmt.integer(len(ids), ctx.lang), **extra)


def pager(ctx, kind: str, ident: str | None, ids: list[str], n: int) -> str:
    """Which claims the n-th part holds, of how many, and links to the parts before and after it."""
    cut = parts(ids)
    prev = urls.relative(ctx.page_url, part_url(kind, ident, n - 1, ctx.lang)) if n > 1 else None
    after = urls.relative(ctx.page_url, part_url(kind, ident, n + 1, ctx.lang)) if n < len(cut) else None
    return template("pager.html.j2").render(
        label=ctx.t("pager.label"), words=Markup(_range(ctx, kind, ident, ids, cut[n - 1], "pager.range")),
        prev=prev, prev_text=ctx.t("pager.prev"), next=after, next_text=ctx.t("pager.next"))


def table(ctx, kind: str, ident: str | None, ids: list[str] | None = None, filterable=None) -> str:
    """A list of claims on its own page: the whole table while it fits one part; else its first part, with
    the pager above and below it."""
    ids = claims_of(ctx.kb, kind, ident) if ids is None else ids
    if len(ids) <= page_size():
        return claim_table(ctx, ids, filterable)
    nav = pager(ctx, kind, ident, ids, 1)
    return f"{nav}\n{claim_table(ctx, parts(ids)[0], filterable)}\n{nav}"


def _name(ctx, kind: str, ident: str | None) -> str:
    if kind == "claim":
        return ctx.t("kind.claims")
    return ctx.text((ctx.kb.tiers if kind == "tier" else ctx.kb.entities)[ident].name)


def later_parts(kb):
    """Every (kind, id, n) of a part after the first, of every list longer than :data:`PAGE_SIZE`."""
    lists = [("claim", None)] + [("tier", t) for t in kb.tiers] + [("entity", e) for e in kb.entities]
    for kind, ident in lists:
        count = len(claims_of(kb, kind, ident))
        for n in range(2, len(parts([None] * count)) + 1):
            yield kind, ident, n


def part_page(ctx, kind: str, ident: str | None, n: int) -> tuple[str, str]:
    """(title, markdown) of the n-th part of a list, n > 1: its heading, the pager, the table, the pager."""
    ids = claims_of(ctx.kb, kind, ident)
    part = parts(ids)[n - 1]
    name = _name(ctx, kind, ident)
    key = "pager.title_all" if kind == "claim" else "pager.title"
    title = escape(_plain_range(ctx, ids, part, key, name=name))
    # an entity's name may hold digits (GB300): marked as a name, as on the entity's own page
    shown = str(inline().entity_name(ident, name)) if kind == "entity" else escape(name)
    body = template("list-part.html.j2").render(
        back=urls.relative(ctx.page_url, part_url(kind, ident, 1, ctx.lang)), name=Markup(shown),
        heading=Markup(_range(ctx, kind, ident, ids, part, key, name=shown)),
        pager=Markup(pager(ctx, kind, ident, ids, n)),
        claims=Markup(claim_table(ctx, part, True if kind == "claim" else None)))
    front = "---\n" + json.dumps({"title": title, "render_macros": False}, ensure_ascii=False) + "\n---\n\n"
    return title, front + body + "\n"
