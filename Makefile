# Mastermind: build, serve and test. Every target installs what it needs into the repository
# (.venv from requirements-test.lock, node_modules from package-lock.json) and skips what is
# already there, so a second run is quick.

PYTHON ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
SITE := _site
PORT ?= 8000
VENV_STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
BROWSER_STAMP := $(VENV)/.browser

.PHONY: all site serve test lint pot catalogs po unit books unit-pyodide e2e mutation mutation-engine bench bench-update lighthouse screenshot strategy lock clean

all: site

# --- dependencies ----------------------------------------------------------------------------

$(VENV_STAMP): requirements-test.lock pyproject.toml
	test -x $(VPY) || $(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet --disable-pip-version-check --require-hashes -r requirements-test.lock
	$(VPY) -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e .
	touch $@

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# A Chromium for the end-to-end tests: $PLAYWRIGHT_CHROMIUM_EXECUTABLE, else /usr/bin/chromium,
# else Playwright's own (downloaded once; e2e/conftest.py makes the same choice).
$(BROWSER_STAMP): $(VENV_STAMP)
	@if [ -n "$$PLAYWRIGHT_CHROMIUM_EXECUTABLE" ] || [ -x /usr/bin/chromium ]; then \
		echo "Chromium: $${PLAYWRIGHT_CHROMIUM_EXECUTABLE:-/usr/bin/chromium}"; \
	else \
		$(VENV)/bin/playwright install chromium; \
	fi
	touch $@

# --- the language catalogs -------------------------------------------------------------------

# tools/catalogs.py (Babel, from .venv): `make pot` extracts every text into the committed
# mastermind/locale/mastermind.pot; `make catalogs` writes the pseudo-language qps from it and
# compiles every language's .po into the .mo the game reads (neither committed: built by every
# target that runs the game); `make po LANGS="fr de"` brings those .po files up to date with the
# template, for translators.
pot: $(VENV_STAMP)
	$(VPY) tools/catalogs.py pot

catalogs: $(VENV_STAMP)
	$(VPY) tools/catalogs.py compile

po: $(VENV_STAMP)
	$(VPY) tools/catalogs.py update $(LANGS)

# --- the site --------------------------------------------------------------------------------

site: $(NODE_STAMP) catalogs
	$(PYTHON) tools/build_site.py $(SITE)

serve: site
	$(PYTHON) tools/serve.py $(SITE) $(PORT)

# --- tests and measurements ------------------------------------------------------------------

test: lint unit books unit-pyodide e2e

# ruff (rules chosen in pyproject.toml) over every Python file; mypy --strict over the package, the
# browser adapter and tools/ (pyproject.toml's files); then mypy's default checks over the tests and
# the benchmarks: MYPY_DEFAULT undoes the config's `strict` flag by flag. tests/, e2e/ and bench/ run
# apart: tests/ and e2e/ each have a conftest.py, e2e/ is a package by its path (its tests import each
# other relatively), and bench/'s scripts import each other by name. Both tools are pinned in
# requirements-test.lock.
MYPY_DEFAULT := --allow-untyped-defs --allow-incomplete-defs --allow-untyped-calls --allow-untyped-decorators \
	--no-check-untyped-defs --allow-any-generics --allow-subclassing-any --no-warn-return-any --no-warn-unused-ignores \
	--implicit-reexport --no-strict-equality --no-extra-checks --no-warn-redundant-casts --no-warn-unused-configs

lint: $(VENV_STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	$(VENV)/bin/mypy $(MYPY_DEFAULT) tests
	$(VENV)/bin/mypy $(MYPY_DEFAULT) --explicit-package-bases e2e
	$(VENV)/bin/mypy $(MYPY_DEFAULT) bench

# The test suites run on every core (JOBS=1 runs them one test at a time): the unit tests and the
# end-to-end tests in pytest-xdist's workers, each worker with its own server and browser
# (e2e/conftest.py), the Pyodide tests in as many Node processes (docs/testing.md has the figures).
# xdist's `worksteal` lets an idle worker take tests queued for a busy one: a few tests take far
# longer than the rest.
CORES := $(or $(JOBS),$(shell nproc))
XDIST := $(if $(filter 1,$(CORES)),,-n $(CORES) --dist worksteal)

unit: $(VENV_STAMP) catalogs
	$(VPY) -m pytest $(XDIST) -m "not books"

# The shipped trees and opening books walked for every secret (a million games per 6-peg book, about
# 15 s; tests marked `books`). The unit suite, Pyodide's and the mutation runs check the books by a
# cheaper property, one secret's path at a time: under mutmut's tracing the walks took minutes.
books: $(VENV_STAMP) catalogs
	$(VPY) -m pytest $(XDIST) -m books

# The same unit tests and doctests in the vendored Pyodide, under Node: the Python the players run
# (pytest comes from .venv, so nothing is downloaded; see tools/pyodide_pytest.mjs).
unit-pyodide: $(VENV_STAMP) $(NODE_STAMP) catalogs
	node tools/pyodide_pytest.mjs --jobs $(CORES)

# A test whose browser tab crashed (Chromium's renderer, not the page: seen once in many runs, while
# two contexts started Pyodide at once) runs once more, and the crash stays in the report (`R`);
# any other failure fails at once (pytest-rerunfailures).
# The suite runs untraced: Playwright's trace (a screenshot and a DOM snapshot at every step) cost
# each test about 3 s of CPU (docs/testing.md). The tests that failed then run once more, at most
# E2E_TRACED of them, traced: their traces are kept in test-results/ (`playwright show-trace`), and
# `make e2e` exits with the first run's status whatever the second gives: a failure stays red.
# E2E names the tests to run (all of e2e/ by default), e.g. `make e2e E2E=e2e/test_solo.py`.
E2E_ARGS := --output=test-results --reruns 1 --only-rerun "Page crashed" --only-rerun "Target crashed"
E2E_TRACED := 10
E2E := e2e
# The tests marked `alone` time the page's main-thread tasks: they run after the others, one at a
# time, so that no other test's browser shares the two cores (pytest's status 5, "no test of the
# kind in E2E", is no failure).
e2e: site $(BROWSER_STAMP)
	@status=0; \
	$(VPY) -m pytest $(E2E) $(XDIST) -m "not alone" --tracing=off $(E2E_ARGS) || status=$$?; \
	$(VPY) -m pytest $(E2E) -p no:xdist -m alone --tracing=off $(E2E_ARGS) || { code=$$?; [ $$code = 5 ] || status=$$code; }; \
	[ $$status = 5 ] && status=0; \
	if [ $$status != 0 ]; then \
		echo "make e2e: the failed tests once more, traced into test-results/ (the run stays failed)"; \
		$(VPY) -m pytest $(E2E) $(XDIST) --last-failed --last-failed-no-failures none --maxfail $(E2E_TRACED) --tracing=on $(E2E_ARGS); \
	fi; \
	exit $$status

# Mutation testing (mutmut, configured in pyproject.toml's [tool.mutmut]): every mutant of the
# package but the engine (`make mutation`), or of the engine, mastermind/solver/ (`make
# mutation-engine`), is run against the tests that reach it; tools/mutation_report.py prints the
# score per module and fails when a mutant survives that tests/mutants.toml does not explain.
# Not part of `make test`: it takes tens of minutes (docs/mutation.md); NICE=10 JOBS=1 run it gently.
MUTATION_MODULES := $(sort $(basename $(subst /,.,$(filter-out mastermind/solver/% mastermind/data/% %/__init__.py %/__main__.py,$(wildcard mastermind/*.py mastermind/*/*.py)))))
MUTMUT := HYPOTHESIS_PROFILE=mutation nice -n $(or $(NICE),0) $(VPY) tools/mutmut_run.py run --max-children $(CORES)

# Both targets leave out the test files that can kill no mutant: the terminal run in subprocesses
# (test_cli_data) and the import graph read as text (test_layers). `make mutation` also leaves out
# those that reach its modules only through the engine: the opening books and HAL's bounds
# (test_books, test_hal_bounds: the rules they call are the rules' own tests' business). Traced by
# mutmut's stats run, these four took 80% of its time.
MUTATION_BLIND := tests/test_cli_data.py tests/test_layers.py
MUTATION_IGNORE := tests/test_books.py tests/test_hal_bounds.py $(MUTATION_BLIND)
# Both targets leave out the test of the mutation runner itself (mutmut in subprocesses), the one
# test that reads the package's sources as text (the catalog template extracted from mutmut's
# rewritten copies is not the committed one) and the books' full walks (`make books`; the unit
# suite's cheaper property of them stays). `-k 'not __mutmut_'` leaves out the doctests pytest finds
# in mutmut's copies of a function (each mutant is a copy, docstring and all): the same example as
# the function's own doctest, run once per mutant of it by every survivor of that function.
MUTATION_DESELECT := -m 'not books' -k 'not __mutmut_' --ignore=tests/test_mutmut_run.py --deselect tests/test_catalogs.py::test_the_committed_template_holds_exactly_the_sources_texts

mutation: $(VENV_STAMP) catalogs
	rm -rf mutants
	PYTEST_ADDOPTS="$(addprefix --ignore=,$(MUTATION_IGNORE)) $(MUTATION_DESELECT)" $(MUTMUT) --do-not-mutate 'mastermind/solver/*' 'mastermind.x*' 'mastermind.cli.x*' 'mastermind.page.x*' $(addsuffix .*,$(MUTATION_MODULES)) >mutants.log 2>&1 || (tail -n 40 mutants.log; exit 1)
	$(VPY) tools/mutation_report.py --not mastermind.solver

mutation-engine: $(VENV_STAMP) catalogs
	rm -rf mutants
	PYTEST_ADDOPTS="$(addprefix --ignore=,$(MUTATION_BLIND)) $(MUTATION_DESELECT)" $(MUTMUT) --only-mutate 'mastermind/solver/*' 'mastermind.solver.*' >mutants.log 2>&1 || (tail -n 40 mutants.log; exit 1)
	$(VPY) tools/mutation_report.py mastermind.solver

bench: site $(BROWSER_STAMP)
	$(VPY) bench/startup.py

# Bytes of a first visit and of an update after a one-line change (builds the site twice itself).
bench-update: $(NODE_STAMP) $(BROWSER_STAMP)
	$(VPY) bench/update.py

# Lighthouse (pinned in package.json) on the built site, a first visit of `/` and `?mode=solo` with its
# mobile preset, 3 runs each: prints the medians and the targets met (docs/startup.md). It measures and
# exits 0 whether the targets are met or not; not part of `make test` (minutes, and noisy).
lighthouse: site
	$(VPY) tools/lighthouse.py $(SITE)

# Recompute HAL9000's trees and books into mastermind/data/ (offline: about an hour on two cores). The
# 5-peg trees and the 6-peg books need numpy (requirements-tools.lock); the package and tests never do.
TOOLS_STAMP := $(VENV)/.tools
$(TOOLS_STAMP): $(VENV_STAMP) requirements-tools.lock
	$(VPY) -m pip install --quiet --disable-pip-version-check --require-hashes -r requirements-tools.lock
	touch $@

strategy: $(TOOLS_STAMP)
	$(VPY) tools/make_strategy.py $(SHAPES)

screenshot: site $(BROWSER_STAMP)
	$(VPY) tools/screenshot.py docs

# Regenerate requirements-test.lock and requirements-tools.lock from pyproject.toml's [test] and [tools] extras (pip-tools, in a scratch venv).
lock:
	rm -rf .lock-venv && $(PYTHON) -m venv .lock-venv
	.lock-venv/bin/pip install --quiet pip-tools
	.lock-venv/bin/pip-compile --quiet --extra test --generate-hashes --strip-extras --allow-unsafe --build-deps-for editable \
		--no-emit-index-url --no-emit-find-links -o requirements-test.lock pyproject.toml
	.lock-venv/bin/pip-compile --quiet --extra tools --generate-hashes --strip-extras --allow-unsafe \
		--no-emit-index-url --no-emit-find-links -o requirements-tools.lock pyproject.toml
	rm -rf .lock-venv

clean:
	rm -rf $(SITE) .pytest_cache .hypothesis test-results mutants mutants.log
