"""Mastermind: the rules of every mode, in pure Python.

This package runs unchanged in CPython (the terminal edition, the tests) and in Pyodide (the web
page). It never touches a screen: the browser adapter and the terminal drive it.

>>> from mastermind import Config, feedback
>>> feedback("RBYR", "BBRG")
Feedback(black=1, white=1)
"""

from .autoplay import Autoplay
from .code import Code
from .computer import CodeChallenge
from .config import CLASSIC, DUEL, PRESETS, RACE, TOURNAMENT, Config
from .duel import Duel
from .errors import CodeError, ConfigError, FieldError, GameOverError, MoveError, SavedDataError, SetupError, UnknownColorError
from .feedback import Feedback, feedback
from .game import Game, Turn
from .match import Match, Phase
from .modes import MODES, load_match
from .palette import CATALOG, Color, color_named
from .players import COMPUTER_PLAYERS, Player
from .race import Race
from .registry import Registry, User
from .tournament import Tournament

__all__ = [
    # The rules of one game.
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
    "FieldError",
    "Feedback",
    "Game",
    "GameOverError",
    "SavedDataError",
    "Turn",
    "UnknownColorError",
    "color_named",
    "feedback",
    # The multiplayer modes.
    "Autoplay",
    "CodeChallenge",
    "COMPUTER_PLAYERS",
    "Duel",
    "MODES",
    "Match",
    "MoveError",
    "Phase",
    "Player",
    "Race",
    "Registry",
    "SetupError",
    "Tournament",
    "User",
    "load_match",
    # The computer codebreakers, loaded on first use.
    "Codebreaker",
    "codebreaker",
    "solve",
]

_ENGINE = ("Codebreaker", "codebreaker", "solve")


def __getattr__(name: str) -> object:
    """`solve` and the codebreakers load on first use, so the page starts without the engine."""
    if name in _ENGINE:
        from . import solver

        return getattr(solver, name)
    raise AttributeError(f"module 'mastermind' has no attribute {name!r}")
