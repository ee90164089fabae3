"""Refusals of a saved game of Computer breaks your code, word for word, and the package's names
imported on first use: both only seen so far through the page's own storage or a subprocess."""

from __future__ import annotations

import re

import pytest

from mastermind.computer import CodeChallenge
from mastermind.errors import SavedDataError


def saved(**change: object) -> dict:
    data = CodeChallenge("HAL9000").set_secret("RGBY").to_dict()
    data["guesses"] = ["BBGG"]
    data.update(change)
    return data


@pytest.mark.parametrize(
    ("data", "why"),
    [
        (["not", "a", "mapping"], "expected a mapping, not list"),
        (saved(mode="duel"), "mode 'duel', version 1"),
        (saved(version=7), "mode 'computer', version 7"),
        (saved(guesses="RGBY"), "guesses 'RGBY' are not a list of text"),
        (saved(guesses=["RGBY", 3]), "guesses ['RGBY', 3] are not a list of text"),
        (saved(secret=None), "guesses without a secret"),
        (saved(secret=7), "secret 7 is not text"),
    ],
)
def test_a_malformed_saved_code_challenge_is_refused_saying_why(data, why):
    with pytest.raises(SavedDataError, match=f"^{re.escape(f'not a saved game of computer: {why}')}$"):
        CodeChallenge.from_dict(data)


def test_a_saved_code_challenge_without_a_secret_nor_guesses_waits_for_the_secret():
    game = CodeChallenge.from_dict(saved(secret=None, guesses=[]))
    assert game.secret is None and game.history == ()


def test_a_package_name_is_imported_on_first_use_and_kept(monkeypatch):
    import mastermind
    from mastermind.race import Race

    monkeypatch.delitem(vars(mastermind), "Race", raising=False)
    assert mastermind.Race is Race and vars(mastermind)["Race"] is Race
    with pytest.raises(AttributeError, match="no_such_name"):
        mastermind.no_such_name  # noqa: B018 - the lookup is the test


# Solve's shared text and rule names, the match page's kept games and computer moves


def test_the_shared_rows_say_the_rules_and_mark_only_the_rows_set_aside():
    from mastermind import Config
    from mastermind.solving import BLACK_WHITE, Pegs, Row, Solve

    solve = Solve(Config(allow_duplicates=False), BLACK_WHITE).add(Row("RGBY", Pegs(1, 2))).add(Row("BOGP", Pegs(0, 1)))
    assert solve.toggle(1).share_text() == (
        "Mastermind solve: 4 pegs, colours BGOPRY, no repeats, black and white\nRGBY 1 2 (ignored)\nBOGP 0 1"
    )
    assert Solve(Config(), BLACK_WHITE).share_text() == "Mastermind solve: 4 pegs, colours BGOPRY, repeats, black and white"


def test_an_unknown_feedback_rule_is_refused_naming_both():
    from mastermind.errors import FeedbackError
    from mastermind.solving import PER_SLOT, rule_named

    assert rule_named(" Per Slot ") is PER_SLOT
    with pytest.raises(FeedbackError, match=r"^the feedback rule is Black and white or Per slot, not 'x'$"):
        rule_named("x")


def test_a_match_page_is_resumed_among_the_registry_and_with_its_seed():
    import random

    from mastermind import Config, Race, Registry
    from mastermind.page.modes import resumed_view

    registry = Registry()
    view = resumed_view("race", Config(), registry, None, seed=9)
    assert view.registry is registry
    view.edit("Player 1 name", "Ann")
    view.edit("Player 2 name", "Bob")
    view.edit("Rounds", "3")
    assert view.start()
    assert [a.secret for a in view.match.attempts] == [a.secret for a in Race(["Ann", "Bob"], 3, rng=random.Random(9)).attempts]


def test_a_code_challenge_page_is_resumed_with_its_seed():
    from mastermind import Config, Registry
    from mastermind.page.computer import ComputerView
    from mastermind.page.modes import resumed_view

    def first_guess(seed: int) -> str:
        view = resumed_view(CodeChallenge.mode, Config(), Registry(), None, seed=seed)
        assert isinstance(view, ComputerView)
        view.form["Computer player"] = "VIKI"
        assert view.start() and view.game is not None
        view.game.set_secret("RGBY")
        guesses = []
        for _ in range(3):
            guess = view.breaker().next_guess(view.history)
            guesses.append(str(guess))
            view.play_computer(guess)
        return " ".join(guesses)

    assert first_guess(3) == first_guess(3)
    assert len({first_guess(seed) for seed in range(6)}) > 1


def test_a_match_page_takes_no_computer_move_when_none_is_due_and_quits_to_its_form():
    from mastermind import Code
    from mastermind.errors import MoveError
    from mastermind.page.modes import MatchView

    view = MatchView("duel", seed=1)
    with pytest.raises(MoveError, match=r"^no computer player's guess is due$"):
        view.play_computer(Code("RGBY"))
    view.edit("Player 1 name", "Ann")
    view.edit("Player 2 name", "Bob")
    view.edit("Runs", "4")
    assert view.start()
    with pytest.raises(MoveError, match=r"^no computer player's guess is due$"):
        view.play_computer(Code("RGBY"))
    view.edit("Runs", "8")  # typed while the form was hidden: the form comes back as the match had it
    view.abandon()
    view.quit()
    assert view.match is None and view.confirming is False and view.status == view.prompt
    assert view.form["Runs"] == "4" and view.form["Player 2 name"] == "Bob"


def test_damage_found_agrees_with_one_part_or_several():
    from mastermind.page.words import damage_found

    assert damage_found("settings", True) == "The saved settings was found damaged; the copy this tab holds was stored again."
    assert damage_found("statistics", False) == (
        "The saved statistics were found damaged; the copy this tab holds was stored again."
    )


def test_each_history_row_has_one_key_peg_a_slot():
    from mastermind import Config, Game
    from mastermind.page.solo import history_rows

    game = Game(Config(), secret="RGBY")
    game.guess("RGYB")
    game.guess("GRBO")
    rows = history_rows(game.history, Config())
    assert [row[3] for row in rows] == [("exact", "exact", "near", "near"), ("exact", "near", "near", "none")]
    assert all(len(row[3]) == 4 for row in rows)


def test_the_race_note_names_no_duplicates_only_when_they_are_refused():
    from mastermind import Config
    from mastermind.cli.race import note

    assert note(Config()).startswith("Note : guess format must be 4 characters,\nno spaces included e.g. ")
    assert note(Config(allow_duplicates=False)).startswith(
        "Note : guess format must be 4 characters,\nno spaces included and no duplicates e.g. "
    )
