"""The browser shell of the Solo game: DOM events in, :class:`mastermind.page.solo.SoloView` out.

No rule and no wording lives here: the view decides what the board shows and says, this module
only draws it. Text goes in with ``textContent`` and elements are made with ``createElement``;
nothing is ever parsed as HTML. Storage, statistics, the daily challenge, data export and the
solver assist are wired by ``static/records.py`` (:class:`records.Records`). ``static/app.py``
imports it from the zip, as bytecode, and makes the :class:`Page`.
"""

from __future__ import annotations

import datetime as dt
import sys
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import records
from dom import (
    Element,
    by_id,
    draw_composer,
    element,
    history_row,
    keep_newest_in_view,
    keys_compose,
    on,
    paint,
    place_text,
    show_status,
    spawn,
    wire_composer,
    wire_dialogs,
)
from js import document, location, window

from mastermind.page import storage
from mastermind.page.address import MODE, opening_mode, parse_params, strategy_token
from mastermind.page.appearance import root_attributes
from mastermind.page.records import leave, page_saved
from mastermind.page.settings_form import form_preset, form_values, preset_fields
from mastermind.page.solo import EndAction, Row, SoloView, challenge_opens, opening_status, use_words
from mastermind.page.words import NOT_SAVED, _

if TYPE_CHECKING:
    from challenge import ChallengeDialog

CHECKBOXES = ("duplicates", "letters", "assist", "hard")
RULE_FIELDS = ("pegs", "colors", "guesses", "duplicates")


