"""Solve mode's engine where the engine's first whole mutation run left room: a multiset of more
codes than are searched at once (searched in slices, each slice the codes of one first colour),
the answer for rows no code fits (its bound, its progress), an exact count's bound, the codes
listed at exactly the most that are listed, the expected guesses for a book that hands over and
the guess suggested with two guesses left."""

from __future__ import annotations

import itertools
from collections.abc import Generator
from typing import TypeVar

import pytest

from mastermind import Code, Config, feedback
from mastermind.solver import finish
from mastermind.solver.rows import BIG, LISTED, Analyser, RowSearch
from mastermind.solver.space import CodeSpace
from mastermind.solver.strategy import Strategy
from mastermind.solving import BLACK_WHITE, PER_SLOT, Row, parse_row

T = TypeVar("T")


def ticks_and_answer(thinking: Generator[None, None, T]) -> tuple[int, T]:
    """How many "still working" ticks a computation yields, and its answer."""
    ticks = 0
    while True:
        try:
            next(thinking)
        except StopIteration as stop:
            return ticks, stop.value
        ticks += 1


# Stage 2 of a multiset of many arrangements, searched in slices


def arranged(config: Config, rows: list[Row]) -> tuple[int, int, list[str]]:
    """The secret's multiset (every colour once) searched by the engine: its arrangements, the
    ticks of the search, and the codes it lists, checked against every arrangement tried by brute
    force."""
    space = CodeSpace.of(config)
    search = RowSearch(space, rows)
    (multiset,) = [found for found in finish(search.fit_multisets()) if found.counts == (1,) * len(config.colors)]
    ticks, (count, codes) = ticks_and_answer(search.arrangements(multiset))
    letters = [colour.letter for colour in config.colors]
    fitting = sorted("".join(code) for code in itertools.permutations(letters) if all(row.fits("".join(code)) for row in rows))
    assert sorted(str(space.code(code)) for code in codes) == fitting and count == len(fitting) > 0
    return multiset.arrangements, ticks, fitting


# Blue is not first, Orange not third, White second: a search whose first peg took the second
# peg's colours would open every code with White, and find none.
SLICED = [("BGOPRYWK", "~?~?????"), ("KWYRPOGB", "?+??????")]


def test_a_multiset_of_more_arrangements_than_searched_at_once_is_searched_in_slices_of_a_first_colour():
    config = Config(pegs=8, colors=8)
    rows = [parse_row(config, PER_SLOT, f"{guess} {marks}") for guess, marks in SLICED]
    arrangements, ticks, fitting = arranged(config, rows)
    assert arrangements > BIG
    assert ticks == len(config.colors) - 1  # a slice per colour the rows allow first: all but Blue
    assert all(code[0] != "B" and code[2] != "O" and code[1] == "W" for code in fitting)


def test_a_multiset_of_as_many_arrangements_as_searched_at_once_is_searched_at_once():
    config = Config(pegs=7, colors=7)
    rows = [parse_row(config, PER_SLOT, f"{guess[:7]} {marks[:7]}") for guess, marks in SLICED[:1]]
    arrangements, ticks, _ = arranged(config, rows)
    assert (arrangements, ticks) == (BIG, 0)


# The answer for rows no code fits, and an exact count's bound


def test_rows_no_code_fits_leave_no_code_at_most_and_their_analysis_ends_at_full_progress():
    config = Config()
    analyser = Analyser(config, [parse_row(config, BLACK_WHITE, line) for line in ["RRGG 0 0", "BBOO 0 0", "RGBY 0 2"]])
    answer = finish(analyser.run())
    assert (answer.count, answer.exact, answer.bound) == (0, True, 0)
    assert answer.conflict is not None
    assert analyser.progress == 1.0


def test_an_exact_count_is_its_own_bound_where_the_colours_alone_allow_more():
    """RRGG with three black pegs: 20 codes, where its colours alone (three of R and G in any
    order) allow more; 20 is also the most codes listed, and they are, in palette order."""
    config = Config()
    row = parse_row(config, BLACK_WHITE, "RRGG 3 0")
    assert RowSearch(CodeSpace.of(config), [row]).bound > 20
    fitting = [str(code) for code in Code.all(config) if row.fits(str(code))]
    assert len(fitting) == LISTED
    answer = finish(Analyser(config, [row]).run())
    assert (answer.count, answer.exact, answer.bound) == (LISTED, True, LISTED)
    assert answer.codes == tuple(fitting)


# The expected guesses where a book hands over


def test_rows_following_a_book_past_the_codes_listed_still_get_expected_guesses():
    """6x9's book plays its opening; after no peg at all, 15,625 codes are left, too many to list,
    so the tree's own average cannot be taken: the expected guesses come from the sample."""
    config = Config(pegs=6, colors=9)
    space = CodeSpace.of(config)
    book = Strategy.of(space)
    assert book is not None and not book.complete
    opening = str(space.code(book.move([])))
    answer = finish(Analyser(config, [parse_row(config, BLACK_WHITE, f"{opening} 0 0")]).run())
    assert answer.count == 5**6 and answer.suggestion is not None
    assert answer.expected is not None and answer.expected > 1


# The guess suggested with two guesses left


def tells_apart(guess: str, codes: list[str]) -> bool:
    """Whether `guess` gets a different feedback from each of `codes`: a second guess then wins."""
    return len({feedback(code, guess) for code in codes}) == len(codes)


def test_with_two_guesses_left_the_suggestion_breaks_every_code_left_within_them():
    """Two pegs of six colours: three codes earn both rows; none of them tells the other two
    apart, so playing one risks a third guess, while a code that cannot win does tell the three
    apart. With two guesses left the suggestion is such a code."""
    config = Config(pegs=2, colors=6, max_guesses=4)
    rows = [parse_row(config, BLACK_WHITE, line) for line in ["BR 0 1", "BY 0 1"]]
    left = [str(code) for code in Code.all(config) if all(row.fits(str(code)) for row in rows)]
    assert len(left) == 3 and not any(tells_apart(code, left) for code in left)
    answer = finish(Analyser(config, rows).run())
    assert answer.suggestion is not None and tells_apart(answer.suggestion, left)



@pytest.mark.parametrize("limit", [5, 10])
def test_a_count_stopped_at_its_limit_suggests_one_of_the_codes_it_saw(limit):
    """PPBP with three black pegs leaves 12 codes of 4x4; stopped at 5 or 10, the analysis has not
    seen them all, so it plans over none and suggests one of those it saw: a code that fits (a
    search over every code would suggest one that cannot win, as it may with the codes all seen)."""
    config = Config(pegs=4, colors=4)
    row = parse_row(config, BLACK_WHITE, "PPBP 3 0")
    fitting = [str(code) for code in Code.all(config) if row.fits(str(code))]
    assert len(fitting) == 12
    answer = finish(Analyser(config, [row], limit=limit).run())
    assert (answer.count, answer.exact) == (limit, False)
    assert answer.suggestion in fitting
