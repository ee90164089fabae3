"""The Solo screen's main thread, under MicroPython: draw what the page's worker says, send it what
the player does.

The models run in a Web Worker (``static/page-worker.mjs``: Pyodide and
:mod:`mastermind.page.session`); this module holds no rule and no wording of the game. It sends
the session's start and draws each reply's board as data with ``createElement`` and
``textContent``, never markup. ``static/main.mjs`` keeps ``localStorage`` (only the main thread
can) in JavaScript: it adds the stored texts to the start, applies the writes each reply carries
and forwards other tabs' changes, so that no stored text of megabytes enters MicroPython's heap.
It starts MicroPython with this module and a two-line ``typing`` shim (MicroPython has no
``typing``: the annotations are parsed and ignored, and the names they use are imported only
where mypy reads them).

Before the worker is ready, ``static/shell.js`` takes the presses and echoes their pegs; once it
is, the start carries them (``mastermindEarly.take()``) and the session replays them.
"""

import json
from typing import TYPE_CHECKING

import js
import mpy_engine
import mpy_lab
import mpy_modes
import mpy_settings
import mpy_share
import mpy_solve
import mpy_stats
from mpy_dom import (
    button,
    by_id,
    document,
    draw_composer,
    element,
    history_row,
    keys_compose,
    moment,
    paint,
    place_text,
    rules_of,
    today,
    wire_composer,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import Any

PLAYING = ("new-game", "delete", "submit", "open-help", "menu-toggle", "notice-dismiss")
"""The header's and the board's buttons this module draws, enabled once the worker has answered.
The screens beside it add theirs
(:attr:`Screen.playing`); a button no screen drew stays disabled."""
SCREENS = (mpy_engine, mpy_settings, mpy_stats, mpy_share, mpy_modes, mpy_solve, mpy_lab)
"""The parts of the page drawn beside the board, each a module with an ``install(screen)`` that
registers what it draws (:attr:`Screen.parts`), the effects it does (:attr:`Screen.effects`), its
dialogs, buttons and end actions, and wires its events. ``static/main.mjs`` fetches each."""


def same_row(drawn: Any, row: Any) -> bool:
    """Whether a History row drawn as `drawn` shows `row`, new or not."""
    return all(drawn[key] == row[key] for key in row if key != "new") and len(drawn) == len(row)


class Screen:
    """The Solo screen: the worker's port, what is drawn, and the page's events."""

    def __init__(self, port: Any) -> None:
        self.port = port
        self.started = False  # the start sent: from then on every press is this screen's
        self.ready = False  # the first reply drawn
        self.rules: tuple[str, int] | None = None  # the palette and slots drawn (rebuilt when they change)
        self.composed: Any = None  # the palette and row as drawn (static/mpy_dom.py's draw_composer)
        self.letters: dict[str, str] = {}  # a colour's shown letter (upper case) -> its code letter
        self.colours = 0
        self.rows: list[Any] | None = None  # none drawn yet: static/shell.js may show the last visit's rows
        self.use_label = ""
        self.shown_status = ""
        self.asked = False  # the Leave this game? dialog is open on the session's question
        self.answered = 0  # replies read: the worker answers each message posted (port.posted), in order
        self.settled = 0  # the message that answered the last question (leave, stay): replies before it still ask
        self.welcome = False  # How to play opened by itself: closing it hands the keys to the board
        self.board = by_id("board")
        self.live = by_id("status")
        """The live region the status goes to: the Solo board's, or the mode's on screen (static/mpy_modes.py)."""
        self.palette = by_id("palette")
        self.current = by_id("current")
        self.history = by_id("history").tBodies[0]
        self.drawn: dict[str, Any] = {}
        """The board last drawn (the reply's ``board``): a part equal to it is not written again."""
        self.drawn_end_rules: tuple[str, int] | None = None  # the palette and slots the end disabled or enabled
        self.scrolling = False  # the History's scroll asked for the next frame
        self.later: list[Callable[[], None]] = []
        """What is left to do of the last reply, a task each (:meth:`go_on`)."""
        self.parts: dict[str, Callable[[Any], None]] = {}
        """Each part of the reply (``stats``, ``share``...) and the screen's function that draws it."""
        self.effects: dict[str, Callable[[Any], None]] = {}
        """Each effect a screen does beyond this module's own (``engine``, ``fill``, ``download``...)."""
        self.dialogs = {"help"}
        """The dialogs an ``open`` effect may open: those a screen draws."""
        self.playing = list(PLAYING)
        self.end_actions: dict[str, Callable[[Any], None]] = {"new-game": self.new_game}
        """The end of a game's actions (``data-action``) that work here: the others stay disabled."""
        self.telling: dict[str, object] = {}
        """What the screens add to the session's start (``persist``, ``imported``...), by name."""
        self.mode_screens: dict[str, Any] = {}
        """The modes drawn by a module of their own (Solve), by mode: each with ``draw(part)`` and
        ``hide()``; ``static/mpy_modes.py`` draws the others."""

    # The worker

    def send(self, kind: str, values: dict[str, object] | None = None) -> None:
        if not self.started:  # until the start, static/shell.js records the presses for it
            return
        action: dict[str, object] = {"kind": kind}
        if values:
            action.update(values)
        self.post({"v": 1, "action": action})

    @property
    def posted(self) -> int:
        """The messages sent to the worker, by this adapter or by ``static/main.mjs`` (the store's
        answers: ``refused``, ``not-stored``, ``not-imported``, another tab's ``storage``)."""
        return int(self.port.posted)

    @property
    def waiting(self) -> bool:
        """Whether a message posted has a reply not yet wholly drawn: not come, or its parts
        still left for a later task (a mode's screen is drawn with the parts)."""
        return self.answered < self.posted or bool(self.later)

    def post(self, message: dict[str, object]) -> None:
        self.port.post(json.dumps(message))

    def start(self) -> None:
        """The session's start: the address, the day, the early presses and whether
        static/shell.js opened How to play already; ``static/main.mjs`` adds the stored texts
        (``stored``, ``blocked``) in JavaScript: a store of megabytes would overflow MicroPython's heap."""
        shell = js.window.mastermindEarly
        welcomed = bool(shell and shell.welcomed)
        self.welcome = welcomed
        early = json.loads(js.JSON.stringify(shell.take())) if shell else []
        self.started = True
        now = js.Date.new()
        start = {"search": js.location.search, "today": today(now), "now": moment(now),
                 "page": js.location.origin + js.location.pathname, "early": early, "welcomed": welcomed}
        start.update(self.telling)
        self.port.start(json.dumps({"v": 1, "start": start}))

    def on_message(self, text: str, drawn: bool = True) -> None:
        """A message of the worker: ready, or the reply to the next message posted, whose board is
        drawn now and the rest in two tasks of their own (:meth:`draw_parts`, :meth:`conclude`), so
        that none is long on a slow phone. Its storage writes are not in it: ``static/main.mjs``
        applied them in JavaScript (the texts stay out of MicroPython's heap), and `drawn` is False
        when the browser refused its import: the session's answer to ``not-imported`` is drawn
        instead."""
        self.catch_up()  # the last reply's rest, if its tasks have not come yet: replies are drawn in order
        reply = json.loads(text)
        if reply.get("ready"):
            self.start()
            return
        self.answered += 1
        if "error" in reply or "failed" in reply:
            js.console.error("page worker: " + str(reply.get("error") or reply.get("failed")))
            return
        if not drawn:
            return
        self.board.setAttribute("aria-busy", "true")  # until conclude: a reader, or a test, waits for the whole reply
        self.draw(reply["board"])
        number = self.answered
        self.later = [lambda: self.draw_parts(reply), lambda: self.conclude(reply, number)]
        js.setTimeout(self.go_on, 0)

    def go_on(self) -> None:
        """Do the next part of the last reply left for later, and leave the one after it to the next task."""
        if self.later:
            self.later.pop(0)()
        if self.later:
            js.setTimeout(self.go_on, 0)

    def catch_up(self) -> None:
        while self.later:
            self.later.pop(0)()

    def draw_parts(self, reply: Any) -> None:
        """The parts of the page beside the board (``stats``, ``share``...) that the reply changed,
        before its status: a mode's screen has its own live region."""
        for name, part in reply.get("parts", {}).items():
            if name in self.parts:
                self.parts[name](part)

    def conclude(self, reply: Any, number: int) -> None:
        """The end of reply `number`: what it says (the status, which a dialog it opens follows in
        the same task, and Leave this game?), the controls woken by the first reply, the effects;
        then the board is no longer busy."""
        if reply["status"] is not None:  # null: a quiet action (the countdown's tick) says nothing
            self.say(reply["status"])
        if reply["ask"] and not self.asked and number > self.settled:
            self.asked = True
            place_text(by_id("leave-question"), reply["ask"])
            by_id("leave").showModal()
        if not self.ready:
            self.wake()
        for effect in reply.get("effects", []):
            self.effect(effect)
        self.board.removeAttribute("aria-busy")

    def effect(self, effect: Any) -> None:
        """Do what the reply asks once, after drawing: a dialog opened or closed, the notice, the
        address made plain, a field focused, or a screen's own effect. An
        effect no screen does here is left undone."""
        do = effect["do"]
        if do in self.effects:
            self.effects[do](effect)
        elif do == "open" and effect["dialog"] in self.dialogs and not by_id(effect["dialog"]).open:
            by_id(effect["dialog"]).showModal()
            self.welcome = self.welcome or effect["dialog"] == "help"
        elif do == "close":
            by_id(effect["dialog"]).close()
        elif do == "notice":
            place_text(by_id("notice-text"), effect["text"])
            by_id("notice").hidden = False
        elif do == "plain-address":  # read once: a reload shows the game in progress, not a fresh ?seed= game
            js.window.history.replaceState(js.window.history.state, "", js.location.pathname + js.location.hash)
        elif do in ("focus", "select") and by_id(effect["field"]):
            getattr(by_id(effect["field"]), do)()

    def wake(self) -> None:
        """The first reply is drawn: the controls work and the service worker may register
        (static/sw-register.js waits for this event)."""
        self.ready = True
        for name in self.playing:
            by_id(name).disabled = False
        for node in by_id("mode-picker").querySelectorAll("button"):
            node.disabled = False
        document.body.classList.remove("loading")
        js.performance.mark("mastermind:playable")
        js.window.dispatchEvent(js.Event.new("mastermind:ready"))

    # Drawing

    def say(self, text: str) -> None:
        """The live region's text: a repeated text gets a no-break space, so it is said again."""
        if text == self.shown_status:
            text += "\u00a0"
        self.shown_status = text
        place_text(self.live, text)

    def draw(self, view: Any) -> None:
        """Draw the reply's board: only what differs from the last one drawn is written, since
        each write is a call through MicroPython's proxies and a reply comes with every key."""
        look = view["look"]
        if look != self.drawn.get("look"):
            for name in look["root"]:  # the theme and colours, as static/shell.js set them
                document.documentElement.setAttribute(name, look["root"][name])
            dataset = self.board.dataset
            dataset.keyColor, dataset.letters, dataset.order = look["key_color"], look["letters"], look["order"]
        self.draw_composer(view)
        if view["repeat"] != self.drawn.get("repeat"):
            self.current.classList.toggle("repeat", view["repeat"])  # Use guess N copied a played guess
        if view["refused"]:  # restart the nudge, even when the last one has not ended
            self.current.classList.remove("nudge")
            self.current.offsetWidth  # noqa: B018 (reading the layout lets the animation start again)
            self.current.classList.add("nudge")
        if view["secret"] != self.drawn.get("secret"):
            secret = by_id("secret-pegs")
            secret.replaceChildren()
            for color in view["secret"]:
                secret.append(paint(element("span", "peg"), color) if color else element("span", "peg hidden", "?"))
        self.draw_history(view["rows"], view["use_label"])
        self.draw_end(view)
        self.drawn = view
        if not self.scrolling:  # the History's end in view, read in the next frame: reading it now would lay the page out in this task
            self.scrolling = True
            js.window.requestAnimationFrame(self.scroll)

    def scroll(self, time: float) -> None:
        self.scrolling = False
        scroller = by_id("history-scroll")
        scroller.scrollTop = scroller.scrollHeight if self.board.dataset.order != "top" else 0

    def draw_composer(self, view: Any) -> None:
        if rules_of(view["palette"], view["slots"]) != self.rules:
            self.letters = {color["shown"].upper(): color["letter"] for color in view["palette"]}
            self.colours = len(view["palette"])
            self.board.dataset.pegs = view["pegs"]
            self.board.style.setProperty("--pegs", str(view["pegs"]))
        self.composed = draw_composer(self.palette, self.current, view["palette"], view["slots"], self.composed)
        self.rules = self.composed[0]

    def draw_history(self, rows: list[Any], use_label: str) -> None:
        """The History's rows, each with its Use guess button; a row just scored is marked new
        (its key pegs appear one after another), a winning row won. The rows already drawn the
        same (but for being new) stay, and only those after them are made."""
        if rows == self.rows:
            return
        drawn = self.rows or []
        lines = self.history.children
        kept = 0
        if use_label == self.use_label:
            while kept < min(len(drawn), len(rows)) and same_row(drawn[kept], rows[kept]):
                if drawn[kept]["new"] != rows[kept]["new"]:
                    lines[kept].classList.toggle("new", rows[kept]["new"])
                kept += 1
        self.rows, self.use_label = rows, use_label
        if kept == 0:
            self.history.replaceChildren()
        while lines.length > kept:
            lines[lines.length - 1].remove()
        for row in rows[kept:]:
            use = button(use_label, "use")
            use.dataset.number = row["number"]
            use.setAttribute("aria-label", row["use"])
            line = history_row(row)
            cell = element("td")
            cell.append(use)
            line.append(cell)
            line.classList.toggle("new", row["new"])
            line.classList.toggle("won", row["won"])
            self.history.append(line)

    def draw_end(self, view: Any) -> None:
        """The end of a game: the palette, the row and Submit guess disabled, the end actions by
        the board in their place (the header's New game gives way to the board's)."""
        over = view["over"]
        if over != self.drawn.get("over") or self.rules != self.drawn_end_rules:
            self.drawn_end_rules = self.rules
            for node in self.palette.querySelectorAll("button"):
                node.disabled = over
            for node in self.current.querySelectorAll("button"):
                node.disabled = over
            by_id("submit").disabled = over
            by_id("delete").hidden = over
            by_id("new-game").hidden = over
        if view["end"] == self.drawn.get("end"):
            return
        box = by_id("end-actions")
        box.hidden = not view["end"]
        box.replaceChildren()
        for action in view["end"]:
            node = button(action["label"], "" if box.children.length else "primary")
            node.dataset.action = action["key"]
            node.disabled = action["key"] not in self.end_actions
            box.append(node)

    # Events

    def on_history(self, event: Any) -> None:
        use = event.target.closest("button[data-number]")
        if use:
            self.send("use-guess", {"number": int(use.dataset.number)})
            self.compose()

    def on_end_action(self, event: Any) -> None:
        action = event.target.closest("button[data-action]")
        if action and action.dataset.action in self.end_actions:
            self.end_actions[action.dataset.action](event)

    def new_game(self, event: Any) -> None:
        self.send("new-game")
        self.compose()

    def on_leave_confirmed(self, event: Any) -> None:
        self.asked = False
        self.send("leave")
        self.settled = self.posted
        by_id("leave").close()

    def on_leave_closed(self, event: Any) -> None:
        if self.asked:  # closed without Yes, abandon: Keep playing, Escape or the backdrop
            self.asked = False
            self.send("stay")
            self.settled = self.posted

    def on_key(self, event: Any) -> None:
        if not self.started or self.board.hidden or not keys_compose(event):  # hidden: another mode's screen takes the keys
            return
        key = event.key
        means = key in ("Enter", "Backspace") or (len(key) == 1 and (key.isdigit() or key.upper() in self.letters))
        if not means:
            return
        event.preventDefault()
        if event.target.tagName == "BUTTON":
            self.compose()  # the keys compose now: Enter submits, not the button
        self.send("press", {"key": key})

    def on_mode(self, event: Any) -> None:
        """A mode button shows its mode in place (the session's ``mode``)."""
        mode = event.target.closest("button[data-mode]")
        if mode:
            self.send("mode", {"mode": mode.dataset.mode})

    def after_click(self, event: Any) -> None:
        """A board's button pressed with the mouse or a finger hands the keys back to the board."""
        if event.detail and event.target.closest("button"):
            self.compose()

    def compose(self) -> None:
        self.board.focus()

    def on_help_closed(self, event: Any) -> None:
        if self.welcome:
            self.welcome = False
            self.compose()

    def after_dialog(self, event: Any) -> None:
        """Once the last dialog closes, the board takes the focus when the button that opened it
        was the header's or the board's, so keys play on (Enter submits the guess)."""
        opener = document.activeElement
        if document.querySelector("dialog[open]") or not opener or not opener.closest(".top, .board"):
            return
        self.compose()

    def wire(self) -> None:
        on = self.listen
        wire_composer(on, self.palette, self.current, self.send, ("pick", "clear"))
        on(self.history, "click", self.on_history)
        on(by_id("submit"), "click", lambda event: self.send("press", {"key": "Enter"}))
        on(by_id("delete"), "click", lambda event: self.send("press", {"key": "Backspace"}))
        on(by_id("new-game"), "click", self.new_game)
        on(by_id("end-actions"), "click", self.on_end_action)
        on(by_id("leave-confirm"), "click", self.on_leave_confirmed)
        on(by_id("leave"), "close", self.on_leave_closed)
        on(by_id("open-help"), "click", lambda event: by_id("help").showModal())
        on(by_id("help"), "close", self.on_help_closed)
        on(by_id("notice-dismiss"), "click", lambda event: setattr(by_id("notice"), "hidden", True))
        on(by_id("mode-picker"), "click", self.on_mode)
        on(self.board, "click", self.after_click)
        on(self.current, "animationend", lambda event: self.current.classList.remove("nudge"))
        on(document, "keydown", self.on_key)
        for dialog in document.querySelectorAll("dialog"):
            on(dialog, "close", self.after_dialog)
            BackdropClose(dialog, on)
        for close in document.querySelectorAll("dialog .close"):
            on(close, "click", lambda event: event.target.closest("dialog").close())
        Menu(on)

    @staticmethod
    def listen(node: Any, kind: str, handler: Any) -> None:
        node.addEventListener(kind, handler)


class BackdropClose:
    """Closes `dialog` on a press that begins and ends outside its box (on its backdrop), as
    Escape does."""

    def __init__(self, dialog: Any, on: Any) -> None:
        self.dialog = dialog
        self.began_outside = False
        on(dialog, "pointerdown", self.on_down)
        on(dialog, "click", self.on_click)

    def outside(self, event: Any) -> bool:
        if not event.target.isSameNode(self.dialog):
            return False
        box = self.dialog.getBoundingClientRect()
        return not (box.left <= event.clientX <= box.right and box.top <= event.clientY <= box.bottom)

    def on_down(self, event: Any) -> None:
        self.began_outside = self.outside(event)

    def on_click(self, event: Any) -> None:
        if self.began_outside and self.outside(event):
            self.dialog.close()
        self.began_outside = False


class Menu:
    """The header's disclosure on a phone (``#menu-toggle``): opens and closes the actions and
    modes, closes on a choice, on Escape (focus back on the button) and on a press outside it."""

    def __init__(self, on: Any) -> None:
        self.toggle = by_id("menu-toggle")
        on(self.toggle, "click", lambda event: self.show(not self.open()))
        on(by_id("menu-panel"), "click", self.on_choice)
        on(document, "keydown", self.on_key)
        on(document, "pointerdown", self.on_press)

    def open(self) -> bool:
        return bool(self.toggle.getAttribute("aria-expanded") == "true")

    def show(self, open_: bool) -> None:
        self.toggle.setAttribute("aria-expanded", "true" if open_ else "false")

    def on_choice(self, event: Any) -> None:
        if event.target.closest("button"):
            self.show(False)

    def on_key(self, event: Any) -> None:
        if self.open() and event.key == "Escape":
            self.show(False)
            self.toggle.focus()

    def on_press(self, event: Any) -> None:
        if self.open() and not event.target.closest("#menu-panel, #menu-toggle"):
            self.show(False)


def starting() -> Iterator[None]:
    """The screen's start in parts, each under 50 ms at 4x CPU where the whole took 40-100 ms:
    the screens beside the board installed one at a time, the events wired, and only then the
    worker's messages taken (static/main.mjs keeps those that arrive meanwhile)."""
    screen = Screen(js.window.mastermindPort)
    for part in SCREENS:
        yield
        part.install(screen)
    yield
    screen.wire()
    yield
    screen.port.listen(screen.on_message)


STARTING = starting()


def start() -> bool:
    """Do the start's next part; False once it is done. ``static/main.mjs`` calls this once a
    task, so that the browser paints and answers taps between the parts."""
    for _ in STARTING:
        return True
    return False
