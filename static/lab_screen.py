"""The browser shell of the Lab: a player's strategy written, run, scored, stopped and watched.
``static/screens.py`` shows it when the mode is picked (:func:`show`).

No rule and no wording lives here: the markup is index.html's ``<template id="lab-screen">``,
:class:`mastermind.page.lab.LabView` decides what it shows and says, and the protocol's shapes
and checks are :mod:`mastermind.page.lab`'s. This module owns the Lab's worker
(``static/lab-worker.mjs``, started when the Lab is first opened): it posts the requests on a
private port, reads every answer through :func:`mastermind.page.lab.read`, and ends the worker
(``terminate``) when Stop is pressed or a guess outlasts the limit (the watchdog), then starts a
fresh one for what comes next. The strategy's text is the ``<textarea id="lab-code">``'s value
only (an editor may take its place and mirror it), and an error's line is its ``data-error-line``.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from dom import Element, by_id, element, fill_from_template, history_row, on, show_status, spawn
from js import URL, Blob, MessageChannel, Object, Worker, console, document, fetch, location, performance, setInterval, setTimeout, window
from pyodide.ffi import JsException, create_once_callable, create_proxy, to_js

from mastermind.page import lab, storage
from mastermind.page.strategies import Keeper
from mastermind.page.words import _

if TYPE_CHECKING:
    from board import Page

    from mastermind.page.strategies import Opened

WORKER = "static/lab-worker.mjs"
STARTER = "data/starter_strategy.py"
SVG = "http://www.w3.org/2000/svg"
MEASURE = "mastermind:lab-score"
"""The performance measure of a run's strategy games, from the score request to its result (bench/lab.py)."""
WATCHDOG_EVERY = 100
"""Milliseconds between two checks of the watchdog."""


class Stopped(Exception):  # noqa: N818 - an outcome, not a fault
    """The worker was ended: by Stop (`slow` False) or by the watchdog (`slow` True)."""

    def __init__(self, slow: bool) -> None:
        super().__init__("slow" if slow else "stopped")
        self.slow = slow


class LabWorker:
    """One Lab worker at a time: started on demand, ended by :meth:`end`; one request at a time."""

    def __init__(self, junk: Callable[[], None]) -> None:
        self.worker: Element = None
        self.port: Element = None
        self.ready: asyncio.Future[None] | None = None
        self.waiting: asyncio.Future[lab.Message] | None = None
        self.expected: int | None = None
        self.progress: Callable[[lab.Message], None] | None = None
        self.numbered = 0
        self.heard = time.monotonic()
        self.limit: float | None = None
        """The seconds the watchdog allows since the worker was last heard, while a request waits."""
        self.loaded: tuple[str, str] | None = None
        """The source and rules the worker has loaded."""
        self.junk = junk
        setInterval(create_proxy(self.watch), WATCHDOG_EVERY)

    def start(self) -> None:
        if self.worker is not None:
            return
        self.ready = asyncio.get_event_loop().create_future()
        self.worker = Worker.new(URL.new(WORKER, document.baseURI).href, to_js({"type": "module"}, dict_converter=Object.fromEntries))
        channel = MessageChannel.new()
        self.port = channel.port1
        self.port.onmessage = create_proxy(self.on_answer)
        self.worker.onmessage = create_proxy(lambda event: self.junk())  # only a strategy posts there
        self.worker.onerror = create_proxy(lambda event: self.fail(str(getattr(event, "message", "") or "error")))
        first = {"port": channel.port2, "language": document.documentElement.lang or "en"}
        self.worker.postMessage(to_js(first, dict_converter=Object.fromEntries), to_js([channel.port2]))
        self.heard = time.monotonic()

    def end(self, slow: bool = False) -> None:
        """End the worker, whatever it runs; what waits is told (:class:`Stopped`)."""
        if self.worker is not None:
            self.worker.terminate()
        self.worker = self.port = None
        self.loaded = None
        self.limit = None
        for future in (self.ready, self.waiting):
            if future is not None and not future.done():
                future.set_exception(Stopped(slow))
        self.ready = self.waiting = None

    def fail(self, reason: str) -> None:
        console.warn(f"{WORKER}: {reason}")
        sentence = lab.worker_failed(reason)
        for future in (self.ready, self.waiting):
            if future is not None and not future.done():
                future.set_exception(RuntimeError(sentence))
                future.exception()  # retrieved: the request waiting, if any, says it (a new start may work)
        if self.worker is not None:
            self.worker.terminate()
        self.worker = self.port = self.ready = self.waiting = None
        self.loaded = None

    def watch(self) -> None:
        """The watchdog: a request waiting with no word from the worker for longer than allowed
        ends the worker (a guess past the limit, or a strategy that ended its own worker)."""
        if self.waiting is not None and self.limit is not None and time.monotonic() - self.heard > self.limit:
            self.end(slow=True)

    def on_answer(self, event: Element) -> None:
        self.heard = time.monotonic()
        try:
            message = lab.read(event.data, self.expected)
            if message.kind == "progress" and self.progress is not None:
                self.progress(message)  # reads its games: a junk one is refused here too
                return
        except lab.ProtocolError as error:
            if self.waiting is not None and not self.waiting.done():
                self.waiting.set_exception(error)
            return
        if message.kind == "ready":
            by_id("lab").dataset.worker = "ready"  # for bench/: the worker has started
            if self.ready is not None and not self.ready.done():
                self.ready.set_result(None)
        elif message.kind == "failed":
            self.fail(str(message.data["sentence"]))
        elif message.kind == "beat":
            return
        elif self.waiting is not None and not self.waiting.done():
            self.waiting.set_result(message)

    async def ask(self, make: Callable[[int], str], limit: float | None,
                  progress: Callable[[lab.Message], None] | None = None) -> lab.Message:
        """The last answer to the request `make(id)` makes (progress messages go to `progress`);
        `limit`: the seconds of silence after which the watchdog ends the worker."""
        self.start()
        assert self.ready is not None
        await self.ready
        self.numbered += 1
        self.expected = self.numbered
        self.waiting = asyncio.get_event_loop().create_future()
        self.progress = progress
        self.heard = time.monotonic()
        self.limit = limit
        self.port.postMessage(make(self.numbered))
        try:
            return await self.waiting
        finally:
            self.waiting = None
            self.limit = None


