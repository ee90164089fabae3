"""The other modes' screens in the page's worker: Computer breaks your code, Duel, Race and
Tournament, beside the Solo session (:mod:`.session`) and through its one store mirror.

**The design.** The page's one session (:class:`.session.Session`) keeps the store's mirror and
:class:`~.sync.Tab`, the Solo board, and a :class:`Modes`: the mode on screen and one
:class:`ModeSession` per mode opened, made from :data:`MODE_SESSIONS` (mode -> session class) with
the game the store kept (:func:`.modes.resumed_view`: the views are the models',
:class:`~.modes.MatchView` and :class:`~.computer.ComputerView`, unchanged). The start opens the
mode the address or the last visit asks for (its ``mode`` part); the ``mode`` action switches in
place (the mode buttons need no reload).

A mode's actions (:data:`ACTIONS`) are the screen's events as data: ``mode`` mode,
``mode-press`` key, ``mode-pick`` letter, ``mode-clear`` index, ``mode-act`` name (a button of
:data:`ACTS`), ``mode-edit`` label, value (a field typed in: quiet), ``mode-start`` fields (label
-> text), ``mode-register`` name, ``mode-skip``, ``mode-waited`` id, ``seat`` id, step, outcome, text (a
saved strategy's move: below). The reply's ``mode`` part is
the screen as data (:meth:`Modes.part`, null on the Solo board), drawn by ``static/mpy_modes.py``
in ``<main id="modes">`` from index.html's ``<template id="mode-screens">``; its ``status`` is the
mode's sentence; every game is stored after every action (``writes``, the same protocol as Solo's).

**The computer's moves** are the engine's work, relayed by the page to the engine's worker as the
hint is (an ``engine`` effect with a ``move`` request: never the session's worker, whose replies
to taps would wait behind a 6x10 guess), together with ``{"do": "wait", "id", "ms"}``: the page
sends ``mode-waited`` once :data:`PAUSE_MS` passed, so that a person can follow the moves. A saved
strategy seated as a code-breaker (the Lab's) is asked in a Lab worker the page starts for it,
``{"do": "seat", "id", "name", "key", "load", "guess", "load_wait", "guess_wait"}`` (the requests'
texts, the seconds of silence after which the page's watchdog ends that worker), and what the
worker said comes back as ``seat`` (step ``load``/``guess``; outcome ``answer`` with its text,
``stalled`` or ``failed`` with the browser's reason), read here. A move
is played when both its answer and its wait are in (Skip: its answer alone); any person's action
meanwhile makes it stale, and the move of what is now on screen is asked again.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from ..code import Code
from ..config import Config
from . import session_parts as parts
from . import storage
from .address import MODE
from .boards import SOLO_ONLY, Screen
from .engine import lane, move_request
from .mode_session import ModeSession
from .session_actions import Action, MessageError
from .session_lab import LabSession
from .session_solve import SolveSession
from .sync import Users

if TYPE_CHECKING:
    from .computer import ComputerView
    from .modes import MatchView
    from .session_actions import Data, Session
    from .sync import Tab

    View = MatchView | ComputerView

PAUSE_MS = 700
"""Between two computer moves, so that a person can follow them (Skip ends it): screens.py's pause."""


class ComputerSession(ModeSession):
    """Computer breaks your code: its next game takes Solo's settings as the mode is shown."""

    def shown(self, rules: Config) -> None:
        self.view.follow_settings(rules)  # type: ignore[union-attr]  # this session's view is a ComputerView


MODE_SESSIONS: Mapping[str, type[ModeSession]] = {
    "computer": ComputerSession, "duel": ModeSession, "race": ModeSession, "tournament": ModeSession, "solve": SolveSession,
    "lab": LabSession,
}
"""The modes the worker serves besides Solo, and the session of each."""

ACTS = {"delete": "delete", "submit": "submit", "ready": "ready", "again": "play_again", "quit": "quit",
        "abandon": "abandon", "keep": "keep_playing"}
