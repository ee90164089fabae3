"""The other modes' screens as session actions (mastermind.page.session_modes): each reply's
``mode`` part, status, writes and effects checked against the views the PyScript page asks
(MatchView, ComputerView) playing the same moves, and the rules' own players."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mastermind import Code, Config, Duel, solve
from mastermind.page import engine, storage
from mastermind.page.boards import SOLO_ONLY
from mastermind.page.computer import ComputerView
from mastermind.page.lab import LabView
from mastermind.page.modes import MatchView
from mastermind.page.session import PROTOCOL, Session
from mastermind.page.session_modes import ACTIONS, MODE_SESSIONS, PAUSE_MS
from mastermind.page.solve import SolveView
from mastermind.solver.clock import finish

TODAY = "2026-11-27"


class Page:
    """One tab: a session and the page's storage, its writes applied as the page applies them."""

    def __init__(self, search: str, stored: dict[str, str] | None = None) -> None:
        self.stored = {} if stored is None else stored
        self.session = Session.open({"stored": dict(self.stored), "search": search, "today": TODAY})
        self.reply = self.land(self.session.opening())

    def land(self, reply: dict[str, Any]) -> dict[str, Any]:
        assert "error" not in reply, reply
        assert json.loads(json.dumps(reply)) == reply  # plain data only
        for write in reply["writes"]:
            assert self.stored.get(write["key"]) == write["was"]
            if write["text"] is None:
                self.stored.pop(write["key"], None)
            else:
                self.stored[write["key"]] = write["text"]
        self.part = reply["parts"].get("mode", getattr(self, "part", None))
        return reply

    def send(self, kind: str, **values: Any) -> dict[str, Any]:
        self.reply = self.land(self.session.handle({"v": PROTOCOL, "action": {"kind": kind, **values}}))
        return self.reply

    def refused(self, kind: str, **values: Any) -> str:
        before = self.session.modes.current.saved() if self.session.modes.current else None
        reply = self.session.handle({"v": PROTOCOL, "action": {"kind": kind, **values}})
        assert set(reply) == {"v", "error"}, reply
        assert (self.session.modes.current.saved() if self.session.modes.current else None) == before
        return str(reply["error"])

    def effects(self, do: str) -> list[dict[str, Any]]:
        return [effect for effect in self.reply["effects"] if effect["do"] == do]

    def think(self, how: str = "wait") -> dict[str, Any]:
        """The computer's move the reply asked: its answer worked out here, as the engine's
        worker does, then (`how`) the wait's end or Skip sent, or nothing once Skip was pressed
        (the moves come without pauses); returns the reply that played it."""
        [ask] = self.effects("engine")
        [wait] = self.effects("wait")
        assert ask["request"]["kind"] == "move" and wait == {"do": "wait", "id": ask["id"], "ms": PAUSE_MS}
        work, _done = engine.JOBS["move"](ask["request"])
        answered = self.send("engine", id=ask["id"], answer=dict(finish(work)))
        if how == "skipping":
            return answered
        assert answered["status"] is None and not self.effects("mode-focus")  # nothing played before the pause
        return self.send("mode-skip") if how == "skip" else self.send("mode-waited", id=ask["id"])


def test_the_address_opens_computer_breaks_your_code_on_its_form() -> None:
    page = Page("?mode=computer&seed=3")
    view = ComputerView(seed=3)
    part = page.part
    assert part["mode"] == "computer" and part["screen"] == "setup" and part["title"] == view.title
    assert part["intro"] == view.intro and part["solo_only"] == list(SOLO_ONLY)
    assert [(field["label"], field["value"], field["options"]) for field in part["fields"]] == [
        ("Computer player", "HAL9000", ["HAL9000", "VIKI"])]
    assert page.reply["status"] == view.status
    assert page.effects("mode-focus") == [{"do": "mode-focus", "part": "title"}]
    assert page.reply["board"]["palette"]  # the Solo board is there too, hidden


