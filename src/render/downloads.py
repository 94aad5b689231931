"""The downloads: written into the built site once per build, and described on the data page.

The files are exactly what :func:`publish.exports.exports` returns.  The data page's
tables are generated from the same place: the CSV columns from
``CLAIM_COLUMNS``/``SOURCE_COLUMNS`` (their English descriptions are the
export module's own), the JSON fields from the keys the export actually writes.
A column or field with no description here in both languages stops the build,
so the page cannot fall behind the files.
"""
from __future__ import annotations

from kb import languages

import json
from pathlib import Path

from kb.schema import LANGS
from publish import exports
from . import citing
from .text import escape

FILES = ("claims.json", "sources.json", "entities.json", "conflicts.json", "claims.csv", "sources.csv", "datapackage.json")
FOLDER = "data/"  # the downloads live at /data/<file>, beside the data page at /data/

WHAT = {
    "claims.json": {"en": "Every claim, with its figure, statement in both languages, sources and verbatim quotes, tier, "
                          "status and re-derivation check.",
                    "zh": "全部论断：数字、中英文陈述、来源与原文引文、证据等级、状态及重新推导的结果。"},
    "sources.json": {"en": "Every source: what is known of it, the claims that cite it, and the claims it is the "
                           "original report of, with who relays each.",
                     "zh": "全部来源：已知的信息、引用它的论断，以及以它为原始报告的论断及其转述者。"},
    "entities.json": {"en": "The chips, systems, models, organisations and people the claims are about.",
                      "zh": "论断涉及的芯片、系统、模型、机构和人物。"},
    "conflicts.json": {"en": "Where sources disagree, or a stated figure does not follow: the sides and the assessment.",
                       "zh": "来源说法不一或所述数字推导不符之处：各方说法与评估。"},
    "claims.csv": {"en": "The claims as one table, for spreadsheets: figure, conditions, sources and quotes.",
                   "zh": "论断的单表版本，便于用电子表格打开：数字、条件、来源与原文。"},
    "sources.csv": {"en": "The sources as one table.", "zh": "来源的单表版本。"},
    "datapackage.json": {"en": "A Frictionless Data Package describing the CSV files, their columns and licence.",
                         "zh": "描述各 CSV 文件及其列与许可的 Frictionless 数据包元数据。"},
}
FORMAT = {".json": "JSON", ".csv": "CSV"}
MEDIA = {".json": "application/json", ".csv": "text/csv"}

