"""VIKI: a weaker, different personality. Every guess is a random code that fits all the feedback
so far, drawn from the player's own random generator: never a wasted guess, never a clever one."""

from __future__ import annotations

from ..code import Code
from .breaker import Codebreaker
from .clock import Thinking
from .constraints import Constraints
from .space import Digits


class VIKI(Codebreaker):
    """Random consistent guesses; seed its `rng` to replay a game."""

    name = "VIKI"

    def _work(self, rules: Constraints) -> Thinking[Digits]:
        if not rules.rules:
            return self.space.digits(Code.random(self.config, self.rng))
        codes = yield from rules.sample(self.rng, 1)
        return codes[0]
