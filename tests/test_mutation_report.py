"""tools/mutation_report.py: the score per module of mutmut's results, and the gate on survivors
that tests/mutants.toml does not explain."""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import mutation_report  # noqa: E402


def results(tmp_path: Path, **modules: dict[str, int | None]) -> Path:
    for module, codes in modules.items():
        meta = tmp_path / "mutants" / (module.replace(".", "/") + ".py.meta")
        meta.parent.mkdir(parents=True, exist_ok=True)
        meta.write_text(json.dumps({"exit_code_by_key": codes}))
    return tmp_path / "mutants"


def run(tmp_path: Path, mutants: Path, explained: str, *args: str) -> int:
    (tmp_path / "explained.toml").write_text(explained)
    return mutation_report.main(["--mutants", str(mutants), "--explained", str(tmp_path / "explained.toml"), *args])


def test_every_mutant_killed_passes_and_scores_each_module(tmp_path, capsys):
    mutants = results(tmp_path, **{"pkg.a": {"pkg.a.x_f__mutmut_1": 1, "pkg.a.x_f__mutmut_2": 36}, "pkg.b": {"pkg.b.x_g__mutmut_1": 3}})
    assert run(tmp_path, mutants, "[mutants]\n") == 0
    out = capsys.readouterr().out
    assert "pkg.a        2       2  100.0%" in out and "all          3       3  100.0%" in out
    assert "survivors: 0 (0.0%)" in out


def test_a_survivor_fails_unless_explained_with_a_reason(tmp_path, capsys):
    mutants = results(tmp_path, **{"pkg.a": {"pkg.a.x_f__mutmut_1": 1, "pkg.a.x_f__mutmut_2": 0, "pkg.a.x_f__mutmut_3": 33}})
    assert run(tmp_path, mutants, "[mutants]\n") == 1
    out = capsys.readouterr().out
    assert "NOT EXPLAINED (survived): pkg.a.x_f__mutmut_2" in out and "NOT EXPLAINED (no tests): pkg.a.x_f__mutmut_3" in out
    assert "pkg.a        3       1   33.3%" in out
    explained = '[mutants."pkg.a.x_f__mutmut_2"]\nwhy = "equivalent"\n[mutants."pkg.a.x_f__mutmut_3"]\nwhy = "equivalent"\n'
    assert run(tmp_path, mutants, explained) == 0
    assert "of which 2 explained" in capsys.readouterr().out
    assert run(tmp_path, mutants, explained.replace('"equivalent"', '" "', 1)) == 1
    assert "NO REASON: pkg.a.x_f__mutmut_2" in capsys.readouterr().out


def test_an_explained_mutant_that_is_killed_or_gone_is_stale(tmp_path, capsys):
    mutants = results(tmp_path, **{"pkg.a": {"pkg.a.x_f__mutmut_1": 1}})
    for name in ("pkg.a.x_f__mutmut_1", "pkg.a.x_f__mutmut_9"):
        assert run(tmp_path, mutants, f'[mutants."{name}"]\nwhy = "equivalent"\n') == 1
        assert f"STALE: {name}" in capsys.readouterr().out


def test_an_explained_mutant_that_timed_out_is_not_stale(tmp_path, capsys):
    """A speed-only survivor (a cache or shortcut skipped) may exceed the time limit on a loaded
    machine: killed by the clock, its entry stays, as it survives on a quiet one."""
    for code in (-24, 24, 152):
        mutants = results(tmp_path, **{"pkg.a": {"pkg.a.x_f__mutmut_1": code}})
        assert run(tmp_path, mutants, '[mutants."pkg.a.x_f__mutmut_1"]\nwhy = "equivalent (speed only)"\n') == 0
        out = capsys.readouterr().out
        assert "STALE" not in out and "pkg.a        1       1  100.0%" in out


def test_modules_are_chosen_by_prefix_and_left_out_with_not(tmp_path, capsys):
    mutants = results(tmp_path, **{"pkg.solver.a": {"pkg.solver.a.x_f__mutmut_1": 0}, "pkg.b": {"pkg.b.x_g__mutmut_1": 1}})
    assert run(tmp_path, mutants, "[mutants]\n", "--not", "pkg.solver") == 0
    assert "pkg.solver" not in capsys.readouterr().out
    assert run(tmp_path, mutants, "[mutants]\n", "pkg.solver") == 1
    assert "pkg.b" not in capsys.readouterr().out.replace("NOT EXPLAINED", "")


def test_the_entries_of_modules_left_out_are_not_stale(tmp_path, capsys):
    # The package's own __init__.py is mutated too: its module's name starts every entry's, the
    # engine's included, which the package's run (`--not pkg.solver`) must leave alone.
    package = {"pkg.__init__": {"pkg.x___getattr____mutmut_1": 1}, "pkg.b": {"pkg.b.x_g__mutmut_1": 1}}
    mutants = results(tmp_path, **package, **{"pkg.solver.rows": {"pkg.solver.rows.xǁAnalyserǁsuggest__mutmut_1": 0}})
    engine = '[mutants."pkg.solver.rows.xǁAnalyserǁsuggest__mutmut_1"]\nwhy = "equivalent"\n'
    assert run(tmp_path, mutants, engine, "--not", "pkg.solver") == 0
    assert "STALE" not in capsys.readouterr().out
    # The same entry where its module is reported: explained there, stale once killed or gone.
    assert run(tmp_path, mutants, engine, "pkg.solver") == 0
    assert run(tmp_path, results(tmp_path, **{"pkg.solver.rows": {"pkg.solver.rows.xǁAnalyserǁsuggest__mutmut_1": 1}}), engine, "pkg.solver") == 1
    assert "STALE: pkg.solver.rows.xǁAnalyserǁsuggest__mutmut_1" in capsys.readouterr().out
    gone = engine.replace("suggest__mutmut_1", "suggest__mutmut_2")
    assert run(tmp_path, mutants, gone, "pkg.solver") == 1
    assert "STALE: pkg.solver.rows.xǁAnalyserǁsuggest__mutmut_2" in capsys.readouterr().out


def test_an_entry_of_a_module_that_no_longer_exists_is_stale(tmp_path, capsys):
    mutants = results(tmp_path, **{"pkg.b": {"pkg.b.x_g__mutmut_1": 1}})
    assert run(tmp_path, mutants, '[mutants."pkg.gone.x_f__mutmut_1"]\nwhy = "equivalent"\n', "--not", "pkg.solver") == 1
    assert "STALE: pkg.gone.x_f__mutmut_1" in capsys.readouterr().out


def test_a_prefix_is_a_whole_module_name(tmp_path, capsys):
    # `--not pkg.solver` leaves out pkg.solver and what is inside it, not pkg.solverless.
    mutants = results(tmp_path, **{"pkg.solver.a": {"pkg.solver.a.x_f__mutmut_1": 0}, "pkg.solverless": {"pkg.solverless.x_g__mutmut_1": 0}})
    assert run(tmp_path, mutants, "[mutants]\n", "--not", "pkg.solver") == 1
    out = capsys.readouterr().out
    assert "NOT EXPLAINED (survived): pkg.solverless.x_g__mutmut_1" in out and "pkg.solver.a" not in out


def test_no_results_is_an_error(tmp_path):
    assert run(tmp_path, tmp_path / "mutants", "[mutants]\n") == 2


def test_the_committed_explanations_each_give_a_reason():
    explained = tomllib.loads((ROOT / "tests" / "mutants.toml").read_text())["mutants"]
    assert all(entry["why"].strip() for entry in explained.values())
    assert all(name.startswith("mastermind.") and "__mutmut_" in name for name in explained)

