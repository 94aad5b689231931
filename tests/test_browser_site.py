"""The built site in a real browser: language switching, search, accessibility, screenshots.

Every page visited is checked for console errors, failed requests and requests
that leave the local server (see browser_fixture.visit).  `make screenshots` keeps
pictures of the main page types, at phone and desktop widths in every language, in
test-output/screenshots/ for a person to look at.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from browser_fixture import (DESKTOP, PHONE, SCHEMES, SCREENSHOTS_VARIABLE, browser, keep, screenshots_wanted, served,  # noqa: F401
                             serious_in_both_schemes, visit)  # noqa: F401  (fixtures)
from integrity.langs import LANGS, PREFIX
from site_fixture import site  # noqa: F401  (fixture)

# one page of each main type (the same path in each language, under zh/ for Chinese)
PAGE_TYPES = {
    "home": "",
    "benchmarks": "benchmarks/",
    "claim": "claims/gptoss-peak-tpskw-jalapeno/",
    "source": "sources/article-002/",
    "index": "claims/",
    "timeline": "timeline/",
}
MAX_SHOT_HEIGHT = 4000  # enough to show a page's first screens and its charts


def _path(lang: str, path: str) -> str:
    return PREFIX[lang] + path


@pytest.mark.parametrize("lang", LANGS)
def test_main_pages_have_no_serious_accessibility_violation(visit, lang):
    """Each page opened once, in the scheme a light system gets, then switched to the dark one as the toggle does
    (the system's setting and the toggle are test_browser_colours.py's); each is no wider than a desktop screen (a
    phone's is test_browser_layout.py's, for every page)."""
    found, seen = [], 0
    page = visit(None, scheme="light")
    for kind, path in PAGE_TYPES.items():
        page.goto(page.watch.base + _path(lang, path))
        assert page.locator("body").get_attribute("data-md-color-scheme") == SCHEMES["light"]
        page.evaluate("document.fonts.ready")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= DESKTOP["width"], f"{lang} {kind} is wider than the desktop screen ({width}px)"
        found += serious_in_both_schemes(page, f"{lang} {kind}")
        seen += 1
    assert seen == len(PAGE_TYPES)
    assert found == [], "\n".join(found)


@pytest.mark.screenshots
@pytest.mark.parametrize("lang", LANGS)
def test_screenshots_of_the_main_page_types(visit, lang):
    """Pictures for a person to look at (`make screenshots`): each main page type at phone and desktop widths."""
    assert screenshots_wanted(), f"run it with {SCREENSHOTS_VARIABLE}=1, as make screenshots does"
    for name, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page = visit(None, viewport=viewport, touch=name == "phone")
        for kind, path in PAGE_TYPES.items():
            page.goto(page.watch.base + _path(lang, path))
            page.evaluate("document.fonts.ready")
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= viewport["width"], f"{lang} {kind} is wider than the {name} screen ({width}px)"
            height = min(page.evaluate("document.documentElement.scrollHeight"), MAX_SHOT_HEIGHT)
            keep(page, f"{lang}-{kind}-{name}", full_page=True,
                 clip={"x": 0, "y": 0, "width": viewport["width"], "height": height})


@pytest.mark.parametrize("path", ["benchmarks/", "claims/gptoss-peak-tpskw-jalapeno/", "sources/article-002/", ""])
def test_language_switcher_keeps_the_reader_on_the_same_page(visit, path):
    page = visit(path)
    page.locator(".md-select button").hover()
    page.locator('.md-select a[hreflang="zh-Hans"]').click()
    page.wait_for_url(re.compile(re.escape(page.watch.base + "zh/" + path) + "$"))
    assert page.locator("html").get_attribute("lang") == "zh-Hans"
    page.locator(".md-select button").hover()
    page.locator('.md-select a[hreflang="en"]').click()
    page.wait_for_url(re.compile(re.escape(page.watch.base + path) + "$"))
    assert page.locator("html").get_attribute("lang") == "en"


def _search(page, term: str) -> list[str]:
    box = page.locator("#kb-search input").first
    box.wait_for()
    box.click()
    page.keyboard.type(term, delay=20)
    result = page.locator("#kb-search .pagefind-ui__result-link").first
    result.wait_for(timeout=15000)
    return page.eval_on_selector_all("#kb-search .pagefind-ui__result-link", "els => els.map(e => e.pathname)")


def test_chinese_search_finds_throughput_on_chinese_pages(visit):
    page = visit("zh/search/")
    found = _search(page, "吞吐量")
    assert found and all(u.startswith("/zh/") for u in found), found


def test_english_search_finds_latency_on_english_pages(visit):
    page = visit("search/")
    found = _search(page, "latency")
    assert found and not [u for u in found if u.startswith("/zh/")], found


# A word each language's pages hold, and what the search box then says, in the site's words of that language
# (src/kb/vocabulary.py, search.*): Pagefind's own would be Simplified on the Traditional page.
# (word, the results line, the box's placeholder, its clear button)
SAID = {"en": ("latency", "results for latency", "Search", "Clear"),
        "zh": ("延迟", "个与 延迟 相关的结果", "搜索", "清除"),
        "zh-hant": ("晶片", "個與 晶片 相關的結果", "搜尋", "清除")}


@pytest.mark.parametrize("lang", LANGS)
def test_the_search_box_speaks_the_pages_language(visit, lang):
    word, said, placeholder, clear = SAID[lang]
    page = visit(_path(lang, "search/"), viewport=PHONE, touch=True)
    found = _search(page, word)
    message = page.locator("#kb-search .pagefind-ui__message")
    expect(message).to_contain_text(said)
    count = int(re.search(r"\d[\d,]*", message.inner_text()).group(0).replace(",", ""))
    assert count >= len(found) > 0, (message.inner_text(), found)
    assert page.get_attribute("#kb-search .pagefind-ui__search-input", "placeholder") == placeholder
    expect(page.locator("#kb-search .pagefind-ui__search-clear")).to_have_text(clear)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_copy_button_copies_the_reference_as_the_page_shows_it(visit, site, lang):
    """The button under a reference copies its text, with today's access date and the page's full address,
    and says so in the page's language."""
    import datetime as dt

    path = _path(lang, "claims/gptoss-peak-tpskw-jalapeno/")
    page = visit(path)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=page.watch.base.rstrip("/"))
    button = page.locator(".kb-cite button.kb-copy")
    assert button.is_visible() and button.inner_text().strip() == {"en": "Copy the reference", "zh": "复制参考文献"}[lang]
    button.click()
    status = page.locator(".kb-cite .kb-copy-status")
    status.wait_for()
    page.wait_for_function("el => el.textContent.length > 0", arg=status.element_handle())
    assert status.inner_text() == button.get_attribute("data-copied")
    copied = page.evaluate("navigator.clipboard.readText()")
    shown = " ".join(page.locator(".kb-cite-text").inner_text().split())
    from render.citing import is_local  # a local build's references give no address, nor a day it was read there

    public = not is_local(site.address)
    assert copied == shown and (site.absolute(path) in copied) == public
    # the access date is the reader's today, filled in by the page's script; a local build has no slot for it (the
    # data version's own date, which may be today too, is another part of the reference)
    slots = page.locator(".kb-cite-text [data-kb-accessed]")
    assert slots.count() == (1 if public else 0)
    if public:
        today = dt.date.today()
        day = f"{today.day} {today.strftime('%B')} {today.year}" if lang == "en" else today.isoformat()
        assert slots.first.inner_text() == day and day in copied


