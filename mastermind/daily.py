"""The daily challenge: one classic secret for everyone on a given day, and a result to share."""

from __future__ import annotations

import datetime as dt

from .config import CLASSIC
from .game import Game

BLACK_PEG, WHITE_PEG, NO_PEG = "\N{MEDIUM BLACK CIRCLE}", "\N{MEDIUM WHITE CIRCLE}", "\N{MIDDLE DOT}"


def daily_seed(day: dt.date) -> int:
    """The seed of `day`'s secret: the date as a number, the same on every machine.

    >>> daily_seed(dt.date(2026, 11, 23))
    20261123
    """
    return day.year * 10_000 + day.month * 100 + day.day


def daily_game(day: dt.date) -> Game:
    """`day`'s challenge, a classic game."""
    return Game(CLASSIC, seed=daily_seed(day))


def share_text(day: dt.date, game: Game) -> str:
    """A finished daily game as text to share: the day, the guesses used and a grid of the key
    pegs. It never holds the secret or a guess.

    >>> game = Game(secret="RGBY")
    >>> for guess in ("RRGG", "RGYB", "RGBY"):
    ...     _ = game.guess(guess)
    >>> print(share_text(dt.date(2026, 11, 23), game))
    Mastermind daily 2026-11-23: 3/12
    ⚫⚪··
    ⚫⚫⚪⚪
    ⚫⚫⚫⚫
    """
    pegs = game.config.pegs
    score = f"{game.guesses_made}/{game.config.max_guesses}" if game.won else f"X/{game.config.max_guesses}"
    rows = [
        BLACK_PEG * turn.feedback.black + WHITE_PEG * turn.feedback.white
        + NO_PEG * (pegs - turn.feedback.black - turn.feedback.white)
        for turn in game.history
    ]
    return "\n".join([f"Mastermind daily {day.isoformat()}: {score}", *rows])
