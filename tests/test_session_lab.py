"""The Lab as session actions (mastermind.page.session_lab): its ``mode`` part, status and effects,
its runs asked as ``lab`` effects and answered by the Lab worker's own Python
(:class:`mastermind.page.lab.Worker`, what ``static/lab-worker.mjs`` runs) as the main thread
relays it, Stop and the watchdog's end said by the main thread, and bad messages refused."""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mastermind.lab import starter_source
from mastermind.page import lab, storage
from mastermind.page.boards import SOLO_ONLY
from mastermind.page.session import PROTOCOL

from .test_session_modes import Page

RETURNS_BB = "def guess(history, rules):\n    return 'BB'\n"
RAISES = "def guess(history, rules):\n    return {}['x']\n"


class Lab(Page):
    """A tab on the Lab, its rules made small (2 pegs, 3 colours: 9 secrets), and the Lab's
    worker played by :class:`lab.Worker` as the main thread relays it."""

    def __init__(self, stored: dict[str, str] | None = None, search: str = "?mode=lab", small: bool = True) -> None:
        super().__init__(search, stored)
        self.opened = self.reply
        self.worker = lab.Worker(lambda: None)
        if small:
            self.send("lab-rule", label="Pegs", value="2")
            self.send("lab-rule", label="Colours", value="3")

    def refused(self, kind: str, **values: Any) -> str:
        reply = self.session.handle({"v": PROTOCOL, "action": {"kind": kind, **values}})
        assert set(reply) == {"v", "error"}, reply
        return str(reply["error"])

    def asked(self) -> dict[str, Any] | None:
        found = self.effects("lab")
        assert len(found) <= 1
        return found[0] if found else None

    def relay(self, until: str | None = None) -> dict[str, Any]:
        """Serve every ``lab`` request the replies ask, each answer relayed at once, until none is
        asked (or the request `until` names a step kind of, then it stays unserved)."""
        while (effect := self.asked()) is not None:
            if until is not None and json.loads(effect["request"])["kind"] == until:
                return effect
            texts = list(self.worker.serve(effect["request"]))
            self.send("lab-answers", id=effect["id"], texts=texts)
        return {}


def test_the_lab_opens_with_its_screen_and_its_title_focused_and_takes_the_starter_as_nothing_to_lose() -> None:
    page = Lab(small=False)
    part, opened = page.part, page.opened
    assert part["mode"] == "lab" and part["title"] == "Lab" and part["solo_only"] == list(SOLO_ONLY)
    assert part["state"] == "idle" and not part["running"] and part["runs"] == 0
    assert [field["label"] for field in part["rules"]] == ["Pegs", "Colours", "Colours may repeat"]
    assert {"do": "lab-focus", "part": "title"} in opened["effects"]
    assert not [effect for effect in opened["effects"] if effect["do"] == "lab-editor"]  # the page fetches the starter
    page.send("lab-starter", source=starter_source())
    assert page.session.modes.sessions["lab"].keeper.clean == starter_source()  # type: ignore[attr-defined]
    assert part["score_note"] == "No run yet." and part["names"] == [] and part["replacing"] is None


def test_a_run_scores_every_secret_then_the_computers_on_the_same_secrets() -> None:
    page = Lab()
    reply = page.send("lab-run", source=RETURNS_BB)
    assert {"do": "lab-focus", "part": "stop"} in reply["effects"] and page.part["running"]
    assert json.loads(page.asked()["request"])["kind"] == "load"  # type: ignore[index]
    page.relay()
    part = page.part
    assert part["state"] == "idle" and part["runs"] == 1
    assert part["score_note"] == "Secrets: all 9 codes."
    assert [line[0] for line in part["compare"]] == ["Your strategy", "HAL9000", "VIKI"]
    assert all(line[1] != "..." for line in part["compare"])


def test_a_strategy_that_raises_shows_its_problem_and_line() -> None:
    page = Lab()
    page.send("lab-run", source=RAISES)
    page.relay()
    assert page.part["error_line"] == 2 and "KeyError" in page.part["problem"]


