"""What the browser edition's page does when it picks up a game kept from an earlier visit, and the
other steps only the page (the browser tests) took: called here in-process, where `make mutation`
sees them."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import pytest

from mastermind import Config, Game, Registry, load_match
from mastermind.computer import CodeChallenge
from mastermind.page.boards import Screen
from mastermind.page.computer import ComputerView
from mastermind.page.modes import MatchView, resumed_view
from mastermind.page.solve import SolveView
from mastermind.page.storage import Saved
from mastermind.solving import BLACK_WHITE, PER_SLOT, Pegs, Row, Slots, Solve

SOLO = Config(pegs=5, colors=8)


def duel_data() -> dict:
    view = MatchView("duel", seed=1)
    view.edit("Player 1 name", "Ann")
    view.edit("Player 2 name", "Bob")
    view.edit("Runs", "2")
    assert view.start()
    data = view.saved()
    assert data is not None
    return data


# Resuming a match or Computer breaks your code


def test_a_kept_duel_is_taken_up_where_it_stopped():
    data = duel_data()
    view = resumed_view("duel", SOLO, Registry(), data, seed=1)
    assert isinstance(view, MatchView) and view.mode == "duel"
    assert view.match is not None and view.saved() == load_match(data).to_dict()
    assert view.status.startswith("Welcome back to your duel.")


def test_nothing_kept_leaves_the_setup_form_with_its_prompt():
    view = resumed_view("race", SOLO, Registry(), None)
    assert isinstance(view, MatchView) and view.mode == "race" and view.match is None
    assert view.screen is Screen.SETUP and view.status == view.prompt


def test_an_unreadable_kept_match_is_said_so_and_leaves_the_setup_form():
    view = resumed_view("duel", SOLO, Registry(), {"mode": "duel", "version": 1})
    assert isinstance(view, MatchView) and view.match is None and view.screen is Screen.SETUP
    assert view.status == f"The Duel game kept from your last visit could not be resumed. {view.prompt}"


def test_a_kept_code_challenge_goes_on_under_its_own_rules():
    game = CodeChallenge("VIKI", Config(pegs=5, colors=8), random.Random(3)).set_secret("RGBYW")
    game.guess(game.breaker().next_guess(game.history))
    view = resumed_view(CodeChallenge.mode, Config(), Registry(), game.to_dict(), seed=2)
    assert isinstance(view, ComputerView) and view.game is not None
    assert view.saved() == game.to_dict() and view.form["Computer player"] == "VIKI"
    assert not view.status.startswith("The ")


def test_no_code_challenge_kept_leaves_the_form_under_solos_rules():
    view = resumed_view(CodeChallenge.mode, SOLO, Registry(), None)
    assert isinstance(view, ComputerView) and view.game is None and view.rules == SOLO
    assert view.status == view.prompt


def test_an_unreadable_code_challenge_is_said_so():
    view = resumed_view(CodeChallenge.mode, SOLO, Registry(), {"mode": CodeChallenge.mode, "secret": 7})
    assert isinstance(view, ComputerView) and view.game is None and view.rules == SOLO
    assert view.status.startswith(f"The {view.title} game kept from your last visit could not be resumed. ")
    assert view.status.endswith(view.prompt)


def test_a_match_kept_in_the_computer_challenges_place_is_not_taken_up():
    view = resumed_view(CodeChallenge.mode, SOLO, Registry(), duel_data())
    assert isinstance(view, ComputerView) and view.game is None
    assert "could not be resumed" in view.status


# Solve's rows kept from an earlier visit


def test_kept_rows_of_black_and_white_pegs_come_back():
    solve = Solve(Config(), BLACK_WHITE).add(Row("RGBY", Pegs(1, 2))).add(Row("BBGG", Pegs(None, None)))
    view = SolveView.resumed(SOLO, solve.to_dict())
    assert view.solve == solve and view.status.startswith("Welcome back: 2 rows kept.")


def test_no_rows_kept_starts_a_solve_under_solos_rules():
    view = SolveView.resumed(SOLO, None)
    assert view.config == SOLO and view.solve.rows == () and view.status == view.prompt


def test_unreadable_rows_are_said_so_and_start_afresh():
    data = Solve(Config(), BLACK_WHITE).add(Row("RGBY", Pegs(1, 2))).to_dict()
    data["rows"][0]["feedback"] = [1, -2]
    view = SolveView.resumed(SOLO, data)
    assert view.solve.rows == () and view.config == SOLO
    assert view.status == f"The rows kept from your last visit could not be read. {view.prompt}"


@pytest.mark.parametrize("data", [[1], [1, 2, 3], (1, 2), [1, -1], [-1, 0], [1.0, 2], [True, 0], "12", None])
def test_stored_black_and_white_feedback_must_be_two_counts(data):
    with pytest.raises(ValueError, match="black-and-white feedback must be two counts, not "):
        Pegs.read(data, 4)


def test_stored_black_and_white_feedback_reads_back():
    assert Pegs.read([2, 1], 4) == Pegs(2, 1)
    assert Pegs.read([0, 0], 4) == Pegs(0, 0)
    assert Pegs.read([None, 3], 4) == Pegs(None, 3)
    assert BLACK_WHITE.read(Pegs(3, 0).to_data(), 4) == Pegs(3, 0)
    assert PER_SLOT.read("+~-?", 4) == Slots.parse("+~-?", 4, "+~-?")


def test_the_refusal_of_stored_feedback_is_cut_to_a_hundred_characters():
    with pytest.raises(ValueError) as refused:
        Pegs.read(["x" * 300, 1], 4)
    assert len(str(refused.value)) == 100


def test_cancelling_an_edit_keeps_the_row_and_says_so():
    view = SolveView.resumed(Config(), Solve(Config(), BLACK_WHITE).add(Row("RGBY", Pegs(1, 2))).to_dict())
    view.edit_row(1)
    assert view.editing == 1
    view.press("Backspace")
    view.cancel_edit()
    assert view.editing is None and view.solve.rows[0].guess == "RGBY"
    assert view.status == f"Edit cancelled. {view.prompt}"
    assert not any(view.slots)


# The daily challenge of a day a person chose


def test_a_chosen_earlier_day_is_put_on_the_board():
    from mastermind.page.solo import SoloView

    view = SoloView(Saved())
    today = dt.date(2026, 11, 20)
    view.choose_day("2026-11-02", today, {})
    assert view.day == dt.date(2026, 11, 2) and view.mode == "daily"
    assert view.status.startswith("Daily challenge of 2026-11-02: the same secret for everyone that day.")


def test_a_chosen_day_already_played_is_shown_as_played():
    from mastermind.page.daily import DayPlay, daily_game
    from mastermind.page.solo import SoloView

    day, today = dt.date(2026, 11, 2), dt.date(2026, 11, 20)
    secret = str(daily_game(day).secret)
    view = SoloView(Saved())
    view.choose_day("2026-11-02", today, {"2026-11-02": DayPlay((secret,)), "2026-11-03": DayPlay()})
    assert view.game.won
    assert view.status == "Daily challenge of 2026-11-02: you already won it in 1 guess. Share it. Choose another day, or play today's."


def test_a_day_outside_the_archive_is_refused_and_the_board_stays():
    from mastermind.page.solo import SoloView

    view = SoloView(Saved())
    before = (view.mode, view.day, view.game)
    view.choose_day("2026-12-01", dt.date(2026, 11, 20), {})
    assert (view.mode, view.day, view.game) == before
    assert view.refused and "2026-12-01" in view.status


# Starting a match or a code challenge


def test_a_match_started_before_any_name_is_typed_asks_for_the_first():
    view = MatchView("duel")
    assert not view.start()
    assert view.errors == {"Player 1 name": "Enter a name."} and view.match is None
    assert view.status == "Not started. Player 1 name: Enter a name."


def test_after_the_first_match_each_new_one_draws_new_secrets():
    view = MatchView("race", seed=9)
    view.edit("Player 1 name", "Ann")
    view.edit("Player 2 name", "Bob")
    view.edit("Rounds", "3")
    drawn = []
    for _ in range(3):
        assert view.start()
        drawn.append([str(attempt.secret) for attempt in view.match.attempts])
        view.quit()
    assert drawn[1] != drawn[2] and drawn[0] != drawn[1]


def test_a_code_challenge_against_an_unknown_player_is_not_started():
    view = ComputerView(SOLO)
    view.form["Computer player"] = "Bob"
    assert not view.start() and view.game is None
    assert view.status == "Not started. Computer player: Choose HAL9000 or VIKI, not 'Bob'."
    view.form["Computer player"] = "VIKI"
    assert view.start() and view.errors == {} and view.game.player == "VIKI" and view.game.config == SOLO


def test_the_seed_decides_the_first_code_challenge_only():
    def vikis_guesses(view: ComputerView) -> list[str]:
        game = view.game
        assert game is not None
        game.set_secret("RGBYW")
        for _ in range(3):
            game.guess(game.breaker().next_guess(game.history))
        return [str(guess) for guess, _ in game.history]

    seeded = [ComputerView(SOLO, seed=4) for _ in range(2)]
    for view in seeded:
        view.form["Computer player"] = "VIKI"
        assert view.start()
    assert vikis_guesses(seeded[0]) == vikis_guesses(seeded[1])
    later = []
    for _ in range(3):
        seeded[0].quit()
        assert seeded[0].start()
        later.append(vikis_guesses(seeded[0]))
    assert later[0] != later[1] or later[1] != later[2]


# Computer breaks your code, move by move


def watching(player: str = "HAL9000", seed: int | None = 1) -> ComputerView:
    view = ComputerView(Config(), seed=seed)
    view.edit("Computer player", player)
    assert view.start() and view.game is not None
    view.game.set_secret("RGBY")
    assert view.screen is Screen.WATCH
    return view


def test_each_computer_guess_is_said_with_the_guesses_left():
    view = watching()
    view.play_computer(view.breaker().next_guess(view.history))
    turn = view.game.history[0]
    assert view.status == f"HAL9000 guessed {turn.guess}: {turn.feedback}. 11 guesses left."


def test_no_computer_guess_is_taken_before_the_secret_or_after_the_end():
    from mastermind import Code
    from mastermind.errors import MoveError

    for view in (ComputerView(Config()), ComputerView(Config(), seed=1)):
        with pytest.raises(MoveError, match=r"^no computer player's guess is due$"):
            view.play_computer(Code("RGBY"))
    view = watching()
    view.start()  # a new game: the secret is not set yet
    with pytest.raises(MoveError, match=r"^no computer player's guess is due$"):
        view.play_computer(Code("RGBY"))


def test_the_person_never_guesses_in_this_mode():
    from mastermind.errors import MoveError

    view = watching()
    with pytest.raises(MoveError, match=r"^the computer player makes the guesses$"):
        view._guess("RGBY")


def test_play_again_waits_for_the_end_of_the_game():
    view = watching("VIKI")
    game = view.game
    view.play_again()
    assert view.game is game and view.status == f"Wait for the end of this game. {view.prompt}"
    while not game.finished:
        view.play_computer(view.breaker().next_guess(view.history))
    view.play_again()
    assert view.game is not game and view.game.player == "VIKI" and view.screen is Screen.SECRET


def test_quit_goes_back_to_the_choice_with_the_last_player_chosen():
    view = watching("VIKI")
    view.abandon()
    assert view.confirming
    view.quit()
    assert view.game is None and not view.confirming and view.form["Computer player"] == "VIKI"
    assert view.status == view.prompt and view.screen is Screen.SETUP
    view.quit()  # nothing to quit: the form stays as it was
    assert view.form["Computer player"] == "VIKI" and view.status == view.prompt


def test_a_resumed_code_challenge_welcomes_back_with_its_player():
    game = CodeChallenge("VIKI", Config()).set_secret("RGBY")
    view = ComputerView(Config(), game)
    assert view.form["Computer player"] == "VIKI" and view.status == f"Welcome back. {view.prompt}"
    assert ComputerView(Config()).form["Computer player"] == "HAL9000"


def test_editing_the_field_clears_its_refusal():
    view = ComputerView(Config())
    view.edit("Computer player", "Bob")
    assert not view.start() and "Computer player" in view.errors
    view.edit("Computer player", "VIKI")
    assert view.errors == {} and view.fields[0].error == ""


def test_the_seed_decides_the_computer_players_guesses_in_a_match():
    def guesses(seed: int | None) -> list[str]:
        view = MatchView("duel", seed=seed)
        view.edit("Player 1 name", "Ann")
        view.edit("Player 2 name", "VIKI")
        view.edit("Runs", "2")
        assert view.start()
        for letter in "RGBY":
            view.press(letter)
        view.press("Enter")
        made: list[str] = []
        while view.computer_due and len(made) < 4:
            guess = view.breaker().next_guess(view.history)
            made.append(str(guess))
            view.play_computer(guess)
        assert made
        return made

    assert guesses(5) == guesses(5)
    assert len({tuple(guesses(None)) for _ in range(4)}) > 1


# Solve's rules and rows


def test_a_rule_change_under_another_feedback_rule_keeps_that_rule():
    view = SolveView(Config())
    view.edit_rule("Feedback rule", "Per slot")
    view.edit_rule("Pegs", "5")
    assert view.solve.rule is PER_SLOT and view.config.pegs == 5
    assert view.status == f"Rules: {view.rules_line}. {view.prompt}"


def test_an_unknown_rule_is_refused_in_words_and_its_refusal_cleared_by_a_good_value():
    view = SolveView(Config())
    view.edit_rule("Feedback rule", "By telepathy")
    assert view.errors == {"Feedback rule": "Not a rule of this page."}
    assert view.status == "Rules not changed. Feedback rule: Not a rule of this page."
    view.edit_rule("Feedback rule", "Per slot")
    assert view.errors == {} and view.solve.rule is PER_SLOT


def test_rules_are_locked_while_rows_are_entered():
    view = SolveView.resumed(Config(), Solve(Config(), BLACK_WHITE).add(Row("RGBY", Pegs(1, 2))).to_dict())
    view.edit_rule("Pegs", "5")
    assert view.config.pegs == 4 and view.refused
    assert view.status == f"The rules are those of the rows entered. Press New game to change them. {view.prompt}"


def test_setting_a_row_aside_and_taking_it_back_is_said():
    solve = Solve(Config(), BLACK_WHITE).add(Row("RGBY", Pegs(1, 2))).add(Row("BBGG", Pegs(0, 1)))
    view = SolveView.resumed(Config(), solve.to_dict())
    view.toggle_row(2)
    assert view.status == "Row 2 set aside." and view.solve.rows[1].ignored and not view.solve.rows[0].ignored
    assert view.analysis is None
    view.toggle_row(2)
    assert view.status == "Row 2 taken back." and not view.solve.rows[1].ignored


def test_the_shared_rows_mark_the_rows_set_aside():
    solve = Solve(Config(), BLACK_WHITE).add(Row("RGBY", Pegs(1, 2))).add(Row("BBGG", Pegs(0, 1))).toggle(1)
    lines = solve.share_text().split("\n")
    assert len(lines) == 3 and lines[1].endswith(" (ignored)") and not lines[2].endswith(")")
    assert lines[1].startswith("RGBY") and lines[2].startswith("BBGG")


# Solo's words


def solo_board(**settings: Any) -> Any:
    from mastermind.page.solo import SoloView
    from mastermind.page.storage import Settings

    return SoloView(Saved(Settings(Config(), **settings)), seed=11)


def test_hard_mode_switched_on_and_off_before_the_first_guess_is_said():
    from mastermind.page.settings_form import form_values

    view = solo_board()
    assert view.save_settings({**form_values(view.settings), "hard": True}) == {}
    assert view.status == "Settings saved. Hard mode is on for this game." and view.game.hard
    assert view.save_settings({**form_values(view.settings), "hard": False}) == {}
    assert view.status == "Settings saved. Hard mode is off for this game." and not view.game.hard


def test_every_refusal_of_the_settings_is_said_one_after_another():
    from mastermind.page.settings_form import form_values

    view = solo_board()
    errors = view.save_settings({**form_values(view.settings), "pegs": "x", "guesses": "y"})
    assert len(errors) == 2
    assert view.status == "Settings not saved: " + " ".join(errors.values())


def test_a_game_resumed_says_how_far_it_went():
    from mastermind.page.storage import InProgress

    view = solo_board()
    game = Game(Config(), secret="RGBY")
    assert view.resume(InProgress.of(game))
    assert view.status.startswith("Game resumed: ") and view.status.endswith(". Make your first guess.")
    game.guess("BBGG")
    assert view.resume(InProgress.of(game)) and view.status.endswith(". 1 guess made, 11 guesses left.")
    for _ in range(11):
        game.guess("BBGG")
    assert not view.resume(InProgress.of(game))
    assert view.resume(InProgress.of(game), finished=True)
    assert view.status == "You lost: the secret was RGBY. Press New game to play again."


def test_a_daily_resumed_says_how_far_it_went_and_keeps_its_hints():
    from mastermind.page.daily import DayPlay

    view = solo_board()
    day = dt.date(2026, 11, 2)
    view.start_daily(day, DayPlay(("BBGG",), assisted=True), dt.date(2026, 11, 20))
    assert view.status == "Daily challenge of 2026-11-02, resumed: 1 guess made, 11 guesses left."
    assert view.assisted
    view.start_daily(day, DayPlay((), assisted=True), dt.date(2026, 11, 20))
    assert view.assisted and view.game.guesses_made == 0


def test_the_records_of_games_with_hints_and_in_hard_mode_are_kept_apart():
    from mastermind.page.stats import record_key

    game = Game(Config(), secret="RGBY")
    game.guess("RGBY")
    saved = Saved().record("solo", game).record("solo", game, assisted=True).record("solo", game, assisted=True)
    saved = saved.record("solo", game, hard=True)
    assert saved.records[record_key("solo", Config())].played == 1
    assert saved.records[record_key("solo", Config(), True, False)].played == 2
    assert saved.records[record_key("solo", Config(), False, True)].played == 1


def test_the_statistics_offer_the_record_with_and_without_hints_first():
    from mastermind.page.records import stats_choices

    keys = [key for key, _ in stats_choices({}, "solo 4x6 BGOPRY 12 repeats assisted")]
    assert keys == ["solo 4x6 BGOPRY 12 repeats assisted", "solo 4x6 BGOPRY 12 repeats"]
    keys = [key for key, _ in stats_choices({}, "solo 4x6 BGOPRY 12 repeats")]
    assert keys == ["solo 4x6 BGOPRY 12 repeats", "solo 4x6 BGOPRY 12 repeats assisted"]


def test_the_settings_refusal_names_its_field_in_a_sentence():
    from mastermind.errors import ConfigError
    from mastermind.page.settings_form import _sentence

    assert _sentence(ConfigError("pegs", "must be from 1 to 8, not 12")) == "Pegs must be from 1 to 8, not 12."
    assert _sentence(ConfigError("elsewhere", "is wrong.")) == "elsewhere is wrong."
    assert _sentence(ConfigError("allow_duplicates", "without duplicates, more colours.")) == "Allow duplicates: without duplicates, more colours."
    assert _sentence(ConfigError("colors", "without duplicates")) == "Colors without duplicates."  # the colon is the duplicates rule's
    assert _sentence(ConfigError("mystery", "without a label")) == "mystery without a label."
    assert _sentence(ConfigError("pegs", ".must be odd..")) == "Pegs .must be odd."


def test_the_engines_answer_follows_what_the_last_action_said():
    view = SolveView(Config())
    view.edit_rule("Pegs", "5")
    said = view.status.split(". ")[0]
    view.answer(finish_analysis(view))
    assert view.status.startswith(said + ". ") and view.status.startswith("Rules: ")
    view.new_game()
    view.answer(finish_analysis(view))
    assert view.status.startswith("Rows cleared. ")


def finish_analysis(view: SolveView) -> object:
    from mastermind.solver import finish

    return finish(view.analyser().run())


# Solve's rows, one by one


def solve_view(*rows: tuple[str, Pegs], rule: Any = BLACK_WHITE) -> SolveView:
    solve = Solve(Config(), rule)
    for guess, feedback in rows:
        solve = solve.add(Row(guess, feedback))
    return SolveView.resumed(Config(), solve.to_dict())


def test_editing_a_row_puts_its_feedback_back_in_the_fields():
    view = solve_view(("RGBY", Pegs(1, None)), ("BBGG", Pegs(0, 2)))
    view.edit_row(1)
    assert (view.black, view.white) == ("1", "")
    assert view.status == "Editing row 1: change the guess or its feedback, then press Save row 1."
    view.edit_row(2)
    assert (view.black, view.white) == ("0", "2") and view.action == "Save row 2"


def test_editing_a_per_slot_row_puts_its_marks_back():
    view = SolveView(Config())
    view.edit_rule("Feedback rule", "Per slot")
    view.solve = view.solve.add(Row("RGBY", Slots.parse("+~-?", 4, "+~-?")))
    view.edit_row(1)
    assert [mark.word for mark in view.marks] == ["Right", "Present", "Absent", "Unknown"]


def test_a_new_game_keeps_the_rule_and_says_the_rows_are_cleared():
    view = SolveView(Config())
    view.edit_rule("Feedback rule", "Per slot")
    view.solve = view.solve.add(Row("RGBY", Slots.parse("+~-?", 4, "+~-?")))
    view.edit_row(1)
    view.new_game()
    assert view.solve == Solve(Config(), PER_SLOT) and view.editing is None and view.analysis is None
    assert view.status == f"Rows cleared. {view.prompt}" and view.action == "Add row"


def test_a_suggestion_is_refused_when_there_is_none():
    view = SolveView(Config())
    view.use_suggestion()
    assert view.refused and view.status.startswith("There is no suggestion now.")


def test_a_code_put_in_the_guess_asks_for_its_feedback():
    view = SolveView(Config())
    view.use_code("RGBY")
    assert view.status == "RGBY is in the guess. Enter its feedback, then press Add row."


def test_slot_feedback_is_set_by_its_label_and_only_a_known_word():
    view = SolveView(Config())
    view.edit_rule("Feedback rule", "Per slot")
    view.set_feedback("Slot 2 feedback", "Right")
    view.set_feedback("Slot 9 feedback", "Right")
    view.set_feedback("Slot 3 feedback", "Maybe")
    view.set_feedback("Black", " 2 ")
    view.set_feedback("Pegs", "Right")
    assert [mark.word for mark in view.marks] == ["Unknown", "Right", "Unknown", "Unknown"] and view.black == "2"


def test_feedback_that_is_no_number_is_refused_naming_its_field():
    view = SolveView(Config())
    for key in "RGBY":
        view.press(key)
    view.set_feedback("Black", "1")
    view.set_feedback("White", "x")
    assert view.submit() is False
    assert view.status == "Feedback refused: White must be a whole number, or empty when not seen, not 'x'."
    view.set_feedback("White", "")
    view.set_feedback("Black", "y")
    assert view.submit() is False and view.status.startswith("Feedback refused: Black must be a whole number")
    view.set_feedback("Black", "")
    assert view.submit() is True and view.solve.rows[0].feedback == Pegs(None, None)


def test_the_thirtieth_row_is_the_last_but_rows_can_still_be_edited():
    from mastermind.solving import MAX_ROWS

    view = solve_view(*[("RGBY", Pegs(None, None))] * (MAX_ROWS - 1))
    for key in "BBGG":
        view.press(key)
    assert view.submit() and len(view.solve.rows) == MAX_ROWS
    view.press("R")
    assert view.refused and view.status.startswith(f"There are {MAX_ROWS} rows already, the most kept.")
    view.edit_row(1)
    for key in ["Backspace"] * 4 + list("GGBB"):
        view.press(key)
    assert view.submit() and view.solve.rows[0].guess == "GGBB"


def test_the_terminals_rows_say_which_are_set_aside():
    import io

    from mastermind.cli.console import Console
    from mastermind.cli.solve import Session

    out = io.StringIO()
    solve = Solve(Config(), BLACK_WHITE).add(Row("RGBY", Pegs(1, 2))).add(Row("BBGG", Pegs(0, 1))).toggle(2)
    session = Session(Console.from_streams(io.StringIO(), out), solve)
    session.rows("rows")
    session.edit("2 GGBB 0 1")
    session.edit("1 RGBY 1 1")
    assert out.getvalue().splitlines() == [
        "1. RGBY 1 2", "2. BBGG 0 1 (set aside)", "Row 2 is now GGBB 0 1 (set aside).", "Row 1 is now RGBY 1 1.",
    ]
    with pytest.raises(ValueError):
        session.edit("1")


def test_a_refused_name_keeps_the_case_it_was_typed_in():
    view = MatchView("duel")
    view.edit("Player 1 name", "ann")
    view.edit("Player 2 name", "ann")
    assert not view.start()
    assert view.errors == {"Player 2 name": "ann is already in the game."}


def test_a_start_keeps_the_registration_refusal_and_drops_its_own_old_ones():
    registry = Registry()
    for name in ("Alan", "Bea"):
        registry.register(name)
    view = MatchView("tournament", registry)
    assert not view.register("HAL9000")
    registration = view.errors["New user name"]
    assert not view.start()
    assert view.errors == {"New user name": registration, "Player 1 name": "Enter a name."}
    view.edit("Player 1 name", "Alan")
    view.edit("Player 2 name", "Bea")
    assert view.start() and view.errors == {"New user name": registration}


def test_an_unknown_mode_is_named_up_to_thirty_characters():
    from mastermind.page.address import parse_params
    from mastermind.page.solo import opening_status

    status = opening_status(solo_board(), parse_params("?mode=" + "x" * 40))
    assert f"There is no mode {'x' * 30!r}; here is Solo." in status


def test_a_random_code_follows_the_rng_given():
    import random

    view = solo_board()
    assert view.random_code(random.Random(4)) == view.random_code(random.Random(4))
    assert len({view.random_code() for _ in range(20)}) > 1


def test_a_hint_taken_is_put_in_the_guess_and_said():
    from mastermind import Code

    view = solo_board()
    view.take_hint(Code("RGBY"))
    assert view.status == "Hint: RGBY is in your guess; submit it or change it. This game now counts as assisted."


def test_the_last_guess_can_be_copied_and_no_later_one():
    view = solo_board()
    for guess in ("RRGG", "BBYY"):
        for letter in guess:
            view.press(letter)
        view.press("Enter")
    view.use_guess(2)
    assert view.status == "Guess 2 (BBYY) is in your guess: change a peg, then submit."
    before = view.status
    view.use_guess(3)
    assert view.status == before


def test_ready_is_refused_while_a_guess_is_due():
    view = MatchView("duel", seed=1)
    view.edit("Player 1 name", "VIKI")
    view.edit("Player 2 name", "Ann")
    assert view.start() and view.screen is Screen.GUESS  # VIKI's code was drawn; Ann breaks it at once
    view.ready()
    assert view.status.startswith("Nobody needs to press Ready now.") and view.screen is Screen.GUESS


def test_a_refused_user_name_keeps_its_case_and_a_good_one_clears_the_refusal():
    view = MatchView("tournament", Registry())
    assert not view.register("hal9000")
    assert view.errors["New user name"] == "hal9000 is a computer player's name."
    assert view.register("Grace") and "New user name" not in view.errors


def test_a_challenge_link_without_a_token_is_refused_as_damaged():
    view = solo_board()
    game = view.game
    view.start_challenge(None)
    assert view.status.startswith("This challenge link is damaged: it holds characters a challenge link never has. "
                                  "Here is a Solo game instead. ")
    assert view.game is game and view.mode == "solo"
