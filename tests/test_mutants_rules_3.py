"""The rules' refusals word for word: a computer's code challenge moved out of turn, a saved
registry's bad users and points, and a name's refusal said as the catalog's own sentence."""

from __future__ import annotations

import pytest

from mastermind import i18n
from mastermind.cli.texts import said
from mastermind.computer import CodeChallenge
from mastermind.errors import SetupError
from mastermind.game import GameOverError
from mastermind.match import MoveError
from mastermind.players import check_name
from mastermind.registry import MAX_POINTS, Registry

from .languages import Fake


def test_a_code_challenge_refuses_a_guess_before_the_code_and_a_second_code():
    challenge = CodeChallenge("HAL9000")
    with pytest.raises(MoveError) as early:
        challenge.guess("RGBY")
    assert str(early.value) == "no guess before the secret is set"
    challenge.set_secret("RGBY")
    with pytest.raises(MoveError) as again:
        challenge.set_secret("RGBB")
    assert str(again.value) == "the secret is already set"


def test_a_code_challenge_refuses_a_guess_once_over_and_plays_without_a_given_seed():
    challenge = CodeChallenge("VIKI").set_secret("RGBY")
    while not challenge.finished:
        challenge.guess(challenge.breaker().next_guess(challenge._game.history))  # type: ignore[union-attr]
    with pytest.raises(GameOverError) as over:
        challenge.guess("RGBY")
    assert str(over.value) == "the game is over"


def saved(*users: object) -> dict[str, object]:
    return {"version": 1, "users": list(users)}


def refusal(data: dict[str, object]) -> str:
    with pytest.raises(ValueError) as refused:
        Registry.from_dict(data)
    return str(refused.value)


def test_a_saved_user_that_is_no_name_and_points_is_written_out_cut_at_200_characters():
    assert refusal(saved(7)) == "not a saved registry: a user is 7"
    long = {"name": "A" * 300, "points": 1, "more": 2}
    assert refusal(saved(long)) == "not a saved registry: " + f"a user is {long!r}"[:200]


def test_saved_points_out_of_bounds_are_written_out_in_a_few_characters():
    most = f"points must be a whole number from 0 to {MAX_POINTS}, not"
    assert refusal(saved({"name": "Ann", "points": "seven"})) == f"not a saved registry: {most} 'seven'"
    assert refusal(saved({"name": "Ann", "points": "x" * 50})) == f"not a saved registry: {most} '{'x' * 29}"
    assert refusal(saved({"name": "Ann", "points": -MAX_POINTS})) == f"not a saved registry: {most} -{MAX_POINTS}"
    assert refusal(saved({"name": "Ann", "points": MAX_POINTS + 1})) == f"not a saved registry: {most} a number far too large"
    assert Registry.from_dict(saved({"name": "Ann", "points": MAX_POINTS})).to_dict()["users"] == [{"name": "Ann", "points": MAX_POINTS}]


def test_a_refused_name_is_said_in_the_catalogs_own_sentence():
    i18n.use(Fake({}, texts={"Enter a name.": "Please type a name."}), "xx")  # a sentence a translator wrote otherwise than as its reason
    with pytest.raises(SetupError) as refused:
        check_name("  ", "player-1-name")
    assert (refused.value.reason, said(refused.value)) == ("enter a name", "Please type a name.")