"""A screen's buttons (``mode-act`` name) and the view's method each calls; a view without it
(Ready in Computer breaks your code) refuses the action."""


class Modes:
    """The mode on screen and the modes' sessions, stored through the page's one :class:`~.sync.Tab`."""

    def __init__(self, tab: Tab, seed: int | None) -> None:
        self.tab = tab
        self.seed = seed
        self.users: Users | None = None
        """The Tournament's registered users, read when a mode first opens (the Solo board needs none)."""
        self.sessions: dict[str, ModeSession] = {}
        self.kept: dict[str, Any] = {}
        """Each mode's game as last read or stored."""
        self.shown = MODE
        self.epoch = 0
        """Grows with every person's action: a move thought before is stale."""
        self.move: dict[str, Any] | None = None
        """The computer move asked: its id, epoch, answer (once in) and whether its wait is over."""
        self.skipping = False
        self.moment: tuple[str, str, str | None] | None = None
        """The screen the focus was last moved for."""

    @property
    def current(self) -> View | None:
        return self.sessions[self.shown].view if self.shown in self.sessions else None

    def view(self) -> View:
        """The view on screen; :class:`MessageError` on the Solo board (no mode's action is taken there)."""
        view = self.current
        if view is None:
            raise MessageError("no mode other than Solo is on screen")
        return view

    def match(self, kind: str) -> View:
        """The match on screen, for the action `kind`; :class:`MessageError` on another screen."""
        view = self.view()
        if not self.sessions[self.shown].match:
            raise MessageError(f"{kind}: no match on this screen")
        return view

    def composer(self, kind: str) -> View:
        """The view on screen, for the row's action `kind`; :class:`MessageError` on a screen with
        no row of pegs."""
        view = self.view()
        if not self.sessions[self.shown].composes:
            raise MessageError(f"{kind}: no row of pegs on this screen")
        return view

    def show(self, mode: str, rules: Config) -> None:
        """Put `mode` on screen (Solo: the board), its session made on first use."""
        if mode != MODE and mode not in MODE_SESSIONS:
            raise MessageError(f"mode: no mode {mode!r} here")
        self.shown, self.moment, self.move, self.skipping = mode, None, None, False
        self.epoch += 1
        if mode == MODE:
            return
        if self.users is None:
            self.users = Users(self.tab)
        if mode not in self.sessions:
            kept = self.tab.value(storage.MODE_GAMES).games.get(mode)
            self.sessions[mode] = MODE_SESSIONS[mode](mode, rules, self.users, kept, self.seed)
            self.kept[mode] = kept
        self.sessions[mode].shown(rules)
        self.offer()

    def offer(self) -> None:
        """The saved strategies, as stored now, offered to the view on screen as code-breakers."""
        if self.shown in self.sessions:
            self.sessions[self.shown].offer([strategy.name for strategy in self.tab.value(storage.STRATEGIES)])

    def act(self, change: Callable[[View], object]) -> str:
        """A person's action on the screen, on the users as stored now; the status to say."""
        view = self.view()
        self.epoch += 1
        if self.users is not None:
            self.users.pull()  # act on the users as stored now, whatever another tab did meanwhile
        change(view)
        return view.status

    def reset(self) -> None:
        """An import replaced the stored data: each mode's game and the users are read from it
        again when next shown (the Solo board is on screen: Settings, where imports are, is Solo's)."""
        self.sessions, self.kept, self.users, self.move, self.moment = {}, {}, None, None, None

    def follow(self) -> str | None:
        """Another tab stored something: the users as stored now (the reply draws them), and a
        mode's game where its session takes it up; the status to say when the mode on screen did."""
        if self.users is not None:
            self.users.pull()
        games, said = self.tab.value(storage.MODE_GAMES).games, None
        for mode, session in self.sessions.items():
            if session.follow(games.get(mode), self.kept.get(mode)):
                self.kept[mode] = games.get(mode)
                said = session.view.status if mode == self.shown else said
        self.offer()  # the Lab of another tab may have saved one
        return said

    # Storing

    def save(self) -> None:
        """Store what changed: the mode shown, each mode's game, the users (merged with another tab's)."""
        games = self.tab.value(storage.MODE_GAMES)
        saved = games if games.active == self.shown else games.with_active(self.shown)
        for mode, session in self.sessions.items():
            game = session.saved()
            if game != self.kept.get(mode):
                saved = saved.with_game(mode, game)
                self.kept[mode] = game
        if saved is not games:
            self.tab.save(storage.MODE_GAMES, saved)
        if self.users is not None:
            self.users.push()

    # The computer's moves

    def settle(self, session: Session) -> None:
        """After every message (stored by :meth:`save`): ask the computer's move when one is due
        and not asked for what is on screen, and move the focus when the screen changed."""
        view = self.current
        if view is None or self.sessions[self.shown].settle(session):
            return
        if not view.computer_due:
            self.move, self.skipping = None, False
        elif self.move is None or self.move["epoch"] != self.epoch:
            session.numbered += 2  # a saved strategy's move: its load's number, then its guess's
            number = session.numbered
            self.move = {"id": number, "epoch": self.epoch, "play": None, "waited": False, "turn": None}
            if view.seat is None:
                request = move_request(view.breaker(), view.history)
                session.do({"do": "engine", "id": number, "lane": lane(request), "request": request})
            else:
                self.ask_seat(session, view, view.seat, number)
            session.do({"do": "wait", "id": number, "ms": PAUSE_MS})
        moment = (self.shown, view.screen.value, view.actor)
        if moment != self.moment:
            self.moment = moment
            screen = view.screen
            session.do({"do": "mode-focus", "part": "title" if screen is Screen.SETUP else
                        "ready" if screen is Screen.HANDOVER else "turn"})

    def waiting(self, number: int) -> ModeSession | None:
        """The session on screen when the engine request `number` is its own, still awaited."""
        session = self.sessions.get(self.shown)
        return session if session is not None and session.waits_for(number) else None

    def asked(self, number: int) -> bool:
        """Whether `number` is a computer move's request (an older one's answer is dropped)."""
        return self.move is not None and self.move["id"] == number

    def ask_seat(self, session: Session, view: View, name: str, number: int) -> None:
        """A saved strategy's move, asked of a Lab worker the page starts for it (``seat``: the
        load, when that worker holds another source or rules, numbered `number` - 1, then the guess)."""
        from .lab import LOAD_WAIT, SEAT_WAIT, SeatTurn, seat_gone
        from .strategies import find

        assert self.move is not None
        saved = find(self.tab.value(storage.STRATEGIES), name)
        if saved is None or view.config is None:
            sentence = seat_gone(name)
            self.move["play"] = lambda: view.forfeit(sentence)
            return
        turn = self.move["turn"] = SeatTurn(saved.shared.source, view.config, view.history)
        session.do({"do": "seat", "id": number, "name": name, "key": json.dumps(turn.key), "load": turn.load(number - 1),
                    "guess": turn.guess(number), "load_wait": LOAD_WAIT, "guess_wait": SEAT_WAIT})

    def answered(self, answer: Data) -> str | None:
        """The engine's answer to the move asked: played once the wait is over."""
        view = self.view()
        try:
            breaker = view.breaker()
            guess = Code.parse(answer["code"], breaker.config)
            breaker.restore(answer["state"])
        except Exception as error:  # data from another thread: whatever reading it raises, its shape is wrong
            raise MessageError(f"engine: a move of another shape ({error!r})") from None
        assert self.move is not None
        self.move["play"] = lambda: view.play_computer(guess)
        return self.play()

    def seated(self, values: Data) -> str | None:
        """The Lab worker's word on a saved strategy's move (``seat``): the answer to its load or
        guess (``text``), or that the watchdog ended it (``stalled``) or it could not run (``failed``)."""
        from .lab import ProtocolError, read, worker_failed

        move, view = self.move, self.view()
        if move is None or move["id"] != values["id"] or move["turn"] is None:
            return None  # a move made stale meanwhile
        turn, outcome, text = move["turn"], values["outcome"], values["text"]
        if outcome == "answer" and values["step"] in ("load", "guess"):
            try:
                answer = turn.answer(read(text, move["id"] - (values["step"] == "load")))
            except ProtocolError as error:
                answer = error.sentence
        elif outcome == "stalled":
            answer = turn.stalled(values["step"] == "guess")
        elif outcome == "failed":
            answer = worker_failed(text)
        else:
            raise MessageError("seat: outcome is answer, stalled or failed; step load or guess")
        move["play"] = (lambda: view.forfeit(answer)) if isinstance(answer, str) else (lambda: view.play_computer(answer))
        return self.play()

    def waited(self, number: int) -> str | None:
        if self.asked(number):
            assert self.move is not None
            self.move["waited"] = True
            return self.play()
        return None  # a wait of a move made stale meanwhile

    def play(self) -> str | None:
        """Play the move asked when its answer is in and its wait over (or Skip pressed); the status to say."""
        move, view = self.move, self.current
        if move is None or view is None or move["play"] is None or not (move["waited"] or self.skipping):
            return None
        self.move = None
        if self.users is not None:
            self.users.pull()  # the move may end a tournament: its points go to the users as stored now
        move["play"]()
        return view.status

    # The screen as data

    def part(self, letters: bool) -> Data | None:
        """The screen on show as plain data (None: the Solo board), every word translated."""
        view = self.current
        if view is None:
            return None
        own = self.sessions[self.shown].part(letters)
        if own is not None:
            return {**own, "solo_only": list(SOLO_ONLY)}
        screen, config = view.screen, view.config
        fields = view.fields if screen is Screen.SETUP else []
        composing = view.composing and config is not None
        names = next((field.options for field in fields if field.kind == "text"), ())
        return {
            "mode": self.shown, "screen": screen.value, "title": view.title, "intro": view.intro,
            "solo_only": list(SOLO_ONLY), "key_color": view.key_color, "letters": "on" if letters else "off",
            "pegs": None if config is None else config.pegs,
            "registering": view.registering, "board": [list(row) for row in view.board],
            "new_user": {"value": view.form.get("New user name", ""), "error": view.errors.get("New user name", "")},
            "fields": [{"key": field.key, "label": field.label, "shown": field.shown, "kind": field.kind,
                        "value": field.value, "error": field.error, "low": field.low, "high": field.high,
                        "options": list(field.options) if field.kind == "select" else []}  # names: players, strategies
                       for field in fields],
            "names": list(names),
            "banner": list(view.banner), "handover": view.handover, "thinking": view.thinking,
            "skipping": self.skipping, "recap": list(view.recap), "in_progress": view.in_progress,
            "confirming": view.confirming,
            "secret": [None if color is None else parts.color_data(color) for color in view.secret],
            "history_caption": view.history_caption, "rows": [parts.row_data(row) for row in view.rows],
            "composing": composing,
            "palette": [parts.color_data(color) for color in config.colors] if composing and config else [],
            "slots": [parts.slot_data(index, held) for index, held in enumerate(view.slots)] if composing else [],
            "action": view.action if composing else "",
            "scores": [{"name": row.name, "points": row.points, "current": row.current} for row in view.scores],
            "scores_note": view.scores_note,
        }


