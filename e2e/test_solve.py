"""Solve mode in a real Chromium, played as a person with a board at the kitchen table: the test
keeps the secret to itself and computes each feedback as the person would, then follows the
page's suggestions; mistakes are named by row and fixed; impossible feedback is refused; the rows
survive a reload; axe-core finds nothing to fault at 360 and 1280 px."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import expect

from mastermind import Code, Config, feedback
from mastermind.solving import slot_marks

from .test_accessibility import TAGS, VIEWPORTS, Audit

BOOT_TIMEOUT_MS = 60_000
CLASSIC = Config()
READY = re.compile(r"^[\d,]+\+? codes? left|^0 codes left")


class Solver:
    """The Solve screen, through roles, names and labels (interface.md)."""

    def __init__(self, game):
        self.game = game
        self.page = game.page

    def open(self) -> Solver:
        self.page.goto(self.game.base_url + "?mode=solve")
        return self.wait()

    def wait(self) -> Solver:
        expect(self.page.get_by_role("heading", name="Solve", exact=True)).to_be_visible(timeout=BOOT_TIMEOUT_MS)
        expect(self.page.get_by_role("main").filter(has=self.page.get_by_role("heading", name="Solve"))).not_to_have_attribute(
            "aria-busy", "true")
        return self.ready()

    def ready(self) -> Solver:
        expect(self.left).to_have_text(READY, timeout=15_000)
        return self

    def button(self, name: str):
        return self.page.get_by_role("button", name=name, exact=True)

    def field(self, label: str):
        return self.page.get_by_label(label, exact=True)

    @property
    def status(self):
        return self.page.get_by_role("status").filter(visible=True)

    @property
    def left(self):
        return self.page.get_by_role("region", name="Codes left")

    @property
    def suggestion(self):
        return self.page.get_by_role("region", name="Suggestion")

    @property
    def rows(self):
        return self.page.get_by_role("table", name="Rows").locator("tbody").get_by_role("row")

    def count(self) -> int:
        return int(self.left.text_content().split(" ")[0].replace(",", "").rstrip("+"))

    def compose(self, letters: str) -> None:
        palette = self.page.get_by_role("group", name="Palette")
        for letter in letters:
            palette.get_by_role("button", name=CLASSIC.color(letter).name, exact=True).click()

    def enter(self, black: int | str | None = None, white: int | str | None = None, marks: str = "") -> None:
        """The feedback: black and white counts ("" or None: not seen), or per-slot marks (+~-?)."""
        if marks:
            words = {"+": "Right", "~": "Present", "-": "Absent", "?": "Unknown"}
            for number, mark in enumerate(marks, 1):
                self.field(f"Slot {number} feedback").select_option(words[mark])
        else:
            self.field("Black").fill("" if black is None else str(black))
            self.field("White").fill("" if white is None else str(white))

    def add(self, letters: str, black=None, white=None, marks: str = "") -> None:
        self.compose(letters)
        self.enter(black, white, marks)
        self.button("Add row").click()


@pytest.fixture
def solver(solo):
    return Solver(solo).open()


def expected_count(rows) -> int:
    return sum(all(check(str(code)) for check in rows) for code in Code.all(CLASSIC))


@pytest.mark.parametrize("rule", ["Black and white", "Per slot"])
def test_following_use_suggestion_breaks_the_code_in_five_guesses(solver, rule):
    secret = str(Code.random(CLASSIC, random.Random(f"solve-{rule}")))
    solver.field("Feedback rule").select_option(rule)
    if rule == "Per slot":
        expect(solver.field("Slot 1 feedback")).to_be_visible()
    for guesses in range(1, 6):
        solver.ready()
        letters = solver.suggestion.text_content()[: CLASSIC.pegs]
        solver.button("Use suggestion").click()
        expect(solver.page.get_by_role("group", name="Current guess").get_by_role("button")).to_have_count(4)
        black, white = feedback(secret, letters)
        if rule == "Per slot":
            solver.enter(marks="".join(mark.value for mark in slot_marks(secret, letters)))
        else:
            solver.enter(black, white)
        solver.button("Add row").click()
        expect(solver.rows).to_have_count(guesses)
        if letters == secret:
            break
    assert letters == secret and guesses <= 5
    expect(solver.left).to_have_text(re.compile(r"^1 code left"))
    expect(solver.suggestion).to_contain_text(secret)
    expect(solver.status).to_contain_text(f"Code broken: {secret}, in {guesses} row")


def test_a_wrong_feedback_is_named_by_row_and_ignoring_or_editing_it_restores_the_count(solver):
    solver.add("RRGG", 0, 0)
    solver.ready()
    solver.add("BBOO", 0, 0)
    solver.ready()
    before = solver.count()
    assert before == 16
    solver.add("RGBY", 0, 2)  # a typo: Y alone can be white
    solver.ready()
    expect(solver.status).to_contain_text("No code fits. Row 3 contradicts rows 1 and 2.")
    expect(solver.left).to_have_text(re.compile(r"^0 codes left"))

    ignore = solver.button("Ignore row 3")
    expect(ignore).to_have_attribute("aria-pressed", "false")
    expect(ignore).to_have_text("Ignore")
    ignore.click()
    expect(ignore).to_have_attribute("aria-pressed", "true")
    expect(ignore).to_have_text("Ignore")  # a toggle keeps its word (and its name holds it)
    expect(solver.rows.nth(2).locator(".row-actions")).to_contain_text("Ignored")  # said beside it
    expect(solver.rows.nth(1)).not_to_contain_text("Ignored")
    solver.ready()
    assert solver.count() == before
    ignore.click()
    solver.ready()
    expect(solver.left).to_have_text(re.compile(r"^0 codes left"))
    expect(solver.rows.nth(2)).not_to_contain_text("Ignored")

    solver.button("Edit row 3").click()
    expect(solver.field("White")).to_have_value("2")
    solver.enter(0, 1)
    solver.button("Save row 3").click()
    solver.ready()
    rows = [lambda code: feedback(code, "RRGG") == (0, 0), lambda code: feedback(code, "BBOO") == (0, 0),
            lambda code: feedback(code, "RGBY") == (0, 1)]
    assert solver.count() == expected_count(rows)
    expect(solver.rows.nth(2)).to_contain_text("0 black, 1 white")


def test_the_rows_a_contradiction_names_are_marked_and_the_first_is_in_view_on_a_phone(solver):
    """Typed by keys at 360x640, eight rows of which the last contradicts the first: the status names
    rows 1 and 8, both are marked (a visible mark, and a word for screen readers) and row 1, far
    above the newest, is scrolled into the Rows' view; the others stay unmarked."""
    page = solver.page
    page.set_viewport_size({"width": 360, "height": 640})
    rows = [("rrrr", 0, 0), ("pppp", 0, 0), ("gggg", 1, 0), ("bbbb", 1, 0), ("yyyy", 1, 0), ("oooo", 1, 0),
            ("gbyo", 0, 4), ("rgby", 1, 3)]
    for number, (letters, black, white) in enumerate(rows, 1):
        page.keyboard.type(letters)
        solver.field("Black").focus()
        page.keyboard.type(str(black))
        page.keyboard.press("Tab")
        page.keyboard.type(str(white))
        page.keyboard.press("Enter")
        expect(solver.rows).to_have_count(number)
        solver.ready()
    expect(solver.status).to_contain_text("No code fits. Row 8 contradicts row 1.")
    for index in range(8):
        row = solver.rows.nth(index)
        if index in (0, 7):
            expect(row.locator(".named-mark")).to_be_visible()
            expect(row.get_by_role("cell").first).to_have_text(f"{index + 1}!Conflicting row")
        else:
            expect(row.locator(".named-mark")).to_have_count(0)
            expect(row).not_to_contain_text("Conflicting")
    first = solver.rows.first
    shown = first.evaluate("""row => {
        const area = row.closest('.history-wrap'), head = area.querySelector('thead th').getBoundingClientRect();
        const box = row.getBoundingClientRect(), frame = area.getBoundingClientRect();
        return [area.scrollHeight > area.clientHeight, box.top >= head.bottom - 1 && box.bottom <= frame.bottom + 1];
    }""")
    assert shown == [True, True], shown  # the Rows overflow their area, and row 1 lies in its view
    expect(first).to_be_in_viewport()

    solver.button("Ignore row 8").click()
    solver.ready()
    expect(page.locator(".named-mark")).to_have_count(0)


