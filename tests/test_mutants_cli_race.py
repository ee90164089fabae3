"""The terminal's race over two rounds: the words between rounds, a tie, a computer player's
guesses shown as it plays, and the answers, colour names and example code its notes give."""

from __future__ import annotations

import gettext
import random

from mastermind import Config, i18n
from mastermind.cli.race import colour_names, example, play_again
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


def test_quit_at_play_again_ends_the_race():
    bob, alice = secrets(0, 1)
    status, out = play(lines("Bob", "Alice", "1", bob, alice, "quit"), "--mode", "race", "--seed", "0")
    assert status == 0 and out.count("This game is for 2 players.") == 1


class Answers(gettext.NullTranslations):
    """A language whose answers a translator wrote with capitals."""

    def pgettext(self, context: str, message: str) -> str:
        return {"y": "O", "yes": "Oui", "q": "Q", "quit": "Quitter"}[message] if context == "answer" else message


def test_play_again_takes_the_languages_answers_typed_in_lower_case_and_englishs():
    i18n.use(Answers(), "xx")
    assert play_again() == {"o": True, "oui": True, "q": False, "quitter": False, "y": True, "yes": True, "quit": False}


def test_the_colour_names_name_a_letter_that_is_not_the_initial_with_the_whole_name():
    assert colour_names(Config(pegs=4, colors=["Red", "Black"])) == "R-ed, K-Black"


def test_the_format_note_shows_a_code_of_the_palettes_letters_where_boyg_does_not_fit():
    assert example(Config(pegs=4, colors=["Red", "Green", "Blue", "Yellow"])) == "RGBY"
    assert example(Config(pegs=3, colors=["Red", "Green"])) == "RGR"
