"""JSON text from outside (localStorage, an imported file), parsed without risking the interpreter.

CPython turns a very deep nesting into ``RecursionError``, but in Pyodide, with WebAssembly's
smaller stack, ``json.loads("[" * 10_000)`` overflows the JavaScript stack first and kills the
whole page. Stored and exported data nest a few levels deep, so :func:`loads` refuses anything
deeper than :data:`MAX_DEPTH` before parsing, with the ``ValueError`` bad JSON gives.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .i18n import _

MAX_DEPTH = 64
"""Far more than any document the game writes, far less than what overflows Pyodide's stack."""

_STRING = re.compile(r'"(?:[^"\\]|\\.)*+(?:"|\\?\Z)', re.DOTALL)
"""A JSON string. One left open, even after a lone backslash, runs to the end without
backtracking: a pattern that could fail there would be tried again from every quote after it,
in quadratic time."""
_NOT_BRACKET = re.compile(r"[^\[\]{}]")
_EMPTY_PAIR = re.compile(r"\[\]|\{\}")


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether `text` nests arrays and objects deeper than `limit` (strings do not count).

    Each pass of a C-speed regex removes the innermost level, so the cost is ``limit`` passes at
    most, whatever the text.

    >>> too_deep('{"a": [[1], {"b": "[[[["}]}', limit=3)
    False
    >>> too_deep("[[[[]]]]", limit=3), too_deep("[" * 100_000)
    (True, True)
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    for _step in range(limit):
        if not brackets:
            return False
        brackets, removed = _EMPTY_PAIR.subn("", brackets)
        if not removed:
            return True  # unbalanced: deep or broken, refused either way
    return bool(brackets)


def loads(text: str) -> Any:
    """``json.loads``, refusing a nesting deeper than :data:`MAX_DEPTH` with a ``ValueError``.

    >>> loads('{"version": 2, "data": [1, 2]}')
    {'version': 2, 'data': [1, 2]}
    >>> loads("[" * 10_000)
    Traceback (most recent call last):
    ValueError: JSON nested deeper than 64 levels
    """
    if isinstance(text, str) and too_deep(text):
        raise ValueError(_("JSON nested deeper than {most} levels").format(most=MAX_DEPTH))
    return json.loads(text)
