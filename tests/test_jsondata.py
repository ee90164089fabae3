"""Outside JSON nested absurdly deep is refused before parsing: in Pyodide the parser itself would
overflow WebAssembly's stack and take the page down (CPython would only raise RecursionError)."""

from __future__ import annotations

import pytest

from mastermind import jsondata
from mastermind.page.backup import BackupError, parse


@pytest.mark.parametrize("text", ["[" * 10_000, "[{" * 5_000, '{"a":' * 10_000, "[" * 65 + "]" * 65])
def test_deep_nesting_is_a_value_error_not_a_recursion_error(text):
    with pytest.raises(ValueError, match="nested deeper than 64"):
        jsondata.loads(text)


def nested(depth: int) -> list:
    value: list = []
    for _ in range(depth - 1):
        value = [value]
    return value


@pytest.mark.parametrize(
    "text, value",
    [
        ("[" * 64 + "]" * 64, nested(64)),
        ('{"name": "' + "[" * 100 + '"}', {"name": "[" * 100}),
        ('["\\"[", {"k": "\\\\"}]', ['"[', {"k": "\\"}]),
    ],
)
def test_depth_up_to_the_limit_and_brackets_in_strings_are_fine(text, value):
    assert jsondata.loads(text) == value


def test_an_imported_file_nested_too_deep_gets_the_invalid_json_message():
    with pytest.raises(BackupError, match="not valid JSON"):
        parse('{"format": "mastermind-backup", "data": ' + "[" * 20_000 + "]" * 20_000 + "}")


@pytest.mark.parametrize("text", ['"' + '\\"' * 200_000 + "\\", '"\\' * 200_000, '["' + "a" * 400_000 + "\\"])
def test_a_string_left_open_is_read_in_one_pass(text):
    # Patterns that could fail at the end were retried from every later quote: hours on these.
    with pytest.raises(ValueError):
        jsondata.loads(text)
