"""Driving computer players: ask the codebreaking engine for their guesses, feed them as moves.

A match never thinks for a computer player; it says whose guess is due. A driver with an
:class:`Autoplay` asks the engine and plays the guess like a person's. The browser, which must
not block, takes :meth:`Autoplay.breaker` and steps its cooperative ``think`` generator itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Sequence
from typing import Protocol

from .code import Code
from .config import Config
from .errors import MoveError
from .game import Turn
from .i18n import _
from .match import Attempt, Match


class Codebreaker(Protocol):
    """A computer player's mind: the next guess from the history of one attempt so far."""

    def next_guess(self, history: Sequence[Turn]) -> Code: ...

    def think(self, history: Sequence[Turn]) -> Generator[None, None, Code]: ...


BreakerFactory = Callable[[str, Config, random.Random], Codebreaker]
"""Makes the codebreaker of a computer player (by name) for a config: ``mastermind.solver.codebreaker``."""


def engine(player: str, config: Config, rng: random.Random) -> Codebreaker:
    from .solver import codebreaker  # imported when first needed: the page starts without the engine

    return codebreaker(player, config, rng)


class Autoplay:
    """Plays computer players' guesses in matches, with one codebreaker per player and config."""

    def __init__(self, rng: random.Random | None = None, factory: BreakerFactory = engine) -> None:
        self.rng = rng if rng is not None else random.Random()
        self._factory = factory
        self._breakers: dict[tuple[str, Config], Codebreaker] = {}

    def breaker(self, match: Match) -> Codebreaker:
        """The codebreaker of the computer player whose guess `match` waits for; MoveError if none."""
        player = match.player
        # A computer player never sets a code (its codes are drawn at the start) nor takes over a
        # screen, so a computer player due to act is due to guess.
        if player is None or not player.computer:
            raise MoveError(_("no computer player's guess is due: {status}").format(status=match.status))
        key = (player.name, match.config)
        if key not in self._breakers:
            self._breakers[key] = self._factory(player.name, match.config, self.rng)
        return self._breakers[key]

    def guess(self, match: Match) -> Code:
        """The guess the computer player whose turn it is makes, not yet played."""
        return self.breaker(match).next_guess(match.history)

    def step(self, match: Match) -> Attempt:
        """Play one computer player's guess; returns its attempt, as :meth:`Match.guess` does."""
        code = self.guess(match)
        assert match.player is not None
        return match.guess(match.player.name, code)

    def run(self, match: Match) -> int:
        """Play computer players' guesses until a person must act or the match ends; how many."""
        played = 0
        while match.player is not None and match.player.computer:  # due to guess: see breaker()
            self.step(match)
            played += 1
        return played
