"""Mastermind: the rules of every mode, in pure Python.

This package runs unchanged in CPython (the terminal edition, the tests) and in Pyodide (the web
page). It never touches a screen: the browser adapter and the terminal drive it.

>>> from mastermind import Config, feedback
>>> feedback("RBYR", "BBRG")
Feedback(black=1, white=1)
"""

import importlib
from typing import TYPE_CHECKING

from .code import Code
from .config import CLASSIC, DUEL, PRESETS, RACE, TOURNAMENT, Config
from .errors import CodeError, ConfigError, FieldError, GameOverError, MoveError, SavedDataError, SetupError, UnknownColorError
from .feedback import Feedback, feedback
from .game import Game, Turn
from .palette import CATALOG, Color, color_named

if TYPE_CHECKING:  # imported on first use (see __getattr__), but typed as if here
    from .autoplay import Autoplay
    from .computer import CodeChallenge
    from .computer_players import COMPUTER_PLAYERS
    from .duel import Duel
    from .match import Match, Phase
    from .modes import MODES, load_match
    from .players import Player
    from .race import Race
    from .registry import Registry, User
    from .solver import Codebreaker, codebreaker, solve
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

_LAZY = {
    "Autoplay": "autoplay",
    "CodeChallenge": "computer",
    "Duel": "duel",
    "Match": "match",
    "Phase": "match",
    "MODES": "modes",
    "load_match": "modes",
    "COMPUTER_PLAYERS": "computer_players",
    "Player": "players",
    "Race": "race",
    "Registry": "registry",
    "User": "registry",
    "Tournament": "tournament",
    "Codebreaker": "solver",
    "codebreaker": "solver",
    "solve": "solver",
}
"""Name -> module of what loads on first use: the multiplayer modes and the engine. The web page
imports only what the Solo board needs before it is playable, so each module costs its import
(bytecode read and run, in the browser) only once a mode or the solver is used."""


def __getattr__(name: str) -> object:
    if name not in _LAZY:
        raise AttributeError(f"module 'mastermind' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    globals()[name] = value  # found directly from now on
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
