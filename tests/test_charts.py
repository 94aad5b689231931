"""Charts are drawn from the data: each mark and label names its claim and value, text is text, output is stable.

Checked on the built site (both languages) and on the renderer directly.
"""
from __future__ import annotations

from decimal import Decimal

import pytest

from integrity.langs import PREFIX, WRITTEN
from integrity.langs import text as in_lang
from site_fixture import LANGS, site  # noqa: F401  (fixture)

from render import charts
from render import format as fmt
from render.context import Ctx
from render.figures import figure_text

PAGES = {"benchmarks/": ["power-basis", "benchmark-peak-tps-per-kw", "benchmark-e2e-latency", "benchmark-min-tbt",
                         "benchmark-tps-per-kw-at-baseline-best-tbt", "task-cumulative-wait"],
         "chip-and-system/": ["power-basis"],
         "timeline/": ["timeline"],
         "accelerator-timeline/": ["timeline"]}


def _url(lang, path):
    return PREFIX[lang] + path


def _charts(site):
    for lang in LANGS:
        for path, names in PAGES.items():
            soup = site.soup(_url(lang, path))
            for name in names:
                fig = soup.select_one(f'figure.kb-chart[data-chart="{name}"]')
                assert fig is not None, f"{lang} {path}: no chart {name}"
                yield lang, path, name, fig


def test_each_chart_is_an_accessible_image_with_a_title_and_a_text_alternative(site):
    for lang, path, name, fig in _charts(site):
        svg = fig.select_one("svg.kb-chart-svg")
        assert svg["role"] == "img"
        title_id, desc_id = svg["aria-labelledby"].split()
        title, desc = svg.find("title", id=title_id), svg.find("desc", id=desc_id)
        assert title is not None and title.get_text().strip(), (lang, name)
        assert desc is not None and len(desc.get_text()) > 20, (lang, name)
        assert fig.select_one("figcaption .kb-chart-title").get_text() == title.get_text()
        assert svg.select("text"), "labels must be real text"
        assert not svg.select("script, style, foreignObject, image, a, use"), (lang, name)
        assert not [el for el in svg.find_all(True) if any(a.startswith("on") for a in el.attrs)]


def test_every_mark_and_figure_label_carries_its_claim_and_canonical_value(site):
    kb, seen = site.kb, 0
    for lang, path, name, fig in _charts(site):
        ctx = Ctx(kb, lang, _url(lang, path))
        for el in fig.select("svg [data-claim]"):
            ids = el["data-claim"].split()
            assert all(i in kb.claims for i in ids), (name, ids)
            assert el.has_attr("data-value"), (name, el)
            if el.has_attr("data-computed"):
                assert el["data-computed"] == "product"
                product = Decimal(1)
                for i in ids:
                    product *= Decimal(kb.claims[i].value)
                assert Decimal(el["data-value"]) == product, (name, ids)
                if el.name == "text":
                    unit = figure_text(ctx, ids[0]).split("\xa0", 1)[1]
                    assert el.get_text() == f"{fmt.number(product, lang)}\xa0{unit}"
            else:
                assert el["data-value"] == fmt.canonical(kb.claims[ids[0]].value), (name, ids)
                if el.name == "text" and ({"kb-ct-value", "kb-ct-date"} & set(el["class"])):
                    assert el.get_text() == figure_text(ctx, ids[0]), (lang, name, el.get_text())
            seen += 1
    assert seen > 100


def test_benchmark_charts_show_both_systems_for_every_model_or_say_what_is_missing(site):
    kb = site.kb
    for lang, path, name, fig in _charts(site):
        if not name.startswith("benchmark-"):
            continue
        metric = name[len("benchmark-"):]
        shown = {el["data-claim"] for el in fig.select("svg .kb-mark[data-claim]")}
        for cid, c in kb.claims.items():
            if (c.metric == metric and "benchmark" in c.tags and c.conditions.model and c.conditions.benchmark
                    and c.status not in ("superseded", "retracted")):
                assert cid in shown, (lang, name, cid)
        if metric == "tps-per-kw-at-baseline-best-tbt":
            missing = fig.select("svg text.kb-ct-missing")
            assert len(missing) == 2
            assert all(kb.claims[t["data-claim"]].metric == "speedup" for t in missing)


