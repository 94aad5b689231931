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
:func:`configure`.  The address is mkdocs.yml's ``site_url`` (SITE_URL, which the
publishing workflow sets to where it publishes), which is never empty: nothing builds
a page's address before it is set.  A build without SITE_URL is a local one, for the
local server's address (``make serve``'s): its own links lead there, and its
references name no address at all, since no one else can open it.

The access date cannot be known when a page is built: each citation shows the
data version's date in an element marked ``data-kb-accessed``, and
``assets/kb-cite.js`` replaces it with the reader's date.
"""
from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from functools import lru_cache
from urllib.parse import urlsplit

from markupsafe import Markup

from publish import formats as fmt_cite
from kb import languages, query
from kb.kinds import KINDS

from . import format as fmt
from . import urls
from publish.version import DataVersion
from .frontmatter import page_markdown
from .labels import t, words
from .templating import inert, render
from .text import escape, plain, prose

LICENSE_DATA = "https://creativecommons.org/licenses/by/4.0/"
LICENSE_CODE = "https://opensource.org/license/mit"
SCHEMA_LANG = urls.LANG_TAGS
DEFAULT_SITE_NAMES = {"en": "AI inference chips evidence base", "zh": "AI 推理芯片证据库"}  # until configure() gives mkdocs.yml's



def is_local(address: str) -> bool:
    """Whether a site address is this machine's own (localhost, 127.0.0.1, ::1): the address of a local build or
    preview, which no one else can open, so that no reference may give it."""
    import ipaddress

    host = (urlsplit(address).hostname or "").rstrip(".").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False
    return ip.is_loopback or ip.is_unspecified


@dataclass
class Settings:
    site_url: str | None = None  # e.g. https://example.org/jalapeno/ ; None until configure() sets it
    version: DataVersion = field(default_factory=lambda: DataVersion(None, None, False, None))
    site_names: dict[str, str] = field(default_factory=lambda: {
        code: languages.text(DEFAULT_SITE_NAMES, code) for code in languages.LANGUAGES})
    build_date: str | None = None  # the build's date (MkDocs': SOURCE_DATE_EPOCH, else today), YYYY-MM-DD
    site_descriptions: dict[str, str] = field(default_factory=dict)

    @property
    def public(self) -> bool:
        """Whether the site was built for a public address, which references may give (:func:`is_local`)."""
        return bool(self.site_url) and not is_local(self.site_url)

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
    """What a reference to the page names: the page's full address only where the site has a public one (a local
    build's references give none: :attr:`Settings.public`)."""
    url = public_url(urls.page_url(kind, ident, ctx.lang)) if SETTINGS.public else None
    v = SETTINGS.version
    cited, relayed = origins(ctx, kind, ident)
    pieces = title_pieces(ctx, kind, ident)
    return fmt_cite.Work(kind=kind, ident=ident, lang=ctx.lang, publisher=SETTINGS.site_names[ctx.lang],
                         title=fmt_cite.text(pieces), url=url, version=v.short, date=v.date,
                         origins=cited, relayed=relayed, title_pieces=pieces)


# --- HTML ----------------------------------------------------------------------

STANDARD = "GB/T 7714-2015"

# The markup of the pieces a reference is made of.  Built with markupsafe (each value escaped by render.escaping),
# not templates: a reference has a dozen pieces and every claim, source and entity page three references.
_ACCESSED_PARTS = Markup('<span data-kb-accessed="parts">{}</span>')
_ACCESSED = Markup('<time data-kb-accessed="{}" datetime="{}">{}</time>')
_FIGURE = Markup('<a class="kb-fig" href="{0}">{3}{1}{2}{4}</a>')
_APPROX = Markup('<span class="kb-approx">{}</span> ')
_MARKED = {
    "entity": Markup('<span data-entity="{value}">{text}</span>'),
    "date": Markup('<time datetime="{value}">{text}</time>'),
    "version": Markup('<span class="kb-version">{text}</span>'),
    "version-date": Markup('<span class="kb-version"><time datetime="{value}" data-kb-version="">{text}</time></span>'),
    "name-lang": Markup('<span data-name lang="{value}">{text}</span>'),
    "name": Markup('<span data-name>{text}</span>'),
}


