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

``--pace`` measures the wait after the last guess when the page asks for each guess's figures
as it is made (``mastermind.page.engine.ahead_request``: the engine's worker works them out
while the person thinks) and Review is pressed the moment the game ends. In CPython it is a
model in processor time: the work after guess k (its figures, and HAL9000's guess in the
position it left played out; after the last guess, the review) costs c_k, the worker works
through a backlog b_k = max(0, b_(k-1) - pace) + c_k, and the wait is the last b. Pace 0 (no
pause between guesses) is the worst case. With ``--worker`` the guesses are posted to the
built site's worker that many seconds apart, for real, and the wait timed in wall clock.

    .venv/bin/python bench/review.py --pace 0 5 20                        # the model, CPython
    make site && .venv/bin/python bench/review.py --worker --pace 5 --games 30

``--scorings`` counts the work the figures' definition sets, per game: the (guess, code)
scorings of HAL9000's rankings in the play-outs, the most after one guess, and the floor of one
scoring (its feedback alone, in C):

    .venv/bin/python bench/review.py --scorings --shapes 5x8 6x10 --games 4

``--against REF`` measures the package of git revision REF (``git archive``'d to a temporary
folder) beside this one, in one run on the same games: two processes, one per package, are
handed each game in turn, alternately, and time its work after each guess in processor time
(:func:`costs`); the reviews must be equal to the last digit. It prints both with their ratio,
the whole review (pace 0) and the waits at each ``--pace``:

    .venv/bin/python bench/review.py --against main --shapes 4x6 --games 100 --pace 0 2 5

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


def costs(config: Config, secret: Code, history: list, cpu_clock=time.process_time) -> list[float]:
    """The processor time (ms) of the engine's work after each guess of a game played at a
    person's pace: that guess's figures and the next position made ready, then, after the last
    guess, the review (:class:`mastermind.solver.skill.Figuring`, as the page's worker does it)."""
    from mastermind.solver.clock import finish
    from mastermind.solver.skill import Figuring, game_path

    figuring, spent = Figuring(config), []
    for made in range(1, len(history) + 1):
        started = cpu_clock()
        finish(figuring.extend(game_path(config, history[:made])))
        finish(figuring.ready() if made < len(history) else figuring.review())
        spent.append((cpu_clock() - started) * 1000)
    return spent


def wait(spent: list[float], pace_ms: float) -> float:
    """The wait after the last guess when the work after each guess costs `spent` (ms) and the
    guesses come `pace_ms` apart: the backlog the worker still has when the game ends."""
    backlog = 0.0
    for cost in spent:
        backlog = max(0.0, backlog - pace_ms) + cost
    return backlog


def paced_waits(shape: str, count: int, paces: list[float], seed: int = 1) -> dict:
    """The waits (ms) after the last guess of `count` seeded games of `shape`, for each pace (s)."""
    spent = [costs(config, secret, history) for config, secret, history in games(shape, count, seed)]
    waits = {pace: sorted(wait(game, pace * 1000) for game in spent) for pace in paces}
    biggest = sorted(max(game) for game in spent)
    return {"shape": shape, "games": count, "waits": waits, "step p95": biggest[int(0.95 * (count - 1))]}


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


PACED_WORKER = """async ([games, pace]) => {
  window.__worker = window.__worker || new Worker("static/engine-worker.mjs", {type: "module"});
  const worker = window.__worker, waiting = new Map(), times = [];
  worker.onmessage = (event) => {
    const resolve = waiting.get(event.data.id);
    if (resolve && event.data.progress === undefined) resolve(event.data);
  };
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  for (const [aheads, review] of games) {
    for (const [index, text] of aheads.entries()) {
      if (index > 0) await sleep(pace);
      window.__asked = (window.__asked || 0) + 1;
      worker.postMessage({id: window.__asked, kind: "review", text});
    }
    const id = (window.__asked = window.__asked + 1), started = performance.now();
    const data = await new Promise((resolve) => {
      waiting.set(id, resolve);
      worker.postMessage({id, kind: "review", text: review});
    });
    if (data.answer === undefined) throw new Error(JSON.stringify(data));
    times.push(performance.now() - started);
  }
  return times;
}"""


