"""The Strategy lab's harness in CPython: the starter strategy, HAL9000 and VIKI scored on every
secret (mastermind.lab.score, as ``python -m mastermind --mode lab`` and the page run it), wall and
processor seconds per run and per game, and the mean and worst each gets.

Target (issue 40): HAL9000 through the harness on all 1,296 secrets of 4x6 in at most 5 s; the
starter's CPython time is the figure the page's worker is compared with (within 2.5x).

    .venv/bin/python bench/lab.py                 # 4x6 with and without repeats, 3 runs each
    .venv/bin/python bench/lab.py --runs 5 --shapes 4x6 5x8
"""

from __future__ import annotations

import argparse
import statistics
import time

from mastermind import Config, lab

SHAPES: dict[str, dict[str, object]] = {"4x6": {"pegs": 4, "colors": 6}, "5x8": {"pegs": 5, "colors": 8},
                                        "4x6-norepeat": {"pegs": 4, "colors": 6, "allow_duplicates": False}}


def players() -> dict[str, lab.Strategy]:
    return {"starter": lab.starter(), **{name: lab.computer(name) for name in ("HAL9000", "VIKI")}}


def measure(shape: str, name: str, runs: int) -> dict[str, float]:
    """The best of `runs` whole runs (wall and processor seconds) and the score, each run loading
    afresh so that no run reuses another's remembered codes."""
    rules = lab.Rules.of(Config(**SHAPES[shape]))  # type: ignore[arg-type]
    walls, cpus = [], []
    for _ in range(runs):
        lab._every.cache_clear()  # every run lists the codes again, as a fresh worker does
        lab._POSSIBLE.clear()
        strategy = players()[name]
        wall, cpu = time.perf_counter(), time.process_time()
        score = lab.score(strategy, rules)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return {"games": score.games, "mean": score.mean, "worst": score.worst, "wall": min(walls),
            "cpu": min(cpus), "median": statistics.median(walls)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--shapes", nargs="+", default=["4x6", "4x6-norepeat"], choices=SHAPES)
    args = parser.parse_args()
    print(f"{'shape':13} {'player':8} {'games':>6} {'mean':>6} {'worst':>5} {'best s':>7} {'median s':>8} "
          f"{'cpu s':>6} {'ms/game':>8}")
    for shape in args.shapes:
        for name in players():
            row = measure(shape, name, args.runs)
            print(f"{shape:13} {name:8} {row['games']:6.0f} {row['mean']:6.3f} {row['worst']:5.0f} {row['wall']:7.2f} "
                  f"{row['median']:8.2f} {row['cpu']:6.2f} {1000 * row['wall'] / row['games']:8.2f}")


if __name__ == "__main__":
    main()
