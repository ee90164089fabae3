"""Playable from the first paint: while Python starts (its WebAssembly held back by the test, so
it cannot win the race), the board takes pegs by clicks and keys and echoes them; a guess
submitted then is scored as soon as Python is ready, through Python's own rules and words; nothing
is lost or doubled, and a reload during start-up keeps what was submitted.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from mastermind import Code, Config, feedback

from .conftest import catalog

WASM = "**/pyodide.asm.wasm"
"""Python's WebAssembly, which conftest's Held holds back."""


@pytest.fixture
def held_first_visit(new_context, site_url, make_solo, hold_python):
    """Opens a first visitor's page at `query`, in the language of `words`, with Python held back."""
    solos = []

    def open_page(query: str = "", words=None):
        context = new_context(service_workers="block")  # see conftest's Held
        solo = make_solo(context.new_page(), site_url, words)
        solo.page.set_default_timeout(15_000)
        held = hold_python(solo.page)
        with solo.page.expect_request(WASM):
            solo.page.goto(site_url + query, wait_until="domcontentloaded")
        solos.append((solo, held))
        return solo, held

    yield open_page
    for solo, held in solos:
        held.release()
        assert solo.problems() == []


@pytest.fixture
def first_visit(held_first_visit):
    """A first visitor's page, opened with Python held back, How to play closed as a person would."""
    solo, held = held_first_visit()
    help_dialog = solo.page.get_by_role("dialog", name="How to play")
    help_dialog.get_by_role("button", name="Close").click()
    expect(help_dialog).to_be_hidden()
    return solo, held


def reload_held(solo) -> None:
    """Reload while Python is held (again): the first load's download of the held wasm, ended by
    the reload, is cut short (kept apart from the page's faults)."""
    with solo.page.expect_request(WASM):
        solo.page.reload(wait_until="domcontentloaded")
    assert [failure for failure in solo.aborted if "/vendor/pyodide/pyodide.asm.wasm " in failure]


def test_how_to_play_is_open_before_python_and_closes_by_close_escape_and_backdrop(held_first_visit):
    """The page opens How to play itself on a first visit, so it needs no Python: it takes the
    keys, and Close, Escape and a press on the backdrop close it, each handing the keys to the board."""
    solo, held = held_first_visit()
    page = solo.page
    help_dialog = page.get_by_role("dialog", name="How to play")
    main = page.get_by_role("main")
    for close in (
        lambda: help_dialog.get_by_role("button", name="Close").click(),
        lambda: page.keyboard.press("Escape"),
        lambda: page.mouse.click(2, 2),  # the backdrop, outside the dialog's box
    ):
        expect(help_dialog).to_be_visible()
        expect(main).to_have_attribute("aria-busy", "true")  # Python has not started
        expect(help_dialog.get_by_role("heading", name="How to play")).to_be_focused()
        help_dialog.get_by_role("paragraph").first.click()  # a press inside the box keeps it open
        expect(help_dialog).to_be_visible()
        close()
        expect(help_dialog).to_be_hidden()
        expect(main).to_be_focused()
        reload_held(solo)  # still a first visit: nothing was stored

    page.keyboard.press("Escape")  # closed, and no game begun: Python would have opened it
    held.release()
    solo.started()
    expect(help_dialog).to_be_hidden()  # not opened a second time
    solo.type_guess("RGBY")
    expect(solo.history_rows).to_have_count(1)
    solo.page.reload()
    solo.started()
    expect(help_dialog).to_be_hidden()  # shown once: Python kept it


def test_python_adopts_how_to_play_left_open_and_it_closes_the_same_way(held_first_visit):
    solo, held = held_first_visit()
    page = solo.page
    help_dialog = page.get_by_role("dialog", name="How to play")
    expect(help_dialog).to_be_visible()
    held.release()
    solo.started()
    expect(help_dialog).to_be_visible()  # left as it was, still the dialog's keys
    expect(help_dialog.get_by_role("heading", name="How to play")).to_be_focused()
    page.mouse.click(2, 2)
    expect(help_dialog).to_be_hidden()  # closed once: it was not opened twice
    expect(page.get_by_role("main")).to_be_focused()
    solo.type_guess("RGBY")
    expect(solo.history_rows).to_have_count(1)
    solo.button("How to play").click()  # opened by hand now, by Python
    expect(help_dialog).to_be_visible()
    page.keyboard.press("Escape")
    expect(help_dialog).to_be_hidden()


