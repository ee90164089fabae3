"""Solve mode's answer per row (count, list, suggestion): how long it takes, and the longest
stretch it keeps the page busy, in CPython or (``--browser``) in the site's Pyodide in Chromium.

Each game has a secret drawn at random; the person's first two guesses are their own (random
codes, as people play at a real board), then they follow the suggestion until the code is broken
(at most 10 rows). Every row's answer is timed as the page runs it: stepped through
``mastermind.solver.clock.paced`` (20 ms slices), so "slice max" is the longest the main thread
stays busy before handing back ("cpu p95", "cpu max": the same in processor time, which a
machine busy with other work does not inflate; in Pyodide the processor clock is the wall clock). "first" is the first answer of a page, which also reads the
game's strategy file (once), apart from the rest.

    .venv/bin/python bench/solve.py                       # CPython, 4x6, 5x8 and 6x10, both rules
    make site && .venv/bin/python bench/solve.py --browser --games 20
    make site && .venv/bin/python bench/solve.py --worker --games 20 [--cpu-throttle 4]

``--worker`` asks the page's way: each row's request (``mastermind.page.engine.solve_request``,
the same rows as CPython plays) is posted to the built site's engine worker
(``static/engine-worker.mjs``) from a blank page, and the time to its answer is the time the page
waits; "first" is then a page's first answer, the worker's start included; "page max" is the
longest main-thread task meanwhile (PerformanceObserver; 0 when none reached 50 ms).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

SHAPES = {"4x6": (4, 6), "5x8": (5, 8), "6x10": (6, 10)}
RULES = ("black-white", "per-slot")
HEADER = (f"{'shape':6} {'rule':12} {'rows':>5} {'p50':>7} {'p95':>7} {'max':>7} {'cpu p95':>7} {'slice max':>9} {'cpu max':>7} {'>300 ms':>8} "
          f"{'guesses':>8} {'first':>7}")


def measure(shape: str, rule_name: str, games: int, seed: int = 1, cpu_clock=time.process_time) -> dict:
    """Per-row times (ms) of `games` games of `shape` under feedback rule `rule_name`; `cpu_clock`
    reads the processor time in seconds (bench/solve_node.mjs gives Node's)."""
    from mastermind import Code, Config, feedback
    from mastermind.solver.clock import finish, paced
    from mastermind.solver.rows import Analyser
    from mastermind.solving import RULES as FEEDBACK_RULES
    from mastermind.solving import Row, make_row, slot_marks, text_of

    pegs, colours = SHAPES[shape]
    config = Config(pegs=pegs, colors=colours, max_guesses=20)
    rule = FEEDBACK_RULES[rule_name]
    rng = random.Random(seed)
    started = time.perf_counter()
    finish(Analyser(config, []).run())  # the first answer reads the strategy file: once per page
    first = (time.perf_counter() - started) * 1000
    times, cpu_times, slices, cpu_slices, lengths = [], [], [], [], []
    for _ in range(games):
        secret = str(Code.random(config, rng))
        rows: list[Row] = []
        for number in range(10):
            started = last = time.perf_counter()
            cpu_started = cpu_last = cpu_clock()
            longest = cpu_longest = 0.0
            work = paced(Analyser(config, rows).run())
            while True:
                try:
                    next(work)
                except StopIteration as done:
                    answer = done.value
                    break
                now, cpu = time.perf_counter(), cpu_clock()
                longest, last = max(longest, now - last), now
                cpu_longest, cpu_last = max(cpu_longest, cpu - cpu_last), cpu
            now, cpu = time.perf_counter(), cpu_clock()
            times.append((now - started) * 1000)
            cpu_times.append((cpu - cpu_started) * 1000)
            slices.append(max(longest, now - last) * 1000)
            cpu_slices.append(max(cpu_longest, cpu - cpu_last) * 1000)
            guess = str(Code.random(config, rng)) if number < 2 else answer.suggestion
            text = "{} {}".format(*feedback(secret, guess)) if rule_name == "black-white" else text_of(slot_marks(secret, guess))
            rows.append(make_row(config, rule, guess, text))
            if guess == secret:
                break
        lengths.append(len(rows))
    times.sort()
    cpu_times.sort()
    return {
        "shape": shape, "rule": rule_name, "rows": len(times),
        "p50": statistics.median(times), "p95": times[int(0.95 * (len(times) - 1))], "max": times[-1],
        "cpu p95": cpu_times[int(0.95 * (len(cpu_times) - 1))],
        "slice": max(slices), "cpu": max(cpu_slices), "slow": sum(t > 300 for t in times), "guesses": statistics.mean(lengths), "first": first,
    }


def row(result: dict) -> str:
    return (f"{result['shape']:6} {result['rule']:12} {result['rows']:5} {result['p50']:7.1f} {result['p95']:7.1f} "
            f"{result['max']:7.1f} {result['cpu p95']:7.1f} {result['slice']:9.1f} {result['cpu']:7.1f} {result['slow']:8} "
            f"{result['guesses']:8.2f} {result['first']:7.1f}")


RUN = "import json, solve_bench; json.dumps(solve_bench.measure(SHAPE, RULE, GAMES))"


def scratch_site(index: str, files: dict[str, str], links: tuple[str, ...], run: Callable[[Any, Any], None],
                 cpu_throttle: float = 1, site: Path | None = None) -> None:
    """Serve a scratch page `index` with `files` beside the built site's `links` and
    ``mastermind.zip`` (this checkout's ``_site``, or `site`), open it in Chromium (its processor
    slowed `cpu_throttle` times), then call ``run(page, chromium)``."""
    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root / "tools"))
    import serve
    from browser import LAUNCH_FLAGS, chromium_executable
    from playwright.sync_api import sync_playwright

    site = site or root / "_site"
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        (folder / "index.html").write_text(index)
        for name, text in files.items():
            (folder / name).write_text(text)
        for name in links:
            (folder / name).symlink_to(site / name, target_is_directory=True)
        (folder / "mastermind.zip").symlink_to(site / "mastermind.zip")
        server = serve.start(folder)
        try:
            with sync_playwright() as playwright:
                chromium = playwright.chromium.launch(executable_path=chromium_executable(), args=LAUNCH_FLAGS)
                page = chromium.new_page()
                if cpu_throttle != 1:
                    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": cpu_throttle})
                page.goto(f"http://127.0.0.1:{server.server_port}/index.html")
                run(page, chromium)
                chromium.close()
        finally:
            server.shutdown()


