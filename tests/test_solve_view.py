"""Solve mode's page model: rules, rows composed and edited, the engine's answer in words, and
the rows kept in storage like a game in progress."""

from __future__ import annotations

import json

import pytest

from mastermind import Config
from mastermind.page import storage
from mastermind.page.solve import SolveView
from mastermind.page.state import ModeGames
from mastermind.page.sync import MemoryStorage, Tab
from mastermind.solver import finish
from mastermind.solver.rows import Analysis, Conflict
from mastermind.solving import PER_SLOT, Solve


def add(view: SolveView, guess: str, *feedback: str) -> bool:
    for key in guess:
        view.press(key)
    labels = [field.label for field in view.feedback_fields]
    for label, value in zip(labels, feedback, strict=True):
        view.set_feedback(label, value)
    return view.submit()


def think(view: SolveView) -> None:
    view.answer(finish(view.analyser().run()))


def test_rows_per_slot_and_the_answer_in_words():
    view = SolveView()
    view.edit_rule("Feedback rule", "Per slot")
    assert [field.label for field in view.feedback_fields] == [f"Slot {n} feedback" for n in range(1, 5)]
    assert view.feedback_fields[0].options == ("Right", "Present", "Absent", "Unknown")
    assert add(view, "RGBY", "Right", "Right", "Right", "Present") is False
    assert view.status == "Feedback refused: with 3 slots right, the last cannot be present."
    for _ in range(4):
        view.press("Backspace")
    assert add(view, "RGBY", "Right", "Right", "Right", "Absent")
    assert view.status == "Row 1 added: RGBY, right, right, right, absent."
    think(view)
    assert view.count_text == "5 codes left."
    assert view.codes == ("RGBB", "RGBG", "RGBO", "RGBP", "RGBR")
    assert view.status == "Row 1 added: RGBY, right, right, right, absent."  # the count is Codes left's, said once
    view.use_suggestion()
    assert "".join(color.letter for color in view.slots if color) == view.suggestion


def test_the_rules_change_only_without_rows():
    view = SolveView()
    view.edit_rule("Pegs", "9")
    assert view.errors == {"Pegs": "Must be from 1 to 8, not 9."} and view.config.pegs == 4
    view.edit_rule("Pegs", "5")
    view.edit_rule("Colours may repeat", "No")
    assert (view.config.pegs, view.config.allow_duplicates) == (5, False)
    assert add(view, "RGBYO", "1", "")
    view.edit_rule("Pegs", "4")
    assert view.config.pegs == 5 and view.refused and view.rules_locked
    view.new_game()
    assert not view.solve.rows and not view.rules_locked


def test_a_wrong_row_is_named_and_editing_or_ignoring_it_restores_the_count():
    view = SolveView()
    assert add(view, "RRGG", "0", "0") and add(view, "BBOO", "0", "0")
    think(view)
    before = view.count_text
    assert add(view, "RGBY", "0", "2")
    think(view)
    assert view.status == ("Row 3 added: RGBY, 0 black, 2 white. No code fits. Row 3 contradicts rows 1 and 2. "
                           "Edit or ignore a row to fix it.")
    view.toggle_row(3)
    think(view)
    assert view.count_text == before and view.rows[2].ignored
    view.toggle_row(3)
    view.edit_row(3)
    assert "".join(color.letter for color in view.slots if color) == "RGBY" and (view.black, view.white) == ("0", "2")
    assert view.action == "Save row 3"
    view.set_feedback("Black", "")
    view.set_feedback("White", "")
    assert view.submit() and view.status == "Row 3 is now RGBY, black not seen, white not seen."
    think(view)
    assert view.count_text == before and view.action == "Add row"


