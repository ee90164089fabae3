"""How well HAL9000 plays after an opening book, to a few thousandths of a guess, in CPython.

A 6-peg game follows its book (``mastermind/data/6x9.json``, ...) to a node where the book hands
over, then the engine searches. Whole games measure a change to the search or to the book with a
spread of about 0.8 guesses per game, so 5,000 of them still leave about 0.011 either way: more
than such changes are worth. This script measures instead, for each validation secret, the node
where the book hands it over, and plays the engine there against *every* code still possible (a
tree: one engine move per distinct history). ``k + total / n`` (k book moves, then `total` guesses
for the n codes of the node) is an unbiased estimate of the average game: a node is drawn with the
probability that a secret reaches it. Two settings on the same secrets differ far less than two
games do: paired, the standard error is about 0.0005 guesses per game with a few hundred secrets.

The secrets come from their own seed, not the bench's (``bench/solver.py`` draws with 2024), so
that what is tuned here is confirmed, not fitted, by the bench.

    python bench/nodes.py 6x9                                   # the shipped engine and book
    python bench/nodes.py 6x9 --against plan_limit=30 plan_width=3
                                            # paired: another search after the book (hal.Search)
    python bench/nodes.py 6x10 --against-book other/6x10.json  # paired: another book

A book that plays other moves sends a secret to other hand-overs, and the pairs then differ as
much as two games do: such a change is measured exactly instead, over every secret, playing only
the hand-overs that the two books do not share (the same history: the same node, played alike):

    python bench/nodes.py 6x9 --against-book other/6x9.json --every   # new third moves: ~35 min, 2 cores

Each line gives the estimate of the average game, and with ``--against`` the paired difference
(the other setting minus the shipped one: negative is better) with its standard error and the
number of secrets whose node played differently; ``slowest ms`` is the median and the 95th
percentile over secrets of the slowest engine move (CPU time, ``time.thread_time``).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

from make_strategy import split  # tools/make_strategy.py: how the books' tools split codes
from solver import SHAPES  # bench/solver.py, beside this file

from mastermind import Code, Config, Feedback, feedback
from mastermind.solver import codebreaker, hal, strategy
from mastermind.solver.breaker import Codebreaker
from mastermind.solver.constraints import Constraints
from mastermind.solver.space import CodeSpace, Digits

SEED = 777
"""The validation secrets' seed (the bench's is 2024)."""

Setting = tuple[dict[str, int], str | None]
"""What one side of a comparison changes: ``hal.Search`` fields and a book file (None: shipped)."""
SHIPPED = dict(hal.SEARCHES)


_used: list[Setting] = []
"""The setting this process plays with (none yet: the shipped one)."""


def use(config: Config, setting: Setting) -> None:
    """Make HAL9000 play `config`'s games with `setting` in this process."""
    if _used == [setting]:
        return
    _used[:] = [setting]
    fields, book = setting
    space = CodeSpace.of(config)
    name = strategy.data_name(space.pegs, space.colours, space.allow_duplicates)
    hal.SEARCHES[name] = dataclasses.replace(SHIPPED.get(name, hal.Search()), **fields)
    # The book is read once per process and kept by name: a benchmark swaps what was read.
    strategy._loaded.pop(name, None)
    if book is not None:
        strategy._loaded[name] = strategy.Strategy(json.loads(Path(book).read_text(encoding="utf-8")))


def label(setting: Setting) -> str:
    """How the output names a setting."""
    fields, book = setting
    text = " ".join(f"{field}={value}" for field, value in fields.items()) or "shipped"
    return text + (f" book={book}" if book else "")


def estimate(config: Config, secret: Code, seed: int) -> tuple[float, float]:
    """For one secret: ``k + total / n`` as in the module's docstring, and the slowest engine
    move's CPU time in seconds."""
    breaker = codebreaker("HAL9000", config, random.Random(seed))
    space = breaker.space
    book = strategy.Strategy.of(space)
    assert book is not None and not book.complete, "a shape with an opening book"
    history: list = []
    trail: list = []
    while (planned := book.move(trail)) is not None:
        guess = space.code(planned)
        result = feedback(secret, guess)
        history.append((guess, result))
        if result.black == config.pegs:
            return len(history), 0.0
        trail.append((planned, result.black, result.black + result.white))
    codes = [space.code(digits) for digits in Constraints(space, history).codes()]
    total, slowest = played(breaker, history, codes)
    return len(history) + total / len(codes), slowest


