"""The Solo screen with Python off the main thread (the site's own page, ``/``: MicroPython draws,
the session runs in a Pyodide worker), played as a person plays it: clicks and keys, Use guess,
Leave this game?, a reload, presses made before the worker is ready, another language, and the
mode buttons. The other Solo tests play this page too (e2e/conftest.py's :meth:`Solo.open`).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from mastermind import Game, feedback

from .conftest import catalog

PAGE = ""
"""The site's address: the Solo screen."""
SEED = 2024
WASM = "**/pyodide.asm.wasm"
"""Pyodide's WebAssembly, which the page's worker fetches: held back, the worker is not ready."""


@pytest.fixture
def worker_solo(solo):
    solo.page.set_default_timeout(30_000)
    return solo


def test_a_seeded_game_is_won_by_clicks_and_keys_and_nothing_runs_python_on_the_page(worker_solo):
    solo = worker_solo
    secret = str(Game(seed=SEED).secret)
    solo.open(f"{PAGE}?seed={SEED}")
    expect(solo.status).to_contain_text("New game")
    assert not [url for url in solo.requests if "pyscript" in url], "PyScript is no part of the site"
    solo.click_guess("RGBY")
    expect(solo.history_rows).to_have_count(1)
    row = solo.history_rows.nth(0)
    expect(row.get_by_role("cell").nth(1)).to_have_text("RGBY")
    expect(row).to_contain_text(str(feedback(secret, "RGBY")))
    expect(solo.status).to_contain_text(str(feedback(secret, "RGBY")))
    solo.type_guess(secret)
    expect(solo.status).to_contain_text("You win")
    expect(solo.secret).to_have_text(secret)
    expect(solo.palette_button(0)).to_be_disabled()
    expect(solo.button("Submit guess")).to_be_disabled()
    solo.close_statistics()  # opened by itself at the end
    solo.button("New game").click()  # the end's own, by the board: the game is over, nothing is asked
    expect(solo.history_rows).to_have_count(0)
    expect(solo.status).to_contain_text("New game")
    expect(solo.palette_button(0)).to_be_enabled()


def test_slots_clear_delete_and_an_incomplete_guess_is_refused_in_the_sessions_words(worker_solo):
    solo = worker_solo
    solo.open(f"{PAGE}?seed={SEED}")
    for key in "rg":
        solo.page.keyboard.press(key)
    expect(solo.slot(2)).to_have_accessible_description("Green, press to clear")
    solo.slot(1).click()
    expect(solo.slot(1)).to_have_accessible_description("empty")
    solo.page.keyboard.press("Enter")
    expect(solo.status).to_contain_text("4")  # the row needs its 4 pegs: nothing scored
    expect(solo.history_rows).to_have_count(0)
    solo.button("Delete").click()
    expect(solo.page.get_by_role("group", name="Current guess")).to_have_text("")


def test_use_guess_copies_a_row_and_the_game_resumes_after_a_reload(worker_solo):
    solo = worker_solo
    solo.open(f"{PAGE}?seed={SEED}")
    solo.type_guess("BBGG")
    expect(solo.history_rows).to_have_count(1)
    solo.button("Use guess 1").click()
    expect(solo.page.get_by_role("group", name="Current guess")).to_have_text("BBGG")
    solo.page.keyboard.press("Backspace")
    solo.page.keyboard.press("o")
    solo.page.keyboard.press("Enter")
    expect(solo.history_rows).to_have_count(2)
    expect(solo.history_rows.nth(1).get_by_role("cell").nth(1)).to_have_text("BBGO")
    solo.reload()  # the address lost its ?seed=: the stored game comes back
    assert solo.page.url == solo.base_url
    expect(solo.history_rows).to_have_count(2)
    expect(solo.history_rows.nth(0).get_by_role("cell").nth(1)).to_have_text("BBGG")


def test_new_game_asks_first_and_keep_playing_keeps_the_game(worker_solo):
    solo = worker_solo
    solo.open(f"{PAGE}?seed={SEED}")
    solo.type_guess("RRGG")
    expect(solo.history_rows).to_have_count(1)
    leave = solo.page.get_by_role("dialog", name="Leave this game?")
    solo.button("New game").click()
    expect(leave).to_contain_text("counts as a loss")
    leave.get_by_role("button", name="Keep playing").click()
    expect(leave).to_be_hidden()
    expect(solo.history_rows).to_have_count(1)
    solo.page.keyboard.press("Escape")
    solo.button("New game").click()
    expect(leave).to_be_visible()  # the worker's reply asks: a person presses Escape once they see it
    solo.page.keyboard.press("Escape")  # as Keep playing
    expect(leave).to_be_hidden()
    expect(solo.history_rows).to_have_count(1)
    solo.button("New game").click()
    leave.get_by_role("button", name="Yes, abandon").click()
    expect(solo.history_rows).to_have_count(0)
    expect(solo.status).to_contain_text("counts as a loss")
    solo.page.keyboard.press("y")  # the keys compose again
    expect(solo.slot(1)).to_have_text("Y")


def test_presses_before_the_worker_is_ready_are_replayed_once(new_context, site_url, make_solo, hold_python):
    context = new_context(service_workers="block")  # a route cannot hold what a service worker serves
    solo = make_solo(context.new_page(), site_url)
    solo.page.set_default_timeout(30_000)
    held = hold_python(solo.page)
    with solo.page.expect_request(WASM):
        solo.page.goto(site_url + PAGE, wait_until="domcontentloaded")
    welcome = solo.page.get_by_role("dialog", name="How to play")  # a first visit: static/shell.js opens it
    welcome.get_by_role("button", name="Close").click()
    expect(solo.page.locator("#board")).to_have_attribute("aria-busy", "true")
    solo.palette.get_by_role("button", name="Red", exact=True).click()
    solo.page.keyboard.press("g")
    expect(solo.slot(2)).to_have_text("G")
    held.release()
    solo.started()
    expect(solo.status).to_have_text("Green in slot 2.")
    expect(solo.page.get_by_role("group", name="Current guess")).to_have_text("RG")
    expect(welcome).to_be_hidden()
    solo.page.keyboard.press("b")
    expect(solo.page.get_by_role("group", name="Current guess")).to_have_text("RGB")
    assert solo.problems() == []


def test_the_worker_speaks_the_pages_language(worker_solo):
    solo = worker_solo
    french = catalog("fr")
    solo.open(f"{PAGE}?lang=fr&seed={SEED}")
    expect(solo.status).to_contain_text(french.gettext("Make your first guess.").rstrip("."))
    solo.page.keyboard.press("1")
    first = solo.page.get_by_role("group", name=french.gettext("Current guess")).get_by_role("button").first
    expect(first).to_have_accessible_description(french.gettext("{colour}, press to clear").format(colour=french.pgettext("colour", "Blue")))


def test_a_mode_button_opens_that_mode_in_place_and_solo_comes_back(worker_solo):
    solo = worker_solo
    solo.open(PAGE)
    solo.page.evaluate("window.__samePage = true")
    for mode in ("Duel", "Solve"):
        solo.choose(mode)
        expect(solo.page.get_by_role("heading", name=mode, exact=True)).to_be_visible()
    solo.choose("Solo")
    expect(solo.palette_button(0)).to_be_enabled()
    solo.type_guess("RGBY")
    expect(solo.history_rows).to_have_count(1)
    assert solo.page.evaluate("window.__samePage") is True, "a mode button loaded another page"
