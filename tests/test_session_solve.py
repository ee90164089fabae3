"""Solve as session actions (mastermind.page.session_solve): each reply's ``mode`` part, status,
writes and effects against :class:`~mastermind.page.solve.SolveView` driven as the PyScript page
drives it, the engine's analysis asked as an ``engine`` effect and answered by the engine's own
job (what its worker runs), a newer request superseding an older one, and bad messages refused."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mastermind.page import engine, storage
from mastermind.page.boards import SOLO_ONLY
from mastermind.page.solve import SolveView
from mastermind.page.words import ENGINE_HERE
from mastermind.solver.clock import finish

from .test_session_modes import Page


def answer_of(effect: dict[str, Any]) -> dict[str, Any]:
    """The engine's answer to an ``engine`` effect's request, as its worker computes it."""
    work, _done = engine.JOBS[effect["request"]["kind"]](json.loads(json.dumps(effect["request"])))
    answer: dict[str, Any] = json.loads(json.dumps(finish(work)))
    return answer


class Solver(Page):
    """A tab on Solve: each engine request answered at once unless `hold` asks to keep it."""

    def __init__(self, stored: dict[str, str] | None = None, search: str = "?mode=solve") -> None:
        super().__init__(search, stored)
        self.opened = self.reply
        if "mode=solve" in search:
            self.answer()

    def asked(self) -> list[dict[str, Any]]:
        return [effect for effect in self.reply["effects"] if effect["do"] == "engine"]

    def answer(self) -> dict[str, Any]:
        """Answer the reply's engine request (there must be one): the reply to that answer."""
        (effect,) = self.asked()
        assert effect["lane"] == "solve" and effect["report_after_ms"] == 300
        return self.send("engine", id=effect["id"], answer=answer_of(effect))

    def type(self, letters: str) -> None:
        for key in letters:
            self.send("mode-press", key=key)

    def add(self, letters: str, black: str, white: str, from_field: bool = False) -> dict[str, Any]:
        self.type(letters)
        self.send("solve-feedback", label="Black", value=black)
        self.send("solve-feedback", label="White", value=white)
        return self.send("solve-add", from_field=from_field)


def test_solve_opens_with_its_screen_its_title_focused_and_the_engine_asked() -> None:
    page = Page("?mode=solve")
    assert page.part["mode"] == "solve" and page.part["solo_only"] == list(SOLO_ONLY)
    assert page.effects("solve-focus") == [{"do": "solve-focus", "part": "title"}]
    assert page.part["busy"] and page.part["count"] == "Counting the codes left..."
    assert page.part["rules"][3] == {"label": "Feedback rule", "value": "Black and white", "error": ""}
    assert [field["label"] for field in page.part["feedback"]] == ["Black", "White"]
    (effect,) = page.effects("engine")
    assert effect["request"] == engine.solve_request(SolveView().solve)
    answered = page.send("engine", id=effect["id"], answer=answer_of(effect))
    assert answered["status"] is None  # the count is said in Codes left, not in the status
    assert page.part["count"] == "1,296 codes left." and not page.part["busy"]
    assert page.part["suggestion_text"] == "About 4.3 guesses to the end when it is played." and page.part["can_use"]
    assert len(page.part["suggestion"]) == 4 and page.effects("engine") == []


def test_an_engine_worker_that_cannot_start_is_said_in_solves_status_not_solos() -> None:
    page = Page("?mode=solve")
    shown = page.session.modes.current
    assert shown is not None
    before = shown.status
    said = page.send("engine-here")["status"]
    assert said == f"{ENGINE_HERE} {before}" and page.session.view.status not in said


