"""Each page's schema.org description, as JSON-LD: what search engines and linked-data tools read.

* the home page: the ``WebSite`` and the ``Dataset`` it publishes (:func:`home`);
* a claim: a ``Claim``, with the sources it appears in (:func:`claim`);
* a source: the source itself, typed by its kind (``NewsArticle``, ``BlogPosting``,
  ``SocialMediaPosting``, else ``CreativeWork``), with only what the data records of it (:func:`source`);
* an entity: typed by its kind (``Organization``, ``Person``, ``Product``,
  ``SoftwareApplication``, ``Event``, else ``Thing``) (:func:`entity`);
* an evidence tier: a ``DefinedTerm`` of the evidence ladder (:func:`tier`);
* a conflict: a ``Question`` about the claims it weighs (:func:`conflict`);
* the data page: the ``Dataset`` (:func:`dataset`).

Every address is a full one (:func:`render.citing.public_url`).  Each record is a node of its own
(``<page>#claim``, ``#source``, ``#entity``…), described on its page (``mainEntityOfPage``: an
``ItemPage`` in the page's language, part of the ``WebSite`` of that language).
"""
from __future__ import annotations

import json
from pathlib import Path

from kb import query
from kb.languages import LANGUAGES, WRITTEN
from . import citing, urls
from .citing import LICENSE_DATA, public_url, title
from .downloads import FILES, FOLDER, MEDIA, what
from .text import plain

SOURCE_TYPES = {"news-article": "NewsArticle", "press-report": "NewsArticle", "blog-post": "BlogPosting",
                "social-post": "SocialMediaPosting"}
ENTITY_TYPES = {"organisation": "Organization", "person": "Person", "chip": "Product", "system": "Product",
                "product": "Product", "software": "SoftwareApplication", "event": "Event"}


def script(obj: dict) -> str:
    """A JSON-LD block that no data text can break out of (<, > and & are written as \\u escapes)."""
    text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return f'<script type="application/ld+json">{text}</script>'