def test_enter_in_black_or_white_adds_the_row_and_the_keys_compose_the_next(solver):
    """As the hint says, Enter adds the row from the Black and White fields; typed with the keys
    alone (letters, Tab, digits, Enter), then a refusal that keeps the field to mend."""
    solver.page.keyboard.type("rrgg")
    solver.field("Black").focus()
    solver.page.keyboard.type("1")
    solver.page.keyboard.press("Tab")
    solver.page.keyboard.type("0")
    solver.page.keyboard.press("Enter")
    expect(solver.rows).to_have_count(1)
    expect(solver.rows.first).to_contain_text("1 black, 0 white")
    assert solver.rows.first.locator(".peg").evaluate_all("(pegs) => pegs.map((peg) => peg.textContent).join('')") == "RRGG"
    solver.ready()
    solver.page.keyboard.type("bbyy")  # the keys compose again once the row is added
    solver.field("White").fill("5")
    solver.field("White").press("Enter")
    expect(solver.status).to_contain_text("5")
    expect(solver.rows).to_have_count(1)
    expect(solver.field("White")).to_be_focused()
    solver.field("White").fill("1")
    solver.field("Black").fill("0")
    solver.field("Black").press("Enter")
    expect(solver.rows).to_have_count(2)
    expect(solver.rows.nth(1)).to_contain_text("0 black, 1 white")
    assert solver.rows.nth(1).locator(".peg").evaluate_all("(pegs) => pegs.map((peg) => peg.textContent).join('')") == "BBYY"


