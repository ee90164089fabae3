"""The Strategy lab's harness in CPython: the starter strategy, HAL9000 and VIKI scored on every
secret (mastermind.lab.score, as ``python -m mastermind --mode lab`` and the page run it), wall and
processor seconds per run and per game, and the mean and worst each gets.

Target (issue 40): HAL9000 through the harness on all 1,296 secrets of 4x6 in at most 5 s; the
starter's CPython time is the figure the page's worker is compared with (within 2.5x).

``--browser`` runs the built site's Lab in Chromium as a player would: the starter on all 1,296
secrets in the page's own worker (the time from the score request to its result, measured by the
page as ``mastermind:lab-score``, after the worker has started), against the same file scored here
in CPython in the same run; the page's longest main-thread task during the run; and Stop's
latency on a ``while True: pass`` strategy (the press to Run enabled again).

    .venv/bin/python bench/lab.py                 # 4x6 with and without repeats, 3 runs each
    .venv/bin/python bench/lab.py --runs 5 --shapes 4x6 5x8
    make site && .venv/bin/python bench/lab.py --browser --runs 3
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


PROBE = """window.__tasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__tasks.push([entry.startTime, entry.duration]);
}).observe({type: "longtask", buffered: true});"""
RUNAWAY = "def guess(history, rules):\n    while True:\n        pass\n"


def browser(runs: int) -> None:
    """The starter in the page's Lab worker against CPython, the longest task, and Stop's latency."""
    import sys
    from pathlib import Path

    from playwright.sync_api import expect, sync_playwright

    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root / "tools"))
    import serve
    from browser import LAUNCH_FLAGS, chromium_executable

    server = serve.start(root / "_site")
    url = f"http://127.0.0.1:{server.server_port}/?mode=lab"
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=chromium_executable(), args=LAUNCH_FLAGS)
        print(f"{'run':>3} {'page s':>7} {'cpython s':>9} {'ratio':>6} {'longest task ms':>15} {'stop ms':>8}")
        for run in range(runs):
            context = chromium.new_context()
            context.add_init_script(PROBE)
            page = context.new_page()
            page.goto(url)
            editor = page.get_by_role("textbox", name="Strategy", exact=True)
            expect(page.locator("#lab-code")).to_have_value(lab.starter_source(), timeout=60_000)  # the editor's model
            expect(page.locator("#lab[data-worker=ready]")).to_be_attached(timeout=60_000)  # started: not timed
            page.evaluate("window.__tasks = []")
            page.get_by_role("button", name="Run", exact=True).click()
            expect(page.locator("#lab .status")).to_contain_text("Scored", timeout=300_000)
            in_page = page.evaluate("performance.getEntriesByName('mastermind:lab-score').at(-1).duration") / 1000
            longest = page.evaluate("Math.max(0, ...window.__tasks.map((task) => task[1]))")
            expect(page.get_by_role("button", name="Run", exact=True)).to_be_enabled(timeout=300_000)
            lab._every.cache_clear()  # as a fresh worker: no codes remembered
            lab._POSSIBLE.clear()
            start = time.perf_counter()
            lab.score(lab.starter(), lab.Rules.of(Config()))
            cpython = time.perf_counter() - start
            editor.fill(RUNAWAY)
            page.get_by_role("button", name="Run", exact=True).click()
            expect(page.get_by_role("progressbar", name="Scoring")).to_be_visible(timeout=60_000)
            page.wait_for_timeout(500)  # inside the loop by now
            start = time.perf_counter()
            page.get_by_role("button", name="Stop", exact=True).click()
            expect(page.get_by_role("button", name="Run", exact=True)).to_be_enabled()
            stop = time.perf_counter() - start
            print(f"{run + 1:3} {in_page:7.2f} {cpython:9.2f} {in_page / cpython:6.2f} {longest:15.0f} {1000 * stop:8.0f}")
            context.close()
        chromium.close()
    server.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--shapes", nargs="+", default=["4x6", "4x6-norepeat"], choices=SHAPES)
    parser.add_argument("--browser", action="store_true", help="the page's Lab worker in Chromium (a built _site)")
    args = parser.parse_args()
    if args.browser:
        browser(args.runs)
        return
    print(f"{'shape':13} {'player':8} {'games':>6} {'mean':>6} {'worst':>5} {'best s':>7} {'median s':>8} "
          f"{'cpu s':>6} {'ms/game':>8}")
    for shape in args.shapes:
        for name in players():
            row = measure(shape, name, args.runs)
            print(f"{shape:13} {name:8} {row['games']:6.0f} {row['mean']:6.3f} {row['worst']:5.0f} {row['wall']:7.2f} "
                  f"{row['median']:8.2f} {row['cpu']:6.2f} {1000 * row['wall'] / row['games']:8.2f}")


if __name__ == "__main__":
    main()