# The actions


def _of(session: Session) -> Modes:
    """The session's :class:`Modes` (the actions' protocol names it without importing this module)."""
    modes: Modes = session.modes
    return modes


def _mode(session: Session, values: Data) -> str:
    _of(session).show(values["mode"], session.view.settings.config)
    view = _of(session).current
    return session.view.status if view is None else view.status


def _press(session: Session, values: Data) -> object:
    key = values["key"]
    if _of(session).current is None:  # typed as the Solo board came back, before the page drew it: the board's now
        return session.view.press(key)
    _of(session).composer("mode-press")
    taken: list[bool] = []
    said = _of(session).act(lambda view: taken.append(view.press(key)))
    return said if taken[0] else None


def _pick(session: Session, values: Data) -> str:
    view, letter = _of(session).composer("mode-pick"), values["letter"]
    config = view.config
    if not view.composing or config is None or letter.upper() not in (color.letter for color in config.colors):
        raise MessageError(f"mode-pick: no colour {letter!r} to pick now")
    return _of(session).act(lambda view: view.pick(letter))


def _clear(session: Session, values: Data) -> str:
    index = values["index"]
    if not 0 <= index < len(_of(session).composer("mode-clear").slots):
        raise MessageError(f"mode-clear: no slot {index}")
    return _of(session).act(lambda view: view.clear(index))


