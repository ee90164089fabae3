"""Computer codebreakers: HAL9000, the strongest, and VIKI, a weaker, different personality.

Every codebreaker answers one question, "given these guesses and their feedback, what next?":

>>> from mastermind import Config
>>> hal = codebreaker("HAL9000", Config())
>>> str(hal.next_guess([]))
'BBGO'
>>> solve("RBYR")[-1]
Code(letters='RBYR')

The modules, from the bottom up: :mod:`.space` (codes as integers, feedback in one popcount),
:mod:`.constraints` (the codes still possible, by constraint search), :mod:`.choice` (scoring a
guess by the parts it leaves), :mod:`.strategy` (precomputed trees), :mod:`.plan` (the search that
computes them), :mod:`.clock` (thinking in slices so a page never freezes), then the players
:mod:`.breaker`, :mod:`.hal` and :mod:`.viki`.
"""

from __future__ import annotations

import random

from ..code import Code
from ..computer_players import COMPUTER_PLAYERS
from ..config import CLASSIC, Config
from ..feedback import Feedback, feedback
from .breaker import Codebreaker, History
from .clock import Thinking, finish, run_async
from .constraints import NoCodeFitsError
from .hal import HAL9000
from .viki import VIKI

_PLAYERS: dict[str, type[Codebreaker]] = {kind.name: kind for kind in (HAL9000, VIKI)}


def codebreaker(player: str, config: Config, rng: random.Random | None = None) -> Codebreaker:
    """The computer player called `player` for games of `config`; `rng` seeds its choices.

    >>> codebreaker("Deep Thought", Config())
    Traceback (most recent call last):
    ...
    ValueError: unknown computer player 'Deep Thought'; the computer players are HAL9000 and VIKI
    """
    try:
        kind = _PLAYERS[player]
    except (KeyError, TypeError):
        raise ValueError(
            f"unknown computer player {player!r}; the computer players are {' and '.join(COMPUTER_PLAYERS)}"
        ) from None
    return kind(config, rng)


def solve(secret: Code | str, config: Config | None = None, player: str = "HAL9000",
          rng: random.Random | None = None) -> list[Code]:
    """Let `player` break `secret` under `config` (classic when None); its guesses, the winning one
    last. The secret is checked like any code (:class:`~mastermind.CodeError` when it breaks the
    config); the guesses do not stop at ``max_guesses``: this is the breaker's whole game."""
    config = CLASSIC if config is None else config
    secret = Code.parse(str(secret), config)
    breaker = codebreaker(player, config, rng)
    history: list[tuple[Code, Feedback]] = []
    while not history or history[-1][0] != secret:
        guess = breaker.next_guess(history)
        history.append((guess, feedback(secret, guess)))
    return [guess for guess, _ in history]


__all__ = [
    "COMPUTER_PLAYERS",
    "HAL9000",
    "VIKI",
    "Codebreaker",
    "History",
    "NoCodeFitsError",
    "codebreaker",
    "finish",
    "run_async",
    "solve",
    "Thinking",
]
