"""The few DOM helpers every browser-shell module uses. Text goes in with ``textContent`` only."""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Callable, Coroutine, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from js import console, document, fetch, window
from pyodide.ffi import create_proxy

from mastermind.page import engine
from mastermind.page.appearance import peg_paint
from mastermind.page.solo import slot_words
from mastermind.page.words import _, letter_of, name_of, task_failed

if TYPE_CHECKING:
    from mastermind import Color, Config
    from mastermind.page.boards import Field
    from mastermind.page.solo import Row

Element = Any
"""A DOM element, event or other JavaScript object: a proxy whose attributes no static type describes."""

T = TypeVar("T")


def by_id(name: str) -> Element:
    return document.getElementById(name)


def fill_from_template(root: Element, template: str) -> Callable[[str], Element]:
    """Fill `root` with a copy of the <template> of id `template` (a screen drawn once) and return
    the finder of its parts: one way every mode's screen is built."""
    root.replaceChildren(by_id(template).content.cloneNode(True))
    return root.querySelector  # type: ignore[no-any-return]  # a JS proxy's bound method: no static type


def element(tag: str, class_name: str = "", text: str = "") -> Element:
    node = document.createElement(tag)
    if class_name:
        node.className = class_name
    if text:
        place_text(node, text)
    return node


def place_text(node: Element, text: str) -> None:
    """The one text setter: `node`'s text becomes `text`, each hyphenated word ("code-maker",
    French "jusque-là") kept whole in a ``span.nobreak``, as static/shell.js places the page's own
    texts. Chromium breaks a line after a hard hyphen whatever CSS says; the spans are text
    (textContent), so screen readers and accessible names read the same words."""
    window.mastermindPlaceText(node, text)


def button(text: str, class_name: str = "") -> Element:
    node = element("button", class_name, text)
    node.type = "button"
    return node


def on(node: Element, event: str, handler: Callable[[Element], object]) -> None:
    node.addEventListener(event, create_proxy(handler))


def wire_dialogs() -> None:
    """One mechanism for every dialog: its ``.close`` buttons (Close at the top, Cancel) close it,
    and so does a press on its backdrop, as Escape does (the browser's own)."""
    for button in document.querySelectorAll("dialog .close"):
        on(button, "click", lambda event: event.target.closest("dialog").close())
    for dialog in document.querySelectorAll("dialog"):
        BackdropClose(dialog)


class BackdropClose:
    """Closes `dialog` on a press outside its box (on the backdrop, which is the dialog's own
    ``::backdrop``, so the event's target is the dialog itself). The press must begin outside too:
    selecting text inside and letting go outside keeps the dialog."""

    def __init__(self, dialog: Element) -> None:
        self.dialog = dialog
        self.began_outside = False
        on(dialog, "pointerdown", lambda event: setattr(self, "began_outside", self.outside(event)))
        on(dialog, "click", self.on_click)

    def outside(self, event: Element) -> bool:
        if not event.target.isSameNode(self.dialog):
            return False
        box = self.dialog.getBoundingClientRect()
        return not (box.left <= event.clientX <= box.right and box.top <= event.clientY <= box.bottom)

    def on_click(self, event: Element) -> None:
        if self.began_outside and self.outside(event):
            self.dialog.close()
        self.began_outside = False


def form_field(field: Field, name: str) -> tuple[Element, Element]:
    """A labelled control for a view's :class:`~mastermind.page.boards.Field` (select, number or
    text), with id `name`: one builder for every screen's form. Returns the field and its control."""
    node = element("div", "field")
    label = element("label", text=field.shown)
    label.htmlFor = name
    if field.kind == "select":
        control = element("select")
        for choice in field.options:
            option = element("option", text=_(choice))  # the value stays the choice's own
            option.value = choice
            control.append(option)
    else:
        control = element("input")
        control.autocomplete = "off"
        if field.kind == "number":
            control.type = "number"
            control.inputMode = "numeric"
            control.min, control.max = str(field.low), str(field.high)
        else:
            control.type = "text"
            control.spellcheck = False
    control.id = name
    control.dataset.label = field.label
    node.append(label, control)
    return node, control


def wire_composer(palette: Element, row: Element, act: Callable[[Callable[[Any], object]], None]) -> None:
    """Wire a board's palette and row being composed, one way for every board: a colour pressed
    picks it, a slot pressed empties it. `act` applies a function of the board's view."""

    def on_palette(event: Element) -> None:
        peg = event.target.closest("button[data-letter]")
        if peg:
            act(lambda view: view.pick(peg.dataset.letter))

    def on_slot(event: Element) -> None:
        slot = event.target.closest("button[data-index]")
        if slot:
            act(lambda view: view.clear(int(slot.dataset.index)))

    on(palette, "click", on_palette)
    on(row, "click", on_slot)


def keys_compose(event: Element) -> bool:
    """Whether a key goes to the row being composed rather than to what has the focus: not in a
    dialog or a text field, not with a modifier; Space presses a focused button; Enter presses one
    only when the keyboard put the focus there (``:focus-visible``) outside the row and palette.
    Else Enter submits the row whatever the mouse pressed last."""
    target = event.target
    if event.ctrlKey or event.metaKey or event.altKey or document.querySelector("dialog[open]"):
        return False
    if target.closest("dialog"):  # a dialog just closed: the browser moves the focus out of it a task
        return True  # later, and keys typed meanwhile (a busy page) reach its field, not the board
    if target.tagName in ("INPUT", "SELECT", "TEXTAREA"):
        return False
    if target.tagName == "BUTTON":
        if event.key == " ":
            return False
        if event.key == "Enter":
            return bool(target.closest(".current, .palette")) or not target.matches(":focus-visible")
    return True


