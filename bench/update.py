"""Bytes a deployment costs: a first visit, then an update after a one-line change to the page's
Python, served as GitHub Pages serves a fork (under ``/mastermind/``, gzip, ``Cache-Control:
max-age=600``, ETags).

The site is built twice from a copy of the sources: as it is, then with one line added to a
module of the package the page ships (``mastermind/game.py``, which travels in ``mastermind.zip``)
or, with ``--change static/mpy_page.py``, to any other file. A fresh browser context opens the first
build and waits until the service worker has installed; the server switches to the second build
in one step; the same tab reloads, which finds the new worker, and the bench waits for the
"New version available" banner, then presses its ``Reload``. The server counts what it sends
(``tools/serve.py``): every file of the first visit, what the update moves before the banner
shows, and what the reload after the click moves.

Usage: ``python bench/update.py [--change FILE] [--source DIR]`` (``--source``: the sources to
build, by default this repository; another checkout measures another version).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import serve
from browser import LAUNCH_FLAGS, chromium_executable

SOURCES = ("index.html", "pyproject.toml", "static", "mastermind", "tools")
"""What ``tools/build_site.py`` reads, besides ``node_modules``."""
CHANGE = "mastermind/game.py"
PLAYABLE = "() => { const b = document.querySelector('[role=\"group\"][aria-label=\"Palette\"] button'); return b && !b.disabled; }"


def build(source: Path, out: Path, change: str | None) -> None:
    """Build `source`'s site into `out`, with one line added at the end of `change` if given."""
    with tempfile.TemporaryDirectory() as scratch:
        tree = Path(scratch)
        for name in SOURCES:
            if (source / name).is_dir():
                shutil.copytree(source / name, tree / name, ignore=shutil.ignore_patterns("__pycache__"))
            elif (source / name).is_file():
                shutil.copy2(source / name, tree / name)
        (tree / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)
        if change:
            path = tree / change
            comment = "<!-- one line more -->" if path.suffix == ".html" else "ONE_LINE_MORE = True  # a new deployment"
            path.write_text(path.read_text() + comment + "\n")
        subprocess.run([sys.executable, str(tree / "tools" / "build_site.py"), str(out)], check=True, stdout=subprocess.DEVNULL)


def moved(sent: list[tuple[str, int, int]]) -> tuple[int, int, list[str]]:
    """Bytes and files sent with a body (not a 304), and the paths sent more than once."""
    bodies = [(path, size) for path, status, size in sent if status == 200]
    counts = Counter(path for path, _ in bodies)
    return sum(size for _, size in bodies), len(bodies), sorted(path for path, count in counts.items() if count > 1)


def wait_installed(page: Page) -> None:
    page.wait_for_function(PLAYABLE, timeout=600_000, polling=100)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=600_000, polling=100)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--change", default=CHANGE, help=f"the file that gets one line more (default {CHANGE})")
    parser.add_argument("--source", type=Path, default=ROOT, help="the sources to build (default: this repository)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as scratch, sync_playwright() as playwright:
        folder = Path(scratch)
        for name, change in (("first", None), ("second", args.change)):
            build(args.source.resolve(), folder / name, change)
        link = folder / "root" / "mastermind"
        link.parent.mkdir()
        link.symlink_to(folder / "first", target_is_directory=True)
        server = serve.start(link.parent, max_age=600)
        url = f"http://127.0.0.1:{server.server_port}/mastermind/"
        executable = chromium_executable()
        browser = playwright.chromium.launch(args=LAUNCH_FLAGS, executable_path=executable)
        context = browser.new_context()
        page = context.new_page()
        page.goto(url)
        wait_installed(page)
        page.wait_for_timeout(1000)  # anything late
        first = moved(server.sent)

        new = link.with_name("mastermind.new")
        new.symlink_to(folder / "second", target_is_directory=True)
        os.replace(new, link)  # the deployment, in one step
        server.sent.clear()
        page.reload()
        banner = page.get_by_role("alert").filter(has_text="New version available")
        expect(banner).to_be_visible(timeout=600_000)
        update = moved(server.sent)
        update_paths = sorted({path.removeprefix("/mastermind/") or "./" for path, status, _ in server.sent if status == 200})
        server.sent.clear()
        banner.get_by_role("button", name="Reload", exact=True).click()
        page.wait_for_timeout(500)
        wait_installed(page)
        page.wait_for_timeout(1000)
        after_click = moved(server.sent)
        version = browser.version
        browser.close()
        server.shutdown()

    print(f"Bytes a deployment moves, served like GitHub Pages (gzip, max-age=600), Chromium {version}; "
          f"the update adds one line to {args.change}")
    print("| visit | bytes | files | files sent twice |")
    print("|---|---:|---:|---|")
    for name, (size, files, twice) in (("first visit", first), ("update, until the banner", update),
                                       ("update, after Reload", after_click)):
        print(f"| {name} | {size:,} | {files} | {', '.join(twice) or 'none'} |")
    print(f"Update moved: {', '.join(update_paths)}")
    total = update[0] + after_click[0]
    print(f"Update after a one-line change: {total / 1000:,.0f} KB (goal: at most 500 KB); "
          f"first visit sends {'no file twice' if not first[2] else 'files twice: ' + ', '.join(first[2])}")


if __name__ == "__main__":
    main()
