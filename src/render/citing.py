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

from publish import formats as fmt_cite
from kb import query
from kb.kinds import KINDS

from . import format as fmt
from . import urls
from publish.version import DataVersion
from .frontmatter import page_markdown
from .labels import t
from .text import escape, plain, prose

LICENSE_DATA = "https://creativecommons.org/licenses/by/4.0/"
LICENSE_CODE = "https://opensource.org/license/mit"
SCHEMA_LANG = urls.LANG_TAGS



@dataclass
class Settings:
    site_url: str | None = None  # e.g. https://example.org/jalapeno/ ; None until configure() sets it
    version: DataVersion = field(default_factory=lambda: DataVersion(None, None, False, None))
    site_names: dict[str, str] = field(default_factory=lambda: {"en": "Jalapeño evidence base", "zh": "Jalapeño 证据库"})
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


def title(ctx, kind: str, ident: str) -> str:
    kb = ctx.kb
    if kind == "claim":
        return _clean(plain(ctx, ctx.text(kb.claims[ident].statement), own=ident))
    if kind == "source":
        return _clean(ctx.text(kb.sources[ident].name))
    return _clean(ctx.text(kb.entities[ident].name))


def work(ctx, kind: str, ident: str) -> fmt_cite.Work:
    url = public_url(urls.page_url(kind, ident, ctx.lang))
    v = SETTINGS.version
    cited, relayed = origins(ctx, kind, ident)
    return fmt_cite.Work(kind=kind, ident=ident, lang=ctx.lang, publisher=SETTINGS.site_names[ctx.lang],
                         title=title(ctx, kind, ident), url=url, version=v.short, date=v.date,
                         origins=cited, relayed=relayed)


# --- HTML ----------------------------------------------------------------------

def _accessed(style: str, lang: str) -> str:
    """The markup that stands for the access date until the page's script fills in the reader's date."""
    day = SETTINGS.date
    if style == "parts":
        return f'<span data-kb-accessed="parts">{escape(fmt_cite.accessed_form(day, style))}</span>'
    return f'<time data-kb-accessed="{style}" datetime="{day}">{escape(fmt_cite.accessed_form(day, style))}</time>'


def _with_date(text: str, style: str, lang: str) -> str:
    out, mark = escape(text), escape(fmt_cite.ACCESSED)
    return out.replace(mark, _accessed(style, lang)) if mark in out else out  # most lines carry no date


def _code(text: str, style: str, lang: str) -> str:
    # inside <pre>, line breaks must survive escaping, which folds them
    lines = [_with_date(line, style, lang) for line in text.rstrip("\n").split("\n")]
    return "<pre><code>" + "\n".join(lines) + "</code></pre>"


STANDARD = "GB/T 7714-2015"
_MARK = "\ue000{}\ue001"  # stands for a piece of markup in the reference until it is escaped
_NAME = "\ue002{}\ue003"  # stands for a source's title, author or address in the reference until it is marked


def _figure_in_text(ctx, cid: str) -> str:
    """A claim's figure inside the reference: linked to its claim, with its <data>/<time> markup, reading exactly
    as :func:`title` writes it (hedge, number, unit; a plain space for the no-break one), so a copied reference
    stays clean text."""
    from .figures import value_markup

    c = ctx.kb.claims[cid]
    hedge = f'<span class="kb-approx">{escape(ctx.t("approx"))}</span> ' if c.approximate else ""
    return f'<a class="kb-fig" href="{ctx.href("claim", cid)}">{hedge}{value_markup(ctx, cid)}</a>'


def _marked_title(ctx, kind: str, ident: str, title_text: str) -> tuple[str, dict[str, str]]:
    """The work's title with each figure (and, on an entity's page, the name) standing as a mark, and the
    markup each mark becomes; the marks are used only where the markup reads as the plain title does."""
    from kb.prose import PLACEHOLDER, kind_of

    kb, marks = ctx.kb, {}
    if kind == "entity":
        marks[_MARK.format(0)] = f'<span data-entity="{ident}">{escape(title_text)}</span>'
        return _MARK.format(0), marks
    if kind != "claim":
        return title_text, marks

    def fill(m):
        k, target = kind_of(m)
        target = ident if k == "value" else target
        mark = _MARK.format(len(marks))
        if k == "entity" and target in kb.entities:
            marks[mark] = f'<span data-entity="{target}">{escape(ctx.text(kb.entities[target].name))}</span>'
        elif k != "entity" and target in kb.claims:
            marks[mark] = _figure_in_text(ctx, target)
        else:
            return m.group(0)
        return mark

    marked = _clean(plain(ctx, PLACEHOLDER.sub(fill, ctx.text(kb.claims[ident].statement)), own=ident))
    # the marked title must read as the plain one once each mark is its markup's text
    if _clean(_text_of(marked, marks)) != title_text:
        return title_text, {}
    return marked, marks


def _text_of(text: str, marks: dict[str, str]) -> str:
    for mark, markup in marks.items():
        text = text.replace(mark, _shown(markup))
    return text


