"""MkDocs hooks: the pages generated from data, and the search index.

* ``on_files`` (after mkdocs-static-i18n, which runs at priority -100) adds one
  page per claim, source, entity, tier and conflict for the language being
  built, at /<kind>/<id>/ (English) and /<lang>/<kind>/<id>/ (every other
  language: /zh/, /zh-hant/), with the attributes i18n uses for the language
  switcher and the sitemap.  The pages are kept out of the navigation tree.
  For a language converted from another (kb.languages), it points the written
  pages at the source language's files, which ``on_page_markdown`` converts
  before the macros run; ``on_config`` gives mkdocs-static-i18n each such
  language, from its record.
* ``on_page_read_source`` writes a generated page's Markdown when MkDocs reads it, with its raw HTML
  blocks held out of Markdown's way (:mod:`sitebuild.rawblocks`); ``on_page_content`` puts them back,
  and holds the page's HTML compressed until ``on_page_context`` opens it for the template (MkDocs
  renders every page of a language before it writes the first).
* ``on_page_content`` adds the evidence-tier legend to every page that shows a figure, keeps each
  heading's permalink mark (¶) out of the search index, and adds to every page the line it carries
  when printed (its address, data version and licence; :mod:`render.printing`).
* ``on_config`` reads the data version from git and dates the build by its commit
  (SOURCE_DATE_EPOCH), so two builds of one commit are identical; ``on_page_context``
  puts that version in every page's footer (see :mod:`publish.version`).
* ``on_env`` gives the templates (overrides/) each page's full address and its
  alternates in every language (the canonical link, hreflang, the sitemap) and
  each language's BCP 47 tag (``<html lang>``).
* ``on_config`` also reads each claim's own history from git, once (:mod:`publish.history`), for the claim pages'
  history sections and the corrections feeds (:mod:`render.history`).
* ``on_post_build`` writes the downloads (data/claims.json … datapackage.json, see
  :mod:`render.downloads`), then each language's corrections feed (/corrections.xml, /zh/corrections.xml), then
  writes data/provenance.<lang>.json (what a figure shows when a
  reader hovers, focuses or taps it; see :mod:`render.provenance`) and runs Pagefind
  once every language is built (in turn, or side by side by macros/parallel.py): one index per language, Chinese indexed character by
  character (see :mod:`sitebuild.search`), all served from the site itself.
* ``on_template_context`` and ``on_post_template`` make the page for a missing address in the
  language being built (overrides/404.html, :mod:`render.notfound`): /404.html in English,
  /zh/404.html in Chinese.
"""
from __future__ import annotations

import ctypes
import gc
import os
import zlib
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority, get_plugin_logger
from mkdocs.structure.files import File, InclusionLevel
from mkdocs.utils import get_build_date
from mkdocs_static_i18n.config import I18nPluginLanguage

from kb import languages, paths
from kb.problems import DataError
from publish import history as claim_history
from publish import version as data_version
from render import (charts, citing, converted, downloads, history, labels, listing, notfound, pages, printing,
                    provenance, skip, urls)
from render.context import Ctx
from sitebuild import kbcache, parallel, preview, rawblocks, search

log = get_plugin_logger("kb")


def _i18n(config):
    return config.plugins["i18n"]


_EPOCH_OURS = False  # whether SOURCE_DATE_EPOCH was set by this hook (mkdocs serve rebuilds)


def on_config(config):
    """Read the data version from git; date the build by its commit; give citations the site's address.

    The site's address is ``site_url``: mkdocs.yml's, unless SITE_URL gives another (a fork's or a
    preview's); an empty one is an error, since every citation and link that leaves the site is built
    on it.  The repository's address is ``repo_url`` or KB_REPO_URL.  See :mod:`publish.version`.
    """
    global _EPOCH_OURS
    if _i18n(config).building:
        return config  # a language build nested inside the first one: one version for the whole site
    try:  # the converted languages' word tables (data/languages/), read again when edited (mkdocs serve)
        languages.configure(kbcache.data_dir(config.config_file_path))
    except DataError as exc:
        for p in exc.problems:
            log.error(str(p))
        raise PluginError(f"data/ has {len(exc.problems)} problem(s); run: kb check") from None
    add_converted_languages(_i18n(config).config)
    version = data_version.read(kbcache.data_dir(config.config_file_path), data_version.repo_url(config.repo_url),
                                data_version.repo_branch())
    # each claim's own history, read from git once for the whole build (the languages built side by side share it)
    history.configure(claim_history.read(kbcache.data_dir(config.config_file_path), version.repo_url))
    epoch = data_version.source_date_epoch(version)
    if epoch and (_EPOCH_OURS or "SOURCE_DATE_EPOCH" not in os.environ):
        os.environ["SOURCE_DATE_EPOCH"] = epoch  # MkDocs dates the sitemap and its .gz by it
        _EPOCH_OURS = True
    names = {code: config.site_name for code in languages.LANGUAGES}
    descriptions = {code: config.site_description for code in languages.LANGUAGES}
    for lang in _i18n(config).config.languages:
        names[lang.locale] = lang.site_name or config.site_name
        descriptions[lang.locale] = lang.site_description or config.site_description
    try:
        citing.configure(config.site_url, version, names, get_build_date(), descriptions)
    except ValueError as exc:
        raise PluginError(f"{exc}: leave SITE_URL unset to use mkdocs.yml's site_url, or set it to the address "
                          f"the site is published at") from None
    return config


