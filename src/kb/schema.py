"""The data model of the evidence base: the single source of truth.

Every kind of record a contributor writes is described here once, with a
description for each field.  The loader validates against these models, the
JSON Schemas that editors use are generated from them (``kb schema``), and the
contributor reference is generated from those.  Unknown fields are errors, so a
typo such as ``souces:`` is caught.

Each data file is a mapping from record id to record; which model applies is
decided by the folder (see :data:`KINDS`).
"""
from __future__ import annotations

import re
from decimal import Decimal
from typing import Annotated, Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, WithJsonSchema, field_validator, model_validator

from . import kinds, languages, operations
from .operations import OPERATIONS

ID_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
DATE_PATTERN = r"^\d{4}(?:-(?:0[1-9]|1[0-2])(?:-(?:0[1-9]|[12]\d|3[01]))?)?$"
MAX_MAGNITUDE = Decimal("1e15")

LANGS = languages.WRITTEN
"""The languages contributors write (kb.languages), as every Bilingual text has them: English and Simplified
Chinese.  A converted language (Traditional Chinese) has no text of its own in data/."""
SITE_LANG = {"en": "en", "zh-Hans": "zh", "zh-Hant": "zh"}
"""A source's language (its ``language``) -> the site language its words are read in."""

Id = Annotated[str, StringConstraints(pattern=ID_PATTERN, max_length=80)]
DateText = Annotated[str, StringConstraints(pattern=DATE_PATTERN)]
Text = Annotated[str, StringConstraints(min_length=1, max_length=4000)]
ShortText = Annotated[str, StringConstraints(min_length=1, max_length=300)]


class Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=False)


class Bilingual(Record):
    """The same text in English and Simplified Chinese, each written natively."""

    en: Text = Field(description="English text.")
    zh: Text = Field(description="Simplified Chinese text (简体中文).")


# --- evidence tiers -------------------------------------------------------

class Tier(Record):
    """A step of the evidence ladder, or an off-ladder kind of evidence."""

    rank: int = Field(ge=0, le=9, description="Position on the ladder, 1 (weakest) to 6 (strongest); 0 for evidence that is not on the ladder.")
    name: Bilingual = Field(description="Short name of the tier.")
    definition: Bilingual = Field(description="What evidence a claim must have to sit on this tier.")
    example: Optional[Bilingual] = Field(None, description="A typical example.")


# --- metrics and units ----------------------------------------------------

Dimension = Literal["tokens", "time", "power", "energy", "data", "length", "area", "count", "money", "compute"]


class Symbol(Record):
    """How a unit is written after a number; empty for plain counts and dates."""

    en: Annotated[str, StringConstraints(max_length=20)]
    zh: Annotated[str, StringConstraints(max_length=20)]


class Unit(Record):
    """A unit of measurement, with its dimension so that derivations can be checked."""

    symbol: Symbol = Field(description="How the unit is written after a number, in each language.")
    name: Bilingual = Field(description="The unit's name.")
    dimension: dict[Dimension, int] = Field(default_factory=dict, description="Exponents of base dimensions; {} for a pure number or ratio. Example: tokens per second per kW is {tokens: 1, time: -1, power: -1}.")
    scale: Decimal = Field(Decimal(1), gt=0, description="Size of one unit in the base unit of its dimension (e.g. ms is 0.001 of s); used to compare figures in different units.")
    space: bool = Field(True, description="Whether a space separates number and symbol.")
    in_words: bool = Field(False, description="Whether a large figure is written with the words its language counts in (208 billion, 2080亿), as a transistor count is; the figure is still recorded whole.")
    currency: Optional[Annotated[str, StringConstraints(pattern=r"^[A-Z]{3}$")]] = Field(
        None, description="For an amount of money: the ISO 4217 code of its currency (USD, CNY, EUR). Each language then "
                          "writes amounts as its readers do, large ones in words ($10 billion, 100亿美元), and the "
                          "symbol is what messages write after a plain number.")

    @field_validator("currency")
    @classmethod
    def _currency(cls, v):
        from babel.numbers import list_currencies

        if v is not None and v not in list_currencies():
            raise ValueError("currency-code")
        return v

    @model_validator(mode="after")
    def _money(self):
        if self.currency is not None and dict(self.dimension) != {"money": 1}:
            raise ValueError("currency-dimension")
        return self


