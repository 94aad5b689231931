"""Every fixed word the site shows around the data, in English and Chinese.

Kept as data in one place so that the two languages stay side by side and a
missing translation is one ``KeyError`` away (see :func:`t`).  Words that come
from the data itself (metric, unit, entity and tier names) are not here.
"""
from __future__ import annotations

from typing import get_args

from kb import languages, schema
from kb.kinds import KINDS
from kb.operations import OPERATIONS
from kb.schema import LANGS as LANGUAGES  # noqa: F401  (the site languages, from one place; render imports them from here)

LABELS: dict[str, dict[str, str]] = {
    # kinds of page, singular and plural
    "kind.claim": {"en": "Claim", "zh": "论断"},
    "kind.claims": {"en": "Claims", "zh": "论断"},
    "kind.source": {"en": "Source", "zh": "来源"},
    "kind.sources": {"en": "Sources", "zh": "来源"},
    "kind.entity": {"en": "Entity", "zh": "对象"},
    "kind.entities": {"en": "Entities", "zh": "对象"},
    "kind.tier": {"en": "Evidence tier", "zh": "证据等级"},
    "kind.tiers": {"en": "Evidence tiers", "zh": "证据等级"},
    "kind.conflict": {"en": "Conflict", "zh": "分歧"},
    "kind.conflicts": {"en": "Conflicts", "zh": "分歧"},

    # section headings on generated pages
    "h.figure": {"en": "The figure", "zh": "数字"},
    "h.sources": {"en": "Sources and quotes", "zh": "来源与原文"},
    "h.derivation": {"en": "How the figure is derived", "zh": "数字如何推导"},
    "h.derived": {"en": "Claims derived from this one", "zh": "由此推导的论断"},
    "h.conflicts": {"en": "Disputes", "zh": "分歧"},
    "h.caveats": {"en": "Caveats", "zh": "注意事项"},
    "h.record": {"en": "Where this is recorded", "zh": "记录位置"},
    "h.claims": {"en": "Claims", "zh": "相关论断"},
    "h.claims_cited": {"en": "Claims this source supports", "zh": "此来源支持的论断"},
    "h.claims_attributed": {"en": "Claims attributed to this source by others", "zh": "其他来源转述自此来源的论断"},
    "h.sides": {"en": "The sides", "zh": "各方说法"},
    "h.assessment": {"en": "Assessment", "zh": "评估"},
    "h.definition": {"en": "Definition", "zh": "定义"},
    "h.about": {"en": "About", "zh": "简介"},
    "h.children": {"en": "Belonging to it", "zh": "下属对象"},
    "h.known_from": {"en": "Known from", "zh": "信息出处"},

    # field names
    "f.subject": {"en": "Subject", "zh": "对象"},
    "f.metric": {"en": "Metric", "zh": "指标"},
    "f.unit": {"en": "Unit", "zh": "单位"},
    "f.tier": {"en": "Evidence tier", "zh": "证据等级"},
    "f.tier_reason": {"en": "Why this tier", "zh": "定级理由"},
    "f.status": {"en": "Status", "zh": "状态"},
    "f.status_reason": {"en": "Why", "zh": "原因"},
    "f.successor": {"en": "Replaced by", "zh": "取代它的论断"},
    "f.attribution": {"en": "Attribution", "zh": "归属"},
    "f.scope": {"en": "Scope", "zh": "范围"},
    "f.conditions": {"en": "Conditions", "zh": "条件"},
    "f.tags": {"en": "Topics", "zh": "主题"},
    "f.quote": {"en": "Quote", "zh": "原文"},
    "f.locator": {"en": "Where in the source", "zh": "位置"},
    "f.attributed_to": {"en": "Attributed to", "zh": "转述自"},
    "f.reading": {"en": "How the figure is read (the contributor's reading, not the source's words)",
                  "zh": "数字的读法（录入者的解读，不是来源原话）"},
    "f.kind": {"en": "Kind", "zh": "类型"},
    "f.language": {"en": "Language", "zh": "语言"},
    "f.title": {"en": "Original title", "zh": "原标题"},
    "f.publisher": {"en": "Publisher", "zh": "发布方"},
    "f.author": {"en": "Author", "zh": "作者"},
    "f.date": {"en": "Date", "zh": "日期"},
    "f.url": {"en": "Address", "zh": "网址"},
    "f.archive_url": {"en": "Archived copy", "zh": "存档副本"},
    "f.snapshot": {"en": "Snapshot", "zh": "快照"},
    "f.snapshot_taken": {"en": "taken", "zh": "摄取于"},
    "f.accessed": {"en": "Read at its address", "zh": "在其网址上阅读"},
    "f.no_url": {"en": "No address", "zh": "无网址"},
    "snapshot.full": {"en": "The full text", "zh": "全文"},
    "snapshot.excerpt": {"en": "An excerpt: only the passages quoted", "zh": "摘录：仅保存所引段落"},
    "snapshot.none": {"en": "Nothing: no copy of this source is kept here.", "zh": "无：这里没有保存此来源的副本。"},

    # how a citation's words were checked (kb.checked); {date} is the copy's or the reading's date
    "checked.full-copy": {"en": "Checked against the full copy taken {date}", "zh": "已与{date}保存的全文副本逐字核对"},
    "checked.excerpt": {"en": "Checked against an excerpt taken {date}; the rest of the source is not kept here",
                        "zh": "已与{date}保存的摘录逐字核对；来源的其余部分未在此保存"},
    "checked.read": {"en": "Read at its address on {date}; no copy kept", "zh": "于{date}在其网址上阅读；未保存副本"},
    "checked.unchecked": {"en": "Not checked against the source", "zh": "未与来源核对"},
    "coverage.how": {"en": "How the words were checked", "zh": "文字如何核对"},
    "coverage.full-copy": {"en": "Verified against a full copy kept here", "zh": "与本站保存的全文副本逐字核对"},
    "coverage.excerpt": {"en": "Verified against an excerpt kept here", "zh": "与本站保存的摘录逐字核对"},
    "coverage.read": {"en": "Read at its address on a stated date, no copy kept", "zh": "于所记日期在其网址上阅读，未保存副本"},
    "coverage.unchecked": {"en": "Not checked against the source", "zh": "未与来源核对"},
    "coverage.all": {"en": "All citations", "zh": "全部引用"},
    "coverage.count": {"en": "Citations", "zh": "引用数"},
    "coverage.translated": {"en": "Quotes with their translation into each site language they are not written in: {n} of {of}.",
                            "zh": "附有译文（译成其所不是的每种站点语言）的引文：{of} 条中的 {n} 条。"},
    "translation_label": {"en": "Translation by the contributors", "zh": "贡献者译文"},
    "paraphrase_label": {"en": "Paraphrase by the contributors; the page's own sentences are not copied here",
                         "zh": "贡献者转述；该网页的原句未在此复制"},
    "f.note": {"en": "Note", "zh": "说明"},
    "f.aliases": {"en": "Also written", "zh": "其他写法"},
    "f.parent": {"en": "Part of", "zh": "隶属"},
    "f.rank": {"en": "Step on the ladder", "zh": "阶梯位置"},
    "f.example": {"en": "Example", "zh": "示例"},
    "f.question": {"en": "Question", "zh": "问题"},
    "f.operation": {"en": "Operation", "zh": "运算"},
    "f.inputs": {"en": "Inputs", "zh": "输入"},
    "f.computed": {"en": "Computed from the inputs", "zh": "由输入计算"},
    "f.stated": {"en": "Stated", "zh": "所述数值"},
    "f.verdict": {"en": "Verdict", "zh": "结论"},
    "f.missing": {"en": "What is missing", "zh": "缺少什么"},
    "f.low_end": {"en": "Low end may be", "zh": "下限可能为"},
    "f.high_end": {"en": "High end may be", "zh": "上限可能为"},
    "f.file": {"en": "File", "zh": "文件"},
    "f.figure": {"en": "Figure", "zh": "数字"},
    "f.claim": {"en": "Claim", "zh": "论断"},
    "f.count": {"en": "Claims", "zh": "论断数"},
    "f.name": {"en": "Name", "zh": "名称"},
    "f.model": {"en": "Model", "zh": "模型"},
    "f.system": {"en": "System", "zh": "系统"},
    "f.baseline": {"en": "Baseline", "zh": "对照系统"},
    "f.ratio": {"en": "Ratio", "zh": "倍数"},
    "f.term": {"en": "Term", "zh": "术语"},
    "f.related": {"en": "See also", "zh": "另见"},
    "f.sides": {"en": "Sides", "zh": "各方"},
    "f.claims_on_side": {"en": "Claims on this side", "zh": "这一方的论断"},

    # conditions
    "cond.model": {"en": "Model", "zh": "模型"},
    "cond.format": {"en": "Number format", "zh": "数值格式"},
    "cond.input_tokens": {"en": "Input length", "zh": "输入长度"},
    "cond.output_tokens": {"en": "Output length", "zh": "输出长度"},
    "cond.baseline": {"en": "Compared with", "zh": "对照对象"},
    "cond.benchmark": {"en": "Benchmark", "zh": "基准测试"},
    "cond.operating_point": {"en": "Operating point", "zh": "运行点"},
    "cond.power_basis": {"en": "Power basis", "zh": "功率口径"},
    "cond.decoding": {"en": "Decoding", "zh": "解码方式"},
    "cond.note": {"en": "Note", "zh": "说明"},
    "cond.tokens": {"en": "tokens", "zh": "token"},

    "op.peak-throughput": {"en": "peak throughput", "zh": "峰值吞吐"},
    "op.end-to-end": {"en": "end to end", "zh": "端到端"},
    "op.min-tbt": {"en": "minimum time between tokens", "zh": "最低 TBT"},
    "op.baseline-best-tbt": {"en": "at the baseline's best time between tokens", "zh": "对照系统最佳 TBT 处"},
    "op.single-user-max": {"en": "fastest single-user speed", "zh": "单用户最高速度"},
    "op.fixed-interactivity": {"en": "fixed interactive speed", "zh": "固定交互速度"},
    "op.long-context": {"en": "long context", "zh": "长上下文"},
    "op.unspecified": {"en": "not stated", "zh": "未说明"},

    "power.package-tdp": {"en": "accelerator package rating (TDP)", "zh": "加速器封装额定功率（TDP）"},
    "power.rated-power": {"en": "rated power", "zh": "额定功率"},
    "power.sustained-power": {"en": "sustained power", "zh": "持续功率"},
    "power.rack-power": {"en": "rack power", "zh": "整机柜功率"},
    "power.wall-power": {"en": "wall power", "zh": "墙上功率"},
    "power.unspecified": {"en": "not stated", "zh": "未说明"},

    # statuses, verdicts, attribution
    "status.reported": {"en": "reported", "zh": "已报道"},
    "status.contested": {"en": "contested", "zh": "有争议"},
    "status.superseded": {"en": "superseded", "zh": "已被取代"},
    "status.retracted": {"en": "retracted", "zh": "已撤回"},
    "verdict.consistent": {"en": "consistent", "zh": "可推导"},
    "verdict.inconsistent": {"en": "inconsistent", "zh": "推导不符"},
    "verdict.cannot-derive": {"en": "cannot derive", "zh": "无法推导"},
    "verdict.computed": {"en": "computed", "zh": "计算值"},
    "verdict.help.consistent": {"en": "Re-derived from the figures it rests on: the stated figure follows from them, allowing for rounding.",
                                "zh": "已用其依据的数字重新推导：考虑四舍五入后，所述数字与之相符。"},
    "verdict.help.inconsistent": {"en": "Re-derived from the figures it rests on: no value they allow rounds to the stated figure.",
                                  "zh": "已用其依据的数字重新推导：在其允许的范围内，没有任何取值能四舍五入到所述数字。"},
    "verdict.help.cannot-derive": {"en": "The figures it rests on were not published, so it cannot be re-derived.",
                                   "zh": "其依据的数字没有公开，因此无法重新推导。"},
    "verdict.help.computed": {"en": "No source states this figure; it is computed here from the figures it rests on, as the range they allow.",
                              "zh": "没有来源直接给出这个数字；它由本站根据其依据的数字计算，显示为这些数字允许的范围。"},
    "badge.disputed": {"en": "disputed", "zh": "有分歧"},
    "badge.uncertain": {"en": "attribution uncertain", "zh": "归属不确定"},
    "tier_said": {"en": "Evidence tier of every figure here", "zh": "此处所有数字的证据等级"},
    "attribution.certain": {"en": "The source makes clear whom the figure belongs to.", "zh": "来源明确说明了这个数字属于谁。"},
    "attribution.uncertain": {"en": "Uncertain: the source does not make clear whom the figure belongs to.", "zh": "不确定：来源没有说清这个数字属于谁。"},
    "approx": {"en": "about", "zh": "约"},
    "no_figure": {"en": "no figure", "zh": "无数字"},
    "not_published": {"en": "not published", "zh": "未公开"},
    "none_yet": {"en": "Nothing is recorded here yet.", "zh": "暂无记录。"},
    "superseded_banner": {"en": "This claim has been superseded.", "zh": "此论断已被取代。"},
    "retracted_banner": {"en": "This claim has been retracted.", "zh": "此论断已撤回。"},
    "contested_banner": {"en": "This claim is contested: sources disagree about it, or it does not follow from what it rests on.",
                         "zh": "此论断有争议：来源之间说法不一，或它与其依据的数字不符。"},
    "record_note": {"en": "The record this page is built from, for anyone who wants to check or correct it.",
                    "zh": "本页所依据的数据记录，供核对或更正。"},
    "quote_lang_note": {"en": "Quotes are verbatim, in the source's own language and script; under each quote that is "
                              "not in English is the contributors' translation, marked as such: it is not the source's words.",
                        "zh": "引文为原文照录，保留来源本身的语言和字形；不是中文的引文下附有贡献者的译文，并标明为译文：译文不是来源的原话。"},
    "known_from_note": {"en": "Not read directly: what is recorded is what these sources say of it.",
                        "zh": "未直接阅读：这里记录的是以下来源对它的描述。"},
    "side": {"en": "Side", "zh": "一方"},
    "pager.label": {"en": "Parts of this list", "zh": "本列表的各部分"},
    "pager.range": {"en": "Claims {first}–{last} of {total}", "zh": "第 {first}–{last} 条论断，共 {total} 条"},
    "pager.prev": {"en": "← Previous claims", "zh": "← 上一部分"},
    "pager.next": {"en": "Next claims →", "zh": "下一部分 →"},
    "pager.title": {"en": "{name}: claims {first}–{last} of {total}", "zh": "{name}：第 {first}–{last} 条论断，共 {total} 条"},
    "pager.title_all": {"en": "Claims {first}–{last} of {total}", "zh": "论断：第 {first}–{last} 条，共 {total} 条"},
    "filter": {"en": "Filter", "zh": "筛选"},
    "filter_placeholder": {"en": "Type to filter the rows", "zh": "输入文字筛选表格"},
    "sort_hint": {"en": "Select a column heading to sort.", "zh": "点击列标题可排序。"},
    "open_page": {"en": "open the page", "zh": "打开页面"},
    "see_claim": {"en": "see the claim", "zh": "查看论断"},
    "range_sep": {"en": "–", "zh": "～"},
    "date_range_sep": {"en": " – ", "zh": "至"},
    "list_sep": {"en": ", ", "zh": "、"},
    "colon": {"en": ": ", "zh": "："},
    "sentence_sep": {"en": " ", "zh": ""},  # between whole sentences
    "word_sep": {"en": " ", "zh": ""},  # between the lines of one wrapped sentence, joined again
    "clause_sep": {"en": ". ", "zh": "；"},  # between the parts of a description read as one
    "clause_end": {"en": ".", "zh": "。"},
    "open_paren": {"en": " (", "zh": "（"},
    "close_paren": {"en": ")", "zh": "）"},

    # who said it first (render.relay): a claim's original reports, the sources relaying them
    "f.relay": {"en": "Who said it first", "zh": "最初出处"},
    "relay.stated_by": {"en": "stated by {origin}", "zh": "出自{origin}"},
    "relay.relayed": {"en": "relayed by {sources}", "zh": "由{sources}转述"},
    "relay.quoted_and_relayed": {"en": "quoted here itself and relayed by {sources}",
                                 "zh": "本站直接引用，并由{sources}转述"},
    "relay.own.one": {"en": "stated by {sources} itself, naming no other source",
                      "zh": "{sources}自行陈述，未注明出自其他来源"},
    "relay.own.other": {"en": "stated by {sources} themselves, none naming another source",
                        "zh": "{sources}各自陈述，均未注明出自其他来源"},
    "relay.then": {"en": ", ", "zh": "，"},
    "relay.sep": {"en": "; ", "zh": "；"},
    "relay.end": {"en": ".", "zh": "。"},
    "relay.one_report": {"en": "{sources} sources, {reports} original report: one report repeated, not {sources} confirmations.",
                         "zh": "{sources} 个来源，{reports} 份原始报告：是同一份报告被转述，不是 {sources} 次印证。"},
    "relay.several.one": {"en": "{sources} source, {reports} original reports.", "zh": "{sources} 个来源，{reports} 份原始报告。"},
    "relay.several.other": {"en": "{sources} sources, {reports} original reports.", "zh": "{sources} 个来源，{reports} 份原始报告。"},
    "relay.unnamed_caveat": {"en": "A source that names no origin may still have taken the figure from another.",
                             "zh": "未注明出处的来源，仍可能转引自其他来源。"},
    "relay.uncertain": {"en": "Who said it is recorded; whom the figure belongs to is uncertain (see Attribution).",
                        "zh": "谁说的有记录，但数字属于谁不确定（见“归属”）。"},
    "h.origin_of": {"en": "Claims it is the origin of, and who relays them", "zh": "出自此来源的论断及其转述者"},
    "relay.origin_summary.one": {"en": "The original report behind {claims} claim, relayed by {sources}. However many of them repeat its figure, it is still one report: this one.",
                                 "zh": "{claims} 条论断的原始报告，由{sources}转述。无论多少来源重复同一数字，它都只是一份报告：即此来源。"},
    "relay.origin_summary.other": {"en": "The original report behind {claims} claims, relayed by {sources}. However many of them repeat a figure, it is still one report: this one.",
                                   "zh": "{claims} 条论断的原始报告，由{sources}转述。无论多少来源重复同一数字，它都只是一份报告：即此来源。"},
    "relay.group": {"en": "Relayed by {sources}", "zh": "由{sources}转述"},
    "relay.group_count.one": {"en": "{claims} claim", "zh": "{claims} 条论断"},
    "relay.group_count.other": {"en": "{claims} claims", "zh": "{claims} 条论断"},
    "h.relays": {"en": "Originals it relays", "zh": "它所转述的原始来源"},
    "relay.relays_item.one": {"en": "{origin}{date}, for {claims} claim", "zh": "{origin}{date}：{claims} 条论断"},
    "relay.relays_item.other": {"en": "{origin}{date}, for {claims} claims", "zh": "{origin}{date}：{claims} 条论断"},
    "relay.relays_note": {"en": "For these claims this source repeats another's report; it is not a confirmation of it.",
                          "zh": "在这些论断上，此来源转述的是别人的报告，并不构成对它的印证。"},

    # the page for an address that does not exist (render.notfound)
    "404.title": {"en": "Page not found", "zh": "找不到此页"},
    "404.text": {"en": "There is no page at this address. Check it for a typing mistake, or start again from the "
                       "home page or search.",
                 "zh": "此地址下没有页面。请检查地址是否有误，或从首页或搜索重新开始。"},
    "404.home": {"en": "Go to the home page", "zh": "前往首页"},
    "404.search": {"en": "Search the site", "zh": "搜索本站"},
    "404.other_home": {"en": "{language} home page", "zh": "{language}首页"},  # the language's own name
    "404.other_search": {"en": "search in {language}", "zh": "{language}搜索"},

    # the line a printed page carries (render.printing)
    # the note on every page of a language converted from another (render/converted.py)
    "converted.note": {"en": "This page is converted automatically, by software, from the {source} edition; quotes "
                             "keep their source's own script.",
                       "zh": "本页由{source}版经软件自动转换而成，用词可能与人工翻译不同；引文保留来源原本的字形，不作转换。"},
    "print.address": {"en": "This page", "zh": "本页地址"},
    "print.licence": {"en": "Data and text: {licence}, except the quotes, which are their authors' words and not "
                            "covered by it. Code: MIT.",
                      "zh": "数据与文字采用 {licence} 许可，引文除外：引文是其作者的文字，不在此许可之内。代码采用 MIT 许可。"},

    # derivation operations: each one's label is in its record (kb.operations)
    **{f"dop.{op.name}": dict(op.label) for op in OPERATIONS.values()},

    # kinds of record
    "ekind.chip": {"en": "chip", "zh": "芯片"},
    "ekind.system": {"en": "system", "zh": "系统"},
    "ekind.model": {"en": "AI model", "zh": "AI 模型"},
    "ekind.organisation": {"en": "organisation", "zh": "机构"},
    "ekind.person": {"en": "person", "zh": "人物"},
    "ekind.benchmark": {"en": "benchmark", "zh": "基准测试"},
    "ekind.software": {"en": "software", "zh": "软件"},
    "ekind.product": {"en": "product", "zh": "产品"},
    "ekind.event": {"en": "event", "zh": "事件"},
    "ekind.concept": {"en": "concept", "zh": "概念"},
    "skind.vendor-announcement": {"en": "vendor announcement", "zh": "厂商公告"},
    "skind.partner-press-release": {"en": "partner press release", "zh": "合作方新闻稿"},
    "skind.benchmark-owner": {"en": "benchmark owner's page", "zh": "基准测试方页面"},
    "skind.news-article": {"en": "news article", "zh": "新闻报道"},
    "skind.explainer": {"en": "explainer", "zh": "解读文章"},
    "skind.analysis": {"en": "analysis", "zh": "分析文章"},
    "skind.conference-talk": {"en": "conference talk", "zh": "会议演讲"},
    "skind.social-post": {"en": "social media post", "zh": "社交媒体帖子"},
    "skind.press-report": {"en": "press report", "zh": "媒体报道"},
    "skind.blog-post": {"en": "blog post", "zh": "博客文章"},
    "skind.aggregator": {"en": "aggregator", "zh": "聚合页面"},
    "skind.machine-written": {"en": "machine-written page", "zh": "自称由机器撰写的页面"},
    "skind.documentation": {"en": "documentation", "zh": "项目文档"},
    "skind.code-repository": {"en": "code repository", "zh": "代码仓库"},
    "lang.zh-Hans": {"en": "Chinese (Simplified)", "zh": "简体中文"},
    "lang.zh-Hant": {"en": "Chinese (Traditional)", "zh": "繁体中文"},
    "lang.en": {"en": "English", "zh": "英文"},
    "xkind.disagreement": {"en": "disagreement", "zh": "说法不一"},
    "xkind.failed-derivation": {"en": "failed derivation", "zh": "推导不符"},
    "xkind.scope-difference": {"en": "different scopes", "zh": "口径不同"},
    "xkind.unclear-attribution": {"en": "unclear attribution", "zh": "归属不清"},
    "rank.off": {"en": "not on the ladder", "zh": "不在阶梯上"},
    "rank.step": {"en": "step {n} of the ladder", "zh": "阶梯第 {n} 级"},
}


