"""The browser shell of the modes other than Solo: Computer breaks your code, Duel, Race and
Tournament. ``static/app.py`` imports it when one of them is first picked (``screens.show``).

No rule and no wording lives here: :class:`mastermind.page.modes.MatchView` and
:class:`mastermind.page.computer.ComputerView` decide what each screen shows and says; this module
draws it with ``createElement`` and ``textContent`` only (names are a person's text, never HTML),
thinks for the computer players in slices between frames, and stores every game after every move
through the page's storage tab (:mod:`mastermind.page.sync`), so a reload resumes it.
"""

import asyncio
import time

from js import document, location

from dom import button, by_id, element, history_row, on, paint
from mastermind.page import storage
from mastermind.computer import CodeChallenge
from mastermind.page.computer import ComputerView
from mastermind.page.modes import MatchView, Screen
from mastermind.modes import load_match
from mastermind.registry import Registry
from mastermind.page.sync import NOT_SAVED
from mastermind.page.solo import MODE, PAGE_MODES, parse_params, slot_words

PAUSE = 0.7
"""Seconds between two computer moves, so a person can follow them (the Skip button ends it)."""
SOLO_ONLY = ("new-game", "daily", "challenge-open", "open-settings")
"""Header buttons about the Solo board, hidden in the other modes."""







def table(name, headers):
    """A table named `name` with a header row; returns it and its body."""
    node = element("table", "history")
    node.setAttribute("aria-label", name)
    head = element("tr")
    for header in headers:
        cell = element("th", text=header)
        cell.setAttribute("scope", "col")
        head.append(cell)
    thead = element("thead")
    thead.append(head)
    body = element("tbody")
    node.append(thead, body)
    return node, body


def wrap(*children, class_name="history-wrap"):
    node = element("div", class_name)
    node.append(*children)
    return node


def text_rows(body, rows, highlight=()):
    """Fill a table body with rows of text cells."""
    lines = []
    for index, cells in enumerate(rows):
        tr = element("tr", "acting" if index in highlight else "")
        tr.append(*(element("td", text=str(cell)) for cell in cells))
        lines.append(tr)
    body.replaceChildren(*lines)


