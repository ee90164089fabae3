"""The actions of the Solo page beyond the board, as a session takes them (:mod:`.session`):
the end of a game (Share, Review, the hint and the engine's answers), the settings form,
Statistics, the daily challenge and its Day form, Challenge a friend, Export and Import.

Each is a function of the session and the action's checked fields (:data:`ACTIONS`, which
:data:`.session.ACTIONS` takes in); what the page must do besides drawing the reply (open a
dialog, fill the form, download a file, relay a request to the engine) it asks with
:meth:`.session.Session.do`, as data. Every word comes from the page's models, translated
here.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ..code import Code
from ..errors import CodeError
from ..i18n import _
from . import session_parts as parts
from . import storage
from .address import challenge_url
from .challenge_words import challenge_made, code_refusal
from .daily import chosen_day
from .engine import hint_request, read_count, read_review, review_request
from .records import IMPORTED_SAY, count_line, import_question, page_saved, stats_choices
from .settings_form import form_preset, form_values, preset_fields
from .words import NOT_IMPORTED

if TYPE_CHECKING:
    from .backup import Backup
    from .solo import SoloView
    from .sync import Tab

Data = dict[str, Any]
"""A message or a part of one: JSON-able values only."""


class Session(Protocol):
    """What the actions use of a :class:`.session.Session`, named without importing it (it
    imports this table)."""

    view: SoloView
    tab: Tab
    asking: tuple[str, Callable[[], object]] | None
    keeping: str
    page: str
    search: str
    today: dt.date
    now: dt.datetime
    record: str | None
    challenge: Data
    data_message: str
    backup: Backup | None
    thinking: bool
    jobs: dict[int, tuple[str, tuple[int, int]]]
    count: str | None
    resting: bool
    review: tuple[int, Data] | None
    modes: Any
    """The other modes' screens (:class:`.session_modes.Modes`, named only: it imports this module)."""
    numbered: int

    def do(self, *effects: Data) -> None: ...

    def learn(self, key: str | None, text: str | None) -> None: ...

    def replace(self, values: Mapping[str, object]) -> bool: ...

    def leave_for(self, start: Callable[[], object], day: dt.date | None = None) -> None: ...

    def position(self) -> tuple[int, int]: ...

    def ask_engine(self, kind: str, request: Data) -> None: ...

    def download(self, name: str, kind: str, text: str) -> None: ...

    def redraw(self) -> None: ...


class MessageError(ValueError):
    """A message of a shape the session does not take; its text says what is wrong."""


@dataclass(frozen=True)
class Action:
    """One kind of action the page may send: its fields and their types, and what it does."""

    fields: tuple[tuple[str, type], ...]
    apply: Callable[[Session, Data], object]
    """Does it; what it returns, when a sentence, is announced instead of the view's status."""
    quiet: bool = False
    """Not the player's doing on the board, so it says nothing unless it returns a sentence or
    changes the board's status: its reply's status is null otherwise and the live region keeps
    what it said (the countdown's tick each second, choosing a record to show, the browser's and
    the engine's answers), not the shorter status of a sentence said once (the game left)."""


def check(kind: str, action: Action, message: Data) -> Data:
    """The fields `action` takes, read from `message`; :class:`MessageError` names the first
    missing or of the wrong type (``object``: any value, which the action checks itself). A field
    is never taken as null for being left out: a ``storage`` message without its key would read
    as the storage cleared."""
    values = {}
    for name, kind_of in action.fields:
        if name not in message:
            raise MessageError(f"{kind}: {name} is missing")
        value = message[name]
        if kind_of is int and (not isinstance(value, int) or isinstance(value, bool)):
            raise MessageError(f"{kind}: {name} must be a whole number")
        if kind_of in (str, bool, dict) and not isinstance(value, kind_of):
            raise MessageError(f"{kind}: {name} must be {_TYPE_WORDS[kind_of]}")
        values[name] = value
    return values


