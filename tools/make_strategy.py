"""Compute the strategy trees and opening books HAL9000 ships with, into ``mastermind/data/``.

* 4 pegs, 6 colours, with and without repeats: the branch-and-bound search of
  :mod:`mastermind.solver.plan` finds the strategy with the fewest guesses in total within the
  guess limit (4x6: 5626 guesses over 1296 secrets, 4.341 on average, the proven optimum under
  five guesses; without repeats, searched without a width: 1446 over 360, 4.017).
* 5 pegs, 8 colours (with and without repeats): a whole tree. Its first guess is chosen by a
  *full evaluation*: every code is a candidate guess, scored exactly by the entropy of its split
  (:func:`mastermind.solver.choice.entropy_score`) over every secret still possible. Codes that a
  symmetry of the game so far (a permutation of positions and colours fixing every earlier guess)
  maps onto each other split alike, so one of each class is scored. The rest of the tree is
  grown by ``tools/entropy_tree.py`` over every code (numpy: ``make strategy`` installs it from
  ``requirements-tools.lock``): entropy, a look-ahead at guess 3 and an exact end game.
* 6x9, 6x10 and 6x10 without repeats: an opening book, the first two moves chosen the same way
  (where a class of guesses times the secrets is too much to score, every class is first scored
  against a seeded sample of the secrets, and the best few exactly), the third by HAL9000's own
  search on the exact lists, with four times the page's budget: the move the page would search
  for, looked up instead (a whole evaluation of every code at every third-move node played no
  better, see docs/engine.md). Below it, every node of more than 100 secrets (6x10: 200, to keep
  its file small; without repeats: 60) gets a move chosen by a look-ahead over whole subtrees
  (``tools/deep_book.py``, numpy); smaller nodes are left to the engine. The look-ahead also
  judges the third move: where one of its own candidates is judged cheaper than the searched
  move, that is played.

Every secret is then played through the tree as a check before the file is written.

    python tools/make_strategy.py                 # everything: 5x8 takes ~10 minutes on two free cores
    python tools/make_strategy.py 5x8 --jobs 2    # one shape
    python tools/make_strategy.py --check         # recompute and fail if a shipped file differs
    python tools/make_strategy.py 6x9 --deepen    # a book's first moves from the shipped file, the
                                                  # rest recomputed (the first three take an hour)

Why one module past 400 lines: each shape's recipe, the check that plays every secret through
the result, and the command line that picks among them; the numpy parts are ``tools/entropy_tree.py``
and ``tools/deep_book.py``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mastermind import Config
from mastermind.solver.choice import entropy_score
from mastermind.solver.clock import finish
from mastermind.solver.hal import Search, choose
from mastermind.solver.plan import Planner
from mastermind.solver.space import CodeSpace, Digits
from mastermind.solver.strategy import FORMAT, child, data_name

DATA = ROOT / "mastermind" / "data"

FULL = 40_000_000
"""Score every class of guesses exactly when classes times secrets is at most this; else ..."""
PREFILTER = 1_500
"""... score them against this many secrets first, ..."""
FINALISTS = 24
"""... and this many of the best exactly."""
GROWN = {"exact": 40, "pool": 30, "look": (3, 4), "width": 8}
"""``entropy_tree.Grower``'s settings for the 5-peg trees."""
BOOK_WORK = 1_000_000
"""The budget of the 6-peg books' searched moves: offline, four times the page's (HAL9000's
``WORK``)."""
DEEPENED = {"above": 100, "width": 6, "others": 200}
"""``deep_book.Deepener``'s settings for the 6-peg books."""


