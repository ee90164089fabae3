"""The Solo page's models behind a message boundary: the side of the page that runs in a worker.

The page's main thread only draws and takes input; the models (:class:`~.solo.SoloView`, the
stored data through :class:`~.sync.Tab`) live here, where they can run in a Web Worker beside
the interpreter, off the thread the player's taps wait for. Both ways the messages are plain
data (what ``JSON.stringify`` and ``postMessage`` carry, nothing of Python's), versioned by
:data:`PROTOCOL`. Every word in a reply is translated already; the page decides nothing.

**The start**, ``{"v": 1, "start": {...}}``, with what the main thread alone can read: ``stored``
(every ``localStorage`` text by key: the main thread keeps the store), ``search`` (the address's
query), ``today`` (``YYYY-MM-DD``, local), and optionally ``now`` (local ``YYYY-MM-DDTHH:MM:SS``,
the daily countdown), ``page`` (the address without its query: the base of the links the page
makes), ``early`` (the presses ``static/shell.js`` recorded while the worker started),
``welcomed`` (shell.js opened How to play already), ``blocked`` (``localStorage`` threw: ``stored``
is ``{}``, writes are kept in the worker only), ``persist`` (``navigator.storage.persist`` exists),
``imported`` (the page reloads after an import). The reply is the first one (:meth:`Session.opening`).

**An action**, ``{"v": 1, "action": {"kind": ..., ...}}``, a kind of :data:`ACTIONS` and its fields:
``press`` key, ``pick`` letter, ``clear`` index, ``delete``, ``submit``, ``use-guess`` number,
``new-game``, ``leave`` and ``stay`` (the answers to ``ask``); ``storage`` key, text (another tab's
``storage`` event, with what the store holds under the key now, ``getItem``: the event's
``newValue`` may be older than this tab's own write since; key null: it cleared the storage), ``refused`` key, was, text (a write not
applied: the store held ``text``, not ``was``), ``not-stored`` key, was (the browser threw on a
write: storage full); ``kept`` state (``granted``/``refused``: the answer to ``persist``);
``review``, ``hint``, ``engine`` id, answer (the engine worker's answer to an ``engine`` effect),
``engine-here`` (the engine's worker could not start or died: its answers now come from elsewhere),
``shared`` outcome, form (how Share went: ``handed``/``aborted``/``copied``/``refused``);
``open-settings``, ``preset`` name, ``rule-field`` fields, ``save-settings`` fields (the form's
fields by name: text, or true/false for a checkbox); ``open-stats`` now, ``stats-record`` record,
``tick`` now (each second while Statistics is open); ``daily`` today, ``choose-day`` day, today;
``challenge-open``, ``challenge-random``, ``challenge-create`` code; ``export`` now, ``import-size``
size (the chosen file's bytes, before reading it), ``import-text`` text (null: unreadable),
``import-confirm``, ``not-imported`` stored (the browser threw on one of an import's writes:
what the store holds now under each key that reply wrote, key to text or null).

**The reply**, ``{"v": 1, "board", "status", "ask", "notices", "writes", "parts", "effects"}``:

- ``board``: the board as data (:func:`board`); ``status``: the sentence for the live region, or
  null after a quiet action (``open-stats``, ``stats-record``, ``tick``, ``kept``, ``refused``,
  ``engine``: :attr:`.session_actions.Action.quiet`) that changed no status: the live region
  keeps its text;
  ``ask``: the Leave this game? question to ask now (``leave``/``stay`` answer it), or null;
  ``notices``: what could not be read or stored, as said;
- ``writes``: the storage writes to apply in order, ``{"key", "was", "text"}`` (text null: remove),
  each over the text it replaces (``was``), so a write computed before another tab's change
  reached the worker is not applied over it: the page skips the key's later writes of that
  reply and sends the newer text back (``refused``), and the session merges its own value with
  it (:meth:`.sync.Tab.unwritten`, then :meth:`.sync.Tab.refresh`) and writes again. A write
  the browser throws on (storage full) is sent back as ``not-stored``. An import's writes carry
  ``"replace": true``: the page applies them first, over whatever it holds, all of them or,
  when the browser throws on one, none: it puts back what was stored, applies none of that
  reply's other writes, draws nothing of the reply and does none of its effects, and sends
  ``not-imported`` with what the store then holds under each key the reply wrote; the session
  drops the imported values (:meth:`.sync.Tab.drop`) and draws what the store holds, every part
  sent again. ``static/page-worker.mjs`` posts the writes beside the rest of the reply
  (``{reply, writes}``), and ``static/main.mjs`` applies them in JavaScript: an import's texts
  (megabytes) and those they replace never enter MicroPython's heap on the page;
- ``parts``: what the page shows around the board, only the parts that changed since the
  last reply (every one in the first): ``assist``, ``share``, ``review``, ``stats``, ``day``,
  ``data``, ``challenge``, ``reply`` (:meth:`Session.parts`, :mod:`.session_parts`);
- ``effects``: what to do once, after drawing, in order, each ``{"do": ...}``: ``open``/``close``
  dialog (``help``, ``settings``, ``stats``, ``challenge``, ``import-preview``); ``fill`` fields
  (set the settings form's fields); ``errors`` errors (each field's message, "" when fine:
  ``#<name>-error`` and ``aria-invalid``); ``focus``/``select`` field (an element's id, or a
  settings field's name); ``reload`` (the language changed); ``notice`` text (the banner);
  ``persist`` ask (ask ``navigator.storage.persist()``, or only check ``persisted()`` when false,
  and send ``kept``); ``engine`` id, lane, request (relay the request to
  ``static/engine-worker.mjs``, in its ``lane``: a newer request of a
  lane makes an older one stale; send ``engine`` with the answer; a review's carries
  ``progress``, the sentence by guesses done, shown after ``progress_after_ms``; id null: work
  ahead of a question, the review's figures from the second guess on, whose answer no one waits
  for: send nothing back, and where the engine's worker cannot run, do nothing); ``download``
  name, file (export: the browser saves file number ``file`` under ``name``; the file's text
  is not in the reply, which passes through MicroPython's heap on the page, but beside it:
  ``static/page-worker.mjs`` posts ``{"file", "blob"}``, a Blob of the text and its type
  (:meth:`Endpoint.take_files`), just before the reply, and the page saves that Blob);
  ``read-import`` (read the chosen file as text and send ``import-text``); ``import-preview``
  question, lines; ``plain-address`` (replace the address by the page's own, read once);
  ``imported`` (an import
  confirmed that changed the language: once its writes are all stored, the page loads again in
  it, its start saying ``imported``; any other import is drawn in place);
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
from typing import TYPE_CHECKING

from ..i18n import _
from . import session_actions, session_lab, session_modes, session_solve, storage
from . import session_parts as parts
from .address import MODE, opening_mode, parse_params
from .appearance import root_attributes
from .challenge_words import CLIPBOARD_REFUSED, LINK_COPIED, challenge_rules, reply_shown
from .engine import ahead_request, count_request, lane
from .records import IMPORTED_SAY, adopt, leave, notice_text, page_saved, persist, resumable, seed_waits, worth_keeping
from .session_actions import Action, Data, MessageError, check, moment_of
from .session_parts import color_data, row_data
from .solo import SoloView, challenge_opens, opening_status, use_words
from .sync import Tab
from .words import ENGINE_HERE, NOT_SAVED

if TYPE_CHECKING:
    from .backup import Backup

PROTOCOL = 1
"""The version of every message's shape (``"v"``): a page and a worker of two deployments (a
tab open across an update) refuse each other's messages rather than misread them."""