def played(breaker: Codebreaker, history: list, codes: list[Code]) -> tuple[int, float]:
    """The guesses `breaker` takes to break every one of `codes` after `history` (a tree: one
    move per distinct history), and its slowest move's CPU time in seconds."""
    if len(codes) == 1:
        return 1, 0.0
    started = time.thread_time()
    guess = breaker.next_guess(history)
    slowest = time.thread_time() - started
    parts: dict[Feedback, list[Code]] = {}
    for code in codes:
        result = feedback(code, guess)
        if result.black != breaker.config.pegs:
            parts.setdefault(result, []).append(code)
    total = len(codes)
    for result, part in parts.items():
        more, slow = played(breaker, [*history, (guess, result)], part)
        total, slowest = total + more, max(slowest, slow)
    return total, slowest


def run(name: str, settings: list[Setting], numbers: list[int]) -> list[list[tuple[float, float]]]:
    """The estimates of the secrets numbered `numbers`, under each of `settings` (a worker's unit)."""
    config = SHAPES[name][0]
    rng = random.Random(SEED)
    secrets = [Code.random(config, rng) for _ in range(max(numbers) + 1)]
    found = []
    for setting in settings:
        use(config, setting)
        found.append([estimate(config, secrets[number], number) for number in numbers])
    return found


Handover = tuple[str, list[tuple[Code, Feedback]], list[Code]]
"""A node where a book hands over to the engine: its history as text, the history, its codes."""


def handovers(space: CodeSpace, book: strategy.Strategy) -> tuple[int, dict[str, Handover]]:
    """Every secret of `space` through `book`: the guesses of the games the book wins itself, and
    the nodes where it hands over, by history (the same history in two books is the same node)."""
    won = 0
    found: dict[str, Handover] = {}

    def walk(node: strategy.Node | None, codes: list[Digits], history: list[tuple[Code, Feedback]]) -> None:
        nonlocal won
        if isinstance(node, str) or node == 0:
            won += len(history) + 1  # the one code left: the book names it, or the engine at once
            return
        if not isinstance(node, list):
            text = str([(str(guess), tuple(result)) for guess, result in history])
            found[text] = (text, history, [space.code(code) for code in codes])
            return
        guess, children = tuple(int(digit) for digit in node[0]), node[1]
        parts = split(space, codes, guess)
        won += len(history) + 1 if guess in codes else 0  # the guess was the secret
        for text, part in parts.items():
            below = strategy.child(children, text) if isinstance(children, dict) else None
            walk(below, part, [*history, (space.code(guess), Feedback(int(text[0]), int(text[1])))])

    walk(book.tree, list(space.all_digits()), [])
    return won, found


def play_handover(name: str, setting: Setting, node: Handover) -> int:
    """The guesses of every game through hand-over `node`, from the first (a worker's unit)."""
    config = SHAPES[name][0]
    use(config, setting)
    text, history, codes = node
    return len(history) * len(codes) + played(codebreaker("HAL9000", config, random.Random(text)), history, codes)[0]