def _converted(value, lang: str):
    """A language setting of mkdocs.yml (a name, the nav's or the theme's words) as a converted language writes it."""
    if isinstance(value, str):
        return languages.convert(value, lang)
    if isinstance(value, dict):
        return {k: _converted(v, lang) for k, v in value.items()}
    if isinstance(value, list):
        return [_converted(v, lang) for v in value]
    return value


_WORDS = ("site_name", "site_description", "nav_translations", "admonition_translations")


def add_converted_languages(i18n_config) -> None:
    """Give mkdocs-static-i18n every converted language of the registry (kb.languages): its settings are those of
    the language it is converted from (site name, description, the nav's and the theme's words), converted, with
    its own name, theme language and address.  A language is one record.  Where mkdocs.yml lists the language with
    words of its own (written, not converted: Traditional Chinese as Taiwan writes it), those are kept, and the
    record still gives its theme language; the name it lists must be the record's."""
    for code in languages.CONVERTED:
        lang = languages.LANGUAGES[code]
        source = next(entry for entry in i18n_config.languages if entry.locale == lang.converted_from)
        listed = next((entry for entry in i18n_config.languages if entry.locale == code), None)
        if listed is not None and listed.name != lang.name:
            raise PluginError(f"mkdocs.yml names the language {code} {listed.name!r}, src/kb/languages.py "
                              f"{lang.name!r}: give it one name")
        own = {key: listed[key] for key in _WORDS if listed is not None and listed[key] is not None}
        settings = {key: _converted(source[key], code) for key in _WORDS if source[key] is not None}
        theme = dict(listed["theme"]) if listed is not None and listed["theme"] else \
            _converted(dict(source["theme"] or {}), code)
        theme["language"] = lang.theme
        entry = I18nPluginLanguage()
        entry.load_dict({"locale": code, "name": lang.name, "build": True, "theme": theme, **settings, **own})
        failed, _ = entry.validate()
        if failed:
            raise PluginError(f"the language {code} (src/kb/languages.py) cannot be built: {failed}")
        if listed is None:
            i18n_config.languages.append(entry)
        else:
            i18n_config.languages[i18n_config.languages.index(listed)] = entry


def _address(url: str) -> str:
    return citing.public_url(url or "")


def _alternates(file) -> list[tuple[str, str]]:
    """A page's full address in each language, tagged as its <html lang> is, then x-default (the English page)."""
    alternates = getattr(file, "alternates", None) or {}
    langs = sorted(alternates, key=lambda lang: (lang != urls.DEFAULT_LANG, lang))
    out = [(urls.lang_tag(lang), _address(alternates[lang].url)) for lang in langs]
    default = alternates.get(urls.DEFAULT_LANG)
    if default is not None:
        out.append(("x-default", _address(default.url)))
    return out


def on_env(env, config, files):
    """What the templates (overrides/) need from the code."""
    env.globals["kb_address"] = _address
    env.globals["kb_alternates"] = _alternates
    env.globals["kb_lang_tag"] = urls.lang_tag
    env.globals["kb_lang"] = _i18n(config).current_language
    env.globals["kb_feed"] = lambda lang: _address(paths.feed_path(lang))
    preview.note_frame(_i18n(config).current_language, files, kbcache.current(kbcache.data_dir(config.config_file_path)))
    return env


@event_priority(500)  # before anything reads the page's HTML again
def on_page_context(context, page, config, nav):
    """Every page's footer names the data version it was built from (overrides/partials/copyright.html); the page's
    HTML, held compressed since :func:`on_page_content`, opened for the template."""
    page.content = page_html(page.content)
    context["kb_version"] = citing.footer(_i18n(config).current_language, page.url)
    return context