class Page:
    def __init__(self) -> None:
        params = parse_params(location.search)
        self.params = params
        """What the address asked for, read once: :func:`start` then replaces the address."""
        self.strategy_link = strategy_token(location.search)
        """A shared strategy's token (``?mode=lab&strategy=``), for the Lab to open."""
        self.tab = records.open_tab()
        self.view = SoloView(page_saved(self.tab), seed=params.seed, reveal=params.reveal)
        seed_waits = records.start(self.view, self.tab, params)
        self.leaving: Callable[[], object] | None = None  # what the Leave this game? dialog confirms
        question = self.view.leave_question
        if params.challenge is not None and not (question and challenge_opens(params.challenge)):
            self.view.start_challenge(params.challenge)
        self.drawn_rules: tuple[str, int] | None = None
        self.drawn_history: tuple[int, tuple[Row, ...]] | None = None
        self.drawn_end: tuple[EndAction, ...] | None = None
        self.playing: tuple[int, bool] | None = None  # the game last drawn, and whether it was over
        self.shown_status: str | None = None
        self.board = by_id("board")
        self.palette = by_id("palette")
        self.current = by_id("current")
        self.history = by_id("history").tBodies[0]
        self.history_scroll = by_id("history-scroll")
        self.form = by_id("settings-form")
        welcomed = shell_welcomed()  # How to play opened by static/shell.js before Python
        early = take_early()  # from here on, every press is this page's
        self.wire()
        self.records = records.Records(self)
        self.challenge: ChallengeDialog | None = None  # the Challenge a friend dialog's shell, loaded on first use
        status = opening_status(self.view, params)
        if self.view.replay(early):
            status = self.view.status  # what the last press did, as if pressed now
        self.render(status)
        # A first visit opens How to play, unless the player has begun already or the page's
        # script has opened it before Python (adopted as it stands: open, or closed already).
        self.welcome = params.first_visit_help and not self.tab.value(storage.WELCOMED) and not early and not welcomed
        if self.welcome or early or welcomed or not params.first_visit_help:  # a link's game came first: the plain address it leaves is no first visit
            self.tab.save(storage.WELCOMED, True)
        if self.welcome:  # before the controls wake up: the first key goes to the dialog
            by_id("help").showModal()
        self.welcome = bool(by_id("help").open)  # closing it hands the keys to the board
        if params.challenge is not None and question and challenge_opens(params.challenge):
            token = params.challenge
            self.leave_for(lambda: self.view.start_challenge(token))  # asks first
        elif seed_waits and params.seed is not None:
            seed = params.seed
            self.leave_for(lambda: self.view.new_game(seed))  # asks first
        for button in document.querySelectorAll("button[disabled]"):
            button.disabled = False
        self.draw_end(self.view)  # a game over on arrival keeps its palette disabled
        self.board.removeAttribute("aria-busy")
        document.body.classList.remove("loading")

    def wire(self) -> None:
        Menu()
        wire_composer(self.palette, self.current, lambda apply: self.act(apply, self.view))
        on(by_id("delete"), "click", lambda event: self.act(self.view.delete))
        on(by_id("submit"), "click", lambda event: self.act(self.view.submit))
        on(by_id("new-game"), "click", self.on_new_game)
        on(by_id("leave-confirm"), "click", self.on_leave_confirmed)
        on(by_id("open-settings"), "click", self.open_settings)
        on(by_id("open-stats"), "click", self.open_stats)
        on(by_id("challenge-open"), "click", self.open_challenge)
        on(by_id("open-help"), "click", lambda event: by_id("help").showModal())
        on(by_id("help"), "close", self.on_help_closed)
        on(self.history, "click", self.on_history)
        on(by_id("end-actions"), "click", self.on_end_action)
        on(self.board, "click", self.after_click)
        on(self.current, "animationend", lambda event: self.current.classList.remove("nudge"))
        on(self.form, "submit", self.save_settings)
        on(self.form.elements.namedItem("preset"), "change", self.on_preset)
        for name in RULE_FIELDS:
            on(self.form.elements.namedItem(name), "input", self.on_rule_field)
        wire_dialogs()
        on(document, "keydown", self.on_key)
        on(by_id("mode-picker"), "click", self.on_mode)
        for dialog in document.querySelectorAll("dialog"):
            on(dialog, "close", self.after_dialog)

    # Events

    def act(self, action: Callable[..., object], *args: Any) -> None:
        action(*args)
        self.render()

    def on_history(self, event: Element) -> None:
        use = event.target.closest("button[data-number]")
        if use:
            self.act(self.view.use_guess, int(use.dataset.number))
            self.compose()

    def on_new_game(self, event: Element) -> None:
        self.leave_for(self.view.new_game)
        self.compose()

    def on_end_action(self, event: Element) -> None:
        """A button of the game's end (:attr:`SoloView.end_actions`), by the key it carries."""
        button = event.target.closest("button[data-action]")
        handlers: dict[str, Callable[[Element], object]] = {
            "new-game": self.on_new_game,
            "share": lambda event: spawn(self.records.share()),
            "review": lambda event: self.records.ask_review(),
        }
        if button and button.dataset.action in handlers:
            handlers[button.dataset.action](event)

    def leave_for(self, start: Callable[[], object], day: dt.date | None = None) -> None:
        """Replace the game on the board by what `start` puts there (`day`'s challenge, when it is
        one), once the person agreed when a game in progress would be lost: the Leave this game?
        dialog asks, and the game left is counted and stored as the question said."""
        question = self.view.question_before(day)
        if question is None:
            self.act(start)
            return

        def confirmed() -> None:
            said = leave(self.view, self.tab, start)
            self.render(f"{said} {self.view.status}".strip())

        self.ask(question, confirmed)

    def ask(self, question: str | None, then: Callable[[], object]) -> None:
        """Do `then` at once when there is no `question`; else ask it in the page's own dialog
        (keyboard and screen reader friendly: a modal dialog, Keep playing first) and do `then`
        only on Yes, abandon. Solve's New game asks here too."""
        if question is None:
            then()
            return
        self.leaving = then
        place_text(by_id("leave-question"), question)
        by_id("leave").showModal()

    def on_leave_confirmed(self, event: Element) -> None:
        then, self.leaving = self.leaving, None
        by_id("leave").close()
        if then is not None:
            then()

    def after_click(self, event: Element) -> None:
        """A button of the board pressed with the mouse or a finger (``detail`` counts clicks; a
        key's activation has none) hands the keys back to the board: Enter then submits the row,
        not the button pressed last."""
        if event.detail and event.target.closest("button"):
            self.compose()

    def compose(self) -> None:
        """Let the keyboard go on composing the row (focus on the board, which hears the keys)."""
        self.board.focus()

    def on_help_closed(self, event: Element) -> None:
        """The dialog that opened by itself on a first visit hands the keys to the board."""
        if self.welcome:
            self.welcome = False
            self.board.focus()

    def on_mode(self, event: Element) -> None:
        button = event.target.closest("button[data-mode]")
        if button:
            self.open_mode(button.dataset.mode)

    def open_mode(self, mode: str, arriving: bool = False) -> None:
        """Show `mode`: the other modes' screens (static/screens.py) load on first use. A mode
        another page plays is opened there (Solo's, from the page of the other modes), in place
        of this page when the page is `arriving` at it (Back does not come here again)."""
        away = elsewhere(mode)
        if away is not None:
            (location.replace if arriving else location.assign)(away)
            return
        if mode == MODE and "screens" not in sys.modules:
            return  # Solo is on screen already
        import screens

        screens.show(mode, self)

    def on_key(self, event: Element) -> None:
        if self.board.hidden or not keys_compose(event):
            return
        if self.view.press(event.key):
            event.preventDefault()
            if event.target.tagName == "BUTTON":
                self.compose()  # the keys compose now: Enter submits, not the button
            self.render()

    def after_dialog(self, event: Element) -> None:
        """Once the last dialog closes, the browser focuses the button that opened it, where Enter
        would open it again: when that button is the header's or the board's, the board takes
        the focus instead, so keys play on (Enter submits the guess)."""
        opener = document.activeElement
        if document.querySelector("dialog[open]") or opener is None or not opener.closest(".top, .board"):
            return
        board = by_id("modes") if self.board.hidden else self.board
        board.tabIndex = -1
        board.focus()

    def open_settings(self, event: Element) -> None:
        self.fill_form(form_values(self.view.settings))
        self.show_errors({})
        by_id("settings").showModal()

    def fill_form(self, values: Mapping[str, str | bool]) -> None:
        for name, value in values.items():
            field = self.form.elements.namedItem(name)
            if name in CHECKBOXES:
                field.checked = value
            else:
                field.value = value

    def form_fields(self) -> dict[str, str | bool]:
        fields: dict[str, str | bool] = {}
        for name in form_values(self.view.settings):
            field = self.form.elements.namedItem(name)
            fields[name] = bool(field.checked) if name in CHECKBOXES else field.value
        return fields

    def on_preset(self, event: Element) -> None:
        self.fill_form(preset_fields(event.target.value))

    def on_rule_field(self, event: Element) -> None:
        self.form.elements.namedItem("preset").value = form_preset(self.form_fields())

    def save_settings(self, event: Element) -> None:
        """Save the settings; new rules start a new game, so a game in progress is asked about first."""
        event.preventDefault()
        fields = self.form_fields()
        if self.view.changes_rules(fields):
            self.leave_for(lambda: self.apply_settings(fields))
        else:
            self.apply_settings(fields)

    def apply_settings(self, fields: Mapping[str, str | bool]) -> None:
        language = self.view.settings.language
        errors = self.view.save_settings(fields)
        self.show_errors(errors)
        if errors:
            self.form.elements.namedItem(next(iter(errors))).focus()
        else:
            by_id("settings").close()
        self.render()  # stores the settings, and the game in progress
        if self.view.settings.language != language:  # shell.js words the page in it as it loads again
            reload_in_chosen_language()

    def show_errors(self, errors: Mapping[str, str]) -> None:
        for name in form_values(self.view.settings):
            place_text(by_id(f"{name}-error"), errors.get(name, ""))
            self.form.elements.namedItem(name).setAttribute("aria-invalid", "true" if name in errors else "false")

    def open_stats(self, event: Element) -> None:
        self.records.open_stats()

    def open_challenge(self, event: Element) -> None:
        """The Challenge a friend dialog (static/challenge.py), wired on its first opening."""
        if self.challenge is None:
            import challenge

            self.challenge = challenge.ChallengeDialog(self)
        self.challenge.open(event)

    # Drawing

    def draw_history(self, view: SoloView) -> None:
        """Redraw the History rows when they change, each with its Use guess button; the row of a
        guess just scored is marked new (its key pegs appear one after another) and a winning
        row is marked won. A row drawn again for any other reason is not animated again."""
        rows = view.rows
        drawn = (id(view.game), tuple(rows))
        if drawn == self.drawn_history:
            return
        made = view.game.guesses_made
        fresh = self.drawn_history is not None and self.drawn_history[0] == id(view.game) and len(self.drawn_history[1]) == made - 1
        self.drawn_history = drawn
        lines = []
        for row in rows:
            line = history_row(row)
            use = element("button", "use", _("Use"))
            use.type = "button"
            use.dataset.number = row.number
            use.setAttribute("aria-label", use_words(row.number))
            cell = element("td")
            cell.append(use)
            line.append(cell)
            line.classList.toggle("new", fresh and row.number == made)
            line.classList.toggle("won", view.game.won and row.number == made)
            lines.append(line)
        self.history.replaceChildren(*lines)

    def render(self, status: str | None = None) -> None:
        view = self.view
        refused = self.records.persist()
        status = status or view.status
        if refused:
            status = f"{status} {_(NOT_SAVED)}"

        for name, value in root_attributes(view.settings).items():  # the theme and colours, as shell.js set them
            document.documentElement.setAttribute(name, value)
        dataset = self.board.dataset
        dataset.keyColor = view.settings.key_color
        dataset.letters = "on" if view.settings.letters else "off"
        dataset.order = view.settings.order
        dataset.pegs = view.config.pegs
        self.board.style.setProperty("--pegs", str(view.config.pegs))

        self.drawn_rules = draw_composer(self.palette, self.current, view.config, view.slots, self.drawn_rules)

        secret = []
        for color in view.secret:
            secret.append(paint(element("span", "peg"), color) if color else element("span", "peg hidden", "?"))
        by_id("secret-pegs").replaceChildren(*secret)

        self.draw_history(view)
        self.draw_end(view)
        self.current.classList.toggle("repeat", view.repeat_of is not None)  # Use guess N copied a played guess
        if view.refused:  # restart the nudge, even when the last one has not ended
            view.refused = False
            self.current.classList.remove("nudge")
            self.current.offsetWidth  # noqa: B018 (reading the layout lets the animation start again)
            self.current.classList.add("nudge")

        self.shown_status = show_status(by_id("status"), status, self.shown_status)
        self.records.render()
        keep_newest_in_view(self.history_scroll, view.settings.order)  # once the rest has its size
        playing = (id(view.game), view.game.over)
        ended_now = self.playing == (playing[0], False) and playing[1]
        self.playing = playing
        if ended_now and view.opens_stats and not self.board.hidden:  # as the daily games people trust end
            self.records.open_stats()

    def draw_end(self, view: SoloView) -> None:
        """The end of a game is an end: the palette, the row and Submit guess disabled, and the
        end actions by the board in their place (the header's New game gives way to the board's)."""
        over = view.game.over
        for button in [*self.palette.querySelectorAll("button"), *self.current.querySelectorAll("button")]:
            button.disabled = over
        by_id("submit").disabled = over
        by_id("delete").hidden = over  # the end actions take its place in the row
        by_id("new-game").hidden = over or self.board.hidden
        actions = view.end_actions
        box = by_id("end-actions")
        box.hidden = not actions
        if actions != self.drawn_end:
            self.drawn_end = actions
            buttons: list[Element] = []
            for action in actions:
                button = element("button", "primary" if not buttons else "", action.label)
                button.type = "button"
                button.dataset.action = action.key
                buttons.append(button)
            box.replaceChildren(*buttons)