class Screens:
    """The modes' screens in ``<main id="modes">``: one view per mode, the one on screen drawn."""

    def __init__(self, page):
        self.page = page
        self.tab = page.tab
        self.seed = parse_params(location.search).seed
        try:
            self.registry = Registry.from_dict(self.tab.value(storage.REGISTRY))
        except ValueError:  # read and checked by the tab already; never expected
            self.registry = Registry()
        self.kept_users = self.registry.to_dict()
        self.kept = {}  # each mode's game as last read or stored
        self.views = {}
        self.mode = MODE
        self.moment = None  # the screen focus was last moved for
        self.drawn_rules = None
        self.shown_status = None
        self.thinking = False
        self.skipping = False
        self.epoch = 0  # grows with every person's action: a computer's guess thought before is dropped
        self.root = by_id("modes")
        self.build()
        on(document, "keydown", self.on_key)

    # The views

    @property
    def current(self):
        return None if self.mode == MODE else self.view(self.mode)

    def view(self, mode):
        """The view of `mode`, made on first use with the game kept from an earlier visit."""
        if mode not in self.views:
            data = self.tab.value(storage.MODE_GAMES).games.get(mode)
            game, lost = None, False
            try:
                if data is not None:
                    game = CodeChallenge.from_dict(data) if mode == CodeChallenge.mode else load_match(data, self.registry)
            except ValueError:  # e.g. a tournament among users the stored registry no longer has
                lost = True
            if mode == CodeChallenge.mode:
                self.views[mode] = ComputerView(self.page.view.settings.config, game, self.seed)
            else:
                self.views[mode] = MatchView(mode, self.registry, game, self.seed)
            if lost:
                self.views[mode].not_resumed()
            self.kept[mode] = data
        return self.views[mode]

    def show(self, mode):
        """Put `mode` on screen (Solo: the page's own board)."""
        mode = mode if mode in PAGE_MODES else MODE
        self.mode = mode
        self.epoch += 1
        solo = mode == MODE
        self.page.board.hidden = not solo
        self.root.hidden = solo
        for name in SOLO_ONLY:
            if by_id(name):
                by_id(name).hidden = not solo
        for choice in by_id("mode-picker").querySelectorAll("button[data-mode]"):
            choice.setAttribute("aria-pressed", "true" if choice.dataset.mode == mode else "false")
        refused = self.save()
        if solo:
            self.page.board.tabIndex = -1
            self.page.board.focus()  # keys play Solo again, not the picker's button
            return
        view = self.current
        if isinstance(view, ComputerView):
            view.follow_settings(self.page.view.settings.config)
        self.moment = None
        self.render(NOT_SAVED if refused else None)
        self.kick()

    # Building the screens (once)

    def build(self):
        self.title = element("h2", "mode-title")
        self.title.id = "mode-title"
        self.title.tabIndex = -1
        self.intro = element("p", "note mode-intro")
        self.status = element("p", "status")
        self.status.setAttribute("role", "status")
        self.status.setAttribute("aria-live", "polite")

        # Tournament users: registration and the score board.
        self.users = element("section", "panel users")
        self.users.setAttribute("aria-labelledby", "users-title")
        users_title = element("h3", text="Users")
        users_title.id = "users-title"
        self.register_form = element("form", "register")
        self.register_form.noValidate = True
        self.new_user = element("input")
        self.new_user.id, self.new_user.type, self.new_user.autocomplete = "new-user-name", "text", "off"
        self.new_user.setAttribute("aria-describedby", "new-user-name-error")
        self.new_user_error = element("p", "error")
        self.new_user_error.id = "new-user-name-error"
        label = element("label", text="New user name")
        label.htmlFor = "new-user-name"
        field = element("div", "field")
        register = element("button", "", "Register")
        register.type = "submit"
        field.append(label, self.new_user, self.new_user_error)
        self.register_form.append(field, register)
        board, self.board_body = table("Score board", ("Name", "Points"))
        self.users.append(users_title, self.register_form, wrap(board))

        # The setup form.
        self.setup = element("form", "panel setup")
        self.setup.noValidate = True
        self.setup.setAttribute("aria-labelledby", "setup-title")
        setup_title = element("h3", text="New game")
        setup_title.id = "setup-title"
        self.fields = element("div", "fields")
        self.names = element("datalist")
        self.names.id = "player-names"
        start = element("button", "primary", "Start")
        start.type = "submit"
        actions = element("div", "actions")
        actions.append(start)
        self.setup.append(setup_title, self.fields, self.names, actions)

        # A turn: banner, hand-over, secret, history, composing, watching, end.
        self.turn = element("section", "turn")
        self.turn_title = element("h3", "turn-title")
        self.turn_title.id = "turn-title"
        self.turn_title.tabIndex = -1
        self.turn_detail = element("p", "turn-detail")
        banner = element("div", "banner")
        banner.append(self.turn_title, self.turn_detail)

        self.handover = element("div", "handover")
        self.handover_text = element("p")
        self.ready = button("Ready", "primary")
        self.handover.append(self.handover_text, self.ready)

        self.secret = element("div", "secret")
        self.secret_pegs = element("section", "pegs")
        self.secret_pegs.setAttribute("role", "region")
        self.secret_pegs.setAttribute("aria-label", "Secret code")
        secret_label = element("span", "row-label", "Secret")
        secret_label.setAttribute("aria-hidden", "true")
        self.secret.append(secret_label, self.secret_pegs)

        self.history_caption = element("p", "row-label history-caption")
        history, self.history = table("History", ("#", "Guess", "Key pegs", "Left"))
        self.history_box = element("div", "history-box")
        self.history_box.append(self.history_caption, wrap(history))

        self.play = element("div", "play")
        self.slots = element("div", "current")
        self.slots.setAttribute("role", "group")
        self.slots.setAttribute("aria-label", "Current guess")
        self.palette = element("div", "palette")
        self.palette.setAttribute("role", "group")
        self.palette.setAttribute("aria-label", "Palette")
        self.delete = button("Delete")
        self.action = button("Submit guess", "primary")
        actions = element("div", "actions")
        actions.append(self.delete, self.action)
        hint = element("p", "hint", "Keys: 1-0 or a colour's letter, Backspace, Enter.")
        self.play.append(self.slots, self.palette, actions, hint)

        self.watch = element("div", "watch")
        self.thinking_text = element("p", "thinking")
        self.skip = button("Skip")
        self.skip.setAttribute("aria-description", "show the computer's moves without waiting")
        self.watch.append(self.thinking_text, self.skip)

        self.end = element("div", "end")
        self.recap = element("ul", "recap")
        self.again = button("Play again", "primary")
        self.quit = button("Quit")
        actions = element("div", "actions")
        actions.append(self.again, self.quit)
        self.end.append(self.recap, actions)

        self.leave = element("div", "leave")
        self.abandon = button("Abandon game")
        self.confirm = element("div", "confirm")
        self.confirm.append(button("Yes, abandon", "danger"), button("Keep playing", "primary"))
        self.leave.append(self.abandon, self.confirm)

        self.turn.append(banner, self.handover, self.watch, self.secret, self.history_box, self.play, self.end, self.leave)

        # Scores.
        self.scores = element("section", "panel scores")
        self.scores.setAttribute("aria-labelledby", "scores-title")
        scores_title = element("h3", text="Scores")
        scores_title.id = "scores-title"
        scores, self.scores_body = table("Scores", ("Player", "Points"))
        self.scores_note = element("p", "note")
        self.scores.append(scores_title, wrap(scores), self.scores_note)

        self.root.replaceChildren(self.title, self.status, self.intro, self.turn, self.scores, self.users, self.setup)
        self.wire()

    def wire(self):
        on(self.register_form, "submit", self.on_register)
        on(self.new_user, "input", self.on_new_user)
        on(self.setup, "submit", self.on_start)
        on(self.setup, "input", self.on_edit)
        on(self.palette, "click", self.on_palette)
        on(self.slots, "click", self.on_slot)
        on(self.delete, "click", lambda event: self.act(lambda view: view.delete()))
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

    def act(self, action):
        """Apply a person's action to the view on screen, then store, draw, and let computers play."""
        view = self.current
        if view is None:
            return
        self.epoch += 1
        action(view)
        self.after()

    def after(self):
        refused = self.save()
        self.render(NOT_SAVED if refused else None)
        self.kick()

    def on_register(self, event):
        event.preventDefault()
        view = self.current
        if view is None:
            return
        self.act(lambda view: view.register(self.new_user.value))
        self.new_user.focus()

    def on_new_user(self, event):
        view = self.current
        if view is not None:
            view.edit("New user name", self.new_user.value)

    def on_edit(self, event):
        control = event.target
        view = self.current
        if view is None or not control.dataset.label:
            return
        view.edit(control.dataset.label, control.value)
        self.render(announce=False)  # another count of players shows another count of name fields

    def on_start(self, event):
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

    def on_palette(self, event):
        target = event.target.closest("button[data-letter]")
        if target:
            self.act(lambda view: view.pick(target.dataset.letter))

    def on_slot(self, event):
        target = event.target.closest("button[data-index]")
        if target:
            self.act(lambda view: view.clear(int(target.dataset.index)))

    def on_skip(self, event):
        self.skipping = True

    def on_key(self, event):
        view = self.current
        if view is None or event.ctrlKey or event.metaKey or event.altKey or document.querySelector("dialog[open]"):
            return
        tag = event.target.tagName
        if tag in ("INPUT", "SELECT", "TEXTAREA") or (tag == "BUTTON" and event.key in ("Enter", " ")):
            return  # the focused control handles its own keys
        if view.composing and view.press(event.key):
            event.preventDefault()
            self.epoch += 1
            self.after()

    # Computer players

    def kick(self):
        """Let computer players play if one's guess is due and they are not already at it."""
        view = self.current
        if not self.thinking and view is not None and view.computer_due:
            self.thinking = True
            asyncio.ensure_future(self.play_computers())

    async def play_computers(self):
        """Computer moves until a person must act: each guess thought in slices (the page stays
        live), then shown after a short pause that Skip ends."""
        try:
            from mastermind.solver import run_async  # the engine loads on the first computer move

            while True:
                view, epoch = self.current, self.epoch
                if view is None or not view.computer_due:
                    break
                started, history = time.monotonic(), view.history
                guess = await run_async(view.breaker().think(history))
                while not self.skipping and epoch == self.epoch and time.monotonic() - started < PAUSE:
                    await asyncio.sleep(0.05)
                if epoch != self.epoch or view is not self.current or not view.computer_due or view.history != history:
                    continue  # a person acted meanwhile: think again about what is now on screen
                view.play_computer(guess)
                self.after()
        finally:
            self.thinking = False
            self.skipping = False
            self.render(announce=False)

    # Keeping the games

    def save(self):
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
        users = self.registry.to_dict()
        if users != self.kept_users:
            self.tab.save(storage.REGISTRY, users)
            self.kept_users = users
        notices = self.tab.take_notices()
        return NOT_SAVED in notices

    # Drawing

    def render(self, note=None, announce=True):
        """Draw the view on screen; `announce` its status (again, if unchanged: the person acted)."""
        view = self.current
        if view is None:
            return
        screen = view.screen
        dataset = self.root.dataset
        dataset.keyColor = view.key_color
        dataset.letters = "on" if self.page.view.settings.letters else "off"
        dataset.screen = screen.value

        self.title.textContent = view.title
        self.intro.textContent = view.intro
        self.intro.hidden = screen is not Screen.SETUP

        self.users.hidden = not view.registering
        if view.registering:
            self.new_user_error.textContent = view.errors.get("New user name", "")
            self.new_user.setAttribute("aria-invalid", "true" if view.errors.get("New user name") else "false")
            if self.new_user.value != view.form.get("New user name", ""):
                self.new_user.value = view.form.get("New user name", "")
            text_rows(self.board_body, view.board)

        self.setup.hidden = screen is not Screen.SETUP
        if screen is Screen.SETUP:
            self.draw_fields(view)

        self.turn.hidden = screen is Screen.SETUP
        heading, detail = view.banner
        self.turn_title.textContent = heading
        self.turn_detail.textContent = detail
        self.turn_detail.hidden = not detail
        self.handover.hidden = screen is not Screen.HANDOVER
        self.handover_text.textContent = view.handover
        self.watch.hidden = screen is not Screen.WATCH
        self.thinking_text.textContent = view.thinking
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
        self.history_caption.textContent = view.history_caption
        self.draw_history(rows)

        self.play.hidden = not view.composing
        if view.composing:
            self.draw_play(view)

        scores = view.scores
        self.scores.hidden = not scores
        text_rows(self.scores_body, [(row.name, row.points) for row in scores],
                  [index for index, row in enumerate(scores) if row.current])
        self.scores_note.textContent = view.scores_note

        if announce:
            status = " ".join(filter(None, [view.status, note]))
            if status == self.shown_status:
                status += "\u00a0"  # a live region announces changes only
            self.shown_status = status
            self.status.textContent = status
        self.move_focus(view)

    def draw_fields(self, view):
        fields = view.fields
        drawn = {node.dataset.key: node for node in self.fields.children}
        nodes = [drawn.get(field.key) or self.make_field(field) for field in fields]
        for field, node in zip(fields, nodes):
            control = node.querySelector("[data-label]")
            if control.value != field.value and document.activeElement != control:
                control.value = field.value
            node.querySelector(".error").textContent = field.error
            control.setAttribute("aria-invalid", "true" if field.error else "false")
        if [node.dataset.key for node in self.fields.children] != [field.key for field in fields]:
            self.fields.replaceChildren(*nodes)
        options = []
        for name in next((field.options for field in fields if field.kind == "text"), ()):
            option = element("option")
            option.value = name
            options.append(option)
        self.names.replaceChildren(*options)

    def make_field(self, field):
        node = element("div", "field")
        node.dataset.key = field.key
        name = f"mode-{field.key}"
        label = element("label", text=field.label)
        label.htmlFor = name
        if field.kind == "select":
            control = element("select")
            for choice in field.options:
                option = element("option", text=choice)
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
                control.setAttribute("list", "player-names")
        control.id = name
        control.dataset.label = field.label
        control.value = field.value
        error = element("p", "error")
        error.id = f"{name}-error"
        control.setAttribute("aria-describedby", error.id)
        node.append(label, control, error)
        return node

    def draw_history(self, rows):
        self.history.replaceChildren(*(history_row(row) for row in rows))

    def draw_play(self, view):
        config = view.config
        rules = (config.letters, config.pegs)
        if rules != self.drawn_rules:
            self.drawn_rules = rules
            pegs = []
            for color in config.colors:
                peg = paint(button("", "peg"), color)
                peg.dataset.letter = color.letter
                peg.setAttribute("aria-label", color.name)
                pegs.append(peg)
            self.palette.replaceChildren(*pegs)
            self.slots.replaceChildren(*(button("", "slot") for _ in range(config.pegs)))
        slots = view.slots
        free = slots.index(None) if None in slots else -1
        for index, (slot, color) in enumerate(zip(self.slots.children, slots)):
            name, description = slot_words(index, color)
            slot.dataset.index = index
            slot.setAttribute("aria-label", name)
            slot.setAttribute("aria-description", description)
            slot.classList.toggle("next", index == free)
            slot.classList.toggle("filled", color is not None)
            if color is None:
                slot.style.removeProperty("--peg")
                slot.style.removeProperty("--peg-ink")
                slot.textContent = ""
            else:
                paint(slot, color)
        self.action.textContent = view.action

    def move_focus(self, view):
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


_screens = None


def show(mode, page):
    """Show `mode` on `page` (static/app.py's Page), building the screens on first use."""
    global _screens
    if _screens is None:
        _screens = Screens(page)
    _screens.show(mode)