def _generated(config, kind: str, ident: str, lang: str, content: str) -> File:
    f = File.generated(config, urls.src_uri(kind, ident, lang), content=content, inclusion=InclusionLevel.NOT_IN_NAV)
    f.dest_uri = urls.dest_uri(kind, ident, lang)
    f.url = urls.page_url(kind, ident, lang)
    f.locale = lang
    f.locale_alternate_of = lang
    f.localization = lang
    f.norm_src_uri = urls.src_path(kind, ident)
    return f


def require_labels():
    """Stop the build, naming them, when values of the schema (a new entity kind...) have no label to show them by,
    or words of the vocabulary have no text in a language whose words are its own."""
    missing = labels.unlabelled() + labels.untranslated()
    if missing:
        raise PluginError("src/kb/vocabulary.py has no label for " + "; ".join(missing)
                          + ": each value of the schema that pages show, and each word, needs a text in every "
                          "written language and in each converted language whose words are its own "
                          "(src/kb/languages.py, vocabulary=True)")


def pages_taken(files) -> dict:
    """The pages the site has before any is generated from data, by their source path and by their address."""
    return {f.src_uri: f for f in files} | {f.url: f for f in files}


def in_place_of(taken: dict, kind: str, ident: str, lang: str) -> str | None:
    """Why the page of record ``ident`` cannot be generated, where it would take the place of a page in ``taken``."""
    url = urls.page_url(kind, ident, lang)
    other = taken.get(urls.src_uri(kind, ident, lang)) or taken.get(url)
    if other is None:
        return None
    return (f"the {kind} {ident!r} would have its page at /{url}, in place of {other.src_uri}, which the site builds "
            "itself: give the record another id (kb.paths.reserved lists the names the site keeps for itself)")


@event_priority(-200)
def on_files(files, config):
    i18n = _i18n(config)
    lang = i18n.current_language
    try:
        kb = kbcache.open_kb(kbcache.data_dir(config.config_file_path))
    except DataError as exc:
        for p in exc.problems:
            log.error(str(p))
        raise PluginError(f"data/ has {len(exc.problems)} problem(s); run: kb check") from None
    require_labels()
    if languages.LANGUAGES[lang].converted_from:
        _convert_written_pages(files, config, lang)
    others = [x for x in i18n.build_languages if x != lang]
    choosing = preview.choosing()
    # No record's page may take the place of a page the site builds itself (kb check refuses the names of those,
    # kb.paths.reserved; this holds whatever the list misses, such as a written page added to a record folder).
    taken = pages_taken(files)
    for kind, ident in preview.considered(pages.all_pages(kb)):
        replaced = in_place_of(taken, kind, ident, lang)
        if replaced:
            raise PluginError(replaced)
        content = ""  # written when MkDocs reads the page (on_page_read_source): one page's Markdown at a time
        if choosing:
            _, content = pages.body(Ctx(kb, lang, urls.page_url(kind, ident, lang)), kind, ident)
            if not preview.wanted(lang, kind, ident, content):
                continue  # `make preview` rebuilding what a change touches: this page is already as built
        f = _generated(config, kind, ident, lang, "")
        f.kb_record, f.kb_markdown = (kind, ident), content or None
        f.alternates = {lang: f}
        for other in others:  # only its address is needed, for the language switcher and hreflang
            f.alternates[other] = _generated(config, kind, ident, other, "")
        files.append(f)
    if preview.indexing():  # a preview rebuilding what a change touches keeps the last whole build's later parts
        _list_parts(files, config, kb, lang, others)
    i18n.i18n_files_per_language[lang] = files.documentation_pages()
    return files


def on_page_read_source(page, config):
    """A page generated from data, written as MkDocs reads it: its Markdown is made when needed, not all at once
    (unless a preview made it to compare), and its raw HTML blocks are held out of Markdown's way until
    :func:`on_page_content` puts them back (:mod:`sitebuild.rawblocks`)."""
    record = getattr(page.file, "kb_record", None)
    if record is None:
        return None
    markdown = page.file.kb_markdown
    page.file.kb_markdown = None
    if markdown is None:
        kind, ident = record
        kb = kbcache.current(kbcache.data_dir(config.config_file_path))
        markdown = pages.body(Ctx(kb, page.file.locale, page.file.url), kind, ident)[1]
    markdown, page.kb_held = rawblocks.hold(markdown)
    return markdown


