"""What every module of the Solo screen's main thread draws with (MicroPython): the page's
elements by id, new elements and buttons with text only (never markup), a peg's paint.

``static/mpy_page.py`` and the screens beside it (``static/mpy_*.py``) import these; they hold
no rule and no wording of the game, which the page's worker sends as data.
"""

import json
from typing import TYPE_CHECKING

import js

if TYPE_CHECKING:
    from typing import Any

document = js.document


class BrowserError(Exception):
    """What the browser threw, as a Python exception (:func:`attempt`)."""


def attempt(target: Any, name: str, args: list[Any] | None = None) -> Any:
    """``target[name](*args)``, or the property ``target[name]`` when `args` is None, called in
    JavaScript (``static/main.mjs``'s ``mastermindAttempt``): MicroPython lets a JavaScript
    exception through a Python ``try``, so what may throw is called this way; raises
    :class:`BrowserError` with what the browser said."""
    result = js.window.mastermindAttempt(target, name, args)
    if hasattr(result, "error"):
        raise BrowserError(result.error)
    return result.value


def by_id(name: str) -> Any:
    return document.getElementById(name)


def place_text(node: Any, text: str) -> None:
    """The page's one text setter (``static/shell.js``): hyphenated words kept whole, text only."""
    js.window.mastermindPlaceText(node, text)


def element(tag: str, class_name: str = "", text: str = "") -> Any:
    node = document.createElement(tag)
    if class_name:
        node.className = class_name
    if text:
        place_text(node, text)
    return node


def button(text: str, class_name: str = "") -> Any:
    node = element("button", class_name, text)
    node.type = "button"
    return node


def plain(value: object) -> Any:
    """`value` (JSON's kinds) as a JavaScript value of its own: what a DOM or browser method reads
    (MicroPython hands a list or a dict to JavaScript as a proxy, which they do not take)."""
    return js.JSON.parse(json.dumps(value))


LAB_WORKER = "static/lab-worker.mjs"


def start_lab_worker(on_message: Any, on_junk: Any, fail: Any) -> tuple[Any, Any]:
    """A Lab worker (``static/lab-worker.mjs``) and the page's end of the private port it answers
    on: what a strategy posts with the worker's own ``postMessage`` goes to `on_junk`, never taken
    for an answer; an error the worker cannot catch goes to `fail` as a sentence."""
    worker = js.Worker.new(js.URL.new(LAB_WORKER, document.baseURI).href, plain({"type": "module"}))
    channel = js.MessageChannel.new()
    port = channel.port1
    port.onmessage = on_message
    worker.onmessage = on_junk
    worker.onerror = lambda event: fail(str(getattr(event, "message", "") or "error"))
    first = js.Object.new()
    first.port = channel.port2
    first.language = document.documentElement.lang or "en"
    worker.postMessage(first, js.Array.of(channel.port2))
    return worker, port


def keep_history() -> None:
    """Keep the History's height as it is now for a panel opening below it (``static/style.css``)."""
    by_id("board").style.setProperty("--history-kept", str(by_id("history-scroll").offsetHeight) + "px")


def show_below_history(panel: Any, keep: bool = True) -> None:
    """Show an end-of-game panel (Share, Review) below the board: a phone's History keeps the
    height it had (:func:`keep_history`, now, or when the panel was asked for: `keep` False),
    not squeezed to its least, and the panel comes into view."""
    if keep:
        keep_history()
    panel.hidden = False
    panel.scrollIntoView(plain({"block": "nearest"}))


def paint(node: Any, color: dict[str, str]) -> Any:
    """Give `node` the look of a peg of `color` (the session's colour data)."""
    node.style.setProperty("--peg", color["peg"])
    node.style.setProperty("--peg-ink", color["ink"])
    node.textContent = color["shown"]
    return node