def test_the_rows_the_status_names_are_marked_until_a_code_fits_again():
    view = SolveView()
    assert add(view, "RRGG", "0", "0") and add(view, "BBOO", "0", "0") and add(view, "YYYY", "1", "0")
    think(view)
    assert view.named_rows == () and not any(row.named for row in view.rows)
    assert add(view, "RGBY", "0", "2")
    assert view.named_rows == ()  # not before the engine has answered
    think(view)
    assert "Row 4 contradicts rows 1 and 2." in view.status
    assert view.named_rows == (1, 2, 4)
    assert [row.named for row in view.rows] == [True, True, False, True]
    assert [row.named_word for row in view.rows] == ["Conflicting row", "Conflicting row", "", "Conflicting row"]
    view.toggle_row(4)
    think(view)
    assert view.named_rows == () and not any(row.named for row in view.rows)


def test_a_row_that_fits_no_code_alone_is_the_one_marked():
    """In a game too large to refuse such a row at once, the engine names it alone."""
    view = SolveView()
    assert add(view, "RRGG", "0", "0") and add(view, "BBOO", "0", "0")
    view.answer(Analysis(0, True, 0, conflict=Conflict((2,), ())))
    assert "Row 2 fits no code." in view.status
    assert view.named_rows == (2,) and [row.named for row in view.rows] == [False, True]


def test_bad_counts_are_refused():
    view = SolveView()
    assert not add(view, "RGBY", "two", "")
    assert view.status == "Feedback refused: Black must be a whole number, or empty when not seen, not 'two'."
    assert view.solve.rows == ()


def test_the_rows_are_stored_like_a_game_in_progress():
    backend = MemoryStorage()
    tab = Tab(backend)
    view = SolveView(Config(pegs=5, colors=8))
    view.edit_rule("Feedback rule", "Per slot")
    add(view, "RGBYO", "Right", "Absent", "Unknown", "Present", "Absent")
    tab.save(storage.MODE_GAMES, tab.value(storage.MODE_GAMES).with_game("solve", view.saved()).with_active("solve"))
    again = Tab(backend).value(storage.MODE_GAMES)
    assert again.active == "solve"
    resumed = SolveView(solve=Solve.from_dict(again.games["solve"]))
    assert resumed.solve == view.solve and resumed.solve.rule is PER_SLOT
    assert resumed.status.startswith("Welcome back: 1 row kept.")


@pytest.mark.parametrize("damage", [{"rows": "RGBY"}, {"rule": "wordle"}])
def test_damaged_rows_in_storage_are_dropped_and_said(damage):
    backend = MemoryStorage()
    data = Solve(Config()).to_dict() | damage
    backend.setItem("mastermind:matches", json.dumps({"version": 2, "rev": 1, "data": {"active": "solve", "games": {"solve": data}}}))
    tab = Tab(backend)
    assert tab.value(storage.MODE_GAMES) == ModeGames("solve", {})
    assert any("solve in progress" in notice for notice in tab.take_notices())


def test_a_row_no_code_earns_is_refused_as_it_is_added():
    view = SolveView()
    assert not add(view, "RRRR", "0", "1")
    assert view.status == "Feedback refused: no code gives this feedback to RRRR."


def test_the_row_that_breaks_the_code_is_said():
    view = SolveView()
    assert add(view, "RGBY", "4", "0")
    think(view)
    assert view.status == "Row 1 added: RGBY, 4 black, 0 white. Code broken: RGBY, in 1 row."


def test_an_ignored_row_says_it_is_ignored():
    view = SolveView()
    for key in "RRGG":
        view.press(key)
    view.set_feedback("Black", "0")
    view.set_feedback("White", "0")
    view.submit()
    assert [row.state for row in view.rows] == [""]
    view.toggle_row(1)
    assert [(row.ignored, row.state) for row in view.rows] == [(True, "Ignored")]
    view.toggle_row(1)
    assert [row.state for row in view.rows] == [""]


def test_the_count_is_said_once_in_codes_left_not_in_the_status_too():
    view = SolveView()
    think(view)
    assert view.count_text == "1,296 codes left."
    assert view.status == "Compose the guess, enter its feedback, then press Add row."  # the prompt stays
    assert add(view, "RRGG", "1", "0")
    think(view)
    assert view.status == "Row 1 added: RRGG, 1 black, 0 white."
    assert "codes left" not in view.status and view.count_text.endswith("codes left.")
