"""Skill and luck per guess (mastermind.solver.skill), each figure checked against a brute-force
computation written from the definitions alone: every code still possible is played out, one by
one, by a fresh HAL9000 asked move by move."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mastermind import Code, Config, Feedback, feedback
from mastermind.solver import codebreaker, finish
from mastermind.solver.skill import (
    FIGURES_LIMIT,
    REVIEW_SEED,
    Figuring,
    GuessFigures,
    PlayOn,
    Review,
    chance_words,
    first_guesses,
    game_path,
    review,
)

from .strategies import codes

CLASSIC = Config()
SMALL = [Config(pegs=3, colors=4), Config(pegs=3, colors=4, allow_duplicates=False)]


class Brute:
    """The figures of a game straight from their definitions, sharing no code with the module
    under test but HAL9000 itself (asked once per history: its answer depends on nothing else)."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self.hal = codebreaker("HAL9000", config, random.Random(REVIEW_SEED))
        self.moves: dict[tuple[tuple[str, Feedback], ...], Code] = {}
        self.every = list(Code.all(config))

    def move(self, history: list[tuple[Code, Feedback]]) -> Code:
        key = tuple((str(guess), result) for guess, result in history)
        if key not in self.moves:
            self.moves[key] = self.hal.next_guess(history)
        return self.moves[key]

    def needed(self, history: list[tuple[Code, Feedback]], secret: Code) -> int:
        """Guesses HAL9000 takes from `history` to break `secret`."""
        history = list(history)
        count = 0
        while True:
            guess = self.move(history)
            count += 1
            if guess == secret:
                return count
            history.append((guess, feedback(secret, guess)))

    def possible(self, history: list[tuple[Code, Feedback]]) -> list[Code]:
        return [code for code in self.every if all(feedback(code, guess) == result for guess, result in history)]

    def after(self, history: list[tuple[Code, Feedback]], guess: Code) -> int:
        """The sum over the codes possible of the guesses still needed after `guess`."""
        return sum(0 if code == guess else self.needed([*history, (guess, feedback(code, guess))], code)
                   for code in self.possible(history))

    def row(self, history: list[tuple[Code, Feedback]], guess: Code, secret: Code) -> dict[str, object]:
        codes = self.possible(history)
        sizes = Counter(feedback(code, guess) for code in codes)  # codes possible after each feedback

        def left(code: Code) -> int:
            """Codes left when `code` is the secret: none after a win."""
            return 0 if code == guess else sizes[feedback(code, guess)]

        mine = left(secret)
        result = feedback(secret, guess)
        part = [code for code in codes if feedback(code, guess) == result]
        then = 0 if secret == guess else sum(self.needed([*history, (guess, result)], code) for code in part)
        player = Fraction(self.after(history, guess), len(codes))
        return {
            "skill": player - Fraction(self.after(history, self.move(history)), len(codes)),
            "chance": Fraction(sum(left(code) <= mine for code in codes), len(codes)),
            "tie_chance": Fraction(sum(left(code) == mine for code in codes), len(codes)),
            "saved": player - (Fraction(then, len(part)) if secret != guess else 0),
            "codes": len(codes),
            "left": len(part),
            "best": self.move(history),
        }


def figures(row: GuessFigures) -> dict[str, object]:
    return {"skill": row.skill, "chance": row.chance, "tie_chance": row.tie_chance, "saved": row.saved,
            "codes": row.codes, "left": row.left, "best": row.best}


@st.composite
def games(draw: st.DrawFn, config: Config) -> tuple[Code, list[tuple[Code, Feedback]]]:
    """A secret and the guesses of a game played to its end (a win or the last guess allowed):
    any codes, some of them HAL9000's own choice, which the figures treat apart."""
    secret = draw(codes(config))
    hal = codebreaker("HAL9000", config, random.Random(REVIEW_SEED))
    history: list[tuple[Code, Feedback]] = []
    while len(history) < draw(st.integers(1, config.max_guesses)) and (not history or history[-1][0] != secret):
        guess = hal.next_guess(history) if draw(st.booleans()) else draw(codes(config))
        history.append((guess, feedback(secret, guess)))
    return secret, history


def check(config: Config, secret: Code, history: list[tuple[Code, Feedback]]) -> Review:
    result = finish(review(config, secret, history))
    brute = Brute(config)
    assert len(result.rows) == len(history)
    for number, (guess, _) in enumerate(history):
        row = result.rows[number]
        assert row is not None
        assert figures(row) == brute.row(history[:number], guess, secret)
    # The totals add up: guesses taken (and HAL9000's finish after a loss) = its average from the
    # start + guesses lost to choices - guesses luck saved.
    assert result.start == Fraction(brute.after([], brute.move([])) + len(brute.every), len(brute.every))
    assert len(history) + result.remaining == result.start + result.lost - result.saved
    if history[-1][0] != secret:
        assert result.remaining == Fraction(sum(brute.needed(history, code) for code in brute.possible(history)),
                                            len(brute.possible(history)))
    return result


@pytest.mark.parametrize("config", SMALL, ids=["3x4", "3x4-norepeat"])
@settings(max_examples=40)
@given(data=st.data())
def test_small_games_match_the_brute_force(config, data):
    check(config, *data.draw(games(config)))


@settings(max_examples=6)
@given(game=games(CLASSIC))
def test_classic_games_match_the_brute_force(game):
    check(CLASSIC, *game)


