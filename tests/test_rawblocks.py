"""A generated page's raw HTML held out of Markdown (src/sitebuild/rawblocks.py) comes back as Markdown would
have passed it: the HTML of every generated page of the real data, in each written language, is the same either
way; what is not a whole raw block is left to Markdown."""
from __future__ import annotations

from pathlib import Path

import markdown
import pytest
from mkdocs.config import load_config
from mkdocs.utils import meta

from integrity.langs import WRITTEN
from kb.base import KnowledgeBase
from render import citing, pages
from render.context import Ctx
from sitebuild import rawblocks

pytestmark = pytest.mark.build  # renders every generated page twice: not in `make check`

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def md():
    """Markdown as the site's build configures it (mkdocs.yml's extensions)."""
    cfg = load_config(str(ROOT / "mkdocs.yml"))
    before = citing.SETTINGS
    citing.configure("https://example.org/", before.version, before.site_names)
    yield lambda text: markdown.Markdown(extensions=cfg.markdown_extensions,
                                         extension_configs=cfg.mdx_configs).convert(text)
    citing.SETTINGS = before


def _both(md, page: str) -> tuple[str, str]:
    whole = md(meta.get_data(page)[0])
    held_md, held = rawblocks.hold(page)
    return whole, rawblocks.release(md(meta.get_data(held_md)[0]), held)


@pytest.mark.parametrize("lang", sorted(set(WRITTEN.values())))
def test_every_generated_page_is_the_same_with_its_raw_html_held(md, lang):
    kb = KnowledgeBase.open(ROOT / "data")
    differ, seen, held_blocks = [], 0, 0
    for kind, ident in pages.all_pages(kb):
        _, page = pages.body(Ctx(kb, lang, f"{kind}/{ident}/"), kind, ident)
        whole, held = _both(md, page)
        if whole != held:
            differ.append(f"{kind}/{ident}")
        seen += 1
        held_blocks += len(rawblocks.hold(page)[1])
    assert differ == [], f"{len(differ)} of {seen} pages differ: {differ[:5]}"
    assert seen > 600 and held_blocks > 3 * seen, (seen, held_blocks)


def test_only_whole_raw_blocks_are_held(md):
    page = ("# Title\n\n<div class=\"a\">\n<p>one</p>\n\n<p>two</p>\n</div>\n\n"
            "<span>inline</span> text\n\n&#60;div&#62; escaped\n\n<div class=\"open\">\n<p>never closed</p>\n")
    held_md, held = rawblocks.hold(page)
    assert held == ['<div class="a">\n<p>one</p>\n\n<p>two</p>\n</div>']  # across its blank line, and nothing else
    assert "<span>inline</span> text" in held_md and "&#60;div&#62; escaped" in held_md
    assert '<div class="open">' in held_md
    whole, released = _both(md, page)
    assert whole == released
