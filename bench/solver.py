"""How well and how fast the computer players break codes, in CPython.

For each game shape, every secret (or a fixed, seeded sample where there are too many) is broken by
each computer player; the table gives the average and worst number of guesses, the median and the
95th-percentile time of a move, and how long the engine worked without handing control back (what
would freeze a page; see ``mastermind.solver.clock``): the 99th percentile over games of each game's
longest stretch, and the longest of all, which on a busy machine includes the times the process was
not running at all.

    python bench/solver.py                  # every shape, on a sample, a few minutes
    python bench/solver.py --sample 200     # at most 200 secrets per shape
    python bench/solver.py --shapes 5x8 --players HAL9000
    python bench/solver.py --all 5x8        # every 5x8 secret (5000 seeded ones for 6x9 and
                                            # 6x10), in parallel on every core, with the
                                            # distribution of the number of guesses

Timings are of this machine, and noisy: compare figures from one run.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mastermind import Code, Config, Feedback, feedback
from mastermind.solver import COMPUTER_PLAYERS, codebreaker

SHAPES = {
    "4x6": (Config(pegs=4, colors=6), 1296, None),
    "4x6-assist": (Config(pegs=4, colors=6), 1296, "RRRR"),
    "4x6-norepeat": (Config(pegs=4, colors=6, allow_duplicates=False), 360, None),
    "5x8": (Config(pegs=5, colors=8), 1000, None),
    "5x8-norepeat": (Config(pegs=5, colors=8, allow_duplicates=False), 1000, None),
    "6x9": (Config(pegs=6, colors=9), 200, None),
    "6x10": (Config(pegs=6, colors=10), 200, None),
    "6x10-norepeat": (Config(pegs=6, colors=10, allow_duplicates=False), 200, None),
}
"""Each shape: its config, how many secrets to try (all of them in the 4x6 games), and a person's
first guess or None. ``4x6-assist`` is the classic game after a person's own ``RRRR`` left HAL9000's
tree, as when Solo's assist gives a hint: its moves are searched, not looked up (the first guess
counts in the average)."""

EVERY = 5000
"""``--all``: every secret where there are at most :data:`LISTED`, else this many seeded ones."""
LISTED = 40_000


def secrets_of(config: Config, sample: int) -> tuple[list[Code], str]:
    """Every secret of `config` if it has at most `sample`, else a seeded sample of `sample`."""
    if config.size <= sample:
        return list(Code.all(config)), "all"
    rng = random.Random(2024)
    if config.size <= LISTED:
        return rng.sample(list(Code.all(config)), sample), "sample"
    return [Code.random(config, rng) for _ in range(sample)], "sample"


def break_code(player: str, config: Config, secret: Code, seed: int,
               opening: str | None = None) -> tuple[int, list[float], float]:
    """One game, after `opening` if given: the number of guesses, each move's time, and the
    longest stretch between two hand-backs of `think`."""
    breaker = codebreaker(player, config, random.Random(seed))
    history: list[tuple[Code | str, Feedback]] = [] if opening is None else [(Code(opening), feedback(secret, opening))]
    moves: list[float] = []
    longest = 0.0
    while not history or history[-1][1].black < config.pegs:
        thinking = breaker.think(history)
        start = last = time.perf_counter()
        while True:
            try:
                next(thinking)
            except StopIteration as done:
                guess = done.value
                break
            now = time.perf_counter()
            longest, last = max(longest, now - last), now
        end = time.perf_counter()
        longest = max(longest, end - last)
        moves.append(end - start)
        history.append((guess, feedback(secret, guess)))
    return len(history), moves, longest


def play_all(player: str, config: Config, secrets: list[Code], first: int,
             opening: str | None) -> tuple[list[int], list[float], list[float]]:
    """Break `secrets` (the one numbered `first` onwards): guesses, move times and longest
    stretches, game by game. Warms up first: tables are built once per config and process."""
    break_code(player, config, secrets[0], 0, opening)
    guesses: list[int] = []
    moves: list[float] = []
    stretches: list[float] = []
    for number, secret in enumerate(secrets, start=first):
        count, times, stretch = break_code(player, config, secret, number, opening)
        guesses.append(count)
        moves.extend(times)
        stretches.append(stretch)
    return guesses, moves, stretches


def measure(name: str, player: str, sample: int | None = None, jobs: int = 1) -> dict[str, Any]:
    """Play the secrets of shape `name` with `player`, in `jobs` processes; the figures of one
    row of the table."""
    config, default_sample, opening = SHAPES[name]
    secrets, kind = secrets_of(config, sample or default_sample)
    started = time.perf_counter()
    if jobs <= 1:
        guesses, moves, stretches = play_all(player, config, secrets, 0, opening)
    else:
        from concurrent.futures import ProcessPoolExecutor  # not in the browser: CPython only

        step = -(-len(secrets) // (4 * jobs))
        guesses, moves, stretches = [], [], []
        with ProcessPoolExecutor(jobs) as pool:
            chunks = [pool.submit(play_all, player, config, secrets[at:at + step], at, opening)
                      for at in range(0, len(secrets), step)]
            for chunk in chunks:
                more = chunk.result()
                guesses += more[0]
                moves += more[1]
                stretches += more[2]
    moves.sort()
    stretches.sort()
    return {
        "shape": name, "player": player, "secrets": f"{kind} {len(secrets)}",
        "average": statistics.mean(guesses), "worst": max(guesses),
        "distribution": dict(sorted(Counter(guesses).items())),
        "median_ms": statistics.median(moves) * 1e3, "p95_ms": moves[int(0.95 * (len(moves) - 1))] * 1e3,
        "slice_p99_ms": stretches[int(0.99 * (len(stretches) - 1))] * 1e3, "slice_ms": stretches[-1] * 1e3,
        "seconds": time.perf_counter() - started,
    }


HEADER = (f"{'shape':<13}{'player':<9}{'secrets':>12}{'average':>9}{'worst':>7}"
          f"{'median ms':>11}{'p95 ms':>9}{'slice p99':>11}{'slice max':>11}{'total s':>9}  guesses:games")


def row(result: dict[str, Any]) -> str:
    """One line of the table."""
    return (f"{result['shape']:<13}{result['player']:<9}{result['secrets']:>12}{result['average']:>9.3f}"
            f"{result['worst']:>7}{result['median_ms']:>11.2f}{result['p95_ms']:>9.1f}{result['slice_p99_ms']:>11.1f}"
            f"{result['slice_ms']:>11.1f}"
            f"{result['seconds']:>9.0f}  "
            + " ".join(f"{guesses}:{count}" for guesses, count in result["distribution"].items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shapes", nargs="+", choices=list(SHAPES), default=list(SHAPES))
    parser.add_argument("--players", nargs="+", choices=COMPUTER_PLAYERS, default=list(COMPUTER_PLAYERS))
    parser.add_argument("--sample", type=int, help="at most this many secrets per shape")
    parser.add_argument("--all", nargs="+", choices=list(SHAPES), metavar="SHAPE",
                        help=f"every secret of these shapes (at most {EVERY} seeded ones), on every core")
    parser.add_argument("--jobs", type=int, help="processes (default: 1, or every core with --all)")
    arguments = parser.parse_args()
    shapes = arguments.all or arguments.shapes
    jobs = arguments.jobs or ((os.cpu_count() or 1) if arguments.all else 1)
    print(f"CPython {sys.version.split()[0]}; {jobs} process(es); moves timed through think(), in milliseconds")
    print(HEADER)
    for name in shapes:
        size = SHAPES[name][0].size
        sample = (size if size <= LISTED else EVERY) if arguments.all else arguments.sample
        for player in arguments.players:
            print(row(measure(name, player, sample, jobs)), flush=True)


if __name__ == "__main__":
    main()
