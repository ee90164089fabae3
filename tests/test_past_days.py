"""Past daily challenges: every day keeps its secret, in every version, so an archive day played
today is the game everyone got that day."""

import datetime as dt

import pytest

from mastermind.page.daily import daily_game

PINNED = {
    "2026-01-01": "BBOB",
    "2026-06-15": "PPOP",
    "2026-11-01": "YBBP",
    "2026-11-22": "RRGY",
    "2026-11-23": "RYPG",
    "2027-02-28": "PRRB",
    "2028-02-29": "ORGR",
}


@pytest.mark.parametrize("day, secret", PINNED.items())
def test_a_days_secret_never_changes(day, secret):
    assert str(daily_game(dt.date.fromisoformat(day)).secret) == secret
