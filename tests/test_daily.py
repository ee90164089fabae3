import datetime as dt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mastermind import CLASSIC, Game
from mastermind.page.daily import BLACK_PEG, NO_PEG, WHITE_PEG, DayPlay, daily_game, daily_seed, daily_title, share_text

days = st.dates(dt.date(2000, 1, 1), dt.date(2999, 12, 31))


@given(days)
def test_the_same_day_gives_the_same_classic_secret(day):
    assert daily_game(day).secret == daily_game(day).secret
    assert daily_game(day).config == CLASSIC


@given(days)
def test_different_days_have_different_seeds(day):
    assert daily_seed(day) != daily_seed(day + dt.timedelta(days=1))


def test_consecutive_days_mostly_differ():
    start = dt.date(2026, 1, 1)
    secrets = [daily_game(start + dt.timedelta(days=n)).secret for n in range(30)]
    assert len(set(secrets)) > 25


def test_a_lost_game_shares_an_x_and_never_the_secret():
    game = Game(CLASSIC.replace(max_guesses=2), secret="RGBY")
    game.guess("YBGR")
    game.guess("RGBB")
    text = share_text(daily_title(dt.date(2026, 11, 23)), game)
    assert text.splitlines()[0] == "Mastermind daily 2026-11-23: X/2"
    assert len(text.splitlines()) == 3
    assert "RGBY" not in text and "YBGR" not in text


@given(days, st.lists(st.sampled_from(["RGBY", "YYYY", "BGOP", "RRGG"]), max_size=12))
def test_share_text_holds_no_letters_of_any_code(day, guesses):
    game = Game(secret="RGBY")
    for guess in guesses:
        if not game.over:
            game.guess(guess)
    body = share_text(daily_title(day), game).splitlines()[1:]
    assert len(body) == game.guesses_made
    assert all(len(row) == 4 and not any(c.isalpha() for c in row) for row in body)


def test_a_won_game_in_hard_mode_with_hints_shares_every_row_and_both_notes():
    game = Game(CLASSIC.replace(pegs=5, colors=8), secret="RGBYO", hard=True)
    for guess in ("GRWWW", "RGBOY", "RGBYO"):
        game.guess(guess)
    assert share_text("challenge abc", game, assisted=True).splitlines() == [
        "Mastermind challenge abc: 3/12 (hard mode) (with hints)",
        WHITE_PEG * 2 + NO_PEG * 3,
        BLACK_PEG * 3 + WHITE_PEG * 2,
        BLACK_PEG * 5,
    ]
    assert share_text("t", game).splitlines()[0] == "Mastermind t: 3/12 (hard mode)"


def test_a_day_with_guesses_after_its_end_is_refused_saying_so():
    day = dt.date(2026, 11, 23)
    secret = str(daily_game(day).secret)
    with pytest.raises(ValueError) as refused:
        DayPlay((secret, secret)).game(day)
    assert str(refused.value) == "guesses after the end of the game"
    assert DayPlay((secret,)).game(day).won


def test_a_days_game_is_a_classic_game():
    assert daily_game(dt.date(2026, 11, 23)).config == CLASSIC
