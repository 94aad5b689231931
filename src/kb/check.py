"""Rules that span records: references, quotes, dates, units, cycles.

Each rule is a function ``rule(ctx) -> None`` registered with :func:`rule`; it
reports through ``ctx.report(kind, id, path, rule, message, hint)``.  The rules
read like the specification of the fact base.
"""
from __future__ import annotations

import datetime as dt
import functools
import re
import typing
import unicodedata
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from .load import Loaded
from .problems import Problem
from . import checked, files, kinds, schema
from .operations import OPERATIONS, date_operations

RULES: list[Callable[["Context"], None]] = []
CJK = re.compile(r"[\u3400-\u9fff]")


def rule(fn):
    RULES.append(fn)
    return fn


@dataclass
class Context:
    loaded: Loaded
    data_dir: Path
    today: dt.date

    def __post_init__(self):
        self.problems: list[Problem] = []
        r = self.loaded.records
        self.claims, self.entities, self.sources = r["claims"], r["entities"], r["sources"]
        self.metrics, self.units, self.tiers = r["metrics"], r["units"], r["tiers"]
        self.conflicts, self.glossary = r["conflicts"], r["glossary"]

    def prose(self, kind):
        """Every bilingual text of every record of a kind: (id, record, path, text), walked once."""
        if not hasattr(self, "_prose"):
            self._prose = {}
        if kind not in self._prose:
            self._prose[kind] = [(rid, rec, path, bi) for rid, rec in self.loaded.records[kind].items()
                                 for path, bi in _bilingual_fields(rec)]
        return self._prose[kind]

    def report(self, kind, rid, path, rule_name, message, hint=""):
        origin = self.loaded.origins[(kind, rid)]
        src = self.loaded.sources[origin.file]
        full = (rid,) + tuple(path)
        line, col = src.where(full)
        self.problems.append(Problem(origin.file, line, col, rule_name, message, hint, full))


def run(loaded: Loaded, data_dir: Path, today: dt.date) -> list[Problem]:
    ctx = Context(loaded, data_dir, today)
    for fn in RULES:
        fn(ctx)
    return ctx.problems


# --- references ---------------------------------------------------------------

def _ref(ctx, kind, rid, path, target_kind, target, what):
    pool = ctx.loaded.records[target_kind]
    if target is not None and target not in pool:
        import difflib
        close = difflib.get_close_matches(target, list(pool), n=1)
        article = "an" if what[0] in "aeiou" else "a"  # an entity, an evidence tier; a claim, a unit
        hint = f"did you mean {close[0]!r}?" if close else f"add {article} {what} with id {target!r} in data/{target_kind}/, or fix the id"
        ctx.report(kind, rid, path, "unknown-reference", f"no {what} has the id {target!r}", hint)


@rule
def references_resolve(ctx: Context):
    for cid, c in ctx.claims.items():
        _ref(ctx, "claims", cid, ("subject",), "entities", c.subject, "entity")
        _ref(ctx, "claims", cid, ("metric",), "metrics", c.metric, "metric")
        _ref(ctx, "claims", cid, ("tier",), "tiers", c.tier, "evidence tier")
        _ref(ctx, "claims", cid, ("successor",), "claims", c.successor, "claim")
        for f in ("model", "baseline", "benchmark"):
            _ref(ctx, "claims", cid, ("conditions", f), "entities", getattr(c.conditions, f), "entity")
        for i, cit in enumerate(c.citations):
            _ref(ctx, "claims", cid, ("citations", i, "source"), "sources", cit.source, "source")
            _ref(ctx, "claims", cid, ("citations", i, "attributed_to"), "sources", cit.attributed_to, "source")
        if c.derivation:
            for i, inp in enumerate(c.derivation.inputs):
                _ref(ctx, "claims", cid, ("derivation", "inputs", i), "claims", inp, "claim")
        _ref(ctx, "claims", cid, ("unit",), "units", c.unit, "unit")
        _ref(ctx, "claims", cid, ("number_format",), "formats", c.number_format, "number format")
    for mid, m in ctx.metrics.items():
        _ref(ctx, "metrics", mid, ("unit",), "units", m.unit, "unit")
    for eid, e in ctx.entities.items():
        _ref(ctx, "entities", eid, ("parent",), "entities", e.parent, "entity")
    for sid, s in ctx.sources.items():
        _ref(ctx, "sources", sid, ("publisher",), "entities", s.publisher, "entity")
        for i, k in enumerate(s.known_from):
            _ref(ctx, "sources", sid, ("known_from", i), "sources", k, "source")
        for i, k in enumerate(s.url_from):
            _ref(ctx, "sources", sid, ("url_from", i), "sources", k, "source")
    for xid, x in ctx.conflicts.items():
        for i, side in enumerate(x.sides):
            for j, cid in enumerate(side.claims):
                _ref(ctx, "conflicts", xid, ("sides", i, "claims", j), "claims", cid, "claim")
    for gid, g in ctx.glossary.items():
        for i, r in enumerate(g.related):
            _ref(ctx, "glossary", gid, ("related", i), "glossary", r, "glossary term")


@rule
def tags_are_named(ctx: Context):
    """Every topic tag a claim carries is one of data/tags.yml, which names it in each language: readers see the
    names, never the ids."""
    import difflib

    known = ctx.loaded.records["tags"]
    for cid, c in ctx.claims.items():
        for i, tag in enumerate(c.tags):
            if tag in known:
                continue
            close = difflib.get_close_matches(tag, list(known), n=1)
            ctx.report("claims", cid, ("tags", i), "unknown-tag",
                       f"no topic tag has the id {tag!r}: readers see each tag's name, which data/tags.yml gives",
                       f"did you mean {close[0]!r}?" if close else
                       f"add {tag}: {{name: {{en: ..., zh: ...}}}} to data/tags.yml, or use a tag listed there")


REDIRECT_POOLS = {k.name: k.data for k in kinds.retirable()}  # what a redirect's kind names -> where its records are


