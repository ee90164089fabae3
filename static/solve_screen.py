"""The browser shell of Solve mode (a game played elsewhere). ``static/screens.py`` shows it when
the mode is picked (:func:`show`).

No rule and no wording lives here: the markup is index.html's ``<template id="solve-screen">``,
and :class:`mastermind.page.solve.SolveView` decides what it shows and says. The engine's answer
after every change is computed by the engine's worker (``static/engine_client.py``), its
progress shown once it takes longer than ``SLOW``; the rows are stored after every change
with the other modes' games, so a reload or another tab takes them up.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import engine_client
from dom import (
    Element,
    by_id,
    draw_composer,
    element,
    fill_from_template,
    form_field,
    keep_newest_in_view,
    keys_compose,
    on,
    paint,
    place_text,
    show_status,
    spawn,
    wire_composer,
)
from js import document, navigator

from mastermind.page import engine, storage
from mastermind.page.solve import SLOW, SolveView
from mastermind.page.words import NOT_SAVED, _, shown

if TYPE_CHECKING:
    from board import Page

MODE = SolveView.mode


class SolveScreen:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.tab = page.tab
        self.root = by_id("solve")
        self.kept = self.tab.value(storage.MODE_GAMES).games.get(MODE)
        self.view = self.make_view(self.kept)
        self.epoch = 0
        self.drawn_rules: tuple[str, int] | None = None
        self.drawn_feedback: tuple[str, int] | None = None
        self.shown_status: str | None = None
        self.build()
        on(document, "keydown", self.on_key)

    def make_view(self, data: Mapping[str, Any] | None) -> SolveView:
        return SolveView.resumed(self.page.view.settings.config, data)

    # Building (once)

    def build(self) -> None:
        find = fill_from_template(self.root, "solve-screen")

        self.title, self.status, self.intro = find(".mode-title"), find(".status"), find(".solve-intro")
        self.rules, self.rows = find(".solve-rules"), find("[data-part=rows]")
        self.slots, self.palette, self.feedback = find(".current"), find(".palette"), find(".solve-feedback")
        self.delete, self.add, self.cancel = find("[data-part=delete]"), find("[data-part=add]"), find("[data-part=cancel]")
        self.left, self.count, self.codes = find(".solve-left"), find(".solve-left .count"), find(".solve-codes")
        self.suggestion, self.suggestion_pegs = find(".solve-suggestion"), find(".solve-suggestion .pegs")
        self.expected, self.use = find(".solve-suggestion .expected"), find("[data-part=use]")
        on(self.rules, "change", self.on_rule)
        on(self.rules, "submit", lambda event: event.preventDefault())
        on(self.feedback, "input", self.on_feedback)
        on(self.feedback, "change", self.on_feedback)
        on(self.feedback, "keydown", self.on_feedback_key)
        wire_composer(self.palette, self.slots, self.act)
        on(find(".play"), "click", self.after_click)
        on(self.rows, "click", self.on_row)
        on(self.codes, "click", self.on_code)
        on(self.delete, "click", lambda event: self.act(lambda view: view.delete()))
        on(self.add, "click", lambda event: self.act(lambda view: view.submit()))
        on(self.cancel, "click", lambda event: self.act(lambda view: view.cancel_edit()))
        on(self.use, "click", lambda event: self.act(lambda view: view.use_suggestion()))
        on(find("[data-part=new]"), "click", self.on_new_game)
        on(find("[data-part=share]"), "click", self.on_share)

    # Events

    def on_new_game(self, event: Element) -> None:
        """New game clears the rows: asked first in the page's own dialog when there are some."""
        self.page.ask(self.view.new_game_question, lambda: self.act(lambda view: view.new_game()))

    def act(self, action: Callable[[SolveView], object]) -> None:
        """Apply a person's action, then store, draw, and let the engine answer if the rows changed."""
        before = self.view.solve
        action(self.view)
        self.after(before)

    def after(self, before: object) -> None:
        """After an action: `before` is the view's rows as they were, to tell whether it changed them."""
        changed = self.view.solve != before
        if changed:
            self.view.analysis = None
        note = _(NOT_SAVED) if self.save() else None
        self.render(note)
        if changed or self.view.analysis is None:
            self.think()

    def on_rule(self, event: Element) -> None:
        control = event.target
        if control.dataset.label:
            self.act(lambda view: view.edit_rule(control.dataset.label, control.value))

    def on_feedback(self, event: Element) -> None:
        control = event.target
        if control.dataset.label:
            self.view.set_feedback(control.dataset.label, control.value)

    def on_feedback_key(self, event: Element) -> None:
        """Enter in a feedback field adds the row, as the hint says; once added, the keys compose
        the next guess (a refusal leaves the focus where it was, to mend the field)."""
        if event.key != "Enter" or event.ctrlKey or event.metaKey or event.altKey or event.isComposing:
            return
        event.preventDefault()
        before = self.view.solve
        self.act(lambda view: view.submit())
        if self.view.solve != before:
            self.root.focus()

    def on_row(self, event: Element) -> None:
        target = event.target.closest("button[data-row]")
        if not target:
            return
        number = int(target.dataset.row)
        if target.dataset.action == "edit":
            self.act(lambda view: view.edit_row(number))
            self.focus_first_feedback()
        else:
            self.act(lambda view: view.toggle_row(number))

    def on_code(self, event: Element) -> None:
        target = event.target.closest("button[data-code]")
        if target:
            self.act(lambda view: view.use_code(target.dataset.code))

    def after_click(self, event: Element) -> None:
        """A peg, slot or action pressed with the mouse or a finger hands the keys back to the
        screen, so Enter then adds the row (``static/board.py`` does the same for Solo)."""
        if event.detail and event.target.closest(".current button, .palette button, .actions button"):
            self.root.focus()

    def on_share(self, event: Element) -> None:
        spawn(self.share())

    async def share(self) -> None:
        """Copy the rows as text; a refused clipboard (an insecure page, a denial) is said."""
        self.view.status = await copy_rows(self.view)
        self.render()

    def on_key(self, event: Element) -> None:
        if self.root.hidden or not keys_compose(event):
            return
        before = self.view.solve
        if self.view.press(event.key):
            event.preventDefault()
            if event.target.tagName == "BUTTON":
                self.root.focus()  # the keys compose now: Enter adds the row, not the button
            self.after(before)

    def focus_first_feedback(self) -> None:
        control = self.feedback.querySelector("[data-label]")
        if control:
            control.focus()

    # The engine

    def think(self) -> None:
        self.epoch += 1
        spawn(self.answer(self.epoch))

    async def answer(self, epoch: int) -> None:
        """The engine's answer for the rows as they are, from the engine's worker; dropped if they
        change meanwhile (the worker then drops it too), its progress shown after ``SLOW``."""
        view = self.view
        started = time.monotonic()

        def progress(done: float) -> None:
            if epoch == self.epoch and view is self.view and time.monotonic() - started > SLOW:
                view.progress = done
                self.draw_answer()

        result = await engine.analysis(view.solve, progress, engine_client.ask)
        if epoch != self.epoch or view is not self.view:
            return  # the rows changed: a newer answer is on its way
        view.answer(result)
        self.render(engine_client.news())

    # Storage

    def save(self) -> bool:
        """Store the rows if they changed; returns whether the browser refused."""
        game = self.view.saved()
        if game == self.kept:
            return False
        self.kept = game
        self.tab.save(storage.MODE_GAMES, self.tab.value(storage.MODE_GAMES).with_game(MODE, game))
        return _(NOT_SAVED) in self.tab.take_notices()

    def follow_storage(self) -> None:
        """Another tab stored something: take up its rows if they differ from these."""
        stored = self.tab.value(storage.MODE_GAMES).games.get(MODE)
        if stored is not None and stored != self.kept:
            self.kept = stored
            view = self.make_view(stored)
            view.status = _("Rows updated from another tab.")
            self.view = view
            self.render()
            self.think()

    # Drawing

    def render(self, note: str | None = None, announce: bool = True) -> None:
        view = self.view
        self.root.dataset.letters = "on" if self.page.view.settings.letters else "off"
        self.root.dataset.locked = "true" if view.rules_locked else "false"  # a phone then folds the rules away
        self.root.dataset.pegs = view.config.pegs
        self.root.dataset.rows = "true" if view.rows else "false"  # New game and Share rows wait for a row
        self.root.style.setProperty("--pegs", str(view.config.pegs))
        place_text(self.intro, view.intro)
        self.draw_rules(view)
        self.draw_rows(view)
        self.drawn_rules = draw_composer(self.palette, self.slots, view.config, view.slots, self.drawn_rules)
        if view.refused:
            view.refused = False
        self.draw_feedback(view)
        place_text(self.add, view.action)
        self.cancel.hidden = view.editing is None
        self.draw_answer()
        if announce:
            self.shown_status = show_status(self.status, " ".join(filter(None, [view.status, note])), self.shown_status)
        named = view.named_rows  # the first row the status names, else the newest, once the rest has its size
        first = self.rows.querySelector(f'tr:nth-child({named[0]})') if named else None
        keep_newest_in_view(self.rows.closest(".history-wrap"), "bottom", first)

    def draw_rules(self, view: SolveView) -> None:
        for field in view.rule_fields:
            control = self.rules.querySelector(f'[data-label="{field.label}"]')
            if control.value != field.value and document.activeElement != control:
                control.value = field.value
            control.disabled = view.rules_locked
            control.setAttribute("aria-invalid", "true" if field.error else "false")
            error = self.rules.querySelector(f"#{control.id}-error")
            if error:
                place_text(error, field.error)

    def draw_rows(self, view: SolveView) -> None:
        """Each row: its number, its pegs, its feedback drawn as marks (the words beside them, or
        for screen readers only on a phone) and its two actions, a symbol and a word each (the
        word left to screen readers on a phone, so a row keeps one line)."""
        lines = []
        for row in view.rows:
            pegs = element("span", "pegs")
            pegs.append(*(paint(element("span", "peg"), color) for color in row.guess))
            guess = element("td", "guess")
            guess.append(pegs)
            marks = element("span", "marks")
            marks.setAttribute("aria-hidden", "true")
            marks.append(*(element("span", f"mark {kind}", symbol) for kind, symbol in row.marks))
            feedback = element("td", "row-feedback")
            feedback.append(marks, element("span", "words", row.feedback))
            actions = element("td", "row-actions")
            edit = row_button(_("Edit"), _("Edit row {number}").format(number=row.number))
            edit.dataset.row, edit.dataset.action = str(row.number), "edit"
            ignore = row_button(_("Ignore"), _("Ignore row {number}").format(number=row.number))
            ignore.setAttribute("aria-pressed", "true" if row.ignored else "false")
            ignore.dataset.row, ignore.dataset.action = str(row.number), "ignore"
            actions.append(edit, ignore)
            if row.state:
                actions.append(element("span", "row-state", row.state))
            number = element("td", "number", str(row.number))
            if row.named:  # a mark beside the number, not colour alone, and its word for screen readers
                mark = element("span", "named-mark", "!")
                mark.setAttribute("aria-hidden", "true")
                number.append(mark, element("span", "visually-hidden", row.named_word))
            tr = element("tr", " ".join(filter(None, ["ignored" if row.ignored else "", "named" if row.named else ""])))
            tr.append(number, guess, feedback, actions)
            lines.append(tr)
        self.rows.replaceChildren(*lines)

    def draw_feedback(self, view: SolveView) -> None:
        fields = view.feedback_fields
        shape = (view.solve.rule.name, view.config.pegs)
        if shape != self.drawn_feedback:
            self.drawn_feedback = shape
            nodes = []
            for field in fields:
                node, _ = form_field(field, "solve-" + field.key)
                nodes.append(node)
            self.feedback.replaceChildren(*nodes)
        for field in fields:
            control = self.feedback.querySelector(f'[data-label="{field.label}"]')
            if control.value != field.value:
                control.value = field.value

    def draw_answer(self) -> None:
        view = self.view
        place_text(self.count, view.count_text)
        self.left.setAttribute("aria-busy", "true" if view.analysis is None else "false")
        buttons = []
        for code in view.codes:
            item = element("li")
            use = element("button", "use", shown(code, view.config))  # data-code keeps the code's own letters
            use.type = "button"
            use.dataset.code = code
            item.append(use)
            buttons.append(item)
        self.codes.replaceChildren(*buttons)
        suggestion = view.suggestion
        config = view.config
        self.suggestion_pegs.replaceChildren(
            *(paint(element("span", "peg"), config.color(letter)) for letter in (suggestion or ""))
        )
        place_text(self.expected, view.suggestion_text)
        self.use.disabled = suggestion is None


def row_button(word: str, name: str) -> Element:
    """A row's action: its word (a phone draws a symbol instead: style.css) and `name`, which says
    which row."""
    node = element("button", "use")
    node.type = "button"
    node.append(element("span", "word", word))
    node.setAttribute("aria-label", name)
    return node


async def copy_rows(view: SolveView) -> str:
    try:
        await navigator.clipboard.writeText(view.share_text())
    except Exception:  # a JsException: no clipboard here, or permission denied
        return _(view.not_copied)
    return _(view.copied)


_screen: SolveScreen | None = None


def show(page: Page, shown: bool) -> None:
    """Show Solve on `page` (static/app.py's Page), or hide it (`shown` False)."""
    global _screen
    root = by_id("solve")
    root.hidden = not shown
    if not shown:
        return
    if _screen is None:
        _screen = SolveScreen(page)
    _screen.render()
    if _screen.view.analysis is None:
        _screen.think()
    _screen.title.focus()


def follow_storage() -> None:
    if _screen is not None:
        _screen.follow_storage()