def _act(session: Session, values: Data) -> str:
    method = getattr(_of(session).view(), ACTS.get(values["name"], ""), None)
    if method is None:
        raise MessageError(f"mode-act: no button {values['name']!r} on this screen")
    return _of(session).act(lambda view: method())


def _labels(view: View) -> set[str]:
    return {field.label for field in view.fields} | ({"New user name"} if view.registering else set())


def _edit(session: Session, values: Data) -> None:
    view, label, value = _of(session).match("mode-edit"), values["label"], values["value"]
    if label not in _labels(view):
        raise MessageError(f"mode-edit: no field {label!r} on this screen")
    view.edit(label, value)


def _start(session: Session, values: Data) -> str:
    view, fields = _of(session).match("mode-start"), values["fields"]
    if view.screen is not Screen.SETUP or not all(isinstance(value, str) for value in fields.values()):
        raise MessageError("mode-start: the setup form's fields, each a text, on the setup screen")
    for label, value in fields.items():
        if label in _labels(view):
            view.edit(label, value)
    said = _of(session).act(lambda view: view.start())
    if view.screen is Screen.SETUP and view.errors:  # the first wrong field takes the focus
        wrong = next(field.key for field in view.fields if field.label in view.errors)
        session.do({"do": "focus", "field": f"mode-{wrong}"})
    return said


