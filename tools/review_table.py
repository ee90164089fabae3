"""Compute the first-guess table of the review's skill figures into ``mastermind/data/``.

The skill of a first guess needs HAL9000 playing on against every code of the game after it
(about a second per guess in CPython, most of a review's time). The first position is the same
in every game, so for the classic family (4 pegs, 6 colours, with and without repeats) every
first guess is worked out once here: ``4x6.review.json`` holds, for each guess, the sum over
every code of the guesses still needed after it, HAL9000 playing on
(:meth:`mastermind.solver.skill.PlayOn.after`). A review reads it instead of playing the first
guess out; ``tests/test_skill.py`` checks drawn entries against a fresh computation.

    python tools/review_table.py            # both shapes, about 25 minutes on one core
    python tools/review_table.py 4x6-norepeat
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mastermind.config import Config  # noqa: E402 (the repository's package, found above)
from mastermind.solver import finish  # noqa: E402
from mastermind.solver.skill import TABLE_FORMAT, PlayOn, table_name  # noqa: E402

DATA = Path(__file__).resolve().parent.parent / "mastermind" / "data"
SHAPES = {"4x6": Config(), "4x6-norepeat": Config(allow_duplicates=False)}


def table(config: Config) -> dict[str, object]:
    """Every first guess's total of the guesses still needed after it, HAL9000 playing on."""
    codes = list(PlayOn(config).space.all_digits())
    after: dict[str, int] = {}
    since = time.perf_counter()
    for number, guess in enumerate(codes, start=1):
        # A fresh memo per guess: no two first guesses share a position, and one memo for all
        # of them would hold millions.
        after["".join(map(str, guess))] = finish(PlayOn(config).after((), codes, guess))
        if number % 50 == 0:
            print(f"{number}/{len(codes)} {time.perf_counter() - since:.0f}s", file=sys.stderr, flush=True)
    return {"format": TABLE_FORMAT, "pegs": config.pegs, "colors": len(config.colors),
            "allow_duplicates": config.allow_duplicates, "after": after}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shapes", nargs="*", choices=sorted(SHAPES), default=sorted(SHAPES))
    for shape in parser.parse_args().shapes:
        config = SHAPES[shape]
        path = DATA / table_name(PlayOn(config).space)
        path.write_text(json.dumps(table(config), separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"{path.name}: written", file=sys.stderr)


if __name__ == "__main__":
    main()
