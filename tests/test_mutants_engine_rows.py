"""Solve mode's engine, pinned where the broader tests leave room: codes counted without listing
them when a per-slot row leaves some slots of a repeated colour unknown (against brute force),
the sentences naming rows to set aside (three rows and more, the whole sentence), the refusal of a
row no code earns as a sentence of its own, the rough estimate of guesses left, and the expected
number of guesses when the rows follow HAL9000's tree (against playing the suggestions out)."""

from __future__ import annotations

import itertools
import math

import pytest

from mastermind import Code, Config, feedback
from mastermind.errors import FeedbackError
from mastermind.solver import finish
from mastermind.solver.rows import TICK, Analyser, Conflict, RowSearch, check_row, estimate
from mastermind.solver.space import CodeSpace
from mastermind.solving import BLACK_WHITE, PER_SLOT, Pegs, Row, make_row, parse_row

# Counting without listing: a per-slot row leaving some slots of a repeated colour unknown

SMALL = Config(pegs=4, colors=3)


@pytest.mark.parametrize("line", ["BBBG -???", "BBBG ?~?-", "BBBG +-??", "BGBB ?-~?", "BGBB ~???", "BBGG ?-+?"])
def test_codes_counted_without_listing_are_the_codes_that_fit_when_a_repeated_colour_is_partly_unknown(line):
    row = parse_row(SMALL, PER_SLOT, line)
    search = RowSearch(CodeSpace.of(SMALL), [row])
    counted = sum(finish(search.arrangements(multiset, keep=False))[0] for multiset in finish(search.fit_multisets()))
    assert counted == sum(row.fits(str(code)) for code in Code.all(SMALL))


@pytest.mark.parametrize(("config", "line"), [
    (Config(pegs=6, colors=8), "RRGGBB 0 1"),  # 1,716 multisets: a tick before the 1st, 257th, ... 1,537th
    (Config(pegs=4, colors=4, allow_duplicates=False), "BGOP 0 4"),  # one multiset, a tick before it
])
def test_the_multisets_rows_allow_are_sought_with_a_tick_before_every_tick_multisets(config, line):
    space = CodeSpace.of(config)
    every = finish(space.build_multisets())  # the space's own search, done and kept before
    steps = list(RowSearch(space, [parse_row(config, BLACK_WHITE, line)]).fit_multisets())
    assert steps == [None] * math.ceil(len(every) / TICK)


# The rows to set aside, said in full


@pytest.mark.parametrize(
    ("conflict", "sentence"),
    [
        (Conflict((2, 4), ()), "Rows 2 and 4 contradict the other rows; row 2 fits no code."),
        (Conflict((1, 2, 4), ()), "Rows 1, 2 and 4 contradict the other rows; row 1 fits no code."),
        (Conflict((5,), (1, 2, 4)), "Row 5 contradicts rows 1, 2 and 4."),
        (Conflict((3, 5), (1, 2, 4)), "Rows 3 and 5 contradict the other rows; row 3 contradicts rows 1, 2 and 4."),
    ],
)
def test_the_rows_to_set_aside_are_said_in_full(conflict, sentence):
    assert conflict.sentence() == sentence


# A row no code earns


def test_a_row_no_code_earns_is_refused_after_the_guess_and_as_a_sentence_of_its_own():
    row = make_row(Config(), BLACK_WHITE, "RRRR", "0 1")
    with pytest.raises(FeedbackError) as refused:
        finish(check_row(Config(), row))
    assert (str(refused.value), refused.value.sentence) == (
        "no code gives this feedback to RRRR", "No code gives this feedback to RRRR.")


# The rough estimate of the guesses left


@pytest.mark.parametrize(
    ("size", "pegs", "guesses"),
    [
        (1, 4, 1.0),
        (2, 4, 1.5),
        (3, 4, 1 + math.log(3) / math.log(13 * 2 / 3) + 1 / 3),
        (100, 4, 1 + math.log(100) / math.log(13 * 2 / 3) + 1 / 100),
        (5, 1, 1 + math.log(5) / math.log(2) + 1 / 5),
        (5, 2, 1 + math.log(5) / math.log(4 * 2 / 3) + 1 / 5),
    ],
)
def test_the_estimate_of_guesses_left_grows_with_the_log_of_the_codes(size, pegs, guesses):
    """One code takes one guess, two take one and a half; more take a guess, then the log of their
    number in base two thirds of the feedbacks a guess can give (13 on 4 pegs, 4 on 2, at least 2),
    then 1/size."""
    assert estimate(size, pegs) == pytest.approx(guesses, rel=1e-12)


# The expected guesses when the rows follow HAL9000's tree (the 5-peg tree leaves unwritten the one
# code a feedback names)


def guesses_played(config: Config, rows: list[Row], secret: str) -> int:
    """How many guesses following the suggestions takes from `rows` to break `secret`."""
    for played in itertools.count(1):
        suggestion = finish(Analyser(config, rows).run()).suggestion
        assert suggestion is not None
        if suggestion == secret:
            return played
        rows = [*rows, make_row(config, BLACK_WHITE, suggestion, str(Pegs(*feedback(secret, suggestion))))]
    raise AssertionError


@pytest.mark.parametrize(
    ("config", "line"),
    [
        (Config(), "BBGO 3 0"),
        (Config(), "BBGO 2 2"),
        (Config(), "BBGO 0 4"),
        (Config(pegs=5, colors=8, allow_duplicates=False), "BGOPR 3 1"),
    ],
)
def test_the_expected_guesses_on_the_tree_are_what_playing_its_suggestions_takes(config, line):
    rows = [parse_row(config, BLACK_WHITE, line)]
    answer = finish(Analyser(config, rows).run())
    left = [str(code) for code in Code.all(config) if rows[0].fits(str(code))]
    expected = sum(guesses_played(config, rows, code) for code in left) / len(left)
    assert answer.expected == pytest.approx(expected)


# Counting without listing: colours that no row tells apart from a slot on are interchangeable there


@pytest.mark.parametrize(("first", "second"), [("RGGG", "BGGG"), ("RBGG", "YOGG")])
@pytest.mark.parametrize("blacks", [(0, 0), (0, 1), (1, 1), (1, 2)])
def test_codes_counted_without_listing_keep_apart_the_colours_two_rows_name_at_one_slot(first, second, blacks):
    """Two rows whose guesses name two colours first at one slot (reading from the right): from
    the next slot on those colours are interchangeable, but how many of each are left still counts."""
    config = Config(pegs=4, colors=6)
    rows = [make_row(config, BLACK_WHITE, guess, f"{black} ?") for guess, black in zip((first, second), blacks, strict=True)]
    search = RowSearch(CodeSpace.of(config), rows)
    counted = sum(finish(search.arrangements(multiset, keep=False))[0] for multiset in finish(search.fit_multisets()))
    assert counted == sum(all(row.fits(str(code)) for row in rows) for code in Code.all(config))
