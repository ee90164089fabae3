"""A review's one-sentence summary (``Review.summary``) in every case it has: won or not, luck
saving or costing guesses, figures from the first guess or from a later one, or none at all.

The sentence's figures are read back from its words and must add up as its docstring says: the
guesses taken are HAL9000's average from the first figured position plus those lost to choices
minus those luck saved (each printed to two places, so within three roundings)."""

from __future__ import annotations

import random
import re
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mastermind import Code, Config, Feedback, feedback
from mastermind.solver import finish
from mastermind.solver.constraints import Constraints
from mastermind.solver.hal import HAL9000
from mastermind.solver.skill import REVIEW_SEED, Figuring, GuessFigures, PlayOn, Review, game_path, history_of, review

from .strategies import codes

SMALL = Config(pegs=3, colors=4)
NUMBER = re.compile(r"-?\d[\d,]*(?:\.\d+)?")


def figures(sentence: str) -> list[Fraction]:
    """The numbers of a summary, in order (a guess number first when it starts "From guess")."""
    return [Fraction(text.replace(",", "")) for text in NUMBER.findall(sentence.replace("HAL9000", "HAL"))]


@st.composite
def games(draw: st.DrawFn) -> tuple[Code, list[tuple[Code, Feedback]]]:
    """A 3x4 game: a secret, up to four wrong guesses, and the secret found or not."""
    secret = draw(codes(SMALL))
    wrong = draw(st.lists(codes(SMALL).filter(lambda code: code != secret), min_size=0, max_size=4))
    guesses = [*wrong, secret] if draw(st.booleans()) or not wrong else wrong
    return secret, [(guess, feedback(secret, guess)) for guess in guesses]


@settings(max_examples=40)
@given(games())
def test_the_summary_says_the_games_end_and_its_figures_add_up(game):
    secret, history = game
    result = finish(review(SMALL, secret, history))
    sentence = result.summary()
    won = history[-1][0] == secret
    assert all(row is not None for row in result.rows)  # 64 codes: every guess has figures
    assert sentence.startswith("Not solved: about ") != won
    assert sentence.endswith("saved by luck." if result.saved >= 0 else "lost to luck.")
    taken, expected, lost, luck = figures(sentence)
    if won:
        assert re.match(rf"{len(history)} guesses against", sentence)  # a whole number, as many as played
    else:
        assert re.match(r"Not solved: about \d+\.\d\d guesses", sentence)
        assert abs(taken - (len(history) + result.remaining)) <= Fraction(1, 200)
        assert result.remaining > 0
    signed_luck = luck if sentence.endswith("saved by luck.") else -luck
    assert abs(taken - (expected + lost - signed_luck)) <= Fraction(3, 200)
    assert abs(lost - result.lost) <= Fraction(1, 200) and abs(luck - abs(result.saved)) <= Fraction(1, 200)


def row(number: int, *, won: bool = False, left: int = 5, player_total: int = 20, best_total: int = 20,
        then_total: int = 10) -> GuessFigures:
    """A guess's figures: 10 codes, by default 5 left by the feedback, HAL9000's 2 guesses on
    average after it as after the player's (no skill lost) and from where the feedback led (no
    luck either)."""
    return GuessFigures(number, Code("BGO"), Feedback(0, 1), 10, left, won, Code("BGO"), player_total, best_total,
                        2, 3, then_total)


def test_luck_that_saved_nothing_is_said_as_saved_in_a_game_not_solved():
    result = Review((row(1),), Fraction(3), Fraction(2))
    assert result.saved == 0 and result.lost == 0
    assert result.summary() == ("Not solved: about 3.00 guesses with HAL9000 finishing, against its 3.00 on "
                                "average: 0.00 lost to your choices, 0.00 saved by luck.")


def test_luck_that_cost_guesses_in_a_game_not_solved():
    result = Review((row(1, then_total=15),), Fraction(3), Fraction(3))
    assert result.saved == Fraction(-1)
    assert result.summary() == ("Not solved: about 4.00 guesses with HAL9000 finishing, against its 3.00 on "
                                "average: 0.00 lost to your choices, 1.00 lost to luck.")


def test_figures_from_a_later_guess_are_said_from_that_guess():
    result = Review((None, None, row(3, won=True, left=1, then_total=0, player_total=10, best_total=10)), Fraction(2), Fraction(0))
    assert result.saved == 1
    assert result.summary() == ("From guess 3 on: 1 guesses against HAL9000's 2.00 on average: "
                                "0.00 lost to your choices, 1.00 saved by luck.")


def test_no_figured_guess_or_no_start_is_said_as_too_many_codes():
    too_many = "Too many codes were possible for skill and luck figures."
    assert Review((None, None), None, Fraction(0)).summary() == too_many
    assert Review((None, row(2)), None, Fraction(0)).summary() == too_many
    assert Review((), Fraction(2), Fraction(0)).summary() == too_many


def test_a_review_tells_its_progress_as_each_guess_is_figured():
    secret = Code("BGO")
    history = [(Code(guess), feedback(secret, Code(guess))) for guess in ("PPB", "BOG", "BGO")]
    done: list[int] = []
    finish(review(SMALL, secret, history, done.append))
    assert done == [1, 2, 3]


def test_a_game_figured_only_after_its_last_guess_still_gets_hal9000s_remaining_guesses():
    # 64 codes, more than a limit of 10: the first guess has no figures, and the codes its feedback
    # leaves are listed only then, so the end position's total is worked out by the review itself.
    secret = Code("BGP")
    history = [(Code("BGO"), feedback(secret, Code("BGO")))]
    late = finish(review(SMALL, secret, history, limit=10))
    at_once = finish(review(SMALL, secret, history))
    assert late.rows == (None,) and at_once.rows[0] is not None
    assert late.remaining == at_once.remaining > 1


def test_progress_counts_the_guesses_figured_before_at_once():
    secret = Code("BGO")
    history = [(Code(guess), feedback(secret, Code(guess))) for guess in ("PPB", "BOG", "BGO")]
    figuring = Figuring(SMALL)
    finish(figuring.extend(game_path(SMALL, history[:2], secret)))
    done: list[int] = []
    finish(figuring.extend(game_path(SMALL, history, secret), done.append))
    assert done == [2, 3]


def test_positions_are_played_out_by_hal9000_with_the_reviews_own_seed():
    # 625 codes left, more than HAL9000's targets: its guess there depends on its seed.
    classic = Config()
    play = PlayOn(classic)
    path = game_path(classic, [("BBBB", Feedback(0, 0))])
    history = history_of(play.space, path)
    codes = finish(Constraints(play.space, history).listed(1_000))
    moves = {seed: finish(HAL9000(classic, random.Random(seed)).think(history, codes)) for seed in (REVIEW_SEED, 1, 2)}
    assert len(codes) == 625 and len(set(moves.values())) > 1
    assert play.space.code(finish(play.move(path, codes))) == moves[REVIEW_SEED]


def test_a_first_guess_table_entry_with_parts_missing_is_refused_not_read_short():
    classic = Config()
    play = PlayOn(classic)
    finish(play.load())
    guess, first = next((guess, first) for guess, first in play._first.items() if first.parts is not None)
    damaged = first._replace(parts=first.parts[:-1])  # one feedback's total gone
    play._first = {**play._first, guess: damaged}  # a copy: the table read is shared
    with pytest.raises(ValueError, match="shorter"):
        finish(play.after((), list(play.space.all_digits()), guess))
