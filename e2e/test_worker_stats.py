"""Statistics, the daily challenge and Day on ``solo.html`` (MicroPython draws, the session runs in
a Pyodide worker), played as a person plays them: a seeded game won, Statistics opening by itself
on its figures, the countdown to the next daily ticking while the dialog is open and no longer
once it is closed, the daily challenge played and counted once, a bad day refused in words, and
axe-core on the dialog, light and dark.

The Statistics and daily tests of e2e/test_records.py, test_kept.py and test_features.py play
this page too with ``MASTERMIND_SOLO_PAGE=solo.html`` (e2e/conftest.py).
"""

from __future__ import annotations

import datetime as dt
import re

import pytest
from playwright.sync_api import expect

from mastermind import Code, Config, Game
from mastermind.page.daily import daily_game
from mastermind.page.records import record_label
from mastermind.page.stats import record_key

from .test_accessibility import Audit

PAGE = "solo.html"
SEED = 2024
MORNING = dt.datetime(2026, 11, 23, 9, 30)
"""The player's clock in these tests: 14:30 hours before the next daily challenge."""
TICKS = """
const post = Worker.prototype.postMessage;
window.ticksSent = 0;
Worker.prototype.postMessage = function (message, ...rest) {
  try { if (JSON.parse(message).action.kind === "tick") window.ticksSent += 1; } catch (error) {}
  return post.call(this, message, ...rest);
};
"""
"""Counts the countdown's messages to the page's worker (``tick``): a timer left running sends more."""


def other_code(secret: str) -> str:
    return next(str(code) for code in Code.all(Config()) if str(code) != secret)


def figure(dialog, term: str):
    """The value beside `term` in the Statistics dialog's figures."""
    return dialog.get_by_role("term").filter(has_text=term).locator("xpath=following-sibling::dd")


def countdown(dialog):
    return dialog.get_by_text(re.compile(r"^Next daily challenge in \d{1,2}:\d\d:\d\d$"))


@pytest.fixture
def clocked(new_context, site_url, make_solo):
    """A Solo page of solo.html opened by `open(query)` in a context of its own whose clock starts
    at :data:`MORNING` and runs (Playwright's clock: a test may run it ahead), the countdown's
    messages counted (:data:`TICKS`)."""
    pages = []

    def open_page(query: str = "", clock: dt.datetime = MORNING):
        context = new_context()
        context.clock.install(time=clock)
        context.add_init_script(TICKS)
        solo = make_solo(context.new_page(), site_url)
        solo.page.set_default_timeout(30_000)
        pages.append(solo)
        return solo.open(PAGE + query)

    yield open_page
    assert [problem for solo in pages for problem in solo.problems()] == []


def ticks(solo) -> int:
    return solo.page.evaluate("window.ticksSent")


def test_a_won_game_opens_statistics_on_its_figures_and_the_countdown_stops_when_it_closes(clocked):
    solo = clocked(f"?seed={SEED}")
    secret = str(Game(seed=SEED).secret)
    solo.click_guess(other_code(secret))
    expect(solo.history_rows).to_have_count(1)
    stats = solo.page.get_by_role("dialog", name="Statistics")
    expect(stats).to_be_hidden()  # a game in progress opens nothing
    solo.type_guess(secret)
    expect(solo.status).to_contain_text("You win")

    expect(stats).to_be_visible()  # by itself, as the game ends
    record = stats.get_by_role("radio", name=record_label(record_key("solo", Config())), exact=True)
    expect(record).to_be_checked()
    expect(record).to_be_focused()  # the dialog opens on the record shown
    expect(figure(stats, "Games played")).to_have_text("1")
    expect(figure(stats, "Games won")).to_have_text("1")
    chart = stats.get_by_role("list", name="Guess distribution").get_by_role("listitem")
    expect(chart).to_have_count(12)
    expect(chart.nth(1)).to_have_accessible_name("2 guesses: 1 win")
    expect(chart.nth(0)).to_have_accessible_name("1 guess: 0 wins")
    expect(stats).to_contain_text("4 pegs")  # the rules line of the record shown
    expect(countdown(stats)).to_have_text(re.compile(r"in 14:(29:\d\d|30:00)$"))

    # Another record, chosen with the arrow keys: its figures, the focus staying on the radio.
    assisted = stats.get_by_role("radio", name=record_label(record_key("solo", Config(), assisted=True)), exact=True)
    solo.page.keyboard.press("ArrowDown")
    expect(assisted).to_be_checked()
    expect(stats).to_contain_text("No game played yet.")
    expect(figure(stats, "Games played")).to_have_text("0")
    expect(assisted).to_be_focused()
    solo.page.keyboard.press("ArrowUp")
    expect(figure(stats, "Games played")).to_have_text("1")
    expect(record).to_be_focused()

    # The countdown follows the clock while the dialog is open, and the live region is not told
    # the game's status again each second...
    said = solo.page.evaluate("""() => {
        window.statusChanges = 0;
        new MutationObserver(() => { window.statusChanges += 1 }).observe(
            document.getElementById("status"), {childList: true, characterData: true, subtree: true});
        return document.getElementById("status").textContent }""")
    solo.page.clock.run_for(60_000)
    expect(countdown(stats)).to_have_text(re.compile(r"in 14:2[0-8]:\d\d$"))
    assert solo.page.evaluate("window.statusChanges") == 0
    assert said.startswith("You win")
    shown = countdown(stats).inner_text()

    # ...and stops with it: running the clock on sends nothing more.
    solo.page.keyboard.press("Escape")
    expect(stats).to_be_hidden()
    sent = ticks(solo)
    assert sent >= 60
    solo.page.clock.run_for(30_000)
    assert ticks(solo) == sent
    expect(solo.page.locator("#next-daily")).to_have_text(shown)

    # Opened again by its button: it ticks again, from the clock's time now.
    solo.choose("Statistics")
    expect(stats).to_be_visible()
    expect(record).to_be_focused()
    expect(countdown(stats)).not_to_have_text(shown)
    solo.page.clock.run_for(5_000)
    assert ticks(solo) > sent
    stats.get_by_role("button", name="Close").click()
    expect(stats).to_be_hidden()
    sent = ticks(solo)
    solo.page.clock.run_for(5_000)
    assert ticks(solo) == sent

    solo.reload()  # the finished game gives way to a new one; nothing opens by itself
    expect(solo.history_rows).to_have_count(0)
    expect(stats).to_be_hidden()
    expect(solo.status).to_contain_text("New game")


