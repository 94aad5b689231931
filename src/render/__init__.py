"""Turn the checked fact base into site HTML, in English and Chinese.

The engine (:mod:`kb`) checks and derives; this package only renders what it
hands over.  Nothing here parses YAML or decides whether data is sound, and every
question about the data (is a claim active, disputed, in which order, with which
baseline) is asked of :mod:`kb.query`.  Modules import one another one way only
(tests/test_imports.py).

* :mod:`render.labels`    every fixed word the site shows, in both languages
* :mod:`render.escaping`  any text made inert HTML
* :mod:`render.text`      contributor prose with its placeholders
* :mod:`render.format`    numbers, ranges, dates and figures per language (Babel): :mod:`kb.display`'s
* :mod:`render.urls`      stable page addresses built from ids (:mod:`kb.paths`) and links between pages
* :mod:`render.figures`   the ``<data>``/``<time>`` figure elements and badges
* :mod:`render.citations` sources, verbatim quotes and who they are attributed to
* :mod:`render.tables`    claim tables, the benchmark table, indexes
* :mod:`render.pages`     bodies of the pages generated for every record
* :mod:`render.frontmatter`  a generated page's front matter and blocks
* :mod:`render.coverage`  how the citations' words were checked, over the fact base
* :mod:`render.context`   what a renderer needs to know: base, language, page
* :mod:`render.citing`   how to cite a page (the formats come from :mod:`publish.formats`), the footer's data version
* :mod:`render.downloads` the downloads in site/data/ and the data page's tables
* :mod:`render.addresses` every address the site has published: git history and published-urls.txt
* :mod:`render.notfound`  the page for a missing address, one per language (/404.html, /zh/404.html)
* :mod:`render.printing`  the line a printed page carries: its address, data version and licence
"""
