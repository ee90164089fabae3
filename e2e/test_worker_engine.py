"""The engine on the Solo screen with Python off the main thread (``solo.html``): the session's
requests relayed by the main thread to the engine's worker (``static/mpy_engine.py``), played as a
person plays. A game by keys to its end, then Review: Skill and Luck of every guess as the package
works them out in CPython; the review's figures worked out ahead as the game goes; the solver
assist's count and Hint; an engine worker that cannot start, said once, its answers then from the
page's worker; axe on the review.

The other Solo tests of the review and the assist play this page too with
``MASTERMIND_SOLO_PAGE=solo.html`` (e2e/conftest.py).
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from mastermind import Config, Game
from mastermind.page import storage
from mastermind.page.records import REVIEW_HEADERS, REVIEW_NOTE, count_line, review_rows
from mastermind.page.state import Settings
from mastermind.page.words import ENGINE_HERE
from mastermind.solver import finish
from mastermind.solver.assist import hint, still_possible
from mastermind.solver.skill import review

from .conftest import ENGINE_MEASURE, MainThread, break_first_start
from .test_accessibility import Audit

PAGE = "solo.html"
SEED = 2024
ENGINE_WORKER = "static/engine-worker.mjs"
ENGINE_TIMEOUT_MS = 60_000
"""The engine's worker starts its own Pyodide with its first request: seconds on a loaded machine."""
ASSISTED = (f"localStorage.setItem({json.dumps(storage.SETTINGS.key)}, "
            f"{json.dumps(storage.envelope(storage.SETTINGS, Settings(assist=True), 1))})")
"""The stored settings of a player who turned the solver assist on (Settings > Solver assist)."""


@pytest.fixture
def worker_solo(solo):
    solo.page.set_default_timeout(30_000)
    return solo


def engine_workers(solo) -> list[str]:
    return [worker.url for worker in solo.page.workers if worker.url.endswith(ENGINE_WORKER)]


def answered(solo) -> int:
    """How many engine requests the main thread had answered (its ``mastermind:engine`` measures)."""
    return int(solo.page.evaluate("performance.getEntriesByName('mastermind:engine').length"))


def expect_review(solo, game: Game) -> None:
    """The Review table, its summary and note: every guess's figures as CPython works them out."""
    figures = finish(review(game.config, game.secret, game.history))
    table = solo.page.get_by_role("table", name="Review")
    expect(table).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    expect(table.locator("thead").get_by_role("columnheader")).to_have_text(list(REVIEW_HEADERS))
    assert "Skill" in REVIEW_HEADERS and "Luck" in REVIEW_HEADERS
    rows = table.locator("tbody").get_by_role("row")
    expect(rows).to_have_count(game.guesses_made)
    for row, values in zip(rows.all(), review_rows(figures, [turn.guess for turn in game.history]), strict=True):
        expect(row.get_by_role("cell")).to_have_text(list(values))
    expect(solo.page.locator("#review-summary")).to_have_text(figures.summary())
    expect(solo.page.locator("#review-note")).to_have_text(REVIEW_NOTE)


def test_a_game_by_keys_is_reviewed_with_the_packages_skill_and_luck_worked_out_ahead(worker_solo):
    solo = worker_solo
    solo.open(f"{PAGE}?seed={SEED}")
    game = Game(Config(), seed=SEED)
    for key in "rg":  # a bad input first: half a row, submitted
        solo.page.keyboard.press(key)
    solo.page.keyboard.press("Enter")
    expect(solo.status).to_contain_text("4")
    expect(solo.history_rows).to_have_count(0)
    for _ in "rg":
        solo.page.keyboard.press("Backspace")

    solo.type_guess("RRGG")
    game.guess("RRGG")
    expect(solo.history_rows).to_have_count(1)
    assert engine_workers(solo) == []  # a first guess's figures are the first-guess table's: no engine yet
    solo.type_guess("BOYP")
    game.guess("BOYP")
    expect(solo.history_rows).to_have_count(2)
    # The review's figures, asked ahead from the second guess: the engine's worker answered, no Review pressed.
    solo.page.wait_for_function(f"() => performance.getEntriesByName('{ENGINE_MEASURE}').length >= 1", timeout=ENGINE_TIMEOUT_MS)
    assert len(engine_workers(solo)) == 1
    secret = str(game.secret)
    solo.type_guess(secret)
    game.guess(secret)
    expect(solo.status).to_contain_text("You win")
    solo.close_statistics()

    review_button = solo.button("Review")
    expect(review_button).to_be_visible()
    for _ in range(40):  # to the Review button by Tab, as a person with a keyboard goes
        if solo.page.evaluate("document.activeElement.dataset.action") == "review":
            break
        solo.page.keyboard.press("Tab")
    solo.page.keyboard.press("Enter")
    expect(review_button).to_be_hidden()  # asked once
    expect_review(solo, game)
    expect(solo.page.locator("#review-progress")).to_be_hidden()
    assert len(engine_workers(solo)) == 1  # one worker for every request

    audit = Audit(solo.page)
    audit.check("solo.html, the review")
    assert audit.found == {}

    solo.button("New game").click()
    expect(solo.page.get_by_role("table", name="Review")).to_be_hidden()
    assert solo.problems() == []


