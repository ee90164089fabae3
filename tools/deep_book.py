"""The 6-peg opening books grown past their third move, with numpy (offline, like ``entropy_tree``).

After its third move, a 6-peg book leaves nodes of up to a few thousand secrets (6x10: 5,765),
where the page's engine, within its budget, scores a few hundred of them against a sample of
the others. Here every node after the book's third move that still holds more than ``above``
secrets gets a move looked up instead, chosen by a look-ahead:

* the ``width`` codes whose splits have the highest entropy, among the secrets and ``POOL``
  other codes (drawn from the colours still possible, as the engine's ``others`` does), scored
  exactly against every secret of the node;
* each judged by the whole subtree that plain entropy grows below it (at each node the code of
  highest entropy among its secrets and, while they are at most ``WIDE``, ``others`` other
  codes): the guesses it takes to break every secret of the node;
* the cheapest played. Nodes of at most ``above`` secrets are handed to the engine (the book
  writes how many secrets come to them), which scores them exactly.

The third move itself is judged too: the engine's searched move stands first among the
candidates and is replaced only by one judged cheaper.

Judged by plain entropy's subtrees, the moves chosen look 0.012 guesses per game cheaper than
the highest-entropy ones (6x9, over every secret); in play, where the engine that takes over
plans its end games, the bench's 5,000 secrets gained 0.013 on 6x10 and 0.010 without repeats,
nothing on 6x9. Exact entropy alone (the same pools, no look-ahead) played no better than the
engine's own search in a thousand validation games.
The feedback of 6-peg codes is computed as needed (``entropy_tree.Codes``): a whole table
(``entropy_tree.Game``) would take hundreds of gigabytes.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from entropy_tree import Codes

from mastermind.solver.space import CodeSpace, Digits

POOL = 2_000
"""Other codes drawn as candidates for a book move, beside the node's secrets."""
WIDE = 400
"""In the subtrees judged, nodes of more secrets than this choose among their secrets only."""

Node = Any
"""A book node as ``make_strategy.py`` writes them: a code's text (the one secret left), a count
(secrets handed to the engine) or ``[guess, {feedback: node}]``."""


class Deepener:
    """Grows a book below its last searched move by the rules of the module's docstring."""

    def __init__(self, codes: Codes, above: int, width: int, others: int) -> None:
        self.codes, self.above, self.width, self.others = codes, above, width, others

    def node(self, secrets: np.ndarray, searched: int | None = None) -> Node:
        """The book node for `secrets` (indices, ascending). `searched`: the engine's own move
        there, judged beside the look-ahead's candidates (and played as it is where the node is
        too small for the look-ahead), so a move the engine would have searched for is replaced
        only by one judged cheaper."""
        if len(secrets) == 1:
            return self.codes.text(int(secrets[0]))
        if len(secrets) <= self.above:
            if searched is None:
                return len(secrets)
            guess = searched
        else:
            guess = self.choose(secrets, searched)
        return [self.codes.text(guess), {self.codes.feedback_text(result): self.node(part)
                                         for result, part in self.codes.parts(secrets, guess)}]

    def choose(self, secrets: np.ndarray, searched: int | None = None) -> int:
        """The book's move for `secrets`: the best of the highest-entropy codes (and `searched`,
        first among equals) by look-ahead."""
        codes = self.codes
        pool = codes.pool(secrets, POOL, np.random.default_rng(len(secrets)))
        best: tuple[int, int] | None = None
        candidates = [int(guess) for guess in pool[np.argsort(codes.scores(pool, secrets), kind="stable")[:self.width]]]
        if searched is not None:
            candidates = [searched] + [guess for guess in candidates if guess != searched]
        for guess in candidates:
            cost = len(secrets) + sum(self.cost(part, np.random.default_rng(len(part)))
                                      for _, part in codes.parts(secrets, guess))
            if best is None or cost < best[0]:
                best = (cost, guess)
        assert best is not None
        return best[1]

    def cost(self, secrets: np.ndarray, rng: np.random.Generator) -> int:
        """The guesses plain entropy takes to break every one of `secrets` (see the docstring)."""
        size = len(secrets)
        if size <= 2:
            return 2 * size - 1
        guess = self.plain(secrets, rng)
        return size + sum(self.cost(part, rng) for _, part in self.codes.parts(secrets, guess))

    def plain(self, secrets: np.ndarray, rng: np.random.Generator) -> int:
        """Plain entropy's guess for `secrets`: the highest among them and, while they are at
        most ``WIDE``, ``others`` other codes."""
        pool = self.codes.pool(secrets, self.others, rng) if len(secrets) <= WIDE else secrets
        return int(pool[np.argmin(self.codes.scores(pool, secrets))])

    def lengths(self, secrets: np.ndarray, move: int, rng: np.random.Generator) -> dict[int, int]:
        """How many guesses plain entropy takes for each of `secrets` from guess number `move`
        on (the baseline :func:`main` measures; :meth:`cost` is their sum)."""
        if len(secrets) <= 2:
            return {int(secret): move + number for number, secret in enumerate(secrets)}
        guess = self.plain(secrets, rng)
        found = {guess: move} if guess in secrets else {}
        for _, part in self.codes.parts(secrets, guess):
            found |= self.lengths(part, move + 1, rng)
        return found


_deepener: Deepener | None = None
"""The worker's deepener, built once before the worker processes fork (they share it)."""


def start(space: CodeSpace, above: int, width: int, others: int) -> None:
    global _deepener
    _deepener = Deepener(Codes(space), above, width, others)


def grow(task: tuple[list[Digits], Digits | None]) -> Node:
    """The book node for a task's secrets, given the engine's move there or None (a worker's unit
    of work; :func:`start` first)."""
    assert _deepener is not None
    secrets, searched = task
    codes = _deepener.codes
    indices = np.sort(codes.index(np.array(secrets, dtype=np.uint8)))
    guess = None if searched is None else int(codes.index(np.array([searched], dtype=np.uint8))[0])
    return _deepener.node(indices, guess)


def baseline(task: tuple[list[Digits], int]) -> dict[int, int]:
    """:meth:`Deepener.lengths` for the secrets and guess number of `task` (a worker's unit)."""
    assert _deepener is not None
    secrets, move = task
    indices = np.sort(_deepener.codes.index(np.array(secrets, dtype=np.uint8)))
    return _deepener.lengths(indices, move, np.random.default_rng(len(indices)))
