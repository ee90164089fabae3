"""Computer breaks your code, Duel, Race and Tournament on the worker page (``/``: MicroPython
draws, the session runs in a Pyodide worker, the computer's guesses in the engine's worker),
played as a person plays them: the mode buttons switch screens in place, without a reload and
without PyScript; keys typed before the reply to Start has arrived compose the secret; a bad input
each; Skip; and a reload resumes the game. The whole games of each mode are e2e/test_modes.py's,
played on this page too."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from mastermind import Config, Race, solve

from .test_modes import Modes, expect_scores, wrong_codes

ENGINE_TIMEOUT_MS = 60_000
"""The engine's worker starts with the first computer move."""


@pytest.fixture
def modes(solo) -> Modes:
    solo.page.set_default_timeout(30_000)
    return Modes(solo)


def no_pyscript(modes: Modes) -> None:
    assert not [url for url in modes.game.requests if "/vendor/pyscript/" in url or url.endswith("/static/app.py")]


def test_the_mode_buttons_switch_screens_in_place_and_each_keeps_its_game(modes):
    game = modes.game
    game.open("?seed=5")
    modes.page.evaluate("window.stayed = true")  # gone if the page loads again
    game.choose("Computer breaks your code")
    modes.wait("Computer breaks your code")
    expect(modes.heading("Computer breaks your code")).to_be_focused()
    expect(modes.page.get_by_role("group", name="Palette")).to_have_count(0)  # Solo's board is away
    game.open_menu()
    expect(modes.button("Settings")).to_be_hidden()  # Solo's own controls with it
    modes.page.keyboard.press("Escape")
    modes.field("Computer player").select_option("VIKI")
    modes.button("Start").click()
    expect(modes.heading("Set your secret code")).to_be_visible()
    game.choose("Duel")
    modes.wait("Duel")
    modes.start(Player_1_name="Ann", Player_2_name="Ann", Runs="2")  # the bad input: the same name twice
    modes.expect_refusal("Player 2 name", "Ann is already in the game.")
    expect(modes.field("Player 2 name")).to_be_focused()
    game.choose("Computer breaks your code")
    expect(modes.heading("Set your secret code")).to_be_visible()  # as it was left
    game.choose("Solo")
    expect(game.palette_button(0)).to_be_visible()
    expect(modes.button("Solo")).to_have_attribute("aria-pressed", "true")
    game.type_guess("RGBY")
    expect(game.history_rows).to_have_count(1)
    assert modes.page.evaluate("window.stayed") is True
    no_pyscript(modes)


def test_computer_breaks_a_secret_typed_at_once_after_start_and_skip_hurries_it(modes):
    modes.open("?mode=computer&seed=3", "Computer breaks your code")
    modes.field("Computer player").select_option("HAL9000")
    modes.button("Start").click()
    modes.type_code("RBY")  # typed before the reply to Start may be in: the session takes them in order
    expect(modes.status).to_contain_text("Incomplete secret: slot 4 is empty")
    modes.type_code("R")
    expect(modes.status).to_contain_text("Secret set and hidden")
    expect(modes.button("Skip")).to_be_visible()
    modes.button("Skip").click()
    expected = [str(guess) for guess in solve("RBYR", Config(), "HAL9000")]
    expect(modes.status).to_contain_text(f"HAL9000 broke your code RBYR in {len(expected)} guesses.", timeout=ENGINE_TIMEOUT_MS)
    assert [row[1] for row in modes.rows_text("History")] == expected
    modes.reload("Computer breaks your code")
    expect(modes.table_rows("History")).to_have_count(len(expected))
    modes.button("Play again").click()
    expect(modes.heading("Set your secret code")).to_be_visible()
    no_pyscript(modes)


def test_a_race_round_by_keys_with_an_incomplete_guess_and_a_reload(modes):
    seed = 11
    modes.open(f"?mode=race&seed={seed}", "Race")
    modes.start(Player_1_name="Ann", Player_2_name="Bob", Rounds="1")
    mirror = Race(["Ann", "Bob"], 1, rng=random.Random(seed))
    config = mirror.config
    expect(modes.heading("Ann breaks the code")).to_be_visible()
    modes.type_code("RG")
    expect(modes.status).to_contain_text("Incomplete guess")
    modes.page.keyboard.press("Backspace")
    modes.page.keyboard.press("Backspace")
    guess = wrong_codes(mirror.attempt.secret, config, 1)[0]
    modes.type_code(guess)
    mirror.guess("Ann", guess)
    expect(modes.table_rows("History")).to_have_count(1)
    modes.reload("Race")
    expect(modes.table_rows("History")).to_have_count(1)
    expect_scores(modes, mirror)
    no_pyscript(modes)


def test_a_tournament_registration_refused_then_accepted_by_enter(modes):
    modes.open("?mode=tournament", "Tournament")
    modes.field("New user name").fill("viki")
    modes.page.keyboard.press("Enter")
    modes.expect_refusal("New user name", "viki is a computer player's name.")
    expect(modes.field("New user name")).to_have_value("viki")  # nothing typed is lost
    modes.field("New user name").fill("Ada")
    modes.page.keyboard.press("Enter")
    expect(modes.status).to_contain_text("Ada is registered")
    expect(modes.field("New user name")).to_have_value("")
    expect(modes.field("New user name")).to_be_focused()
    expect(modes.table_rows("Score board")).to_have_count(1)
    modes.reload("Tournament")
    expect(modes.table_rows("Score board")).to_have_count(1)
    no_pyscript(modes)