class NumberFormat(Record):
    """A number format a compute figure counts in (FP8, BF16, INT8...): figures in different formats are never ranked
    together, since a chip does more operations a second the fewer bits each takes."""

    name: Bilingual = Field(description="The format as vendors write it, in each language: FP8, BF16, MXFP4.")
    bits: int = Field(gt=0, le=64, description="The bits one value takes (for a block format, one element's).")
    family: Literal["float", "integer", "block-float"] = Field(description="float (FP8, BF16), integer (INT8) or block-float (MXFP4: elements sharing a scale).")
    description: Optional[Bilingual] = None


QUALIFIERS = ("per", "number_format", "sparsity")
Qualifier = Literal[QUALIFIERS]
Per = Literal["chip", "package", "board", "node", "rack", "pod", "not-stated"]
Sparsity = Literal["dense", "sparse", "not-stated"]


class Metric(Record):
    """A quantity that claims report."""

    name: Bilingual
    unit: Id = Field(description="Id of the unit, in data/units.yml or data/units/*.yml (kb new unit writes a new one).")
    kind: Literal["performance", "power", "specification", "duration", "date", "count", "ratio", "money", "qualitative"] = Field(
        description="performance metrics must answer the four questions (scope, baseline, conditions, tier).")
    description: Bilingual
    better: Optional[Literal["higher", "lower"]] = Field(None, description="Which direction is better, if any.")
    future_allowed: bool = Field(False, description="Whether a date value may lie in the future (plans and targets).")
    compared: bool = Field(False, description="Whether the metric is a column of the comparison of accelerators. Its figures are then shown side by side for every chip and system that has one, in the order the metrics are written.")
    qualified_by: list[Qualifier] = Field(default_factory=list, description="What every figure of the metric must also state before it can be compared with another: per (what one figure covers: chip, package, board, node, rack or pod), number_format (a record of data/formats.yml) and sparsity (dense, sparse or not-stated). Memory capacity is qualified by per; compute by all three.")


# --- entities ---------------------------------------------------------------

EntityKind = Literal["chip", "system", "model", "organisation", "person", "benchmark", "software", "product", "event", "concept"]


class Entity(Record):
    """A chip, system, model, organisation, person, benchmark or other thing claims are about."""

    kind: EntityKind
    name: Bilingual = Field(description="Display name in each language.")
    aliases: list[ShortText] = Field(default_factory=list, description="Other spellings seen in sources, verbatim (e.g. 'Jalape?o', '英偉達').")
    description: Bilingual
    parent: Optional[Id] = Field(None, description="Entity this one belongs to or is made by (e.g. the organisation that makes a chip).")
    compared: bool = Field(False, description="Whether this chip or system is a row of the comparison of accelerators, beside the others, with every figure of a compared metric its claims give.")


# --- sources ----------------------------------------------------------------

SourceKind = Literal["vendor-announcement", "partner-press-release", "benchmark-owner", "news-article",
                     "explainer", "analysis", "conference-talk", "social-post", "press-report", "blog-post",
                     "aggregator", "machine-written", "documentation", "code-repository"]
"""What a source is.  aggregator: a page that gathers or summarises other outlets' reports;
machine-written: a page that says it was written by software; documentation and code-repository:
a project's own pages and repository (e.g. a benchmark's)."""


class Snapshot(Record):
    """A dated copy of a source's text, against which every quote is checked verbatim."""

    file: Annotated[str, StringConstraints(pattern=r"^snapshots/[a-z0-9_.-]+\.txt$")] = Field(description="Path under data/, e.g. snapshots/article-002.txt.")
    taken: DateText = Field(description="When the copy was taken into this repository.")
    extent: Literal["full", "excerpt"] = Field(description="What the file holds of the source: full (the whole text as found) or excerpt (only the passages quoted). A quote checked against an excerpt is shown as such.")
    note: Optional[Bilingual] = Field(None, description="Anything a reader must know about the copy (e.g. scrambled text).")


