"""The engine's edges that the other tests leave open: ``n log2 n`` for parts larger than its
table, how often :func:`entropies` and the multiset builders tick, a clock that reaches a slice's
end exactly, the words of a refusal, and a won game whose luck saved nothing."""

from __future__ import annotations

import math
from collections.abc import Generator
from fractions import Fraction

import pytest

from mastermind import Code, Config, Feedback
from mastermind.solver import finish
from mastermind.solver.choice import _SIZE_LOG_SIZE, LANE, SCORE_WORK, _n_log_n, entropies, feedbacks, order
from mastermind.solver.clock import paced
from mastermind.solver.constraints import TICK, Constraints
from mastermind.solver.skill import GuessFigures, Review
from mastermind.solver.space import TICK as BUILD_TICK
from mastermind.solver.space import CodeSpace

from .test_solver import think_through


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
    ticks, scores = think_through(entropies(space, pool, targets))
    every = max(1, SCORE_WORK // width)
    lanes = [len(targets[start:start + LANE]) for start in range(0, count, LANE)]
    keys = [space.key(target) for target in targets]
    indexes = set().union(*(feedbacks(space, guess, keys) for guess in pool))
    assert ticks == sum(size // every for size in lanes) + len(indexes)
    assert len(scores) == width


def test_an_empty_pool_is_refused_in_words():
    with pytest.raises(ValueError, match=r"^no guess to choose from$"):
        order([], [], set())


def test_entropies_of_no_target_is_zero_for_each_guess_at_once():
    space = CodeSpace.of(Config(pegs=3, colors=3))
    assert finish(entropies(space, [(0, 0, 0), (0, 1, 2)], [])) == [0.0, 0.0]


@pytest.mark.parametrize("config", [
    Config(pegs=5, colors=8),  # 792 multisets: 2 ticks building them, 4 fitting them
    Config(pegs=4, colors=4, allow_duplicates=False),  # a single multiset: one tick each, before it
])
def test_the_multisets_are_built_then_fitted_with_a_tick_before_the_first_of_every_tick_of_them(config):
    space = CodeSpace(config)  # a space of its own: none built yet
    built, every = think_through(space.build_multisets())
    assert len(every) == (math.comb(config.pegs + len(config.colors) - 1, config.pegs) if config.allow_duplicates else 1)
    assert built == -(-len(every) // BUILD_TICK)
    fitted, found = think_through(Constraints(space, []).fit_multisets())
    assert fitted == -(-len(every) // TICK)
    assert found == every


def test_a_clock_that_reaches_a_slices_end_exactly_hands_back():
    now = [0]

    def work() -> Generator[None, None, str]:
        for _ in range(4):
            now[0] += 1  # every step costs exactly one slice
            yield None
        return "guess"

    assert think_through(paced(work(), slice_seconds=1, clock=lambda: now[0])) == (4, "guess")


@pytest.mark.parametrize(("code", "words"), [
    ("RGBZ", "'RGBZ' has a colour outside the palette"),
    ("RGB", "'RGB' has 3 pegs, the config 4"),
])
def test_a_code_refused_is_named_in_the_refusal(code, words):
    with pytest.raises(ValueError, match=f"^{words}"):
        CodeSpace.of(Config()).digits(code)


def test_a_won_game_whose_luck_saved_nothing_says_it_saved_nothing():
    def row(number: int, *, won: bool, left: int, total: int, then_total: int) -> GuessFigures:
        return GuessFigures(number, Code("BGO"), Feedback(0, 1), 10, left, won, Code("BGO"), total, total,
                            2, 3, then_total)

    # HAL9000 needs 2 more guesses on average from the player's first, as from where its feedback
    # led; the second guess wins the only code left.
    result = Review((row(1, won=False, left=5, total=20, then_total=10), row(2, won=True, left=1, total=0, then_total=0)),
                    Fraction(2), Fraction(0))
    assert result.remaining == 0 and result.saved == 0 and result.lost == 0
    assert result.summary() == ("2 guesses against HAL9000's 2.00 on average: 0.00 lost to your choices, "
                                "0.00 saved by luck.")
