"""tools/pyodide_pytest.mjs (`make unit-pyodide`) split over Node processes: each test runs in one
of them, none twice and none left out, and a run that fails in a process fails as a whole. Here
rather than in tests/ because it needs node_modules' Pyodide, which `make e2e` installs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "tools" / "pyodide_pytest.mjs"
TESTS = "tests/test_mutation_report.py"  # a small file that runs in Pyodide, nine tests at the time of writing


def pyodide_pytest(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["node", str(RUNNER), *args], cwd=ROOT, capture_output=True, text=True, timeout=600)


def collected(path: str) -> set[str]:
    """The tests pytest collects from `path`, under CPython, by their ids."""
    listing = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", path], cwd=ROOT, capture_output=True, text=True, check=True)
    return {line for line in listing.stdout.splitlines() if "::" in line}


def test_two_processes_run_each_test_once():
    result = pyodide_pytest("--jobs", "2", f"/repo/{TESTS}", "-rA")  # the repository is /repo in Pyodide
    assert result.returncode == 0, result.stdout + result.stderr
    # pytest names them from Pyodide's working directory, a folder beside /repo.
    passed = [line.split(" PASSED ../repo/") for line in result.stdout.splitlines() if " PASSED ../repo/" in line]
    ran = [{name for process, name in passed if process == f"[{number}/2]"} for number in (1, 2)]
    assert ran[0] and ran[1] and not ran[0] & ran[1], ran
    assert ran[0] | ran[1] == collected(TESTS)
    assert f"unit-pyodide: {len(ran[0] | ran[1])} tests in " in result.stdout and "(2 processes)" in result.stdout


def test_a_failure_in_a_process_fails_the_run_and_a_bad_count_is_refused():
    # A test id that does not exist is an error (pytest's 4) in each process: the run says so.
    result = pyodide_pytest("--jobs", "2", f"/repo/{TESTS}::no_such_test")
    assert result.returncode == 4, result.stdout + result.stderr
    assert "[1/2] " in result.stdout and "[2/2] " in result.stdout
    refused = pyodide_pytest("--jobs", "two")
    assert refused.returncode == 1 and "--jobs wants a whole number of processes, not two" in refused.stderr
