"""The Lab on the page: the protocol with the Lab's worker, both of its sides, and what the screen shows.

A player's strategy runs in its own Web Worker (``static/lab-worker.mjs``, its own Pyodide), never
in the page's interpreter, so that the page can end it at any moment (``terminate``): Stop, and a
guess that takes longer than the limit. Every message is JSON text of plain data:

========================================================  ====================================================
The page asks (each with an ``id``)                        The worker answers (with that ``id``)
========================================================  ====================================================
``{kind: "load", source, config}``                         ``{kind: "ok"}`` or ``{kind: "problem", sentence, line}``
``{kind: "score", player, start, limit}``                  ``{kind: "progress", done, total, games}`` ...
                                                           then ``{kind: "result", games, score}``
``{kind: "guess", history, limit}``                        ``{kind: "code", code}`` or ``{kind: "problem", ...}``
``{kind: "watch", secret, limit}``                         ``{kind: "game", game, left}``
========================================================  ====================================================

``config`` is :meth:`mastermind.config.Config.to_dict`'s; ``player`` is ``"strategy"`` (the one
loaded) or a computer player's name (HAL9000, VIKI: the same harness plays them); a score plays
:func:`mastermind.lab.secrets` of the rules from the `start`-th on; ``games`` are the games played
since the last message (one: :func:`game_data`; the page must know every game played when it ends
a worker stuck in the next), ``done`` counts them from the first secret; a problem's
``problem`` names its kind for a guess. Without an ``id``: ``{kind: "ready"}`` (Python started),
``{kind: "failed", sentence}`` (it cannot), ``{kind: "beat"}`` (a guess starts: the page's watchdog
counts the limit from the last message), ``{kind: "error", sentence}`` (a request the worker could
not read).

The worker's side is :class:`Worker` (its Python); the page's is :func:`read`, which checks every
message as the outside input it is (the strategy runs in that worker) and refuses one it cannot
read with a sentence, and :class:`LabView`, what the Lab's screen shows.

>>> config = Config(pegs=2, colors=3)
>>> worker = Worker(lambda: None)
>>> list(worker.serve(load_request(1, "def guess(history, rules):\\n    return 'BB'\\n", config)))
['{"id": 1, "kind": "ok"}']
>>> kinds = [read(text, 2).kind for text in worker.serve(score_request(2, "strategy"))]
>>> kinds.count("progress"), kinds[-1]  # a progress after every game but the last, then the result
(8, 'result')
>>> read('{"id": 2, "kind": "result", "games": "junk", "score": {}}', 2)
Traceback (most recent call last):
...
mastermind.page.lab.ProtocolError: The Lab's worker sent a message the page cannot read (games); the run was stopped.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from .. import lab
from ..code import Code
from ..config import CLASSIC, Config
from ..errors import CodeError, ConfigError, StrategyError
from ..feedback import Feedback, feedback
from ..game import Turn
from ..i18n import N_, _, ngettext, number
from .boards import Field
from .solo import Row, history_rows
from .solve import SETTINGS, rule_fields
from .words import shown, typed

STRATEGY = "strategy"
"""The ``player`` of a score request that means the strategy loaded."""
COMPUTERS = ("HAL9000", "VIKI")
"""The computer players a run is compared with, scored on the same secrets."""
DRAW_SECONDS = 0.1
"""The page draws a run's progress at most this often (a message comes after every game: the page
must know which games were played when it ends a worker stuck in the next, so none is lost)."""
BEAT_SECONDS = 0.25
"""A guess that starts this long after the worker's last message posts a beat first, so the
page's watchdog hears from a healthy worker at least every guess limit plus this."""
MARGIN = 1.0
"""Seconds the page's watchdog waits past a guess's limit (and the beat's delay) before it ends the worker."""
COMPUTER_LIMIT = 10.0
"""Seconds a computer player may take over one guess (the engine's opening of a large game)."""
LOAD_WAIT = lab.LOAD_LIMIT + MARGIN
"""Seconds the page's watchdog waits for a strategy's module to load."""
COMPUTER_WAIT = COMPUTER_LIMIT + BEAT_SECONDS + MARGIN
"""Seconds the watchdog waits for a computer player's guess."""


