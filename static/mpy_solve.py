"""Solve (a game played elsewhere) on the main thread (MicroPython): drawn from the session's
``mode`` part when it is Solve's (:mod:`mastermind.page.session_solve`).

The markup is index.html's ``<template id="solve-screen">``, cloned once into ``<main
id="solve">``. This module holds no rule and no wording: the rows, the fields, the engine's answer and
where the focus goes come from the worker; the presses, keys and fields go back as actions. The
engine's analysis runs in the engine's worker (``static/mpy_engine.py`` relays it), never here.
"""

from typing import TYPE_CHECKING

import js
from mpy_dom import (
    OwnScreen,
    button,
    document,
    draw_composer,
    element,
    form_field,
    keep_newest_in_view,
    keys_compose,
    paint,
    place_text,
    wire_composer,
)

if TYPE_CHECKING:
    from typing import Any

    from mpy_page import Screen

MODE = "solve"
FOCUS = {"title": ".mode-title", "screen": None, "feedback": ".solve-feedback [data-label]"}
"""Where a ``solve-focus`` effect puts the focus (None: the screen itself, whose keys compose)."""


class Solve(OwnScreen):
    """``<main id="solve">``: Solve's screen, built on first show, drawn from each part."""

    ROOT = "solve"
    TEMPLATE = "solve-screen"

    def __init__(self, screen: Screen) -> None:
        super().__init__(screen)
        self.rules: Any = None  # the palette and slots drawn
        self.letters: dict[str, str] = {}
        self.scrolling = False  # a scroll to the newest (or named) row asked for the next frame
        self.editing_until = 0  # the message whose reply settles the count marked busy (:meth:`edit`)

    def install(self) -> None:
        screen = self.screen
        screen.mode_screens[MODE] = self
        screen.effects["solve-focus"] = self.focus
        screen.effects["copy-rows"] = self.copy
        screen.listen(document, "keydown", self.on_key)

    # Building (once)

    def wire(self) -> None:
        find = self.find
        on, send = self.screen.listen, self.screen.send
        self.rules_form, self.rows = find(".solve-rules"), find("[data-part=rows]")
        self.slots, self.palette, self.feedback = find(".current"), find(".palette"), find(".solve-feedback")
        on(self.rules_form, "change", self.on_rule)
        on(self.rules_form, "submit", lambda event: event.preventDefault())
        on(self.feedback, "input", self.on_feedback)
        on(self.feedback, "change", self.on_feedback)
        on(self.feedback, "keydown", self.on_feedback_key)
        wire_composer(on, self.palette, self.slots, send, ("mode-pick", "mode-clear"))
        on(find(".play"), "click", self.after_click)
        on(self.rows, "click", self.on_row)
        on(find(".solve-codes"), "click", self.on_code)
        on(find("[data-part=delete]"), "click", lambda event: send("mode-act", {"name": "delete"}))
        on(find("[data-part=add]"), "click", lambda event: self.edit("solve-add", {"from_field": False}))
        on(find("[data-part=cancel]"), "click", lambda event: send("solve-cancel"))
        on(find("[data-part=use]"), "click", lambda event: send("solve-use"))
        on(find("[data-part=new]"), "click", lambda event: self.edit("solve-new", {}))
        on(find("[data-part=share]"), "click", lambda event: send("solve-share"))

    # Events

    def edit(self, kind: str, values: Any) -> None:
        """Send an action that may change the rows or the rules, and mark the count busy at once:
        the count shown is the old rows' until the reply to it settles it
        (the session then asks the engine again, or refused the edit and the count stands)."""
        self.screen.send(kind, values)
        self.editing_until = self.screen.posted
        if self.part is not None:
            place_text(self.find(".solve-left .count"), self.part["counting"])
            self.find(".solve-left").setAttribute("aria-busy", "true")
            self.drawn.forget("count")  # drawn again from the next part that settles it

    def on_rule(self, event: Any) -> None:
        label = event.target.getAttribute("data-label")
        if label:
            self.edit("solve-rule", {"label": label, "value": event.target.value})

    def on_feedback(self, event: Any) -> None:
        label = event.target.getAttribute("data-label")
        if label:
            self.screen.send("solve-feedback", {"label": label, "value": event.target.value})

    def on_feedback_key(self, event: Any) -> None:
        """Enter in a feedback field adds the row, as the hint says; once added, the session
        hands the keys back to the screen (a refusal leaves the focus to mend the field)."""
        if event.key != "Enter" or event.ctrlKey or event.metaKey or event.altKey or event.isComposing:
            return
        event.preventDefault()
        self.edit("solve-add", {"from_field": True})

    def on_row(self, event: Any) -> None:
        target = event.target.closest("button[data-row]")
        if target:
            values = {"number": int(target.dataset.row), "action": target.dataset.action}
            if target.dataset.action == "ignore":
                self.edit("solve-row", values)
            else:
                self.screen.send("solve-row", values)

    def on_code(self, event: Any) -> None:
        target = event.target.closest("button[data-code]")
        if target:
            self.screen.send("solve-code", {"code": target.dataset.code})

    def after_click(self, event: Any) -> None:
        """A peg, slot or action pressed with the mouse or a finger hands the keys back to the
        screen, so Enter then adds the row (as on the Solo board)."""
        if event.detail and event.target.closest(".current button, .palette button, .actions button"):
            self.root.focus()

    def on_key(self, event: Any) -> None:
        if self.part is None or self.root.hidden or not keys_compose(event):
            return
        key = event.key
        if not (key in ("Enter", "Backspace") or (len(key) == 1 and (key.isdigit() or key.upper() in self.letters))):
            return  # the session takes what fits the row, and says nothing of the rest
        event.preventDefault()
        if event.target.tagName == "BUTTON":
            self.root.focus()  # the keys compose now: Enter adds the row, not the button
        if key == "Enter":
            self.edit("mode-press", {"key": key})
        else:
            self.screen.send("mode-press", {"key": key})

    def focus(self, effect: Any) -> None:
        selector = FOCUS[effect["part"]]
        node = self.root if selector is None else self.find(selector)
        if node:
            node.focus()

    def copy(self, effect: Any) -> None:
        """Copy the rows' text; a refused clipboard (an insecure page, a denial) is said."""
        def refused(*error: Any) -> None:
            self.screen.send("solve-copied", {"outcome": "refused"})

        if not hasattr(js.navigator, "clipboard"):
            refused()
            return
        js.navigator.clipboard.writeText(effect["text"]).then(
            lambda *done: self.screen.send("solve-copied", {"outcome": "copied"}), refused)

    # Drawing

    def draw(self, part: Any) -> None:
        self.show(part)
        fresh, find, dataset = self.drawn.fresh, self.find, self.root.dataset
        if fresh("head", [part["letters"], part["locked"], part["pegs"], bool(part["rows"]), part["intro"]]):
            dataset.letters = part["letters"]
            dataset.locked = "true" if part["locked"] else "false"  # a phone then folds the rules away
            dataset.pegs = part["pegs"]
            dataset.rows = "true" if part["rows"] else "false"  # New game and Share rows wait for a row
            self.root.style.setProperty("--pegs", str(part["pegs"]))
            place_text(find(".solve-intro"), part["intro"])
        self.draw_rules(part)
        if fresh("rows", part["rows"]):
            self.draw_rows(part["rows"], part["row_words"])
        self.letters = {color["shown"].upper(): color["letter"] for color in part["palette"]}
        self.rules = draw_composer(self.palette, self.slots, part["palette"], part["slots"], self.rules)
        self.draw_feedback(part)
        if fresh("action", [part["action"], part["editing"]]):
            place_text(find("[data-part=add]"), part["action"])
            find("[data-part=cancel]").hidden = not part["editing"]
        self.draw_answer(part)
        if not self.scrolling:  # the first row the status names, else the newest, once the rest has its size
            self.scrolling = True
            js.window.requestAnimationFrame(self.scroll)

    def scroll(self, time: Any) -> None:
        self.scrolling = False
        named = self.part["first_named"] if self.part else None
        wrap = self.rows.closest(".history-wrap")
        keep_newest_in_view(wrap, self.rows.children[named - 1] if named and named <= self.rows.children.length else None)

    def draw_rules(self, part: Any) -> None:
        """The rules' fields: a value shown unless its field has the focus, locked while rows are entered."""
        for field in part["rules"]:
            control = self.rules_form.querySelector('[data-label="' + field["label"] + '"]')
            if control.value != field["value"] and document.activeElement != control:
                control.value = field["value"]
            control.disabled = part["locked"]
            control.setAttribute("aria-invalid", "true" if field["error"] else "false")
            error = self.rules_form.querySelector("#" + control.id + "-error")
            if error:
                place_text(error, field["error"])

    def draw_rows(self, rows: list[Any], words: Any) -> None:
        """Each row: its number, its pegs, its feedback drawn as marks (the words beside them, or
        for screen readers only on a phone) and its two actions, a symbol and a word each (the
        word left to screen readers on a phone, so a row keeps one line)."""
        self.rows.replaceChildren()
        for row in rows:
            pegs = element("span", "pegs")
            for color in row["guess"]:
                pegs.append(paint(element("span", "peg"), color))
            guess = element("td", "guess")
            guess.append(pegs)
            marks = element("span", "marks")
            marks.setAttribute("aria-hidden", "true")
            for kind, symbol in row["marks"]:
                marks.append(element("span", "mark " + kind, symbol))
            feedback = element("td", "row-feedback")
            feedback.append(marks)
            feedback.append(element("span", "words", row["feedback"]))
            actions = element("td", "row-actions")
            for action in ("edit", "ignore"):
                node = button("", "use")
                node.append(element("span", "word", words[action]))
                node.setAttribute("aria-label", row[action])
                node.dataset.row, node.dataset.action = str(row["number"]), action
                if action == "ignore":
                    node.setAttribute("aria-pressed", "true" if row["ignored"] else "false")
                actions.append(node)
            if row["state"]:
                actions.append(element("span", "row-state", row["state"]))
            number = element("td", "number", str(row["number"]))
            if row["named"]:  # a mark beside the number, not colour alone, and its word for screen readers
                mark = element("span", "named-mark", "!")
                mark.setAttribute("aria-hidden", "true")
                number.append(mark)
                number.append(element("span", "visually-hidden", row["named_word"]))
            line = element("tr", " ".join([name for name, on in (("ignored", row["ignored"]), ("named", row["named"])) if on]))
            for cell in (number, guess, feedback, actions):
                line.append(cell)
            self.rows.append(line)

    def draw_feedback(self, part: Any) -> None:
        """The row's feedback fields, made again when the rule or the pegs change; a value shown
        unless the person is typing in its field (what they type stays theirs)."""
        if self.drawn.fresh("feedback", part["feedback_shape"]):
            self.feedback.replaceChildren()
            for field in part["feedback"]:
                self.feedback.append(form_field(field, "solve-" + field["key"]))
        settled = self.screen.answered >= self.screen.posted  # no keystroke of theirs still on its way
        for field in part["feedback"]:
            control = self.feedback.querySelector('[data-label="' + field["label"] + '"]')
            if control.value != field["value"] and (settled or document.activeElement != control):
                control.value = field["value"]

    def draw_answer(self, part: Any) -> None:
        find, fresh = self.find, self.drawn.fresh
        if self.screen.answered >= self.editing_until and fresh("count", [part["count"], part["busy"]]):
            place_text(find(".solve-left .count"), part["count"])
            find(".solve-left").setAttribute("aria-busy", "true" if part["busy"] else "false")
        if fresh("codes", part["codes"]):
            codes = find(".solve-codes")
            codes.replaceChildren()
            for code, shown in part["codes"]:
                use = button(shown, "use")  # data-code keeps the code's own letters
                use.dataset.code = code
                item = element("li")
                item.append(use)
                codes.append(item)
        if fresh("suggestion", [part["suggestion"], part["suggestion_text"], part["can_use"]]):
            pegs = find(".solve-suggestion .pegs")
            pegs.replaceChildren()
            for color in part["suggestion"]:
                pegs.append(paint(element("span", "peg"), color))
            place_text(find(".solve-suggestion .expected"), part["suggestion_text"])
            find("[data-part=use]").disabled = not part["can_use"]


def install(screen: Screen) -> None:
    """Register Solve's screen, its effects and keys on `screen`."""
    Solve(screen).install()
