"""Every scoring rule of rules.md section 4, on its own."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mastermind.scoring import (
    Progress,
    RunPoints,
    duel_run,
    race_round,
    tournament_breaker,
    tournament_maker,
)


@st.composite
def progresses(draw: st.DrawFn) -> Progress:
    """An attempt in any state: in play, broken with some guess, or failed."""
    allowed = draw(st.integers(1, 20))
    guesses = draw(st.integers(0, allowed))
    return Progress(guesses, guesses > 0 and draw(st.booleans()), allowed)


def test_progress_states() -> None:
    assert not Progress(3, False, 6).over
    assert Progress(3, True, 6).over and not Progress(3, True, 6).failed
    assert Progress(6, False, 6).failed and Progress(6, False, 6).over


# Duel: every incorrect guess gives the maker 1; breaking gives the breaker 1; failing gives the maker 1 more.
@pytest.mark.parametrize(
    ("run", "points"),
    [
        (Progress(0, False, 6), RunPoints(0, 0)),
        (Progress(3, False, 6), RunPoints(3, 0)),  # in play: 3 misses so far
        (Progress(1, True, 6), RunPoints(0, 1)),
        (Progress(4, True, 6), RunPoints(3, 1)),
        (Progress(6, True, 6), RunPoints(5, 1)),  # broken with the last chance: no extra point
        (Progress(6, False, 6), RunPoints(7, 0)),  # 6 misses + 1 for failing
    ],
)
def test_duel_run(run: Progress, points: RunPoints) -> None:
    assert duel_run(run) == points


@given(progresses())
def test_duel_run_gives_one_point_per_guess_plus_one_when_over(run: Progress) -> None:
    maker, breaker = duel_run(run)
    assert maker + breaker == run.guesses + run.failed
    assert breaker == int(run.broken)


# Race: 1 point per guess; failing adds 2 more.
@pytest.mark.parametrize(
    ("round_", "points"),
    [(Progress(1, True, 8), 1), (Progress(5, True, 8), 5), (Progress(8, True, 8), 8), (Progress(8, False, 8), 10),
     (Progress(4, False, 8), 4)],
)
def test_race_round(round_: Progress, points: int) -> None:
    assert race_round(round_) == points


# Tournament: breaker gets allowed - used + 1 when broken; maker gets (recipient's attempts - 1) once over.
@pytest.mark.parametrize(
    ("attempt", "points"),
    [(Progress(2, True, 5), 4), (Progress(1, True, 10), 10), (Progress(10, True, 10), 1), (Progress(5, False, 5), 0),
     (Progress(2, False, 5), 0)],
)
def test_tournament_breaker(attempt: Progress, points: int) -> None:
    assert tournament_breaker(attempt) == points


@pytest.mark.parametrize(
    ("recipient", "points"),
    [(Progress(5, False, 5), 4), (Progress(1, True, 5), 0), (Progress(3, True, 10), 2), (Progress(3, False, 10), 0)],
)
def test_tournament_maker(recipient: Progress, points: int) -> None:
    assert tournament_maker(recipient) == points


def test_the_tournament_example() -> None:
    """5 attempts; Alan breaks in 2 (4 points) and set the code for HAL9000, who used all 5 (4 points)."""
    assert tournament_breaker(Progress(2, True, 5)) + tournament_maker(Progress(5, False, 5)) == 8


@given(progresses())
def test_tournament_points_are_never_negative_and_bounded(attempt: Progress) -> None:
    assert 0 <= tournament_breaker(attempt) <= attempt.allowed
    assert 0 <= tournament_maker(attempt) < attempt.allowed
