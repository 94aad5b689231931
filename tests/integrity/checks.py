"""The checks, as functions of a parsed site and the fact base, each returning problems as a reader would
report them: ``zh/claims/x/ · x: shown 1.04, data 1.03``.

The real suite and the planted-fault tests call these same functions.
"""
from __future__ import annotations

import csv
import io
import json
import re
import weakref
from collections import deque
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from pathlib import Path

import yaml

from . import counts, langs
from . import numbers as num
from .facts import Facts
from .html import Corpus, Page, resolve
from .langs import LANGS, PREFIX, TAGS, WRITTEN
from .orphans import find_figures

HOME = tuple(PREFIX[lang] for lang in LANGS)


def show(url: str) -> str:
    return url or "/"


# --- figures ------------------------------------------------------------------------------------------

# What a page writes between the two dates of a span: an en dash in English, 至 in Chinese (2026年7月至2026年12月).
DATE_RANGE_SEP = {"en": " – ", "zh": "至", "zh-hant": "至"}


def _expected_text(facts: Facts, cid: str, lang: str) -> str:
    v = facts.claims[cid].get("value")
    if v is None:
        spans = num.computed_spans(facts, cid)
        return num.computed_shown(spans[0], lang) if spans else "no figure"
    if isinstance(v, list) and num.is_date(v[0]):
        return num.date(v[0], lang) + DATE_RANGE_SEP[lang] + num.date(v[1], lang)
    if num.is_date(v):
        return num.date(v, lang)
    return stated_text(facts, cid, v, lang)


CLAIM_PAGE = re.compile(r"^(?:zh/|zh-hant/)?claims/([a-z0-9-]+)/$")
ERROR_PAGES = tuple(PREFIX[lang] + "404.html" for lang in LANGS)


def own_claim(url: str) -> str | None:
    m = CLAIM_PAGE.match(url)
    return m.group(1) if m else None


