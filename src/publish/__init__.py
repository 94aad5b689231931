"""What the site publishes besides its pages, as data: the downloads and the citation formats.

* :mod:`publish.exports`  the downloadable files (claims.json, claims.csv, ...) built from the fact base
* :mod:`publish.formats`  citations of a page as text: plain, GB/T 7714-2015, BibTeX, CSL-JSON
* :mod:`publish.version`  the data version (git commit and date) a build shows and is dated by

They read the engine (:mod:`kb`) and write no markup: the renderers (:mod:`render`) put them on pages.
"""
