"""Whole strategy trees for the 5-peg, 8-colour games, grown over every code with numpy.

Used by ``make_strategy.py`` (offline only: the package never imports numpy). Where the engine
of the page scores a bounded pool of guesses, here every code of the game is a candidate guess at
every node, scored against every secret still possible, from one table of all feedbacks (32768 x
32768 bytes: 1 GiB, about a minute to fill). Each node plays:

* with ``exact`` or fewer secrets left, or two guesses left, the cheapest subtree found by branch
  and bound (as :mod:`mastermind.solver.plan` does), among the secrets and the best ``pool``
  other codes by entropy;
* at the guess numbers in ``look``, the best of the ``width`` codes of highest entropy, each
  judged by the whole subtree the rule below grows from it (a one-step look-ahead);
* elsewhere the code whose split has the highest entropy (:mod:`mastermind.solver.choice`), a
  possible secret first among equals, and among the codes that keep the guess limit.

What each rule gave over all 32768 secrets of 5x8 (guesses in total; the page engine's own
choice, grown by ``make_strategy.py`` before, gave 180005): the highest entropy alone 179864
(with a game of 8 guesses); with the exact end game from 40 secrets and the look-ahead at guess
3 over 6 codes 179441; looking ahead at guesses 3 and 4 over 8 codes 179158 (5.467 on average,
worst 7), the shipped tree. Without repeats: 34702, then 34552 (5.142). A look-ahead at guess 2
saved nothing on the branches tried. The shipped settings take about 15 minutes on two cores.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from typing import Any

import numpy as np

from mastermind.solver.plan import INFEASIBLE, lower_bound, most_parts, reach
from mastermind.solver.space import CodeSpace

CHUNK = 4096
"""Guesses scored in one numpy step (bounds the temporary arrays to CHUNK x secrets)."""
BLOCK = 4_000_000
"""(guess, secret, peg) comparisons in one numpy step of :meth:`Codes.scores`."""


class Codes:
    """Every code of a shape, in the order of ``CodeSpace.all_digits`` (ascending), with each
    code's colour counts, and the feedbacks between them computed on demand (the 6-peg books of
    ``deep_book.py``; :class:`Game` keeps them all in a table)."""

    def __init__(self, space: CodeSpace) -> None:
        self.space, self.pegs = space, space.pegs
        self.codes = np.array(list(space.all_digits()), dtype=np.uint8)
        self.counts = np.stack([(self.codes == colour).sum(1) for colour in range(space.colours)], 1).astype(np.uint8)
        self._values = self._value(self.codes)
        self.results = (self.pegs + 1) ** 2
        """Feedback byte: black * (pegs + 1) + black + white."""
        self.win = self.pegs * (self.pegs + 1) + self.pegs

    def _value(self, codes: np.ndarray) -> np.ndarray:
        return (codes.astype(np.int64) * self.space.colours ** np.arange(self.pegs - 1, -1, -1)).sum(-1)

    def index(self, codes: np.ndarray) -> np.ndarray:
        """The indices of `codes` (rows of colours) in :attr:`codes`."""
        return np.searchsorted(self._values, self._value(codes))

    def text(self, index: int) -> str:
        return "".join(map(str, self.codes[index]))

    def feedback_text(self, result: int) -> str:
        black, total = divmod(int(result), self.pegs + 1)
        return f"{black}{total - black}"

    def feedbacks(self, guesses: np.ndarray, secrets: np.ndarray) -> np.ndarray:
        """The feedback byte of every (guess, secret) pair, guesses by rows."""
        black = (self.codes[guesses][:, None, :] == self.codes[secrets][None]).sum(-1, dtype=np.uint8)
        total = np.minimum(self.counts[guesses][:, None, :], self.counts[secrets][None]).sum(-1, dtype=np.uint8)
        return black * np.uint8(self.pegs + 1) + total

    def scores(self, guesses: np.ndarray, secrets: np.ndarray) -> np.ndarray:
        """The entropy score of each guess over `secrets` (sum of m log m over its parts: lower
        tells more), rounded so that equal splits tie, a hair lower for a possible secret."""
        size = len(secrets)
        terms = np.arange(size + 1, dtype=float)
        terms *= np.log2(np.maximum(terms, 1))
        score = np.empty(len(guesses))
        step = max(1, BLOCK // (size * self.pegs))
        for start in range(0, len(guesses), step):
            block = self.feedbacks(guesses[start:start + step], secrets)
            rows = len(block)
            offsets = (np.arange(rows, dtype=np.int64) * self.results)[:, None]
            counts = np.bincount((block + offsets).ravel(), minlength=rows * self.results).reshape(rows, self.results)
            score[start:start + rows] = terms[counts].sum(1)
        score = np.round(score, 6)
        score[np.isin(guesses, secrets)] -= 1e-7
        return score

    def row(self, guess: int, secrets: np.ndarray) -> np.ndarray:
        """The feedback byte of `guess` against each of `secrets`."""
        return self.feedbacks(np.array([guess]), secrets)[0]

    def parts(self, secrets: np.ndarray, guess: int) -> list[tuple[int, np.ndarray]]:
        """The (feedback, secrets) parts `guess` splits `secrets` into, the win left out."""
        results = self.row(guess, secrets)
        return [(int(result), secrets[results == result]) for result in np.unique(results) if result != self.win]

    def pool(self, secrets: np.ndarray, others: int, rng: np.random.Generator) -> np.ndarray:
        """`secrets` and up to `others` other codes drawn from the colours the secrets hold and
        one colour they lack (without repeats, as many as a code needs): every absent colour
        tells the same wherever it stands."""
        space = self.space
        live = np.unique(self.codes[secrets]).tolist()
        dead = [colour for colour in range(space.colours) if colour not in live]
        colours = np.array(live + dead[: 1 if space.allow_duplicates else space.pegs], dtype=np.uint8)
        if space.allow_duplicates:
            drawn = colours[rng.integers(0, len(colours), (others, space.pegs))]
        else:
            drawn = np.array([rng.permutation(colours)[: space.pegs] for _ in range(others)], dtype=np.uint8)
        if not len(drawn):
            return secrets
        return np.concatenate([secrets, np.setdiff1d(np.unique(self.index(drawn)), secrets)])


class Game(Codes):
    """:class:`Codes` with the feedback of every (guess, secret) pair in one table, for the games
    small enough (5 pegs: 32768 x 32768 bytes)."""

    def __init__(self, space: CodeSpace) -> None:
        super().__init__(space)
        size = len(self.codes)
        everything = np.arange(size)
        self.table = np.empty((size, size), dtype=np.uint8)
        for start in range(0, size, 128):
            self.table[start:start + 128] = super().feedbacks(everything[start:start + 128], everything)
        sizes = np.arange(size + 1, dtype=float)
        self._entropy_terms = sizes * np.log2(np.maximum(sizes, 1))
        self._rows = (np.arange(CHUNK, dtype=np.int64) * self.results)[:, None]
        self.splits = most_parts(self.pegs)

    def feedbacks(self, guesses: np.ndarray, secrets: np.ndarray) -> np.ndarray:
        return self.table[np.ix_(guesses, secrets)]

    def row(self, guess: int, secrets: np.ndarray) -> np.ndarray:
        return self.table[guess, secrets]

    def all_scores(self, secrets: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """For every code as a guess: its entropy score over `secrets` (sum of m log m over its
        parts: lower tells more), a hair lower for a possible secret; and its largest part."""
        size = len(self.codes)
        score, largest = np.empty(size), np.empty(size, dtype=np.int64)
        for start in range(0, size, CHUNK):
            block = self.table[start:start + CHUNK, secrets]
            rows = len(block)
            counts = np.bincount((block + self._rows[:rows]).ravel(),
                                 minlength=rows * self.results).reshape(rows, self.results)
            score[start:start + rows] = self._entropy_terms[counts].sum(1)
            counts[:, self.win] = 0
            largest[start:start + rows] = counts.max(1)
        score[secrets] -= 1e-6
        return score, largest

    def reach(self, guesses: int) -> int:
        """At most how many secrets any strategy breaks within `guesses` guesses."""
        return reach(self.splits, guesses)

    def lower_bound(self, size: int) -> int:
        """At least how many guesses `size` secrets need in total."""
        return lower_bound(self.splits, size)


Node = Any
"""A tree node as ``make_strategy.py`` writes them: a code's text (the one secret left) or
``[guess, {feedback: node}]``."""
Grown = tuple[int, Node]
"""The cost of a subtree (guesses over its secrets, from its first guess on) and the subtree."""


class Grower:
    """Grows the tree below one node by the rules in the module's docstring."""

    def __init__(self, game: Game, exact: int, pool: int, look: Sequence[int], width: int) -> None:
        self.game, self.exact, self.pool, self.look, self.width = game, exact, pool, set(look), width
        self._memo: dict[tuple[bytes, int], tuple[int, int]] = {}

    def grow(self, secrets: np.ndarray, move: int, left: int, look: bool = True) -> Grown:
        """The subtree for `secrets` whose next guess is number `move`, with `left` guesses left."""
        game = self.game
        if len(secrets) == 1:
            return 1, game.text(int(secrets[0]))
        if len(secrets) <= self.exact or left <= 2:
            cost, _ = self._best(secrets, left)
            return cost, (self._planned(secrets, left) if cost < INFEASIBLE else None)
        score, largest = game.all_scores(secrets)
        score = np.where(largest <= game.reach(left - 1), score, np.inf)
        order = np.argsort(score, kind="stable")
        if look and move in self.look:
            tried = [self._below(secrets, int(guess), move, left, False) for guess in order[:self.width]]
            best = min(range(len(tried)), key=lambda i: tried[i][0])
            if tried[best][0] >= INFEASIBLE or not any(later > move for later in self.look):
                return tried[best]
            return self._below(secrets, int(order[best]), move, left, True)
        for guess in order[:8]:
            grown = self._below(secrets, int(guess), move, left, look)
            if grown[0] < INFEASIBLE:
                return grown
        return INFEASIBLE, None

    def _below(self, secrets: np.ndarray, guess: int, move: int, left: int, look: bool) -> Grown:
        cost, children = len(secrets), {}
        for result, part in self.game.parts(secrets, guess):
            part_cost, node = self.grow(part, move + 1, left - 1, look)
            cost += part_cost
            if cost >= INFEASIBLE:
                return INFEASIBLE, None
            children[self.game.feedback_text(result)] = node
        return cost, [self.game.text(guess), children]

    def _best(self, secrets: np.ndarray, left: int) -> tuple[int, int]:
        """(cost, guess) of the cheapest subtree found for a few `secrets` within `left` guesses."""
        game, size = self.game, len(secrets)
        if size == 1:
            return 1, int(secrets[0])
        if left <= 1:
            return INFEASIBLE, -1
        if size == 2:
            return 3, int(secrets[0])
        key = (secrets.tobytes(), left)
        if key in self._memo:
            return self._memo[key]
        score, largest = game.all_scores(secrets)
        fits = np.flatnonzero(largest <= game.reach(left - 1))
        others = fits[np.argsort(score[fits], kind="stable")[:self.pool + size]]
        members = {int(code) for code in secrets}
        pool = dict.fromkeys([code for code in members if largest[code] <= game.reach(left - 1)]
                             + [int(code) for code in others])
        seen, candidates = set(), []
        for guess in pool:
            results = game.row(guess, secrets)
            signature = results.tobytes()
            if signature in seen:
                continue
            seen.add(signature)
            counts = np.bincount(results, minlength=game.results)
            if guess not in members and counts.max() == size:
                continue  # tells nothing
            counts[game.win] = 0
            bound = size + sum(game.lower_bound(int(count)) for count in counts if count)
            candidates.append((bound, guess not in members, score[guess], guess))
        candidates.sort()
        best = (INFEASIBLE, -1)
        for bound, _, _, guess in candidates:
            if bound >= best[0]:
                break
            cost = bound
            for _, part in sorted(game.parts(secrets, guess), key=lambda item: -len(item[1])):
                cost += self._best(part, left - 1)[0] - game.lower_bound(len(part))
                if cost >= best[0]:
                    break
            if cost < best[0]:
                best = (cost, guess)
        self._memo[key] = best
        return best

    def _planned(self, secrets: np.ndarray, left: int) -> Node:
        if len(secrets) == 1:
            return self.game.text(int(secrets[0]))
        guess = self._best(secrets, left)[1]
        return [self.game.text(guess), {self.game.feedback_text(result): self._planned(part, left - 1)
                                        for result, part in self.game.parts(secrets, guess)}]


