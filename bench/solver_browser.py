"""The computer players in the browser: the same engine and the same measurements as
``bench/solver.py``, run by the vendored Pyodide of the built site in Chromium.

A scratch page beside the built site's ``vendor/`` folder loads Pyodide, unpacks the site's
``mastermind.zip`` (the package exactly as the page gets it), hands it the strategy files the
page fetches on demand, and runs ``bench/solver.py``'s :func:`measure` for each shape, with
HAL9000. Each move is stepped through ``think()`` as the page steps it, so "slice max" is the
longest the main thread would stay busy before handing back.

    make site && .venv/bin/python bench/solver_browser.py            # 4x6, 5x8 and the 6-peg games
    .venv/bin/python bench/solver_browser.py --sample 50 --shapes 5x8

Shapes as in ``bench/solver.py``; ``4x6-assist`` is the classic game after a person's own first
guess left HAL9000's tree, as with a hint in Solo.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_site"
sys.path.insert(0, str(ROOT / "tools"))
import serve
from browser import LAUNCH_FLAGS, chromium_executable

sys.path.insert(0, str(ROOT / "bench"))
import solver as solver_bench  # the same module runs in Pyodide, as solver_bench

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Solver benchmark</title></head>
<body><script type="module">
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
window.pyodideReady = (async () => {
  const pyodide = await loadPyodide({ indexURL: "./vendor/pyodide/" });
  pyodide.unpackArchive(await (await fetch("./mastermind.zip")).arrayBuffer(), "zip");
  pyodide.FS.writeFile("solver_bench.py", await (await fetch("./solver_bench.py")).text());
  // The larger games' strategy files, fetched as the page fetches them (not timed here).
  const strategy = pyodide.pyimport("mastermind.solver.strategy");
  const listed = JSON.parse(pyodide.FS.readFile("mastermind/data/on-demand.json", { encoding: "utf8" }));
  for (const path of Object.values(listed)) strategy.provide(path, await (await fetch(path)).text());
  window.pyodide = pyodide;
  return pyodide.runPython("import sys; sys.version.split()[0]");
})();
</script></body></html>
"""

RUN = "import json, solver_bench; json.dumps(solver_bench.measure(NAME, 'HAL9000', SAMPLE))"

SHAPES = {"4x6": None, "4x6-assist": 200, "5x8": 100, "6x9": 30, "6x10": 30, "6x10-norepeat": 30}
"""The shapes measured, with their sample sizes (None: every secret)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shapes", nargs="+", choices=list(SHAPES), default=list(SHAPES))
    parser.add_argument("--sample", type=int, help="secrets per shape (default: all 1296, 200, 100, then 30)")
    parser.add_argument("--site", type=Path, default=SITE, help="the built site (default: _site)")
    arguments = parser.parse_args()
    site = arguments.site.resolve()
    if not (site / "mastermind.zip").is_file():
        raise SystemExit(f"solver_browser: no built site with mastermind.zip in {site}; run `make site` first")
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        (folder / "index.html").write_text(PAGE)
        (folder / "solver_bench.py").write_text((ROOT / "bench" / "solver.py").read_text())
        (folder / "vendor").symlink_to(site / "vendor", target_is_directory=True)
        (folder / "mastermind.zip").symlink_to(site / "mastermind.zip")
        (folder / "data").symlink_to(site / "data", target_is_directory=True)
        server = serve.start(folder)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium_executable(), args=LAUNCH_FLAGS)
                page = browser.new_page()
                page.goto(f"http://127.0.0.1:{server.server_port}/index.html")
                version = page.evaluate("window.pyodideReady", None)
                print(f"Chromium {browser.version}, Pyodide's Python {version}; "
                      "moves timed through think(), in milliseconds")
                print(solver_bench.HEADER)
                for name in arguments.shapes:
                    sample = arguments.sample or SHAPES[name]
                    result = page.evaluate(
                        "([code, name, sample]) => { const py = window.pyodide;"
                        " py.globals.set('NAME', name); py.globals.set('SAMPLE', sample);"
                        " return py.runPython(code); }",
                        [RUN, name, sample],
                    )
                    print(solver_bench.row(json.loads(result)), flush=True)
                browser.close()
        finally:
            server.shutdown()


if __name__ == "__main__":
    main()
