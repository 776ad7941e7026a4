# Bito: `make demo` sets up and runs the main job; `make test` sets up and runs the tests.
VENV := .venv
PY := $(VENV)/bin/python
PYTHON ?= python3

.PHONY: setup demo test lint bench

setup: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

demo: setup
	$(VENV)/bin/bito demo

lint: setup
	$(VENV)/bin/ruff check referee companion vision bench tests
	$(VENV)/bin/ruff format --check referee companion vision bench tests
	$(VENV)/bin/mypy referee companion vision

test: lint
	$(VENV)/bin/pytest

bench: setup
	$(PY) bench/referee.py
