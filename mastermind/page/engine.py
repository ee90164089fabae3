"""What the page asks of the engine (:mod:`mastermind.solver`): Solve's answer, Solo's hint, review
and count of the codes still possible, the computer players' moves, and the larger games' data
files the engine follows.

The browser adapter asks here rather than of the engine, so that it knows one layer only. Every
question is plain data (a :data:`Request`: dicts, lists, strings, numbers, as JSON carries them)
and so is every answer: the page sends the request to the engine's Web Worker
(``static/engine-worker.mjs``), whose Python answers it with :func:`serve`, and reads the answer
back into the engine's own values here (``read_*``). So the engine's work never runs on the
page's thread. Where the worker cannot run, the page serves the same request itself, in slices
(:func:`serve` too): the answer is the same either way. The engine loads on the first question
(each function imports it then): the Solo board starts without it (``tests/test_lazy_package.py``).

>>> from mastermind import Config
>>> wanted_data(Config()) is None  # the classic game's tree is in the package
True
>>> request = count_request(Config(), [("RGBY", (0, 0))])
>>> request["kind"], request["history"]
('count', [['RGBY', 0, 0]])
>>> from mastermind.solver import finish
>>> work, done = JOBS[request["kind"]](request)
>>> read_count(finish(work))
Count(value=16, exact=True)
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..code import Code
from ..config import Config
from ..feedback import Feedback

if TYPE_CHECKING:  # the engine loads on first use only
    from fractions import Fraction

    from ..solver.assist import Count
    from ..solver.breaker import Codebreaker, History
    from ..solver.clock import Thinking
    from ..solver.rows import Analysis
    from ..solver.skill import Figuring, GuessFigures, Path, Review
    from ..solving import Solve

Request = dict[str, Any]
"""A question for the engine as plain data: its ``kind`` (a key of :data:`JOBS`) and its values."""
Answer = dict[str, Any]
"""The engine's answer as plain data."""
Progress = Callable[[float], None]
"""Told how far a job has come: Solve's share done (0 to 1), a review's guesses done."""
Ask = Callable[[Request, "Progress | None"], Awaitable[Answer]]
"""How the page has a request answered: by the engine's worker, or here (:func:`ask_here`)."""

SLICE_SECONDS = 0.05
"""How long :func:`serve` works between two hand-backs to its event loop. In the worker nothing
waits for the thread but the worker's own messages: a newer request, which ends a job it
supersedes within this long."""
PROGRESS_SECONDS = 0.1
"""At most this often :func:`serve` reports a job's progress."""


# The questions, as plain data


def history_data(history: History) -> list[list[Any]]:
    """A game's guesses and feedback as ``[["RGBY", 1, 2], ...]``."""
    return [[str(guess), feedback[0], feedback[1]] for guess, feedback in history]


def read_history(data: Sequence[Sequence[Any]]) -> list[tuple[str, Feedback]]:
    return [(guess, Feedback(black, white)) for guess, black, white in data]


def solve_request(solve: Solve) -> Request:
    """Solve's answer for its rows as they are (:class:`mastermind.solver.rows.Analyser`)."""
    return {"kind": "solve", "solve": solve.to_dict()}


def count_request(config: Config, history: History) -> Request:
    """How many codes fit every feedback of `history` so far (the solver assist's count)."""
    return {"kind": "count", "config": config.to_dict(), "history": history_data(history)}


def hint_request(config: Config, history: History) -> Request:
    """The guess HAL9000 would play next (Solo's Hint)."""
    return {"kind": "hint", "config": config.to_dict(), "history": history_data(history)}


def review_request(config: Config, secret: Code | str, history: History) -> Request:
    """The skill and luck of each guess of a finished game (Solo's review)."""
    return {"kind": "review", "config": config.to_dict(), "secret": str(secret), "history": history_data(history)}


def ahead_request(config: Config, history: History) -> Request:
    """The review's figures of a game still going on (or just ended), worked out ahead of the
    Review button as each guess is made (:class:`mastermind.solver.skill.Figuring`): the engine
    keeps them for the review of the same game. The answer is how many guesses are figured."""
    return {"kind": "ahead", "config": config.to_dict(), "history": history_data(history)}


def move_request(breaker: Codebreaker, history: History) -> Request:
    """A computer player's next guess: the player as it stands (its random state included, so
    the worker plays what it would have played here) and the game so far."""
    return {"kind": "move", "config": breaker.config.to_dict(), "player": breaker.name,
            "state": breaker.state(), "history": history_data(history)}


# The jobs, where the engine runs (the worker, or the page when it has none)

Job = tuple["Thinking[Answer]", Callable[[], float]]
"""A request's work in slices, and how far it has come."""


def _solve_job(request: Request) -> Job:
    from ..solver.rows import Analyser
    from ..solving import Solve

    solve = Solve.from_dict(request["solve"])
    analyser = Analyser(solve.config, solve.rows)

    def work() -> Thinking[Answer]:
        analysis = yield from analyser.run()
        return analysis_data(analysis)

    return work(), lambda: analyser.progress


