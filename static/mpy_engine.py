"""The Solo screen's engine on the main thread (MicroPython): the engine's worker relayed for the
session (``engine`` effects), the hint and the count (``assist``), and the Review (``review``).

The relay lives here, on the main thread, rather than in the page's worker: the session's
protocol already speaks through the main thread (its effects, the review's progress sentences shown
by this thread's timer), and a request and its answer are a few hundred bytes of JSON text
passed on, never worked on here. The engine's worker (``static/engine-worker.mjs``) starts with the
first request; a newer
request of a lane makes an older one stale there, and the session drops an answer about a
position left. If that worker cannot start or dies, the session is told once (``engine-here``:
it says so), and the requests, those it held too, go to the page's worker, which answers them
with the same code (``static/page-worker.mjs``): slower, never on this thread.
"""

import json
from typing import TYPE_CHECKING

import js
from mpy_dom import by_id, element, keep_history, place_text, plain, show_below_history

if TYPE_CHECKING:
    from typing import Any

    from mpy_page import Screen

WORKER = "static/engine-worker.mjs"
MEASURE = "mastermind:engine"
"""The performance measure of each request the relay had answered, from its asking to its answer
(``bench/`` and the long-task tests read it)."""


class Relay:
    """The engine's one worker for the session, started on the first request."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.worker: Any = None
        self.failed = False
        self.numbered = 0
        self.waiting: dict[int, tuple[Any, str, str, float]] = {}
        """By the worker's number of a request: the session's (None: no one waits for the answer,
        work ahead), its lane, its JSON text, and when it was asked."""
        self.review: list[Any] | None = None
        """The review being worked out: its number here, its progress sentences, the guesses done."""
        self.reporting: dict[int, float] = {}
        """By number, the requests whose progress the session wants (Solve's analysis), and the
        milliseconds after which it does (``report_after_ms``: a quick answer shows none)."""

    def start(self) -> None:
        if self.worker is not None:
            return
        try:
            worker = js.Worker.new(js.URL.new(WORKER, js.document.baseURI).href, plain({"type": "module"}))
        except Exception as error:  # no module workers here, or the address refused
            self.fail(str(error))
            return
        worker.onmessage = self.on_message
        worker.onerror = lambda event: self.fail(str(getattr(event, "message", "") or "the worker stopped"))
        self.worker = worker

    def relay(self, effect: Any) -> None:
        """Post the session's request (an ``engine`` effect) to the worker; a review's progress
        is said after ``progress_after_ms``. Work ahead is done by the engine's own worker only."""
        if effect["id"] is None and self.failed:
            return
        self.start()
        self.numbered += 1
        number = self.numbered
        self.waiting[number] = (effect["id"], effect["lane"], json.dumps(effect["request"]), js.performance.now())
        if "report_after_ms" in effect:
            self.reporting[number] = effect["report_after_ms"]
        if "progress" in effect:
            self.review = [number, effect["progress"], 0]
            js.setTimeout(lambda: self.show_progress(number), effect["progress_after_ms"])
        self.post(number)

    def post(self, number: int) -> None:
        _asked_by, lane, text, _asked = self.waiting[number]
        self.worker.postMessage(plain({"id": number, "kind": lane, "text": text}))

    def on_message(self, event: Any) -> None:
        data = json.loads(js.JSON.stringify(event.data))
        if "failed" in data:
            self.fail(data["failed"])
            return
        number = data.get("id")
        if number not in self.waiting:
            return
        if "progress" in data:
            self.progress(number, data["progress"])
            return
        asked_by, _lane, _text, asked = self.waiting.pop(number)
        self.reporting.pop(number, None)
        js.performance.measure(MEASURE, plain({"start": asked}))
        if self.review and self.review[0] == number:
            self.review = None
            by_id("review-progress").hidden = True
        if "error" in data:
            js.console.error(WORKER + ": " + data["error"])
        elif "answer" in data and asked_by is not None:
            self.screen.send("engine", {"id": asked_by, "answer": json.loads(data["answer"])})

    def fail(self, reason: str) -> None:
        """The worker could not start or died: the session says so, once, and the page's worker
        answers from now on, the requests this one held too (not the work ahead: the question,
        asked, is answered in full)."""
        if self.failed:
            return
        self.failed = True
        js.console.warn(WORKER + ": " + reason)
        if self.worker is not None:
            self.worker.terminate()
        self.worker = self.screen.port.engine
        self.worker.onmessage = self.on_message
        self.screen.send("engine-here")
        for number in sorted(self.waiting):
            if self.waiting[number][0] is None:
                del self.waiting[number]
            else:
                self.post(number)

    def show_progress(self, number: int) -> None:
        """The review takes a while: say how far it has come (unless it is shown already)."""
        if self.review and self.review[0] == number and by_id("review-panel").hidden:
            node = by_id("review-progress")
            node.hidden = False
            place_text(node, self.review[1][self.review[2]])

    def progress(self, number: int, done: float) -> None:
        asked_by, _lane, _text, asked = self.waiting[number]
        if number in self.reporting and js.performance.now() - asked >= self.reporting[number]:
            self.screen.send("engine-progress", {"id": asked_by, "done": done})
        if self.review and self.review[0] == number:
            self.review[2] = min(int(done), len(self.review[1]) - 1)
            node = by_id("review-progress")
            if not node.hidden:
                place_text(node, self.review[1][self.review[2]])


def draw_assist(part: Any) -> None:
    """The Hint button (while assist is on; disabled while a hint is thought or the game is over)
    and the count of the codes still possible (hidden: None)."""
    hint = by_id("hint")
    hint.hidden = not part["hint"]
    hint.disabled = part["hint_disabled"]
    count = by_id("assist-count")
    count.hidden = part["count"] is None
    if part["count"] is not None:
        place_text(count, part["count"])


def draw_review(part: Any) -> None:
    """The finished game's Review below the board: the table (Skill, Luck and the codes left of
    each guess), its summary and note; None hides it (a new game)."""
    panel = by_id("review-panel")
    if part is None:
        panel.hidden = True
        return
    head = element("tr")
    for text in part["headers"]:
        cell = element("th", "", text)
        cell.scope = "col"
        head.append(cell)
    table = by_id("review")
    table.tHead.replaceChildren(head)
    body = table.tBodies[0]
    body.replaceChildren()
    for values in part["rows"]:
        row = element("tr")
        for value in values:
            row.append(element("td", "", value))
        body.append(row)
    place_text(by_id("review-summary"), part["summary"])
    place_text(by_id("review-note"), part["note"])
    show_below_history(panel, keep=False)  # kept as Review was pressed, before its reply changed the board


def review(screen: Screen) -> None:
    """Review pressed: the History's height as the player sees it now, then the session asked."""
    keep_history()
    screen.send("review")


def install(screen: Screen) -> None:
    """Register this part's drawers, effects, dialogs and buttons on `screen`, and wire its events."""
    relay = Relay(screen)
    screen.effects["engine"] = relay.relay
    screen.parts["assist"] = draw_assist
    screen.parts["review"] = draw_review
    screen.end_actions["review"] = lambda event: review(screen)
    screen.listen(by_id("hint"), "click", lambda event: screen.send("hint"))
