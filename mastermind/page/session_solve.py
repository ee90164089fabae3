"""Solve (a game played elsewhere) in the page's worker: one mode session (:mod:`.session_modes`)
wrapping :class:`.solve.SolveView` as it is, its screen as data, its actions, and its engine
analysis relayed to the engine's worker.

**The screen** is the ``mode`` part with ``"mode": "solve"`` (:meth:`SolveSession.part`), drawn by
``static/mpy_solve.py`` in ``<main id="solve">`` from index.html's ``<template id="solve-screen">``:
every word translated here.

**The engine's analysis** (the rows' count, the codes when few, the suggestion and the expected
guesses) is asked after every change of the rows or the rules (:meth:`SolveSession.settle`): an
``engine`` effect with a ``solve`` request, which the page relays to the engine's worker, never
the session's worker (whose replies to taps would wait behind a 6x10 count). Its ``report_after_ms``
asks the page to send the engine's progress (``engine-progress`` id, done: the share done, 0 to 1)
once the work has taken that long (:data:`.solve.SLOW`); the answer comes back as ``engine``. A
newer request supersedes an older one: the engine's worker drops the older (one lane), and an
answer or a progress of another id is dropped here.

**The actions** (:data:`ACTIONS`), besides the modes' ``mode-press``, ``mode-pick``,
``mode-clear`` and ``mode-act`` (``delete``): ``solve-rule`` label, value (a rules field changed);
``solve-feedback`` label, value (a feedback field typed in: quiet); ``solve-add`` from_field (Add
row, or Enter in a feedback field: then the screen takes the keys back once the row is added);
``solve-cancel``; ``solve-use`` (the suggestion); ``solve-code`` code (a code left); ``solve-row``
number, action (``edit``: the first feedback field takes the focus; ``ignore``); ``solve-new``
(asked first with the page's Leave this game? question when rows are entered: ``leave`` clears
them); ``solve-share`` (the page copies the rows' text: ``{"do": "copy-rows", "text"}``) and
``solve-copied`` outcome (``copied``/``refused``). Focus moves are ``{"do": "solve-focus", "part":
"title" | "screen" | "feedback"}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..config import Config
from . import session_parts as parts
from .engine import read_analysis, solve_request
from .mode_session import ModeSession
from .session_actions import Action, MessageError
from .words import _, shown

if TYPE_CHECKING:
    from .session_actions import Data, Session
    from .solve import SolveView
    from .sync import Users

MODE = "solve"
"""The mode (:attr:`.solve.SolveView.mode`): :mod:`.solve` and the engine load when Solve first
opens, not with the Solo board (``tests/test_lazy_package.py``)."""


class SolveSession(ModeSession):
    """Solve's screen in the worker: the view kept from the last visit, and the engine request
    asked for its rows as they are."""

    match = False

    def __init__(self, mode: str, rules: Config, users: Users, kept: Mapping[str, Any] | None, seed: int | None) -> None:
        from .solve import SolveView

        self.view: SolveView = SolveView.resumed(rules, kept)  # type: ignore[assignment]  # Solve's view, not a match's
        self.asked: int | None = None
        """The number of the engine request for the rows as they are, until answered (None: none awaited)."""
        self.asked_for: object = None
        """The rows and rules that request is about."""
        self.title_due = True
        """Shown, its title not focused yet (the page's focus goes there, as a mode opens)."""
        self.replies = 0
        """The replies sent while Solve is on screen: the part carries it, so every reply draws it
        (the page marks the count busy as it sends an edit, and the reply to it settles the count)."""

    def shown(self, rules: Config) -> None:
        """Shown again: an answer asked before is asked again if it did not come (it was dropped
        while another mode was on screen)."""
        self.title_due = True
        if self.view.analysis is None:
            self.asked_for = None

    def offer(self, names: list[str]) -> None:
        """Solve seats no code-breaker."""

    def follow(self, stored: Mapping[str, Any] | None, kept: Mapping[str, Any] | None) -> bool:
        """Another tab stored rows other than these: take them up, and say so."""
        if stored is None or stored == kept:
            return False
        self.view = type(self.view).resumed(self.view.config, stored)
        self.view.status = _("Rows updated from another tab.")
        self.asked_for = None
        return True

    # The engine

    def settle(self, session: Session) -> bool:
        """Ask the engine's answer when the rows or rules changed since the last request."""
        from .solve import SLOW

        self.replies += 1
        view = self.view
        if self.title_due:
            self.title_due = False
            session.do({"do": "solve-focus", "part": "title"})
        if view.solve != self.asked_for or (view.analysis is None and self.asked is None):  # a rule set again: asked again
            self.asked_for = view.solve
            view.analysis, view.progress = None, None
            session.numbered += 1
            self.asked = session.numbered
            request = solve_request(view.solve)
            session.do({"do": "engine", "id": self.asked, "lane": request["kind"], "request": request,
                        "report_after_ms": round(SLOW * 1000)})
        return True

    def waits_for(self, number: int) -> bool:
        return number == self.asked

    def answered(self, answer: Data) -> str | None:
        """The engine's answer for the rows as they are: drawn, and said when it names a conflict
        or the code broken."""
        try:
            analysis = read_analysis(answer)
        except Exception as error:  # data from another thread: whatever reading it raises, its shape is wrong
            raise MessageError(f"engine: an analysis of another shape ({error!r})") from None
        before, self.asked = self.view.status, None
        self.view.answer(analysis)
        return self.view.status if self.view.status != before else None

    def progressed(self, number: int, done: float) -> None:
        if self.waits_for(number):
            self.view.progress = min(max(done, 0.0), 1.0)

    # The screen as data

    def part(self, letters: bool) -> Data:
        view = self.view
        config = view.config
        named = view.named_rows
        return {
            "mode": MODE, "title": view.title, "intro": view.intro, "letters": "on" if letters else "off",
            "pegs": config.pegs, "locked": view.rules_locked,
            "rules": [{"label": field.label, "value": field.value, "error": field.error} for field in view.rule_fields],
            "rows": [{"number": row.number, "guess": [parts.color_data(color) for color in row.guess],
                      "feedback": row.feedback, "marks": [list(mark) for mark in row.marks], "ignored": row.ignored,
                      "state": row.state, "named": row.named, "named_word": row.named_word,
                      "edit": _("Edit row {number}").format(number=row.number),
                      "ignore": _("Ignore row {number}").format(number=row.number)} for row in view.rows],
            "row_words": {"edit": _("Edit"), "ignore": _("Ignore")},
            "first_named": named[0] if named else None,
            "palette": [parts.color_data(color) for color in config.colors],
            "slots": [parts.slot_data(index, held) for index, held in enumerate(view.slots)],
            "feedback_shape": [view.solve.rule.name, config.pegs],
            "feedback": [{"key": field.key, "label": field.label, "shown": field.shown, "kind": field.kind,
                          "value": field.value, "low": field.low, "high": field.high,
                          "options": [[option, _(option)] for option in field.options]} for field in view.feedback_fields],
            "action": view.action, "editing": view.editing is not None,
            "count": view.count_text, "busy": view.analysis is None, "reply": self.replies,
            "counting": _("Counting the codes left..."),
            "codes": [[code, shown(code, config)] for code in view.codes],
            "suggestion": [parts.color_data(config.color(letter)) for letter in (view.suggestion or "")],
            "suggestion_text": view.suggestion_text, "can_use": view.suggestion is not None,
        }


def solve_of(session: Session) -> SolveSession:
    """Solve's session when Solve is on screen; :class:`MessageError` otherwise."""
    modes = session.modes
    own = modes.sessions.get(modes.shown)
    if not isinstance(own, SolveSession):
        raise MessageError("Solve is not on screen")
    return own


def _rule(session: Session, values: Data) -> str:
    own = solve_of(session)
    own.view.edit_rule(values["label"], values["value"])
    return own.view.status


def _feedback(session: Session, values: Data) -> None:
    solve_of(session).view.set_feedback(values["label"], values["value"])


def _add(session: Session, values: Data) -> str:
    view = solve_of(session).view
    if not isinstance(values["from_field"], bool):
        raise MessageError("solve-add: from_field must be true or false")
    if view.submit() and values["from_field"]:
        session.do({"do": "solve-focus", "part": "screen"})  # added: the keys compose the next guess
    return view.status


def _cancel(session: Session, values: Data) -> str:
    view = solve_of(session).view
    view.cancel_edit()
    return view.status


def _use(session: Session, values: Data) -> str:
    view = solve_of(session).view
    view.use_suggestion()
    return view.status


def _code(session: Session, values: Data) -> str:
    view = solve_of(session).view
    if values["code"] not in view.codes:
        raise MessageError(f"solve-code: no code {values['code']!r} left to use")
    view.use_code(values["code"])
    return view.status


def _row(session: Session, values: Data) -> str:
    view, number, action = solve_of(session).view, values["number"], values["action"]
    if not 1 <= number <= len(view.solve.rows) or action not in ("edit", "ignore"):
        raise MessageError(f"solve-row: no row {number} to {action!r} (edit or ignore)")
    if action == "edit":
        view.edit_row(number)
        session.do({"do": "solve-focus", "part": "feedback"})
    else:
        view.toggle_row(number)
    return view.status


def _new(session: Session, values: Data) -> str | None:
    view = solve_of(session).view
    question = view.new_game_question
    if question is None:
        view.new_game()
        return view.status
    session.asking = (question, view.new_game)  # the page's Leave this game? dialog: leave clears the rows
    return None


def _share(session: Session, values: Data) -> None:
    session.do({"do": "copy-rows", "text": solve_of(session).view.share_text()})


def _copied(session: Session, values: Data) -> str:
    view, outcome = solve_of(session).view, values["outcome"]
    if outcome not in ("copied", "refused"):
        raise MessageError("solve-copied: outcome is copied or refused")
    said = view.copied if outcome == "copied" else view.not_copied  # marked in solve.py, translated here
    view.status = _(said)
    return view.status


def _progress(session: Session, values: Data) -> None:
    done = values["done"]
    if isinstance(done, bool) or not isinstance(done, int | float):
        raise MessageError("engine-progress: done must be a number")
    own = session.modes.sessions.get(session.modes.shown)
    if isinstance(own, SolveSession):
        own.progressed(values["id"], float(done))


ACTIONS: Mapping[str, Action] = {
    "solve-rule": Action((("label", str), ("value", str)), _rule),
    "solve-feedback": Action((("label", str), ("value", str)), _feedback, quiet=True),
    "solve-add": Action((("from_field", object),), _add),
    "solve-cancel": Action((), _cancel),
    "solve-use": Action((), _use),
    "solve-code": Action((("code", str),), _code),
    "solve-row": Action((("number", int), ("action", str)), _row),
    "solve-new": Action((), _new, quiet=True),
    "solve-share": Action((), _share, quiet=True),
    "solve-copied": Action((("outcome", str),), _copied),
    "engine-progress": Action((("id", int), ("done", object)), _progress, quiet=True),
}
"""Solve's actions, by kind (:data:`.session.ACTIONS` takes them in)."""