class Recheck(Record):
    """The last attempt to find a page read at its address (url) again."""

    tried: DateText = Field(description="The day of the last try.")
    found: bool = Field(description="Whether the page was found again. A page not found keeps its citations, shown as read once and not found again since.")
    how: Bilingual = Field(description="How it was looked for (its address, its title, the words it was cited for) and what came back.")


class SourceRecord(Record):
    """A document that claims cite: only what is known about it, nothing guessed."""

    kind: SourceKind
    name: Bilingual = Field(description="How this site refers to the source; a translation of the title where there is one.")
    short_name: Optional[Bilingual] = Field(None, description="How a sentence refers to it, e.g. 'relayed by the explainer': short, lower-case where the language has case, and unlike any other source's; the name is used where there is none.")
    title: Optional[ShortText] = Field(None, description="The title verbatim in the source's own language, only where the source has one.")
    language: Literal["zh-Hans", "zh-Hant", "en"]
    publisher: Optional[Id] = Field(None, description="Entity id of the publisher, only where a text states it.")
    author: Optional[ShortText] = Field(None, description="Author as the source names it.")
    date: Optional[DateText] = Field(None, description="Publication date, only where a text states it.")
    url: Optional[Annotated[str, StringConstraints(max_length=2000)]] = Field(None, description="Original address, only where a text states it or it was read there: http or https.")
    url_from: list[Id] = Field(default_factory=list, description="For an address not read here (no accessed): the sources whose text gives it, e.g. the outlet that links the vendor's post. Shown with the address, so a reader knows who relayed it.")
    accessed: Optional[DateText] = Field(None, description="When the source was read at its address (url).")
    rechecked: Optional[Recheck] = Field(None, description="For a page read at its address: the last attempt to find it again, and whether it was found.")
    archive_url: Optional[Annotated[str, StringConstraints(max_length=2000)]] = Field(None, description="Address of an archived copy, only where one exists.")
    no_url: Optional[Bilingual] = Field(None, description="Where no address is recorded: why (e.g. the copy states none and none is cited). Never guess an address.")
    snapshot: Optional[Snapshot] = None
    known_from: list[Id] = Field(default_factory=list, description="Sources that identify this one (e.g. an article's reference list), for sources not read directly.")
    note: Optional[Bilingual] = None

    @field_validator("url", "archive_url")
    @classmethod
    def _http_only(cls, v):
        why = None if v is None else url_problem(v)
        if why:
            raise ValueError(why)
        return v


_NOT_IN_URL = re.compile(r"[\s\"'<>\\^`{|}\x00-\x1f\x7f]")
_HOST = re.compile(r"(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.?|[0-9a-f:.]+")


def url_problem(text: str) -> str | None:
    """Why ``text`` is not a well-formed http or https address (a code of :data:`RULE_HINTS`), or None.

    The address is parsed (urllib), not matched by its first letters: it is published as a link on every page
    that cites the source, in the downloads and in every citation format, so it must lead where it says."""
    from urllib.parse import urlsplit

    if not text.startswith(("http://", "https://")):
        return "url-scheme"
    if _NOT_IN_URL.search(text):
        return "url-form"
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018  (a port that is not a number raises here)
    except ValueError:
        return "url-form"
    if not parts.netloc or not parts.hostname:
        return "url-scheme"
    if parts.username is not None or parts.password is not None:
        return "url-credentials"
    if not _HOST.fullmatch(parts.hostname):
        return "url-host"
    return None


# --- claims -----------------------------------------------------------------

class Translation(Record):
    """A quote put into the site languages it is not written in, by a contributor: never the source's own words."""

    en: Optional[Text] = Field(None, description="English translation.")
    zh: Optional[Text] = Field(None, description="Simplified Chinese translation (简体中文).")


