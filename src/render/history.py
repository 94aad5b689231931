"""Each claim's own history on its page, and the corrections feed of each language.

The history is read from git once per build (:mod:`publish.history`, from ``on_config`` in macros/hooks.py, before
any language is built, so the languages built side by side share it): :func:`configure` keeps it for the build.

* :func:`section`: on a claim's page, when it was first recorded and last changed, and each change (its figure as
  data/ recorded it, its status, its evidence tier, the sources added or removed, other revisions), newest first,
  each dated by its commit and linked to it where the repository's address is known; or what cannot be known (no
  git checkout, a shallow clone, a claim not yet committed).
* :func:`feed`: an Atom feed per language (``/corrections.xml``, ``/zh/corrections.xml``…) of every change of a
  claim's figure or status, newest first, so that those who cited a claim learn that it changed.  Written by
  :func:`write` after the build, like the downloads.  Dated by the commits, never by the clock.

Figures of the past are shown as data/ wrote them (``<code>``), in the unit their metric had then: they are the
record's history, not figures of the site (render.figures marks those).  Dates are the commits' own, as
``<time data-kb-commit>``.
"""
from __future__ import annotations

from pathlib import Path

from markupsafe import Markup  # declared in pyproject.toml

from kb import paths
from publish.history import Change, History

from . import citing, urls
from . import format as fmt
from .labels import t, words
from .relay import and_list, fill, name
from .templating import render, render_xml
from .text import escape, plain

HISTORY = History()
"""The build's history (macros/hooks.py calls :func:`configure`); outside a build, none is known."""


def configure(history: History) -> History:
    global HISTORY
    HISTORY = history
    return history


_TIME = Markup('<time datetime="{}" data-kb-commit="{}">{}</time>')
_COMMIT_LINK = Markup('<a class="kb-commit" href="{}" rel="noopener noreferrer nofollow"><code>{}</code></a>')
_COMMIT = Markup('<code class="kb-commit">{}</code>')
_CODE = Markup("<code>{}</code>")


def _when(ctx, what) -> str:
    """A commit's date and its short id (linked to the commit where its address is known); ``what`` is a commit or
    a change."""
    commit = getattr(what, "commit", what)
    url = HISTORY.commit_url(commit.sha)
    sha = _COMMIT_LINK.format(url, commit.short) if url else _COMMIT.format(commit.short)
    return fill(ctx.t("history.when"), date=_TIME.format(commit.date, commit.sha, fmt.date(commit.date, ctx.lang)),
                 commit=sha)


def _as_recorded(v) -> str:
    """A value as data/ recorded it, as text: '85448', '1.80', '2026-06-24', '2026-07..2026-12', 'null'."""
    shown = fmt.canonical(list(v) if isinstance(v, tuple) else v)
    return "null" if shown is None else shown


def _recorded(v) -> str:
    """A value as data/ recorded it, as code."""
    return _CODE.format(_as_recorded(v))


def _word(ctx, prefix: str, key) -> str:
    """A status's or a tier's name, or the id as code where the vocabulary (or the data) no longer has it."""
    if prefix == "tier":
        tier = ctx.kb.tiers.get(key)
        return escape(ctx.text(tier.name)) if tier is not None else _CODE.format(key)
    return escape(ctx.t(f"status.{key}"))


def _items(ctx, ch: Change) -> list[Markup]:
    """What one change did, one item per kind of change."""
    out = []
    if ch.recorded:
        out.append(escape(ctx.t("history.recorded")))
    if ch.present:
        out.append(escape(ctx.t("history.present_item")))
    if ch.value is not None:
        text = fill(ctx.t("history.value"), old=_recorded(ch.value[0]), new=_recorded(ch.value[1]))
        if ch.metric and ch.metric[0] != ch.metric[1]:
            text += " " + fill(ctx.t("history.metric"), old=_CODE.format(ch.metric[0]), new=_CODE.format(ch.metric[1]))
        out.append(text)
    if ch.status is not None:
        out.append(fill(ctx.t("history.status"), old=_word(ctx, "status", ch.status[0]),
                         new=_word(ctx, "status", ch.status[1])))
    if ch.tier is not None and not ch.recorded:
        out.append(fill(ctx.t("history.tier"), old=_word(ctx, "tier", ch.tier[0]), new=_word(ctx, "tier", ch.tier[1])))
    for key, ids in (("history.sources_added", ch.sources_added), ("history.sources_removed", ch.sources_removed)):
        if ids and not ch.recorded:
            out.append(fill(ctx.t(key), sources=and_list(ctx, [name(ctx, s) if s in ctx.kb.sources else _CODE.format(s)
                                                               for s in ids])))
    if ch.other and not ch.recorded:
        out.append(escape(ctx.t("history.other")))
    return [Markup(x) for x in out]