def _convert_written_pages(files, config, lang: str) -> None:
    """A converted language's written pages: each is its source language's page (docs/zh/x.md), converted as the
    build reads it (:func:`on_page_markdown`), so that it never drifts from what it is converted from.
    mkdocs-static-i18n found no docs/<lang>/ and gave the default language's pages in their place, with every
    address and alternate set: each is pointed at its source language's file instead.  A page its source language
    lacks stays that fallback, as it does in the source language itself (and the parity check says so)."""
    source = languages.LANGUAGES[lang].converted_from
    docs = Path(config.docs_dir)
    for f in files.documentation_pages():
        if f.generated_by is not None:
            continue
        rel = f.src_uri.split("/", 1)[1] if "/" in f.src_uri else f.src_uri
        written = docs / source / rel
        if not written.is_file():
            continue
        f.abs_src_path = str(written)  # still a written page (make preview tells them apart by their file)
        f.locale = lang  # the page is in the language being built, not a fallback


@event_priority(100)  # before the macros plugin renders the page: a macro's output (a quote) is never converted
def on_page_markdown(markdown, page, config, files):
    """A converted language's written page, converted from its source language's Markdown as the build reads it."""
    lang = _page_lang(page, config)
    if languages.LANGUAGES[lang].converted_from and page.file.generated_by is None:
        return languages.convert(markdown, lang)
    return markdown


def _part_file(config, kind: str, ident: str | None, n: int, lang: str, content: str) -> File:
    f = File.generated(config, listing.part_src_uri(kind, ident, n, lang), content=content,
                       inclusion=InclusionLevel.NOT_IN_NAV)
    f.url = listing.part_url(kind, ident, n, lang)
    f.dest_uri = f"{f.url}index.html"
    f.locale = f.locale_alternate_of = f.localization = lang
    f.norm_src_uri = listing.part_src_uri(kind, ident, n, lang).split("/", 1)[1]
    return f


def _list_parts(files, config, kb, lang: str, others: list[str]) -> None:
    """Add the later parts of every list of claims too long for one page (render/listing.py)."""
    for kind, ident, n in listing.later_parts(kb):
        url = listing.part_url(kind, ident, n, lang)
        _, content = listing.part_page(Ctx(kb, lang, url), kind, ident, n)
        f = _part_file(config, kind, ident, n, lang, content)
        f.alternates = {lang: f}
        for other in others:
            f.alternates[other] = _part_file(config, kind, ident, n, other, "")
        files.append(f)


@event_priority(-200)
def on_post_build(config):
    i18n = _i18n(config)
    if parallel.nested(i18n):
        return  # a language build nested inside the first one; index once, at the end
    try:
        _after_every_language(config)
    finally:
        parallel.finish(i18n)


def _after_every_language(config):
    downloads.write(kbcache.open_kb(kbcache.data_dir(config.config_file_path)), config.site_dir)  # the downloads
    _write_provenance(config)
    history.write(config.site_dir, kbcache.open_kb(kbcache.data_dir(config.config_file_path)),
                  _i18n(config).build_languages)  # the corrections feeds
    if not preview.indexing():
        return  # `make preview` rebuilding only what a change touches: search keeps the last whole build's index
    if parallel.index_in_parent(config.site_dir):
        return  # `mkdocs build`: the process that forked this one indexes the site once this one has ended
    if parallel.from_command_line():
        _let_go()
    try:
        search.write(config.site_dir)
    except RuntimeError as exc:
        raise PluginError(f"pagefind failed: {exc}") from None


def _let_go() -> None:
    """Before Pagefind runs, let go of what only the pages needed: the fact base and what holds it.

    The build's process waits for Pagefind with all it holds, and the two together set the build's peak memory
    (BENCHMARKS.md).  Only a build that ends here does this: ``mkdocs serve`` and ``make preview`` keep the
    fact base for their next build.  glibc keeps memory freed in small pieces for reuse unless asked to give
    it back (``malloc_trim``)."""
    kbcache.release()
    charts.forget()
    downloads.forget()
    gc.collect()
    try:
        ctypes.CDLL(None).malloc_trim(0)
    except (AttributeError, OSError):
        pass  # not glibc: what was freed stays with the process for reuse


def _page_lang(page, config) -> str:
    return getattr(page.file, "locale_alternate_of", None) or _i18n(config).current_language


_PERMALINK = '<a class="headerlink" '  # what the toc extension writes for a heading's ¶ link


def unindexed_permalinks(html: str) -> str:
    """The page's HTML with its headings' permalinks (¶) kept out of the search index. It puts no data into a
    page, so the benchmark's build of the same pages without macros does it too (bench/static_hook.py)."""
    return html.replace(_PERMALINK, _PERMALINK + 'data-pagefind-ignore="all" ')


