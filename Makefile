# Two commands for a fresh machine:  make serve  (set up, build, serve the site)  and  make test.
# Working on the engine:  make check  (lint, types, the tests that need no browser and no Pyodide).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
# make bench: the engine before issue 12's last speed work (a git revision), its races/s beside today's
BENCH_BEFORE ?= 08534ca
export NO_MKDOCS_2_WARNING := 1

.PHONY: setup test-wheels lock vendor build build-zensical build-properdocs serve pdf lint check check-site test numbers bench bench-site bench-invariants clean

# Every Python package, transitive ones included, comes from requirements-lock.txt, each checked against its
# SHA-256 (requirements-dev.txt names the direct pins; make lock writes the lock from it and pyproject.toml).
# uv, itself in the lock, is installed by pip from its own lines of the lock, hashes checked too.
# uv installs the requirements: on an empty cache in 4 s, where pip took 40 (it fetches in parallel).
# Their bytecode compiled once, as pip does (uv does not by default): where PYTHONDONTWRITEBYTECODE is
# set, every Python the tests start would compile its imports again (0.8 s for the build's and tests').
# The engine itself (-e .) is built by the locked setuptools: no dependency, no isolated build to fetch one.
$(BIN)/uv: requirements-lock.txt
	$(PYTHON) -m venv $(VENV)
	awk '/^uv==/ {on = 1} on {print} on && !/\\$$/ {exit}' requirements-lock.txt > $(VENV)/uv-lock.txt
	$(BIN)/pip install --quiet --require-hashes --no-deps -r $(VENV)/uv-lock.txt
	touch $@

$(BIN)/mkdocs: requirements-lock.txt pyproject.toml $(BIN)/uv
	$(BIN)/uv pip install --quiet --compile-bytecode --require-hashes --python $(BIN)/python -r requirements-lock.txt
	$(BIN)/uv pip install --quiet --compile-bytecode --no-deps --no-build-isolation --python $(BIN)/python -e .
	touch $@

# The lock written again from requirements-dev.txt and pyproject.toml (needs the package index): what it
# already locks is kept unless a pin asks otherwise; make lock LOCK_FLAGS=--upgrade takes the newest of all.
LOCK_FLAGS ?=
lock: $(BIN)/uv
	$(BIN)/uv pip compile --quiet --universal --python-version 3.11 --generate-hashes --all-extras $(LOCK_FLAGS) \
		--custom-compile-command "make lock" -o requirements-lock.txt requirements-dev.txt pyproject.toml

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund

# The pure wheels the engine's tests need inside Pyodide, checked each time (downloaded only if missing)
test-wheels: $(BIN)/mkdocs
	@scripts/fetch_test_wheels.sh

setup: $(BIN)/mkdocs node_modules/.package-lock.json test-wheels

# Pyodide (from the npm package) and the engine's wheel, copied into the site's sources. The build does
# it itself whenever the engine changed since (playable/vendor.py); this does it again by hand.
vendor: setup
	$(BIN)/python scripts/vendor_pyodide.py

build: setup
	$(BIN)/mkdocs build --strict

# The same site built by Zensical (Material's successor) into site-zensical/, the hooks' work done around it
build-zensical: setup
	$(BIN)/python scripts/build_zensical.py --site-dir site-zensical

# The same site built by ProperDocs (the maintained fork of MkDocs 1.x, the same hooks and plugins) into
# site-properdocs/: what a maintainer switches to when MkDocs 1 can no longer be installed
build-properdocs: setup
	$(BIN)/python scripts/build_properdocs.py --site-dir site-properdocs

serve: build
	$(BIN)/python scripts/serve.py --port $(PORT)

# The rulebooks printed (Chromium, as the tests run it): site/pdf/<game>-fr.pdf, -en.pdf, <game>.pdf (both)
pdf: build
	$(BIN)/python scripts/print_pdf.py

# The browser's JavaScript too: ESLint (no import cycle among the modules; eslint.config.mjs) and tsc, the
# modules' JSDoc types checked strictly (jsconfig.json).
lint: $(BIN)/mkdocs node_modules/.package-lock.json
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/zizmor --offline --config .github/zizmor.yml .github/workflows/
	node_modules/.bin/eslint playable/assets/parcours playable/sw.js playable/search_later.js
	node_modules/.bin/tsc -p jsconfig.json

# The engine's fast loop: no browser, no Pyodide, no site build, no bots' strength, a lighter fuzz.
# (Test by test across the two workers: these tests share no servers.)
check: lint
	FUZZ_EXAMPLES=100 $(BIN)/pytest -n 2 --dist load -m "not browser and not pyodide and not site and not strength and not replay"

# The site's fast loop, beside it: the build's modules (playable/) on the site's data and the built pages,
# no browser and no build of a whole site (those are make test's: marked build). Needs make build first.
check-site: lint
	$(BIN)/pytest -n 2 --dist load -m "site and not browser and not build"

# Lint (mypy, single-threaded) beside the site's build, then pytest: three workers on two cores, handed
# the slowest kinds of test first (tests/conftest.py) and one test at a time, except the tests that share
# a page or a run (marked xdist_group), which go to one worker together. The browser tests spend much of
# their time waiting on Python's start in Chromium, and a third worker fills those waits. Every wait on
# the engine allows Python's own timeout (90 s), so a loaded machine makes them slower, not failing.
test: setup
	$(MAKE) --no-print-directory -j2 --output-sync=target lint build
	$(BIN)/pytest -n 3 --dist loadgroup --no-loadscope-reorder --durations=15

# Every game's numbers and what each reading changes (docs/<game>/numbers.json, impact.json), measured to
# the precision of playable/measuring.py on every core; each script prints how long it took.
numbers: setup
	$(BIN)/python scripts/game_numbers.py
	$(BIN)/python scripts/reading_impact.py

bench: setup
	$(BIN)/python scripts/bench_engine.py --before $(BENCH_BEFORE) --pyodide

bench-invariants: setup
	$(BIN)/python scripts/bench_invariants.py --jobs 2

bench-site: build
	$(BIN)/python scripts/bench_site.py
	$(BIN)/python scripts/bench_lighthouse.py

clean:
	rm -rf site site-zensical site-properdocs dist .pytest_cache .mypy_cache .hypothesis docs/assets/vendor docs/parcours
