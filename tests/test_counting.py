"""What a Solo game counts for: a revealed game is practice, a friend's challenge counts once."""

from __future__ import annotations

from itertools import islice, product

from mastermind import Config
from mastermind.challenge import Challenge
from mastermind.page.records import page_saved, persist
from mastermind.page.solo import CHALLENGE, SoloView
from mastermind.page.state import MAX_CHALLENGES, MAX_RESULTS, Saved
from mastermind.page.storage import CHALLENGES, DAILY, RECORDS, read
from mastermind.page.sync import MemoryStorage, Tab
from mastermind.page.words import PRACTICE, REPLAYED


def win(view: SoloView) -> None:
    for letter in view.game.secret:
        view.press(letter.lower())
    view.press("Enter")
    assert view.game.won


def played(saved: Saved) -> int:
    return sum(record.played for record in saved.records.values())


def test_a_revealed_game_is_practice_and_not_counted() -> None:
    view = SoloView(Saved(), seed=4, reveal=True)
    assert PRACTICE in view.status
    win(view)
    assert view.status.endswith(PRACTICE) and played(view.saved) == 0
    view.new_game()
    assert PRACTICE in view.status


def test_a_game_not_revealed_counts() -> None:
    view = SoloView(Saved(), seed=4)
    assert PRACTICE not in view.status
    win(view)
    assert PRACTICE not in view.status and played(view.saved) == 1


def test_a_revealed_daily_game_stores_no_result_and_no_statistics() -> None:
    import datetime as dt

    store = MemoryStorage()
    tab = Tab(store)
    view = SoloView(page_saved(tab), reveal=True)
    day = dt.date(2026, 11, 23)
    view.start_daily(day, None, day)
    assert PRACTICE in view.status
    win(view)
    persist(view, tab)
    assert tab.value(DAILY) == {} and tab.value(RECORDS) == {}


def test_a_challenge_counts_once_per_token_across_reloads() -> None:
    token = Challenge.make(Config(), "RGBY").token
    store = MemoryStorage()
    for counted in (1, 1):  # the second opening of the same link (a reload) plays but does not count
        tab = Tab(store)
        view = SoloView(page_saved(tab))
        view.start_challenge(token)
        assert view.mode == CHALLENGE
        assert (REPLAYED in view.status) == (counted == 1 and read(CHALLENGES, store.getItem(CHALLENGES.key)).rev > 0)
        win(view)
        persist(view, tab)
        assert played(Saved(records=tab.value(RECORDS))) == counted
    assert view.status.endswith(REPLAYED)
    other = Challenge.make(Config(), "BBGG").token
    view.start_challenge(other)
    win(view)
    assert played(view.saved) == 2 and view.saved.challenges == (token, other)


def test_two_tabs_playing_challenges_keep_every_token() -> None:
    store = MemoryStorage()
    one, two = Tab(store), Tab(store)
    first, second = SoloView(page_saved(one)), SoloView(page_saved(two))
    for view, tab, code in ((first, one, "RGBY"), (second, two, "YBGR")):
        view.start_challenge(Challenge.make(Config(), code).token)
        win(view)
        persist(view, tab)
    assert len(Tab(store).value(CHALLENGES)) == 2


def test_only_the_latest_challenges_are_remembered() -> None:
    saved, tokens = Saved(), []
    for code in islice(product("BGOPRY", repeat=4), MAX_CHALLENGES + 5):
        challenge = Challenge.make(Config(), "".join(code))
        game = challenge.game()
        game.guess(challenge.secret)
        saved = saved.counted(challenge, game)
        tokens.append(challenge.token)
    assert len(saved.challenges) == MAX_CHALLENGES and saved.challenges[0] == tokens[5]
    assert len(saved.results) == MAX_RESULTS and next(iter(saved.results)) == tokens[MAX_CHALLENGES + 5 - MAX_RESULTS][:6]
    assert read(CHALLENGES, '{"version": 2, "rev": 1, "data": ["ok", "<b>", 5]}').value == ("ok",)
