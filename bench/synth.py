"""Write a synthetic fact base of realistic shape, for measuring how the project scales.

The shape follows the real data: most claims are figures from a benchmark table
with two citations, about a fifth are ratios derived from them, some are dates
and qualitative statements; conflicts tie a few claims together; every quote is
found verbatim in its source's snapshot.  The real tiers, units and metrics are
copied so the synthetic base passes the same checks.

    python bench/synth.py 1000 /tmp/kb-1000
"""
from __future__ import annotations

import random
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEADER = "# yaml-language-server: $schema=../../schemas/{kind}.schema.json\n"
PER_FILE = 250  # claims per file, as topics would split them


def tag(i: int) -> str:
    """A short letter name for the i-th thing: prose must not type figures, names may not look like them."""
    letters = ""
    i += 26 * 26
    while i:
        i, r = divmod(i, 26)
        letters = "abcdefghijklmnopqrstuvwxyz"[r] + letters
    return letters.capitalize()


def generate(n_claims: int, out: Path, seed: int = 7) -> dict[str, int]:
    rnd = random.Random(seed)
    data = out / "data"
    if out.exists():
        shutil.rmtree(out)
    (data / "snapshots").mkdir(parents=True)
    for name in ("tiers.yml", "units.yml", "metrics.yml", "tags.yml"):
        shutil.copy(ROOT / "data" / name, data / name)
    for folder in ("units", "metrics"):
        if (ROOT / "data" / folder).is_dir():
            shutil.copytree(ROOT / "data" / folder, data / folder)

    n_chips = max(4, n_claims // 40)
    n_models = max(3, n_claims // 100)
    n_sources = max(4, n_claims // 25)
    chips = [f"chip-{i:04d}" for i in range(n_chips)]
    models = [f"model-{i:04d}" for i in range(n_models)]
    orgs = [f"org-{i:03d}" for i in range(max(2, n_chips // 4))]
    sources = [f"source-{i:04d}" for i in range(n_sources)]

    ent = [HEADER.format(kind="entities")]
    for i, o in enumerate(orgs):
        ent.append(f"{o}:\n  kind: organisation\n  name: {{en: Company {tag(i)}, zh: 公司 {tag(i)}}}\n"
                   f"  description: {{en: A company that makes chips., zh: 一家制造芯片的公司。}}\n")
    for i, c in enumerate(chips):
        ent.append(f"{c}:\n  kind: chip\n  name: {{en: Chip {tag(i)}, zh: 芯片 {tag(i)}}}\n  aliases: [C{c[-4:]}]\n"
                   f"  description: {{en: An inference accelerator., zh: 一款推理加速器。}}\n  parent: {rnd.choice(orgs)}\n")
    for i, m in enumerate(models):
        ent.append(f"{m}:\n  kind: model\n  name: {{en: Model {tag(i)}, zh: 模型 {tag(i)}}}\n"
                   f"  description: {{en: An open-weight language model., zh: 一个开放权重语言模型。}}\n")
    ent.append("bench-suite:\n  kind: benchmark\n  name: {en: Bench suite, zh: 基准套件}\n"
               "  description: {en: A public inference benchmark., zh: 一个公开的推理基准。}\n")
    (data / "entities").mkdir()
    (data / "entities" / "synthetic.yml").write_text("".join(ent), encoding="utf-8")

    snapshots: dict[str, list[str]] = {s: [] for s in sources}
    claims: list[str] = []
    numeric: list[tuple[str, str, str]] = []  # (id, chip, model) of latency figures
    conflicts: list[str] = []

    def cite(quote: str, english: str) -> str:
        """Two citations of ``quote`` (the sources are Chinese), each with its English translation."""
        picks = rnd.sample(sources, 2)
        out = "  citations:\n"
        for s in picks:
            snapshots[s].append(quote)
            out += (f"    - source: {s}\n      quote: \"{quote}\"\n      translation: {{en: \"{english}\"}}\n"
                    f"      locator: 数据表\n")
        return out

    i = 0
    while len(claims) < n_claims:
        i += 1
        chip, base, model = rnd.choice(chips), rnd.choice(chips), rnd.choice(models)
        kind = rnd.random()
        cid = f"c{i:05d}"
        if kind < 0.6:
            value = f"{rnd.uniform(0.5, 9.5):.2f}"
            quote = f"{chip} 运行 {model} 的端到端延迟为 {value} 秒（记录 {cid}）"
            claims.append(
                f"{cid}:\n  subject: {chip}\n  metric: e2e-latency\n  value: {value}\n"
                f"  statement:\n    en: \"{chip} took {{value}} end to end on {model}.\"\n"
                f"    zh: \"{chip} 运行 {model} 的端到端延迟为 {{value}}。\"\n"
                f"  scope: {{en: The whole serving system., zh: 整套服务系统。}}\n"
                f"  conditions: {{model: {model}, baseline: {base}, benchmark: bench-suite, operating_point: end-to-end}}\n"
                + cite(quote, f"{chip} took {value} s end to end on {model} (record {cid})") + "  tier: vendor-self-report\n  tags: [benchmark]\n")
            numeric.append((cid, chip, model))
        elif kind < 0.8 and len(numeric) >= 2:
            (a, _, m), (b, _, _) = rnd.sample(numeric[-40:], 2)
            quote = f"两者之比约为若干倍（记录 {cid}）"
            claims.append(
                f"{cid}:\n  subject: {chip}\n  metric: speedup\n"
                f"  statement:\n    en: \"The latency ratio is {{value}}.\"\n    zh: \"延迟之比为 {{value}}。\"\n"
                f"  scope: {{en: The whole serving system., zh: 整套服务系统。}}\n"
                f"  conditions: {{model: {m}, baseline: {base}, benchmark: bench-suite}}\n"
                + cite(quote, f"The ratio of the two is several times (record {cid})") + f"  tier: vendor-self-report\n  derivation: {{op: ratio, inputs: [{a}, {b}]}}\n  tags: [benchmark, ratio]\n")
        elif kind < 0.9:
            date = f"20{rnd.randint(20, 25)}-{rnd.randint(1, 12):02d}"
            quote = f"{chip} 于 {date} 发布（记录 {cid}）"
            claims.append(
                f"{cid}:\n  subject: {chip}\n  metric: event-date\n  value: \"{date}\"\n"
                f"  statement:\n    en: \"{chip} was announced in {{value}}.\"\n    zh: \"{chip} 于 {{value}}发布。\"\n"
                + cite(quote, f"{chip} was announced in {date} (record {cid})") + "  tier: vendor-self-report\n  tags: [timeline]\n")
        else:
            quote = f"{chip} 的工艺节点没有公开（记录 {cid}）"
            claims.append(
                f"{cid}:\n  subject: {chip}\n  metric: statement\n"
                f"  statement:\n    en: The process node of {chip} was not disclosed.\n"
                f"    zh: {chip} 的工艺节点没有公开。\n"
                + cite(quote, f"The process node of {chip} has not been disclosed (record {cid})") + "  tier: commentary\n  tags: [disclosure]\n")
        if len(numeric) >= 2 and len(claims) % 50 == 0:
            (a, _, _), (b, _, _) = rnd.sample(numeric[-20:], 2)
            x = f"x{len(conflicts):04d}"
            conflicts.append(
                f"{x}:\n  kind: disagreement\n  question: {{en: \"Which latency is right?\", zh: 哪个延迟是对的？}}\n"
                f"  sides:\n    - claims: [{a}]\n      summary: {{en: One source says so., zh: 一个来源这样说。}}\n"
                f"    - claims: [{b}]\n      summary: {{en: Another says otherwise., zh: 另一个来源说法不同。}}\n"
                f"  assessment: {{en: The sources measure different set-ups., zh: 各来源测量的配置不同。}}\n")

    (data / "claims").mkdir()
    for f in range(0, len(claims), PER_FILE):
        (data / "claims" / f"topic-{f // PER_FILE:03d}.yml").write_text(
            HEADER.format(kind="claims") + "".join(claims[f:f + PER_FILE]), encoding="utf-8")
    (data / "conflicts").mkdir()
    (data / "conflicts" / "synthetic.yml").write_text(HEADER.format(kind="conflicts") + "".join(conflicts) or "", encoding="utf-8")
    if not conflicts:
        (data / "conflicts" / "synthetic.yml").unlink()

    src = [HEADER.format(kind="sources")]
    for j, s in enumerate(sources):
        src.append(f"{s}:\n  kind: news-article\n  name: {{en: Article {tag(j)}, zh: 文章 {tag(j)}}}\n  language: zh-Hans\n"
                   f"  no_url: {{en: A synthetic article; it has no address., zh: 合成的文章，没有网址。}}\n"
                   f"  snapshot:\n    file: snapshots/{s}.txt\n    taken: \"2026-11-01\"\n    extent: full\n")
        (data / "snapshots" / f"{s}.txt").write_text("\n".join(snapshots[s]) + "\n", encoding="utf-8")
    (data / "sources").mkdir()
    (data / "sources" / "synthetic.yml").write_text("".join(src), encoding="utf-8")

    terms = [HEADER.format(kind="glossary")]
    for t in range(max(5, n_claims // 20)):
        terms.append(f"term-{t:04d}:\n  term: {{en: Term {tag(t)}, zh: 术语 {tag(t)}}}\n"
                     f"  definition: {{en: A word a reader needs explained., zh: 读者需要解释的词。}}\n")
    (data / "glossary").mkdir()
    (data / "glossary" / "synthetic.yml").write_text("".join(terms), encoding="utf-8")
    return {"claims": len(claims), "entities": len(chips) + len(models) + len(orgs) + 1,
            "sources": len(sources), "conflicts": len(conflicts)}


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: python bench/synth.py N_CLAIMS OUT_DIR")
    print(generate(int(sys.argv[1]), Path(sys.argv[2])))