def refusal(error: MessageError) -> Data:
    """The reply to a message the session does not take."""
    return {"v": PROTOCOL, "error": str(error)}


class Mirror:
    """The worker's copy of the page's ``localStorage`` (a :class:`~.sync.Backend`): read from the
    texts the page sent, and every write kept, with the text it replaces, for the page to apply."""

    def __init__(self, items: Mapping[str, str], blocked: bool = False) -> None:
        self.items = dict(items)
        self.writes: list[Data] = []
        self.blocked = blocked
        """Whether the browser blocks the page's storage: every write is then kept here only."""
        self.replacing = False
        """Whether the writes made now replace what is stored, whatever it is (an import)."""

    def getItem(self, key: str) -> str | None:  # noqa: N802 (the DOM's names)
        return self.items.get(key)

    def setItem(self, key: str, value: str | None) -> None:  # noqa: N802 (the DOM's names)
        write = {"key": key, "was": self.items.get(key), "text": value}
        if not self.blocked:
            self.writes.append({**write, "replace": True} if self.replacing else write)
        if value is None:
            self.items.pop(key, None)
        else:
            self.items[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802 (the DOM's names)
        self.setItem(key, None)

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


def board(view: SoloView, fresh: bool) -> Data:
    """Everything the Solo board shows, as plain data: the palette, the slots with their names,
    the History's rows (``new``: the guess just scored, its key pegs shown one after another
    when `fresh`; ``won``: the winning row), the secret, whether the game is over, the end's
    buttons, and the look the settings give (``look``: the attributes of ``<html>`` as
    ``static/shell.js`` sets them, and the board's ``data-key-color``, ``data-letters``,
    ``data-order`` and ``data-pegs``); ``refused`` once after a refused action (the row's nudge),
    ``repeat`` while the row copies a played guess (Use guess)."""
    slots = [parts.slot_data(index, held) for index, held in enumerate(view.slots)]
    made, won = view.game.guesses_made, view.game.won
    settings = view.settings
    refused, view.refused = view.refused, False  # drawn once: the next nudge starts again
    return {
        "pegs": view.config.pegs,
        "palette": [color_data(color) for color in view.config.colors],
        "slots": slots,
        "rows": [{**row_data(row), "use": use_words(row.number), "new": fresh and row.number == made,
                  "won": won and row.number == made} for row in view.rows],
        "use_label": _("Use"),
        "secret": [None if color is None else color_data(color) for color in view.secret],
        "over": view.game.over,
        "won": won,
        "guesses_made": made,
        "end": [{"key": action.key, "label": action.label} for action in view.end_actions],
        "refused": refused,
        "repeat": view.repeat_of is not None,
        "look": {"root": root_attributes(settings), "key_color": settings.key_color,
                 "letters": "on" if settings.letters else "off", "order": settings.order, "pegs": str(view.config.pegs)},
    }


# The board


def _pick(session: session_actions.Session, values: Data) -> None:
    letter = values["letter"]
    if letter.upper() not in (color.letter for color in session.view.config.colors):  # the palette's buttons send no other
        raise MessageError(f"pick: no colour {letter!r} in the palette")
    session.view.pick(letter)


def _new_game(session: session_actions.Session, values: Data) -> None:
    session.leave_for(session.view.new_game)


def _stay(session: session_actions.Session, values: Data) -> None:
    session.asking = None


def _leave(session: session_actions.Session, values: Data) -> str:
    asked, session.asking = session.asking, None
    if asked is None:
        raise MessageError("leave: no question was asked")
    shown = session.modes.current
    if shown is not None:  # a mode's question (Solve's New game): nothing of the Solo board is left
        asked[1]()
        status: str = shown.status
        return status
    said = leave(session.view, session.tab, asked[1])
    return f"{said} {session.view.status}".strip()


# Storage: another tab's change, a write the page did not apply


def _storage(session: session_actions.Session, values: Data) -> str:
    key, text = values["key"], values["text"]
    if key is not None and not isinstance(key, str):
        raise MessageError("storage: key must be text, or null when the storage was cleared")
    if text is not None and not isinstance(text, str):
        raise MessageError("storage: text must be text or null")
    session.learn(key, text)
    changed = session.tab.refresh(key)
    followed = session.modes.follow()  # a mode's game as the other tab stored it
    said = adopt(session.view, session.tab, changed)
    return followed or said


def _refused(session: session_actions.Session, values: Data) -> str:
    """The page did not apply a write: what it replaced (``was``) changed meanwhile, to ``text``."""
    key, was, text = values["key"], values["was"], values["text"]
    if not all(value is None or isinstance(value, str) for value in (was, text)):
        raise MessageError("refused: was and text must be text or null")
    session.tab.unwritten(key, was)
    session.learn(key, text)
    return adopt(session.view, session.tab, session.tab.refresh(key))


def _not_stored(session: session_actions.Session, values: Data) -> str:
    """The browser refused a write (storage full or blocked): ``was`` is still stored. The value
    stays this tab's, a change not stored yet (written again with the next change), as
    :class:`~.sync.Tab` keeps one the browser refuses; the person is told, as the page tells today."""
    key, was = values["key"], values["was"]
    if was is not None and not isinstance(was, str):
        raise MessageError("not-stored: was must be text or null")
    session.tab.unwritten(key, was)
    session.learn(key, was)
    session.resting = True  # not written again in this reply: the page would throw again at once
    session.tab.notices.append(_(NOT_SAVED))
    return f"{session.view.status} {_(NOT_SAVED)}"


def _kept(session: session_actions.Session, values: Data) -> None:
    """The browser's answer to ``{"do": "persist"}``: ``granted`` or ``refused`` (a check that
    finds the data not kept yet sends nothing)."""
    if values["state"] not in ("granted", "refused"):
        raise MessageError("kept: state must be granted or refused")
    session.keeping = values["state"]


def _engine_here(session: session_actions.Session, values: Data) -> str:
    """The engine's worker could not start or died: the page has the engine's answers worked out
    elsewhere off its thread (the page's worker), slower. Said once (the page sends this once), in
    the status of the screen shown (Solo's or a mode's), which stays until the next move (the
    engine's answers do not replace it)."""
    shown = session.modes.current
    if shown is None:
        session.view.status = " ".join([_(ENGINE_HERE), session.view.status])
        return session.view.status
    shown.status = " ".join([_(ENGINE_HERE), shown.status])
    return str(shown.status)


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
    "refused": Action((("key", str), ("was", object), ("text", object)), _refused, quiet=True),
    "not-stored": Action((("key", str), ("was", object)), _not_stored),
    "kept": Action((("state", str),), _kept, quiet=True),
    "engine-here": Action((), _engine_here),
    **session_actions.ACTIONS,
    **session_modes.ACTIONS,
    **session_solve.ACTIONS,
    **session_lab.ACTIONS,
}
"""Every action the page may send, by kind: data, so a new control is a new entry."""


class Session:
    """One page's models in the worker: a Solo view over a mirror of the page's storage, and
    what the page shows around the board (:mod:`.session_parts`)."""

    view: SoloView  # declared here: the actions' table above reads it before the class is made

    def __init__(self, stored: Mapping[str, str], search: str, today: dt.date, early: object = (), *,
                 now: dt.datetime | None = None, page: str = "", welcomed: bool = False, blocked: bool = False,
                 persist: bool = False, imported: bool = False) -> None:
        self.mirror = Mirror(stored, blocked)
        self.tab = Tab(self.mirror, blocked=blocked)
        params = parse_params(search)
        self.params = params
        self.search = search
        self.today = today
        self.now = now or dt.datetime.combine(today, dt.time())
        """The local time the page last gave (the daily countdown)."""
        self.page = page
        """The page's address without its query, the base of the links the page makes."""
        self.view = SoloView(page_saved(self.tab), seed=params.seed, reveal=params.reveal, today=today)
        self.asking: tuple[str, Callable[[], object]] | None = None
        """The Leave this game? question asked and not answered yet, and what it would start."""
        self.effects: list[Data] = []
        self.sent: Data = {}
        self.jobs: dict[int, tuple[str, tuple[int, int]]] = {}
        """The engine requests the page relays, by id: their kind and the position asked about."""
        self.numbered = 0
        self.count: str | None = None
        self.counted_at: tuple[int, int] | None = None
        self.ahead_at: tuple[int, int] | None = None
        """The position the review's figures were last asked ahead for."""
        self.thinking = False
        self.resting = False
        """Whether this reply stores nothing (it answers a write the browser refused)."""
        self.review: tuple[int, Data] | None = None
        """The review drawn, and the game it is about (a new game hides it)."""
        self.record: str | None = None
        """The record Statistics shows, when the person chose another than the board's."""
        self.challenge: Data = {"code": "", "error": "", "link": None, "message": ""}
        self.data_message = ""
        self.backup: Backup | None = None
        self.keeping = "blocked" if blocked else "unasked" if persist else "unsupported"
        self.reply: Data | None = None
        kept = self.tab.value(storage.SOLO)
        waits = seed_waits(kept, params.seed, self.view.settings.config)
        if waits or resumable(kept, params.seed, self.view.settings.config):
            self.view.resume(kept)
        if params.reply is not None:
            self.reply = parts.reply_panel(reply_shown(params.reply, self.view.saved.results))
        question = self.view.leave_question
        opens = params.challenge is not None and bool(question) and challenge_opens(params.challenge)
        if params.challenge is not None and not opens:
            self.view.start_challenge(params.challenge)
        self.replayed = self.view.replay(early)
        """How many of the presses ``static/shell.js`` recorded while the worker started were
        applied (:meth:`~.draft.Composer.replay`, which skips any of another shape)."""
        if imported:
            self.view.status = " ".join([_(IMPORTED_SAY), self.view.status])
        self._welcome(welcomed)
        shown = self.tab.value(storage.MODE_GAMES)
        self.mode = opening_mode(search, shown.active)
        """The mode the page opens in: another than Solo is the other modes' page's."""
        if self.mode == MODE and shown.active != MODE:  # Solo, asked for by the address: a reload opens it again
            self.tab.save(storage.MODE_GAMES, shown.with_active(MODE))
        self.modes = session_modes.Modes(self.tab, params.seed)
        """The other modes' screens (:mod:`.session_modes`): the one on screen, if not the Solo board."""
        if self.mode in session_modes.MODE_SESSIONS:
            self.modes.show(self.mode, self.view.settings.config)
        if opens and params.challenge is not None:
            token = params.challenge
            self.leave_for(lambda: self.view.start_challenge(token))  # asks first
        elif waits and params.seed is not None:
            seed = params.seed
            self.leave_for(lambda: self.view.new_game(seed))  # asks first
        self.playing = (id(self.view.game), self.view.game.over)
        self.scored = self.position()
        """The game and guesses last drawn: a row scored since is drawn fresh."""
        self.files: list[tuple[int, str, str]] = []
        """The files of this reply's ``download`` effects (their number, type and text), which
        travel beside the reply (:meth:`Endpoint.take_files`), not in it."""
        self.filed = 0
        """The files given so far: each is numbered after them, once in the page's life."""

    def _welcome(self, welcomed: bool) -> None:
        """A first visit opens How to play, unless the player has begun already or the page's
        script opened it before the worker (`welcomed`); a link's game is no first visit."""
        early, first = bool(self.replayed), self.params.first_visit_help
        if first and not self.tab.value(storage.WELCOMED) and not early and not welcomed:
            self.do({"do": "open", "dialog": "help"})
            self.tab.save(storage.WELCOMED, True)
        elif early or welcomed or not first:
            self.tab.save(storage.WELCOMED, True)

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
        now, page = start.get("now"), start.get("page", "")
        if not isinstance(page, str):
            raise MessageError("start: page must be text")
        flags = {name: start.get(name, False) for name in ("welcomed", "blocked", "persist", "imported")}
        if not all(isinstance(flag, bool) for flag in flags.values()):
            raise MessageError("start: welcomed, blocked, persist and imported must be true or false")
        moment = None if now is None else moment_of("start", now) if isinstance(now, str) else moment_of("start", "")
        return cls(stored, search, day, start.get("early"), now=moment, page=page, **flags)  # replay() skips what is no list

    def handle(self, message: object) -> Data:
        """The reply to one message from the page: the board, the sentence to announce, the
        storage writes to apply and the question to ask, if any; or an error, the session unchanged."""
        try:
            action = self._action(message)
            kind = action["kind"]
            before = self.view.status
            said = ACTIONS[kind].apply(self, check(kind, ACTIONS[kind], action))
            if not isinstance(said, str):  # a press or a submit says whether it was taken: the status says how
                said = None
        except MessageError as error:
            self.effects = []
            return refusal(error)
        unchanged = ACTIONS[kind].quiet and self.view.status == before
        return self._reply(said or (None if unchanged else self.view.status))

    def opening(self) -> Data:
        """The first reply: the board as it opens, every part, and the page's first announcement
        (what the last early press did, when some were replayed, as if pressed now)."""
        if self.keeping == "unasked":
            self.do({"do": "persist", "ask": False})  # does the browser keep the data already?
        if self.search.lstrip("?"):  # ?lang= too: it would outrank the settings' language on a reload
            self.do({"do": "plain-address"})
        shown = self.modes.current
        if shown is not None:
            self.modes.sessions[self.modes.shown].opens(self)
            return self._reply(shown.status)
        return self._reply(self.view.status if self.replayed else opening_status(self.view, self.params))

    # What the actions use

    def do(self, *effects: Data) -> None:
        """Have the page do `effects` once, after drawing this reply."""
        self.effects.extend(effects)

    def learn(self, key: str | None, text: str | None) -> None:
        """The page's storage holds `text` under `key` (:meth:`Mirror.learn`)."""
        self.mirror.learn(key, text)

    def replace(self, values: Mapping[str, object]) -> bool:
        """Store every part of `values` at once (:meth:`.sync.Tab.replace`: an import), in writes
        marked ``replace``: the page applies them over whatever it holds, all or none."""
        self.mirror.replacing = True
        try:
            return self.tab.replace(values)
        finally:
            self.mirror.replacing = False

    def leave_for(self, start: Callable[[], object], day: dt.date | None = None) -> None:
        """Replace the game on the board by what `start` puts there (`day`'s challenge, when it
        is one), asking first (``ask``) when a game in progress would be lost: ``leave`` then
        counts it and starts, ``stay`` keeps it."""
        question = self.view.question_before(day)
        if question is None:
            start()
        else:
            self.asking = (question, start)

    def position(self) -> tuple[int, int]:
        """The game on the board and its guesses made: an engine answer about another is dropped."""
        return (id(self.view.game), self.view.game.guesses_made)

    def ask_engine(self, kind: str, request: Data) -> None:
        """Have the page relay `request` to the engine's worker and send its answer back as
        ``{"kind": "engine", "id", "answer"}``; a review's effect carries its progress sentences."""
        self.numbered += 1
        self.jobs = {number: job for number, job in self.jobs.items() if job[0] != kind}  # a newer one supersedes it
        self.jobs[self.numbered] = (kind, self.position())
        effect = {"do": "engine", "id": self.numbered, "lane": lane(request), "request": request}
        if kind == "review":
            effect.update(progress=parts.review_request_progress(len(self.view.game.history)),
                          progress_after_ms=parts.REVIEW_PROGRESS_MS)
        self.do(effect)

    def download(self, name: str, kind: str, text: str) -> None:
        """Have the page save `text` as a file of type `kind` named `name`: the effect names the
        file by its number, and the text goes to the page beside the reply, never through the
        page's MicroPython, whose heap an export of megabytes would overflow."""
        self.filed += 1
        self.files.append((self.filed, kind, text))
        self.do({"do": "download", "name": name, "file": self.filed})

    def take_files(self) -> list[tuple[int, str, str]]:
        """The files the last reply's ``download`` effects name, taken once."""
        files, self.files = self.files, []
        return files

    def redraw(self) -> None:
        """Send every part again with the next reply: the page drew none of the last one's."""
        self.sent = {}

    def parts(self) -> Data:
        """Every part the page shows around the board, as it stands now (``challenge``: the
        Challenge a friend dialog's rules, code, its refusal, the link made and its sentence,
        and what to say once the link is copied, or the clipboard refused, the link selected)."""
        view = self.view
        review = self.review[1] if self.review and self.review[0] == id(view.game) and view.game.over else None
        return {
            "assist": parts.assist(view, self.thinking, self.count),
            "share": parts.share(view, self.page),
            "review": review,
            "stats": parts.stats(view, self.record, self.now),
            "day": parts.day(view, self.today),
            "data": parts.data(self.keeping, self.data_message),
            "challenge": {"rules": challenge_rules(view.settings), **self.challenge,
                          "copied": _(LINK_COPIED), "refused": _(CLIPBOARD_REFUSED)},
            "reply": self.reply,
            "mode": self.modes.part(view.settings.letters),
        }

    def _reply(self, status: str | None) -> Data:
        view = self.view
        if not self.resting:
            persist(view, self.tab)
            self.modes.save()
        self.resting = False
        if self.keeping == "unasked" and worth_keeping(self.tab):
            self.keeping = "asking"
            self.do({"do": "persist", "ask": True})
        self._engine_work()
        self.modes.settle(self)
        playing = (id(view.game), view.game.over)
        fresh = self.scored == (playing[0], view.game.guesses_made - 1)
        self.scored = (playing[0], view.game.guesses_made)
        if self.playing == (playing[0], False) and playing[1] and view.opens_stats:  # as the daily games people trust end
            self.record = None
            self.do({"do": "open", "dialog": "stats"})
        self.playing = playing
        notices = self.tab.take_notices()
        if notices:
            self.do({"do": "notice", "text": notice_text(notices)})
        current = self.parts()
        changed = {name: part for name, part in current.items() if self.sent.get(name, ()) != part}
        self.sent = current
        effects, self.effects = self.effects, []
        return {
            "v": PROTOCOL,
            "board": board(view, fresh),
            "status": status,
            "ask": self.asking[0] if self.asking else None,
            "notices": notices,
            "writes": self.mirror.take_writes(),
            "parts": changed,
            "effects": effects,
        }

    def _engine_work(self) -> None:
        """The review's figures of each position from the second guess on, worked out ahead (at
        the end only the last guess's are left when Review is pressed; not after the first guess
        alone, whose figures are the first-guess table's, so a game won at once never starts the
        engine's worker), the assist's count of each new position, and the review of an assisted
        game at its end."""
        view = self.view
        if len(view.game.history) >= 2 and self.ahead_at != self.position():
            self.ahead_at = self.position()
            request = ahead_request(view.config, view.game.history)
            self.do({"do": "engine", "id": None, "lane": lane(request), "request": request})
        if view.settings.assist and not view.game.over and self.counted_at != self.position():
            self.counted_at = self.position()
            self.count = _("Counting the codes still possible...")
            self.ask_engine("count", count_request(view.config, view.game.history))
        if view.settings.assist and view.game.over:
            session_actions.review(self, {})

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
        """The reply to `text`, as JSON text. Characters past ASCII are written as themselves, never
        as ``\\u`` escapes: MicroPython's ``json`` reads an escaped surrogate pair (an emoji of the
        Share grid) as two lone halves, which reach the page as six replacement characters."""
        return json.dumps(self._serve(text), ensure_ascii=False)

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

    def take_files(self) -> list[tuple[int, str, str]]:
        """The files (number, type, text) the last reply's ``download`` effects name, taken
        once: ``static/page-worker.mjs`` posts each as a Blob of its own before the reply."""
        return [] if self.session is None else self.session.take_files()
