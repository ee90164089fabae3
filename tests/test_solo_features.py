"""The Solo page's model for the peers' features: hard mode, challenge links, Use guess, presets,
past daily challenges and the first visit."""

import datetime as dt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mastermind import Code, Config, feedback
from mastermind.challenge import Challenge
from mastermind.hard import SWITCH_REFUSAL, contradiction
from mastermind.page.address import MODE, challenge_url, parse_params
from mastermind.page.daily import FIRST_DAY, DayPlay, chosen_day, daily_game
from mastermind.page.records import record_label, stats_choices
from mastermind.page.settings_form import form_preset, form_values, preset_fields, read_form
from mastermind.page.solo import CHALLENGE, DAILY, SoloView
from mastermind.page.state import InProgress, Saved, Settings
from mastermind.page.stats import parse_record_key, record_key
from mastermind.presets import PRESET_NAMES, SOLO_PRESETS

from .strategies import configs

SEED = 11


def play(view: SoloView, letters: str) -> bool:
    for letter in letters:
        view.pick(letter)
    return view.submit()


def settings_form(view: SoloView, **changes) -> dict:
    return {**form_values(view.settings), **changes}


def hard_view(seed: int = SEED) -> SoloView:
    view = SoloView(Saved(Settings(hard=True)), seed=seed)
    assert view.game.hard
    return view


def contradicting(view: SoloView) -> str:
    history = [(turn.guess, turn.feedback) for turn in view.game.history]
    return next(str(code) for code in Code.all(view.config) if contradiction(history, code))


# Hard mode


def test_a_hard_refusal_is_the_status_sentence_and_keeps_the_history_and_the_guess():
    view = hard_view()
    play(view, "RRGG")
    refused = contradicting(view)
    play(view, refused)
    earlier = view.game.history[0]
    would = feedback(refused, "RRGG")
    assert view.status == f"Hard mode: against guess 1 (RRGG: {earlier.feedback}) this guess would score {would}."
    assert view.refused and view.game.guesses_made == 1
    assert "".join(color.letter for color in view.slots) == refused


def test_hard_mode_switches_on_in_the_settings_only_before_the_first_guess():
    view = SoloView(Saved(), seed=SEED)
    assert view.save_settings(settings_form(view, hard=True)) == {}
    assert view.game.hard and view.settings.hard and "Hard mode is on for this game" in view.status
    play(view, "RRGG")
    assert view.save_settings(settings_form(view, hard=False)) == {}
    assert not view.game.hard
    assert view.save_settings(settings_form(view, hard=True)) == {"hard": SWITCH_REFUSAL}
    assert not view.settings.hard and not view.game.hard
    assert view.status.startswith("Settings not saved: Hard mode can be switched on only before the first guess")


def test_hard_mode_with_new_rules_starts_a_hard_game_at_once():
    view = SoloView(Saved(), seed=SEED)
    play(view, "RRGG")
    assert view.save_settings(settings_form(view, hard=True, pegs="5")) == {}
    assert view.game.hard and view.config.pegs == 5 and view.game.guesses_made == 0


def test_a_finished_game_leaves_hard_mode_for_the_next_one():
    view = SoloView(Saved(), seed=SEED)
    play(view, str(view.game.secret))
    assert view.save_settings(settings_form(view, hard=True)) == {}
    assert not view.game.hard
    view.new_game()
    assert view.game.hard


def test_hard_games_count_in_their_own_record():
    view = hard_view()
    play(view, str(view.game.secret))
    assert view.record_key == record_key(MODE, Config(), hard=True) == "solo 4x6 BGOPRY 12 repeats hard"
    assert view.saved.stats(MODE, Config(), hard=True).won == 1
    assert view.saved.stats(MODE, Config()).played == 0
    assert record_label(view.record_key).startswith("Solo, hard mode: 4 pegs")
    assert [key for key, _ in stats_choices(view.saved.records, view.record_key)][:2] == [
        view.record_key, view.record_key + " assisted",
    ]


def test_a_game_switched_off_half_way_counts_as_a_normal_one():
    view = hard_view()
    play(view, "RRGG")
    view.save_settings(settings_form(view, hard=False))
    play(view, str(view.game.secret))
    assert view.saved.stats(MODE, Config()).won == 1
    assert view.saved.stats(MODE, Config(), hard=True).played == 0


def test_a_hard_game_in_progress_resumes_hard():
    view = hard_view()
    play(view, "RRGG")
    kept = InProgress.from_dict(view.in_progress.to_dict())
    again = SoloView(Saved())
    again.resume(kept)
    assert again.game.hard and again.game.history == view.game.history
    assert "hard mode" in again.status


