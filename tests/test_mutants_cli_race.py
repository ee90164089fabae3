"""The terminal's race over two rounds: the words between rounds, a tie, and a computer player's
guesses shown as it plays."""

from __future__ import annotations

import random

from mastermind.race import RACE, Race

from .transcripts import lines, play


def secrets(seed: int, rounds: int) -> list[str]:
    race = Race(["Bob", "Alice"], rounds, config=RACE, rng=random.Random(seed))
    return [str(attempt.secret) for attempt in race.attempts]


def test_two_rounds_each_won_at_once_end_in_a_tie():
    bob1, alice1, bob2, alice2 = secrets(0, 2)
    status, out = play(lines("Bob", "Alice", "2", bob1, alice1, bob2, alice2, "q"), "--mode", "race", "--seed", "0")
    assert status == 0
    first, second = out.split("Totals:\nBob: 1\nAlice: 1\n\n")
    assert "Alice, it is now your turn to play.\n" in first
    assert "New codes have been initialized" not in first
    assert second.startswith("New codes have been initialized for both players.\nLet's begin [Round 2]\n")
    assert second.count("Alice, it is now your turn to play.\n") == 1
    assert "Totals:\nBob: 2\nAlice: 2\n\nOh no! It's a tie! Try playing again to settle the tiebreak.\n" in second


def test_a_computer_player_in_the_race_plays_its_own_guesses_and_shows_them():
    status, out = play(lines("HAL9000", "Alice", "1", *["RBGO"] * 8, "q"), "--mode", "race", "--seed", "0")
    assert status == 0
    assert "HAL9000, please enter guess" not in out
    assert "\n[Round 1, Guess 1] HAL9000's guess: RYBG\nR\tY\tB\tG\tw\tw\tw\t\n" in out
    guesses = [line for line in out.splitlines() if "HAL9000's guess: " in line]
    assert guesses[-1] == "[Round 1, Guess 4] HAL9000's guess: GPRY" and len(guesses) == 4
    assert "Congratulations, HAL9000! You have guessed the code!" in out