def guess_wait(limit: float) -> float:
    """Seconds the watchdog waits without a word from the worker, for guesses of `limit` seconds."""
    return limit + BEAT_SECONDS + MARGIN


SEAT_WAIT = guess_wait(lab.LIMIT)
"""Seconds the watchdog waits for a seated strategy's guess (the Lab's limit per guess)."""
LONGEST_TEXT = 2_000
"""Characters of a sentence or a code the page takes from the worker."""
LONGEST_MESSAGE = 50_000_000
"""Characters of a message the page parses at all: each carries a game or two, a few hundred
characters; the bound keeps a runaway worker's junk from being parsed."""
ANSWERS = frozenset({"ok", "problem", "progress", "result", "code", "game", "error"})
"""What the worker answers a request with."""
NEWS = frozenset({"ready", "failed", "beat"})
"""What the worker says of itself, without an id."""


Game = lab.GameResult
"""A game played by the worker, as the page reads it back."""


class ProtocolError(ValueError):
    """A message from the worker the page cannot read: `sentence` says so to the player."""

    def __init__(self, what: str) -> None:
        self.what = what
        self.sentence = _("The Lab's worker sent a message the page cannot read ({what}); the run was stopped.").format(what=what)
        super().__init__(self.sentence)


# ---------------------------------------------------------------------------------------------
# The requests (the page's side)

def load_request(number: int, source: str, config: Config) -> str:
    """Load `source` as the strategy of the next requests, under `config`."""
    return json.dumps({"id": number, "kind": "load", "source": source, "config": config.to_dict()})


def score_request(number: int, player: str, start: int = 0, limit: float = lab.LIMIT) -> str:
    """Score `player` (:data:`STRATEGY` or one of :data:`COMPUTERS`) from the `start`-th secret on."""
    return json.dumps({"id": number, "kind": "score", "player": player, "start": start, "limit": limit})


def guess_request(number: int, history: Sequence[Sequence[object]], limit: float = lab.LIMIT) -> str:
    """The loaded strategy's next guess after `history` ((code, black, white) triples); an empty
    history starts a new game (a class strategy gets a new object)."""
    return json.dumps({"id": number, "kind": "guess", "history": [list(move) for move in history], "limit": limit})


def watch_request(number: int, secret: str, limit: float = lab.LIMIT) -> str:
    """The loaded strategy's game against `secret`, with the codes left after each guess."""
    return json.dumps({"id": number, "kind": "watch", "secret": secret, "limit": limit})


def game_data(game: lab.GameResult) -> dict[str, Any]:
    """One game as plain data."""
    problem = game.problem
    return {"secret": game.secret, "guesses": list(game.guesses), "won": game.won, "seconds": game.seconds,
            "problem": None if problem is None else {"kind": problem.kind, "sentence": problem.sentence, "line": problem.line}}


def score_data(score: lab.Score) -> dict[str, Any]:
    """A score's figures as plain data (its first problem game left out: the games carry it)."""
    return {"games": score.games, "mean": score.mean, "worst": score.worst, "worst_secret": score.worst_secret,
            "histogram": [list(pair) for pair in score.histogram], "not_won": score.not_won, "illegal": score.illegal,
            "exceptions": score.exceptions, "slow": score.slow, "seconds": score.seconds}


# ---------------------------------------------------------------------------------------------
# The worker's side: its Python answers each request with one message or more.