# Chinese descriptions of the CSV columns (the English ones are the export module's own).
COLUMNS_ZH = {
    "claims.csv": {
        "id": "论断的永久 id；其页面为 /claims/<id>/。",
        "subject": "论断所涉对象的 id。",
        "metric": "指标 id。",
        "value": "记录的数值：数字、low..high 形式的范围、日期；定性论断为空。",
        "unit": "单位 id。",
        "statement_en": "英文陈述，数字已写出。",
        "statement_zh": "简体中文陈述，数字已写出。",
        "tier": "证据等级 id。",
        "status": "reported（已报道）、contested（有争议）、superseded（已被取代）或 retracted（已撤回）。",
        "attribution": "certain（归属确定）或 uncertain（归属不确定）。",
        "sources": "所引来源的 id，以空格分隔。",
        "origins": "论断所依据的原始报告的 id，以空格分隔：引用称其出自的来源，以及未注明出处的被引来源（claims.json 列出每份报告的转述者）。",
        "standing": "one-source（只有一个来源）、one-report（多个来源转述同一份原始报告）或 several-reports（多份原始报告）。",
        "verdict": "推导所得数字的结论：consistent、inconsistent 或 cannot-derive；其他为空。",
        "computed_low": "重新推导所得区间的下限（如有）。",
        "computed_high": "重新推导所得区间的上限（如有）。",
        "url_en": "英文页面的永久地址。",
        "url_zh": "简体中文页面的永久地址。",
        "url_zh_hant": "繁体中文页面（由简体中文自动转换）的永久地址。",
        "condition_model": "条件：所运行 AI 模型的对象 id。",
        "condition_format": "条件：数值精度或格式，如 MXFP4。",
        "condition_input_tokens": "条件：标称输入长度（token 数）。",
        "condition_output_tokens": "条件：标称输出长度（token 数）。",
        "condition_baseline": "条件：对照对象的 id。",
        "condition_benchmark": "条件：基准测试或测试框架的对象 id。",
        "condition_operating_point": "条件：数字取自吞吐-延迟曲线上的哪个位置（peak-throughput、end-to-end、min-tbt 等）。",
        "condition_power_basis": "条件：每瓦数字按哪种功率归一（package-tdp、rated-power、sustained-power 等）。",
        "condition_decoding_en": "条件：解码方式（英文）。",
        "condition_decoding_zh": "条件：解码方式（简体中文）。",
        "condition_note_en": "条件：关于条件的说明（英文）。",
        "condition_note_zh": "条件：关于条件的说明（简体中文）。",
        "quote_source": "第一条引用的来源 id。",
        "quote": "第一条引用的原文：来源本身的文字，照录，保留其语言和字形。不适用 CC BY 4.0 许可，版权归原作者所有。",
        "other_quotes": "其余各条引用，按记录中的顺序每行一条，写作 <来源 id>: <原文>（转述写作 <来源 id> (paraphrase): <其英文>）；"
                        "只有一条引用时为空（claims.json 列出每条引用及其位置）。不适用 CC BY 4.0 许可。",
        "quote_translation_en": "第一条引用原文的英文译文，由本站贡献者翻译，仅在原文不是英文时提供：是译文，不是来源的原话。",
        "quote_translation_zh": "第一条引用原文的简体中文译文，由本站贡献者翻译，仅在原文不是中文时提供：是译文，不是来源的原话。",
        "paraphrase_en": "第一条引用以转述代替原文时：转述的英文。",
        "paraphrase_zh": "第一条引用以转述代替原文时：转述的简体中文。",
        "checked": "第一条引用的文字如何核对：full-copy（与本站保存的全文副本核对）、excerpt（与保存的摘录核对）、"
                   "read（在其网址上阅读，未保存副本）或 unchecked（未核对）。",
        "checked_on": "该次核对的日期：副本的摄取日期，或在其网址上阅读的日期。",
    },
    "sources.csv": {
        "id": "来源的永久 id。",
        "kind": "来源的类型。",
        "name_en": "本站对它的英文称呼。",
        "name_zh": "本站对它的中文称呼。",
        "title": "原标题（来源有标题时），照录。",
        "language": "来源的语言与字形。",
        "publisher": "发布方的对象 id，仅在文本中写明时记录。",
        "date": "发布日期，仅在文本中写明时记录。",
        "url": "来源本身的网址，仅在已知时记录。",
        "accessed": "在该网址上阅读它的日期。",
        "archive_url": "存档副本的网址，仅在存在时记录。",
        "no_url_en": "未记录网址时的原因（英文）。",
        "no_url_zh": "未记录网址时的原因（简体中文）。",
        "snapshot": "data/snapshots/ 中保存了它的什么：full（全文）、excerpt（摘录），为空表示没有保存。",
        "claims": "引用它的论断数。",
    },
}

