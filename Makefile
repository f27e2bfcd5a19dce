# The README's commands. `make test` and `make serve` work on a fresh Debian machine with Python and root.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
HOST ?= 127.0.0.1
PORT ?= 8866
SITE ?= build/site

.PHONY: install test test-fast typecheck catalogs serve lab site bench bench-switch bench-pages bench-class bench-class-browser bench-site bench-hub chromium npm hub-proxy postgresql check clean

install: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# Debian's chromium for the browser tests (Playwright drives it; it never downloads a browser).
# With a Japanese font: the Japanese pages' tests read, measure and picture real glyphs, not boxes.
chromium:
	@test -x /usr/bin/chromium -a -e /usr/share/fonts/opentype/ipafont-gothic/ipag.ttf || { \
	  echo "Installing Debian's chromium and a Japanese font for the browser tests"; \
	  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium fonts-ipafont-gothic; }

# Debian's npm (with Node), which fetches the Pyodide runtime and the page's widget manager for the
# static site (`make site` and its tests) and JupyterHub's proxy.
npm:
	@command -v npm >/dev/null || { \
	  echo "Installing Debian's npm for the static site's Pyodide runtime and JupyterHub's proxy"; \
	  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q npm; }

# JupyterHub's proxy (npm's configurable-http-proxy) for the hub test and `make bench-hub`, in .hub/.
PROXY := .hub/node_modules/.bin/configurable-http-proxy
hub-proxy: npm
	@test -x $(PROXY) || { \
	  echo "Installing configurable-http-proxy (JupyterHub's proxy) into .hub/"; \
	  npm install --prefix .hub --no-audit --no-fund --silent configurable-http-proxy@4; }

# Debian's PostgreSQL server for the results store's tests, which start their own in a temporary folder.
postgresql:
	@ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || command -v postgres >/dev/null || { \
	  echo "Installing Debian's postgresql for the results store's tests"; \
	  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql; }

# Two workers, a test file each at a time (about 18 minutes on 2 cores from a fresh clone, install included;
# 2,057 s of tests, so about 35 minutes on one worker).
test: $(STAMP) typecheck chromium npm hub-proxy postgresql
	$(BIN)/python -m pytest -n 2 --dist loadfile

# The inner loop: the type checker, then every test but those that drive chromium, start a server, a
# kernel or PostgreSQL, or are marked slow (markers set in tests/conftest.py). One file: `.venv/bin/python -m pytest FILE`.
test-fast: $(STAMP) typecheck
	RULESDOJO_HYPOTHESIS=fast $(BIN)/python -m pytest -n 2 --dist loadfile \
	  -m "not browser and not server and not postgresql and not slow"

# The type checker over widgets/rulesdojo ([tool.mypy] in pyproject.toml); `make test` runs it first.
typecheck: $(STAMP)
	$(BIN)/mypy

# The languages' catalogs brought up to the English (lessons, questions, the interface's and the
# engine's strings in the code), then compiled into the .mo files the pages read
# (docs/translating.md). The tests check that the committed .mo files are current.
catalogs: $(STAMP)
	$(BIN)/rulesdojo i18n update
	$(BIN)/rulesdojo i18n compile

# Figures, not pass/fail (not part of `make test`): Voila on 127.0.0.1, headless chromium, a bare
# ipywidgets baseline measured in the same run; prints the table, writes benchmarks/results.json.
# First the engine's cost of a long game (benchmarks/history.py).
bench: $(STAMP) chromium
	$(BIN)/python benchmarks/history.py
	$(BIN)/python benchmarks/bench.py

# Moves between places of the course page (map, lessons, quiz, sandbox) in one Voila page, timed in
# the page, first visits and later ones, against a bare page's round trip in the same run.
bench-switch: $(STAMP) chromium
	$(BIN)/python benchmarks/course_switch.py

# Each page's height at 1280 and 390 px, the progress line's at 390 px, lesson 7's widget count.
bench-pages: $(STAMP) chromium
	$(BIN)/python benchmarks/pages.py

# Classes of 30, 60 and 120 simulated learners (no browsers: the page's own messages over the kernel
# websocket) arrive within a minute and take lesson 7; prints the capacity table. Each run stops by
# itself (15 minutes at most); the next size runs only if every learner finished.
bench-class: $(STAMP) chromium
	$(BIN)/python benchmarks/learners.py

# The same class as 30 headless chromium browsers on this machine (about 8 minutes, at most 10).
bench-class-browser: $(STAMP) chromium
	$(BIN)/python benchmarks/class_load.py

# Three learners' servers started through JupyterHub: start time and memory per learner.
bench-hub: $(STAMP) chromium hub-proxy
	$(BIN)/python benchmarks/hub.py

# First load of the static site's course page against the floor (Pyodide alone, the kit's wheel, one
# game) and the former Voici site, taking turns in one run; bytes and seconds per part of the start.
# Installs the former site's builder (Voici) for its baseline; its Pyodide kernel extension is for
# JupyterLite's pages only, so JupyterLab here must not load it.
bench-site: $(STAMP) chromium npm
	$(BIN)/python -m pip install --quiet -e '.[voici-baseline]'
	$(BIN)/jupyter labextension disable --level=sys_prefix @jupyterlite/pyodide-kernel-extension > /dev/null 2>&1 || true
	$(BIN)/python benchmarks/site.py

check: $(STAMP)
	$(BIN)/rulesdojo check tests/scenarios

# The static practice site (the course in the learner's browser, no server) in $(SITE); needs npm for
# the Pyodide runtime, the page's widget manager and compiling the site's Python ahead (in Node).
site: $(STAMP) npm
	$(BIN)/rulesdojo build-site $(SITE)

# Serving needs the kit and its runtime dependencies only; the [test] extra is for `make test`.
RUNTIME_STAMP := $(VENV)/.runtime-stamp
$(RUNTIME_STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -e .
	touch $(RUNTIME_STAMP)

serve: $(RUNTIME_STAMP)
	$(BIN)/rulesdojo serve --host $(HOST) --port $(PORT)

# The lessons as notebooks in JupyterLab 4: installs it beside the kit, trusts the lesson notebooks
# for this user (a notebook's trust is kept per user, not in the file), opens lessons/.
lab: $(RUNTIME_STAMP)
	$(BIN)/python -m pip install --quiet 'jupyterlab>=4.1,<5'
	$(BIN)/jupyter labextension disable --level=sys_prefix @jupyterlite/pyodide-kernel-extension > /dev/null 2>&1 || true
	$(BIN)/jupyter trust lessons/*.ipynb
	cd lessons && ../$(BIN)/jupyter lab --ServerApp.ip=$(HOST) $(if $(filter 0,$(shell id -u)),--allow-root) index.ipynb

clean:
	rm -rf $(VENV) build dist .pytest_cache .hub