def paced_worker(shapes: list[str], count: int, pace: float, site: Path | None = None) -> None:
    """Each game played `pace` seconds a guess in the built site's worker, the review asked the
    moment it ends: the wait, as the page waits (``--worker --pace``)."""
    from mastermind.page.engine import ahead_request, lane, review_request

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import solve

    def run(page: Any, chromium: Any) -> None:
        print(f"Chromium {chromium.version}, the site's engine worker; a guess every {pace:g} s, then Review at once: "
              "the wait in milliseconds")
        print(f"{'shape':13} {'games':>5} {'p50':>7} {'p95':>7} {'max':>7} {'>300 ms':>8} {'first':>7}")
        for shape in shapes:
            played = []
            for config, secret, history in games(shape, count):
                review = review_request(config, secret, history)
                aheads = [ahead_request(config, history[:made]) for made in range(1, len(history) + 1)]
                assert {lane(review)} == {lane(ahead) for ahead in aheads}  # the review replaces the work ahead
                played.append([[json.dumps(ahead) for ahead in aheads], json.dumps(review)])
            times = page.evaluate(PACED_WORKER, [played, pace * 1000])
            first, rest = times[0], sorted(times[1:])
            print(f"{shape:13} {len(rest):5} {statistics.median(rest):7.0f} {rest[int(0.95 * (len(rest) - 1))]:7.0f} "
                  f"{rest[-1]:7.0f} {sum(t > 300 for t in rest):8} {first:7.0f}", flush=True)
            print("waits", json.dumps(rest), flush=True)

    solve.scratch_site("<!doctype html><title>review bench</title>", {}, ("static", "vendor", "data"), run, site=site)


def scorings(shape: str, count: int) -> None:
    """``--scorings``: the work the figures' definition sets, whatever the code that does it: per
    game, the (guess, code) scorings of every ranking HAL9000 makes in the play-outs (its pool
    times its targets), the most after one guess, and the processor time they took; then the
    floor, a scoring's feedback alone worked out in C."""
    import timeit

    from mastermind.solver import hal
    from mastermind.solver.clock import finish
    from mastermind.solver.skill import Figuring, game_path
    from mastermind.solver.space import CodeSpace

    done = [0]
    plain = hal.entropies

    def counted(space: Any, pool: Any, targets: Any) -> Any:
        done[0] += len(pool) * len(targets)
        return (yield from plain(space, pool, targets))

    hal.entropies = counted  # type: ignore[assignment]  # the same function, counted
    print(f"{'shape':13} {'guesses':>7} {'moves':>6} {'scorings':>11} {'most a guess':>12} {'cpu s':>6} {'ns a scoring':>12}")
    try:
        for config, secret, history in games(shape, count):
            figuring, steps, started = Figuring(config), [], time.process_time()
            done[0] = 0
            for made in range(1, len(history) + 1):
                before = done[0]
                finish(figuring.extend(game_path(config, history[:made], secret)))
                finish(figuring.ready() if made < len(history) else figuring.review())
                steps.append(done[0] - before)
            cpu = time.process_time() - started
            print(f"{shape:13} {len(history):7} {len(figuring.play._moves):6} {done[0]:11,} {max(steps):12,} {cpu:6.2f} "
                  f"{cpu / max(1, done[0]) * 1e9:12.0f}", flush=True)
    finally:
        hal.entropies = plain
    space = CodeSpace.of(config)
    rng = random.Random(1)
    keys = [space.key(draw(rng, space.pegs, space.colours, space.allow_duplicates)) for _ in range(600)]
    best = min(timeit.repeat(lambda: [bytes(map(int.bit_count, map(key.__and__, keys))) for key in keys[:300]],
                             number=1, repeat=5, timer=time.process_time))
    print(f"{shape:13} floor: {best / (300 * 600) * 1e9:.0f} ns a scoring, its feedback alone (in C)")


def serve() -> None:
    """``--serve``: read games as JSON lines (a review request), write each one's :func:`costs` and
    review as a JSON line: the child of ``--against``, run with one package or the other."""
    import mastermind
    from mastermind import Config, Feedback
    from mastermind.page.engine import review_data
    from mastermind.solver.clock import finish
    from mastermind.solver.skill import review

    print(json.dumps(str(Path(mastermind.__file__).parent)), flush=True)
    for line in sys.stdin:
        asked = json.loads(line)
        config = Config.from_dict(asked["config"])
        history = [(guess, Feedback(black, white)) for guess, black, white in asked["history"]]
        spent = costs(config, asked["secret"], history)
        print(json.dumps({"costs": spent, "review": review_data(finish(review(config, asked["secret"], history)))}), flush=True)


