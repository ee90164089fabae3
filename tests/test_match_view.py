"""The Duel, Race and Tournament pages without a browser: forms, refusals, turns, words, scores."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mastermind import Autoplay, Code, Duel, Race, Registry, load_match
from mastermind.page.boards import Screen, refusal, refused
from mastermind.page.modes import MatchView
from mastermind.players import SetupError


def started(mode: str, registry: Registry | None = None, seed: int | None = 1, **form: str) -> MatchView:
    view = MatchView(mode, registry, seed=seed)
    for label, value in form.items():
        view.edit(label.replace("_", " "), value)
    assert view.start(), view.errors
    return view


def play(view: MatchView, letters: str) -> None:
    """Compose `letters` with keys, then Enter, as a person on the page does."""
    for letter in letters:
        assert view.press(letter)
    assert view.press("Enter")


def users(*names: str) -> Registry:
    registry = Registry()
    for name in names:
        registry.register(name)
    return registry


# Setup forms


@pytest.mark.parametrize(
    ("mode", "labels"),
    [
        ("duel", ["Player 1 name", "Player 2 name", "Runs"]),
        ("race", ["Player 1 name", "Player 2 name", "Rounds"]),
        ("tournament", ["Players", "Attempts", "Player 1 name", "Player 2 name"]),
    ],
)
def test_each_mode_has_the_fields_of_the_interface(mode, labels):
    view = MatchView(mode)
    assert view.screen is Screen.SETUP
    assert [field.label for field in view.fields] == labels
    assert all(field.kind == ("number" if field.label in ("Runs", "Rounds", "Players", "Attempts") else "text") for field in view.fields)
    assert view.prompt.endswith("then press Start.")


def test_computer_players_are_suggested_and_tournament_users_too():
    assert MatchView("duel").name_options == ("HAL9000", "VIKI")
    assert MatchView("tournament", users("Alan", "Bea")).name_options == ("Alan", "Bea", "HAL9000", "VIKI")


@pytest.mark.parametrize(
    ("mode", "form", "errors"),
    [
        ("duel", {"Player 1 name": "Ann", "Player 2 name": " ", "Runs": "2"}, {"Player 2 name": "Enter a name."}),
        ("duel", {"Player 1 name": "Ann", "Player 2 name": "ANN", "Runs": "2"}, {"Player 2 name": "ANN is already in the game."}),
        ("duel", {"Player 1 name": "Ann", "Player 2 name": "Bob", "Runs": "0"}, {"Runs": "Must be an even number from 2 to 20, not 0."}),
        ("duel", {"Player 1 name": "Ann", "Player 2 name": "Bob", "Runs": "22"}, {"Runs": "Must be an even number from 2 to 20, not 22."}),
        ("duel", {"Player 1 name": "Ann", "Player 2 name": "Bob", "Runs": ""}, {"Runs": "Enter a whole number from 2 to 20."}),
        ("race", {"Player 1 name": "x" * 51, "Player 2 name": "Bob", "Rounds": "11"},
         {"Rounds": "Must be from 1 to 10, not 11.", "Player 1 name": "The name is too long: at most 50 characters, this has 51."}),
        ("race", {"Player 1 name": "viki", "Player 2 name": "VIKI", "Rounds": "1"}, {"Player 2 name": "VIKI is already in the game."}),
        ("tournament", {"Players": "2", "Attempts": "11", "Player 1 name": "Alan", "Player 2 name": "Zed"},
         {"Attempts": "Must be from 5 to 10, not 11.", "Player 2 name": "Zed is not a registered user."}),
        ("tournament", {"Players": "1", "Attempts": "5", "Player 1 name": "Alan", "Player 2 name": "HAL9000"},
         {"Players": "Must be from 2 to 4, not 1."}),
    ],
)
def test_refusals_are_said_beside_their_fields_and_nothing_typed_is_lost(mode, form, errors):
    view = MatchView(mode, users("Alan"))
    for label, value in form.items():
        view.edit(label, value)
    assert not view.start()
    assert view.errors == errors
    assert view.screen is Screen.SETUP and view.match is None
    assert view.status == refused("Not started", errors)
    shown = {field.label: field for field in view.fields}
    for label, value in form.items():
        assert shown[label].value == value
    for label, message in errors.items():
        assert shown[label].error == message
    view.edit(next(iter(errors)), "fixed")
    assert next(iter(errors)) not in view.errors  # a corrected field loses its message


def test_the_number_of_players_sets_the_name_fields_and_keeps_their_text():
    view = MatchView("tournament", users("Alan", "Bea", "Cy"))
    view.edit("Player 1 name", "Alan")
    view.edit("Players", "4")
    assert [field.label for field in view.fields][-1] == "Player 4 name"
    view.edit("Player 4 name", "Cy")
    view.edit("Players", "9")  # refused on Start; the fields stay as they were
    assert len(view.fields) == 6
    view.edit("Players", "2")
    assert len(view.fields) == 4
    view.edit("Players", "4")
    assert view.fields[-1].value == "Cy" and view.fields[2].value == "Alan"


@given(st.dictionaries(st.sampled_from(["Player 1 name", "Player 2 name", "Runs"]), st.text(max_size=60)))
def test_any_form_starts_a_match_or_says_why(form):
    view = MatchView("duel")
    for label, value in form.items():
        view.edit(label, value)
    if view.start():
        assert view.screen is Screen.SECRET and not view.errors
    else:
        assert view.errors and view.status.startswith("Not started.") and view.match is None


def test_refusal_words():
    assert refusal(SetupError("player-1-name", "enter a name")) == "Enter a name."
    assert refusal(SetupError("player-1-name", "de Gaulle is already in the game"), "de Gaulle") == "de Gaulle is already in the game."
    assert refusal(SetupError("attempts", "enter a whole number, not 'x'"), "x", (5, 10)) == "Enter a whole number from 5 to 10."


# A whole duel


def test_a_duel_from_the_form_to_the_end_screen():
    view = started("duel", Player_1_name="Ann", Player_2_name="Bob", Runs="2")
    assert view.banner == ("Ann sets the code for Bob", "Run 1 of 2")
    assert view.key_color == "red" and view.action == "Set secret"

    play(view, "RRGB")  # a repeated colour is refused, and stays composed to be fixed
    assert view.status.startswith("Secret refused: Red is used twice")
    assert [color.letter for color in view.slots] == list("RRGB")
    for _ in range(4):
        view.delete()
    play(view, "RGBP")
    assert view.slots == [None] * 4  # nothing of the secret is left on screen
    assert view.screen is Screen.HANDOVER and view.rows == [] and view.secret == []
    assert "RGBP" not in view.status + view.handover + " ".join(view.banner)
    assert view.handover.startswith("Pass the screen to Bob.")
    assert not view.press("r")  # keys compose nothing on the hand-over screen

    view.ready()
    assert view.screen is Screen.GUESS and view.status == "Run 1 of 2: Bob, break Ann's code: 6 guesses left."
    assert view.secret == [None] * 4 and view.action == "Submit guess"
    play(view, "GRBP")
    assert view.status == "Bob guessed GRBP: 2 black, 2 white. 5 guesses left. Run 1 of 2: Bob, break Ann's code: 5 guesses left."
    assert [(row.letters, row.feedback, row.left) for row in view.rows] == [("GRBP", "2 black, 2 white", 5)]
    assert [(score.name, score.points, score.current) for score in view.scores] == [("Ann", "1", False), ("Bob", "0", True)]
    play(view, "RGBP")
    assert view.status.startswith("Bob guessed RGBP: 4 black, 0 white. Bob broke Ann's code in 2 guesses.")

    # Run 2: Bob, at the screen already, makes the code; no hand-over before it.
    assert view.screen is Screen.SECRET and view.banner == ("Bob sets the code for Ann", "Run 2 of 2")
    play(view, "YMPB")
    view.ready()
    for guess in ("RGBP", "GBRM", "MYPB", "BPMY", "PBYM", "YMBP"):
        play(view, guess)
    assert view.screen is Screen.END
    assert view.status == "Ann guessed YMBP: 2 black, 2 white. Ann is out of guesses; the code was YMPB. " \
        "Match over: Bob wins. Totals: Ann 1 point, Bob 8 points."
    assert view.banner == ("Bob wins", "Totals: Ann 1 point, Bob 8 points.")
    assert view.recap == ["Run 1 of 2: Bob broke Ann's code RGBP in 2 guesses.",
                          "Run 2 of 2: Ann did not break Bob's code YMPB in 6 guesses."]
    assert view.saved()["mode"] == "duel"

    view.play_again()
    assert view.screen is Screen.SECRET and [score.points for score in view.scores] == ["0", "0"]


def test_a_tie_is_said_as_a_tie():
    view = started("duel", Player_1_name="Ann", Player_2_name="Bob", Runs="2")
    for _run in range(2):  # each breaks the other's code at once
        play(view, "RGBP")
        view.ready()
        play(view, "RGBP")
    assert view.match.result.tie
    assert view.banner[0] == "Tie" and "Match over: tie." in view.status


# Race and Tournament, with computer players


def test_a_race_against_hal9000_replays_what_the_rules_say():
    seed = 5
    view = started("race", seed=seed, Player_1_name="Ann", Player_2_name="hal9000", Rounds="1")
    mirror = Race(["Ann", "HAL9000"], 1, rng=random.Random(seed))
    assert view.match.attempts[0].secret == mirror.attempts[0].secret  # the seed decides the codes
    secret = str(view.match.attempt.secret)
    assert view.banner == ("Ann breaks the code", "Round 1 of 1, 8 guesses left")
    play(view, secret)
    assert view.computer_due and view.screen is Screen.WATCH
    assert view.thinking == "HAL9000 is thinking..." and not view.press("Enter")
    while view.computer_due:
        view.play_computer(view.breaker().next_guess(view.history))
    mirror.guess("Ann", secret)
    Autoplay(random.Random(seed)).run(mirror)
    assert [(s.name, s.points) for s in view.scores] == [(row.name, str(row.points)) for row in mirror.scores]
    assert view.status.endswith(f"Match over: {mirror.result}. Totals: Ann 1 point, HAL9000 {mirror.scores[1].points} points.")
    assert view.scores_note == "Lowest total wins."


def test_a_tournament_credits_the_score_board_once():
    registry = users("Alan", "Bea")
    view = started("tournament", registry, seed=2, Players="3", Attempts="5",
                   Player_1_name="alan", Player_2_name="Bea", Player_3_name="VIKI")
    assert [player.name for player in view.match.players] == ["Alan", "Bea", "VIKI"]
    assert not view.registering
    play(view, "RGWK")  # Alan sets Bea's code
    assert view.screen is Screen.HANDOVER
    view.ready()
    play(view, "KKKK")  # Bea sets VIKI's code
    wrong = (str(code) for code in Code.all(view.match.config) if str(code) != "RGWK")  # Bea's: each new
    while view.screen is not Screen.END:
        if view.screen is Screen.HANDOVER:
            view.ready()
        elif view.computer_due:
            view.play_computer(view.breaker().next_guess(view.history))
        else:
            attempt = view.match.attempt
            guess = str(attempt.secret) if attempt.breaker.name == "Alan" else next(wrong)
            play(view, guess)
    assert view.match.scores[2].points is None
    assert [score.points for score in view.scores][2] == "no points (computer)"
    alan, bea = view.match.scores[0].points, view.match.scores[1].points
    assert alan == 5 + (5 - 1)  # broke VIKI's code at once; Bea used all 5 attempts on his
    assert view.board == sorted([("Alan", str(alan)), ("Bea", str(bea))], key=lambda row: -int(row[1]))
    assert view.registering and "Points added to the score board." in view.status
    resumed = MatchView("tournament", registry, load_match(view.saved(), registry))
    assert resumed.screen is Screen.END and registry.find("Alan").points == alan


def test_registering_users():
    view = MatchView("tournament")
    assert view.registering and view.board == []
    assert view.register(" Alan ") and view.status == "Alan is registered, with 0 points."
    assert view.form["New user name"] == ""
    for name, message in (("alan", "The name alan is already taken."), ("HAL9000", "HAL9000 is a computer player's name."),
                          ("", "Enter a name.")):
        assert not view.register(name)
        assert view.errors == {"New user name": message}
        assert view.status == f"Not registered. New user name: {message}"
        assert view.form["New user name"] == name
    assert view.board == [("Alan", "0")]


# Keys, resuming, leaving


def test_keys_compose_as_in_solo():
    view = started("duel", Player_1_name="Ann", Player_2_name="Bob", Runs="2")
    assert view.press("1") and view.press("b") and view.press("7") and not view.press("x")
    assert view.status == "There is no colour 7; this palette has 6."
    assert [color.name if color else None for color in view.slots] == ["Red", "Blue", None, None]
    assert view.press("Backspace") and view.slots[1] is None
    view.clear(0)
    assert view.status == "Slot 1 cleared."
    view.submit()
    assert view.status.startswith("Incomplete secret: slots 1, 2, 3, 4 are empty.")
    for key in "RGBPY":
        view.press(key)
    assert view.status == "The secret is full. Press Set secret, or delete a peg to change it."


def test_a_resumed_match_goes_on_where_it_stopped():
    view = started("duel", Player_1_name="Ann", Player_2_name="Bob", Runs="2")
    play(view, "RGBP")
    view.ready()
    play(view, "GRBP")
    again = MatchView("duel", match=load_match(view.saved()))
    assert again.status.startswith("Welcome back to your duel. Run 1 of 2: Bob, break Ann's code")
    assert again.rows == view.rows and again.form["Player 2 name"] == "Bob" and again.form["Runs"] == "2"


def test_abandon_asks_first_then_keeps_the_form():
    view = started("race", Player_1_name="Ann", Player_2_name="Bob", Rounds="4")
    view.abandon()
    assert view.confirming and view.match is not None
    view.keep_playing()
    assert not view.confirming
    view.abandon()
    view.abandon()
    assert view.match is None and view.saved() is None and view.status.startswith("Game abandoned.")
    assert view.form["Rounds"] == "4" and view.form["Player 2 name"] == "Bob"


def test_moves_out_of_place_are_refused_with_words():
    view = MatchView("duel")
    view.pick("R")
    assert view.status.startswith("That does nothing now.")
    view.ready()
    assert view.status.startswith("Nobody needs to press Ready now.")
    view.play_again()
    assert view.status.startswith("Finish the match first.")
    with pytest.raises(ValueError):
        view.play_computer(Code("RGBY"))


def test_the_seed_decides_the_first_match_only():
    first = started("race", seed=9, Player_1_name="Ann", Player_2_name="Bob", Rounds="3")
    assert [a.secret for a in first.match.attempts] == [a.secret for a in Race(["Ann", "Bob"], 3, rng=random.Random(9)).attempts]
    first.quit()
    assert first.start()
    assert [a.secret for a in first.match.attempts] != [a.secret for a in Race(["Ann", "Bob"], 3, rng=random.Random(9)).attempts]


def test_duel_against_a_computer_has_no_hand_over():
    view = started("duel", Player_1_name="VIKI", Player_2_name="Ann", Runs="2")
    assert view.screen is Screen.GUESS  # VIKI's code was drawn; Ann breaks it at once
    assert isinstance(view.match, Duel) and view.match.attempt.maker.computer


def test_unknown_mode():
    with pytest.raises(ValueError):
        MatchView("chess")


def test_a_game_that_cannot_be_resumed_is_said_so():
    view = MatchView("tournament")
    view.not_resumed()
    assert view.status.startswith("The Tournament game kept from your last visit could not be resumed. Tournament: register")