def in_pyodide(module: str, source: Path, run: Callable[[Any, str], None]) -> None:
    """Serve the built site's Pyodide (bench/solver_browser.py's scratch page) with `source`
    importable as `module`, then call ``run(page, version)``: the page's ``window.pyodide`` runs
    Python there, `version` is Chromium's and Python's."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import solver_browser

    def ready(page: Any, chromium: Any) -> None:
        version = page.evaluate("window.pyodideReady", None)
        run(page, f"Chromium {chromium.version}, Pyodide's Python {version}")

    scratch_site(solver_browser.PAGE.replace("solver_bench.py", f"{module}.py"), {f"{module}.py": source.read_text()},
                 ("vendor", "data"), ready)


def browser(shapes: list[str], games: int) -> None:
    """The same measurements in the built site's Pyodide."""

    def run(page: Any, version: str) -> None:
        print(f"{version}; per-row answers in milliseconds")
        print(HEADER)
        for shape in shapes:
            for rule in RULES:
                result = page.evaluate(
                    "([code, shape, rule, games]) => { const py = window.pyodide; py.globals.set('SHAPE', shape);"
                    " py.globals.set('RULE', rule); py.globals.set('GAMES', games); return py.runPython(code); }",
                    [RUN, shape, rule, games],
                )
                print(row(json.loads(result)), flush=True)

    in_pyodide("solve_bench", Path(__file__), run)


