"""Problems found in contributor data, and how they are printed.

Every problem names the file, line and column, the logical path of the value
(``claims/benchmarks.yml > gptoss-e2e-jalapeno > sources[1]``), the rule that
was broken, what was wrong, and a hint for someone who has never read the code.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from pathlib import Path


RULES: dict[str, str] = {
    # the files under data/
    "linked-file": "A file or folder under data/ is a symbolic link or a hard link: none is read, wherever it points.",
    "special-file": "A FIFO, socket, device file, or a folder where a data file or snapshot belongs.",
    "file-name": "A data file's, snapshot's or folder's name is not lowercase letters, digits, '.', '_' and '-'.",
    # the YAML reader
    "file-too-large": "A data file or snapshot is larger than the reader accepts.",
    "too-many-records": "A data file holds more records than the reader accepts.",
    "byte-order-mark": "A file starts with a UTF-8 byte-order mark.",
    "invalid-utf8": "A file is not valid UTF-8.",
    "empty-file": "A data file holds no records.",
    "tab-indent": "A line is indented with a tab.",
    "yaml-syntax": "The YAML cannot be parsed.",
    "several-documents": "A file holds more than one YAML document.",
    "yaml-alias": "Anchors, aliases or merge keys are used.",
    "yaml-tag": "A YAML tag other than the core types is used.",
    "bad-key": "A mapping key is not plain text.",
    "duplicate-key": "A key appears twice in one mapping.",
    "not-a-number": "A number is NaN or infinite.",
    "number-format": "A number is not written in plain decimal.",
    "too-deep": "Values are nested implausibly deep.",
    "invisible-character": "A text holds an invisible formatting character (a bidirectional override, a zero-width space...).",
    # records against the schema
    "unfinished": "A template placeholder (TODO) has not been filled in.",
    "file-extension": "A data file does not end in .yml.",
    "file-shape": "A data file is not a mapping from id to record.",
    "bad-id": "A record id is not a lowercase slug.",
    "reserved-id": "A record id is the name of a page or folder the site builds itself.",
    "duplicate-id": "Two records of one kind share an id.",
    "wrong-type": "A value has the wrong type.",
    "missing-field": "A required field is missing.",
    "unknown-field": "A field is not part of the schema.",
    "not-allowed-value": "A value is not one of those allowed.",
    "bad-reference": "A reference is not written as an id.",
    "bad-date": "A date is malformed or not a real calendar date.",
    "bad-format": "A text does not have the form its field requires.",
    "out-of-range": "A number lies outside its allowed range.",
    "empty-value": "A required text or list is empty.",
    "too-long": "A text is longer than its field allows.",
    "invalid-value": "A value breaks a rule of its field.",
    "full-width-digits": "A number uses full-width digits.",
    "absurd-magnitude": "A number is too large to be a real figure.",
    "range-order": "A range is written high before low.",
    "number-as-text": "A number is written as text.",
    "value-type": "A claim's value is not a number, range, date or null.",
    "precision-type": "A precision is not a positive number or 'exact'.",
    "currency-dimension": "A unit with a currency does not have the dimension of money.",
    "url-scheme": "An address is not http or https.",
    "bad-url": "An address is not well formed (a space, quote or line break in it, no host, a user name).",
    "status-reason": "A superseded or retracted claim does not say why.",
    "superseded-successor": "A superseded claim names no successor.",
    "attribution-note": "An uncertain attribution does not say what is in doubt.",
    "bound-approximate": "A figure is marked both approximate and a bound.",
    "bound-in-statement": "A statement writes a bound's words (more than, 以上) beside {value}, which shows them already.",
    "derivation-inputs": "A derivation has neither inputs nor a note of what is missing.",
    "citation-words": "A citation has neither a quote nor a paraphrase.",
    # rules across records
    "unknown-reference": "A reference names no record.",
    "unknown-tag": "A claim carries a topic tag that data/tags.yml does not name.",
    "unused-source": "No claim cites a source.",
    "snapshot-missing": "A source's snapshot file does not exist.",
    "quote-not-in-snapshot": "A quote is not found verbatim in its source's snapshot.",
    "web-quote": "A page read at its address is cited for a claim's figure without a short verbatim quote that writes it.",
    "quote-length": "A quote of a page read at its address is longer than one sentence (about 40 words, or 80 Chinese characters).",
    "paraphrase-copies": "A paraphrase copies a run of eight words (or 12 Chinese characters) from its quote.",
    "hedge-dropped": "The words a claim cites hedge (may, expected, about 10, 可能, 预计, 约…) and its statement does not, with no hedge_reason.",
    "quote-translation": "A quote lacks a translation into a site language it is not written in, or has one into its own.",
    "source-address": "A source does not say where it can be read, or a citation rests on a source checked against nothing.",
    "future-date": "A date that must be past lies in the future.",
    "value-for-metric": "A value does not fit its metric's kind.",
    "missing-value": "A claim on a measuring metric has no value.",
    "four-questions": "A performance claim leaves one of the four questions open.",
    "unit-dimension": "A claim's own unit does not measure what its metric's unit measures.",
    "qualifier-missing": "A figure does not state what its metric needs to compare it (per, number_format, sparsity).",
    "qualifier-unused": "A figure states a qualifier its metric is not qualified by.",
    "conversion-changes": "A convert or dense-from-sparse derivation changes more than the unit, or sparse to dense.",
    "contested-without-conflict": "A contested claim is in no conflict record.",
    "self-successor": "A claim names itself as successor.",
    "successor-cycle": "Superseded claims name each other as successors in a ring.",
    "withdrawn-dependents": "A superseded or retracted claim still has claims derived from it, or leaves a conflict's side with no claim in force.",
    "derivation-cycle": "Derived claims depend on themselves.",
    "derivation-arity": "A derivation has the wrong number of inputs.",
    "unit-mismatch": "A derivation combines units that do not combine.",
    "missing-translation": "A text is not written in its language.",
    "bad-placeholder": "{value} is used where there is no figure.",
    "figure-in-text": "Prose types a figure instead of showing it from a claim.",
    "missing-placeholder": "A claim's statement does not show its figure.",
    "redirect-id-in-use": "A redirect's old id is still the id of a record.",
    "repeated-claim": "A claim repeats another: same subject, metric, conditions and figure, both in force. "
                      "Compared are performance and power claims, whose conditions say what was measured; "
                      "the tier is not compared (it grades the evidence for the one figure), and neither is "
                      "precision or a hedge (1.8 and 1.80 are one figure). Superseded and retracted claims "
                      "are history and are not compared; durations, dates and counts are not either, since "
                      "two different spans can share subject, metric and figure.",
    "figure-not-in-quote": "A claim's stated figure is in none of its quotes.",
    "figure-scale": "A claim's figure is on another scale than its quote's (a scale error).",
    "figure-precision": "A claim's figure is stated to another precision than its quote writes.",
    "reading-unneeded": "A citation states a reading of a figure its quote already writes.",
    "reading-words": "A reading does not quote, in 「」, words of its quote that write a number.",
    "reading-figure": "A reading does not show the claim's figure with {value}, or reads words that write another figure in digits.",
    "translation-figure": "A translation of a quote (or a paraphrase in one language) writes a figure the quote (or the other language) does not.",
    # a converted language's words (data/languages/<code>/) and search's synonyms (data/search/synonyms.txt)
    "phrase-line": "A line of a phrase table, an override file, a list of avoided words or of synonyms does not read as its file says.",
    "phrase-duplicate": "A phrase, an avoided word or a synonym is written twice.",
    "phrase-script": "A phrase is converted into characters only Simplified Chinese uses.",
    "phrase-avoided": "A phrase is converted into a word the language's list of avoided words names.",
}
"""Every rule a problem can name, with what it means: the reference for contributors."""


def printable(text: str) -> str:
    """Text as it is safe to print on one line of a report or a terminal: anything that is not printable (a line
    break, a control character, an invisible formatting character such as U+202E) written as its Python escape."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


