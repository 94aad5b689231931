"""How to cite a page, and what version of the data it shows.

* :func:`section` — the "How to cite" section of claim, source and entity pages:
  a ready-to-copy reference (plain style on English pages, GB/T 7714-2015 on
  Chinese ones) with a button that copies it, then BibTeX and CSL-JSON, each
  folded in a ``<details>`` (the formats themselves come from :mod:`publish.formats`).
* :func:`footer` — the data version every page shows, linked to that version
  of ``data/`` where the repository's address is known.
* :func:`public_url` — a page's full address; every citation, the canonical
  links, the hreflang alternates, the sitemap and the schema.org descriptions
  (:mod:`render.jsonld`) give addresses through it.

The build's settings (the site's public address, the data version, the site's
name and description in each language) are set once per build by the hooks with
:func:`configure`.  The address is mkdocs.yml's ``site_url``, which is never
empty: nothing builds a page's address before it is set.

The access date cannot be known when a page is built: each citation shows the
data version's date in an element marked ``data-kb-accessed``, and
``assets/kb-cite.js`` replaces it with the reader's date.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from markupsafe import Markup

from publish import formats as fmt_cite
from kb import languages, query
from kb.kinds import KINDS

from . import format as fmt
from . import urls
from publish.version import DataVersion
from .frontmatter import page_markdown
from .labels import t
from .templating import template
from .text import escape, plain, prose

LICENSE_DATA = "https://creativecommons.org/licenses/by/4.0/"
LICENSE_CODE = "https://opensource.org/license/mit"
SCHEMA_LANG = urls.LANG_TAGS
DEFAULT_SITE_NAMES = {"en": "Jalapeño evidence base", "zh": "Jalapeño 证据库"}  # until configure() gives mkdocs.yml's



@dataclass
class Settings:
    site_url: str | None = None  # e.g. https://example.org/jalapeno/ ; None until configure() sets it
    version: DataVersion = field(default_factory=lambda: DataVersion(None, None, False, None))
    site_names: dict[str, str] = field(default_factory=lambda: {
        code: languages.text(DEFAULT_SITE_NAMES, code) for code in languages.LANGUAGES})
    build_date: str | None = None  # the build's date (MkDocs': SOURCE_DATE_EPOCH, else today), YYYY-MM-DD
    site_descriptions: dict[str, str] = field(default_factory=dict)

    @property
    def date(self) -> str:
        """The date a citation shows until the reader's browser puts in the access date:
        the data version's, or the build's where the version is unknown."""
        return self.version.date or self.build_date or dt.date.today().isoformat()


SETTINGS = Settings()


def configure(site_url: str | None, version: DataVersion, site_names: dict[str, str],
              build_date: str | None = None, site_descriptions: dict[str, str] | None = None) -> Settings:
    """Set the build's settings (the hooks call this once per build, before any page is rendered).

    ``site_url`` is the site's public address, http(s) with a host; anything else is an error, since
    every citation and link that leaves the site is built on it."""
    global SETTINGS
    base = (site_url or "").strip()
    parts = urlsplit(base)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(f"the site's public address must be a full http(s) address, not {site_url!r}")
    SETTINGS = Settings(base.rstrip("/") + "/", version, dict(site_names), build_date, dict(site_descriptions or {}))
    return SETTINGS


def public_url(path: str) -> str:
    """The full address of a site path: 'claims/x/' -> 'https://example.org/claims/x/' ('' is the home page)."""
    if not SETTINGS.site_url:
        raise RuntimeError("the site's public address is not configured: render.citing.configure() sets it")
    return SETTINGS.site_url + ("" if path in (".", "./") else path.lstrip("/"))


# --- the works cited -------------------------------------------------------------

def _clean(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


def _origin(ctx, sid: str) -> fmt_cite.Origin:
    kb, s = ctx.kb, ctx.kb.sources[sid]
    publisher = ctx.text(kb.entities[s.publisher].name) if s.publisher and s.publisher in kb.entities else None
    return fmt_cite.Origin(name=_clean(ctx.text(s.name)), ident=sid, kind=s.kind, title=s.title, author=s.author,
                           publisher=publisher, date=s.date, url=s.url, language=s.language)


def origins(ctx, kind: str, ident: str) -> tuple[tuple[fmt_cite.Origin, ...], tuple[fmt_cite.Origin, ...]]:
    """The sources a citation credits: those that state a claim's figure and those they attribute it to
    (or, for a source's page, the source itself)."""
    kb = ctx.kb
    if kind == "source":
        return (_origin(ctx, ident),), ()
    if kind != "claim":
        return (), ()
    cited, relayed = query.cited_sources(kb, ident), query.relayed_sources(kb, ident)
    return tuple(_origin(ctx, s) for s in cited), tuple(_origin(ctx, s) for s in relayed)


def _cleaned(pieces: list) -> tuple:
    """The pieces with their whitespace as :func:`_clean` leaves a text's: a no-break space as a space, every run of
    whitespace (across pieces too) as one space, none at either end."""
    out, space = [], False
    for p in pieces:
        shown = (p if isinstance(p, str) else p.text).replace("\u00a0", " ")
        words = shown.split()
        space = space or (shown[:1].isspace() and bool(out))
        if not words:
            space = space or (bool(shown) and bool(out))
            continue
        if space:
            out.append(" ")
        body = " ".join(words)
        out.append(body if isinstance(p, str) else fmt_cite.Marked(body, p.role, p.value))
        space = shown[-1:].isspace()
    joined: list = []
    for p in out:  # neighbouring texts as one
        if isinstance(p, str) and joined and isinstance(joined[-1], str):
            joined[-1] += p
        else:
            joined.append(p)
    return tuple(joined)


def title_pieces(ctx, kind: str, ident: str) -> tuple:
    """A page's title as a citation gives it, as pieces: a claim's statement with each figure and name marked as
    what it is, an entity's name, a source's name (marked as a name where it holds digits, which are no figure)."""
    from kb.prose import PLACEHOLDER, kind_of

    from .figures import figure_text

    kb = ctx.kb
    if kind == "entity":
        return (fmt_cite.Marked(_clean(ctx.text(kb.entities[ident].name)), "entity", ident),)
    if kind == "source":
        name = _clean(ctx.text(kb.sources[ident].name))
        return (fmt_cite.Marked(name, "name"),) if any(ch.isdigit() for ch in name) else (name,)
    statement, pieces, last = ctx.text(kb.claims[ident].statement), [], 0
    for m in PLACEHOLDER.finditer(statement):
        k, target = kind_of(m)
        target = ident if k == "value" else target
        if k == "entity" and target in kb.entities:
            piece = fmt_cite.Marked(ctx.text(kb.entities[target].name), "entity", target)
        elif k != "entity" and target in kb.claims:
            piece = fmt_cite.Marked(figure_text(ctx, target), "figure", target)
        else:
            continue  # stays as written
        pieces += [statement[last:m.start()], piece]
        last = m.end()
    return _cleaned(pieces + [statement[last:]])


def title(ctx, kind: str, ident: str) -> str:
    return fmt_cite.text(title_pieces(ctx, kind, ident))


def work(ctx, kind: str, ident: str) -> fmt_cite.Work:
    url = public_url(urls.page_url(kind, ident, ctx.lang))
    v = SETTINGS.version
    cited, relayed = origins(ctx, kind, ident)
    pieces = title_pieces(ctx, kind, ident)
    return fmt_cite.Work(kind=kind, ident=ident, lang=ctx.lang, publisher=SETTINGS.site_names[ctx.lang],
                         title=fmt_cite.text(pieces), url=url, version=v.short, date=v.date,
                         origins=cited, relayed=relayed, title_pieces=pieces)


# --- HTML ----------------------------------------------------------------------

STANDARD = "GB/T 7714-2015"
def _accessed(form: str) -> Markup:
    """The markup that stands for the access date until the page's script fills in the reader's date."""
    day = SETTINGS.date
    shown = escape(fmt_cite.accessed_form(day, form))
    if form == "parts":
        return Markup(f'<span data-kb-accessed="parts">{shown}</span>')
    return Markup(f'<time data-kb-accessed="{form}" datetime="{day}">{shown}</time>')


def _figure_in_text(ctx, cid: str) -> str:
    """A claim's figure inside the reference: linked to its claim, with its <data>/<time> markup (hedge, number,
    unit), reading as the reference's text does."""
    from .figures import value_markup

    c = ctx.kb.claims[cid]
    hedge = f'<span class="kb-approx">{escape(ctx.t("approx"))}</span> ' if c.approximate else ""
    return f'<a class="kb-fig" href="{ctx.href("claim", cid)}">{hedge}{value_markup(ctx, cid)}</a>'


_NAMES = ("title", "author", "address")  # a source's own words: always marked as a name
_NAMED_IF_DIGITS = ("name", "publisher")  # how the site names a source, its publisher: marked where a digit is no figure


def _marked(ctx, p: fmt_cite.Marked) -> str:
    """A marked piece as markup: its text escaped once, inside the markup its role gives it."""
    shown = escape(p.text)
    if p.role == "figure":
        return _figure_in_text(ctx, p.value)
    if p.role == "entity":
        return f'<span data-entity="{p.value}">{shown}</span>'
    if p.role == "date":
        return f'<time datetime="{p.value}">{shown}</time>'
    if p.role == "version":
        return f'<span class="kb-version">{shown}</span>'
    if p.role == "version-date":
        return f'<span class="kb-version"><time datetime="{p.value}" data-kb-version="">{shown}</time></span>'
    if p.role in _NAMES and p.value:  # a source's own words, verbatim in its language (never converted)
        return f'<span data-name lang="{escape(p.value)}">{shown}</span>'
    if p.role in _NAMES or (p.role in _NAMED_IF_DIGITS and any(ch.isdigit() for ch in p.text)):
        return f'<span data-name>{shown}</span>'
    return shown


def _reference(ctx, pieces) -> Markup:
    """The reference as HTML, from the pieces its text is made of: figures as <data>/<time> tied to their claims,
    names marked as names, the data version and its date in the version's markup, the sources' dates as <time>,
    the access date as the script's slot."""
    return Markup("".join(escape(p) if isinstance(p, str) else _accessed(p.form) if isinstance(p, fmt_cite.Accessed)
                          else _marked(ctx, p) for p in pieces))


def _code(pieces) -> Markup:
    """A format's text as the content of a <pre><code>: its line breaks kept, the access date as the script's slot."""
    text = "".join("\n".join(escape(line) for line in p.split("\n")) if isinstance(p, str)
                   else _accessed(p.form) if isinstance(p, fmt_cite.Accessed) else escape(p.text) for p in pieces)
    return Markup(text.rstrip("\n"))


def section(ctx, kind: str, ident: str) -> list[str]:
    """The "How to cite" heading and block (a list of Markdown blocks) for a claim, source or entity page."""
    w = work(ctx, kind, ident)
    lang = ctx.lang
    style = fmt_cite.style(lang)
    label = t(style.label, lang)
    before, standard, after = label.partition(STANDARD)
    block = template("cite.html.j2").render(
        kind=kind, ident=ident, tag=SCHEMA_LANG[lang],
        label=Markup(escape(before) + (f"<span data-name>{escape(standard)}</span>" if standard else "") + escape(after)),
        reference=_reference(ctx, style.reference(w)),
        copied=t("cite.copied", lang), failed=t("cite.copy_failed", lang), copy=t("cite.copy", lang),
        notes=[t("cite.permanent", lang), t("cite.accessed", lang)],
        formats=[{"name": "bibtex", "summary": t("cite.bibtex", lang), "code": _code(fmt_cite.bibtex(w))},
                 {"name": "csl-json", "summary": t("cite.csl", lang), "code": _code(fmt_cite.csl_json(w))}])
    return [f"## {t('h.cite', lang)} {{ #cite }}", block]  # the block is out of the search index (the template says why)


# --- the footer ------------------------------------------------------------------

def version_html(lang: str) -> str:
    """The data version as markup: the commit and its date, linked to data/ at that commit where known."""
    v = SETTINGS.version
    if not v.commit:
        return escape(t("footer.unknown", lang))
    key = "footer.commit" if v.date else "footer.commit_nodate"
    pieces = {"commit": f"<code>{escape(v.short)}</code>"}
    if v.date:
        when = fmt.date(v.date, lang)
        pieces["date"] = f'<time datetime="{v.date}" data-kb-version="">{escape(when)}</time>'
    what = _template(t(key, lang), pieces)
    if v.modified:
        what += " " + escape(t("footer.modified", lang))
    elif v.tree_url:
        what += (f'{escape(t("open_paren", lang))}<a class="kb-version-link" href="{escape(v.tree_url)}" rel="noopener">'
                 f'{escape(t("footer.browse", lang))}</a>{escape(t("close_paren", lang))}')
    return what


def footer(lang: str, page_url: str) -> str:
    """The data version, the licences and the downloads, for every page's footer."""
    v = SETTINGS.version
    data_page = urls.relative(page_url, urls.lang_prefix(lang) + "data/")
    sep = escape(t("footer.sep", lang))
    colon = t("colon", lang)
    return (f'<div class="kb-version" data-commit="{escape(v.commit or "")}">'
            f'{escape(t("footer.version", lang))}{colon}{version_html(lang)}{sep}{escape(t("footer.licence", lang))}'
            f'{sep}<a href="{data_page}">{escape(t("footer.downloads", lang))}</a></div>')


def _template(text: str, pieces: dict[str, str]) -> str:
    """A fixed label with {name} slots filled by markup; the label's own words are escaped."""
    import re

    out, last = [], 0
    for m in re.finditer(r"\{(\w+)\}", text):
        out.append(escape(text[last:m.start()]))
        out.append(pieces[m.group(1)])
        last = m.end()
    out.append(escape(text[last:]))
    return "".join(out)


# --- retired ids -------------------------------------------------------------------

def _name_of(ctx, kind: str, ident: str) -> str:
    kb = ctx.kb
    if kind == "claim":
        return plain(ctx, ctx.text(kb.claims[ident].statement), own=ident)
    if kind == "conflict":
        return plain(ctx, ctx.text(kb.conflicts[ident].question))
    record = getattr(kb, KINDS[kind].data)[ident]
    return ctx.text(record.name)


def retired_page(ctx, old: str) -> tuple[str, str]:
    """The page kept at a retired id's address: what happened, and a link to the record that replaced it."""
    r = ctx.kb.redirects[old]
    lang = ctx.lang
    heading = t("retired." + r.change, lang).replace("{kind}", ctx.t(KINDS[r.kind].label)).replace("{id}", old)
    target = urls.page_url(r.kind, r.to, lang)
    address = public_url(target)
    body = (f'<div class="kb-page kb-retired" data-retired="{old}" data-kind="{r.kind}" data-change="{r.change}" '
            f'data-successor="{r.to}">\n'
            f'<p class="kb-kind"><a href="{ctx.href(r.kind)}">{escape(ctx.t(KINDS[r.kind].label))}</a> '
            f'<code>{escape(old)}</code></p>\n'
            f'<h1>{escape(heading)}</h1>\n'
            f'<p class="kb-banner" data-status="{r.change}">{prose(ctx, ctx.text(r.reason))}</p>\n'
            f'<p>{escape(t("retired.now", lang))}{escape(ctx.t("colon"))}'
            f'<a class="kb-successor" href="{ctx.href(r.kind, r.to)}">{escape(_clean(_name_of(ctx, r.kind, r.to)))}</a> '
            f'<code>{escape(r.to)}</code></p>\n'
            f'<p>{escape(t("retired.address", lang))}{escape(ctx.t("colon"))}<code>{escape(address)}</code></p>\n'
            f'<p class="kb-note">{escape(t("retired.why", lang))}</p>\n</div>')
    return page_markdown(heading, [body])
