"""Time the whole-site sweep of one built site, and keep what it found for the browser layer.

    .venv/bin/python bench/sweep.py SITE DATA DOCS        (KB_BUILDS_DIR names the folder the findings go to)

The sweep is the one pass of the test suite that reads every page (tests/site_fixture.py, ``Site.sweep``): each
page parsed once, and every registered whole-site check (the layout analysis of tests/layout_fixture.py, the figure
integrity of tests/integrity/) run on it.  This prints, as JSON, how many pages it read and how long it took, and
writes the findings where the suite's own run would, so that the browser layer timed next (bench/suite.py) reads
them instead of sweeping again: its time is the browser's alone.
"""
from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))


def main(argv: list[str]) -> int:
    site_dir, data, docs = (Path(a).resolve() for a in argv[1:4])
    os.environ["KB_DATA_DIR"] = str(data)  # read by site_fixture as it is imported
    import layout_fixture  # noqa: F401  (registers the layout check)
    import site_fixture

    site = site_fixture.Site(site_dir, data, 0.0, docs=docs, name="site")
    pages = len(site.html_pages())
    start, cpu0 = time.monotonic(), time.process_time()
    found = site_fixture._run_sweep(site)
    seconds, cpu = time.monotonic() - start, time.process_time() - cpu0
    site_fixture.store_sweep(site_fixture.builds_dir(), "site.sweep", found)
    problems = sum(len(getattr(f, "problems", None) or getattr(f, "faults", None) or ()) for check in found.values() for f in check.values())
    from integrity.langs import LANGS

    opened = sum(len(layout_fixture.chosen(list(found["layout"].values()), lang)) for lang in LANGS)
    print(json.dumps({"pages": pages, "seconds": seconds, "cpu": cpu, "checks": sorted(found),
                      "problems": problems, "browser_pages": opened}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