# Every top-level field of the JSON files, in both languages.
FIELDS: dict[str, dict[str, tuple[str, str]]] = {
    "claims.json": {
        "id": ("Permanent claim id.", "论断的永久 id。"),
        "subject": ("Entity id of what the claim is about.", "论断所涉对象的 id。"),
        "metric": ("Metric id.", "指标 id。"),
        "value": ("The figure as a number, a [low, high] pair, a date text, or null.",
                  "数字、[下限, 上限] 数组、日期文本，或 null。"),
        "value_text": ("The figure exactly as recorded, as text (trailing zeros kept); ranges as low..high.",
                       "按记录原样写出的数值文本（保留末尾的零）；范围写作 low..high。"),
        "precision": ("Step of the last stated digit where the written figure hides it, 'exact' for counts, or null.",
                      "原文数字最后一位所代表的步长（当写法未体现时），计数为 'exact'，否则为 null。"),
        "approximate": ("true when the source hedges the figure (about, 约).", "来源对数字有所保留（约、大约）时为 true。"),
        "unit": ("Unit id.", "单位 id。"),
        "statement": ("The claim in English and Chinese ({en, zh}), figures written out.",
                      "论断的英文与中文陈述（{en, zh}），数字已写出。"),
        "tier": ("Evidence tier id.", "证据等级 id。"),
        "status": ("reported, contested, superseded or retracted.", "reported、contested、superseded 或 retracted。"),
        "successor": ("For a superseded claim, the id of the claim that replaces it; else null.",
                      "已被取代的论断中，取代它的论断 id；否则为 null。"),
        "attribution": ("certain or uncertain: whether the source makes clear whom the figure belongs to.",
                        "certain 或 uncertain：来源是否说清了数字属于谁。"),
        "conditions": ("The conditions the figure holds under (model, format, token counts, baseline, benchmark, "
                       "operating point, power basis, decoding, note), only those recorded.",
                       "数字成立的条件（模型、数值格式、token 数、对照对象、基准测试、运行点、功率口径、解码方式、说明），只列出已记录的。"),
        "sources": ("Each citation: source id, verbatim quote (or, for a page whose sentences are not copied, a "
                    "paraphrase {en, zh} in the contributors' words), the quote's translation by the contributors into "
                    "each site language it is not in ({en?, zh?}), locator, the source it is attributed to, how its "
                    "words were checked (checked: full-copy, excerpt, read or unchecked; checked_on: the copy's or the "
                    "reading's date), and reading: where the source writes the figure in words, how the contributor "
                    "reads it ({en, zh}, the source's words in 「」; the contributor's, not the source's), else null.",
                    "每条引用：来源 id、原文引文（对不复制原句的网页则为贡献者自己措辞的转述 {en, zh}）、贡献者将原文译成"
                    "其所不是的各站点语言的译文（{en?, zh?}）、位置、其所转述的来源、文字如何核对（checked：full-copy、"
                    "excerpt、read 或 unchecked；checked_on：副本或阅读的日期），以及 reading：来源用文字而非数字写出该数字时，"
                    "录入者对它的读法（{en, zh}，来源原话放在「」中；是录入者的解读，不是来源原话），否则为 null。"),
        "derived_from": ("Ids of the claims this figure is derived from.", "此数字据以推导的论断 id。"),
        "conflicts": ("Ids of the conflict records this claim is part of.", "此论断所属的分歧记录 id。"),
        "url": ("Permanent pages of the claim ({en, zh}).", "论断的永久页面地址（{en, zh}）。"),
        "tags": ("Topics.", "主题。"),
        "check": ("For a derived figure: the operation, the interval computed from the inputs, and the verdict.",
                  "推导所得数字的运算、由输入算出的区间及结论。"),
        "origins": ("Who said it first: each original report the claim rests on, as far as the citations show: the "
                    "source, its publication date where recorded, whether its own text is cited here (cited), and the "
                    "cited sources that attribute the claim to it (relayed_by). A cited source naming no origin is a "
                    "report of its own, with relayed_by empty.",
                    "最初出处：按引用记录，论断所依据的每一份原始报告：来源、已记录的发布日期、本站是否直接引用其原文（cited），"
                    "以及把论断归于它的被引来源（relayed_by）。未注明出处的被引来源本身算作一份报告，其 relayed_by 为空。"),
        "standing": ("one-source (a single source cites it), one-report (several sources, all relaying one original "
                     "report: one report repeated, not several confirmations) or several-reports.",
                     "one-source（只有一个来源）、one-report（多个来源都转述同一份原始报告：是同一报告的重复，不是多次印证）"
                     "或 several-reports（多份原始报告）。"),
    },
    "sources.json": {
        "id": ("Permanent source id.", "来源的永久 id。"),
        "kind": ("What the source is (news article, vendor announcement, …).", "来源的类型（新闻报道、厂商公告等）。"),
        "name": ("How the site names it ({en, zh}).", "本站对它的称呼（{en, zh}）。"),
        "short_name": ("How a sentence names it, e.g. 'relayed by the explainer' ({en, zh}), where recorded.",
                       "句中对它的简称，如“由解读文章转述”（{en, zh}），仅在已记录时给出。"),
        "title": ("Its own title, verbatim, where it has one.", "原标题（来源有标题时），照录。"),
        "language": ("Language and script: en, zh-Hans or zh-Hant.", "语言与字形：en、zh-Hans 或 zh-Hant。"),
        "publisher": ("Publisher entity id, only where a text states it.", "发布方的对象 id，仅在文本中写明时记录。"),
        "author": ("Author as the source names it.", "来源所写的作者。"),
        "date": ("Publication date, only where a text states it.", "发布日期，仅在文本中写明时记录。"),
        "source_url": ("The source's own address, only where known.", "来源本身的网址，仅在已知时记录。"),
        "accessed": ("When the source was read at its address.", "在其网址上阅读该来源的日期。"),
        "archive_url": ("Address of an archived copy, only where one exists.", "存档副本的网址，仅在存在时记录。"),
        "no_url": ("Where no address is recorded: why ({en, zh}).", "未记录网址时的原因（{en, zh}）。"),
        "snapshot": ("The copy that quotes are checked against: when it was taken, and whether it holds the full text "
                     "or an excerpt.", "用于核对引文的副本：摄取日期，以及它保存的是全文还是摘录。"),
        "known_from": ("Sources that identify this one, for sources not read directly.", "未直接阅读的来源：提供其信息的来源 id。"),
        "note": ("What a reader must know about the source ({en, zh}).", "关于该来源读者须知的说明（{en, zh}）。"),
        "claims": ("Ids of the claims that cite it or attribute a figure to it.", "引用它或转述自它的论断 id。"),
        "origin_of": ("The claims it is the original report of: each claim id, and the cited sources that relay it "
                      "from this one (relayed_by).", "以它为原始报告的论断：每条论断的 id，以及从它转述该论断的被引来源（relayed_by）。"),
        "relays": ("The originals it relays: each original's source id, and the claims it relays from it.",
                   "它所转述的原始来源：每个原始来源的 id，以及它从中转述的论断。"),
        "url": ("Permanent pages of the source's record ({en, zh}).", "来源记录的永久页面地址（{en, zh}）。"),
    },
    "entities.json": {
        "id": ("Permanent entity id.", "对象的永久 id。"),
        "kind": ("chip, system, model, organisation, person, benchmark, …", "chip、system、model、organisation、person、benchmark 等。"),
        "name": ("Display name ({en, zh}).", "显示名称（{en, zh}）。"),
        "aliases": ("Other spellings seen in sources, verbatim.", "来源中出现的其他写法，照录。"),
        "description": ("What it is ({en, zh}).", "简介（{en, zh}）。"),
        "parent": ("Id of the entity it belongs to or is made by.", "其所属或制造方的对象 id。"),
        "claims": ("Ids of the claims about it (as subject, model, baseline or benchmark).",
                   "与它相关的论断 id（作为对象、模型、对照对象或基准测试）。"),
        "url": ("Permanent pages of the entity ({en, zh}).", "对象的永久页面地址（{en, zh}）。"),
    },
    "conflicts.json": {
        "id": ("Permanent conflict id.", "分歧的永久 id。"),
        "kind": ("disagreement, failed-derivation, scope-difference or unclear-attribution.",
                 "disagreement、failed-derivation、scope-difference 或 unclear-attribution。"),
        "question": ("The question the sides answer differently ({en, zh}).", "各方回答不同的问题（{en, zh}）。"),
        "sides": ("Each side: its claim ids and a summary ({en, zh}).", "各方：其论断 id 与概述（{en, zh}）。"),
        "assessment": ("What the evidence supports ({en, zh}).", "证据支持什么（{en, zh}）。"),
        "claims": ("Ids of every claim on any side.", "各方全部论断的 id。"),
        "url": ("Permanent pages of the conflict ({en, zh}).", "分歧的永久页面地址（{en, zh}）。"),
    },
}

