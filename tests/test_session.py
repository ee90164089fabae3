"""The Solo page's models behind the worker's message boundary (mastermind.page.session): plain
data both ways, storage as a mirror whose writes the page applies, bad messages answered."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mastermind.page import storage
from mastermind.page.session import ACTIONS, PROTOCOL, Endpoint, MessageError, Session

TODAY = "2026-11-27"


def act(session: Session, kind: str, **values: Any) -> dict[str, Any]:
    return session.handle({"v": PROTOCOL, "action": {"kind": kind, **values}})


def apply(stored: dict[str, str], writes: list[dict[str, Any]]) -> None:
    """What the page does with a reply's writes (no other tab in between)."""
    for write in writes:
        assert stored.get(write["key"]) == write["was"]
        if write["text"] is None:
            stored.pop(write["key"], None)
        else:
            stored[write["key"]] = write["text"]


def play(session: Session, stored: dict[str, str], letters: str) -> dict[str, Any]:
    reply: dict[str, Any] = {}
    for key in [*letters, "Enter"]:
        reply = act(session, "press", key=key)
        apply(stored, reply["writes"])
    return reply


def test_a_guess_played_by_messages_is_scored_stored_and_resumed_from_the_stored_texts() -> None:
    stored: dict[str, str] = {}
    session = Session.open({"stored": stored, "search": "?seed=1", "today": TODAY})
    reply = play(session, stored, "rgby")
    row = reply["board"]["rows"][0]
    assert [color["letter"] for color in row["guess"]] == list("RGBY")
    assert (row["feedback"], row["keys"], row["left"]) == ("1 black, 2 white", ["exact", "near", "near", "none"], 11)
    assert reply["status"] == "Guess 1, RGBY: 1 black, 2 white. 11 guesses left."
    assert storage.SOLO.key in stored
    assert row["new"] and not row["won"]  # the guess just scored: its key pegs appear one after another
    again = Session.open({"stored": dict(stored), "search": "", "today": TODAY})
    assert act(again, "delete")["board"]["rows"] == [{**row, "new": False}]  # resumed, not scored now


def test_the_reply_is_plain_data_and_names_every_control_the_board_draws() -> None:
    session = Session.open({"stored": {}, "search": "?seed=3", "today": TODAY})
    reply = act(session, "pick", letter="R")
    assert json.loads(json.dumps(reply)) == reply
    board = reply["board"]
    assert [color["name"] for color in board["palette"]] == ["Blue", "Green", "Orange", "Purple", "Red", "Yellow"]
    assert [(slot["name"], slot["description"]) for slot in board["slots"]][:2] == [
        ("Slot 1", "Red, press to clear"), ("Slot 2", "empty")]
    assert board["slots"][0]["color"]["peg"] and board["secret"] == [None] * 4
    assert reply["status"] == "Red in slot 1."
    assert act(session, "clear", index=0)["board"]["slots"][0]["color"] is None


def test_each_write_names_the_text_it_replaces() -> None:
    stored: dict[str, str] = {}
    session = Session.open({"stored": stored, "search": "?seed=1", "today": TODAY})
    opened = act(session, "press", key="r")["writes"]  # the game on the board, stored as it begins
    first = [write for write in opened if write["key"] != storage.WELCOMED.key]  # a seed's link is no first visit
    for key in "gby":
        assert act(session, "press", key=key)["writes"] == []  # the guess being composed is not stored
    second = act(session, "submit")["writes"]
    assert [write["key"] for write in first] == [storage.SOLO.key] == [write["key"] for write in second]
    assert first[0]["was"] is None and second[0]["was"] == first[0]["text"] != second[0]["text"]