def _clean(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


def website_id(lang: str) -> str:
    return public_url(urls.lang_prefix(lang)) + "#website"


def dataset_id(lang: str) -> str:
    return public_url(urls.lang_prefix(lang) + "data/") + "#dataset"


def node_id(kind: str, ident: str, lang: str) -> str:
    """The id of a record's node: its page's address and the kind ('…/claims/x/#claim')."""
    return public_url(urls.page_url(kind, ident, lang)) + "#" + kind


def page_node(path: str, lang: str) -> dict:
    """The page a node is described on: its address, its language, the site it belongs to."""
    url = public_url(path)
    return {"@type": "ItemPage", "@id": url, "url": url, "inLanguage": urls.lang_tag(lang),
            "isPartOf": {"@id": website_id(lang)}}


def _record(ctx, kind: str, ident: str, typ: str) -> dict:
    path = urls.page_url(kind, ident, ctx.lang)
    return {"@context": "https://schema.org", "@type": typ, "@id": node_id(kind, ident, ctx.lang),
            "identifier": ident, "url": public_url(path), "mainEntityOfPage": page_node(path, ctx.lang)}


def _versioned(out: dict) -> dict:
    v = citing.SETTINGS.version
    if v.short:
        out["version"] = v.short
    if v.date:
        out["dateModified"] = v.date
    return out


def _entity_ref(ctx, eid: str) -> dict:
    """An entity named by another node.  No ``url``: an organisation's or a product's would be its own
    address, which the data does not record; its node's ``@id`` leads to its page here."""
    e = ctx.kb.entities[eid]
    return {"@type": ENTITY_TYPES.get(e.kind, "Thing"), "@id": node_id("entity", eid, ctx.lang), "name": ctx.text(e.name)}


def _source_node(ctx, sid: str) -> dict:
    """A source, with only what the data records of it; ``url`` is its own address, where known."""
    kb, s = ctx.kb, ctx.kb.sources[sid]
    out = {"@type": SOURCE_TYPES.get(s.kind, "CreativeWork"), "@id": node_id("source", sid, ctx.lang),
           "identifier": sid, "name": _clean(ctx.text(s.name)), "inLanguage": s.language,
           "mainEntityOfPage": page_node(urls.page_url("source", sid, ctx.lang), ctx.lang)}
    if s.title:
        out["headline"] = s.title
    if s.author:
        out["author"] = {"name": s.author}
    if s.publisher and s.publisher in kb.entities:
        out["publisher"] = _entity_ref(ctx, s.publisher)
    if s.date:
        out["datePublished"] = s.date
    if s.url:
        out["url"] = s.url
    if s.archive_url:
        out["archivedAt"] = s.archive_url
    return out


# --- the pages ---------------------------------------------------------------------

def claim(ctx, cid: str) -> dict:
    """A schema.org Claim: the statement, what it is about, and where it appears (each cited source).
    Each source is described once: one that several relaying sources are based on (or that the claim also
    appears in) is named by its ``@id`` alone after that, as JSON-LD refers to a node described elsewhere."""
    kb, c = ctx.kb, ctx.kb.claims[cid]
    cited = query.cited_sources(kb, cid)
    described = set(cited)
    appearance = []
    for sid in cited:
        cw = _source_node(ctx, sid)
        based = query.attributed_to(kb, cid, sid)
        if based:
            cw["isBasedOn"] = [{"@id": node_id("source", a, ctx.lang)} if a in described else _source_node(ctx, a)
                               for a in based]
            described.update(based)
        appearance.append(cw)
    out = _record(ctx, "claim", cid, "Claim")
    out.update({
        "text": title(ctx, "claim", cid),
        "inLanguage": urls.lang_tag(ctx.lang),
        "about": _entity_ref(ctx, c.subject),
        "appearance": appearance,
        "creativeWorkStatus": c.status,
        "isPartOf": {"@type": "Dataset", "@id": dataset_id(ctx.lang), "name": citing.SETTINGS.site_names[ctx.lang],
                     "url": public_url(urls.lang_prefix(ctx.lang) + "data/")},
        "license": LICENSE_DATA,
    })
    return _versioned(out)


def source(ctx, sid: str) -> dict:
    """The source itself; its page is ``mainEntityOfPage`` (``url`` is the source's own address, where known)."""
    return {"@context": "https://schema.org", **_source_node(ctx, sid)}


def entity(ctx, eid: str) -> dict:
    kb, e = ctx.kb, ctx.kb.entities[eid]
    typ = ENTITY_TYPES.get(e.kind, "Thing")
    out = _record(ctx, "entity", eid, typ)
    del out["url"]  # its own address, which the data does not record (its page is mainEntityOfPage)
    out["name"] = ctx.text(e.name)
    if e.aliases:
        out["alternateName"] = list(e.aliases)
    out["description"] = _clean(plain(ctx, ctx.text(e.description)))
    parent = kb.entities.get(e.parent) if e.parent else None
    if parent is not None and typ == "Organization" and parent.kind == "organisation":
        out["parentOrganization"] = _entity_ref(ctx, e.parent)
    return out


def tier(ctx, tid: str) -> dict:
    t = ctx.kb.tiers[tid]
    out = _record(ctx, "tier", tid, "DefinedTerm")
    out.update({
        "termCode": tid,
        "name": ctx.text(t.name),
        "description": _clean(plain(ctx, ctx.text(t.definition))),
        "inDefinedTermSet": {"@type": "DefinedTermSet", "@id": public_url(urls.page_url("tier", None, ctx.lang)) + "#tiers",
                             "name": ctx.t("kind.tiers"), "url": public_url(urls.page_url("tier", None, ctx.lang))},
    })
    return out


def conflict(ctx, xid: str) -> dict:
    """A schema.org Question: what the conflict asks, about the claims on each side."""
    kb, x = ctx.kb, ctx.kb.conflicts[xid]
    question = _clean(plain(ctx, ctx.text(x.question)))
    claims = query.claims_in_conflict(kb, xid)
    out = _record(ctx, "conflict", xid, "Question")
    out.update({
        "name": question,
        "text": question,
        "inLanguage": urls.lang_tag(ctx.lang),
        "about": [{"@type": "Claim", "@id": node_id("claim", cid, ctx.lang),
                   "url": public_url(urls.page_url("claim", cid, ctx.lang))} for cid in claims],
        "isPartOf": {"@id": dataset_id(ctx.lang)},
        "license": LICENSE_DATA,
    })
    return _versioned(out)


def home(ctx) -> dict:
    """The site in this language, and the data set it publishes (as the data page describes it)."""
    names = citing.SETTINGS.site_names
    lang = ctx.lang
    site = {"@type": "WebSite", "@id": website_id(lang), "url": public_url(urls.lang_prefix(lang)),
            "name": names[lang], "alternateName": [n for other, n in names.items() if other != lang and n != names[lang]],
            "inLanguage": urls.lang_tag(lang), "license": LICENSE_DATA, "mainEntity": {"@id": dataset_id(lang)}}
    description = citing.SETTINGS.site_descriptions.get(lang)
    if description:
        site["description"] = description
    if lang == urls.DEFAULT_LANG:
        site["workTranslation"] = [{"@id": website_id(other)} for other in names if other != lang]
    else:
        site["translationOfWork"] = {"@id": website_id(urls.DEFAULT_LANG)}
    if not site["alternateName"]:
        del site["alternateName"]
    data_set = dataset(ctx)
    del data_set["@context"]
    return {"@context": "https://schema.org", "@graph": [site, data_set]}


def dataset(ctx) -> dict:
    """A schema.org Dataset for the data page, with a DataDownload per file (:mod:`render.downloads` lists them)."""
    v = citing.SETTINGS.version
    names = citing.SETTINGS.site_names
    here = urls.lang_prefix(ctx.lang) + FOLDER
    addr = citing.public_url

    out = {
        "@context": "https://schema.org",
        "@type": "Dataset",
        "@id": dataset_id(ctx.lang),
        "url": addr(here),
        "mainEntityOfPage": page_node(here, ctx.lang),
        "name": names[ctx.lang],
        "alternateName": [n for lang, n in names.items() if lang != ctx.lang],
        "description": what("claims.json", ctx.lang),
        "inLanguage": [LANGUAGES[lang].tag for lang in WRITTEN],  # the languages its text is written in
        "license": citing.LICENSE_DATA,
        "isAccessibleForFree": True,
        "creator": {"@type": "Organization", "name": names[ctx.lang]},
        "distribution": [{"@type": "DataDownload", "name": name, "encodingFormat": MEDIA[Path(name).suffix],
                          "contentUrl": addr(FOLDER + name), "description": what(name, ctx.lang)} for name in FILES],
    }
    if v.short:
        out["version"] = v.short
    if v.date:
        out["dateModified"] = v.date
    return out
