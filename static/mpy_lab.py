"""The Lab (a player's own code-breaker) on the main thread (MicroPython): drawn from the session's
``mode`` part when it is the Lab's (:mod:`mastermind.page.session_lab`), and the owner of the
Lab's worker (``static/lab-worker.mjs``), where a player's strategy runs.

The markup is index.html's ``<template id="lab-screen">``, cloned once into ``<main id="lab">``;
the editor (``static/editor.mjs``, through ``static/shell.js``) takes the textarea's place and
mirrors it. No rule and no wording lives here. The worker is this thread's so that Stop and the
watchdog end it at once (``terminate``), whatever the page's worker is busy with: the session
asks with ``lab`` effects, the requests go to the worker as they are, and its answers go back
as they are, read by the session (``lab-answers``: a run's progress gathered, at most one
message every :data:`FLUSH_MS`, a run's last answer at once).
"""

import json
from typing import TYPE_CHECKING

import js
from mpy_dom import LAB_WORKER, OwnScreen, document, element, history_row, place_text, plain, start_lab_worker

if TYPE_CHECKING:
    from typing import Any

    from mpy_page import Screen

MODE = "lab"
STARTER = "data/starter_strategy.py"
MEASURE = "mastermind:lab-score"
"""The performance measure of a run's strategy games, from the score request to its result (bench/lab.py)."""
WATCHDOG_EVERY = 100
"""Milliseconds between two checks of the watchdog."""
FLUSH_MS = 100
"""A run's progress goes to the session at most this often (every game's answer is kept, in order)."""
SVG = "http://www.w3.org/2000/svg"
FOCUS = {"title": ".mode-title", "run": "[data-part=run]", "stop": "[data-part=stop]", "code": "#lab-code",
         "name": "#lab-name", "link": "#lab-link", "saved": "#lab-saved", "delete": "[data-part=delete]",
         "delete-no": "[data-part=delete-no]", "replace-no": "[data-part=replace-no]"}
"""Where a ``lab-focus`` effect puts the focus."""


class LabWorker:
    """The Lab's worker: started on demand, ended at once by Stop, the watchdog or a message the
    session cannot read; one request at a time (the session asks the next once answered)."""

    def __init__(self, screen: Screen, root: Any) -> None:
        self.screen = screen
        self.root = root
        self.worker: Any = None
        self.port: Any = None
        self.ready = False
        self.asked: Any = None  # the ``lab`` effect being answered
        self.junked: Any = None  # the request whose junk was said (once a request)
        self.pending: list[str] = []
        self.scoring: Any = None  # when the strategy's score request was posted (MEASURE)
        self.flushed = 0.0
        self.heard = 0.0
        self.watching = False  # the watchdog's timer, from the first worker on


    def start(self) -> None:
        if self.worker is not None:
            return
        if not self.watching:
            self.watching = True
            js.setInterval(self.watch, WATCHDOG_EVERY)
        self.ready = False
        self.worker, self.port = start_lab_worker(self.on_message, self.on_junk, self.fail)
        self.heard = js.performance.now()

    def end(self) -> None:
        """End the worker, whatever it runs: Stop, the watchdog, a worker that failed."""
        if self.worker is not None:
            self.worker.terminate()
        self.worker = self.port = None
        self.ready = False
        self.pending = []
        self.asked = None

    def ask(self, effect: Any) -> None:
        self.asked = effect
        self.pending = []
        self.start()
        self.heard = self.flushed = js.performance.now()
        if self.ready:
            self.post()

    def post(self) -> None:
        request = self.asked["request"]
        scores = '"kind": "score"' in request and '"player": "strategy"' in request
        self.scoring = js.performance.now() if scores else None
        self.port.postMessage(request)

    def on_message(self, event: Any) -> None:
        self.heard = now = js.performance.now()
        text = str(event.data)
        head = text[:48].replace(" ", "")  # the worker's news is JavaScript's JSON, its answers Python's
        if '"kind":"ready"' in head:
            self.ready = True
            self.root.dataset.worker = "ready"  # for bench/: the worker has started
            if self.asked is not None:
                self.post()
        elif '"kind":"beat"' in head:
            return
        elif '"kind":"failed"' in head:
            self.fail(str(json.loads(text).get("sentence")))
        elif self.asked is not None:
            self.pending.append(text)
            if '"kind":"progress"' not in head:
                self.flush()
                self.asked = None  # answered: the session asks the next
                if self.scoring is not None:
                    js.performance.measure(MEASURE, plain({"start": self.scoring}))
                    self.scoring = None
            elif now - self.flushed >= FLUSH_MS:
                self.flush()

    def flush(self) -> None:
        if self.pending and self.asked is not None:
            self.flushed = js.performance.now()
            texts, self.pending = self.pending, []
            self.screen.send("lab-answers", {"id": self.asked["id"], "texts": texts})

    def on_junk(self, event: Any) -> None:
        if self.asked is not None and self.junked is not self.asked:
            self.junked = self.asked
            self.screen.send("lab-junk")

    def fail(self, reason: str) -> None:
        js.console.warn(LAB_WORKER + ": " + reason)
        asked = self.asked
        self.flush()
        self.end()
        if asked is not None:
            self.screen.send("lab-ended", {"id": asked["id"], "outcome": "failed", "reason": reason[:300]})

    def watch(self) -> None:
        """The watchdog: no word from the worker for longer than the request allows ends it (its
        Python's start aside: a fresh worker's wait begins once it is ready)."""
        asked = self.asked
        if asked is not None and self.ready and js.performance.now() - self.heard > asked["wait"] * 1000:
            self.flush()  # every game played before is the session's
            self.end()
            self.screen.send("lab-ended", {"id": asked["id"], "outcome": "slow", "reason": ""})


