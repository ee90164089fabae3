"""Compute the strategy trees HAL9000 ships with, into ``mastermind/data/``.

For each shape (4 pegs, 6 colours, with and without repeats) the branch-and-bound search of
:mod:`mastermind.solver.plan` looks for the strategy with the fewest guesses in total within the
guess limit, then every secret is played through the tree as a check before the file is written.

    python tools/make_strategy.py            # both trees, about a minute on one core
    python tools/make_strategy.py --check    # recompute and fail if the shipped files differ

Results: 4x6 with repeats, five guesses at most: 5626 guesses over 1296 secrets (4.341 on average,
the proven optimum under that limit); without repeats (searched
without a width, so optimal within six guesses): 1446 over 360 (4.017), five at most.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mastermind import Config  # noqa: E402
from mastermind.solver.clock import finish  # noqa: E402
from mastermind.solver.plan import Planner  # noqa: E402
from mastermind.solver.space import CodeSpace  # noqa: E402
from mastermind.solver.strategy import FORMAT, Strategy, data_name  # noqa: E402

DATA = ROOT / "mastermind" / "data"
SHAPES = (
    # (config, guess limit, search width)
    (Config(pegs=4, colors=6, allow_duplicates=True), 5, 30),
    (Config(pegs=4, colors=6, allow_duplicates=False), 6, None),
)


def make(config: Config, limit: int, width: int | None) -> dict:
    """The strategy file's content for `config`, checked by playing every secret through it."""
    space = CodeSpace.of(config)
    codes = list(space.all_digits())
    cost, tree = finish(Planner(space, codes, codes, width=width, symmetric=True).plan(limit))
    if tree is None:
        raise SystemExit(f"make_strategy: no strategy for {config} within {limit} guesses")
    data = {"format": FORMAT, "pegs": space.pegs, "colors": space.colours,
            "allow_duplicates": space.allow_duplicates, "total": cost, "worst": 0, "tree": tree}
    strategy = Strategy(data)
    total = worst = 0
    for secret in codes:
        history: list[tuple[tuple[int, ...], int, int]] = []
        while True:
            guess = strategy.move(history)
            if guess is None:
                raise SystemExit(f"make_strategy: the tree has no guess after {history}")
            black, white = space.feedback(space.score(secret, guess))
            history.append((guess, black, black + white))
            if guess == secret:
                break
        total, worst = total + len(history), max(worst, len(history))
    if total != cost or worst > limit:
        raise SystemExit(f"make_strategy: the tree plays {total} guesses (worst {worst}), the search said {cost}")
    data["worst"] = worst
    return data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if a shipped file differs from the computed one")
    arguments = parser.parse_args()
    DATA.mkdir(exist_ok=True)
    for config, limit, width in SHAPES:
        started = time.perf_counter()
        text = json.dumps(make(config, limit, width), separators=(",", ":")) + "\n"
        path = DATA / data_name(config.pegs, len(config.colors), config.allow_duplicates)
        data = json.loads(text)
        print(f"{path.name}: {data['total']} guesses over {config.size} secrets "
              f"({data['total'] / config.size:.4f} average, worst {data['worst']}), "
              f"{len(text)} bytes, {time.perf_counter() - started:.0f} s")
        if arguments.check:
            if not path.is_file() or path.read_text() != text:
                raise SystemExit(f"make_strategy: {path} differs from the computed tree")
        else:
            path.write_text(text)


if __name__ == "__main__":
    main()