LABELS = {
    "file": {"en": "File", "zh": "文件"},
    "format": {"en": "Format", "zh": "格式"},
    "what": {"en": "What it holds", "zh": "内容"},
    "field": {"en": "Field", "zh": "字段"},
    "column": {"en": "Column", "zh": "列"},
    "type": {"en": "Type", "zh": "类型"},
    "description": {"en": "Description", "zh": "说明"},
}

_cache: dict[tuple, dict[str, bytes]] = {}


def base_url() -> str:
    """Where the exports say pages live: the site's public address."""
    return citing.public_url("")


def files(kb) -> dict[str, bytes]:
    """The downloads for this build (computed once per fact base, address and version)."""
    key = (id(kb), base_url(), citing.SETTINGS.version.commit)
    if key not in _cache:
        _cache.clear()
        _cache[key] = exports.exports(kb, base_url(), citing.SETTINGS.version.commit or "")
    return _cache[key]


def write(kb, site_dir: str | Path) -> list[Path]:
    """Write the downloads into the built site, at data/<file>."""
    out = Path(site_dir) / FOLDER
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, body in files(kb).items():
        (out / name).write_bytes(body)
        written.append(out / name)
    return written


def _lbl(key: str, lang: str) -> str:
    return languages.text(LABELS[key], lang)