@rule
def redirects_lead_to_records(ctx: Context):
    """A retired id points at a record that exists, and no record still has it."""
    redirects = ctx.loaded.records["redirects"]
    for rid, r in redirects.items():
        folder = REDIRECT_POOLS[r.kind]
        pool = ctx.loaded.records[folder]
        if rid in pool:
            o = ctx.loaded.origins[(folder, rid)]
            ctx.report("redirects", rid, (), "redirect-id-in-use",
                       f"the {r.kind} id {rid!r} is still in use ({ctx.loaded.root}{o.file}:{o.line})",
                       "a redirect is for an id no record has any more: rename the record, or remove the redirect")
        if r.to in pool:
            continue
        onward = redirects.get(r.to)
        if onward is not None and onward.kind == r.kind:
            ctx.report("redirects", rid, ("to",), "unknown-reference",
                       f"{r.to!r} was itself retired in favour of {onward.to!r}",
                       f"point this redirect straight at {onward.to!r}")
        else:
            _ref(ctx, "redirects", rid, ("to",), folder, r.to, r.kind)


@rule
def sources_are_used(ctx: Context):
    used = {cit.source for c in ctx.claims.values() for cit in c.citations}
    used |= {cit.attributed_to for c in ctx.claims.values() for cit in c.citations}
    used |= {k for s in ctx.sources.values() for k in (*s.known_from, *s.url_from)}
    for sid in ctx.sources:
        if sid not in used:
            ctx.report("sources", sid, (), "unused-source", f"no claim cites the source {sid!r}",
                       "cite it from a claim (citations: - source: ...), or remove it")


# --- quotes and snapshots ---------------------------------------------------------

def _norm(text: str) -> str:
    return unicodedata.normalize("NFC", text)


@rule
def quotes_are_verbatim(ctx: Context):
    texts: dict[str, str] = {}
    for sid, s in ctx.sources.items():
        if s.snapshot is None:
            continue
        # read as kb.files reads: a regular file inside data/snapshots/, never through a link, within its size
        # limit; a snapshot refused is never compared with, so no passage of it is ever printed
        raw, refused = files.read_file(ctx.data_dir, s.snapshot.file, files.MAX_SNAPSHOT_BYTES, "snapshot")
        if refused is not None:
            ctx.problems.append(refused)
            continue
        if raw is None:
            ctx.report("sources", sid, ("snapshot", "file"), "snapshot-missing",
                       f"the snapshot file {ctx.loaded.root}{s.snapshot.file} does not exist",
                       "add the source's text there, or remove the snapshot entry")
            continue
        try:
            texts[sid] = _norm(raw.decode("utf-8"))
        except UnicodeDecodeError as exc:
            ctx.problems.append(files.utf8_problem(s.snapshot.file, raw, exc))
    for cid, c in ctx.claims.items():
        for i, cit in enumerate(c.citations):
            # a source with no copy here is not compared with anything: kb.checked says "read" (at its
            # address, on a date) or "unchecked", never verified, and source_addresses refuses the latter
            text = texts.get(cit.source)
            if text is not None and cit.quote is not None and _norm(cit.quote) not in text:
                from .closest import describe
                ctx.report("claims", cid, ("citations", i, "quote"), "quote-not-in-snapshot",
                           f"the quote is not found verbatim in the snapshot of {cit.source!r}: "
                           + describe(_norm(cit.quote), text),
                           "copy the words exactly from " + ctx.loaded.root + ctx.sources[cit.source].snapshot.file +
                           ", keeping its spaces, punctuation and script (简/繁)")


LANG_NAMES = {"en": "English", "zh": "Chinese"}


@rule
def quotes_are_translated(ctx: Context):
    for cid, c in ctx.claims.items():
        for i, cit in enumerate(c.citations):
            src = ctx.sources.get(cit.source)
            own = checked.quote_lang(src)
            given = {lang for lang in schema.LANGS if cit.translation is not None and getattr(cit.translation, lang)}
            if cit.quote is None:
                if given:
                    ctx.report("claims", cid, ("citations", i, "translation"), "quote-translation",
                               "a paraphrase is written in both languages already and takes no translation",
                               "remove translation:; write the paraphrase's en and zh texts instead")
                continue
            if own is None:
                continue  # the source is unknown: references_resolve says so
            for lang in checked.translations_needed(src):
                if lang not in given:
                    ctx.report("claims", cid, ("citations", i, "quote"), "quote-translation",
                               f"the quote is in {LANG_NAMES[own]} ({src.language}) and has no {LANG_NAMES[lang]} translation",
                               f"add translation: {{{lang}: ...}} under the quote: your faithful {LANG_NAMES[lang]}, "
                               "hedges and numbers kept as the source writes them")
            if own in given:
                ctx.report("claims", cid, ("citations", i, "translation", own), "quote-translation",
                           f"the quote is already in {LANG_NAMES[own]} ({src.language}); it takes no translation into its own language",
                           f"remove translation.{own}")


def web_page(src) -> bool:
    """Whether a source is a page read at its address with no copy kept here: quoted by a short sentence, read once."""
    return src is not None and src.snapshot is None and checked.read_at_address(src)


def not_found_again(src) -> bool:
    return src is not None and src.rechecked is not None and not src.rechecked.found