class Seats:
    """Saved strategies seated as code-breakers in the other modes (Computer breaks your code, a
    Tournament): each in a Lab worker of its own, started when its first guess is due (never
    before the person starts the game), asked one guess per move under the Lab's limit."""

    def __init__(self) -> None:
        self.workers: dict[str, LabWorker] = {}

    async def guess(self, name: str, turn: lab.SeatTurn) -> lab.SeatAnswer:
        """The strategy `name`'s move: its guess, or the sentence of its failure."""
        worker = self.workers.get(name)
        if worker is None:
            worker = self.workers[name] = LabWorker(lambda: None)  # what a strategy posts itself is ignored
        loaded = worker.loaded == turn.key
        try:
            if not loaded:
                answer = await worker.ask(turn.load, lab.LOAD_WAIT)
                if answer.kind != "ok":
                    return turn.answer(answer)
                worker.loaded, loaded = turn.key, True
            return turn.answer(await worker.ask(turn.guess, lab.SEAT_WAIT))
        except Stopped:
            return turn.stalled(loaded)
        except (lab.ProtocolError, RuntimeError) as error:
            worker.end()
            return getattr(error, "sentence", None) or str(error)


class LabScreen:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.root = by_id("lab")
        self.view = lab.LabView(page.view.settings.config)
        self.worker = LabWorker(self.on_junk)
        self.keeper = Keeper(page.tab.value(storage.STRATEGIES))
        self.shown_status: str | None = None
        self.build()

    def build(self) -> None:
        find = fill_from_template(self.root, "lab-screen")

        self.title, self.status, self.intro = find(".mode-title"), find(".status"), find(".lab-intro")
        self.rules, self.code = find(".lab-rules"), find("#lab-code")
        self.run_button, self.stop_button = find("[data-part=run]"), find("[data-part=stop]")
        self.progress_box, self.bar, self.progress_text = find(".lab-progress"), find("progress"), find(".progress-text")
        self.score, self.score_note, self.figures = find(".lab-score"), find(".score-note"), find(".figures")
        self.problem, self.chart = find(".problem"), find(".lab-chart")
        self.histogram, self.histogram_body = find(".lab-histogram"), find("[data-part=histogram]")
        self.compare, self.compare_body = find(".lab-compare"), find("[data-part=compare]")
        self.watch_form, self.watch_secret = find(".lab-watch"), find("#lab-watch-secret")
        self.watched_text, self.watched = find(".lab-watched-text"), find("[data-part=watched]")
        on(self.rules, "change", self.on_rule)
        on(self.rules, "submit", lambda event: event.preventDefault())
        on(self.code, "input", lambda event: self.view.edit_source(self.code.value))
        on(self.run_button, "click", lambda event: spawn(self.guarded(self.run())))
        on(self.stop_button, "click", lambda event: self.stop())
        on(self.watch_secret, "input", lambda event: self.view.edit_watch(self.watch_secret.value))
        on(self.watch_form, "submit", self.on_watch)
        self.name, self.name_error = find("#lab-name"), find("#lab-name-error")
        self.link_box, self.link = find(".lab-link"), find("#lab-link")
        self.league = find("[data-part=league]")
        on(self.name, "input", lambda event: self.keeper.edit_name(self.name.value))
        on(find("[data-part=save]"), "click", lambda event: self.save())
        on(find("[data-part=share]"), "click", lambda event: self.share())
        on(find("[data-part=download]"), "click", lambda event: self.download())
        self.file = find("#lab-file")
        on(self.file, "change", lambda event: spawn(self.open_file()))
        self.saved_box, self.saved = find(".lab-saved"), find("#lab-saved")
        self.confirm, self.confirm_question = find(".lab-confirm"), find("#lab-confirm-question")
        self.delete_button = find("[data-part=delete]")
        on(find("[data-part=open]"), "click", lambda event: self.open_saved())
        on(self.delete_button, "click", lambda event: self.ask_delete())
        on(find("[data-part=delete-yes]"), "click", lambda event: self.delete())
        on(find("[data-part=delete-no]"), "click", lambda event: self.keep())
        self.replace_box, self.replace_question = find(".lab-replace"), find("#lab-replace-question")
        on(find("[data-part=replace-yes]"), "click", lambda event: self.replace())
        on(find("[data-part=replace-no]"), "click", lambda event: self.keep())

    def open_link(self, token: str) -> None:
        """A shared strategy into the editor, named: not run, not saved."""
        self.into_editor(self.keeper.open(token))

    def save(self) -> None:
        self.keeper.edit_name(self.name.value)
        kept = self.keeper.save(self.code.value)
        if kept is not None:
            self.keeper.kept = self.page.tab.save(storage.STRATEGIES, kept)
        self.view.status = self.keeper.status
        self.render()

    def share(self) -> None:
        self.keeper.edit_name(self.name.value)
        if self.keeper.share(self.code.value, location.origin + location.pathname):
            self.link.value = self.keeper.link
        self.view.status = self.keeper.status
        self.render()
        if self.keeper.link:
            self.link.focus()
            self.link.select()

    def into_editor(self, shared: Opened | None) -> None:
        """An opened strategy (a link, a file, a saved one) into the editor, named: not run, not
        saved; or, when it waits on the question whether to replace unsaved work, the question."""
        if shared is not None:
            self.code.value = shared.source
            self.view.edit_source(shared.source)
            self.name.value = shared.name
        self.view.status = self.keeper.status
        self.render()
        if self.keeper.replacing is not None:
            self.replace_box.querySelector("[data-part=replace-no]").focus()  # the safe answer first

    def download(self) -> None:
        """The editor's strategy saved as a .py file by the browser."""
        self.keeper.edit_name(self.name.value)
        made = self.keeper.download(self.code.value)
        if made is not None:
            name, text = made
            blob = Blob.new(to_js([text]), to_js({"type": "text/x-python"}, dict_converter=Object.fromEntries))
            url = URL.createObjectURL(blob)
            link = element("a")
            link.href, link.download = url, name
            link.click()
            setTimeout(create_once_callable(lambda: URL.revokeObjectURL(url)), 10_000)
        self.view.status = self.keeper.status
        self.render()

    async def open_file(self) -> None:
        """A .py file chosen: checked (its size before a byte is read), then into the editor."""
        files = self.file.files
        if not files or files.length == 0:
            return
        chosen = files.item(0)
        self.file.value = ""  # choosing the same file again reads it again
        shared = None
        if self.keeper.file_size(chosen.size, chosen.name):
            try:
                data = bytes((await chosen.arrayBuffer()).to_bytes())
            except JsException:
                self.keeper.status = _("The file {file} could not be read.").format(file=chosen.name[:60])
            else:
                shared = self.keeper.open_file(data, chosen.name, self.code.value)
        self.into_editor(shared)

    def open_saved(self) -> None:
        self.into_editor(self.keeper.open_saved(self.saved.value, self.code.value))

    def replace(self) -> None:
        """Unsaved work in the editor replaced, as the person answered."""
        self.into_editor(self.keeper.replace())
        self.code.focus()

    def ask_delete(self) -> None:
        self.keeper.ask_delete(self.saved.value)
        self.view.status = self.keeper.status
        self.render()
        if self.keeper.deleting is not None:
            self.confirm.querySelector("[data-part=delete-no]").focus()  # the safe answer first

    def delete(self) -> None:
        kept = self.keeper.delete()
        if kept is not None:
            self.keeper.kept = self.page.tab.save(storage.STRATEGIES, kept)
        self.view.status = self.keeper.status
        self.render()
        (self.saved if self.keeper.kept else self.name).focus()

    def keep(self) -> None:
        asked_delete = self.keeper.deleting is not None
        self.keeper.keep()
        self.view.status = self.keeper.status
        self.render()
        (self.delete_button if asked_delete else self.code).focus()

    async def fill_starter(self) -> None:
        """The starter strategy in the editor, unless the player has written something already."""
        try:
            response = await fetch(URL.new(STARTER, document.baseURI).href)
            text = await response.text() if response.ok else ""
        except Exception as error:  # a JsException: offline without the file
            console.warn(f"{STARTER}: {error}")
            return
        if not self.code.value:
            self.code.value = text
            self.view.edit_source(text)
            self.keeper.clean = text  # the starter as it came is nothing to lose

    # Events

    def on_rule(self, event: Element) -> None:
        control = event.target
        if control.dataset.label:
            self.view.edit_rule(control.dataset.label, control.value)
            self.render()

    def on_junk(self) -> None:
        """A strategy posted a message of its own: refused, said, nothing else changes."""
        if self.view.junk():
            self.render()

    def stop(self) -> None:
        self.worker.end()
        self.view.stop()
        self.render()
        self.run_button.focus()

    def on_watch(self, event: Element) -> None:
        event.preventDefault()
        spawn(self.guarded(self.watch()))

    # The worker's work

    async def ensure_loaded(self) -> bool:
        """The worker holds the current source under the run's rules; False (said) when it cannot load it."""
        key = (self.view.source, self.view.rules_key)
        if self.worker.loaded == key:
            return True
        config = self.view.run_rules.config
        answer = await self.worker.ask(lambda number: lab.load_request(number, key[0], config), lab.LOAD_WAIT)
        if answer.kind == "problem":
            self.view.refused(answer.data["sentence"], answer.data.get("line"))
            return False
        if answer.kind != "ok":
            raise lab.ProtocolError(answer.kind)
        self.worker.loaded = key
        return True

    async def guarded(self, work: Awaitable[None]) -> None:
        """Do `work` with the worker; what ends it early is said: the watchdog's end, a message
        the page cannot read, a worker that cannot start."""
        try:
            await work
        except Stopped as stopped:
            if stopped.slow:
                self.view.timed_out()
        except (lab.ProtocolError, RuntimeError) as error:
            self.worker.end()
            self.view.failed(getattr(error, "sentence", None) or str(error))
        finally:
            self.render()

    async def run(self) -> None:
        """Run pressed: load, score every secret (a fresh worker after a game too slow), then the computers."""
        self.view.edit_source(self.code.value)
        if not self.view.start():
            self.render()
            return
        self.render()
        self.stop_button.focus()
        if not await self.ensure_loaded():
            return
        self.view.loaded()
        self.render()
        while not await self.score_strategy():
            if not self.view.too_slow():
                break
            self.render()
            if not await self.ensure_loaded():
                return
        self.view.finished()
        if self.view.score is not None:
            kept = self.keeper.finished(self.view.source, self.view.score, self.view.run_rules.config)
            if kept is not None:
                self.keeper.kept = self.page.tab.save(storage.STRATEGIES, kept)
        self.render()
        for name in self.view.to_compare:
            self.view.compared(name, await self.score_computer(name))
            self.render()

    async def score_computer(self, name: str) -> list[lab.Game]:
        """A computer player's games on the run's secrets, in the same worker."""
        rules, games = self.view.run_rules, list[lab.Game]()

        def progress(message: lab.Message) -> None:
            games.extend(lab.read_games(message.data, rules))

        answer = await self.worker.ask(lambda number: lab.score_request(number, name), lab.COMPUTER_WAIT, progress)
        if answer.kind != "result":
            raise lab.ProtocolError(answer.kind)
        return [*games, *lab.read_games(answer.data, rules)]

    async def score_strategy(self) -> bool:
        """Play the strategy from the next secret on: True when every secret is played, False when
        the watchdog ended a game (too slow)."""
        rules = self.view.run_rules

        drawn = [0.0]

        def progress(message: lab.Message) -> None:
            self.view.played(lab.read_games(message.data, rules))
            if time.monotonic() - drawn[0] >= lab.DRAW_SECONDS:
                drawn[0] = time.monotonic()
                self.draw_progress()

        limit = self.view.limit
        asked = performance.now()
        try:
            answer = await self.worker.ask(lambda number: lab.score_request(number, lab.STRATEGY, self.view.next_secret, limit),
                                           lab.guess_wait(limit), progress)
        except Stopped as stopped:
            if stopped.slow:
                return False
            raise
        if answer.kind != "result":
            raise lab.ProtocolError(answer.kind)
        self.view.played(lab.read_games(answer.data, rules))
        performance.measure(MEASURE, to_js({"start": asked}, dict_converter=Object.fromEntries))
        return True

    async def watch(self) -> None:
        """Watch pressed: the strategy's game against the secret to watch, guess by guess."""
        if self.view.running:
            return
        secret = self.view.watch_code()
        if secret is None:
            return
        self.view.edit_source(self.code.value)
        if await self.ensure_loaded():
            limit = self.view.limit
            answer = await self.worker.ask(lambda number: lab.watch_request(number, secret, limit), lab.guess_wait(limit))
            if answer.kind != "game":
                raise lab.ProtocolError(answer.kind)
            self.view.show_game(lab.read_games(answer.data, self.view.run_rules)[0], answer.data["left"])

    # Drawing

    def render(self) -> None:
        view = self.view
        self.root.dataset.letters = "on" if self.page.view.settings.letters else "off"
        self.root.dataset.state, self.root.dataset.runs = view.state, str(view.runs)  # where a run is, for tests
        self.intro.textContent = view.intro
        for field in view.rule_fields:
            control = self.rules.querySelector(f'[data-label="{field.label}"]')
            if control.value != field.value and document.activeElement != control:
                control.value = field.value
            control.disabled = view.running
            control.setAttribute("aria-invalid", "true" if field.error else "false")
            self.rules.querySelector(f"#{control.id}-error").textContent = field.error
        if view.error_line is None:
            self.code.removeAttribute("data-error-line")
        else:
            self.code.setAttribute("data-error-line", str(view.error_line))
        self.run_button.disabled = view.running
        self.stop_button.disabled = not view.running
        self.draw_progress()
        self.draw_score()
        if self.watch_secret.value != view.watch_secret and document.activeElement != self.watch_secret:
            self.watch_secret.value = view.watch_secret
        self.watched_text.textContent = view.watched_text
        self.watched.replaceChildren(*(history_row(row) for row in view.watched))
        self.draw_keep()
        self.shown_status = show_status(self.status, view.status, self.shown_status)

    def draw_keep(self) -> None:
        keeper = self.keeper
        for (rules, name), score in self.view.computers.items():
            if rules == self.view.rules_key:  # the League shows the computer players on the run's secrets
                keeper.compared(name, score, self.view.run_rules.config)
        keeper.kept = self.page.tab.value(storage.STRATEGIES)  # another tab may have saved meanwhile
        self.name_error.textContent = keeper.error
        self.name.setAttribute("aria-invalid", "true" if keeper.error else "false")
        self.link_box.hidden = not keeper.link
        rows = []
        for line in keeper.league_rows(self.view.config):
            row = element("tr")
            row.append(*(element("td", text=text) for text in line))
            rows.append(row)
        self.league.replaceChildren(*rows)
        names = keeper.names
        self.saved_box.hidden = not names
        if [option.value for option in self.saved.options] != names:
            chosen = self.saved.value
            options = []
            for name in names:
                option = element("option", text=name)
                option.value = name
                options.append(option)
            self.saved.replaceChildren(*options)
            if chosen in names:
                self.saved.value = chosen
        self.confirm.hidden = keeper.deleting is None
        self.confirm_question.textContent = keeper.status if keeper.deleting is not None else ""
        self.replace_box.hidden = keeper.replacing is None
        self.replace_question.textContent = keeper.status if keeper.replacing is not None else ""

    def draw_progress(self) -> None:
        done, total = self.view.progress
        self.progress_box.hidden = self.view.state != "scoring"
        self.bar.max = max(total, 1)
        self.bar.value = done
        self.bar.setAttribute("aria-valuetext", self.view.progress_text)
        self.progress_text.textContent = self.view.progress_text

    def draw_score(self) -> None:
        view = self.view
        self.score_note.textContent = view.score_note
        lines = []
        for label, figure in view.figures:
            item = element("li")
            item.append(element("span", "label", label + " "), element("strong", "figure", figure))
            lines.append(item)
        self.figures.replaceChildren(*lines)
        self.problem.textContent = view.problem
        bars = view.bars
        self.histogram.hidden = not bars
        rows = []
        for bar in bars:
            row = element("tr")
            row.append(element("td", text=str(bar.guesses)), element("td", text=str(bar.games)))
            rows.append(row)
        self.histogram_body.replaceChildren(*rows)
        self.chart.replaceChildren(*([chart(bars)] if bars else []))
        compared = view.comparison
        self.compare.hidden = not compared
        rows = []
        for line in compared:
            row = element("tr")
            row.append(*(element("td", text=text) for text in line))
            rows.append(row)
        self.compare_body.replaceChildren(*rows)


