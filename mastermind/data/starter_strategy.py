"""A starter strategy for the Strategy lab: each guess is a code that could still be the secret.

The lab calls guess(history, rules) for every move of every game:
- history: the game so far, oldest first, as (code, black, white) triples, such as ("RGBY", 1, 2);
- rules: rules.pegs (4), rules.colours (the letters, "BGOPRY"), rules.repeats (True when a colour
  may repeat) and rules.guesses (the limit).
It returns the next code as a text of letters. The helpers: every_code(rules), possible(history,
rules) (the codes that earn every feedback so far) and feedback(secret, guess) (black, white).

The choice is random but seeded by the history, so a game replays the same way every time. Try
something cleverer: among the possible codes, pick the one that splits them best.
"""

import random

from mastermind.lab import Move, Rules, possible


def guess(history: list[Move], rules: Rules) -> str:
    """A code still possible, drawn at random with the history as the seed."""
    codes = possible(history, rules)
    return random.Random(repr(history)).choice(codes)
