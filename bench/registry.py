"""The Tournament's Score board at the registry's limit: how long opening Tournament takes, and
how long registering one more user holds the page.

Each run opens the page in a fresh browser context whose storage holds ``--users`` registered
users (999 by default: one below :data:`mastermind.registry.MAX_USERS`, so that one more can
register), waits until the Solo board is playable, then:

* **open**: clicks the ``Tournament`` mode button and times, in the page, from the click to the
  frame in which the ``Score board`` shows its first screenful of rows (30), and to the frame in
  which it holds every user (the screens' module loads on this first use, and is counted); and
  the longest main-thread task meanwhile;
* **register**: types a new name, clicks ``Register`` and times from the click to the frame in
  which the board holds one row more; and the longest main-thread task from the click until then
  (Long Tasks API; 0 when no task took 50 ms or more, the API's threshold).

Usage: ``python bench/registry.py [--runs N] [--users N] [--cpu-throttle N]`` after ``make site``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / os.environ.get("MASTERMIND_SITE", "_site")
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
import serve
from browser import LAUNCH_FLAGS, chromium_executable

from mastermind.page.storage import REGISTRY, envelope

PROBE = """
window.__tasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__tasks.push([entry.startTime, entry.duration]);
}).observe({type: "longtask", buffered: true});
"""

TIMED = """async ([click, rows, first]) => {
  const body = () => document.querySelector('#modes [data-part=board]');
  const start = performance.now();
  document.querySelector(click).click();
  while (!(body() && body().rows.length >= first)) await new Promise(requestAnimationFrame);
  const shown = performance.now();
  while (!(body() && body().rows.length === rows)) await new Promise(requestAnimationFrame);
  const done = performance.now();
  await new Promise(requestAnimationFrame);
  await new Promise((resolve) => setTimeout(resolve, 0));  // the observer reports the last task
  const longest = Math.max(0, ...window.__tasks.filter(([at]) => at >= start - 1).map(([, length]) => length));
  return [shown - start, done - start, longest];
}"""
SCREENFUL = 30
"""Rows of the Score board a person sees at once on a large screen."""


def users(count: int) -> str:
    saved = {"version": 1, "users": [{"name": f"Player {number:04d}", "points": number % 41} for number in range(count)]}
    return envelope(REGISTRY, saved, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--users", type=int, default=999)
    parser.add_argument("--cpu-throttle", type=float, default=1, help="slow the CPU this many times (default 1)")
    args = parser.parse_args()
    seed = f"localStorage.getItem({json.dumps(REGISTRY.key)}) === null && localStorage.setItem({json.dumps(REGISTRY.key)}, {json.dumps(users(args.users))});"
    server = serve.start(SITE)
    url = f"http://127.0.0.1:{server.server_port}/"
    results: dict[str, list[float]] = {"open, first screenful": [], "open, every row": [], "open longest task": [],
                                       "register": [], "register longest task": []}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_executable(), args=LAUNCH_FLAGS)
        for _ in range(args.runs):
            context = browser.new_context()
            context.add_init_script(PROBE + seed)
            page = context.new_page()
            if args.cpu_throttle != 1:
                context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": args.cpu_throttle})
            page.goto(url)
            page.get_by_role("group", name="Palette").get_by_role("button").first.wait_for(state="visible", timeout=120_000)
            page.wait_for_function("() => !document.querySelector('main[aria-busy=true]')"
                                   " && !document.querySelector('[aria-label=Palette] button').disabled", timeout=120_000)
            welcome = page.get_by_role("dialog", name="How to play")
            if welcome.is_visible():
                welcome.get_by_role("button", name="Close").click()
            page.wait_for_timeout(500)  # let the start-up's last tasks end
            page.get_by_role("button", name="Tournament", exact=True).evaluate("(button) => button.setAttribute('data-bench', 'open')")
            shown, took, longest = page.evaluate(TIMED, ["[data-bench=open]", args.users, min(args.users, SCREENFUL)])
            results["open, first screenful"].append(shown)
            results["open, every row"].append(took)
            results["open longest task"].append(longest)
            page.get_by_label("New user name", exact=True).fill("One more")
            page.get_by_role("button", name="Register", exact=True).evaluate("(button) => button.setAttribute('data-bench', 'register')")
            _, took, longest = page.evaluate(TIMED, ["[data-bench=register]", args.users + 1, args.users + 1])
            results["register"].append(took)
            results["register longest task"].append(longest)
            context.close()
        browser.close()
    server.shutdown()
    throttle = f", CPU slowed {args.cpu_throttle:g}x" if args.cpu_throttle != 1 else ""
    print(f"Score board with {args.users} users, {args.runs} runs{throttle} (median, max; ms):")
    for name, values in results.items():
        print(f"  {name:<24} {statistics.median(values):7.0f} {max(values):7.0f}")


if __name__ == "__main__":
    main()
