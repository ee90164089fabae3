"""Planning a whole strategy: the tree that needs the fewest guesses in total, by branch and bound.

A node of the search is a set of codes still possible and the guesses left. The cost of a guess
there is one guess for every code of the set, plus the cost of each part its feedback leaves (a
win leaves nothing). Three things keep the search small:

* a lower bound of the cost of a part of ``m`` codes (one of them may be guessed next, the rest
  need at least a guess more, and so on), so guesses are tried best bound first and the search
  stops as soon as no remaining guess can beat the best found;
* guesses that split the set the same way are tried once, and with ``symmetric=True`` so are
  guesses that a symmetry of the game so far (a permutation of positions and colours that fixes
  every earlier guess) maps onto each other;
* with a `width`, only that many guesses are tried at a node once one of them has worked: no
  longer a proof of optimality, but on the classic game a width of 30 finds the optimum under a
  five-guess limit (5626 guesses over all 1296 secrets, Koyama & Lai 1993) in about a minute.

:mod:`.hal` uses it for end games with few codes left; ``tools/make_strategy.py`` for whole trees.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from functools import cache
from operator import itemgetter
from typing import Any

from .clock import Thinking
from .space import CodeSpace, Digits

Node = Any
"""A strategy tree node, as in :mod:`.strategy`."""

INFEASIBLE = 10**9
"""The cost of a set that cannot be solved in the guesses left."""

Symmetry = tuple[tuple[int, ...], tuple[int, ...]]
"""A position permutation and a colour permutation: code ``c`` maps to ``colour[c[position[i]]]``."""


class Planner:
    """Searches strategies that break every code of `secrets` with guesses from `guesses`.

    Every secret must also be a guess. Costs count guesses over all secrets, the guess that
    wins included.
    """

    def __init__(self, space: CodeSpace, secrets: Sequence[Digits], guesses: Sequence[Digits],
                 width: int | None = None, symmetric: bool = False) -> None:
        self.space = space
        self.secrets = list(secrets)
        self.guesses = list(guesses)
        self.width = width
        keys = [space.key(secret) for secret in self.secrets]
        self._rows = [bytes(map(int.bit_count, map(space.key(guess).__and__, keys))) for guess in self.guesses]
        where = {guess: g for g, guess in enumerate(self.guesses)}
        self._guess_of = [where[secret] for secret in self.secrets]
        self._splits = most_parts(space.pegs)
        self._memo: dict[tuple[tuple[int, ...], int], tuple[int, int]] = {}
        self._symmetries: list[Symmetry] | None = None
        if symmetric:
            self._symmetries = [
                (positions, colours)
                for positions in itertools.permutations(range(space.pegs))
                for colours in itertools.permutations(range(space.colours))
            ]

    def plan(self, guesses_left: int) -> Thinking[tuple[int, Node | None]]:
        """The cheapest strategy found for all the secrets within `guesses_left` guesses: its total
        cost and its tree (see :mod:`.strategy`), or INFEASIBLE and None."""
        everything = tuple(range(len(self.secrets)))
        cost, _ = yield from self._best(everything, guesses_left, self._symmetries)
        if cost >= INFEASIBLE:
            return cost, None
        return cost, self._tree(everything, guesses_left)

    def first_guess(self, guesses_left: int) -> Thinking[tuple[int, Digits | None]]:
        """The first guess of the cheapest strategy found, and the strategy's total cost."""
        cost, guess = yield from self._best(tuple(range(len(self.secrets))), guesses_left, self._symmetries)
        return cost, (self.guesses[guess] if cost < INFEASIBLE else None)

    def _split(self, codes: tuple[int, ...], guess: int) -> dict[int, list[int]]:
        parts: dict[int, list[int]] = {}
        row, win = self._rows[guess], self.space.win
        for code in codes:
            result = row[code]
            if result != win:
                parts.setdefault(result, []).append(code)
        return parts

    def _best(self, codes: tuple[int, ...], depth: int,
              symmetries: list[Symmetry] | None) -> Thinking[tuple[int, int]]:
        """(cost, guess index) of the best strategy found for `codes` within `depth` guesses."""
        size = len(codes)
        if size == 1:
            return 1, self._guess_of[codes[0]]
        if depth <= 1:
            return INFEASIBLE, -1
        if size == 2:
            return 3, self._guess_of[codes[0]]
        memo = self._memo.get((codes, depth))
        if memo is not None:
            return memo
        yield None
        members = {self._guess_of[code] for code in codes}
        within = reach(self._splits, depth - 1)
        seen: set[tuple[int, ...]] = set()
        candidates = []
        get = itemgetter(*codes)
        for g, guess in enumerate(self.guesses):
            if symmetries and len(symmetries) > 1 and not _canonical(guess, symmetries):
                continue
            signature = get(self._rows[g])
            if signature in seen:
                continue
            seen.add(signature)
            sizes = Counter(signature)
            if len(sizes) == 1 and g not in members:
                continue  # tells nothing
            sizes.pop(self.space.win, None)
            if max(sizes.values()) > within:  # a win takes one of three codes or more: a part is left
                continue
            bound = size + sum(lower_bound(self._splits, part) for part in sizes.values())
            candidates.append((bound, -len(sizes), g not in members, g))
        candidates.sort()
        best_cost, best_guess = INFEASIBLE, -1
        for tried, (bound, _, _, g) in enumerate(candidates):
            if bound >= best_cost or (self.width is not None and tried >= self.width and best_cost < INFEASIBLE):
                break
            inner = None
            if symmetries and len(symmetries) > 1:
                guess = self.guesses[g]
                inner = [symmetry for symmetry in symmetries if _image(guess, symmetry) == guess]
            cost = bound
            for part in sorted(self._split(codes, g).values(), key=len, reverse=True):
                part_cost, _ = yield from self._best(tuple(part), depth - 1, inner)
                cost += part_cost - lower_bound(self._splits, len(part))
                if cost >= best_cost:
                    break
            if cost < best_cost:
                best_cost, best_guess = cost, g
        self._memo[(codes, depth)] = (best_cost, best_guess)
        return best_cost, best_guess

    def _tree(self, codes: tuple[int, ...], depth: int) -> Node:
        if len(codes) == 1:
            return _text(self.secrets[codes[0]])
        guess = self._guess_of[codes[0]] if len(codes) == 2 else self._memo[(codes, depth)][1]
        children = {}
        for result, part in sorted(self._split(codes, guess).items()):
            black, white = self.space.feedback(result)
            children[f"{black}{white}"] = self._tree(tuple(part), depth - 1)
        return [_text(self.guesses[guess]), children]


