"""A converted language's words: OpenCC for the characters, the project's own tables in data/languages/ for the
words (kb.phrases), and the script a verbatim text is written in."""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import ROOT
from kb import languages, phrases
from kb.languages import CONVERTED, LANGUAGES

HANT = "zh-hant"


def test_the_traditional_edition_converts_characters_with_s2tw_and_words_with_its_own_tables():
    record = LANGUAGES[HANT]
    assert record.conversion == "s2tw" and record.words == "languages/zh-hant" and record.vocabulary
    tables = languages.tables(HANT, ROOT / "data")
    assert tables.problems == []
    assert len(tables.phrases) > 150 and len(tables.avoided) > 40
    assert all(e.reason for e in tables.phrases.values()) and all(e.reason for e in tables.avoided)
    # the words the issue named, as the edition writes them
    cases = {
        "发布消息是如何被报道的": "發布消息是如何被報導的",
        "测试由 OpenAI 在自家芯片上运行并发布结果": "測試由 OpenAI 在自家晶片上執行並發布結果",
        "OpenAI 没有采用 prefill 与 decode 分离": "OpenAI 沒有採用 prefill 與 decode 分離",
        "团队、工具、合作伙伴和项目管理": "團隊、工具、合作夥伴和專案管理",
        "特斯拉自研的 AI 训练超级计算机": "特斯拉自研的 AI 訓練超級電腦",
        "比较对象": "比較對象",
        "纵向与横向扩展": "縱向與橫向擴展",
        "设计—测量—验证循环": "設計—測量—驗證循環",
        "落在同一时间窗口内": "落在同一時間窗口內",
        "台积电 N3P 工艺": "台積電 N3P 製程",
        "内存带宽": "記憶體頻寬",
        "定制芯片": "客製化晶片",
        "从初始设计到流片": "從初始設計到投片",
        "和谷歌的 TPU 竞争": "和 Google 的 TPU 競爭",  # a phrase in Latin letters stands apart
        "“创纪录速度”芯片": "「創紀錄速度」晶片",
    }
    assert {s: languages.convert(s, HANT) for s in cases} == cases


def test_the_longest_phrase_wins_and_opencc_converts_between(tmp_path):
    folder = tmp_path / "languages" / "xx"
    folder.mkdir(parents=True)
    (folder / phrases.TABLE).write_text("# a comment\n发布 → 發布  the standard form\n"
                                        "并发布 → 並發布  and published\n", encoding="utf-8")
    tables = phrases.read_tables(tmp_path, "languages/xx")
    assert tables.problems == [] and tables.mapping == {"发布": "發布", "并发布": "並發布"}
    conv = phrases.Converter("s2tw", tables.mapping)
    assert conv.convert("运行并发布结果") == "運行並發布結果"  # not 併發 (concurrency) + 布
    assert conv.convert("软件发布") == "軟件發布"  # s2tw alone: characters, not OpenCC's software words
    assert [(p, c, ph) for p, c, ph in conv.segments("A发布B")] == [("A", "A", False), ("发布", "發布", True),
                                                                   ("B", "B", False)]
    # an override wins over the table
    (folder / phrases.OVERRIDES).write_text("发布 → 發表  a launch\n", encoding="utf-8")
    assert phrases.read_tables(tmp_path, "languages/xx").mapping["发布"] == "發表"


def test_an_edited_table_is_read_again_by_the_next_build(tmp_path):
    import shutil

    data = tmp_path / "data"
    shutil.copytree(ROOT / "data" / "languages", data / "languages")
    try:
        languages.configure(data)
        assert languages.convert("芯片的报道", HANT) == "晶片的報導"
        path = data / "languages" / "zh-hant" / phrases.OVERRIDES
        path.write_text(path.read_text(encoding="utf-8") + "芯片 → 矽晶片  planted, to see it read\n",
                        encoding="utf-8")
        languages.configure(data)
        assert languages.convert("芯片的报道", HANT) == "矽晶片的報導"
    finally:
        languages.configure(ROOT / "data")


@pytest.mark.parametrize("code", CONVERTED)
def test_every_converted_language_with_tables_has_them_in_the_real_data(code):
    folder = LANGUAGES[code].words
    if folder is not None:
        assert (ROOT / "data" / folder / phrases.TABLE).is_file()


def test_the_script_of_a_text_is_read_from_its_characters():
    assert phrases.script("高频宽内存") == "zh-Hans" and phrases.script("亚马逊 Trainium") == "zh-Hans"
    assert phrases.script("台積電") == "zh-Hant" and phrases.script("導語") == "zh-Hant"
    assert phrases.script("台") is None and phrases.script("Broadcom") is None  # both scripts write 台
    assert phrases.simplified_only("内存芯片") == ["内"] and phrases.traditional_only("記憶體") == ["記", "憶", "體"]


def test_no_phrase_of_the_real_tables_writes_a_simplified_character_or_an_avoided_word():
    tables = languages.tables(HANT, ROOT / "data")
    words = [w.phrase for w in tables.avoided]
    assert [(e.phrase, e.target) for e in tables.phrases.values()
            if phrases.simplified_only(e.target) or any(w in e.target for w in words)] == []
    assert Path(ROOT / "data" / "languages" / "zh-hant" / phrases.OVERRIDES).is_file()
