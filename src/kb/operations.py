"""The derivation operations, each described once: what it takes, computes and means.

A claim's ``derivation.op`` names one of :data:`OPERATIONS`.  Everything that
knows about an operation reads its record here: the schema (the names a
contributor may write, and their description), :func:`kb.derive.compute`, the
checks of ``kb check`` (how many inputs, dates or numbers, how the inputs'
dimensions combine into the claim's), and the site's label for it in each
language.  Adding an operation is adding one record.

Dimensions are exponents of base dimensions (``{"tokens": 1, "time": -1}``), as
:class:`kb.schema.Unit` records them; a date counts as ``{"time": 1}``.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Callable, Mapping, Optional

from .interval import Interval

Dimension = Mapping[str, int]


@dataclass(frozen=True)
class Operation:
    name: str
    """What a contributor writes as ``op:``."""
    compute: Callable[[list[Interval]], Interval]
    """The inputs' intervals (in base units, in the order the derivation lists them) -> the result's."""
    dimension: Callable[[list[Dimension]], Counter]
    """The inputs' dimensions -> the result's."""
    description: str
    """How the schema describes it (JSON Schema, the contributor guide): its name and what it computes."""
    label: Mapping[str, str]
    """What a page calls it, in each site language (kb.schema.LANGS)."""
    arity: Optional[int] = None
    """Exactly how many inputs it takes; None for any number from ``at_least``."""
    at_least: int = 1
    """The fewest inputs it takes, when ``arity`` is None."""
    like_inputs: bool = False
    """Whether its inputs must all have one dimension (only like quantities add, subtract or compare)."""
    dates: bool = False
    """Whether it takes dates; every other operation takes numbers."""

    def inputs_problem(self, n: int) -> Optional[str]:
        """What is wrong with giving it ``n`` inputs, or None."""
        if self.arity is not None and n != self.arity:
            return f"{self.name} takes {self.arity} input(s), got {n}"
        if self.arity is None and n < self.at_least:
            return f"{self.name} takes at least {self.at_least} inputs, got {n}"
        return None


def _fold(step: Callable[[Interval, Interval], Interval]) -> Callable[[list[Interval]], Interval]:
    def run(ins: list[Interval]) -> Interval:
        out = ins[0]
        for i in ins[1:]:
            out = step(out, i)
        return out
    return run


def _first(dims: list[Dimension]) -> Counter:
    return Counter(dims[0])


def _pure(dims: list[Dimension]) -> Counter:
    return Counter()


def _quotient(dims: list[Dimension]) -> Counter:
    out = Counter(dims[0])
    out.subtract(dims[1])
    return out


def _total(dims: list[Dimension]) -> Counter:
    out = Counter()
    for d in dims:
        out.update(d)
    return out


def _inverse(dims: list[Dimension]) -> Counter:
    return Counter({k: -v for k, v in dims[0].items()})


def _duration(dims: list[Dimension]) -> Counter:
    return Counter({"time": 1})


_ALL = [
    Operation("ratio", lambda ins: ins[0] / ins[1], _quotient, "ratio a/b",
              {"en": "ratio: the first input divided by the second", "zh": "比值：第一个输入除以第二个",
               "zh-hant": "比值：第一個輸入除以第二個"}, arity=2),
    Operation("difference", lambda ins: ins[0] - ins[1], _first, "difference a-b",
              {"en": "difference: the first input minus the second", "zh": "差值：第一个输入减去第二个", "zh-hant": "差值：第一個輸入減去第二個"},
              arity=2, like_inputs=True),
    Operation("reciprocal", lambda ins: ins[0].reciprocal(), _inverse, "reciprocal 1/a",
              {"en": "reciprocal: one divided by the input", "zh": "倒数：用一除以输入", "zh-hant": "倒數：用一除以輸入"}, arity=1),
    Operation("percent-change", lambda ins: (ins[1] - ins[0]) / ins[0] * Interval.exact(100), _pure,
              "percent-change (b-a)/a×100",
              {"en": "percentage change from the first input to the second", "zh": "从第一个输入到第二个的百分比变化",
               "zh-hant": "從第一個輸入到第二個的百分比變化"},
              arity=2, like_inputs=True),
    Operation("product", _fold(lambda a, b: a * b), _total, "product a×b×…",
              {"en": "product of the inputs", "zh": "各输入之积", "zh-hant": "各輸入之積"}, at_least=2),
    Operation("sum", _fold(lambda a, b: a + b), _first, "sum a+b+…",
              {"en": "sum of the inputs", "zh": "各输入之和", "zh-hant": "各輸入之和"}, at_least=2, like_inputs=True),
    Operation("span", _fold(Interval.hull), _first, "span: the range from the smallest to the largest input",
              {"en": "span: from the smallest input to the largest", "zh": "跨度：从最小的输入到最大的输入",
               "zh-hant": "跨度：從最小的輸入到最大的輸入"},
              at_least=2, like_inputs=True),
    Operation("convert", lambda ins: ins[0], _first, "convert: the input in the claim's own unit (192 GiB as GB)",
              {"en": "the input converted to this unit", "zh": "把输入换算成本单位", "zh-hant": "把輸入換算成本單位"},
              arity=1),
    Operation("dense-from-sparse", lambda ins: ins[0] / Interval.exact(2), _first,
              "dense-from-sparse: a sparse compute figure halved, by the vendors' 2:4 structured-sparsity convention",
              {"en": "the sparse figure halved: vendors count 2:4 structured sparsity as twice the dense rate",
               "zh": "稀疏算力减半：厂商按 2:4 结构化稀疏把稠密算力计为两倍",
               "zh-hant": "稀疏算力減半：廠商按 2:4 結構化稀疏把稠密算力計為兩倍"},
              arity=1),
    Operation("months-between", lambda ins: ins[1] - ins[0], _duration, "months-between: months from date a to date b",
              {"en": "months from the first date to the second", "zh": "从第一个日期到第二个日期的月数", "zh-hant": "從第一個日期到第二個日期的月數"},
              arity=2, dates=True),
]

OPERATIONS: dict[str, Operation] = {op.name: op for op in _ALL}
"""Operation name -> its record, in the order the schema lists them."""


def described() -> str:
    """The schema's description of ``derivation.op``: every operation, in order."""
    return "; ".join(op.description for op in OPERATIONS.values()) + "."


def date_operations() -> list[str]:
    """The names of the operations that take dates."""
    return [op.name for op in OPERATIONS.values() if op.dates]