def most_parts(pegs: int) -> int:
    """The most parts one guess can leave: its feedbacks, (pegs + 1)(pegs + 2) / 2 pairs but
    (pegs - 1, 1), all but a win.

    >>> most_parts(4)
    13
    """
    return (pegs + 1) * (pegs + 2) // 2 - 2  # 1 for one peg, the fewest Config allows


@cache
def reach(splits: int, guesses: int) -> int:
    """At most how many codes any strategy can tell apart within `guesses` guesses, when a guess
    leaves at most `splits` parts."""
    return 0 if guesses <= 0 else 1 + splits * reach(splits, guesses - 1)


@cache
def lower_bound(splits: int, size: int) -> int:
    """At least how many guesses `size` codes need in total when a guess leaves at most `splits`
    parts: one may be guessed first, `splits` more at the second guess, and so on (of 15 codes
    and 13 parts: 1 + 13 x 2 + 1 x 3).

    >>> lower_bound(13, 1), lower_bound(13, 2), lower_bound(13, 15)
    (1, 3, 30)
    """
    total, depth, room, left = 0, 1, 1, size
    while left > 0:
        take = min(left, room)
        total, left = total + take * depth, left - take
        depth, room = depth + 1, room * splits
    return total


def _text(digits: Digits) -> str:
    return "".join(map(str, digits))


def _image(code: Digits, symmetry: Symmetry) -> Digits:
    positions, colours = symmetry
    return tuple(colours[code[position]] for position in positions)


def _canonical(code: Digits, symmetries: list[Symmetry]) -> bool:
    """Whether `code` is the smallest of its images: one guess per class of equivalent guesses."""
    return all(_image(code, symmetry) >= code for symmetry in symmetries)