def section(ctx, cid: str) -> dict:
    """What the claim page's history section shows (templates/claim.md.j2)."""
    h = HISTORY
    if not h.known:
        return {"state": "unknown", "summary": [ctx.t("history.unknown")], "changes": [], "feed": _feed_link(ctx)}
    mine = h.of(cid)
    summary = []
    if mine.first is not None:
        summary.append(Markup(fill(ctx.t("history.first"), when=_when(ctx, mine.first))))
    elif mine.since is not None:
        summary.append(Markup(fill(ctx.t("history.present"), when=_when(ctx, mine.since))))
    elif h.shallow:
        summary.append(ctx.t("history.shallow_absent"))
    else:
        return {"state": "uncommitted", "summary": [ctx.t("history.uncommitted")], "changes": [],
                "feed": _feed_link(ctx)}
    if mine.last is not None:
        summary.append(Markup(fill(ctx.t("history.last"), when=_when(ctx, mine.last))))
    changes = [(ch.commit.sha, Markup(_when(ctx, ch)), _items(ctx, ch), ch.correction) for ch in reversed(mine.changes)]
    return {"state": "shallow" if h.shallow else "known", "summary": summary, "changes": changes,
            "feed": _feed_link(ctx)}


_FEED = Markup('<a class="kb-feed" href="{}" type="application/atom+xml">{}</a>')


def _feed_link(ctx) -> Markup:
    """The sentence that points to the language's corrections feed."""
    return Markup(fill(ctx.t("history.feed"), feed=_FEED.format(ctx.href_site(paths.feed_path(ctx.lang)),
                                                                  ctx.t("history.feed_name"))))


def block(ctx, cid: str) -> str:
    """The history section's markup."""
    return str(render("history.html.j2", t=words(ctx.lang), cid=cid, **section(ctx, cid)))


# --- the corrections feed ---------------------------------------------------------------------------------------

def feed(kb, lang: str) -> str:
    """The Atom feed of every change of a claim's figure or status, in ``lang``, newest first."""
    from .context import Ctx

    h = HISTORY
    url = citing.public_url(paths.feed_path(lang))
    entries = []
    for cid, ch in h.corrections():
        if cid not in kb.claims:
            continue  # a claim since retired: its page says where it went, the feed names only claims in force
        page = citing.public_url(urls.page_url("claim", cid, lang))
        ctx = Ctx(kb, lang, urls.page_url("claim", cid, lang))
        statement = plain(ctx, ctx.text(kb.claims[cid].statement), own=cid)
        what = []
        if ch.value is not None:
            what.append(t("feed.value", lang).replace("{old}", _as_recorded(ch.value[0])).replace("{new}", _as_recorded(ch.value[1])))
        if ch.status is not None:
            what.append(t("feed.status", lang).replace("{old}", t(f"status.{ch.status[0]}", lang))
                        .replace("{new}", t(f"status.{ch.status[1]}", lang)))
        summary = t("list_sep", lang).join(what)
        entries.append({"id": f"{page}#history-{ch.commit.sha}", "link": page, "updated": ch.commit.iso,
                        "title": f"{statement}{t('colon', lang)}{summary}", "summary": summary,
                        "commit": h.commit_url(ch.commit.sha) or ""})
    updated = entries[0]["updated"] if entries else (h.oldest.iso if h.oldest else "1970-01-01T00:00:00Z")
    site = citing.SETTINGS.site_names.get(lang, "")
    return render_xml("corrections.xml.j2", title=t("feed.title", lang).replace("{site}", site), subtitle=t("feed.subtitle", lang),
                  lang=urls.lang_tag(lang), url=url, home=citing.public_url(paths.lang_prefix(lang)),
                  updated=updated, entries=entries, author=site)


def write(site_dir: str | Path, kb, langs) -> list[Path]:
    """Write each language's corrections feed into the built site; the same history gives the same bytes."""
    written = []
    for lang in langs:
        path = Path(site_dir) / paths.feed_path(lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(feed(kb, lang), encoding="utf-8")
        written.append(path)
    return written