@dataclass(frozen=True, order=True)
class Problem:
    file: str
    line: int
    column: int
    rule: str
    message: str
    hint: str = ""
    path: tuple = field(default=(), compare=False)
    root: str = field(default="", compare=False)  # what puts ``file`` (relative to data/) under the repository root

    def __post_init__(self):
        if self.rule not in RULES:
            raise ValueError(f"undocumented rule {self.rule!r}: add it to kb.problems.RULES")

    @property
    def shown_file(self) -> str:
        """The file as the contributor opens it: from the repository root, e.g. data/claims/x.yml."""
        return self.root + self.file

    def at(self, root: str) -> "Problem":
        return replace(self, root=root)

    @property
    def logical_path(self) -> str:
        parts = [self.shown_file]
        for p in self.path:
            if isinstance(p, int):
                parts[-1] += f"[{p}]"
            else:
                parts.append(printable(str(p)))  # a key is the contributor's: it may hold a line break
        return " > ".join(parts)

    def __str__(self) -> str:
        hint = f" ({self.hint})" if self.hint else ""
        where = self.logical_path
        return printable(f"{self.shown_file}:{self.line}:{self.column}: {self.rule}: {where}: {self.message}{hint}")

    def github(self) -> str:
        """The problem as a GitHub workflow command, shown on the changed line of a pull request."""
        hint = f" ({self.hint})" if self.hint else ""
        return (f"::error file={_gh_property(self.shown_file)},line={self.line},col={self.column},"
                f"title={_gh_property(self.rule)}::{_gh_data(self.record_path + self.message + hint)}")

    @property
    def record_path(self) -> str:
        """The logical path without the file, e.g. 'gptoss-e2e-jalapeno > citations[0] > quote: '."""
        path = self.logical_path[len(self.shown_file):].removeprefix(" > ")
        return path + ": " if path else ""


def _gh_data(text: str) -> str:
    """Escape a workflow command's message, as GitHub's runner unescapes it."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _gh_property(text: str) -> str:
    """Escape a workflow command's property value: the message's escapes, and ':' and ','."""
    return _gh_data(text).replace(":", "%3A").replace(",", "%2C")


def display_root(data_dir) -> str:
    """What to put before a path under ``data_dir`` so it reads from the repository root.

    The repository root is the current folder: ``data/`` when the data folder is inside it
    (``kb check`` run from the root of a clone), else the data folder as it was given (a
    copy elsewhere, e.g. a test's temporary folder), so every path printed can be opened
    from where the command ran.
    """
    given = Path(data_dir)
    try:
        rel = Path(os.path.relpath(given.resolve(), Path.cwd().resolve()))
    except ValueError:  # another drive
        rel = None
    if rel is not None and rel.parts[:1] != ("..",):
        shown = rel.as_posix()
    else:
        shown = given.as_posix()
    return "" if shown in ("", ".") else shown.rstrip("/") + "/"


class DataError(Exception):
    """Raised once, after loading, with every problem found."""

    def __init__(self, problems: list[Problem], root: str | None = None):
        self.problems = sorted(set(p if root is None else p.at(root) for p in problems))
        super().__init__(f"{len(self.problems)} problem(s) in the fact base")

    def report(self) -> str:
        lines = [str(p) for p in self.problems]
        lines.append(f"{len(self.problems)} problem(s) found; nothing was published.")
        return "\n".join(lines)

    def github(self) -> str:
        return "\n".join(p.github() for p in self.problems)
