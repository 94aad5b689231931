"""The page for a missing address in a real browser, served the way GitHub Pages serves it.

GitHub Pages answers every missing address, at any depth, with the site's
/404.html and the status 404; so a Chinese reader who mistypes an address under
/zh/ gets the English build's page.  That page carries the Chinese text and,
under /zh/, shows it instead.  Hosts that send each folder's own 404.html give
that reader /zh/404.html, which tests/test_site_pages.py checks.
"""
from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

import pytest

from browser_fixture import DESKTOP, PHONE, SCREENSHOTS_VARIABLE, Watch, _local, browser, keep, screenshots_wanted  # noqa: F401  (fixture)
from site_fixture import LANG_TAGS, site  # noqa: F401  (fixture)


class _Pages(http.server.SimpleHTTPRequestHandler):
    """Files from the site's folder; for anything missing, /404.html with the status 404."""

    def log_message(self, *args):
        pass

    def send_error(self, code, message=None, explain=None):
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


@pytest.fixture(scope="module")
def pages_host(site):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Pages, directory=str(site.root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture
def open_missing(browser, pages_host):
    """Open an address the site does not have; fail on a console error or a request anywhere else than the
    missing address itself (whose 404 is the point)."""
    contexts, watches = [], []

    def go(path: str, viewport: dict = DESKTOP):
        ctx = browser.new_context(viewport=viewport, locale="en-GB", device_scale_factor=1, reduced_motion="reduce")
        contexts.append(ctx)
        watch = Watch(pages_host)
        watches.append(watch)
        ctx.route("**/*", lambda r: r.continue_() if _local(r.request.url, pages_host)
                  else (watch.foreign.append(r.request.url), r.abort()))
        page = ctx.new_page()
        page.on("console", lambda m: m.type == "error" and not m.text.startswith("Failed to load resource")
                and watch.console.append(m.text))
        page.on("pageerror", lambda e: watch.console.append(str(e)))
        page.on("response", lambda r: r.status >= 400 and r.url != pages_host + path
                and watch.failed.append(f"{r.url} ({r.status})"))
        response = page.goto(pages_host + path)
        assert response.status == 404, path
        return page

    yield go
    problems = [p for w in watches for p in w.problems()]
    for ctx in contexts:
        ctx.close()
    assert problems == [], "\n".join(problems)


CASES = {
    "en": ("no-such-page/", "Page not found", "Go to the home page", "", "简体中文首页"),
    "zh": ("zh/no-such-page/", "找不到此页", "前往首页", "zh/", "English home page"),
    "zh-hant": ("zh-hant/no-such-page/", "找不到此頁", "前往首頁", "zh-hant/", "简体中文首页"),
}


@pytest.mark.parametrize("lang", list(CASES))
def test_a_missing_address_says_so_in_its_language_and_leads_home(open_missing, pages_host, lang):
    path, heading, home, prefix, other = CASES[lang]
    page = open_missing(path)
    assert page.locator("html").get_attribute("lang") == LANG_TAGS[lang]
    assert page.locator("article h1").all_inner_texts() == [heading]
    assert page.title().startswith(heading + " - ")
    assert page.locator(f"article [data-kb-404='{lang}']").is_visible()
    assert page.locator("article a[data-kb-404-search]").first.get_attribute("href") == f"/{prefix}search/"
    assert page.locator(f"article a:has-text('{other}')").is_visible()  # the other language's home, offered too
    page.locator(f"article a:has-text('{home}')").click()
    page.wait_for_url(pages_host + prefix)
    assert page.locator("html").get_attribute("lang") == LANG_TAGS[lang]


@pytest.mark.parametrize("lang", list(CASES))
def test_a_missing_address_deep_in_the_site_still_finds_the_styles_and_links(open_missing, pages_host, lang):
    path = CASES[lang][3] + "claims/no-such-claim/nor/this/"
    page = open_missing(path)
    assert page.evaluate("getComputedStyle(document.querySelector('.md-header')).position") in ("sticky", "fixed")
    href = page.locator("article a[data-kb-404-home]").first.get_attribute("href")
    assert href == "/" + CASES[lang][3]
    page.evaluate("document.fonts.ready")
    for name, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(viewport)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"], f"{lang}: the page for a missing address is wider than the {name} screen ({width}px)"


@pytest.mark.screenshots
def test_screenshots_of_the_pages_for_a_missing_address(open_missing):
    """Pictures for a person to look at (`make screenshots`)."""
    assert screenshots_wanted(), f"run it with {SCREENSHOTS_VARIABLE}=1, as make screenshots does"
    for lang in CASES:
        for name, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
            page = open_missing(CASES[lang][0], viewport=viewport)
            page.evaluate("document.fonts.ready")
            keep(page, f"{lang}-404-{name}", full_page=True)
