"""Time to playable: this page against a bare PyScript page on the same vendored runtime.

Each load happens in a fresh browser context (empty cache and storage) and is timed from
navigation start to the moment the first button of the ``Palette`` group is enabled, seen by a
MutationObserver installed before any page script runs. The bare page is generated here: the
same ``vendor/`` folder and plugin list, and one inline Python script that enables its only
button. Loads alternate between the two pages so drift on a noisy machine hits both alike.

Also reported: first contentful paint; the median of each load's longest main-thread task (Long
Tasks API), which is Pyodide's own start-up, the same for both pages; and the longest task of all
loads once the runtime is up ("after boot"), which is the page's own code.

Usage: ``python bench/startup.py [--runs N]`` after ``make site`` (``make bench`` does both).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import tomllib
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_site"
sys.path.insert(0, str(ROOT / "tools"))
import serve  # noqa: E402
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
    """The bare page beside a link to the built site's vendored runtime."""
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    plugins = '["' + '", "'.join(config["plugins"]) + '"]'
    (folder / "index.html").write_text(BARE_PAGE % {"plugins": plugins})
    (folder / "pyscript.toml").write_text(
        f'interpreter = "{config["interpreter"]}"\nplugins = {plugins}\n'
    )
    (folder / "vendor").symlink_to(SITE / "vendor", target_is_directory=True)


def load_once(browser: Browser, url: str) -> dict[str, float]:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.add_init_script(PROBE)
        page.goto(url)
        page.wait_for_function("window.__bench && window.__bench.playable !== null", timeout=120_000, polling=50)
        page.wait_for_timeout(200)  # let the Long Tasks API report the last task
        result = page.evaluate(
            """() => {
                const {playable, booted, tasks} = window.__bench;
                const longest = (list) => Math.max(0, ...list.map(([start, duration]) => duration));
                return {
                    playable,
                    longest: longest(tasks),
                    after_boot: longest(tasks.filter(([start]) => start >= booted)),
                    fcp: (performance.getEntriesByName("first-contentful-paint")[0] || {startTime: NaN}).startTime,
                };
            }"""
        )
    finally:
        context.close()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="timed loads of each page (default 5)")
    args = parser.parse_args()
    if not (SITE / "index.html").is_file():
        sys.exit("_site/ is not built: run `make site` first")

    with tempfile.TemporaryDirectory() as bare_dir, sync_playwright() as playwright:
        make_bare_site(Path(bare_dir))
        servers = {"Mastermind": serve.start(SITE), "bare PyScript": serve.start(Path(bare_dir))}
        urls = {name: f"http://127.0.0.1:{server.server_port}/" for name, server in servers.items()}
        executable = chromium_executable()
        browser = playwright.chromium.launch(
            args=LAUNCH_FLAGS, **({"executable_path": executable} if executable else {})
        )
        for url in urls.values():  # warm the OS file cache and the server; not counted
            load_once(browser, url)
        samples: dict[str, list[dict[str, float]]] = {name: [] for name in urls}
        for _ in range(args.runs):
            for name, url in urls.items():
                samples[name].append(load_once(browser, url))
        browser.close()
        for server in servers.values():
            server.shutdown()

    def median(name: str, key: str) -> float:
        return statistics.median(sample[key] for sample in samples[name])

    print(f"Time to playable, median of {args.runs} cold loads each (ms), Chromium {browser.version}")
    print(f"| {'page':<14} | {'playable':>8} | {'min':>6} | {'max':>6} | {'first paint':>11} | {'longest task':>12} | {'after boot':>10} |")
    print(f"|{'-' * 16}|{'-' * 9}:|{'-' * 7}:|{'-' * 7}:|{'-' * 12}:|{'-' * 13}:|{'-' * 11}:|")
    for name in urls:
        times = [sample["playable"] for sample in samples[name]]
        print(
            f"| {name:<14} | {median(name, 'playable'):8.0f} | {min(times):6.0f} | {max(times):6.0f} "
            f"| {median(name, 'fcp'):11.0f} | {median(name, 'longest'):12.0f} | {max(s['after_boot'] for s in samples[name]):10.0f} |"
        )
    ratio = median("Mastermind", "playable") / median("bare PyScript", "playable")
    print(f"Ratio Mastermind / bare: {ratio:.2f}x (goal: at most 1.15x)")


if __name__ == "__main__":
    main()
