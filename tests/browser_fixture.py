"""A real browser on the built site: Chromium driven by Playwright, the site served on 127.0.0.1.

Use it with ``from browser_fixture import browser, served, visit`` (plus ``site``
from site_fixture).  ``make test`` installs what it needs: Debian's ``chromium``
and ``fonts-noto-cjk`` and, from package-lock.json, axe-core in node_modules/.
A missing browser is a failure, not a skip.

Every page opened through :func:`visit` is watched: a console error, a failed
request, or any request that leaves the local server fails the test that opened
it.  Nothing is fetched from elsewhere: the browser sends every request for another
host to a proxy address where nothing listens (loopback addresses never go through a
proxy), so the request fails in the browser itself.  Requests are only observed,
never intercepted: intercepting each one sent every file of every page through
Python, which made a sweep over all pages half as fast again.

The one exception is the site's own address.  A build names it in its canonical,
hreflang and feed links (mkdocs.yml's site_url: for a local build, where ``make serve``
serves).  The test server listens on another port, so any request for the site's own
address is answered from the same built folder, as that address would answer it: it is
the site's own, not a third party's, and only those few go through Python.

No page may fetch the sitemap.  The theme fetches sitemap.xml from the folder of every
``<link rel="alternate">`` it finds; the site's script hides them while it looks
(docs/assets/kb.js), since the sitemap lists every page of every language and grew with
the fact base (18 MB at 10,000 claims), fetched on every visit to every page.
"""
from __future__ import annotations

import atexit
import functools
import http.server
import os
import shutil
import threading
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from site_fixture import ROOT, site, site_address  # noqa: F401  (fixture)

OUTPUT = ROOT / "test-output"
SCREENSHOTS = OUTPUT / "screenshots"
# Pictures for a person to look at are saved only when asked for (`make screenshots` sets it): what the tests
# assert of those pages holds either way, and a picture nobody opens cost a run of the whole suite a minute of CPU.
SCREENSHOTS_VARIABLE = "KB_SCREENSHOTS"


def screenshots_wanted() -> bool:
    return os.environ.get(SCREENSHOTS_VARIABLE, "").strip() == "1"


def keep(page, name: str, **options) -> None:
    """Save a screenshot of ``page`` as test-output/screenshots/``name``.png when pictures are asked for."""
    if screenshots_wanted():
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), **options)
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
CHROMIUM_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-default-apps", "--disable-extensions", "--disable-dev-shm-usage",
                 # every other host through a proxy on the discard port, where nothing listens: nothing leaves
                 "--proxy-server=http://127.0.0.1:9"]
# Material's palette: the reader's system's light or dark setting picks the scheme.
SCHEMES = {"light": "default", "dark": "slate"}
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def chromium_path() -> str:
    """Debian's Chromium (or KB_CHROMIUM, or a Chrome on PATH); fail with the command that installs it."""
    forced = os.environ.get("KB_CHROMIUM")
    candidates = [forced] if forced else ["/usr/bin/chromium"]
    candidates += [shutil.which(n) for n in ("chromium", "google-chrome", "google-chrome-stable", "chromium-browser")]
    for c in candidates:
        if c and Path(c).is_file():
            return c
    pytest.fail("no Chromium found: `make test` installs Debian's chromium package (or set KB_CHROMIUM)")


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


# One server and one browser per session, however many modules import these fixtures: they are
# kept in this module, not in pytest's per-module fixture definitions, and closed when Python exits.
_SHARED: dict = {}


def _close():
    if "browser" in _SHARED:
        _SHARED.pop("browser").close()
        _SHARED.pop("playwright").stop()
    if "server" in _SHARED:
        server = _SHARED.pop("server")
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def served(site):
    """The built site on a free port of 127.0.0.1, served from a thread; its base url."""
    if _SHARED.get("root") != site.root:
        if "server" in _SHARED:
            _SHARED.pop("server").shutdown()
        handler = functools.partial(_Quiet, directory=str(site.root))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        _SHARED.update(server=server, root=site.root, base=f"http://127.0.0.1:{server.server_address[1]}/",
                       home=site_address(site.config))
        atexit.register(_close)
    return _SHARED["base"]


def serve_folder(root: Path) -> str:
    """Serve another folder (a copy of the site with something planted in it) on a free port of 127.0.0.1,
    until the session ends; its base url."""
    handler = functools.partial(_Quiet, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    atexit.register(server.server_close)
    atexit.register(server.shutdown)
    return f"http://127.0.0.1:{server.server_address[1]}/"


@pytest.fixture(scope="session")
def browser():
    if "browser" not in _SHARED:
        from playwright.sync_api import sync_playwright

        pw = sync_playwright().start()
        _SHARED["playwright"] = pw
        _SHARED["browser"] = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        atexit.register(_close)
    return _SHARED["browser"]


@dataclass
class Watch:
    """What went wrong while a page was open."""
    base: str
    console: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)
    sitemap: list[str] = field(default_factory=list)

    def problems(self) -> list[str]:
        return ([f"console error: {m}" for m in self.console] + [f"failed request: {u}" for u in self.failed]
                + [f"third-party request: {u}" for u in self.foreign]
                + [f"the page fetched the sitemap, which lists every page of the site: {u}" for u in self.sitemap])


ABORTED = "net::ERR_ABORTED"  # how Chromium reports a request it cancelled itself


