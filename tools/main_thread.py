"""The page's main-thread tasks in a Chromium trace, each with its wall time and its thread time.

A long task (50 ms or more, as a ``PerformanceObserver`` of ``longtask`` entries reports it) is
timed by the wall clock: on a machine whose cores other processes share, a task of 20 ms can take
200 ms while the system runs something else. The trace also gives each task's thread time
(``tdur``), which only counts while the thread runs; under DevTools' CPU throttling it includes
the throttling (a loop of 110 ms takes 460-480 ms of thread time at 4x, measured), so it is the
task's length at that throttling on a core of its own. ``bench/long_tasks.py --trace`` tells
the two apart with it.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import NamedTuple

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "loading"]
"""The trace categories that hold the main thread's tasks (``RunTask``, with their thread times)
and the first paint."""


class Task(NamedTuple):
    """A main-thread task: when it began (ms after the first contentful paint: before it, less than
    0), its wall and thread times (ms)."""

    start: float
    wall: float
    thread: float


def tasks_after_first_paint(trace: bytes, longer_than_ms: float) -> list[Task]:
    """The page's main-thread tasks of `trace` (``Browser.stop_tracing()``'s bytes) of at least
    `longer_than_ms` by the wall clock that end after the first contentful paint."""
    events = json.loads(trace)["traceEvents"]
    paint = next(event for event in events if event.get("name") == "firstContentfulPaint")
    renderer = paint["pid"]
    threads = [(event["pid"], event["tid"]) for event in events
               if event.get("name") == "thread_name" and event["pid"] == renderer and event["args"]["name"] == "CrRendererMain"]
    busiest = Counter((event["pid"], event["tid"]) for event in events if (event.get("pid"), event.get("tid")) in threads)
    main = busiest.most_common(1)[0][0]
    tasks = [event for event in events
             if (event.get("pid"), event.get("tid")) == main and event.get("name") == "RunTask" and event.get("ph") == "X"]
    if not tasks:
        raise ValueError("the trace holds no main-thread task: record it with CATEGORIES")
    return [Task((event["ts"] - paint["ts"]) / 1000, event["dur"] / 1000, event.get("tdur", event["dur"]) / 1000)
            for event in tasks if event.get("dur", 0) >= longer_than_ms * 1000 and event["ts"] + event["dur"] > paint["ts"]]