def test_rows_added_edited_and_ignored_say_what_the_pyscript_pages_view_says() -> None:
    page, view = Solver(), SolveView()
    for rows, (letters, black, white) in enumerate([("RRGG", "0", "0"), ("BBOO", "0", "0"), ("RGBY", "0", "2")], 1):
        reply = page.add(letters, black, white, from_field=rows == 1)
        for key in letters:
            view.press(key)
        view.set_feedback("Black", black)
        view.set_feedback("White", white)
        assert view.submit()
        assert reply["status"] == view.status and len(page.part["rows"]) == rows and page.part["busy"]
        assert page.effects("solve-focus") == ([{"do": "solve-focus", "part": "screen"}] if rows == 1 else [])
        answered = page.answer()
        view.answer(engine.read_analysis(answer_of({"request": engine.solve_request(view.solve)})))
        assert answered["status"] == (view.status if rows == 3 else None)
    assert page.reply["status"] == "Row 3 added: RGBY, 0 black, 2 white. No code fits. Row 3 contradicts rows 1 and 2. Edit or ignore a row to fix it."
    assert page.part["count"] == "0 codes left: no code fits every row." and page.part["first_named"] == 1
    assert [row["named"] for row in page.part["rows"]] == [True, True, True]
    assert page.part["locked"] and not page.part["can_use"]

    ignored = page.send("solve-row", number=3, action="ignore")
    assert ignored["status"] == "Row 3 set aside." and page.part["rows"][2]["ignored"]
    assert page.part["rows"][2]["state"] == "Ignored" and page.part["rows"][2]["ignore"] == "Ignore row 3"
    page.answer()
    assert page.part["count"] == "16 codes left." and page.part["first_named"] is None

    edited = page.send("solve-row", number=2, action="edit")
    assert edited["status"] == "Editing row 2: change the guess or its feedback, then press Save row 2."
    assert page.effects("solve-focus") == [{"do": "solve-focus", "part": "feedback"}] and page.effects("engine") == []
    assert page.part["action"] == "Save row 2" and page.part["editing"]
    assert [field["value"] for field in page.part["feedback"]] == ["0", "0"]
    assert page.send("solve-cancel")["status"] == "Edit cancelled. Compose the guess, enter its feedback, then press Add row."
    stored = json.loads(page.stored[storage.MODE_GAMES.key])["data"]
    assert [row["guess"] for row in stored["games"]["solve"]["rows"]] == ["RRGG", "BBOO", "RGBY"]


def test_the_suggestion_and_a_code_left_are_put_in_the_guess() -> None:
    page = Solver()
    page.add("RRGG", "0", "0")
    page.answer()
    page.add("BBOO", "0", "0")
    page.answer()
    assert len(page.part["codes"]) == 16
    code, shown = page.part["codes"][0]
    assert page.send("solve-code", code=code)["status"] == f"{shown} is in the guess. Enter its feedback, then press Add row."
    assert "".join(slot["color"]["letter"] for slot in page.part["slots"]) == code
    suggestion = "".join(color["letter"] for color in page.part["suggestion"])
    assert page.send("solve-use")["status"].startswith(f"{suggestion} is in the guess.")


def test_a_newer_request_supersedes_an_older_and_progress_is_shown_for_the_newest_only() -> None:
    page = Solver()
    page.add("RRGG", "1", "0")
    (older,) = page.asked()
    page.add("BBOO", "0", "1")
    (newer,) = page.asked()
    assert newer["id"] != older["id"]
    page.send("engine-progress", id=older["id"], done=0.5)
    assert page.part["count"] == "Counting the codes left..."  # the older request's progress: not drawn
    page.send("engine-progress", id=newer["id"], done=0.42)
    assert page.part["count"] == "Counting the codes left... 42%" and page.reply["status"] is None
    page.send("engine", id=older["id"], answer=answer_of(older))
    assert page.part["busy"] and page.part["count"] == "Counting the codes left... 42%"  # dropped
    page.send("engine", id=newer["id"], answer=answer_of(newer))
    answered = dict(page.part, reply=None)
    assert not page.part["busy"] and page.part["count"] != "1,296 codes left."
    page.send("engine", id=newer["id"], answer=answer_of(newer))  # answered once: nothing changes
    assert dict(page.part, reply=None) == answered
    assert "mode" in page.reply["parts"]  # sent with every reply: the page settles a count it marked busy


