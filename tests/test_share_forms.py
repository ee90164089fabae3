"""Sharing a result in two forms: the grid (drawn as the Colours setting says) and the text, one
line per guess, that reads well aloud. Neither ever holds the secret or a guess."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mastermind import CLASSIC, Game
from mastermind.page.appearance import SHARE_FORMS, SHARE_GRIDS, share_copied, share_words, shared
from mastermind.page.daily import daily_game, daily_title, share_text
from mastermind.page.solo import SoloView
from mastermind.page.state import COLOUR_SCHEMES, Saved, Settings

from .colour_science import MACHADO, distance

DAY = dt.date(2026, 11, 23)


def played(*guesses: str, secret: str = "RGBY", guesses_allowed: int = 12) -> Game:
    game = Game(CLASSIC.replace(max_guesses=guesses_allowed), secret=secret)
    for guess in guesses:
        game.guess(guess)
    return game


def test_the_text_says_the_result_then_one_line_per_guess_with_its_key_pegs_in_words():
    text = share_words(daily_title(DAY), played("RRGG", "YBGR", "RGBY"))
    assert text.splitlines() == [
        "Mastermind daily 2026-11-23: broken in 3 guesses of 12.",
        "1: 1 black, 1 white",
        "2: 0 black, 4 white",
        "3: 4 black, 0 white",
    ]


def test_a_first_guess_win_and_a_loss_read_as_sentences():
    assert share_words("daily 2026-11-23", played("RGBY")).splitlines()[0] == "Mastermind daily 2026-11-23: broken in 1 guess of 12."
    lost = share_words("daily 2026-11-23", played("YBGR", "RGBB", guesses_allowed=2))
    assert lost.splitlines() == ["Mastermind daily 2026-11-23: not broken in 2 guesses.", "1: 0 black, 4 white", "2: 3 black, 0 white"]


def test_the_text_names_hard_mode_and_hints():
    game = Game(secret="RGBY", hard=True)
    game.guess("RGBY")
    assert share_words("challenge tmd03n", game, assisted=True).splitlines()[0] == (
        "Mastermind challenge tmd03n: broken in 1 guess of 12, in hard mode, with hints.")


@given(st.lists(st.sampled_from(["RGBY", "YYYY", "BGOP", "RRGG", "OOPP"]), max_size=12))
def test_the_text_holds_no_code_and_its_lines_are_the_history(guesses):
    game = Game(secret="RGBY")
    for guess in guesses:
        if not game.over:
            game.guess(guess)
    lines = share_words(daily_title(DAY), game).splitlines()
    assert len(lines) == 1 + game.guesses_made
    for number, (line, turn) in enumerate(zip(lines[1:], game.history, strict=True), 1):
        assert line == f"{number}: {turn.feedback.black} black, {turn.feedback.white} white"
    assert not re.search(r"\b[BGOPRY]{4}\b", "\n".join(lines))


def test_the_grid_follows_the_colours_setting():
    game = played("RRGG", "RGBY")
    assert share_text(daily_title(DAY), game, symbols=SHARE_GRIDS["standard"]) == share_text(daily_title(DAY), game)
    assert share_text(daily_title(DAY), game, symbols=SHARE_GRIDS["safe"]).splitlines()[1:] == [
        "\N{LARGE ORANGE SQUARE}\N{LARGE BLUE SQUARE}\N{WHITE LARGE SQUARE}\N{WHITE LARGE SQUARE}",
        "\N{LARGE ORANGE SQUARE}" * 4,
    ]
    assert set(SHARE_GRIDS) == set(COLOUR_SCHEMES)
    assert all(len(set(symbols)) == 3 for symbols in SHARE_GRIDS.values())


# The emoji as Twemoji draws them (its fills): the safe grid's exact and
# other pegs stay far apart under every simulation, as the palette's colours do.
EMOJI_FILLS = {"\N{LARGE ORANGE SQUARE}": "#f4900c", "\N{LARGE BLUE SQUARE}": "#55acee", "\N{WHITE LARGE SQUARE}": "#e6e7e8"}


@pytest.mark.parametrize("vision", ["normal", *MACHADO])
def test_the_safe_grids_squares_are_told_apart_under_every_simulation(vision):
    exact, near, none = SHARE_GRIDS["safe"]
    fills = [EMOJI_FILLS[symbol] for symbol in (exact, near, none)]
    gaps = [distance(a, b, vision) for i, a in enumerate(fills) for b in fills[i + 1 :]]
    print(f"\n{vision}: exact/other {gaps[0]:.1f}, exact/none {gaps[1]:.1f}, other/none {gaps[2]:.1f}")
    assert min(gaps) >= 20


def finished(colours: str = "standard", mode: str = "daily") -> SoloView:
    view = SoloView(Saved(Settings(colours=colours)))
    view.start_daily(DAY, None, DAY)
    for key in [*str(daily_game(DAY).secret), "Enter"]:
        view.press(key)
    assert view.game.won
    return view


def test_the_solo_board_offers_both_forms_once_a_daily_game_is_over():
    view = finished()
    assert shared(view, "grid") == view.share == share_text(daily_title(DAY), view.game)
    assert shared(view, "text") == view.share_spoken == "Mastermind daily 2026-11-23: broken in 1 guess of 12.\n1: 4 black, 0 white"
    assert shared(view, "anything else") == view.share
    safe = finished("safe")
    assert safe.share == share_text(daily_title(DAY), safe.game, symbols=SHARE_GRIDS["safe"])
    assert safe.share_spoken == view.share_spoken  # words have no colour


def test_nothing_to_share_before_the_end_or_in_a_plain_solo_game():
    view = SoloView(Saved(), seed=1)
    assert view.share is None and view.share_spoken is None and shared(view, "text") is None
    view.start_daily(DAY, None, DAY)
    view.press("R")
    assert view.share_spoken is None


def test_the_page_says_which_form_was_copied():
    assert set(SHARE_FORMS) == {"grid", "text"}
    assert share_copied("grid") == "Your result is copied to the clipboard."
    assert share_copied("text").startswith("Your result is copied to the clipboard")
