"""Solver assist for a person playing Solo: how many codes are still possible, a hint, and a review
of the game once it is over.

The engine behind it is HAL9000 (:mod:`mastermind.solver`). Each function is a cooperative
computation, like :meth:`~mastermind.solver.Codebreaker.think`: it yields ``None`` now and then and
returns its answer, so the page runs it with ``await run_async(...)`` and never freezes; CPython
callers use :func:`~mastermind.solver.finish`.

>>> from mastermind import Feedback
>>> from mastermind.solver import finish
>>> history = [("BBGG", Feedback(0, 1))]
>>> str(finish(still_possible(Config(), history)))
'256'
>>> finish(still_possible(Config(), history)).sentence()
'256 codes still possible'
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..code import Code
from ..config import Config
from ..feedback import Feedback, feedback
from ..i18n import _, ngettext
from ..i18n import number as written
from . import History, codebreaker
from .clock import Thinking, paced
from .constraints import Constraints
from .space import CodeSpace

COUNT_LIMIT = 10_000
"""Counts stop here: beyond it the answer is "more than 10,000" (a 6x10 game has a million codes,
and counting them all would take seconds)."""

HINT_SEED = 0
"""The engine behind hints and reviews is seeded, so the same game gets the same advice."""


@dataclass(frozen=True)
class Count:
    """How many codes are possible: exact, or `value` is the limit and there are more."""

    value: int
    exact: bool = True

    def __str__(self) -> str:
        """
        >>> str(Count(1296)), str(Count(10_000, exact=False))
        ('1,296', 'more than 10,000')
        """
        return written(self.value) if self.exact else _("more than {count}").format(count=written(self.value))

    def sentence(self) -> str:
        """
        >>> Count(1).sentence(), Count(10_000, exact=False).sentence()
        ('1 code still possible', 'More than 10,000 codes still possible')
        """
        count = written(self.value)
        if self.exact:
            return ngettext("{count} code still possible", "{count} codes still possible", self.value).format(count=count)
        return ngettext("More than {count} code still possible", "More than {count} codes still possible",
                        self.value).format(count=count)


def still_possible(config: Config, history: History, limit: int = COUNT_LIMIT) -> Thinking[Count]:
    """How many codes of `config` fit all the feedback of `history`, exact up to `limit`."""
    if not history:
        return Count(config.size) if config.size <= limit else Count(limit, exact=False)
    found = yield from paced(Constraints(CodeSpace.of(config), history).count(limit))
    return Count(found) if found <= limit else Count(limit, exact=False)


def hint(config: Config, history: History) -> Thinking[Code]:
    """The guess HAL9000 would play next; the same game always gets the same hint."""
    return codebreaker("HAL9000", config, random.Random(HINT_SEED)).think(history)


@dataclass(frozen=True)
class ReviewRow:
    """One guess of a finished game, and how it compares with the engine's choice at that point.

    `before` and `after` count the codes possible before and after the guess (after the winning
    guess, one: the secret); `best` is the guess HAL9000 would have played instead, and
    `best_after` how many codes it would have left against the same secret.
    """

    number: int
    guess: Code
    feedback: Feedback
    before: Count
    after: Count
    best: Code
    best_after: Count

    @property
    def as_good_as_best(self) -> bool:
        """Whether the guess left no more codes than the engine's would have."""
        return self.after.exact and (not self.best_after.exact or self.after.value <= self.best_after.value)


def review(config: Config, secret: Code | str, history: History) -> Thinking[list[ReviewRow]]:
    """The review of a game over: one :class:`ReviewRow` per guess of `history`."""
    secret = Code.parse(str(secret), config)
    engine = codebreaker("HAL9000", config, random.Random(HINT_SEED))
    turns = [(Code.parse(str(guess), config), Feedback(*result)) for guess, result in history]
    rows: list[ReviewRow] = []
    before = yield from still_possible(config, [])
    for number, (guess, result) in enumerate(turns, start=1):
        earlier = turns[: number - 1]
        after = yield from still_possible(config, turns[:number])
        best = yield from engine.think(earlier)
        best_after = yield from still_possible(config, [*earlier, (best, feedback(secret, best))])
        rows.append(ReviewRow(number, guess, result, before, after, best, best_after))
        before = after
    return rows