class Citation(Record):
    """Where a claim is stated: a source, the exact words (a quote, and where wanted a paraphrase in the contributor's own words beside it), and where in the source."""

    source: Id = Field(description="Id of the source that states the claim.")
    quote: Optional[Text] = Field(None, description="Verbatim words from the source, in its own language and script. From a page read at its address (no snapshot): one sentence at most (about 40 words, or 80 Chinese characters), the one that carries the figure, copied exactly as the page showed it on the day it was read.")
    accessed: Optional[DateText] = Field(None, description="For a quote of a page read at its address (no snapshot): the day its words were copied from the page, where that is not the source's accessed.")
    translation: Optional[Translation] = Field(None, description="The quote translated into each site language it is not written in, faithfully, hedges and numbers kept.")
    reading: Optional[Bilingual] = Field(None, description="How the claim's figure is read where the quote writes it in words no number reader parses, e.g. 'the article writes \"nearly three quarters\"; read as −75%'.")
    paraphrase: Optional[Bilingual] = Field(None, description="What the page says, in the contributor's own words, in each language: beside a short quote, or instead of one where no figure is cited. Shown as a paraphrase, never as a quote; it shares no run of eight words (or 12 Chinese characters) with its quote.")
    locator: Optional[ShortText] = Field(None, description="Where in the source (section heading, paragraph).")
    attributed_to: Optional[Id] = Field(None, description="Source the citing text attributes the statement to (e.g. the vendor's post an article relays).")

    @model_validator(mode="after")
    def _quote_or_paraphrase(self):
        if self.quote is None and self.paraphrase is None:
            raise ValueError("citation-words")
        return self


OperatingPoint = Literal["peak-throughput", "end-to-end", "min-tbt", "baseline-best-tbt", "single-user-max",
                         "fixed-interactivity", "long-context", "unspecified"]
PowerBasis = Literal["package-tdp", "rated-power", "sustained-power", "rack-power", "wall-power", "unspecified"]


class Conditions(Record):
    """The conditions a figure holds under."""

    model: Optional[Id] = Field(None, description="Entity id of the AI model run.")
    format: Optional[ShortText] = Field(None, description="Numeric precision or format, e.g. MXFP4.")
    input_tokens: Optional[int] = Field(None, gt=0, le=10_000_000, description="Nominal input length in tokens.")
    output_tokens: Optional[int] = Field(None, gt=0, le=10_000_000, description="Nominal output length in tokens.")
    baseline: Optional[Id] = Field(None, description="Entity id of what the subject is compared with.")
    benchmark: Optional[Id] = Field(None, description="Entity id of the benchmark or test framework.")
    operating_point: Optional[OperatingPoint] = Field(None, description="Where on the throughput-latency curve the figure is taken.")
    power_basis: Optional[PowerBasis] = Field(None, description="What power a per-watt figure is normalised by.")
    decoding: Optional[Bilingual] = Field(None, description="Decoding method, in each language, e.g. single-token prediction without speculative decoding.")
    note: Optional[Bilingual] = None


class Derivation(Record):
    """How a figure follows from other claims' figures."""

    op: Literal[tuple(OPERATIONS)] = Field(description=operations.described())  # see kb.operations
    inputs: list[Id] = Field(default_factory=list, description="Claim ids, in the order the operation takes them.")
    missing: Optional[Bilingual] = Field(None, description="When the inputs were not published: what is missing. The verdict is then 'cannot-derive'.")

    @model_validator(mode="after")
    def _inputs_or_missing(self):
        if not self.inputs and self.missing is None:
            raise ValueError("derivation-inputs")
        return self


_VALUE_SCHEMA = {
    "description": "A number, a [low, high] range, a date text, a [start, end] date range, or null.",
    "anyOf": [
        {"type": "number"},
        {"type": "string", "pattern": DATE_PATTERN},
        {"type": "array", "minItems": 2, "maxItems": 2, "items": {"anyOf": [{"type": "number"}, {"type": "string", "pattern": DATE_PATTERN}]}},
        {"type": "null"},
    ],
}
Value = Annotated[Any, WithJsonSchema(_VALUE_SCHEMA)]
Precision = Annotated[Any, WithJsonSchema({"anyOf": [{"type": "number", "exclusiveMinimum": 0}, {"const": "exact"}]})]


_DATE_LIKE = re.compile(r"(\d{4})-(\d{1,2})(?:-(\d{1,2}))?")
_MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                "November", "December")