@dataclass(frozen=True)
class Shape:
    """One file to compute: the config, how it is searched, and the guess limit it must keep."""

    name: str
    config: Config
    limit: int
    width: int | None = None
    """Planner shapes (4x6): the search width; None for no width."""
    book: int = 0
    """Engine shapes: how many moves are chosen by full evaluation."""
    complete: bool = True
    """Whether the whole tree is shipped, or only the book."""
    searched: int = 0
    """Books: how many moves after those, chosen by HAL9000's own search (on exact lists, with
    a larger budget than the page's)."""
    grown: dict[str, Any] | None = None
    """Whole trees grown by ``entropy_tree.py``: its settings."""
    deepened: dict[str, Any] | None = None
    """Books grown past their searched moves by ``deep_book.py``: its settings."""


SHAPES = (
    Shape("4x6", Config(pegs=4, colors=6), 5, width=30),
    Shape("4x6-norepeat", Config(pegs=4, colors=6, allow_duplicates=False), 6),
    Shape("5x8", Config(pegs=5, colors=8), 7, grown=GROWN),
    Shape("5x8-norepeat", Config(pegs=5, colors=8, allow_duplicates=False), 7, grown=GROWN),
    Shape("6x9", Config(pegs=6, colors=9), 9, book=2, complete=False, searched=1,
          deepened=DEEPENED),
    # Nodes down to 100 secrets would make 6x10's book 157 KB gzipped: over the page's 150 KB.
    Shape("6x10", Config(pegs=6, colors=10), 9, book=2, complete=False, searched=1,
          deepened={**DEEPENED, "above": 200}),
    # Without repeats the file is small, so nodes down to 60 secrets (where the engine's end-game
    # plan takes over) get a look-ahead too, over 16 candidates: 0.0066 guesses per game fewer.
    Shape("6x10-norepeat", Config(pegs=6, colors=10, allow_duplicates=False), 9, book=2, complete=False, searched=1,
          deepened={**DEEPENED, "above": 60, "width": 16}),
)


def text(digits: Digits) -> str:
    return "".join(map(str, digits))


# Symmetry: one guess of each class that a symmetry of the game so far maps onto itself.


def stabiliser(pegs: int, guesses: Sequence[Digits]) -> list[tuple[tuple[int, ...], dict[int, int]]]:
    """The (position permutation, colour map on the guesses' colours) pairs that map every guess
    onto itself; colours no guess holds may be permuted freely on top of these."""
    group = []
    for positions in itertools.permutations(range(pegs)):
        colours: dict[int, int] = {}
        fixed = all(colours.setdefault(guess[positions[i]], guess[i]) == guess[i]
                    for guess in guesses for i in range(pegs))
        if fixed and len(set(colours.values())) == len(colours):
            group.append((positions, colours))
    return group


def normal(code: Sequence[int], used: frozenset[int], free: Sequence[int]) -> Digits:
    """`code` with the colours outside `used` renamed to `free`'s in order of first appearance."""
    names: dict[int, int] = {}
    for c in code:
        if c not in used and c not in names:
            names[c] = free[len(names)]
    return tuple(names.get(c, c) for c in code)


def guess_classes(space: CodeSpace, guesses: Sequence[Digits]) -> list[Digits]:
    """One code (the smallest) of each class of codes that the symmetries fixing `guesses` map
    onto each other: all of them split any set of secrets consistent with `guesses` alike."""
    used = frozenset(c for guess in guesses for c in guess)
    free = [c for c in range(space.colours) if c not in used]
    group = stabiliser(space.pegs, guesses)
    found = []

    def extend(prefix: list[int], fresh: int) -> None:
        if len(prefix) == space.pegs:
            code = tuple(prefix)
            if all(normal([colours.get(code[p], code[p]) for p in positions], used, free) >= code
                   for positions, colours in group):
                found.append(code)
            return
        choices = sorted(used) + free[: min(fresh + 1, len(free))]
        for colour in choices:
            if not space.allow_duplicates and colour in prefix:
                continue
            prefix.append(colour)
            extend(prefix, fresh + (fresh < len(free) and colour == free[fresh]))
            prefix.pop()

    extend([], 0)
    return found


