"""How much of a web page may be quoted, and how far a paraphrase may follow its quote.

A page read at its address is quoted as encyclopedias and courts quote: one sentence at most, the one
that carries the figure, about :data:`MAX_WORDS` words or :data:`MAX_CJK` Chinese characters
(:func:`length_problem`).  A paraphrase beside a quote is in the contributor's own words: it shares no
run of :data:`RUN_WORDS` words, or :data:`RUN_CJK` Chinese characters, with the quote
(:func:`shared_run`).  Both are rules of :mod:`kb.check` (``quote-length``, ``paraphrase-copies``).
"""
from __future__ import annotations

import re
from functools import lru_cache

MAX_WORDS = 40
MAX_CJK = 80
RUN_WORDS = 8
RUN_CJK = 12

CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
WORD = re.compile(r"[A-Za-z\u00c0-\u024f0-9]+(?:['’.,-][A-Za-z\u00c0-\u024f0-9]+)*")
# where one sentence ends and another begins: a full stop, question or exclamation mark (with any closing
# quote or bracket) and then a capital letter or a Chinese character; a Chinese full stop and then anything
_SENTENCE_END = re.compile(r"(\S*)[.!?][\"'”’)\]]*\s+(?=[A-Z\u3400-\u9fff])|[。！？][”」』）)]*(?=\S)")
# a full stop that ends an abbreviation or an initial, not a sentence
_ABBREVIATION = re.compile(r"(?:[A-Z]|Mr|Ms|Mrs|Dr|St|vs|No|Inc|Ltd|Co|Corp|Jr|Sr|etc|e\.g|i\.e|U\.S|Jan|Feb|Mar|"
                           r"Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)", re.I)


def words(text: str) -> list[str]:
    """The words of ``text`` that are not Chinese: runs of Latin letters and digits."""
    return WORD.findall(CJK.sub(" ", text))


def cjk_count(text: str) -> int:
    return len(CJK.findall(text))


def sentences(text: str) -> int:
    """How many sentences ``text`` holds: one more than the places where one ends and another begins."""
    ends = [m for m in _SENTENCE_END.finditer(text.strip())
            if m.group(1) is None or not _ABBREVIATION.fullmatch(m.group(1).lstrip("\"'“‘(["))]
    return 1 + len(ends)


def _count(n: int, noun: str) -> str:
    return "" if not n else f"{n} {noun}" + ("" if n == 1 else "s")


def length_problem(quote: str) -> str | None:
    """Why ``quote`` is longer than a web quote may be, or None."""
    n = sentences(quote)
    if n > 1:
        return f"the quote holds {n} sentences"
    w, c = len(words(quote)), cjk_count(quote)
    if w / MAX_WORDS + c / MAX_CJK > 1:
        size = " and ".join(x for x in (_count(w, "word"), _count(c, "Chinese character")) if x)
        return f"the quote is {size} long"
    return None


@lru_cache(maxsize=1)
def _simplified():
    from opencc import OpenCC  # declared in pyproject.toml

    return OpenCC("t2s")


def _fold_words(text: str) -> list[str]:
    return [w.lower().replace("’", "'") for w in words(text)]


def _fold_cjk(text: str) -> str:
    """``text``'s Chinese characters and digits in a row, in Simplified characters: what a run is counted in."""
    return "".join(ch for ch in _simplified().convert(text) if CJK.match(ch) or ch.isdigit())


def _longest_run(a: list, b: list) -> tuple[int, int]:
    """The longest run of items ``a`` and ``b`` share, as (its length, where it starts in ``a``)."""
    best, at = 0, 0
    prev = [0] * (len(b) + 1)
    for i, x in enumerate(a, 1):
        cur = [0] * (len(b) + 1)
        for j, y in enumerate(b, 1):
            if x == y:
                cur[j] = prev[j - 1] + 1
                if cur[j] > best:
                    best, at = cur[j], i - cur[j]
        prev = cur
    return best, at


def shared_run(paraphrase: str, quote: str, lang: str) -> str | None:
    """The longest run of words (``lang`` en) or Chinese characters (zh) that ``paraphrase`` copies from
    ``quote``, where it is as long as a paraphrase may not copy; else None."""
    if lang == "en":
        p, q = _fold_words(paraphrase), _fold_words(quote)
        n, at = _longest_run(p, q)
        return " ".join(p[at:at + n]) if n >= RUN_WORDS else None
    p, q = _fold_cjk(paraphrase), _fold_cjk(quote)
    n, at = _longest_run(list(p), list(q))
    return p[at:at + n] if n >= RUN_CJK else None
