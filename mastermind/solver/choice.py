"""Choosing a guess by how it splits the codes still possible.

Each guess splits the possible codes into parts, one per feedback it could earn. A good guess
leaves small parts: this module scores a guess by the *expected size of the part left*, counting a
win as nothing left (so among equal splits a guess that may itself be the secret is preferred),
the one-step heuristic of Irving (1979) that plays the classic game in about 4.37 guesses on
average with a consistent-guess tie-break. On larger games the *entropy* of the split
(:func:`entropy_score`) plays better: it rewards many small parts over a few medium ones.

HAL9000 ranks a pool of up to a few thousand guesses by entropy at every move it searches, so
:func:`entropies` scores a whole pool at once: it counts each part's size for every guess of
the pool together, in big integers with a byte per guess, and leaves Python one sum per guess
(a third to a half less time than scoring the guesses one by one, the same scores to the bit).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from itertools import repeat
from math import fsum, log2
from operator import add

from .clock import Thinking
from .space import CodeSpace, Digits

SCORE_WORK = 4_096
"""The scorers yield a "still working" tick after about this many (guess, target) scorings: a
fraction of a millisecond (one tick per guess, as before, cost a tenth of a review's time)."""
LANE = 255
"""Targets whose parts :func:`entropies` counts in one byte per guess (a byte holds 255)."""


def feedbacks(space: CodeSpace, guess: Digits, target_keys: Sequence[int]) -> bytes:
    """The feedback index `guess` gets against each code of keys `target_keys`, in their order."""
    return bytes(map(int.bit_count, map(space.key(guess).__and__, target_keys)))


def split_score(space: CodeSpace, guess: Digits, target_keys: Sequence[int]) -> int:
    """The sum of squared part sizes `guess` leaves among the codes with keys `target_keys`
    (a win counts 0): the expected part size times the number of targets.

    >>> from mastermind import Config
    >>> space = CodeSpace.of(Config(pegs=3, colors=3))
    >>> keys = [space.key(code) for code in space.all_digits()]
    >>> [split_score(space, guess, keys) for guess in [(0, 0, 0), (0, 0, 1), (0, 1, 2)]]
    [244, 118, 130]
    """
    results = feedbacks(space, guess, target_keys)
    return sum(results.count(index) ** 2 for index in set(results) if index != space.win)


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
    results = feedbacks(space, guess, target_keys)
    return _entropy(list(map(_n_log_n(len(results)), map(results.count, set(results)))))


def _entropy(terms: Iterable[float]) -> float:
    # Exactly rounded (`fsum`) and then to a millionth, so that two splits of the same sizes tie
    # whatever their order and wherever the engine runs: `sum` of floats changed in Python 3.12,
    # and the page's Pyodide may round a logarithm a last bit apart from CPython's. Parts of
    # size 0 or 1 add exact zeros, which change no exactly rounded sum.
    return round(fsum(terms), 6)


_SIZE_LOG_SIZE = [0.0] + [size * log2(size) for size in range(1, 4097)]
"""``n log2 n`` for the part sizes of up to 4,096 codes, looked up instead of computed."""


def _n_log_n(largest: int) -> Callable[[int], float]:
    """``n log2 n`` (0 for 0) for part sizes up to `largest`: looked up where the table reaches."""
    if largest < len(_SIZE_LOG_SIZE):
        return _SIZE_LOG_SIZE.__getitem__
    return lambda size: size * log2(size) if size else 0.0


Scores = Callable[[CodeSpace, Sequence[Digits], Sequence[Digits]], Thinking[list[float]]]
"""The scores of each guess of a pool over some targets, in the pool's order: lower is better."""


def splits(space: CodeSpace, pool: Sequence[Digits], targets: Sequence[Digits]) -> Thinking[list[float]]:
    """:func:`split_score` of each guess of `pool` over `targets`."""
    keys = [space.key(code) for code in targets]
    every = max(1, SCORE_WORK // max(1, len(keys)))
    scores: list[float] = []
    for start in range(0, len(pool), every):
        scores += (split_score(space, guess, keys) for guess in pool[start:start + every])
        yield None
    return scores


def entropies(space: CodeSpace, pool: Sequence[Digits], targets: Sequence[Digits]) -> Thinking[list[float]]:
    """:func:`entropy_score` of each guess of `pool` over `targets`, to the bit, worked out for
    the whole pool at once.

    For each target, the feedback of every guess of the pool against it is a byte string (one
    byte per guess, in C). Translated to 1 where the byte is one feedback and 0 elsewhere and
    read as one integer, it counts, per byte, whether that guess got that feedback; the strings
    of up to :data:`LANE` targets, end to end, added half onto half until one string's width is
    left, count how many targets give each guess that feedback: the size of that part, for
    every guess at once. Python then adds ``n log2 n`` over a guess's parts (one `fsum` each)."""
    if not targets:
        return [0.0] * len(pool)
    keys = space.keys(pool)
    width, key, bit_count = len(keys), space.key, int.bit_count
    every = max(1, SCORE_WORK // max(1, width))
    lanes: list[bytes] = []
    """Each chunk of up to LANE targets: the feedback of every guess against each, end to end."""
    for start in range(0, len(targets), LANE):
        rows = []
        for number, target in enumerate(targets[start:start + LANE], 1):
            rows.append(bytes(map(bit_count, map(key(target).__and__, keys))))
            if number % every == 0:
                yield None
        lanes.append(b"".join(rows))
    n_log_n = _n_log_n(len(targets))
    terms = []
    for index in set().union(*map(set, lanes)):
        sizes: Sequence[int] = b""
        for chunk in lanes:
            counted = _fold(int.from_bytes(chunk.translate(_only(index)), "little"), len(chunk) // width, width * 8)
            part = counted.to_bytes(width, "little")
            sizes = list(map(add, sizes, part)) if sizes else part
        terms.append(list(map(n_log_n, sizes)))
        yield None
    return list(map(round, map(fsum, zip(*terms, strict=True)), repeat(6)))


def _fold(number: int, segments: int, bits: int) -> int:
    """`number`'s `segments` fields of `bits` bits each, added together (no field overflows)."""
    while segments > 1:
        half = (segments + 1) // 2
        shift = half * bits
        number = (number & ((1 << shift) - 1)) + (number >> shift)
        segments = half
    return number


@cache
def _only(index: int) -> bytes:
    """The translation table that keeps byte `index` as 1 and turns every other byte into 0."""
    return bytes(byte == index for byte in range(256))


def order(pool: Sequence[Digits], scores: Sequence[float], possible: set[Digits] | frozenset[Digits]) -> list[Digits]:
    """The guesses of `pool` best first by their `scores`: lowest score, then a guess in
    `possible` (it may win at once), then `pool`'s order. Two stable sorts of positions (members
    first, then by score) give that order without a tuple per guess."""
    if not pool:
        raise ValueError("no guess to choose from")
    member = list(map(possible.__contains__, pool))
    places = sorted(range(len(pool)), key=member.__getitem__, reverse=True)  # reversed, still stable
    places.sort(key=scores.__getitem__)
    return list(map(pool.__getitem__, places))


def ranked(space: CodeSpace, pool: Iterable[Digits], targets: Sequence[Digits],
           possible: set[Digits] | frozenset[Digits], scores: Scores = splits) -> Thinking[list[Digits]]:
    """The guesses of `pool` (all different), best first by `scores` over `targets` (:func:`order`)."""
    pool = list(pool)
    return order(pool, (yield from scores(space, pool, targets)), possible)


def best_guess(space: CodeSpace, pool: Iterable[Digits], targets: Sequence[Digits],
               possible: set[Digits] | frozenset[Digits], scores: Scores = splits) -> Thinking[Digits]:
    """The first of :func:`ranked`."""
    return (yield from ranked(space, pool, targets, possible, scores))[0]