def figure_problems(page: Page, facts: Facts) -> list[str]:
    """Every <data>/<time> figure on the page against the data: claim, value attribute, text, unit, hedge;
    and a claim's own page shows the claim's figure, through that markup."""
    out = []
    lang = page.lang
    cid = own_claim(page.url)
    if cid in facts.claims and (facts.claims[cid].get("value") is not None or num.computed_spans(facts, cid)):
        if not any(f.claim == cid for f in page.figures):
            out.append(f"{show(page.url)} · {cid}: the claim's own figure ({_expected_text(facts, cid, lang)}) "
                       f"is not shown as a <data>/<time> figure")
    for f in page.figures:
        where = f"{show(page.url)} · {f.claim}"
        claim = facts.claims.get(f.claim)
        if claim is None:
            out.append(f"{where}: no claim {f.claim!r} in the data (shown {f.text!r})")
            continue
        v = claim.get("value")
        if f.computed:
            spans = num.computed_spans(facts, f.claim)
            if not spans:
                out.append(f"{where}: shown {f.text} as computed, but the data gives nothing to compute it from")
                continue
            allowed = {num.computed_canonical(s): num.computed_shown(s, lang) for s in spans}
            if f.value not in allowed:
                out.append(f"{where}: computed value {f.value}, data computes {num.computed_canonical(spans[0])}")
            elif f.text != allowed[f.value]:
                out.append(f"{where}: shown {f.text}, data {allowed[f.value]}")
        elif f.tag == "time":
            stated = v if isinstance(v, list) else [v]
            if not all(isinstance(x, str) for x in stated):
                out.append(f"{where}: shown as the date {f.text}, data {_expected_text(facts, f.claim, lang)}")
            elif f.value not in stated:
                out.append(f"{where}: datetime {f.value}, data {'..'.join(stated)}")
            elif f.text != num.date(f.value, lang):
                out.append(f"{where}: shown {f.text}, data {num.date(f.value, lang)}")
        else:
            if v is None:
                out.append(f"{where}: shown {f.text} as a stated figure, but the data states none")
                continue
            if num.is_date(v) or (isinstance(v, list) and num.is_date(v[0])):
                out.append(f"{where}: shown {f.text} as a number, data is the date {num.canonical(v)}")
                continue
            if f.value != num.canonical(v):
                out.append(f"{where}: value {f.value}, data {num.canonical(v)}")
            want = stated_text(facts, f.claim, v, lang)
            if f.text != want:
                out.append(f"{where}: shown {f.text}, data {want}")
        if f.tag == "data" and f.hedged is not None:
            symbol = facts.unit_symbol(f.claim, lang) or None
            if facts.unit(f.claim).get("currency") and not f.computed:
                symbol = None  # an amount of money is written with its currency, inside <data>
            if f.unit != symbol:
                out.append(f"{where}: unit shown {f.unit or 'none'}, data {symbol or 'none'}")
            if not f.computed and f.hedged != bool(claim.get("approximate")):
                out.append(f"{where}: {'shown' if f.hedged else 'not shown'} as approximate, "
                           f"data approximate: {bool(claim.get('approximate'))}")
    for cid in page.no_figure:
        where = f"{show(page.url)} · {cid}"
        if cid not in facts.claims:
            out.append(f"{where}: no claim {cid!r} in the data")
        elif facts.claims[cid].get("value") is not None or num.computed_spans(facts, cid):
            out.append(f"{where}: shown as having no figure, data {_expected_text(facts, cid, lang)}")
    recorded = facts.record_dates()
    for when, text in page.dated:
        where = f"{show(page.url)} · date {when}"
        if when not in recorded:
            out.append(f"{where}: no record in the data has this date")
        elif text not in (num.date(when, lang), when):
            out.append(f"{where}: shown {text}, data {num.date(when, lang)}")
    for sha, when, text in page.commit_dates:
        where = f"{show(page.url)} · commit {sha[:12]}"
        if sha not in facts.commit_dates:
            out.append(f"{where}: no such commit in the repository's history")
        elif when != facts.commit_dates[sha]:
            out.append(f"{where}: dated {when}, the commit is dated {facts.commit_dates[sha]}")
        elif text not in (num.date(when, lang), when):
            out.append(f"{where}: shown {text}, expected {num.date(when, lang)}")
    for when, text in page.version_dates:
        where = f"{show(page.url)} · data version date {when}"
        if when != facts.version_date:
            out.append(f"{where}: the data's last commit is dated {facts.version_date or 'nothing (not in git)'}")
        elif text not in (num.date(when, lang), when):
            out.append(f"{where}: shown {text}, expected {num.date(when, lang)}")
    out += counts.problems(page, facts, show(page.url))
    out += chart_problems(page, facts)
    return out


def _canonical_for(facts: Facts, cid: str) -> set[str]:
    """Every canonical value a mark or label may carry for a claim."""
    v = facts.claims[cid].get("value")
    allowed = {num.canonical(v)} if v is not None else set()
    if isinstance(v, list):
        allowed |= {num.canonical(x) for x in v}
    allowed |= {num.computed_canonical(s) for s in num.computed_spans(facts, cid)}
    return allowed


def _within_inputs(facts: Facts, op: str, ids: list[str], value: str) -> bool:
    """Whether ``value`` is what ``op`` gives for some values the claims' stated figures stand for."""
    try:
        x = Fraction(Decimal(value))
    except (InvalidOperation, ValueError):
        return False
    spans = []
    for i in ids:
        c = facts.claims[i]
        if c.get("value") is None or num.is_date(c["value"]) or isinstance(c["value"], list):
            return False
        spans.append(num.rounding_span(c["value"], c.get("precision")))
    try:
        result = num.combine(op, spans)
    except (ZeroDivisionError, KeyError, IndexError):
        return False
    step = Fraction(10) ** -num.places(Decimal(value)) / 2
    return result.lo - step <= x <= result.hi + step


