"""Every game kept and counted, played as a person does (keys and taps): the address is read once,
so a reload keeps whatever game an address opened; a game in progress is never dropped without a
question; the end of a game is an end; the daily's controls belong to the daily; the exported file
keeps a game's secret unreadable."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from mastermind import Code, Config, Game, feedback
from mastermind.challenge import Challenge

from .conftest import BOOT_TIMEOUT_MS

SEED = 7


def other_codes(secret: Code, count: int, config: Config | None = None) -> list[str]:
    """`count` codes that are not `secret`, for guesses that must not win."""
    return [str(code) for code in Code.all(config or Config()) if code != secret][::97][:count]


def expect_plain_address(solo) -> None:
    """The address holds no query any more: what it asked for is on the screen."""
    expect(solo.page).to_have_url(solo.base_url)


# The address is read once


def test_a_reload_after_a_seed_address_keeps_the_game_in_progress(solo):
    secret = Game(seed=SEED).secret
    solo.open(f"?seed={SEED}")
    expect_plain_address(solo)
    guesses = other_codes(secret, 3)
    for guess in guesses:
        solo.type_guess(guess)
    expect(solo.history_rows).to_have_count(3)
    solo.reload()
    expect(solo.history_rows).to_have_count(3)
    expect(solo.status).to_contain_text("Game resumed")
    solo.type_guess(str(secret))  # the same game: the seed's secret wins it
    expect(solo.status).to_contain_text("You win")


def test_a_reload_after_a_challenge_link_keeps_the_challenge(solo):
    config = Config(pegs=5, colors=8, max_guesses=10)
    challenge = Challenge.make(config, "KWRGB")
    solo.open(f"?challenge={challenge.token}")
    expect_plain_address(solo)
    expect(solo.status).to_contain_text(f"Challenge {challenge.name}")
    solo.type_guess("RRRRR")
    solo.reload()
    expect(solo.history_rows).to_have_count(1)
    expect(solo.status).to_contain_text("Game resumed: 5 pegs, 8 colours")
    solo.type_guess("KWRGB")
    expect(solo.status).to_contain_text("You win")


def test_a_practice_game_stays_practice_after_a_reload(solo):
    secret = Game(seed=SEED).secret
    solo.open(f"?seed={SEED}&reveal=1")
    expect_plain_address(solo)
    expect(solo.secret).to_contain_text(str(secret))
    solo.type_guess(other_codes(secret, 1)[0])
    solo.reload()
    expect(solo.secret).to_contain_text(str(secret))  # still shown: still practice
    solo.type_guess(str(secret))
    expect(solo.status).to_contain_text("not counted")


def test_a_reload_after_a_mode_address_opens_the_mode_shown_last(solo):
    solo.page.goto(solo.base_url + "?mode=duel")
    expect(solo.page.get_by_role("heading", name="Duel", exact=True)).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect_plain_address(solo)
    solo.choose("Solo")
    solo.type_guess("RGBY")
    solo.reload()
    expect(solo.page.get_by_role("heading", name="Duel", exact=True)).to_be_hidden()
    expect(solo.history_rows).to_have_count(1)


def test_a_reload_after_a_language_address_speaks_the_settings_language(solo):
    solo.open("?lang=fr")
    expect(solo.page.locator("html")).to_have_attribute("lang", "fr")
    expect_plain_address(solo)
    solo.reload()
    expect(solo.page.locator("html")).to_have_attribute("lang", "en")


def test_a_reload_keeps_the_daily_challenge_on_the_board(solo):
    solo.open()
    solo.choose("Daily challenge")
    expect(solo.status).to_contain_text("Daily challenge of")
    solo.type_guess("RGBY")
    solo.reload()
    expect(solo.status).to_contain_text("resumed")
    expect(solo.history_rows).to_have_count(1)


def test_back_and_forward_return_to_the_game_not_to_the_address(solo):
    secret = Game(seed=SEED).secret
    solo.open(f"?seed={SEED}")
    guesses = other_codes(secret, 2)
    for guess in guesses:
        solo.type_guess(guess)
    solo.page.goto("about:blank")
    solo.page.go_back()
    solo.wait_ready()
    expect_plain_address(solo)
    expect(solo.history_rows).to_have_count(2)
    solo.page.go_forward()
    expect(solo.page).to_have_url("about:blank")
    solo.page.go_back()
    solo.wait_ready()
    expect(solo.history_rows).to_have_count(2)
    row = solo.history_rows.nth(1)
    expect(row).to_contain_text(str(feedback(secret, guesses[1])))
    assert solo.problems() == []
