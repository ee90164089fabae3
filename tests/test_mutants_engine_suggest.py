"""Solve mode's engine, pinned where the broader tests leave room: codes counted without listing
them when two per-slot rows disagree on how often a colour occurs, the progress a page shows while
the rows are searched, the suggestion when one code is left, the search after a 6-peg book (shared
with HAL9000) and the guesses left where the game's end binds the suggestion (checked by brute
force)."""

from __future__ import annotations

import pytest

from mastermind import Code, Config
from mastermind.solver import finish
from mastermind.solver.hal import Search, search_in
from mastermind.solver.rows import Analyser, RowSearch
from mastermind.solver.space import CodeSpace, Digits
from mastermind.solving import BLACK_WHITE, PER_SLOT, parse_row

# Two per-slot rows that disagree on how often a colour occurs


@pytest.mark.parametrize("lines", [["BGOO -???", "BBGG ~-??"], ["BBGG ~-??", "BGOO -???"]])
def test_no_code_is_counted_when_two_per_slot_rows_disagree_on_how_often_a_colour_occurs(lines):
    """The first row says the secret holds no blue, the second exactly one, whichever comes first;
    their unknown slots leave every other colour open."""
    config = Config(pegs=4, colors=3)
    rows = [parse_row(config, PER_SLOT, line) for line in lines]
    search = RowSearch(CodeSpace.of(config), rows)
    counted = sum(finish(search.arrangements(multiset, keep=False))[0] for multiset in finish(search.fit_multisets()))
    assert counted == sum(all(row.fits(str(code)) for row in rows) for code in Code.all(config)) == 0


# The progress a page shows


def test_the_progress_climbs_in_equal_steps_to_nine_tenths_while_searching_then_ends_at_one():
    """One step per colour multiset the row allows (40 here), then the suggestion's last tenth."""
    config = Config()
    rows = [parse_row(config, BLACK_WHITE, "BBGG 0 1")]
    steps = len(finish(RowSearch(CodeSpace.of(config), rows).fit_multisets()))
    assert steps == 40
    analyser = Analyser(config, rows)
    running = analyser.run()
    seen = []
    with pytest.raises(StopIteration):
        while True:
            running.send(None)
            seen.append(analyser.progress)
    assert sorted(set(seen)) == pytest.approx([0.9 * step / steps for step in range(steps + 1)])
    assert analyser.progress == 1.0


# The suggestion


def test_the_one_code_left_is_suggested_and_takes_one_guess():
    config = Config()
    answer = finish(Analyser(config, [parse_row(config, PER_SLOT, "RGBY ++++")]).run())
    assert (answer.suggestion, answer.expected) == ("RGBY", 1.0)


# The search after a 6-peg book


BOOKED = [(6, 9, True), (6, 10, True), (6, 10, False)]


@pytest.mark.parametrize(("pegs", "colours", "repeats"), BOOKED)
def test_after_a_6_peg_book_the_end_games_are_planned_from_60_codes_6_guesses_wide(pegs, colours, repeats):
    """The books hand over nodes of up to 100 or 200 codes, where planning from more codes and
    wider plays better (``hal.SEARCHES``); HAL9000 and Solve's suggestion both search so."""
    space = CodeSpace.of(Config(pegs=pegs, colors=colours, allow_duplicates=repeats))
    assert search_in(space) == Search(plan_limit=60, plan_width=6) != Search()


@pytest.mark.parametrize(("pegs", "colours", "repeats"), [(4, 6, True), (4, 6, False), (5, 8, True), (6, 9, False),
                                                          (5, 9, True), (6, 8, True), (5, 10, True)])
def test_without_a_6_peg_book_the_search_is_the_default(pegs, colours, repeats):
    assert search_in(CodeSpace.of(Config(pegs=pegs, colors=colours, allow_duplicates=repeats))) == Search()


# The guesses left, where the game's end binds


def breaks_within(space: CodeSpace, guess: Digits, codes: tuple[Digits, ...], guesses: int) -> bool:
    """Whether playing `guess` then the best guesses of the whole space breaks every one of
    `codes` within `guesses` guesses in all (brute force over every code as the next guess)."""
    if guesses < 1:
        return False
    parts: dict[int, list[Digits]] = {}
    for code in codes:
        result = (space.key(guess) & space.key(code)).bit_count()
        if result != space.win:
            parts.setdefault(result, []).append(code)
    return all((len(part) == 1 and guesses >= 2)
               or any(breaks_within(space, then, tuple(part), guesses - 1) for then in space.all_digits())
               for part in parts.values())


@pytest.mark.parametrize(("pegs", "colours", "repeats", "lines"), [
    (3, 6, False, ["ORG 0 0"]),  # 6 codes: the arrangements of B, P and Y
    (4, 5, False, ["BPOG 2 2"]),  # 6 codes
    (3, 5, True, ["ORB 0 1"]),  # 30 codes
])
def test_with_three_guesses_left_the_suggestion_breaks_every_code_left_within_them(pegs, colours, repeats, lines):
    """At the game's end the suggestion keeps within the guesses left where that can be done,
    though some guesses (a cheaper one on average among them) cannot: the
    guesses left are the game's limit less the rows played."""
    config = Config(pegs=pegs, colors=colours, allow_duplicates=repeats, max_guesses=len(lines) + 3)
    space = CodeSpace.of(config)
    rows = [parse_row(config, BLACK_WHITE, line) for line in lines]
    left = tuple(space.digits(str(code)) for code in Code.all(config) if all(row.fits(str(code)) for row in rows))
    assert not all(breaks_within(space, guess, left, 3) for guess in space.all_digits())  # the end binds
    answer = finish(Analyser(config, rows).run())
    assert answer.suggestion is not None and breaks_within(space, space.digits(answer.suggestion), left, 3)
