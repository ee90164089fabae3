"""tools/mutmut_run.py: a mutant's tests run in a fork of one collected pytest session give the
verdict mutmut's own runner (a pytest started for each mutant) gives, mutant by mutant."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

PROJECT = {
    "pyproject.toml": """
[tool.mutmut]
source_paths = ["pkg"]
process_isolation = "forkserver"

[tool.pytest.ini_options]
testpaths = ["tests"]
""",
    "pkg/__init__.py": "",
    "pkg/other.py": """
def double(value):
    return 2 * value
""",
    "pkg/calc.py": """
def clamp(value, low, high):
    if value < low:
        return low
    return min(value, high)


def describe(value):
    return "big" if value > 100 else "small"
""",
    # A session fixture one test changes: a fork must not carry the change to the next mutant.
    # No test looks at clamp's or describe's boundaries, so the mutants there survive.
    "tests/conftest.py": """
import pytest

@pytest.fixture(scope="session")
def seen():
    return []
""",
    "tests/test_calc.py": """
from pkg.calc import clamp, describe
from pkg.other import double

def test_inside(seen):
    seen.append(1)
    assert seen == [1] and clamp(5, 0, 10) == 5

def test_edges():
    assert clamp(-1, 0, 10) == 0 and clamp(11, 0, 10) == 10

def test_describe():
    assert describe(1000) == "big" and double(2) == 4
""",
}


def verdicts(project: Path, *command: str, options: tuple[str, ...] = ()) -> dict[str, int]:
    for name, text in PROJECT.items():
        (project / name).parent.mkdir(parents=True, exist_ok=True)
        (project / name).write_text(text)
    env = {key: value for key, value in os.environ.items() if not key.startswith(("PYTEST_", "MUTANT_"))}
    done = subprocess.run(
        [*command, "run", "--max-children", "2", *options], cwd=project, env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=600
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    codes: dict[str, int] = json.loads((project / "mutants/pkg/calc.py.meta").read_text())["exit_code_by_key"]
    return codes


@pytest.mark.cpython_only("runs mutmut in subprocesses")
def test_the_held_session_kills_the_mutants_mutmuts_own_runner_kills(tmp_path):
    (tmp_path / "held").mkdir()
    (tmp_path / "own").mkdir()
    held = verdicts(tmp_path / "held", sys.executable, str(ROOT / "tools/mutmut_run.py"), options=("--do-not-mutate", "pkg/other.py"))
    own = verdicts(tmp_path / "own", sys.executable, "-m", "mutmut")
    # --do-not-mutate leaves a file as it is, for this run only
    assert "x_double" not in (tmp_path / "held/mutants/pkg/other.py").read_text()
    assert "x_double" in (tmp_path / "own/mutants/pkg/other.py").read_text()
    assert held == own
    assert {0, 1} <= set(held.values())  # some killed, some survived: the comparison means something
    assert held["pkg.calc.x_clamp__mutmut_1"] == 0  # `<` -> `<=`: at value == low both give low
    assert held["pkg.calc.x_describe__mutmut_5"] == 0  # `>` -> `>=`: no test looks at 100
    assert held["pkg.calc.x_clamp__mutmut_2"] == 1
