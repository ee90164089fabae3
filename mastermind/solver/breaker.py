"""The one interface of every computer codebreaker: given the history, propose the next guess."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any

from ..code import Code
from ..config import Config
from ..feedback import Feedback
from .clock import SLICE_SECONDS, Thinking, finish, paced
from .constraints import Constraints
from .space import CodeSpace, Digits

History = Sequence[tuple[Code | str, Feedback]]
"""Guesses and their feedback, oldest first: :class:`mastermind.Turn` items or plain pairs."""


class Codebreaker(ABC):
    """A computer player that breaks codes of one config.

    :meth:`think` is the browser's way in: a generator that hands control back (yields ``None``)
    at least every :data:`~mastermind.solver.clock.SLICE_SECONDS` and returns the guess, so the page
    can ``await asyncio.sleep(0)`` between slices and never freeze. :meth:`next_guess` runs the
    same thinking to the end, so both give the same guess for the same history.
    """

    name: str
    follows_books: bool = False
    """Whether it plays the shipped strategy files (:mod:`.strategy`), which a page fetches for
    the larger games before it asks for a guess."""
    slice_seconds: float = SLICE_SECONDS
    """The longest stretch :meth:`think` works without handing control back."""

    def __init__(self, config: Config, rng: random.Random | None = None) -> None:
        self.config = config
        self.space = CodeSpace.of(config)
        self.rng = rng if rng is not None else random.Random()

    def state(self) -> dict[str, Any]:
        """What this player's next guesses depend on besides the history, as plain data (JSON):
        its random generator's state. A page hands it to the engine's worker with the history."""
        version, internal, gauss = self.rng.getstate()
        return {"rng": [version, list(internal), gauss]}

    def restore(self, state: Mapping[str, Any]) -> None:
        """Stand as :meth:`state` said: the same next guesses for the same history.

        >>> from mastermind import Config, Feedback
        >>> from mastermind.solver import codebreaker
        >>> player, twin = codebreaker("VIKI", Config(), random.Random(1)), codebreaker("VIKI", Config())
        >>> twin.restore(player.state())
        >>> history = [("RGBY", Feedback(0, 2))]
        >>> player.next_guess(history) == twin.next_guess(history) and player.state() == twin.state()
        True
        """
        version, internal, gauss = state["rng"]
        self.rng.setstate((version, tuple(internal), gauss))

    def think(self, history: History, fitting: Sequence[Digits] | None = None) -> Thinking[Code]:
        """The next guess, computed in slices; raises ValueError for a history that is not of a
        game in progress under this config (a bad guess, a win already, feedback that contradicts
        itself). `fitting`: every code that fits `history`, when the caller knows them
        (:class:`~.constraints.Constraints`), which spares listing them: the same guess."""
        rules = Constraints(self.space, history, fitting)
        if any(not self.space.allows(rule.guess) for rule in rules.rules):
            raise ValueError("the history holds a guess this config does not allow")
        if rules.rules and rules.rules[-1].black == self.space.pegs:
            raise ValueError("the code is already broken; there is no next guess")
        digits = yield from paced(self._work(rules), self.slice_seconds)
        return self.space.code(digits)

    def next_guess(self, history: History) -> Code:
        """The next guess, all at once (for CPython callers; the page uses :meth:`think`)."""
        return finish(self.think(history))

    @abstractmethod
    def _work(self, rules: Constraints) -> Thinking[Digits]:
        """The guess for a game whose history is `rules`, yielding ``None`` ticks while searching."""
