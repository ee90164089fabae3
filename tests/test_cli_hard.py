"""The terminal edition's hard mode (``--hard``), through whole transcripts."""

import pytest

from mastermind.cli.classic import HARD_RULE

from .test_cli_classic import ASK, RULES, SEED, SHOWN, left
from .transcripts import lines, play

HARD_RULES = RULES.replace("You have 12 guesses", HARD_RULE + "\n\nYou have 12 guesses")


def test_a_guess_against_earlier_feedback_is_refused_in_words_and_not_counted():
    status, out = play(lines("Y", "RRRR", "oooo", "RBBB", "YRBY", "N"), "1", "--seed", SEED, "--hard")
    assert status == 0
    assert out == (
        HARD_RULES + SHOWN + left(12)
        + ASK + "RRRR -> Result: 1 black peg\n" + left(11)
        + ASK + "OOOO -> Hard mode: against guess 1 (RRRR: 1 black, 0 white) this guess would score 0 black, 0 white.\n"
        + ASK + "RBBB -> Result: 1 black peg and 1 white peg\n" + left(10)
        + ASK + "YRBY -> Result: 4 black pegs - You win !!\n"
        + "Are you ready for another game (Y/N): "
    )


def test_without_hard_the_same_guess_is_played():
    status, out = play(lines("Y", "RRRR", "OOOO"), "1", "--seed", SEED)
    assert status == 0 and "OOOO -> Result: No pegs" in out and "Hard mode" not in out


def test_a_bad_guess_in_hard_mode_is_still_an_invalid_guess():
    _, out = play(lines("Y", "RRRR", "RX"), "1", "--seed", SEED, "--hard")
    assert "RX -> INVALID GUESS\n" in out


@pytest.mark.parametrize("mode", ["computer", "duel", "race", "tournament"])
def test_hard_is_refused_for_the_other_modes(mode, capsys):
    with pytest.raises(SystemExit) as exited:
        play("", "--mode", mode, "--hard")
    assert exited.value.code == 2
    assert f"--hard: hard mode is a rule of the classic game, not of --mode {mode}" in capsys.readouterr().err
