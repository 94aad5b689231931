"""What every renderer needs: the fact base, the language, and where the page is."""
from __future__ import annotations

from dataclasses import dataclass

from kb import languages
from kb.base import KnowledgeBase

from . import urls
from .labels import t


@dataclass(frozen=True)
class Ctx:
    kb: KnowledgeBase
    lang: str  # a site language (kb.languages): "en", "zh", "zh-hant"
    page_url: str  # the page's own url as mkdocs writes it: "", "zh/", "claims/x/"

    def t(self, key: str) -> str:
        return t(key, self.lang)

    def href(self, kind: str, ident: str | None = None) -> str:
        """Relative link from this page to a generated page (or an index when ident is None)."""
        return urls.relative(self.page_url, urls.page_url(kind, ident, self.lang))

    def href_path(self, path: str) -> str:
        """Relative link from this page to a written page given by its path in the language, e.g. 'disputes/'."""
        return urls.relative(self.page_url, urls.lang_prefix(self.lang) + path)

    def href_site(self, path: str) -> str:
        """Relative link from this page to a path from the site root (shared assets such as the search index)."""
        return urls.relative(self.page_url, path)

    def text(self, bilingual) -> str:
        """The text of a Bilingual record field in this language (converted from its source language for a
        converted one, kb.languages)."""
        return languages.text(bilingual, self.lang)
