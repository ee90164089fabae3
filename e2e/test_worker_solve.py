"""Solve on the worker page (``/``: MicroPython draws, the session runs in a Pyodide worker, the
engine's analysis in the engine's worker), played as a person plays it: the mode button switches
to it in place, without a reload and without PyScript; a guess composed by keys, its feedback
typed with one bad input refused and mended, Enter adds the row and the keys compose the next;
Use suggestion and a code left by clicks; each answer came from the engine's worker. The rest of
Solve's behaviour is e2e/test_solve.py's, played on this page too."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from mastermind import Config, feedback

from .test_solve import Solver

CLASSIC = Config()
SECRET = "GOYB"


def test_solve_on_the_worker_page_by_clicks_and_keys(solo):
    page = solo.page
    page.set_default_timeout(30_000)
    solo.open("?seed=3")
    page.evaluate("window.stayed = true")  # gone if the page loads again
    solo.choose("Solve")
    solver = Solver(solo).wait()
    expect(page.get_by_role("heading", name="Solve", exact=True)).to_be_focused()
    expect(solver.left).to_have_text("1,296 codes left.")
    expect(solver.button("Solve")).to_have_attribute("aria-pressed", "true")

    page.locator("#solve").focus()
    page.keyboard.type("rrgg")
    expect(page.get_by_role("group", name="Current guess").get_by_role("button")).to_have_text(["R", "R", "G", "G"])
    black, white = feedback(SECRET, "RRGG")
    solver.field("Black").fill(str(black))
    solver.field("White").fill("5")  # the bad input
    solver.field("White").press("Enter")
    expect(solver.status).to_have_text("Feedback refused: 5 white pegs on 4 pegs: a count is from 0 to 4.")
    expect(solver.rows).to_have_count(0)
    expect(solver.field("White")).to_be_focused()  # kept, to mend
    solver.field("White").fill(str(white))
    solver.field("White").press("Enter")
    expect(solver.rows).to_have_count(1)
    expect(solver.status).to_have_text(f"Row 1 added: RRGG, {black} black, {white} white.")
    expect(page.locator("#solve")).to_be_focused()  # the keys compose the next guess
    solver.ready()

    solver.button("Use suggestion").click()
    letters = "".join(page.get_by_role("group", name="Current guess").get_by_role("button").all_text_contents())
    assert len(letters) == 4 and solver.suggestion.text_content().startswith(letters)
    black, white = feedback(SECRET, letters)
    solver.enter(black, white)
    solver.button("Add row").click()
    expect(solver.rows).to_have_count(2)
    solver.ready()
    codes, rows, listed = page.locator(".solve-codes button"), 2, 0
    while solver.count() > 1:  # the first code left once they are listed (few), else the suggestion
        if codes.count():
            code, listed = codes.first.get_attribute("data-code"), listed + 1
            codes.first.click()
        else:
            code = solver.suggestion.text_content()[:4]
            solver.button("Use suggestion").click()
        expect(solver.status).to_have_text(f"{code} is in the guess. Enter its feedback, then press Add row.")
        black, white = feedback(SECRET, code)
        solver.enter(black, white)
        page.locator("#solve").focus()
        page.keyboard.press("Enter")  # the screen's keys: Enter adds the row
        rows += 1
        expect(solver.rows).to_have_count(rows)
        solver.ready()
    expect(solver.left).to_have_text(re.compile(r"^1 code left"))
    assert listed, "no code left was listed to pick"
    expect(solver.suggestion).to_contain_text(SECRET)

    measured = page.evaluate("performance.getEntriesByName('mastermind:engine').length")
    assert measured >= solver.rows.count() + 1  # every analysis answered by the engine's worker, relayed
    assert [worker for worker in page.workers if worker.url.endswith("static/engine-worker.mjs")]
    assert page.evaluate("window.stayed") is True
    assert not [url for url in solo.requests if "/vendor/pyscript/" in url or url.endswith("/static/app.py")]
    assert solo.problems() == []