def _accessed(form: str) -> Markup:
    """The markup that stands for the access date until the page's script fills in the reader's date."""
    day = SETTINGS.date
    shown = inert(fmt_cite.accessed_form(day, form))
    if form == "parts":
        return _ACCESSED_PARTS.format(shown)
    return _ACCESSED.format(inert(form), inert(day), shown)


def _figure_in_text(ctx, cid: str) -> Markup:
    """A claim's figure inside the reference: linked to its claim, with its <data>/<time> markup (hedge, number,
    unit), reading as the reference's text does."""
    from .figures import value_markup

    c = ctx.kb.claims[cid]
    hedge = _APPROX.format(inert(ctx.t("approx"))) if c.approximate else ""
    before, after = fmt.bound_words(c.bound, ctx.lang)
    return _FIGURE.format(inert(ctx.href("claim", cid)), hedge, Markup(value_markup(ctx, cid)), inert(before),
                          inert(after))


_NAMES = ("title", "author", "address")  # a source's own words: always marked as a name
_NAMED_IF_DIGITS = ("name", "publisher")  # how the site names a source, its publisher: marked where a digit is no figure


def _marked(ctx, p: fmt_cite.Marked) -> Markup:
    """A marked piece as markup: its text escaped once, inside the markup its role gives it."""
    if p.role == "figure":
        return _figure_in_text(ctx, p.value)
    shown = inert(p.text)
    if p.role in ("entity", "date", "version", "version-date"):
        return _MARKED[p.role].format(value=inert(p.value), text=shown)
    if p.role in _NAMES and p.value:  # a source's own words, verbatim in its language (never converted)
        return _MARKED["name-lang"].format(value=inert(p.value), text=shown)
    if p.role in _NAMES or (p.role in _NAMED_IF_DIGITS and any(ch.isdigit() for ch in p.text)):
        return _MARKED["name"].format(text=shown)
    return shown


def _reference(ctx, pieces) -> Markup:
    """The reference as HTML, from the pieces its text is made of: figures as <data>/<time> tied to their claims,
    names marked as names, the data version and its date in the version's markup, the sources' dates as <time>,
    the access date as the script's slot."""
    return Markup("".join(escape(p) if isinstance(p, str) else _accessed(p.form) if isinstance(p, fmt_cite.Accessed)
                          else _marked(ctx, p) for p in pieces))


def _code(pieces, verbatim: dict[str, str] | None = None) -> Markup:
    """A format's text as the content of a <pre><code>: its line breaks kept, the access date as the script's slot;
    each text of ``verbatim`` (a source's own title or author, in a language other than the page's) tagged with its
    language wherever the format writes it as it is, so that it is read as what it is, in the code as on the page."""
    text = "".join("\n".join(escape(line) for line in p.split("\n")) if isinstance(p, str)
                   else _accessed(p.form) if isinstance(p, fmt_cite.Accessed) else escape(p.text) for p in pieces)
    if verbatim:
        shown = {str(escape(form)): tag for words, tag in verbatim.items()
                 for form in {words, fmt_cite.bare_title(words), fmt_cite.latex(words),
                              fmt_cite.latex(fmt_cite.bare_title(words))} if form}
        found = re.compile("|".join(re.escape(s) for s in sorted(shown, key=len, reverse=True)))
        text = found.sub(lambda m: f'<span lang="{shown[m.group()]}">{m.group()}</span>', text)
    return Markup(text.rstrip("\n"))


def _verbatim(w: fmt_cite.Work, lang: str) -> dict[str, str]:
    """{a credited source's own title or author: its language} for each in a language other than the page's."""
    page = SCHEMA_LANG[lang]
    return {words: o.language for o in (*w.origins, *w.relayed) for words in (o.title, o.author)
            if words and o.language and o.language != page}