def full_choice(space: CodeSpace, codes: Sequence[Digits], guesses: Sequence[Digits]) -> Digits:
    """The guess of lowest entropy score over `codes` among all codes (one per symmetry class),
    a possible code first among equals."""
    pool = guess_classes(space, guesses)
    keys = [space.key(code) for code in codes]
    possible = set(codes)
    if len(pool) * len(keys) > FULL:
        sample = random.Random(len(keys)).sample(keys, min(PREFILTER, len(keys)))
        pool = sorted(pool, key=lambda guess: (entropy_score(space, guess, sample), guess not in possible))
        pool = pool[:FINALISTS]
    return min(pool, key=lambda guess: (entropy_score(space, guess, keys), guess not in possible, guess))


# Trees.


def split(space: CodeSpace, codes: Sequence[Digits], guess: Digits) -> dict[str, list[Digits]]:
    """`codes` by the feedback `guess` earns against each (the win left out), feedback as text."""
    key = space.key(guess)
    parts: dict[str, list[Digits]] = {}
    for code in codes:
        index = (key & space.key(code)).bit_count()
        if index != space.win:
            black, white = space.feedback(index)
            parts.setdefault(f"{black}{white}", []).append(code)
    return dict(sorted(parts.items()))


def grow(space: CodeSpace, shape: Shape, codes: list[Digits], guesses: tuple[Digits, ...]) -> Any:
    """The book node for the secrets `codes`, after `guesses`."""
    if len(codes) == 1:
        return text(codes[0])
    depth = len(guesses)
    if depth < shape.book:
        guess = full_choice(space, codes, guesses)
    else:
        rng = random.Random(f"{shape.name}|{guesses}|{len(codes)}")
        guess = finish(choose(space, codes, True, rng, shape.limit - depth, Search(work=BOOK_WORK)))
    if depth + 1 == shape.book + shape.searched:
        return [text(guess), len(codes)]
    parts = split(space, codes, guess)
    children = {result: grow(space, shape, part, (*guesses, guess)) for result, part in parts.items()}
    return [text(guess), children]


def grow_branch(name: str, first: Digits, part: list[Digits]) -> Any:
    """One subtree under the first guess (a unit of work for a worker process)."""
    shape = next(shape for shape in SHAPES if shape.name == name)
    return grow(CodeSpace.of(shape.config), shape, part, (first,))


def tree_of(shape: Shape, jobs: int) -> Any:
    space = CodeSpace.of(shape.config)
    codes = list(space.all_digits())
    if shape.grown is not None:
        import entropy_tree  # numpy: only for these trees

        first = full_choice(space, codes, ())
        return entropy_tree.tree(space, first, shape.limit, jobs, **shape.grown)
    if shape.width is not None or not shape.book:
        _, tree = finish(Planner(space, codes, codes, width=shape.width, symmetric=True).plan(shape.limit))
        if tree is None:
            raise SystemExit(f"make_strategy: no strategy for {shape.name} within {shape.limit} guesses")
        return tree
    first = full_choice(space, codes, ())
    parts = split(space, codes, first)
    if shape.book == 1 and not shape.complete:
        return [text(first), len(codes)]
    with ProcessPoolExecutor(jobs) as pool:
        # Largest parts first, so the workers finish together.
        order = sorted(parts, key=lambda result: -len(parts[result]))
        futures = {result: pool.submit(grow_branch, shape.name, first, parts[result]) for result in order}
        children = {result: futures[result].result() for result in parts}
    return [text(first), children]


