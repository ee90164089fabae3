"""Words and small rules of the page and the terminal that only the browser tests or the subprocess
transcripts read: pinned here in-process, where `make mutation` sees them."""

from __future__ import annotations

import io
import time
from pathlib import Path

import pytest

from mastermind import Config, Game, Registry
from mastermind.cli.console import Console
from mastermind.cli.duel import names
from mastermind.cli.solve import Session
from mastermind.cli.tournament import code_rule, score_board
from mastermind.cli.userdata import JsonFile
from mastermind.errors import SetupError
from mastermind.page.address import opening_mode, parse_params
from mastermind.page.appearance import ink, share_words
from mastermind.page.boards import refusal
from mastermind.page.modes import MatchView
from mastermind.solving import BLACK_WHITE, Pegs, Row, Solve

# The page


def test_a_reason_that_starts_with_what_was_typed_keeps_its_case_and_one_full_stop():
    assert refusal(SetupError("player-2-name", "ann is already in the game."), "ann") == "ann is already in the game."
    assert refusal(SetupError("player-2-name", "ann is already in the game"), " ann ") == "ann is already in the game."
    assert refusal(SetupError("runs", "enter a whole number, not 'x'"), "x", (2, 20)) == "Enter a whole number from 2 to 20."
    assert refusal(SetupError("runs", "enter a whole number, not 'x'"), "x") == "Enter a whole number, not 'x'."


def test_the_ink_at_the_edge_of_the_contrast_rule_follows_srgb_exactly():
    # luminance 0.17844 and 0.17901 either side of 0.179, where black and white contrast alike;
    # each has a channel low enough for sRGB's linear segment to decide.
    assert ink("#ec0005") == "#fff"
    assert ink("#eb0a0a") == "#000"
    assert ink("#000000") == "#fff" and ink("#ffffff") == "#000"


def test_the_shared_words_of_a_one_guess_game_say_guess():
    game = Game(Config(max_guesses=1), secret="RGBY")
    game.guess("BBGG")
    assert share_words("challenge x", game) == "Mastermind challenge x: not broken in 1 guess.\n1: 0 black, 2 white"
    won = Game(Config(max_guesses=1), secret="RGBY")
    won.guess("RGBY")
    assert share_words("challenge x", won).splitlines()[0] == "Mastermind challenge x: broken in 1 guess of 1."


def test_abandon_asks_in_words_and_keep_playing_goes_back_to_the_prompt():
    view = MatchView("duel", seed=1)
    view.edit("Player 1 name", "Ann")
    view.edit("Player 2 name", "Bob")
    assert view.start()
    view.abandon()
    assert view.status == "Abandon this game? Its moves will be lost. Press Yes, abandon or Keep playing."
    view.keep_playing()
    assert view.confirming is False and view.status == view.prompt and view.match is not None


@pytest.mark.parametrize("word", ["1", "true", "TRUE", "yes", "Yes"])
def test_reveal_is_on_for_each_word_that_says_so(word):
    assert parse_params(f"?reveal={word}").reveal


@pytest.mark.parametrize("query", ["?reveal=0", "?reveal=", "?reveal", "", "?seed=3"])
def test_reveal_is_off_otherwise(query):
    assert not parse_params(query).reveal


def test_a_parameter_is_read_up_to_its_first_equals_sign():
    assert opening_mode("?mode=race=1", "duel") == "solo"  # a mode was asked for, and it does not exist
    assert parse_params("?XXmode=race").mode == "solo"  # no parameter is called XXmode
    assert parse_params("?seed=12&mode=Race").seed == 12 and parse_params("?seed= 12 ").seed == 12
    assert parse_params("?seed=&mode=race").seed is None


# The terminal


def test_a_duel_wants_two_names_on_one_line():
    with pytest.raises(ValueError, match=r"^Please enter two names, separated by a space.$"):
        names("Ann")
    assert names(" Ann  Bob ") == ["Ann", "Bob"]


def test_the_tournaments_code_rule_names_the_repeats():
    assert code_rule(Config()) == "It must be exactly four characters, each can be B, G, O, P, R, or Y."
    assert code_rule(Config(allow_duplicates=False)) == (
        "It must be exactly four characters, each can be B, G, O, P, R, or Y, no colour twice."
    )
    assert score_board(Registry()) == ["No users are registered yet."]


def test_new_clears_the_rows_and_keeps_the_rules():
    out = io.StringIO()
    config = Config(pegs=5, colors=8)
    session = Session(Console.from_streams(io.StringIO(), out), Solve(config, BLACK_WHITE).add(Row("RGBYO", Pegs(1, 1))))
    session.new("new")
    assert session.solve == Solve(config, BLACK_WHITE) and out.getvalue() == "Rows cleared.\n"


def test_a_row_is_named_by_its_number_from_one():
    session = Session(Console.from_streams(io.StringIO(), io.StringIO()), Solve(Config(), BLACK_WHITE))
    with pytest.raises(ValueError, match=r"^there is no row yet$"):
        session.number("1")
    for guess in ("RGBY", "BBGG"):
        session.solve = session.solve.add(Row(guess, Pegs(0, 1)))
    assert session.number("1") == 1 and session.number("2 and more") == 2
    for text in ("0", "3", "", "x", "-1"):
        with pytest.raises(ValueError, match=r"^name a row from 1 to 2$"):
            session.number(text)


def test_each_damaged_file_is_moved_aside_under_a_new_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(time, "strftime", lambda pattern: "20261126-053000" if pattern == "%Y%m%d-%H%M%S" else "?")
    path = tmp_path / "tournament.json"
    moved = []
    for text in ("{", "[", "nul"):
        path.write_text(text)
        backup = JsonFile(path, lambda message: None)._backup()
        assert backup is not None and backup.read_text() == text and not path.exists()
        moved.append(backup.name)
    assert moved == ["tournament.json.bak-20261126-053000", "tournament.json.bak-20261126-053000-1",
                     "tournament.json.bak-20261126-053000-2"]


