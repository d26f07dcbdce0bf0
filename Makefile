# Tavern: `make check` sets up and runs the main job; `make test` sets up and runs every test.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: setup check test lint bench bench-checker reference diagrams notebooks lab desk \
	screenshots clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,notebooks]'
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
	$(BIN)/tavern simulate --bots big-money,big-money --games 500 --kingdom first-game --seed 1

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
	for f in $(NB_SRC) notebooks/desk.py; do \
	  $(BIN)/jupytext --quiet --to ipynb --output $(NB_BUILD)/$$(basename $$f .py).ipynb $$f; done

lab: notebooks
	cd $(NB_BUILD) && ../../$(BIN)/jupyter lab 01_tour.ipynb --ip=127.0.0.1 $(ROOT_OPT)

# Every page load starts a kernel; a kernel idle for CULL_IDLE seconds with no page connected
# (the tab was closed or reloaded) is shut down, checked every CULL_INTERVAL seconds. An open
# page keeps its kernel however long it waits. `make desk CULL_IDLE=3600` to keep them longer.
# (notebooks/widgets/serve.py is Voilà with a fix that lets the culler see reloaded pages.)
CULL_IDLE     ?= 600
CULL_INTERVAL ?= 60

desk: notebooks
	@echo "The judge's desk: http://127.0.0.1:$(PORT)/?token=$(TOKEN)"
	@echo "  (on a corpus scenario: add &scenario=seeds/peasant-soldier-outcomes)"
	cd $(NB_BUILD) && ../../$(BIN)/python -m dominion_tavern.notebooks.widgets.serve desk.ipynb \
	  --no-browser \
	  --Voila.ip=127.0.0.1 --port=$(PORT) --token=$(TOKEN) \
	  --VoilaConfiguration.extension_denylist=jupyterlab-jupytext \
	  --MappingKernelManager.cull_idle_timeout=$(CULL_IDLE) \
	  --MappingKernelManager.cull_interval=$(CULL_INTERVAL)

screenshots: setup
	$(BIN)/python -m dominion_tavern.notebooks.widgets.screenshots notebooks/screenshots

clean:
	rm -rf $(VENV) $(NB_BUILD)
