# Two commands a newcomer needs (see README.md):
#   make serve   set up, check the data and serve the site on http://127.0.0.1:8000
#   make test    set up and run every test
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup check build serve test schemas urls clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip==26.3
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

check: setup
	$(BIN)/kb check data

build: check
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

serve: check
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs serve --strict -a 127.0.0.1:8000

test: check
	$(BIN)/pytest

schemas: setup
	$(BIN)/kb schema --out schemas

# Add the addresses of the freshly built site to published-urls.txt (it never removes one).
urls: build
	$(BIN)/python -m render.cite_urls --site site --list published-urls.txt

clean:
	rm -rf site $(VENV) .pytest_cache
