"""One test per validation rule: a small bad input and the exact message expected.

Each case starts from the small sound fact base in conftest.MINIMAL and breaks one
thing. The expected text is the whole line `kb check` prints for it.
"""
from __future__ import annotations

import os
import re

import pytest

from conftest import MINIMAL

CLAIMS = "claims/bench.yml"
NEW_CLAIM = """\
extra:
  subject: chip
  metric: statement
  statement: {en: The chip exists., zh: 芯片存在。}
  citations:
    - source: article
      quote: 芯片的延迟
      translation: {en: "The chip's latency"}
  tier: vendor-self-report
"""


REDIRECT = """\
old-latency:
  kind: claim
  change: renamed
  to: chip-latency
  reason: {en: The claim was given a clearer id., zh: 这条论断换了一个更清楚的 id。}
"""


# a converted language's word tables (kb.phrases)
PHRASES, OVERRIDES, AVOID = ("languages/zh-hant/phrases.txt", "languages/zh-hant/overrides.txt",
                             "languages/zh-hant/avoid.txt")


def claims_plus(text: str) -> dict:
    return {CLAIMS: MINIMAL[CLAIMS] + text}


# how a source says where it can be read, and a citation that paraphrases instead of quoting
SOURCES = "sources/articles.yml"
NO_URL = "  no_url: {en: The copy kept here states no address., zh: 这里保存的副本没有写明网址。}\n"
SNAPSHOT = '  snapshot:\n    file: snapshots/article.txt\n    taken: "2026-11-01"\n    extent: full\n'
SOURCES_READ = MINIMAL[SOURCES].replace(NO_URL, '  url: https://example.com/article\n  accessed: "2026-11-01"\n')
PARAPHRASED = NEW_CLAIM.replace("      quote: 芯片的延迟\n      translation: {en: \"The chip's latency\"}\n",
                                "      paraphrase: {en: The page says the chip exists., zh: 该页面称芯片存在。}\n")

# a page read at its address, with no copy kept here: quoted by one short sentence that carries the figure
WEB_SOURCES = SOURCES_READ.replace(SNAPSHOT, "")
WEB_CLAIM = """\
web-latency:
  subject: chip
  metric: latency
  value: 1.03
  statement: {en: "The page gives the chip a latency of {value}.", zh: "该页面称芯片的延迟为 {value}。"}
  scope: {en: The whole system., zh: 整套系统。}
  conditions: {baseline: gpu, model: chip, note: {en: As a page gives it., zh: 按一个页面所给。}}
  citations:
    - source: article
      quote: 芯片的延迟为 1.03 秒
      translation: {en: "The chip's latency is 1.03 s"}
      accessed: "2026-11-20"
  tier: vendor-self-report
"""


def web(claim: str = WEB_CLAIM, sources: str = WEB_SOURCES) -> dict:
    return {SOURCES: sources, CLAIMS: MINIMAL[CLAIMS] + claim}


def web_quote(quote: str, translation: str) -> str:
    return WEB_CLAIM.replace("      quote: 芯片的延迟为 1.03 秒\n      translation: {en: \"The chip's latency is 1.03 s\"}\n",
                             f"      quote: {quote}\n      translation: {{en: \"{translation}\"}}\n")


WEB_PARAPHRASE = "      paraphrase: {en: The page gives the latency in seconds., zh: 该页面以秒为单位给出了延迟。}\n"



def superseded(ident: str, successor: str) -> str:
    return NEW_CLAIM.replace("extra:", f"{ident}:").replace(
        "  tier: vendor-self-report\n",
        "  tier: vendor-self-report\n  status: superseded\n  status_reason: {en: Replaced., zh: 已被取代。}\n"
        f"  successor: {successor}\n")


def data_figure(quote: str, value: str, unit: str = "terabytes-per-second") -> dict:
    """A claim on a data-rate or a data-size metric, whose quote writes the figure as ``quote`` does."""
    units = MINIMAL["units.yml"] + (
        "terabytes-per-second:\n  symbol: {en: TB/s, zh: TB/s}\n  name: {en: terabytes per second, zh: 太字节每秒}\n"
        "  dimension: {data: 1, time: -1}\n  scale: 1000000000000\n  space: false\n"
        "terabyte:\n  symbol: {en: TB, zh: TB}\n  name: {en: terabytes, zh: 太字节}\n"
        "  dimension: {data: 1}\n  scale: 1000000000000\n  space: false\n")
    metrics = MINIMAL["metrics.yml"] + (f"bandwidth:\n  name: {{en: Bandwidth, zh: 带宽}}\n  unit: {unit}\n"
                                        "  kind: specification\n  description: {en: How fast., zh: 有多快。}\n")
    claim = NEW_CLAIM.replace("metric: statement", f"metric: bandwidth\n  value: {value}").replace(
        "The chip exists.", '"The chip moves {value}."').replace("芯片存在。", '"芯片带宽 {value}。"').replace(
        "quote: 芯片的延迟\n      translation: {en: \"The chip's latency\"}", f"quote: 芯片带宽 {quote}\n      translation: {{en: \"The chip's bandwidth is {quote}\"}}")
    return {"units.yml": units, "metrics.yml": metrics, CLAIMS: MINIMAL[CLAIMS] + claim,
            "snapshots/article.txt": MINIMAL["snapshots/article.txt"] + f"芯片带宽 {quote}。\n"}


