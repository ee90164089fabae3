"""The Lab on the one page, its model in the page's worker and the strategy in the Lab's worker,
which the main thread owns: a whole flow by clicks and keys under small rules (a strategy typed,
Run, scored and compared; Stop within a second whatever the strategy does; a strategy that
raises), and axe-core's gate over the Lab, light and dark; the limit and a syntax error's line
are e2e/test_lab.py's, which plays on the same page. Run with ``-n 2`` at most: each test starts Pyodide workers."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .test_accessibility import VIEWPORTS, Audit
from .test_lab import Lab

RETURNS_FIRST = """from mastermind.lab import possible

def guess(history, rules):
    return possible(history, rules)[0]
"""


def small(lab: Lab) -> Lab:
    """2 pegs and 3 colours (9 secrets), typed into the rules as a person does."""
    for label, value in (("Pegs", "2"), ("Colours", "3")):
        field = lab.screen.get_by_label(label, exact=True)
        field.fill(value)
        field.press("Tab")
    expect(lab.status).to_contain_text("Rules: 2 pegs, 3 colours")
    return lab


@pytest.fixture
def lab(solo):
    return small(Lab(solo).open())


def test_a_typed_strategy_is_run_scored_and_compared_on_the_one_page(lab):
    assert lab.page.url.split("?")[0].endswith("/")  # the one page, not modes.html
    lab.type_strategy(RETURNS_FIRST)
    lab.run()
    expect(lab.button("Stop")).to_be_focused()
    lab.finished()
    expect(lab.score).to_contain_text("Secrets: all 9 codes.")
    compare = lab.page.get_by_role("table", name="To compare")
    expect(compare.get_by_role("row").filter(has_text="VIKI")).not_to_contain_text("...")
    expect(lab.page.get_by_role("table", name="Games won in N guesses").locator("tbody tr").first).to_be_visible()


def test_stop_ends_a_runaway_within_a_second_and_the_next_run_works(lab):
    lab.type_strategy("def guess(history, rules):\n    while True:\n        pass\n")
    lab.run()
    expect(lab.button("Stop")).to_be_enabled()
    lab.button("Stop").click()
    expect(lab.button("Run")).to_be_enabled(timeout=1_000)
    expect(lab.status).to_contain_text("Stopped after 0 of 9 secrets.")
    lab.type_strategy(RETURNS_FIRST)
    lab.run()
    lab.finished()
    expect(lab.status).to_contain_text("Scored: mean")


def test_a_strategy_that_raises_shows_its_problem_and_its_line(lab):
    lab.type_strategy("def guess(history, rules):\n    return {}['x']\n")
    lab.run()
    lab.finished()
    expect(lab.score).to_contain_text("KeyError")
    expect(lab.model).to_have_attribute("data-error-line", "2")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_lab_has_no_axe_violation(solo, scheme):
    solo.page.set_viewport_size(VIEWPORTS["desktop"])
    solo.page.emulate_media(color_scheme=scheme)
    lab = small(Lab(solo).open())
    lab.type_strategy(RETURNS_FIRST)
    lab.run()
    lab.finished()
    audit = Audit(solo.page)
    audit.check("lab")
    assert audit.found == {}, audit.found