def test_the_daily_challenge_is_played_and_counted_once_and_a_bad_day_is_refused(clocked):
    solo = clocked()
    today = MORNING.date()
    day = solo.page.get_by_label("Day", exact=True)
    expect(day).to_have_value(today.isoformat())  # today is the default
    expect(day).to_have_attribute("max", today.isoformat())

    solo.choose("Daily challenge")
    expect(solo.status).to_contain_text("Daily challenge of 2026-11-23")
    secret = str(daily_game(today).secret)
    solo.type_guess(other_code(secret))
    expect(solo.history_rows).to_have_count(1)

    # Bad days: each refused in words, the daily on the board untouched and nothing asked.
    leave = solo.page.get_by_role("dialog", name="Leave this game?")
    for typed, said in [("2026-12-01", "There is no challenge for 2026-12-01 yet: today's (2026-11-23) is the latest."),
                        ("2025-06-01", "The daily challenges start on 2026-01-01"),
                        ("", "Choose a day: a date such as 2026-11-02.")]:
        solo.open_menu()
        day.fill(typed)
        solo.button("Play day").click()
        expect(solo.status).to_contain_text(said)
        expect(leave).to_be_hidden()
        expect(solo.history_rows).to_have_count(1)

    solo.page.locator("#board").focus()
    solo.type_guess(secret)
    expect(solo.status).to_contain_text("You win")
    stats = solo.page.get_by_role("dialog", name="Statistics")
    daily = stats.get_by_role("radio", name=record_label(record_key("daily", Config())), exact=True)
    expect(daily).to_be_checked()  # the daily's own record
    expect(figure(stats, "Games played")).to_have_text("1")
    expect(figure(stats, "Games won")).to_have_text("1")
    solo.close_statistics()

    # Once a day: played again, it is the result kept, not a second game; after a reload too.
    for _visit in range(2):
        solo.choose("Daily challenge")
        expect(solo.status).to_contain_text("you already won it in 2 guesses")
        expect(solo.history_rows).to_have_count(2)
        expect(solo.button("Submit guess")).to_be_disabled()
        solo.choose("Statistics")
        expect(daily).to_be_checked()
        expect(figure(stats, "Games played")).to_have_text("1")
        solo.close_statistics()
        solo.reload()

    # An earlier day, chosen by the keyboard: Enter in the Day field plays it.
    earlier = dt.date(2026, 11, 2)
    solo.open_menu()
    day.fill(earlier.isoformat())
    day.press("Enter")
    expect(solo.status).to_contain_text("Daily challenge of 2026-11-02")
    expect(solo.history_rows).to_have_count(0)
    expect(day).to_have_value(earlier.isoformat())


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_statistics_passes_axe_light_and_dark(clocked, scheme):
    solo = clocked(f"?seed={SEED}")
    solo.page.emulate_media(color_scheme=scheme)
    audit = Audit(solo.page)
    solo.type_guess(str(Game(seed=SEED).secret))
    stats = solo.page.get_by_role("dialog", name="Statistics")
    expect(stats).to_be_visible()
    expect(figure(stats, "Games won")).to_have_text("1")
    audit.check("Statistics after a win")
    solo.close_statistics()
    solo.open_menu()
    solo.page.get_by_label("Day", exact=True).fill("2026-12-01")
    solo.button("Play day").click()
    expect(solo.status).to_contain_text("no challenge for 2026-12-01 yet")
    audit.check("a day refused")
    assert audit.found == {}