def test_a_computer_game_through_the_session_is_the_rules_own_and_is_stored_after_every_move() -> None:
    page = Page("?mode=computer&seed=3")
    page.send("mode-start", fields={"Computer player": "HAL9000"})
    assert page.part["screen"] == "secret" and page.part["composing"]
    assert page.effects("mode-focus") == [{"do": "mode-focus", "part": "turn"}]
    for letter in "RBY":
        page.send("mode-press", key=letter)
    assert page.send("mode-press", key="Enter")["status"].startswith("Incomplete secret: slot 4 is empty")
    page.send("mode-pick", letter="R")
    assert [slot["color"]["letter"] for slot in page.part["slots"]] == ["R", "B", "Y", "R"]
    page.send("mode-act", name="submit")
    assert page.part["screen"] == "watch" and page.part["secret"] == [None] * 4
    assert page.reply["status"] == "Secret set and hidden. HAL9000 is breaking your code: 12 guesses left."
    expected = [str(guess) for guess in solve("RBYR", Config(), "HAL9000")]
    for number, guess in enumerate(expected, 1):
        reply = page.think("wait" if number < 2 else "skip" if number == 2 else "skipping")
        assert reply["status"].startswith(f"HAL9000 guessed {guess}") or number == len(expected)
        assert "".join(color["letter"] for color in page.part["rows"][-1]["guess"]) == guess
        assert json.loads(page.stored[storage.MODE_GAMES.key])["data"]["games"]["computer"]["guesses"] == expected[:number]
    assert reply["status"] == f"HAL9000 broke your code RBYR in {len(expected)} guesses."
    assert page.part["screen"] == "end" and "".join(color["letter"] for color in page.part["secret"]) == "RBYR"
    assert page.effects("engine") == []  # no move due any more

    again = Page("", page.stored)  # a reload: the last mode shown opens with its game
    assert again.part["screen"] == "end" and len(again.part["rows"]) == len(expected)


def test_a_persons_action_makes_the_move_asked_before_it_stale() -> None:
    page = Page("?mode=computer&seed=5")
    page.send("mode-start", fields={"Computer player": "VIKI"})
    for key in "GOPY\n":
        page.send("mode-press", key="Enter" if key == "\n" else key)
    [first] = page.effects("engine")
    page.send("mode-act", name="abandon")  # asks to confirm: the computer is still due, its move asked again
    [second] = page.effects("engine")
    assert second["id"] != first["id"] and second["request"] == first["request"]
    work, _done = engine.JOBS["move"](first["request"])
    assert page.send("engine", id=first["id"], answer=dict(finish(work)))["status"] is None
    assert page.send("mode-waited", id=first["id"])["status"] is None and page.part["rows"] == []
    page.send("mode-act", name="keep")
    page.think()
    assert len(page.part["rows"]) == 1


def test_a_duel_is_set_up_handed_over_and_played_as_the_view_plays_it() -> None:
    page = Page("?mode=duel&seed=3")
    mirror = MatchView("duel", seed=3)
    page.send("mode-start", fields={"Player 1 name": "Ann", "Player 2 name": "", "Runs": "3"})
    for label, value in {"Player 1 name": "Ann", "Player 2 name": "", "Runs": "3"}.items():
        mirror.edit(label, value)
    mirror.start()
    assert page.reply["status"] == mirror.status
    assert {field["label"]: field["error"] for field in page.part["fields"]} == {
        "Player 1 name": "", "Player 2 name": "Enter a name.", "Runs": "Must be an even number from 2 to 20, not 3."}
    assert page.effects("focus") == [{"do": "focus", "field": "mode-player-2-name"}]  # the first wrong field
    page.send("mode-edit", label="Player 2 name", value="Bob")
    assert page.reply["status"] is None  # typing says nothing
    page.send("mode-start", fields={"Runs": "2"})
    assert page.part["banner"][0] == "Ann sets the code for Bob"
    for letter in "RGBP":
        page.send("mode-pick", letter=letter)
    page.send("mode-act", name="submit")
    assert page.part["screen"] == "handover" and page.effects("mode-focus") == [{"do": "mode-focus", "part": "ready"}]
    assert "RGBP" not in json.dumps(page.part)
    page.send("mode-act", name="ready")
    duel = Duel(["Ann", "Bob"], 2)
    duel.set_secret("Ann", "RGBP")
    duel.ready("Bob")
    duel.guess("Bob", "GRBP")
    for letter in "GRBP":
        page.send("mode-press", key=letter)
    page.send("mode-press", key="Enter")
    assert [row["feedback"] for row in page.part["rows"]] == ["2 black, 2 white"]
    assert [[score["name"], score["points"]] for score in page.part["scores"]] == [
        [row.name, str(row.points)] for row in duel.scores]