def test_stop_ends_the_run_at_once_and_an_answer_of_the_ended_worker_is_dropped() -> None:
    page = Lab()
    page.send("lab-run", source=RETURNS_BB)
    load = page.asked()
    assert load is not None
    stopped = page.send("lab-stop")
    assert {"do": "lab-focus", "part": "run"} in stopped["effects"] and not page.part["running"]
    late = page.send("lab-answers", id=load["id"], texts=list(page.worker.serve(load["request"])))
    assert late["status"] is None and page.asked() is None and not page.part["running"]
    again = page.send("lab-run", source=RETURNS_BB)  # the next run loads again: a fresh worker holds nothing
    assert json.loads(page.effects("lab")[0]["request"])["kind"] == "load" and again["status"]


def test_a_game_past_the_limit_counts_as_too_slow_and_the_run_goes_on_in_a_fresh_worker() -> None:
    page = Lab()
    page.send("lab-run", source=RETURNS_BB)
    score = page.relay(until="score")
    page.send("lab-ended", id=score["id"], outcome="slow", reason="")
    assert json.loads(page.asked()["request"])["kind"] == "load"  # type: ignore[index]
    page.relay(until="score")
    request = json.loads(page.asked()["request"])  # type: ignore[index]
    assert request["start"] == 1  # the next secret
    page.relay()
    assert page.part["state"] == "idle" and "1" in dict(page.part["figures"]).get("Too slow", "1")


def test_a_load_past_its_wait_and_a_worker_that_cannot_run_are_said() -> None:
    page = Lab()
    page.send("lab-run", source=RETURNS_BB)
    load = page.asked()
    assert load is not None and load["wait"] == lab.LOAD_WAIT
    slow = page.send("lab-ended", id=load["id"], outcome="slow", reason="")
    assert slow["status"] == "The strategy did not finish loading within 10 s." and not page.part["running"]
    page.send("lab-run", source=RETURNS_BB)
    load = page.asked()
    assert load is not None
    failed = page.send("lab-ended", id=load["id"], outcome="failed", reason="no workers")
    assert failed["status"] == lab.worker_failed("no workers") and not page.part["running"]


def test_junk_from_the_worker_ends_it_and_is_said() -> None:
    page = Lab()
    page.send("lab-run", source=RETURNS_BB)
    load = page.asked()
    assert load is not None
    reply = page.send("lab-answers", id=load["id"], texts=['{"id": 99, "kind": "ok"}'])
    assert {"do": "lab-end"} in reply["effects"] and not page.part["running"]
    assert reply["status"] == lab.ProtocolError("id").sentence


def test_a_watched_game_is_drawn_guess_by_guess() -> None:
    page = Lab()
    page.send("lab-run", source=RETURNS_BB)
    page.relay()  # a run first: a watched game plays under the run's rules
    assert page.part["watch_secret"]  # the worst secret, offered
    page.send("lab-watch", source=RETURNS_BB, secret="BB")
    page.relay()
    assert page.part["watched_text"] == "Secret BB: found in 1 guess." and len(page.part["watched"]) == 1


def test_save_share_and_delete_go_through_the_store() -> None:
    page = Lab()
    page.send("lab-save", name="mine", source=RETURNS_BB)
    assert page.part["names"] == ["mine"] and storage.STRATEGIES.key in page.stored
    shared = page.send("lab-share", name="mine", source=RETURNS_BB)
    assert page.part["link"].startswith(page.session.page + "?mode=lab&strategy=")
    assert {"do": "lab-focus", "part": "link"} in shared["effects"]
    page.send("lab-delete", name="mine")
    assert page.part["deleting"] == "Delete mine? Its source and its scores go with it."
    page.send("lab-answer", yes=True)
    assert page.part["names"] == [] and page.part["deleting"] is None


