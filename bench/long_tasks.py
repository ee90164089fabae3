"""The main thread's long tasks through a whole Solo game, with the CPU slowed as a phone's.

A first visit of each page (fresh context, no service worker) with Chromium's CPU throttled
(``--cpu-throttle``, default 4), a ``PerformanceObserver`` of ``longtask`` entries installed before
the page's own scripts; the game is a seeded one played by keys once the board is playable (a few
wrong guesses, then the secret, which CPython draws from the same seed), and the page is then
idle for a second. Prints, per page and load, every task of 50 ms or more from the first paint
to the end of the game, the longest, and the time to playable (the board no longer busy).

With ``--trace``, each load is also traced and every task of 50 ms or more by the wall clock is
given with its thread time (tools/main_thread.py): on a machine shared with other processes the
wall clock counts the time they ran instead, the thread time does not (it counts the throttling).
Playwright's waits compile its selector engine in the page, 55-80 ms at 4x, counted in both.

Usage: ``python bench/long_tasks.py [--runs N] [--cpu-throttle N] [--site DIR] [--trace] PATH [PATH ...]``,
e.g. ``bench/long_tasks.py /`` (docs/startup.md has the figures).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT))
import serve
from browser import LAUNCH_FLAGS, chromium_executable
from main_thread import CATEGORIES, Task, tasks_after_first_paint

from mastermind import Code, Config, Game

SEED = 2024
OBSERVE = """
window.longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.longTasks.push([Math.round(entry.startTime), Math.round(entry.duration)]);
}).observe({type: "longtask", buffered: true});
"""


def play(page, secret: str) -> None:
    """Two wrong guesses and the secret, by keys, each waited for in the History."""
    wrong = [str(code) for code in Code.all(Config()) if str(code) != secret][::331][:2]
    for number, guess in enumerate([*wrong, secret], 1):
        for letter in guess:
            page.keyboard.press(letter.lower())
        page.keyboard.press("Enter")
        page.locator("#history tbody tr").nth(number - 1).wait_for(timeout=120_000)  # no string evaluated: solo.html's CSP has no 'unsafe-eval'


def load(browser, base: str, path: str, throttle: float, trace: bool) -> tuple[list[tuple[int, int]], float, float, list[Task]]:
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.add_init_script(OBSERVE)
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    if trace:
        browser.start_tracing(page=page, categories=CATEGORIES)
    separator = "&" if "?" in path else "?"
    page.goto(f"{base}{path}{separator}seed={SEED}")
    page.wait_for_selector("main#board:not([aria-busy])", timeout=180_000)
    playable = page.evaluate("performance.now()")
    page.keyboard.press("Escape")  # How to play, if a first visit opened it
    play(page, str(Game(seed=SEED).secret))
    time.sleep(1)
    paint = page.evaluate("(performance.getEntriesByName('first-contentful-paint')[0] || {startTime: 0}).startTime")
    tasks = [task for task in page.evaluate("window.longTasks") if task[0] + task[1] >= paint]
    traced = tasks_after_first_paint(browser.stop_tracing(), 50) if trace else []
    context.close()
    return tasks, paint, playable, traced


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cpu-throttle", type=float, default=4)
    parser.add_argument("--site", type=Path, default=ROOT / "_site")
    parser.add_argument("--trace", action="store_true", help="also give each long task's thread time, from a trace")
    args = parser.parse_args()
    server = serve.start(args.site)
    base = f"http://127.0.0.1:{server.server_port}"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_executable(), args=LAUNCH_FLAGS)
        for run in range(args.runs):
            for path in args.paths:  # interleaved: each round loads every page once
                tasks, paint, playable, traced = load(browser, base, path, args.cpu_throttle, args.trace)
                longest = max((duration for _, duration in tasks), default=0)
                print(f"{path} run {run + 1}: first paint {paint:.0f} ms, playable {playable:.0f} ms, "
                      f"{len(tasks)} tasks >= 50 ms after the first paint, longest {longest} ms: {tasks}", flush=True)
                if args.trace:
                    threads = [(round(task.start), round(task.wall), round(task.thread)) for task in traced]
                    print(f"  traced (ms after the first paint, wall, thread): {sum(task.thread >= 50 for task in traced)} of "
                          f"{len(traced)} with 50 ms or more of thread time: {threads}", flush=True)
        browser.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
