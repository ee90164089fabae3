"""The engine's questions and answers as plain data (mastermind/page/engine.py), as the page sends
them to the engine's Web Worker: a request and its answer pass through JSON and come back as the
very values the engine gives in-process, for Solve's rows, the count, the hint, the review and the
computer players' moves; a newer request makes an older one stop; progress is reported."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mastermind import Code, Config, Feedback
from mastermind.feedback import feedback
from mastermind.page import engine
from mastermind.solver import assist, codebreaker, finish, skill
from mastermind.solver.rows import Analyser
from mastermind.solving import Solve, slot_marks, text_of

SMALL = Config(pegs=3, colors=4)


def through_json(request: engine.Request) -> engine.Answer:
    """`request` answered as the worker answers it: JSON in, the job run to its end, JSON out."""
    work, _done = engine.JOBS[request["kind"]](json.loads(json.dumps(request)))
    return dict(json.loads(json.dumps(finish(work))))


@st.composite
def solves(draw: Any) -> Solve:
    """Rows of a game played elsewhere: each guess's feedback from one secret (so the rows fit a
    code) or, now and then, made up (so they may not); some slots or counts unseen, some rows
    ignored."""
    config = draw(st.sampled_from([SMALL, Config(), Config(allow_duplicates=False)]))
    rule = draw(st.sampled_from(["black-white", "per-slot"]))
    codes = st.lists(st.sampled_from(config.letters), min_size=config.pegs, max_size=config.pegs).map("".join)
    if not config.allow_duplicates:
        codes = st.permutations(config.letters).map(lambda letters: "".join(letters[: config.pegs]))
    secret = draw(codes)
    rows = []
    for _ in range(draw(st.integers(0, 5))):
        guess = draw(codes)
        truth = draw(codes) if draw(st.integers(0, 5)) == 0 else secret
        marks = text_of(slot_marks(truth, guess))
        if rule == "per-slot":
            feedback: Any = "".join(draw(st.sampled_from([mark, mark, "?"])) for mark in marks)
        else:
            black, white = marks.count("+"), marks.count("~")
            feedback = [draw(st.sampled_from([black, black, None])), draw(st.sampled_from([white, white, None]))]
        rows.append({"guess": guess, "feedback": feedback, "ignored": draw(st.integers(0, 6)) == 0})
    return Solve.from_dict({"mode": "solve", "config": config.to_dict(), "rule": rule, "rows": rows})


@given(solves())
def test_solve_s_answer_through_json_is_the_engine_s_own(solve):
    answer = through_json(engine.solve_request(solve))
    assert engine.read_analysis(answer) == finish(Analyser(solve.config, solve.rows).run())


def test_a_conflict_comes_back_with_its_rows():
    solve = Solve.from_dict({"mode": "solve", "config": Config().to_dict(), "rule": "black-white", "rows": [
        {"guess": "RGBY", "feedback": [4, 0], "ignored": False},
        {"guess": "RGBO", "feedback": [4, 0], "ignored": False}]})
    analysis = engine.read_analysis(through_json(engine.solve_request(solve)))
    assert analysis.count == 0 and analysis.conflict is not None and analysis.conflict.remove
    assert analysis == finish(Analyser(solve.config, solve.rows).run())


HISTORIES = [[], [("RGBY", Feedback(1, 1))], [("RGBY", Feedback(1, 1)), ("BBGG", Feedback(0, 1))]]


@pytest.mark.parametrize("history", HISTORIES)
def test_the_count_and_the_hint_through_json_are_the_assist_s(history):
    assert engine.read_count(through_json(engine.count_request(Config(), history))) == finish(
        assist.still_possible(Config(), history))
    hint = Code.parse(through_json(engine.hint_request(Config(), history))["code"], Config())
    assert hint == finish(assist.hint(Config(), history))


@settings(max_examples=25)
@given(st.randoms(use_true_random=False), st.integers(1, 3))
def test_a_review_through_json_is_the_engine_s_own(rng, guesses):
    config = SMALL
    secret = Code.random(config, rng)
    history = [(Code.random(config, rng), None) for _ in range(guesses)]
    history = [(guess, Feedback(*[text_of(slot_marks(secret.letters, guess.letters)).count(mark) for mark in "+~"]))
               for guess, _ in history]
    if history[-1][1].black == config.pegs or any(feedback.black == config.pegs for _, feedback in history[:-1]):
        history = [turn for turn in history if turn[1].black < config.pegs]
    history.append((secret, Feedback(config.pegs, 0)))
    answer = through_json(engine.review_request(config, secret, history))
    assert engine.read_review(answer, config) == finish(skill.review(config, secret, history))


def test_the_review_takes_over_the_figures_worked_out_ahead_as_the_game_went():
    """The page asks for each guess's figures as it is made (no secret: the feedback the game
    states); the review then finds them done, and another game's figures replace them."""
    config, secret = Config(), Code("RGBY")
    history = [(Code(guess), feedback(secret, Code(guess))) for guess in ("RRGG", "BOYP", "GBOY", "RGBY")]
    for made in range(1, len(history) + 1):
        assert through_json(engine.ahead_request(config, history[:made])) == {"figured": made}
    kept = engine._figuring[0]
    positions = dict(kept.play._totals)
    answer = through_json(engine.review_request(config, secret, history))
    assert engine._figuring[0] is kept and kept.play._totals == positions  # nothing left to work out
    assert engine.read_review(answer, config) == finish(skill.review(config, secret, history))
    through_json(engine.ahead_request(config, history[1:2]))  # another game
    assert engine._figuring[0] is not kept and len(engine._figuring[0].rows) == 1


