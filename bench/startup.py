"""Time to playable: this page against a bare PyScript page on the same vendored runtime, cold
and warm.

A cold load happens in a fresh browser context (empty cache, no service worker); the warm load
follows in the same context once the service worker has installed and controls the page, so
everything comes from its cache. Each load is timed from navigation start to the moment the first
button of the ``Palette`` group is enabled, seen by a MutationObserver installed before any page
script runs. The bare page is generated here: a copy of the same ``vendor/`` folder and plugin
list, one inline Python script that enables its only button, and the same service worker
(``static/sw-register.js`` and ``tools/service_worker.py``), so that warm compares like with
like. Loads alternate between the two pages so drift on a noisy machine hits both alike. The
server gzips as GitHub Pages does (``--no-gzip`` sends files as they are).

Also reported: first contentful paint; the bytes a load moves up to playable (Resource Timing:
transferred, which is 0 for what the service worker serves, and decoded); the median of each load's longest main-thread task
(Long Tasks API), which is Pyodide's own start-up, the same for both pages; and the longest task
of all loads once the runtime is up ("after boot"), which is the page's own code.

Usage: ``python bench/startup.py [--runs N] [--no-gzip]`` after ``make site`` (``make bench``).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import tomllib
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / os.environ.get("MASTERMIND_SITE", "_site")
"""The built site to measure (MASTERMIND_SITE names another build folder)."""
sys.path.insert(0, str(ROOT / "tools"))
import serve  # noqa: E402
import service_worker  # noqa: E402
from browser import LAUNCH_FLAGS, chromium_executable  # noqa: E402

PROBE = """
window.__bench = {playable: null, booted: null, tasks: []};
addEventListener("py:progress", (event) => {
  if (event.detail === "Loaded Pyodide") window.__bench.booted = performance.now();
});
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__bench.tasks.push([entry.startTime, entry.duration]);
}).observe({type: "longtask", buffered: true});
new MutationObserver((mutations, observer) => {
  const button = document.querySelector('[role="group"][aria-label="Palette"] button');
  if (button && !button.disabled) {
    window.__bench.playable = performance.now();
    observer.disconnect();
  }
}).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ["disabled"]});
"""

BARE_PAGE = """<!doctype html>
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
  <script type="py" config="pyscript.toml">
from js import document
document.querySelector("button").disabled = False
  </script>
</body>
</html>
"""


def make_bare_site(folder: Path) -> None:
    """The bare page beside a copy of the built site's vendored runtime, with its service worker."""
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    plugins = '["' + '", "'.join(config["plugins"]) + '"]'
    (folder / "index.html").write_text(BARE_PAGE % {"plugins": plugins})
    (folder / "pyscript.toml").write_text(
        f'interpreter = "{config["interpreter"]}"\nplugins = {plugins}\n'
    )
    shutil.copytree(SITE / "vendor", folder / "vendor")
    shutil.copy2(SITE / "static" / "sw-register.js", folder / "sw-register.js")
    service_worker.write(folder)


RESULT = """() => {
    const {playable, booted, tasks} = window.__bench;
    const longest = (list) => Math.max(0, ...list.map(([start, duration]) => duration));
    const loaded = [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")]
        .filter((entry) => entry.responseEnd <= playable);
    const sum = (key) => loaded.reduce((total, entry) => total + entry[key], 0);
    return {
        playable,
        longest: longest(tasks),
        after_boot: longest(tasks.filter(([start]) => start >= booted)),
        fcp: (performance.getEntriesByName("first-contentful-paint")[0] || {startTime: NaN}).startTime,
        transferred: sum("transferSize"),
        decoded: sum("decodedBodySize"),
    };
}"""


def measure(page, url: str) -> dict[str, float]:
    """Load `url` in `page` and time it (see :data:`RESULT`)."""
    page.goto(url)
    page.wait_for_function("() => window.__bench && window.__bench.playable !== null", timeout=120_000, polling=50)
    page.wait_for_timeout(200)  # let the Long Tasks API report the last task
    return page.evaluate(RESULT)


def load_twice(browser: Browser, url: str) -> tuple[dict[str, float], dict[str, float]]:
    """A cold load in a fresh context, then a warm one served by the installed service worker."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.add_init_script(PROBE)
        cold = measure(page, url)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=120_000, polling=50)
        page.wait_for_timeout(500)  # the worker has just taken over; let the machine settle
        warm = measure(page, url)
    finally:
        context.close()
    return cold, warm


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="timed loads of each page (default 5)")
    parser.add_argument("--no-gzip", action="store_true", help="send files uncompressed")
    args = parser.parse_args()
    if not (SITE / "index.html").is_file():
        sys.exit("_site/ is not built: run `make site` first")

    with tempfile.TemporaryDirectory() as bare_dir, sync_playwright() as playwright:
        make_bare_site(Path(bare_dir))
        sites = {"Mastermind": SITE, "bare PyScript": Path(bare_dir)}
        servers = {name: serve.start(site, compress=not args.no_gzip) for name, site in sites.items()}
        urls = {name: f"http://127.0.0.1:{server.server_port}/" for name, server in servers.items()}
        executable = chromium_executable()
        browser = playwright.chromium.launch(
            args=LAUNCH_FLAGS, **({"executable_path": executable} if executable else {})
        )
        for url in urls.values():  # warm the OS file cache and the server; not counted
            load_twice(browser, url)
        samples: dict[tuple[str, str], list[dict[str, float]]] = {
            (name, kind): [] for name in urls for kind in ("cold", "warm")
        }
        for _ in range(args.runs):
            for name, url in urls.items():
                cold, warm = load_twice(browser, url)
                samples[name, "cold"].append(cold)
                samples[name, "warm"].append(warm)
        browser.close()
        for server in servers.values():
            server.shutdown()

    def median(key: tuple[str, str], field: str) -> float:
        return statistics.median(sample[field] for sample in samples[key])

    encoding = "uncompressed" if args.no_gzip else "gzip"
    print(f"Time to playable, median of {args.runs} loads each (ms), Chromium {browser.version}, server {encoding}")
    print("| page | load | playable | min | max | first paint | longest task | after boot | bytes transferred | bytes decoded |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for key in samples:
        times = [sample["playable"] for sample in samples[key]]
        print(
            f"| {key[0]} | {key[1]} | {median(key, 'playable'):.0f} | {min(times):.0f} | {max(times):.0f} "
            f"| {median(key, 'fcp'):.0f} | {median(key, 'longest'):.0f} | {max(s['after_boot'] for s in samples[key]):.0f} "
            f"| {median(key, 'transferred'):,.0f} | {median(key, 'decoded'):,.0f} |"
        )
    for kind in ("cold", "warm"):
        ratio = median(("Mastermind", kind), "playable") / median(("bare PyScript", kind), "playable")
        print(f"Ratio Mastermind / bare, {kind}: {ratio:.2f}x (goal: at most 1.15x)")
    fcp = max(median(("Mastermind", kind), "fcp") for kind in ("cold", "warm"))
    print(f"Board painted (first contentful paint) by {fcp:.0f} ms (goal: at most 300 ms)")


if __name__ == "__main__":
    main()