def date_field_problem(text) -> str | None:
    """Which part of a date written YYYY-MM-DD (or YYYY-MM) is out of range or mis-written, in words that name it:
    "the month, 13, is out of range (01 to 12)"; None where each part is in range and written with two digits, or
    where the text is not written as a date at all."""
    import calendar

    m = _DATE_LIKE.fullmatch(text) if isinstance(text, str) else None
    if m is None:
        return None
    year, month, day = int(m.group(1)), int(m.group(2)), m.group(3) and int(m.group(3))
    if not 1 <= month <= 12:
        return f"the month, {m.group(2)}, is out of range (01 to 12)"
    if day is not None:
        last = calendar.monthrange(year, month)[1]
        if not 1 <= day <= last:
            return f"the day, {m.group(3)}, is out of range: {_MONTH_NAMES[month - 1]} {year} has days 01 to {last}"
    short = [name for name, part in (("month", m.group(2)), ("day", m.group(3))) if part is not None and len(part) != 2]
    if short:
        return f"the {' and '.join(short)} must be written with two digits ({m.group(1)}-{month:02d}" \
               + (f"-{day:02d})" if day is not None else ")")
    return None


def _number(v) -> bool:
    return isinstance(v, (int, Decimal)) and not isinstance(v, bool)


def check_value(v):
    """A claim's value: number, date, [low, high] of either, or None."""
    if v is None or (isinstance(v, str) and re.fullmatch(DATE_PATTERN, v)):
        return v
    if _number(v):
        if abs(Decimal(v)) >= MAX_MAGNITUDE:
            raise ValueError("absurd-magnitude")
        return v
    if isinstance(v, list) and len(v) == 2:
        if all(_number(x) for x in v):
            for x in v:
                check_value(x)
            if v[0] > v[1]:
                raise ValueError("range-order")
            return v
        if all(isinstance(x, str) and re.fullmatch(DATE_PATTERN, x) for x in v):
            if v[0] > v[1]:
                raise ValueError("range-order")
            return v
    if isinstance(v, str) and date_field_problem(v):
        raise ValueError("date-field")
    if isinstance(v, list) and len(v) == 2 and any(isinstance(x, str) and date_field_problem(x) for x in v):
        raise ValueError("date-field")
    if isinstance(v, str) and re.search(r"[０-９]", v):
        raise ValueError("full-width-digits")
    if isinstance(v, str) and re.fullmatch(r"[\d,.\s万亿]+", v):
        raise ValueError("number-as-text")
    raise ValueError("value-type")