@rule
def web_quotes(ctx: Context):
    """A page read at its address is quoted by one short sentence that carries the figure, copied on a stated day;
    a paraphrase beside a quote is in the contributor's own words."""
    from . import quoting
    from .figurecheck import citation_writes_figure

    for cid, c in ctx.claims.items():
        m = ctx.metrics.get(c.metric)
        has_figure = m is not None and m.kind != "qualitative" and c.value is not None
        unit = unit_for(ctx, c)
        for i, cit in enumerate(c.citations):
            src = ctx.sources.get(cit.source)
            if cit.accessed is not None and not web_page(src):
                ctx.report("claims", cid, ("citations", i, "accessed"), "source-address",
                           "the day a quote was copied (accessed) belongs to a page read at its address, with no copy "
                           "kept here", "remove accessed: (a quote of a kept copy is dated by its snapshot)")
            if cit.quote is not None and cit.paraphrase is not None:
                own = checked.quote_lang(src)
                for lang in schema.LANGS if own else ():
                    if lang != own:
                        continue
                    run = quoting.shared_run(getattr(cit.paraphrase, lang), cit.quote, lang)
                    if run:
                        ctx.report("claims", cid, ("citations", i, "paraphrase", lang), "paraphrase-copies",
                                   f"the paraphrase copies a run of its quote: {run!r}",
                                   f"say it in your own words: no run of {quoting.RUN_WORDS} words (or "
                                   f"{quoting.RUN_CJK} Chinese characters) of the quote; or remove the paraphrase, "
                                   "since the quote and its translation already say it")
            if not web_page(src):
                continue
            if cit.quote is not None:
                why = quoting.length_problem(cit.quote)
                if why:
                    ctx.report("claims", cid, ("citations", i, "quote"), "quote-length",
                               f"a page read at its address is quoted by one sentence at most (about "
                               f"{quoting.MAX_WORDS} words, or {quoting.MAX_CJK} Chinese characters): {why}",
                               "keep the one sentence, or the part of it, that carries the figure; say the rest in "
                               "your own words in paraphrase:")
            if not has_figure or not_found_again(src):
                continue  # a page not found again cannot be quoted now: its citation is shown as such
            if cit.quote is None:
                ctx.report("claims", cid, ("citations", i), "web-quote",
                           f"the page {cit.source!r} is cited for the claim's figure, but the citation carries no quote "
                           "of it: a paraphrase cannot be checked for the figure",
                           "add quote: with the sentence (or the part of it) that carries the figure, copied exactly as "
                           "the page shows it, and accessed: with the day you copied it")
            elif not citation_writes_figure(c, cit, unit):
                ctx.report("claims", cid, ("citations", i, "quote"), "web-quote",
                           f"the quote of {cit.source!r} does not write the claim's figure",
                           "quote the sentence that carries the figure, or add reading: {en, zh} if the page writes it "
                           "in words (「nine months」), or cite the page on the claim its sentence supports")


@rule
def hedges_are_kept(ctx: Context):
    """Where a source hedges (may, expected, about 10, 可能, 预计, 约…), the statement hedges in every language, or says
    why it need not (hedge_reason)."""
    from .hedges import BOUND_HEDGES, quote_hedges, statement_hedges

    for cid, c in ctx.claims.items():
        if c.hedge_reason is not None:
            continue
        found = []
        for cit in c.citations:
            if cit.quote is not None:
                lang = checked.quote_lang(ctx.sources.get(cit.source))
                words = quote_hedges(cit.quote, lang) if lang else []
            else:
                words = [w for lang in schema.LANGS for w in quote_hedges(getattr(cit.paraphrase, lang), lang)]
            if c.bound is not None:  # the bound's words, shown with the figure, keep an approximator
                words = [w for w in words if not BOUND_HEDGES.fullmatch(w.strip())]
            if words:
                found.append((cit.source, words[0]))
        if not found:
            continue
        for lang in schema.LANGS:
            if c.approximate or statement_hedges(getattr(c.statement, lang), lang):
                continue
            source, word = found[0]
            ctx.report("claims", cid, ("statement", lang), "hedge-dropped",
                       f"the words cited from {source!r} hedge ({word!r}), but the statement does not",
                       "keep the hedge in the statement (may, expected, reportedly, about; 可能, 预计, 据称, 约), or add "
                       "hedge_reason: {en: ..., zh: ...} saying why the claim may state it plainly")


@rule
def source_addresses(ctx: Context):
    for sid, s in ctx.sources.items():
        if s.url is None and s.no_url is None:
            ctx.report("sources", sid, (), "source-address",
                       "the source records neither its address (url) nor why none is recorded (no_url)",
                       "add url: https://... where a text states it or it was read there, or no_url: {en: ..., zh: ...} "
                       "saying why there is none; never guess an address")
        elif s.url is not None and s.no_url is not None:
            ctx.report("sources", sid, ("no_url",), "source-address",
                       "the source records both an address (url) and why it has none (no_url)",
                       "keep url: and remove no_url:, or the other way round")
        if s.accessed is not None and s.url is None:
            ctx.report("sources", sid, ("accessed",), "source-address",
                       "the date it was read (accessed) needs the address it was read at (url)",
                       "add url:, or remove accessed:")
        if s.url is not None and s.accessed is None and not s.url_from:
            ctx.report("sources", sid, ("url",), "source-address",
                       "the address was not read here (no accessed), and nothing says where it comes from",
                       "add url_from: [the ids of the sources whose text gives this address], or accessed: with the "
                       "day you read the page there")
        if s.url_from and s.url is None:
            ctx.report("sources", sid, ("url_from",), "source-address",
                       "url_from names the sources that give an address, but the source records none (url)",
                       "add url: as those sources give it, or remove url_from:")
        if s.rechecked is not None and not checked.read_at_address(s):
            ctx.report("sources", sid, ("rechecked",), "source-address",
                       "rechecked says whether a page read at its address was found again, but the source records no "
                       "address and day it was read there (url and accessed)",
                       "add url: and accessed:, or remove rechecked:")
    for cid, c in ctx.claims.items():
        for i, cit in enumerate(c.citations):
            src = ctx.sources.get(cit.source)
            if src is None or checked.read_at_address(src):
                continue
            if cit.paraphrase is not None:
                ctx.report("claims", cid, ("citations", i, "paraphrase"), "source-address",
                           f"a paraphrase is checked only by reading the page, so the source {cit.source!r} needs its "
                           "address (url) and the date it was read there (accessed)",
                           f"add url: and accessed: to the source {cit.source!r}, or quote a copy kept in data/snapshots/")
            elif src.snapshot is None:
                ctx.report("claims", cid, ("citations", i, "quote"), "source-address",
                           f"the quote is checked against nothing: the source {cit.source!r} has no copy (snapshot) and "
                           "no date it was read at its address (url and accessed)",
                           "add a snapshot of the source (snapshot: {file: snapshots/<id>.txt, taken: ..., extent: full "
                           "or excerpt}), or its url: and the date it was read there (accessed:)")


