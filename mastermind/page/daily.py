"""The daily challenge: one classic secret for everyone on a given day, and a result to share."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..config import CLASSIC
from ..game import Game, GameOverError

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


def share_text(day: dt.date, game: Game, assisted: bool = False) -> str:
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
    if assisted:
        score += " (with hints)"
    rows = [
        BLACK_PEG * turn.feedback.black + WHITE_PEG * turn.feedback.white
        + NO_PEG * (pegs - turn.feedback.black - turn.feedback.white)
        for turn in game.history
    ]
    return "\n".join([f"Mastermind daily {day.isoformat()}: {score}", *rows])


@dataclass(frozen=True)
class DayPlay:
    """One day's challenge as far as it was played: its guesses (the secret follows from the day)
    and whether hints were used. Kept after the game ends: one game a day, and its result.

    >>> day = dt.date(2026, 11, 23)
    >>> game = daily_game(day)
    >>> _ = game.guess("RGBY")
    >>> play = DayPlay.of(game)
    >>> play, play.game(day).guesses_made
    (DayPlay(guesses=('RGBY',), assisted=False), 1)
    >>> DayPlay.from_dict(day, {"guesses": ["RGBY"], "assisted": False}) == play
    True
    """

    guesses: tuple[str, ...] = ()
    assisted: bool = False

    @classmethod
    def of(cls, game: Game, assisted: bool = False) -> DayPlay:
        return cls(tuple(str(turn.guess) for turn in game.history), assisted)

    def game(self, day: dt.date) -> Game:
        """`day`'s game with these guesses played; ``ValueError`` when they cannot be its."""
        game = daily_game(day)
        try:
            for guess in self.guesses:
                game.guess(guess)
        except GameOverError:
            raise ValueError("guesses after the end of the game") from None
        return game

    def to_dict(self) -> dict[str, Any]:
        return {"guesses": list(self.guesses), "assisted": self.assisted}

    @classmethod
    def from_dict(cls, day: dt.date, data: Any) -> DayPlay:
        """A stored day, checked by replaying it; anything malformed raises ``ValueError``."""
        if not isinstance(data, Mapping) or set(data) != {"guesses", "assisted"}:
            raise ValueError("a day needs its guesses and whether it was assisted")
        guesses, assisted = data["guesses"], data["assisted"]
        if not isinstance(guesses, list) or not all(isinstance(guess, str) for guess in guesses):
            raise ValueError("the guesses must be a list of codes")
        if not isinstance(assisted, bool):
            raise ValueError("assisted must be true or false")
        play = cls(tuple(guesses), assisted)
        play = cls.of(play.game(day), assisted)  # the codes as the game writes them
        return play