class Claim(Record):
    """One checkable statement."""

    subject: Id = Field(description="Entity id of what the claim is about (for performance: what was accelerated).")
    metric: Id = Field(description="Metric id, in data/metrics.yml or data/metrics/*.yml.")
    value: Value = Field(None, description="A number as stated (1.80 keeps its two decimals), a range [low, high], a date 'YYYY-MM-DD' / 'YYYY-MM' / 'YYYY', a date range, or null for a qualitative claim.")
    precision: Precision = Field(None, description="Step of the last stated digit when the written value hides it (8.54万 is 85400 with precision 100), or 'exact' for counts.")
    approximate: bool = Field(False, description="The source hedges the figure (约, about, nearly).")
    hedge_reason: Optional[Bilingual] = Field(None, description="Where a quote hedges (may, expected, reportedly, about, 可能, 预计, 约…) and the statement does not: why the statement may state it plainly.")
    unit: Optional[Id] = Field(None, description="The unit the source writes the figure in, where it is not the metric's: GiB where the metric is in GB, PFLOPS where it is in TFLOPS. It must measure what the metric's unit measures. The figure is recorded as the source writes it; a comparison converts it, and says so.")
    per: Optional[Per] = Field(None, description="What one figure covers: chip (one die), package (one accelerator as sold: a module, card or superchip), board, node (a server), rack or pod; not-stated where the source does not say (it is shown as such, and never ranked). Required where the metric is qualified_by per.")
    number_format: Optional[Id] = Field(None, description="Id in data/formats.yml of the number format a compute figure counts in (fp8, bf16, int8...). Required where the metric is qualified_by number_format.")
    sparsity: Optional[Sparsity] = Field(None, description="Whether a compute figure counts structured sparsity, as vendors' larger figures do: dense, sparse, or not-stated where the source does not say (common; it is shown as such, and never ranked with a stated one). Required where the metric is qualified_by sparsity.")
    bound: Optional[Literal["more-than", "at-least", "less-than", "up-to"]] = Field(None, description="The source states a bound, not a value: more-than ('more than half'), at-least, less-than ('less than a year') or up-to ('up to 2-3x'). The figure is the bound, shown with its words in every language (so the statement does not write them), and a derivation is consistent when the computed interval reaches it. Not a hedge: a figure is approximate or bounded, never both.")
    statement: Bilingual = Field(description="The claim as one sentence, in each language.")
    scope: Optional[Bilingual] = Field(None, description="What exactly was measured or accelerated (whole system, selected blocks, project calendar time...). Required for performance claims.")
    conditions: Conditions = Field(default_factory=Conditions)
    citations: list[Citation] = Field(min_length=1, description="One or more sources that state the claim.")
    tier: Id = Field(description="Evidence tier id (data/tiers.yml): the evidence behind the claim, not the kind of source relaying it.")
    tier_reason: Optional[Bilingual] = Field(None, description="Why this tier, where it is not obvious.")
    status: Literal["reported", "contested", "superseded", "retracted"] = "reported"
    status_reason: Optional[Bilingual] = Field(None, description="Why the claim is superseded or retracted.")
    successor: Optional[Id] = Field(None, description="Claim that replaces a superseded claim.")
    attribution: Literal["certain", "uncertain"] = Field("certain", description="Whether the source makes certain who or what the figure belongs to.")
    attribution_note: Optional[Bilingual] = Field(None, description="Required when attribution is uncertain: what is in doubt.")
    derivation: Optional[Derivation] = None
    caveats: list[Bilingual] = Field(default_factory=list, description="Qualifications a reader needs (package TDP vs wall power, selected blocks vs whole model...).")
    tags: list[Id] = Field(default_factory=list, description="Topics, for grouping on pages: ids of data/tags.yml (e.g. benchmark, design, timeline, industry).")

    @field_validator("value")
    @classmethod
    def _value(cls, v):
        return check_value(v)

    @field_validator("precision")
    @classmethod
    def _precision(cls, v):
        if v is None or v == "exact" or (_number(v) and v > 0):
            return v
        raise ValueError("precision-type")

    @model_validator(mode="after")
    def _rules(self):
        if self.status in ("superseded", "retracted") and self.status_reason is None:
            raise ValueError("status-reason")
        if self.status == "superseded" and self.successor is None:
            raise ValueError("superseded-successor")
        if self.attribution == "uncertain" and self.attribution_note is None:
            raise ValueError("attribution-note")
        if self.bound is not None and self.approximate:
            raise ValueError("bound-approximate")
        return self


# --- conflicts --------------------------------------------------------------

class Side(Record):
    claims: list[Id] = Field(min_length=1, description="Claims on this side.")
    summary: Bilingual


class Conflict(Record):
    """Claims that disagree, or whose relation needs explaining."""

    kind: Literal["disagreement", "failed-derivation", "scope-difference", "unclear-attribution"]
    question: Bilingual = Field(description="The question the sides answer differently.")
    sides: list[Side] = Field(min_length=1)
    assessment: Bilingual = Field(description="What the evidence supports.")


# --- glossary ---------------------------------------------------------------

class Term(Record):
    """A technical term a reader needs."""

    term: Bilingual
    definition: Bilingual
    aliases: list[ShortText] = Field(default_factory=list)
    related: list[Id] = Field(default_factory=list, description="Other glossary ids.")


# --- topic tags -------------------------------------------------------------

class Tag(Record):
    """A topic claims are grouped by (a claim's ``tags``), named in each language."""

    name: Bilingual = Field(description="The topic's name as readers see it beside a claim, in each language.")
    description: Optional[Bilingual] = Field(None, description="What the topic covers, where its name does not say.")


# --- redirects ----------------------------------------------------------------

_RETIRABLE = tuple(k.name for k in kinds.retirable())
RedirectKind = Literal[_RETIRABLE]  # see kb.kinds


class Redirect(Record):
    """A retired id: the record was renamed or merged into another, and its old address stays.

    The record's id in data/redirects.yml is the old id.  The site keeps a page at
    the old address that says what happened and links to the record that replaced
    it, so citations of the old address never break.  (A claim that is wrong keeps
    its id and page instead: see status superseded and retracted.)"""

    kind: RedirectKind = Field(description=f"What the old id named: {', '.join(_RETIRABLE[:-1])} or {_RETIRABLE[-1]}.")
    change: Literal["renamed", "merged"] = Field(description="renamed: the same record under a new id; merged: folded into another record.")
    to: Id = Field(description="Id of the record of the same kind that replaces it; it must exist (not be another redirect).")
    reason: Bilingual = Field(description="What happened and why, in each language.")


