"""Whole Solo games in a real Chromium, played with clicks and keys as a person would."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from mastermind import Code, Config, Game, feedback

SEED = 2024


def other_codes(secret: Code, count: int) -> list[str]:
    """`count` classic codes that are not `secret`, for guesses that must not win."""
    return [str(code) for code in Code.all(Config()) if code != secret][:: 97][:count]


def test_page_paints_the_board_before_python_is_ready(solo):
    # Python's WebAssembly is held back until the page has been checked, so Python cannot win
    # the race on a fast machine.
    held = []
    solo.page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    with solo.page.expect_request("**/pyodide.asm.wasm"):
        solo.page.goto(solo.base_url, wait_until="domcontentloaded")
    expect(solo.status).to_have_text("Loading Python...")
    expect(solo.palette.get_by_role("button")).to_have_count(6)
    expect(solo.page.locator("#board")).to_have_attribute("aria-busy", "true")  # early input only (e2e/test_early.py)
    for name in ("New game", "Settings", "Statistics", "How to play"):
        expect(solo.button(name)).to_be_disabled()
    expect(solo.page.get_by_role("table", name="History")).to_be_visible()
    assert len(held) == 1
    held[0].continue_()
    solo.wait_ready()
    expect(solo.status).to_contain_text("New game")
    for name in ("Submit guess", "Delete", "New game", "Settings", "Statistics", "How to play"):
        expect(solo.button(name)).to_be_enabled()


def test_seeded_game_won_by_clicks(solo):
    secret = Game(seed=SEED).secret  # CPython draws the secret Pyodide must draw from the same seed
    solo.open(f"?seed={SEED}")
    expect(solo.secret).not_to_contain_text(str(secret))
    names = [button.get_attribute("aria-label") for button in solo.palette.get_by_role("button").all()]
    assert names == ["Blue", "Green", "Orange", "Purple", "Red", "Yellow"]

    guesses = [*other_codes(secret, 2), str(secret)]
    for number, guess in enumerate(guesses, 1):
        solo.click_guess(guess)
        expect(solo.history_rows).to_have_count(number)
        row = solo.history_rows.nth(number - 1)
        expect(row.get_by_role("cell").nth(1)).to_have_text(guess)
        expect(row).to_contain_text(str(feedback(secret, guess)))
        expect(row.get_by_role("cell").nth(3)).to_have_text(str(12 - number))

    expect(solo.status).to_contain_text("You win")
    expect(solo.status).to_contain_text(str(secret))
    expect(solo.secret).to_contain_text(str(secret))

    stats = solo.page.get_by_role("dialog", name="Statistics")  # open by itself at the end
    expect(stats).to_contain_text(re.compile(r"Games played\s*1"))
    expect(stats).to_contain_text(re.compile(r"Games won\s*1"))
    stats.get_by_role("button", name="Close").click()

    expect(solo.palette_button(0)).to_be_disabled()
    solo.page.keyboard.press("r")
    expect(solo.status).to_contain_text("game is over")
    expect(solo.history_rows).to_have_count(3)

    solo.button("New game").click()
    expect(solo.history_rows).to_have_count(0)
    expect(solo.secret).not_to_contain_text(str(secret))
    expect(solo.status).to_contain_text("New game")


def test_reveal_shows_the_seeded_secret_from_the_start(solo):
    secret = Game(seed=7).secret
    solo.open("?seed=7&reveal=1")
    expect(solo.secret).to_have_text(str(secret))


def test_game_lost_after_the_last_guess(solo):
    secret = Game(seed=SEED + 1).secret
    solo.open(f"?seed={SEED + 1}")
    for number, guess in enumerate(other_codes(secret, 12), 1):
        solo.type_guess(guess)
        expect(solo.history_rows).to_have_count(number)
    expect(solo.status).to_contain_text("You lose")
    expect(solo.status).to_contain_text(str(secret))
    expect(solo.secret).to_contain_text(str(secret))
    expect(solo.history_rows.last.get_by_role("cell").nth(3)).to_have_text("0")
    solo.close_statistics()
    solo.type_guess(str(secret))
    expect(solo.history_rows).to_have_count(12)
    expect(solo.status).to_contain_text("game is over")


def test_keyboard_only_game(solo):
    secret = Game(seed=99).secret
    solo.open("?seed=99")
    keyboard = solo.page.keyboard
    for key in "1234":  # the 1st to 4th colours: Blue Green Orange Purple
        keyboard.press(key)
    keyboard.press("Backspace")
    keyboard.press("6")  # Yellow
    expect(solo.slot(4)).to_have_text("Y")
    keyboard.press("Enter")
    expect(solo.history_rows).to_have_count(1)
    expect(solo.history_rows.first.get_by_role("cell").nth(1)).to_have_text("BGOY")
    expect(solo.history_rows.first).to_contain_text(str(feedback(secret, "BGOY")))

    keyboard.press("Enter")  # an empty guess is refused
    expect(solo.status).to_contain_text("Incomplete guess")

    for letter in str(secret):
        keyboard.press(letter.lower())
    # Tab reaches every button; Enter on a focused button presses that button.
    for _ in range(60):  # the header's actions, the Day field's parts, the modes, the History, the row
        keyboard.press("Tab")
        if solo.page.evaluate("document.activeElement.textContent") == "Submit guess":
            break
    expect(solo.button("Submit guess")).to_be_focused()
    keyboard.press("Enter")
    expect(solo.history_rows).to_have_count(2)
    expect(solo.status).to_contain_text("You win")


def test_incomplete_guess_is_refused_and_slots_can_be_cleared(solo):
    solo.open("?seed=5")
    solo.palette.get_by_role("button", name="Red", exact=True).click()
    solo.palette.get_by_role("button", name="Blue", exact=True).click()
    solo.button("Submit guess").click()
    expect(solo.status).to_contain_text("Incomplete guess")
    expect(solo.history_rows).to_have_count(0)
    expect(solo.slot(1)).to_have_text("R")
    expect(solo.slot(2)).to_have_text("B")

    solo.slot(1).click()  # clicking a filled slot empties it
    expect(solo.slot(1)).to_have_text("")
    expect(solo.slot(2)).to_have_text("B")
    solo.palette.get_by_role("button", name="Green", exact=True).click()  # fills the first empty slot
    expect(solo.slot(1)).to_have_text("G")
    solo.button("Delete").click()  # removes the last peg
    expect(solo.slot(2)).to_have_text("")
    expect(solo.slot(1)).to_have_text("G")
    solo.button("Submit guess").click()
    expect(solo.status).to_contain_text("Incomplete guess")
    expect(solo.history_rows).to_have_count(0)


def test_repeated_colour_refused_when_duplicates_are_off(solo):
    solo.open()
    solo.button("Settings").click()
    dialog = solo.page.get_by_role("dialog", name="Settings")
    dialog.get_by_label("Allow duplicates").uncheck()
    dialog.get_by_role("button", name="Save").click()
    expect(dialog).to_be_hidden()
    solo.click_guess("RRGB")
    expect(solo.status).to_contain_text("Red is used twice")
    expect(solo.history_rows).to_have_count(0)
    expect(solo.slot(2)).to_have_text("R")  # the refused guess is still there to fix


def test_how_to_play_explains_with_an_example(solo):
    solo.open()
    solo.button("How to play").click()
    dialog = solo.page.get_by_role("dialog", name="How to play")
    expect(dialog).to_contain_text("1 black, 1 white")
    solo.page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    solo.page.keyboard.press("r")  # keys play again once the dialog is closed
    expect(solo.slot(1)).to_have_text("R")


def test_enter_submits_again_after_a_dialog_opened_from_the_board_closes(solo):
    solo.open(f"?seed={SEED}")
    keyboard = solo.page.keyboard
    for key in "RGBY":
        keyboard.press(key)
    for name, close in (("Statistics", "Close"), ("How to play", None), ("Settings", None)):
        solo.button(name).click()
        dialog = solo.page.get_by_role("dialog", name=name)
        expect(dialog).to_be_visible()
        if close:
            dialog.get_by_role("button", name=close).click()
        else:
            keyboard.press("Escape")
        expect(dialog).to_be_hidden()
        expect(solo.button(name)).not_to_be_focused()
    keyboard.press("Enter")  # submits the guess, and opens no dialog
    expect(solo.history_rows).to_have_count(1)
    expect(solo.page.get_by_role("dialog")).to_have_count(0)