def chart_problems(page: Page, facts: Facts) -> list[str]:
    """Every number in an inline SVG carries its claim and value, and the value is the data's; a figure
    computed on the page from several claims is one their stated figures allow."""
    out = []
    label_numbers: set[str] = set()
    names = facts.names_with_digits(page.lang)

    def unnamed(text: str) -> str:
        """The text without the entities' names: an SVG cannot mark a name, and the digits of Gaudi 3 are no figure."""
        for name in names:
            text = text.replace(name, " ")
        return text

    for label in page.chart_labels:
        where = f"{show(page.url)} · chart label “{label.text}”"
        shown = unnamed(label.text)
        if not find_figures(shown):
            continue
        if not label.claim:
            out.append(f"{where}: shows a figure but carries no data-claim")
            continue
        if label.value is None:
            out.append(f"{where}: carries data-claim {label.claim} but no data-value")
            continue
        found = _mark_problems(where, label.claim, label.value, label.computed, facts)
        if not found and not label.computed and len(label.claim.split()) == 1:
            expected = _expected_text(facts, label.claim, page.lang)
            allowed = {f for _, f in find_figures(expected)} | {f for _, f in find_figures(label.value)}
            extra = [f for _, f in find_figures(shown) if f not in allowed]
            if extra:
                found.append(f"{where} · {label.claim}: shows {', '.join(extra)}, data {expected}")
        out += found
        label_numbers |= {f for _, f in find_figures(shown)}
    marked: set[str] = set()  # the figures of the claims the marks stand for, as the data states them
    for claim, value, computed in page.chart_marks:
        marked |= {f for i in claim.split() if i in facts.claims
                   for _, f in find_figures(_expected_text(facts, i, page.lang))}
        where = f"{show(page.url)} · chart mark"
        if value is None:
            continue  # a mark that names its claim without a value (a group, a legend key) shows no figure
        out += _mark_problems(where, claim, value, computed, facts)
    for chart, said in page.chart_restated:
        for _, fig in find_figures(unnamed(said)):
            # a figure a label shows, or one of a claim a mark stands for (a scatter's point names two)
            if fig not in label_numbers and fig not in marked:
                out.append(f"{show(page.url)} · {chart} says {fig}, which no labelled figure in the chart shows")
    for ill in page.illustrations:
        where = f"{show(page.url)} · computed “{ill.text}”"
        values = [ill.value] if ill.value else [f.replace(",", "") for _, f in find_figures(ill.text)]
        for v in values:
            out += _mark_problems(where, ill.claim, v, ill.computed, facts)
    return out


def _mark_problems(where: str, claim: str, value: str, computed: str | None, facts: Facts) -> list[str]:
    ids = claim.split()
    unknown = [i for i in ids if i not in facts.claims]
    if unknown:
        return [f"{where}: no claim {', '.join(unknown)} in the data"]
    if len(ids) == 1 and value in _canonical_for(facts, ids[0]):
        return []
    if computed and computed in ("ratio", "difference", "product", "sum", "percent-change", "reciprocal") \
            and _within_inputs(facts, computed, ids, value):
        return []
    expected = " / ".join(sorted(_canonical_for(facts, ids[0]))) if len(ids) == 1 else f"{computed or '?'} of {claim}"
    return [f"{where} · {claim}: value {value}, data {expected or 'no figure'}"]


# --- numbers that come from nowhere -------------------------------------------------------------------

def orphan_problems(page: Page) -> list[str]:
    """Numbers a reader sees that no <data>/<time> element ties to the data. (A 404 page is numbered by
    the HTTP status it stands for; that "404", if it shows it, is its name, not a figure.)"""
    return [f"{show(page.url)} · figure {fig} in {where} is not from the data: “{ctx}”"
            for fig, where, ctx in page.orphans if not (page.url in ERROR_PAGES and fig == "404")]


# --- the page as a whole ------------------------------------------------------------------------------

def soundness_problems(page: Page, corpus: Corpus) -> list[str]:
    """A title, no leaked template or macro text, and every internal link and anchor resolves."""
    out = []
    if not (page.title or "").strip():
        out.append(f"{show(page.url)} · the page has no <title>")
    for marker, ctx in page.leaks:
        out.append(f"{show(page.url)} · template or macro text {marker!r} reached the page: “{ctx}”")
    out += link_problems(page, corpus)
    return out


