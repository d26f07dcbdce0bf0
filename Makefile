# Tavern: `make check` sets up and runs the main job; `make test` sets up and runs every test.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: setup check test lint bench bench-workers bench-checker reference diagrams notebooks lab \
	desk screenshots clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,notebooks,cluster]'
	# jsonschema imports rfc3987-syntax eagerly when present (Jupyter pulls it in) and that
	# builds a grammar for 2-4 s at every start of `tavern`; only its "iri" format check needs it.
	$(BIN)/python -m pip uninstall --quiet --yes rfc3987-syntax
	touch $(STAMP)

setup: $(STAMP)
	command -v dot >/dev/null || (apt-get update -qq && apt-get install -y -qq graphviz)
	test -x /usr/bin/chromium || (apt-get update -qq && apt-get install -y -qq chromium)

check: setup
	$(BIN)/tavern check checker/scenarios
	$(BIN)/tavern coverage

test: setup
	$(BIN)/ruff check .
	$(BIN)/python -m pytest

lint: setup
	$(BIN)/ruff check .

bench: setup
	$(BIN)/tavern simulate --bots big-money,big-money --games 500 --kingdom first-game --seed 1 \
	  --workers 1

# 1 worker against every core, interleaved: games per second and their ratio (target 1.8 on 2).
bench-workers: setup
	$(BIN)/python -m dominion_tavern.checker.bench_simulate

reference: setup
	$(BIN)/python -m dominion_tavern.checker.reference

bench-checker: setup
	$(BIN)/python -m dominion_tavern.checker.bench

diagrams: setup
	$(BIN)/python -m dominion_tavern.diagrams.examples diagrams/svg

# Notebooks: the jupytext .py files are the source; .ipynb are generated into notebooks/build/.
NB_SRC   := $(filter-out notebooks/__init__.py,$(wildcard notebooks/[0-9]*.py))
NB_BUILD := notebooks/build
PORT     ?= 8866
ifndef TOKEN
TOKEN    := $(shell python3 -c 'import secrets; print(secrets.token_hex(12))')
endif
ROOT_OPT := $(if $(filter 0,$(shell id -u)),--allow-root)

notebooks: setup
	mkdir -p $(NB_BUILD)
	for f in $(NB_SRC); do \
	  $(BIN)/jupytext --quiet --to ipynb --output $(NB_BUILD)/$$(basename $$f .py).ipynb $$f; done

lab: notebooks
	cd $(NB_BUILD) && ../../$(BIN)/jupyter lab 01_tour.ipynb --ip=127.0.0.1 $(ROOT_OPT)

desk: notebooks
	@echo "The judge's desk: http://127.0.0.1:$(PORT)/?token=$(TOKEN)"
	cd $(NB_BUILD) && ../../$(BIN)/voila 06_judges_desk.ipynb --no-browser \
	  --Voila.ip=127.0.0.1 --port=$(PORT) --token=$(TOKEN) \
	  --VoilaConfiguration.extension_denylist=jupyterlab-jupytext

screenshots: setup
	$(BIN)/python -m dominion_tavern.notebooks.widgets.screenshots notebooks/screenshots

clean:
	rm -rf $(VENV) $(NB_BUILD)
