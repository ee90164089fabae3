"""The Lab (a player's own code-breaker) in the page's worker: one mode session (:mod:`.session_modes`)
wrapping :class:`.lab.LabView` and :class:`.strategies.Keeper` as they are, its screen as data,
its actions, and its runs asked of the Lab's worker through the main thread.

**The screen** is the ``mode`` part with ``"mode": "lab"`` (:meth:`LabSession.part`), drawn by
``static/mpy_lab.py`` in ``<main id="lab">`` from index.html's ``<template id="lab-screen">``:
every word translated here. The strategy's text is the editor's: it comes with every action
that needs it (``source``), and goes back to the editor only when a strategy is opened
(``{"do": "lab-editor", "source", "name"}``), so a reply never overwrites what is being typed.

**The Lab's worker** (``static/lab-worker.mjs``, where the strategy runs) belongs to the main
thread, which can end it at once: this session asks with ``{"do": "lab", "id", "request",
"wait"}`` (the request's JSON text, :mod:`.lab`'s protocol, and the seconds of silence after
which the main thread's watchdog ends the worker). The main thread passes the worker's answers
back as they are (``lab-answers`` id, texts: a run's progress gathered, in order), or says it
ended the worker (``lab-ended`` id, outcome ``slow`` or ``failed``, reason). Stop ends the
worker on the main thread first, then says so (``lab-stop``): waiting on this worker, busy with
the page, would make Stop as slow as the reply before it. ``{"do": "lab-end"}`` asks the main
thread to end a worker that sent what cannot be read. Every answer is read here, with
:func:`.lab.read`: it comes from where a player's code runs.

**The actions** (:data:`ACTIONS`): ``lab-rule`` label, value; ``lab-run`` source; ``lab-stop``;
``lab-watch`` source, secret; ``lab-answers`` id, texts; ``lab-ended`` id, outcome, reason;
``lab-junk`` (the strategy posted to the page); ``lab-starter`` source (the page
filled the empty editor with ``data/starter_strategy.py``); ``lab-save``, ``lab-share``, ``lab-download``
name, source; ``lab-file`` name, size, data (base64, null when too large to read), source;
``lab-open`` name, source; ``lab-delete`` name; ``lab-answer`` yes (the question asked:
delete, or replace the editor's unsaved work). Focus moves are ``{"do": "lab-focus", "part"}``.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..config import Config
from . import session_parts as parts
from . import storage
from .mode_session import ModeSession
from .session_actions import Action, MessageError
from .words import _

if TYPE_CHECKING:
    from . import lab
    from .session_actions import Data, Session
    from .strategies import Keeper, Kept, Opened
    from .sync import Users

MODE = "lab"
FOCUS_PARTS = frozenset({"title", "run", "stop", "code", "name", "link", "saved", "delete", "delete-no", "replace-no"})
"""Where a ``lab-focus`` effect may put the focus (``static/mpy_lab.py`` finds each)."""
OUTCOMES = frozenset({"slow", "failed"})
"""Why the main thread ended the Lab's worker: its watchdog (no word within the wait), or it
could not start or died."""


class LabSession(ModeSession):
    """The Lab's screen in the worker: the view, the keeper of saved strategies, and the request
    the Lab's worker is answering."""

    match = False
    composes = False

    def __init__(self, mode: str, rules: Config, users: Users, kept: Mapping[str, Any] | None, seed: int | None) -> None:
        from . import lab
        from .strategies import Keeper

        self.tab = users.tab
        self.view: lab.LabView = lab.LabView(rules)  # type: ignore[assignment]  # the Lab's view, not a match's
        self.keeper: Keeper = Keeper(self.tab.value(storage.STRATEGIES))
        self.asked: dict[str, Any] | None = None
        """The request the worker is answering: its ``id``, ``step`` (``load``, ``score``,
        ``compare``, ``watch``), the computer player a ``compare`` scores and its games so far."""
        self.purpose = "run"
        """What a load is for: a ``run``, a ``watch``, or the computers' ``compare`` (a fresh
        worker holds no rules)."""
        self.secret = ""
        """The code a watch plays against, once loaded."""
        self.loaded: tuple[str, str] | None = None
        """The source and rules the worker holds (None: none, or a worker ended since)."""
        self.title_due = True

    def shown(self, rules: Config) -> None:
        self.title_due = True

    def offer(self, names: list[str]) -> None:
        """The Lab seats no code-breaker."""

    def saved(self) -> object:
        """The Lab keeps no game: its strategies are stored by name (:data:`.storage.STRATEGIES`)."""
        return None

    def settle(self, session: Session) -> bool:
        """On every show, the focus on the title."""
        if self.title_due:
            self.title_due = False
            session.do({"do": "lab-focus", "part": "title"})
        return True

    def opens(self, session: Session) -> None:
        """The page opens on the Lab: the strategy of the address's link into the editor, named,
        neither run nor saved (a link refused is said; the page fills in the starter instead)."""
        from .address import strategy_token

        token = strategy_token(session.search)
        if token is None:
            return
        shared = self.keeper.open(token)
        if shared is not None:
            self.into_editor(session, shared)
        self.view.status = self.keeper.status

    def into_editor(self, session: Session, shared: Opened) -> None:
        self.view.edit_source(shared.source)
        session.do({"do": "lab-editor", "source": shared.source, "name": shared.name})

    # The worker's work

    def ask(self, session: Session, step: str, request: str, wait: float, name: str | None = None) -> None:
        session.numbered += 1
        self.asked = {"id": session.numbered, "step": step, "name": name, "games": []}
        session.do({"do": "lab", "id": session.numbered, "request": request, "wait": wait})

    def ensure(self, session: Session) -> None:
        """Load the source under the run's rules unless the worker holds them, then go on."""
        from . import lab
        view = self.view
        key = (view.source, view.rules_key)
        if self.loaded == key:
            self.after_load(session)
            return
        number = session.numbered + 1
        self.ask(session, "load", lab.load_request(number, view.source, view.run_rules.config), lab.LOAD_WAIT)

    def after_load(self, session: Session) -> None:
        from . import lab
        view = self.view
        number = session.numbered + 1
        if self.purpose == "watch":
            self.ask(session, "watch", lab.watch_request(number, self.secret, view.limit), lab.guess_wait(view.limit))
            return
        if self.purpose == "compare":
            self.compare_next(session)
            return
        view.loaded()
        self.ask(session, "score", lab.score_request(number, lab.STRATEGY, view.next_secret, view.limit), lab.guess_wait(view.limit))

    def finish_scoring(self, session: Session) -> None:
        view = self.view
        view.finished()
        if view.score is not None:
            kept = self.keeper.finished(view.source, view.score, view.run_rules.config)
            if kept is not None:
                self.keeper.kept = self.tab.save(storage.STRATEGIES, kept)
        self.compare_next(session)

    def compare_next(self, session: Session) -> None:
        from . import lab
        names = self.view.to_compare if self.view.state == "comparing" else []
        if not names:
            self.asked = None
            return
        if self.loaded is None:  # the last game's worker was ended: a fresh one takes the run's rules first
            self.purpose = "compare"
            self.ensure(session)
            return
        self.ask(session, "compare", lab.score_request(session.numbered + 1, names[0]), lab.COMPUTER_WAIT, names[0])

    def answer(self, session: Session, text: str) -> None:
        """One answer of the worker to the request asked, read as the outside input it is."""
        from . import lab
        asked, view = self.asked, self.view
        assert asked is not None
        message = lab.read(text, asked["id"])
        if message.kind in ("ready", "beat"):
            return
        if message.kind == "failed":
            self.ended(session, "failed", str(message.data["sentence"]))
            return
        if message.kind == "error":
            raise lab.ProtocolError("error")
        step, rules = asked["step"], view.run_rules
        if step == "load":
            if message.kind == "problem":
                self.asked = None
                view.refused(message.data["sentence"], message.data.get("line"))
            elif message.kind == "ok":
                self.loaded = (view.source, view.rules_key)
                self.after_load(session)
            else:
                raise lab.ProtocolError(message.kind)
        elif step == "score" and message.kind in ("progress", "result"):
            view.played(lab.read_games(message.data, rules))
            if message.kind == "result":
                self.finish_scoring(session)
        elif step == "compare" and message.kind in ("progress", "result"):
            asked["games"].extend(lab.read_games(message.data, rules))
            if message.kind == "result":
                view.compared(asked["name"], asked["games"])
                self.compare_next(session)
        elif step == "watch" and message.kind == "game":
            self.asked = None
            view.show_game(lab.read_games(message.data, rules)[0], message.data["left"])
        else:
            raise lab.ProtocolError(message.kind)

    def ended(self, session: Session, outcome: str, reason: str) -> None:
        """The main thread ended the worker: past the wait (`slow`), or it could not run (`failed`)."""
        from . import lab
        asked, view = self.asked, self.view
        self.asked, self.loaded = None, None
        if outcome == "failed":
            view.failed(lab.worker_failed(reason))
        elif asked is not None and asked["step"] == "score":
            if view.too_slow():
                self.purpose = "run"
                self.ensure(session)  # a fresh worker goes on with the next secret
            else:
                self.finish_scoring(session)
        else:
            view.timed_out()

    def stopped(self) -> None:
        """Stop pressed: the main thread ended the worker already."""
        self.asked, self.loaded = None, None
        self.view.stop()

    # The screen as data

    def part(self, letters: bool) -> Data:
        from ..lab_share import MAX_FILE

        view, keeper = self.view, self.keeper
        for (rules, name), score in view.computers.items():
            if rules == view.rules_key:  # the League shows the computer players on the run's secrets
                keeper.compared(name, score, view.run_rules.config)
        keeper.kept = self.tab.value(storage.STRATEGIES)  # another tab may have saved meanwhile
        done, total = view.progress
        return {
            "mode": MODE, "title": _(view.title), "intro": view.intro, "letters": "on" if letters else "off",
            "state": view.state, "runs": view.runs, "running": view.running,
            "rules": [{"label": field.label, "value": field.value, "error": field.error} for field in view.rule_fields],
            "error_line": view.error_line,
            "progress": {"shown": view.state == "scoring", "done": done, "total": max(total, 1), "text": view.progress_text},
            "score_note": view.score_note, "figures": [list(pair) for pair in view.figures], "problem": view.problem,
            "bars": [list(bar) for bar in view.bars], "compare": [list(line) for line in view.comparison],
            "watch_secret": view.watch_secret, "watched_text": view.watched_text,
            "watched": [parts.row_data(row) for row in view.watched],
            "name_error": keeper.error, "link": keeper.link,
            "league": [list(row) for row in keeper.league_rows(view.config)], "names": keeper.names,
            "deleting": keeper.status if keeper.deleting is not None else None,
            "replacing": keeper.status if keeper.replacing is not None else None,
            "file_limit": MAX_FILE,
        }


