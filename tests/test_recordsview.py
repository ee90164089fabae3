"""The Statistics dialog's data, the daily challenge and resume on the Solo board, the solver
assist's words, and two pages kept in step through one storage."""

import datetime as dt
from fractions import Fraction

import pytest

from mastermind import Code, Config, Feedback, Game
from mastermind.page.address import MODE
from mastermind.page.daily import DayPlay, daily_game
from mastermind.page.records import (
    adopt,
    count_line,
    notice_text,
    page_saved,
    persist,
    record_label,
    resumable,
    review_progress,
    review_rows,
    stats_choices,
    stats_panel,
)
from mastermind.page.solo import DAILY, SoloView
from mastermind.page.stats import Record, record_key
from mastermind.page.storage import CHALLENGES, RECORDS, SETTINGS, SOLO, InProgress, Saved, Settings, read
from mastermind.page.storage import DAILY as DAILY_PART
from mastermind.page.sync import MemoryStorage, Tab
from mastermind.solver.assist import Count
from mastermind.solver.skill import GuessFigures, Review

DAY = dt.date(2026, 11, 23)


def play(view: SoloView, letters: str) -> None:
    for letter in letters:
        view.press(letter)
    view.press("Enter")


def losing_guesses(game: Game, count: int) -> list[str]:
    return [str(code) for code in Code.all(game.config) if code != game.secret][:count]


# The Statistics dialog


def test_the_dialog_shows_the_chosen_record_with_its_chart():
    key = record_key("solo", Config())
    record = Record().add(won=True, guesses=3).add(won=True, guesses=5).add(won=True, guesses=5).add(won=False, guesses=12)
    panel = stats_panel({key: record}, key)
    assert dict(panel.lines) == {"Games played": "4", "Games won": "3", "Win rate": "75%",
                                 "Current streak": "0", "Best streak": "3"}
    assert [(bar.guesses, bar.wins, bar.share) for bar in panel.bars] == [
        (1, 0, 0), (2, 0, 0), (3, 1, 0.5), (4, 0, 0), (5, 2, 1.0), *((guesses, 0, 0) for guesses in range(6, 13))]
    assert panel.bars[4].text == "5 guesses: 2 wins" and panel.bars[2].text == "3 guesses: 1 win"
    assert panel.chart_note == ""


@pytest.mark.parametrize(("record", "note"), [(Record(), "No game played yet."), (Record().add(won=False, guesses=9), "No game won yet.")])
def test_an_empty_chart_says_why(record, note):
    key = record_key("daily", Config())
    assert stats_panel({key: record}, key).chart_note == note


def test_the_choice_starts_with_the_game_on_the_board_and_lists_every_record():
    keys = [record_key("solo", Config(pegs=5)), record_key("daily", Config()), record_key("solo", Config(), assisted=True)]
    current = record_key("solo", Config())
    choices = stats_choices(dict.fromkeys(keys, Record()), current)
    assert [key for key, _ in choices] == [current, record_key("solo", Config(), assisted=True), *sorted(keys[:2])]
    labels = dict(choices)
    assert labels[record_key("solo", Config(), assisted=True)].startswith("Solo, with hints: 4 pegs")
    assert labels[record_key("daily", Config())].startswith("Daily challenge: ")


@pytest.mark.parametrize("mode", ["solo", "daily", "computer", "duel", "race", "tournament"])
def test_every_mode_has_a_name(mode):
    assert not record_label(record_key(mode, Config())).startswith(mode)


def test_assisted_games_are_counted_apart_from_the_board():
    view = SoloView(Saved(), seed=4)
    view.take_hint(Code(str(view.game.secret)))
    view.press("Enter")
    assert view.game.won and view.assisted
    assert view.saved.stats(MODE, view.config) == Record()
    assert view.saved.stats(MODE, view.config, assisted=True).won == 1
    assert view.stats.won == 1  # the dialog opens on the record of the game on the board
    view.new_game()
    assert not view.assisted


def test_a_hint_is_refused_once_the_game_is_over():
    view = SoloView(Saved(), seed=4)
    play(view, str(view.game.secret))
    view.take_hint(Code("RGBY"))
    assert not view.assisted and "game is over" in view.status


# Notices and the assist's words


def test_notice_text():
    assert notice_text([]) == ""
    assert notice_text(["A.", "B."]) == "A. B. Everything else was kept."


