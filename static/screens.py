"""The browser shell of the modes other than Solo: Computer breaks your code, Duel, Race and
Tournament. ``static/app.py`` imports it when one of them is first picked (``screens.show``).

No rule and no wording lives here: the screens' fixed markup is index.html's
``<template id="mode-screens">``, and :class:`mastermind.page.modes.MatchView` and
:class:`mastermind.page.computer.ComputerView` decide what each screen shows and says; this module
fills it with ``createElement`` and ``textContent`` only (names are a person's text, never HTML),
thinks for the computer players in slices between frames, and stores every game after every move
through the page's storage tab (:mod:`mastermind.page.sync`), so a reload resumes it.

Why one module past 400 lines: the four modes share one set of screens (the template's nodes,
found once in :meth:`Screens.build`) and one render; what differs between them is decided by the
page's views, not here.
"""

from __future__ import annotations

import asyncio
import importlib
import sys
import time
from collections.abc import Callable, Collection, Hashable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

import engine_client
from dom import (
    Element,
    by_id,
    draw_composer,
    element,
    fill_from_template,
    form_field,
    history_row,
    keep_newest_in_view,
    keys_compose,
    on,
    paint,
    place_text,
    show_status,
    spawn,
    wire_composer,
)
from js import document, setTimeout, window
from pyodide.ffi import JsException, create_once_callable

from mastermind.page import engine, storage
from mastermind.page.address import MODE
from mastermind.page.boards import FORMS_KEY, SOLO_ONLY, Screen, forms_text, kept_forms
from mastermind.page.computer import ComputerView
from mastermind.page.modes import resumed_view
from mastermind.page.state import PAGE_MODES
from mastermind.page.sync import Users
from mastermind.page.words import NOT_SAVED, _

if TYPE_CHECKING:
    from board import Page
    from lab_screen import Seats

    from mastermind.page.boards import Field
    from mastermind.page.lab import SeatAnswer
    from mastermind.page.modes import MatchView
    from mastermind.page.solo import Row

    View = MatchView | ComputerView

PAUSE = 0.7
"""Seconds between two computer moves, so a person can follow them (the Skip button ends it)."""
OWN_SCREENS = {"solve": "solve_screen", "lab": "lab_screen"}
"""The modes with a screen of their own, and its module (loaded on first use): Solve, the Lab."""


def tab_text(key: str) -> str | None:
    """The tab's ``sessionStorage`` text under `key`, or None (none, or storage blocked)."""
    try:
        text = window.sessionStorage.getItem(key)
    except JsException:
        return None
    return text if isinstance(text, str) else None  # JavaScript's null is Pyodide's jsnull, no str


def text_rows(body: Element, rows: Iterable[Sequence[object]], highlight: Collection[int] = ()) -> None:
    """Fill a table body with rows of text cells."""
    lines = []
    for index, cells in enumerate(rows):
        tr = element("tr", "acting" if index in highlight else "")
        tr.append(*(element("td", text=str(cell)) for cell in cells))
        lines.append(tr)
    body.replaceChildren(*lines)


