"""The Solo page's models behind a message boundary: the side of the page that runs in a worker.

The page's main thread only draws and takes input; the models (:class:`~.solo.SoloView`, the
stored data through :class:`~.sync.Tab`) live here, where they can run in a Web Worker beside
the interpreter, off the thread the player's taps wait for. Both ways the messages are plain
data (what ``JSON.stringify`` and ``postMessage`` carry, nothing of Python's), versioned by
:data:`PROTOCOL`:

- the page opens a :class:`Session` with what it alone can read: the stored texts (the main
  thread keeps ``localStorage``), the address's query, the day, and the presses ``static/shell.js``
  recorded while the worker started (``early``);
- it sends each action, ``{"v": 1, "action": {"kind": "press", "key": "r"}}``, and draws the
  reply, ``{"v": 1, "board": {...}, "status": ..., "writes": [...]}``: the board as data
  (:func:`board`) and the storage writes to apply, each with the text it replaces
  (``was``), so a write computed before another tab's change reached the worker is not applied
  over it: the page sends the newer text back instead (``{"kind": "refused", "key", "was",
  "text"}``), and the session merges its own value with it (:meth:`.sync.Tab.unwritten`, then
  :meth:`.sync.Tab.refresh`) and writes again; other tabs' storage events come as ``storage``;
- a message of another shape gets ``{"v": 1, "error": ...}``, and the session stays as it was.

>>> session = Session.open({"stored": {}, "search": "?seed=1", "today": "2026-11-27"})
>>> [session.handle({"v": 1, "action": {"kind": "press", "key": key}})["status"] for key in "rgby"][-1]
'Yellow in slot 4.'
>>> reply = session.handle({"v": 1, "action": {"kind": "submit"}})
>>> reply["board"]["rows"][0]["feedback"], [write["key"] for write in reply["writes"]]
('1 black, 2 white', ['mastermind:solo'])
>>> session.handle({"v": 1, "action": {"kind": "jump"}})["error"]
"unknown action 'jump'"
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..palette import Color
from . import storage
from .address import parse_params
from .appearance import peg_paint
from .records import adopt, leave, page_saved, persist, resumable
from .solo import SoloView, opening_status, slot_words, use_words
from .sync import Tab
from .words import letter_of, name_of

PROTOCOL = 1
"""The version of every message's shape (``"v"``): a page and a worker of two deployments (a
tab open across an update) refuse each other's messages rather than misread them."""

Data = dict[str, Any]
"""A message or a part of one: JSON-able values only."""


class MessageError(ValueError):
    """A message of a shape the session does not take; its text says what is wrong."""


def refusal(error: MessageError) -> Data:
    """The reply to a message the session does not take."""
    return {"v": PROTOCOL, "error": str(error)}


