"""Cooperative thinking: long searches hand control back often enough for a page to stay live.

The solver's searches are generators that yield ``None`` very often (every few hundred
microseconds of work). Handing control to the browser that often would cost more than the work
(every ``await asyncio.sleep(0)`` is a trip through the event loop), so :func:`paced` passes on
only one tick per time slice.

>>> def work():
...     for _ in range(3):
...         yield None
...     return "done"
>>> thinking = paced(work(), slice_seconds=0.0)
>>> [next(thinking) for _ in range(3)]
[None, None, None]
>>> next(thinking)
Traceback (most recent call last):
...
StopIteration: done
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Generator
from typing import TypeVar, cast

T = TypeVar("T")

SLICE_SECONDS = 0.02
"""At most this long between two hand-backs (the page budget is ~100 ms, Pyodide is ~2x slower)."""

Thinking = Generator[None, None, T]
"""A computation that yields ``None`` to hand control back and returns its result."""


def paced(work: Thinking[T], slice_seconds: float = SLICE_SECONDS,
          clock: Callable[[], float] = time.perf_counter) -> Thinking[T]:
    """`work`, yielding to the caller only once every `slice_seconds`, then returning its result."""
    since = clock()
    while True:
        try:
            next(work)
        except StopIteration as finished:
            return cast(T, finished.value)  # StopIteration.value is untyped
        now = clock()
        if now - since >= slice_seconds:
            since = now
            yield None


async def run_async(work: Thinking[T]) -> T:
    """Run `work` in a page's event loop, letting the page draw and react between slices:
    ``guess = await run_async(breaker.think(history))``."""
    while True:
        try:
            next(work)
        except StopIteration as finished:
            return cast(T, finished.value)  # StopIteration.value is untyped
        await asyncio.sleep(0)


def finish(work: Thinking[T]) -> T:
    """Run `work` to the end without handing back: for CPython callers, tests and benchmarks."""
    while True:
        try:
            next(work)
        except StopIteration as finished:
            return cast(T, finished.value)  # StopIteration.value is untyped