@pytest.mark.parametrize("tag", ["fr", "de"])
def test_how_to_play_before_python_is_in_the_chosen_language(held_first_visit, tag):
    words = catalog(tag)
    solo, _held = held_first_visit(f"?lang={tag}", words)
    help_dialog = solo.page.get_by_role("dialog", name=words.gettext("How to play"))
    expect(help_dialog).to_be_visible()
    expect(solo.page.locator("#board")).to_have_attribute("aria-busy", "true")
    expect(help_dialog.get_by_role("heading", level=3).first).to_have_text(words.gettext("Example"))
    help_dialog.get_by_role("button", name=words.gettext("Close")).click()
    expect(help_dialog).to_be_hidden()


@pytest.mark.parametrize("query", ["?seed=5", "?mode=solo"])
def test_how_to_play_waits_for_python_where_it_may_not_open(held_first_visit, query):
    """An address that opens a particular game shows no How to play, before Python or after."""
    solo, held = held_first_visit(query)
    help_dialog = solo.page.get_by_role("dialog", name="How to play")
    expect(solo.page.locator("#board")).to_have_attribute("aria-busy", "true")
    expect(solo.page.get_by_role("heading", name="Mastermind")).to_be_visible()
    expect(help_dialog).to_be_hidden()
    held.release()
    solo.started()
    expect(help_dialog).to_be_hidden()


def guess_cell(solo, number: int):
    return solo.history_rows.nth(number - 1).get_by_role("cell")


def finish_and_read_secret(solo, played: list[str]) -> tuple[str, int]:
    """Play guesses until the game is over, each one new (a guess played already is refused); the
    secret, as the page then shows it, and how many guesses the game took."""
    made = len(played)
    for code in [str(code) for code in Code.all(Config())][::101]:
        if code in played:
            continue
        solo.type_guess(code)
        made += 1
        expect(solo.history_rows).to_have_count(made)
        solo.drawn()  # the row is drawn a task before the status that may end the game
        if re.search("You win|You lose", solo.status.inner_text()):
            break
    expect(solo.status).to_contain_text(re.compile("You win|You lose"))
    return solo.secret.inner_text().replace("\n", "").strip(), made


def test_a_guess_composed_by_clicks_and_keys_before_python_is_ready_is_scored_once(first_visit):
    solo, held = first_visit
    page = solo.page
    expect(page.locator("#board")).to_have_attribute("aria-busy", "true")
    solo.palette.get_by_role("button", name="Red", exact=True).click()
    expect(solo.slot(1)).to_have_text("R")
    expect(solo.slot(1)).to_have_accessible_description("Red, press to clear")
    page.keyboard.press("g")
    page.keyboard.press("1")  # the first colour: Blue
    page.keyboard.press("Backspace")
    solo.slot(1).click()  # a filled slot empties
    expect(solo.slot(1)).to_have_accessible_description("empty")
    page.keyboard.press("p")  # fills slot 1 again
    solo.palette.get_by_role("button", name="Orange", exact=True).click()
    page.keyboard.press("y")
    expect(page.get_by_role("group", name="Current guess")).to_have_text("PGOY")
    expect(solo.status).to_have_text("Loading Python...")
    solo.button("Submit guess").click()
    expect(solo.status).to_have_text("Scoring as soon as the game has started...")
    expect(solo.history_rows).to_have_count(0)

    held.release()
    solo.started()
    expect(solo.history_rows).to_have_count(1)
    expect(guess_cell(solo, 1).nth(1)).to_have_text("PGOY")
    expect(solo.page.get_by_role("dialog", name="How to play")).to_be_hidden()  # not over a game begun
    expect(page.get_by_role("group", name="Current guess")).to_have_text("")
    scored = guess_cell(solo, 1).nth(2).inner_text()
    secret, made = finish_and_read_secret(solo, ["PGOY"])
    assert re.sub(r"\s+", " ", scored).endswith(str(feedback(secret, "PGOY")))
    expect(solo.history_rows).to_have_count(made)  # nothing doubled


def test_a_refused_early_guess_gets_pythons_words_and_keeps_its_pegs(first_visit):
    solo, held = first_visit
    for key in "rgb":
        solo.page.keyboard.press(key)
    solo.page.keyboard.press("Enter")
    held.release()
    solo.started()
    expect(solo.status).to_contain_text("Incomplete guess: slot 4 is empty")
    expect(solo.history_rows).to_have_count(0)
    expect(solo.page.get_by_role("group", name="Current guess")).to_have_text("RGB")
    solo.type_guess("y")
    expect(solo.history_rows).to_have_count(1)
    expect(guess_cell(solo, 1).nth(1)).to_have_text("RGBY")


