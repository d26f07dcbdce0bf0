# Tavern: `make check` sets up and runs the main job; `make test` sets up and runs every test.
# make check needs only Python 3.11+ and PyPI; make setup/test also need Graphviz and a Chromium,
# which tools/system-tools.sh finds or installs the way this machine allows.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
CORE   := $(VENV)/.core-installed
# setuptools says an editable install is one (an "InformationOnly" warning in a box of stars,
# printed even with --quiet); nothing else is hidden
QUIET  := PYTHONWARNINGS="ignore:Editable installation"
FULL   := $(VENV)/.all-installed

.PHONY: setup check test lint bench bench-workers bench-checker bench-start bench-compare \
	bench-fuzz bench-chance bench-site \
	reference diagrams \
	notebooks lab site \
	desk screenshots clean

# The kit alone (the main job): the package and its PyPI dependencies, nothing of the system's.
$(CORE): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || { \
	  echo "Tavern needs Python 3.11 or newer; $(PYTHON) is $$($(PYTHON) -V 2>&1)." \
	       "Run make with PYTHON=python3.11 (or newer)." >&2; exit 1; }
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(QUIET) $(BIN)/python -m pip install --quiet -e .
	touch $@

# Everything the tests use: dev tools, notebooks, the cluster extra.
$(FULL): $(CORE)
	$(QUIET) $(BIN)/python -m pip install --quiet -e '.[dev,notebooks,cluster]'
	touch $@

setup:
	@sh tools/system-tools.sh before-pip
	@$(MAKE) --no-print-directory $(FULL)
	@sh tools/system-tools.sh after-pip $(BIN)

check: $(CORE)
	$(BIN)/tavern check checker/scenarios
	$(BIN)/tavern coverage

test: setup
	$(BIN)/ruff check .
	$(BIN)/python -m pytest

lint: $(FULL)
	$(BIN)/ruff check .

bench: $(CORE)
	$(BIN)/tavern simulate --bots big-money,big-money --games 500 --kingdom first-game --seed 1 \
	  --workers 1
	$(BIN)/tavern simulate --bots random,random --games 200 --kingdom gentle-intro --seed 1 \
	  --workers 1

# 1 worker against every core, interleaved: games per second and their ratio (target 1.8 on 2).
bench-workers: $(CORE)
	$(BIN)/python -m dominion_tavern.checker.bench.workers

# This checkout against another commit (REF=...), interleaved, with the ratios; the other
# commit is checked out and installed under .bench/ on first use. SUITE=chance compares the
# questions of bench-chance instead (SUITE=all: both).
SUITE ?= engine
bench-compare: $(CORE)
	@test -n "$(REF)" || { echo "usage: make bench-compare REF=COMMIT [SUITE=chance]" >&2; exit 2; }
	$(BIN)/python -m dominion_tavern.checker.bench.compare $(REF) --suite $(SUITE)

# Exact chance at depth: wall time, decisions, engine answers, merged branches, mass explored.
bench-chance: $(CORE)
	$(BIN)/python -m dominion_tavern.checker.bench.chance

reference: $(CORE)
	$(BIN)/python -m dominion_tavern.checker.reference

bench-checker: $(CORE)
	$(BIN)/python -m dominion_tavern.checker.bench

# Hypothesis's hostile variants of the scenario book through `tavern check`: exits by code, the slowest
# refusal, the largest output; exit 1 if any file broke the contract (exit 3, a traceback).
bench-fuzz: $(CORE)
	$(BIN)/python -m dominion_tavern.checker.bench.fuzz --files 1000

# How long `tavern --version` takes to start (target: under 0.3 s, even beside Jupyter).
bench-start: $(CORE)
	$(BIN)/python -m dominion_tavern.checker.bench --start

diagrams: setup
	$(BIN)/python -m dominion_tavern.notebooks.examples diagrams/svg