def test_leaving_solve_before_its_answer_asks_again_when_it_is_back() -> None:
    page = Solver()
    page.add("RRGG", "1", "0")
    (asked,) = page.asked()
    page.send("mode", mode="duel")
    page.send("engine", id=asked["id"], answer=answer_of(asked))  # dropped: Solve is not on screen
    back = page.send("mode", mode="solve")
    assert page.part["busy"] and [effect["do"] for effect in back["effects"]] == ["solve-focus", "engine"]
    page.answer()
    assert not page.part["busy"]


def test_new_game_asks_first_and_leave_clears_the_rows_not_the_solo_game() -> None:
    page = Solver(search="?seed=1")  # the Solo board first, a guess played on it
    for key in "RGBY":
        page.send("press", key=key)
    page.send("press", key="Enter")
    solo = page.stored[storage.SOLO.key]
    page.send("mode", mode="solve")
    page.answer()
    assert page.send("solve-new")["ask"] is None and page.reply["status"] == "Rows cleared. Compose the guess, enter its feedback, then press Add row."
    page.add("RGBY", "1", "1")
    page.answer()
    asked = page.send("solve-new")
    assert asked["ask"] == "Start a new game? The 1 row entered is cleared." and asked["status"] is None
    assert page.send("stay")["ask"] is None and len(page.part["rows"]) == 1
    page.send("solve-new")
    left = page.send("leave")
    assert left["status"] == "Rows cleared. Compose the guess, enter its feedback, then press Add row."
    assert page.part["rows"] == [] and not page.part["locked"]
    assert page.stored[storage.SOLO.key] == solo  # the Solo game is not abandoned
    assert page.send("mode", mode="solo")["board"]["rows"][0]["guess"][0]["letter"] == "R"


def test_share_rows_hands_the_text_to_the_page_and_says_how_it_went() -> None:
    page = Solver()
    page.add("RGBY", "1", "")
    page.answer()
    assert page.send("solve-share")["effects"] == [
        {"do": "copy-rows", "text": "Mastermind solve: 4 pegs, colours BGOPRY, repeats, black and white\nRGBY 1 ?"}]
    assert page.send("solve-copied", outcome="copied")["status"] == "The rows are copied, as text: paste them where you like."
    assert page.send("solve-copied", outcome="refused")["status"] == "The rows could not be copied: this browser refused the clipboard."


def test_the_rules_change_until_a_row_is_entered() -> None:
    page = Solver()
    again = page.send("solve-rule", label="Feedback rule", value="Black and white")  # the rule it has: answered again
    assert again["status"].startswith("Rules: 4 pegs") and page.part["busy"]
    page.answer()
    assert not page.part["busy"]
    said = page.send("solve-rule", label="Feedback rule", value="Per slot")["status"]
    assert said.startswith("Rules: 4 pegs, colours B G O P R Y, colours may repeat, feedback per slot.")
    assert [field["label"] for field in page.part["feedback"]] == [f"Slot {slot} feedback" for slot in range(1, 5)]
    assert page.part["feedback"][0]["options"][0] == ["Right", "Right"]
    page.answer()
    refused = page.send("solve-rule", label="Pegs", value="many")
    assert refused["status"].startswith("Rules not changed. Pegs:") and page.part["rules"][0]["error"]
    assert page.effects("engine") == []
    page.type("RGBY")
    for slot in range(1, 5):
        page.send("solve-feedback", label=f"Slot {slot} feedback", value="Absent")
    page.send("solve-add", from_field=False)
    page.answer()
    locked = page.send("solve-rule", label="Pegs", value="5")
    assert locked["status"].startswith("The rules are those of the rows entered.") and page.part["pegs"] == 4


