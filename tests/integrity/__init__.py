"""Figure integrity: no figure on a built page differs from the fact base, and none reaches a page without it.

The suite reads what a reader gets, the HTML that ``mkdocs build`` writes, and
checks it against ``data/`` read on its own terms:

* :mod:`.facts` reads the YAML with PyYAML (numbers as written, so ``1.80``
  keeps its precision) without the engine's models;
* :mod:`.numbers` writes each figure as the documented rule says (canonical
  value, Babel display per language, outward-rounded computed intervals),
  without importing the site's renderer;
* :mod:`.orphans` finds numbers in running text (Arabic digits, Chinese
  numerals with a measure word, English number words that count);
* :mod:`.html` parses every page once with lxml and keeps what the checks need;
* :mod:`.checks` holds the checks themselves, each returning problems worded
  as a reader would report them (``zh/claims/x/ · x: shown 1.04, data 1.03``).

The same check functions run on the real site (tests/test_integrity_*.py) and
on copies with faults planted in them (tests/test_planted_faults.py), which
proves that each check reports what it is meant to catch.
"""