def test_the_cumulative_wait_is_labelled_an_illustration_built_from_the_step_count_claim(site):
    kb = site.kb
    steps = [i for i, c in kb.claims.items() if c.metric == "step-count"]
    for lang, path, name, fig in _charts(site):
        if name != "task-cumulative-wait":
            continue
        assert "kb-chart-illustration" in fig["class"]
        banner = fig.select_one("svg text.kb-ct-banner").get_text()
        assert banner == in_lang({"en": "Illustration, not a measurement", "zh": "示意，不是实测"}, lang)
        totals = fig.select("svg text[data-computed]")
        assert len(totals) == 6
        assert all(t["data-claim"].split()[1] == steps[0] for t in totals)
        n = int(kb.claims[steps[0]].value)
        for t in totals:
            cid = t["data-claim"].split()[0]
            segments = fig.select(f'svg .kb-seg[data-claim="{cid}"]')
            assert len(segments) == n


def test_the_timeline_marks_every_dated_claim_at_its_stated_precision(site):
    kb = site.kb
    dated = {i for i, c in kb.claims.items() if isinstance(c.value, str) and c.status not in ("superseded", "retracted")}
    # The accelerators' dates have a timeline of their own; the other timeline holds every other dated claim.
    of_page = {"timeline/": {i for i in dated if "accelerators" not in kb.claims[i].tags},
               "accelerator-timeline/": {i for i in dated if "accelerators" in kb.claims[i].tags}}
    assert all(len(ids) > 10 for ids in of_page.values()) and set.union(*of_page.values()) == dated
    seen = 0
    for lang, path, name, fig in _charts(site):
        if name != "timeline":
            continue
        marks = {el["data-claim"]: el for el in fig.select("svg .kb-mark")}
        assert set(marks) == of_page[path], path
        seen += 1
        for cid, el in marks.items():
            parts = len(kb.claims[cid].value.split("-"))
            assert el["data-precision"] == ("year", "month", "day")[parts - 1]
    assert seen == 2 * len(LANGS)


def test_chinese_charts_are_in_chinese(site):
    for lang, path, name, fig in _charts(site):
        text = fig.select_one("svg").get_text()
        has_cjk = any("\u4e00" <= ch <= "\u9fff" for ch in text)
        assert has_cjk == (WRITTEN[lang] == "zh"), (lang, name)
        # a converted language's chart is its source's, converted: tests/test_site_converted.py, piece by piece


@pytest.mark.parametrize("lang", LANGS)
def test_rendering_is_deterministic(site, lang):
    ctx = Ctx(site.kb, lang, "benchmarks/")
    first = {name: charts.chart(ctx, name) for name in PAGES["benchmarks/"] + ["timeline"]}
    charts._cache.clear()
    again = {name: charts.chart(ctx, name) for name in first}
    assert first == again
    for svg in first.values():
        assert "DejaVu" not in svg and "Matplotlib" not in svg and "<metadata" not in svg


def test_every_mark_and_every_figure_label_carries_a_claim(site):
    """A shape in a chart is a mark of a figure (or an axis or leader line); none may lose its claim or value."""
    kb, marks, labels = site.kb, 0, 0
    for lang, path, name, fig in _charts(site):
        svg = fig.select_one("svg")
        for el in svg.select("rect, circle, path, polygon, ellipse"):
            assert "kb-mark" in el.get("class", []), (lang, name, str(el)[:120])
        for el in svg.select("line, polyline"):
            assert {"kb-axis", "kb-leader"} & set(el.get("class", [])), (lang, name, str(el)[:120])
        for el in svg.select(".kb-mark"):
            assert el.get("data-claim") and el.get("data-value"), (lang, name, str(el)[:120])
            assert all(i in kb.claims for i in el["data-claim"].split()), (lang, name, el["data-claim"])
            marks += 1
        for el in svg.select("text.kb-ct-value, text.kb-ct-date, text.kb-ct-event"):
            assert el.get("data-claim") and el.get("data-value"), (lang, name, el.get_text())
            labels += 1
    assert marks > 150 and labels > 100, (marks, labels)


