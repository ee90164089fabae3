"""The data file's exact layout and every reason an import is refused, in the words the player
reads; the settings' refusals naming the field and the value; a won game's guess-count check; and a
game in progress saved without hints unless it says otherwise. Only the behaviour was tested
before, not the words nor the file's layout."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest

from mastermind import Config, Game
from mastermind.errors import ConfigError
from mastermind.page.backup import MAX_SIZE, BackupError, check_size, export, parse
from mastermind.page.state import InProgress, Settings
from mastermind.page.stats import Record
from mastermind.page.storage import DAILY, DAMAGED, SETTINGS, SOLO, VERSION

# The data file


def test_the_data_file_is_indented_by_one_space_and_keeps_letters_beyond_ascii():
    text = export({DAMAGED.key: (("mastermind:solo", "Zoë"),)}, dt.datetime(2026, 11, 23, 10, 4, 5, 7))
    assert text == (
        '{\n "format": "mastermind-backup",\n "version": 5,\n "exported": "2026-11-23T10:04:05",\n "data": {\n'
        '  "mastermind:damaged": [\n   {\n    "key": "mastermind:solo",\n    "text": "Zoë"\n   }\n  ]\n }\n}\n'
    )


def test_a_file_of_exactly_the_largest_size_is_not_refused_for_its_size():
    check_size(MAX_SIZE)
    with pytest.raises(BackupError, match="too large"):
        check_size(MAX_SIZE + 1)


def test_a_too_large_file_says_its_size_in_whole_megabytes():
    with pytest.raises(BackupError) as refused:
        check_size(5_500_000)
    assert str(refused.value) == "This file is too large to be a Mastermind data file (6 MB; at most 4 MB)."


def document(data: Any, **fields: Any) -> str:
    return json.dumps({"format": "mastermind-backup", "version": VERSION, "exported": "2026-11-23T10:04:00", "data": data} | fields)


def refusal(text: str) -> str:
    with pytest.raises(BackupError) as refused:
        parse(text)
    return str(refused.value)


def test_a_file_that_is_not_json_is_refused_in_words():
    assert refusal("{not json") == "This file is not a Mastermind data file: it is not valid JSON."


def test_a_file_from_a_newer_version_is_refused_in_words():
    assert refusal(document({}, version=VERSION + 1)) == "This file comes from a newer version of Mastermind; it cannot be imported here."


def test_an_unknown_layout_names_its_version_as_written():
    assert refusal(document({}, version=str(VERSION))) == f"This data file has an unknown layout (version '{VERSION}')."
    assert refusal(document({}, version=1)) == "This data file has an unknown layout (version 1)."


def test_a_file_without_its_data_is_refused_as_damaged():
    assert refusal(document(None)) == "This data file is damaged: its date or its data are missing."


def test_a_file_whose_date_cannot_be_read_is_refused_as_damaged():
    assert refusal(document({}, exported="yesterday")) == "This data file is damaged: its date cannot be read."


def test_an_unknown_part_is_named_by_its_first_forty_characters():
    key = "mastermind:" + "x" * 29 + "yz"
    assert refusal(document({key: 1})) == f"This data file holds something this version does not know ({key[:40]!r})."


def test_a_part_that_cannot_be_read_is_named_with_the_reason():
    assert refusal(document({SETTINGS.key: 5})) == ("The settings in this file cannot be read (settings: must be a mapping, not int); nothing was imported.")
    assert refusal(document({SOLO.key: {"game": 1}})) == (
        "The Solo game in progress in this file cannot be read (a saved game needs its sealed code, its moves, its kind "
        "and whether it was assisted); nothing was imported."
    )


def test_a_part_read_only_in_part_lists_everything_it_dropped():
    assert refusal(document({DAILY.key: {"a": 1, "b": 2}})) == (
        "The daily challenge results in this file cannot all be read (the day 'a'; the day 'b'); nothing was imported."
    )


# Settings, statistics, a game in progress


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"config": "classic"}, "config: must be a Config, not str"),
        ({"letters": "yes"}, "letters: must be true or false, not 'yes'"),
        ({"assist": 1}, "assist: must be true or false, not 1"),
        ({"hard": "no"}, "hard: must be true or false, not 'no'"),
    ],
)
def test_a_bad_setting_is_refused_naming_the_field_and_the_value(fields: dict[str, Any], message: str):
    with pytest.raises(ConfigError) as refused:
        Settings(**fields)
    assert str(refused.value) == message


def test_a_won_game_of_more_guesses_than_any_game_allows_is_refused():
    with pytest.raises(ValueError) as refused:
        Record(distribution={21: 1})
    assert str(refused.value) == "a game is won in 1 to 20 guesses"


def test_a_game_in_progress_is_saved_as_played_without_hints_unless_told():
    saved = InProgress.of(Game(Config(), secret="RGBY"))
    assert saved.assisted is False and saved.to_dict()["assisted"] is False