def test_count_line_and_review_words():
    assert count_line(Count(10_000, exact=False)) == "More than 10,000 codes still possible."
    second = GuessFigures(2, Code("RGBY"), Feedback(4, 0), 256, 1, True, Code("RGBY"), 255 * 3, 255 * 3, 0, 1, 0)
    rows = review_rows(Review((None, second), Fraction(5), Fraction(0)), ["BBGG", "RGBY"])
    assert rows == [("1", "BBGG", "more than 1,296", "256", "", "", ""),
                    ("2", "RGBY", "256", "1", "RGBY", "0.00", "1 in 256")]
    last = review_rows(Review((second, None), Fraction(5), Fraction(2)), ["RGBY", "BBGG"])[1]
    assert last == ("2", "BBGG", "more than 1,296", "more than 1,296", "", "", "")
    assert review_progress(1, 1) == "Reviewing the game: 1 of 1 guess done..."


# Resume


def test_a_kept_game_is_resumed_unless_the_address_asks_for_another():
    game = Game(Config(), seed=5)
    game.guess("RRGG")
    kept = InProgress.of(game, assisted=True)
    assert resumable(kept, None, Config()) and resumable(kept, 5, Config())
    assert not resumable(kept, 6, Config()) and not resumable(kept, 5, Config(pegs=5)) and not resumable(None, None, Config())
    game.guess(game.secret)
    assert not resumable(InProgress.of(game), None, Config())


def test_resume_puts_the_game_back_with_its_words():
    game = Game(Config(pegs=3), seed=5)
    game.guess("RRG")
    view = SoloView(Saved())
    assert view.resume(InProgress.of(game, assisted=True))
    assert view.game.history == game.history and view.assisted and view.config.pegs == 3
    assert view.status.startswith("Game resumed: 3 pegs") and "1 guess made, 11 guesses left" in view.status


def test_a_reload_resumes_the_game_after_every_move():
    store = MemoryStorage()
    tab = Tab(store)
    first = SoloView(page_saved(tab), seed=9)
    for guess in losing_guesses(first.game, 2):
        play(first, guess)
        persist(first, tab)
        again = Tab(store)  # a reload
        second = SoloView(page_saved(again))
        assert resumable(again.value(SOLO), None, second.settings.config)
        second.resume(again.value(SOLO))
        assert second.game.history == first.game.history and second.game.secret == first.game.secret


# The daily challenge


def test_the_daily_challenge_is_one_classic_game_a_day_kept_and_shared():
    store = MemoryStorage()
    tab = Tab(store)
    view = SoloView(Saved(Settings(Config(pegs=5))))
    view.start_daily(DAY, None)
    assert view.mode == DAILY and view.config == Config() and view.game.secret == daily_game(DAY).secret
    assert "same secret for everyone today" in view.status
    play(view, "RRGG")
    persist(view, tab)
    assert tab.value(DAILY_PART)[DAY.isoformat()] == DayPlay(("RRGG",))
    assert view.in_progress == InProgress.of(view.game, mode=DAILY, day=DAY.isoformat()) and view.share is None
    assert tab.value(SOLO) == view.in_progress  # a reload puts the daily back on the board

    # come back later: resumed where it was, then finished
    later = SoloView(Saved())
    later.start_daily(DAY, Tab(store).value(DAILY_PART).get(DAY.isoformat()))
    assert later.game.guesses_made == 1 and "resumed" in later.status
    play(later, str(later.game.secret))
    assert "Press Share" in later.status
    persist(later, tab)
    assert later.saved.stats(DAILY, Config()).won == 1
    assert later.share.startswith("Mastermind daily 2026-11-23: 2/12") and str(later.game.secret) not in later.share

    # one game a day: it stays over
    again = SoloView(Saved())
    again.start_daily(DAY, Tab(store).value(DAILY_PART).get(DAY.isoformat()))
    assert again.game.over and "already won it in 2 guesses" in again.status
    play(again, "RGBY")
    assert again.game.guesses_made == 2 and "game is over" in again.status
    # the next day is another game
    again.start_daily(DAY + dt.timedelta(days=1), None)
    assert not again.game.over and again.game.secret == daily_game(DAY + dt.timedelta(days=1)).secret


def test_a_lost_daily_shares_an_x_and_new_game_goes_back_to_solo():
    view = SoloView(Saved())
    view.start_daily(DAY, None)
    for guess in losing_guesses(view.game, 12):
        play(view, guess)
    assert view.game.lost and view.share.splitlines()[0] == "Mastermind daily 2026-11-23: X/12"
    view.new_game()
    assert view.mode == MODE and view.share is None and view.day_play is None


# Two pages over one storage