def _local(url: str, base: str) -> bool:
    u, b = urlsplit(url), urlsplit(base)
    home = urlsplit(_SHARED.get("home", base))
    return u.scheme in ("data", "blob", "about") or (u.scheme, u.netloc) in ((b.scheme, b.netloc),
                                                                           (home.scheme, home.netloc))


def answer_as_home(ctx, root: Path) -> None:
    """Have the browser context ``ctx`` answer every request for the site's own address (mkdocs.yml's site_url, a
    local build's http://127.0.0.1:8000/) with the file the built folder ``root`` holds there (a folder's
    index.html), as a static host does, or 404; with the header that lets a page on the test server's port read
    it.  Nothing is routed where the site's address is not a loopback one."""
    import mimetypes

    home = _SHARED.get("home") or site_address()
    if urlsplit(home).hostname not in ("127.0.0.1", "localhost"):
        return
    root = root.resolve()

    def handle(route):
        rel = route.request.url[len(home):].split("#")[0].split("?")[0]
        path = (root / rel).resolve()
        if path.is_dir():
            path = path / "index.html"
        if not path.is_relative_to(root) or not path.is_file():
            route.fulfill(status=404, body="not found")
            return
        kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        route.fulfill(status=200, body=path.read_bytes(), content_type=kind,
                      headers={"Access-Control-Allow-Origin": "*"})

    ctx.route(home + "**", handle)


@pytest.fixture
def visit(browser, served):
    """``visit(path, viewport=DESKTOP, touch=False, scheme="light")`` opens a page in a fresh context, its
    system set to the light or dark colour scheme; checks it at teardown."""
    contexts, watches = [], []

    def open_page(path: str = "", viewport: dict = DESKTOP, touch: bool = False, lang: str = "en-GB",
                  scheme: str = "light"):
        ctx = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch, locale=lang,
                                  device_scale_factor=1, reduced_motion="reduce", color_scheme=scheme)
        contexts.append(ctx)
        watch = Watch(served)
        watches.append(watch)

        if urlsplit(_SHARED["home"]).netloc != urlsplit(served).netloc:
            answer_as_home(ctx, Path(_SHARED["root"]))
        page = ctx.new_page()
        page.on("request", lambda r: _local(r.url, served) or watch.foreign.append(r.url))
        page.on("request", lambda r: urlsplit(r.url).path.endswith("/sitemap.xml") and watch.sitemap.append(r.url))
        page.on("console", lambda m: m.type == "error" and watch.console.append(m.text))
        page.on("pageerror", lambda e: watch.console.append(str(e)))
        # A local request the browser gave up because the page moved on (the next page.goto while the favicon
        # still loads) is aborted, not failed: a file the site lacks answers 404, which the response check sees.
        page.on("requestfailed", lambda r: _local(r.url, served) and r.failure != ABORTED
                and watch.failed.append(f"{r.url} ({r.failure})"))
        page.on("response", lambda r: r.status >= 400 and watch.failed.append(f"{r.url} ({r.status})"))
        page.watch = watch
        if path is not None:
            page.goto(served + path)
        return page

    yield open_page
    problems = [p for w in watches for p in w.problems()]
    for ctx in contexts:
        ctx.close()
    assert problems == [], "\n".join(problems)


# Long tables and lists repeat one row's markup hundreds of times; axe checks the first rows of each.
AXE_SAMPLE = [["article tbody tr:nth-child(n+21)"], ["article li:nth-child(n+21)"]]


# The rules whose outcome a colour scheme can change: a page checked in full in one scheme needs only these in the
# other, where nothing but colours differs.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]


def run_axe(page, rules: list[str] | None = None) -> list[dict]:
    """axe-core's violations on the open page (the rules it runs by default, or only ``rules``), long tables
    sampled."""
    if not AXE.is_file():
        pytest.fail(f"{AXE.relative_to(ROOT)} is missing: `make test` installs it with npm ci")
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate("""async ([sample, rules]) => {
        const options = {resultTypes: ['violations']};
        if (rules) options.runOnly = {type: 'rule', values: rules};
        const r = await axe.run({exclude: sample}, options);
        return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ' :: ' + n.failureSummary.split('\\n').slice(0, 3).join(' '))}));
    }""", [AXE_SAMPLE, rules])


def set_scheme(page, scheme: str) -> None:
    """Set the page to a colour scheme as the header's toggle does (Material reads the body's attribute)."""
    page.evaluate("s => document.body.setAttribute('data-md-color-scheme', s)", SCHEMES[scheme])
    # Material fades colours from one scheme to the other where motion is not reduced: axe run meanwhile measures
    # colours half-way (serious contrast findings that clear once the page settles), so wait for it to settle
    page.wait_for_function("document.getAnimations().every(a => a.playState !== 'running')", timeout=5000)


SERIOUS = {"serious", "critical"}


def serious_in_both_schemes(page, where: str) -> list[str]:
    """axe-core's serious and critical violations on the open page, in the light scheme and then switched to the dark
    one: every rule in the light scheme; in the dark one, where only colours change, the rules of colour."""
    found = []
    for scheme in SCHEMES:
        set_scheme(page, scheme)
        for v in run_axe(page, None if scheme == "light" else COLOUR_RULES):
            if v["impact"] in SERIOUS:
                found.append(f"{where} {scheme}: {v['id']} ({v['impact']}) {v['help']}\n    " + "\n    ".join(v["nodes"]))
    return found