def test_a_request_for_another_host_is_seen_and_never_answered(visit):
    """What a page asks of another host, by name or by address, is recorded for the watch (which fails the test
    at teardown) and never reaches that host: the browser's proxy for other hosts is an address where nothing
    listens, so each request fails in the browser."""
    page = visit("")
    outcome = page.evaluate("""async () => {
        const out = [];
        for (const url of ["https://cdn.example.org/lib.js", "http://203.0.113.7/pixel.png"]) {
            try { await fetch(url, {mode: "no-cors"}); out.push("answered"); } catch (e) { out.push("failed"); }
        }
        return out;
    }""")
    assert outcome == ["failed", "failed"]
    seen = list(page.watch.foreign)
    assert seen == ["https://cdn.example.org/lib.js", "http://203.0.113.7/pixel.png"], seen
    page.watch.foreign.clear()  # seen as it should be; the watch would otherwise fail this test at teardown
    page.watch.console.clear()  # the browser reports the two failed requests on the console


def test_search_merges_the_parts_of_a_language_indexed_in_parts(browser, site, tmp_path):
    """A language with more pages than one index part holds (src/sitebuild/search.py) is searched in every part:
    the Traditional pages indexed 150 at a time give the search page as many results as the site's one index."""
    import functools
    import http.server
    import json
    import shutil
    import threading

    from browser_fixture import _Quiet, answer_as_home
    from sitebuild import search

    term, prefix = "晶片", PREFIX["zh-hant"]
    copy = tmp_path / "site"
    shutil.copytree(site.root / prefix.strip("/"), copy / prefix.strip("/"))
    shutil.copytree(site.root / "assets", copy / "assets")
    search.write(copy, part_pages=150)
    parts = json.loads((copy / "pagefind" / search.MANIFEST).read_text(encoding="utf-8"))
    assert sum(len(p) for p in parts.values()) >= 3, parts

    counts = {}
    for name, root in (("one index", site.root), ("in parts", copy)):
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(root)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        ctx = browser.new_context(viewport=DESKTOP)
        answer_as_home(ctx, root)
        try:
            page = ctx.new_page()
            errors = []
            page.on("console", lambda m: m.type == "error" and errors.append(m.text))
            page.on("response", lambda r: r.status >= 400 and errors.append(f"{r.url} ({r.status})"))
            page.goto(f"http://127.0.0.1:{server.server_address[1]}/{prefix}search/")
            found = _search(page, term)
            assert found and all(u.startswith("/" + prefix) for u in found), found
            message = page.locator("#kb-search .pagefind-ui__message").first
            message.wait_for()
            page.wait_for_timeout(500)  # the count settles once every part has answered
            counts[name] = int(re.search(r"\d+", message.inner_text().replace(",", "")).group())
            assert errors == [], errors
        finally:
            ctx.close()
            server.shutdown()
            server.server_close()
    assert counts["in parts"] == counts["one index"] > 150, counts