def section(ctx, kind: str, ident: str) -> list[Markup]:
    """The "How to cite" section for a claim, source or entity page, as a list of Markdown blocks (one, which
    holds its heading and its block)."""
    w = work(ctx, kind, ident)
    lang = ctx.lang
    verbatim = _verbatim(w, lang)
    style = fmt_cite.style(lang)
    before, standard, after = t(style.label, lang).partition(STANDARD)
    return [render(  # the block is out of the search index (the template says why)
        "cite.html.j2", heading=t("h.cite", lang), kind=kind, ident=ident, tag=SCHEMA_LANG[lang],
        label=(before, standard, after), reference=_reference(ctx, style.reference(w)),
        copied=t("cite.copied", lang), failed=t("cite.copy_failed", lang), copy=t("cite.copy", lang),
        notes=[t("cite.permanent", lang), t("cite.accessed", lang)] if w.url else [t("cite.local", lang)],
        formats=[{"name": "bibtex", "summary": t("cite.bibtex", lang), "code": _code(fmt_cite.bibtex(w), verbatim)},
                 {"name": "csl-json", "summary": t("cite.csl", lang), "code": _code(fmt_cite.csl_json(w), verbatim)}])]


# --- the footer ------------------------------------------------------------------

def version_html(lang: str) -> Markup:
    """The data version as markup: the commit and its date, linked to data/ at that commit where known."""
    return _version_markup(SETTINGS.version, lang)


@lru_cache(maxsize=16)
def _version_markup(v: DataVersion, lang: str) -> Markup:
    """:func:`version_html` for version ``v``: the same on every page of a language (the footer and the print-only
    line show it), so made once."""
    label = t("footer.commit" if v.date else "footer.commit_nodate", lang)
    sentence, last = [], 0
    for m in _SLOT.finditer(label):
        sentence.append((label[last:m.start()], m.group(1)))
        last = m.end()
    sentence.append((label[last:], None))
    return render("version.html.j2", t=words(lang), v=v, sentence=sentence,
                  when=fmt.date(v.date, lang) if v.date else "")


def footer(lang: str, page_url: str) -> str:
    """The data version, the licences and the downloads, for every page's footer."""
    return str(render(  # plain text, for the theme's template
        "footer.html.j2", t=words(lang), commit=SETTINGS.version.commit or "", colon=Markup(t("colon", lang)),
        version=version_html(lang), data_page=urls.relative(page_url, urls.lang_prefix(lang) + "data/")))


_SLOT = re.compile(r"\{(\w+)\}")


# --- retired ids -------------------------------------------------------------------

def _name_of(ctx, kind: str, ident: str) -> str:
    kb = ctx.kb
    if kind == "claim":
        return plain(ctx, ctx.text(kb.claims[ident].statement), own=ident)
    if kind == "conflict":
        return plain(ctx, ctx.text(kb.conflicts[ident].question))
    record = getattr(kb, KINDS[kind].data)[ident]
    return ctx.text(record.name)


def _successor_name(ctx, kind: str, ident: str):
    """What a retired page names its successor by: a claim's statement with its figures as figures (a figure shown
    as bare text would be a number from nowhere), anything else's name as text."""
    if kind == "claim":
        return Markup(prose(ctx, ctx.text(ctx.kb.claims[ident].statement), own=ident))
    return _clean(_name_of(ctx, kind, ident))


def retired_page(ctx, old: str) -> tuple[str, str]:
    """The page kept at a retired id's address: what happened, and a link to the record that replaced it."""
    r = ctx.kb.redirects[old]
    lang = ctx.lang
    heading = t("retired." + r.change, lang).replace("{kind}", ctx.t(KINDS[r.kind].label)).replace("{id}", old)
    target = urls.page_url(r.kind, r.to, lang)
    address = public_url(target)
    body = render("retired.md.j2", t=words(lang), old=old, kind=r.kind, change=r.change, to=r.to,
                  kind_href=ctx.href(r.kind), kind_label=ctx.t(KINDS[r.kind].label), heading=heading,
                  reason=Markup(prose(ctx, ctx.text(r.reason))), to_href=ctx.href(r.kind, r.to),
                  to_name=_successor_name(ctx, r.kind, r.to), address=address)
    return page_markdown(heading, [body])