def link_problems(page: Page, corpus: Corpus) -> list[str]:
    out, seen = [], set()
    for href in page.links:
        if href in seen:
            continue
        seen.add(href)
        target, fragment = resolve(page.url, href)
        if target is None:
            continue
        is_page = target == "" or target.endswith("/") or target.endswith(".html")
        if not corpus.exists(target):
            out.append(f"{show(page.url)} · link {href} leads nowhere ({show(target)} does not exist)")
            continue
        if fragment and is_page and fragment not in corpus.page(target).ids:
            out.append(f"{show(page.url)} · link {href}: {show(target)} has no anchor #{fragment}")
    return out


_REACHED: "weakref.WeakKeyDictionary[Corpus, set[str]]" = weakref.WeakKeyDictionary()


def reachable(corpus: Corpus) -> set[str]:
    """Every page a reader can reach by following links from the two home pages (crawled once per site)."""
    if corpus not in _REACHED:
        _REACHED[corpus] = _crawl(corpus)
    return _REACHED[corpus]


def _crawl(corpus: Corpus) -> set[str]:
    seen = {u for u in HOME if corpus.exists(u)}
    queue = deque(seen)
    while queue:
        url = queue.popleft()
        for href in corpus.page(url).links:
            target, _ = resolve(url, href)
            if target is None or target in seen:
                continue
            if (target == "" or target.endswith("/") or target.endswith(".html")) and corpus.exists(target):
                seen.add(target)
                queue.append(target)
    return seen


# --- both languages -----------------------------------------------------------------------------------

FRONT_MATTER = re.compile(r"\A---\s*\n(.*?)\n---\s*\n", re.S)


def written_source(docs: Path, lang: str, url: str) -> Path | None:
    """The Markdown file a written page is built from, if it is one."""
    lang = WRITTEN[lang]  # a converted language's page is made from its source language's Markdown
    stem = langs.bare(url).rstrip("/")
    for candidate in ([docs / lang / "index.md"] if not stem else
                      [docs / lang / f"{stem}.md", docs / lang / stem / "index.md"]):
        if candidate.is_file():
            return candidate
    return None


def declared_difference(docs: Path, en_url: str) -> str | None:
    """The reason a page gives (``parity: {differs: reason}`` in either language's front matter) for
    showing different figures in its languages."""
    for lang, url in ((lang, PREFIX[lang] + en_url) for lang in LANGS):
        path = written_source(docs, lang, url)
        if path is None:
            continue
        m = FRONT_MATTER.match(path.read_text(encoding="utf-8"))
        if not m:
            continue
        meta = yaml.safe_load(m.group(1)) or {}
        reason = (meta.get("parity") or {}).get("differs") if isinstance(meta.get("parity"), dict) else None
        if reason:
            return str(reason)
    return None


def parity_problems(en_url: str, corpus: Corpus, docs: Path) -> list[str]:
    """The page exists in every language, each is its own language's, and all show the same claims."""
    urls = {lang: PREFIX[lang] + en_url for lang in LANGS}
    missing = [u for u in urls.values() if not corpus.exists(u)]
    if missing:
        return [f"{show(u)} · the page is missing (another language has it)" for u in missing]
    pages = {lang: corpus.page(url) for lang, url in urls.items()}
    out = []
    for lang, page in pages.items():
        if (page.html_lang or "") != TAGS[lang]:
            out.append(f"{show(page.url)} · the page is marked lang={page.html_lang!r}, not {TAGS[lang]}")
    # A page written in one language only is built in another from the same Markdown (mkdocs-static-i18n
    # falls back to it), with the macros' tables in the other language: its headings give it away.  A
    # converted language's page must differ from its source's too, unless converting changes nothing in it.
    en = pages["en"]
    for lang, page in pages.items():
        if lang == "en":
            continue
        same = (en.main_text and en.main_text == page.main_text) or (en.headings and en.headings == page.headings)
        if lang in langs.CONVERSION:
            source = pages[WRITTEN[lang]]
            want = langs.convert(source.main_text, lang)
            same = same or (source.main_text != want and page.main_text == source.main_text)
        if same:
            out.append(f"{show(page.url)} · shows the text of another language: it has no page of its own")
    if declared_difference(docs, en_url) is None:
        for lang, page in pages.items():
            if lang == "en" or page.claims_shown == en.claims_shown:
                continue
            only_en = sorted(en.claims_shown - page.claims_shown)
            only_other = sorted(page.claims_shown - en.claims_shown)
            if only_en:
                out.append(f"{show(page.url)} · does not show {', '.join(only_en)}, which {show(en.url)} shows")
            if only_other:
                out.append(f"{show(en.url)} · does not show {', '.join(only_other)}, which {show(page.url)} shows")
    return out


