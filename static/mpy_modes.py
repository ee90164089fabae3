"""The other modes' screens on the main thread (MicroPython): Computer breaks your code, Duel, Race
and Tournament, drawn from the session's ``mode`` part (:mod:`mastermind.page.session_modes`).

The markup is index.html's ``<template id="mode-screens">``, cloned once into ``<main
id="modes">``.
This module holds no rule and no wording: which screen, its fields, its rows, its sentences and
where the focus goes come from the worker; the presses, keys and fields go back as actions. The
pause between two computer moves is this thread's timer (the ``wait`` effect).
"""

import json
from typing import TYPE_CHECKING

import js
from mpy_dom import (
    LAB_WORKER,
    Sections,
    by_id,
    document,
    draw_composer,
    element,
    form_field,
    history_row,
    keys_compose,
    paint,
    place_text,
    start_lab_worker,
    wire_composer,
)

if TYPE_CHECKING:
    from typing import Any

    from mpy_page import Screen

WATCHDOG_EVERY = 100
"""Milliseconds between two checks of the seats' watchdog."""
ACTS = {"delete": "delete", "action": "submit", "ready": "ready", "again": "again", "quit": "quit", "abandon": "abandon"}
"""The screen's buttons (``data-part``) and the ``mode-act`` each sends."""