CASES = [
    # --- the YAML reader --------------------------------------------------------------
    ("yaml-syntax", {CLAIMS: "chip-latency:\n  subject: [chip\n"}, None,
     "data/claims/bench.yml:2:12: yaml-syntax: data/claims/bench.yml: a list opened with '[' on line 2 is never closed (add ']' at its end on the same line; if the value is text that starts with '[', put the whole value in quotes)"),
    ("control-character", {CLAIMS: "chip-latency:\n  subject: chip\x07\n"}, None,
     "data/claims/bench.yml:2:16: yaml-syntax: data/claims/bench.yml: the control character U+0007 is not allowed in YAML (delete it; it is often left by copying from a PDF or a terminal)"),
    ("tab-indent", {CLAIMS: "chip-latency:\n\tsubject: chip\n"}, None,
     "data/claims/bench.yml:2:1: tab-indent: data/claims/bench.yml: a tab is used for indentation (YAML indents with spaces only; replace the tab with spaces)"),
    ("duplicate-key", None, {CLAIMS: ("  metric: latency\n  value: 1.03\n", "  metric: latency\n  metric: latency\n  value: 1.03\n")},
     "data/claims/bench.yml:4:3: duplicate-key: data/claims/bench.yml > chip-latency > metric > #dup: the key 'metric' appears twice in this mapping (first on line 3) (YAML would silently keep only the last one; merge the two or rename one)"),
    ("byte-order-mark", {CLAIMS: b"\xef\xbb\xbf" + MINIMAL[CLAIMS].encode()}, None,
     "data/claims/bench.yml:1:1: byte-order-mark: data/claims/bench.yml: the file starts with a UTF-8 byte-order mark (save the file as UTF-8 without BOM (most editors call it plain 'UTF-8'))"),
    ("invalid-utf8", {CLAIMS: MINIMAL[CLAIMS].encode() + b"bad: \xff\n"}, None,
     "data/claims/bench.yml:40:6: invalid-utf8: data/claims/bench.yml: byte 0xff is not valid UTF-8 (save the file as UTF-8)"),
    ("empty-file", {CLAIMS: "# nothing here\n"}, None,
     "data/claims/bench.yml:1:1: empty-file: data/claims/bench.yml: the file holds no records (add a record, or delete the file)"),
    ("file-too-large", {CLAIMS: "# " + "x" * 2_000_001 + "\n"}, None,
     "data/claims/bench.yml:1:1: file-too-large: data/claims/bench.yml: the file is 2,000,004 bytes; the limit is 2,000,000 (split it into several files in the same folder)"),
    ("several-documents", {CLAIMS: MINIMAL[CLAIMS] + "---\nx: 1\n"}, None,
     "data/claims/bench.yml:40:1: several-documents: data/claims/bench.yml: the file holds more than one YAML document (remove the '---' separators)"),
    ("yaml-alias", None, {CLAIMS: ("  scope: {en: The whole system., zh: 整套系统。}\n  conditions: {baseline: gpu, model: chip}\n  citations:\n    - source: article\n      quote: 对照系统为 1.80 秒\n      translation: {en: \"the baseline system's is 1.80 s\"}",
                                    "  scope: &s {en: The whole system., zh: 整套系统。}\n  conditions: {baseline: gpu, model: chip}\n  citations:\n    - source: article\n      quote: 对照系统为 1.80 秒\n      translation: {en: \"the baseline system's is 1.80 s\"}\n  tier_reason: *s")},
     "data/claims/bench.yml:18:10: yaml-alias: data/claims/bench.yml: anchors and aliases (&name, *name) are not allowed (write the value out in full where it is needed)"),
    ("yaml-merge", claims_plus("other:\n  <<: {subject: chip}\n"), None,
     "data/claims/bench.yml:41:3: yaml-alias: data/claims/bench.yml: merge keys ('<<') are not allowed (write the keys out in full)"),
    ("yaml-tag", {CLAIMS: "chip-latency: !!python/object/apply:os.system ['true']\n"}, None,
     "data/claims/bench.yml:1:15: yaml-tag: data/claims/bench.yml: the tag 'tag:yaml.org,2002:python/object/apply:os.system' is not allowed (remove the '!' tag; plain lists need none)"),
    ("yaml-tag-scalar", None, {CLAIMS: ("  value: 1.03\n", "  value: !!binary aGVsbG8=\n")},
     "data/claims/bench.yml:4:10: yaml-tag: data/claims/bench.yml: the tag 'tag:yaml.org,2002:binary' is not allowed (data files hold plain text, numbers, dates and lists; remove the '!' tag)"),
    ("bad-key", claims_plus("[a, b]: 1\n"), None,
     "data/claims/bench.yml:40:1: bad-key: data/claims/bench.yml: a key must be plain text (keys are words such as 'subject' or ids such as 'gptoss-e2e-jalapeno')"),
    ("not-a-number", None, {CLAIMS: ("  value: 1.03\n", "  value: .nan\n")},
     "data/claims/bench.yml:4:10: not-a-number: data/claims/bench.yml: '.nan' is not a finite number (a figure must be a finite number; use null if it was not published)"),
    ("infinity", None, {CLAIMS: ("  value: 1.03\n", "  value: -.inf\n")},
     "data/claims/bench.yml:4:10: not-a-number: data/claims/bench.yml: '-.inf' is not a finite number (a figure must be a finite number; use null if it was not published)"),
    ("number-format", None, {CLAIMS: ("  value: 1.03\n", "  value: 0x1F\n")},
     "data/claims/bench.yml:4:10: number-format: data/claims/bench.yml: '0x1F' is not a plain decimal number (write integers in plain decimal digits, e.g. 85448)"),
    ("too-deep", claims_plus("deep: " + "[" * 40 + "]" * 40 + "\n"), None,
     "data/claims/bench.yml:40:39: too-deep: data/claims/bench.yml: values are nested more than 32 levels deep (data records are at most a few levels deep; check the indentation and the brackets)"),
    ("unfinished", None, {CLAIMS: ("      quote: 低 1.7 倍", "      quote: TODO copy the quote")},
     "data/claims/bench.yml:34:14: unfinished: data/claims/bench.yml > latency-ratio > citations[0] > quote: 'TODO copy the quote' is a placeholder from the template (replace it with the real value (see the comment on that line))"),
    # --- records against the schema ------------------------------------------------------
    ("file-extension", {"claims/more.yaml": NEW_CLAIM}, None,
     "data/claims/more.yaml:1:1: file-extension: data/claims/more.yaml: data files end in .yml (rename it to more.yml)"),
    ("file-shape", {"claims/more.yml": "- a\n- b\n"}, None,
     "data/claims/more.yml:1:1: file-shape: data/claims/more.yml: a claims file is a mapping from id to record (start each record with its id at the left margin, e.g. 'my-id:')"),
    ("bad-id", claims_plus(NEW_CLAIM.replace("extra:", "Extra_Claim:")), None,
     "data/claims/bench.yml:40:1: bad-id: data/claims/bench.yml > Extra_Claim: the id 'Extra_Claim' is not a lowercase slug (ids use a-z, 0-9 and single hyphens, e.g. gptoss-e2e-jalapeno; they become URLs and never change)"),
    ("duplicate-id", {"claims/more.yml": NEW_CLAIM.replace("extra:", "chip-latency:")}, None,
     "data/claims/more.yml:1:1: duplicate-id: data/claims/more.yml > chip-latency: the id 'chip-latency' is already used in data/claims/bench.yml:1 (ids are unique across all files of a kind; choose another id (and never reuse a retired one))"),
    ("record-not-mapping", claims_plus("extra: just text\n"), None,
     "data/claims/bench.yml:40:8: wrong-type: data/claims/bench.yml > extra: the record 'extra' must be a mapping of fields (indent the record's fields under its id)"),
    ("unknown-field", claims_plus(NEW_CLAIM.replace("  citations:", "  souces: []\n  citations:")), None,
     "data/claims/bench.yml:44:11: unknown-field: data/claims/bench.yml > extra > souces: unknown field 'souces' (did you mean 'successor'?)"),
    ("missing-field", claims_plus(NEW_CLAIM.replace("  tier: vendor-self-report\n", "")), None,
     "data/claims/bench.yml:40:1: missing-field: data/claims/bench.yml > extra > tier: the required field 'tier' is missing (Evidence tier id (data/tiers.yml): the evidence behind the claim, not the kind of source relaying it.)"),
    ("wrong-type", None, {CLAIMS: ("  conditions: {baseline: gpu, model: chip}\n  citations:\n    - source: article\n      quote: 芯片的延迟为 1.03 秒",
                                    "  conditions: {baseline: gpu, model: chip, input_tokens: many}\n  citations:\n    - source: article\n      quote: 芯片的延迟为 1.03 秒")},
     "data/claims/bench.yml:7:58: wrong-type: data/claims/bench.yml > chip-latency > conditions > input_tokens: expected a whole number, got 'many' (Nominal input length in tokens.)"),
    ("not-allowed-value", None, {CLAIMS: ("  tier: vendor-self-report\ngpu-latency:", "  tier: vendor-self-report\n  status: disputed\ngpu-latency:")},
     "data/claims/bench.yml:13:11: not-allowed-value: data/claims/bench.yml > chip-latency > status: 'disputed' is not allowed here; expected one of 'reported', 'contested', 'superseded' or 'retracted' (use one of the values listed, spelled exactly)"),
    ("bad-reference-form", None, {CLAIMS: ("  subject: chip\n  metric: latency\n  value: 1.03", "  subject: The Chip\n  metric: latency\n  value: 1.03")},
     "data/claims/bench.yml:2:12: bad-reference: data/claims/bench.yml > chip-latency > subject: 'The Chip' is not a valid id (ids are lowercase slugs such as gb300 or gptoss-e2e-jalapeno)"),
    ("bad-date-form", None, {"sources/articles.yml": ('taken: "2026-11-01"', 'taken: "1 Nov 2026"')},
     "data/sources/articles.yml:7:12: bad-date: data/sources/articles.yml > article > snapshot > taken: '1 Nov 2026' is not a date of the form YYYY-MM-DD, YYYY-MM or YYYY (write dates as '2026-08-25', quoted or not)"),
    ("out-of-range", None, {CLAIMS: ("{baseline: gpu, model: chip}\n  citations:\n    - source: article\n      quote: 芯片的延迟为 1.03 秒",
                                      "{baseline: gpu, model: chip, output_tokens: -5}\n  citations:\n    - source: article\n      quote: 芯片的延迟为 1.03 秒")},
     "data/claims/bench.yml:7:59: out-of-range: data/claims/bench.yml > chip-latency > conditions > output_tokens: -5: input should be greater than 0 (Nominal output length in tokens.)"),
    ("empty-value", claims_plus(NEW_CLAIM.replace("  citations:\n    - source: article\n      quote: 芯片的延迟\n      translation: {en: \"The chip's latency\"}\n", "  citations: []\n")), None,
     "data/claims/bench.yml:44:14: empty-value: data/claims/bench.yml > extra > citations: 'citations' must not be empty (One or more sources that state the claim.)"),
    ("full-width-digits", None, {CLAIMS: ("  value: 1.03\n", "  value: ８５，４４８\n")},
     "data/claims/bench.yml:4:10: full-width-digits: data/claims/bench.yml > chip-latency > value: the value uses full-width digits or punctuation; got '８５，４４８' (write numbers with ASCII digits and no separators: 85448, not ８５，４４８)"),
    ("number-as-text", None, {CLAIMS: ("  value: 1.03\n", "  value: 85,448\n")},
     "data/claims/bench.yml:4:10: number-as-text: data/claims/bench.yml > chip-latency > value: the value is a number written as text; got '85,448' (write the number bare, without quotes, commas or 万: 85448)"),
    ("absurd-magnitude", None, {CLAIMS: ("  value: 1.03\n", "  value: 1000000000000000000000\n")},
     "data/claims/bench.yml:4:10: absurd-magnitude: data/claims/bench.yml > chip-latency > value: the number is too large to be a real figure; got 1000000000000000000000 (check for extra digits; figures in this base are below 10^15)"),
    ("range-order", None, {CLAIMS: ("  value: 1.7\n", "  value: [3.6, 1.7]\n")},
     "data/claims/bench.yml:28:10: range-order: data/claims/bench.yml > latency-ratio > value: a range must be written [low, high]; got [3.6, 1.7] (swap the two values)"),
    ("value-type", None, {CLAIMS: ("  value: 1.03\n", "  value: fast\n")},
     "data/claims/bench.yml:4:10: value-type: data/claims/bench.yml > chip-latency > value: a value must be a number, a [low, high] range, a date 'YYYY-MM-DD' (or 'YYYY-MM', 'YYYY'), or null; got 'fast' (see the claim template in contributing/templates.md)"),
    ("precision-type", None, {CLAIMS: ("  value: 1.03\n", "  value: 1.03\n  precision: -1\n")},
     "data/claims/bench.yml:5:14: precision-type: data/claims/bench.yml > chip-latency > precision: precision must be a positive number or 'exact'; got -1 (for 8.54万 write value: 85400 and precision: 100)"),
    ("url-scheme", None, {"sources/articles.yml": ("  language: zh-Hans\n", "  language: zh-Hans\n  url: javascript:alert(1)\n")},
     "data/sources/articles.yml:5:8: url-scheme: data/sources/articles.yml > article > url: only http and https addresses are allowed; got 'javascript:alert(1)' (write the full address starting with https://)"),
    ("status-reason", claims_plus(NEW_CLAIM + "  status: retracted\n"), None,
     "data/claims/bench.yml:40:1: status-reason: data/claims/bench.yml > extra: a superseded or retracted claim must say why (add status_reason: {en: ..., zh: ...})"),
    ("superseded-successor", claims_plus(NEW_CLAIM + "  status: superseded\n  status_reason: {en: Replaced., zh: 已被取代。}\n"), None,
     "data/claims/bench.yml:40:1: superseded-successor: data/claims/bench.yml > extra: a superseded claim must name its successor (add successor: <id of the claim that replaces it>)"),
    ("citation-words", claims_plus(NEW_CLAIM.replace("      quote: 芯片的延迟\n", "")), None,
     "data/claims/bench.yml:45:7: citation-words: data/claims/bench.yml > extra > citations[0]: a citation needs the source's words: a quote (verbatim), a paraphrase (your own words), or both (add quote: with the sentence that carries the figure, copied exactly)"),
    ("currency-dimension", {"units.yml": MINIMAL["units.yml"] + "dollar:\n  symbol: {en: USD, zh: 美元}\n  name: {en: dollars, zh: 美元}\n  currency: USD\n"}, None,
     "data/units.yml:19:1: currency-dimension: data/units.yml > dollar: a unit with a currency measures money (give it dimension: {money: 1})"),
    ("currency-code", {"units.yml": MINIMAL["units.yml"] + "dollar:\n  symbol: {en: USD, zh: 美元}\n  name: {en: dollars, zh: 美元}\n  dimension: {money: 1}\n  currency: USX\n"}, None,
     "data/units.yml:23:13: bad-format: data/units.yml > dollar > currency: the currency is not an ISO 4217 code Babel knows; got 'USX' (write its three capital letters, e.g. USD, CNY, EUR)"),
    ("bound-approximate", None, {CLAIMS: ("  value: 1.03\n", "  value: 1.03\n  approximate: true\n  bound: less-than\n")},
     "data/claims/bench.yml:1:1: bound-approximate: data/claims/bench.yml > chip-latency: a figure is either approximate (about 10) or a bound (more than 10), not both (keep bound: and remove approximate:, or the other way round, as the source writes it)"),
    ("bound-in-statement", None, {CLAIMS: ('  value: 1.03\n  statement: {en: "The chip took {value}.", zh: "芯片用时 {value}。"}',
                                           '  value: 1.03\n  bound: less-than\n  statement: {en: "The chip took less than {value}.", zh: "芯片用时 {value}以内。"}')},
     "data/claims/bench.yml:6:19: bound-in-statement: data/claims/bench.yml > chip-latency > statement > en: the text writes 'less than' beside {value}, but the figure is recorded as a bound (less-than) and shows it already: readers would see it twice (remove 'less than' there: {value} shows 'less than 1.03 s')"),
    ("attribution-note", claims_plus(NEW_CLAIM + "  attribution: uncertain\n"), None,
     "data/claims/bench.yml:40:1: attribution-note: data/claims/bench.yml > extra: an uncertain attribution must say what is in doubt (add attribution_note: {en: ..., zh: ...})"),
    ("derivation-inputs", None, {CLAIMS: ("    inputs: [gpu-latency, chip-latency]\n", "    inputs: []\n")},
     "data/claims/bench.yml:37:3: derivation-inputs: data/claims/bench.yml > latency-ratio > derivation: a derivation needs inputs, or 'missing' saying what was not published (list the claim ids in inputs:, or add missing: {en: ..., zh: ...})"),
    ("bad-format", None, {"sources/articles.yml": ("file: snapshots/article.txt", "file: ../../etc/passwd")},
     "data/sources/articles.yml:6:11: bad-format: data/sources/articles.yml > article > snapshot > file: '../../etc/passwd' does not have the expected form (Path under data/, e.g. snapshots/article-002.txt.)"),
    ("too-long", None, {CLAIMS: ("      quote: 低 1.7 倍", "      quote: " + "长" * 4001)},
     "data/claims/bench.yml:34:14: too-long: data/claims/bench.yml > latency-ratio > citations[0] > quote: 'quote' is too long: string should have at most 4000 characters (shorten it, or split the record)"),
    # --- rules across records ---------------------------------------------------------
    ("unknown-reference", None, {CLAIMS: ("  subject: gpu\n", "  subject: gpux\n")},
     "data/claims/bench.yml:14:12: unknown-reference: data/claims/bench.yml > gpu-latency > subject: no entity has the id 'gpux' (did you mean 'gpu'?)"),
    ("unknown-entity-far", None, {CLAIMS: ("  subject: gpu\n", "  subject: zzzz\n")},
     "data/claims/bench.yml:14:12: unknown-reference: data/claims/bench.yml > gpu-latency > subject: no entity has the id 'zzzz' (add an entity with id 'zzzz' in data/entities/, or fix the id)"),
    ("unknown-source", None, {CLAIMS: ("    - source: article\n      quote: 低 1.7 倍", "    - source: blog\n      quote: 低 1.7 倍")},
     "data/claims/bench.yml:33:15: unknown-reference: data/claims/bench.yml > latency-ratio > citations[0] > source: no source has the id 'blog' (add a source with id 'blog' in data/sources/, or fix the id)"),
    ("unknown-tag", claims_plus(NEW_CLAIM + "  tags: [benchmark]\n"), None,
     "data/claims/bench.yml:49:10: unknown-tag: data/claims/bench.yml > extra > tags[0]: no topic tag has the id 'benchmark': readers see each tag's name, which data/tags.yml gives (add benchmark: {name: {en: ..., zh: ...}} to data/tags.yml, or use a tag listed there)"),
    ("unknown-tag-close", {CLAIMS: MINIMAL[CLAIMS] + NEW_CLAIM + "  tags: [benchmarks]\n", "tags.yml": "benchmark:\n  name: {en: Benchmarks, zh: 基准测试}\n"}, None,
     "data/claims/bench.yml:49:10: unknown-tag: data/claims/bench.yml > extra > tags[0]: no topic tag has the id 'benchmarks': readers see each tag's name, which data/tags.yml gives (did you mean 'benchmark'?)"),
    ("unused-source", {"sources/more.yml": "blog:\n  kind: blog-post\n  name: {en: A blog, zh: 博客}\n  language: en\n"}, None,
     "data/sources/more.yml:1:1: unused-source: data/sources/more.yml > blog: no claim cites the source 'blog' (cite it from a claim (citations: - source: ...), or remove it)"),
    ("snapshot-missing", {"snapshots/article.txt": None}, None,
     "data/sources/articles.yml:6:11: snapshot-missing: data/sources/articles.yml > article > snapshot > file: the snapshot file data/snapshots/article.txt does not exist (add the source's text there, or remove the snapshot entry)"),
    ("quote-not-in-snapshot", None, {CLAIMS: ("      quote: 低 1.7 倍", "      quote: 低 1.8 倍")},
     "data/claims/bench.yml:34:14: quote-not-in-snapshot: data/claims/bench.yml > latency-ratio > citations[0] > quote: the quote is not found verbatim in the snapshot of 'article': the closest passage is '低 1.7 倍'; they part at character 5 of the quote, after '低 1.': the snapshot has '7 倍', the quote '8 倍' (copy the words exactly from data/snapshots/article.txt, keeping its spaces, punctuation and script (简/繁))"),
    ("quote-translation-missing", None, {CLAIMS: ('      translation: {en: "1.7 times lower"}\n', "")},
     "data/claims/bench.yml:34:14: quote-translation: data/claims/bench.yml > latency-ratio > citations[0] > quote: the quote is in Chinese (zh-Hans) and has no English translation (add translation: {en: ...} under the quote: your faithful English, hedges and numbers kept as the source writes them)"),
    ("quote-translation-own-language", None, {CLAIMS: ('      translation: {en: "1.7 times lower"}\n', '      translation: {en: "1.7 times lower", zh: 低 1.7 倍}\n')},
     "data/claims/bench.yml:35:48: quote-translation: data/claims/bench.yml > latency-ratio > citations[0] > translation > zh: the quote is already in Chinese (zh-Hans); it takes no translation into its own language (remove translation.zh)"),
    ("quote-translation-on-paraphrase", {SOURCES: SOURCES_READ, CLAIMS: MINIMAL[CLAIMS] + PARAPHRASED.replace("      paraphrase:", "      translation: {en: The chip exists.}\n      paraphrase:")}, None,
     "data/claims/bench.yml:46:7: quote-translation: data/claims/bench.yml > extra > citations[0] > translation: a paraphrase is written in both languages already and takes no translation (remove translation:; write the paraphrase's en and zh texts instead)"),
    ("source-address-none", None, {SOURCES: (NO_URL, "")},
     "data/sources/articles.yml:1:1: source-address: data/sources/articles.yml > article: the source records neither its address (url) nor why none is recorded (no_url) (add url: https://... where a text states it or it was read there, or no_url: {en: ..., zh: ...} saying why there is none; never guess an address)"),
    ("source-address-both", None, {SOURCES: (NO_URL, NO_URL + '  url: https://example.com/article\n  accessed: "2026-11-01"\n')},
     "data/sources/articles.yml:9:3: source-address: data/sources/articles.yml > article > no_url: the source records both an address (url) and why it has none (no_url) (keep url: and remove no_url:, or the other way round)"),
    ("source-address-accessed-without-url", None, {SOURCES: (NO_URL, NO_URL + '  accessed: "2026-11-01"\n')},
     "data/sources/articles.yml:10:13: source-address: data/sources/articles.yml > article > accessed: the date it was read (accessed) needs the address it was read at (url) (add url:, or remove accessed:)"),
    ("source-address-quote-on-nothing", None, {SOURCES: (SNAPSHOT, "")},
     "data/claims/bench.yml:34:14: source-address: data/claims/bench.yml > latency-ratio > citations[0] > quote: the quote is checked against nothing: the source 'article' has no copy (snapshot) and no date it was read at its address (url and accessed) (add a snapshot of the source (snapshot: {file: snapshots/<id>.txt, taken: ..., extent: full or excerpt}), or its url: and the date it was read there (accessed:))"),
    ("source-address-paraphrase", claims_plus(PARAPHRASED), None,
     "data/claims/bench.yml:46:7: source-address: data/claims/bench.yml > extra > citations[0] > paraphrase: a paraphrase is checked only by reading the page, so the source 'article' needs its address (url) and the date it was read there (accessed) (add url: and accessed: to the source 'article', or quote a copy kept in data/snapshots/)"),
    # --- a page read at its address: a short verbatim quote, the contributor's own words beside it ---------
    ("web-quote-missing", web(WEB_CLAIM.replace("      quote: 芯片的延迟为 1.03 秒\n      translation: {en: \"The chip's latency is 1.03 s\"}\n", WEB_PARAPHRASE)), None,
     "data/claims/bench.yml:48:7: web-quote: data/claims/bench.yml > web-latency > citations[0]: the page 'article' is cited for the claim's figure, but the citation carries no quote of it: a paraphrase cannot be checked for the figure (add quote: with the sentence (or the part of it) that carries the figure, copied exactly as the page shows it, and accessed: with the day you copied it)"),
    ("web-quote-without-figure", web(web_quote("芯片的延迟", "the chip's latency")), None,
     "data/claims/bench.yml:49:14: web-quote: data/claims/bench.yml > web-latency > citations[0] > quote: the quote of 'article' does not write the claim's figure (quote the sentence that carries the figure, or add reading: {en, zh} if the page writes it in words (「nine months」), or cite the page on the claim its sentence supports)"),
    ("quote-length-sentences", web(web_quote("芯片的延迟为 1.03 秒。对照系统为 1.80 秒。", "The chip's latency is 1.03 s. The baseline's is 1.80 s.")), None,
     "data/claims/bench.yml:49:14: quote-length: data/claims/bench.yml > web-latency > citations[0] > quote: a page read at its address is quoted by one sentence at most (about 40 words, or 80 Chinese characters): the quote holds 2 sentences (keep the one sentence, or the part of it, that carries the figure; say the rest in your own words in paraphrase:)"),
    ("quote-length-characters", web(web_quote("在一整套推理服务系统上，经过长时间、多种长度请求、大量用户同时访问的持续负载测试，并与对照系统在相同模型、相同精度、相同并发和相同输入输出长度下逐项仔细比较之后，芯片的延迟为 1.03 秒", "after a long sustained load test on a whole serving system, with requests of many lengths and many users at once, compared item by item with the baseline at the same model, precision, concurrency and lengths, the chip's latency is 1.03 s")), None,
     "data/claims/bench.yml:49:14: quote-length: data/claims/bench.yml > web-latency > citations[0] > quote: a page read at its address is quoted by one sentence at most (about 40 words, or 80 Chinese characters): the quote is 1 word and 81 Chinese characters long (keep the one sentence, or the part of it, that carries the figure; say the rest in your own words in paraphrase:)"),
    ("paraphrase-copies", web(WEB_CLAIM.replace('      accessed: "2026-11-20"\n', '      accessed: "2026-11-20"\n      paraphrase: {en: The page gives the latency., zh: 该页面称芯片的延迟为 1.03 秒，对照系统更慢。}\n').replace(
        "      quote: 芯片的延迟为 1.03 秒\n", "      quote: 芯片的延迟为 1.03 秒，对照系统为 1.80 秒\n")), None,
     "data/claims/bench.yml:52:57: paraphrase-copies: data/claims/bench.yml > web-latency > citations[0] > paraphrase > zh: the paraphrase copies a run of its quote: '芯片的延迟为103秒对照系统' (say it in your own words: no run of 8 words (or 12 Chinese characters) of the quote; or remove the paraphrase, since the quote and its translation already say it)"),
    ("hedge-dropped", web(web_quote("芯片的延迟约为 1.03 秒", "The chip's latency is about 1.03 s")), None,
     "data/claims/bench.yml:44:19: hedge-dropped: data/claims/bench.yml > web-latency > statement > en: the words cited from 'article' hedge ('约为'), but the statement does not (keep the hedge in the statement (may, expected, reportedly, about; 可能, 预计, 据称, 约), or add hedge_reason: {en: ..., zh: ...} saying why the claim may state it plainly)"),
    ("source-address-accessed-on-a-copy", claims_plus(NEW_CLAIM.replace("      translation: {en: \"The chip's latency\"}\n", "      translation: {en: \"The chip's latency\"}\n      accessed: \"2026-11-20\"\n")), None,
     "data/claims/bench.yml:48:17: source-address: data/claims/bench.yml > extra > citations[0] > accessed: the day a quote was copied (accessed) belongs to a page read at its address, with no copy kept here (remove accessed: (a quote of a kept copy is dated by its snapshot))"),
    ("source-address-url-not-read", None, {SOURCES: (NO_URL, "  url: https://example.com/article\n")},
     "data/sources/articles.yml:9:8: source-address: data/sources/articles.yml > article > url: the address was not read here (no accessed), and nothing says where it comes from (add url_from: [the ids of the sources whose text gives this address], or accessed: with the day you read the page there)"),
    ("source-address-url-from-without-url", None, {SOURCES: (NO_URL, NO_URL + "  url_from: [article]\n")},
     "data/sources/articles.yml:10:13: source-address: data/sources/articles.yml > article > url_from: url_from names the sources that give an address, but the source records none (url) (add url: as those sources give it, or remove url_from:)"),
    ("source-address-rechecked-unread", None, {SOURCES: (NO_URL, NO_URL + '  rechecked: {tried: "2026-11-20", found: false, how: {en: Looked for by its title., zh: 按标题查找。}}\n')},
     "data/sources/articles.yml:10:3: source-address: data/sources/articles.yml > article > rechecked: rechecked says whether a page read at its address was found again, but the source records no address and day it was read there (url and accessed) (add url: and accessed:, or remove rechecked:)"),
    ("accessed-in-future", None, {SOURCES: (NO_URL, '  url: https://example.com/article\n  accessed: "2027-01-01"\n')},
     "data/sources/articles.yml:10:13: future-date: data/sources/articles.yml > article > accessed: '2027-01-01' is in the future (today is 2026-11-29) (a source cannot be dated after today; plans belong in a metric that allows future dates)"),
    ("impossible-date", None, {"sources/articles.yml": ('taken: "2026-11-01"', 'taken: "2026-02-30"')},
     "data/sources/articles.yml:7:12: bad-date: data/sources/articles.yml > article > snapshot > taken: '2026-02-30' is not a real calendar date: the day, 30, is out of range: February 2026 has days 01 to 28 (check the day of the month)"),
    ("month-out-of-range", None, {"sources/articles.yml": ('taken: "2026-11-01"', 'taken: "2025-13-09"')},
     "data/sources/articles.yml:7:12: bad-date: data/sources/articles.yml > article > snapshot > taken: '2025-13-09' is not a real date: the month, 13, is out of range (01 to 12) (write dates as 'YYYY-MM-DD', e.g. '2026-08-25')"),
    ("day-out-of-range", None, {"sources/articles.yml": ('taken: "2026-11-01"', 'taken: "2025-04-32"')},
     "data/sources/articles.yml:7:12: bad-date: data/sources/articles.yml > article > snapshot > taken: '2025-04-32' is not a real date: the day, 32, is out of range: April 2025 has days 01 to 30 (write dates as 'YYYY-MM-DD', e.g. '2026-08-25')"),
    ("claim-date-month", claims_plus(NEW_CLAIM.replace("metric: statement", "metric: event-date\n  value: '2025-13-09'")), None,
     "data/claims/bench.yml:43:10: bad-date: data/claims/bench.yml > extra > value: '2025-13-09' is not a real date: the month, 13, is out of range (01 to 12) (write dates as 'YYYY-MM-DD': month 01 to 12, day 01 to the month's last)"),
    ("claim-date-range-day", claims_plus(NEW_CLAIM.replace("metric: statement", "metric: event-date\n  value: ['2025-01-09', '2025-02-29']")), None,
     "data/claims/bench.yml:43:25: bad-date: data/claims/bench.yml > extra > value[1]: '2025-02-29' is not a real calendar date: the day, 29, is out of range: February 2025 has days 01 to 28 (check the day of the month)"),
    ("future-date", None, {"sources/articles.yml": ("  language: zh-Hans\n", "  language: zh-Hans\n  date: \"2027-01-01\"\n")},
     "data/sources/articles.yml:5:9: future-date: data/sources/articles.yml > article > date: '2027-01-01' is in the future (today is 2026-11-29) (a source cannot be dated after today; plans belong in a metric that allows future dates)"),
    ("value-for-metric", claims_plus(NEW_CLAIM.replace("  metric: statement\n", "  metric: statement\n  value: 3\n")), None,
     "data/claims/bench.yml:43:10: value-for-metric: data/claims/bench.yml > extra > value: the metric 'statement' is qualitative, so the value must be null (remove the value, or choose a metric that measures something)"),
    ("date-for-number", None, {CLAIMS: ("  value: 1.03\n", "  value: \"2026-08-25\"\n")},
     "data/claims/bench.yml:4:10: value-for-metric: data/claims/bench.yml > chip-latency > value: the metric 'latency' takes a number, not the date '2026-08-25' (check the metric or the value)"),
    ("missing-value", None, {CLAIMS: ("  value: 1.03\n  statement: {en: \"The chip took {value}.\", zh: \"芯片用时 {value}。\"}", "  statement: {en: \"The chip took a while.\", zh: \"芯片用了一些时间。\"}")},
     "data/claims/bench.yml:1:1: missing-value: data/claims/bench.yml > chip-latency > value: the metric 'latency' measures something, so the claim needs a value (add the figure as stated, or use a qualitative metric such as 'statement')"),
    ("four-questions-scope", None, {CLAIMS: ("  value: 1.03\n  statement: {en: \"The chip took {value}.\", zh: \"芯片用时 {value}。\"}\n  scope: {en: The whole system., zh: 整套系统。}\n", "  value: 1.03\n  statement: {en: \"The chip took {value}.\", zh: \"芯片用时 {value}。\"}\n")},
     "data/claims/bench.yml:1:1: four-questions: data/claims/bench.yml > chip-latency: a performance claim must say what was accelerated (scope) (add scope: {en: ..., zh: ...}, e.g. the whole serving system, or selected kernels)"),
    ("four-questions-baseline", None, {CLAIMS: ("  conditions: {baseline: gpu, model: chip}\n  citations:\n    - source: article\n      quote: 对照系统为 1.80 秒", "  conditions: {model: chip}\n  citations:\n    - source: article\n      quote: 对照系统为 1.80 秒")},
     "data/claims/bench.yml:19:3: four-questions: data/claims/bench.yml > gpu-latency > conditions: a performance claim must name its baseline (conditions.baseline) (name the entity it is compared with; a figure with no baseline is a self-measurement)"),
    ("four-questions-conditions", None, {CLAIMS: ("  conditions: {baseline: gpu, model: chip}\n  citations:\n    - source: article\n      quote: 对照系统为 1.80 秒", "  conditions: {baseline: gpu}\n  citations:\n    - source: article\n      quote: 对照系统为 1.80 秒")},
     "data/claims/bench.yml:19:3: four-questions: data/claims/bench.yml > gpu-latency > conditions: a performance claim must state its test conditions (give at least conditions.model, conditions.benchmark or conditions.note)"),
    ("contested-without-conflict", claims_plus(NEW_CLAIM + "  status: contested\n"), None,
     "data/claims/bench.yml:49:11: contested-without-conflict: data/claims/bench.yml > extra > status: a contested claim must appear in a conflict record (add a conflict in data/conflicts/ that lists this claim on one side)"),
    ("self-successor", claims_plus(NEW_CLAIM + "  status: superseded\n  status_reason: {en: Replaced., zh: 已被取代。}\n  successor: extra\n"), None,
     "data/claims/bench.yml:51:14: self-successor: data/claims/bench.yml > extra > successor: a claim cannot succeed itself (name the claim that replaces it)"),
    ("derivation-cycle", None, {CLAIMS: ("      quote: 对照系统为 1.80 秒\n      translation: {en: \"the baseline system's is 1.80 s\"}\n  tier: vendor-self-report\n", "      quote: 对照系统为 1.80 秒\n      translation: {en: \"the baseline system's is 1.80 s\"}\n  tier: vendor-self-report\n  derivation: {op: product, inputs: [latency-ratio, chip-latency]}\n")},
     "data/claims/bench.yml:40:13: derivation-cycle: data/claims/bench.yml > latency-ratio > derivation > inputs: derived claims form a cycle: gpu-latency → latency-ratio → gpu-latency (a claim cannot be derived, directly or indirectly, from itself)"),
    ("derivation-arity", None, {CLAIMS: ("    inputs: [gpu-latency, chip-latency]\n", "    inputs: [gpu-latency]\n")},
     "data/claims/bench.yml:39:13: derivation-arity: data/claims/bench.yml > latency-ratio > derivation > inputs: ratio takes 2 input(s), got 1 (list exactly the claims the operation takes, in order)"),
    ("unit-mismatch", claims_plus("""\
chip-throughput:
  subject: chip
  metric: throughput
  value: 700
  statement: {en: "The chip made {value}.", zh: "芯片输出 {value}。"}
  scope: {en: The whole system., zh: 整套系统。}
  conditions: {baseline: gpu, model: chip}
  citations:
    - source: article
      quote: 芯片的延迟
  tier: vendor-self-report
bad-ratio:
  subject: chip
  metric: speedup
  statement: {en: "Latency over throughput is {value}.", zh: "延迟除以吞吐为 {value}。"}
  scope: {en: The whole system., zh: 整套系统。}
  conditions: {baseline: gpu, model: chip}
  citations:
    - source: article
      quote: 芯片的延迟
  tier: vendor-self-report
  derivation: {op: ratio, inputs: [chip-latency, chip-throughput]}
"""), None,
     "data/claims/bench.yml:53:11: unit-mismatch: data/claims/bench.yml > bad-ratio > metric: ratio of the inputs has dimension {'time': 2, 'tokens': -1}, but the claim's unit has none (a pure number) (a ratio of like quantities is a pure number; a ratio of a latency to a throughput is not a speed-up)"),
    ("missing-translation", claims_plus(NEW_CLAIM.replace("zh: 芯片存在。", "zh: The chip really exists.")), None,
     "data/claims/bench.yml:43:41: missing-translation: data/claims/bench.yml > extra > statement > zh: the Chinese text has no Chinese in it (write the zh text in Simplified Chinese)"),
    ("figure-in-text", claims_plus(NEW_CLAIM.replace("zh: 芯片存在。", "zh: 芯片用了九个月。")), None,
     "data/claims/bench.yml:43:41: figure-in-text: data/claims/bench.yml > extra > statement > zh: the text types the figure(s) '九' by hand (every figure on the site comes from a claim: write {value} for this claim's own figure, or {claim:ID} for another's, and record the figure as a claim)"),
    ("bad-placeholder", claims_plus(NEW_CLAIM.replace("zh: 芯片存在。", "zh: \"芯片存在 {value}。\"")), None,
     "data/claims/bench.yml:43:41: bad-placeholder: data/claims/bench.yml > extra > statement > zh: {value} stands only in the statement of a claim that has a figure (write {claim:ID} to show another claim's figure)"),
    ("unknown-placeholder-claim", claims_plus(NEW_CLAIM.replace("zh: 芯片存在。", "zh: \"芯片存在，见 {claim:nope}。\"")), None,
     "data/claims/bench.yml:43:41: unknown-reference: data/claims/bench.yml > extra > statement > zh: {claim:nope} names no claim (check the claim id)"),
    ("missing-placeholder", None, {CLAIMS: ("zh: \"芯片用时 {value}。\"", "zh: \"芯片用时很短。\"")},
     "data/claims/bench.yml:5:49: missing-placeholder: data/claims/bench.yml > chip-latency > statement > zh: the statement of a claim with a figure must show it with {value} (put {value} where the figure belongs in the sentence)"),
    # --- repeats: one figure, one claim, as many citations as sources ----------------------
    # (in a file read before bench.yml: the copy is still the one reported, as chip-latency is an
    # input of latency-ratio)
    ("repeated-claim", {"claims/a.yml": MINIMAL[CLAIMS].split("gpu-latency:")[0].replace("chip-latency:", "chip-latency-again:")
                        .replace("value: 1.03", "value: 1.030\n  approximate: true")}, None,
     "data/claims/a.yml:1:1: repeated-claim: data/claims/a.yml > chip-latency-again: this claim repeats 'chip-latency' "
     "(data/claims/bench.yml:1): the same subject, metric, conditions and figure (a second source for one figure is "
     "another citation of the one claim: add this claim's citations (source: article, each with its quote) to the "
     "citations of 'chip-latency', raise that claim's tier if the new evidence is stronger, and delete this claim; "
     "if the figure was measured otherwise, say how in its conditions)"),
    # --- figures against their quotes ------------------------------------------------------
    ("figure-not-in-quote", None, {CLAIMS: ("  value: 1.03\n", "  value: 1.30\n")},
     "data/claims/bench.yml:4:10: figure-not-in-quote: data/claims/bench.yml > chip-latency > value: the figure 1.30 s is in none of its quotes, which write: article: '1.03 秒' (write the figure as the quote gives it, cite the passage that states it, or add reading: {en, zh} to the citation if the source writes it in words)"),
    ("figure-scale", None, {CLAIMS: ("  value: 1.03\n", "  value: 1030\n")},
     "data/claims/bench.yml:4:10: figure-scale: data/claims/bench.yml > chip-latency > value: scale error: the figure 1030 s is not on the quote's scale: the quote writes '1.03 秒': 1030 is 1000 times that ('article') (record the figure in the unit the quote writes it in (choose a metric in that unit), correct a figure typed 1000 times too large or small, or add reading: {en, zh} if the source writes it in words)"),
    ("figure-scale-bits", data_figure("7.2 Tbps", "7.2"), None,
     "data/claims/bench.yml:43:10: figure-scale: data/claims/bench.yml > extra > value: scale error: the figure 7.2TB/s is not on the quote's scale: the quote writes '7.2 Tbps', in Tbps (bits per second), but the metric is in TB/s ('article') (record the figure in the unit the quote writes it in (choose a metric in that unit), correct a figure typed 1000 times too large or small, or add reading: {en, zh} if the source writes it in words)"),
    ("figure-scale-bytes", data_figure("512 GB", "512", "terabyte"), None,
     "data/claims/bench.yml:43:10: figure-scale: data/claims/bench.yml > extra > value: scale error: the figure 512TB is not on the quote's scale: the quote writes '512 GB', in GB (bytes), but the metric is in TB ('article') (record the figure in the unit the quote writes it in (choose a metric in that unit), correct a figure typed 1000 times too large or small, or add reading: {en, zh} if the source writes it in words)"),
    ("figure-precision", None, {CLAIMS: ("  value: 1.80\n", "  value: 1.8\n")},
     "data/claims/bench.yml:16:10: figure-precision: data/claims/bench.yml > gpu-latency > value: the figure 1.8 s is stated to the nearest 0.1, but 'article' writes '1.80 秒' (to the nearest 0.01) (write the figure with the quote's digits (1.80 keeps its zero), or set precision: to the step the quote writes (8.54 万 is value: 85400, precision: 100))"),
    ("reading-unneeded", None, {CLAIMS: ("      quote: 芯片的延迟为 1.03 秒\n", "      quote: 芯片的延迟为 1.03 秒\n      reading: {en: \"The article writes 「1.03 秒」; read as {value}.\", zh: \"原文写作「1.03 秒」；按 {value}来读。\"}\n")},
     "data/claims/bench.yml:11:7: reading-unneeded: data/claims/bench.yml > chip-latency > citations[0] > reading: the quote of 'article' already writes the figure 1.03 s ('1.03 秒'), so it needs no reading (remove reading:; a reading is for a figure the source writes in words no reader parses)"),
    ("translation-figure", None, {CLAIMS: ('translation: {en: "The chip\'s latency is 1.03 s"}',
                                           'translation: {en: "The chip\'s latency is 1.30 s"}')},
     "data/claims/bench.yml:11:25: translation-figure: data/claims/bench.yml > chip-latency > citations[0] > translation > en: the translation writes '1.30 s', which the quote does not: it writes '1.03 秒' (a translation keeps the source's numbers as it writes them and on the same scale (1.03 秒 is 1.03 s, never 1.3 s or 1,030 ms); where the source writes a number in words, translate it in words, or state how the claim's figure is read with reading: {en, zh})"),
    ("reading-words", None, {CLAIMS: ('      translation: {en: "1.7 times lower"}\n',
                                      '      translation: {en: "1.7 times lower"}\n      reading: {en: "It is {value}.", zh: "是 {value}。"}\n')},
     "data/claims/bench.yml:36:21: reading-words: data/claims/bench.yml > latency-ratio > citations[0] > reading > en: the reading quotes none of the source's words in 「」 (a reading says how the claim's figure is read from words of the quote no number reader parses: quote those words in 「」 as the quote writes them, and show the figure with {value}, e.g. 'The article writes 「将近四分之三」; read as {value}.')"),
    ("reading-figure", {CLAIMS: MINIMAL[CLAIMS].replace("  value: 1.03\n", "  value: 9.99\n").replace(
        '      translation: {en: "The chip\'s latency is 1.03 s"}\n',
        '      translation: {en: "The chip\'s latency is 1.03 s"}\n'
        '      reading: {en: "The article writes 「1.03 秒」; read as {value}.", zh: "原文写作「1.03 秒」；按 {value}来读。"}\n')}, None,
     "data/claims/bench.yml:12:21: reading-figure: data/claims/bench.yml > chip-latency > citations[0] > reading > en: the words it reads write '1.03 秒' in digits, which is not the claim's figure 9.99 s (a reading says how the claim's figure is read from words of the quote no number reader parses: quote those words in 「」 as the quote writes them, and show the figure with {value}, e.g. 'The article writes 「将近四分之三」; read as {value}.')"),
    # --- what a pull request can carry besides well-formed records -----------------------------
    ("too-many-records", {"claims/many.yml": "".join(f"c{n:05d}: x\n" for n in range(5001))}, None,
     "data/claims/many.yml:5001:1: too-many-records: data/claims/many.yml: the file holds 5,001 records; the limit is 5,000 (this is the first one past it) (split it into several files in the same folder, a topic each)"),
    ("invisible-character", None, {"entities/core.yml": ("name: {en: Chip, zh: 芯片}", 'name: {en: "Chip \u202egnp.exe", zh: 芯片}')},
     "data/entities/core.yml:3:14: invisible-character: data/entities/core.yml > chip > name > en: the text holds U+202E RIGHT-TO-LEFT OVERRIDE, an invisible formatting character, at character 6 (delete it: it does not show, yet it can make the text around it read backwards, split an id or a name into look-alikes, or hide words from search; if the source's own text has it, delete it from the snapshot too)"),
    ("reserved-id", claims_plus(NEW_CLAIM.replace("extra:", "index:")), None,
     "data/claims/bench.yml:40:1: reserved-id: data/claims/bench.yml > index: the id 'index' is the name of the page of each folder (/claims/ is claims/index), which the site builds itself: a record's page under it would take that page's place (choose another id, e.g. index-claim; see reserved() in src/kb/paths.py)"),
    ("bad-url", None, {SOURCES: (NO_URL, '  url: "https://example.com/a page"\n')},
     "data/sources/articles.yml:9:8: bad-url: data/sources/articles.yml > article > url: the address is not well formed: it has a space, a line break, a quote, a bracket or another character an address cannot hold, or a port that is not a number; got 'https://example.com/a page' (copy the address exactly from the browser's address bar (a space in it is written %20))"),
    ("successor-cycle", claims_plus(superseded("extra", "extra-two") + superseded("extra-two", "extra")), None,
     "data/claims/bench.yml:51:14: successor-cycle: data/claims/bench.yml > extra > successor: superseded claims name each other as successors in a ring: extra → extra-two → extra (the last claim of a chain of successors is the one in force: point each superseded claim at it)"),
    # --- withdrawing a claim that other records rest on -----------------------------------------
    ("withdrawn-input", None, {CLAIMS: ("      translation: {en: \"The chip's latency is 1.03 s\"}\n  tier: vendor-self-report\n",
                                        "      translation: {en: \"The chip's latency is 1.03 s\"}\n  tier: vendor-self-report\n"
                                        "  status: retracted\n  status_reason: {en: The vendor withdrew it., zh: 厂商已撤回。}\n")},
     "data/claims/bench.yml:13:11: withdrawn-dependents: data/claims/bench.yml > chip-latency > status: the claim is retracted, but other records rest on it: the claim 'latency-ratio' is derived from it (ratio): its computed figure and verdict would rest on a figure the evidence base no longer stands behind (supersede or retract 'latency-ratio' too, or derive it from claims in force)"),
    ("withdrawn-input-successor", {CLAIMS: MINIMAL[CLAIMS].replace(
        "      translation: {en: \"The chip's latency is 1.03 s\"}\n  tier: vendor-self-report\n",
        "      translation: {en: \"The chip's latency is 1.03 s\"}\n  tier: vendor-self-report\n  status: superseded\n"
        "  status_reason: {en: A later run replaced it., zh: 已被后来的测试取代。}\n  successor: extra\n") + NEW_CLAIM,
                                   "conflicts/bench.yml": "latency-dispute:\n  kind: disagreement\n  question: {en: How fast is the chip?, zh: 芯片有多快？}\n"
                                                          "  sides:\n    - claims: [chip-latency]\n      summary: {en: Fast., zh: 快。}\n"
                                                          "    - claims: [gpu-latency]\n      summary: {en: Slow., zh: 慢。}\n"
                                                          "  assessment: {en: Unclear., zh: 尚不清楚。}\n"}, None,
     "data/claims/bench.yml:13:11: withdrawn-dependents: data/claims/bench.yml > chip-latency > status: the claim is superseded, but other records rest on it: the claim 'latency-ratio' is derived from it (ratio): its computed figure and verdict would rest on a figure the evidence base no longer stands behind; the conflict 'latency-dispute' has it on a side with no other claim in force: 'gpu-latency' would stay marked as disputed by a side that no longer stands (in 'latency-ratio', derive from 'extra' instead of 'chip-latency', or supersede or retract it too; in the conflict 'latency-dispute', list 'extra' on that side)"),
    # --- what makes figures comparable: a unit as the source writes it, the metric's qualifiers ----------------
    ("unit-dimension", None, {CLAIMS: ("  value: 1.03\n", "  value: 1.03\n  unit: tokens-per-second\n")},
     "data/claims/bench.yml:5:9: unit-dimension: data/claims/bench.yml > chip-latency > unit: the unit 'tokens-per-second' does not measure what the metric 'latency' measures (in 'second') (give the unit the source writes the figure in, one that measures what 'second' measures, or leave unit: out)"),
    ("qualifier-missing", {"metrics.yml": MINIMAL["metrics.yml"].replace("  kind: performance\n  description: {en: How long", "  kind: performance\n  qualified_by: [per]\n  description: {en: How long")}, None,
     "data/claims/bench.yml:1:1: qualifier-missing: data/claims/bench.yml > chip-latency: a figure of 'latency' must state what one figure covers (per: chip, package, board, node, rack or pod, or not-stated where the source does not say) (add per: as the source says it; a figure without it cannot be compared with another)"),
    ("qualifier-unused", None, {CLAIMS: ("  value: 1.03\n", "  value: 1.03\n  sparsity: dense\n")},
     "data/claims/bench.yml:5:13: qualifier-unused: data/claims/bench.yml > chip-latency > sparsity: the metric 'latency' is not qualified by sparsity (remove sparsity:, or add it to the metric's qualified_by)"),
    ("unknown-format", None, {CLAIMS: ("  value: 1.03\n", "  value: 1.03\n  number_format: fp9\n")},
     "data/claims/bench.yml:5:18: unknown-reference: data/claims/bench.yml > chip-latency > number_format: no number format has the id 'fp9' (add a number format with id 'fp9' in data/formats/, or fix the id)"),
    ("conversion-changes", None, {CLAIMS: ("    op: ratio\n    inputs: [gpu-latency, chip-latency]\n", "    op: convert\n    inputs: [gpu-latency]\n")},
     "data/claims/bench.yml:38:9: conversion-changes: data/claims/bench.yml > latency-ratio > derivation > op: convert of 'gpu-latency' changes its metric: a conversion changes only the unit (derive from a figure of the same metric and the same qualifiers, or state the figure as a source gives it)"),
    # --- redirects: retired ids keep their address ------------------------------------------
    ("redirect-id-in-use", {"redirects.yml": REDIRECT.replace("old-latency:", "gpu-latency:")}, None,
     "data/redirects.yml:1:1: redirect-id-in-use: data/redirects.yml > gpu-latency: the claim id 'gpu-latency' is still in use (data/claims/bench.yml:13) (a redirect is for an id no record has any more: rename the record, or remove the redirect)"),
    ("redirect-to-unknown", {"redirects.yml": REDIRECT.replace("to: chip-latency", "to: chip-latenc")}, None,
     "data/redirects.yml:4:7: unknown-reference: data/redirects.yml > old-latency > to: no claim has the id 'chip-latenc' (did you mean 'chip-latency'?)"),
    ("redirect-to-redirect", {"redirects.yml": REDIRECT + REDIRECT.replace("old-latency:", "older-latency:").replace("to: chip-latency", "to: old-latency")}, None,
     "data/redirects.yml:9:7: unknown-reference: data/redirects.yml > older-latency > to: 'old-latency' was itself retired in favour of 'chip-latency' (point this redirect straight at 'chip-latency')"),
    # --- a converted language's word tables (data/languages/zh-hant/, kb.phrases) ----------------------
    ("phrase-line", {PHRASES: "# words\n芯片 晶片 Taiwan writes 晶片\n"}, None,
     "data/languages/zh-hant/phrases.txt:2:1: phrase-line: data/languages/zh-hant/phrases.txt: the line '芯片 晶片 Taiwan writes 晶片' does not read 'phrase → phrase  why' (write the source phrase, →, the phrase it becomes, then why, separated by spaces: 报道 → 報導  Taiwan writes 報導)"),
    ("phrase-line-latin", {PHRASES: "AI → 人工智慧  a Latin word is not a phrase of the Chinese text\n"}, None,
     "data/languages/zh-hant/phrases.txt:1:1: phrase-line: data/languages/zh-hant/phrases.txt: 'AI' is not a Chinese phrase (a phrase is a word of the source language's Chinese text (or a punctuation mark), written in its script, without Latin letters or digits)"),
    ("phrase-duplicate", {PHRASES: "芯片 → 晶片  Taiwan writes 晶片\n芯片 → 晶片  again\n"}, None,
     "data/languages/zh-hant/phrases.txt:2:1: phrase-duplicate: data/languages/zh-hant/phrases.txt: '芯片' is already on line 1 (keep one line for it: the file would otherwise say two things)"),
    ("phrase-script", {PHRASES: "内存 → 内存  left in Simplified\n"}, None,
     "data/languages/zh-hant/phrases.txt:1:6: phrase-script: data/languages/zh-hant/phrases.txt: '内存' is written with characters only Simplified Chinese uses: 内 (write the phrase the converted language uses, in its own script)"),
    ("phrase-avoided", {PHRASES: "芯片 → 晶片  Taiwan writes 晶片\n", OVERRIDES: "报道 → 報道  a contributor's slip\n",
                        AVOID: "報道  Taiwan writes 報導\n"}, None,
     "data/languages/zh-hant/overrides.txt:1:1: phrase-avoided: data/languages/zh-hant/overrides.txt: '报道' becomes '報道', which writes '報道', a word avoid.txt (line 1) says a reader would not write (write what the language writes instead (Taiwan writes 報導))"),
]


