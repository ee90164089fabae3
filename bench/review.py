"""A finished game's whole review (skill and luck per guess, :mod:`mastermind.solver.skill`): how
long it takes, and the longest stretch it keeps the page busy, in CPython or (``--browser``) in
the site's Pyodide in Chromium.

Each game has a secret drawn from a seeded generator; the player's first two guesses are random
codes, the rest random codes that fit every feedback so far (as a careful person plays), until
the code is broken or the guesses run out. The review is stepped as the page steps it
(``mastermind.page.engine.review_work``: 10 ms slices around HAL9000's own 20 ms ones): "slice
max" is the longest the thread stays busy before handing back; "cpu p95" and "cpu max" are the same in processor time, which a machine busy
with other work does not inflate (in Pyodide the processor clock is the wall clock). "figured" is
the share of guesses with figures (a large game's first guesses have too many codes possible).

    .venv/bin/python bench/review.py                                  # CPython, 100 games per shape
    make site && .venv/bin/python bench/review.py --browser --games 100
    make site && .venv/bin/python bench/review.py --worker --games 100

``--worker`` asks as the page does: each game's review request
(``mastermind.page.engine.review_request``) is posted to the built site's engine worker
(``static/engine-worker.mjs``) from a blank page once the previous answer came, and timed from
the post to the answer: the time a player waits after pressing Review. "first" is the first
game's, the worker's start (and a larger game's data file) included, left out of the rest;
"page max" is the longest main-thread task meanwhile (0 when none reached 50 ms).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mastermind import Code, Config

SHAPES = {"4x6": (4, 6, True), "4x6-norepeat": (4, 6, False), "5x8": (5, 8, True), "6x10": (6, 10, True)}
HEADER = (f"{'shape':13} {'games':>5} {'p50':>7} {'p95':>7} {'max':>7} {'cpu p95':>7} {'slice max':>9} {'cpu max':>7} "
          f"{'guesses':>7} {'figured':>7}")


def games(shape: str, count: int, seed: int = 1) -> Iterator[tuple[Config, Code, list]]:
    """`count` seeded games of `shape`: the rules, the secret and the guesses with their feedback."""
    from mastermind import Config, feedback
    from mastermind.solver.clock import finish
    from mastermind.solver.constraints import Constraints
    from mastermind.solver.space import CodeSpace

    pegs, colours, repeats = SHAPES[shape]
    config = Config(pegs=pegs, colors=colours, allow_duplicates=repeats)
    space = CodeSpace.of(config)
    rng = random.Random(seed)
    for _ in range(count):
        secret = space.code(draw(rng, pegs, colours, repeats))
        history: list = []
        while len(history) < config.max_guesses and (not history or history[-1][0] != secret):
            if len(history) < 2:
                guess = space.code(draw(rng, pegs, colours, repeats))
            else:
                (fits,) = finish(Constraints(space, history).sample(rng, 1))
                guess = space.code(fits)
            history.append((guess, feedback(secret, guess)))
        yield config, secret, history


def measure(shape: str, count: int, seed: int = 1, cpu_clock=time.process_time) -> dict:
    """Times (ms) of the reviews of `count` seeded games of `shape`."""
    from mastermind.page.engine import review_work

    times, cpu_times, slices, cpu_slices, lengths, figured = [], [], [], [], [], []
    for config, secret, history in games(shape, count, seed):
        started = last = time.perf_counter()
        cpu_started = cpu_last = cpu_clock()
        longest = cpu_longest = 0.0
        work = review_work(config, secret, history)
        while True:
            try:
                next(work)
            except StopIteration as done:
                result = done.value
                break
            now, cpu = time.perf_counter(), cpu_clock()
            longest, last = max(longest, now - last), now
            cpu_longest, cpu_last = max(cpu_longest, cpu - cpu_last), cpu
        now, cpu = time.perf_counter(), cpu_clock()
        times.append((now - started) * 1000)
        cpu_times.append((cpu_clock() - cpu_started) * 1000)
        slices.append(max(longest, now - last) * 1000)
        cpu_slices.append(max(cpu_longest, cpu - cpu_last) * 1000)
        lengths.append(len(history))
        figured.append(result.figured / len(history))
    times.sort()
    cpu_times.sort()
    return {"shape": shape, "games": count, "p50": statistics.median(times), "p95": times[int(0.95 * (len(times) - 1))],
            "max": times[-1], "cpu p95": cpu_times[int(0.95 * (len(cpu_times) - 1))], "slice": max(slices), "cpu slice": max(cpu_slices),
            "guesses": statistics.mean(lengths), "figured": statistics.mean(figured)}


def draw(rng: random.Random, pegs: int, colours: int, repeats: bool) -> tuple[int, ...]:
    """A random code's digits."""
    if repeats:
        return tuple(rng.randrange(colours) for _ in range(pegs))
    return tuple(rng.sample(range(colours), pegs))


