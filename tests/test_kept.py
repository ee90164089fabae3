"""Every game kept and counted: the game on the Solo board kept whatever its kind (and put back by a
reload), the question before a game in progress is replaced and the loss it counts, and the
secret of a kept game sealed in storage and in the exported file."""

import contextlib
import datetime as dt
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mastermind import Code, CodeError, Config, Game
from mastermind.challenge import Challenge
from mastermind.page.backup import export, parse
from mastermind.page.daily import daily_game
from mastermind.page.records import leave, page_saved, persist, resumable
from mastermind.page.solo import CHALLENGE, DAILY, SoloView, challenge_opens
from mastermind.page.solve import SolveView
from mastermind.page.stats import Record
from mastermind.page.storage import DAILY as DAILY_PART
from mastermind.page.storage import SOLO, InProgress, Saved, Settings
from mastermind.page.sync import MemoryStorage, Tab

from .lagging import LateNews
from .strategies import codes, configs

DAY = dt.date(2026, 11, 23)


def play(view, letters: str) -> None:
    for letter in letters:
        view.press(letter)
    view.press("Enter")


def losing(game: Game, count: int) -> list[str]:
    return [str(code) for code in Code.all(game.config) if code != game.secret][:count]


def reloaded(tab: Tab, view: SoloView) -> SoloView:
    """The page as a reload makes it: a new view over the stored data, the kept game resumed."""
    again = SoloView(view.saved)
    kept = tab.value(SOLO)
    if resumable(kept, None, again.settings.config):
        again.resume(kept)
    return again


# The game on the board, kept whatever its kind


def test_a_solo_game_resumes_after_a_reload():
    tab = Tab(MemoryStorage())
    view = SoloView(Saved(), seed=3)
    for guess in losing(view.game, 2):
        play(view, guess)
    persist(view, tab)
    again = reloaded(tab, view)
    assert again.mode == "solo" and again.game.history == view.game.history and again.game.secret == view.game.secret


def test_a_tab_opening_stores_no_game_over_the_one_another_tab_just_stored():
    store = MemoryStorage()
    one = Tab(store)
    finished = SoloView(Saved(), seed=2)
    play(finished, str(finished.game.secret))
    persist(finished, one)
    late = LateNews(store)  # the opening tab, which the next write of the first tab has not reached yet
    two = Tab(late)
    seeded = SoloView(page_saved(one), seed=3)
    persist(seeded, one)
    stored = store.items[SOLO.key]
    opening = SoloView(page_saved(two))  # the kept game is over: the opening tab draws a new one
    assert not resumable(two.value(SOLO), None, opening.settings.config)
    persist(opening, two)
    assert store.items[SOLO.key] == stored
    assert Tab(store).value(SOLO) == seeded.in_progress


def test_the_game_drawn_as_the_page_opens_is_stored_from_its_first_guess():
    store = MemoryStorage()
    tab = Tab(store)
    view = SoloView(Saved())
    persist(view, tab)
    assert SOLO.key not in store.items
    play(view, losing(view.game, 1)[0])
    persist(view, tab)
    assert Tab(store).value(SOLO) == view.in_progress
    view.new_game()  # a game asked for (New game) is stored as it starts
    persist(view, tab)
    assert Tab(store).value(SOLO) == view.in_progress


def test_a_challenge_resumes_as_the_challenge_and_counts_as_one():
    tab = Tab(MemoryStorage())
    challenge = Challenge.make(Config(pegs=5, colors=8, max_guesses=10), "KWRGB", hard=True)
    view = SoloView(Saved())
    view.start_challenge(challenge.token)
    play(view, "RRRRR")
    persist(view, tab)
    again = reloaded(tab, view)
    assert again.mode == CHALLENGE and again.challenge == challenge and again.game.hard
    assert again.status.startswith("Game resumed: 5 pegs, 8 colours")
    play(again, "KWRGB")
    assert again.share_title == f"challenge {challenge.name}"
    assert challenge.token in again.saved.challenges
    assert again.saved.stats(CHALLENGE, challenge.config, hard=True).won == 1


def test_the_daily_resumes_on_the_board():
    tab = Tab(MemoryStorage())
    view = SoloView(Saved())
    view.start_daily(DAY, None, DAY)
    play(view, "RGBY")
    persist(view, tab)
    assert tab.value(DAILY_PART)[DAY.isoformat()].guesses == ("RGBY",)
    again = reloaded(tab, view)
    assert again.mode == DAILY and again.day == DAY and again.game.guesses_made == 1
    assert again.game.secret == daily_game(DAY).secret
    assert "resumed" in again.status