def form_field(field: Any, name: str) -> Any:
    """A labelled control (select, number or text) with id `name` for a field of the session's
    data (``label``, ``shown``, ``kind``, ``value``, ``low``, ``high``, ``options``: each choice's
    value and the text shown): one builder for every form."""
    node = element("div", "field")
    label = element("label", "", field["shown"])
    label.htmlFor = name
    if field["kind"] == "select":
        control = element("select")
        for value, text in field["options"]:
            option = element("option", "", text)
            option.value = value
            control.append(option)
    else:
        control = element("input")
        control.autocomplete = "off"
        if field["kind"] == "number":
            control.type = "number"
            control.inputMode = "numeric"
            control.min, control.max = str(field["low"]), str(field["high"])
        else:
            control.type = "text"
            control.spellcheck = False
    control.id = name
    control.setAttribute("data-label", field["label"])
    control.value = field["value"]
    node.append(label)
    node.append(control)
    return node


class Sections:
    """What each section of a screen was last drawn from: a reply redraws only the sections whose
    data changed, each proxy call to the page costing the main thread's time."""

    def __init__(self) -> None:
        self.drawn: dict[str, Any] = {}

    def fresh(self, name: str, value: object) -> bool:
        """Whether `value`, the data section `name` is drawn from, differs from what was drawn
        there last (then kept as drawn)."""
        if name in self.drawn and self.drawn[name] == value:
            return False
        self.drawn[name] = value
        return True

    def forget(self, name: str) -> None:
        """Section `name` was drawn otherwise meanwhile: the next data draws it again."""
        self.drawn.pop(name, None)


class OwnScreen:
    """A mode drawn by a module of its own (Solve, the Lab): its ``<main>`` (`ROOT`) is filled from
    its template (`TEMPLATE`) on first show, so a player who never opens it pays nothing for it,
    and it speaks through its own live region while shown."""

    ROOT = ""
    TEMPLATE = ""

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        self.root = by_id(self.ROOT)
        self.built = False
        self.part: Any = None
        self.drawn = Sections()
        self.find: Any = None  # the root's querySelector, once built

    def build(self) -> None:
        self.built = True
        self.root.replaceChildren(by_id(self.TEMPLATE).content.cloneNode(True))
        self.find = self.root.querySelector
        self.wire()

    def wire(self) -> None:
        """Listen to the built screen's controls."""

    def hide(self) -> None:
        self.root.hidden = True
        self.part = None

    def show(self, part: Any) -> None:
        """Show the screen for `part` (built first if need be); its status is the page's live region."""
        if not self.built:
            self.build()
        self.part = part
        self.root.hidden = False
        self.screen.live = self.find(".status")


def keep_newest_in_view(scroller: Any, row: Any = None) -> None:
    """Scroll a table's area to its newest row at the bottom, or, when the status names a `row` to
    look at, to that row, just below the table's sticky head."""
    if row is None:
        scroller.scrollTop = scroller.scrollHeight
        return
    head = scroller.querySelector("thead")  # its cells stick to the top of the area, over the rows
    below = scroller.getBoundingClientRect().top + scroller.clientTop + (head.offsetHeight if head else 0)
    scroller.scrollTop += row.getBoundingClientRect().top - below


def today(now: Any) -> str:
    """The player's day, in their time zone (the daily challenge's day), ``YYYY-MM-DD``."""
    return f"{now.getFullYear():04d}-{now.getMonth() + 1:02d}-{now.getDate():02d}"


def moment(now: Any) -> str:
    """The player's local time, ``YYYY-MM-DDTHH:MM:SS`` (the daily countdown)."""
    return f"{today(now)}T{now.getHours():02d}:{now.getMinutes():02d}:{now.getSeconds():02d}"




def keys_compose(event: Any) -> bool:
    """Whether a key goes to the row being composed: not
    in a dialog or a text field, not with a modifier; Space presses a focused button; Enter presses
    one only when the keyboard put the focus there outside the row and palette."""
    target = event.target
    if event.ctrlKey or event.metaKey or event.altKey or document.querySelector("dialog[open]"):
        return False
    if target.closest("dialog"):  # a dialog just closed: the browser moves the focus out of it a task
        return True  # later, and keys typed meanwhile (a busy page) reach its field, not the board
    tag = target.tagName
    if tag in ("INPUT", "SELECT", "TEXTAREA"):
        return False
    if tag == "BUTTON":
        if event.key == " ":
            return False
        if event.key == "Enter":
            return bool(target.closest(".current, .palette")) or not target.matches(":focus-visible")
    return True