def row(result: dict) -> str:
    return (f"{result['shape']:13} {result['games']:5} {result['p50']:7.0f} {result['p95']:7.0f} {result['max']:7.0f} "
            f"{result['cpu p95']:7.0f} {result['slice']:9.1f} {result['cpu slice']:7.1f} {result['guesses']:7.2f} {result['figured']:7.0%}")


RUN = "import json, review_bench; json.dumps(review_bench.measure(SHAPE, GAMES))"


def browser(shapes: list[str], games: int) -> None:
    """The same measurements in the built site's Pyodide (bench/solve.py's scratch page)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import solve

    def run(page, version: str) -> None:
        print(f"{version}; whole reviews in milliseconds")
        print(HEADER)
        for shape in shapes:
            result = page.evaluate(
                "([code, shape, games]) => { const py = window.pyodide; py.globals.set('SHAPE', shape);"
                " py.globals.set('GAMES', games); return py.runPython(code); }",
                [RUN, shape, games],
            )
            print(row(json.loads(result)), flush=True)

    solve.in_pyodide("review_bench", Path(__file__), run)


def through_worker(shapes: list[str], count: int) -> None:
    """Each game's review as the page waits for it from the engine's worker (``--worker``)."""
    from mastermind.page.engine import review_request

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import solve

    def run(page: Any, chromium: Any) -> None:
        print(f"Chromium {chromium.version}, the site's engine worker; whole reviews in milliseconds, as the page waits")
        print(f"{'shape':13} {'games':>5} {'p50':>7} {'p95':>7} {'max':>7} {'>300 ms':>8} {'first':>7} {'page max':>8}")
        for shape in shapes:
            asked = [json.dumps(review_request(config, secret, history)) for config, secret, history in games(shape, count)]
            times, longest = page.evaluate(solve.ASK_WORKER, ["review", asked])
            first, rest = times[0], sorted(times[1:])
            print(f"{shape:13} {len(rest):5} {statistics.median(rest):7.0f} {rest[int(0.95 * (len(rest) - 1))]:7.0f} "
                  f"{rest[-1]:7.0f} {sum(t > 300 for t in rest):8} {first:7.0f} {longest:8.0f}", flush=True)

    solve.scratch_site("<!doctype html><title>review bench</title>", {}, ("static", "vendor", "data"), run)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shapes", nargs="+", choices=list(SHAPES), default=list(SHAPES))
    parser.add_argument("--games", type=int, default=100, help="games per shape (default 100)")
    parser.add_argument("--browser", action="store_true", help="run in the built site's Pyodide in Chromium")
    parser.add_argument("--worker", action="store_true", help="ask the built site's engine worker, as the page does")
    arguments = parser.parse_args()
    if arguments.worker:
        through_worker(arguments.shapes, arguments.games)
        return
    if arguments.browser:
        browser(arguments.shapes, arguments.games)
        return
    print(f"CPython {sys.version.split()[0]}; whole reviews in milliseconds")
    print(HEADER)
    for shape in arguments.shapes:
        print(row(measure(shape, arguments.games)), flush=True)


if __name__ == "__main__":
    main()