def test_a_reload_during_start_up_keeps_what_was_submitted(first_visit):
    solo, held = first_visit
    solo.type_guess("ROBY")
    expect(solo.status).to_have_text("Scoring as soon as the game has started...")
    solo.page.keyboard.press("g")  # not submitted: lost with the reload
    reload_held(solo)  # held again: Python has not started
    expect(solo.status).to_have_text("Scoring as soon as the game has started...")
    held.release()
    solo.started()
    expect(solo.history_rows).to_have_count(1)
    expect(guess_cell(solo, 1).nth(1)).to_have_text("ROBY")
    expect(solo.page.get_by_role("group", name="Current guess")).to_have_text("")


def test_a_returning_5x8_hard_mode_game_takes_early_guesses_under_its_own_rules(new_context, site_url, make_solo, hold_python):
    context = new_context(service_workers="block")  # see conftest's Held
    solo = make_solo(context.new_page(), site_url)
    solo.page.set_default_timeout(15_000)
    solo.open()
    solo.choose("Settings")
    settings = solo.page.get_by_role("dialog", name="Settings")
    settings.get_by_label("Preset").select_option("Super")
    settings.get_by_label("Hard mode").check()
    settings.get_by_role("button", name="Save").click()
    expect(settings).to_be_hidden()
    solo.type_guess("BGOPR")
    expect(solo.history_rows).to_have_count(1)
    clue = re.search(r"(\d+) black, (\d+) white", guess_cell(solo, 1).nth(2).inner_text())
    assert clue
    config = Config(pegs=5, colors=8)  # the Super preset's rules

    def fits(code: Code) -> bool:
        scored = feedback(code, "BGOPR")
        return (scored.black, scored.white) == (int(clue[1]), int(clue[2]))

    fit = next(str(code) for code in Code.all(config) if fits(code) and str(code) != "BGOPR")
    misfit = next(str(code) for code in Code.all(config) if not fits(code))
    solo.page.goto("about:blank")  # left, its board kept

    back = make_solo(context.new_page(), site_url)
    back.page.set_default_timeout(15_000)
    held = hold_python(back.page)
    with back.page.expect_request(WASM):
        back.page.goto(site_url, wait_until="domcontentloaded")
    expect(back.palette.get_by_role("button")).to_have_count(8)
    back.type_guess(misfit)  # against the clue: Python refuses it once it has started
    held.release()
    back.started()
    expect(back.status).to_contain_text("Hard mode")
    expect(back.history_rows).to_have_count(1)

    back.page.goto("about:blank")
    again = make_solo(context.new_page(), site_url)
    again.page.set_default_timeout(15_000)
    held = hold_python(again.page)
    with again.page.expect_request(WASM):
        again.page.goto(site_url, wait_until="domcontentloaded")
    for letter in fit:
        again.palette.get_by_role("button", name=config.color(letter).name, exact=True).click()
    expect(again.page.get_by_role("group", name="Current guess")).to_have_text(fit)
    again.button("Submit guess").click()
    held.release()
    again.started()
    expect(again.history_rows).to_have_count(2)
    expect(guess_cell(again, 2).nth(1)).to_have_text(fit)
    assert solo.problems() + back.problems() + again.problems() == []


def test_no_early_input_where_the_board_is_not_known(new_context, site_url, make_solo, hold_python):
    """A seeded address draws its own board: the palette waits for Python, as before."""
    context = new_context(service_workers="block")  # see conftest's Held
    solo = make_solo(context.new_page(), site_url)
    held = hold_python(solo.page)
    with solo.page.expect_request(WASM):
        solo.page.goto(site_url + "?seed=5", wait_until="domcontentloaded")
    expect(solo.page.locator("#board")).to_have_attribute("aria-busy", "true")
    expect(solo.palette_button(0)).to_be_disabled()
    held.release()
    solo.started()
    assert solo.problems() == []


def test_a_damaged_or_planted_copy_of_the_board_is_not_drawn(fresh_solo):
    """The copy is read back from storage, which any script of the origin can write: a part that
    is not a board's (here a script element) leaves index.html's board, and Python draws the real one."""
    planted = {"version": 1, "parts": [{"id": "palette", "attributes": [], "style": [],
                                         "children": [["script", [["src", "static/sw-register.js"]], [], []]]}]}
    solo = fresh_solo(f"localStorage.setItem('mastermind:shell', {json.dumps(json.dumps(planted))});"
                      "localStorage.setItem('mastermind:welcomed', '{\"version\": 2, \"rev\": 1, \"data\": true}');")
    assert solo.page.locator("script[src='static/sw-register.js']").count() == 1  # index.html's own, only
    expect(solo.palette.get_by_role("button")).to_have_count(6)
    solo.type_guess("RGBY")
    expect(solo.history_rows).to_have_count(1)
