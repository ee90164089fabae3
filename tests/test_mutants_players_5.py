"""The whole sentences a refused name is shown in, the registry's refusals and its highest credit,
and names that are one only once case-folded and composed again: each pinned as the player or
the program calling the rules meets it."""

from __future__ import annotations

import pytest

from mastermind.errors import SetupError
from mastermind.players import check_name, lineup, name_key
from mastermind.registry import MAX_POINTS, MAX_USERS, Registry


def test_a_name_that_is_not_text_is_refused_naming_its_type() -> None:
    with pytest.raises(SetupError) as caught:
        check_name(42, "player-1-name")
    assert caught.value.reason == "a name is text, not int"


def test_a_name_with_an_invisible_mark_is_refused_in_a_sentence_naming_the_mark() -> None:
    with pytest.raises(SetupError) as caught:
        check_name("Al\u200bice", "new-user-name")
    assert caught.value.sentence == "A name cannot hold control characters or invisible marks, such as U+200B."


def test_a_name_too_long_is_refused_in_a_sentence_giving_both_lengths() -> None:
    with pytest.raises(SetupError) as caught:
        check_name("x" * 51, "player-2-name")
    assert caught.value.sentence == "The name is too long: at most 50 characters, this has 51."


def test_an_unregistered_name_is_refused_in_a_sentence_starting_with_a_capital() -> None:
    with pytest.raises(SetupError) as caught:
        lineup(["ada", "Bob"], known=lambda name: None)
    assert (caught.value.key, caught.value.reason, caught.value.sentence) == (
        "player-1-name",
        "ada is not a registered user",
        "Ada is not a registered user.",
    )


def test_a_repeated_name_is_refused_in_a_sentence_starting_with_a_capital() -> None:
    with pytest.raises(SetupError) as caught:
        lineup(["bob", "bob"])
    assert caught.value.sentence == "Bob is already in the game."


def test_names_whose_marks_come_in_another_order_once_case_folded_are_one_name() -> None:
    precomposed, spelled_out = "\u01f0\u0323", "J\u0323\u030c"
    assert name_key(precomposed) == name_key(spelled_out) == "\u01f0\u0323"
    with pytest.raises(SetupError, match="already in the game"):
        lineup([precomposed, spelled_out])


def test_a_computer_players_name_is_refused_for_a_user_in_a_sentence() -> None:
    with pytest.raises(SetupError) as caught:
        Registry().register("hal9000")
    assert caught.value.sentence == "hal9000 is a computer player's name."


def test_a_taken_name_is_refused_for_a_user_in_a_sentence() -> None:
    registry = Registry()
    registry.register("Bob")
    with pytest.raises(SetupError) as caught:
        registry.register("BOB")
    assert caught.value.sentence == "The name BOB is already taken."


def test_a_full_score_board_refuses_a_user_in_a_sentence_giving_its_size() -> None:
    registry = Registry()
    for count in range(MAX_USERS):
        registry.register(f"user {count}")
    with pytest.raises(SetupError) as caught:
        registry.register("one more")
    assert caught.value.sentence == "The score board is full: it holds at most 1,000 users."


def test_crediting_an_unregistered_user_says_who() -> None:
    with pytest.raises(KeyError) as caught:
        Registry().credit({"Zed": 1})
    assert caught.value.args == ("Zed is not a registered user",)


def test_a_user_may_gain_the_most_points_in_one_credit() -> None:
    registry = Registry()
    registry.register("Bob")
    registry.credit({"Bob": MAX_POINTS})
    assert [(user.name, user.points) for user in registry] == [("Bob", MAX_POINTS)]
