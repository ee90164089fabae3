"""Solver assist in the browser: how long the count, the hint and the review take, and the longest
main-thread task while they run (the page must never freeze for more than about 100 ms).

For each configuration, a fresh context opens the built site with solver assist on (settings put in
localStorage before the page loads), plays two fixed guesses (each followed by "N codes still
possible"), asks for a hint, plays it, then the secret, and waits for the review table. Long tasks
are those the Long Tasks API reports after the page is playable, attributed to the step they fell
in. The first count includes loading the solver, which the page imports on first use only.

Usage: ``python bench/assist.py`` after ``make site`` (MASTERMIND_SITE names another build folder).
"""

from __future__ import annotations

import itertools
import json
import os
import sys
from pathlib import Path

from playwright.sync_api import Browser, expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / os.environ.get("MASTERMIND_SITE", "_site")
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT))
import serve
from browser import LAUNCH_FLAGS, chromium_executable

from mastermind import Config, Game

PROBE = """window.__tasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__tasks.push([entry.startTime, entry.duration]);
}).observe({type: "longtask", buffered: true});"""
CASES = [(4, 6, ["RRGG", "BOYP"]), (5, 8, ["RRGGB", "BOYPK"]), (6, 10, ["RRGGBB", "OOYYPP"])]
SEED = 5


def measure(browser: Browser, url: str, pegs: int, colors: int, guesses: list[str]) -> None:
    context = browser.new_context()
    config = Config(pegs=pegs, colors=colors)
    settings = {"version": 2, "rev": 1, "data": {"config": config.to_dict(), "assist": True}}
    context.add_init_script(PROBE + f"localStorage.setItem('mastermind:settings', {json.dumps(json.dumps(settings))});")
    page = context.new_page()
    page.goto(url + f"?seed={SEED}")
    page.wait_for_function("!document.querySelector('#palette button').disabled", timeout=60_000)
    possible = "document.querySelector('#assist-count').textContent.includes('still possible')"
    now = "performance.now()"
    marks = [("playable", page.evaluate(now))]
    for guess in guesses:
        for letter in guess:
            page.keyboard.press(letter.lower())
        page.keyboard.press("Enter")
        page.wait_for_function(possible, timeout=60_000)
        marks.append((f"count after {guess}", page.evaluate(now)))
    page.get_by_role("button", name="Hint").click()
    expect(page.get_by_role("status")).to_contain_text("Hint:", timeout=120_000)
    marks.append(("hint", page.evaluate(now)))
    page.get_by_role("button", name="Submit guess").click()
    page.wait_for_function(possible, timeout=60_000)
    marks.append(("count after the hint", page.evaluate(now)))
    for letter in str(Game(config, seed=SEED).secret):
        page.get_by_role("group", name="Palette").get_by_role("button", name=config.color(letter).name, exact=True).click()
    page.get_by_role("button", name="Submit guess").click()
    expect(page.get_by_role("table", name="Review")).to_be_visible(timeout=300_000)
    marks.append(("review", page.evaluate(now)))
    tasks = page.evaluate("window.__tasks")
    print(f"\n{pegs} pegs x {colors} colours")
    print("| step | ms | long tasks (ms) |\n|---|---:|---|")
    for (_, start), (name, end) in itertools.pairwise(marks):
        inside = [round(duration) for begin, duration in tasks if start <= begin < end]
        print(f"| {name} | {end - start:.0f} | {', '.join(map(str, inside)) or '-'} |")
    context.close()


def main() -> None:
    if not (SITE / "index.html").is_file():
        raise SystemExit(f"{SITE} is not built: run `make site`")
    server = serve.start(SITE)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_executable(), args=LAUNCH_FLAGS)
            for pegs, colors, guesses in CASES:
                measure(browser, f"http://127.0.0.1:{server.server_port}/", pegs, colors, guesses)
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
