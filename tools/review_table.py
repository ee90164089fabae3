"""Compute the first-guess table of the review's skill figures into ``mastermind/data/``.

The skill of a first guess needs HAL9000 playing on against every code of the game after it
(about a second per guess in CPython, most of a review's time). The first position is the same
in every game, so for the classic family (4 pegs, 6 colours, with and without repeats) every
first guess is worked out once here: ``<shape>.review.json`` holds, for each guess and each
feedback it can get (but a win, in order of feedback index), the sum over the codes giving that
feedback of the guesses still needed, HAL9000 playing on (:meth:`mastermind.solver.skill.PlayOn.total`;
their sum is :meth:`~mastermind.solver.skill.PlayOn.after`). A review reads it instead of playing
the first guess out, and the part its feedback left (where the second guess starts) too.
``tests/test_skill.py`` checks drawn entries against a fresh computation. A shape without its
table plays its first guess out. (The 4x6 table takes about 15 minutes on two free cores, and
hours on a loaded machine.)

    python tools/review_table.py            # both shapes, about 20 minutes on two free cores
    python tools/review_table.py 4x6-norepeat  # 2 minutes
    python tools/review_table.py 4x6 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mastermind.config import Config
from mastermind.solver import finish
from mastermind.solver.skill import TABLE_FORMAT, PlayOn, table_name

DATA = Path(__file__).resolve().parent.parent / "mastermind" / "data"
SHAPES = {"4x6": Config(), "4x6-norepeat": Config(allow_duplicates=False)}


def totals(shape: str, start: int, stop: int) -> dict[str, list[int]]:
    """The totals after each feedback of the first guesses numbered `start` to `stop` (palette
    order) of `shape`."""
    config = SHAPES[shape]
    codes = list(PlayOn(config).space.all_digits())
    found: dict[str, list[int]] = {}
    since = time.perf_counter()
    for number, guess in enumerate(codes[start:stop], start=1):
        # A fresh memo per guess: no two first guesses share a position, and one memo for all
        # of them would hold millions.
        play = PlayOn(config)
        finish(play.load(table=False))
        parts = play.split(codes, guess)
        found["".join(map(str, guess))] = [finish(play.total(((guess, index),), parts[index]))
                                           for index in sorted(parts) if index != play.space.win]
        if number % 50 == 0:
            print(f"{shape} {start + number}/{stop} {time.perf_counter() - since:.0f}s", file=sys.stderr, flush=True)
    return found


def table(shape: str, jobs: int) -> dict[str, object]:
    """Every first guess's totals of the guesses still needed after each feedback, HAL9000 playing on."""
    config = SHAPES[shape]
    size = config.size
    bounds = [(shape, size * job // jobs, size * (job + 1) // jobs) for job in range(jobs)]
    with ProcessPoolExecutor(jobs) as pool:
        parts = list(pool.map(totals, *zip(*bounds, strict=True)))
    after = {guess: total for part in parts for guess, total in part.items()}
    return {"format": TABLE_FORMAT, "pegs": config.pegs, "colors": len(config.colors),
            "allow_duplicates": config.allow_duplicates, "after": after}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shapes", nargs="*", choices=sorted(SHAPES), default=sorted(SHAPES))
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    arguments = parser.parse_args()
    for shape in arguments.shapes:
        path = DATA / table_name(PlayOn(SHAPES[shape]).space)
        path.write_text(json.dumps(table(shape, arguments.jobs), separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"{path.name}: written", file=sys.stderr)


if __name__ == "__main__":
    main()