def _count_job(request: Request) -> Job:
    from ..solver import assist

    def work() -> Thinking[Answer]:
        count = yield from assist.still_possible(Config.from_dict(request["config"]), read_history(request["history"]))
        return {"value": count.value, "exact": count.exact}

    return work(), lambda: 0.0


def _hint_job(request: Request) -> Job:
    from ..solver import assist

    def work() -> Thinking[Answer]:
        code = yield from assist.hint(Config.from_dict(request["config"]), read_history(request["history"]))
        return {"code": str(code)}

    return work(), lambda: 0.0


_figuring: list[Figuring] = []
"""The game whose review is worked out here (:func:`figuring`): the latest asked about."""


def figuring(config: Config, path: Path) -> Figuring:
    """The review worked out so far of the game at `path`, kept from earlier requests about the
    same game (its guesses so far start with those figured), else a fresh one that replaces it."""
    from ..solver.skill import Figuring

    if not _figuring or not _figuring[0].follows(config, path):
        _figuring[:] = [Figuring(config)]
    return _figuring[0]


def _review_job(request: Request) -> Job:
    from ..solver import skill

    done = [0]

    def step(number: int) -> None:
        done[0] = number

    def work() -> Thinking[Answer]:
        config = Config.from_dict(request["config"])
        path = skill.game_path(config, read_history(request["history"]), request["secret"])
        game = figuring(config, path)
        yield from game.extend(path, step)
        return review_data((yield from game.review()))

    return work(), lambda: done[0]


def _ahead_job(request: Request) -> Job:
    from ..solver import skill

    def work() -> Thinking[Answer]:
        config = Config.from_dict(request["config"])
        path = skill.game_path(config, read_history(request["history"]))
        game = figuring(config, path)
        yield from game.extend(path)
        yield from game.ready()
        return {"figured": len(game.rows)}

    return work(), lambda: 0.0


def _move_job(request: Request) -> Job:
    from ..solver import codebreaker

    breaker = codebreaker(request["player"], Config.from_dict(request["config"]))
    breaker.restore(request["state"])

    def work() -> Thinking[Answer]:
        guess = yield from breaker.think(read_history(request["history"]))
        return {"code": str(guess), "state": breaker.state()}

    return work(), lambda: 0.0


JOBS: dict[str, Callable[[Request], Job]] = {
    "solve": _solve_job, "count": _count_job, "hint": _hint_job, "review": _review_job, "ahead": _ahead_job,
    "move": _move_job,
}
"""Each kind of request and the work that answers it."""

LANES = {"ahead": "review"}
"""Kinds that share another's lane (else each kind is its own): a newer request of a lane makes
an older one stale. The review supersedes the work ahead of it, which it takes over (:func:`figuring`)."""
BACKGROUND = frozenset({"ahead"})
"""Kinds worked on only while no other request is: work ahead of a question not asked yet waits
for those asked."""
_asked = [0]
"""How many requests of other kinds :func:`serve` is answering."""


def lane(request: Request) -> str:
    """The lane of `request` (:data:`LANES`)."""
    kind: str = request["kind"]
    return LANES.get(kind, kind)


async def serve(text: str, report: Progress | None = None, current: Callable[[], bool] | None = None,
                slice_seconds: float = SLICE_SECONDS, progress_seconds: float = PROGRESS_SECONDS) -> str | None:
    """Answer the request `text` (a :data:`Request` as JSON) with the answer as JSON, working in
    slices of `slice_seconds` between which the event loop runs; `report` is told how far it has
    come, at most every `progress_seconds`; None, at once, when `current()` says a newer request
    has replaced this one."""
    from ..solver.clock import paced

    request = json.loads(text)
    work, done = JOBS[request["kind"]](request)
    steps, reported = paced(work, slice_seconds), time.monotonic()
    background = request["kind"] in BACKGROUND
    _asked[0] += not background
    try:
        while True:
            try:
                next(steps)
            except StopIteration as finished:
                return json.dumps(finished.value)
            await asyncio.sleep(0)
            while background and _asked[0] and (current is None or current()):
                await asyncio.sleep(slice_seconds)  # a request asked meanwhile goes first
            if current is not None and not current():
                return None
            now = time.monotonic()
            if report is not None and now - reported >= progress_seconds:
                reported = now
                report(done())
    finally:
        _asked[0] -= not background


def request_config(request: Request) -> Config:
    """The rules of the game `request` is about."""
    return Config.from_dict(request["solve"]["config"] if request["kind"] == "solve" else request["config"])


def data_for(text: str) -> str | None:
    """The data file the request `text` needs fetched first (:func:`wanted_data`), if any."""
    return wanted_data(request_config(json.loads(text)))


async def ask_here(request: Request, progress: Progress | None = None) -> Answer:
    """Answer `request` on the page's own thread, in the engine's usual slices (where no worker
    runs): what the worker would answer, the page drawing and reacting between slices."""
    from ..solver.clock import SLICE_SECONDS as PAGE_SLICE

    text = await serve(json.dumps(request), progress, slice_seconds=PAGE_SLICE)
    assert text is not None  # no `current`: never replaced
    return dict(json.loads(text))