def lab_of(session: Session) -> LabSession:
    """The Lab's session, once opened (its worker's answers come whatever is on screen);
    :class:`MessageError` before."""
    own = session.modes.sessions.get(MODE)
    if not isinstance(own, LabSession):
        raise MessageError("the Lab is not open")
    return own


def shown_lab(session: Session) -> LabSession:
    """The Lab's session when the Lab is on screen (a press on it); :class:`MessageError` otherwise."""
    if session.modes.shown != MODE:
        raise MessageError("the Lab is not on screen")
    return lab_of(session)


def _rule(session: Session, values: Data) -> str:
    view = shown_lab(session).view
    view.edit_rule(values["label"], values["value"])
    return view.status


def _run(session: Session, values: Data) -> str:
    own = shown_lab(session)
    view = own.view
    view.edit_source(values["source"])
    if view.start():
        session.do({"do": "lab-focus", "part": "stop"})
        own.purpose = "run"
        own.ensure(session)
    return view.status


def _stop(session: Session, values: Data) -> str:
    own = shown_lab(session)
    own.stopped()
    session.do({"do": "lab-focus", "part": "run"})
    return own.view.status


def _watch(session: Session, values: Data) -> str | None:
    own = shown_lab(session)
    view = own.view
    if view.running or own.asked is not None:
        return None
    view.edit_watch(values["secret"])
    secret = view.watch_code()
    if secret is None:
        return view.status
    view.edit_source(values["source"])
    own.purpose, own.secret = "watch", secret
    own.ensure(session)
    return None