def deepen(space: CodeSpace, shape: Shape, book: Any, jobs: int) -> Any:
    """`book` grown below its last searched move (number ``book + searched``; what it holds
    below that is replaced, and the move itself where judged worse) by ``deep_book.py`` (numpy),
    the largest parts first, over `jobs` processes."""
    import deep_book  # numpy: only for these books
    from entropy_tree import forked

    kept = shape.book + shape.searched - 1  # the moves taken from `book` as they are (not the judged one)
    tasks: list[tuple[dict[str, Any], str, list[Digits], Digits | None]] = []

    def cut(node: Any, codes: list[Digits], depth: int) -> Any:
        if not isinstance(node, list):
            return node  # the one code left
        guess, children = node
        parts = split(space, codes, tuple(map(int, guess)))
        if depth + 1 < kept:
            return [guess, {result: cut(child(children, result), part, depth + 1) for result, part in parts.items()}]
        below: dict[str, Any] = {}
        for result, part in parts.items():
            searched = child(children, result)  # the move to judge, unless one code is left
            tasks.append((below, result, part, tuple(map(int, searched[0])) if isinstance(searched, list) else None))
        return [guess, below]

    tree = cut(book, list(space.all_digits()), 0)
    deep_book.start(space, **(shape.deepened or {}))
    tasks.sort(key=lambda task: -len(task[2]))
    with forked(jobs) as pool:
        for (below, result, *_), node in zip(tasks, pool.map(deep_book.grow, [task[2:] for task in tasks]), strict=True):
            below[result] = node
    # Feedbacks in order, as everywhere else in the trees.
    return json.loads(json.dumps(tree, sort_keys=True))


def baseline(shape: Shape, jobs: int) -> None:
    """Print how a plain entropy strategy does after the shipped book's first moves, those of the
    full evaluation (what HAL9000's search and the look-ahead choose after them, this plays by
    entropy alone, so neither can move the reference): the baseline docs/engine.md measures the
    books against, over every secret and over ``bench/solver.py --all``'s seeded ones."""
    import deep_book
    from entropy_tree import forked

    sys.path.insert(0, str(ROOT / "bench"))
    from solver import EVERY, secrets_of

    space = CodeSpace.of(shape.config)
    data = json.loads((DATA / data_name(space.pegs, space.colours, space.allow_duplicates)).read_text())
    lengths: dict[Digits, int] = {}
    tasks: list[tuple[list[Digits], int]] = []

    def follow(node: Any, codes: list[Digits], depth: int) -> None:
        if not isinstance(node, list):
            lengths[codes[0]] = depth + 1
            return
        guess = tuple(map(int, node[0]))
        if guess in codes:
            lengths[guess] = depth + 1
        for result, part in split(space, codes, guess).items():
            if depth + 1 < shape.book:
                follow(child(node[1], result), part, depth + 1)
            else:
                tasks.append((part, depth + 2))

    follow(data["tree"], list(space.all_digits()), 0)
    deep_book.start(space, **(shape.deepened or {}))
    codes = list(space.all_digits())
    with forked(jobs) as pool:
        for found in pool.map(deep_book.baseline, tasks):
            lengths.update((codes[index], length) for index, length in found.items())
    assert len(lengths) == len(codes)
    sample, _ = secrets_of(shape.config, EVERY)
    seeded = [lengths[space.digits(secret)] for secret in sample]
    print(f"{shape.name}: plain entropy after the book's first {shape.book} moves: "
          f"{sum(lengths.values()) / len(codes):.4f} over all {len(codes)} secrets, worst {max(lengths.values())}; "
          f"{sum(seeded) / len(seeded):.4f} over the {len(seeded)} seeded ones of bench/solver.py --all", flush=True)


def pack(node: Any, top: bool = True) -> Any:
    """The tree as shipped: leaves (one code left) as 0, each child of the first guess packed
    as JSON text (see :mod:`mastermind.solver.strategy`)."""
    if isinstance(node, str):
        return 0
    if isinstance(node, int):
        return node
    guess, children = node
    if not isinstance(children, dict):
        return node
    packed = {result: pack(below, top=False) for result, below in children.items()}
    if top:
        packed = {result: json.dumps(below, separators=(",", ":")) if isinstance(below, list) else below
                  for result, below in packed.items()}
    return [guess, packed]


