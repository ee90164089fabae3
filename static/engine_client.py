"""The page's side of the engine's Web Worker (``static/engine-worker.mjs``): :func:`ask` posts a
request of :mod:`mastermind.page.engine` as JSON and awaits the answer, so the engine's work never
runs on the page's thread.

The worker starts with the first question, or the first work asked ahead of one (:func:`ahead`:
the review's figures, after a game's first guess); its Pyodide loads then, beside the page's,
from the same cached files. A newer request of the same kind (lane) makes an older one stale: the worker drops
it, and its awaiting coroutine is cancelled here, so an answer about rows the person has since
changed is never drawn. If the worker cannot start or dies, the page says so once (:func:`news`,
in the status of the screen that draws the next answer) and answers every question itself, in
slices (:func:`mastermind.page.engine.ask_here`): the same answers, the page only less smooth.
"""

from __future__ import annotations

import asyncio
import json

from dom import Element, engine_data
from js import URL, Object, Worker, console, document, performance
from pyodide.ffi import create_proxy, to_js

from mastermind.page import engine
from mastermind.page.words import ENGINE_HERE, _

WORKER = "static/engine-worker.mjs"
MEASURE = "mastermind:engine"
"""The performance measure of each question the worker answered, from its asking to its answer."""


class EngineWorker:
    """The one worker of the page, started on the first :meth:`ask`."""

    def __init__(self) -> None:
        self.worker: Element = None
        self.failed = False
        self.unsaid = False
        self.numbered = 0
        self.waiting: dict[int, tuple[asyncio.Future[engine.Answer], engine.Progress | None, float]] = {}
        self.latest: dict[str, int] = {}

    def start(self) -> None:
        if self.worker is not None or self.failed:
            return
        try:
            self.worker = Worker.new(URL.new(WORKER, document.baseURI).href, to_js({"type": "module"}, dict_converter=Object.fromEntries))
        except Exception as error:  # a JsException: no module workers here, or the address refused
            self.fail(str(error))
            return
        self.worker.onmessage = create_proxy(self.on_message)
        self.worker.onerror = create_proxy(lambda event: self.fail(str(getattr(event, "message", "") or "error")))

    async def ask(self, request: engine.Request, progress: engine.Progress | None = None) -> engine.Answer:
        """The engine's answer to `request`, from the worker (:data:`mastermind.page.engine.Ask`);
        cancelled when a newer request of its kind was asked meanwhile."""
        number = self.post(request)
        if number is None:
            return await self.here(request, progress, self.latest[engine.lane(request)])
        future: asyncio.Future[engine.Answer] = asyncio.get_running_loop().create_future()
        self.waiting[number] = (future, progress, performance.now())
        try:
            return await future
        except WorkerDiedError:  # the worker died with this request: answer it here
            return await self.here(request, progress, number)

    def post(self, request: engine.Request) -> int | None:
        """Post `request` to the worker (started if need be) and say its number; None when the
        worker failed (nothing posted). It replaces the requests of its lane asked before it
        (:func:`mastermind.page.engine.lane`)."""
        self.start()
        lane = engine.lane(request)
        self.numbered += 1
        number = self.latest[lane] = self.numbered
        if self.failed:
            return None
        self.worker.postMessage(to_js({"id": number, "kind": lane, "text": json.dumps(request)}, dict_converter=Object.fromEntries))
        return number

    async def here(self, request: engine.Request, progress: engine.Progress | None, number: int) -> engine.Answer:
        await engine_data(engine.request_config(request))  # the worker fetches its own
        answer = await engine.ask_here(request, progress)
        if self.latest[engine.lane(request)] != number:
            raise asyncio.CancelledError  # replaced meanwhile, as the worker would have said
        return answer

    def on_message(self, event: Element) -> None:
        data = event.data
        if getattr(data, "failed", None):
            self.fail(data.failed)
            return
        waiting = self.waiting.get(data.id)
        if waiting is None:
            return
        future, progress, asked = waiting
        if getattr(data, "progress", None) is not None:
            if progress is not None:
                progress(data.progress)
            return
        del self.waiting[data.id]
        # From the question to the answer's arrival, for bench/ and the tests' long-task check.
        performance.measure(MEASURE, to_js({"start": asked}, dict_converter=Object.fromEntries))
        if future.done():
            return
        if getattr(data, "stale", False):
            future.cancel()
        elif getattr(data, "error", None):
            future.set_exception(RuntimeError(data.error))
        else:
            future.set_result(json.loads(data.answer))

    def fail(self, reason: str) -> None:
        """The worker could not start or died: say so once, and answer here from now on (the
        requests it held too)."""
        if self.failed:
            return
        self.failed = True
        console.warn(f"{WORKER}: {reason}")
        if self.worker is not None:
            self.worker.terminate()
        self.unsaid = True
        waiting, self.waiting = self.waiting, {}
        for future, _progress, _asked in waiting.values():
            if not future.done():
                future.set_exception(WorkerDiedError(reason))


class WorkerDiedError(Exception):
    """The worker died while it held a request."""


_worker = EngineWorker()


async def ask(request: engine.Request, progress: engine.Progress | None = None) -> engine.Answer:
    """The engine's answer to `request` (:data:`mastermind.page.engine.Ask`), from the worker."""
    return await _worker.ask(request, progress)


def ahead(request: engine.Request) -> None:
    """Have the worker work on `request` ahead of the question it prepares (the review's figures
    as the game goes, :func:`mastermind.page.engine.ahead_request`); no one waits for its answer,
    and where the worker cannot run nothing is done (the question, asked, is answered in full)."""
    _worker.post(request)


def news() -> str | None:
    """The sentence that the worker failed and the page now answers itself, once: the screen that
    draws an answer first says it in its status."""
    if not _worker.unsaid:
        return None
    _worker.unsaid = False
    return _(ENGINE_HERE)
