"""Everyone gets the same daily secret on every machine and in every version: a few days' secrets
are pinned (a change to how the day's secret is drawn breaks shared results and stored days)."""

from __future__ import annotations

import datetime as dt

import pytest

from mastermind import Game
from mastermind.page.daily import daily_game, daily_seed


@pytest.mark.parametrize(
    "day, secret",
    [
        (dt.date(2026, 11, 23), "RYPG"),
        (dt.date(2027, 1, 1), "RGYP"),
        (dt.date(2028, 2, 29), "ORGR"),
        (dt.date(2030, 12, 31), "GBGO"),
    ],
)
def test_a_days_secret_never_changes(day, secret):
    assert str(daily_game(day).secret) == secret


def test_the_daily_secret_is_the_seeded_game_of_that_date():
    """`?seed=20261123` shows the same secret as that day's challenge."""
    day = dt.date(2026, 11, 23)
    assert daily_game(day).secret == Game(seed=daily_seed(day)).secret
    assert daily_game(day).secret != daily_game(day + dt.timedelta(days=1)).secret
