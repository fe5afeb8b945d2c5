# memlab — `make run` sets up .venv and runs the default benchmark suite; `make test` runs the tests.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup run test lint lab perf clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e ".[dev]"
	touch $(STAMP)

run: setup
	$(BIN)/memlab bench

lint: setup
	$(BIN)/ruff check memlab tests
	$(BIN)/mypy memlab

test: setup lint
	$(BIN)/pytest

lab: setup
	$(BIN)/jupyter lab --ServerApp.ip=127.0.0.1 --ServerApp.allow_root=True --no-browser notebooks/

perf: setup
	$(BIN)/memlab perf core
	$(BIN)/memlab perf retrieval
	$(BIN)/memlab perf knowledge

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache
