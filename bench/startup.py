"""Time to playable: this page against two bare PyScript pages, cold, warm, in a new tab and cold
over a slow link.

The two ceilings, kept from when the page ran on PyScript (the page no longer does; the npm
package ``@pyscript/core`` stays a dependency for them alone):

* **bare, same runtime**: one inline Python script that enables its only button, beside a copy
  of this build's ``vendor/`` (the same Pyodide, standard library included) with PyScript's
  ``dist`` added, the plugin list the PyScript page had, and the service worker.
* **bare, untouched**: the same script on a page set up as PyScript's offline guide says, the
  npm packages' ``@pyscript/core/dist`` and ``pyodide`` folders copied as they are, no service
  worker: what a PyScript page costs out of the box. The issue's targets are ratios to this one.

Each run loads every page in turn, each round starting one page later (so drift on a noisy
machine, and whatever a page leaves behind for the next, hits all alike): cold in a fresh
browser context (empty caches, no service worker); warm, the same tab reloaded once the service
worker controls the page (for the untouched page, which has none, from the HTTP cache); new tab,
a returning visitor's second tab; and cold again in another fresh context over a simulated
20 Mbit/s link with 40 ms latency. The server sends files as GitHub Pages does (gzip,
``Cache-Control: max-age=600``). ``--cpu-throttle N`` slows the CPU N times (Chromium's CPU
throttling, over CDP), as on a phone; ``--kinds`` picks the loads; ``--site NAME=DIR`` adds
another build (say, the one before a change) to the same interleaved run.

Each load is timed from navigation start to the moment the first button of the ``Palette`` group
is enabled, seen by a MutationObserver installed before any page script runs. Also reported: first
contentful paint; the bytes a cold load moves up to playable (Resource Timing, transferred); the
longest main-thread task (Long Tasks API); and the bare pages' phases (median ms), from PyScript's
``py:progress`` events (the page itself, which runs no PyScript, has none; bench/long_tasks.py and
docs/startup.md time its parts):

* runtime: navigation to Pyodide's loader starting (HTML, PyScript, ``pyodide.mjs``);
* interpreter: Pyodide's start (the wasm compiled, Python initialised, standard library loaded);
* files, pyscript, imports, render: blank for the bare pages, which have no files nor marks.

The board takes early input (``static/shell.js``): the probe clicks a colour 50 ms after the first
paint and reports the time until its peg shows in the row, then submits a whole guess and reports
the time from Python ready (its modules imported) until the History shows it scored. Playable is
the palette enabled and the board no longer ``aria-busy``.

Usage: ``python bench/startup.py [--runs N] [--kinds cold,warm,...] [--cpu-throttle N]
[--site NAME=DIR]`` after ``make site`` (``make bench``).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / os.environ.get("MASTERMIND_SITE", "_site")
"""The built site to measure (MASTERMIND_SITE names another build folder)."""
sys.path.insert(0, str(ROOT / "tools"))
import serve
import service_worker
from browser import LAUNCH_FLAGS, chromium_executable

KINDS = ("cold", "warm", "new tab", "cold 20 Mbit/s")
SLOW_LINK = {"offline": False, "latency": 40, "downloadThroughput": 20e6 / 8, "uploadThroughput": 5e6 / 8}
GITHUB_PAGES_MAX_AGE = 600
MASTERMIND = "Mastermind"
SAME_RUNTIME = "bare, same runtime"
UNTOUCHED = "bare, untouched"

PROBE = """
window.__bench = {playable: null, tasks: [], progress: {}, clicked: NaN, echoed: NaN, scored: NaN};
addEventListener("py:progress", (event) => { window.__bench.progress[event.detail] = performance.now(); });
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__bench.tasks.push(entry.duration);
}).observe({type: "longtask", buffered: true});
new MutationObserver((mutations, observer) => {
  const button = document.querySelector('[role="group"][aria-label="Palette"] button');
  if (button && !button.disabled && !document.querySelector('main[aria-busy="true"]')) {
    window.__bench.playable = performance.now();
    observer.disconnect();
  }
}).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ["disabled", "aria-busy"]});
// Early input: 50 ms after the first paint, a board that takes pegs while Python starts gets a
// click on a colour (the time until its peg shows in the row), then a whole guess and Submit
// guess (the time from Python's modules imported, when it is ready to draw the board, until the
// History shows the guess scored).
new PerformanceObserver((list, observer) => {
  if (!list.getEntriesByName("first-contentful-paint").length) return;
  observer.disconnect();
  setTimeout(() => {
    const pegs = [...document.querySelectorAll('#palette button')];
    if (!pegs.length || pegs[0].disabled || !document.querySelector('main[aria-busy="true"]')) return;
    const bench = window.__bench;
    new MutationObserver((mutations, seen) => {
      if (document.querySelector("#current .filled")) {
        bench.echoed = performance.now() - bench.clicked;
        seen.disconnect();
      }
    }).observe(document.getElementById("current"), {subtree: true, attributes: true, childList: true});
    new MutationObserver((mutations, seen) => {
      const ready = performance.getEntriesByName("mastermind:imported", "mark")[0];
      if (document.querySelector("#history tbody tr") && ready) {
        bench.scored = performance.now() - ready.startTime;
        seen.disconnect();
      }
    }).observe(document.getElementById("history"), {subtree: true, childList: true});
    bench.clicked = performance.now();
    pegs[0].click();
    for (const peg of pegs.slice(1, document.getElementById("current").children.length)) peg.click();
    document.getElementById("submit").click();
  }, 50);
}).observe({type: "paint", buffered: true});
"""

SCRIPT = """
from js import document
document.querySelector("button").disabled = False
"""

SAME_RUNTIME_PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Bare PyScript page</title>
  <link rel="stylesheet" href="vendor/pyscript/core.css">
  <script type="module" src="vendor/pyscript/core.js"></script>
  <script src="sw-register.js" defer></script>
</head>
<body>
  <div role="group" aria-label="Palette"><button type="button" disabled>Play</button></div>
  <mpy-config>{"plugins": %(plugins)s}</mpy-config>
  <script type="py" config="pyscript.toml">%(script)s</script>
</body>
</html>
"""