def _register(session: Session, values: Data) -> str:
    view = _of(session).match("mode-register")
    if not view.registering:
        raise MessageError("mode-register: no registration on this screen")
    return _of(session).act(lambda view: view.register(values["name"]))  # type: ignore[union-attr]  # registering: a MatchView


def _skip(session: Session, values: Data) -> str | None:
    _of(session).view()
    _of(session).skipping = True
    return _of(session).play()


def _seat(session: Session, values: Data) -> str | None:
    if values["text"] is not None and not isinstance(values["text"], str):
        raise MessageError("seat: text must be text or null")
    return _of(session).seated(values)


def _waited(session: Session, values: Data) -> str | None:
    return _of(session).waited(values["id"])


ACTIONS: Mapping[str, Action] = {
    "mode": Action((("mode", str),), _mode),
    "mode-press": Action((("key", str),), _press, quiet=True),
    "mode-pick": Action((("letter", str),), _pick),
    "mode-clear": Action((("index", int),), _clear),
    "mode-act": Action((("name", str),), _act),
    "mode-edit": Action((("label", str), ("value", str)), _edit, quiet=True),
    "mode-start": Action((("fields", dict),), _start),
    "mode-register": Action((("name", str),), _register),
    "mode-skip": Action((), _skip, quiet=True),
    "mode-waited": Action((("id", int),), _waited, quiet=True),
    "seat": Action((("id", int), ("step", str), ("outcome", str), ("text", object)), _seat, quiet=True),
}
"""The other modes' actions, by kind (:data:`.session.ACTIONS` takes them in)."""