def test_another_tabs_game_forwarded_as_a_storage_message_comes_onto_the_board() -> None:
    stored: dict[str, str] = {}
    here = Session.open({"stored": dict(stored), "search": "?seed=1", "today": TODAY})
    there = Session.open({"stored": stored, "search": "?seed=1", "today": TODAY})
    here.opening()  # its writes are this tab's own, before the other tab's game
    play(there, stored, "rgby")
    reply = act(here, "storage", key=storage.SOLO.key, text=stored[storage.SOLO.key])
    assert reply["status"].startswith("Updated from another tab: the game. Game resumed")
    assert len(reply["board"]["rows"]) == 1
    assert reply["writes"] == []  # what it adopted is stored already
    cleared = act(here, "storage", key=None, text=None)  # another tab cleared the storage: this tab's game is stored again
    assert len(cleared["board"]["rows"]) == 1 and [write["key"] for write in cleared["writes"]] == [storage.SOLO.key]


def test_a_new_game_during_a_game_asks_first_and_leaving_counts_the_loss() -> None:
    stored: dict[str, str] = {}
    session = Session.open({"stored": stored, "search": "?seed=1", "today": TODAY})
    play(session, stored, "rgby")
    asked = act(session, "new-game")
    assert asked["ask"] and len(asked["board"]["rows"]) == 1
    assert act(session, "stay")["ask"] is None
    assert len(act(session, "delete")["board"]["rows"]) == 1
    assert act(session, "leave")["error"] == "leave: no question was asked"
    act(session, "new-game")
    left = act(session, "leave")
    apply(stored, left["writes"])
    assert left["board"]["rows"] == [] and left["ask"] is None
    assert storage.RECORDS.key in stored
    assert left["status"].startswith("The game you left counts as a loss. New game: 4 pegs")


@pytest.mark.parametrize(("message", "error"), [
    (None, "not a message of protocol 1"),
    ({"v": 2, "action": {"kind": "delete"}}, "not a message of protocol 1"),
    ({"v": 1}, "unknown action None"),
    ({"v": 1, "action": {"kind": "eval"}}, "unknown action 'eval'"),
    ({"v": 1, "action": {"kind": "clear", "index": "0"}}, "clear: index must be a whole number"),
    ({"v": 1, "action": {"kind": "clear", "index": True}}, "clear: index must be a whole number"),
    ({"v": 1, "action": {"kind": "press"}}, "press: key is missing"),
    ({"v": 1, "action": {"kind": "press", "key": 3}}, "press: key must be text"),
    ({"v": 1, "action": {"kind": "pick", "letter": "Z"}}, "pick: no colour 'Z' in the palette"),
    ({"v": 1, "action": {"kind": "pick", "letter": ""}}, "pick: no colour '' in the palette"),
    ({"v": 1, "action": {"kind": "storage", "key": storage.SOLO.key, "text": 3}}, "storage: text must be text or null"),
    ({"v": 1, "action": {"kind": "storage", "key": 3, "text": None}}, "storage: key must be text, or null when the storage was cleared"),
    ({"v": 1, "action": {"kind": "storage"}}, "storage: key is missing"),
    ({"v": 1, "action": {"kind": "storage", "key": None}}, "storage: text is missing"),
    ({"v": 1, "action": {"kind": "refused", "key": storage.SOLO.key, "was": 1, "text": None}}, "refused: was and text must be text or null"),
])
def test_a_bad_message_is_answered_with_an_error_and_changes_nothing(message: object, error: str) -> None:
    session = Session.open({"stored": {}, "search": "?seed=1", "today": TODAY})
    before = act(session, "pick", letter="R")["board"]
    assert session.handle(message) == {"v": PROTOCOL, "error": error}
    assert act(session, "delete")["board"]["rows"] == before["rows"]


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=12)


@given(st.fixed_dictionaries({"v": st.just(PROTOCOL), "action": st.fixed_dictionaries(
    {"kind": st.sampled_from(sorted(ACTIONS))}, optional={"key": JSON, "letter": JSON, "index": JSON,
                                                          "number": JSON, "text": JSON, "was": JSON})}) | JSON)
def test_any_message_gets_a_reply_never_an_exception(message: object) -> None:
    session = Session.open({"stored": {}, "search": "?seed=1", "today": TODAY})
    reply = session.handle(message)
    assert reply["v"] == PROTOCOL and ("error" in reply) != ("board" in reply)
    assert json.loads(json.dumps(reply)) == reply


