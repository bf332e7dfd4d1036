# Parlour's two front doors: `make serve` and `make test` (see README.md).
# Both build the environment in .venv on first use (and when pyproject.toml or setup.py changes), the rules
# compiled by mypyc as part of the install (setup.py; the Python sources, with a one-line notice, where they
# cannot be), and compile the rules again after an edit to them;
# `make test` also installs Debian's chromium (browser tests) and postgresql (the PostgreSQL store test).

PYTHON   ?= python3
VENV     := .venv
STAMP    := $(VENV)/.installed
CHROMIUM := /usr/bin/chromium
SUDO     := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
PORT     ?= 8000

# the code `make lint` holds to ruff's and mypy's rules (pyproject.toml: strict on parlour.engine and parlour.games)
CHECKED  := src/parlour tests/web bench/load.py bench/servers.py bench/thinking.py

.PHONY: setup serve play lint test bench clean postgres-server compiled pure lab-reports

$(STAMP): pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/python -m pip install --quiet --disable-pip-version-check -e '.[dev,bench,research,ray,parquet]'
	@$(VENV)/bin/parlour --version    # which form of the rules the install gave: compiled, or the sources and why
	touch $(STAMP)

$(CHROMIUM):
	$(SUDO) apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null

# PostgreSQL's server programs, for the test that runs the store on a throwaway PostgreSQL
postgres-server:
	@command -v initdb >/dev/null || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || \
	  ( $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq postgresql >/dev/null )

# after an edit to a compiled rules module, its build is stale: compile it again (about a minute), or say why not
setup: $(STAMP)
	@$(VENV)/bin/python -W ignore -m parlour.compiled refresh

serve: setup
	$(VENV)/bin/parlour serve --port $(PORT)

# the game-design lab's published reports: every game at its defaults, at the default budget, into docs/lab
# (docs/lab.md; minutes a game: WORKERS=N shares the games among N processes)
WORKERS ?= 2
lab-reports: setup
	$(VENV)/bin/python -m parlour.lab.publish docs/lab --workers $(WORKERS)

play: setup
	$(VENV)/bin/parlour play football-whist

lint: setup
	$(VENV)/bin/ruff check $(CHECKED)
	$(VENV)/bin/mypy $(CHECKED)

# the suite on three workers for two cores (pytest-xdist): browser and server tests spend much of their time waiting
# on pages and bots, so a third worker fills the cores (a clean run: pytest 14 min 2 s on two workers, 9 min 47 s
# on three, 2026-12-05); an idle worker takes tests from a busy one's queue (worksteal), so the long browser sweeps
# do not leave one worker running alone at the end
# (issue 37: 1629 s of pytest in CI before round 14; bench/suite_time.py FILES sums a group's worker-seconds per file.
# A test that only waits for bots' games to end is marked bots_quick: its server's bots move at once and its races
# run at ten times the clock; the 22 marked tests' calls 599 s -> 203 s of worker time, 2026-12-06, on a machine
# loaded by others, the cycle stand-in test 149 s -> 34 s: some 400 worker-seconds, about 2 minutes of the run).
# A test whose person only waits while a Biggles bot wins is marked race_clock (the races' clock alone ten times as
# fast); a module whose tests make and read only their own tables is marked shared_server (one server for the
# module, not one per test: tests/web/conftest.py); the rules tests marked sweep run in one form of the rules only
test: setup $(CHROMIUM) postgres-server lint
	$(VENV)/bin/python -m pytest -n 3 --dist worksteal --durations=25

bench: setup
	$(VENV)/bin/python bench/playouts.py

# the compiled rules (src/parlour/compiled.py, docs/simulation.md), which the install builds: `make compiled`
# builds them again in place (mypyc over the unchanged engine and rules modules, about a minute), `make pure`
# removes them, so that the Python sources run (until the next install)
compiled: $(STAMP)
	$(VENV)/bin/python -W ignore -m parlour.compiled build

pure: $(STAMP)
	$(VENV)/bin/python -W ignore -m parlour.compiled clean

clean:
	rm -rf $(VENV) build src/*.egg-info src/parlour/_compiled.json .pytest_cache .mypy_cache .ruff_cache test-artifacts
	find src/parlour -name "*.so" -delete   # the compiled rules, built in place by the install (setup.py)
