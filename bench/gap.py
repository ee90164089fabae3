"""How far plain entropy and the 6-peg books' look-ahead stand from the best possible play, on
games small enough for the best to be known.

After its full-evaluation moves a 6-peg book (``tools/deep_book.py``) chooses each move among
the `width` codes of highest entropy by the guesses plain entropy's whole subtree takes below
each, and the engine plans the end games of at most 60 codes (``hal.SEARCHES``). No one can
compute the optimum of 6x10's 10^6 codes, so how much of plain entropy's distance to it that
recipe closes is measured here, on games whose optimum is published:

* 4x6: 5,625 guesses over its 1,296 secrets (Koyama & Lai 1993);
* 4x7: 4.67638 guesses per game and 4x8: 4.99780 (exhaustive search: github.com/arfst23/Mastermind).

Every code is a candidate here (the books draw 2,000 beside the secrets): these games are small
enough to score them all exactly, through ``tools/entropy_tree.py``'s table (numpy: ``make
.venv/.tools``). Every secret is played; nothing is sampled but the engine's own seeded draws.

    python bench/gap.py 4x7 4x8 --widths 6 16 100    # about 6 minutes
    python bench/gap.py 6x4 --widths 6 16 --plan 20  # no published optimum: the planner's best
                                                     # (an upper bound of it; 6x4: 36 minutes)

"of the gap" is the share of plain entropy's distance to the best row (the optimum where it is
published, else the best found) that a row closes.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

from entropy_tree import Game  # tools/entropy_tree.py

from mastermind import Config
from mastermind.solver import hal
from mastermind.solver.clock import finish
from mastermind.solver.plan import Planner
from mastermind.solver.space import CodeSpace

OPTIMUM = {"4x6": 5625 / 1296, "4x7": 4.67638, "4x8": 4.99780}
"""The best average over every secret, where it is known (see the module's docstring)."""
SEARCH = hal.SEARCHES["6x10.json"]
"""The engine's search after the 6-peg books (its plan takes over at ``plan_limit`` codes)."""

Cost = Callable[[tuple[int, ...]], int]
"""The guesses a strategy takes to break every secret of a node (code indices, ascending)."""


class Gap:
    """The strategies of one game, each a :data:`Cost`, memoised per node."""

    def __init__(self, config: Config) -> None:
        self.config, self.space = config, CodeSpace.of(config)
        self.game = Game(self.space)
        self.entropy = cache(self._entropy)
        self.engine = cache(self._engine)

    def cost(self, node: tuple[int, ...], guess: int, below: Cost) -> int:
        """One guess for each secret of `node`, then `below` in every part that `guess` leaves."""
        secrets = np.array(node)
        row = self.game.row(guess, secrets)
        return len(node) + sum(below(tuple(secrets[row == result].tolist()))
                               for result in np.unique(row) if result != self.game.win)

    def ranked(self, node: tuple[int, ...]) -> np.ndarray:
        """Every code by entropy over `node`, highest first (a possible one first among equals)."""
        return np.argsort(self.game.all_scores(np.array(node))[0], kind="stable")

    def _entropy(self, node: tuple[int, ...]) -> int:
        """Plain entropy: the code of highest entropy among all, at every node."""
        return 1 if len(node) == 1 else self.cost(node, int(self.ranked(node)[0]), self.entropy)

    def _engine(self, node: tuple[int, ...], depth: int = 0) -> int:
        """HAL9000's own search, as it plays the nodes a book hands over."""
        if len(node) == 1:
            return 1
        codes = self.game.codes
        possible = [tuple(map(int, codes[index])) for index in node]
        left = self.config.max_guesses - depth
        guess = finish(hal.choose(self.space, possible, True, random.Random(str(node)), left, SEARCH))
        return self.cost(node, int(self.game.index(np.array([guess], dtype=np.uint8))[0]),
                         lambda part: self.engine(part, depth + 1))

    def looked_ahead(self, width: int) -> Cost:
        """Above the engine's plan: the best of the `width` highest-entropy codes by plain
        entropy's subtree below each (``deep_book.Deepener.choose``); the engine from there."""

        @cache
        def play(node: tuple[int, ...], depth: int = 0) -> int:
            if len(node) <= SEARCH.plan_limit:
                return self.engine(node, depth)
            guess = min(map(int, self.ranked(node)[:width]), key=lambda guess: self.cost(node, guess, self.entropy))
            return self.cost(node, guess, lambda part: play(part, depth + 1))

        return play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("shapes", nargs="+", metavar="PxC", help="pegs x colours, with repeats: 4x7 6x4 ...")
    parser.add_argument("--widths", nargs="+", type=int, default=[6, 16], help="the look-ahead's candidates")
    parser.add_argument("--plan", type=int, metavar="WIDTH",
                        help="also the planner over every code from the first move, this many guesses "
                             "tried per position (width 30 finds 4x6's optimum)")
    args = parser.parse_args()
    print(f"{'shape':<7}{'strategy':<22}{'average':>9}{'below entropy':>15}{'of the gap':>12}{'seconds':>9}")
    for name in args.shapes:
        pegs, colours = map(int, name.split("x"))
        gap = Gap(Config(pegs=pegs, colors=colours))
        everything = tuple(range(len(gap.game.codes)))
        rows: list[tuple[str, float, float | None]] = [("plain entropy", gap.entropy(everything) / len(everything), None)]
        for width in args.widths:
            started = time.perf_counter()
            average = gap.looked_ahead(width)(everything) / len(everything)
            rows.append((f"look-ahead, width {width}", average, time.perf_counter() - started))
        if args.plan:
            started = time.perf_counter()
            codes = list(gap.space.all_digits())
            total, _ = finish(Planner(gap.space, codes, codes, width=args.plan, symmetric=True).plan(hal.PLAN_DEPTH))
            rows.append((f"planner, width {args.plan}", total / len(codes), time.perf_counter() - started))
        if name in OPTIMUM:
            rows.append(("optimum (published)", OPTIMUM[name], None))
        plain, best = rows[0][1], min(average for _, average, _ in rows)
        for strategy, average, seconds in rows:
            share = f"{(plain - average) / (plain - best):.0%}" if best < plain else "-"
            print(f"{name:<7}{strategy:<22}{average:>9.5f}{(plain - average) / plain:>15.2%}{share:>12}"
                  f"{'' if seconds is None else f'{seconds:.0f}':>9}", flush=True)


if __name__ == "__main__":
    main()