def test_a_tournament_registers_users_and_refuses_a_taken_name_beside_its_field() -> None:
    page = Page("?mode=tournament")
    assert page.part["registering"] and page.part["board"] == []
    assert page.send("mode-register", name="Alan")["status"] == "Alan is registered, with 0 points."
    assert page.part["board"] == [["Alan", "0"]] and page.part["new_user"] == {"value": "", "error": ""}
    assert page.send("mode-register", name="alan")["status"] == "Not registered. New user name: The name alan is already taken."
    assert page.part["new_user"] == {"value": "alan", "error": "The name alan is already taken."}
    assert json.loads(page.stored[storage.REGISTRY.key])["data"]["users"] == [{"name": "Alan", "points": 0}]


def test_the_mode_buttons_switch_in_place_and_each_mode_keeps_its_game() -> None:
    page = Page("?seed=1")
    assert page.reply["parts"]["mode"] is None  # the Solo board
    page.send("mode", mode="computer")
    assert page.part["mode"] == "computer"
    page.send("mode-start", fields={"Computer player": "HAL9000"})
    page.send("mode", mode="race")
    assert page.part["mode"] == "race" and page.effects("mode-focus") == [{"do": "mode-focus", "part": "title"}]
    assert json.loads(page.stored[storage.MODE_GAMES.key])["data"]["active"] == "race"
    assert page.send("mode", mode="solo")["parts"]["mode"] is None
    assert page.send("mode", mode="computer")["parts"]["mode"]["screen"] == "secret"  # as it was left


def test_every_mode_but_solo_has_a_session_and_the_solo_board_takes_no_mode_action() -> None:
    assert set(MODE_SESSIONS) == {"computer", "duel", "race", "tournament", "solve", "lab"}
    page = Page("?seed=1")
    assert page.refused("mode-pick", letter="R") == "no mode other than Solo is on screen"


def test_keys_typed_for_a_mode_as_solo_comes_back_compose_on_the_solo_board() -> None:
    """The page sends a mode's keys until it draws the reply that shows Solo again: those keys
    are typed on what is on screen when they arrive, the Solo board, as a person sees them land."""
    page = Page("?mode=duel&seed=1")
    assert page.part["mode"] == "duel"
    page.send("mode", mode="solo")
    for key in "RGBY":
        page.send("mode-press", key=key)
    played = page.send("mode-press", key="Enter")
    assert ["".join(peg["letter"] for peg in row["guess"]) for row in played["board"]["rows"]] == ["RGBY"]
    assert page.session.modes.current is None


@pytest.mark.parametrize(("kind", "values", "error"), [
    ("mode", {"mode": "chess"}, "mode: no mode 'chess' here"),
    ("mode-act", {"name": "ready"}, "mode-act: no button 'ready' on this screen"),
    ("mode-act", {"name": "jump"}, "mode-act: no button 'jump' on this screen"),
    ("mode-pick", {"letter": "R"}, "mode-pick: no colour 'R' to pick now"),
    ("mode-edit", {"label": "Runs", "value": "2"}, "mode-edit: no field 'Runs' on this screen"),
    ("mode-register", {"name": "Alan"}, "mode-register: no registration on this screen"),
    ("mode-start", {"fields": {"Computer player": 3}}, "mode-start: the setup form's fields, each a text, on the setup screen"),
    ("mode-clear", {"index": "0"}, "mode-clear: index must be a whole number"),
])
def test_bad_messages_are_refused_and_leave_the_screen_as_it_was(kind: str, values: dict[str, Any], error: str) -> None:
    page = Page("?mode=computer&seed=1")
    assert page.refused(kind, **values) == error