# More words, and the records' small rules


def test_an_import_preview_says_nothing_is_replaced_where_the_tab_holds_nothing():
    from mastermind.page.backup import Backup, preview
    from mastermind.page.storage import RECORDS, SETTINGS, Settings

    backup = Backup({SETTINGS.key: Settings(Config(pegs=5)), RECORDS.key: {}}, "2026-11-23T10:04:00")
    lines = preview(backup, {})
    assert lines[0] == "Settings: 5 pegs, 6 colours, 12 guesses will replace nothing."
    assert len(lines) == 2 and lines[1].startswith("Statistics: ") and lines[1].endswith(" will replace nothing.")


def test_a_record_of_a_mode_without_a_name_is_named_by_its_own_word_and_empty_when_unplayed():
    from mastermind.page.records import mode_words, stats_panel
    from mastermind.page.stats import parse_record_key

    assert mode_words(parse_record_key("rally 4x6 BGOPRY 12 repeats")) == "Rally"
    panel = stats_panel({}, "solo 4x6 BGOPRY 12 repeats")
    assert panel.caption.startswith("Solo: ") and not panel.bars


def test_a_daily_result_alone_is_worth_keeping():
    from mastermind.page.daily import DayPlay
    from mastermind.page.records import worth_keeping
    from mastermind.page.storage import DAILY
    from mastermind.page.sync import MemoryStorage, Tab

    tab = Tab(MemoryStorage())
    assert not worth_keeping(tab)
    tab.save(DAILY, {"2026-11-02": DayPlay(("RGBY",))})
    assert worth_keeping(tab)


def test_a_kept_game_under_other_rules_is_not_the_one_a_seed_draws():
    from mastermind.page.records import resumable
    from mastermind.page.storage import InProgress

    config = Config(pegs=5, colors=8)
    kept = InProgress.of(Game(config, seed=5))
    assert resumable(kept, 5, config) and not resumable(kept, 5, Config())
    assert not resumable(InProgress.of(Game(Config(), seed=5)), 5, config)


def test_the_terminals_computer_game_says_whether_colours_may_repeat():
    from .transcripts import lines, play

    _, out = play(lines("RGBY", "n"), "--mode", "computer", "--guesses", "1", "--seed", "7", "--no-duplicates")
    assert "A color may not appear more than once in the code." in out
    _, out = play(lines("RGBY", "n"), "--mode", "computer", "--guesses", "1", "--seed", "7")
    assert "A color may appear more than once in the code." in out


def test_a_registry_equals_only_a_registry():
    assert Registry() == Registry() and Registry() != [] and Registry() != object()


def test_stored_per_slot_feedback_must_be_marks():
    from mastermind.solving import Slots

    with pytest.raises(ValueError, match=r"^per-slot feedback must be marks, not \[1, 2\]$"):
        Slots.read([1, 2], 4)
    with pytest.raises(ValueError) as refused:
        Slots.read(list(range(100)), 4)
    assert len(str(refused.value)) == 100
    with pytest.raises(ValueError, match=r"\+~-\?"):
        Slots.read("+~x?", 4)
    assert str(Slots.read("+~-?", 4)) == "+~-?"


def test_a_colours_custom_property_name_keeps_only_its_letters():
    from mastermind.page.appearance import css_name
    from mastermind.palette import Color

    assert css_name(Color("Light blue-2", "L", "#aaccff")) == "lightblue"


def test_a_long_reason_is_cut_and_says_how_long_it_was():
    from mastermind.cli.texts import reason

    assert reason(ValueError("x" * 240)) == "x" * 240
    cut = reason(ValueError("x" * 241))
    assert cut.endswith("x... (241 characters)") and len(cut) == 260
    assert len(reason(ValueError("x" * 290))) == 260


def test_a_page_starts_with_the_notices_of_what_could_not_be_read():
    from mastermind.page.records import page_saved
    from mastermind.page.storage import SETTINGS
    from mastermind.page.sync import MemoryStorage, Tab

    store = MemoryStorage()
    store.setItem(SETTINGS.key, "{nope")
    tab = Tab(store)
    saved = page_saved(tab)
    assert saved.problems == tuple(tab.notices) and saved.problems[0].startswith("The saved settings could not be read")


def test_an_attempt_shows_its_round_maker_and_breaker():
    import random

    from mastermind import Duel, Race

    duel = Duel(["Ann", "Bob"], 2, rng=random.Random(1))
    assert [repr(attempt) for attempt in duel.attempts] == [
        "<Attempt round 1: Ann -> Bob, 0 guesses>", "<Attempt round 2: Bob -> Ann, 0 guesses>",
    ]
    assert repr(Race(["Ann", "Bob"], 1, rng=random.Random(1)).attempts[0]) == "<Attempt round 1: computer -> Ann, 0 guesses>"


def test_a_challenge_carries_hard_mode_when_the_settings_have_it():
    from mastermind.page.challenge_words import challenge_rules
    from mastermind.page.storage import Settings

    assert challenge_rules(Settings(hard=True)).startswith(
        "Your friend plays your rules: 4 pegs, 6 colours (B G O P R Y), 12 guesses, colours may repeat, hard mode. "
    )


def test_the_terminals_computer_game_asks_again_for_yes_or_no():
    from .transcripts import lines, play

    _, out = play(lines("RGBY", "maybe", "n"), "--mode", "computer", "--guesses", "1", "--seed", "7")
    assert "Are you ready for another game (Y/N): Please answer Y or N.\nAre you ready for another game (Y/N): " in out