def test_two_pages_follow_each_others_games_and_statistics():
    store = MemoryStorage()
    tab_a, tab_b = Tab(store), Tab(store)
    a, b = SoloView(page_saved(tab_a), seed=2), SoloView(page_saved(tab_b), seed=3)
    persist(a, tab_a)
    assert adopt(b, tab_b, tab_b.refresh(SOLO.key)).startswith("Updated from another tab: the game. Game resumed: ")
    assert b.game.secret == a.game.secret

    play(a, losing_guesses(a.game, 1)[0])
    persist(a, tab_a)
    adopt(b, tab_b, tab_b.refresh(SOLO.key))
    assert b.game.history == a.game.history

    play(b, str(b.game.secret))  # b wins the shared game
    persist(b, tab_b)
    said = adopt(a, tab_a, tab_a.refresh(RECORDS.key) + tab_a.refresh(SOLO.key))
    assert said == f"Updated from another tab: statistics, the game. You won: the secret was {a.game.secret}. Press New game to play again."
    assert a.game.won and a.saved.stats(MODE, Config()).won == 1
    assert read(RECORDS, store.getItem(RECORDS.key)).value[record_key(MODE, Config())].played == 1


def test_a_stale_page_keeps_both_pages_games_in_the_statistics():
    store = MemoryStorage()
    tab_a, tab_b = Tab(store), Tab(store)
    a, b = SoloView(page_saved(tab_a), seed=2), SoloView(page_saved(tab_b), seed=3)
    play(a, str(a.game.secret))
    persist(a, tab_a)
    for guess in losing_guesses(b.game, 12):  # b never heard of a's game
        play(b, guess)
    persist(b, tab_b)
    record = read(RECORDS, store.getItem(RECORDS.key)).value[record_key(MODE, Config())]
    assert (record.played, record.won) == (2, 1)
    assert b.saved.stats(MODE, Config()).played == 2  # the merged record came back


def test_settings_from_another_page_apply_from_the_next_game():
    store = MemoryStorage()
    tab_a, tab_b = Tab(store), Tab(store)
    a, b = SoloView(page_saved(tab_a)), SoloView(page_saved(tab_b))
    a.save_settings({"pegs": "5", "colors": "8", "guesses": "10", "duplicates": True,
                     "key_color": "red", "letters": True, "order": "top", "assist": True})
    persist(a, tab_a)
    said = adopt(b, tab_b, tab_b.refresh(SETTINGS.key))
    assert said.startswith("Updated from another tab: settings (they apply from the next game)")
    assert b.settings.assist and b.config.pegs == 4
    b.new_game()
    assert b.config.pegs == 5


def test_the_settings_form_carries_the_solver_assist_switch():
    view = SoloView(Saved(), seed=1)
    fields = {"pegs": "4", "colors": "6", "guesses": "12", "duplicates": True,
              "key_color": "black", "letters": True, "order": "bottom", "assist": True}
    assert view.save_settings(fields) == {} and view.settings.assist
    assert view.status == "Settings saved." and view.game.guesses_made == 0  # same rules: the game goes on
    assert view.save_settings({**fields, "assist": "on"}) == {} and not view.settings.assist  # only a ticked box is on


def test_a_lost_daily_is_said_when_opened_again_and_its_caption_names_the_mode():
    game = daily_game(DAY)
    for guess in losing_guesses(game, 12):
        game.guess(guess)
    view = SoloView(Saved())
    view.start_daily(DAY, DayPlay.of(game))
    assert view.game.lost and f"the secret was {game.secret}. Come back tomorrow." in view.status


def test_a_game_finished_in_another_tab_is_shown_finished():
    game = Game(Config(), secret="RGBY")
    game.guess("RGBY")
    view = SoloView(Saved())
    assert not view.resume(InProgress.of(game))  # a reload starts afresh
    assert view.resume(InProgress.of(game), finished=True)
    assert view.game.won and view.status == "You won: the secret was RGBY. Press New game to play again."


# What a page takes from another tab, and what it says


def two_pages() -> tuple[MemoryStorage, Tab, Tab, SoloView, SoloView]:
    store = MemoryStorage()
    tab_a, tab_b = Tab(store), Tab(store)
    return store, tab_a, tab_b, SoloView(page_saved(tab_a), seed=2), SoloView(page_saved(tab_b), seed=3)


def test_challenges_counted_in_another_tab_are_taken_silently():
    _, tab_a, tab_b, _, b = two_pages()
    tab_a.save(CHALLENGES, ("abc", "x-1"))
    game = b.game
    assert adopt(b, tab_b, tab_b.refresh(CHALLENGES.key)) == ""
    assert b.saved.challenges == ("abc", "x-1") and b.game is game


