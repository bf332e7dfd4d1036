# Parlour's two front doors: `make play` and `make test` (see README.md).
# Both build the environment in .venv on first use (and when pyproject.toml changes).

PYTHON ?= python3
VENV   := .venv
STAMP  := $(VENV)/.installed

.PHONY: setup play test bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/python -m pip install --quiet --disable-pip-version-check -e '.[dev,bench]'
	touch $(STAMP)

setup: $(STAMP)

play: setup
	$(VENV)/bin/parlour play football-whist

test: setup
	$(VENV)/bin/python -m pytest

bench: setup
	$(VENV)/bin/python bench/playouts.py

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache
