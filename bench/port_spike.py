"""Build the port spike's plain JavaScript page beside a built site, to measure against it (docs/startup.md).

``python bench/port_spike.py [SITE] [OUT]`` copies `SITE` (default ``_site``) to `OUT` (default
``_site-spike``) and writes ``spike-js.html``, made from the site's own ``index.html`` (same CSP,
Trusted Types, shell.js and style): the Solo board the page's worker (``static/page-worker.mjs``)
describes as plain data, drawn by the adapter written in plain JavaScript (``plain.mjs``), the
floor the MicroPython page (the site's ``solo.html``, which grew out of the spike's MicroPython
variant) is measured against. The spike's two other variants (MicroPython alone, and through
PyScript's core) are gone: their figures are in docs/startup.md.

Then ``python tools/lighthouse.py OUT --url /solo.html --url /spike-js.html``.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

LOADER = '<script type="module" src="static/main.mjs"></script>'


def main(site: Path, out: Path) -> None:
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(site, out)
    shutil.copytree(ROOT / "bench" / "port-spike", out / "bench" / "port-spike")
    page = (site / "index.html").read_text()
    (out / "spike-js.html").write_text(page.replace(LOADER, '<script type="module" src="bench/port-spike/plain.mjs"></script>'))


if __name__ == "__main__":
    arguments = [Path(argument) for argument in sys.argv[1:]]
    main(*(arguments + [Path("_site"), Path("_site-spike")][len(arguments):]))