def test_the_rows_survive_a_reload_and_reach_another_tab() -> None:
    page = Solver()
    page.add("RGBY", "1", "1")
    page.answer()
    again = Solver(dict(page.stored))
    assert again.opened["status"] == "Welcome back: 1 row kept. Compose the guess, enter its feedback, then press Add row."
    assert len(again.part["rows"]) == 1
    again.add("OOPP", "0", "0")
    again.answer()
    text = again.stored[storage.MODE_GAMES.key]
    page.stored[storage.MODE_GAMES.key] = text
    taken = page.send("storage", key=storage.MODE_GAMES.key, text=text)
    assert len(page.part["rows"]) == 2 and page.part["busy"]
    assert taken["status"] == "Rows updated from another tab."
    page.answer()


@pytest.mark.parametrize(("kind", "values", "error"), [
    ("solve-row", {"number": 2, "action": "edit"}, "solve-row: no row 2 to 'edit' (edit or ignore)"),
    ("solve-row", {"number": 1, "action": "delete"}, "solve-row: no row 1 to 'delete' (edit or ignore)"),
    ("solve-code", {"code": "RGBY"}, "solve-code: no code 'RGBY' left to use"),
    ("solve-add", {"from_field": "yes"}, "solve-add: from_field must be true or false"),
    ("solve-copied", {"outcome": "maybe"}, "solve-copied: outcome is copied or refused"),
    ("engine-progress", {"id": 1, "done": "half"}, "engine-progress: done must be a number"),
    ("engine-progress", {"id": 1, "done": True}, "engine-progress: done must be a number"),
    ("solve-rule", {"label": "Pegs"}, "solve-rule: value is missing"),
    ("engine", {"id": 1, "answer": {"count": "many"}}, "engine: an analysis of another shape (KeyError('conflict'))"),
])
def test_bad_messages_are_refused_and_leave_solve_as_it_was(kind: str, values: dict[str, Any], error: str) -> None:
    page = Solver()
    page.add("RGBY", "1", "1")
    (asked,) = page.asked()
    values = {**values, "id": asked["id"]} if kind == "engine" else values
    assert page.refused(kind, **values) == error
    assert page.refused("solve-row", number=0, action="ignore") == "solve-row: no row 0 to 'ignore' (edit or ignore)"


@pytest.mark.parametrize(("kind", "values"), [("mode-edit", {"label": "Pegs", "value": "5"}),
                                               ("mode-start", {"fields": {}}), ("mode-register", {"name": "Alan"})])
def test_a_matchs_actions_are_refused_on_solve(kind: str, values: dict[str, Any]) -> None:
    assert Solver().refused(kind, **values) == f"{kind}: no match on this screen"


def test_solve_actions_are_refused_off_solve() -> None:
    page = Page("?seed=1")
    assert page.refused("solve-add", from_field=False) == "Solve is not on screen"
    assert page.refused("solve-share") == "Solve is not on screen"
    page.send("mode", mode="duel")
    assert page.refused("solve-new") == "Solve is not on screen"


@given(st.lists(st.tuples(st.text("RGBYOP", min_size=0, max_size=5), st.sampled_from(["", "0", "1", "2", "4", "x"]),
                          st.sampled_from(["", "0", "1", "3", "-1"])), min_size=1, max_size=4))
def test_any_rows_typed_say_and_store_what_the_view_says_and_stores(rows: list[tuple[str, str, str]]) -> None:
    """Guesses of any length and feedback of any text: every reply says what SolveView says for
    the same presses and fields, the rows stored are the view's, and a request follows every change."""
    page, view = Solver(), SolveView()
    for letters, black, white in rows:
        before = view.solve
        reply = page.add(letters, black, white)
        for key in letters:
            view.press(key)
        view.set_feedback("Black", black)
        view.set_feedback("White", white)
        view.submit()
        assert reply["status"] == view.status
        assert bool(page.asked()) == (view.solve != before)
        if page.asked():
            page.answer()
            view.answer(engine.read_analysis(answer_of({"request": engine.solve_request(view.solve)})))
    stored = json.loads(page.stored[storage.MODE_GAMES.key])["data"]["games"]["solve"]
    assert stored == view.saved()
