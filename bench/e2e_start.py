"""What an end-to-end test's start costs, phase by phase, in wall time and in CPU seconds of the
whole process tree (this script, Playwright's driver, Chromium and its renderers: on a shared
machine the CPU seconds say more than the wall).

Each of N rounds opens the Solo page as a test's `page` does and plays three clicks: a context
(and a page) made, the page loaded until playable (Pyodide's start, the package's import, the
first board), the body, then the context closed (or, for `kept`, the origin's data cleared as
e2e/conftest.py's Profile does). The ways, each in a browser of its own:

* ``fresh-traced``: a fresh context per test, traced as pytest-playwright traces (the old suite);
* ``fresh``: the same untraced;
* ``kept``: one persistent profile, the site served with ``max-age=600`` (the suite now).

Usage: ``.venv/bin/python bench/e2e_start.py [ROUNDS] [WAY ...]`` after ``make site``. The first
round (caches cold) is reported apart.
"""

from __future__ import annotations

import itertools
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "e2e"))
import serve  # tools/serve.py
from browser import LAUNCH_FLAGS, chromium_executable
from conftest import Profile, Solo  # type: ignore[import-not-found]  # e2e/conftest.py, put on the path above (mypy checks bench/ alone)

TICK = os.sysconf("SC_CLK_TCK")
PHASES = ("context and page", "load to playable", "body (3 clicks)", "close or clear")


SEEN: dict[tuple[int, str], float] = {}
"""The CPU seconds last read of each process of the tree (by pid and start time), so that a process
that has ended (a closed page's renderer) still counts what it spent up to then."""


def tree_cpu(root: int) -> float:
    """CPU seconds (user and system) spent so far by `root` and every process under it, ended or not."""
    children: dict[int, list[int]] = {}
    spent: dict[int, tuple[str, float]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            stat = Path(f"/proc/{name}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        children.setdefault(int(fields[1]), []).append(int(name))
        spent[int(name)] = fields[19], (int(fields[11]) + int(fields[12])) / TICK
    todo = [root]
    while todo:
        pid = todo.pop()
        if pid in spent:
            SEEN[pid, spent[pid][0]] = spent[pid][1]
        todo += children.get(pid, [])
    return sum(SEEN.values())


def now() -> tuple[float, float]:
    """The wall clock and the CPU seconds this script's tree has spent."""
    return time.perf_counter(), tree_cpu(os.getpid())


def rounds(way: str, count: int) -> list[list[tuple[float, float]]]:
    server = serve.start(ROOT / "_site", max_age=600 if way == "kept" else None)
    url = f"http://127.0.0.1:{server.server_port}/"
    launch: dict[str, Any] = {"executable_path": chromium_executable(), "args": [*LAUNCH_FLAGS, "--lang=en-US"]}
    results = []
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as folder:
        browser = None if way == "kept" else playwright.chromium.launch(**launch)
        kept = Profile(lambda: playwright.chromium.launch_persistent_context(folder, **launch), url)
        for _ in range(count):
            marks = [now()]
            if browser is None:
                page: Page = kept.page()
            else:
                context = browser.new_context()
                if way == "fresh-traced":
                    context.tracing.start(screenshots=True, snapshots=True, sources=True)
                page = context.new_page()
            marks.append(now())
            game = Solo(page, url).open()
            marks.append(now())
            for _ in range(3):
                game.palette_button(0).click()
            marks.append(now())
            if browser is None:
                kept.clear()
            else:
                if way == "fresh-traced":
                    context.tracing.stop(path=Path(folder) / "trace.zip")
                context.close()
            marks.append(now())
            results.append([(b[0] - a[0], b[1] - a[1]) for a, b in itertools.pairwise(marks)])
        kept.close()
    server.shutdown()
    return results


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    for way in sys.argv[2:] or ["fresh-traced", "fresh", "kept"]:
        results = rounds(way, count)
        later = results[1:] or results
        print(f"{way}: {count} rounds; mean of rounds 2-{count} (round 1), wall s / CPU s")
        for index, phase in enumerate(PHASES):
            wall = sum(row[index][0] for row in later) / len(later)
            cpu = sum(row[index][1] for row in later) / len(later)
            print(f"  {phase:18} {wall:6.2f} / {cpu:5.2f}   ({results[0][index][0]:.2f} / {results[0][index][1]:.2f})")
        print(f"  {'a test in all':18} {sum(sum(p[0] for p in row) for row in later) / len(later):6.2f} / "
              f"{sum(sum(p[1] for p in row) for row in later) / len(later):5.2f}")


if __name__ == "__main__":
    main()