# --- dates ------------------------------------------------------------------------

def _date_problem(text: str, today: dt.date, future_ok: bool):
    parts = [int(p) for p in text.split("-")]
    try:
        first = dt.date(parts[0], parts[1] if len(parts) > 1 else 1, parts[2] if len(parts) > 2 else 1)
    except ValueError:
        part = schema.date_field_problem(text)
        return "bad-date", f"{text!r} is not a real calendar date" + (f": {part}" if part else ""), \
            "check the day of the month"
    if first.year < 1900:
        return "bad-date", f"{text!r} is implausibly early", "check the year"
    if not future_ok and first > today:
        return "future-date", f"{text!r} is in the future (today is {today.isoformat()})", \
            "a source cannot be dated after today; plans belong in a metric that allows future dates"
    return None


@rule
def dates_are_real(ctx: Context):
    for sid, s in ctx.sources.items():
        for field, val in (("date", s.date), ("snapshot", s.snapshot.taken if s.snapshot else None),
                           ("accessed", s.accessed)):
            if val:
                bad = _date_problem(val, ctx.today, False)
                if bad:
                    path = ("snapshot", "taken") if field == "snapshot" else (field,)
                    ctx.report("sources", sid, path, *bad)
    for cid, c in ctx.claims.items():
        m = ctx.metrics.get(c.metric)
        future_ok = bool(m and m.future_allowed)
        vals = c.value if isinstance(c.value, list) else [c.value]
        for i, v in enumerate(vals):
            if isinstance(v, str):
                bad = _date_problem(v, ctx.today, future_ok)
                if bad:
                    path = ("value", i) if isinstance(c.value, list) else ("value",)
                    ctx.report("claims", cid, path, *bad)


# --- values against metrics ---------------------------------------------------------

@rule
def values_fit_metrics(ctx: Context):
    for cid, c in ctx.claims.items():
        m = ctx.metrics.get(c.metric)
        if m is None:
            continue
        v = c.value
        first = v[0] if isinstance(v, list) else v
        is_date = isinstance(first, str)
        if m.kind == "qualitative" and v is not None:
            ctx.report("claims", cid, ("value",), "value-for-metric",
                       f"the metric {c.metric!r} is qualitative, so the value must be null",
                       "remove the value, or choose a metric that measures something")
        elif m.kind == "date" and v is not None and not is_date:
            ctx.report("claims", cid, ("value",), "value-for-metric",
                       f"the metric {c.metric!r} takes a date, not {v!r}", "write the date as 'YYYY-MM-DD', 'YYYY-MM' or 'YYYY'")
        elif m.kind not in ("date", "qualitative") and is_date:
            ctx.report("claims", cid, ("value",), "value-for-metric",
                       f"the metric {c.metric!r} takes a number, not the date {first!r}", "check the metric or the value")
        if v is None and m.kind not in ("qualitative",) and c.derivation is None:
            ctx.report("claims", cid, ("value",), "missing-value",
                       f"the metric {c.metric!r} measures something, so the claim needs a value",
                       "add the figure as stated, or use a qualitative metric such as 'statement'")


@rule
def figures_say_what_makes_them_comparable(ctx: Context):
    """A claim's own unit measures what its metric's does; a figure states every qualifier its metric is qualified
    by (what it covers, its number format, dense or sparse), and none its metric is not."""
    from .schema import QUALIFIERS

    words = {"per": "what one figure covers (per: chip, package, board, node, rack or pod, or not-stated where the "
                    "source does not say)",
             "number_format": "its number format (number_format: an id of data/formats.yml, e.g. fp8)",
             "sparsity": "whether it counts sparsity (sparsity: dense, sparse, or not-stated where the source does not say)"}
    for cid, c in ctx.claims.items():
        m = ctx.metrics.get(c.metric)
        if m is None:
            continue
        if c.unit is not None and c.unit in ctx.units and m.unit in ctx.units:
            own, its = ctx.units[c.unit], ctx.units[m.unit]
            if _clean(Counter(own.dimension)) != _clean(Counter(its.dimension)):
                ctx.report("claims", cid, ("unit",), "unit-dimension",
                           f"the unit {c.unit!r} does not measure what the metric {c.metric!r} measures (in {m.unit!r})",
                           f"give the unit the source writes the figure in, one that measures what {m.unit!r} measures, "
                           "or leave unit: out")
        for q in QUALIFIERS:
            given = getattr(c, q) is not None
            if q in m.qualified_by and not given:
                ctx.report("claims", cid, (), "qualifier-missing",
                           f"a figure of {c.metric!r} must state {words[q]}",
                           f"add {q}: as the source says it; a figure without it cannot be compared with another")
            elif given and q not in m.qualified_by:
                ctx.report("claims", cid, (q,), "qualifier-unused",
                           f"the metric {c.metric!r} is not qualified by {q}",
                           f"remove {q}:, or add it to the metric's qualified_by")
        # a conversion changes the unit (convert) or dense for sparse (dense-from-sparse), and nothing else
        d = c.derivation
        if d is None or d.op not in ("convert", "dense-from-sparse") or len(d.inputs) != 1 or d.inputs[0] not in ctx.claims:
            continue
        src = ctx.claims[d.inputs[0]]
        # dense-from-sparse changes sparsity, by its rule; neither changes any other qualifier
        kept = [q for q in QUALIFIERS if getattr(src, q) != getattr(c, q)
                and not (d.op == "dense-from-sparse" and q == "sparsity")]
        if src.metric != c.metric or kept:
            what = "metric" if src.metric != c.metric else ", ".join(kept)
            ctx.report("claims", cid, ("derivation", "op"), "conversion-changes",
                       f"{d.op} of {d.inputs[0]!r} changes its {what}: a conversion changes only "
                       + ("the unit" if d.op == "convert" else "sparse to dense"),
                       "derive from a figure of the same metric and the same qualifiers, or state the figure as a source gives it")
        elif d.op == "dense-from-sparse" and (src.sparsity, c.sparsity) != ("sparse", "dense"):
            ctx.report("claims", cid, ("derivation", "op"), "conversion-changes",
                       f"dense-from-sparse takes a sparse figure and gives a dense one, not {src.sparsity} to {c.sparsity}",
                       "give the input sparsity: sparse and this claim sparsity: dense; a figure whose sparsity is "
                       "not stated cannot be halved")


