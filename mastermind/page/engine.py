"""What the page asks of the engine (:mod:`mastermind.solver`): Solo's hint, review and count of the
codes still possible, the computer players' moves thought in slices, and the larger games' data
files the page fetches for it.

The browser adapter asks here rather than of the engine, so that it knows one layer only. The
engine loads on the first question (each function imports it then): the Solo board starts
without it (``tests/test_lazy_package.py``).

>>> from mastermind import Config
>>> wanted_data(Config()) is None  # the classic game's tree is in the package
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:  # the engine loads on first use only
    from collections.abc import Callable

    from ..code import Code
    from ..config import Config
    from ..solver.assist import Count
    from ..solver.breaker import History
    from ..solver.clock import Thinking
    from ..solver.skill import Review

T = TypeVar("T")


async def run(work: Thinking[T]) -> T:
    """Run the engine's `work` in the page's event loop, the page drawing and reacting between
    slices (:func:`mastermind.solver.run_async`)."""
    from ..solver.clock import run_async

    return await run_async(work)


def paced(work: Thinking[T]) -> Thinking[T]:
    """`work` handing back once per time slice only, for a caller that steps it itself
    (:func:`mastermind.solver.clock.paced`)."""
    from ..solver import clock

    return clock.paced(work)


async def still_possible(config: Config, history: History) -> Count:
    """How many codes fit every feedback of `history` so far (the solver assist's count)."""
    from ..solver import assist

    return await run(assist.still_possible(config, history))


async def hint(config: Config, history: History) -> Code:
    """The guess HAL9000 would play next (Solo's Hint)."""
    from ..solver import assist

    return await run(assist.hint(config, history))


REVIEW_SLICE_SECONDS = 0.01
"""A review hands back at least this often between two of HAL9000's moves; each move hands back
every 20 ms itself (:data:`mastermind.solver.clock.SLICE_SECONDS`), so no step of a review keeps
the page much longer than 30 ms, and a run of quick moves is not one trip through the event loop
each."""


def review_work(config: Config, secret: Code | str, history: History,
                progress: Callable[[int], None] | None = None) -> Thinking[Review]:
    """The review as the page steps it (``bench/review.py`` times the same)."""
    from ..solver import clock, skill

    return clock.paced(skill.review(config, secret, history, progress), REVIEW_SLICE_SECONDS)


async def review(config: Config, secret: Code | str, history: History,
                 progress: Callable[[int], None] | None = None) -> Review:
    """The skill and luck of each guess of a finished game (Solo's review), worked out in time
    slices; `progress(number)` as each guess's figures are done."""
    return await run(review_work(config, secret, history, progress))


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
