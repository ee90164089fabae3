"""Mastermind: the rules of every mode, in pure Python.

This package runs unchanged in CPython (the terminal edition, the tests) and in Pyodide (the web
page). It never touches a screen: the browser adapter and the terminal drive it.

>>> from mastermind import Config, feedback
>>> feedback("RBYR", "BBRG")
Feedback(black=1, white=1)
"""

from .code import Code, CodeError
from .config import (
    CLASSIC,
    DUEL,
    PRESETS,
    RACE,
    TOURNAMENT,
    Config,
    ConfigError,
)
from .feedback import Feedback, feedback
from .game import Game, GameOverError, Turn
from .palette import CATALOG, Color, UnknownColorError, color_named

__all__ = [
    "CATALOG",
    "CLASSIC",
    "DUEL",
    "PRESETS",
    "RACE",
    "TOURNAMENT",
    "Code",
    "CodeError",
    "Color",
    "Config",
    "ConfigError",
    "Feedback",
    "Game",
    "GameOverError",
    "Turn",
    "UnknownColorError",
    "color_named",
    "feedback",
]
