"""First paint of builds side by side: many interleaved loads, first paint only.

`bench/startup.py` waits for Python on every load, so a run gives a handful of first paints, and
on a shared machine their spread (100-200 ms at 4x CPU) hides a change of tens of milliseconds
before the first paint, such as a script in ``<head>``. This one times the first contentful
paint alone, so a run takes many:

* **cold**: a first visit, in a fresh browser context, closed once the board is painted;
* **cold 20 Mbit/s**: the same over a simulated 20 Mbit/s link with 40 ms latency
  (``bench/startup.py``'s), where each file's download takes longer than a script's run;
* **returning**: a player who has played before (a context whose first load ran until Python
  drew the board, so ``static/shell.js`` keeps its copy and the service worker is in control),
  opened again: their own board is redrawn before the first paint, from the worker's cache.
  Between loads the page is left for ``about:blank``, so no Python start loads the machine.

Each round loads every build once of each kind, each round starting one build later. The server
sends files as GitHub Pages does (gzip, ``max-age=600``). ``--trace`` also reads each load's
Chromium trace for the main-thread time of the scripts in ``<head>`` before the first paint
(their top-level run and the callbacks they leave, such as the board's restore); the trace
itself slows the loads, so their first paints are not comparable with an untraced run's.

Usage: ``python bench/first_paint.py [--runs N] [--cpu-throttle N] [--trace] NAME=DIR [NAME=DIR ...]``
after building each site (``python tools/build_site.py DIR``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path

from playwright.sync_api import BrowserContext, CDPSession, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import serve
from browser import LAUNCH_FLAGS, chromium_executable
from startup import SLOW_LINK

FIRST_PAINT = """() => new Promise((done) => new PerformanceObserver((list, observer) => {
    const entry = list.getEntriesByName("first-contentful-paint")[0];
    if (entry) { observer.disconnect(); done(entry.startTime); }
}).observe({type: "paint", buffered: true}))"""
PLAYABLE = "() => !document.querySelector('main[aria-busy=\"true\"]') && !document.getElementById('submit').disabled"
KINDS = ("cold", "cold 20 Mbit/s", "returning")
HEAD_SCRIPTS = ("static/trusted-types.js", "static/shell.js")


def scripts_time(trace: bytes) -> dict[str, float]:
    """Main-thread ms of each of `HEAD_SCRIPTS` before the first contentful paint in `trace`."""
    events = json.loads(trace)["traceEvents"]
    paints = [event["ts"] for event in events if event.get("name") == "firstContentfulPaint"]
    painted = min(paints) if paints else float("inf")
    spent = dict.fromkeys(HEAD_SCRIPTS, 0.0)
    for event in events:
        if event.get("name") in ("EvaluateScript", "FunctionCall") and event.get("ts", painted) < painted:
            url = event.get("args", {}).get("data", {}).get("url", "")
            for script in HEAD_SCRIPTS:
                if url.endswith(script):
                    spent[script] += event.get("dur", 0) / 1000
    return spent


def open_page(context: BrowserContext, cpu_throttle: float) -> tuple[Page, CDPSession]:
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu_throttle})
    return page, cdp


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="loads of each build and kind (default 20)")
    parser.add_argument("--cpu-throttle", type=float, default=1, help="slow the CPU this many times (default 1)")
    parser.add_argument("--trace", action="store_true", help="also time the scripts in <head> (from Chromium's trace)")
    parser.add_argument("sites", nargs="+", metavar="NAME=DIR[@LOCALE]",
                        help="the builds to compare, each in a browser of language LOCALE (e.g. fr-FR) if given")
    args = parser.parse_args()
    specs = {name: spec.partition("@") for name, spec in (item.split("=", 1) for item in args.sites)}
    sites = {name: folder for name, (folder, _, _) in specs.items()}
    locales = {name: locale or None for name, (_, _, locale) in specs.items()}

    with sync_playwright() as playwright:
        executable = chromium_executable()
        browser = playwright.chromium.launch(args=LAUNCH_FLAGS, executable_path=executable)
        servers = {name: serve.start(Path(folder), max_age=600) for name, folder in sites.items()}
        urls = {name: f"http://127.0.0.1:{server.server_port}/" for name, server in servers.items()}
        returning: dict[str, tuple[Page, CDPSession]] = {}
        for name, url in urls.items():  # each build's returning player: played once, worker in control
            context = browser.new_context(locale=locales[name])
            page, cdp = open_page(context, args.cpu_throttle)
            page.goto(url)
            page.wait_for_function(PLAYABLE, timeout=600_000, polling=100)
            page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=600_000, polling=100)
            page.goto("about:blank")  # leaving the page keeps its copy of the board
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})  # a throttled idle tab still costs CPU
            returning[name] = page, cdp
        samples: dict[tuple[str, str], list[float]] = {(name, kind): [] for name in urls for kind in KINDS}
        spent: dict[tuple[str, str, str], list[float]] = {}

        def load(name: str, kind: str, page: Page) -> None:
            if args.trace:
                browser.start_tracing(page=page, categories=["devtools.timeline", "loading"])
            page.goto(urls[name], wait_until="commit")
            samples[name, kind].append(page.evaluate(FIRST_PAINT))
            if args.trace:
                for script, ms in scripts_time(browser.stop_tracing()).items():
                    spent.setdefault((name, kind, script), []).append(ms)
        names = list(urls)
        for round_ in range(args.runs):
            for name in names[round_ % len(names):] + names[: round_ % len(names)]:
                context = browser.new_context(locale=locales[name])
                page, _ = open_page(context, args.cpu_throttle)
                load(name, "cold", page)
                context.close()
                context = browser.new_context(locale=locales[name])
                page, cdp = open_page(context, args.cpu_throttle)
                cdp.send("Network.enable")
                cdp.send("Network.emulateNetworkConditions", SLOW_LINK)
                load(name, "cold 20 Mbit/s", page)
                context.close()
                page, cdp = returning[name]
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.cpu_throttle})
                load(name, "returning", page)
                page.goto("about:blank")  # not Python's start: it would load the machine for the next loads
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
        version = browser.version
        browser.close()
        for server in servers.values():
            server.shutdown()

    throttle = f", CPU slowed {args.cpu_throttle:g}x" if args.cpu_throttle != 1 else ""
    print(f"First contentful paint (ms), {args.runs} interleaved loads each, Chromium {version}{throttle}, "
          f"load average {' '.join(f'{load:.1f}' for load in os.getloadavg())} at the end")
    print("| build | load | median | quartiles | min | max |")
    print("|---|---|---:|---:|---:|---:|")
    for (name, kind), times in samples.items():
        low, _, high = statistics.quantiles(times, n=4)
        print(f"| {name} | {kind} | {statistics.median(times):.0f} | {low:.0f}-{high:.0f} | {min(times):.0f} | {max(times):.0f} |")
    if spent:
        print()
        print("Main-thread time (ms, median) of the scripts in <head> before the first paint")
        print("| build | load | " + " | ".join(HEAD_SCRIPTS) + " |")
        print("|---|---|" + "---:|" * len(HEAD_SCRIPTS))
        for name, kind in samples:
            print(f"| {name} | {kind} | " + " | ".join(f"{statistics.median(spent[name, kind, script]):.1f}" for script in HEAD_SCRIPTS) + " |")


if __name__ == "__main__":
    main()