_TYPE_WORDS = {str: "text", bool: "true or false", dict: "an object"}


def day_of(kind: str, text: str) -> dt.date:
    """The page's local date, ``YYYY-MM-DD``."""
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise MessageError(f"{kind}: today must be a date, YYYY-MM-DD") from None


def moment_of(kind: str, text: str) -> dt.datetime:
    """The page's local time, to the second (the daily countdown, an export's name and date)."""
    try:
        return dt.datetime.fromisoformat(text).replace(tzinfo=None, microsecond=0)
    except ValueError:
        raise MessageError(f"{kind}: now must be a local date and time, YYYY-MM-DDTHH:MM:SS") from None


# The end of a game, Share, the engine's work


def review(session: Session, values: Data) -> None:
    """The finished game's review, asked of the engine once (its Review button then goes); an
    assisted game's is asked as it ends."""
    if session.view.start_review():
        session.ask_engine("review", review_request(session.view.config, session.view.game.secret, session.view.game.history))


def _shared(session: Session, values: Data) -> str:
    """How the browser took the shared text: ``handed`` (the share sheet), ``aborted``,
    ``copied`` or ``refused`` (the clipboard), in the ``form`` shared; the sentence to announce."""
    part = parts.share(session.view, session.page)
    outcome, form = values["outcome"], values["form"]
    if part is None or form not in part["forms"] or outcome not in (*parts.SHARE_SAID, "copied"):
        raise MessageError("shared: no such outcome or form, or nothing to share")
    return str(part["forms"][form]["copied"] if outcome == "copied" else part[outcome])


def _hint(session: Session, values: Data) -> str | None:
    """The guess HAL9000 would play, asked of the engine: one at a time, while assist is on."""
    view = session.view
    if session.thinking or not view.settings.assist or view.game.over:
        return None
    session.thinking = True
    session.ask_engine("hint", hint_request(view.config, view.game.history))
    return _("Thinking of a hint...")


def _engine(session: Session, values: Data) -> str | None:
    """The engine's answer to a request the reply asked the page to relay (``{"do": "engine"}``):
    drawn when the board is still at the position it was asked about, else dropped, as is the
    answer to a request a newer one of its kind superseded."""
    own = session.modes.waiting(values["id"])
    said: str | None
    if own is not None:  # a mode's own request (Solve's analysis: :mod:`.session_solve`)
        said = own.answered(values["answer"])
        return said
    if session.modes.asked(values["id"]):  # a computer player's move (:mod:`.session_modes`)
        said = session.modes.answered(values["answer"])
        return said
    job = session.jobs.pop(values["id"], None)
    if job is None:  # superseded by a newer request of its kind (or answered already): nothing to draw
        return None
    kind, position = job
    view, answer = session.view, values["answer"]
    if kind == "hint":
        session.thinking = False
    current = session.position() == position
    try:
        if kind == "count" and current:
            session.count = count_line(read_count(answer))
        elif kind == "hint" and current:
            view.take_hint(Code.parse(answer["code"], view.config))
        elif kind == "review" and current:
            game = view.game
            session.review = (position[0], parts.review_table(read_review(answer, game.config), [turn.guess for turn in game.history]))
    except Exception as error:  # data from another thread: whatever reading it raises, its shape is wrong
        raise MessageError(f"engine: an answer of another shape ({error!r})") from None
    return None


# Settings


def _fields(kind: str, fields: Data) -> dict[str, str | bool]:
    if not all(isinstance(value, (str, bool)) for value in fields.values()):
        raise MessageError(f"{kind}: each field must be text or true or false")
    return dict(fields)


def _open_settings(session: Session, values: Data) -> None:
    filled = form_values(session.view.settings)
    session.do({"do": "fill", "fields": filled}, {"do": "errors", "errors": parts.errors(filled, {})},
               {"do": "open", "dialog": "settings"})