def test_a_hard_daily_challenge_is_kept_hard_and_shares_its_mark():
    day = dt.date(2026, 11, 23)
    view = SoloView(Saved(Settings(hard=True)))
    view.start_daily(day, None)
    assert view.game.hard
    play(view, str(view.game.secret))
    play_kept = DayPlay.from_dict(view.day_play.to_dict(), day=day)
    assert play_kept.hard and play_kept.game(day).won
    assert view.share.splitlines()[0] == "Mastermind daily 2026-11-23: 1/12 (hard mode)"
    assert view.saved.stats(DAILY, Config(), hard=True).won == 1


def test_a_day_stored_before_hard_mode_existed_is_read():
    day = dt.date(2026, 11, 23)
    assert DayPlay.from_dict({"guesses": ["RGBY"], "assisted": False}, day=day) == DayPlay(("RGBY",))
    with pytest.raises(ValueError):
        DayPlay.from_dict({"guesses": [], "assisted": False, "hard": "yes"}, day=day)
    with pytest.raises(ValueError):
        DayPlay.from_dict({"guesses": [], "assisted": False, "hard": False, "extra": 1}, day=day)


def test_settings_stored_before_hard_mode_existed_are_read():
    stored = Settings().to_dict()
    del stored["hard"]
    assert Settings.from_dict(stored) == Settings()
    with pytest.raises(ValueError, match="hard"):
        Settings.from_dict({**stored, "hard": 1})


# Challenge a friend


def test_a_challenge_link_plays_the_makers_rules_and_counts_apart():
    maker = SoloView(Saved(Settings(Config(pegs=5, colors=8, max_guesses=10), hard=True)))
    challenge = maker.make_challenge("kwrgb")
    url = challenge_url("https://example.org/", challenge)
    opener = SoloView(Saved(), seed=SEED)
    opener.start_challenge(parse_params(url.partition("?")[2]).challenge)
    assert opener.mode == CHALLENGE
    assert (opener.config, opener.game.secret, opener.game.hard) == (challenge.config, Code("KWRGB"), True)
    assert opener.status.startswith(f"Challenge {challenge.name} from a friend: 5 pegs, 8 colours")
    assert opener.in_progress.mode == CHALLENGE  # kept as a challenge, for a reload
    assert opener.save_settings(settings_form(opener, hard=False)) == {}  # no change to the challenge
    assert opener.game.hard and opener.config == challenge.config
    play(opener, "KWRGB")
    assert opener.share.splitlines()[0] == f"Mastermind challenge {challenge.name}: 1/10 (hard mode)"
    assert opener.saved.stats(CHALLENGE, challenge.config, hard=True).won == 1
    assert opener.saved.records.keys() == {record_key(CHALLENGE, challenge.config, hard=True)}
    assert opener.saved.settings == Settings()
    assert record_label(opener.record_key).startswith("Challenge, hard mode: ")


@pytest.mark.parametrize("token", [None, "", "abc", "%3Cscript%3E", Challenge.make(Config(), "RGBY").token[:-1] + "A"])
def test_a_bad_challenge_link_leaves_a_solo_game_and_says_why(token):
    view = SoloView(Saved(), seed=SEED)
    view.start_challenge(token)
    assert view.mode == MODE and view.status.startswith("This challenge link")
    assert "Here is a Solo game instead." in view.status


def test_the_maker_is_told_why_a_code_is_refused():
    view = SoloView(Saved(Settings(Config(allow_duplicates=False))))
    with pytest.raises(ValueError, match="Red is used twice"):
        view.make_challenge("RRGB")


@given(st.randoms(use_true_random=False))
def test_a_random_challenge_code_fits_the_settings(rng):
    view = SoloView(Saved(Settings(Config(pegs=6, colors=8, allow_duplicates=False))))
    code = view.random_code(rng)
    assert view.make_challenge(code).secret == Code(code)


# Use guess N


def test_use_guess_copies_a_past_guess_into_the_row_being_composed():
    view = SoloView(Saved(), seed=SEED)
    play(view, "RRGG")
    play(view, "BYOP")
    view.pick("R")
    view.use_guess(1)
    assert [color.letter for color in view.slots] == list("RRGG")
    assert view.status == "Guess 1 (RRGG) is in your guess: change a peg, then submit."
    view.clear(3)
    view.pick("Y")
    play(view, "")
    assert str(view.game.history[-1].guess) == "RRGY"


def test_use_guess_of_a_finished_game_or_a_guess_that_is_not_there_is_refused():
    view = SoloView(Saved(), seed=SEED)
    view.use_guess(1)
    assert view.slots == [None] * 4
    play(view, str(view.game.secret))
    view.use_guess(1)
    assert view.refused and "game is over" in view.status


# Presets


