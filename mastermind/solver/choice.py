"""Choosing a guess by how it splits the codes still possible.

Each guess splits the possible codes into parts, one per feedback it could earn. A good guess
leaves small parts: this module scores a guess by the *expected size of the part left*, counting a
win as nothing left (so among equal splits a guess that may itself be the secret is preferred),
the one-step heuristic of Irving (1979) that plays the classic game in about 4.37 guesses on
average with a consistent-guess tie-break. On larger games the *entropy* of the split
(:func:`entropy_score`) plays better: it rewards many small parts over a few medium ones.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from math import fsum, log2

from .clock import Thinking
from .space import CodeSpace, Digits


def split_score(space: CodeSpace, guess: Digits, target_keys: Sequence[int]) -> int:
    """The sum of squared part sizes `guess` leaves among the codes with keys `target_keys`
    (a win counts 0): the expected part size times the number of targets.

    >>> from mastermind import Config
    >>> space = CodeSpace.of(Config(pegs=3, colors=3))
    >>> keys = [space.key(code) for code in space.all_digits()]
    >>> [split_score(space, guess, keys) for guess in [(0, 0, 0), (0, 0, 1), (0, 1, 2)]]
    [244, 118, 130]
    """
    parts = Counter(map(int.bit_count, map(space.key(guess).__and__, target_keys)))
    parts.pop(space.win, None)
    return sum(size * size for size in parts.values())


Score = Callable[[CodeSpace, Digits, Sequence[int]], float]
"""How a guess splits the codes with the given keys: lower is better."""


def entropy_score(space: CodeSpace, guess: Digits, target_keys: Sequence[int]) -> float:
    """``sum(n log2 n)`` over the parts `guess` leaves among the codes with keys `target_keys`:
    the number of targets times the bits still unknown after the guess, so the lowest score is
    the split that tells the most (a win leaves a part of one code, worth nothing).

    >>> from mastermind import Config
    >>> space = CodeSpace.of(Config(pegs=3, colors=3))
    >>> keys = [space.key(code) for code in space.all_digits()]
    >>> [round(entropy_score(space, guess, keys), 1) for guess in [(0, 0, 0), (0, 0, 1), (0, 1, 2)]]
    [82.5, 53.8, 58.0]
    """
    results = bytes(map(int.bit_count, map(space.key(guess).__and__, target_keys)))
    sizes = list(map(results.count, set(results)))  # a fifth faster than a Counter, the same sizes
    if len(sizes) == len(results):
        return 0.0  # every part a single code
    # Exactly rounded (`fsum`) and then to a millionth, so that two splits of the same sizes tie
    # whatever their order and wherever the engine runs: `sum` of floats changed in Python 3.12,
    # and the page's Pyodide may round a logarithm a last bit apart from CPython's.
    if len(results) < len(_SIZE_LOG_SIZE):
        return round(fsum(map(_SIZE_LOG_SIZE.__getitem__, sizes)), 6)
    return round(fsum(size * log2(size) for size in sizes), 6)


_SIZE_LOG_SIZE = [0.0] + [size * log2(size) for size in range(1, 4097)]
"""``n log2 n`` for the part sizes of up to 4,096 codes, looked up instead of computed."""


def ranked(space: CodeSpace, pool: Iterable[Digits], targets: Sequence[Digits],
           possible: set[Digits] | frozenset[Digits], score: Score = split_score) -> Thinking[list[Digits]]:
    """The guesses of `pool`, best first: lowest `score` over `targets`, then a guess in
    `possible` (it may win at once), then `pool`'s order. Yields after every guess scored."""
    keys = [space.key(code) for code in targets]
    ranks = []
    for number, guess in enumerate(pool):
        ranks.append((score(space, guess, keys), guess not in possible, number, guess))
        yield None
    if not ranks:
        raise ValueError("no guess to choose from")
    ranks.sort()
    return [guess for *_, guess in ranks]


def best_guess(space: CodeSpace, pool: Iterable[Digits], targets: Sequence[Digits],
               possible: set[Digits] | frozenset[Digits], score: Score = split_score) -> Thinking[Digits]:
    """The first of :func:`ranked`."""
    return (yield from ranked(space, pool, targets, possible, score))[0]
