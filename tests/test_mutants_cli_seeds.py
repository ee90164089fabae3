"""The terminal's matches between computer players: the seed and the rules given on the command
line decide every secret and every guess, so the same command plays the same match."""

from __future__ import annotations

from pathlib import Path

import pytest

from .transcripts import lines, play

MATCHES = {
    "duel": lines("HAL9000 VIKI", "2", "q", "n"),
    "race": lines("HAL9000", "VIKI", "2", "q"),
    "tournament": lines("p", "2", "HAL9000", "VIKI", "5", "q", "q"),
}


def transcript(mode: str, seed: str, tmp_path: Path) -> str:
    status, out = play(MATCHES[mode], "--mode", mode, "--seed", seed, "--pegs", "5", "--colors", "8",
                       "--data-dir", str(tmp_path / seed))
    assert status == 0
    return out


@pytest.mark.parametrize("mode", sorted(MATCHES))
def test_the_same_seed_plays_the_same_match_under_the_rules_given(mode, tmp_path):
    first = transcript(mode, "3", tmp_path)
    assert first == transcript(mode, "3", tmp_path / "again")
    assert first != transcript(mode, "4", tmp_path)
    guesses = [line.split("guess: ")[1] for line in first.splitlines() if "'s guess: " in line]
    assert len(guesses) >= 4 and all(len(guess) == 5 for guess in guesses)
    assert "VIKI's guess: " in first and "HAL9000's guess: " in first


def test_a_tournament_against_a_computer_gives_the_user_their_points_and_q_says_goodbye(tmp_path):
    typed = lines("r", "Grace", "p", "2", "HAL9000", "Grace", "5", "RGBY", *["RGBY"] * 5, "q")
    status, out = play(typed, "--mode", "tournament", "--seed", "2", "--data-dir", str(tmp_path))
    assert status == 0
    assert "The game is now finished.\nGrace receives 0 + 3 = 3 points.\n" in out  # HAL9000, listed first, earns none
    assert out.endswith("(q) quit\n> Goodbye!\n")
