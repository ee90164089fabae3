"""Build the port spike's pages beside a built site, to measure them against it (docs/startup.md).

``python bench/port_spike.py [SITE] [OUT]`` copies `SITE` (default ``_site``) to `OUT` (default
``_site-spike``), vendors MicroPython from node_modules, and writes three pages made from the site's
own ``index.html`` (same CSP, Trusted Types, shell.js and style), each drawing the Solo board a
Pyodide module worker (``bench/port-spike/worker.mjs``) describes as plain data:

- ``spike-mpy.html``: PyScript core running ``adapter.py`` as ``<script type="mpy">``;
- ``spike-micropython.html``: MicroPython alone (``micropython.mjs``) running ``adapter.py``;
- ``spike-js.html``: the same adapter in plain JavaScript (``plain.mjs``).

Then ``python tools/lighthouse.py OUT --url /?mode=solo --url /spike-mpy.html ...``.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MICROPYTHON = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
PY_SCRIPT = re.compile(r'<script type="py"[^>]*></script>')
CORE = '<script type="module" src="vendor/pyscript/core.js"></script>'
CORE_CSS = '<link rel="stylesheet" href="vendor/pyscript/core.css">'
NOT_NEEDED = (
    '<link rel="preload" href="vendor/pyscript/core.css" as="style">',
    '<script src="static/sw-register.js" defer></script>',  # registers on PyScript's py:all-done
    '<link rel="preload" href="pyscript-bytecode.zip" as="fetch" crossorigin="anonymous">',
    '<link rel="preload" href="mastermind.zip" as="fetch" crossorigin="anonymous">',  # the worker fetches it
)


def page(index: str, head: str, body: str, keep_core: bool) -> str:
    for line in NOT_NEEDED:
        index = index.replace(line, "")
    if not keep_core:
        index = index.replace(CORE_CSS, "")
        index = re.sub(r"<mpy-config>.*?</mpy-config>", "", index, flags=re.DOTALL)
    index = index.replace(CORE, head)
    return PY_SCRIPT.sub(body, index)


def main(site: Path, out: Path) -> None:
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(site, out)
    shutil.copytree(MICROPYTHON, out / "vendor" / "micropython", ignore=shutil.ignore_patterns("*ulab*", "*settrace*"))
    shutil.copytree(ROOT / "bench" / "port-spike", out / "bench" / "port-spike")
    index = (site / "index.html").read_text()
    plugins = re.search(r"<mpy-config>(.*?)</mpy-config>", index, re.DOTALL)
    assert plugins is not None
    # PyScript loads the plugins its first type's (py) configuration keeps, even with no py script.
    mpy_config = f"<py-config>{plugins[1]}</py-config>" + '<mpy-config>{"interpreter": "./vendor/micropython/micropython.mjs", "plugins":'
    pages = {
        "spike-mpy.html": page(index.replace('<mpy-config>{"plugins":', mpy_config), CORE,
                               '<script type="mpy" src="bench/port-spike/adapter.py"></script>', True),
        "spike-micropython.html": page(index, '<script type="module" src="bench/port-spike/micropython-alone.mjs"></script>', "", False),
        "spike-js.html": page(index, '<script type="module" src="bench/port-spike/plain.mjs"></script>', "", False),
    }
    for name, text in pages.items():
        (out / name).write_text(text)


if __name__ == "__main__":
    arguments = [Path(argument) for argument in sys.argv[1:]]
    main(*(arguments + [Path("_site"), Path("_site-spike")][len(arguments):]))