def test_statistics_alone_are_named_without_the_boards_status():
    _, tab_a, tab_b, a, b = two_pages()
    play(a, str(a.game.secret))
    persist(a, tab_a)
    assert adopt(b, tab_b, tab_b.refresh(RECORDS.key)) == "Updated from another tab: statistics."
    assert b.saved.stats(MODE, Config()).won == 1


def test_settings_that_keep_the_rules_are_just_named():
    _, tab_a, tab_b, a, b = two_pages()
    a.save_settings({"pegs": "4", "colors": "6", "guesses": "12", "duplicates": True,
                     "key_color": "red", "letters": True, "order": "top", "assist": True})
    persist(a, tab_a)
    assert adopt(b, tab_b, tab_b.refresh(SETTINGS.key)) == "Updated from another tab: settings."
    assert b.settings.assist and b.settings.key_color == "red"


def test_the_same_game_from_another_tab_says_nothing():
    _, tab_a, tab_b, a, b = two_pages()
    persist(a, tab_a)
    adopt(b, tab_b, tab_b.refresh(SOLO.key))
    persist(b, tab_b)
    assert adopt(a, tab_a, tab_a.refresh(SOLO.key)) == ""


def test_a_solo_game_from_another_tab_leaves_a_daily_board_alone():
    _, tab_a, tab_b, a, b = two_pages()
    b.start_daily(DAY, None, DAY)
    persist(a, tab_a)
    assert adopt(b, tab_b, tab_b.refresh(SOLO.key)) == ""
    assert b.mode == DAILY and b.day == DAY


def test_a_daily_move_in_another_tab_comes_to_the_same_days_board():
    _, tab_a, tab_b, a, b = two_pages()
    a.start_daily(DAY, None, DAY)
    b.start_daily(DAY, None, DAY)
    guess = losing_guesses(a.game, 1)[0]
    play(a, guess)
    persist(a, tab_a)
    said = adopt(b, tab_b, tab_b.refresh(DAILY_PART.key))
    assert said == "Updated from another tab: the daily challenge. Daily challenge of 2026-11-23, resumed: 1 guess made, 11 guesses left."
    assert b.day == DAY and [str(row.guess) for row in b.game.history] == [guess]
    persist(b, tab_b)
    assert adopt(a, tab_a, tab_a.refresh(DAILY_PART.key)) == ""


def test_a_daily_move_leaves_a_solo_board_alone():
    _, tab_a, tab_b, a, b = two_pages()
    a.start_daily(DAY, None, DAY)
    play(a, losing_guesses(a.game, 1)[0])
    persist(a, tab_a)
    game = b.game
    assert adopt(b, tab_b, tab_b.refresh(DAILY_PART.key)) == "" and b.game is game and b.mode == MODE


# A page that stores without having heard of another tab's newer data


def test_a_stale_daily_page_takes_the_other_tabs_moves_when_it_stores():
    _, tab_a, tab_b, a, b = two_pages()
    a.start_daily(DAY, None, DAY)
    b.start_daily(DAY, None, DAY)
    guess = losing_guesses(a.game, 1)[0]
    play(a, guess)
    assert persist(a, tab_a) is False  # nothing newer was stored meanwhile
    assert persist(b, tab_b) is True
    assert b.day == DAY and b.mode == DAILY and [str(row.guess) for row in b.game.history] == [guess]
    assert persist(b, tab_b) is False


def test_a_stale_page_merges_the_challenges_counted_in_both():
    _, tab_a, tab_b, a, b = two_pages()
    a.saved = a.saved.with_challenges(("t1",))
    b.saved = b.saved.with_challenges(("t2",))
    persist(a, tab_a)
    persist(b, tab_b)
    assert set(b.saved.challenges) == {"t1", "t2"}
    assert b.saved.settings == a.saved.settings and b.saved.records == a.saved.records


def test_a_stale_solo_page_takes_the_game_the_other_tab_moved_on():
    _, tab_a, tab_b, a, b = two_pages()
    persist(a, tab_a)
    adopt(b, tab_b, tab_b.refresh(SOLO.key))
    first, second = losing_guesses(a.game, 2)
    play(a, first)
    persist(a, tab_a)
    play(b, second)  # b had not heard of a's guess: the game a stored first comes back
    assert persist(b, tab_b) is True
    assert b.game.history == a.game.history
    assert persist(b, tab_b) is False