def _table(head: list[str], rows: list[list[str]], name: str) -> str:
    th = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows)
    return f'<table class="kb-table" data-table="{name}"><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>'


def downloads(ctx) -> str:
    """The table of downloadable files, each linked, with its format.  No sizes: a size is a measurement of this
    build, not a figure from the data, and a page shows no number the data does not give."""
    lang = ctx.lang
    rows = []
    for name in FILES:
        suffix = Path(name).suffix
        href = ctx.href_site(FOLDER + name)
        rows.append([f'<a href="{href}" data-download="{name}"><code>{escape(name)}</code></a>', escape(FORMAT[suffix]),
                     escape(languages.text(WHAT[name], lang))])
    return _table([_lbl(k, lang) for k in ("file", "format", "what")], rows, "downloads")


def json_fields(kb, name: str) -> list[tuple[str, str]]:
    """(field, JSON types) of every top-level field the export writes in ``name``, in first-seen order."""
    seen: dict[str, set] = {}
    for rec in json.loads(files(kb)[name]):
        for k, v in rec.items():
            seen.setdefault(k, set()).add(_json_type(v))
    return [(k, " | ".join(sorted(t))) for k, t in seen.items()]


def _json_type(v) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "boolean"
    if isinstance(v, (int, float)):
        return "number"
    if isinstance(v, str):
        return "string"
    return "array" if isinstance(v, list) else "object"


def _described(text: str) -> str:
    """A field's description as markup: the licence's name marked as a name (its digits are no figure)."""
    return escape(text).replace(escape(LICENCE_NAME), f'<span data-name>{escape(LICENCE_NAME)}</span>')


LICENCE_NAME = "CC BY 4.0"


def field_table(ctx, name: str) -> str:
    """The table of one download's fields (JSON) or columns (CSV), from the export's own definitions."""
    lang = ctx.lang
    if name.endswith(".csv"):
        columns = exports.CLAIM_COLUMNS if name == "claims.csv" else exports.SOURCE_COLUMNS
        rows = []
        for col, typ, en in columns:
            zh = COLUMNS_ZH[name].get(col)
            if zh is None:
                raise KeyError(f"{name} column {col!r} has no Chinese description: add it to COLUMNS_ZH in "
                               f"src/render/downloads.py")
            rows.append([f"<code>{escape(col)}</code>", f"<code>{escape(typ)}</code>", _described(languages.text({"en": en, "zh": zh}, lang))])
        return _table([_lbl(k, lang) for k in ("column", "type", "description")], rows, name)
    rows = []
    for key, types in json_fields(ctx.kb, name):
        desc = FIELDS[name].get(key)
        if desc is None:
            raise KeyError(f"{name} field {key!r} is not described: add it to FIELDS in src/render/downloads.py")
        rows.append([f"<code>{escape(key)}</code>", f"<code>{escape(types)}</code>", _described(languages.text(dict(zip(LANGS, desc)), lang))])
    return _table([_lbl(k, lang) for k in ("field", "type", "description")], rows, name)