def against(ref: str, shapes: list[str], count: int, paces: list[float]) -> None:
    """This package against the one of git revision `ref`, alternately on the same games (``--against``)."""
    import subprocess
    import tempfile

    from mastermind.page.engine import review_request

    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as folder:
        archive = subprocess.run(["git", "-C", str(root), "archive", ref, "mastermind"], check=True, capture_output=True)
        subprocess.run(["tar", "-x", "-C", folder], input=archive.stdout, check=True)
        children = {}
        for name, path in ((ref, folder), ("this", str(root))):
            environment = {**__import__("os").environ, "PYTHONPATH": path}
            child = subprocess.Popen([sys.executable, __file__, "--serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, env=environment)
            assert child.stdin is not None and child.stdout is not None
            where = json.loads(child.stdout.readline())
            assert Path(where).resolve().parent == Path(path).resolve(), (name, where)
            children[name] = child
        print(f"CPython {sys.version.split()[0]}; {ref} against this package, alternately on the same games; "
              "processor time, ms: the whole review (pace 0) and the wait after the last guess at each pace")
        columns = [0.0, *(pace for pace in paces if pace)]
        print(f"{'shape':13} {'games':>5} {'package':>8} " + " ".join(f"{f'{pace:g} s p50':>9} {f'{pace:g} s p95':>9}" for pace in columns)
              + f" {'step p95':>8} {'step max':>8}")
        for shape in shapes:
            spent: dict[str, list[list[float]]] = {name: [] for name in children}
            for number, (config, secret, history) in enumerate(games(shape, count)):
                line = json.dumps(review_request(config, secret, history)) + "\n"
                answers = {}
                for name in (list(children) if number % 2 == 0 else list(children)[::-1]):
                    child = children[name]
                    assert child.stdin is not None and child.stdout is not None
                    child.stdin.write(line)
                    child.stdin.flush()
                    answers[name] = json.loads(child.stdout.readline())
                    spent[name].append(answers[name]["costs"])
                assert answers[ref]["review"] == answers["this"]["review"], f"{shape} game {number}: the reviews differ"
            for name, games_spent in spent.items():
                cells = []
                for pace in columns:
                    waits = sorted(wait(game, pace * 1000) for game in games_spent)
                    cells.append(f"{statistics.median(waits):9.1f} {waits[int(0.95 * (len(waits) - 1))]:9.1f}")
                steps = sorted(max(game) for game in games_spent)
                print(f"{shape:13} {count:5} {name:>8} " + " ".join(cells)
                      + f" {steps[int(0.95 * (len(steps) - 1))]:8.1f} {steps[-1]:8.1f}", flush=True)
        for child in children.values():
            assert child.stdin is not None
            child.stdin.close()
            child.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shapes", nargs="+", choices=list(SHAPES), default=list(SHAPES))
    parser.add_argument("--games", type=int, default=100, help="games per shape (default 100)")
    parser.add_argument("--browser", action="store_true", help="run in the built site's Pyodide in Chromium")
    parser.add_argument("--worker", action="store_true", help="ask the built site's engine worker, as the page does")
    parser.add_argument("--pace", type=float, nargs="+", metavar="SECONDS",
                        help="the wait after the last guess, the guesses this many seconds apart (with --worker: one pace)")
    parser.add_argument("--against", metavar="REF", help="also the package of git revision REF, alternately on the same games")
    parser.add_argument("--site", type=Path, help="with --worker --pace: another built site than _site (another revision's)")
    parser.add_argument("--scorings", action="store_true", help="count the scorings HAL9000's search makes per review")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.scorings:
        for shape in arguments.shapes:
            scorings(shape, arguments.games)
        return
    if arguments.serve:
        serve()
        return
    if arguments.against:
        against(arguments.against, arguments.shapes, arguments.games, arguments.pace or [0])
        return
    if arguments.worker and arguments.pace:
        paced_worker(arguments.shapes, arguments.games, arguments.pace[0], arguments.site)
        return
    if arguments.worker:
        through_worker(arguments.shapes, arguments.games)
        return
    if arguments.pace:
        print(f"CPython {sys.version.split()[0]}; the wait after the last guess, figures worked out as the game goes "
              "(processor time, ms; the model above)")
        print(f"{'shape':13} {'games':>5} " + " ".join(f"{f'{pace:g} s p50':>9} {f'{pace:g} s p95':>9}" for pace in arguments.pace)
              + f" {'step p95':>8}")
        for shape in arguments.shapes:
            result = paced_waits(shape, arguments.games, arguments.pace)
            cells = " ".join(f"{statistics.median(result['waits'][pace]):9.1f} "
                             f"{result['waits'][pace][int(0.95 * (result['games'] - 1))]:9.1f}" for pace in arguments.pace)
            print(f"{shape:13} {result['games']:5} {cells} {result['step p95']:8.1f}", flush=True)
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