class Modes:
    """``<main id="modes">``: the mode's screen, built on first show, drawn from each part."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.root = by_id("modes")
        self.shown = "solo"
        self.built = False
        self.part: Any = None
        self.composed: Any = None  # the palette and row as drawn (draw_composer)
        self.letters: dict[str, str] = {}
        self.scrolling = False  # a scroll to the newest row asked for the next frame
        self.drawn = Sections()  # each section's data as drawn last (:meth:`fresh`)
        self.hidden: list[str] = []  # the Solo board's header controls hidden while a mode shows

    def install(self) -> None:
        screen = self.screen
        screen.parts["mode"] = self.draw
        screen.effects["wait"] = lambda effect: js.setTimeout(lambda: screen.send("mode-waited", {"id": effect["id"]}),
                                                              effect["ms"])
        screen.effects["mode-focus"] = self.focus
        screen.listen(document, "keydown", self.on_key)

    # Building the screens (once)

    def build(self) -> None:
        self.built = True
        self.root.replaceChildren(by_id("mode-screens").content.cloneNode(True))
        find = self.root.querySelector
        self.find = find
        on, send = self.screen.listen, self.screen.send
        self.new_user = find("#new-user-name")
        self.fields = find(".fields")
        self.palette, self.current = find(".palette"), find(".current")
        on(find(".register"), "submit", self.on_register)
        on(self.new_user, "input", lambda event: send("mode-edit", {"label": "New user name", "value": self.new_user.value}))
        on(find(".setup"), "submit", self.on_start)
        on(find(".setup"), "input", self.on_edit)
        wire_composer(on, self.palette, self.current, send, ("mode-pick", "mode-clear"))
        for part, name in ACTS.items():
            self.act_on(find("[data-part=" + part + "]"), name)
        on(find("[data-part=skip]"), "click", lambda event: send("mode-skip"))
        yes, keep = find(".confirm").children
        self.act_on(yes, "abandon")
        self.act_on(keep, "keep")
        on(find(".play"), "click", self.after_click)

    def act_on(self, node: Any, name: str) -> None:
        self.screen.listen(node, "click", lambda event: self.screen.send("mode-act", {"name": name}))

    # Events

    def on_register(self, event: Any) -> None:
        event.preventDefault()
        self.screen.send("mode-register", {"name": self.new_user.value})
        self.new_user.focus()

    def controls(self) -> Any:
        return self.fields.querySelectorAll("[data-label]")

    def on_edit(self, event: Any) -> None:
        label = event.target.getAttribute("data-label")
        if label:
            self.screen.send("mode-edit", {"label": label, "value": event.target.value})

    def on_start(self, event: Any) -> None:
        event.preventDefault()
        fields = {}
        for control in self.controls():
            fields[control.getAttribute("data-label")] = control.value
        self.screen.send("mode-start", {"fields": fields})

    def after_click(self, event: Any) -> None:
        """A button of the row pressed with the mouse or a finger hands the keys back to the
        screen, so Enter then plays the row (as on the Solo board)."""
        if event.detail and event.target.closest("button") and self.part and self.part["composing"]:
            self.root.focus()

    def on_key(self, event: Any) -> None:
        part, screen = self.part, self.screen
        pending = screen.waiting  # the screen may be composing by the time the key arrives
        if part is None or self.root.hidden or not (part["composing"] or pending) or not keys_compose(event):
            return
        key = event.key
        letter = len(key) == 1 and (key.isdigit() or key.upper() in self.letters or (pending and key.isalpha()))
        if not (key in ("Enter", "Backspace") or letter):  # the session takes what fits the row, and says nothing of the rest
            return
        event.preventDefault()
        if event.target.tagName == "BUTTON":
            self.root.focus()  # the keys compose now: Enter plays the row, not the button
        self.screen.send("mode-press", {"key": key})

    def focus(self, effect: Any) -> None:
        """The screen changed: the mode's title on its form, Ready on a hand-over, else the turn's banner."""
        selector = {"title": ".mode-title", "ready": "[data-part=ready]", "turn": ".turn-title"}[effect["part"]]
        self.find(selector).focus()

    # Drawing

    def draw(self, part: Any) -> None:
        """The mode's screen (`part`), or the Solo board again when it is None."""
        self.part = part
        mode = "solo" if part is None else part["mode"]
        for choice in by_id("mode-picker").querySelectorAll("button[data-mode]"):
            choice.setAttribute("aria-pressed", "true" if choice.dataset.mode == mode else "false")
        if part is None:
            self.show_solo()
            return
        own = self.screen.mode_screens.get(mode)  # a mode drawn by its own module (Solve: static/mpy_solve.py)
        for name, other in self.screen.mode_screens.items():
            if name != mode:
                other.hide()
        self.shown = mode
        self.screen.board.hidden = True
        self.hidden = part["solo_only"]
        for name in self.hidden:
            if by_id(name):
                by_id(name).hidden = True
        if own is not None:
            self.root.hidden = True
            own.draw(part)
            return
        if not self.built:
            self.build()
        self.root.hidden = False
        self.screen.live = self.find(".status")
        self.render(part)

    def show_solo(self) -> None:
        if self.shown == "solo":
            return
        self.shown = "solo"
        self.root.hidden = True
        for other in self.screen.mode_screens.values():
            other.hide()
        self.screen.board.hidden = False
        self.screen.live = by_id("status")
        for name in self.hidden:
            node = by_id(name)
            if node:  # a finished game's New game is the board's, not the header's
                node.hidden = name == "new-game" and not by_id("end-actions").hidden
        self.screen.compose()  # keys play Solo again, not the picker's button

    def fresh(self, name: str, value: object) -> bool:
        """Whether `value`, the data a section of the screen is drawn from, differs from what was
        drawn there last (:class:`mpy_dom.Sections`)."""
        return self.drawn.fresh(name, value)

    def render(self, part: Any) -> None:
        find, screen = self.find, part["screen"]
        if self.fresh("head", [part["key_color"], part["letters"], screen, part["pegs"], part["title"], part["intro"]]):
            dataset = self.root.dataset
            dataset.keyColor, dataset.letters, dataset.screen = part["key_color"], part["letters"], screen
            if part["pegs"] is not None:
                dataset.pegs = part["pegs"]
                self.root.style.setProperty("--pegs", str(part["pegs"]))
            place_text(find(".mode-title"), part["title"])
            place_text(find(".mode-intro"), part["intro"])
            find(".mode-intro").hidden = screen != "setup"

        if self.fresh("users", part["registering"]):
            find(".users").hidden = not part["registering"]
        if part["registering"]:
            self.draw_users(part)
        if self.fresh("setup", screen == "setup"):
            find(".setup").hidden = screen != "setup"
        if screen == "setup":
            self.draw_fields(part["fields"], part["names"])

        if self.fresh("turn", [screen, part["banner"], part["handover"], part["thinking"], part["skipping"]]):
            find(".turn").hidden = screen == "setup"
            heading, detail = part["banner"]
            place_text(find(".turn-title"), heading)
            place_text(find(".turn-detail"), detail)
            find(".turn-detail").hidden = not detail
            find(".handover").hidden = screen != "handover"
            place_text(find(".handover p"), part["handover"])
            find(".watch").hidden = screen != "watch"
            place_text(find(".thinking"), part["thinking"])
            find("[data-part=skip]").disabled = part["skipping"]
        if self.fresh("end", [screen, part["recap"], part["in_progress"], part["confirming"]]):
            find(".end").hidden = screen != "end"
            recap = find(".recap")
            recap.replaceChildren()
            for line in part["recap"]:
                recap.append(element("li", "", line))
            recap.hidden = not part["recap"]
            find(".leave").hidden = not part["in_progress"]
            find("[data-part=abandon]").hidden = part["confirming"]
            find(".confirm").hidden = not part["confirming"]

        secret = part["secret"]
        if self.fresh("secret", secret):
            find(".secret").hidden = not secret
            pegs = find(".secret .pegs")
            pegs.replaceChildren()
            for color in secret:
                pegs.append(paint(element("span", "peg"), color) if color else element("span", "peg hidden", "?"))

        rows = part["rows"]
        if self.fresh("history", [screen in ("guess", "watch") or bool(rows), part["history_caption"]]):
            find(".history-box").hidden = not (screen in ("guess", "watch") or rows)
            place_text(find(".history-caption"), part["history_caption"])
        if self.fresh("rows", rows):
            body = find("[data-part=history]")
            body.replaceChildren()
            for row in rows:
                body.append(history_row(row))
        if self.fresh("play", part["composing"]):
            find(".play").hidden = not part["composing"]
        if part["composing"]:
            self.letters = {color["shown"].upper(): color["letter"] for color in part["palette"]}
            self.composed = draw_composer(self.palette, self.current, part["palette"], part["slots"], self.composed)
            if self.fresh("action", part["action"]):
                place_text(find("[data-part=action]"), part["action"])

        scores = part["scores"]
        if self.fresh("scores", scores):
            find(".scores").hidden = not scores
            self.table(find("[data-part=scores]"), [[row["name"], row["points"]] for row in scores],
                       [row["current"] for row in scores])
        if self.fresh("scores_note", part["scores_note"]):
            place_text(find(".scores .note"), part["scores_note"])
        if not self.scrolling:  # the newest row in view, in the next frame once the rest has its size
            self.scrolling = True
            js.window.requestAnimationFrame(self.scroll)

    def scroll(self, time: Any) -> None:
        self.scrolling = False
        wrap = self.find("[data-part=history]").closest(".history-wrap")
        wrap.scrollTop = wrap.scrollHeight

    @staticmethod
    def table(body: Any, rows: list[Any], acting: list[bool] | None = None) -> None:
        """A table's body of text cells; the rows of the player acting now marked."""
        body.replaceChildren()
        for index, cells in enumerate(rows):
            line = element("tr", "acting" if acting and acting[index] else "")
            for cell in cells:
                line.append(element("td", "", str(cell)))
            body.append(line)

    def draw_users(self, part: Any) -> None:
        new_user, said = self.new_user, part["new_user"]
        error = said["error"]
        place_text(self.find("#new-user-name-error"), error)
        new_user.setAttribute("aria-invalid", "true" if error else "false")
        settled = self.screen.answered >= self.screen.posted  # no keystroke of theirs still on its way
        if new_user.value != said["value"] and (settled or document.activeElement != new_user):
            new_user.value = said["value"]
        if self.fresh("board", part["board"]):
            self.table(self.find("[data-part=board]"), part["board"])

    def draw_fields(self, fields: list[Any], names: list[str]) -> None:
        """The setup form's fields, each made again when its choices change; a value shown unless
        its field has the focus (what the person is typing stays theirs)."""
        drawn = {}
        for node in self.fields.children:
            drawn[node.dataset.key] = node
        nodes = []
        for field in fields:
            node = drawn.get(field["key"])
            if node is None or node.dataset.options != self.choices(field):
                node = self.make_field(field)
            nodes.append(node)
            control = node.querySelector("[data-label]")
            if control.value != field["value"] and document.activeElement != control:
                control.value = field["value"]
            place_text(node.querySelector(".error"), field["error"])
            control.setAttribute("aria-invalid", "true" if field["error"] else "false")
        if [node.dataset.key for node in self.fields.children] != [node.dataset.key for node in nodes] or any(
                not node.isConnected for node in nodes):
            self.fields.replaceChildren()
            for node in nodes:
                self.fields.append(node)
        datalist = by_id("player-names")
        if datalist.children.length != len(names):
            datalist.replaceChildren()
            for name in names:
                option = element("option")
                option.value = name
                datalist.append(option)

    @staticmethod
    def choices(field: Any) -> str:
        return "\n".join(field["options"])

    def make_field(self, field: Any) -> Any:
        """A labelled control of the setup form (select, number or text), id ``mode-<key>``, its
        message below it (``mode-<key>-error``, its accessible description)."""
        name = "mode-" + field["key"]
        shape = dict(field)  # MicroPython has no {**field}
        shape["options"] = [[choice, choice] for choice in field["options"]]  # a player's or a strategy's name, shown as it is
        node = form_field(shape, name)
        node.dataset.key = field["key"]
        node.dataset.options = self.choices(field)
        control = node.querySelector("[data-label]")
        if field["kind"] == "text":
            control.setAttribute("list", "player-names")
        error = element("p", "error")
        error.id = name + "-error"
        control.setAttribute("aria-describedby", error.id)
        node.append(error)
        return node


