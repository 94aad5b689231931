# Two commands a newcomer needs (see README.md):
#   make serve   set up, check the data and serve the site on http://127.0.0.1:8000
#   make test    set up and run every test (CI runs it)
# and one a contributor runs first:
#   make check   kb check, then every test that needs no built site and no browser (about a minute)
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.package-lock.json
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: setup check check-data build serve preview test screenshots explore browser-deps schemas urls clean

# pytest on every core; the site builds a run needs are made once and shared by its workers (tests/site_fixture.py)
PYTEST := $(BIN)/pytest -n auto --dist loadgroup

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip==26.3
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

check-data: setup
	$(BIN)/kb check data

# The one-minute check: the data, then the tests of the rules, the engine, the renderers, the command line and
# the contributor's guide; not those that read a built site, open a browser or build one (TESTING.md).
check: check-data
	$(PYTEST) -q -m "not site and not browser and not build"

build: check-data
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

# Measure check, build, tests, site size and page weight at 1,000 to 10,000 synthetic
# claims against the budgets in BENCHMARKS.md, and rewrite its tables (30 to 45 minutes).
.PHONY: bench
bench: setup
	$(BIN)/python bench/run.py

serve: check-data
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs serve --strict -a 127.0.0.1:8000

# Serve the site like make serve, but after a save rebuild only the pages the change touches:
# an edited claim shows on its page in seconds (src/sitebuild/preview.py; contributing/check.md,
# "Seeing your change on the site"). Problems in the data are shown, not refused at the door.
# For looking only: it publishes nothing, and make build and CI never use it.
preview: setup
	NO_MKDOCS_2_WARNING=1 $(BIN)/python -m sitebuild.preview -a 127.0.0.1:8000

# The browser tests (tests/test_browser_*.py) need a Chromium, CJK fonts, and axe-core from
# package-lock.json. Each is installed only when missing (apt-get as root, or through sudo).
browser-deps:
	@missing=""; \
	[ -n "$$KB_CHROMIUM" ] || command -v chromium >/dev/null 2>&1 || command -v google-chrome >/dev/null 2>&1 \
		|| missing="chromium"; \
	fc-list :lang=zh family 2>/dev/null | grep -q . || missing="$$missing fonts-noto-cjk"; \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages for the browser tests:$$missing"; \
		$(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
			--no-install-recommends $$missing >/dev/null; \
	fi

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

test: check-data browser-deps $(NODE_STAMP)
	$(PYTEST) -m "not screenshots"

# Every browser test, saving pictures of what a reader sees in test-output/screenshots/ for a person to open
# (the main page types at phone and desktop widths in every language, the benchmark table at 320 px, the page
# for a missing address, a claim page in print). make test asserts the same of those pages without the pictures.
screenshots: check-data browser-deps $(NODE_STAMP)
	KB_SCREENSHOTS=1 $(PYTEST) -m browser

# Open the whole fact base (site/data/evidence.sqlite, written by the build) in Datasette on
# http://127.0.0.1:8001, with the saved queries of evidence.metadata.json (publish/sqlite.py).
EXPLORE_STAMP := $(VENV)/.explore-installed
$(EXPLORE_STAMP): pyproject.toml $(STAMP)
	$(BIN)/pip install --quiet -e '.[explore]'
	touch $(EXPLORE_STAMP)

explore: build $(EXPLORE_STAMP)
	$(BIN)/datasette serve site/data/evidence.sqlite --metadata site/data/evidence.metadata.json -h 127.0.0.1 -p 8001

schemas: setup
	$(BIN)/kb schema --out schemas

# Add the addresses of the freshly built site to published-urls.txt (it never removes one). Nothing
# needs it: the tests read every address published since the list began from git history.
urls: build
	$(BIN)/python -m render.addresses --site site --list published-urls.txt

clean:
	rm -rf site $(VENV) .pytest_cache node_modules test-output