@rule
def performance_claims_answer_four_questions(ctx: Context):
    for cid, c in ctx.claims.items():
        m = ctx.metrics.get(c.metric)
        if not m or m.kind != "performance":
            continue
        if c.scope is None:
            ctx.report("claims", cid, (), "four-questions",
                       "a performance claim must say what was accelerated (scope)",
                       "add scope: {en: ..., zh: ...}, e.g. the whole serving system, or selected kernels")
        if c.conditions.baseline is None:
            ctx.report("claims", cid, ("conditions",), "four-questions",
                       "a performance claim must name its baseline (conditions.baseline)",
                       "name the entity it is compared with; a figure with no baseline is a self-measurement")
        cond = c.conditions
        if not any((cond.model, cond.benchmark, cond.note, cond.input_tokens)):
            ctx.report("claims", cid, ("conditions",), "four-questions",
                       "a performance claim must state its test conditions",
                       "give at least conditions.model, conditions.benchmark or conditions.note")


# --- status -------------------------------------------------------------------------

@rule
def contested_claims_have_conflicts(ctx: Context):
    in_conflict = {cid for x in ctx.conflicts.values() for s in x.sides for cid in s.claims}
    for cid, c in ctx.claims.items():
        if c.status == "contested" and cid not in in_conflict:
            ctx.report("claims", cid, ("status",), "contested-without-conflict",
                       "a contested claim must appear in a conflict record",
                       "add a conflict in data/conflicts/ that lists this claim on one side")
        if c.successor is not None and c.successor == cid:
            ctx.report("claims", cid, ("successor",), "self-successor", "a claim cannot succeed itself",
                       "name the claim that replaces it")


@rule
def successors_lead_somewhere(ctx: Context):
    """Following successors from any claim ends at a claim in force: superseded claims that name each other in a
    ring would leave every claim of it pointing at another that was replaced, as a redirect loop would."""
    done: set[str] = set()
    order = {cid: i for i, cid in enumerate(ctx.claims)}
    for start in ctx.claims:
        chain, cid = [], start
        while cid in ctx.claims and cid not in done and cid not in chain:
            chain.append(cid)
            cid = ctx.claims[cid].successor
        ring = chain[chain.index(cid):] if cid in chain else []
        if len(ring) > 1:  # a claim that names itself is self-successor's
            first = min(ring, key=order.__getitem__)  # reported once, on the ring's first claim in file order
            at = ring.index(first)
            shown = ring[at:] + ring[:at] + [first]
            ctx.report("claims", first, ("successor",), "successor-cycle",
                       "superseded claims name each other as successors in a ring: " + " → ".join(shown),
                       "the last claim of a chain of successors is the one in force: point each superseded claim at it")
        done.update(chain)


WITHDRAWN = ("superseded", "retracted")


@rule
def withdrawn_claims_leave_nothing_resting_on_them(ctx: Context):
    """A claim retracted or superseded while other records rest on it: every claim in force derived from it (its
    computed figure and verdict would rest on a figure the base no longer stands behind), and every conflict where it
    leaves a side with no claim in force (the claims on the other sides would stay marked as disputed by a side that
    no longer stands). One problem on the withdrawn claim's status names each of them and what happens to it."""
    for cid, c in ctx.claims.items():
        if c.status not in WITHDRAWN:
            continue
        said, fixes = [], []
        successor = c.successor if c.successor in ctx.claims else None
        derived = [rid for rid, r in ctx.claims.items()
                   if r.derivation and cid in r.derivation.inputs and r.status not in WITHDRAWN]
        for rid in derived:
            said.append(f"the claim {rid!r} is derived from it ({ctx.claims[rid].derivation.op}): its computed figure and "
                        "verdict would rest on a figure the evidence base no longer stands behind")
        if derived:
            shown = ", ".join(repr(r) for r in derived)
            fixes.append(f"in {shown}, derive from {successor!r} instead of {cid!r}, or supersede or retract "
                         f"{'it' if len(derived) == 1 else 'them'} too" if successor else
                         f"supersede or retract {shown} too, or derive {'it' if len(derived) == 1 else 'them'} "
                         "from claims in force")
        for xid, x in ctx.conflicts.items():
            for side in x.sides:
                if cid not in side.claims or any(ctx.claims[o].status not in WITHDRAWN
                                                 for o in side.claims if o in ctx.claims):
                    continue
                others = [o for s in x.sides if s is not side for o in s.claims
                          if o in ctx.claims and ctx.claims[o].status not in WITHDRAWN]
                said.append(f"the conflict {xid!r} has it on a side with no other claim in force"
                            + (f": {', '.join(repr(o) for o in dict.fromkeys(others))} would stay marked as disputed by a "
                               "side that no longer stands" if others else ""))
                fixes.append(f"in the conflict {xid!r}, list {successor!r} on that side" if successor else
                             f"in the conflict {xid!r}, say in the assessment that the claim was withdrawn and remove "
                             "its side, or list the claim that now answers for that side")
        if said:
            ctx.report("claims", cid, ("status",), "withdrawn-dependents",
                       f"the claim is {c.status}, but other records rest on it: " + "; ".join(said),
                       "; ".join(fixes))


