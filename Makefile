# Two commands for a fresh machine:  make serve  (set up, build, serve the site)  and  make test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000

.PHONY: setup serve build test bench clean

$(BIN)/mkdocs: requirements-dev.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r requirements-dev.txt -e .
	touch $@

setup: $(BIN)/mkdocs

build: setup
	$(BIN)/mkdocs build --strict

serve: build
	$(BIN)/python scripts/serve.py --port $(PORT)

test: setup
	$(BIN)/mypy
	$(BIN)/mkdocs build --strict
	$(BIN)/pytest

bench: setup
	$(BIN)/python scripts/bench_engine.py

clean:
	rm -rf site dist .pytest_cache .mypy_cache .hypothesis