@pytest.mark.cpython_only(reason="asyncio.run needs WebAssembly stack switching, which Node 20 lacks (the page's loop is PyScript's)")
def test_work_ahead_waits_while_a_question_is_answered():
    """The review's figures worked out ahead (a small game's, quick) wait for a question asked
    (a count of a 6x10 game's codes, longer): the question's answer comes first."""
    ahead = json.dumps(engine.ahead_request(SMALL, [("BGO", Feedback(0, 1))]))
    count = json.dumps(engine.count_request(Config(pegs=6, colors=10), [("RGBYOP", Feedback(0, 2))]))
    done: list[str] = []

    async def answer(text: str, name: str) -> None:
        assert await engine.serve(text, slice_seconds=0.0001) is not None
        done.append(name)

    async def both() -> None:
        await asyncio.gather(answer(count, "count"), answer(ahead, "ahead"))

    asyncio.run(both())
    assert done == ["count", "ahead"]


@pytest.mark.parametrize("player", ["HAL9000", "VIKI"])
@pytest.mark.parametrize("config", [Config(), Config(pegs=5, colors=7)])
def test_a_computer_move_through_json_is_the_player_s_own_and_moves_its_state_on(player, config):
    """The worker plays what the page's own player would have played, and the page's player then
    stands where it would have stood: the next moves agree too."""
    here, there = codebreaker(player, config, random.Random(7)), codebreaker(player, config, random.Random(7))
    secret = Code.random(config, random.Random(3))
    history: list[tuple[Code, Feedback]] = []
    while not history or history[-1][1].black < config.pegs:
        answer = through_json(engine.move_request(there, history))
        there.restore(answer["state"])
        guess = Code.parse(answer["code"], config)
        assert guess == here.next_guess(history)
        assert there.state() == here.state()
        history.append((guess, feedback(secret, guess)))


def test_an_unknown_kind_of_request_is_refused():
    with pytest.raises(KeyError):
        engine.JOBS["sing"]


@pytest.mark.cpython_only(reason="asyncio.run needs WebAssembly stack switching, which Node 20 lacks (the page's loop is PyScript's)")
def test_serve_answers_reports_progress_and_stops_when_replaced():
    solve = Solve.from_dict({"mode": "solve", "config": Config(pegs=6, colors=10).to_dict(), "rule": "black-white",
                             "rows": [{"guess": "RGBYOP", "feedback": [1, 1], "ignored": False}]})
    text = json.dumps(engine.solve_request(solve))
    reported: list[float] = []
    answer = asyncio.run(engine.serve(text, reported.append, slice_seconds=0.001, progress_seconds=0))
    assert answer is not None and engine.read_analysis(json.loads(answer)).count > 0
    assert reported and all(0 <= done <= 1 for done in reported)
    asked = []

    def current() -> bool:
        asked.append(True)
        return len(asked) < 3

    assert asyncio.run(engine.serve(text, current=current, slice_seconds=0.001)) is None
    assert len(asked) == 3


@pytest.mark.cpython_only(reason="asyncio.run needs WebAssembly stack switching, which Node 20 lacks (the page's loop is PyScript's)")
def test_the_page_s_own_answers_are_the_worker_s():
    history = [("RGBY", Feedback(1, 1))]
    assert asyncio.run(engine.hint(Config(), history)) == finish(assist.hint(Config(), history))
    assert asyncio.run(engine.still_possible(Config(), history)) == finish(assist.still_possible(Config(), history))
    player = codebreaker("VIKI", Config(), random.Random(5))
    twin = codebreaker("VIKI", Config(), random.Random(5))
    assert asyncio.run(engine.move(player, history)) == twin.next_guess(history)
    assert player.state() == twin.state()


def test_a_request_names_the_data_file_its_game_needs():
    assert engine.data_for(json.dumps(engine.hint_request(Config(), []))) is None
    solve = Solve.from_dict({"mode": "solve", "config": Config(pegs=6, colors=9).to_dict(), "rule": "black-white", "rows": []})
    assert engine.data_for(json.dumps(engine.solve_request(solve))) in ("data/6x9.json", None)
