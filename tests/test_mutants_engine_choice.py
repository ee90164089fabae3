"""The pool scorer's edges that the other tests leave open: ``n log2 n`` for parts larger than its
table, how often :func:`entropies` ticks while it counts, and the words of an empty pool's refusal."""

from __future__ import annotations

import math

import pytest

from mastermind import Config
from mastermind.solver import finish
from mastermind.solver.choice import _SIZE_LOG_SIZE, LANE, SCORE_WORK, _n_log_n, entropies, feedbacks, order
from mastermind.solver.space import CodeSpace


def test_n_log_n_past_the_table_is_n_log2_n_and_zero_for_zero():
    largest = len(_SIZE_LOG_SIZE)  # one part larger than the table reaches
    n_log_n = _n_log_n(largest)
    assert n_log_n(0) == 0.0
    assert n_log_n(1) == 0.0
    assert n_log_n(8) == 24.0
    assert [n_log_n(size) for size in range(1, 100)] == _SIZE_LOG_SIZE[1:100]
    assert n_log_n(largest) == largest * math.log2(largest)


def test_n_log_n_within_the_table_reaches_its_largest_part():
    largest = len(_SIZE_LOG_SIZE) - 1
    assert _n_log_n(largest)(largest) == largest * math.log2(largest)


@pytest.mark.parametrize(("width", "count"), [
    (3000, 10),  # SCORE_WORK // 3000 = 1: a tick after every target
    (2000, 9),  # every second target: 4 ticks among 9
    (20, 300),  # every 204th target, counted afresh in each lane of LANE targets
])
def test_entropies_ticks_once_every_score_work_scorings_in_each_lane_then_once_per_feedback(width, count):
    space = CodeSpace.of(Config(pegs=5, colors=5))
    codes = list(space.all_digits())
    pool, targets = codes[:width], codes[-count:]
    steps = []
    scoring = entropies(space, pool, targets)
    try:
        while True:
            steps.append(next(scoring))
    except StopIteration as stop:
        scores = stop.value
    every = max(1, SCORE_WORK // width)
    lanes = [len(targets[start:start + LANE]) for start in range(0, count, LANE)]
    keys = [space.key(target) for target in targets]
    indexes = set().union(*(feedbacks(space, guess, keys) for guess in pool))
    assert steps == [None] * (sum(size // every for size in lanes) + len(indexes))
    assert len(scores) == width


def test_an_empty_pool_is_refused_in_words():
    with pytest.raises(ValueError, match=r"^no guess to choose from$"):
        order([], [], set())


def test_entropies_of_no_target_is_zero_for_each_guess_at_once():
    space = CodeSpace.of(Config(pegs=3, colors=3))
    assert finish(entropies(space, [(0, 0, 0), (0, 1, 2)], [])) == [0.0, 0.0]