def test_a_practice_game_stays_practice_after_a_reload():
    tab = Tab(MemoryStorage())
    view = SoloView(Saved(), seed=3, reveal=True)
    play(view, losing(view.game, 1)[0])
    persist(view, tab)
    again = reloaded(tab, view)
    assert again.reveal and again.secret == [again.config.color(letter) for letter in str(view.game.secret)]
    play(again, str(again.game.secret))
    assert again.saved.records == {}  # practice: not counted


def test_a_seed_resumes_only_its_own_solo_game():
    challenge = Challenge.make(Config(), "RGBY")
    game = challenge.game()
    kept = InProgress.of(game, mode=CHALLENGE)
    assert resumable(kept, None, Config())
    assert not resumable(kept, 5, Config())  # ?seed=5 asks for a Solo game


@given(configs(), st.data(), st.booleans(), st.booleans(), st.sampled_from(["solo", "challenge", "daily"]), st.booleans())
def test_any_kept_game_reads_back_the_same_and_never_shows_its_secret(config, data, assisted, hard, mode, practice):
    secret = data.draw(codes(config))
    game = Game(config, secret, hard=hard)
    for guess in data.draw(st.lists(codes(config), max_size=3)):
        if not game.over and guess != secret:
            with contextlib.suppress(CodeError):  # hard mode may refuse it
                game.guess(str(guess))
    kept = InProgress.of(game, assisted, mode, DAY.isoformat() if mode == "daily" else None, practice)
    stored = kept.to_dict()
    assert InProgress.from_dict(json.loads(json.dumps(stored))) == kept
    assert "secret" not in stored and stored["sealed"] == Challenge(config, secret, hard).token  # as a link seals it


# Never dropped without a question


def test_nothing_is_asked_before_a_guess_nor_after_the_end():
    view = SoloView(Saved(), seed=3)
    assert view.leave_question is None
    play(view, str(view.game.secret))
    assert view.game.over and view.leave_question is None
    view.start_daily(DAY, None, DAY)
    assert view.leave_question is None and view.abandon() == ""
    assert view.saved.stats(DAILY, Config()).played == 0


@pytest.mark.parametrize("made", [1, 2])
def test_a_daily_left_after_a_guess_is_a_loss_and_comes_back_over(made):
    """Leaving the daily (for New game, another day, a challenge link, new rules) asks, counts a
    loss, and keeps the day as left: Day brings it back shown as lost, never to be won."""
    tab = Tab(MemoryStorage())
    view = SoloView(Saved(), today=DAY)
    view.start_daily(DAY, None, DAY)
    for guess in losing(view.game, made):
        play(view, guess)
    persist(view, tab)
    guesses = "guess" if made == 1 else "guesses"
    assert view.question_before() == view.leave_question == (
        f"This daily challenge has {made} {guesses}. Leave it? It counts as a loss in Statistics, "
        "and the day cannot be played again.")
    assert view.question_before(DAY) is None  # the same day again leaves nothing
    assert view.question_before(DAY - dt.timedelta(days=1)) == view.leave_question

    said = leave(view, tab, view.new_game)
    assert said == "The game you left counts as a loss." and view.mode == "solo"
    assert view.saved.stats(DAILY, Config()) == Record(1, 0, 0, 0, {})
    kept = tab.value(DAILY_PART)[DAY.isoformat()]
    assert kept.left and len(kept.guesses) == made

    view.start_daily(DAY, tab.value(DAILY_PART).get(DAY.isoformat()), DAY)
    assert view.game.over and view.game.lost and view.leave_question is None
    assert view.status.startswith(f"Daily challenge of 2026-11-23: you left it after {made} {guesses}, a loss; the secret was ")
    play(view, str(view.game.secret))  # the secret, known now, cannot win it
    assert view.status.startswith("The game is over: you lost.") and view.game.guesses_made == made
    assert view.saved.stats(DAILY, Config()).played == 1  # shown again, not counted again
    persist(view, tab)
    assert tab.value(SOLO).left and not resumable(tab.value(SOLO), None, Config())  # a reload does not resume it to a win
    again = SoloView(view.saved)
    again.resume(tab.value(SOLO), finished=True)
    assert again.mode == DAILY and again.game.lost and "left it" in again.status