def t(key: str, lang: str) -> str:
    """The label ``key`` in ``lang`` (converted from its source language for a converted one); a missing key or
    language is a build error."""
    try:
        return languages.text(LABELS[key], lang)
    except KeyError:
        raise KeyError(f"src/render/labels.py has no label {key!r} in {lang!r}") from None


def labelled_values() -> dict[str, tuple[str, ...]]:
    """Label prefix -> the values of the schema that pages name through it ('ekind.' -> every entity kind)."""
    def of(model, name):
        return get_args(model.model_fields[name].annotation)
    return {
        "ekind.": get_args(schema.EntityKind),
        "skind.": get_args(schema.SourceKind),
        "xkind.": of(schema.Conflict, "kind"),
        "status.": of(schema.Claim, "status"),
        "attribution.": of(schema.Claim, "attribution"),
        "lang.": of(schema.SourceRecord, "language"),
        "snapshot.": of(schema.Snapshot, "extent"),
        "op.": get_args(schema.OperatingPoint),
        "power.": get_args(schema.PowerBasis),
        "dop.": tuple(OPERATIONS),
        "": tuple(k.label for k in KINDS.values() if k.label),  # the kinds the site names (kb.kinds)
    }


def unlabelled() -> list[str]:
    """Every label a value of the schema needs and labels.py lacks, as 'ekind.dataset (en, zh)'."""
    out = []
    for prefix, values in labelled_values().items():
        for value in values:
            missing = [lang for lang in LANGUAGES if lang not in LABELS.get(prefix + value, {})]
            if missing:
                out.append(f"{prefix}{value} ({', '.join(missing)})")
    return out
