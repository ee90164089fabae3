"""A saved match read back: each refusal of a damaged one word for word, and a tournament's rules
and rounds as they were."""

from __future__ import annotations

import random

import pytest

from mastermind import Config, Registry
from mastermind.duel import Duel
from mastermind.errors import SavedDataError
from mastermind.modes import load_match
from mastermind.tournament import Tournament


def refusal(data: object) -> str:
    with pytest.raises(SavedDataError) as refused:
        load_match(data)  # type: ignore[arg-type] # damaged data on purpose
    return str(refused.value)


def duel(*names: str) -> dict[str, object]:
    return Duel(list(names), 2, rng=random.Random(1)).to_dict()


def test_a_saved_duel_with_damaged_games_is_refused_saying_which_part():
    saved = duel("Ann", "Bob")
    games = saved["games"]
    assert isinstance(games, list)
    assert refusal({**saved, "games": games[:1]}) == "not a saved duel: expected a list of 2 attempts"
    assert refusal({**saved, "games": {"a": 1, "b": 2}}) == "not a saved duel: expected a list of 2 attempts"
    assert refusal({**saved, "games": [{"secret": 5, "guesses": []}] * 2}) == "not a saved duel: secret 5 is not text"
    assert refusal({**saved, "games": [{"secret": None, "guesses": "RGBY"}] * 2}) == "not a saved duel: guesses 'RGBY' are not a list of text"
    assert refusal({**saved, "games": [{"secret": None, "guesses": [1]}] * 2}) == "not a saved duel: guesses [1] are not a list of text"


def test_a_saved_duel_missing_the_code_a_computer_drew_is_refused():
    saved = duel("Ann", "HAL9000")
    assert refusal({**saved, "games": [{"secret": None, "guesses": []}] * 2}) == "not a saved duel: a code drawn by the computer is missing"


def test_a_saved_match_of_an_unknown_mode_is_named_in_at_most_100_characters():
    assert refusal({"mode": 5}) == "not a saved match: unknown mode 5"
    long = "x" * 200
    assert refusal({"mode": long}) == f"not a saved match: unknown mode {long!r}"[:100]


def test_a_resumed_tournament_keeps_its_rules_and_starts_at_round_1():
    registry = Registry()
    for name in ("Ann", "Bob"):
        registry.register(name)
    rules = Config(pegs=5, max_guesses=8)
    game = Tournament(registry, ["Ann", "Bob"], 5, config=rules, rng=random.Random(1))
    assert game.attempts[0].round == 1 and game.round == 1
    resumed = Tournament.from_dict(game.to_dict(), registry=registry)
    assert resumed.config == game.config and resumed.config.pegs == 5
