"""A claim's own history as a page shows it, read from the page alone (a pure function over one page).

Every claim page holds one history section for its claim, in a state the build can know (``known``, ``shallow``,
``unknown``, ``uncommitted``); each change in it is anchored by the full id of its commit (``#history-<commit>``,
where the corrections feed points), dated by that commit (``time[data-kb-commit]``, whose date the figure check
holds to git: tests/integrity/checks.py) and, where linked, linked to that commit; the changes run newest first.
Every page, of any kind, names its language's corrections feed in its head, and no other page (a retired id's
address included) holds a history.
"""
from __future__ import annotations

import re
from urllib.parse import urlsplit

from .langs import LANGS, PREFIX, bare, lang_of

STATES = ("known", "shallow", "unknown", "uncommitted")
_CLAIM_PAGE = re.compile(r"^claims/([^/]+)/$")
_COMMIT = re.compile(r"^[0-9a-f]{40}$")


def feed_lang(address: str) -> str | None:
    """The language whose corrections feed ``address`` (absolute or relative) is, or None: every feed is at the
    site's root, the default language's as corrections.xml, another's as corrections-<code>.xml."""
    path = urlsplit(address).path.rsplit("/", 1)[-1]
    for lang in LANGS:
        if path == ("corrections.xml" if not PREFIX[lang] else f"corrections-{lang}.xml"):
            return lang
    return None


def claim_of(url: str) -> str | None:
    """The claim a page is about, by its address ('zh/claims/x/' -> 'x'), or None."""
    m = _CLAIM_PAGE.match(bare(url))
    return m.group(1) if m else None


def problems(tree, url: str) -> list[str]:
    """What is wrong with the history on one page (``tree``: the page parsed by selectolax)."""
    out = []
    lang = lang_of(url)
    feeds = [n.attributes.get("href") or "" for n in tree.css('head link[rel="alternate"][type="application/atom+xml"]')]
    if len(feeds) != 1 or feed_lang(feeds[0]) != lang:
        out.append(f"{url}: the head names the feeds {feeds}, not the corrections feed of its language ({lang})")
    boxes = tree.css(".kb-history")
    cid = claim_of(url)
    if cid is not None and tree.css(".kb-retired"):
        cid = None  # a retired id's address: the page says where the claim went, and has no history of its own
    if cid is None:
        if boxes:
            out.append(f"{url}: a page that is not a claim's holds a history")
        return out
    if len(boxes) != 1:
        return out + [f"{url}: {len(boxes)} history sections, not one"]
    box = boxes[0]
    if box.attributes.get("data-claim") != cid:
        out.append(f"{url}: the history is of {box.attributes.get('data-claim')!r}, not of {cid!r}")
    state = box.attributes.get("data-history")
    if state not in STATES:
        out.append(f"{url}: the history's state {state!r} is none of {STATES}")
    items = box.css("ol.kb-history-changes > li")
    if state in ("known", "shallow") and not items:
        out.append(f"{url}: a history read from git lists no change")
    if state in ("unknown", "uncommitted") and items:
        out.append(f"{url}: a history that cannot be known lists changes")
    dates = []
    for li in items:
        sha = li.attributes.get("data-commit") or ""
        if not _COMMIT.match(sha) or li.attributes.get("id") != f"history-{sha}":
            out.append(f"{url}: a change is not anchored by its commit's full id ({sha!r})")
            continue
        times = li.css("time[data-kb-commit]")
        if [t.attributes.get("data-kb-commit") for t in times] != [sha]:
            out.append(f"{url}: the change of {sha[:12]} is not dated by that commit")
        else:
            dates.append(times[0].attributes.get("datetime") or "")
        for a in li.css("a.kb-commit"):
            if not (a.attributes.get("href") or "").endswith(sha):
                out.append(f"{url}: the change of {sha[:12]} links another commit: {a.attributes.get('href')}")
    if dates != sorted(dates, reverse=True):
        out.append(f"{url}: the changes do not run newest first: {dates}")
    if not box.css("a.kb-feed"):
        out.append(f"{url}: the history does not point to the corrections feed")
    return out