def test_the_svg_is_on_one_line_with_every_element_closed(site):
    ctx = Ctx(site.kb, "en", "benchmarks/")
    for name in PAGES["benchmarks/"] + ["timeline"]:
        out = charts.chart(ctx, name)
        assert "\n" not in out and "\x00" not in out, name
        svg = out[out.index("<svg"):out.index("</svg>")]
        # an HTML parser that does not know SVG (lxml's) would nest what follows a self-closed element in it
        assert "/>" not in svg, name


HOSTILE = '<script>alert(1)</script> "q" \'a\' & {{ config }} {% if 1 %}x{% endif %} [x](javascript:y) **b** _i_ `c`'


def test_contributor_text_in_a_chart_is_escaped_and_shown_as_text(site):
    from bs4 import BeautifulSoup

    ctx = Ctx(site.kb, "en", "benchmarks/")
    rows = [charts.Row(HOSTILE, "kb-c-subject", 'a" onclick="x', value=Decimal(2), text=HOSTILE, canonical=HOSTILE),
            charts.Row(HOSTILE, "kb-c-missing", missing=HOSTILE)]
    out = str(charts._bars(ctx, "t", [charts.Group(HOSTILE, rows, note=HOSTILE)], HOSTILE, HOSTILE, banner=HOSTILE))
    for raw in ("<script", "{{", "{%", "](", "**", "`", '" onclick', "_i_"):
        assert raw not in out, raw
    svg = BeautifulSoup(out, "html.parser").svg
    texts = svg.select("text")
    assert len(texts) == 7 and all(t.get_text() == HOSTILE for t in texts), [t.get_text() for t in texts]
    assert svg.title.get_text() == HOSTILE and svg.desc.get_text() == HOSTILE
    mark = svg.select_one(".kb-mark")
    assert mark["data-claim"] == 'a" onclick="x' and mark["data-value"] == HOSTILE
    assert not [el for el in svg.find_all(True) if any(a.startswith("on") for a in el.attrs)]
    assert not svg.select("script, a, foreignObject")


def test_a_build_imports_neither_matplotlib_nor_lxml():
    """What a build runs (the macros, the hooks, every chart the pages draw) needs neither: lxml is for tests."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    script = f"""
import sys
sys.path.insert(0, {str(root / "macros")!r})
import main, hooks  # what mkdocs loads: the macros module and the hooks
from render import charts
from sitebuild import kbcache
from render.context import Ctx
kb = kbcache.open_kb({str(root / "data")!r})
drawn = 0
for lang in ("en", "zh"):
    for name in {PAGES["benchmarks/"] + ["timeline"]!r}:
        assert "<svg" in charts.chart(Ctx(kb, lang, "benchmarks/"), name)
        drawn += 1
print(drawn, sorted({{m.split(".")[0] for m in sys.modules}} & {{"matplotlib", "lxml"}}))
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=root, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["14", "[]"], out.stdout
    import tomllib

    deps = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    assert not [d for d in deps if d.lower().startswith(("matplotlib", "lxml"))], deps


def test_wrapped_labels_keep_punctuation_with_its_text():
    from render.svgchart import wrap

    lines = wrap("语序打乱的新闻稿提到 2026年8月24日（Jalapeño 首批结果公布前一天）的 Hot Chips 大会，并提到登台。", 296, 13)
    assert "".join(lines).replace(" ", "") == "语序打乱的新闻稿提到2026年8月24日（Jalapeño首批结果公布前一天）的HotChips大会，并提到登台。"
    assert not [ln for ln in lines if ln[0] in "。，）" or ln[-1] in "（"]
    assert wrap("OpenAI and Broadcom disclosed Jalapeño on 24 June 2026.", 120, 13)[-1].endswith("2026.")