def _answers(session: Session, values: Data) -> str | None:
    from . import lab
    own, texts = lab_of(session), values["texts"]
    if not isinstance(texts, list) or not all(isinstance(text, str) for text in texts):
        raise MessageError("lab-answers: texts must be a list of texts")
    before = own.view.status
    for text in texts:
        if own.asked is None or own.asked["id"] != values["id"]:
            return None  # the answer to a request stopped or superseded meanwhile
        try:
            own.answer(session, text)
        except lab.ProtocolError as error:
            own.asked, own.loaded = None, None
            session.do({"do": "lab-end"})
            own.view.failed(error.sentence)
    return own.view.status if own.view.status != before else None


def _ended(session: Session, values: Data) -> str | None:
    own, outcome = lab_of(session), values["outcome"]
    if outcome not in OUTCOMES:
        raise MessageError("lab-ended: outcome is slow or failed")
    if own.asked is None or own.asked["id"] != values["id"]:
        own.loaded = None  # that worker is gone all the same
        return None
    own.ended(session, outcome, values["reason"])
    return own.view.status


def _starter(session: Session, values: Data) -> None:
    """The page filled the empty editor with the starter strategy: as it came, nothing to lose."""
    own = lab_of(session)
    own.keeper.clean = values["source"]
    own.view.edit_source(values["source"])