def _preset(session: Session, values: Data) -> None:
    session.do({"do": "fill", "fields": preset_fields(values["name"])})


def _rule_field(session: Session, values: Data) -> None:
    session.do({"do": "fill", "fields": {"preset": form_preset(_fields("rule-field", values["fields"]))}})


def _save_settings(session: Session, values: Data) -> None:
    """Save the settings form; new rules start a new game, so a game in progress is asked about first."""
    fields = _fields("save-settings", values["fields"])
    view = session.view

    def apply() -> None:
        language = view.settings.language
        wrong = view.save_settings(fields)
        session.do({"do": "errors", "errors": parts.errors(form_values(view.settings), wrong)})
        session.do({"do": "focus", "field": next(iter(wrong))} if wrong else {"do": "close", "dialog": "settings"})
        if view.settings.language != language:  # static/shell.js words the page in it as it loads again
            session.do({"do": "reload"})

    if view.changes_rules(fields):
        session.leave_for(apply)
    else:
        apply()


# Statistics, the daily challenge


def _open_stats(session: Session, values: Data) -> None:
    session.now = moment_of("open-stats", values["now"])
    session.record = None  # the dialog opens on the board's record
    session.do({"do": "open", "dialog": "stats"})


def _stats_record(session: Session, values: Data) -> None:
    if values["record"] not in (key for key, _label in stats_choices(session.view.saved.records, session.view.record_key)):
        raise MessageError("stats-record: no such record offered")
    session.record = values["record"]


def _tick(session: Session, values: Data) -> None:
    session.now = moment_of("tick", values["now"])


def _daily(session: Session, values: Data) -> None:
    day = session.today = day_of("daily", values["today"])
    session.leave_for(lambda: session.view.start_daily(day, session.tab.value(storage.DAILY).get(day.isoformat()), day), day)


def _choose_day(session: Session, values: Data) -> None:
    today = session.today = day_of("choose-day", values["today"])
    chosen, view = values["day"], session.view
    try:
        day = chosen_day(chosen, today)
    except ValueError:  # refused in words, and the game on the board stays without a question
        view.choose_day(chosen, today, session.tab.value(storage.DAILY))
        return
    session.leave_for(lambda: view.choose_day(chosen, today, session.tab.value(storage.DAILY)), day)


# Challenge a friend


def _challenge_open(session: Session, values: Data) -> None:
    session.challenge = {"code": "", "error": "", "link": None, "message": ""}
    session.do({"do": "open", "dialog": "challenge"})


def _challenge_random(session: Session, values: Data) -> None:
    session.challenge = {"code": session.view.random_code(), "error": "", "link": None, "message": ""}


def _challenge_create(session: Session, values: Data) -> None:
    code = values["code"]
    try:
        made = session.view.make_challenge(code)
    except CodeError as error:
        session.challenge = {"code": code, "error": code_refusal(error), "link": None, "message": ""}
        session.do({"do": "focus", "field": "challenge-code"})
        return
    session.challenge = {"code": code, "error": "", "link": challenge_url(session.page, made), "message": challenge_made(made)}
    session.do({"do": "select", "field": "challenge-link"})


# Export and import (mastermind.page.backup, loaded on first use)


def _export(session: Session, values: Data) -> None:
    from . import backup

    moment = moment_of("export", values["now"])
    session.download(backup.filename(moment), "application/json", backup.export(session.tab.values(), moment))
    session.data_message = _("Your data were saved as {file}.").format(file=backup.filename(moment))


def _import_size(session: Session, values: Data) -> None:
    """A file chosen to import, by its size: read it (``{"do": "read-import"}``) or refuse it unread."""
    from . import backup

    try:
        backup.check_size(values["size"])
    except backup.BackupError as error:
        session.data_message = _("Import refused: {reason}").format(reason=error)
        return
    session.do({"do": "read-import"})