def requests(shape: str, rule_name: str, games: int, seed: int = 1) -> list[str]:
    """The Solve requests, as JSON, of the rows :func:`measure` plays (the first with no row)."""
    from mastermind import Code, Config, feedback
    from mastermind.page.engine import solve_request
    from mastermind.solver.clock import finish
    from mastermind.solver.rows import Analyser
    from mastermind.solving import RULES as FEEDBACK_RULES
    from mastermind.solving import Solve, make_row, slot_marks, text_of

    pegs, colours = SHAPES[shape]
    config = Config(pegs=pegs, colors=colours, max_guesses=20)
    rule = FEEDBACK_RULES[rule_name]
    rng = random.Random(seed)
    asked = [json.dumps(solve_request(Solve(config, rule, ())))]
    for _ in range(games):
        secret = str(Code.random(config, rng))
        rows: list = []
        for number in range(10):
            if rows:
                asked.append(json.dumps(solve_request(Solve(config, rule, tuple(rows)))))
            suggestion = finish(Analyser(config, rows).run()).suggestion
            guess = str(Code.random(config, rng)) if number < 2 or suggestion is None else suggestion
            text = "{} {}".format(*feedback(secret, guess)) if rule_name == "black-white" else text_of(slot_marks(secret, guess))
            rows.append(make_row(config, rule, guess, text))
            if guess == secret:
                break
    return asked


ASK_WORKER = """async ([kind, texts]) => {
  window.__tasks = window.__tasks || [];
  if (!window.__observing) {
    window.__observing = true;
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__tasks.push(e.duration); })
      .observe({type: "longtask"});
  }
  window.__worker = window.__worker || new Worker("static/engine-worker.mjs", {type: "module"});
  const worker = window.__worker, times = [];
  for (const [index, text] of texts.entries()) {
    const id = (window.__asked = (window.__asked || 0) + 1), started = performance.now();
    const data = await new Promise((resolve) => {
      worker.onmessage = (event) => { if (event.data.progress === undefined) resolve(event.data); };
      worker.postMessage({id, kind, text});
    });
    if (data.answer === undefined) throw new Error(JSON.stringify(data));
    times.push(performance.now() - started);
  }
  return [times, Math.max(0, ...window.__tasks.splice(0))];
}"""


def through_worker(shapes: list[str], games: int, cpu_throttle: float) -> None:
    """Each row's answer as the page waits for it from the engine's worker (``--worker``)."""

    def run(page: Any, chromium: Any) -> None:
        print(f"Chromium {chromium.version}, the site's engine worker, CPU slowed {cpu_throttle}x; "
              "per-row answers in milliseconds, as the page waits for them")
        print(f"{'shape':6} {'rule':12} {'rows':>5} {'p50':>7} {'p95':>7} {'max':>7} {'>300 ms':>8} {'first':>7} {'page max':>8}")
        for shape in shapes:
            for rule in RULES:
                times, longest = page.evaluate(ASK_WORKER, ["solve", requests(shape, rule, games)])
                first, rest = times[0], sorted(times[1:])
                print(f"{shape:6} {rule:12} {len(rest):5} {statistics.median(rest):7.1f} "
                      f"{rest[int(0.95 * (len(rest) - 1))]:7.1f} {rest[-1]:7.1f} {sum(t > 300 for t in rest):8} "
                      f"{first:7.1f} {longest:8.0f}", flush=True)

    scratch_site("<!doctype html><title>engine worker bench</title>", {}, ("static", "vendor", "data"), run, cpu_throttle)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shapes", nargs="+", choices=list(SHAPES), default=list(SHAPES))
    parser.add_argument("--games", type=int, default=20, help="games per shape and rule (default 20)")
    parser.add_argument("--browser", action="store_true", help="run in the built site's Pyodide in Chromium")
    parser.add_argument("--worker", action="store_true", help="ask the built site's engine worker, as the page does")
    parser.add_argument("--cpu-throttle", type=float, default=1, help="with --worker: slow Chromium's processor this many times")
    arguments = parser.parse_args()
    if arguments.worker:
        through_worker(arguments.shapes, arguments.games, arguments.cpu_throttle)
        return
    if arguments.browser:
        browser(arguments.shapes, arguments.games)
        return
    print(f"CPython {sys.version.split()[0]}; per-row answers in milliseconds")
    print(HEADER)
    for shape in arguments.shapes:
        for rule in RULES:
            print(row(measure(shape, rule, arguments.games)), flush=True)


if __name__ == "__main__":
    main()
