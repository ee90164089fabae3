"""HAL9000, the strongest codebreaker of this project.

* The 4-peg, 6-colour games (with and without repeats) follow a precomputed strategy tree
  (:mod:`.strategy`), optimal for the classic game under a five-guess limit; the 5-peg, 8-colour
  games a whole tree computed offline, the 6-peg games with 9 or 10 colours an opening book.
* Elsewhere, after a book, or once a person's own guesses (solver assist) have left the tree, each
  move lists the possible codes with the constraint search when there are few, or draws a random
  sample of them when there are many, and plays the guess whose split tells the most (highest
  entropy, :mod:`.choice`) among them and, while they are few, other codes too; with very few
  left it plans the rest of the game (:mod:`.plan`). The work per move is bounded, whatever the
  size of the space.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from ..config import Config
from .breaker import Codebreaker
from .choice import best_guess, entropies, order
from .clock import Thinking, finish
from .constraints import Constraints, NoCodeFitsError
from .plan import Planner
from .space import CodeSpace, Digits
from .strategy import Strategy, data_name

ENUMERATE_BOUND = 50_000
"""List the possible codes only when stage 1 bounds them by this many (often 10x too many) ..."""
EXACT_LIMIT = 3_000
"""... and give up listing beyond this many: then a random sample stands for them ..."""
SAMPLE = 400
"""... of this many codes."""
TARGETS = 600
"""Score guesses against at most this many possible codes."""
WORK = 240_000
"""At most this many (guess, code) scorings per move: ~15 ms in CPython."""
TICK = 256
"""Codes drawn between two "still working" ticks."""
OVERHEAD = 16
"""Scoring one guess costs about as much as this many (guess, code) scorings besides them."""
SMALL_SPACE = 2_000
"""In spaces this small, the opening is scored against every code."""
PLAN_LIMIT = 30
"""With this few codes left, look ahead: plan the rest of the game (:mod:`.plan`) ..."""
PLAN_POOL = 40
"""... among the codes left and this many other guesses (the best by entropy), ..."""
PLAN_WIDTH = 3
"""... trying this many guesses per position once one works, within the guesses left or, where
that cannot be done, within this many:"""
PLAN_DEPTH = 9


@dataclass(frozen=True)
class Search:
    """How hard :func:`choose` looks at one move."""

    work: int = WORK
    """At most this many (guess, code) scorings (see :data:`WORK`)."""
    plan_limit: int = PLAN_LIMIT
    """With this few codes left, plan the rest of the game (see :data:`PLAN_LIMIT`)."""
    plan_width: int = PLAN_WIDTH
    """Guesses the plan tries per position (see :data:`PLAN_WIDTH`)."""


SEARCHES = {name: Search(plan_limit=60, plan_width=6) for name in ("6x9.json", "6x10.json", "6x10-norepeat.json")}
"""The search after the 6-peg books, by the book's file name (elsewhere the default): they hand
over nodes of up to 100 codes (6x10: 200). Planning from 60 codes down, 6 guesses tried per
position, played 0.004-0.009 guesses per game better there than entropy and a plan from 30
(3 per position), in about the same time; planning from more codes played worse (the planner,
not exact on so many, then picks worse than entropy)."""


def search_in(space: CodeSpace) -> Search:
    """The search HAL9000 makes in `space`, and Solve's suggestion with it: the 6-peg books' own
    after them (:data:`SEARCHES`), the default elsewhere."""
    return SEARCHES.get(data_name(space.pegs, space.colours, space.allow_duplicates), Search())


class HAL9000(Codebreaker):
    """The strongest player; deterministic for a given history (its `rng` only seeds it)."""

    name = "HAL9000"
    follows_books = True

    def __init__(self, config: Config, rng: random.Random | None = None) -> None:
        super().__init__(config, rng)
        self._seed = self.rng.getrandbits(32)

    def state(self) -> dict[str, Any]:
        """Its generator's state and the seed it drew from it when made (every search's seed)."""
        return {**super().state(), "seed": self._seed}

    def restore(self, state: Mapping[str, Any]) -> None:
        super().restore(state)
        self._seed = state["seed"]

    def _work(self, rules: Constraints) -> Thinking[Digits]:
        space = self.space
        strategy = yield from Strategy.load(space)
        history = [(rule.guess, rule.black, rule.total) for rule in rules.rules]
        planned = strategy.move(history) if strategy else None
        if planned is not None:
            return planned
        if not rules.rules:
            return opening(space)
        # One generator per history: the same history gets the same guess.
        rng = random.Random(f"{self._seed}|{history}")
        possible, exact = yield from possible_codes(rules, rng)
        left = self.config.max_guesses - len(rules.rules)
        return (yield from choose(space, possible, exact, rng, left, search_in(space)))


def choose(space: CodeSpace, possible: list[Digits], exact: bool, rng: random.Random, left: int,
           search: Search = Search()) -> Thinking[Digits]:
    """The guess to play when `possible` are the codes still possible (all of them when `exact`,
    else a sample), with `left` guesses left in the game, scoring about `search.work` (guess,
    code) pairs. ``tools/make_strategy.py`` grows the shipped trees with it, so they play as the
    page would on the same codes."""
    work = search.work
    if len(possible) <= 2:
        return possible[0]
    targets = possible if len(possible) <= TARGETS else rng.sample(possible, TARGETS)
    members = frozenset(possible)
    known: dict[Digits, float] = {}  # the codes possible scored over themselves, then the targets too
    if exact and len(possible) * (len(possible) + OVERHEAD) <= work:
        known = dict(zip(possible, (yield from entropies(space, possible, possible)), strict=True))
        best = order(possible, list(known.values()), members)[0]
        if known[best] == 0:
            return best  # it tells every code apart and may win: nothing does better
    room = max(1, work // (len(targets) + OVERHEAD))
    if len(possible) >= room:
        pool = rng.sample(possible, room)
    elif not exact:
        pool = possible
    else:
        pool = possible + (yield from others(space, possible, room - len(possible), rng))
    fresh = [guess for guess in pool if guess not in known]
    scores = {**dict(zip(fresh, (yield from entropies(space, fresh, targets)), strict=True)), **known}
    ranking = order(pool, list(map(scores.__getitem__, pool)), members)
    if exact and len(possible) <= search.plan_limit:
        shortlist = possible + [guess for guess in ranking if guess not in members][:PLAN_POOL]
        for depth in (max(left, 1), PLAN_DEPTH):
            _, guess = yield from Planner(space, possible, shortlist, width=search.plan_width).first_guess(depth)
            if guess is not None:
                return guess
    return ranking[0]


def others(space: CodeSpace, possible: list[Digits], room: int, rng: random.Random) -> Thinking[list[Digits]]:
    """Up to `room` codes that cannot be the secret, as guesses that may split `possible` better.

    A colour that no possible code holds tells the same wherever it stands, so one such colour
    (or, without repeats, as few as a code needs) stands for them all: every code of the live
    colours and that stand-in when they fit in `room`, else a random draw of them."""
    live = sorted({colour for code in possible for colour in code})
    dead = [colour for colour in range(space.colours) if colour not in live]
    colours = live + dead[: 1 if space.allow_duplicates else space.pegs]
    members = set(possible)
    if len(colours) ** space.pegs <= room:
        yield None
        return [code for code in codes_of(space, tuple(colours)) if code not in members]
    if space.allow_duplicates:  # every draw a code: the pegs cut into codes, the possible left out (in C)
        pegs = choices(rng, colours, room * space.pegs)
        cuts = map(slice, range(0, len(pegs), space.pegs), range(space.pegs, len(pegs) + 1, space.pegs))
        yield None
        return list(dict.fromkeys(itertools.filterfalse(members.__contains__, map(tuple, map(pegs.__getitem__, cuts)))))
    codes = (tuple(rng.sample(colours, space.pegs)) for _ in range(room))
    found: dict[Digits, None] = {}
    for number, code in enumerate(codes):
        if number % TICK == 0:
            yield None
        if space.allows(code) and code not in members:
            found[code] = None
    return list(found)


def choices(rng: random.Random, colours: Sequence[int], count: int) -> bytes:
    """`count` draws of ``rng.choice(colours)``, the same draws leaving `rng` in the same state, in
    a fraction of the time (a third of a large game's review went to drawing colours).

    ``choice`` draws ``getrandbits(k)``, k the bit length of ``len(colours)``, until one falls
    below ``len(colours)``; each such call is the top k bits of the generator's next 32-bit word,
    and ``getrandbits(32 m)`` is its next m words, the first lowest. So a round draws one word
    per draw still wanted (never one too many), keeps the top byte of each, and turns it into
    its colour, or drops it, by one translation (``tests/test_choice.py`` checks it against
    ``choice``). Colour indices below 255 (a palette holds at most 10)."""
    size = len(colours)
    drop = 8 - size.bit_length()
    table = bytes(colours[byte >> drop] if byte >> drop < size else 255 for byte in range(256))
    drawn = b""
    while len(drawn) < count:
        wanted = count - len(drawn)
        drawn += rng.getrandbits(32 * wanted).to_bytes(4 * wanted, "little")[3::4].translate(table).replace(b"\xff", b"")
    return drawn


@lru_cache(maxsize=16)
def codes_of(space: CodeSpace, colours: tuple[int, ...]) -> tuple[Digits, ...]:
    """Every code of `space` made of `colours` only, in palette order: :func:`others` asks for
    the same few colour sets move after move (a play-out asks thousands of moves). Sixteen sets
    kept: one can hold 15,625 codes (6 pegs), and 4x6 play-outs find nine in ten in them."""
    return tuple(code for code in itertools.product(colours, repeat=space.pegs) if space.allows(code))


def possible_codes(rules: Constraints, rng: random.Random) -> Thinking[tuple[list[Digits], bool]]:
    """Every possible code and True when there are few, else a random sample of them and False.

    A partial list would be a poor sample (the codes of a few multisets), hence the fresh draw."""
    yield from rules.fit_multisets()
    if rules.bound <= ENUMERATE_BOUND:
        found = yield from rules.listed(EXACT_LIMIT)
        if found is not None:
            if not found:
                raise NoCodeFitsError("no code fits all the feedback so far")
            return found, True
    return (yield from rules.sample(rng, SAMPLE)), False


@cache
def all_codes(space: CodeSpace) -> tuple[Digits, ...]:
    """Every code of a small space, listed once per config."""
    return tuple(space.all_digits())


def random_code(space: CodeSpace, rng: random.Random) -> Digits:
    if space.allow_duplicates:
        return tuple(rng.randrange(space.colours) for _ in range(space.pegs))
    return tuple(rng.sample(range(space.colours), space.pegs))


@cache
def opening(space: CodeSpace) -> Digits:
    """The first guess: by symmetry only the pattern of repeats matters (AABB, AABC, ABCD, ...),
    so each pattern is scored against a fixed sample of codes (all of them in a small space)."""
    patterns = [
        tuple(colour for colour, size in enumerate(sizes) for _ in range(size))
        for sizes in partitions(space.pegs, space.colours if space.allow_duplicates else space.pegs)
        if space.allow_duplicates or max(sizes) == 1
    ]
    if space.size <= SMALL_SPACE:
        targets = list(all_codes(space))
    else:
        rng = random.Random(space.size)
        targets = [random_code(space, rng) for _ in range(TARGETS * 4)]
    return finish(best_guess(space, patterns, targets, frozenset()))


def partitions(total: int, most_parts: int, largest: int | None = None) -> list[tuple[int, ...]]:
    """The ways to write `total` as at most `most_parts` sizes, largest first.

    >>> partitions(4, 3)
    [(4,), (3, 1), (2, 2), (2, 1, 1)]
    """
    largest = total if largest is None else largest
    if total == 0:
        return [()]
    if most_parts == 0:
        return []
    return [
        (first, *rest)
        for first in range(min(total, largest), 0, -1)
        for rest in partitions(total - first, most_parts - 1, first)
    ]