def _import_text(session: Session, values: Data) -> None:
    """The chosen file's text (null: the browser could not read it), checked whole: the preview
    of what it replaces, or the sentence that refuses it; nothing is stored until confirmed."""
    from . import backup

    text, session.backup = values["text"], None
    if not isinstance(text, str):
        session.data_message = _("Import refused: the file could not be read.")
        return
    try:
        session.backup = backup.parse(text)
    except backup.BackupError as error:
        session.data_message = _("Import refused: {reason}").format(reason=error)
        return
    session.data_message = ""
    lines = backup.preview(session.backup, session.tab.values())
    session.do({"do": "import-preview", "question": import_question(session.backup.exported), "lines": lines},
               {"do": "open", "dialog": "import-preview"})


def _import_confirm(session: Session, values: Data) -> str | None:
    chosen, session.backup = session.backup, None
    session.do({"do": "close", "dialog": "import-preview"})
    if chosen is None:
        return None
    if not session.replace(chosen.values):
        session.data_message = " ".join(session.tab.take_notices())
        return None
    view = session.view
    language = view.settings.language
    _from_store(session)
    session.data_message = _(IMPORTED_SAY)
    session.do({"do": "close", "dialog": "settings"})
    if view.settings.language != language:  # the page's words are chosen as it loads: it loads again, in the file's
        session.do({"do": "imported"})
    return " ".join([_(IMPORTED_SAY), view.status])


def _not_imported(session: Session, values: Data) -> str:
    """The browser threw on one of an import's writes (storage full): the page put back what
    was stored, applied none of that reply's writes and drew nothing of it, and sends what the
    store holds now under each key the reply wrote (``stored``: key to text, or null). The
    imported values are dropped, not kept as this tab's change to store later, and the board,
    the statistics and the rest show what the store holds."""
    stored = values["stored"]
    if not all(text is None or isinstance(text, str) for text in stored.values()):
        raise MessageError("not-imported: stored must map keys to texts or null")
    for key, text in stored.items():
        session.learn(key, text)
        session.tab.drop(key)
    _from_store(session)
    session.redraw()
    session.data_message = _(NOT_IMPORTED)
    session.do({"do": "close", "dialog": "import-preview"})
    return " ".join([_(NOT_IMPORTED), session.view.status])


def _from_store(session: Session) -> None:
    """The view's settings, statistics and game, and the modes' screens, as the tab holds them
    (after an import, or an import undone): the kept game goes on, or a new one starts when none
    is kept or it is over."""
    view = session.view
    view.saved = page_saved(session.tab)
    session.modes.reset()  # the modes' screens read their users and games afresh too
    kept = session.tab.value(storage.SOLO)
    if kept is None or not view.resume(kept):
        view.new_game()


ACTIONS: Mapping[str, Action] = {
    "review": Action((), review),
    "shared": Action((("outcome", str), ("form", str)), _shared),
    "hint": Action((), _hint),
    "engine": Action((("id", int), ("answer", dict)), _engine, quiet=True),
    "open-settings": Action((), _open_settings),
    "preset": Action((("name", str),), _preset),
    "rule-field": Action((("fields", dict),), _rule_field),
    "save-settings": Action((("fields", dict),), _save_settings),
    "open-stats": Action((("now", str),), _open_stats, quiet=True),
    "stats-record": Action((("record", str),), _stats_record, quiet=True),
    "tick": Action((("now", str),), _tick, quiet=True),
    "daily": Action((("today", str),), _daily),
    "choose-day": Action((("day", str), ("today", str)), _choose_day),
    "challenge-open": Action((), _challenge_open),
    "challenge-random": Action((), _challenge_random),
    "challenge-create": Action((("code", str),), _challenge_create),
    "export": Action((("now", str),), _export),
    "import-size": Action((("size", int),), _import_size),
    "import-text": Action((("text", object),), _import_text),
    "import-confirm": Action((), _import_confirm),
    "not-imported": Action((("stored", dict),), _not_imported),
}
"""The page's actions beyond the board, by kind."""