def test_enter_in_a_slot_field_adds_the_per_slot_row(solver):
    solver.field("Feedback rule").select_option("Per slot")
    expect(solver.field("Slot 1 feedback")).to_be_visible()
    solver.compose("RGBY")
    solver.enter(marks="+~-?")
    solver.field("Slot 4 feedback").press("Enter")
    expect(solver.rows).to_have_count(1)
    expect(solver.rows.first).to_contain_text("right, present, absent, unknown")


def test_an_impossible_feedback_is_refused_at_once(solver):
    solver.add("RGBY", 3, 1)
    expect(solver.status).to_have_text(re.compile("^Feedback refused: 3 black and 1 white cannot happen"))
    expect(solver.rows).to_have_count(0)
    solver.enter(5, 0)
    solver.button("Add row").click()
    expect(solver.status).to_have_text(re.compile("^Feedback refused: 5 black pegs on 4 pegs"))
    solver.field("Feedback rule").select_option("Per slot")  # no row yet: the rules may change
    solver.button("Delete").click()  # the guess composed stays; the rule changes its feedback fields
    solver.compose("Y")
    solver.enter(marks="+++~")
    solver.button("Add row").click()
    expect(solver.status).to_have_text("Feedback refused: with 3 slots right, the last cannot be present.")
    expect(solver.rows).to_have_count(0)