def _junk(session: Session, values: Data) -> str | None:
    view = lab_of(session).view
    return view.status if view.junk() else None


def _kept(session: Session, own: LabSession, kept: Kept | None) -> None:
    if kept is not None:
        own.keeper.kept = own.tab.save(storage.STRATEGIES, kept)


def _save(session: Session, values: Data) -> str:
    own = shown_lab(session)
    own.keeper.edit_name(values["name"])
    _kept(session, own, own.keeper.save(values["source"]))
    own.view.status = own.keeper.status
    return own.view.status


def _share(session: Session, values: Data) -> str:
    own = shown_lab(session)
    own.keeper.edit_name(values["name"])
    if own.keeper.share(values["source"], session.page):
        session.do({"do": "lab-focus", "part": "link"})
    own.view.status = own.keeper.status
    return own.view.status


def _download(session: Session, values: Data) -> str:
    own = shown_lab(session)
    own.keeper.edit_name(values["name"])
    made = own.keeper.download(values["source"])
    if made is not None:
        session.download(made[0], "text/x-python", made[1])
    own.view.status = own.keeper.status
    return own.view.status


def _opened(session: Session, own: LabSession, shared: Opened | None) -> str:
    """An opened strategy into the editor, or the question whether to replace unsaved work."""
    if shared is not None:
        own.into_editor(session, shared)
    elif own.keeper.replacing is not None:
        session.do({"do": "lab-focus", "part": "replace-no"})  # the safe answer first
    own.view.status = own.keeper.status
    return own.view.status


def _file(session: Session, values: Data) -> str:
    own, size, data = shown_lab(session), values["size"], values["data"]
    if not (data is None or isinstance(data, str)):
        raise MessageError("lab-file: data must be base64 text or null")
    shared = None
    if own.keeper.file_size(size, values["name"]):
        if data is None:
            raise MessageError("lab-file: a file within the size is sent with its data")
        try:
            raw = base64.b64decode(data, validate=True)
        except binascii.Error:
            raise MessageError("lab-file: data is not base64") from None
        shared = own.keeper.open_file(raw, values["name"], values["source"])
    return _opened(session, own, shared)


def _open(session: Session, values: Data) -> str:
    own = shown_lab(session)
    return _opened(session, own, own.keeper.open_saved(values["name"], values["source"]))


def _delete(session: Session, values: Data) -> str:
    own = shown_lab(session)
    own.keeper.ask_delete(values["name"])
    if own.keeper.deleting is not None:
        session.do({"do": "lab-focus", "part": "delete-no"})  # the safe answer first
    own.view.status = own.keeper.status
    return own.view.status


def _answer(session: Session, values: Data) -> str:
    own, keeper = shown_lab(session), shown_lab(session).keeper
    if not isinstance(values["yes"], bool):
        raise MessageError("lab-answer: yes must be true or false")
    deleting, replacing = keeper.deleting is not None, keeper.replacing is not None
    if values["yes"] and deleting:
        _kept(session, own, keeper.delete())
        session.do({"do": "lab-focus", "part": "saved" if keeper.kept else "name"})
    elif values["yes"] and replacing:
        shared = keeper.replace()
        if shared is not None:
            own.into_editor(session, shared)
        session.do({"do": "lab-focus", "part": "code"})
    else:
        keeper.keep()
        session.do({"do": "lab-focus", "part": "delete" if deleting else "code"})
    own.view.status = keeper.status
    return own.view.status


ACTIONS: Mapping[str, Action] = {
    "lab-rule": Action((("label", str), ("value", str)), _rule),
    "lab-run": Action((("source", str),), _run),
    "lab-stop": Action((), _stop),
    "lab-watch": Action((("source", str), ("secret", str)), _watch),
    "lab-answers": Action((("id", int), ("texts", object)), _answers, quiet=True),
    "lab-ended": Action((("id", int), ("outcome", str), ("reason", str)), _ended, quiet=True),
    "lab-junk": Action((), _junk, quiet=True),
    "lab-starter": Action((("source", str),), _starter, quiet=True),
    "lab-save": Action((("name", str), ("source", str)), _save),
    "lab-share": Action((("name", str), ("source", str)), _share),
    "lab-download": Action((("name", str), ("source", str)), _download),
    "lab-file": Action((("name", str), ("size", int), ("data", object), ("source", str)), _file),
    "lab-open": Action((("name", str), ("source", str)), _open),
    "lab-delete": Action((("name", str),), _delete),
    "lab-answer": Action((("yes", object),), _answer),
}
"""The Lab's actions, by kind (:data:`.session.ACTIONS` takes them in)."""