def test_a_daily_left_stays_left_when_another_tab_played_it_meanwhile():
    from mastermind.page.daily import DayPlay
    from mastermind.page.storage import _merge_days

    base = {DAY.isoformat(): DayPlay(("RRGG",))}
    left = {DAY.isoformat(): DayPlay(("RRGG",), left=True)}
    further = {DAY.isoformat(): DayPlay(("RRGG", "BBOO"))}
    assert _merge_days(base, further, left)[DAY.isoformat()].left
    assert _merge_days(base, left, base)[DAY.isoformat()].left


def test_practice_dailies_are_asked_about_as_uncounted():
    view = SoloView(Saved(), reveal=True)
    view.start_daily(DAY, None, DAY)
    play(view, losing(view.game, 1)[0])
    assert view.leave_question == "This game has 1 guess. Leave it? It is not counted in Statistics."
    assert view.abandon() == "" and view.saved.records == {}


@pytest.mark.parametrize("made", [1, 3])
def test_a_solo_game_left_after_a_guess_counts_as_a_loss(made):
    view = SoloView(Saved(records={}), seed=3)
    play(view, str(view.game.secret))  # a win first: the loss ends its streak
    view.new_game(4)
    for guess in losing(view.game, made):
        play(view, guess)
    guesses = "guess" if made == 1 else "guesses"
    assert view.leave_question == f"This game has {made} {guesses}. Leave it? It counts as a loss in Statistics."
    assert view.abandon() == "The game you left counts as a loss."
    assert view.saved.stats("solo", Config()) == Record(2, 1, 0, 1, {1: 1})


def test_a_challenge_left_counts_as_a_loss_once_and_practice_counts_nothing():
    challenge = Challenge.make(Config(), "RGBY")
    view = SoloView(Saved())
    view.start_challenge(challenge.token)
    play(view, "RRRR")
    assert view.abandon() == "The game you left counts as a loss."
    assert view.saved.stats(CHALLENGE, Config()).played == 1 and challenge.token in view.saved.challenges
    view.start_challenge(challenge.token)  # played before: not counted again
    play(view, "RRRR")
    assert view.leave_question == "This game has 1 guess. Leave it? It is not counted in Statistics."
    assert view.abandon() == "" and view.saved.stats(CHALLENGE, Config()).played == 1

    practice = SoloView(Saved(), seed=3, reveal=True)
    play(practice, losing(practice.game, 1)[0])
    assert practice.leave_question.endswith("It is not counted in Statistics.")
    assert practice.abandon() == "" and practice.saved.records == {}


def test_a_challenge_link_is_asked_about_only_when_it_opens():
    assert challenge_opens(Challenge.make(Config(), "RGBY").token)
    assert not challenge_opens("not a token") and not challenge_opens("")


def test_solves_new_game_asks_only_when_rows_were_entered():
    view = SolveView()
    assert view.new_game_question is None
    for key in "RGBY":
        view.press(key)
    view.set_feedback("Black", "1")
    view.set_feedback("White", "0")
    view.submit()
    assert view.new_game_question == "Start a new game? The 1 row entered is cleared."


# The secret sealed in storage and in the exported file


def test_the_exported_file_keeps_the_secret_sealed_and_imports_the_game_back():
    tab = Tab(MemoryStorage())
    tab.save(SOLO, InProgress.of(Game(Config(), "YOPG")))
    kept = Game(Config(), "YOPG")
    kept.guess("RRGG")
    tab.save(SOLO, InProgress.of(kept, assisted=True))
    text = export(tab.values(), dt.datetime(2026, 11, 23, 10, 4))
    assert "YOPG" not in text and '"secret"' not in text
    assert parse(text).values[SOLO.key] == InProgress.of(kept, assisted=True)


def test_a_version_2_file_with_the_secret_in_the_clear_still_imports():
    game = Game(Config(), "YOPG")
    game.guess("RRGG")
    old = {"format": "mastermind-backup", "version": 2, "exported": "2026-11-23T10:04:00",
           "data": {SOLO.key: {"game": game.to_dict(), "assisted": False},
                    "mastermind:settings": Settings(order="top").to_dict()}}
    values = parse(json.dumps(old)).values
    assert values[SOLO.key] == InProgress.of(game) and values["mastermind:settings"].order == "top"


# The end of a game is an end