def rules_of(colors: list[Any], slots: list[Any]) -> tuple[str, int]:
    """What a board's palette and row are drawn for: the colours' letters and the count of slots."""
    return "".join(color["letter"] for color in colors), len(slots)


def draw_composer(palette: Any, row: Any, colors: list[Any], slots: list[Any], drawn: Any) -> Any:
    """Draw a board's palette and the row being composed from the session's data (colours, and
    each slot's name, description and colour): one helper for every board. `drawn` is what the
    last call returned (None at first): the buttons are made again only when the rules differ,
    and a slot is written only when what it shows changed, each write being a call through
    MicroPython's proxies. Returns what is drawn now: the rules (:func:`rules_of`) and the slots."""
    rules = rules_of(colors, slots)
    before = drawn[1] if drawn is not None and drawn[0] == rules else None
    if before is None:
        palette.replaceChildren()
        for color in colors:
            peg = paint(button("", "peg"), color)
            peg.dataset.letter = color["letter"]
            peg.setAttribute("aria-label", color["name"])
            palette.append(peg)
        row.replaceChildren()
        for index in range(len(slots)):
            slot = button("", "slot")
            slot.dataset.index = index
            row.append(slot)
    free, was = first_free(slots), first_free(before or [])
    for index, held in enumerate(slots):
        if before is not None and before[index] == held and (index == free) == (index == was):
            continue
        slot = row.children[index]
        slot.setAttribute("aria-label", held["name"])
        slot.setAttribute("aria-description", held["description"])
        slot.classList.toggle("next", index == free)
        slot.classList.toggle("filled", held["color"] is not None)
        if held["color"] is None:
            slot.style.removeProperty("--peg")
            slot.style.removeProperty("--peg-ink")
            slot.textContent = ""
        else:
            paint(slot, held["color"])
    return rules, slots


def first_free(slots: list[Any]) -> int:
    """The first slot holding no colour, the next to fill (-1: none)."""
    for index, held in enumerate(slots):
        if held["color"] is None:
            return index
    return -1


def wire_composer(listen: Any, palette: Any, row: Any, send: Any, kinds: tuple[str, str]) -> None:
    """Wire a board's palette and row being composed, one way for every board: a colour pressed sends the action ``kinds[0]`` with its letter, a slot
    pressed ``kinds[1]`` with its index (the session says what it does)."""

    def on_palette(event: Any) -> None:
        peg = event.target.closest("button[data-letter]")
        if peg:
            send(kinds[0], {"letter": peg.dataset.letter})

    def on_slot(event: Any) -> None:
        slot = event.target.closest("button[data-index]")
        if slot:
            send(kinds[1], {"index": int(slot.dataset.index)})

    listen(palette, "click", on_palette)
    listen(row, "click", on_slot)


def history_row(row: Any) -> Any:
    """A History row from the session's row data (the one row composer): number, guess pegs,
    drawn key pegs beside their words, guesses left."""
    guess = element("span", "pegs")
    for color in row["guess"]:
        guess.append(paint(element("span", "peg"), color))
    keys = element("span", "keys")
    keys.setAttribute("aria-hidden", "true")  # the words beside them say the same
    keys.style.setProperty("--cols", str((len(row["keys"]) + 1) // 2))
    for kind in row["keys"]:
        keys.append(element("span", "key " + kind))
    feedback = element("span", "feedback")
    feedback.append(keys)
    feedback.append(element("span", "feedback-text", row["feedback"]))
    line = element("tr")
    line.append(element("td", "number", str(row["number"])))
    for part, class_name in ((guess, "guess"), (feedback, ""), (None, "left")):
        cell = element("td", class_name, str(row["left"]) if part is None else "")
        if part is not None:
            cell.append(part)
        line.append(cell)
    return line