# Notebooks: the jupytext .py files are the source; .ipynb are generated into notebooks/build/.
NB_SRC   := $(filter-out notebooks/__init__.py,$(wildcard notebooks/[0-9]*.py))
NB_BUILD := notebooks/build
PORT     ?= 8866
# The desk's token: TAVERN_TOKEN if set and not empty, else a random one (a TOKEN variable
# already in the shell is neither used nor printed).
ifndef TAVERN_TOKEN
TAVERN_TOKEN := $(shell python3 -c 'import secrets; print(secrets.token_hex(12))')
TOKEN_NOTE   := (a random token: set TAVERN_TOKEN to choose one)
endif
ROOT_OPT := $(if $(filter 0,$(shell id -u)),--allow-root)

notebooks: setup
	mkdir -p $(NB_BUILD)
	for f in $(NB_SRC) notebooks/desk.py; do \
	  $(BIN)/jupytext --quiet --to ipynb --output $(NB_BUILD)/$$(basename $$f .py).ipynb $$f; done

# JupyterLab reads its settings overrides from the site's (tools/site_config/overrides.json): no
# news pop-up asking to fetch the project's news, no update check, in both places.
LAB_SETTINGS := $(CURDIR)/tools/site_config
lab: notebooks
	cd $(NB_BUILD) && ../../$(BIN)/jupyter lab 01_tour.ipynb --ip=127.0.0.1 $(ROOT_OPT) \
	  --LabApp.app_settings_dir=$(LAB_SETTINGS)

# Every page load starts a kernel; a kernel idle for CULL_IDLE seconds with no page connected
# (the tab was closed or reloaded) is shut down, checked every CULL_INTERVAL seconds. An open
# page keeps its kernel however long it waits. `make desk CULL_IDLE=3600` to keep them longer.
# (notebooks/widgets/serve.py is Voilà with a fix that lets the culler see reloaded pages.)
CULL_IDLE     ?= 600
CULL_INTERVAL ?= 60

# The notebooks as a static site (site/, git-ignored): JupyterLite with Pyodide, every file served
# from the site itself. Needs PyPI and npm (Node.js, which also compiles its bytecode); rebuilt
# only when an input changed.
# Its build tools live in a venv of their own (JupyterLite's kernel extension would load into
# Voila and JupyterLab from .venv).
SITE_PY := build/site-work/venv/bin/python
$(SITE_PY): tools/site-requirements.txt
	test -x $@ || $(PYTHON) -m venv build/site-work/venv
	$@ -m pip install --quiet -r tools/site-requirements.txt
	touch $@

site: $(SITE_PY)
	$(SITE_PY) tools/site_build.py

# The site's start-up in headless Chromium, offline: page, kernel, installs, first cell (s, with
# the browser's CPU s beside each; tools/site_bench.py --site A --site B compares two builds).
bench-site: $(FULL) site
	$(BIN)/python tools/site_bench.py

desk: notebooks
	@echo "The judge's desk: http://127.0.0.1:$(PORT)/?token=$(TAVERN_TOKEN) $(TOKEN_NOTE)"
	@echo "  (on a corpus scenario: add &scenario=seeds/peasant-soldier-outcomes)"
	cd $(NB_BUILD) && ../../$(BIN)/python -m dominion_tavern.notebooks.widgets.serve desk.ipynb \
	  --no-browser \
	  --Voila.ip=127.0.0.1 --port=$(PORT) --token=$(TAVERN_TOKEN) \
	  --VoilaConfiguration.extension_denylist=jupyterlab-jupytext \
	  --MappingKernelManager.cull_idle_timeout=$(CULL_IDLE) \
	  --MappingKernelManager.cull_interval=$(CULL_INTERVAL)

screenshots: setup
	$(BIN)/python -m dominion_tavern.notebooks.widgets.screenshots notebooks/screenshots

clean:
	rm -rf $(VENV) $(NB_BUILD) .bench site build/site-work
	-git worktree prune