def test_an_engine_answer_of_another_shape_is_refused() -> None:
    page = Page("?mode=computer&seed=1")
    page.send("mode-start", fields={})
    for key in ["R", "G", "B", "Y", "Enter"]:
        page.send("mode-press", key=key)
    [ask] = page.effects("engine")
    page.send("mode-waited", id=ask["id"])
    assert page.refused("engine", id=ask["id"], answer={"code": "ZZZZ", "state": {}}).startswith("engine: a move of another shape")
    assert page.part["rows"] == []


MODE_ACTION = st.one_of(
    st.builds(lambda mode: {"kind": "mode", "mode": mode}, st.sampled_from(["solo", *MODE_SESSIONS, "chess"])),
    st.builds(lambda key: {"kind": "mode-press", "key": key}, st.sampled_from(["R", "g", "1", "Enter", "Backspace", "x"])),
    st.builds(lambda letter: {"kind": "mode-pick", "letter": letter}, st.sampled_from("RGBYOPZ")),
    st.builds(lambda index: {"kind": "mode-clear", "index": index}, st.integers(-1, 5)),
    st.builds(lambda name: {"kind": "mode-act", "name": name}, st.sampled_from(["delete", "submit", "ready", "again", "quit",
                                                                                 "abandon", "keep", "nope"])),
    st.builds(lambda label, value: {"kind": "mode-edit", "label": label, "value": value},
              st.sampled_from(["Player 1 name", "Player 2 name", "Runs", "Rounds", "Computer player", "Players", "x"]),
              st.sampled_from(["Ann", "Bob", "HAL9000", "2", "3", ""])),
    st.builds(lambda fields: {"kind": "mode-start", "fields": fields},
              st.dictionaries(st.sampled_from(["Player 1 name", "Player 2 name", "Runs", "Rounds", "Players"]),
                              st.sampled_from(["Ann", "Bob", "VIKI", "2", "0", ""]))),
    st.builds(lambda name: {"kind": "mode-register", "name": name}, st.sampled_from(["Alan", "alan", "", "viki"])),
    st.just({"kind": "mode-skip"}),
    st.builds(lambda number: {"kind": "mode-waited", "id": number}, st.integers(0, 5)),
    st.builds(lambda value: {"kind": "mode-act", **value}, st.dictionaries(st.sampled_from(["name", "x"]), st.integers())),
)


@settings(max_examples=60)
@given(st.lists(MODE_ACTION, max_size=25), st.sampled_from(["?mode=computer", "?mode=duel", "?mode=tournament", "?seed=4"]))
def test_any_sequence_of_mode_actions_gets_a_reply_or_a_refusal_and_answers_every_move(steps: list[dict[str, Any]],
                                                                                       search: str) -> None:
    """Whatever the page sends, each message gets plain data back (the reply, or an error that
    leaves the session as it was), every stored write is over the text it replaces, and a move
    asked is answered: the engine's answer and the wait's end play it whenever it is still due."""
    page = Page(search + "&seed=2" if "?" in search else "?seed=2")
    rng = random.Random(len(steps))
    for step in steps:
        reply = page.session.handle({"v": PROTOCOL, "action": step})
        if "error" in reply:
            assert set(reply) == {"v", "error"}
            continue
        page.reply = page.land(reply)
        for ask in page.effects("engine"):
            if ask["request"]["kind"] == "move" and rng.random() < 0.7:
                work, _done = engine.JOBS["move"](ask["request"])
                page.send("engine", id=ask["id"], answer=dict(finish(work)))
                page.send("mode-waited", id=ask["id"])
        view = page.session.modes.current
        if isinstance(view, SolveView):  # Solve's own screen (tests/test_session_solve.py)
            assert page.part is not None and page.part["mode"] == "solve" and len(page.part["slots"]) == view.config.pegs
        elif isinstance(view, LabView):  # the Lab's own screen (tests/test_session_lab.py)
            assert page.part is not None and page.part["mode"] == "lab"
        elif view is not None:
            assert page.part is not None and page.part["screen"] == view.screen.value and page.part["mode"] == view.mode
            if page.part["composing"]:
                config = view.config
                assert config is not None and len(page.part["slots"]) == config.pegs
        else:
            assert page.part is None