@pytest.mark.parametrize("config", [*SMALL, CLASSIC], ids=["3x4", "3x4-norepeat", "4x6"])
@settings(max_examples=8)
@given(data=st.data())
def test_a_review_figured_as_the_game_goes_is_the_one_figured_at_once(config, data):
    """Each guess figured as it is made (from the feedback the game states, no secret), the next
    position made ready or not, then the review: the very figures of the review worked out at
    once, the same positions played out once each."""
    secret, history = data.draw(games(config))
    at_once = finish(review(config, secret, history))
    figuring = Figuring(config)
    for made in range(1, len(history) + 1):
        path = game_path(config, history[:made])
        assert figuring.follows(config, path)
        finish(figuring.extend(path))
        assert len(figuring.rows) == made
        if data.draw(st.booleans()):
            finish(figuring.ready())
    assert finish(figuring.review()) == at_once
    other = next(code for code in Code.all(config) if code != history[0][0])
    assert not figuring.follows(config, game_path(config, [(other, Feedback(0, 0))]))
    assert not figuring.follows(Config(pegs=config.pegs, colors=len(config.colors) + 1), game_path(config, history))


NO_REPEATS = Config(allow_duplicates=False)


@settings(max_examples=6)
@given(guess=codes(NO_REPEATS))
def test_the_first_guess_table_is_what_playing_on_gives(guess):
    play = PlayOn(NO_REPEATS)  # not loaded: it plays the first guess out
    table = first_guesses(play.space)
    assert len(table) == NO_REPEATS.size
    digits = play.space.digits(guess)
    codes = list(play.space.all_digits())
    assert table[digits].total == finish(play.after((), codes, digits))
    parts = play.split(codes, digits)
    assert table[digits].parts == tuple(play._totals[((digits, index),)] for index in sorted(parts) if index != play.space.win)


@settings(max_examples=2)
@given(guess=codes(CLASSIC))
def test_the_classic_table_is_what_playing_on_gives(guess):
    table = first_guesses(PlayOn(CLASSIC).space)
    assert len(table) == CLASSIC.size
    play = PlayOn(CLASSIC)  # not loaded: it plays the first guess out
    digits = play.space.digits(guess)
    assert table[digits].total == finish(play.after((), list(play.space.all_digits()), digits))


def test_a_review_reads_the_table_and_a_shape_without_one_plays_the_first_guess_out():
    assert first_guesses(PlayOn(SMALL[0]).space) == {}  # no table: a shape this small needs none
    loaded = PlayOn(NO_REPEATS)
    finish(loaded.load())
    codes = list(loaded.space.all_digits())
    guess = loaded.space.digits(Code("RGBY"))
    table = first_guesses(loaded.space)[guess]
    assert finish(loaded.after((), codes, guess)) == table.total and table.parts is not None
    # read, not played out: the positions after the first guess come from the table, none below them
    assert {len(path) for path in loaded._totals} == {0, 1} and sum(loaded._totals[path] for path in loaded._totals if path) == table.total


def test_the_tree_gives_the_first_position():
    play = PlayOn(CLASSIC)
    finish(play.load())
    assert finish(play.total((), list(play.space.all_digits()))) == 5626  # read, not played out
    assert finish(PlayOn(CLASSIC).total((), list(play.space.all_digits()))) == 5626  # played out


def test_a_guess_with_one_code_left():
    brute = Brute(CLASSIC)
    for secret in brute.every:  # the first secret HAL9000 narrows down to itself before guessing it
        history: list[tuple[Code, Feedback]] = []
        while len(brute.possible(history)) > 1:
            guess = brute.move(history)
            history.append((guess, feedback(secret, guess)))
        if history[-1][0] != secret:
            break
    wrong = [*history, (Code("GGGG"), feedback(secret, Code("GGGG"))), (secret, Feedback(4, 0))]
    rows = finish(review(CLASSIC, secret, wrong)).rows
    missed, won = rows[-2], rows[-1]
    assert missed is not None and won is not None
    assert missed.skill == 1 and missed.luck_text() == "no luck involved"  # anything else costs one guess
    assert won.skill == 0 and won.won and won.luck_text() == "no luck involved"


def test_a_lucky_win_still_costs_skill():
    # Winning at once with a poor first guess: luck saved much, skill still lost.
    result = finish(review(CLASSIC, "RRRR", [("RRRR", Feedback(4, 0))]))
    (row,) = result.rows
    assert row is not None and row.won and row.skill > 0 and row.saved > 3
    assert row.chance == Fraction(1, 1296) and row.luck_text() == "1 in 1,296"
    assert result.summary() == ("1 guesses against HAL9000's 4.34 on average: "
                                f"{float(row.skill):.2f} lost to your choices, {float(row.saved):.2f} saved by luck.")


def test_larger_games_get_figures_once_the_codes_are_few():
    config = Config(pegs=5, colors=8)
    secret = Code("RGBYO")
    hal = codebreaker("HAL9000", config, random.Random(1))
    history: list[tuple[Code, Feedback]] = []
    while not history or history[-1][0] != secret:
        guess = hal.next_guess(history)
        history.append((guess, feedback(secret, guess)))
    result = finish(review(config, secret, history))
    first = next(number for number, row in enumerate(result.rows) if row is not None)
    brute = Brute(config)
    assert len(brute.possible(history[:first])) <= FIGURES_LIMIT < len(brute.possible(history[: first - 1]))
    assert result.summary().startswith(f"From guess {first + 1} on: ")
    assert all(row is not None for row in result.rows[first:])


@pytest.mark.parametrize(("chance", "words"), [
    (Fraction(1, 12), "1 in 12"), (Fraction(2, 5), "1 in 2"), (Fraction(41, 100), "about even"),
    (Fraction(59, 100), "about even"), (Fraction(3, 5), "6 in 10"), (Fraction(94, 100), "9 in 10"),
    (Fraction(95, 100), "almost always"), (Fraction(999, 1000), "almost always"),
])
def test_chances_in_words(chance, words):
    assert chance_words(chance) == words
