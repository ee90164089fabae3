import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mastermind import CLASSIC
from mastermind.page.stats import Record, record_key

results = st.lists(st.tuples(st.booleans(), st.integers(1, 20)), max_size=40)


def play(games):
    record = Record()
    for won, guesses in games:
        record = record.add(won=won, guesses=guesses)
    return record


def test_streaks_reset_on_a_loss_and_the_best_is_kept():
    record = play([(True, 3), (True, 4), (True, 5), (False, 12), (True, 2)])
    assert (record.played, record.won, record.current_streak, record.best_streak) == (5, 4, 1, 3)
    assert record.distribution == {2: 1, 3: 1, 4: 1, 5: 1}
    assert record.win_rate == 0.8


def test_empty_record():
    assert Record().win_rate == 0.0 and Record().bars() == []


def test_assisted_games_and_other_configs_are_filed_apart():
    keys = {
        record_key("solo", CLASSIC),
        record_key("solo", CLASSIC, assisted=True),
        record_key("solo", CLASSIC.replace(pegs=5)),
        record_key("daily", CLASSIC),
    }
    assert len(keys) == 4


@given(results)
def test_record_invariants(games):
    record = play(games)
    assert record.played == len(games)
    assert record.won == sum(won for won, _ in games) == sum(record.distribution.values())
    assert record.current_streak <= record.best_streak <= record.won


@given(results)
def test_round_trip_through_json(games):
    record = play(games)
    assert Record.from_dict(json.loads(json.dumps(record.to_dict()))) == record


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {"played": 1},
        {"played": 1, "won": 2, "current_streak": 0, "best_streak": 0, "distribution": {"3": 2}},
        {"played": 1, "won": 1, "current_streak": 1, "best_streak": 1, "distribution": {"x": 1}},
        {"played": 1, "won": 1, "current_streak": 1, "best_streak": 1, "distribution": {"0": 1}},
        {"played": -1, "won": 0, "current_streak": 0, "best_streak": 0, "distribution": {}},
        {"played": True, "won": 0, "current_streak": 0, "best_streak": 0, "distribution": {}},
        {"played": 2, "won": 1, "current_streak": 1, "best_streak": 1, "distribution": {"3": 2}},
    ],
)
def test_inconsistent_records_are_refused(data):
    with pytest.raises(ValueError):
        Record.from_dict(data)


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=6)))
def test_garbage_is_refused_or_read_as_a_valid_record(data):
    try:
        record = Record.from_dict(data)
    except ValueError:
        return
    assert record.won == sum(record.distribution.values()) <= record.played
