"""The engine's figures and scorers where its first whole mutation run left room: the luck of a
guess that got the worst outcome, a review's next position made ready before the first guess or
while too many codes are possible, the pace of the split scorer's ticks, and the scorer a best
guess is chosen by."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from mastermind import Code, Config, Feedback, feedback
from mastermind.solver import finish
from mastermind.solver.choice import SCORE_WORK, best_guess, ranked, splits
from mastermind.solver.clock import Thinking
from mastermind.solver.skill import Figuring, GuessFigures, game_path, review
from mastermind.solver.space import CodeSpace, Digits

# The luck of the worst outcome

WORST = GuessFigures(2, Code("RRGG"), Feedback(0, 1), 12, 7, False, Code("BBGO"), 0, 0, 5, 7, 0)
"""Of 12 codes, 5 would have left fewer than the 7 this feedback left and 7 (these) as many: no
feedback would have left more, so the chance of doing at least this well is 1."""


def test_a_guess_no_other_feedback_would_have_served_worse_got_the_worst_outcome():
    assert WORST.chance == 1
    assert WORST.luck_text() == "the worst outcome"
    assert replace(WORST, left=3).luck_text() == "the worst outcome (ties: about even)"


# A review's next position made ready


@pytest.mark.parametrize("limit", [64, 10])
def test_a_review_made_ready_before_the_first_guess_is_the_one_figured_at_once(limit):
    """3x4 has 64 codes: with the figures' limit at 64 the first position is figured, at 10 it is
    not (too many codes possible): making it ready is then nothing to do, and the review the same."""
    config = Config(pegs=3, colors=4)
    secret = Code.parse("OGB", config)
    history = [(Code.parse(guess, config), feedback(secret, guess)) for guess in ["BBG", "GBO", "OGB"]]
    figuring = Figuring(config, limit)
    finish(figuring.ready())
    finish(figuring.extend(game_path(config, history)))
    at_once = finish(review(config, secret, history, limit=limit))
    assert finish(figuring.review()) == at_once
    assert (at_once.rows[0] is None) is (limit < config.size)


# The split scorer's pace


@pytest.mark.parametrize(("targets", "guesses"), [(1, 4_097), (3, 4_097), (2_048, 5), (2_049, 5), (5_000, 3)])
def test_the_split_scorer_ticks_after_about_score_work_scorings_or_after_each_guess(targets, guesses):
    """A tick after as many guesses as fit in SCORE_WORK scorings of every target (more than
    SCORE_WORK minus one guess's), or after each guess when one guess alone scores more."""
    space = CodeSpace.of(Config(pegs=5, colors=6))
    codes = list(space.all_digits())
    running = splits(space, codes[:guesses], codes[:targets])
    ticks = 0
    with pytest.raises(StopIteration):
        while True:
            next(running)
            ticks += 1
    per_tick = max(1, SCORE_WORK // targets)
    assert SCORE_WORK - targets < per_tick * targets <= SCORE_WORK or per_tick == 1
    assert ticks == -(-guesses // per_tick)


# The scorer a best guess is chosen by


def backwards(space: CodeSpace, pool: Sequence[Digits], targets: Sequence[Digits]) -> Thinking[list[float]]:
    """A scorer that ranks the guesses last first."""
    yield None
    return [float(len(pool) - number) for number in range(len(pool))]


def test_the_best_guess_is_the_first_ranked_by_the_scorer_given():
    config = Config()
    space = CodeSpace.of(config)
    possible = [space.digits(str(code)) for code in Code.all(config) if feedback(code, "RRGG") == (1, 1)]
    pool = list(space.all_digits())[:50]
    assert finish(best_guess(space, pool, possible, set(possible), backwards)) == pool[-1]
    assert finish(best_guess(space, pool, possible, set(possible))) == finish(ranked(space, pool, possible, set(possible)))[0] != pool[-1]