# --- downloads ----------------------------------------------------------------------------------------

# The download contract (src/publish/exports.py): the files every build must write under site/data/.
CONTRACT = ("claims.json", "sources.json", "entities.json", "conflicts.json", "claims.csv", "sources.csv",
            "datapackage.json")
APPROX = {"en": "about", "zh": "约", "zh-hant": "約"}
# a figure the source states as a bound, by the written language (Traditional Chinese writes them as Simplified does)
BOUND = {"more-than": {"en": "more than {}", "zh": "{}以上"}, "at-least": {"en": "at least {}", "zh": "至少 {}"},
         "less-than": {"en": "less than {}", "zh": "不到 {}"}, "up-to": {"en": "up to {}", "zh": "最多 {}"}}


def stated_text(facts: Facts, cid: str, v, lang: str) -> str:
    """A stated number or range as the page must write it: money with its currency, a count in words where its
    unit says so (208 billion), any other number in digits."""
    unit = facts.unit(cid)
    if unit.get("currency"):
        def one(x):
            return num.money(x, unit["currency"], lang)
    elif unit.get("in_words"):
        def one(x):
            return num.in_words(x, lang)
    else:
        return num.shown(v, lang)
    return one(v[0]) + num.RANGE_SEP[lang] + one(v[1]) if isinstance(v, list) else one(v)


def figure_text(facts: Facts, cid: str, lang: str) -> str:
    """A claim's figure as plain text with its unit and hedge, as a page would write it without markup."""
    claim = facts.claims[cid]
    text = _expected_text(facts, cid, lang)
    v = claim.get("value")
    if v is None and text == "no figure":
        return text
    code = facts.unit(cid).get("currency")
    if code and v is not None:  # an amount of money, written with its currency
        text = stated_text(facts, cid, v, lang)
    elif not (num.is_date(v) or (isinstance(v, list) and num.is_date(v[0]))):
        symbol = facts.unit_symbol(cid, lang)
        if symbol:
            text += ("\u00a0" if facts.unit(cid).get("space", True) else "") + symbol
    if claim.get("approximate"):
        text = f"{APPROX[lang]} {text}"
    if claim.get("bound"):
        text = BOUND[claim["bound"]][WRITTEN[lang]].format(text)
    return text


def export_wiring(root: Path) -> str | None:
    """The build file that writes the downloads, if any does."""
    for rel in ("macros/hooks.py", "macros/main.py"):
        path = root / rel
        if path.is_file() and re.search(r"\bexports\(|\bdownloads\.write\(|publish\.exports", path.read_text(encoding="utf-8")):
            return rel
    return None


def _load(path: Path):
    if path.suffix == ".json":
        return json.loads(path.read_text(encoding="utf-8"), parse_float=Decimal)
    if path.suffix == ".csv":
        return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8-sig"))))  # with or without a byte-order mark
    return None


def _ids(rel: str, got: list, want, what: str) -> list[str]:
    got_set, want_set = set(got), set(want)
    out = [f"{rel} · {i}: no such {what} in the data" for i in sorted(got_set - want_set)]
    out += [f"{rel} · {i}: in the data, missing here" for i in sorted(want_set - got_set)]
    out += [f"{rel} · {i}: listed {got.count(i)} times" for i in sorted(got_set) if got.count(i) > 1]
    return out


