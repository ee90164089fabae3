"""The page's entry, which PyScript runs: the Solo board's shell (``static/board.py``) and every
other module come from ``mastermind.zip`` as bytecode, so PyScript only compiles these lines
(compiling the whole shell from source took 20-50 ms of each start; docs/startup.md).
"""

import os
import sys
from typing import Any

from js import Promise, performance, setTimeout

performance.mark("mastermind:start")  # the start-up's phases, which bench/startup.py reports


def next_task() -> Any:
    """Resolves in a new task: awaiting it lets the browser paint and handle input in between,
    so no stretch of start-up work blocks the page for long."""
    return Promise.new(lambda resolve, reject: setTimeout(resolve, 0))


await next_task()  # noqa: F704 (PyScript runs this with top-level await): leave PyScript's own task
sys.path.insert(0, os.path.abspath("mastermind.zip"))  # the package, with bytecode (tools/build_site.py)
import dataclass_code  # noqa: E402  (static/dataclass_code.py, in the same zip)

dataclass_code.install()  # before the package's classes are made
import board  # noqa: E402 (from the zip, once it is on sys.path)

from mastermind.page.address import MODE  # noqa: E402 (from the zip too)

performance.mark("mastermind:imported")
await next_task()  # noqa: F704 (PyScript runs this with top-level await)
page, opening = board.start()
if opening != MODE:  # asked for by ?mode=, or left in that mode last time: its game resumes
    await next_task()  # noqa: F704 (PyScript runs this with top-level await)
    page.open_mode(opening)