def show_status(region: Element, text: str, shown: str | None) -> str:
    """Put `text` in the live `region`, where `shown` was last put; returns what is shown now. A
    live region announces changes only: a repeated text gets a no-break space, so it is said again."""
    if text == shown:
        text += "\u00a0"
    place_text(region, text)
    return text


def keep_newest_in_view(scroller: Element, order: str, row: Element | None = None) -> None:
    """Scroll a History to its newest row: the end when the newest is at the bottom, else the top;
    or, when the status names a `row` to look at, to that row, just below the table's sticky head."""
    if row is None:
        scroller.scrollTop = scroller.scrollHeight if order == "bottom" else 0
        return
    head = scroller.querySelector("thead")  # its cells stick to the top of the area, over the rows
    below = scroller.getBoundingClientRect().top + scroller.clientTop + (head.offsetHeight if head else 0)
    scroller.scrollTop += row.getBoundingClientRect().top - below


def paint(node: Element, color: Color) -> Element:
    """Give `node` the look of a peg of `color`: its colour in the look the Colours setting chose
    (``<html data-colours>``), and its letter in a readable ink."""
    peg, ink = peg_paint(color)
    node.style.setProperty("--peg", peg)
    node.style.setProperty("--peg-ink", ink)
    node.textContent = letter_of(color)  # the language's letter; data-letter keeps the code's own
    return node


def history_row(row: Row) -> Element:
    """A row of a History table: number, guess pegs, drawn key pegs beside their words, guesses left."""
    guess = element("span", "pegs")
    guess.append(*(paint(element("span", "peg"), color) for color in row.guess))
    keys = element("span", "keys")
    keys.setAttribute("aria-hidden", "true")  # the words beside them say the same
    keys.style.setProperty("--cols", str((len(row.keys) + 1) // 2))
    keys.append(*(element("span", f"key {kind}") for kind in row.keys))
    feedback = element("span", "feedback")
    feedback.append(keys, element("span", "feedback-text", row.feedback))
    guess_cell, feedback_cell = element("td", "guess"), element("td")
    guess_cell.append(guess)
    feedback_cell.append(feedback)
    tr = element("tr")
    tr.append(element("td", "number", str(row.number)), guess_cell, feedback_cell, element("td", "left", str(row.left)))
    return tr


def draw_composer(palette: Element, row: Element, config: Config, slots: Sequence[Color | None],
                  drawn: tuple[str, int] | None) -> tuple[str, int]:
    """Draw a board's palette and the row being composed (`slots`, ``None`` where empty): one
    helper for every board. The palette and the slot buttons are rebuilt only when the rules
    differ from `drawn`, the rules drawn last; returns the rules now drawn."""
    rules = (config.letters, config.pegs)
    if rules != drawn:
        pegs = []
        for color in config.colors:
            peg = paint(button("", "peg"), color)
            peg.dataset.letter = color.letter
            peg.dataset.slotDescription = slot_words(0, color)[1]  # static/shell.js echoes early pegs with it
            peg.setAttribute("aria-label", name_of(color))
            pegs.append(peg)
        palette.replaceChildren(*pegs)
        row.replaceChildren(*(button("", "slot") for _ in range(config.pegs)))
        row.dataset.empty = slot_words(0, None)[1]
    free = slots.index(None) if None in slots else -1
    for index, (slot, held) in enumerate(zip(row.children, slots, strict=True)):
        name, description = slot_words(index, held)
        slot.dataset.index = index
        slot.setAttribute("aria-label", name)
        slot.setAttribute("aria-description", description)
        slot.classList.toggle("next", index == free)
        slot.classList.toggle("filled", held is not None)
        if held is None:
            slot.style.removeProperty("--peg")
            slot.style.removeProperty("--peg-ink")
            slot.textContent = ""
        else:
            paint(slot, held)
    return rules


async def engine_data(config: Config) -> None:
    """Fetch the strategy file the engine follows in games of `config`, if it is one the page
    fetches on demand (the larger games': see :func:`mastermind.page.engine.wanted_data`) and not fetched yet.
    Without it the engine still plays (it searches every move), so a failed fetch, as offline
    before the service worker has cached the file, is only logged."""
    path = engine.wanted_data(config)
    if path is None:
        return
    try:
        response = await fetch(path)
        if not response.ok:
            raise OSError(f"HTTP {response.status}")
        engine.provide_data(path, await response.text())
    except Exception as error:  # a network JsException or the HTTP error: play on without it
        console.warn(f"{path}: {error}; the computer player searches instead")


_RUNNING: set[asyncio.Future[Any]] = set()
"""The tasks started by :func:`spawn`, kept until they end (the event loop holds weak references only)."""


def spawn(coroutine: Coroutine[Any, Any, T]) -> asyncio.Future[T]:
    """Run `coroutine` in the background. If it fails, say so at once, on the console (with the
    traceback) and in the page's notice, rather than when the task is garbage-collected."""
    task = asyncio.ensure_future(coroutine)
    _RUNNING.add(task)
    task.add_done_callback(_report)
    return task


def _report(task: asyncio.Future[Any]) -> None:
    _RUNNING.discard(task)
    error = None if task.cancelled() else task.exception()
    if error is None:
        return
    console.error("".join(traceback.format_exception(error)))
    place_text(by_id("notice-text"), task_failed(error))  # already through the catalog
    by_id("notice").hidden = False
