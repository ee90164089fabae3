"""What the page asks of the engine (mastermind/page/engine.py), asked as the page asks it: awaited
in an event loop, or stepped slice by slice; and a larger game's data file handed over."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mastermind import Config, Feedback
from mastermind.page import engine
from mastermind.solver import assist, finish, skill

HISTORY = [("RGBY", Feedback(1, 1)), ("BBGG", Feedback(0, 1))]


@pytest.mark.cpython_only(reason="asyncio.run needs WebAssembly stack switching, which Node 20 lacks (the page's loop is PyScript's)")
def test_the_count_of_codes_left_is_the_assists():
    assert asyncio.run(engine.still_possible(Config(), HISTORY)) == finish(assist.still_possible(Config(), HISTORY))


@pytest.mark.cpython_only(reason="asyncio.run needs WebAssembly stack switching, which Node 20 lacks (the page's loop is PyScript's)")
def test_the_hint_is_hals_next_guess():
    hint = asyncio.run(engine.hint(Config(), HISTORY))
    assert hint == finish(assist.hint(Config(), HISTORY))


@pytest.mark.cpython_only(reason="asyncio.run needs WebAssembly stack switching, which Node 20 lacks (the page's loop is PyScript's)")
def test_the_review_is_the_engines_skill_and_luck_with_progress():
    history = [("GGBB", Feedback(1, 1)), ("RGBY", Feedback(4, 0))]
    done: list[int] = []
    figures = asyncio.run(engine.review(Config(), "RGBY", history, done.append))
    assert figures == finish(skill.review(Config(), "RGBY", history))
    assert len(figures.rows) == 2 and done == [1, 2]


@pytest.mark.cpython_only(reason="asyncio.run needs WebAssembly stack switching, which Node 20 lacks (the page's loop is PyScript's)")
def test_run_hands_back_between_slices_and_returns_the_result():
    def work() -> Iterator[None]:
        for _ in range(3):
            yield None
        return "done"  # type: ignore[return-value]

    assert asyncio.run(engine.run(work())) == "done"


def test_paced_work_yields_once_a_slice_and_ends_with_the_result():
    def work() -> Any:
        for _ in range(5):
            yield None
        return 42

    steps = engine.paced(work())
    with pytest.raises(StopIteration) as finished:
        while True:
            next(steps)
    assert finished.value.value == 42


def test_the_page_fetches_a_listed_file_and_hands_it_over(page_package):
    from mastermind.solver.space import CodeSpace

    config = Config(pegs=6, colors=9)
    assert engine.wanted_data(Config()) is None
    assert engine.wanted_data(config) == "data/6x9.json"
    text = (Path(__file__).parent.parent / "mastermind" / "data" / "6x9.json").read_text()
    engine.provide_data("data/6x9.json", text)
    assert engine.wanted_data(config) is None
    assert page_package.Strategy.of(CodeSpace.of(config)) is not None
    with pytest.raises(ValueError, match="not an on-demand data file"):
        engine.provide_data("data/4x6.json", "{}")