# --- derivations ------------------------------------------------------------------

@rule
def derivations_are_acyclic(ctx: Context):
    state: dict[str, int] = {}

    def visit(cid, stack):
        state[cid] = 1
        c = ctx.claims[cid]
        for inp in (c.derivation.inputs if c.derivation else []):
            if inp not in ctx.claims:
                continue
            if state.get(inp) == 1:
                cycle = stack[stack.index(inp):] + [inp] if inp in stack else [cid, inp]
                ctx.report("claims", cid, ("derivation", "inputs"), "derivation-cycle",
                           "derived claims form a cycle: " + " → ".join(cycle),
                           "a claim cannot be derived, directly or indirectly, from itself")
            elif state.get(inp) is None:
                visit(inp, stack + [inp])
        state[cid] = 2

    for cid in ctx.claims:
        if cid not in state:
            visit(cid, [cid])


def unit_for(ctx, c):
    """The unit a claim's figure is written in: its own, else its metric's; None where either is unknown."""
    m = ctx.metrics.get(c.metric) if c else None
    return ctx.units.get(c.unit or m.unit) if m else None


def _dimension(ctx, claim_id):
    c = ctx.claims.get(claim_id)
    m = ctx.metrics.get(c.metric) if c else None
    u = unit_for(ctx, c)
    if u is None:
        return None
    if m.kind == "date":
        return Counter({"time": 1}), True
    return Counter(u.dimension), False


def _clean(d: Counter) -> dict:
    return {k: v for k, v in sorted(d.items()) if v}


@rule
def derivation_units_combine(ctx: Context):
    for cid, c in ctx.claims.items():
        d = c.derivation
        if d is None or not d.inputs:
            continue
        op = OPERATIONS[d.op]
        wrong = op.inputs_problem(len(d.inputs))
        if wrong:
            ctx.report("claims", cid, ("derivation", "inputs"), "derivation-arity",
                       wrong, "list exactly the claims the operation takes, in order")
            continue
        dims = [_dimension(ctx, i) for i in d.inputs]
        mine = _dimension(ctx, cid)
        if any(x is None for x in dims) or mine is None:
            continue
        if any(is_date for _, is_date in dims) != op.dates:
            takes = date_operations()
            ctx.report("claims", cid, ("derivation", "op"), "unit-mismatch",
                       f"{' and '.join(takes)} take{'s' if len(takes) == 1 else ''} dates; other operations take numbers",
                       f"use {' or '.join(takes)} for spans between dated claims")
            continue
        ins = [x for x, _ in dims]
        if op.like_inputs and any(_clean(i) != _clean(ins[0]) for i in ins):
            ctx.report("claims", cid, ("derivation", "inputs"), "unit-mismatch",
                       f"{d.op} needs inputs of one dimension, got " + "; ".join(str(_clean(i)) for i in ins),
                       "only like quantities can be added, subtracted or compared")
            continue
        result = op.dimension(ins)
        if _clean(result) != _clean(mine[0]):
            ctx.report("claims", cid, ("metric",), "unit-mismatch",
                       f"{d.op} of the inputs has dimension {_clean(result) or 'none (a pure number)'}, "
                       f"but the claim's unit has {_clean(mine[0]) or 'none (a pure number)'}",
                       "a ratio of like quantities is a pure number; a ratio of a latency to a throughput is not a speed-up")


# --- language -------------------------------------------------------------------

def _bilingual_fields(record, path=(), out=None) -> list:
    """Every Bilingual text in a record, with its path, in the schema's order."""
    out = [] if out is None else out
    if isinstance(record, schema.Bilingual):
        out.append((path, record))
    elif isinstance(record, schema.Record):
        for name in _fields_with_text(type(record)):
            value = getattr(record, name)
            if value is not None:
                _bilingual_fields(value, path + (name,), out)
    elif isinstance(record, list):
        for i, item in enumerate(record):
            _bilingual_fields(item, path + (i,), out)
    return out


@functools.cache
def _fields_with_text(model) -> tuple[str, ...]:
    """The fields of a record kind whose type can hold a Bilingual text, in the schema's order: the
    walk above skips the ids, numbers and dates, which are most of a record."""
    def can_hold(tp) -> bool:
        if isinstance(tp, type) and issubclass(tp, schema.Record):
            return True
        args = typing.get_args(tp)
        if typing.get_origin(tp) is typing.Annotated:
            args = args[:1]
        return tp is typing.Any or any(can_hold(a) for a in args)
    return tuple(name for name, f in model.model_fields.items() if can_hold(f.annotation))