def test_a_finished_game_offers_new_game_and_share_and_opens_statistics():
    view = SoloView(Saved(), seed=3)
    assert view.end_actions == () and not view.opens_stats and view.share is None
    for guess in losing(view.game, 2):
        play(view, guess)
    play(view, str(view.game.secret))
    assert [action.key for action in view.end_actions] == ["new-game", "share", "review"]
    assert [action.label for action in view.end_actions] == ["New game", "Share", "Review"]
    assert view.start_review() and not view.start_review()  # worked out once
    assert [action.key for action in view.end_actions] == ["new-game", "share"]
    assert view.opens_stats
    lines = view.share.splitlines()
    assert lines[0] == "Mastermind Solo: 3/12" and len(lines) == 4 and lines[-1] == "\N{MEDIUM BLACK CIRCLE}" * 4
    assert str(view.game.secret) not in view.share


def test_practice_ends_without_statistics_but_shares():
    view = SoloView(Saved(), seed=3, reveal=True)
    play(view, str(view.game.secret))
    assert not view.opens_stats and view.share is not None


def test_the_statistics_chart_has_a_bar_for_every_count_of_guesses_the_rules_allow():
    from mastermind.page.records import stats_panel
    from mastermind.page.stats import record_key

    key = record_key("solo", Config(max_guesses=8))
    panel = stats_panel({key: Record().add(won=True, guesses=3)}, key)
    assert [bar.guesses for bar in panel.bars] == list(range(1, 9)) and panel.chart_note == ""
    assert [bar.wins for bar in panel.bars] == [0, 0, 1, 0, 0, 0, 0, 0]
    lost = stats_panel({key: Record().add(won=False, guesses=8)}, key)
    assert len(lost.bars) == 8 and lost.chart_note == "No game won yet."
    assert stats_panel({}, key).bars == []


@pytest.mark.parametrize(("clock", "said"), [
    (dt.datetime(2026, 11, 23, 0, 0, 0), "Next daily challenge in 24:00:00"),
    (dt.datetime(2026, 11, 23, 12, 0, 59, 999_999), "Next daily challenge in 11:59:01"),
    (dt.datetime(2026, 12, 31, 23, 0, 0), "Next daily challenge in 1:00:00"),
])
def test_the_countdown_to_the_next_daily(clock, said):
    from mastermind.page.daily import next_daily

    assert next_daily(clock) == said


def test_a_guess_played_already_is_marked_and_refused_in_solo():
    view = SoloView(Saved(), seed=3)
    first, second = losing(view.game, 2)
    play(view, first)
    play(view, second)
    view.use_guess(1)
    assert view.repeat_of == 1
    view.press("Enter")
    assert view.refused and view.game.guesses_made == 2
    assert view.status == f"{first} was played already, as guess 1: it would teach nothing. Change a peg, then press Submit guess."
    view.delete()
    assert view.repeat_of is None


def test_a_guess_played_already_is_refused_in_a_duel():
    from mastermind.page.boards import Screen
    from mastermind.page.modes import MatchView

    view = MatchView("duel", seed=1)
    view.edit("Player 1 name", "VIKI")
    view.edit("Player 2 name", "Ann")
    assert view.start() and view.screen is Screen.GUESS
    config = view.config
    guess = next(str(code) for code in Code.all(config) if str(code) != str(view.match.attempt.secret))
    play(view, guess)
    assert view.match.attempt.guesses_made == 1
    play(view, guess)
    assert view.refused and view.match.attempt.guesses_made == 1
    assert view.status.startswith(f"{guess} was played already, as guess 1")


def test_new_rules_start_a_new_game_so_they_are_asked_about_like_new_game():
    from mastermind.page.settings_form import form_values

    view = SoloView(Saved(), seed=3)
    fields = form_values(view.settings)
    assert not view.changes_rules(fields) and not view.changes_rules({**fields, "order": "top"})
    assert view.changes_rules({**fields, "pegs": "5"})
    assert not view.changes_rules({**fields, "pegs": "99"})  # refused: nothing changes


def test_a_friends_challenge_opens_statistics_the_first_time_only():
    challenge = Challenge.make(Config(), "RGBY")
    view = SoloView(Saved())
    view.start_challenge(challenge.token)
    play(view, "RGBY")
    assert view.opens_stats  # counted now, though remembered as counted at once
    view.start_challenge(challenge.token)
    play(view, "RGBY")
    assert not view.opens_stats  # played before: not counted again


