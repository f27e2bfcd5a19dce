# The README's commands. `make test` and `make serve` work on a fresh Debian machine with Python and root.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
HOST ?= 127.0.0.1
PORT ?= 8866

.PHONY: install test serve bench chromium check clean

install: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# Debian's chromium for the browser tests (Playwright drives it; it never downloads a browser).
chromium:
	@test -x /usr/bin/chromium || { \
	  echo "Installing Debian's chromium for the browser tests"; \
	  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; }

test: $(STAMP) chromium
	$(BIN)/python -m pytest

check: $(STAMP)
	$(BIN)/rulesdojo check tests/scenarios

serve: $(STAMP)
	$(BIN)/rulesdojo serve --host $(HOST) --port $(PORT)

clean:
	rm -rf $(VENV) build dist .pytest_cache
