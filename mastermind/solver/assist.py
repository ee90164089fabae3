"""Solver assist for a person playing Solo: how many codes are still possible and a hint (the
review of a game over, skill and luck, is :mod:`.skill`).

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
"""The engine behind hints is seeded, so the same game gets the same advice."""


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
