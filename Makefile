# The two commands of the README: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP_RUN := $(VENV)/.installed-run
STAMP_DEV := $(VENV)/.installed-dev
# The compiled kernel (every src/parlour/**/_*.c) is built in place by the editable install
# (setup.py); a change to a source or to the build reinstalls, so that a stale build is never run (and the
# package itself refuses an extension older than its source: parlour.mahjong.kernel).
BUILD_INPUTS := pyproject.toml setup.py $(shell find src/parlour -name '_*.c')

.PHONY: run test lint bench clean browser kernel

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP_RUN): $(BUILD_INPUTS) | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(STAMP_DEV): $(BUILD_INPUTS) | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@ $(STAMP_RUN)

run: $(STAMP_RUN)
	$(BIN)/parlour serve

# The suite runs on the compiled kernel when it is built (in CI it must be), and the tests
# of everything with a compiled twin (shapes, notation, MCR's fans, the golden scores, the
# bots and the turn loop that run on them) run once more on the pure-Python path.
PURE_TESTS := tests/mahjong/test_kernel.py tests/mahjong/test_shapes.py \
	tests/mahjong/test_shapes_property.py src/parlour/mahjong/shapes \
	tests/mahjong/test_score_golden.py tests/mahjong/test_plain_notation.py tests/rules/mcr \
	tests/mahjong/test_greedy_decisions.py tests/mahjong/test_turn_loop.py tests/mahjong/test_improving.py \
	tests/mahjong/test_shapes_gold_property.py tests/mahjong/test_constrained_need.py \
	tests/mahjong/test_wilds_kernel.py

test: $(STAMP_DEV)
	$(BIN)/python -m parlour.mahjong.kernel $(if $(filter true,$(CI)),--require)
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests
	$(BIN)/mypy --strict src
	@$(MAKE) --no-print-directory browser
	$(BIN)/python -m pytest
	PARLOUR_PURE=1 $(BIN)/python -m pytest -m 'not slow' $(PURE_TESTS)

# The browser tests drive Debian's Chromium (never a downloaded one): installed here when
# missing and we are root; otherwise those tests skip (or fail when CI=true).
browser:
	@if command -v chromium >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "installing Debian's chromium for the browser tests"; \
		DEBIAN_FRONTEND=noninteractive apt-get install -y chromium \
			|| { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; }; \
	else \
		echo "no chromium on the PATH and not root: the browser tests will be skipped"; \
	fi

bench: $(STAMP_DEV)
	$(BIN)/python -m parlour.mahjong.kernel
	$(BIN)/parlour bench summary
	$(BIN)/parlour bench server

# Rebuild the compiled shape kernel in place now (the editable install's build).
kernel: | $(BIN)/python
	$(BIN)/pip install --quiet --no-deps -e .
	$(BIN)/python -m parlour.mahjong.kernel

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .ruff_cache .mypy_cache
	find src/parlour \( -name '_*.so' -o -name '_*.pyd' \) -delete
