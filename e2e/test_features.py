"""What players of the best peers expect, played through the accessible names: hard mode, challenge
links, copying a past guess, presets, past daily challenges, motion, and How to play on a first
visit."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from playwright.sync_api import expect

from mastermind import Code, Config, Game, feedback
from mastermind.challenge import Challenge
from mastermind.hard import contradiction
from mastermind.page.daily import daily_game, daily_title, share_text

SEED = 77


@pytest.fixture
def Solo(solo):  # noqa: N802  (conftest's page object, to open more pages than the fixture's one)
    return type(solo)


def open_dialog(solo, name: str):
    solo.button(name).click()
    dialog = solo.page.get_by_role("dialog", name=name)
    expect(dialog).to_be_visible()
    return dialog


def save_settings(solo, **fields) -> None:
    """Open Settings, set fields by label (text for a field, True/False for a checkbox, a choice
    for `Preset`), save, and expect the dialog to close."""
    dialog = open_dialog(solo, "Settings")
    for label, value in fields.items():
        field = dialog.get_by_label(label, exact=True)
        if isinstance(value, bool):
            field.set_checked(value)
        elif label == "Preset":
            field.select_option(value)
        else:
            field.fill(value)
    dialog.get_by_role("button", name="Save").click()
    expect(dialog).to_be_hidden()


def contradicting(config: Config, secret: Code, history: list[str]) -> str:
    """A code that breaks hard mode after `history`, played for the first time (one played already
    is refused as such): it could not be the secret."""
    scored = [(Code(guess), feedback(secret, guess)) for guess in history]
    return next(str(code) for code in Code.all(config) if str(code) not in history and contradiction(scored, code))


def fitting(config: Config, secret: Code, history: list[str]) -> str:
    """A code other than the secret that hard mode accepts after `history`."""
    scored = [(Code(guess), feedback(secret, guess)) for guess in history]
    return next(
        str(code) for code in Code.all(config)
        if code != secret and str(code) not in history and not contradiction(scored, code)
    )


def page_in(browser, site_url, Solo, day: dt.date | None = None, permissions=()):
    context = browser.new_context(permissions=list(permissions))
    if day:
        context.clock.set_fixed_time(dt.datetime(day.year, day.month, day.day, 9, 30))
    page = Solo(context.new_page(), site_url)
    page.page.set_default_timeout(15_000)
    return page


# Hard mode


def test_hard_mode_refuses_a_guess_against_earlier_feedback_and_counts_apart(solo):
    secret = Game(seed=SEED).secret
    solo.open(f"?seed={SEED}")
    save_settings(solo, **{"Hard mode": True})
    expect(solo.status).to_contain_text("Settings saved")

    first = "RRGG" if str(secret) != "RRGG" else "BBOO"
    solo.click_guess(first)
    expect(solo.history_rows).to_have_count(1)
    refused = contradicting(Config(), secret, [first])
    sentence = str(contradiction([(Code(first), feedback(secret, first))], Code(refused)))
    solo.click_guess(refused)
    expect(solo.status).to_have_text(sentence)
    assert sentence.startswith(f"Hard mode: against guess 1 ({first}: ")
    expect(solo.history_rows).to_have_count(1)  # not counted
    expect(solo.slot(1)).not_to_have_accessible_description("empty")  # nothing lost: the guess stays

    # Switching hard mode on during a game is refused beside the field; switching off is allowed.
    solo.button("New game").click()
    solo.page.get_by_role("dialog", name="Leave this game?").get_by_role("button", name="Yes, abandon").click()
    solo.click_guess(first)
    save_settings(solo, **{"Hard mode": False})
    dialog = open_dialog(solo, "Settings")
    dialog.get_by_label("Hard mode").check()
    dialog.get_by_role("button", name="Save").click()
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("only before the first guess")
    expect(dialog.get_by_label("Hard mode")).to_have_attribute("aria-invalid", "true")
    dialog.get_by_role("button", name="Cancel").click()
    solo.click_guess(refused)  # not hard any more: played
    expect(solo.history_rows).to_have_count(2)

    # A hard game is its own record.
    solo.page.goto(f"{solo.base_url}?seed={SEED}")
    solo.wait_ready()
    solo.page.get_by_role("dialog", name="Leave this game?").get_by_role("button", name="Yes, abandon").click()
    save_settings(solo, **{"Hard mode": True})
    solo.click_guess(str(secret))
    expect(solo.status).to_contain_text("You win")
    stats = solo.page.get_by_role("dialog", name="Statistics")  # open by itself at the end of the game
    expect(stats.get_by_role("group", name="Record")).to_contain_text("hard mode")
    stats.get_by_role("button", name="Close").click()


def test_a_hard_daily_challenge_shares_its_mark(Solo, browser, site_url):
    day = dt.date(2026, 11, 23)
    secret = daily_game(day).secret
    solo = page_in(browser, site_url, Solo, day, ["clipboard-read", "clipboard-write"])
    try:
        solo.open()
        save_settings(solo, **{"Hard mode": True})
        solo.button("Daily challenge").click()
        first = fitting(Config(), secret, [])
        solo.click_guess(first)
        solo.click_guess(contradicting(Config(), secret, [first]))
        expect(solo.status).to_contain_text("Hard mode: against guess 1")
        for _ in range(4):
            solo.button("Delete").click()
        solo.click_guess(str(secret))
        expect(solo.status).to_contain_text("You win")
        solo.page.keyboard.press("Escape")  # Statistics, open by itself at the end of the game
        expect(solo.page.get_by_role("dialog", name="Statistics")).to_be_hidden()
        solo.button("Share").click()
        expect(solo.status).to_contain_text("copied to the clipboard")
        game = daily_game(day)
        game.switch_hard(True)
        game.guess(first)
        game.guess(str(secret))
        text = solo.page.evaluate("navigator.clipboard.readText()")
        assert text == share_text(daily_title(day), game)
        assert text.splitlines()[0] == "Mastermind daily 2026-11-23: 2/12 (hard mode)"
        assert solo.problems() == []
    finally:
        solo.page.context.close()


# Challenge a friend


def test_a_challenge_code_typed_with_spaces_is_the_code(solo, site_url):
    """A maker spacing the pegs to count them ("r g b y") means RGBY, not a code of 7 pegs."""
    solo.open()
    dialog = open_dialog(solo, "Challenge a friend")
    code = dialog.get_by_label("Code to break")
    code.fill("r g b y")
    dialog.get_by_role("button", name="Create link").click()
    link = dialog.get_by_label("Challenge link")
    expect(link).to_be_visible()
    assert link.input_value() == f"{site_url}?challenge={Challenge.make(Config(), 'RGBY').token}"
    expect(code).to_have_attribute("aria-invalid", "false")
    code.fill(" r g b ")
    dialog.get_by_role("button", name="Create link").click()
    expect(dialog).to_contain_text("a code has 4 pegs, this has 3")


def test_a_challenge_link_plays_the_makers_code_and_rules_without_touching_the_openers(Solo, browser, site_url):
    maker = page_in(browser, site_url, Solo, permissions=["clipboard-read", "clipboard-write"])
    opener = page_in(browser, site_url, Solo, permissions=["clipboard-read", "clipboard-write"])
    try:
        maker.open()
        save_settings(maker, Pegs="5", Colors="8", Guesses="10", **{"Hard mode": True})
        dialog = open_dialog(maker, "Challenge a friend")
        code = dialog.get_by_label("Code to break")
        code.fill("RRXZB")
        dialog.get_by_role("button", name="Create link").click()
        expect(dialog).to_contain_text("X and Z are not in the palette")
        expect(code).to_have_attribute("aria-invalid", "true")
        expect(dialog.get_by_label("Challenge link")).to_be_hidden()

        code.fill("kwrgb")
        dialog.get_by_role("button", name="Create link").click()
        link = dialog.get_by_label("Challenge link")
        expect(link).to_be_visible()
        expect(link).to_have_attribute("readonly", "")
        url = link.input_value()
        config = Config(pegs=5, colors=8, max_guesses=10)
        challenge = Challenge.make(config, "KWRGB", hard=True)
        assert url == f"{site_url}?challenge={challenge.token}"
        assert "KWRGB" not in url.upper() and "BLACK" not in url.upper()
        dialog.get_by_role("button", name="Copy link").click()
        expect(dialog).to_contain_text("copied")
        assert maker.page.evaluate("navigator.clipboard.readText()") == url
        dialog.get_by_role("button", name="Close").click()

        opener.open()
        opener.type_guess("RGBY")  # a Solo game of the opener's own, in progress
        expect(opener.history_rows).to_have_count(1)  # played (and kept) before the page is left
        opener.page.goto(url)
        opener.started()
        expect(opener.page.get_by_role("dialog", name="How to play")).to_be_hidden()
        leave = opener.page.get_by_role("dialog", name="Leave this game?")  # the Solo game in progress is not dropped unasked
        leave.get_by_role("button", name="Yes, abandon").click()
        expect(opener.status).to_contain_text(f"Challenge {challenge.name}")
        expect(opener.palette.get_by_role("button")).to_have_count(8)
        expect(opener.page.get_by_role("group", name="Current guess").get_by_role("button")).to_have_count(5)
        opener.config = config
        history = ["BBBBB"]
        opener.type_guess(history[0])
        refused = contradicting(config, challenge.secret, history)
        opener.type_guess(refused)
        expect(opener.status).to_contain_text("Hard mode: against guess 1")
        for _ in range(5):
            opener.page.keyboard.press("Backspace")
        opener.click_guess("KWRGB")
        expect(opener.status).to_contain_text("You win")
        stats = opener.page.get_by_role("dialog", name="Statistics")  # open by itself at the end of the game
        expect(stats.get_by_role("group", name="Record")).to_contain_text("Challenge")
        stats.get_by_role("button", name="Close").click()
        opener.button("Share").click()
        expect(opener.status).to_contain_text("copied to the clipboard")  # the write is asynchronous
        shared = opener.page.evaluate("navigator.clipboard.readText()")
        assert shared.splitlines()[0] == f"Mastermind challenge {challenge.name}: 2/10 (hard mode)"

        # The opener's own settings and records are untouched; the challenge counts apart.
        settings = open_dialog(opener, "Settings")
        expect(settings.get_by_label("Pegs")).to_have_value("4")
        expect(settings.get_by_label("Hard mode")).not_to_be_checked()
        settings.get_by_role("button", name="Cancel").click()
        stats = open_dialog(opener, "Statistics")
        expect(stats.get_by_role("group", name="Record")).to_contain_text("Challenge")
        expect(stats).to_contain_text(re.compile(r"Games won\s*1"))
        stats.get_by_role("button", name="Close").click()

        opener.config = Config()
        opener.button("New game").click()  # back to the opener's own rules
        expect(opener.palette.get_by_role("button")).to_have_count(6)
        assert maker.problems() == [] and opener.problems() == []
    finally:
        maker.page.context.close()
        opener.page.context.close()


def test_a_random_code_makes_a_link_too_and_the_text_stays_selectable_without_a_clipboard(solo):
    solo.open()
    solo.page.evaluate(
        "() => { navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError')) }"
    )
    dialog = open_dialog(solo, "Challenge a friend")
    dialog.get_by_role("button", name="Random code").click()
    expect(dialog.get_by_label("Code to break")).to_have_value(re.compile(r"^[BGOPRY]{4}$"))
    dialog.get_by_role("button", name="Create link").click()
    link = dialog.get_by_label("Challenge link")
    expect(link).to_have_value(re.compile(r"\?challenge="))  # seen, as a person sees it before copying
    token = link.input_value().split("?challenge=")[1]
    Challenge.open(token)  # a link this version opens
    dialog.get_by_role("button", name="Copy link").click()
    expect(dialog).to_contain_text("refused the clipboard")
    assert solo.page.evaluate("() => { const f = document.activeElement; return f.selectionEnd - f.selectionStart }") == len(
        link.input_value()
    )


@pytest.mark.parametrize("change", ["last", "cut", "garbage"])
def test_a_tampered_challenge_link_is_refused_clearly_and_solo_goes_on(fresh_solo, change):
    token = Challenge.make(Config(), "RGBY").token
    tampered = {
        "last": token[:-3] + ("A" if token[-3] != "A" else "B") + token[-2:],
        "cut": token[:10],
        "garbage": "%3Cscript%3E",
    }[change]
    solo = fresh_solo(query=f"?challenge={tampered}")
    expect(solo.status).to_contain_text("This challenge link")
    expect(solo.status).to_contain_text("Solo")
    expect(solo.page.get_by_role("dialog", name="How to play")).to_be_hidden()
    solo.type_guess("RGBY")
    expect(solo.history_rows).to_have_count(1)


# Use guess N


def test_a_past_guess_is_copied_into_the_row_being_composed(solo):
    secret = Game(seed=SEED).secret
    solo.open(f"?seed={SEED}")
    guesses = [str(code) for code in Code.all(Config()) if code != secret][5::131][:2]
    for guess in guesses:
        solo.type_guess(guess)
    expect(solo.history_rows).to_have_count(2)
    solo.history_rows.nth(0).get_by_role("button", name="Use guess 1").click()
    for number, letter in enumerate(guesses[0], 1):
        expect(solo.slot(number)).to_have_accessible_description(f"{Config().color(letter).name}, press to clear")
    expect(solo.status).to_contain_text(f"Guess 1 ({guesses[0]})")
    solo.slot(4).click()  # change one peg
    changed = "Y" if guesses[0][3] != "Y" else "B"
    solo.palette.get_by_role("button", name=Config().color(changed).name).click()
    solo.button("Submit guess").click()
    expect(solo.history_rows).to_have_count(3)
    expect(solo.history_rows.nth(2).get_by_role("cell").nth(1)).to_have_text(guesses[0][:3] + changed)
    expect(solo.history_rows.nth(2).get_by_role("button", name="Use guess 3")).to_be_visible()


# Presets


def test_the_preset_fills_the_fields_and_editing_one_makes_it_custom(solo):
    solo.open()
    dialog = open_dialog(solo, "Settings")
    preset = dialog.get_by_label("Preset")
    expect(preset).to_have_value("Classic")
    assert [option.text_content() for option in preset.locator("option").all()] == [
        "Classic", "Super", "Duel", "Race", "Custom",
    ]
    preset.select_option("Super")
    for label, value in (("Pegs", "5"), ("Colors", "8"), ("Guesses", "12")):
        expect(dialog.get_by_label(label, exact=True)).to_have_value(value)
    expect(dialog.get_by_label("Allow duplicates")).to_be_checked()
    dialog.get_by_label("Guesses").fill("10")
    expect(preset).to_have_value("Custom")
    preset.select_option("Race")
    for label, value in (("Pegs", "4"), ("Colors", "6"), ("Guesses", "8")):
        expect(dialog.get_by_label(label, exact=True)).to_have_value(value)
    expect(dialog.get_by_label("Allow duplicates")).not_to_be_checked()
    dialog.get_by_role("button", name="Save").click()
    expect(dialog).to_be_hidden()
    expect(solo.status).to_contain_text("8 guesses, no colour repeats")
    dialog = open_dialog(solo, "Settings")
    expect(dialog.get_by_label("Preset")).to_have_value("Race")


# Past daily challenges


def test_an_earlier_days_challenge_is_played_once_with_its_own_result(Solo, browser, site_url):
    today = dt.date(2026, 11, 23)
    earlier = dt.date(2026, 11, 2)
    solo = page_in(browser, site_url, Solo, today)
    try:
        solo.open()
        solo.button("Daily challenge").click()
        expect(solo.status).to_contain_text("Daily challenge of 2026-11-23")
        day = solo.page.get_by_label("Day")
        expect(day).to_have_value("2026-11-23")  # today is the default

        day.fill("2026-12-01")
        solo.button("Play day").click()
        expect(solo.status).to_contain_text("no challenge for 2026-12-01 yet")

        day.fill(earlier.isoformat())
        solo.button("Play day").click()
        expect(solo.status).to_contain_text("Daily challenge of 2026-11-02")
        secret = str(daily_game(earlier).secret)
        solo.click_guess(secret)
        expect(solo.status).to_contain_text("You win")
        solo.close_statistics()

        solo.button("Daily challenge").click()
        expect(solo.status).to_contain_text("Daily challenge of 2026-11-23")
        expect(solo.history_rows).to_have_count(0)  # today's is its own game

        solo.reload()
        solo.page.get_by_label("Day").fill(earlier.isoformat())
        solo.button("Play day").click()
        expect(solo.status).to_contain_text("you already won it in 1 guess")
        expect(solo.history_rows).to_have_count(1)
        expect(solo.palette.get_by_role("button", name="Red", exact=True)).to_be_disabled()  # the end is an end
        solo.page.keyboard.press("r")
        expect(solo.status).to_contain_text("game is over")
        assert solo.problems() == []
    finally:
        solo.page.context.close()


# Motion


def key_animations(solo, row: int) -> list[tuple[str, str]]:
    """(animation name, delay) of each key peg of History row `row` (from 0)."""
    return solo.history_rows.nth(row).evaluate(
        "row => [...row.querySelectorAll('.key')].map(k => [getComputedStyle(k).animationName, getComputedStyle(k).animationDelay])"
    )


def running(solo) -> int:
    return solo.page.evaluate("document.getAnimations().length")


def test_key_pegs_appear_one_after_another_without_delaying_the_next_guess(solo):
    secret = Game(seed=SEED).secret
    solo.open(f"?seed={SEED}")
    guesses = [str(code) for code in Code.all(Config()) if code != secret][3::211][:2]
    solo.type_guess(guesses[0])
    solo.type_guess(guesses[1])  # typed at once, while the first row's pegs still appear
    expect(solo.history_rows).to_have_count(2)
    animations = key_animations(solo, 1)
    assert {name for name, _ in animations} == {"key-in"}
    delays = [float(delay.rstrip("s")) for _, delay in animations]
    assert delays == sorted(delays) and len(set(delays)) == len(delays)

    # An empty guess is refused and the row nudged: the nudge lasts 300 ms, less than a loaded
    # machine may take to look, so the row records the animations that start on it.
    row = solo.page.get_by_role("group", name="Current guess")
    row.evaluate("g => { g.started = []; g.addEventListener('animationstart', e => g.started.push(e.animationName)); }")
    solo.button("Submit guess").click()
    expect(solo.status).to_contain_text("Incomplete guess")
    solo.page.wait_for_function("g => g.started.includes('nudge')", arg=row.element_handle())

    solo.type_guess(str(secret))
    expect(solo.status).to_contain_text("You win")
    won = solo.history_rows.nth(2)
    expect(won).to_have_class(re.compile(r"\bwon\b"))


def test_nothing_moves_under_reduced_motion(Solo, browser, site_url):
    context = browser.new_context(reduced_motion="reduce")
    solo = Solo(context.new_page(), site_url)
    try:
        solo.open(f"?seed={SEED}")
        solo.type_guess("RGBY")
        expect(solo.history_rows).to_have_count(1)
        solo.button("Submit guess").click()
        expect(solo.status).to_contain_text("Incomplete guess")
        assert {name for name, _ in key_animations(solo, 0)} == {"none"}
        assert running(solo) == 0
        assert solo.problems() == []
    finally:
        context.close()


def test_nothing_animates_while_python_starts(solo):
    solo.page.goto(solo.base_url + f"?seed={SEED}", wait_until="domcontentloaded")
    expect(solo.status).to_have_text("Loading Python...")
    assert running(solo) == 0
    solo.wait_ready()


# First visit


def test_how_to_play_opens_on_the_first_visit_only_and_gives_focus_back_to_the_board(Solo, browser, site_url):
    context = browser.new_context()
    solo = Solo(context.new_page(), site_url)
    solo.page.set_default_timeout(15_000)
    try:
        solo.page.goto(site_url)
        solo.started()
        help_dialog = solo.page.get_by_role("dialog", name="How to play")
        expect(help_dialog).to_be_visible()
        help_dialog.get_by_role("button", name="Close").click()
        expect(help_dialog).to_be_hidden()
        expect(solo.page.get_by_role("main")).to_be_focused()  # the board: keys play at once
        solo.type_guess("RGBY")
        expect(solo.history_rows).to_have_count(1)

        solo.page.reload()
        solo.started()
        expect(help_dialog).to_be_hidden()
        assert solo.problems() == []
    finally:
        context.close()


@pytest.mark.parametrize("query", ["?seed=5", "?challenge=" + Challenge.make(Config(), "RGBY").token])
def test_how_to_play_stays_closed_for_a_seed_or_a_challenge_link(Solo, browser, site_url, query):
    context = browser.new_context()
    solo = Solo(context.new_page(), site_url)
    try:
        solo.page.goto(site_url + query)
        expect(solo.palette_button(0)).to_be_enabled(timeout=60_000)
        expect(solo.page.get_by_role("dialog", name="How to play")).to_be_hidden()
    finally:
        context.close()
