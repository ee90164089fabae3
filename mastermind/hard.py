"""Hard mode: every guess must still be able to be the secret, given all the feedback so far.

Wordle's best-loved rule, for codes: a guess that contradicts an earlier guess's key pegs is
refused (not counted), with a sentence that names that earlier guess and what this one would
have made it score. Scoring is symmetric, so "guess 2 would score 1 black against this guess"
and "this guess would score 1 black against guess 2" are the same test.

>>> history = [(Code("RRGB"), Feedback(1, 0))]
>>> str(contradiction(history, Code("RRYY")))
'Hard mode: against guess 1 (RRGB: 1 black, 0 white) this guess would score 2 black, 0 white.'
>>> contradiction(history, Code("RYYY")) is None
True
"""

from __future__ import annotations

from collections.abc import Iterable

from .code import Code, CodeError
from .feedback import Feedback, feedback


class HardModeError(CodeError):
    """A guess hard mode refuses; its text is the whole sentence for the player, and its fields
    say which earlier guess it contradicts and how."""

    def __init__(self, number: int, earlier: Code, earned: Feedback, would: Feedback) -> None:
        super().__init__(
            f"Hard mode: against guess {number} ({earlier}: {earned}) this guess would score {would}."
        )
        self.number, self.earlier, self.earned, self.would = number, earlier, earned, would


class HardModeSwitchError(ValueError):
    """Hard mode switched on after the first guess of a game (switching it off is always allowed)."""


SWITCH_REFUSAL = "Hard mode can be switched on only before the first guess of a game; it applies from the next game."


def contradiction(history: Iterable[tuple[Code, Feedback]], guess: Code) -> HardModeError | None:
    """The refusal for `guess` after `history` (guesses with their feedback, oldest first), naming
    the first earlier guess it contradicts; ``None`` when it is consistent with all of them."""
    for number, (earlier, earned) in enumerate(history, 1):
        would = feedback(guess, earlier)
        if would != earned:
            return HardModeError(number, earlier, earned, would)
    return None