@pytest.mark.parametrize("preset", SOLO_PRESETS, ids=lambda preset: preset.name)
def test_a_preset_fills_the_rule_fields_and_names_them(preset):
    fields = preset_fields(preset.name)
    assert form_preset(fields) == preset.name
    settings, errors = read_form({**form_values(Settings()), **fields})
    assert errors == {} and settings.config == preset.config
    assert form_values(settings)["preset"] == preset.name


def test_editing_a_field_makes_the_form_custom_and_custom_fills_nothing():
    fields = preset_fields("Duel")
    assert form_preset({**fields, "guesses": "7"}) == "Custom"
    assert form_preset({**fields, "pegs": ""}) == "Custom"
    assert preset_fields("Custom") == {} and preset_fields("<b>") == {}
    assert PRESET_NAMES[-1] == "Custom"


def test_the_preset_is_never_stored_the_fields_are():
    view = SoloView(Saved())
    assert view.save_settings({**form_values(view.settings), **preset_fields("Super"), "preset": "Race"}) == {}
    assert view.settings.config == Config(pegs=5, colors=8)
    assert "preset" not in view.settings.to_dict()


# Past daily challenges


def test_an_earlier_day_is_played_on_the_board_with_its_own_words():
    today, earlier = dt.date(2026, 11, 23), dt.date(2026, 11, 2)
    view = SoloView(Saved())
    view.start_daily(earlier, None, today)
    assert view.game.secret == daily_game(earlier).secret
    assert view.status.startswith("Daily challenge of 2026-11-02: the same secret for everyone that day.")
    play(view, str(view.game.secret))
    assert view.share.startswith("Mastermind daily 2026-11-02: 1/12")
    view.start_daily(earlier, view.day_play, today)
    assert view.status.endswith("Choose another day, or play today's.")
    view.start_daily(today, None, today)
    assert view.status.startswith("Daily challenge of 2026-11-23: the same secret for everyone today.")


def test_an_earlier_day_put_back_by_another_tab_keeps_its_words():
    today, earlier = dt.date(2026, 11, 23), dt.date(2026, 11, 2)
    view = SoloView(Saved())
    view.start_daily(earlier, None, today)
    view.start_daily(earlier, None)  # as the two-tab merge does, which knows no date
    assert view.status.startswith("Daily challenge of 2026-11-02: the same secret for everyone that day.")


@given(st.dates(FIRST_DAY, dt.date(2100, 1, 1)), st.dates(FIRST_DAY, dt.date(2100, 1, 1)))
def test_any_day_of_the_archive_up_to_today_can_be_chosen(day, today):
    if day <= today:
        assert chosen_day(day.isoformat(), today) == day
    else:
        with pytest.raises(ValueError, match="no challenge for"):
            chosen_day(day.isoformat(), today)


@pytest.mark.parametrize("text", ["", "yesterday", "2026-13-01", "2026-02-30", "02/11/2026", "2025-12-31", " " * 10, "9" * 400])
def test_a_day_that_is_not_in_the_archive_is_refused_with_a_sentence(text):
    with pytest.raises(ValueError) as refused:
        chosen_day(text, dt.date(2026, 11, 23))
    assert str(refused.value)[0].isupper() and str(refused.value).endswith(".")


# The first visit


@pytest.mark.parametrize(
    "query, opens",
    [("", True), ("?reveal=1", True), ("?mode=", True), ("?mode=solo", False), ("?mode=Solo&reveal=1", False), ("?seed=5", False),
     ("?challenge=abc", False), ("?mode=duel", False)],
)
def test_how_to_play_opens_by_itself_only_for_the_plain_page(query, opens):
    assert parse_params(query).first_visit_help is opens


@given(configs())
def test_form_values_name_the_preset_of_any_rules(config):
    assert form_values(Settings(config))["preset"] in PRESET_NAMES
    assert parse_record_key(record_key(MODE, config, hard=True)).hard


def test_the_archive_runs_from_its_first_day_to_today_inclusive():
    today = dt.date(2026, 11, 23)
    assert chosen_day(" 2026-11-23 ", today) == today
    assert chosen_day(FIRST_DAY.isoformat(), today) == FIRST_DAY
    with pytest.raises(ValueError, match=r"^There is no challenge for 2026-11-24 yet: today's \(2026-11-23\) is the latest\.$"):
        chosen_day("2026-11-24", today)
    with pytest.raises(ValueError, match=r"^The daily challenges start on 2026-01-01: choose that day or a later one\.$"):
        chosen_day((FIRST_DAY - dt.timedelta(days=1)).isoformat(), today)


@pytest.mark.parametrize("text", ["20261102", "2026-11-2", "2026-11-02T00"])
def test_only_a_day_written_as_a_date_field_writes_it_is_taken(text):
    with pytest.raises(ValueError, match=r"^Choose a day: a date such as 2026-11-02\.$"):
        chosen_day(text, dt.date(2026, 11, 23))