def walk(space: CodeSpace, node: Any, codes: list[Digits], depth: int = 1) -> tuple[int, int, int]:
    """Play every secret of `codes` down `node` (at guess number `depth`): the total guesses and
    the worst game of the secrets it breaks, and how many it hands to the engine (a book)."""
    if node == 0 or isinstance(node, str):
        if len(codes) != 1 or (isinstance(node, str) and text(codes[0]) != node):
            raise SystemExit(f"make_strategy: a leaf at guess {depth} stands for {len(codes)} codes")
        return depth, depth, 0
    if isinstance(node, int):
        if node != len(codes):
            raise SystemExit(f"make_strategy: a book's hand-over says {node} secrets, {len(codes)} reach it")
        return 0, 0, len(codes)
    guess, children = node
    if isinstance(children, int):
        if children != len(codes):
            raise SystemExit(f"make_strategy: a book node says {children} secrets, {len(codes)} reach it")
        return 0, 0, len(codes)
    digits = tuple(map(int, guess))
    parts = split(space, codes, digits)
    if set(parts) != set(children):
        raise SystemExit(f"make_strategy: the feedbacks of {guess} differ from the tree's")
    wins = digits in codes
    total, worst, handed = depth * wins, depth * wins, 0
    for result, part in parts.items():
        more = walk(space, child(children, result), part, depth + 1)
        total, worst, handed = total + more[0], max(worst, more[1]), handed + more[2]
    return total, worst, handed


def make(shape: Shape, jobs: int, shipped: Any = None) -> dict[str, Any]:
    """The file's content for `shape`, checked by playing every secret through it; a book
    deepened from the `shipped` one's first moves when given."""
    space = CodeSpace.of(shape.config)
    tree = shipped if shipped is not None else tree_of(shape, jobs)
    if shape.deepened is not None:
        tree = deepen(space, shape, tree, jobs)
    if shape.grown is not None or shape.deepened is not None:
        tree = pack(tree)
    data = {"format": FORMAT, "pegs": space.pegs, "colors": space.colours,
            "allow_duplicates": space.allow_duplicates, "total": None, "worst": None, "tree": tree}
    total, worst, handed = walk(space, json.loads(json.dumps(tree)), list(space.all_digits()))
    if shape.complete:
        if handed or worst > shape.limit:
            raise SystemExit(f"make_strategy: {shape.name} plays {total} guesses, worst {worst}")
        data["total"], data["worst"] = total, worst
    return data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shapes", nargs="*", choices=[[]] + [shape.name for shape in SHAPES], default=[])
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--check", action="store_true", help="fail if a shipped file differs from the computed one")
    parser.add_argument("--baseline", action="store_true",
                        help="books: print the plain entropy baseline after their first moves, compute nothing")
    parser.add_argument("--deepen", action="store_true",
                        help="books: take the moves before the deepened ones from the shipped file")
    arguments = parser.parse_args()
    DATA.mkdir(exist_ok=True)
    for shape in SHAPES:
        if arguments.shapes and shape.name not in arguments.shapes:
            continue
        config = shape.config
        started = time.perf_counter()
        if arguments.baseline:
            if shape.deepened:
                baseline(shape, arguments.jobs)
            continue
        path = DATA / data_name(config.pegs, len(config.colors), config.allow_duplicates)
        shipped = json.loads(path.read_text())["tree"] if arguments.deepen and shape.deepened else None
        text_ = json.dumps(make(shape, arguments.jobs, shipped), separators=(",", ":")) + "\n"
        data = json.loads(text_)
        figures = (f"{data['total']} guesses over {config.size} secrets ({data['total'] / config.size:.4f} average, "
                   f"worst {data['worst']})" if data["total"] is not None else "opening book")
        print(f"{path.name}: {figures}, {len(text_)} bytes, {time.perf_counter() - started:.0f} s", flush=True)
        if arguments.check:
            if not path.is_file() or path.read_text() != text_:
                raise SystemExit(f"make_strategy: {path} differs from the computed tree")
        else:
            path.write_text(text_)


if __name__ == "__main__":
    main()
