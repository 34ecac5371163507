# Two entry points for a fresh machine with Python 3.11+ and make:
#   make build   set up .venv and build everything into output/
#   make test    set up .venv and run lint, type checks and the test suite
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: build test quick lint typecheck pytest kernels-as-python bench clean catalogs api-docs

# An editable install mypy can follow (compat mode: the checkout on sys.path), so that a
# plug-in's own mypy finds generator.plugin_api in this checkout.
$(STAMP): pyproject.toml constraints.txt Makefile
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[dev,play]' \
		--config-settings editable_mode=compat
	touch $(STAMP)

build: $(STAMP)
	$(BIN)/draftdeck build

test: $(STAMP) lint typecheck pytest kernels-as-python

lint: $(STAMP)
	$(BIN)/ruff check generator tests benchmarks
	$(BIN)/ruff format --check generator tests benchmarks
	$(BIN)/lint-imports

typecheck: $(STAMP)
	$(BIN)/mypy

# The quick loop: every test of under half a second (see README).
quick: $(STAMP)
	$(BIN)/pytest -n auto --dist worksteal -m "not slow and not processes"

pytest: $(STAMP)
	$(BIN)/pytest -n auto --dist worksteal

# The compiled kernels' tests once more with numba off: the kernels run as the Python
# they are written in, so a mistake numba would hide (or coverage could not see) shows.
KERNEL_TESTS := tests/test_disaster_battle.py tests/test_disaster_army.py tests/test_extraliga_lineup.py tests/test_extraliga_bonuses.py
# With numba off, splitmix64's intended uint64 wrap-around warns on numpy scalars.
kernels-as-python: $(STAMP)
	NUMBA_DISABLE_JIT=1 PYTHONWARNINGS="ignore:overflow encountered in scalar:RuntimeWarning" $(BIN)/pytest -n auto $(KERNEL_TESTS)

bench: $(STAMP)
	for b in rules build scale preview simulate extraliga disaster sweep gallery spreadsheet start; do $(BIN)/python benchmarks/$${b}_speed.py || exit 1; done

clean:
	rm -rf $(VENV) output

# draftdeck's own interface catalog (locales/draftdeck.*): extract the strings
# the code marks with N_/NP_ and merge them into each language (for developers).
catalogs: $(STAMP)
	$(BIN)/python -m generator.i18n.interface

# docs/plugin-api.md, from generator.plugin_api's docstrings (a test keeps it current).
api-docs: $(STAMP)
	$(BIN)/python -m tests.api_page