# The answers, read back into the engine's values


def analysis_data(analysis: Analysis) -> Answer:
    conflict = analysis.conflict
    return {"count": analysis.count, "exact": analysis.exact, "bound": analysis.bound, "codes": list(analysis.codes),
            "suggestion": analysis.suggestion, "expected": analysis.expected,
            "conflict": None if conflict is None else {"remove": list(conflict.remove), "against": list(conflict.against)}}


def read_analysis(data: Mapping[str, Any]) -> Analysis:
    from ..solver.rows import Analysis, Conflict

    conflict = data["conflict"]
    return Analysis(data["count"], data["exact"], data["bound"], tuple(data["codes"]), data["suggestion"],
                    data["expected"], None if conflict is None else Conflict(tuple(conflict["remove"]), tuple(conflict["against"])))


def read_count(data: Mapping[str, Any]) -> Count:
    from ..solver.assist import Count

    return Count(data["value"], data["exact"])


def _fraction(value: Fraction | None) -> list[int] | None:
    return None if value is None else [value.numerator, value.denominator]


def _read_fraction(data: Sequence[int] | None) -> Fraction | None:
    from fractions import Fraction

    return None if data is None else Fraction(data[0], data[1])


def review_data(review: Review) -> Answer:
    def row(figures: GuessFigures | None) -> dict[str, Any] | None:
        if figures is None:
            return None
        return {name: [*value] if name == "feedback" else str(value) if name in ("guess", "best") else value
                for name, value in vars(figures).items()}

    return {"rows": [row(figures) for figures in review.rows], "start": _fraction(review.start),
            "remaining": _fraction(review.remaining)}


def read_review(data: Mapping[str, Any], config: Config) -> Review:
    from ..solver.skill import GuessFigures, Review

    def row(values: Mapping[str, Any] | None) -> GuessFigures | None:
        if values is None:
            return None
        return GuessFigures(**{**values, "guess": Code.parse(values["guess"], config), "best": Code.parse(values["best"], config),
                               "feedback": Feedback(*values["feedback"])})

    remaining = _read_fraction(data["remaining"])
    assert remaining is not None
    return Review(tuple(row(values) for values in data["rows"]), _read_fraction(data["start"]), remaining)


# What the page asks, answered by `ask` (the worker's, or here)


async def analysis(solve: Solve, progress: Progress | None = None, ask: Ask = ask_here) -> Analysis:
    """Solve's answer for its rows: the count, the codes when few, the suggestion, the conflict."""
    return read_analysis(await ask(solve_request(solve), progress))


async def still_possible(config: Config, history: History, ask: Ask = ask_here) -> Count:
    """How many codes fit every feedback of `history` so far (the solver assist's count)."""
    return read_count(await ask(count_request(config, history), None))


async def hint(config: Config, history: History, ask: Ask = ask_here) -> Code:
    """The guess HAL9000 would play next (Solo's Hint)."""
    return Code.parse((await ask(hint_request(config, history), None))["code"], config)


async def review(config: Config, secret: Code | str, history: History,
                 progress: Callable[[int], None] | None = None, ask: Ask = ask_here) -> Review:
    """The skill and luck of each guess of a finished game (Solo's review); `progress(number)` as
    the figures of guess `number` are done (at most every :data:`PROGRESS_SECONDS`)."""
    report = None if progress is None else (lambda done: progress(int(done)))
    return read_review(await ask(review_request(config, secret, history), report), config)


async def move(breaker: Codebreaker, history: History, ask: Ask = ask_here) -> Code:
    """The computer player `breaker`'s next guess; `breaker` then stands as if it had thought it
    here (its random state moved on)."""
    answer = await ask(move_request(breaker, history), None)
    breaker.restore(answer["state"])
    return Code.parse(answer["code"], breaker.config)


REVIEW_SLICE_SECONDS = 0.01
"""A review hands back at least this often between two of HAL9000's moves; each move hands back
every 20 ms itself (:data:`mastermind.solver.clock.SLICE_SECONDS`), so no step of a review keeps
the page much longer than 30 ms, and a run of quick moves is not one trip through the event loop
each."""


def review_work(config: Config, secret: Code | str, history: History,
                progress: Callable[[int], None] | None = None) -> Thinking[Review]:
    """The review as the page stepped it on its own thread (``bench/review.py`` times the same)."""
    from ..solver import clock, skill

    return clock.paced(skill.review(config, secret, history, progress), REVIEW_SLICE_SECONDS)


def wanted_data(config: Config) -> str | None:
    """The site path of the data file the engine follows in games of `config`, if the page must
    fetch it first (:func:`provide_data`); None when it has it or needs none."""
    from ..solver import strategy
    from ..solver.space import CodeSpace

    return strategy.wanted(CodeSpace.of(config))


def provide_data(path: str, text: str) -> None:
    """Hand the engine the text of the data file fetched from `path` (:func:`wanted_data`)."""
    from ..solver import strategy

    strategy.provide(path, text)