class Worker:
    """The Lab worker's Python: one strategy loaded at a time, under one config. `beat` posts
    ``{kind: "beat"}`` (the worker's script holds the port; this side never sees it)."""

    def __init__(self, beat: Callable[[], object]) -> None:
        self.beat = beat
        self.strategy: lab.Strategy | None = None
        self.rules: lab.Rules | None = None
        self.seat: lab.Seat | None = None
        self.said = time.monotonic()

    def serve(self, text: str) -> Iterator[str]:
        """The answers to the request `text`, one JSON text each, as they come; ``error`` with a
        sentence for a request it cannot read (the page's own mistake, never the player's)."""
        number = None
        try:
            request = json.loads(text)
            number, kind = request["id"], request["kind"]
            if kind not in ("load", "score", "guess", "watch"):
                raise ValueError(f"no request {kind!r}")
            for answer in getattr(self, "_" + kind)(request):
                self.said = time.monotonic()
                yield json.dumps({"id": number, **answer})
        except (ValueError, LookupError, TypeError, AttributeError) as error:
            yield json.dumps({"id": number, "kind": "error", "sentence": f"bad request: {type(error).__name__}: {error}"})

    def guard(self, _limit: float) -> Any:
        """The harness's guard of a guess: a beat first when the page has not heard from this
        worker for a while (the page's watchdog ends a guess that never returns)."""
        if time.monotonic() - self.said >= BEAT_SECONDS:
            self.said = time.monotonic()
            self.beat()
        return lab.no_guard(_limit)

    def _load(self, request: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
        self.strategy = self.seat = None
        self.rules = lab.Rules.of(Config.from_dict(request["config"]))
        try:
            self.strategy = lab.load(str(request["source"]), guard=self.guard)
        except StrategyError as error:
            yield {"kind": "problem", "sentence": error.sentence, "line": error.line}
            return
        # The helpers' set-up (the engine's import, every code) here, not in the first guess's second.
        if self.rules.size <= lab.ALL_SECRETS:
            lab.every_code(self.rules)
        else:
            from ..solver import space  # noqa: F401 - imported for its cost, before the limit counts
        yield {"kind": "ok"}

    def _player(self, name: str) -> lab.Strategy:
        if name == STRATEGY:
            if self.strategy is None:
                raise ValueError("no strategy loaded")
            return self.strategy
        return lab.computer(name)

    def _score(self, request: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
        if self.rules is None:
            raise ValueError("no rules loaded")
        rules, player = self.rules, self._player(request["player"])
        limit = COMPUTER_LIMIT if request["player"] != STRATEGY else float(request["limit"])
        codes = lab.secrets(rules).codes
        start = int(request["start"])
        games: list[lab.GameResult] = []
        for game in lab.play(player, rules, codes[start:], limit=limit, guard=self.guard):
            games.append(game)
            if len(games) < len(codes) - start:
                yield {"kind": "progress", "done": start + len(games), "total": len(codes), "games": [game_data(game)]}
        yield {"kind": "result", "games": [game_data(games[-1])] if games else [], "score": score_data(lab.Score.of(games, rules))}

    def _guess(self, request: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
        if self.rules is None or self.strategy is None:
            raise ValueError("no strategy loaded")
        history = [lab.Move(str(code), int(black), int(white)) for code, black, white in request["history"]]
        if not history or self.seat is None:
            self.seat = lab.Seat(self.strategy, self.rules, float(request["limit"]), self.guard)
        try:
            yield {"kind": "code", "code": self.seat.ask(history)}
        except lab.Problem as problem:
            yield {"kind": "problem", "sentence": problem.sentence, "line": problem.line, "problem": problem.kind}

    def _watch(self, request: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
        if self.rules is None or self.strategy is None:
            raise ValueError("no strategy loaded")
        rules = self.rules
        secret = lab.check_guess(str(request["secret"]), rules)
        game = lab.play_one(self.strategy, rules, secret, limit=float(request["limit"]), guard=self.guard)
        moves = [(code, *feedback(secret, code)) for code in game.guesses]
        left = [len(lab.possible(moves[: index + 1], rules)) for index in range(len(moves))]
        yield {"kind": "game", "game": game_data(game), "left": left}


# ---------------------------------------------------------------------------------------------
# The page's side: every message read and checked.

class Message(NamedTuple):
    """A message of the worker, checked: its `kind`, the request it answers (None for news) and its values."""

    kind: str
    id: int | None
    data: Mapping[str, Any]


def _text(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or len(value) > LONGEST_TEXT:
        raise ProtocolError(key)
    return value


def _whole(data: Mapping[str, Any], key: str, optional: bool = False) -> int | None:
    value = data.get(key)
    if optional and value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ProtocolError(key)
    return value


def _decimal(data: Mapping[str, Any], key: str) -> float:
    value = data.get(key)
    if not isinstance(value, int | float) or isinstance(value, bool) or not 0 <= value < 1e9:
        raise ProtocolError(key)
    return float(value)


def read_game(data: object, rules: lab.Rules) -> lab.GameResult:
    """A game of the worker's (:func:`game_data`), checked against `rules`: its codes legal, its
    guesses within the limit, won only when the last guess is the secret."""
    if not isinstance(data, Mapping):
        raise ProtocolError("games")
    try:
        secret = lab.check_guess(_text(data, "secret"), rules)
        guesses = data.get("guesses")
        if not isinstance(guesses, list) or len(guesses) > rules.guesses:
            raise ProtocolError("guesses")
        codes = tuple(lab.check_guess(code, rules) for code in guesses)
    except CodeError:
        raise ProtocolError("games") from None
    won = data.get("won")
    if not isinstance(won, bool) or won != (bool(codes) and codes[-1] == secret):
        raise ProtocolError("won")
    problem = data.get("problem")
    found = None
    if problem is not None:
        if not isinstance(problem, Mapping) or problem.get("kind") not in ("illegal", "exception", "slow"):
            raise ProtocolError("problem")
        found = lab.Problem(problem["kind"], _text(problem, "sentence"), _whole(problem, "line", optional=True))
    return lab.GameResult(secret, codes, won, found, _decimal(data, "seconds"))


def read(text: object, expected: int | None, rules: lab.Rules | None = None) -> Message:
    """The worker's message `text`, checked: its shape, and that it answers request `expected`
    (news aside). Games are read against `rules` (:func:`read_games` does, given the rules)."""
    if not isinstance(text, str) or len(text) > LONGEST_MESSAGE:
        raise ProtocolError("not a text")
    try:
        data = json.loads(text)
    except ValueError:
        raise ProtocolError("not JSON") from None
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise ProtocolError("kind")
    kind = data["kind"]
    if kind in NEWS:
        if kind == "failed":
            _text(data, "sentence")
        return Message(kind, None, data)
    if kind not in ANSWERS:
        raise ProtocolError("kind")
    if kind == "error":
        _text(data, "sentence")
        return Message(kind, data.get("id") if isinstance(data.get("id"), int) else None, data)
    if data.get("id") != expected:
        raise ProtocolError("id")
    if kind == "problem":
        _text(data, "sentence")
        _whole(data, "line", optional=True)
    elif kind == "code":
        _text(data, "code")
    elif kind in ("progress", "result"):
        if not isinstance(data.get("games"), list):
            raise ProtocolError("games")
        if kind == "progress":
            _whole(data, "done"), _whole(data, "total")
        elif not isinstance(data.get("score"), dict):
            raise ProtocolError("score")
    elif kind == "game":
        game, left = data.get("game"), data.get("left")
        if not isinstance(game, dict) or not isinstance(game.get("guesses"), list) or not isinstance(left, list):
            raise ProtocolError("game")
        if len(left) != len(game["guesses"]) or not all(isinstance(count, int) and not isinstance(count, bool) for count in left):
            raise ProtocolError("left")  # one count of the codes left after each guess
    if rules is not None:
        read_games(data, rules)
    return Message(kind, data["id"], data)


def read_games(data: Mapping[str, Any], rules: lab.Rules) -> list[lab.GameResult]:
    """The games a progress, result or game message carries, each checked (:func:`read_game`)."""
    if "game" in data:
        return [read_game(data["game"], rules)]
    return [read_game(game, rules) for game in data.get("games", ())]


# ---------------------------------------------------------------------------------------------
# A saved strategy seated as a mode's code-breaker: one guess request per move.

def seat_move(answer: Message, config: Config) -> Code | str:
    """What the worker answered a seated strategy's load or guess request: the guess, checked
    against the game's rules, or the sentence of the strategy's failure (it then forfeits).

    >>> str(seat_move(read('{"id": 1, "kind": "code", "code": "RGBY"}', 1), CLASSIC))
    'RGBY'
    >>> seat_move(read('{"id": 1, "kind": "problem", "sentence": "Guess 1: the strategy raised KeyError.", "line": 2}', 1), CLASSIC)
    'Guess 1: the strategy raised KeyError.'
    """
    if answer.kind == "code":
        try:
            return Code.parse(answer.data["code"], config)
        except CodeError:  # the worker checks every guess: another answer is not the strategy's
            raise ProtocolError("code") from None
    if answer.kind == "problem":
        return str(answer.data["sentence"])
    raise ProtocolError(answer.kind)


SeatAnswer = Code | str
"""A seated strategy's move: its guess, or the sentence of its failure."""


@dataclass(frozen=True)
class SeatTurn:
    """A saved strategy's move due in a mode's game: its `source`, the game's rules and history.
    The page's adapter posts :meth:`load` (when its worker holds another source or rules) and
    :meth:`guess`, and reads the answer with :meth:`answer`; :meth:`stalled` when the watchdog
    ended the worker.

    >>> turn = SeatTurn("def guess(history, rules):\\n    return 'RGBY'\\n", CLASSIC, ())
    >>> worker = Worker(lambda: None)
    >>> _ = list(worker.serve(turn.load(1)))
    >>> [str(turn.answer(read(text, 2))) for text in worker.serve(turn.guess(2))]
    ['RGBY']
    """

    source: str
    config: Config
    history: tuple[Turn, ...]

    @property
    def key(self) -> tuple[str, str]:
        """What a worker must have loaded to answer: the source and the rules."""
        return self.source, json.dumps(self.config.to_dict(), sort_keys=True)

    def load(self, number: int) -> str:
        return load_request(number, self.source, self.config)

    def guess(self, number: int) -> str:
        moves = [(str(turn.guess), turn.feedback.black, turn.feedback.white) for turn in self.history]
        return guess_request(number, moves)

    def answer(self, message: Message) -> SeatAnswer:
        """A refused load's or the guess's answer: the guess, or a sentence (:func:`seat_move`)."""
        return seat_move(message, self.config)

    def stalled(self, loaded: bool) -> str:
        """The watchdog ended the worker: while it loaded the strategy, or over the guess."""
        return seat_stalled(len(self.history) if loaded else None)


def seat_stalled(moves: int | None) -> str:
    """The sentence for a seated strategy whose worker the watchdog ended: while loading (`moves`
    None), or over its guess after `moves` moves."""
    if moves is None:
        return _("The strategy did not finish loading within {seconds} s.").format(seconds=lab.seconds(lab.LOAD_LIMIT))
    return _("Guess {number}: no answer within {seconds} s; the game was stopped.").format(
        number=moves + 1, seconds=lab.seconds(lab.LIMIT))


def worker_failed(reason: str) -> str:
    """The sentence for a Lab worker that could not start or died (`reason`, the browser's words)."""
    return _("The Lab's worker could not run here: {reason}").format(reason=reason[:300])


def seat_gone(name: str) -> str:
    """The sentence for a seated strategy deleted from the saved ones while its game went on."""
    return _("{name} is no longer among your saved strategies.").format(name=name)


# ---------------------------------------------------------------------------------------------
# What the Lab's screen shows.

POSTED = N_("The strategy posted a message to the page; it was ignored.")
RUN_STATES = ("idle", "loading", "scoring", "comparing")
"""Where a run is: none going on, the strategy loading, its games played, the computers' played."""


class Bar(NamedTuple):
    """One bar of the histogram: games won in `guesses` guesses, `share` of the tallest bar."""

    guesses: int
    games: int
    share: float


class Compared(NamedTuple):
    """A line of the comparison: who played, the mean (decimal text), the worst, where it comes from."""

    name: str
    mean: str
    worst: str
    source: str


class LabView:
    """The Lab: the strategy's source, the rules, a run's progress and score, the comparison and a
    watched game. The screen (``static/lab_screen.py``) owns the worker and tells this view what
    it answered; every word is chosen here."""

    mode = "lab"
    title = N_("Lab")

    def __init__(self, config: Config = CLASSIC, source: str = "") -> None:
        self.config = config
        self.source = source
        self.errors: dict[str, str] = {}
        self.limit = lab.LIMIT
        self.state = "idle"
        self.run_rules = lab.Rules.of(config)
        self.secrets: lab.Secrets | None = None
        self.games: list[lab.GameResult] = []
        self.score: lab.Score | None = None
        self.partial = False
        self.computers: dict[tuple[str, str], lab.Score] = {}
        """Each computer player's score by (rules as JSON, name): once per rules, kept in memory."""
        self.error_line: int | None = None
        self.problem = ""
        self.watch_secret = ""
        self.watched: list[Row] = []
        self.watched_text = ""
        self.runs = 0
        """Runs started so far (the page marks it, so a test knows its run has begun)."""
        self.posted = False
        """Whether the strategy posted a message of its own to the page this run (ignored, said)."""
        self.status = self.prompt

    # The words around the screen

    @property
    def prompt(self) -> str:
        return _("Write a strategy in Python, then press Run to score it on every secret.")

    @property
    def intro(self) -> str:
        return _("A strategy is a Python function guess(history, rules) that returns the next code. It runs in a "
                 "worker of its own, away from the page and its stored data; each guess may take {seconds} s.").format(
            seconds=lab.seconds(self.limit))

    @property
    def running(self) -> bool:
        return self.state != "idle"

    # The rules (the settings form's fields, as Solve has them)

    @property
    def rule_fields(self) -> list[Field]:
        return rule_fields(self.config, self.errors)

    def edit_rule(self, label: str, value: str) -> None:
        """Change a rule of the next run; refused, with the reason, outside the rules or during a run."""
        if self.running:
            self.status = _("The rules cannot change during a run. Press Stop first.")
            return
        self.errors.pop(label, None)
        try:
            self.config = SETTINGS[label](self.config, value)
        except (ConfigError, KeyError) as error:
            reason = getattr(error, "reason", None) or _("not a rule of this page")
            self.errors[label] = f"{reason[:1].upper()}{reason[1:]}."
            self.status = " ".join([_("Rules not changed."), _("{field}: {message}").format(field=_(label), message=self.errors[label])])
            return
        self.status = _("Rules: {pegs}, {count} colours, {repeats}.").format(
            pegs=ngettext("{count} peg", "{count} pegs", self.config.pegs).format(count=self.config.pegs),
            count=len(self.config.colors),
            repeats=_("colours may repeat") if self.config.allow_duplicates else _("no colour twice"))

    def edit_source(self, source: str) -> None:
        """The strategy's text as the player typed it; an error's line stays shown until the next run."""
        self.source = source

    # A run, as the worker answers

    def start(self) -> bool:
        """Begin a run of the strategy under the rules; False (said) while one goes on or the rules are wrong."""
        if self.running:
            return False
        if self.errors:
            self.status = _("Mend the rules first: {errors}").format(errors=" ".join(self.errors.values()))
            return False
        self.state = "loading"
        self.runs += 1
        self.run_rules = lab.Rules.of(self.config)
        self.secrets = lab.secrets(self.run_rules)
        self.games, self.score, self.partial = [], None, False
        self.error_line, self.problem, self.watched, self.watched_text = None, "", [], ""
        self.posted = False
        self.status = _("Loading the strategy...")
        return True

    @property
    def rules_key(self) -> str:
        return json.dumps(self.run_rules.config.to_dict(), sort_keys=True)

    def loaded(self) -> None:
        self.state = "scoring"
        self.status = _("Scoring the strategy on {secrets}").format(secrets=self._secrets_words)

    @property
    def _secrets_words(self) -> str:
        secrets = self.secrets or lab.secrets(self.run_rules)
        return (ngettext("a sample of {count} secret", "a sample of {count} secrets", len(secrets.codes)) if secrets.sample
                else ngettext("{count} secret", "{count} secrets", len(secrets.codes))).format(count=number(len(secrets.codes))) + "."

    def refused(self, sentence: str, line: int | None) -> None:
        """The strategy could not be loaded: its sentence, and the line shown in the editor."""
        self.state = "idle"
        self.error_line = line
        self.problem = sentence
        self.status = sentence

    def played(self, games: Iterable[lab.GameResult]) -> None:
        """Games the worker played, in order."""
        self.games.extend(games)

    @property
    def next_secret(self) -> int:
        """The index of the secret the run plays next."""
        return len(self.games)

    def too_slow(self) -> bool:
        """The game in progress passed the limit and its worker was ended: it counts as a game not
        won, too slow; returns whether secrets are left for a fresh worker to go on with."""
        secrets = self.secrets
        if self.state != "scoring" or secrets is None or self.next_secret >= len(secrets.codes):
            return False  # no game goes on (start() draws the secrets)
        sentence = _("No answer within {seconds} s; the game was stopped and the run went on with the next secret.").format(
            seconds=lab.seconds(self.limit))
        self.games.append(lab.GameResult(secrets.codes[self.next_secret], (), False, lab.Problem("slow", sentence)))
        return self.next_secret < len(secrets.codes)

    def finished(self) -> None:
        """Every secret played: the score, then the computers' on the same secrets."""
        self.score = lab.Score.of(self.games, self.run_rules)
        self._problem()
        self.watch_secret = shown(self.score.worst_secret or "", self.run_rules.config)
        self.state = "comparing" if self.to_compare else "idle"
        self.status = _("Scored: mean {mean}, worst {worst}.").format(mean=number(self.score.mean, 3), worst=self.score.worst)
        if self.posted:
            self.status = " ".join([self.status, _(POSTED)])

    def junk(self) -> bool:
        """The strategy posted a message of its own to the page: it is ignored, and said once a
        run; returns whether that is news."""
        if self.posted:
            return False
        self.posted = True
        self.status = _(POSTED)
        return True

    def _problem(self) -> None:
        first = self.score.problem if self.score else None
        if first is not None and first.problem is not None:
            self.error_line = first.problem.line
            self.problem = _("First problem, secret {secret}: {sentence}").format(
                secret=shown(first.secret, self.run_rules.config), sentence=first.problem.sentence)

    def stop(self) -> None:
        """Stop pressed: the run ends; the games played so far are scored, named as such."""
        if not self.running:
            return
        if self.state in ("scoring", "loading"):
            self.score = lab.Score.of(self.games, self.run_rules) if self.games else None
            self.partial = True
            self._problem()
            done, total = self.progress
            self.status = _("Stopped after {done} of {total} secrets.").format(done=number(done), total=number(total))
        else:
            self.status = _("Stopped before the computer players were scored.")
        self.state = "idle"

    def timed_out(self) -> None:
        """The watchdog ended the worker outside a run's games: while the strategy loaded, a
        watched game's guess, or the computer players'."""
        if self.state == "loading":
            self.refused(_("The strategy did not finish loading within {seconds} s.").format(seconds=lab.seconds(lab.LOAD_LIMIT)), None)
        elif self.state == "comparing":
            self.failed(_("The computer players took too long; they were not scored."))
        else:
            self.failed(_("No answer within {seconds} s; the game was stopped.").format(seconds=lab.seconds(self.limit)))

    def failed(self, sentence: str) -> None:
        """The worker could not start or sent what the page cannot read: the run ends, said."""
        self.state = "idle"
        self.status = sentence

    @property
    def to_compare(self) -> list[str]:
        """The computer players not yet scored under the run's rules."""
        return [name for name in COMPUTERS if (self.rules_key, name) not in self.computers]

    def compared(self, name: str, games: Sequence[lab.GameResult]) -> None:
        """A computer player's games on the run's secrets."""
        self.computers[self.rules_key, name] = lab.Score.of(games, self.run_rules)
        if not self.to_compare:
            self.state = "idle"

    # What the screen draws

    @property
    def progress(self) -> tuple[int, int]:
        """Secrets played and secrets in all."""
        return len(self.games), len(self.secrets.codes) if self.secrets else 0

    @property
    def progress_text(self) -> str:
        done, total = self.progress
        if not done:
            return _("{done} of {total} secrets").format(done=0, total=number(total))
        mean = lab.Score.of(self.games, self.run_rules).mean
        return _("{done} of {total} secrets, mean so far {mean}").format(done=number(done), total=number(total), mean=number(mean, 3))

    @property
    def figures(self) -> list[tuple[str, str]]:
        """The Score region's lines, label and figure (the terminal's table)."""
        return lab.figures(self.score) if self.score else []

    @property
    def score_note(self) -> str:
        """Which secrets the score covers."""
        if self.score is None or self.secrets is None:
            return _("No run yet.")
        if self.partial:
            return _("Stopped: {done} of {total} secrets played.").format(done=number(self.score.games), total=number(len(self.secrets.codes)))
        return lab.secrets_line(self.secrets)

    @property
    def bars(self) -> list[Bar]:
        if self.score is None:
            return []
        most = max((games for _guesses, games in self.score.histogram), default=0)
        return [Bar(guesses, games, games / most) for guesses, games in self.score.histogram]

    @property
    def comparison(self) -> list[Compared]:
        """The strategy, the computer players on the same secrets, and the published means."""
        lines = []
        if self.score is not None and not self.partial:
            lines.append(Compared(_("Your strategy"), number(self.score.mean, 3), str(self.score.worst), _("this run")))
            for name in COMPUTERS:
                score = self.computers.get((self.rules_key, name))
                lines.append(Compared(name, number(score.mean, 3), str(score.worst), _("the same secrets")) if score
                             else Compared(name, "...", "...", _("being scored")))
        for reference in lab.references(self.run_rules):
            lines.append(Compared(_(reference.name), number(reference.mean, 3), "", _("published, cited below")))
        return lines

    # Watching a game

    def edit_watch(self, text: str) -> None:
        self.watch_secret = text

    def watch_code(self) -> str | None:
        """The secret to watch (typed in the language's letters, as shown), as the rules' code;
        None (said) when it is not one."""
        try:
            return str(Code.parse(typed(self.watch_secret, self.run_rules.config), self.run_rules.config))
        except CodeError as error:
            self.status = _("Secret to watch: {reason}").format(reason=error.sentence or str(error))
            return None

    def show_game(self, game: lab.GameResult, left: Sequence[int]) -> None:
        """The watched game, guess by guess: feedback and the codes left after each."""
        config = self.run_rules.config
        turns = [Turn(Code.parse(code, config), Feedback(*feedback(game.secret, code))) for code in game.guesses]
        self.watched = [row._replace(left=count) for row, count in zip(history_rows(turns, config), left, strict=True)]
        secret = shown(game.secret, config)
        if game.won:
            self.watched_text = ngettext("Secret {secret}: found in {count} guess.", "Secret {secret}: found in {count} guesses.",
                                         len(game.guesses)).format(secret=secret, count=len(game.guesses))
        else:
            reason = game.problem.sentence if game.problem else _("the guesses ran out.")
            self.watched_text = _("Secret {secret}: not found; {reason}").format(secret=secret, reason=reason)
        self.status = self.watched_text