def test_a_move_is_the_one_the_players_own_code_makes_from_the_same_state() -> None:
    """The engine's answer restores the breaker's state, as on the PyScript page: a second game
    of VIKI against the same secret after a reload is the game the view would play."""
    page = Page("?mode=computer&seed=9")
    page.send("mode-start", fields={"Computer player": "VIKI"})
    for key in ["G", "O", "P", "Y", "Enter"]:
        page.send("mode-press", key=key)
    view = ComputerView(seed=9)
    view.edit("Computer player", "VIKI")
    view.start()
    for key in ["G", "O", "P", "Y", "Enter"]:
        view.press(key)
    while view.computer_due:
        view.play_computer(view.breaker().next_guess(view.history))
        page.think()
    assert page.reply["status"] == view.status
    assert [row["feedback"] for row in page.part["rows"]] == [row.feedback for row in view.rows]
    assert Code("GOPY")  # the secret, broken
    assert set(ACTIONS) <= set(__import__("mastermind.page.session", fromlist=["ACTIONS"]).ACTIONS)


def saved_strategy(name: str, source: str) -> dict[str, str]:
    """A storage holding one strategy saved in the Lab."""
    from mastermind.lab_share import Shared
    from mastermind.page.strategies import SavedStrategy

    return {storage.STRATEGIES.key: storage.envelope(storage.STRATEGIES, (SavedStrategy(Shared(name, source)),), 1)}


def serve_seat(ask: dict[str, Any], step: str) -> str:
    """What a Lab worker answers the seat's `step` request (its last message), as the page's
    Lab worker runs it (mastermind.page.lab.Worker); the load first when asked for the guess."""
    from mastermind.page.lab import Worker

    worker = Worker(lambda: None)
    answers = list(worker.serve(ask["load"]))
    return answers[-1] if step == "load" else list(worker.serve(ask["guess"]))[-1]


def test_a_saved_strategy_breaks_the_code_through_a_lab_worker_and_a_failing_one_forfeits() -> None:
    first_possible = "def guess(history, rules):\n    return 'RRRR' if not history else 'GGGG'\n"
    page = Page("?mode=computer&seed=1", saved_strategy("Mine", first_possible))
    assert page.part["fields"][0]["options"] == ["HAL9000", "VIKI", "Mine"]  # offered beside the computers
    page.send("mode-start", fields={"Computer player": "Mine"})
    for key in ["R", "G", "B", "Y", "Enter"]:
        page.send("mode-press", key=key)
    assert page.effects("engine") == []  # the engine does not play a saved strategy
    [ask] = page.effects("seat")
    assert ask["name"] == "Mine" and json.loads(ask["load"])["kind"] == "load" and json.loads(ask["guess"])["kind"] == "guess"
    assert page.send("seat", id=ask["id"], step="guess", outcome="answer", text=serve_seat(ask, "guess"))["status"] is None
    assert page.send("mode-waited", id=ask["id"])["status"] == "Mine guessed RRRR: 1 black, 0 white. 11 guesses left."
    [ask] = page.effects("seat")
    assert page.send("seat", id=ask["id"], step="guess", outcome="stalled", text=None)["status"] is None
    said = page.send("mode-waited", id=ask["id"])["status"]
    assert said.startswith("Mine gave up: Guess 2: no answer within") and said.endswith("you win!")
    assert page.part["screen"] == "end"
    assert page.refused("seat", id=ask["id"], step="guess", outcome="answer", text=3) == "seat: text must be text or null"


def test_an_import_brings_its_users_and_games_to_the_modes_screens() -> None:
    page = Page("?mode=tournament")
    page.send("mode-register", name="Alan")
    page.send("mode", mode="solo")
    from mastermind.page import backup

    exported = {storage.REGISTRY.key: {"version": 1, "users": [{"name": "Zoe", "points": 4}]}}
    text = json.dumps({"format": "mastermind-backup", "version": storage.VERSION, "exported": "2026-11-23T10:00:00",
                       "data": exported})
    assert backup.parse(text)
    page.send("import-text", text=text)
    page.send("import-confirm")
    assert page.send("mode", mode="tournament")["parts"]["mode"]["board"] == [["Zoe", "4"]]
