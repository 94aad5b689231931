"""The note a page of a converted language carries (kb.languages): that its text is converted, by software, from
another edition, which it links to.  Said once per page, small, at the head of the article; quotes keep their
source's own script and are not converted.  It is kept out of the search index."""
from __future__ import annotations

from kb.languages import LANGUAGES

from . import urls
from .labels import t
from .templating import render


def note(lang: str, page_url: str) -> str:
    """The note for the page at ``page_url`` (site-relative: 'zh-hant/claims/x/'); '' in a written language."""
    source = LANGUAGES[lang].converted_from
    if source is None:
        return ""
    href = urls.relative(page_url, urls.same_page(page_url, lang, source))
    before, _, after = t("converted.note", lang).partition("{source}")
    note = render("converted.html.j2", before=before, after=after, href=href, tag=urls.lang_tag(source),
                  name=LANGUAGES[source].name)
    return str(note) + "\n"  # plain text, as the hooks put it in a page's HTML; a line of its own


def after_title(html: str, note_html: str) -> str:
    """The article's HTML with the note right after its title (its first ``<h1>``), or first where it has none."""
    if not note_html:
        return html
    end = html.find("</h1>")
    if end < 0:
        return note_html + html
    end += len("</h1>")
    return html[:end] + "\n" + note_html + html[end:]
