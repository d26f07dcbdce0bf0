# Tavern: `make check` sets up and runs the main job; `make test` sets up and runs every test.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: setup check test lint bench bench-checker reference diagrams clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)
	command -v dot >/dev/null || (apt-get update -qq && apt-get install -y -qq graphviz)

check: setup
	$(BIN)/tavern check checker/scenarios
	$(BIN)/tavern coverage

test: setup
	$(BIN)/ruff check .
	$(BIN)/python -m pytest

lint: setup
	$(BIN)/ruff check .

bench: setup
	$(BIN)/tavern simulate --bots big-money,big-money --games 500 --kingdom first-game --seed 1

reference: setup
	$(BIN)/python -m checker.reference

bench-checker: setup
	$(BIN)/python -m checker.bench

diagrams: setup
	$(BIN)/python -m diagrams.examples diagrams/svg

clean:
	rm -rf $(VENV)
