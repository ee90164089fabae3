"""The engine's Web Worker in a real Chromium: Solve's rows are answered by it (the page's thread
keeps no task of 50 ms or more while it works, with the processor slowed 4x), an answer about rows
since changed is never drawn over the newer one, and a worker that cannot start is said once
while the page answers itself."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from mastermind import Code, Config, feedback

from .conftest import ENGINE_MEASURE, MainThread, break_first_start
from .test_solve import READY, Solver

WORKER = "static/engine-worker.mjs"
ANSWERED = 60_000
"""Milliseconds an answer may take at 4x with the worker's Pyodide still starting."""


@pytest.fixture
def solver(solo) -> Solver:
    return Solver(solo).open()


def set_rules(solver: Solver, pegs: int, colors: int) -> Config:
    for label, value in (("Pegs", pegs), ("Colours", colors)):
        field = solver.page.get_by_role("spinbutton", name=label, exact=True).filter(visible=True)
        field.fill(str(value))
        field.press("Tab")
    expect(solver.page.get_by_role("group", name="Palette").get_by_role("button")).to_have_count(colors)
    solver.ready()
    return Config(pegs=pegs, colors=colors)


def add(solver: Solver, config: Config, letters: str, black: int, white: int) -> None:
    palette = solver.page.get_by_role("group", name="Palette")
    for letter in letters:
        palette.get_by_role("button", name=config.color(letter).name, exact=True).click()
    for label, value in (("Black", black), ("White", white)):
        solver.page.get_by_role("spinbutton", name=label, exact=True).fill(str(value))
    solver.button("Add row").click()


def engine_workers(solver: Solver) -> list[str]:
    return [worker.url for worker in solver.page.workers if worker.url.endswith(WORKER)]


@pytest.mark.alone
def test_solve_rows_are_answered_in_the_worker_with_no_long_task_at_4x_cpu(solver):
    page = solver.page
    config = set_rules(solver, 5, 8)
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
    rng = random.Random(42)
    secret = Code.random(config, rng)
    tasks = MainThread(page)
    guesses = [str(Code.random(config, rng)) for _ in range(3)]
    for guess in guesses:
        score = feedback(secret, guess)
        add(solver, config, guess, score.black, score.white)
        expect(solver.left).to_have_text(READY, timeout=ANSWERED)
    expected = sum(all(feedback(code, guess) == feedback(secret, guess) for guess in guesses) for code in Code.all(config))
    assert solver.count() == expected
    assert engine_workers(solver), "the answers came from the page's thread, not the engine's worker"
    expect(solver.status).not_to_contain_text("could not start")
    assert page.evaluate(f"performance.getEntriesByName('{ENGINE_MEASURE}').length") >= len(guesses)
    while_asked, long_tasks = tasks.long_while_engine()
    assert not while_asked, f"main-thread tasks of 50 ms or more (start, wall, thread) while the engine worked: {while_asked} (all: {long_tasks})"


def test_an_answer_about_rows_since_changed_is_never_drawn(solver):
    """Rows changed while the worker still works on older ones (6x10, the processor slowed 4x):
    from the change on, only the newest rows' answer is drawn, the same as a reload computes."""
    page = solver.page
    config = set_rules(solver, 6, 10)
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.evaluate("""window.__counts = [];
const count = document.querySelector('.solve-left .count');
new MutationObserver(() => window.__counts.push(count.textContent)).observe(count, {childList: true, characterData: true, subtree: true});
document.addEventListener('click', (event) => {
  if (event.target.closest('[aria-label="Ignore row 1"]')) window.__counts.push('ignored');
}, true);""")
    add(solver, config, "RRGGBB", 1, 1)
    add(solver, config, "OOYYPP", 0, 1)
    page.get_by_role("button", name="Ignore row 1", exact=True).click()
    expect(solver.left).to_have_text(READY, timeout=ANSWERED)
    final = solver.left.text_content()
    drawn = page.evaluate("window.__counts")
    after = [text for text in drawn[drawn.index("ignored"):] if READY.match(text)]
    assert after and set(after) == {final}, drawn
    page.reload()
    solver.wait()
    assert solver.left.text_content() == final


def test_a_worker_that_cannot_start_is_said_and_the_page_answers_itself(new_context, make_solo, site_url):
    """The engine's worker fails as it starts (a context without the service worker, which would
    serve the file from its cache): the page says so in the status and its own worker answers
    Solve, rightly, with the same file's engine (so only the worker's first fetch fails)."""
    context = new_context(service_workers="block")
    page = context.new_page()
    break_first_start(page, WORKER)
    screen = Solver(make_solo(page, site_url)).open()
    expect(screen.status).to_contain_text("The engine's helper could not start", timeout=ANSWERED)
    screen.add("RRGG", 1, 0)
    expected = sum(feedback(code, "RRGG") == (1, 0) for code in Code.all(Config()))
    expect(screen.left).to_have_text(f"{expected} codes left.", timeout=ANSWERED)
    expect(page.get_by_role("region", name="Suggestion")).to_contain_text("Use suggestion")
    assert not engine_workers(screen)
