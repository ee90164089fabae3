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

from .code import Code
from .errors import HardModeError
from .feedback import Feedback, feedback
from .i18n import N_

SWITCH_REFUSAL = N_("Hard mode can be switched on only before the first guess of a game: start a new game, then switch it on.")
"""Marked here, translated where shown (``_(SWITCH_REFUSAL)``)."""


def contradiction(history: Iterable[tuple[Code, Feedback]], guess: Code) -> HardModeError | None:
    """The refusal for `guess` after `history` (guesses with their feedback, oldest first), naming
    the first earlier guess it contradicts; ``None`` when it is consistent with all of them."""
    for number, (earlier, earned) in enumerate(history, 1):
        would = feedback(guess, earlier)
        if would != earned:
            return HardModeError(number, str(earlier), earned, would)
    return None