def test_an_assisted_game_counts_each_position_and_plays_the_engines_hints(worker_solo):
    solo = worker_solo
    solo.page.context.add_init_script(ASSISTED)
    solo.open(f"{PAGE}?seed={SEED}")
    config = Config()
    game = Game(config, seed=SEED)
    count = solo.page.locator("#assist-count")
    expect(count).to_have_text("1,296 codes still possible.", timeout=ENGINE_TIMEOUT_MS)
    solo.type_guess("RRGG")
    game.guess("RRGG")
    expect(count).to_have_text(count_line(finish(still_possible(config, game.history))), timeout=ENGINE_TIMEOUT_MS)
    while not game.over:
        proposal = str(finish(hint(config, game.history)))
        solo.button("Hint").click()
        expect(solo.status).to_contain_text(f"Hint: {proposal} is in your guess", timeout=ENGINE_TIMEOUT_MS)
        expect(solo.page.get_by_role("group", name="Current guess")).to_have_text(proposal)
        solo.page.keyboard.press("Enter")
        game.guess(proposal)
        expect(solo.history_rows).to_have_count(game.guesses_made)
        if not game.over:
            expect(count).to_have_text(count_line(finish(still_possible(config, game.history))), timeout=ENGINE_TIMEOUT_MS)
    expect(solo.status).to_contain_text("You win")
    expect(count).to_be_hidden()
    expect(solo.button("Hint")).to_be_disabled()
    solo.close_statistics()
    expect_review(solo, game)  # an assisted game is reviewed as it ends, unasked
    assert len(engine_workers(solo)) == 1
    assert answered(solo) >= 2 * game.guesses_made  # a count after each guess, and each hint, from the worker
    assert solo.problems() == []


def test_an_engine_worker_that_cannot_start_is_said_once_and_the_pages_worker_answers(new_context, make_solo, site_url):
    context = new_context(service_workers="block")  # a route cannot change what a service worker serves
    context.add_init_script(ASSISTED)
    break_first_start(context, ENGINE_WORKER)  # the engine's worker fails as it starts; the file itself stays there
    solo = make_solo(context.new_page(), site_url)
    solo.page.set_default_timeout(30_000)
    solo.open(f"{PAGE}?seed={SEED}")
    config = Config()
    game = Game(config, seed=SEED)
    expect(solo.status).to_contain_text(ENGINE_HERE, timeout=ENGINE_TIMEOUT_MS)
    count = solo.page.locator("#assist-count")
    expect(count).to_have_text("1,296 codes still possible.", timeout=ENGINE_TIMEOUT_MS)  # answered by the page's worker
    proposal = str(finish(hint(config, game.history)))
    solo.button("Hint").click()
    expect(solo.status).to_contain_text(f"Hint: {proposal} is in your guess", timeout=ENGINE_TIMEOUT_MS)
    expect(solo.status).not_to_contain_text(ENGINE_HERE)  # said once
    solo.page.keyboard.press("Enter")
    game.guess(proposal)
    secret = str(game.secret)
    solo.type_guess(secret)
    game.guess(secret)
    expect(solo.status).to_contain_text("You win")
    solo.close_statistics()
    expect_review(solo, game)
    assert engine_workers(solo) == []  # the one that failed is gone; no other was started
    assert [line for line in solo.console if ENGINE_WORKER in line and line.startswith("warning")]


@pytest.mark.alone
def test_the_engines_work_leaves_the_main_thread_free_at_4x_cpu(worker_solo):
    """With the processor slowed 4x and the engine's worker started (by the work ahead of a game's
    second guess), the rest of the game and its Review: no main-thread task of 50 ms or more
    while the engine works (from each request to its answer). The worker's own start is left
    out: Chromium spends main-thread tasks of 50-170 ms at 4x starting any worker that loads
    Pyodide, a bare ``new Worker`` with nothing else on the page too (docs/architecture.md)."""
    solo = worker_solo
    solo.open(f"{PAGE}?seed={SEED}")
    page = solo.page
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
    game = Game(Config(), seed=SEED)
    for guess in ("RRGG", "BOYP", "GYBB", str(game.secret)):
        solo.type_guess(guess)
        game.guess(guess)
        expect(solo.history_rows).to_have_count(game.guesses_made)
        if game.guesses_made == 2:  # the work ahead answered: the engine's worker has started
            page.wait_for_function(f"() => performance.getEntriesByName('{ENGINE_MEASURE}').length >= 1",
                                   timeout=ENGINE_TIMEOUT_MS)
            tasks = MainThread(page)
    solo.close_statistics()
    solo.button("Review").click()
    expect_review(solo, game)
    # the work ahead of the third and fourth guesses, and the review, from the engine's worker
    assert page.evaluate(f"performance.getEntriesByName('{ENGINE_MEASURE}').length") >= 3
    while_asked, long_tasks = tasks.long_while_engine(skip=1)
    assert not while_asked, f"main-thread tasks of 50 ms or more (start, wall, thread) while the engine worked: {while_asked} (all: {long_tasks})"
