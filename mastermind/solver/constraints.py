"""Which codes are still possible after some guesses: a constraint search, never a scan of the space.

A 6-peg, 10-colour game has a million codes and the browser has a few milliseconds a move, so the
solver never lists the whole space. It searches in two stages, each pruned by the feedback:

1. the colour *multiset* of the secret (at most 24,310 of them, even for 8 pegs and 10 colours):
   the black + white total of each earlier guess depends on the colours alone, so a multiset whose
   common-colour count with any guess differs from that guess's total is dropped at once;
2. the *arrangements* of a surviving multiset, position by position, dropping a branch as soon as a
   guess has more exact matches than its black pegs, or too few positions left to reach them.

Both stages are generators that also yield ``None`` every few hundred search nodes: a "still
working" tick that lets a caller hand control back to the browser (see :mod:`.clock`).

>>> from mastermind import Config, Feedback
>>> rules = Constraints(CodeSpace.of(Config(pegs=3, colors=3)), [("BBG", Feedback(2, 0))])
>>> [str(rules.space.code(digits)) for digits in rules.codes()]
['BBB', 'BBO', 'BGG', 'GBG', 'BOG', 'OBG']
"""

from __future__ import annotations

import random
from collections.abc import Generator, Iterable, Iterator, Sequence
from typing import NamedTuple

from ..code import Code
from ..feedback import Feedback
from .clock import finish
from .space import CodeSpace, Digits, Multiset

TICK = 256
"""Search nodes between two "still working" ticks (a few hundred microseconds in CPython)."""

LISTED_ARRANGEMENTS = 720
"""A multiset with at most this many arrangements (6 different colours) may be listed when sampled."""

Search = Iterator[Digits | None]
"""Codes found, interleaved with ``None`` ticks."""


class NoCodeFitsError(ValueError):
    """The feedback so far contradicts itself: no code of the config earns all of it."""


class Rule(NamedTuple):
    """One guess of the history and what its feedback demands of the secret."""

    guess: Digits
    black: int
    total: int
    colour_key: int