class Keyed:
    """The children of `parent` kept in step with a list of keyed values, changed one by one: a
    registration adds one row to a Score board of a thousand, where drawing them all again
    would hold the page for a tenth of a second or more. `make(key, value)` makes a child and
    `change(child, value)` shows a new value in it. Many new children are made in slices of
    :data:`SLICE`, one slice a task, so the first rows show at once and no task is long."""

    SLICE = 100

    def __init__(self, parent: Element, make: Callable[[Any, Any], Element],
                 change: Callable[[Element, Any], object] | None = None) -> None:
        self.parent, self.make, self.change = parent, make, change
        self.nodes: dict[Hashable, list[Any]] = {}  # key: [child, value shown]
        self.order: list[Hashable] = []  # the keys of the children, in the parent's order
        self.wanted: list[tuple[Hashable, Any]] = []
        self.pending = False  # a next slice is scheduled

    def draw(self, items: Iterable[tuple[Hashable, Any]]) -> None:
        """Show `items`, (key, value) pairs in order."""
        self.wanted = list(items)
        made = 0
        for key, value in self.wanted:
            node = self.nodes.get(key)
            if node is None:
                if made == self.SLICE:
                    continue
                self.nodes[key] = [self.make(key, value), value]
                made += 1
            elif node[1] != value and self.change is not None:
                self.change(node[0], value)
                node[1] = value
        keys = [key for key, _value in self.wanted if key in self.nodes]
        kept = set(keys)
        for key in [key for key in self.nodes if key not in kept]:
            self.nodes.pop(key)[0].remove()
        if not self.order:
            self.parent.replaceChildren(*(self.nodes[key][0] for key in keys))
        else:
            order = [key for key in self.order if key in kept]
            for index, key in enumerate(keys):  # move or insert only the children out of place
                if index < len(order) and order[index] == key:
                    continue
                if key in order:
                    order.remove(key)
                self.parent.insertBefore(self.nodes[key][0], self.nodes[order[index]][0] if index < len(order) else None)
                order.insert(index, key)
        self.order = keys
        if len(keys) < len(self.wanted) and not self.pending:
            self.pending = True
            setTimeout(create_once_callable(self._next_slice), 0)

    def _next_slice(self) -> None:
        self.pending = False
        self.draw(self.wanted)


def choices(field: Field) -> str:
    """A select's choices as one text (a text field's suggestions are a datalist of their own)."""
    return "\n".join(field.options) if field.kind == "select" else ""


def board_row(name: str, points: str) -> Element:
    row = element("tr")
    row.append(element("td", text=name), element("td", text=points))
    return row


def name_option(name: str, _value: None) -> Element:
    option = element("option")
    option.value = name
    return option