def reload_in_chosen_language() -> None:
    """Load the page again, in the language the settings now name (the address holds no ``?lang=``
    any more, which would outrank them: :func:`start` replaced it)."""
    location.reload()


def shell_welcomed() -> bool:
    """Whether ``static/shell.js`` opened How to play on this first visit before Python started."""
    shell = getattr(window, "mastermindEarly", None)
    return shell is not None and bool(shell.welcomed)


def take_early() -> list[Any]:
    """The presses recorded while Python started (``static/shell.js``), as Python lists; none
    when the script did not run."""
    shell = getattr(window, "mastermindEarly", None)
    return [] if shell is None else shell.take().to_py()


class Menu:
    """The header's disclosure on a phone (``#menu-toggle``): opens and closes the actions and modes,
    closes on a choice, on Escape (focus back on the button) and on a press outside it."""

    def __init__(self) -> None:
        self.toggle = by_id("menu-toggle")
        self.panel = by_id("menu-panel")
        on(self.toggle, "click", lambda event: self.show(not self.open))
        on(self.panel, "click", self.on_choice)
        on(document, "keydown", self.on_key)
        on(document, "pointerdown", self.on_press)

    @property
    def open(self) -> bool:
        return bool(self.toggle.getAttribute("aria-expanded") == "true")

    def show(self, open_: bool) -> None:
        self.toggle.setAttribute("aria-expanded", "true" if open_ else "false")

    def on_choice(self, event: Element) -> None:
        if event.target.closest("button"):  # an action or a mode (Play day too): the menu has done its part
            self.show(False)

    def on_key(self, event: Element) -> None:
        if self.open and event.key == "Escape":
            self.show(False)
            self.toggle.focus()

    def on_press(self, event: Element) -> None:
        if self.open and not event.target.closest("#menu-panel, #menu-toggle"):
            self.show(False)