def test_the_rows_survive_a_reload(solver):
    solver.field("Feedback rule").select_option("Per slot")
    solver.add("RGBY", marks="+-~?")
    solver.ready()
    solver.add("OOPP", marks="--??")
    solver.ready()
    count = solver.count()
    solver.button("Ignore row 2").click()
    solver.ready()
    ignored = solver.count()
    solver.page.reload()
    solver.wait()
    expect(solver.rows).to_have_count(2)
    expect(solver.rows.nth(0)).to_contain_text("right, absent, present, unknown")
    expect(solver.button("Ignore row 2")).to_have_attribute("aria-pressed", "true")
    assert solver.count() == ignored != count
    expect(solver.field("Feedback rule")).to_be_disabled()
    solver.button("New game").click()
    solver.page.get_by_role("dialog", name="Leave this game?").get_by_role("button", name="Yes, abandon").click()  # asked first
    expect(solver.rows).to_have_count(0)
    solver.ready()
    assert solver.count() == 1296


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_axe_finds_no_violation_on_the_solve_screens(solver, size, scheme):
    solver.page.set_viewport_size(VIEWPORTS[size])
    solver.page.emulate_media(color_scheme=scheme)
    audit = Audit(solver.page)
    audit.check("solve: no row")
    solver.add("RRGG", 1, 0)
    solver.ready()
    solver.add("RRGG", 4, 0)
    solver.ready()
    audit.check("solve: a contradiction")
    solver.button("Ignore row 2").click()
    solver.ready()
    audit.check("solve: a row ignored")
    solver.field("Feedback rule")  # locked while rows are entered
    solver.button("New game").click()
    leave = solver.page.get_by_role("dialog", name="Leave this game?")
    expect(leave).to_be_visible()
    audit.check("solve: New game asks before it clears the rows")
    leave.get_by_role("button", name="Yes, abandon").click()
    solver.field("Feedback rule").select_option("Per slot")
    solver.add("RGBY", marks="++++")
    solver.ready()
    audit.check("solve: per slot, one code left")
    assert audit.found == {}, audit.found
    assert TAGS


def test_a_second_tab_takes_up_the_rows(solver, context):
    solver.add("RRGG", 1, 0)
    solver.ready()
    other = Solver(type(solver.game)(context.new_page(), solver.game.base_url))
    other.page.set_default_timeout(15_000)
    other.open()
    expect(other.rows).to_have_count(1)
    other.add("BBOO", 0, 1)
    other.ready()
    expect(solver.rows).to_have_count(2)  # the first tab hears of the second's row
    solver.ready()
    assert solver.count() == other.count()
    assert other.game.problems() == []


def test_the_mode_picker_leaves_and_reopens_solve(solver):
    solver.add("RGBY", 1, 1)
    solver.ready()
    solver.page.get_by_role("navigation", name="Modes").get_by_role("button", name="Solo", exact=True).click()
    expect(solver.page.get_by_role("heading", name="Solve", exact=True)).to_be_hidden()
    expect(solver.page.get_by_role("button", name="Submit guess", exact=True)).to_be_visible()
    solver.page.get_by_role("navigation", name="Modes").get_by_role("button", name="Duel", exact=True).click()
    expect(solver.page.get_by_role("heading", name="Duel", exact=True)).to_be_visible()
    expect(solver.page.get_by_role("table", name="Rows")).to_be_hidden()
    solver.page.get_by_role("navigation", name="Modes").get_by_role("button", name="Solve", exact=True).click()
    expect(solver.page.get_by_role("button", name="Solve", exact=True)).to_have_attribute("aria-pressed", "true")
    expect(solver.rows).to_have_count(1)
    expect(solver.page.get_by_role("heading", name="Duel", exact=True)).to_be_hidden()
    solver.ready()


def test_share_rows_copies_them_as_text(solver, context):
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    solver.add("RGBY", 1, None)
    solver.ready()
    solver.button("Share rows").click()
    expect(solver.status).to_have_text("The rows are copied, as text: paste them where you like.")
    copied = solver.page.evaluate("navigator.clipboard.readText()")
    assert copied.splitlines() == [
        "Mastermind solve: 4 pegs, colours BGOPRY, repeats, black and white",
        "RGBY 1 ?",
    ]
