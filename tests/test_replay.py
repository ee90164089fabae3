"""The page's early input replayed through the one composer (``Composer.replay``): the presses
recorded while Python started give exactly the state the same presses give once it has started,
and a record that is not one (it is read back from the browser) changes nothing it should not."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from mastermind import Config, Game, feedback
from mastermind.page.draft import MAX_REPLAYED
from mastermind.page.solo import SoloView
from mastermind.page.storage import Saved, Settings

SEED = 5

KEYS = st.sampled_from([*"0123456789bgoprywkxz", "Enter", "Backspace", "Tab"])
PRESSES = st.one_of(
    st.tuples(st.just("key"), KEYS),
    st.tuples(st.just("pick"), st.sampled_from("BGOPRY")),
    st.tuples(st.just("clear"), st.integers(-2, 6)),
    st.tuples(st.just("delete")),
    st.tuples(st.just("submit")),
)


def view() -> SoloView:
    return SoloView(Saved(Settings(Config())), seed=SEED)


def state(board: SoloView) -> tuple:
    return board.slots, [str(turn.guess) for turn in board.game.history], board.status


def press(board: SoloView, event: tuple) -> None:
    """The same press, made once Python has started (the shell's click and key handlers)."""
    kind, *value = event
    actions = {"key": lambda: board.press(*value), "pick": lambda: board.pick(*value),
               "clear": lambda: board.clear(*value), "delete": board.delete, "submit": board.submit}
    actions[kind]()


@given(st.lists(PRESSES, max_size=40))
def test_replayed_presses_give_what_the_same_presses_give_live(events):
    live, replayed = view(), view()
    for event in events:
        press(live, event)
    recorded = json.loads(json.dumps(events))  # as the browser hands them over: lists, not tuples
    assert replayed.replay(recorded) == len(events)
    assert state(replayed) == state(live)


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=12),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                    max_leaves=20))
def test_a_record_that_is_not_one_is_skipped_whole_or_in_part(junk):
    board = view()
    applied = board.replay(junk)
    assert 0 <= applied <= (len(junk) if isinstance(junk, list) else 0)
    assert len(board.game.history) <= applied  # nothing is played but by an event that is one


def test_only_the_first_presses_are_replayed():
    board = view()
    board.replay([["key", "Backspace"]] * (MAX_REPLAYED + 100) + [["key", "r"]])
    assert board.slots == [None] * 4  # the Red press lay past the limit


def test_a_replayed_guess_is_scored_as_any_guess():
    board = view()
    assert board.replay([["key", key] for key in "rgby"] + [["submit"]]) == 5
    assert [str(turn.guess) for turn in board.game.history] == ["RGBY"]
    assert board.game.history[0].feedback == feedback(Game(seed=SEED).secret, "RGBY")
