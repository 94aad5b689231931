"""Provenance at a touch: what a reader sees on hovering, focusing or tapping a figure.

* :func:`records` is the per-language JSON that ``docs/assets/kb.js`` loads once,
  lazily, the first time a reader reaches for a figure: for each claim its
  statement in the page's language, evidence tier, status, verdict, and every
  source with its verbatim quote, the contributors' translation of it into the
  page's language where the quote is not in it (or the paraphrase that stands
  in for a quote), and how its words were checked.  :func:`write` puts it at
  ``data/provenance.<lang>.json`` in the built site (called after the build, from
  ``macros/hooks.py``).  Everything in it is plain text; the script shows it with
  ``textContent``, never as markup.
* :func:`tier_legend` is the compact legend of evidence-tier badges added to
  every page that shows a figure.
* :func:`term` marks a glossary term in running text, with its definition as an
  accessible tooltip.
"""
from __future__ import annotations

import json
from pathlib import Path

from markupsafe import Markup  # declared in pyproject.toml

from kb import languages, paths, query

from . import urls
from .citations import checked_text, translation_of
from .context import Ctx
from .labels import LABELS as VOCABULARY, t, words
from .figures import figure_text, sample_mark
from .templating import render
from .text import plain

QUOTES_SHOWN = 2


def _t(key: str, lang: str) -> str:
    return t(key if key.startswith("legend.") else "popover." + key, lang)


def record(ctx: Ctx, cid: str) -> dict:
    """One claim's provenance in the page's language, as plain text and site-relative urls."""
    kb, c = ctx.kb, ctx.kb.claims[cid]
    tier = kb.tiers[c.tier]
    step = ctx.t("rank.step").replace("{n}", str(tier.rank)) if tier.rank else ctx.t("rank.off")
    out = {
        "s": plain(ctx, ctx.text(c.statement), own=cid),
        "f": figure_text(ctx, cid) if query.has_figure(kb, cid) else "",
        "t": c.tier,
        "tn": ctx.text(tier.name),
        "tr": step,
        "rank": tier.rank,
        "st": c.status,
        "stn": ctx.t("status." + c.status),
        "u": urls.page_url("claim", cid, ctx.lang),
        "c": [],
    }
    v = query.verdict(kb, cid)
    if v:
        out.update(v=v, vn=ctx.t("verdict." + v), vh=ctx.t("verdict.help." + v))
    if query.disputed(kb, cid):
        out["d"] = 1
    if c.attribution == "uncertain" and c.attribution_note:
        out["au"] = ctx.t("badge.uncertain") + ctx.t("colon") + plain(ctx, ctx.text(c.attribution_note), own=cid)
    for i, cit in enumerate(c.citations[:QUOTES_SHOWN]):
        src = kb.sources.get(cit.source)
        item = {"n": ctx.text(src.name) if src else cit.source, "lang": src.language if src else "",
                "su": urls.page_url("source", cit.source, ctx.lang), "ck": checked_text(ctx, kb.how_checked(cid, i))}
        if cit.quote is not None:
            item["q"] = cit.quote
            tr = translation_of(ctx, cit)
            if tr:
                item["tr"], item["trl"] = tr, urls.lang_tag(ctx.lang)
        if cit.paraphrase is not None:  # beside the quote, or in its place
            item["p"], item["trl"] = ctx.text(cit.paraphrase), urls.lang_tag(ctx.lang)
        if cit.locator:
            item["l"] = cit.locator
            item["ll"] = languages.verbatim_tag(cit.locator, src.language if src else None) or ""
        if cit.attributed_to and cit.attributed_to in kb.sources:
            item["a"] = ctx.text(kb.sources[cit.attributed_to].name)
        out["c"].append(item)
    if len(c.citations) > QUOTES_SHOWN:
        out["more"] = _t("more", ctx.lang).replace("{n}", str(len(c.citations) - QUOTES_SHOWN))
    return out


def records(kb, lang: str) -> dict:
    ctx = Ctx(kb, lang, "")
    # the popover's words, under the names the script reads them by
    labels = {key.removeprefix("popover."): t(key, lang) for key in VOCABULARY if key.startswith("popover.")}
    labels["colon"] = t("colon", lang)  # between a label and its text: ": " in English, "：" in Chinese
    return {"_labels": labels, "claims": {cid: record(ctx, cid) for cid in sorted(kb.claims)}}


def write(site_dir: str | Path, kb, langs=("en", "zh")) -> list[Path]:
    """Write data/provenance.<lang>.json into the built site; the same data gives the same bytes."""
    out = Path(site_dir) / paths.DOWNLOADS
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for lang in langs:
        path = out / f"provenance.{lang}.json"
        text = json.dumps(records(kb, lang), ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        path.write_text(text + "\n", encoding="utf-8")
        written.append(path)
    return written


def tier_legend(ctx: Ctx) -> str:
    """The evidence-tier badges, ladder first, each linked to its tier page, with how to see a figure's source."""
    kb = ctx.kb

    def badges(ids):
        return [(tid, kb.tiers[tid].rank, ctx.href("tier", tid), Markup(sample_mark("tier", rank=kb.tiers[tid].rank)),
                 ctx.text(kb.tiers[tid].name)) for tid in ids]

    marks = [(Markup(sample_mark(kind)), ctx.t(label)) for kind, label in (
        ("inconsistent", "verdict.inconsistent"), ("disputed", "badge.disputed"),
        ("uncertain", "badge.uncertain"), ("status", "status.superseded"))]
    # plain text, as the hooks add it to a page's HTML
    return str(render("legend.html.j2", t=words(ctx.lang), href=ctx.href("tier"), ladder=badges(query.ladder(kb)),
                      off=badges(query.off_ladder(kb)), marks=marks))


def term(ctx: Ctx, gid: str, text: str | None = None, n: int = 1) -> str:
    """A glossary term in running text: a link to its entry, described by a tooltip with its definition.

    ``n`` numbers the uses of one term on a page, so that ids stay unique.
    """
    g = ctx.kb.glossary[gid]
    return str(render("term.html.j2", href=ctx.href_path("glossary/"), gid=gid,
                      tip=f"kb-tip-{gid}" + (f"-{n}" if n > 1 else ""),
                      shown=text if text is not None else ctx.text(g.term), term=ctx.text(g.term),
                      definition=plain(ctx, ctx.text(g.definition))))
