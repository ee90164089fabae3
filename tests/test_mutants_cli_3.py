"""The terminal's words that the first suites left loose: "yes" at "Play again" plays again, the
reason a data file is left untouched, a damaged file's reason cut to 200 characters, and the
warning for a damaged file that cannot be moved aside."""

from __future__ import annotations

import os

import pytest

from mastermind.cli.userdata import JsonFile
from mastermind.registry import Registry

from .transcripts import lines, play


def numbers(document: object) -> list[int]:
    """A strict little parser: a JSON list of whole numbers."""
    if not isinstance(document, list) or not all(type(item) is int for item in document):
        raise ValueError("not a list of numbers")
    return document


def test_yes_at_play_again_starts_a_new_race_with_the_same_players():
    status, out = play(lines("Bob", "Alice", "1", *["RYBG"] * 16, "yes", "2"), "--mode", "race", "--seed", "1")
    assert status == 0
    assert out.count("Great! codes have been initialized for both players.") == 2
    assert "Play again (Y-es, Q-uit)? Invalid input." not in out


def test_a_file_of_a_newer_version_is_frozen_for_that_reason(tmp_path):
    path = tmp_path / "t.json"
    path.write_text('{"version": 2, "users": "as a later version keeps them"}')
    store = JsonFile(path, lambda message: None)
    store.load(Registry.from_dict, Registry)
    assert store.frozen == f"{path} was written by a newer version of Mastermind; it is left untouched"


def test_a_folder_in_place_of_the_file_is_frozen_for_that_reason(tmp_path):
    path = tmp_path / "t.json"
    path.mkdir()
    store = JsonFile(path, lambda message: None)
    store.load(numbers, list)
    assert store.frozen == f"{path} cannot be read (Is a directory); it is left untouched"


def test_the_reason_a_file_is_damaged_is_cut_to_200_characters(tmp_path):
    path = tmp_path / "t.json"
    path.write_text("[1]")

    def refuse(document: object) -> list[int]:
        raise ValueError("x" * 300)

    warnings: list[str] = []
    assert JsonFile(path, warnings.append).load(refuse, list) == []
    (backup,) = tmp_path.glob("t.json.bak-*")
    assert warnings == [f"{path} is damaged ({'x' * 200}); it was kept as {backup}; starting with no data"]


def test_a_damaged_file_that_cannot_be_moved_aside_is_reported_and_left_in_place(tmp_path, monkeypatch: pytest.MonkeyPatch):
    path = tmp_path / "t.json"
    path.write_text("[1.5]")

    def refuse(source: object, destination: object) -> None:
        raise PermissionError(13, "Permission denied", str(source))

    monkeypatch.setattr(os, "replace", refuse)
    warnings: list[str] = []
    assert JsonFile(path, warnings.append).load(numbers, list) == []
    monkeypatch.undo()
    assert warnings == [f"{path} is damaged (not a list of numbers); it could not be moved aside; starting with no data"]
    assert path.read_text() == "[1.5]" and os.listdir(tmp_path) == ["t.json"]
