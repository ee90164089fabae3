"""Points of the multiplayer modes (rules.md section 4), one function per rule.

Every rule scores one attempt: one breaker's go at one code, described by a :class:`Progress`.
The functions also score an attempt still in play, so a score table can update after every guess.

>>> breaker, recipient = Progress(2, True, 5), Progress(5, False, 5)
>>> tournament_breaker(breaker) + tournament_maker(recipient)
8
"""

from __future__ import annotations

from typing import NamedTuple


class Progress(NamedTuple):
    """How far one breaker got: guesses made so far, whether the last one broke the code, and how
    many guesses were allowed."""

    guesses: int
    broken: bool
    allowed: int

    @property
    def failed(self) -> bool:
        """All guesses used without breaking the code."""
        return not self.broken and self.guesses >= self.allowed

    @property
    def over(self) -> bool:
        return self.broken or self.failed


class RunPoints(NamedTuple):
    """What one Duel run gives its code-maker and its code-breaker."""

    maker: int
    breaker: int


def duel_run(run: Progress) -> RunPoints:
    """Duel: every incorrect guess gives the maker 1 point; breaking the code gives the breaker 1;
    using all guesses without breaking it gives the maker 1 more.

    >>> duel_run(Progress(1, True, 6)), duel_run(Progress(6, True, 6)), duel_run(Progress(6, False, 6))
    (RunPoints(maker=0, breaker=1), RunPoints(maker=5, breaker=1), RunPoints(maker=7, breaker=0))
    """
    incorrect = run.guesses - run.broken
    return RunPoints(maker=incorrect + run.failed, breaker=int(run.broken))


FAILED_ROUND_PENALTY = 2


def race_round(round_: Progress) -> int:
    """Race: 1 point per guess, and 2 more for failing to break the code (the lowest total wins).

    >>> race_round(Progress(3, True, 8)), race_round(Progress(8, False, 8))
    (3, 10)
    """
    return round_.guesses + FAILED_ROUND_PENALTY * round_.failed


def tournament_breaker(attempt: Progress) -> int:
    """Tournament: a user who breaks the code gets `attempts allowed - attempts used + 1`.

    >>> tournament_breaker(Progress(2, True, 5)), tournament_breaker(Progress(5, False, 5))
    (4, 0)
    """
    return attempt.allowed - attempt.guesses + 1 if attempt.broken else 0


def tournament_maker(recipient: Progress) -> int:
    """Tournament: a user gets `attempts made by the player they set the code for - 1`, once that
    player has finished (broken the code or used every attempt).

    >>> tournament_maker(Progress(5, False, 5)), tournament_maker(Progress(1, True, 5))
    (4, 0)
    """
    return recipient.guesses - 1 if recipient.over else 0
