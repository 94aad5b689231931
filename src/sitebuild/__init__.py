"""The MkDocs side of the build, apart from the engine and the renderers.

macros/main.py (the macros pages call), macros/hooks.py (the pages generated from data, the
downloads, the search index) and macros/parallel.py (the languages built side by side) are what
MkDocs loads; what they need of the build itself is here:

* :mod:`sitebuild.kbcache`  the fact base opened once per build, and again only when data/ changes
* :mod:`sitebuild.parallel` the languages after the first built side by side, one process per core
* :mod:`sitebuild.search`   the search index (Pagefind), Chinese indexed character by character
* :mod:`sitebuild.preview`  ``make preview``: after a save, rebuild only the pages the change touches
"""