@rule
def translations_exist(ctx: Context):
    for kind in ("claims", "entities", "conflicts", "glossary", "tiers", "metrics", "redirects", "tags"):
        for rid, rec, path, bi in ctx.prose(kind):
            if path[-1] in ("name", "term", "symbol"):
                continue
            if not CJK.search(bi.zh) and len(bi.zh) > 12:
                ctx.report(kind, rid, path + ("zh",), "missing-translation",
                           "the Chinese text has no Chinese in it", "write the zh text in Simplified Chinese")
            if len(CJK.findall(bi.en)) > max(6, len(bi.en) // 5):
                ctx.report(kind, rid, path + ("en",), "missing-translation",
                           "the English text is mostly Chinese", "write the en text in English; keep Chinese only in quotes")


# Fields that hold names: digits in a name ("Snapdragon 8 Gen 6") are not figures, and the
# site marks names up as names, so the figure-integrity tests can tell them apart.
NAME_FIELDS = {"name", "term", "symbol"}


@rule
def prose_uses_placeholders(ctx: Context):
    from .prose import placeholders, typed_figures, without_source_words

    for kind in ("claims", "entities", "conflicts", "glossary", "tiers", "metrics", "sources", "redirects", "tags"):
        for rid, rec, path, bi in ctx.prose(kind):
            if path[-1] == "symbol":
                continue
            is_statement = kind == "claims" and path == ("statement",)
            # A citation's reading shows the claim's figure with {value}, and the source's own words in 「」.
            is_reading = kind == "claims" and path[-1] == "reading"
            has_figure = kind == "claims" and (rec.value is not None or rec.derivation is not None)
            for lang in ("en", "zh"):
                text = getattr(bi, lang)
                found = placeholders(text)
                for ph, target in found:
                    if ph == "value" and not ((is_statement or is_reading) and has_figure):
                        ctx.report(kind, rid, path + (lang,), "bad-placeholder",
                                   "{value} stands only in the statement of a claim that has a figure",
                                   "write {claim:ID} to show another claim's figure")
                    elif ph == "claim" and target not in ctx.claims:
                        ctx.report(kind, rid, path + (lang,), "unknown-reference",
                                   f"{{claim:{target}}} names no claim", "check the claim id")
                    elif ph == "entity" and target not in ctx.entities:
                        ctx.report(kind, rid, path + (lang,), "unknown-reference",
                                   f"{{entity:{target}}} names no entity", "check the entity id")
                # a paraphrase gives the page's figures as it writes them (the figure rule checks the claim's is among
                # them); like a quote, it is shown as the source's account, not as a figure of this site
                figs = [] if path[-1] in NAME_FIELDS or path[-1] == "paraphrase" else typed_figures(without_source_words(text) if is_reading else text)
                if figs:
                    ctx.report(kind, rid, path + (lang,), "figure-in-text",
                               f"the text types the figure(s) {', '.join(repr(f) for f in figs[:5])} by hand",
                               "every figure on the site comes from a claim: write {value} for this claim's own figure, "
                               "or {claim:ID} for another's, and record the figure as a claim")
                metric = ctx.metrics.get(rec.metric) if is_statement else None
                if is_statement and has_figure and metric and metric.kind != "qualitative" \
                        and not any(ph == "value" for ph, _ in found):
                    ctx.report(kind, rid, path + (lang,), "missing-placeholder",
                               "the statement of a claim with a figure must show it with {value}",
                               "put {value} where the figure belongs in the sentence")


# Words that make a figure a bound, as a statement might write them beside {value}: the figure of a claim that
# records its bound shows them already ("more than 9×"), so a statement that writes them too says them twice.
BOUND_BEFORE = {"en": ("more than", "at least", "less than", "up to", "over", "under", "fewer than", "at most",
                       "no more than", "no less than"),
                "zh": ("超过", "至少", "不到", "最多", "不足", "逾", "多于", "少于", "高达", "低于", "不超过", "不少于")}
BOUND_AFTER = {"en": (), "zh": ("以上", "以下", "以内", "之内", "多")}


def bound_words_beside_value(text: str, lang: str) -> str | None:
    """The bound's words a text writes right beside {value}, if any."""
    for m in re.finditer(r"\{value\}", text):
        before, after = text[:m.start()].rstrip(), text[m.end():].lstrip()
        for w in BOUND_BEFORE[lang]:
            if before.endswith(w) and (lang != "en" or not before[:-len(w)][-1:].isalpha()):
                return w
        for w in BOUND_AFTER[lang]:
            if after.startswith(w):
                return w
    return None


@rule
def bounds_are_said_once(ctx: Context):
    """A bound figure is shown with its words (kb.display.bound_words): its statement and readings do not write them
    beside {value} again."""
    for cid, c in ctx.claims.items():
        if c.bound is None:
            continue
        texts = [(("statement",), c.statement)] + [(("citations", i, "reading"), cit.reading)
                                                   for i, cit in enumerate(c.citations) if cit.reading is not None]
        for path, bi in texts:
            for lang in ("en", "zh"):
                said = bound_words_beside_value(getattr(bi, lang), lang)
                if said:
                    from .display import figure_text_of

                    ctx.report("claims", cid, path + (lang,), "bound-in-statement",
                               f"the text writes {said!r} beside {{value}}, but the figure is recorded as a bound "
                               f"({c.bound}) and shows it already: readers would see it twice",
                               f"remove {said!r} there: {{value}} shows {figure_text_of(c, unit_for(ctx, c), lang)!r}")


# --- repeats ----------------------------------------------------------------------------

# Metric kinds whose conditions say what was measured (the four questions for performance,
# the power basis for power), so the same subject, metric, conditions and figure is the same
# fact. Durations, dates and counts are not compared: nine months from design to tape-out and
# nine months from tape-out to first results share subject, metric and figure.
REPEAT_KINDS = ("performance", "power")


def _figure(c) -> tuple:
    """The figure as a value to compare: numbers by value (1.8 == 1.80), with its bound."""
    value = tuple(c.value) if isinstance(c.value, list) else (c.value,)
    return value, c.bound


@rule
def claims_are_not_repeated(ctx: Context):
    # The claim kept is the first in file order, unless only the other is what derivations,
    # conflicts, successors or redirects refer to: that one is the established claim.
    referred = {i for c in ctx.claims.values() if c.derivation for i in c.derivation.inputs}
    referred |= {cid for x in ctx.conflicts.values() for side in x.sides for cid in side.claims}
    referred |= {c.successor for c in ctx.claims.values() if c.successor}
    referred |= {r.to for r in ctx.loaded.records["redirects"].values() if r.kind == "claim"}
    seen: dict[tuple, str] = {}
    for cid, c in ctx.claims.items():
        m = ctx.metrics.get(c.metric)
        if c.value is None or c.status in ("superseded", "retracted") or m is None or m.kind not in REPEAT_KINDS:
            continue
        key = (c.subject, c.metric, c.conditions.model_dump_json(), _figure(c))
        kept = seen.setdefault(key, cid)
        if kept == cid:
            continue
        repeat = cid
        if cid in referred and kept not in referred:
            kept, repeat = cid, kept
            seen[key] = kept
        o = ctx.loaded.origins[("claims", kept)]
        sources = ", ".join(dict.fromkeys(cit.source for cit in ctx.claims[repeat].citations))
        ctx.report("claims", repeat, (), "repeated-claim",
                   f"this claim repeats {kept!r} ({ctx.loaded.root}{o.file}:{o.line}): "
                   "the same subject, metric, conditions and figure",
                   f"a second source for one figure is another citation of the one claim: add this claim's "
                   f"citations (source: {sources}, each with its quote) to the citations of {kept!r}, raise "
                   f"that claim's tier if the new evidence is stronger, and delete this claim; if the figure was "
                   "measured otherwise, say how in its conditions")


# --- figures against their quotes ------------------------------------------------------

FIGURE_HINT = ("write the figure as the quote gives it, cite the passage that states it, "
               "or add reading: {en, zh} to the citation if the source writes it in words")


def _quoted_figures(verdict, limit=12) -> str:
    parts = []
    for source, figs in verdict.contains:
        seen = list(dict.fromkeys(figs))
        shown = ", ".join(repr(f) for f in seen[:limit]) + (", …" if len(seen) > limit else "")
        parts.append(f"{source}: {shown or 'no number'}")
    return "; ".join(parts)


@rule
def figures_are_in_quotes(ctx: Context):
    """A claim's own figure is written in one of its quotes, or a citation says how it is read."""
    from .figurecheck import examine, step_words
    from .numbers import step_of_value

    for cid, c in ctx.claims.items():
        m = ctx.metrics.get(c.metric)
        unit = unit_for(ctx, c)
        if m is None or m.kind == "qualitative":
            continue
        v = examine(c, unit)
        for i, f in v.unneeded_readings:
            ctx.report("claims", cid, ("citations", i, "reading"), "reading-unneeded",
                       f"the quote of {c.citations[i].source!r} already writes the figure {v.figure} ({f.text!r}), so it needs no reading",
                       "remove reading:; a reading is for a figure the source writes in words no reader parses")
        if v.status == "missing":
            ctx.report("claims", cid, ("value",), "figure-not-in-quote",
                       f"the figure {v.figure} is in none of its quotes, which write: {_quoted_figures(v)}", FIGURE_HINT)
        elif v.status == "precision":
            stated = step_words(step_of_value(c.value[0] if isinstance(c.value, list) else c.value, c.precision)) \
                if not isinstance(c.value, str) and not (isinstance(c.value, list) and isinstance(c.value[0], str)) \
                else "its own precision"
            ctx.report("claims", cid, ("value",), "figure-precision",
                       f"the figure {v.figure} is stated to {stated}, but {v.near_source!r} writes {v.near.text!r}"
                       + (f" (to {step_words(v.near.step)})" if v.near.date is None else ""),
                       "write the figure with the quote's digits (1.80 keeps its zero), or set precision: to the step "
                       "the quote writes (8.54 万 is value: 85400, precision: 100)")
        elif v.status == "scale":
            ctx.report("claims", cid, ("value",), "figure-scale",
                       f"scale error: the figure {v.figure} is not on the quote's scale: {v.why} ({v.near_source!r})",
                       "record the figure in the unit the quote writes it in (choose a metric in that unit), correct a "
                       "figure typed 1000 times too large or small, or add reading: {en, zh} if the source writes it in words")


READING_HINT = ("a reading says how the claim's figure is read from words of the quote no number reader parses: "
                "quote those words in 「」 as the quote writes them, and show the figure with {value}, e.g. "
                "'The article writes 「将近四分之三」; read as {value}.'")


@rule
def readings_read_the_quote(ctx: Context):
    """A reading shows the claim's figure with {value} and quotes the words it reads from the quote; those words
    write a number, and none in digits other than the claim's (kb.figurecheck.reading_problems)."""
    from .figurecheck import reading_problems

    for cid, c in ctx.claims.items():
        if c.value is None:
            continue
        unit = unit_for(ctx, c)
        for i, cit in enumerate(c.citations):
            for lang, rule_name, message in reading_problems(c, cit, unit):
                ctx.report("claims", cid, ("citations", i, "reading", lang), rule_name, message, READING_HINT)


@rule
def translations_keep_the_figures(ctx: Context):
    """Every figure a translation writes is one its quote writes (kb.figurecheck.foreign_figures): readers of the
    other language must not see another number. Where the citation reads the claim's figure from words
    (reading), the translation may write that figure too."""
    from .figurecheck import claim_atoms, foreign_figures

    for cid, c in ctx.claims.items():
        for i, cit in enumerate(c.citations):
            if cit.quote is None or cit.translation is None:
                continue
            extra = claim_atoms(c) if cit.reading is not None else ()
            for lang in schema.LANGS:
                text = getattr(cit.translation, lang)
                foreign = foreign_figures(text, cit.quote, extra) if text else []
                if foreign:
                    from .numbers import read
                    written = ", ".join(repr(f.text) for f in read(cit.quote)) or "no number"
                    ctx.report("claims", cid, ("citations", i, "translation", lang), "translation-figure",
                               f"the translation writes {', '.join(repr(f.text) for f in foreign)}, which the quote "
                               f"does not: it writes {written}",
                               "a translation keeps the source's numbers as it writes them and on the same scale (1.03 秒 "
                               "is 1.03 s, never 1.3 s or 1,030 ms); where the source writes a number in words, translate "
                               "it in words, or state how the claim's figure is read with reading: {en, zh}")


# --- a converted language's words and search's synonyms (not records: plain text files under data/) -----------

@rule
def word_tables_read(ctx: Context):
    """Each converted language's phrase table, override file and avoided words (data/languages/<code>/), and search's
    synonyms (data/search/synonyms.txt), read line by line as the build reads them (kb.phrases): a line that does
    not, a phrase or a name written twice, a phrase written into Simplified characters or into an avoided word, is a
    problem at its line."""
    from . import languages, phrases

    for code in languages.CONVERTED:
        ctx.problems.extend(languages.tables(code, ctx.data_dir).problems)
    phrases.read_synonyms(ctx.data_dir, ctx.problems)