def elsewhere(mode: str) -> str | None:
    """The address that opens `mode` when another page plays it, else None: the build names the
    modes each page plays and the other page on ``<html>`` (tools/build_site.py), as
    ``static/shell.js`` reads them before the first paint. A language the address asked for
    (``data-asked-lang``, not stored) is asked there too, as one page kept it for its life."""
    root = document.documentElement
    here, other = root.getAttribute("data-page-modes"), root.getAttribute("data-other-page")
    asked = root.getAttribute("data-asked-lang")
    if here is None or other is None or mode in here.split():
        return None
    return f"{other}?mode={mode}" + (f"&lang={asked}" if asked else "")


def start() -> tuple[Page, str]:
    """Draw the board; return the mode to open instead of Solo, if any (its screen loads then).

    The address is read once: what it asked for is on the screen now (and stored, as every game
    is), so the page replaces it with its plain address. A reload, a bookmark or a link copied
    from the address bar then shows the game in progress, not a fresh ``?seed=`` game or a
    challenge already played, and Back leaves the page as it came."""
    page = Page()
    shown = page.tab.value(storage.MODE_GAMES)
    opening = opening_mode(location.search, shown.active)
    if opening == MODE and shown.active != MODE:  # Solo, asked for by the address: a reload opens it again
        page.tab.save(storage.MODE_GAMES, shown.with_active(MODE))
    if location.search:
        window.history.replaceState(window.history.state, "", location.pathname + location.hash)
    return page, opening
