"""MkDocs hooks that build the languages after the first side by side, where cores allow (sitebuild.parallel).

They run before mkdocs-static-i18n's ``on_post_build`` (priority -100), which would otherwise build
those languages one after another, and before macros/hooks.py's (-200), which writes the downloads
and the search index once every language is built.
"""
from __future__ import annotations

from mkdocs.plugins import event_priority

from sitebuild import parallel


def on_startup(command, dirty):
    parallel.started(command)
    parallel.split_off_pages(command)  # `mkdocs build`: the pages in a child, the search index in this process


@event_priority(-50)
def on_post_build(config):
    i18n = config.plugins["i18n"]
    if i18n.building:
        return  # a language's build nested inside the first one
    rest = [lang for lang in i18n.build_languages if lang != i18n.current_language]
    n = parallel.wanted(config, rest)
    if n > 1:
        parallel.build_rest(i18n, config, rest, n)
