"""The page's entry, which PyScript runs: the Solo board's shell (``static/board.py``) and every
other module come from ``mastermind.zip`` as bytecode, so PyScript only compiles these lines
(compiling the whole shell from source took 20-50 ms of each start; docs/startup.md).

The page's language is ``<html lang>``, which ``static/shell.js`` set before Python started; its
catalog (``locale/<tag>.mo``, none for English) is fetched at once, while the package loads, and is
in use before anything is drawn. A catalog that cannot be fetched (offline, not cached) leaves the
page in English: the game plays on.
"""

import os
import sys
from typing import Any

from js import Promise, console, document, fetch, performance, setTimeout

performance.mark("mastermind:start")  # the start-up's phases, which bench/startup.py reports
language = document.documentElement.lang or "en"
catalog = None if language == "en" else fetch(f"locale/{language}.mo")  # under way while the rest loads


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
from mastermind.page.words import speak  # noqa: E402 (from the zip too)


async def catalog_bytes(request: Any) -> bytes | None:
    """The bytes of the catalog `request` fetches; None, with a word in the console, when it fails."""
    try:
        response = await request
        if not response.ok:
            raise OSError(f"HTTP {response.status}")
        return bytes((await response.arrayBuffer()).to_bytes())
    except Exception as error:  # any failure: the page is still playable, in English
        console.warn(f"locale/{language}.mo: {error}; the page is in English.")
        return None


if catalog is not None:
    words = await catalog_bytes(catalog)  # noqa: F704 (PyScript runs this with top-level await)
    if words is not None and not speak(language, words):
        console.warn(f"locale/{language}.mo is no catalog of a language the game has: the page is in English.")
performance.mark("mastermind:imported")
await next_task()  # noqa: F704 (PyScript runs this with top-level await)
page, opening = board.start()
if opening != MODE or board.elsewhere(MODE) is not None:  # asked for by ?mode=, or left in that mode last time: its game resumes (Solo's on its own page)
    await next_task()  # noqa: F704 (PyScript runs this with top-level await)
    page.open_mode(opening, arriving=True)
