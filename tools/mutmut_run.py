"""``mutmut`` with each mutant's tests run in a pytest session collected once, not started again.

``python tools/mutmut_run.py run [mutmut's arguments]`` is ``mutmut run`` (3.8.1, pinned) with one
part changed: how a mutant's tests are run. mutmut forks a process per mutant and calls
``pytest.main`` in it, so every mutant pays for a pytest start and for collecting the test files
its tests are in: 0.12 s for one test, 0.35 s for twenty tests spread over the suite, 0.65 s for
two hundred, before the first test runs (``docs/mutation.md``). Most mutants are killed by their
first test, so that start was most of a run's time.

Here mutmut's fork server (``process_isolation = "forkserver"`` in ``pyproject.toml``) holds one
pytest session open: it parses the arguments, loads the plugins and conftests and collects every
test once (``HeldSession.warm_up``). For each mutant it forks, as before, and the fork runs the
mutant's tests from that collection, quickest first, stopping at the first failure, through
pytest's own ``runtestprotocol`` (setup, call and teardown hooks, so fixtures, Hypothesis and the
assertion rewriting behave as under ``pytest``). A fork still isolates each mutant: what one
mutant's tests change is gone with its process. Everything else (making the mutants, the traced
stats run, the clean run, the results in ``mutants/``) is mutmut's own.

``--do-not-mutate GLOB`` and ``--only-mutate GLOB`` choose the files mutated for one run (see
:func:`main`).

pytest offers no public way to hold a session between runs, so ``warm_up`` follows the first steps
of ``_pytest.main.wrap_session`` with the pytest pinned in ``requirements-test.lock``.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Iterable

import mutmut.__main__ as mutmut_main
from mutmut.configuration import config
from mutmut.runners.harness import PytestRunner
from mutmut.state import state
from mutmut.workers import isolation


class HeldSession(PytestRunner):
    """A test runner whose ``warm_up`` collects the suite once for the forks that run mutants.

    Only the fork server calls ``warm_up``; the other runs mutmut makes in children of its own
    (stats, the clean run, the forced failure) are plain ``pytest.main`` runs (``PytestRunner``).
    """

    def __init__(self) -> None:
        super().__init__()
        self.items: dict[str, object] | None = None

    def warm_up(self) -> None:
        # pytest is imported in the fork server only: mutmut keeps its own process free of it.
        import pytest
        from _pytest.config import _prepareconfig

        os.chdir("mutants")
        args = ["--rootdir=.", "--tb=native", *self._pytest_args_regular_run([]), *self._pytest_add_cli_args]
        session_config = _prepareconfig(args)
        session_config._do_configure()
        session = pytest.Session.from_config(session_config)
        session_config.hook.pytest_sessionstart(session=session)
        session_config.hook.pytest_collection(session=session)
        if session.testsfailed:
            raise RuntimeError(f"{session.testsfailed} test files could not be collected: run `pytest {' '.join(args)}` in mutants/")
        self.items = {item.nodeid: item for item in session.items}
        gc.freeze()  # the forks share the collected session's memory instead of copying it as they collect garbage

    def run_tests(self, *, mutant_name: str | None, tests: Iterable[str]) -> int:
        if self.items is None or mutant_name is None:
            return super().run_tests(mutant_name=mutant_name, tests=tests)
        from _pytest.runner import runtestprotocol

        durations = state().duration_by_test
        chosen = [self.items[name] for name in sorted(tests, key=lambda name: durations.get(name, 0.0))]
        for index, item in enumerate(chosen):
            following = chosen[index + 1] if index + 1 < len(chosen) else None
            reports = runtestprotocol(item, nextitem=following, log=False)  # type: ignore[arg-type] # the items are pytest.Item
            if any(report.failed for report in reports):
                return 1
        return 0


def runner(max_workers: int = 1) -> isolation.MutantRunner:
    """mutmut's fork server, with a held session to run each mutant's tests."""
    return isolation.ForkServerRunner(
        max_workers=max_workers,
        test_runner_class=HeldSession,
        test_runner_args={},
        debug=config().debug,
        max_restarts=config().max_forkserver_restarts,
    )


def main(argv: list[str]) -> None:
    """mutmut's command line, with the held session, and two options of ours taken out first:
    ``--only-mutate GLOB`` and ``--do-not-mutate GLOB`` add to ``pyproject.toml``'s
    ``only_mutate`` and ``do_not_mutate`` for this run (the Makefile's two targets split the
    package). A file left unmutated also runs at full speed in every test, without mutmut's
    trampolines: the engine's inner loops run through them millions of times."""
    rest: list[str] = []
    words = iter(argv)
    for word in words:
        if word in ("--only-mutate", "--do-not-mutate"):
            getattr(config(), word.removeprefix("--").replace("-", "_")).append(next(words))
        else:
            rest.append(word)
    # mutmut's commands call get_mutant_runner by the name its __main__ imported; ours has its signature.
    mutmut_main.get_mutant_runner = runner  # type: ignore[attr-defined] # imported there, not re-exported
    mutmut_main.cli(rest)


if __name__ == "__main__":
    main(sys.argv[1:])
