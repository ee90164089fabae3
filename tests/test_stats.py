import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mastermind import CLASSIC
from mastermind.config import MAX_GUESSES, Config
from mastermind.page.stats import MAX_COUNT, Record, parse_record_key, read_record, record_key

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
        {"played": 5, "won": 5, "current_streak": 5, "best_streak": 5, "distribution": {"1000000000": 5}},
        {"played": 1, "won": 1, "current_streak": 1, "best_streak": 1, "distribution": {"21": 1}},
        {"played": 1, "won": 1, "current_streak": 1, "best_streak": 1, "distribution": {"9" * 5000: 1}},
        {"played": MAX_COUNT + 1, "won": 0, "current_streak": 0, "best_streak": 0, "distribution": {}},
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


def test_no_record_holds_a_win_beyond_the_most_guesses_any_rules_allow():
    with pytest.raises(ValueError, match="1 to 20 guesses"):
        Record(distribution={10**9: 1})
    with pytest.raises(ValueError):
        Record().add(won=True, guesses=MAX_GUESSES + 1)
    assert len(Record().add(won=True, guesses=MAX_GUESSES).bars()) == MAX_GUESSES


def test_a_record_is_checked_against_the_rules_its_key_names():
    key = record_key("solo", Config(max_guesses=6))
    win_in = lambda guesses: {"played": 1, "won": 1, "current_streak": 1, "best_streak": 1,
                              "distribution": {str(guesses): 1}}
    assert read_record(key, win_in(6)).distribution == {6: 1}
    with pytest.raises(ValueError, match="a win in 7 guesses, where the rules allow 6"):
        read_record(key, win_in(7))


@pytest.mark.parametrize("key", [
    "solo 9x6 BGOPRY 12 repeats",  # more pegs than any game has
    "solo 5x2 BG 12 unique",  # five different pegs from two colours
    "solo 4x6 BGOPRZ 12 repeats",  # Z is no colour
    "solo 4x1 B 12 repeats",  # one colour is no game
    "solo 4x7 BGOPRY 12 repeats",  # seven colours counted, six letters named
    "solo 4x6 BGOPRR 12 repeats",  # six letters, but one colour twice
    "solo 4x6 BGOPRY 12 repeats hard hard",
    "Solo 4x6 BGOPRY 12 repeats",
    "solo 4x6 BGOPRY 21 repeats",  # more guesses than any game allows
    "x" * 100_000 + " 4x6 BGOPRY 12 repeats",
])
def test_a_record_key_must_name_rules_a_game_can_have(key):
    with pytest.raises(ValueError, match="not a record name") as refused:
        parse_record_key(key)
    assert len(str(refused.value)) < 200


def test_every_part_of_a_record_name_is_read_back():
    for config in (Config(), Config(pegs=3, colors=["red", "green", "blue"], max_guesses=9, allow_duplicates=False)):
        for assisted in (False, True):
            for hard in (False, True):
                parsed = parse_record_key(record_key("duel", config, assisted=assisted, hard=hard))
                assert parsed == ("duel", config.pegs, config.letters, config.max_guesses, config.allow_duplicates, assisted, hard)
                assert parsed.config == config


def test_a_record_without_wins_is_read_under_any_rules():
    key = record_key("solo", Config(max_guesses=1))
    assert read_record(key, Record().add(won=False, guesses=1).to_dict()) == Record(played=1)


@pytest.mark.parametrize("key", [None, 5, b"solo 4x6 BGOPRY 12 repeats", ["solo"]])
def test_a_record_name_that_is_not_text_is_refused_as_no_record_name(key):
    with pytest.raises(ValueError, match="not a record name"):
        parse_record_key(key)


def test_a_long_bad_record_name_is_quoted_by_its_first_60_characters():
    key = "y" * 59 + "z" * 41
    with pytest.raises(ValueError) as refused:
        parse_record_key(key)
    assert str(refused.value) == f"not a record name: {key[:60]!r}"