class Constraints:
    """The history of a game as constraints on the secret.

    `history` holds (guess, feedback) pairs, such as :class:`mastermind.Turn`; guesses are codes or
    their letters. `fitting`, when the caller knows them already, are every code that fits the
    history, in any order: :meth:`listed` then returns them in its own order without a search (a
    review's play-out knows the codes of every position it asks HAL9000 about).
    """

    def __init__(self, space: CodeSpace, history: Iterable[tuple[Code | str, Feedback]],
                 fitting: Sequence[Digits] | None = None) -> None:
        self.space = space
        self._fitting = fitting
        self.rules = [
            Rule(digits, black, black + white, space.colour_key(space.counts(digits)))
            for digits, (black, white) in ((space.digits(guess), result) for guess, result in history)
        ]
        # hits[position][colour]: the rules whose guess has that colour at that position.
        self._hits = [
            [
                tuple(j for j, rule in enumerate(self.rules) if rule.guess[position] == colour)
                for colour in range(space.colours)
            ]
            for position in range(space.pegs)
        ]
        self._multisets: list[Multiset] | None = None

    def fit_multisets(self) -> Generator[None, None, list[Multiset]]:
        """Stage 1: the colour multisets that match every guess's black + white total (computed
        once, handing back control while it works)."""
        if self._multisets is None:
            every = yield from self.space.build_multisets()
            found = []
            for number, multiset in enumerate(every):
                if number % TICK == 0:
                    yield None
                if all((multiset.colour_key & rule.colour_key).bit_count() == rule.total for rule in self.rules):
                    found.append(multiset)
            self._multisets = found
        return self._multisets

    @property
    def multisets(self) -> list[Multiset]:
        """:meth:`fit_multisets`, all at once."""
        return finish(self.fit_multisets())

    @property
    def bound(self) -> int:
        """An upper bound of the number of possible codes: the arrangements of stage 1's multisets."""
        return sum(multiset.arrangements for multiset in self.multisets)

    def arrangements(self, counts: tuple[int, ...], rng: random.Random | None = None) -> Search:
        """Stage 2: the codes with colours `counts` that match every guess's black pegs, in palette
        order, or in an order drawn from `rng` (a random colour order for each position)."""
        pegs, hits = self.space.pegs, self._hits
        need = [rule.black for rule in self.rules]
        left = list(counts)
        code = [0] * pegs
        nodes = 0

        colours = range(len(left))
        # With `rng`, one random colour order per position and per call: cheaper than per node.
        orders: list[Sequence[int]] = (
            [colours] * pegs if rng is None else [rng.sample(colours, len(colours)) for _ in range(pegs)]
        )

        def place(position: int) -> Search:
            nonlocal nodes
            if position == pegs:
                yield tuple(code)
                return
            nodes += 1
            if nodes % TICK == 0:
                yield None
            free = pegs - position - 1
            for colour in orders[position]:
                if not left[colour]:
                    continue
                hit = hits[position][colour]
                fits = True
                for j in hit:
                    need[j] -= 1
                    fits = fits and need[j] >= 0
                if fits and max(need, default=0) <= free:
                    left[colour] -= 1
                    code[position] = colour
                    yield from place(position + 1)
                    left[colour] += 1
                for j in hit:
                    need[j] += 1

        return place(0)

    def search(self) -> Search:
        """Every code that fits the history, multiset by multiset, interleaved with ticks."""
        for multiset in (yield from self.fit_multisets()):
            yield None
            yield from self.arrangements(multiset.counts)

    def codes(self) -> Iterator[Digits]:
        """Every code that fits the history, without ticks."""
        return (code for code in self.search() if code is not None)

    def listed(self, limit: int) -> Generator[None, None, list[Digits] | None]:
        """Every code that fits, or None when more than `limit` do (the search stops there); a
        cooperative generator that yields ticks and returns the list."""
        if self._fitting is not None:
            # The search's order: multiset by multiset (their colours sorted, in order), then in
            # palette order.
            return None if len(self._fitting) > limit else sorted(self._fitting, key=lambda code: (sorted(code), code))
        found: list[Digits] = []
        for code in self.search():
            if code is None:
                yield None
                continue
            found.append(code)
            if len(found) > limit:
                return None
        return found

    def count(self, limit: int) -> Generator[None, None, int]:
        """How many codes fit, counting at most ``limit + 1`` (beyond `limit` the search stops);
        a cooperative generator that yields ticks and returns the count."""
        found = 0
        for code in self.search():
            if code is None:
                yield None
                continue
            found += 1
            if found > limit:
                break
        return found

    def sample(self, rng: random.Random, wanted: int) -> Generator[None, None, list[Digits]]:
        """Up to `wanted` different codes that fit, drawn at random (a cooperative generator: it
        yields ticks and returns the list). Raises :class:`NoCodeFitsError` when no code fits.

        A multiset is drawn with weight its number of arrangements, then a random arrangement of it
        that fits. A multiset with few arrangements that is drawn a second time is listed, and from
        then on weighs what it really holds: the draw stays close to uniform over the possible
        codes, and cheap where most branches are dead ends. Stops after ``3 * wanted`` draws, so
        fewer codes come back when fewer fit.
        """
        pool = list((yield from self.fit_multisets()))
        weights = [multiset.arrangements for multiset in pool]
        listed: dict[tuple[int, ...], list[Digits]] = {}
        drawn: set[tuple[int, ...]] = set()
        found: dict[Digits, None] = {}
        repeats = 0
        while pool and len(found) < wanted and repeats < 2 * wanted:
            yield None
            pick = rng.choices(range(len(pool)), weights)[0]
            multiset = pool[pick]
            if multiset.counts in drawn and multiset.arrangements <= LISTED_ARRANGEMENTS:
                codes = listed.get(multiset.counts)
                if codes is None:
                    codes = listed[multiset.counts] = []
                    for code in self.arrangements(multiset.counts):
                        if code is None:
                            yield None
                        else:
                            codes.append(code)
                    weights[pick] = len(codes)
                code = rng.choice(codes) if codes else None
            else:
                drawn.add(multiset.counts)
                code = None
                for code in self.arrangements(multiset.counts, rng):
                    if code is not None:
                        break
                    yield None
            if code is None:  # no arrangement of this multiset fits: never draw it again
                del pool[pick], weights[pick]
            elif code in found:
                repeats += 1
            else:
                found[code] = None
        if not found:
            raise NoCodeFitsError("no code fits all the feedback so far")
        return list(found)