class Lab(OwnScreen):
    """``<main id="lab">``: the Lab's screen, built on first show, drawn from each part."""

    ROOT = "lab"
    TEMPLATE = "lab-screen"

    def __init__(self, screen: Screen) -> None:
        super().__init__(screen)
        self.starting = False  # the starter strategy asked for
        self.worker = LabWorker(screen, self.root)

    def install(self) -> None:
        screen = self.screen
        screen.mode_screens[MODE] = self
        screen.effects["lab"] = self.worker.ask
        screen.effects["lab-end"] = lambda effect: self.worker.end()
        screen.effects["lab-editor"] = self.into_editor
        screen.effects["lab-focus"] = self.focus

    # Building (once)

    def wire(self) -> None:
        find = self.find
        on, send = self.screen.listen, self.screen.send
        self.rules, self.code = find(".lab-rules"), find("#lab-code")
        self.name, self.saved, self.file = find("#lab-name"), find("#lab-saved"), find("#lab-file")
        self.watch_secret = find("#lab-watch-secret")
        on(self.rules, "change", self.on_rule)
        on(self.rules, "submit", lambda event: event.preventDefault())
        on(find("[data-part=run]"), "click", lambda event: send("lab-run", {"source": self.code.value}))
        on(find("[data-part=stop]"), "click", self.on_stop)
        on(find(".lab-watch"), "submit", self.on_watch)
        for part, kind in (("save", "lab-save"), ("share", "lab-share"), ("download", "lab-download")):
            self.keep_on(part, kind)
        on(find("[data-part=open]"), "click", lambda event: send("lab-open", {"name": self.saved.value, "source": self.code.value}))
        on(find("[data-part=delete]"), "click", lambda event: send("lab-delete", {"name": self.saved.value}))
        for part, yes in (("delete-yes", True), ("replace-yes", True), ("delete-no", False), ("replace-no", False)):
            self.answer_on(part, yes)
        on(self.file, "change", self.on_file)
        # CodeMirror in the textarea's place, mirroring its value, input and data-error-line; if
        # it cannot load, the textarea stays and works.
        js.window.mastermindUpgradeEditor(self.code)
        self.worker.start()  # Python starts now, so Run finds it ready

    def fill_starter(self) -> None:
        """The starter strategy in the editor, unless something is there already (a link's)."""
        def filled(text: Any) -> None:
            if text and not self.code.value:
                self.code.value = text
                self.screen.send("lab-starter", {"source": str(text)})

        def answered(response: Any) -> Any:
            return response.text() if response.ok else ""

        def missing(error: Any) -> None:
            js.console.warn(STARTER + ": " + str(error))  # offline without the file: the editor stays empty

        js.fetch(js.URL.new(STARTER, document.baseURI).href).then(answered).then(filled).catch(missing)

    def keep_on(self, part: str, kind: str) -> None:
        self.screen.listen(self.find("[data-part=" + part + "]"), "click",
                           lambda event: self.screen.send(kind, {"name": self.name.value, "source": self.code.value}))

    def answer_on(self, part: str, yes: bool) -> None:
        self.screen.listen(self.find("[data-part=" + part + "]"), "click", lambda event: self.screen.send("lab-answer", {"yes": yes}))

    # Events

    def on_rule(self, event: Any) -> None:
        label = event.target.getAttribute("data-label")
        if label:
            self.screen.send("lab-rule", {"label": label, "value": event.target.value})

    def on_stop(self, event: Any) -> None:
        """Stop: the worker ends here at once, then the session hears of it."""
        self.worker.end()
        self.screen.send("lab-stop")
        self.worker.start()  # a fresh one for the next run

    def on_watch(self, event: Any) -> None:
        event.preventDefault()
        self.screen.send("lab-watch", {"source": self.code.value, "secret": self.watch_secret.value})

    def on_file(self, event: Any) -> None:
        """A file chosen: read (as base64) only when within the size the session takes."""
        files = self.file.files
        if not files or files.length == 0 or self.part is None:
            return
        chosen = files.item(0)
        self.file.value = ""  # choosing the same file again reads it again
        name, size = str(chosen.name), int(chosen.size)
        values = {"name": name, "size": size, "data": None, "source": self.code.value}
        if size > self.part["file_limit"]:
            self.screen.send("lab-file", values)
            return
        reader = js.FileReader.new()

        def loaded(*done: Any) -> None:
            url = str(reader.result or "")
            values["data"] = url[url.find(",") + 1:] if "," in url else ""
            values["source"] = self.code.value
            self.screen.send("lab-file", values)

        def refused(*error: Any) -> None:
            values["data"] = ""  # unread: the session says the file holds no strategy
            self.screen.send("lab-file", values)

        reader.onload = loaded
        reader.onerror = refused
        reader.readAsDataURL(chosen)

    # Effects

    def into_editor(self, effect: Any) -> None:
        self.code.value = effect["source"]  # the editor mirrors the textarea's value
        if effect["name"] is not None:
            self.name.value = effect["name"]

    def focus(self, effect: Any) -> None:
        node = self.find(FOCUS[effect["part"]]) if self.built else None
        if node:
            node.focus()
        if not self.starting:  # after the first focus, which the starter's arrival then never follows
            self.starting = True
            self.fill_starter()

    # Drawing

    def draw(self, part: Any) -> None:
        self.show(part)
        find, fresh, dataset = self.find, self.drawn.fresh, self.root.dataset
        if fresh("head", [part["letters"], part["state"], part["runs"], part["intro"]]):
            dataset.letters, dataset.state, dataset.runs = part["letters"], part["state"], str(part["runs"])  # for tests
            place_text(find(".lab-intro"), part["intro"])
            find("[data-part=run]").disabled = part["running"]
            find("[data-part=stop]").disabled = not part["running"]
        self.draw_rules(part)
        if fresh("line", part["error_line"]):
            if part["error_line"] is None:
                self.code.removeAttribute("data-error-line")
            else:
                self.code.setAttribute("data-error-line", str(part["error_line"]))
        if fresh("progress", part["progress"]):
            progress = part["progress"]
            find(".lab-progress").hidden = not progress["shown"]
            bar = find("progress")
            bar.max, bar.value = progress["total"], progress["done"]
            bar.setAttribute("aria-valuetext", progress["text"])
            place_text(find(".progress-text"), progress["text"])
        if fresh("score", [part["score_note"], part["figures"], part["problem"], part["bars"]]):
            self.draw_score(part)
        if fresh("compare", part["compare"]):
            find(".lab-compare").hidden = not part["compare"]
            fill_rows(find("[data-part=compare]"), part["compare"])
        if fresh("watch", part["watch_secret"]) and document.activeElement != self.watch_secret:
            self.watch_secret.value = part["watch_secret"]
        if fresh("watched", [part["watched_text"], part["watched"]]):
            place_text(find(".lab-watched-text"), part["watched_text"])
            watched = find("[data-part=watched]")
            watched.replaceChildren()
            for row in part["watched"]:
                watched.append(history_row(row))
        self.draw_keep(part)

    def draw_rules(self, part: Any) -> None:
        """The rules' fields: a value shown unless its field has the focus, locked during a run."""
        if not self.drawn.fresh("rules", [part["rules"], part["running"]]):
            return
        for field in part["rules"]:
            control = self.rules.querySelector('[data-label="' + field["label"] + '"]')
            if control.value != field["value"] and document.activeElement != control:
                control.value = field["value"]
            control.disabled = part["running"]
            control.setAttribute("aria-invalid", "true" if field["error"] else "false")
            error = self.rules.querySelector("#" + control.id + "-error")
            if error:
                place_text(error, field["error"])

    def draw_score(self, part: Any) -> None:
        find = self.find
        place_text(find(".score-note"), part["score_note"])
        figures = find(".figures")
        figures.replaceChildren()
        for label, figure in part["figures"]:
            item = element("li")
            item.append(element("span", "label", label + " "))
            item.append(element("strong", "figure", figure))
            figures.append(item)
        place_text(find(".problem"), part["problem"])
        bars = part["bars"]
        find(".lab-histogram").hidden = not bars
        fill_rows(find("[data-part=histogram]"), [[str(guesses), str(games)] for guesses, games, _share in bars])
        chart_box = find(".lab-chart")
        chart_box.replaceChildren()
        if bars:
            chart_box.append(chart(bars))

    def draw_keep(self, part: Any) -> None:
        find, fresh = self.find, self.drawn.fresh
        if fresh("name", part["name_error"]):
            place_text(find("#lab-name-error"), part["name_error"])
            self.name.setAttribute("aria-invalid", "true" if part["name_error"] else "false")
        if fresh("link", part["link"]):
            find(".lab-link").hidden = not part["link"]
            find("#lab-link").value = part["link"]
            if part["link"]:
                find("#lab-link").select()
        if fresh("league", part["league"]):
            fill_rows(find("[data-part=league]"), part["league"])
        if fresh("names", part["names"]):
            names = part["names"]
            find(".lab-saved").hidden = not names
            chosen = self.saved.value
            self.saved.replaceChildren()
            for name in names:
                option = element("option", "", name)
                option.value = name
                self.saved.append(option)
            if chosen in names:
                self.saved.value = chosen
        if fresh("questions", [part["deleting"], part["replacing"]]):
            find(".lab-confirm").hidden = part["deleting"] is None
            place_text(find("#lab-confirm-question"), part["deleting"] or "")
            find(".lab-replace").hidden = part["replacing"] is None
            place_text(find("#lab-replace-question"), part["replacing"] or "")