def export_problems(site_root: Path, facts: Facts) -> tuple[list[str], list[str]]:
    """Every file under site/data/ against the fact base; returns (problems, files checked)."""
    folder = site_root / "data"
    out, checked = [], []
    if not folder.is_dir():
        return out, checked
    kinds = {"claims": "claims", "sources": "sources", "entities": "entities", "conflicts": "conflicts"}
    for path in sorted(folder.rglob("*")):
        if not path.is_file() or path.suffix not in (".json", ".csv"):
            continue
        rel = path.relative_to(site_root).as_posix()
        checked.append(rel)
        try:
            data = _load(path)
        except (ValueError, csv.Error) as e:
            out.append(f"{rel} · cannot be read: {e}")
            continue
        stem = path.stem
        if stem in kinds and isinstance(data, list):
            out += _ids(rel, [r.get("id") for r in data], facts.kind(kinds[stem]), stem[:-1])
            if stem == "claims":
                out += [f"{rel} · {p}" for p in _claim_rows(data, facts)]
            if stem == "sources":
                out += [f"{rel} · {p}" for p in _source_rows(data, facts)]
        elif stem.startswith("provenance.") and isinstance(data, dict):
            lang = stem.split(".", 1)[1]
            claims = data.get("claims") or {}
            out += _ids(rel, list(claims), facts.claims, "claim")
            for cid, rec in claims.items():
                if cid in facts.claims and isinstance(rec, dict) and "f" in rec and lang in num.LOCALE:
                    want = figure_text(facts, cid, lang)
                    if rec["f"] != want and not (want == "no figure" and not rec["f"]):
                        out.append(f"{rel} · {cid}: shows {rec['f']}, data {want}")
    return out, checked


def _claim_rows(rows: list[dict], facts: Facts) -> list[str]:
    out = []
    for r in rows:
        cid = r.get("id")
        if cid not in facts.claims:
            continue
        claim = facts.claims[cid]
        for key, default in (("subject", None), ("metric", None), ("tier", None), ("status", "reported"),
                             ("attribution", "certain")):
            if key in r and (r[key] or None) != claim.get(key, default):
                out.append(f"{cid}: {key} {r[key]}, data {claim.get(key, default)}")
        if isinstance(r.get("approximate"), bool) and r["approximate"] != bool(claim.get("approximate")):
            out.append(f"{cid}: approximate {r['approximate']}, data {bool(claim.get('approximate'))}")
        v = claim.get("value")
        want = None if v is None else num.canonical(v)
        for key in ("value_text", "value"):
            if key not in r:
                continue
            got = r[key]
            if key == "value" and not isinstance(got, str) and got is not None:
                if not _same_number(got, v):
                    out.append(f"{cid}: value {_json_text(got)}, data {want}")
                continue
            if (got or None) != want:
                out.append(f"{cid}: {key} {got}, data {want}")
    return out


def _source_rows(rows: list[dict], facts: Facts) -> list[str]:
    out = []
    for r in rows:
        sid = r.get("id")
        rec = facts.kind("sources").get(sid)
        if rec is None or "date" not in r:
            continue
        if (r["date"] or None) != rec.get("date"):
            out.append(f"{sid}: date {r['date']}, data {rec.get('date')}")
    return out


def _json_text(v) -> str:
    if isinstance(v, list):
        return f"{_json_text(v[0])}..{_json_text(v[1])}"
    return format(v, "f") if isinstance(v, Decimal) else str(v)


def _same_number(got, want) -> bool:
    """JSON numbers lose trailing zeros (1.80 is written 1.8); the number must still be the same."""
    if isinstance(got, list) and isinstance(want, list) and len(got) == len(want) == 2:
        return all(_same_number(a, b) for a, b in zip(got, want))
    if isinstance(got, str) or isinstance(want, str):
        return got == want
    try:
        return Decimal(str(got)) == Decimal(str(want))
    except (InvalidOperation, ValueError):
        return False