def every(name: str, settings: list[Setting], jobs: int) -> None:
    """Print each setting's average over every secret of shape `name`: the hand-overs that two
    settings share are played once (the same history, the same seed, the same moves)."""
    config = SHAPES[name][0]
    space = CodeSpace.of(config)
    sides = []
    for setting in settings:
        use(config, setting)
        book = strategy.Strategy.of(space)
        assert book is not None, f"{name} has no book"
        sides.append(handovers(space, book))
    shared = set.intersection(*(set(found) for _, found in sides)) if settings[1:] and not settings[1][0] else set()
    nodes = sorted({text: node for _, found in sides for text, node in found.items() if text not in shared}.items(),
                   key=lambda item: -len(item[1][2]))
    started = time.perf_counter()
    totals: dict[tuple[int, str], int] = {}
    with ProcessPoolExecutor(jobs) as pool:
        for number, (_, found) in enumerate(sides):
            mine = [node for text, node in nodes if text in found]
            for node, total in zip(mine, pool.map(play_handover, [name] * len(mine), [settings[number]] * len(mine), mine), strict=True):
                totals[number, node[0]] = total
    print(f"{name}: every one of its {space.size} secrets, {len(nodes)} hand-over(s) played "
          f"({len(shared)} shared ones left out), {time.perf_counter() - started:.0f} s on {jobs} process(es)")
    results = []
    for number, (setting, (won, found)) in enumerate(zip(settings, sides, strict=True)):
        total = won + sum(totals[number, text] for text in found if text not in shared)
        results.append(total)
        print(f"  {label(setting):<40} "
              + (f"{total} guesses (the book's own wins, the hand-overs not shared)" if shared else f"average {total / space.size:.5f}"))
    if len(results) == 2:
        print(f"  difference {results[1] - results[0]:+d} guesses, {(results[1] - results[0]) / space.size:+.5f} per game")


def main() -> None:
    booked = [name for name, (config, _, opening) in SHAPES.items()
              if opening is None and (book := strategy.Strategy.of(CodeSpace.of(config))) and not book.complete]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shape", choices=booked)
    parser.add_argument("--samples", type=int, default=400, help="validation secrets (default 400)")
    parser.add_argument("--against", nargs="+", default=[], metavar="FIELD=VALUE",
                        help="hal.Search fields of the setting compared with the shipped one")
    parser.add_argument("--against-book", metavar="FILE", help="a book file compared with the shipped one")
    parser.add_argument("--every", action="store_true",
                        help="play every secret instead of a sample (of two books, only where they differ)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    arguments = parser.parse_args()
    if arguments.samples < 2:
        parser.error("--samples: at least 2, for a standard error")
    known = {field.name for field in dataclasses.fields(hal.Search)}
    fields: dict[str, int] = {}
    for item in arguments.against:
        field, _, value = item.partition("=")
        if field not in known or not value.isdigit():
            parser.error(f"--against {item}: expected FIELD=NUMBER, FIELD one of {', '.join(sorted(known))}")
        fields[field] = int(value)
    settings: list[Setting] = [({}, None)]
    if fields or arguments.against_book:
        settings.append((fields, arguments.against_book))
    if arguments.every:
        every(arguments.shape, settings, arguments.jobs)
        return
    numbers = list(range(arguments.samples))
    chunks = [numbers[start::4 * arguments.jobs] for start in range(min(4 * arguments.jobs, len(numbers)))]
    results: list[list[tuple[float, float]]] = [[] for _ in settings]
    started = time.perf_counter()
    with ProcessPoolExecutor(arguments.jobs) as pool:
        for found in pool.map(run, [arguments.shape] * len(chunks), [settings] * len(chunks), chunks):
            for side, values in zip(results, found, strict=True):
                side.extend(values)
    print(f"{arguments.shape}: {arguments.samples} validation secrets (seed {SEED}), "
          f"{time.perf_counter() - started:.0f} s on {arguments.jobs} process(es)")
    for setting, side in zip(settings, results, strict=True):
        slowest = [value[1] * 1e3 for value in side]
        print(f"  {label(setting):<40} average {statistics.fmean(v[0] for v in side):.4f}"
              f"   slowest ms: median {statistics.median(slowest):.1f}, p95 {statistics.quantiles(slowest, n=20, method='inclusive')[-1]:.1f}")
    if len(results) == 2:
        differences = [other[0] - shipped[0] for shipped, other in zip(*results, strict=True)]
        print(f"  difference {statistics.fmean(differences):+.4f} +- {statistics.stdev(differences) / len(differences) ** 0.5:.4f}"
              f" (standard error); {sum(difference != 0 for difference in differences)} secrets played differently")


if __name__ == "__main__":
    main()
