"""What the page asks of the engine (mastermind/page/engine.py), answered on the page's own thread
as where its worker cannot run: awaited in an event loop; and a larger game's data file handed
over. tests/test_engine_requests.py checks the same answers through JSON, as the worker gives them."""

from __future__ import annotations

import asyncio
from pathlib import Path

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
    assert len(figures.rows) == 2 and all(number in (0, 1, 2) for number in done)


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
