"""mkdocs-macros entry point: the macros that written pages call.

Pages never type a figure; they call these with ids or data queries, e.g.
``{{ fig("gptoss-e2e-jalapeno") }}`` or ``{{ claim_table(tag="benchmark") }}``.
The fact base is opened once per build (see :mod:`sitebuild.kbcache`); the
language is the one being built, read from the page being rendered.

Filters take comma-separated lists: ``claim_table(tag="design,architecture")``.
"""
from __future__ import annotations

from kb import query
from kb.problems import DataError
from render import charts, citing, comparison, downloads, figures, jsonld, listing, provenance, relay, search, tables
from render.context import Ctx
from render.text import escape, prose
from sitebuild import kbcache


def define_env(env):
    data = kbcache.data_dir(env.conf.config_file_path)
    try:
        kbcache.open_kb(data)  # opened and checked once per build; a data error stops the build here
    except DataError as exc:  # the same lines kb check prints, not a traceback
        from mkdocs.exceptions import PluginError
        from mkdocs.plugins import get_plugin_logger

        log = get_plugin_logger("kb")
        for p in exc.problems:
            log.error(str(p))
        raise PluginError(f"the data has {len(exc.problems)} problem(s); run: kb check") from None

    def base():
        """The fact base this build opened, asked for at each call and never held here: the macros stay
        registered to the end of the build, and the build lets go of the base before Pagefind runs
        (``_let_go`` in macros/hooks.py)."""
        return kbcache.current(data)

    def ctx() -> Ctx:
        page = env.page
        lang = getattr(page.file, "locale_alternate_of", None) or env.conf.plugins["i18n"].current_language
        return Ctx(base(), lang, page.url)

    def _claim(cid):
        if cid not in base().claims:
            raise KeyError(f"page {env.page.file.src_uri} refers to claim {cid!r}, which is not in data/claims")
        return cid

    @env.macro
    def fig(claim_id):
        """A claim's figure, linked to its page, with tier, dispute and verdict badges."""
        return figures.figure(ctx(), _claim(claim_id))

    @env.macro
    def statement(claim_id):
        """A claim's statement in the page's language, its figures rendered."""
        return tables.statement(ctx(), _claim(claim_id))

    @env.macro
    def claim_table(tag=None, metric=None, subject=None, kind=None, entity=None, ids=None, exclude_tag=None,
                    status=None, verdict=None):
        """Claims matching every filter given, in the order data/ records them."""
        chosen = query.select(base(), tag=tag, metric=metric, subject=subject, kind=kind, entity=entity, ids=ids,
                              exclude_tag=exclude_tag, status=status, verdict=verdict)
        return tables.claim_table(ctx(), chosen)

    @env.macro
    def comparison_table(subject, metrics, tag=None):
        """Subject against its baseline, per model and metric, with the recorded ratio."""
        return tables.comparison_table(ctx(), subject, metrics, tag)

    @env.macro
    def metric_guide(metrics=None, tag=None):
        """Each metric's name, unit and how to read it; by default the metrics used by claims with ``tag``."""
        kb = base()
        ids = query.names(metrics) if metrics else query.metrics_of(kb, query.select(kb, tag=tag))
        return tables.metric_guide(ctx(), ids)

    @env.macro
    def derivation_table(tag=None, verdict=None):
        """Every derived claim (optionally by tag or verdict) with its operation and verdict."""
        return tables.derivation_table(ctx(), query.select(base(), tag=tag, derived=True, verdict=verdict))

    @env.macro
    def timeline(tag=None, exclude_tag=None):
        """Claims whose metric is a date, in date order."""
        return tables.timeline(ctx(), query.select(base(), tag=tag, kind="date", exclude_tag=exclude_tag))

    @env.macro
    def compare_charts():
        """A chart of every compared metric (compute: every number format) with figures to rank, each under a
        heading of its own whose anchor is the column's key."""
        c = ctx()
        out = []
        for col in query.accelerators(c.kb).columns:
            if col.key not in query.accelerators(c.kb).rankings:
                continue
            head, _, _ = comparison.heading(c, col)
            out.append(f"## {head} {{ #{col.key} }}\n\n" + charts.chart(
                c, "compare-" + col.metric, **({"number_format": col.number_format} if col.number_format else {})))
        return "\n\n".join(out)

    @env.macro
    def accelerator_table(maker=None):
        """Every compared chip and system against every compared metric, each cell its strongest figure."""
        return comparison.accelerator_table(ctx(), maker)

    @env.macro
    def tier_ladder():
        """The evidence ladder with each tier's definition and how many claims sit on it."""
        return tables.tier_ladder(ctx())

    @env.macro
    def conflict_list(kinds=None):
        return tables.conflict_list(ctx(), kinds)

    @env.macro
    def conflict_digest(ids):
        return tables.conflict_digest(ctx(), ids)

    @env.macro
    def relay_chains():
        return relay.chains(ctx())

    @env.macro
    def glossary():
        return tables.glossary(ctx())

    @env.macro
    def index(kind):
        """The index table of one kind of generated page."""
        c = ctx()
        if kind == "claims":
            return listing.table(c, "claim", None, filterable=True)  # its first part when it is long
        if kind == "sources":
            return tables.source_index(c)
        if kind == "entities":
            return tables.entity_index(c)
        if kind == "tiers":
            return tables.tier_ladder(c)
        if kind == "conflicts":
            return tables.conflict_list(c)
        raise KeyError(f"unknown index {kind!r}")

    @env.macro
    def entity_list(kind=None):
        return tables.entity_index(ctx(), kind)

    @env.macro
    def count(kind, tag=None):
        """How many records of a kind there are (claims may be counted by tag), formatted for the page."""
        c = ctx()
        if kind == "compared":
            return figures.count_markup(c, len(query.accelerators(c.kb).subjects), "entities-compared")
        if kind == "claims" and tag:
            return figures.count_markup(c, len(query.select(c.kb, tag=tag)), "claims-tagged:" + tag)
        return tables.counts(c)[kind]

    @env.macro
    def figure_count(what):
        """How the claims' own figures rest on their quotes (kb.figurecheck): 'stated', 'verbatim' (a quote writes
        it), 'reading' (a citation says how words are read), 'computed' or 'no-figure' (exempt), for the page."""
        c = ctx()
        return figures.count_markup(c, c.kb.figure_coverage()[what], "figures:" + what)

    @env.macro
    def link(kind, ident):
        """A link to a generated page, named as the data names it."""
        c = ctx()
        if kind == "entity":
            return tables.entity_link(c, ident)
        if kind == "tier":
            return tables.tier_link(c, ident)
        if kind == "source":
            from render.citations import source_link
            return source_link(c, ident)
        if kind == "conflict":
            return tables.linked_prose(c, c.text(c.kb.conflicts[ident].question), c.href("conflict", ident))
        if kind == "claim":
            return f'<a href="{c.href("claim", _claim(ident))}"><code>{escape(ident)}</code></a>'
        raise KeyError(f"unknown kind {kind!r}")

    @env.macro
    def href(kind, ident=None):
        """The relative address of a generated page or index, for Markdown links."""
        return ctx().href(kind, ident)

    @env.macro
    def search_box():
        """The offline search box (Pagefind, set up by assets/kb-search.js); it searches the page's own language."""
        return search.box(ctx())

    @env.macro
    def claim_addresses():
        """The address of a claim's page in each site language, as a list: `/claims/<id>/` (English), …"""
        return tables.claim_addresses(ctx())

    @env.macro
    def describe(kind, ident):
        """A record's own description text (entity description, tier definition), escaped."""
        c = ctx()
        if kind == "entity":
            return prose(c, c.text(c.kb.entities[ident].description))
        if kind == "tier":
            return prose(c, c.text(c.kb.tiers[ident].definition))
        raise KeyError(f"unknown kind {kind!r}")

    @env.macro
    def checking_coverage():
        """How every citation's words were checked, and how many quotes carry their translations, from the data."""
        from render.coverage import checking_coverage as coverage
        return coverage(ctx())

    # --- the data page (docs/*/data.md): downloads, their fields, version, Dataset description ---

    @env.macro
    def data_downloads():
        """The downloadable files, linked, with format and size (render.downloads)."""
        return downloads.downloads(ctx())

    @env.macro
    def data_fields(name):
        """The fields (JSON) or columns (CSV) of one download, generated from the export's definitions."""
        return downloads.field_table(ctx(), name)

    @env.macro
    def data_version():
        """The data version this build shows: commit and date, linked to that version where known."""
        return citing.version_html(ctx().lang)

    @env.macro
    def site_address():
        """The site's public address (mkdocs.yml's site_url, or SITE_URL), as code."""
        return f"<code>{escape(citing.public_url(''))}</code>"

    @env.macro
    def dataset_jsonld():
        """A schema.org Dataset with a DataDownload per file, as JSON-LD."""
        return jsonld.script(jsonld.dataset(ctx()))

    @env.macro
    def home_jsonld():
        """The home page's schema.org description: the WebSite and the Dataset it publishes, as JSON-LD."""
        return jsonld.script(jsonld.home(ctx()))

    @env.macro
    def chart(name, **params):
        """A chart drawn from the data as inline SVG, e.g. ``chart("benchmark-peak-tps-per-kw")`` (see render.charts)."""
        return charts.chart(ctx(), name, **params)

    terms_used = {}

    @env.macro
    def term(term_id, text=None):
        """A glossary term in running text, explained by a tooltip; ``text`` is the wording shown (default: the term)."""
        if term_id not in base().glossary:
            raise KeyError(f"page {env.page.file.src_uri} uses term {term_id!r}, which is not in data/glossary")
        page = env.page.file.src_uri
        if terms_used.get("page") != page:
            terms_used.clear()
            terms_used["page"] = page
        terms_used[term_id] = terms_used.get(term_id, 0) + 1
        return provenance.term(ctx(), term_id, text, terms_used[term_id])