def chart(bars: list[lab.Bar]) -> Element:
    """The histogram drawn as bars (SVG made node by node); the table beside it says the same in
    text, so the drawing is hidden from screen readers."""
    width, height, gap = 30, 100, 6
    svg = document.createElementNS(SVG, "svg")
    svg.setAttribute("viewBox", f"0 0 {len(bars) * (width + gap)} {height + 30}")
    svg.setAttribute("aria-hidden", "true")
    svg.setAttribute("class", "lab-bars")
    for index, bar in enumerate(bars):
        x, tall = index * (width + gap), max(1, round(bar.share * height))
        rect = document.createElementNS(SVG, "rect")
        for name, value in (("x", x), ("y", height - tall), ("width", width), ("height", tall)):
            rect.setAttribute(name, str(value))
        label = document.createElementNS(SVG, "text")
        label.setAttribute("x", str(x + width / 2))
        label.setAttribute("y", str(height + 20))
        label.setAttribute("text-anchor", "middle")
        label.textContent = str(bar.guesses)
        svg.append(rect, label)
    return svg


_screen: LabScreen | None = None


def show(page: Page, shown: bool) -> None:
    """Show the Lab on `page` (static/app.py's Page), or hide it (`shown` False). The worker starts
    when the Lab is first shown, so Run finds Python ready."""
    global _screen
    root = by_id("lab")
    root.hidden = not shown
    if not shown:
        return
    if _screen is None:
        _screen = LabScreen(page)
        if page.strategy_link:
            _screen.open_link(page.strategy_link)
        spawn(_screen.fill_starter())
        # CodeMirror in the textarea's place, mirroring its value, input and data-error-line; loaded
        # now, not before (static/shell.js); if it cannot load, the textarea stays and works.
        window.mastermindUpgradeEditor(_screen.code)
        _screen.worker.start()
    _screen.render()
    _screen.title.focus()