# --- files ------------------------------------------------------------------

MODELS: dict[str, type[Record]] = {
    "tier": Tier,
    "unit": Unit,
    "format": NumberFormat,
    "metric": Metric,
    "entity": Entity,
    "source": SourceRecord,
    "claim": Claim,
    "conflict": Conflict,
    "term": Term,
    "tag": Tag,
    "redirect": Redirect,
}
"""Kind of record (kb.kinds) → the model of its records."""

KINDS: dict[str, type[Record]] = {k.data: MODELS[k.name] for k in kinds.KINDS.values()}
"""Folder (or single file stem) under data/ → the model of its records, in the order the loader reads them."""

OPTIONAL_KINDS = frozenset(k.data for k in kinds.KINDS.values() if k.optional)
"""Kinds a fact base may have no file for: there may be nothing to record yet."""

RULE_HINTS = {
    "status-reason": ("status-reason", "a superseded or retracted claim must say why", "add status_reason: {en: ..., zh: ...}"),
    "superseded-successor": ("superseded-successor", "a superseded claim must name its successor", "add successor: <id of the claim that replaces it>"),
    "bound-approximate": ("bound-approximate", "a figure is either approximate (about 10) or a bound (more than 10), "
                          "not both", "keep bound: and remove approximate:, or the other way round, as the source writes it"),
    "attribution-note": ("attribution-note", "an uncertain attribution must say what is in doubt", "add attribution_note: {en: ..., zh: ...}"),
    "derivation-inputs": ("derivation-inputs", "a derivation needs inputs, or 'missing' saying what was not published", "list the claim ids in inputs:, or add missing: {en: ..., zh: ...}"),
    "absurd-magnitude": ("absurd-magnitude", "the number is too large to be a real figure", "check for extra digits; figures in this base are below 10^15"),
    "range-order": ("range-order", "a range must be written [low, high]", "swap the two values"),
    "full-width-digits": ("full-width-digits", "the value uses full-width digits or punctuation", "write numbers with ASCII digits and no separators: 85448, not ８５，４４８"),
    "number-as-text": ("number-as-text", "the value is a number written as text", "write the number bare, without quotes, commas or 万: 85448"),
    "value-type": ("value-type", "a value must be a number, a [low, high] range, a date 'YYYY-MM-DD' (or 'YYYY-MM', 'YYYY'), or null", "see the claim template in contributing/templates.md"),
    "date-field": ("bad-date", "the date has a part out of range", "write dates as 'YYYY-MM-DD': month 01 to 12, "
                   "day 01 to the month's last"),
    "currency-code": ("bad-format", "the currency is not an ISO 4217 code Babel knows", "write its three capital letters, e.g. USD, CNY, EUR"),
    "currency-dimension": ("currency-dimension", "a unit with a currency measures money", "give it dimension: {money: 1}"),
    "precision-type": ("precision-type", "precision must be a positive number or 'exact'", "for 8.54万 write value: 85400 and precision: 100"),
    "citation-words": ("citation-words", "a citation needs the source's words: a quote (verbatim), a paraphrase (your own words), or both", "add quote: with the sentence that carries the figure, copied exactly"),
    "url-scheme": ("url-scheme", "only http and https addresses are allowed", "write the full address starting with https://"),
    "url-form": ("bad-url", "the address is not well formed: it has a space, a line break, a quote, a bracket or "
                            "another character an address cannot hold, or a port that is not a number",
                 "copy the address exactly from the browser's address bar (a space in it is written %20)"),
    "url-credentials": ("bad-url", "the address has a user name or password before '@' (https://name@host/), which "
                                   "can disguise where it leads",
                        "remove everything between '//' and '@'"),
    "url-host": ("bad-url", "the address's host is not a domain name or an IP address",
                 "write the host in ASCII (an internationalised domain name in its xn-- form)"),
}
"""Model-level rules raised as ValueError(code) → (rule, message, hint)."""