@pytest.mark.parametrize("start", [
    None, {"stored": [], "search": "", "today": TODAY}, {"stored": {"k": 1}, "search": "", "today": TODAY},
    {"stored": {}, "search": None, "today": TODAY}, {"stored": {}, "search": "", "today": "yesterday"},
])
def test_a_start_that_is_not_the_pages_is_refused(start: object) -> None:
    with pytest.raises(MessageError):
        Session.open(start)


def test_damaged_stored_settings_are_said_and_the_game_plays() -> None:
    session = Session.open({"stored": {storage.SETTINGS.key: "{not json"}, "search": "", "today": TODAY})
    reply = act(session, "press", key="r")
    assert any("settings" in notice for notice in reply["notices"]) or session.view.saved.problems
    assert reply["board"]["slots"][0]["color"]["letter"] == "R"


def test_the_endpoint_opens_the_session_with_the_first_message_then_answers_actions_as_text() -> None:
    endpoint = Endpoint()
    assert json.loads(endpoint.serve('{"v": 1, "action": {"kind": "delete"}}')) == {
        "v": PROTOCOL, "error": "the first message starts the session"}
    assert json.loads(endpoint.serve("{not json"))["error"] == "not JSON"
    assert json.loads(endpoint.serve('{"v": 1, "start": {"stored": {}, "search": "", "today": "soon"}}'))["error"] == (
        "start: today must be a date, YYYY-MM-DD")
    opened = json.loads(endpoint.serve(json.dumps({"v": 1, "start": {"stored": {}, "search": "?mode=chess&seed=1", "today": TODAY}})))
    assert opened["status"].startswith("There is no mode 'chess'; here is Solo. New game: 4 pegs")
    assert [write["key"] for write in opened["writes"]] == [storage.WELCOMED.key, storage.SOLO.key]  # a link is no first visit
    reply = json.loads(endpoint.serve(json.dumps({"v": 1, "action": {"kind": "pick", "letter": "b"}})))
    assert reply["status"] == "Blue in slot 1."


def test_presses_recorded_before_the_worker_started_are_replayed_at_the_start() -> None:
    early = [["pick", "R"], ["key", "g"], ["pick", "<b>"], "junk", ["key", "b"], ["key", "y"], ["submit"]]
    session = Session.open({"stored": {}, "search": "?seed=1", "today": TODAY, "early": early})
    opened = session.opening()
    assert session.replayed == 5
    assert [color["letter"] for color in opened["board"]["rows"][0]["guess"]] == list("RGBY")
    assert opened["status"] == "Guess 1, RGBY: 1 black, 2 white. 11 guesses left."
    assert Session.open({"stored": {}, "search": "", "today": TODAY, "early": "junk"}).replayed == 0


def test_a_write_refused_over_another_tabs_newer_text_is_merged_and_written_again() -> None:
    """Both tabs leave the same game; the other tab's loss is stored first, so this tab's write
    (over the text before it) is refused by the page: the merge keeps both losses."""
    stored: dict[str, str] = {}
    play(Session.open({"stored": stored, "search": "?seed=1", "today": TODAY}), stored, "rgby")
    here = Session.open({"stored": dict(stored), "search": "", "today": TODAY})
    there = Session.open({"stored": dict(stored), "search": "", "today": TODAY})
    act(there, "new-game")
    apply(stored, act(there, "leave")["writes"])
    act(here, "new-game")
    writes = act(here, "leave")["writes"]
    refused: dict[str, str | None] = {}  # as the page does: a key's first refused write is sent back, its later ones skipped
    for write in writes:
        if write["key"] in refused:
            continue
        if stored.get(write["key"]) != write["was"]:
            refused[write["key"]] = write["was"]
        else:
            apply(stored, [write])
    assert sorted(refused) == sorted([storage.RECORDS.key, storage.SOLO.key])
    for key, was in refused.items():
        apply(stored, act(here, "refused", key=key, was=was, text=stored[key])["writes"])
    records = storage.read(storage.RECORDS, stored[storage.RECORDS.key]).value
    assert [record.played for record in records.values()] == [2]
