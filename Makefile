# Two entry points for a fresh machine with Python 3.11+ and make:
#   make build   set up .venv and build everything into output/
#   make test    set up .venv and run lint, type checks and the test suite
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: build test lint typecheck pytest bench clean catalogs

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[dev]'
	touch $(STAMP)

build: $(STAMP)
	$(BIN)/draftdeck build

test: $(STAMP) lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check generator tests benchmarks
	$(BIN)/ruff format --check generator tests benchmarks
	$(BIN)/lint-imports

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest -n auto

bench: $(STAMP)
	for b in rules build scale preview simulate extraliga disaster sweep gallery spreadsheet; do $(BIN)/python benchmarks/$${b}_speed.py || exit 1; done

clean:
	rm -rf $(VENV) output

# draftdeck's own interface catalog (locales/draftdeck.*): extract the strings
# the code marks with N_/NP_ and merge them into each language (for developers).
catalogs: $(STAMP)
	$(BIN)/python -m generator.i18n.interface