def test_the_review_is_an_end_action_asked_for_once_a_game():
    view = SoloView(Saved(), seed=3)
    assert not view.start_review()  # no review before the end
    play(view, str(view.game.secret))
    assert view.end_actions[-1].key == "review" and view.start_review()
    assert "review" not in [action.key for action in view.end_actions]
    view.new_game(4)
    play(view, str(view.game.secret))
    assert view.end_actions[-1].key == "review"  # a new game has its own review


# The other modes' codes sealed in storage and in the exported file


def in_progress_codes(saved) -> list[str]:
    """The codes set in the modes' games that are not broken yet (what a backup must not show)."""
    codes = []
    for game in saved.games.values():
        holders = [game, *game.get("games", [])]
        codes += [holder["secret"] for holder in holders
                  if holder.get("secret") and holder["secret"] not in holder.get("guesses", [])]
    return codes


def test_every_modes_codes_are_sealed_in_storage_and_in_the_export():
    from mastermind.page.storage import MODE_GAMES, envelope, read

    from .test_mode_storage import games

    saved = games()
    codes = in_progress_codes(saved)
    assert len(codes) >= 4  # a duel's, a race's, a tournament's and the computer's
    text = envelope(MODE_GAMES, saved, 3)
    assert '"secret"' not in text and not any(code in text for code in codes)
    assert read(MODE_GAMES, text).value == saved
    exported = export({MODE_GAMES.key: saved}, dt.datetime(2026, 11, 23, 10, 4))
    assert '"secret"' not in exported and not any(code in exported for code in codes)
    assert parse(exported).values[MODE_GAMES.key] == saved


def test_version_3_games_of_the_modes_are_still_read_and_migrate_sealed():
    from mastermind.page.storage import MODE_GAMES, VERSION, keys, layout_version, migrate, read

    from .test_mode_storage import games

    saved = games()
    plain = {"active": saved.active, "games": {mode: dict(game) for mode, game in saved.games.items()}}
    old = json.dumps({"version": 3, "rev": 6, "data": plain})
    assert read(MODE_GAMES, old).value == saved and read(MODE_GAMES, old).problem is None  # an older tab's value
    texts = dict.fromkeys(keys())
    texts[MODE_GAMES.key] = old
    assert layout_version(texts) == 3
    done = migrate(texts)
    assert list(done.changes) == [MODE_GAMES.key] and done.problems == []
    moved = json.loads(done.texts[MODE_GAMES.key])
    assert moved["version"] == VERSION and moved["rev"] == 6 and '"secret"' not in done.texts[MODE_GAMES.key]
    assert read(MODE_GAMES, done.texts[MODE_GAMES.key]).value == saved
    backup = {"format": "mastermind-backup", "version": 3, "exported": "2026-11-23T10:04:00", "data": {MODE_GAMES.key: plain}}
    assert parse(json.dumps(backup)).values[MODE_GAMES.key] == saved


def test_a_mode_game_with_a_code_in_the_clear_or_sealed_under_other_rules_is_dropped():
    from mastermind.page.storage import MODE_GAMES, envelope, read

    from .test_mode_storage import games

    data = json.loads(envelope(MODE_GAMES, games(), 1))
    duel = data["data"]["games"]["duel"]["games"][0]
    duel["secret"] = "RGBP"  # written in the clear by hand, beside its sealed code
    computer = data["data"]["games"]["computer"]
    computer["sealed"] = Challenge.make(Config(pegs=5), "RGBYR").token  # a code of other rules
    stored = read(MODE_GAMES, json.dumps(data))
    assert sorted(stored.value.games) == ["race", "tournament"]
    assert "the duel in progress" in stored.problem and "the computer in progress" in stored.problem
    del duel["secret"]
    duel["sealed"] = "AAAA"  # changed by hand
    assert "the duel in progress" in read(MODE_GAMES, json.dumps(data)).problem


def test_a_version_3_day_and_game_read_as_not_left():
    from mastermind.page.daily import DayPlay

    assert DayPlay.from_dict({"guesses": ["RGBY"], "assisted": False, "hard": False}, day=DAY).left is False
    with pytest.raises(ValueError, match="left only after a guess"):
        DayPlay.from_dict({"guesses": [], "assisted": False, "left": True}, day=DAY)
    stored = InProgress.of(daily_game(DAY), mode=DAILY, day=DAY.isoformat()).to_dict()
    del stored["left"]
    assert not InProgress.from_dict(stored).left