def test_a_file_opened_over_unsaved_work_asks_first() -> None:
    page = Lab()
    data = base64.b64encode(RETURNS_BB.encode()).decode()
    asked = page.send("lab-file", name="bb.py", size=len(RETURNS_BB), data=data, source="# mine\n")
    assert page.part["replacing"] and {"do": "lab-focus", "part": "replace-no"} in asked["effects"]
    replaced = page.send("lab-answer", yes=True)
    assert {"do": "lab-editor", "source": RETURNS_BB, "name": "bb"} in replaced["effects"]


def test_a_strategy_link_opens_in_the_editor() -> None:
    first = Lab()
    first.send("lab-share", name="linked", source=RETURNS_BB)
    search = first.part["link"][len(first.session.page):]
    page = Lab(search=search, small=False)
    assert {"do": "lab-editor", "source": RETURNS_BB, "name": "linked"} in page.opened["effects"]
    assert page.opened["status"] == "Opened linked from a link: none of it runs until you press Run."
    assert {"do": "plain-address"} in page.opened["effects"]


def test_a_changed_link_is_said_as_the_lab_opens() -> None:
    page = Lab(search="?mode=lab&strategy=AAAAAAAAAAAAAAAAAAAA", small=False)
    assert page.opened["status"] == "This strategy link was changed or cut short after it was made; ask for the link again."
    assert not [effect for effect in page.opened["effects"] if effect["do"] == "lab-editor"]


@pytest.mark.parametrize(("kind", "values", "error"), [
    ("lab-run", {"source": 3}, "lab-run: source must be text"),
    ("lab-answers", {"id": 1, "texts": "x"}, "lab-answers: texts must be a list of texts"),
    ("lab-answers", {"id": "1", "texts": []}, "lab-answers: id must be a whole number"),
    ("lab-ended", {"id": 1, "outcome": "bored", "reason": ""}, "lab-ended: outcome is slow or failed"),
    ("lab-file", {"name": "a.py", "size": 3, "data": "!!", "source": ""}, "lab-file: data is not base64"),
    ("lab-answer", {"yes": "yes"}, "lab-answer: yes must be true or false"),
    ("lab-starter", {}, "lab-starter: source is missing"),
    ("mode-press", {"key": "r"}, "mode-press: no row of pegs on this screen"),
    ("mode-pick", {"letter": "R"}, "mode-pick: no row of pegs on this screen"),
    ("mode-clear", {"index": 0}, "mode-clear: no row of pegs on this screen"),
])
def test_a_message_of_the_wrong_shape_is_refused_with_a_clear_error(kind: str, values: dict[str, Any], error: str) -> None:
    assert Lab(small=False).refused(kind, **values) == error


def test_a_lab_action_off_the_lab_is_refused() -> None:
    page = Page("")
    reply = page.session.handle({"v": PROTOCOL, "action": {"kind": "lab-run", "source": ""}})
    assert reply["error"] in ("the Lab is not on screen", "the Lab is not open")


@settings(max_examples=30, deadline=None)
@given(st.lists(st.text(max_size=40), max_size=4))
def test_whatever_text_the_worker_sends_the_lab_never_fails_and_ends_up_idle_or_running(texts: list[str]) -> None:
    page = Lab()
    page.send("lab-run", source=RETURNS_BB)
    load = page.asked()
    assert load is not None
    page.send("lab-answers", id=load["id"], texts=texts)
    assert page.part["state"] in lab.RUN_STATES


def test_when_the_last_game_is_too_slow_a_fresh_worker_takes_the_rules_before_the_computers_play() -> None:
    page = Lab()
    page.send("lab-run", source=RETURNS_BB)
    for _secret in range(9):  # every game past the limit
        score = page.relay(until="score")
        page.send("lab-ended", id=score["id"], outcome="slow", reason="")
    asked = page.asked()
    assert asked is not None and json.loads(asked["request"])["kind"] == "load" and page.part["state"] == "comparing"
    page.relay()
    assert page.part["state"] == "idle" and all(line[1] != "..." for line in page.part["compare"])
