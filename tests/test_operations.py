"""A derivation operation is one record (kb.operations): the schema, the checks, the arithmetic and the labels read it."""
from __future__ import annotations

import json
import subprocess
import sys
from typing import get_args

from conftest import MINIMAL, ROOT, TODAY, write_data
from kb.languages import LANGUAGES
from kb import jsonschema, schema
from kb.base import KnowledgeBase
from kb.interval import Interval
from kb.operations import OPERATIONS, described
from kb.problems import DataError
from render import labels


# the languages whose words are written or reviewed, not converted at build time (kb.languages)
LABELLED = {code for code, lang in LANGUAGES.items() if lang.converted_from is None or lang.vocabulary}


def test_every_operation_has_a_label_in_every_language():
    assert len(OPERATIONS) >= 8
    for name, op in OPERATIONS.items():
        assert set(op.label) == LABELLED, name
        for lang in schema.LANGS:
            assert op.label[lang].strip(), (name, lang)
            assert labels.t("dop." + name, lang) == op.label[lang]
    assert labels.unlabelled() == []


def test_the_schema_lists_the_registry():
    field = schema.Derivation.model_fields["op"]
    assert get_args(field.annotation) == tuple(OPERATIONS)
    assert field.description == described()
    op = json.loads(jsonschema.render("claims"))["$defs"]["Derivation"]["properties"]["op"]
    assert op["enum"] == list(OPERATIONS)
    assert all(o.description in op["description"] for o in OPERATIONS.values())


def test_each_operation_computes_from_its_record():
    a, b, c = Interval.exact(6), Interval.exact(3), Interval.exact(2)
    expected = {"ratio": 2, "difference": 3, "reciprocal": Interval.exact(1) / a, "percent-change": -50,
                "product": 36, "sum": 11, "span": Interval(2, 6), "months-between": -3, "convert": 6,
                "dense-from-sparse": 3}
    from kb.derive import compute
    for name, want in expected.items():
        op = OPERATIONS[name]
        ins = [a, b, c][:op.arity or 3]
        got = compute(name, ins)
        assert got == (want if isinstance(want, Interval) else Interval.exact(want)), name
    assert set(expected) == set(OPERATIONS)


# A claim derived with an operation the registry does not have yet: the mean of the two latencies.
MEAN_CLAIM = """\
mean-latency:
  subject: chip
  metric: latency
  statement: {en: "The mean latency is {value}.", zh: "平均延迟为 {value}。"}
  scope: {en: The whole system., zh: 整套系统。}
  conditions: {baseline: gpu, model: chip}
  citations:
    - source: article
      quote: 芯片的延迟为 1.03 秒
      translation: {en: "The chip's latency is 1.03 s"}
  tier: vendor-self-report
  derivation:
    op: mean
    inputs: INPUTS
"""

# Run in a fresh interpreter: the schema takes the registry's names when it is first imported.
ADD_MEAN = """\
import json, sys
from collections import Counter
from fractions import Fraction
from kb import operations
from kb.interval import Interval

def mean(ins):
    total = ins[0]
    for i in ins[1:]:
        total = total + i
    return total * Interval.exact(Fraction(1, len(ins)))

operations.OPERATIONS["mean"] = operations.Operation(
    "mean", mean, lambda dims: Counter(dims[0]), "mean: (a+b+…)/n",
    {"en": "mean of the inputs", "zh": "各输入的平均值", "zh-hant": "各輸入的平均值"}, at_least=2, like_inputs=True)

from kb import jsonschema, schema
from kb.base import KnowledgeBase
from kb.problems import DataError
from render import labels
import datetime as dt

out = {"enum": json.loads(jsonschema.render("claims"))["$defs"]["Derivation"]["properties"]["op"],
       "labels": {lang: labels.t("dop.mean", lang) for lang in schema.LANGS}, "unlabelled": labels.unlabelled()}
for name, data in json.loads(sys.argv[1]).items():
    try:
        kb = KnowledgeBase.open(data, on=dt.date.fromisoformat(sys.argv[2]))
        chk = kb.checks["mean-latency"]
        out[name] = {"lo": str(chk.computed.lo), "hi": str(chk.computed.hi), "verdict": chk.verdict}
    except DataError as exc:
        out[name] = {"problems": [str(p) for p in exc.problems]}
print(json.dumps(out))
"""


def test_an_operation_added_to_the_registry_reaches_schema_check_compute_and_labels(tmp_path):
    def data(name, inputs):
        return str(write_data(tmp_path / name, {
            "claims/bench.yml": MINIMAL["claims/bench.yml"] + MEAN_CLAIM.replace("INPUTS", inputs)}))

    dirs = {"good": data("good", "[chip-latency, gpu-latency]"),
            "one-input": data("one-input", "[chip-latency]"),
            "unlike": data("unlike", "[chip-latency, latency-ratio]")}
    # without the record, the schema refuses the name
    try:
        KnowledgeBase.open(dirs["good"], on=TODAY)
        raise AssertionError("an operation that is not in the registry was accepted")
    except DataError as exc:
        assert any("mean-latency > derivation > op" in str(p) for p in exc.problems), exc.problems

    run = subprocess.run([sys.executable, "-c", ADD_MEAN, json.dumps(dirs), TODAY.isoformat()],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert "mean" in out["enum"]["enum"] and "mean: (a+b+…)/n" in out["enum"]["description"]
    assert out["labels"] == {"en": "mean of the inputs", "zh": "各输入的平均值"}  # a reviewed zh-hant text too
    assert out["unlabelled"] == []
    # (1.03 + 1.80) / 2, each input within its rounding: [1.41, 1.42]
    assert out["good"] == {"lo": "141/100", "hi": "71/50", "verdict": None}
    assert any("derivation-arity" in p and "mean takes at least 2 inputs, got 1" in p
               for p in out["one-input"]["problems"]), out["one-input"]
    assert any("unit-mismatch" in p and "mean needs inputs of one dimension" in p
               for p in out["unlike"]["problems"]), out["unlike"]
