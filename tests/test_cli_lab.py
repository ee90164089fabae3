"""The Strategy lab in the terminal: ``python -m mastermind --mode lab FILE`` prints the harness's own
figures for the file (mean and worst on lines of their own), and ``--player FILE`` breaks a
person's code in computer mode. Driven in-process and through a pipe, with no keyboard."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mastermind import Config, lab
from mastermind.config import TOURNAMENT
from mastermind.i18n import number

from .transcripts import lines, play

STARTER = Path(lab.__file__).parent / "data" / "starter_strategy.py"


@pytest.fixture(autouse=True)
def patient(monkeypatch):
    """No figure here may depend on the machine's load: a guess gets a minute unless a test sets
    its own limit (``--limit``)."""
    monkeypatch.setattr(lab, "LIMIT", 60.0)


def figure(out: str, label: str) -> str:
    """The figure on the line that starts with `label` (the one such line)."""
    found = [line.removeprefix(label + " ") for line in out.splitlines() if line.startswith(label + " ")]
    assert len(found) == 1, out
    return found[0]


def write(tmp_path: Path, source: str, name: str = "mine.py") -> str:
    path = tmp_path / name
    path.write_text(source, encoding="utf-8")
    return str(path)


def test_the_starter_s_table_holds_the_harness_s_own_figures():
    status, out = play("", "--mode", "lab", str(STARTER))
    score = lab.score(lab.starter(), lab.Rules.of(Config(max_guesses=12)))
    assert status == 0
    assert figure(out, "mean") == f"{score.mean:.3f}" == "4.596"
    assert figure(out, "worst") == str(score.worst) == "7"
    assert figure(out, "games") == "1,296" and figure(out, "not won") == "0"
    assert out.startswith("Strategy lab: starter_strategy.\nRules: 4 pegs; colours: Blue, Green, Orange, Purple, Red, "
                          "Yellow; colours may repeat; 12 guesses.\nSecrets: all 1,296 codes.\n")
    assert "Games won in N guesses:\n  1   1 #\n  2  13 #\n  3 103 #######\n" in out
    assert "optimal 4.340 (Kenji Koyama and Tony W. Lai" in out and "random consistent guesses 4.638 (Peter F. Swaszek" in out


def test_the_rules_options_choose_the_secrets(tmp_path):
    status, out = play("", "--mode", "lab", str(STARTER), "--no-duplicates")
    assert status == 0 and "Secrets: all 360 codes." in out and figure(out, "games") == "360"
    assert "; no colour twice; " in out
    rules = lab.Rules.of(Config(allow_duplicates=False))
    assert figure(out, "mean") == number(lab.score(lab.starter(), rules).mean, 3)
    status, out = play("", "--mode", "lab", str(STARTER), "--pegs", "5", "--colors", "8")
    assert status == 0 and "Secrets: a fixed sample of 1,000 of the 32,768 codes (seed 2026)." in out
    assert "optimal" not in out and "To compare:" not in out  # no reference point for these rules


def test_compare_scores_the_computer_players_on_the_same_secrets():
    status, out = play("", "--mode", "lab", str(STARTER), "--no-duplicates", "--compare")
    rules = lab.Rules.of(Config(allow_duplicates=False))
    assert status == 0
    assert figure(out, "HAL9000") == number(lab.score(lab.computer("HAL9000"), rules).mean, 3)
    assert figure(out, "VIKI") == number(lab.score(lab.computer("VIKI"), rules).mean, 3)


def test_a_broken_strategy_is_explained_and_nothing_is_scored(tmp_path):
    status, out = play("", "--mode", "lab", write(tmp_path, "def guess(history, rules)\n    return 'RGBY'\n"))
    assert (status, out) == (1, 'Syntax error on line 1, column 26: Python says "expected \':\'".\n')
    status, out = play("", "--mode", "lab", str(tmp_path / "missing.py"))
    assert status == 1 and out.startswith("Cannot read the strategy ") and out.endswith(": No such file or directory.\n")


def test_a_missing_file_is_named(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert play("", "--mode", "lab", "missing.py") == (1, "Cannot read the strategy missing.py: No such file or directory.\n")


def test_a_strategy_is_named_after_its_file_and_reads_the_files_beside_it(tmp_path, monkeypatch):
    """Its module's ``__file__`` is its path, so a strategy can keep a table of its own beside it,
    whatever the folder the lab runs in."""
    (tmp_path / "opening.txt").write_text("G\n", encoding="utf-8")
    source = "import os\nOPENING = open(os.path.join(os.path.dirname(__file__), 'opening.txt')).read().strip()\n" \
             "def guess(history, rules):\n    return OPENING\n"
    path = write(tmp_path, source, "mine.txt")
    monkeypatch.chdir(tmp_path.parent)
    status, out = play("", "--mode", "lab", path, "--pegs", "1", "--colors", "2")
    assert status == 0 and out.startswith("Strategy lab: mine.\n")
    assert figure(out, "not won") == "1" and figure(out, "mean") == number((1 + 13) / 2, 3)


@pytest.mark.cpython_only(reason="a strategy is stopped by a timer signal, which Pyodide does not send")
def test_a_strategy_that_never_finishes_loading_is_stopped(tmp_path, monkeypatch):
    monkeypatch.setattr(lab, "LOAD_LIMIT", 0.1)
    status, out = play("", "--mode", "lab", write(tmp_path, "while True:\n    pass\n"))
    assert (status, out) == (1, "The strategy did not finish loading within 0.1 s.\n")


def test_a_file_that_is_no_utf8_text_is_refused_as_the_page_refuses_it(tmp_path):
    path = tmp_path / "latin.py"
    path.write_bytes("# Čapek's robots\n".encode("cp1250"))
    status, out = play("", "--mode", "lab", str(path))
    assert (status, out) == (1, "The file latin.py is not a strategy: its text is not UTF-8.\n")


def test_a_strategy_file_is_read_as_utf8_whatever_the_system_s_encoding(tmp_path, monkeypatch):
    """A file read without an encoding is read in the system's: here Latin-1's, as on a system set
    up so, where the two bytes of Č would be two characters."""
    import io

    from mastermind.cli.lab import read

    path = write(tmp_path, "assert len('Č') == 1\ndef guess(history, rules):\n    return 'B'\n")
    monkeypatch.setattr(io, "text_encoding", lambda encoding, stacklevel=2: encoding or "latin-1")
    strategy = read(Path(path))
    assert lab.play_one(strategy, lab.Rules.of(Config(pegs=1, colors=2)), "B").won


def test_the_first_problem_is_shown_with_its_secret_and_counted(tmp_path):
    source = "def guess(history, rules):\n    if history:\n        return history[0][0][::-1] + 'X'\n    return 'BGOP'\n"
    status, out = play("", "--mode", "lab", write(tmp_path, source))
    assert status == 0
    assert figure(out, "illegal guesses") == "1,295" and figure(out, "not won") == "1,295" and figure(out, "worst") == "1"
    assert "First problem, secret BBBB: Guess 2 was refused: A code has 4 pegs, this has 5." in out


def test_what_a_strategy_prints_is_kept_apart_from_the_table(tmp_path):
    source = "def guess(history, rules):\n    print('thinking\\x1b[2J', len(history))\n    return 'BB'\n"
    status, out = play("", "--mode", "lab", write(tmp_path, source), "--pegs", "2", "--colors", "2")
    assert status == 0
    printed = out.split("The strategy printed ", 1)[1].splitlines()
    assert printed[0].endswith(" characters; the first lines:")
    assert printed[1:4] == ["thinking\\x1b[2J 0", "thinking\\x1b[2J 0", "thinking\\x1b[2J 1"]  # escapes kept inert


def test_lab_mode_needs_its_file(capsys):
    with pytest.raises(SystemExit) as exit_:
        play("", "--mode", "lab")
    assert exit_.value.code == 2 and "--mode lab: give the strategy's file" in capsys.readouterr().err


def test_player_is_refused_outside_computer_mode(capsys):
    with pytest.raises(SystemExit) as exit_:
        play("", "--mode", "duel", "--player", str(STARTER))
    assert exit_.value.code == 2 and "--player: a strategy file plays in computer and tournament modes" in capsys.readouterr().err


def test_a_strategy_file_breaks_a_person_s_code_in_computer_mode():
    status, out = play(lines("RGBY", "n"), "--mode", "computer", "--player", str(STARTER))
    assert status == 0
    game = lab.play_one(lab.starter(), lab.Rules.of(Config(max_guesses=10)), "RGBY")
    assert re.findall(r"starter_strategy's guess: (\w+) ->", out) == list(game.guesses)
    assert out.splitlines()[0].startswith("starter_strategy will break your secret code of 4 pegs")
    assert f"starter_strategy broke your code in {len(game.guesses)} guesses." in out


def test_a_failing_strategy_loses_computer_mode_and_says_why(tmp_path):
    source = "def guess(history, rules):\n    if history:\n        raise KeyError('nope')\n    return 'BBGG'\n"
    status, out = play(lines("RGBY", "n"), "--mode", "computer", "--player", write(tmp_path, source))
    assert status == 0
    assert "mine failed: Guess 2: the strategy raised KeyError: 'nope' on line 3.\nYour code RGBY was not broken - You win !!\n" in out


def test_a_strategy_that_cannot_load_ends_computer_mode_at_once(tmp_path):
    status, out = play(lines("RGBY"), "--mode", "computer", "--player", write(tmp_path, "x = 1\n"))
    assert (status, out) == (0, "The strategy has no guess(history, rules) function and no Strategy class.\n")


def run(*argv: str, language: str = "C") -> subprocess.CompletedProcess[str]:
    env = {name: value for name, value in os.environ.items() if name not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    return subprocess.run([sys.executable, "-m", "mastermind", *argv], stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, encoding="utf-8", env=env | {"LANG": language, "PYTHONIOENCODING": "utf-8"},
                          timeout=300, check=False)


@pytest.mark.cpython_only(reason="starts a Python subprocess")
def test_through_a_pipe_the_mean_is_the_harness_s():
    done = run("--mode", "lab", str(STARTER), "--limit", "60")
    assert done.returncode == 0 and done.stderr == ""
    assert figure(done.stdout, "mean") == "4.596" and figure(done.stdout, "worst") == "7"


@pytest.mark.cpython_only(reason="starts a Python subprocess, and stops a guess by a timer signal")
def test_a_guess_that_never_answers_is_stopped_by_the_time_limit(tmp_path):
    source = "def guess(history, rules):\n    while True:\n        try:\n            pass\n        except Exception:\n            pass\n"
    done = run("--mode", "lab", write(tmp_path, source), "--pegs", "1", "--colors", "2", "--limit", "0.2")
    assert done.returncode == 0, done.stderr
    assert figure(done.stdout, "too slow") == "2" and figure(done.stdout, "not won") == "2"
    assert "Guess 1: no answer within 0.2 s; the game was stopped." in done.stdout


@pytest.mark.cpython_only(reason="starts a Python subprocess")
def test_the_table_in_french():
    done = run("--mode", "labo", str(STARTER), "--limit", "60", language="fr_FR.UTF-8")
    assert done.returncode == 0
    assert figure(done.stdout, "moyenne") == "4,596" and figure(done.stdout, "pire") == "7"
    assert "Secrets\u00a0: les 1\u202f296 codes." in done.stdout or "Secrets\u00a0: les 1" in done.stdout


def table_of(histogram, problem=None, seconds=0.025):
    from mastermind.cli.lab import table

    return table(lab.Score(2, 4.5, 5, "RGBY", histogram, 0, 0, 0, 0, seconds, problem))


def test_the_table_gives_the_time_per_game_in_milliseconds_and_no_histogram_without_a_win():
    assert "time per game 12.5 ms" in table_of(((4, 1), (5, 1)))
    assert "time per game 1,500.0 ms" in table_of(((4, 1), (5, 1)), seconds=3.0)
    assert not any("Games won" in line for line in table_of(()))


def test_a_long_problem_is_shown_whole_up_to_400_characters():
    problem = lab.GameResult("RGBY", (), False, lab.Problem("exception", "x" * 400))
    assert table_of((), problem)[-1] == "First problem, secret RGBY: " + "x" * 400
    problem = lab.GameResult("RGBY", (), False, lab.Problem("exception", "x" * 401))
    assert table_of((), problem)[-1].endswith("... (401 characters)")


def test_what_prints_while_loading_is_counted_too_and_compare_is_asked_for(tmp_path):
    import io

    from mastermind.cli.console import Console
    from mastermind.cli.lab import run

    out = io.StringIO()
    path = tmp_path / "loud.py"
    path.write_text("print('x' * 100)\ndef guess(history, rules):\n    return 'B'\n", encoding="utf-8")
    assert run(Console.from_streams(io.StringIO(), out), Config(pegs=1, colors=2), path) == 0
    assert "The strategy printed 101 characters; the first lines:\n" + "x" * 100 + "\n" in out.getvalue()
    assert "HAL9000" not in out.getvalue() and "To compare:" not in out.getvalue()


def test_a_printed_line_is_shown_whole_up_to_200_characters(tmp_path):
    import io

    from mastermind.cli.console import Console
    from mastermind.cli.lab import run

    out = io.StringIO()
    path = tmp_path / "loud.py"
    path.write_text("print('x' * 200)\nprint('y' * 201)\ndef guess(history, rules):\n    return 'B'\n", encoding="utf-8")
    assert run(Console.from_streams(io.StringIO(), out), Config(pegs=1, colors=2), path) == 0
    assert "\n" + "x" * 200 + "\n" + "y" * 200 + "... (201 characters)\n" in out.getvalue()


def console_of(width=None):
    import io

    from mastermind.cli.console import Console

    out = io.StringIO()
    console = Console.from_streams(io.StringIO(), out)
    console.width = width
    return console, out


def test_a_terminal_sees_the_progress_and_a_pipe_does_not(tmp_path):
    from mastermind.cli.lab import run

    path = write(tmp_path, "def guess(history, rules):\n    return rules.colours[len(history) % 10] * 2\n")
    console, out = console_of(80)
    assert run(console, Config(pegs=2, colors=10), Path(path)) == 0
    assert out.getvalue().count("\r") == 3 and "\r50/100" in out.getvalue() and "\r100/100\r" in out.getvalue()
    console, out = console_of()
    assert run(console, Config(pegs=2, colors=10), Path(path)) == 0 and "\r" not in out.getvalue()


def test_ctrl_c_stops_the_run_and_the_games_played_are_scored(tmp_path):
    from mastermind.cli.lab import run

    source = "GAMES = []\ndef guess(history, rules):\n    if not history:\n        GAMES.append(1)\n" \
             "    if len(GAMES) == 3:\n        raise KeyboardInterrupt\n    return 'B'\n"
    console, out = console_of()
    assert run(console, Config(pegs=1, colors=3), Path(write(tmp_path, source))) == 130
    text = out.getvalue()
    assert "Stopped after 2 of 3 games.\ngames 2\n" in text and "not won 1" in text and "To compare:" not in text


@pytest.mark.cpython_only(reason="a guess is stopped by a timer signal, which Pyodide does not send")
def test_the_limit_and_the_timer_reach_the_harness_in_process(tmp_path):
    source = "def guess(history, rules):\n    while True:\n        pass\n"
    status, out = play("", "--mode", "lab", write(tmp_path, source), "--pegs", "1", "--colors", "2", "--limit", "0.1")
    assert status == 0 and figure(out, "too slow") == "2"
    assert "Guess 1: no answer within 0.1 s; the game was stopped." in out


def tournament(tmp_path: Path, player: str, *typed: str) -> tuple[int, str]:
    """A tournament of Alan (registered first) and the strategy file `player`."""
    play(lines("r", "Alan", "q"), "--mode", "tournament", "--data-dir", str(tmp_path))
    return play(lines("p", "2", "Alan", *typed, "q"), "--mode", "tournament", "--data-dir", str(tmp_path),
                "--player", player, "--seed", "3")


def test_a_strategy_file_plays_a_tournament_beside_the_computer_players(tmp_path):
    player = write(tmp_path, STARTER.read_text(encoding="utf-8"), "mine.py")
    status, out = tournament(tmp_path, player, "MINE", "5", "BYWR", *["WWWW"] * 5)
    assert status == 0
    assert out.splitlines()[1] == "mine (the strategy file) may play as a computer player."
    game = lab.play_one(lab.starter(), lab.Rules.of(TOURNAMENT.replace(max_guesses=5)), "BYWR")
    assert re.findall(r"mine's guess: (\w+)", out) == list(game.guesses)
    assert "* Alan's turn to set the code for mine to break." in out and "The game is now finished." in out
    assert ("mine broke the code in" in out) == game.won
    assert "mine receives" not in out  # a computer player, as HAL9000: no points
    assert "Alan receives" in out


def test_a_strategy_that_fails_in_a_tournament_gives_its_attempt_up_and_the_game_goes_on(tmp_path):
    source = "def guess(history, rules):\n    if history:\n        return 'BB'\n    return 'BBGG'\n"
    status, out = tournament(tmp_path, write(tmp_path, source), "mine", "5", "BYWR", *["WWWW"] * 5)
    assert status == 0
    assert ("mine's guess: BBGG\nFeedback: K\n" in out and "mine failed: Guess 2 was refused: " in out
            and "\nmine failed to break the code.\n" in out)
    assert out.count("mine's guess") == 1 and out.count("Alan's turn to guess the code.") == 5
    assert "The game is now finished." in out and "Alan receives" in out


def test_a_strategy_file_named_as_a_computer_player_is_refused(tmp_path):
    status, out = play(lines("q"), "--mode", "tournament", "--data-dir", str(tmp_path),
                       "--player", write(tmp_path, STARTER.read_text(encoding="utf-8"), "Viki.py"))
    assert (status, out) == (0, "VIKI is a computer player's name; give the strategy another.\n")


@pytest.mark.parametrize(("data", "said"), [
    (b"x = '\xe9'\n", "The file mine.py is not a strategy: its text is not UTF-8.\n"),
    (b"def guess(history, rules):\n    return 'BBGG'\x1b[2J\n", "The strategy holds a control character (U+001B on line 2); remove it.\n"),
    (b"#" * 80_001, "The file mine.py is too large to be a strategy (80,001 bytes; at most 80,000).\n"),
])
def test_a_file_that_cannot_be_a_strategy_is_refused_with_a_sentence(tmp_path, data, said):
    path = tmp_path / "mine.py"
    path.write_bytes(data)
    assert play("", "--mode", "lab", str(path)) == (1, said)