def forked(jobs: int) -> ProcessPoolExecutor:
    """`jobs` worker processes that fork (on POSIX), so they share the tables built before."""
    return ProcessPoolExecutor(jobs, mp_context=get_context("fork") if os.name == "posix" else None)


_game: Game | None = None
"""The table, built once before the worker processes fork (they share it)."""


def _branch(secrets: np.ndarray, settings: dict[str, Any], limit: int) -> Grown:
    assert _game is not None
    return Grower(_game, **settings).grow(secrets, 2, limit - 1)


def tree(space: CodeSpace, first: Sequence[int], limit: int, jobs: int,
         progress: Callable[[str], None] = print, **settings: Any) -> Node:
    """The whole tree after the first guess `first`, within `limit` guesses, grown by `jobs`
    processes (one branch under the first guess at a time each). `settings`: ``exact``,
    ``pool``, ``look`` and ``width`` of :class:`Grower`."""
    global _game
    _game = game = Game(space)
    everything = np.arange(len(game.codes))
    opening = int(np.flatnonzero((game.codes == np.array(first, dtype=np.uint8)).all(1))[0])
    parts = sorted(game.parts(everything, opening), key=lambda item: -len(item[1]))
    children, total = {}, len(everything)
    with forked(jobs) as pool:
        futures = [(result, part, pool.submit(_branch, part, settings, limit)) for result, part in parts]
        for result, part, future in futures:
            cost, node = future.result()
            if cost >= INFEASIBLE:
                raise SystemExit(f"entropy_tree: no tree within {limit} guesses below {game.feedback_text(result)}")
            total += cost
            progress(f"  {game.feedback_text(result)}: {len(part)} secrets, {cost} guesses")
            children[game.feedback_text(result)] = node
    return [game.text(opening), dict(sorted(children.items()))]