class Screens:
    """The modes' screens in ``<main id="modes">``: one view per mode, the one on screen drawn."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.tab = page.tab
        self.seed = page.params.seed  # the address is replaced once read (board.start)
        self.stored_users = Users(self.tab)  # the stored users: every screen and tournament holds this one registry
        self.registry = self.stored_users.registry
        self.kept: dict[str, dict[str, Any] | None] = {}  # each mode's game as last read or stored
        self.views: dict[str, View] = {}
        self.forms = kept_forms(tab_text(FORMS_KEY))
        """The tab's setup forms not started (:meth:`keep_forms`), read once: while this page is
        open nothing else writes them (``sessionStorage`` is the tab's own)."""
        self.mode = MODE
        self.moment: tuple[str, Screen, str | None] | None = None  # the screen focus was last moved for
        self.drawn_rules: tuple[str, int] | None = None
        self.shown_status: str | None = None
        self.thinking = False
        self.skipping = False
        self.epoch = 0  # grows with every person's action: a computer's guess thought before is dropped
        self.seats: Seats | None = None  # the Lab workers of the saved strategies playing here, made on first need
        self.root = by_id("modes")
        self.build()
        on(document, "keydown", self.on_key)

    # The views

    @property
    def current(self) -> View | None:
        return None if self.mode == MODE or self.mode in OWN_SCREENS else self.view(self.mode)

    def view(self, mode: str) -> View:
        """The view of `mode`, made on first use with the game kept from an earlier visit."""
        if mode not in self.views:
            data = self.tab.value(storage.MODE_GAMES).games.get(mode)
            view = resumed_view(mode, self.page.view.settings.config, self.registry, data, self.seed)
            if view.screen is Screen.SETUP:
                view.restore(self.forms.get(mode, {}))
            self.views[mode] = view
            self.kept[mode] = data
        return self.views[mode]

    def keep_forms(self) -> None:
        """Keep the setup forms typed and not started for the tab (:data:`FORMS_KEY`): the
        Solo button leaves this page. A mode not opened on this page yet keeps its kept form;
        nothing is written when no form changed."""
        forms = dict(self.forms)
        for mode, view in self.views.items():
            if view.screen is Screen.SETUP:
                forms[mode] = dict(view.form)
            else:
                forms.pop(mode, None)
        if forms == self.forms:
            return
        self.forms = forms
        try:
            window.sessionStorage.setItem(FORMS_KEY, forms_text(forms))
        except JsException:
            pass  # storage blocked or full: the forms live as long as the page, as before

    def show(self, mode: str) -> None:
        """Put `mode` on screen (Solo: the page's own board)."""
        mode = mode if mode in PAGE_MODES else MODE
        self.mode = mode
        self.epoch += 1
        solo = mode == MODE
        self.page.board.hidden = not solo
        self.root.hidden = solo or mode in OWN_SCREENS
        for name in SOLO_ONLY:
            if by_id(name):
                by_id(name).hidden = not solo
        for choice in by_id("mode-picker").querySelectorAll("button[data-mode]"):
            choice.setAttribute("aria-pressed", "true" if choice.dataset.mode == mode else "false")
        refused = self.save()
        for own, module in OWN_SCREENS.items():
            if mode == own or module in sys.modules:
                importlib.import_module(module).show(self.page, mode == own)  # each loads on first use
        if mode in OWN_SCREENS:
            return
        if solo:
            self.page.draw_end(self.page.view)  # a finished game's New game is the board's, not the header's
            self.page.board.tabIndex = -1
            self.page.board.focus()  # keys play Solo again, not the picker's button
            return
        view = self.current
        if isinstance(view, ComputerView):
            view.follow_settings(self.page.view.settings.config)
        if view is not None:
            self.offer_strategies(view)
        self.moment = None
        self.render(_(NOT_SAVED) if refused else None)
        self.kick()

    # Building the screens (once)

    def build(self) -> None:
        """Clone the screens' markup (index.html's ``<template id="mode-screens">``) and keep the
        nodes that change."""
        find = fill_from_template(self.root, "mode-screens")

        self.title, self.status, self.intro = find(".mode-title"), find(".status"), find(".mode-intro")
        self.users, self.register_form, self.new_user = find(".users"), find(".register"), find("#new-user-name")
        self.new_user_error, self.board_body = find("#new-user-name-error"), find("[data-part=board]")
        self.board_rows = Keyed(self.board_body, board_row, lambda row, points: setattr(row.cells[1], "textContent", points))
        self.setup, self.fields, self.names = find(".setup"), find(".fields"), find("#player-names")
        self.name_options = Keyed(self.names, name_option)
        self.turn, self.turn_title, self.turn_detail = find(".turn"), find(".turn-title"), find(".turn-detail")
        self.handover, self.handover_text, self.ready = find(".handover"), find(".handover p"), find("[data-part=ready]")
        self.secret, self.secret_pegs = find(".secret"), find(".secret .pegs")
        self.history_box, self.history_caption = find(".history-box"), find(".history-caption")
        self.history = find("[data-part=history]")
        self.play, self.slots, self.palette = find(".play"), find(".current"), find(".palette")
        self.delete, self.action = find("[data-part=delete]"), find("[data-part=action]")
        self.watch, self.thinking_text, self.skip = find(".watch"), find(".thinking"), find("[data-part=skip]")
        self.end, self.recap = find(".end"), find(".recap")
        self.again, self.quit = find("[data-part=again]"), find("[data-part=quit]")
        self.leave, self.abandon, self.confirm = find(".leave"), find("[data-part=abandon]"), find(".confirm")
        self.scores, self.scores_body, self.scores_note = find(".scores"), find("[data-part=scores]"), find(".scores .note")
        self.wire()

    def wire(self) -> None:
        on(self.register_form, "submit", self.on_register)
        on(self.new_user, "input", self.on_new_user)
        on(self.setup, "submit", self.on_start)
        on(self.setup, "input", self.on_edit)
        wire_composer(self.palette, self.slots, self.act)
        on(self.delete, "click", lambda event: self.act(lambda view: view.delete()))
        on(self.play, "click", self.after_click)
        on(self.action, "click", lambda event: self.act(lambda view: view.submit()))
        on(self.ready, "click", lambda event: self.act(lambda view: view.ready()))
        on(self.skip, "click", self.on_skip)
        on(self.again, "click", lambda event: self.act(lambda view: view.play_again()))
        on(self.quit, "click", lambda event: self.act(lambda view: view.quit()))
        on(self.abandon, "click", lambda event: self.act(lambda view: view.abandon()))
        yes, keep = self.confirm.children
        on(yes, "click", lambda event: self.act(lambda view: view.abandon()))
        on(keep, "click", lambda event: self.act(lambda view: view.keep_playing()))

    # Events

    def act(self, action: Callable[[Any], object]) -> None:
        """Apply a person's action to the view on screen, then store, draw, and let computers play
        (some actions, as Ready, are a match's only: their buttons show on a match's screens)."""
        view = self.current
        if view is None:
            return
        self.epoch += 1
        self.stored_users.pull()  # act on the users as stored now, whatever another tab did meanwhile
        action(view)
        self.after()

    def follow_storage(self) -> None:
        """Another tab stored something: show the users as stored now."""
        pulled, view = self.stored_users.pull(), self.current
        if view is not None:
            offered = view.strategies
            self.offer_strategies(view)  # the Lab of another tab may have saved one
            if pulled or view.strategies != offered:
                self.render(announce=False)

    def after(self, note: str | None = None) -> None:
        """Store and draw after a change; `note` is said after the status."""
        refused = self.save()
        self.render(" ".join(filter(None, [_(NOT_SAVED) if refused else None, note])) or None)
        self.kick()

    def on_register(self, event: Element) -> None:
        event.preventDefault()
        view = self.current
        if view is None:
            return
        self.act(lambda view: view.register(self.new_user.value))
        self.new_user.focus()

    def on_new_user(self, event: Element) -> None:
        view = self.current
        if view is not None:
            view.edit("New user name", self.new_user.value)

    def on_edit(self, event: Element) -> None:
        control = event.target
        view = self.current
        if view is None or not control.dataset.label:
            return
        view.edit(control.dataset.label, control.value)
        self.keep_forms()
        self.render(announce=False)  # another count of players shows another count of name fields

    def on_start(self, event: Element) -> None:
        event.preventDefault()
        view = self.current
        if view is None:
            return
        for control in self.fields.querySelectorAll("[data-label]"):
            view.edit(control.dataset.label, control.value)
        self.act(lambda view: view.start())
        if view.screen is Screen.SETUP and view.errors:
            wrong = next(iter(view.errors))
            control = self.fields.querySelector(f'[data-label="{wrong}"]')
            if control:
                control.focus()

    def after_click(self, event: Element) -> None:
        """A button of the row pressed with the mouse or a finger hands the keys back to the
        screen, so Enter then plays the row (``static/board.py`` does the same for Solo)."""
        if event.detail and event.target.closest("button") and self.current is not None and self.current.composing:
            self.root.focus()

    def on_skip(self, event: Element) -> None:
        self.skipping = True

    def on_key(self, event: Element) -> None:
        view = self.current
        if view is None or not keys_compose(event):
            return
        if view.composing and view.press(event.key):
            event.preventDefault()
            if event.target.tagName == "BUTTON":
                self.root.focus()  # the keys compose now: Enter plays the row, not the button
            self.epoch += 1
            self.after()

    # Computer players

    def kick(self) -> None:
        """Let computer players play if one's guess is due and they are not already at it."""
        view = self.current
        if not self.thinking and view is not None and view.computer_due:
            self.thinking = True
            spawn(self.play_computers())

    async def play_computers(self) -> None:
        """Computer moves until a person must act: each guess thought in the engine's worker,
        then shown after a short pause that Skip ends."""
        try:
            while True:
                view, epoch = self.current, self.epoch
                if view is None or not view.computer_due:
                    break
                started, history, seat = time.monotonic(), view.history, view.seat
                if seat is None:
                    guess: SeatAnswer = await engine.move(view.breaker(), history, engine_client.ask)  # in the engine's worker
                else:
                    guess = await self.ask_seat(seat, view)  # the player's own strategy, in a Lab worker
                while not self.skipping and epoch == self.epoch and time.monotonic() - started < PAUSE:
                    await asyncio.sleep(0.05)
                if epoch != self.epoch or view is not self.current or not view.computer_due or view.history != history:
                    continue  # a person acted meanwhile: think again about what is now on screen
                self.stored_users.pull()  # the move may end a tournament: its points go to the users as stored now
                if isinstance(guess, str):
                    view.forfeit(guess)  # the strategy failed: it gives its game up, with the reason
                else:
                    view.play_computer(guess)
                self.after(engine_client.news())
        finally:
            self.thinking = False
            self.skipping = False
            self.render(announce=False)

    async def ask_seat(self, name: str, view: View) -> SeatAnswer:
        """A saved strategy's move, asked of a Lab worker (``static/lab_screen.py``, loaded now):
        its guess, or the sentence of its failure."""
        from lab_screen import Seats  # the Lab's modules, only once a strategy plays

        from mastermind.page.lab import SeatTurn, seat_gone
        from mastermind.page.strategies import find

        if self.seats is None:
            self.seats = Seats()
        saved = find(self.tab.value(storage.STRATEGIES), name)
        if saved is None or view.config is None:
            return seat_gone(name)
        return await self.seats.guess(name, SeatTurn(saved.shared.source, view.config, view.history))

    def offer_strategies(self, view: View) -> None:
        """The saved strategies, as stored now, offered to `view` as code-breakers."""
        view.offer([strategy.name for strategy in self.tab.value(storage.STRATEGIES)])

    # Keeping the games

    def save(self) -> bool:
        """Store what changed here since the last time: the mode shown, each mode's game, the
        users (what another tab or an import stored meanwhile is kept). Returns whether the
        browser refused."""
        saved = self.tab.value(storage.MODE_GAMES)
        if saved.active != self.mode:
            saved = saved.with_active(self.mode)
        for mode, view in self.views.items():
            game = view.saved()
            if game != self.kept.get(mode):
                saved = saved.with_game(mode, game)
                self.kept[mode] = game
        self.tab.save(storage.MODE_GAMES, saved)
        self.keep_forms()
        self.stored_users.push()
        self.page.records.keep_when_worth_it()
        notices = self.tab.take_notices()
        return _(NOT_SAVED) in notices

    # Drawing

    def render(self, note: str | None = None, announce: bool = True) -> None:
        """Draw the view on screen; `announce` its status (again, if unchanged: the person acted)."""
        view = self.current
        if view is None:
            return
        screen = view.screen
        dataset = self.root.dataset
        dataset.keyColor = view.key_color
        dataset.letters = "on" if self.page.view.settings.letters else "off"
        dataset.screen = screen.value
        if view.config is not None:
            dataset.pegs = view.config.pegs
            self.root.style.setProperty("--pegs", str(view.config.pegs))

        place_text(self.title, view.title)
        place_text(self.intro, view.intro)
        self.intro.hidden = screen is not Screen.SETUP

        self.users.hidden = not view.registering
        if view.registering:
            place_text(self.new_user_error, view.errors.get("New user name", ""))
            self.new_user.setAttribute("aria-invalid", "true" if view.errors.get("New user name") else "false")
            if self.new_user.value != view.form.get("New user name", ""):
                self.new_user.value = view.form.get("New user name", "")
            self.board_rows.draw(view.board)

        self.setup.hidden = screen is not Screen.SETUP
        if screen is Screen.SETUP:
            self.draw_fields(view)

        self.turn.hidden = screen is Screen.SETUP
        heading, detail = view.banner
        place_text(self.turn_title, heading)
        place_text(self.turn_detail, detail)
        self.turn_detail.hidden = not detail
        self.handover.hidden = screen is not Screen.HANDOVER
        place_text(self.handover_text, view.handover)
        self.watch.hidden = screen is not Screen.WATCH
        place_text(self.thinking_text, view.thinking)
        self.skip.disabled = self.skipping
        self.end.hidden = screen is not Screen.END
        self.recap.replaceChildren(*(element("li", text=line) for line in view.recap))
        self.recap.hidden = not view.recap
        self.leave.hidden = not view.in_progress
        self.abandon.hidden = view.confirming
        self.confirm.hidden = not view.confirming

        secret = view.secret
        self.secret.hidden = not secret
        self.secret_pegs.replaceChildren(
            *(paint(element("span", "peg"), color) if color else element("span", "peg hidden", "?") for color in secret)
        )

        rows = view.rows
        self.history_box.hidden = not (screen in (Screen.GUESS, Screen.WATCH) or rows)
        place_text(self.history_caption, view.history_caption)
        self.draw_history(rows)

        self.play.hidden = not view.composing
        if view.composing:
            self.draw_play(view)

        scores = view.scores
        self.scores.hidden = not scores
        text_rows(self.scores_body, [(row.name, row.points) for row in scores],
                  [index for index, row in enumerate(scores) if row.current])
        place_text(self.scores_note, view.scores_note)

        if announce:
            self.shown_status = show_status(self.status, " ".join(filter(None, [view.status, note])), self.shown_status)
        keep_newest_in_view(self.history.closest(".history-wrap"), "bottom")  # once the rest has its size
        self.move_focus(view)

    def draw_fields(self, view: View) -> None:
        fields = view.fields
        drawn = {node.dataset.key: node for node in self.fields.children}
        wanted = {field.key: choices(field) for field in fields}
        stale = {key for key, node in drawn.items() if key in wanted and node.dataset.options != wanted[key]}
        nodes = [self.make_field(field) if field.key not in drawn or field.key in stale else drawn[field.key] for field in fields]
        for field, node in zip(fields, nodes, strict=True):
            control = node.querySelector("[data-label]")
            if control.value != field.value and document.activeElement != control:
                control.value = field.value
            place_text(node.querySelector(".error"), field.error)
            control.setAttribute("aria-invalid", "true" if field.error else "false")
        if stale or [node.dataset.key for node in self.fields.children] != [field.key for field in fields]:
            self.fields.replaceChildren(*nodes)
        self.name_options.draw([(name, None) for name in next((field.options for field in fields if field.kind == "text"), ())])

    def make_field(self, field: Field) -> Element:
        name = f"mode-{field.key}"
        node, control = form_field(field, name)
        node.dataset.key = field.key
        node.dataset.options = choices(field)  # a select is made again when its choices change (a strategy saved)
        if field.kind == "text":
            control.setAttribute("list", "player-names")
        control.value = field.value
        error = element("p", "error")
        error.id = f"{name}-error"
        control.setAttribute("aria-describedby", error.id)
        node.append(error)
        return node

    def draw_history(self, rows: Iterable[Row]) -> None:
        self.history.replaceChildren(*(history_row(row) for row in rows))

    def draw_play(self, view: View) -> None:
        assert view.config is not None  # a row is composed in a game only
        self.drawn_rules = draw_composer(self.palette, self.slots, view.config, view.slots, self.drawn_rules)
        place_text(self.action, view.action)

    def move_focus(self, view: View) -> None:
        """Move the focus when the screen changes: to the mode's title when it opens on its form,
        to Ready on a hand-over, else to the turn banner (keys then play)."""
        screen = view.screen
        moment = (view.mode, screen, view.actor)
        if moment == self.moment:
            return
        self.moment = moment
        if screen is Screen.SETUP:
            self.title.focus()
        elif screen is Screen.HANDOVER:
            self.ready.focus()
        else:
            self.turn_title.focus()


_screens: Screens | None = None


def follow_storage() -> None:
    """Another tab stored something (``static/records.py`` hears of it first)."""
    if _screens is not None:
        _screens.follow_storage()
    for module in OWN_SCREENS.values():
        if module in sys.modules and hasattr(sys.modules[module], "follow_storage"):
            sys.modules[module].follow_storage()


def show(mode: str, page: Page) -> None:
    """Show `mode` on `page` (static/app.py's Page), building the screens on first use."""
    global _screens
    if _screens is None:
        _screens = Screens(page)
    _screens.show(mode)