def _reference(ctx, w: fmt_cite.Work, kind: str, ident: str, style: str) -> str:
    """The reference as HTML: figures as <data>/<time> tied to their claims, the data version's date inside
    the version's markup, the sources' dates as <time>; its text is the plain reference's, character for
    character."""
    import dataclasses

    title_text, marks = _marked_title(ctx, kind, ident, w.title)
    marked = dataclasses.replace(w, title=title_text)
    cite = fmt_cite.style(ctx.lang)
    text = cite.reference(marked)
    out = escape(text)  # dates first, while the text holds no markup whose attributes they could match
    names: dict[str, str] = {}  # the sources' titles, authors and addresses: names, not figures (marked first,
    shown_names = {v for o in w.origins + w.relayed for v in (o.title, o.author, o.url) if v}
    shown_names |= {v for o in w.origins + w.relayed for v in (o.name, o.publisher)  # a name with digits: 香港01
                    if v and any(ch.isdigit() for ch in v)}
    for value in sorted(shown_names, key=len, reverse=True):  # so that no date or version inside one is taken)
        if escape(value) in out:
            mark = _NAME.format(len(names))
            out = out.replace(escape(value), mark)
            names[mark] = f'<span data-name>{escape(value)}</span>'
    head = ""
    if w.date:  # the data version's date: the build's bookkeeping, like the footer's
        shown = escape(cite.date(w.date))
        at = out.find(shown)
        if at >= 0:
            head = (out[:at] + f'<span class="kb-version"><time datetime="{w.date}" data-kb-version="">{shown}</time></span>')
            out = out[at + len(shown):]
    if w.version:  # the commit id, a name (it may be all digits), in the version's markup too
        short = escape(w.version)
        text_with_id = head or out
        at = text_with_id.rfind(short)
        if at >= 0:
            marked_id = text_with_id[:at] + f'<span class="kb-version">{short}</span>' + text_with_id[at + len(short):]
            head, out = (marked_id, out) if head else ("", marked_id)
    for day in dict.fromkeys(o.date for o in w.origins + w.relayed if o.date):  # the sources' dates, after it
        shown = escape(cite.date(day))
        out = out.replace(shown, f'<time datetime="{day}">{shown}</time>')
    out = (head + out).replace(escape(fmt_cite.ACCESSED), _accessed(style, ctx.lang))
    for mark, markup in (marks | names).items():
        out = out.replace(mark, markup)
    plain_ref = _with_date(cite.reference(w), style, ctx.lang)
    return out if _shown(out) == _shown(plain_ref) else plain_ref  # a copied reference reads the same


def _shown(markup: str) -> str:
    import html as _html
    import re as _re

    return _html.unescape(_re.sub(r"<[^>]+>", "", markup))


def _copy_button(lang: str) -> str:
    """The button that copies the reference above it (assets/kb-cite.js), and where it says how that went.
    Hidden until the script shows it: without the script it could do nothing."""
    return (f'<p class="kb-cite-copy" hidden><button type="button" class="md-button kb-copy" '
            f'data-copied="{escape(t("cite.copied", lang))}" data-failed="{escape(t("cite.copy_failed", lang))}">'
            f'{escape(t("cite.copy", lang))}</button> <span class="kb-copy-status" role="status"></span></p>')


def section(ctx, kind: str, ident: str) -> list[str]:
    """The "How to cite" heading and block (a list of Markdown blocks) for a claim, source or entity page."""
    w = work(ctx, kind, ident)
    lang = ctx.lang
    cite = fmt_cite.style(lang)
    style, label = cite.accessed, t(cite.label, lang)
    reference = _reference(ctx, w, kind, ident, style)
    notes = [t("cite.permanent", lang), t("cite.accessed", lang)]
    label_html = escape(label).replace(escape(STANDARD), f'<span data-name>{escape(STANDARD)}</span>')
    body = (f'<p class="kb-cite-label">{label_html}</p>'
            f'<p class="kb-cite-text" lang="{SCHEMA_LANG[lang]}">{reference}</p>'
            f'{_copy_button(lang)}'
            f'<p class="kb-note">{" ".join(escape(n) for n in notes)}</p>'
            f'<details class="kb-cite-format" data-format="bibtex"><summary>{escape(t("cite.bibtex", lang))}</summary>'
            f'{_code(fmt_cite.bibtex(w), "iso", lang)}</details>'
            f'<details class="kb-cite-format" data-format="csl-json"><summary>{escape(t("cite.csl", lang))}</summary>'
            f'{_code(fmt_cite.csl_json(w), "parts", lang)}</details>')
    return [f"## {t('h.cite', lang)} {{ #cite }}",
            # Out of the search index: every page's reference, BibTeX and CSL-JSON would match searches
            # for their field names and cost Pagefind a quarter of its time, memory and index size.
            f'<div class="kb-cite copy" data-cite="{kind}:{ident}" data-pagefind-ignore="all">\n{body}\n</div>']


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
