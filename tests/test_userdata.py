"""The data file of the terminal edition: found where XDG says, written atomically, and never lost
when damaged."""

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mastermind.cli.userdata import JsonFile, data_dir
from mastermind.registry import Registry


def numbers(document: object) -> list[int]:
    """A strict little parser for the tests: a JSON list of whole numbers."""
    if not isinstance(document, list) or not all(type(item) is int for item in document):
        raise ValueError("not a list of numbers")
    return document


def test_data_dir_prefers_the_option_then_the_variable_then_xdg_then_home(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    assert data_dir(environ={}) == tmp_path / ".local" / "share" / "mastermind"
    assert data_dir(environ={"XDG_DATA_HOME": "/xdg"}) == Path("/xdg/mastermind")
    assert data_dir(environ={"XDG_DATA_HOME": "/xdg", "MASTERMIND_DATA_DIR": "/mm"}) == Path("/mm")
    assert data_dir(Path("/opt"), environ={"MASTERMIND_DATA_DIR": "/mm"}) == Path("/opt")
    assert data_dir(environ={"XDG_DATA_HOME": ""}) == tmp_path / ".local" / "share" / "mastermind"


def test_no_file_yet_gives_the_empty_document_silently(tmp_path):
    warnings: list[str] = []
    assert JsonFile(tmp_path / "t.json", warnings.append).load(numbers, list) == []
    assert warnings == []


def test_save_then_load_round_trips_and_leaves_no_temporary_file(tmp_path):
    store = JsonFile(tmp_path / "deep" / "t.json")
    assert store.save([1, 2, 3])
    assert store.load(numbers, list) == [1, 2, 3]
    assert os.listdir(tmp_path / "deep") == ["t.json"]
    assert json.loads((tmp_path / "deep" / "t.json").read_text()) == [1, 2, 3]


def test_a_failed_write_keeps_the_old_file_whole(tmp_path, monkeypatch):
    path = tmp_path / "t.json"
    warnings: list[str] = []
    store = JsonFile(path, warnings.append)
    store.save([1])

    def refuse(source: object, target: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    assert not store.save([2])
    assert json.loads(path.read_text()) == [1]
    assert os.listdir(tmp_path) == ["t.json"]
    assert warnings == [f"cannot save {path} (No space left on device); changes made now will be lost when the program ends"]


@pytest.mark.parametrize("content", [b'{"broken": ', b'["one"]', b"\xff\xfe not UTF-8"], ids=["json", "schema", "bytes"])
def test_a_damaged_file_is_reported_backed_up_and_replaced_by_an_empty_one(tmp_path, content):
    path = tmp_path / "t.json"
    path.write_bytes(content)
    warnings: list[str] = []
    store = JsonFile(path, warnings.append)
    assert store.load(numbers, list) == []
    (backup,) = tmp_path.glob("t.json.bak-*")
    assert backup.read_bytes() == content
    assert not path.exists()
    assert len(warnings) == 1
    assert warnings[0].startswith(f"{path} is damaged (")
    assert warnings[0].endswith(f"); it was kept as {backup}; starting with no data")
    assert store.save([7]) and store.load(numbers, list) == [7]


def test_backups_never_overwrite_each_other(tmp_path):
    path = tmp_path / "t.json"
    for attempt in range(3):
        path.write_text(f"garbage {attempt}")
        JsonFile(path, lambda message: None).load(numbers, list)
    assert sorted(backup.read_text() for backup in tmp_path.glob("t.json.bak-*")) == [
        "garbage 0", "garbage 1", "garbage 2"
    ]


def test_a_folder_in_place_of_the_file_is_reported_unreadable_and_left_alone(tmp_path):
    path = tmp_path / "t.json"
    path.mkdir()
    (path / "inside").write_text("the person's")
    warnings: list[str] = []
    store = JsonFile(path, warnings.append)
    assert store.load(numbers, list) == []
    assert warnings == [f"{path} cannot be read (Is a directory); it is left untouched, "
                        "and nothing is saved to it while the program runs"]
    assert not store.save([1])
    assert (path / "inside").read_text() == "the person's" and sorted(os.listdir(tmp_path)) == ["t.json"]


def test_a_file_this_program_may_not_read_is_reported_unreadable_not_damaged(tmp_path, monkeypatch):
    path = tmp_path / "t.json"
    path.write_text("[1, 2]")

    def refuse(self: Path, *args: object, **kwargs: object) -> str:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "read_text", refuse)
    warnings: list[str] = []
    store = JsonFile(path, warnings.append)
    assert store.load(numbers, list) == []
    monkeypatch.undo()
    assert warnings == [f"{path} cannot be read (Permission denied); it is left untouched, "
                        "and nothing is saved to it while the program runs"]
    assert not store.save([3]) and path.read_text() == "[1, 2]" and os.listdir(tmp_path) == ["t.json"]


def test_a_file_of_a_newer_version_is_left_untouched(tmp_path):
    path = tmp_path / "t.json"
    path.write_text('{"version": 2, "users": "as a later version keeps them"}')
    warnings: list[str] = []
    store = JsonFile(path, warnings.append)
    assert store.load(Registry.from_dict, Registry) == Registry()
    assert warnings == [f"{path} was written by a newer version of Mastermind; it is left untouched, "
                        "and nothing is saved to it while the program runs"]
    assert not store.save(Registry().to_dict())
    assert json.loads(path.read_text())["version"] == 2 and os.listdir(tmp_path) == ["t.json"]


def test_a_deeply_nested_file_is_damaged_backed_up_and_replaced(tmp_path):
    path = tmp_path / "t.json"
    path.write_text("[" * 5000 + "]" * 5000)
    warnings: list[str] = []
    store = JsonFile(path, warnings.append)
    assert store.load(numbers, list) == []
    (backup,) = tmp_path.glob("t.json.bak-*")
    assert backup.read_text().startswith("[[[[") and not path.exists()
    assert warnings == [f"{path} is damaged (JSON nested deeper than 64 levels); it was kept as {backup}; starting with no data"]


def test_a_symlinked_file_is_written_where_it_points_and_stays_a_link(tmp_path):
    real = tmp_path / "elsewhere" / "real.json"
    real.parent.mkdir()
    real.write_text("[1]")
    link = tmp_path / "t.json"
    link.symlink_to(real)
    store = JsonFile(link)
    assert store.load(numbers, list) == [1]
    assert store.save([1, 2])
    assert link.is_symlink() and json.loads(real.read_text()) == [1, 2]
    assert sorted(os.listdir(real.parent)) == ["real.json"] and sorted(os.listdir(tmp_path)) == ["elsewhere", "t.json"]
    real.write_text("{broken")
    assert store.load(numbers, list) == []  # the damaged file is moved aside where it is; the link is kept
    assert link.is_symlink() and [p.name.startswith("real.json.bak-") for p in real.parent.iterdir()] == [True]


def test_text_that_cannot_be_written_leaves_the_old_file_and_no_temporary_file(tmp_path):
    path = tmp_path / "t.json"
    warnings: list[str] = []
    store = JsonFile(path, warnings.append)
    assert store.save(["Zoë"])
    assert not store.save(["\udce9mile"])  # a lone surrogate: what undecodable bytes become
    assert json.loads(path.read_text(encoding="utf-8")) == ["Zoë"] and os.listdir(tmp_path) == ["t.json"]
    assert warnings and warnings[0].startswith(f"cannot save {path} (")


def test_warnings_go_to_stderr_by_default(tmp_path, capsys):
    (tmp_path / "t.json").write_text("nonsense")
    JsonFile(tmp_path / "t.json").load(numbers, list)
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("mastermind: ") and "is damaged" in captured.err


@settings(max_examples=50, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=40))
def test_no_content_makes_loading_fail(tmp_path, content):
    path = tmp_path / "t.json"
    path.write_bytes(content)
    try:
        expected = numbers(json.loads(content.decode("utf-8")))
    except ValueError:
        expected = None
    loaded = JsonFile(path, lambda message: None).load(numbers, list)
    assert loaded == ([] if expected is None else expected)
    assert path.exists() == (expected is not None)
    for leftover in tmp_path.iterdir():
        leftover.unlink()
