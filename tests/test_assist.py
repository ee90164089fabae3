"""Solver assist: the count of codes still possible, the hint and the review of a finished game."""

from __future__ import annotations

import itertools
import random

import pytest

from mastermind import Code, Config, Feedback, Game, feedback
from mastermind.solver import codebreaker, finish
from mastermind.solver.assist import COUNT_LIMIT, Count, hint, still_possible
from mastermind.solver.skill import review

CLASSIC = Config()


def brute_count(config: Config, history) -> int:
    return sum(all(feedback(code, guess) == result for guess, result in history) for code in Code.all(config))


def seeded_game(seed: int, guesses: list[str]) -> Game:
    game = Game(CLASSIC, seed=seed)
    for guess in guesses:
        if not game.over:
            game.guess(guess)
    return game


@pytest.mark.parametrize("seed", range(5))
def test_the_count_is_the_number_of_codes_that_fit(seed):
    game = seeded_game(seed, ["RRGG", "BOYP", "GYRB"])
    for turn in range(len(game.history) + 1):
        history = game.history[:turn]
        assert finish(still_possible(CLASSIC, history)) == Count(brute_count(CLASSIC, history))


def test_big_counts_stop_at_the_limit():
    config = Config(pegs=6, colors=10)
    count = finish(still_possible(config, [("BBGGOP", Feedback(0, 1))]))
    assert count == Count(COUNT_LIMIT, exact=False)
    assert str(count) == "more than 10,000"
    assert finish(still_possible(config, [])) == Count(COUNT_LIMIT, exact=False)
    assert finish(still_possible(config, [], limit=10**6)) == Count(10**6)


@pytest.mark.parametrize(
    ("count", "text", "sentence"),
    [
        (Count(1), "1", "1 code still possible"),
        (Count(2), "2", "2 codes still possible"),
        (Count(1296), "1,296", "1,296 codes still possible"),
        (Count(10_000, exact=False), "more than 10,000", "More than 10,000 codes still possible"),
    ],
)
def test_counts_read_well(count, text, sentence):
    assert str(count) == text
    assert count.sentence() == sentence


def test_the_hint_is_hal9000s_guess_and_the_same_every_time():
    game = seeded_game(3, ["RRRR", "GGBB"])
    first = finish(hint(CLASSIC, game.history))
    assert first == finish(hint(CLASSIC, game.history))
    assert first == codebreaker("HAL9000", CLASSIC, random.Random(0)).next_guess(game.history)
    assert Code.parse(str(first), CLASSIC) == first


def test_hints_alone_break_the_code_quickly():
    for seed in range(20):
        game = Game(CLASSIC, seed=seed)
        while not game.over:
            game.guess(finish(hint(CLASSIC, game.history)))
        assert game.won and game.guesses_made <= 5


def test_the_review_of_a_seeded_game():
    game = seeded_game(11, ["RRGG", "BOYP"])
    while not game.over:  # finish with hints, so the last rows follow the engine
        game.guess(finish(hint(CLASSIC, game.history)))
    rows = finish(review(CLASSIC, game.secret, game.history)).rows
    assert all(row is not None for row in rows)
    assert [row.number for row in rows] == list(range(1, game.guesses_made + 1))
    assert [row.guess for row in rows] == [turn.guess for turn in game.history]
    assert [row.feedback for row in rows] == [turn.feedback for turn in game.history]
    for row, turn in zip(rows, range(1, len(rows) + 1), strict=True):
        history = game.history[:turn]
        assert row.codes == brute_count(CLASSIC, history[:-1])
        assert row.left == brute_count(CLASSIC, history)
        assert row.best == finish(hint(CLASSIC, history[:-1]))
    assert rows[-1].left == 1 and rows[-1].won
    for earlier, later in itertools.pairwise(rows):
        assert earlier.left == later.codes
    for row in rows[2:]:  # played as the engine would: no skill lost
        assert row.best == row.guess and row.skill == 0


def test_the_review_takes_text_and_refuses_a_bad_secret():
    history = [("BBGO", feedback("RBYR", "BBGO")), ("RBYR", Feedback(4, 0))]
    rows = finish(review(CLASSIC, "rbyr", history)).rows
    assert rows[-1] is not None and rows[-1].won
    with pytest.raises(ValueError):
        finish(review(CLASSIC, "RBX", history))