class Seat:
    """A saved strategy seated as a code-breaker: its own Lab worker (``static/lab-worker.mjs``,
    started on its first move; the session's requests
    passed on as they are, and what answers them sent back (``seat``), read by the session. A
    watchdog ends the worker after the session's seconds of silence (a guess past the limit)."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.worker: Any = None
        self.port: Any = None
        self.ready = False
        self.loaded: str | None = None  # the source and rules the worker holds (the session's key)
        self.turn: Any = None  # the move asked (the session's ``seat`` effect)
        self.step = "load"
        self.heard = 0.0
        self.limit: float | None = None

    def start(self) -> None:
        self.worker, self.port = start_lab_worker(self.on_message, lambda event: None, self.fail)  # what a strategy posts itself is ignored

    def ask(self, effect: Any) -> None:
        self.turn = effect
        self.heard = js.performance.now()
        if self.worker is None:
            self.start()
        if self.ready:
            self.next()

    def next(self) -> None:
        turn = self.turn
        self.step = "load" if self.loaded != turn["key"] else "guess"
        self.limit = turn[self.step + "_wait"]
        self.heard = js.performance.now()
        self.port.postMessage(turn[self.step])

    def on_message(self, event: Any) -> None:
        self.heard = js.performance.now()
        text = str(event.data)
        try:
            data = json.loads(text)
            kind, number = data.get("kind"), data.get("id")
        except Exception:  # junk: the session reads it, and says so
            kind = number = None
        if kind == "ready":
            self.ready = True
            if self.turn is not None:
                self.next()
        elif kind == "failed":
            self.fail(str(data.get("sentence")))
        elif self.turn is None or kind in ("beat", "progress"):
            return
        elif kind != "error" and number is not None and number != self.turn["id"] - (self.step == "load"):
            return  # the answer to a move made stale meanwhile
        elif self.step == "load" and kind == "ok":
            self.loaded = self.turn["key"]
            self.next()
        else:
            self.finish("answer", text)

    def finish(self, outcome: str, text: str | None) -> None:
        turn, self.turn, self.limit = self.turn, None, None
        if turn is not None:
            self.screen.send("seat", {"id": turn["id"], "step": self.step, "outcome": outcome, "text": text})

    def watch(self) -> None:
        if self.turn is not None and self.limit is not None and js.performance.now() - self.heard > self.limit * 1000:
            self.end()
            self.finish("stalled", None)

    def fail(self, reason: str) -> None:
        js.console.warn(LAB_WORKER + ": " + reason)
        self.end()
        self.finish("failed", reason)

    def end(self) -> None:
        if self.worker is not None:
            self.worker.terminate()
        self.worker = self.port = None
        self.ready = False
        self.loaded = None


class Seats:
    """The seated strategies' workers, by name, and their one watchdog."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.seats: dict[str, Seat] = {}

    def ask(self, effect: Any) -> None:
        if not self.seats:
            js.setInterval(self.watch, WATCHDOG_EVERY)
        if effect["name"] not in self.seats:
            self.seats[effect["name"]] = Seat(self.screen)
        self.seats[effect["name"]].ask(effect)

    def watch(self) -> None:
        for seat in self.seats.values():
            seat.watch()


def install(screen: Screen) -> None:
    """Register this part's drawer and effects on `screen`, and wire its keys."""
    Modes(screen).install()
    screen.effects["seat"] = Seats(screen).ask