class Mirror:
    """The worker's copy of the page's ``localStorage`` (a :class:`~.sync.Backend`): read from the
    texts the page sent, and every write kept, with the text it replaces, for the page to apply."""

    def __init__(self, items: Mapping[str, str]) -> None:
        self.items = dict(items)
        self.writes: list[Data] = []

    def getItem(self, key: str) -> str | None:  # noqa: N802 (the DOM's names)
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802 (the DOM's names)
        self.writes.append({"key": key, "was": self.items.get(key), "text": value})
        self.items[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802 (the DOM's names)
        self.writes.append({"key": key, "was": self.items.get(key), "text": None})
        self.items.pop(key, None)

    def learn(self, key: str | None, text: str | None) -> None:
        """Another tab (or a refused write) left `text` under `key` (``None``: it cleared the
        storage): hold it, writing nothing."""
        if key is None:
            self.items.clear()
        elif text is None:
            self.items.pop(key, None)
        else:
            self.items[key] = text

    def take_writes(self) -> list[Data]:
        writes, self.writes = self.writes, []
        return writes


def color_data(color: Color) -> Data:
    """A peg's colour as the page draws it: the code's letter, the shown letter, its name and paint."""
    peg, ink = peg_paint(color)
    return {"letter": color.letter, "shown": letter_of(color), "name": name_of(color), "peg": peg, "ink": ink}


def board(view: SoloView) -> Data:
    """Everything the Solo board shows, as plain data: the palette, the slots with their names,
    the History's rows, the secret, and whether the game is over."""
    slots = []
    for index, held in enumerate(view.slots):
        name, description = slot_words(index, held)
        slots.append({"name": name, "description": description, "color": None if held is None else color_data(held)})
    return {
        "pegs": view.config.pegs,
        "palette": [color_data(color) for color in view.config.colors],
        "slots": slots,
        "rows": [{"number": row.number, "guess": [color_data(color) for color in row.guess], "keys": list(row.keys),
                  "feedback": row.feedback, "left": row.left, "use": use_words(row.number)} for row in view.rows],
        "secret": [None if color is None else color_data(color) for color in view.secret],
        "over": view.game.over,
        "end": [{"key": action.key, "label": action.label} for action in view.end_actions],
    }


@dataclass(frozen=True)
class Action:
    """One kind of action the page may send: its fields and their types, and what it does."""

    fields: tuple[tuple[str, type], ...]
    apply: Callable[[Session, Data], object]
    """Does it; what it returns, when a sentence, is announced instead of the view's status."""


def _check(kind: str, action: Action, message: Data) -> Data:
    values = {}
    for name, kind_of in action.fields:
        value = message.get(name)
        if kind_of is int and (not isinstance(value, int) or isinstance(value, bool)):
            raise MessageError(f"{kind}: {name} must be a whole number")
        if kind_of is str and not isinstance(value, str):
            raise MessageError(f"{kind}: {name} must be text")
        values[name] = value
    return values


def _storage(session: Session, values: Data) -> str:
    key, text = values["key"], values["text"]
    if key is not None and not isinstance(key, str):
        raise MessageError("storage: key must be text, or null when the storage was cleared")
    if text is not None and not isinstance(text, str):
        raise MessageError("storage: text must be text or null")
    session.mirror.learn(key, text)
    return adopt(session.view, session.tab, session.tab.refresh(key))


def _refused(session: Session, values: Data) -> str:
    """The page did not apply a write: what it replaced (``was``) changed meanwhile, to ``text``."""
    key, was, text = values["key"], values["was"], values["text"]
    if not all(value is None or isinstance(value, str) for value in (was, text)):
        raise MessageError("refused: was and text must be text or null")
    session.tab.unwritten(key, was)
    session.mirror.learn(key, text)
    return adopt(session.view, session.tab, session.tab.refresh(key))


def _pick(session: Session, values: Data) -> None:
    letter = values["letter"]
    if letter.upper() not in (color.letter for color in session.view.config.colors):  # the palette's buttons send no other
        raise MessageError(f"pick: no colour {letter!r} in the palette")
    session.view.pick(letter)


def _new_game(session: Session, values: Data) -> None:
    question = session.view.question_before()
    if question is None:
        session.view.new_game()
    else:  # asked first (Leave this game?): the game on the board is left only once confirmed
        session.asking = (question, session.view.new_game)


def _stay(session: Session, values: Data) -> None:
    session.asking = None


def _leave(session: Session, values: Data) -> str:
    asked, session.asking = session.asking, None
    if asked is None:
        raise MessageError("leave: no question was asked")
    said = leave(session.view, session.tab, asked[1])
    return f"{said} {session.view.status}".strip()


ACTIONS: Mapping[str, Action] = {
    "press": Action((("key", str),), lambda session, values: session.view.press(values["key"])),
    "pick": Action((("letter", str),), _pick),
    "clear": Action((("index", int),), lambda session, values: session.view.clear(values["index"])),
    "delete": Action((), lambda session, values: session.view.delete()),
    "submit": Action((), lambda session, values: session.view.submit()),
    "use-guess": Action((("number", int),), lambda session, values: session.view.use_guess(values["number"])),
    "new-game": Action((), _new_game),
    "leave": Action((), _leave),
    "stay": Action((), _stay),
    "storage": Action((("key", object), ("text", object)), _storage),
    "refused": Action((("key", str), ("was", object), ("text", object)), _refused),
}
"""Every action the page may send, by kind: data, so a new control is a new entry."""


class Session:
    """One page's models in the worker: a Solo view over a mirror of the page's storage."""

    view: SoloView  # declared here: the actions' table above reads it before the class is made

    def __init__(self, stored: Mapping[str, str], search: str, today: dt.date, early: object = ()) -> None:
        self.mirror = Mirror(stored)
        self.tab = Tab(self.mirror)
        params = parse_params(search)
        self.params = params
        self.view = SoloView(page_saved(self.tab), seed=params.seed, reveal=params.reveal, today=today)
        kept = self.tab.value(storage.SOLO)
        if resumable(kept, params.seed, self.view.settings.config):
            self.view.resume(kept)
        self.replayed = self.view.replay(early)
        """How many of the presses ``static/shell.js`` recorded while the worker started were
        applied (:meth:`~.draft.Composer.replay`, which skips any of another shape)."""
        self.asking: tuple[str, Callable[[], object]] | None = None
        """The Leave this game? question asked and not answered yet, and what it would start."""

    @classmethod
    def open(cls, start: object) -> Session:
        """A session from the page's first message's ``start`` values; raises
        :class:`MessageError` when they are not the page's."""
        if not isinstance(start, dict):
            raise MessageError("start must be an object")
        stored, search, today = start.get("stored"), start.get("search"), start.get("today")
        if not isinstance(stored, dict) or not all(isinstance(key, str) and isinstance(text, str) for key, text in stored.items()):
            raise MessageError("start: stored must map keys to texts")
        if not isinstance(search, str) or not isinstance(today, str):
            raise MessageError("start: search and today must be text")
        try:
            day = dt.date.fromisoformat(today)
        except ValueError:
            raise MessageError("start: today must be a date, YYYY-MM-DD") from None
        return cls(stored, search, day, start.get("early", []))

    def handle(self, message: object) -> Data:
        """The reply to one message from the page: the board, the sentence to announce, the
        storage writes to apply and the question to ask, if any; or an error, the session unchanged."""
        try:
            action = self._action(message)
            kind = action["kind"]
            said = ACTIONS[kind].apply(self, _check(kind, ACTIONS[kind], action))
            if not isinstance(said, str):  # a press or a submit says whether it was taken: the status says how
                said = None
        except MessageError as error:
            return refusal(error)
        return self._reply(said or self.view.status)

    def opening(self) -> Data:
        """The first reply: the board as it opens, and the page's first announcement (what the
        last early press did, when some were replayed, as if pressed now)."""
        return self._reply(self.view.status if self.replayed else opening_status(self.view, self.params))

    def _reply(self, status: str) -> Data:
        persist(self.view, self.tab)
        return {
            "v": PROTOCOL,
            "board": board(self.view),
            "status": status,
            "ask": self.asking[0] if self.asking else None,
            "notices": self.tab.take_notices(),
            "writes": self.mirror.take_writes(),
        }

    @staticmethod
    def _action(message: object) -> Data:
        if not isinstance(message, dict) or message.get("v") != PROTOCOL:
            raise MessageError(f"not a message of protocol {PROTOCOL}")
        action = message.get("action")
        if not isinstance(action, dict) or action.get("kind") not in ACTIONS:
            kind = action.get("kind") if isinstance(action, dict) else None
            raise MessageError(f"unknown action {kind!r}")
        return action


class Endpoint:
    """The worker's side of the port: a message's JSON text in, the reply's out. The first
    message, ``{"v": 1, "start": {...}}``, opens the :class:`Session`; every later one is an action."""

    def __init__(self) -> None:
        self.session: Session | None = None

    def serve(self, text: str) -> str:
        return json.dumps(self._serve(text))

    def _serve(self, text: str) -> Data:
        try:
            message = json.loads(text)
        except ValueError:
            return refusal(MessageError("not JSON"))
        if self.session is not None:
            return self.session.handle(message)
        if not isinstance(message, dict) or message.get("v") != PROTOCOL or "start" not in message:
            return refusal(MessageError("the first message starts the session"))
        try:
            self.session = Session.open(message["start"])
        except MessageError as error:
            return refusal(error)
        return self.session.opening()
