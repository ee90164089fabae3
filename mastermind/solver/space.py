"""The code space of one configuration, as small integers a solver can score millions of times.

A code is a tuple of colour indices (palette order), its *digits*. Scoring two codes is the inner
loop of every strategy, so each code also gets a *key*: an integer whose bits are laid out so that
``(key_a & key_b).bit_count()`` is the whole feedback at once, in one C-level operation:

* the position part has one bit per (position, colour) and is repeated ``pegs + 1`` times, so the
  exact matches count ``pegs + 1`` times each;
* the colour part writes how often each colour occurs in unary (``count`` low bits of a
  ``pegs``-wide field), so the common bits of two codes are ``sum(min(count_a, count_b))``,
  the exact and inexact matches together.

The popcount is then ``(pegs + 1) * black + (black + white)``, which names the feedback uniquely:
its *index*. The key of the largest config (8 pegs, 10 colours) has 800 bits.

>>> space = CodeSpace.of(Config())
>>> a, b = space.digits(Code("RBYR")), space.digits(Code("BBRG"))
>>> space.feedback((space.key(a) & space.key(b)).bit_count())
Feedback(black=1, white=1)
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from math import factorial, prod

from ..code import Code
from ..config import Config
from ..feedback import Feedback
from .clock import Thinking, finish

Digits = tuple[int, ...]

KEYS_KEPT = 1 << 17
"""At most this many keys are remembered (a few megabytes)."""
TICK = 512
"""Multisets built between two "still working" ticks."""


@dataclass(frozen=True)
class Multiset:
    """The colours of a code without their order: ``counts[c]`` pegs of colour ``c``.

    `colour_key` is the colour part of a code key (shifted down), `arrangements` how many codes
    have exactly these colours.
    """

    counts: tuple[int, ...]
    colour_key: int
    arrangements: int


class CodeSpace:
    """Every code of one config (pegs, number of colours, repeats) in integer form.

    Build one with :meth:`of`, which caches it: the multisets are computed once per config.
    """

    def __init__(self, config: Config) -> None:
        self.config = config
        self.pegs = config.pegs
        self.colours = len(config.colors)
        self.allow_duplicates = config.allow_duplicates
        self.radix = self.pegs + 1
        self._position_bits = self.pegs * self.colours
        self._colour_shift = self.radix * self._position_bits
        self.win = self.radix * self.pegs + self.pegs
        """The feedback index of a win."""
        self._multisets: list[Multiset] | None = None
        self._keys: dict[Digits, int] = {}

    @staticmethod
    @cache
    def of(config: Config) -> CodeSpace:
        """The (cached) space of `config`."""
        return CodeSpace(config)

    @property
    def size(self) -> int:
        return self.config.size

    def digits(self, code: Code | str) -> Digits:
        """A code (or its letters) as colour indices; ValueError for a letter outside the palette."""
        letters = self.config.letters
        try:
            digits = tuple(letters.index(letter) for letter in str(code).upper())
        except ValueError:
            raise ValueError(f"{str(code)!r} has a colour outside the palette {letters}") from None
        if len(digits) != self.pegs:
            raise ValueError(f"{str(code)!r} has {len(digits)} pegs, the config {self.pegs}")
        return digits

    def code(self, digits: Sequence[int]) -> Code:
        letters = self.config.letters
        return Code("".join(letters[digit] for digit in digits))

    def allows(self, digits: Digits) -> bool:
        """Whether `digits` is a legal code of the config (repeats only where allowed)."""
        return len(digits) == self.pegs and (self.allow_duplicates or len(set(digits)) == self.pegs)

    def colour_key(self, counts: Sequence[int]) -> int:
        """The colour part of a key: `counts[c]` low bits of colour c's field."""
        key = 0
        for colour, count in enumerate(counts):
            key |= ((1 << count) - 1) << (colour * self.pegs)
        return key

    def counts(self, digits: Digits) -> tuple[int, ...]:
        tally = Counter(digits)
        return tuple(tally[colour] for colour in range(self.colours))

    def key(self, digits: Digits) -> int:
        """The scoring key of a code (see the module docstring), remembered for the next call:
        a search scores the same guesses again and again."""
        key = self._keys.get(digits)
        if key is None:
            if len(self._keys) >= KEYS_KEPT:
                self._keys.clear()
            key = self._keys[digits] = self._key(digits)
        return key

    def keys(self, codes: Sequence[Digits]) -> list[int]:
        """:meth:`key` of each of `codes`: those remembered looked up in one pass (in C), the
        rest worked out (a search asks the keys of thousands of codes a move)."""
        found = list(map(self._keys.get, codes))
        if None in found:
            return [self.key(code) if key is None else key for code, key in zip(codes, found, strict=True)]
        return found  # type: ignore[return-value]  # no None left in it

    def _key(self, digits: Digits) -> int:
        key, seen = 0, [0] * self.colours
        for position, colour in enumerate(digits):
            key |= self._position_keys[position][colour] | self._colour_bits[colour][seen[colour]]
            seen[colour] += 1
        return key

    @cached_property
    def _position_keys(self) -> list[list[int]]:
        """The position part of a key for one peg: its (position, colour) bit, repeated."""
        return [
            [sum(1 << (copy * self._position_bits + position * self.colours + colour) for copy in range(self.radix))
             for colour in range(self.colours)]
            for position in range(self.pegs)
        ]

    @cached_property
    def _colour_bits(self) -> list[list[int]]:
        """The colour-part bit of the k-th peg of a colour."""
        return [
            [1 << (self._colour_shift + colour * self.pegs + k) for k in range(self.pegs)]
            for colour in range(self.colours)
        ]

    def feedback(self, index: int) -> Feedback:
        black, total = divmod(index, self.radix)
        return Feedback(black, total - black)

    def score(self, secret: Digits, guess: Digits) -> int:
        """The feedback index of `guess` against `secret` (the slow, readable way; for tests)."""
        return (self.key(secret) & self.key(guess)).bit_count()

    def build_multisets(self) -> Thinking[list[Multiset]]:
        """Every colour multiset a code of this config can have (at most C(17, 8) = 24,310, for 8
        pegs and 10 colours), built once per config, handing back control while it is built."""
        if self._multisets is None:
            choose = itertools.combinations_with_replacement if self.allow_duplicates else itertools.combinations
            found = []
            for number, colours in enumerate(choose(range(self.colours), self.pegs)):
                if number % TICK == 0:
                    yield None
                counts = self.counts(colours)
                ways = factorial(self.pegs) // prod(factorial(count) for count in counts)
                found.append(Multiset(counts, self.colour_key(counts), ways))
            self._multisets = found
        return self._multisets

    @property
    def multisets(self) -> list[Multiset]:
        """:meth:`build_multisets`, all at once."""
        return finish(self.build_multisets())

    def all_digits(self) -> Iterator[Digits]:
        """Every code, in palette order: only for spaces small enough to list (the 4x6 family)."""
        if self.allow_duplicates:
            return itertools.product(range(self.colours), repeat=self.pegs)
        return itertools.permutations(range(self.colours), self.pegs)