def marked(html: str, page, config) -> str:
    """What the hooks change inside a page's HTML rather than after it: headings' permalinks out of the search
    index, and on a converted language's page the note under its title. Neither puts data into a page, so the
    benchmark's build of the same pages without macros does both too (bench/static_hook.py)."""
    return converted.after_title(unindexed_permalinks(html), converted.note(_page_lang(page, config), page.url))


@event_priority(-500)  # the last to read a page's HTML before MkDocs holds it (see below)
def on_page_content(html, page, config, files):
    """Keep heading permalinks (¶) out of the search index; the evidence-tier legend, on every page that shows a
    figure; the line a printed page carries, on every page.

    MkDocs renders every page of a language to HTML before it writes the first, and holds them all meanwhile:
    at 10,000 claims about a gigabyte.  Each page's Markdown is let go here, once rendered, and its HTML held
    compressed until :func:`on_page_context` opens it for the theme's template, a few milliseconds later."""
    html = _page_content(rawblocks.release(html, getattr(page, "kb_held", None)), page, config)
    page.markdown, page.kb_held = "", None  # not None: MkDocs reads a page's title as None while its Markdown is
    return zlib.compress(html.encode("utf-8"), 1)


def page_html(content) -> str:
    """A page's HTML as it stands, whether held compressed (bytes, between MkDocs' two passes) or not."""
    return zlib.decompress(content).decode("utf-8") if isinstance(content, bytes) else content


def _page_content(html, page, config) -> str:
    html = marked(html, page, config)
    lang = _page_lang(page, config)
    if 'class="kb-figure"' in html:
        kb = kbcache.current(kbcache.data_dir(config.config_file_path))  # once per page: no second look at data/
        html += provenance.tier_legend(Ctx(kb, lang, page.url))
    return html + printing.line(lang, page.url)


def _write_provenance(config):
    """One JSON per language with each claim's provenance, which kb.js loads when a reader reaches for a figure."""
    kb = kbcache.open_kb(kbcache.data_dir(config.config_file_path))
    provenance.write(config.site_dir, kb, _i18n(config).build_languages)


@event_priority(-500)  # after every other plugin's on_post_page; MkDocs writes the page right after
def on_post_page(output, page, config):
    """Let go of a page's HTML body once its output exists (its Markdown went once it was rendered).

    MkDocs keeps every page to the end of the build, and mkdocs-static-i18n builds the
    second language inside the first: without this, the text of every page of both
    languages stays in memory (about half a gigabyte more at 10,000 claims).  Nothing
    reads a page's body after this event; its title and table of contents stay.
    """
    page.content = ""  # its Markdown went in on_page_content
    if page.file.abs_src_path is None:  # a page generated from data: its File holds the Markdown too
        page.file.content_string = ""
    return skip.link(output, _page_lang(page, config))


_MENU: list = []  # the language menu's entries while the page for a missing address is rendered


def on_template_context(context, template_name, config):
    """The page for a missing address in the language being built, and a language menu leading to each home page.

    (The menu, ``extra.alternate``, otherwise still holds the last page built's addresses: the
    i18n plugin sets it per page, and this page is rendered before the pages.)"""
    if template_name != notfound.TEMPLATE:
        return context
    i18n = _i18n(config)
    lang = i18n.current_language
    base = notfound.base_path(config.site_url)
    names = citing.SETTINGS.site_names
    context["kb_not_found"] = notfound.content(lang, base, names)
    context["kb_not_found_title"] = notfound.title(lang, names.get(lang, config.site_name))
    menu = [{"name": x.name, "link": base + urls.lang_prefix(x.locale), "lang": x.locale}
            for x in i18n.config.languages if x.locale in i18n.build_languages]
    # the i18n plugin sets it as an item and, per page, as an attribute (which templates read first)
    _MENU[:] = [(config.extra.get("alternate"), vars(config.extra).get("alternate"))]
    config.extra["alternate"] = menu
    config.extra.alternate = menu
    return context


def on_post_template(output, template_name, config):
    """Write a language's page for missing addresses into its folder (/zh/404.html), not over the English one."""
    if template_name == "sitemap.xml" and parallel.in_fork():
        return ""  # a language built beside the others: the build that forked it writes the whole sitemap
    if template_name != notfound.TEMPLATE:
        return output
    if _MENU:
        item, attribute = _MENU.pop()
        config.extra["alternate"] = item
        if attribute is None:
            vars(config.extra).pop("alternate", None)
        else:
            config.extra.alternate = attribute
    lang = _i18n(config).current_language
    output = skip.link(output, lang)
    if lang == urls.DEFAULT_LANG:
        return output
    path = Path(config.site_dir) / notfound.dest(lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(output, encoding="utf-8")
    return ""  # MkDocs writes nothing for an empty page; /404.html stays the default language's
