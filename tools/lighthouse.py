"""Lighthouse on the built site, as a new player on a phone meets it: ``make lighthouse``.

``python tools/lighthouse.py [SITE] [--runs N] [--url PATH ...]`` serves `SITE` (default
``_site``) with the project's own server (:mod:`serve`: gzip, as GitHub Pages sends it, and
``no-store``), runs the pinned Lighthouse from ``node_modules`` (package.json) `N` times (default
3) on each address (default ``/`` and ``/?mode=solo``) with the system Chromium (``CHROME_PATH``,
else /usr/bin/chromium), and prints per address the median of each score and metric and which of
the targets are met.

Every run is a first visit: Lighthouse starts Chromium with a fresh profile and clears the
origin's storage, caches and service worker before loading; its default mobile preset simulates
a slow 4G link and a CPU four times slower. The figures move from run to run (the machine is
shared, the throttling simulated), hence the median. It measures, it does not gate: the exit
status is 0 whether the targets are met or not (a failed Lighthouse run is an error).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from pathlib import Path

import serve

ROOT = Path(__file__).resolve().parent.parent
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
URLS = ("/", "/?mode=solo")


@dataclass(frozen=True)
class Figures:
    """One Lighthouse report's scores (0-100) and metrics (ms, except CLS and bytes)."""

    performance: float
    accessibility: float
    best_practices: float
    seo: float
    fcp: float
    lcp: float
    tbt: float
    speed_index: float
    cls: float
    bytes: float


CATEGORIES = {"performance": "performance", "accessibility": "accessibility",
              "best_practices": "best-practices", "seo": "seo"}
"""Figures' score fields and the report's category ids."""
AUDITS = {"fcp": "first-contentful-paint", "lcp": "largest-contentful-paint", "tbt": "total-blocking-time",
          "speed_index": "speed-index", "cls": "cumulative-layout-shift", "bytes": "total-byte-weight"}
"""Figures' metric fields and the report's audit ids (their ``numericValue``)."""


def parse(report: dict[str, object]) -> Figures:
    """The figures of a Lighthouse JSON report; a report without one of them (a run that failed to
    load the page) raises ValueError naming what is missing, rather than counting it as zero."""
    categories = report.get("categories")
    audits = report.get("audits")
    if not isinstance(categories, dict) or not isinstance(audits, dict):
        raise ValueError("not a Lighthouse report: no categories or audits")
    values: dict[str, float] = {}
    for field, key in CATEGORIES.items():
        score = categories.get(key, {}).get("score")
        if not isinstance(score, (int, float)):
            raise ValueError(f"no {key} score")
        values[field] = round(score * 100)
    for field, key in AUDITS.items():
        value = audits.get(key, {}).get("numericValue")
        if not isinstance(value, (int, float)):
            raise ValueError(f"no {key} value")
        values[field] = float(value)
    return Figures(**values)


def median(runs: Sequence[Figures]) -> Figures:
    """Each figure's median over `runs` (each figure on its own, as Lighthouse's own advice does)."""
    if not runs:
        raise ValueError("no runs")
    return Figures(**{f.name: statistics.median(getattr(run, f.name) for run in runs) for f in fields(Figures)})


@dataclass(frozen=True)
class Target:
    """One of issue's targets: a label and the test a figure must pass."""

    label: str
    met: Callable[[Figures], bool]


TARGETS = (
    Target("Performance >= 90", lambda f: f.performance >= 90),
    Target("Accessibility 100", lambda f: f.accessibility == 100),
    Target("Best practices 100", lambda f: f.best_practices == 100),
    Target("SEO 100", lambda f: f.seo == 100),
    Target("TBT <= 200 ms", lambda f: f.tbt <= 200),
    Target("LCP <= 2.5 s", lambda f: f.lcp <= 2500),
    Target("CLS <= 0.02", lambda f: f.cls <= 0.02),
    Target("bytes <= 4.5 MB", lambda f: f.bytes <= 4_500_000),
)


def verdicts(figures: Figures) -> list[tuple[str, bool]]:
    """Each target's label and whether `figures` meet it."""
    return [(target.label, target.met(figures)) for target in TARGETS]


def describe(url: str, figures: Figures, runs: int) -> str:
    """The lines printed for one address: the medians, then the targets met and missed."""
    f = figures
    lines = [
        f"{url} (median of {runs})",
        f"  Performance {f.performance:.0f}  Accessibility {f.accessibility:.0f}  "
        f"Best practices {f.best_practices:.0f}  SEO {f.seo:.0f}",
        f"  FCP {f.fcp / 1000:.1f} s  LCP {f.lcp / 1000:.1f} s  TBT {f.tbt:,.0f} ms  "
        f"Speed index {f.speed_index / 1000:.1f} s  CLS {f.cls:.3f}  bytes {f.bytes / 1e6:.2f} MB",
    ]
    results = verdicts(figures)
    met = [label for label, ok in results if ok]
    missed = [label for label, ok in results if not ok]
    lines.append(f"  targets met ({len(met)}/{len(results)}): {', '.join(met) or 'none'}")
    if missed:
        lines.append(f"  targets missed: {', '.join(missed)}")
    return "\n".join(lines)


def run_once(url: str, out: Path) -> Figures:
    """One Lighthouse run of `url` (mobile preset, fresh profile), its JSON report kept in `out`."""
    env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")}
    subprocess.run(
        [str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={out}",
         "--only-categories=performance,accessibility,best-practices,seo",
         "--chrome-flags=--headless=new --no-sandbox --disable-gpu"],
        check=True, env=env,
    )
    return parse(json.loads(out.read_text(encoding="utf-8")))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", nargs="?", default="_site", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--url", action="append", help="an address under the site (repeatable)")
    parser.add_argument("--keep", type=Path, help="a folder to keep every run's JSON report in")
    args = parser.parse_args(argv)
    server = serve.start(args.site)
    base = f"http://127.0.0.1:{server.server_port}"
    with tempfile.TemporaryDirectory() as temp:
        reports = args.keep or Path(temp)
        reports.mkdir(parents=True, exist_ok=True)
        for n, path in enumerate(args.url or URLS):
            runs = [run_once(base + path, reports / f"url{n}-run{i}.json") for i in range(args.runs)]
            for i, run in enumerate(runs):
                print(f"{path} run {i + 1}: {run}", file=sys.stderr)
            print(describe(path, median(runs), len(runs)), flush=True)
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