@pytest.mark.parametrize("files,edit,expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_rule_reports_exact_message(check, files, edit, expected):
    problems = check(files, edit)
    assert expected in problems, "\n".join(problems)


@pytest.mark.parametrize("files,edit,expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_each_mistake_is_reported_once(check, files, edit, expected):
    problems = check(files, edit)
    assert problems.count(expected) == 1


# Rules about the files themselves, which a YAML text cannot set up: (name, what to plant under data/, the line).
LINK_HINT = "(replace the link with a copy of the file itself, or remove it; data/ holds plain files and folders only)"


def _symlink(data):
    (data / "snapshots" / "article.txt").unlink()
    os.symlink("/etc/hostname", data / "snapshots" / "article.txt")


def _hard_link(data):
    os.link(data / "snapshots" / "article.txt", data / "snapshots" / "copy.txt")


def _fifo(data):
    (data / "snapshots" / "article.txt").unlink()
    os.mkfifo(data / "snapshots" / "article.txt")


def _capitals(data):
    (data / "claims" / "bench.yml").rename(data / "claims" / "Bench.yml")


FILE_CASES = [
    ("linked-file", _symlink,
     "data/snapshots/article.txt:1:1: linked-file: data/snapshots/article.txt: this is a symbolic link; nothing under "
     f"data/ is read through a link, wherever it points {LINK_HINT}"),
    ("hard-link", _hard_link,
     "data/snapshots/article.txt:1:1: linked-file: data/snapshots/article.txt: this file is a hard link (2 names share "
     f"its content, and the others may lie outside the repository) {LINK_HINT}"),
    ("special-file", _fifo,
     "data/snapshots/article.txt:1:1: special-file: data/snapshots/article.txt: this is a FIFO (named pipe), not a "
     "plain text file (data/ holds plain text files and folders only; remove it, or put the file itself there)"),
    ("file-name", _capitals,
     "data/claims/Bench.yml:1:1: file-name: data/claims/Bench.yml: the file name Bench.yml has characters other than "
     "lowercase letters, digits, '.', '_' and '-': U+0042 LATIN CAPITAL LETTER B (B) (rename it in lowercase ASCII, "
     "e.g. my-source.txt: a name must read the same on every file system (macOS and Windows ignore case) and to every "
     "reader (no look-alike letters, spaces or line breaks))"),
]


@pytest.mark.parametrize("plant,expected", [c[1:] for c in FILE_CASES], ids=[c[0] for c in FILE_CASES])
def test_file_rule_reports_exact_message(tmp_path, monkeypatch, plant, expected):
    from conftest import TODAY, write_data
    from kb.base import KnowledgeBase
    from kb.problems import DataError

    monkeypatch.chdir(tmp_path)
    data = write_data(tmp_path, {})
    plant(data)
    with pytest.raises(DataError) as exc:
        KnowledgeBase.open(data, on=TODAY)
    shown = [str(p) for p in exc.value.problems]
    assert expected in shown, "\n".join(shown)
    assert len(shown) == (2 if "hard link" in expected else 1), "\n".join(shown)  # a hard link's two names


def test_every_rule_has_a_case():
    """Each documented rule is exercised above, so no rule is added without a test."""
    from kb.problems import RULES

    seen = {re.match(r"[^:]+:\d+:\d+: ([a-z0-9-]+):", c[3]).group(1) for c in CASES}
    seen |= {re.match(r"[^:]+:\d+:\d+: ([a-z0-9-]+):", c[2]).group(1) for c in FILE_CASES}
    assert len(RULES) >= 50
    untested = set(RULES) - seen - set(UNREACHABLE)
    assert untested == set(), f"rules with no test case: {sorted(untested)}"


UNREACHABLE = {
    # pydantic reports these only for field constraints the schema does not use today
    "invalid-value": "fallback for value errors without a documented code",
}


def test_entity_placeholder_must_name_an_entity(check):
    text = NEW_CLAIM.replace("en: The chip exists.", 'en: "The {entity:nope} exists."')
    assert check(claims_plus(text)) == [
        "data/claims/bench.yml:43:19: unknown-reference: data/claims/bench.yml > extra > statement > en: "
        "{entity:nope} names no entity (check the entity id)"]
    assert check(claims_plus(NEW_CLAIM.replace("en: The chip exists.", 'en: "The {entity:chip} exists."'))) == []


def test_digits_in_names_are_not_figures(check):
    ent = MINIMAL["entities/core.yml"] + "phone-chip:\n  kind: chip\n  name: {en: Snapdragon 8 Gen 6, zh: 骁龙 8 Gen 6}\n" \
                                         "  description: {en: A phone chip., zh: 手机芯片。}\n"
    assert check({"entities/core.yml": ent}) == []


def test_a_reading_answers_for_a_figure_written_in_words(check):
    """A figure the quote writes in words passes once its citation says how it is read, and only then."""
    snapshot = {"snapshots/article.txt": MINIMAL["snapshots/article.txt"] + "芯片的延迟约为一秒。\n"}
    words = {CLAIMS: ("      quote: 芯片的延迟为 1.03 秒\n      translation: {en: \"The chip's latency is 1.03 s\"}\n",
                      "      quote: 芯片的延迟约为一秒\n      translation: {en: \"The chip's latency is about one second\"}\n")}
    assert any(": figure-not-in-quote: " in p for p in check(snapshot, words))
    reading = words[CLAIMS][1] + ("      reading: {en: \"The article writes 「约为一秒」; read as {value}.\", "
                                  "zh: \"原文写作「约为一秒」；按 {value}来读。\"}\n")
    # the quote hedges (约为), so the figure is marked approximate, as the hedge rule asks
    approximate = {CLAIMS: MINIMAL[CLAIMS].replace("  value: 1.03\n", "  value: 1.03\n  approximate: true\n", 1)
                   .replace(*words[CLAIMS][:1], reading)}
    assert check({**snapshot, **approximate}) == []


def test_a_derived_claim_without_a_stated_figure_is_exempt(check):
    assert check(None, {CLAIMS: ("  value: 1.7\n", "")}) == []


def test_a_sound_redirect_passes(check):
    assert check({"redirects.yml": REDIRECT}) == []


AGAIN = MINIMAL[CLAIMS].split("gpu-latency:")[0].replace("chip-latency:", "chip-latency-again:")


@pytest.mark.parametrize("change", [
    ("value: 1.03", "value: 1.80", "quote: 芯片的延迟为 1.03 秒", "quote: 对照系统为 1.80 秒",
     "The chip's latency is 1.03 s", "the baseline system's is 1.80 s"),  # another figure
    ("{baseline: gpu, model: chip}", "{baseline: gpu, model: chip, input_tokens: 8000}"),  # other conditions
    ("tier: vendor-self-report", "tier: vendor-self-report\n  status: retracted\n"
                                 "  status_reason: {en: It was withdrawn., zh: 已撤回。}"),  # history, not in force
], ids=["other-figure", "other-conditions", "retracted"])
def test_a_claim_that_differs_is_no_repeat(check, change):
    text = AGAIN
    for old, new in zip(change[::2], change[1::2]):
        text = text.replace(old, new)
    assert check({"claims/more.yml": text}) == []


def test_dates_and_durations_are_not_compared(check):
    """Two spans of nine months, or two events in one year, are different facts with one figure."""
    dated = NEW_CLAIM.replace("metric: statement", "metric: event-date\n  value: '2026'").replace(
        "The chip exists.", '"The chip shipped in {value}."').replace("芯片存在。", '"芯片于 {value} 发布。"').replace(
        "quote: 芯片的延迟\n", "quote: 芯片于 2026 年发布\n")
    files = claims_plus(dated + dated.replace("extra:", "extra-again:"))
    files["snapshots/article.txt"] = MINIMAL["snapshots/article.txt"] + "芯片于 2026 年发布。\n"
    assert check(files) == []


def test_a_withdrawn_claim_whose_dependents_are_withdrawn_too_passes(check):
    """Retracting a ratio's input passes once the ratio is withdrawn as well; a conflict whose side keeps a claim in
    force is no problem."""
    retract = "  status: retracted\n  status_reason: {en: The vendor withdrew it., zh: 厂商已撤回。}\n"
    text = MINIMAL[CLAIMS].replace("  tier: vendor-self-report\ngpu-latency:", "  tier: vendor-self-report\n" + retract
                                   + "gpu-latency:").replace("    inputs: [gpu-latency, chip-latency]\n",
                                                             "    inputs: [gpu-latency, chip-latency]\n" + retract)
    conflict = ("latency-dispute:\n  kind: disagreement\n  question: {en: How fast is the chip?, zh: 芯片有多快？}\n"
                "  sides:\n    - claims: [chip-latency, latency-ratio, extra]\n      summary: {en: Fast., zh: 快。}\n"
                "    - claims: [gpu-latency]\n      summary: {en: Slow., zh: 慢。}\n  assessment: {en: Unclear., zh: 尚不清楚。}\n")
    assert check({CLAIMS: text + NEW_CLAIM, "conflicts/bench.yml": conflict}) == []
    alone = conflict.replace("[chip-latency, latency-ratio, extra]", "[chip-latency, latency-ratio]")
    assert [p.split(": ")[1] for p in check({CLAIMS: text + NEW_CLAIM, "conflicts/bench.yml": alone})] == \
        ["withdrawn-dependents", "withdrawn-dependents"]  # each withdrawn claim of the side names the conflict



def test_a_data_figure_on_the_quotes_scale_passes(check):
    assert check(data_figure("7.2 TB/s", "7.2")) == []
    assert check(data_figure("7.2TB/s", "7.2")) == []
    assert check(data_figure("0.512 TB", "0.512", "terabyte")) == []


def test_a_translation_that_turns_bits_into_bytes_is_caught(check):
    files = data_figure("7.2 TB/s", "7.2")
    files[CLAIMS] = files[CLAIMS].replace("The chip's bandwidth is 7.2 TB/s", "The chip's bandwidth is 7.2 Tbps")
    assert [p.split(": ")[1] for p in check(files)] == ["translation-figure"]


# --- a page read at its address: the cases that pass ----------------------------------------------------------------

def test_a_short_web_quote_that_writes_the_figure_passes(check):
    assert check(web()) == []


def test_a_paraphrase_in_its_own_words_beside_a_quote_passes(check):
    beside = WEB_CLAIM.replace('      accessed: "2026-11-20"\n', '      accessed: "2026-11-20"\n' + WEB_PARAPHRASE)
    assert check(web(beside)) == []


@pytest.mark.parametrize("kept", [
    ('{en: "The page gives the chip a latency of {value}."', '{en: "The page gives the chip a latency of about {value}."',
     '"该页面称芯片的延迟为 {value}。"', '"该页面称芯片的延迟约为 {value}。"'),
    ("  value: 1.03\n", "  value: 1.03\n  approximate: true\n"),
    ("  tier: vendor-self-report\n", "  tier: vendor-self-report\n"
     "  hedge_reason: {en: The page's hedge is about its rounding only., zh: 该页面的模糊词只关乎取整。}\n"),
], ids=["statement-hedges", "approximate", "hedge-reason"])
def test_a_hedge_kept_or_explained_passes(check, kept):
    claim = web_quote("芯片的延迟约为 1.03 秒", "The chip's latency is about 1.03 s")
    for old, new in zip(kept[::2], kept[1::2]):
        assert old in claim
        claim = claim.replace(old, new)
    assert check(web(claim)) == []


@pytest.mark.parametrize("bound, quote, translation, kept", [
    ("up-to", "芯片的延迟最多 1.03 秒", "The chip's latency is up to 1.03 s", True),
    ("less-than", "芯片的延迟将近 1.03 秒", "The chip's latency is nearly 1.03 s", True),
    ("up-to", "芯片的延迟可能最多 1.03 秒", "The chip's latency may be up to 1.03 s", False),
], ids=["up-to", "nearly", "a-modal-hedge-is-not-a-bound"])
def test_a_figure_recorded_as_a_bound_keeps_the_quotes_up_to(check, bound, quote, translation, kept):
    """The site shows a bound with its words ("up to 1.03 s"), so an approximator the bound stands for is kept; a
    modal hedge (可能, may) is not a bound and must still be kept in the statement."""
    claim = web_quote(quote, translation).replace("  value: 1.03\n", f"  value: 1.03\n  bound: {bound}\n")
    found = [p.split(": ")[1] for p in check(web(claim))]
    assert found == ([] if kept else ["hedge-dropped", "hedge-dropped"])


def test_a_page_not_found_again_keeps_its_paraphrase(check):
    """A page that could not be found again cannot be quoted now: its figure's paraphrase stands, marked not found."""
    paraphrased = WEB_CLAIM.replace(
        "      quote: 芯片的延迟为 1.03 秒\n      translation: {en: \"The chip's latency is 1.03 s\"}\n"
        '      accessed: "2026-11-20"\n', WEB_PARAPHRASE)
    lost = WEB_SOURCES + ('  rechecked: {tried: "2026-11-25", found: false, '
                          'how: {en: Looked for by its address and title., zh: 按网址和标题查找。}}\n')
    assert [p for p in check(web(paraphrased, lost)) if "figure-not-in-quote" not in p] == []
    assert any(": web-quote: " in p for p in check(web(paraphrased)))


def test_an_address_relayed_by_another_source_passes(check):
    relayed = WEB_SOURCES + """\
vendor-post:
  kind: vendor-announcement
  name: {en: The vendor's post, zh: 厂商的文章}
  language: en
  url: https://example.com/vendor-post
  url_from: [article]
"""
    cited = web(WEB_CLAIM.replace("      accessed: \"2026-11-20\"\n",
                                  "      accessed: \"2026-11-20\"\n      attributed_to: vendor-post\n"), relayed)
    assert check(cited) == []
