"""The Lab on the page: the protocol with the Lab's worker, both of its sides, and what the screen shows.

A player's strategy runs in its own Web Worker (``static/lab-worker.mjs``, its own Pyodide), never
in the page's interpreter, so that the page can end it at any moment (``terminate``): Stop, and a
guess that takes longer than the limit. Every message is JSON text of plain data:

========================================================  ====================================================
The page asks (each with an ``id``)                        The worker answers (with that ``id``)
========================================================  ====================================================
``{kind: "load", source, config}``                         ``{kind: "ok"}`` or ``{kind: "problem", sentence, line}``
``{kind: "score", player, start, limit}``                  ``{kind: "progress", done, total, mean, games}`` ...
                                                           then ``{kind: "result", games, score}``
``{kind: "guess", history, limit}``                        ``{kind: "code", code}`` or ``{kind: "problem", ...}``
``{kind: "watch", secret, limit}``                         ``{kind: "game", game, left}``
========================================================  ====================================================

``config`` is :meth:`mastermind.config.Config.to_dict`'s; ``player`` is ``"strategy"`` (the one
loaded) or a computer player's name (HAL9000, VIKI: the same harness plays them); a score plays
:func:`mastermind.lab.secrets` of the rules from the `start`-th on; ``games`` are the games played
since the last message (:func:`game_data`), ``done`` counts them from the first secret; a problem's
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
>>> [read(text, 2).kind for text in worker.serve(score_request(2, "strategy"))]
['result']
>>> read('{"id": 2, "kind": "result", "games": "junk", "score": {}}', 2)
Traceback (most recent call last):
...
mastermind.page.lab.ProtocolError: The Lab's worker sent a message the page cannot read (games); the run was stopped.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, NamedTuple

from .. import lab
from ..config import Config
from ..errors import CodeError, StrategyError
from ..feedback import feedback
from ..i18n import _

STRATEGY = "strategy"
"""The ``player`` of a score request that means the strategy loaded."""
COMPUTERS = ("HAL9000", "VIKI")
"""The computer players a run is compared with, scored on the same secrets."""
BATCH_GAMES = 25
"""A score's progress is posted after this many games ..."""
BATCH_SECONDS = 0.1
"""... or this many seconds, whichever comes first: the page handles a few messages a second."""
BEAT_SECONDS = 0.25
"""A guess that starts this long after the worker's last message posts a beat first, so the
page's watchdog hears from a healthy worker at least every guess limit plus this."""
MARGIN = 1.0
"""Seconds the page's watchdog waits past a guess's limit (and the beat's delay) before it ends the worker."""
COMPUTER_LIMIT = 10.0
"""Seconds a computer player may take over one guess (the engine's opening of a large game)."""
LONGEST_TEXT = 2_000
"""Characters of a sentence or a code the page takes from the worker."""
ANSWERS = frozenset({"ok", "problem", "progress", "result", "code", "game", "error"})
"""What the worker answers a request with."""
NEWS = frozenset({"ready", "failed", "beat"})
"""What the worker says of itself, without an id."""


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
        batch: list[dict[str, Any]] = []
        sent = time.monotonic()
        for game in lab.play(player, rules, codes[start:], limit=limit, guard=self.guard):
            games.append(game)
            batch.append(game_data(game))
            if len(batch) >= BATCH_GAMES or time.monotonic() - sent >= BATCH_SECONDS:
                yield {"kind": "progress", "done": start + len(games), "total": len(codes),
                       "mean": lab.Score.of(games, rules).mean, "games": batch}
                batch, sent = [], time.monotonic()
        yield {"kind": "result", "games": batch, "score": score_data(lab.Score.of(games, rules))}

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
    if not isinstance(text, str) or len(text) > 50_000_000:
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
            _whole(data, "done"), _whole(data, "total"), _decimal(data, "mean")
        elif not isinstance(data.get("score"), dict):
            raise ProtocolError("score")
    elif kind == "game":
        if not isinstance(data.get("game"), dict) or not isinstance(data.get("left"), list):
            raise ProtocolError("game")
        if not all(isinstance(count, int) and not isinstance(count, bool) for count in data["left"]):
            raise ProtocolError("left")
    if rules is not None:
        read_games(data, rules)
    return Message(kind, data["id"], data)


def read_games(data: Mapping[str, Any], rules: lab.Rules) -> list[lab.GameResult]:
    """The games a progress, result or game message carries, each checked (:func:`read_game`)."""
    if "game" in data:
        return [read_game(data["game"], rules)]
    return [read_game(game, rules) for game in data.get("games", ())]
