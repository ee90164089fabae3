"""Stand-in for ``hypothesis.strategies``: every strategy is an inert placeholder (the tests that
draw from them are deselected in Pyodide)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class SearchStrategy:
    def __init__(self, *_args: Any, **_kwargs: Any) -> None:
        pass

    def __getattr__(self, _name: str) -> Callable[..., SearchStrategy]:
        return SearchStrategy  # .map, .filter, .flatmap, ... all give another placeholder

    def __or__(self, _other: object) -> SearchStrategy:
        return self


DrawFn = Callable[[SearchStrategy], Any]


def composite(function: Callable[..., Any]) -> Callable[..., SearchStrategy]:
    return SearchStrategy


def __getattr__(name: str) -> Callable[..., SearchStrategy]:
    return SearchStrategy