def fill_rows(body: Any, lines: list[Any]) -> None:
    """A table's body made again: a row of text cells a line."""
    body.replaceChildren()
    for line in lines:
        row = element("tr")
        for text in line:
            row.append(element("td", "", text))
        body.append(row)


def chart(bars: list[Any]) -> Any:
    """The histogram drawn as bars (SVG made node by node); the table beside it says the same in
    text, so the drawing is hidden from screen readers."""
    width, height, gap = 30, 100, 6
    svg = document.createElementNS(SVG, "svg")
    svg.setAttribute("viewBox", "0 0 " + str(len(bars) * (width + gap)) + " " + str(height + 30))
    svg.setAttribute("aria-hidden", "true")
    svg.setAttribute("class", "lab-bars")
    for index, (guesses, _games, share) in enumerate(bars):
        x, tall = index * (width + gap), max(1, round(share * height))
        rect = document.createElementNS(SVG, "rect")
        for name, value in (("x", x), ("y", height - tall), ("width", width), ("height", tall)):
            rect.setAttribute(name, str(value))
        label = document.createElementNS(SVG, "text")
        label.setAttribute("x", str(x + width / 2))
        label.setAttribute("y", str(height + 20))
        label.setAttribute("text-anchor", "middle")
        label.textContent = str(guesses)
        svg.append(rect)
        svg.append(label)
    return svg


def install(screen: Screen) -> None:
    """Register the Lab's screen and its effects on `screen`."""
    Lab(screen).install()