UNTOUCHED_PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Bare PyScript page</title>
  <link rel="stylesheet" href="./pyscript/core.css">
  <script type="module" src="./pyscript/core.js"></script>
</head>
<body>
  <div role="group" aria-label="Palette"><button type="button" disabled>Play</button></div>
  <script type="py" config='{"interpreter": "./pyodide/pyodide.mjs"}'>%(script)s</script>
</body>
</html>
"""

RESULT = """() => {
    const {playable, tasks, progress} = window.__bench;
    const mark = (name) => (performance.getEntriesByName(name, "mark")[0] || {startTime: NaN}).startTime;
    const loaded = [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")]
        .filter((entry) => entry.responseEnd <= playable);
    const start = mark("mastermind:start"), imported = mark("mastermind:imported");
    return {
        playable,
        longest: Math.max(0, ...tasks),
        fcp: (performance.getEntriesByName("first-contentful-paint")[0] || {startTime: NaN}).startTime,
        transferred: loaded.reduce((total, entry) => total + entry.transferSize, 0),
        runtime: progress["Loading interpreter"],
        interpreter: progress["Loaded interpreter"] - progress["Loading interpreter"],
        files: progress["Loaded Pyodide"] - progress["Loaded interpreter"],
        pyscript: start - progress["Loaded Pyodide"],
        imports: imported - start,
        render: playable - imported,
        echoed: window.__bench.echoed,
        scored: window.__bench.scored,
    };
}"""
PHASES = ("runtime", "interpreter", "files", "pyscript", "imports", "render")


PLUGINS = '["!codemirror", "!deprecations-manager", "!donkey", "!py-editor", "!py-game", "!py-terminal"]'
"""The PyScript plugins the site's PyScript page disabled (its pyscript.toml), as a TOML and JSON list."""


def make_same_runtime_site(folder: Path) -> None:
    """The bare page beside a copy of the built site's vendored runtime, with its service worker."""
    (folder / "index.html").write_text(SAME_RUNTIME_PAGE % {"plugins": PLUGINS, "script": SCRIPT})
    (folder / "pyscript.toml").write_text(f'interpreter = "./vendor/pyodide/pyodide.mjs"\nplugins = {PLUGINS}\n')
    shutil.copytree(SITE / "vendor", folder / "vendor")
    shutil.copytree(ROOT / "node_modules" / "@pyscript" / "core" / "dist", folder / "vendor" / "pyscript")
    shutil.copy2(SITE / "static" / "sw-register.js", folder / "sw-register.js")
    service_worker.write(folder)


def make_untouched_site(folder: Path) -> None:
    """The bare page as PyScript's offline guide sets it up: the npm packages copied as they are."""
    (folder / "index.html").write_text(UNTOUCHED_PAGE % {"script": SCRIPT})
    shutil.copytree(ROOT / "node_modules" / "@pyscript" / "core" / "dist", folder / "pyscript")
    shutil.copytree(ROOT / "node_modules" / "pyodide", folder / "pyodide")


class Loader:
    """Loads the pages as the browser a visitor would, with the CPU slowed `cpu_throttle` times."""

    def __init__(self, browser: Browser, cpu_throttle: float) -> None:
        self.browser = browser
        self.cpu_throttle = cpu_throttle

    def page(self, context: BrowserContext, link: dict | None = None) -> Page:
        page = context.new_page()
        page.add_init_script(PROBE)
        cdp = context.new_cdp_session(page)
        if self.cpu_throttle != 1:
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": self.cpu_throttle})
        if link:
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", link)
        return page

    @staticmethod
    def measure(page: Page, url: str | None = None) -> dict[str, float]:
        if url is None:
            page.reload()
        else:
            page.goto(url)
        page.wait_for_function("() => window.__bench && window.__bench.playable !== null", timeout=600_000, polling=50)
        page.wait_for_timeout(200)  # let the Long Tasks API report the last task, and the History its early guess
        return page.evaluate(RESULT)

    def run(self, url: str, has_worker: bool, kinds: list[str], locale: str | None = None) -> dict[str, dict[str, float]]:
        """One round of `kinds` loads of the page at `url`, in a browser whose language is `locale`."""
        results = {}
        context = self.browser.new_context(locale=locale)
        try:
            page = self.page(context)
            results["cold"] = self.measure(page, url)
            if has_worker:  # installed and in control: every file is in its cache
                page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=600_000, polling=50)
            page.wait_for_timeout(500)  # let the machine settle
            if "warm" in kinds:
                results["warm"] = self.measure(page)
            if "new tab" in kinds:
                results["new tab"] = self.measure(self.page(context), url)
        finally:
            context.close()
        if "cold 20 Mbit/s" in kinds:
            context = self.browser.new_context(locale=locale)
            try:
                results["cold 20 Mbit/s"] = self.measure(self.page(context, SLOW_LINK), url)
            finally:
                context.close()
        return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="rounds of loads of each page (default 5)")
    parser.add_argument("--kinds", default=",".join(KINDS), help=f"loads to time, of {', '.join(KINDS)} (cold is always)")
    parser.add_argument("--cpu-throttle", type=float, default=1, help="slow the CPU this many times (default 1)")
    parser.add_argument("--site", action="append", default=[], metavar="NAME=DIR[@LOCALE]",
                        help="another build to time alike, in a browser of language LOCALE (e.g. fr-FR) if given")
    args = parser.parse_args()
    kinds = ["cold"] + [kind for kind in KINDS[1:] if kind in args.kinds.split(",")]
    if not (SITE / "index.html").is_file():
        sys.exit("_site/ is not built: run `make site` first")

    with tempfile.TemporaryDirectory() as scratch, sync_playwright() as playwright:
        sites = {MASTERMIND: SITE, SAME_RUNTIME: Path(scratch, "same"), UNTOUCHED: Path(scratch, "untouched")}
        for folder, make in ((sites[SAME_RUNTIME], make_same_runtime_site), (sites[UNTOUCHED], make_untouched_site)):
            folder.mkdir()
            make(folder)
        locales: dict[str, str | None] = {}
        for name, spec in (item.split("=", 1) for item in args.site):
            folder, _, locale = spec.partition("@")
            sites[name], locales[name] = Path(folder), locale or None
        servers = {name: serve.start(site, max_age=GITHUB_PAGES_MAX_AGE) for name, site in sites.items()}
        urls = {name: f"http://127.0.0.1:{server.server_port}/" for name, server in servers.items()}
        workers = {name: (site / "sw.js").is_file() for name, site in sites.items()}
        executable = chromium_executable()
        browser = playwright.chromium.launch(args=LAUNCH_FLAGS, executable_path=executable)
        loader = Loader(browser, args.cpu_throttle)
        for name, url in urls.items():  # warm the OS file cache and the server; not counted
            loader.run(url, workers[name], ["cold"], locales.get(name))
        samples: dict[tuple[str, str], list[dict[str, float]]] = {(name, kind): [] for name in urls for kind in kinds}
        names = list(urls)
        for round_ in range(args.runs):
            # Each round starts one page later, so that no page always follows the same one.
            for name in names[round_ % len(names):] + names[: round_ % len(names)]:
                for kind, result in loader.run(urls[name], workers[name], kinds, locales.get(name)).items():
                    samples[name, kind].append(result)
        version = browser.version
        browser.close()
        for server in servers.values():
            server.shutdown()

    def median(key: tuple[str, str], field: str) -> float:
        """The median of `field` over the loads of `key`; NaN (printed empty) where a page has no
        such figure (JSON gives null for a phase whose marks a page does not make)."""
        values = [sample[field] for sample in samples[key] if sample[field] is not None]
        return statistics.median(values) if values else float("nan")

    throttle = f", CPU slowed {args.cpu_throttle:g}x" if args.cpu_throttle != 1 else ""
    print(f"Time to playable (ms), median of {args.runs} loads each, Chromium {version}{throttle}, load average "
          f"{' '.join(f'{load:.1f}' for load in os.getloadavg())} at the end")
    print("| page | load | playable | min | max | vs untouched | vs same runtime | first paint | longest task | bytes |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, kind in samples:
        times = [sample["playable"] for sample in samples[name, kind]]
        ratios = [median((name, kind), "playable") / median((ceiling, kind), "playable") for ceiling in (UNTOUCHED, SAME_RUNTIME)]
        print(
            f"| {name} | {kind} | {median((name, kind), 'playable'):.0f} | {min(times):.0f} | {max(times):.0f} "
            f"| {ratios[0]:.2f}x | {ratios[1]:.2f}x | {median((name, kind), 'fcp'):.0f} | {median((name, kind), 'longest'):.0f} "
            f"| {median((name, kind), 'transferred'):,.0f} |"
        )
    print()
    print("Phases (median ms): " + ", ".join(PHASES))
    print("| page | load | " + " | ".join(PHASES) + " |")
    print("|---|---|" + "---:|" * len(PHASES))
    for name, kind in samples:  # the bare pages have no performance marks: their last phases are blank
        phases = (median((name, kind), phase) for phase in PHASES)
        print(f"| {name} | {kind} | " + " | ".join("" if phase != phase else f"{phase:.0f}" for phase in phases) + " |")
    print()
    print("Early input (median ms): a colour clicked 50 ms after the first paint, until its peg shows; a guess")
    print("submitted then, from Python ready (modules imported) until the History shows it scored; pages")
    print("without early input are left out")
    print("| page | load | peg shown | guess scored |")
    print("|---|---|---:|---:|")
    for name, kind in samples:
        echoed, scored = (median((name, kind), field) for field in ("echoed", "scored"))
        if echoed == echoed:
            print(f"| {name} | {kind} | {echoed:.0f} | {scored:.0f} |")
    print()
    goals = {"cold": 0.55, "warm": 0.40, "new tab": 0.55}
    for kind in kinds:
        ratio = median((MASTERMIND, kind), "playable") / median((UNTOUCHED, kind), "playable")
        goal = f" (goal: at most {goals[kind]:.2f}x)" if kind in goals else ""
        print(f"{MASTERMIND} / bare, untouched, {kind}: {ratio:.2f}x{goal}")
    cold_bytes = median((MASTERMIND, "cold"), "transferred") / median((UNTOUCHED, "cold"), "transferred")
    print(f"Bytes cold: {cold_bytes:.2f}x the untouched page's (goal: at most 1.00x)")
    fcp = max(median((MASTERMIND, kind), "fcp") for kind in kinds if kind != "cold 20 Mbit/s")
    print(f"Board painted (first contentful paint) by {fcp:.0f} ms (goal: at most 300 ms)")


if __name__ == "__main__":
    main()
