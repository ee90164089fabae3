"""Stand-in for Hypothesis in Pyodide, where its native core cannot load (see ../README.md).

``@given`` marks the test ``cpython_only`` so the Pyodide run deselects it; everything else
accepts any arguments and does nothing.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any

import pytest

from . import strategies

REASON = "Hypothesis' engine is a native extension that Pyodide cannot load"

__all__ = ["HealthCheck", "Phase", "Verbosity", "assume", "event", "example", "given", "note", "settings", "strategies"]


def given(*_args: Any, **_kwargs: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def mark(test: Callable[..., Any]) -> Callable[..., Any]:
        return pytest.mark.cpython_only(reason=REASON)(test)

    return mark


class settings:  # noqa: N801  (Hypothesis' name)
    def __init__(self, *_args: Any, **_kwargs: Any) -> None:
        pass

    def __call__(self, test: Callable[..., Any]) -> Callable[..., Any]:
        return test

    @staticmethod
    def register_profile(*_args: Any, **_kwargs: Any) -> None:
        pass

    @staticmethod
    def load_profile(*_args: Any, **_kwargs: Any) -> None:
        pass


def example(*_args: Any, **_kwargs: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    return lambda test: test


def assume(condition: object) -> bool:
    return True


def note(_value: object) -> None:
    pass


def event(_value: object, _payload: object = "") -> None:
    pass


HealthCheck = enum.Enum("HealthCheck", "too_slow function_scoped_fixture filter_too_much data_too_large large_base_example "
                                       "differing_executors nested_given return_value")
Phase = enum.Enum("Phase", "explicit reuse generate target shrink explain")
Verbosity = enum.Enum("Verbosity", "quiet normal verbose debug")
