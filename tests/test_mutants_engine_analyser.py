"""Solve mode's engine, pinned where the broader tests leave room: the expected number of guesses
after a suggestion (one for the guess, then for each feedback it leaves but a win the planner's
average of a small part, checked here against the fewest found by brute force, or the rough
estimate of a big or sampled one), and the
rows named when no code fits (one row that fits nothing, more rows to set aside than are ever
named, and a row that contradicts only more rows together than are ever searched)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mastermind import Code, Config, feedback
from mastermind.solver import finish
from mastermind.solver.hal import EXACT_LIMIT, PLAN_WIDTH
from mastermind.solver.plan import INFEASIBLE, Planner
from mastermind.solver.rows import CONFLICT_ROWS, Analyser, Conflict, estimate
from mastermind.solver.space import CodeSpace
from mastermind.solving import BLACK_WHITE, PER_SLOT, parse_row

# The expected guesses after a suggestion


def fewest_guesses(part: Sequence[str]) -> int:
    """The fewest guesses in total that break every code of `part`, each guess one of the codes
    left (brute force; a guess leaves fewer codes in each part, so there is no depth to bound)."""

    @cache
    def total(codes: tuple[str, ...]) -> int:
        if len(codes) == 1:
            return 1
        best = 10**9
        for guess in codes:
            parts: dict[object, list[str]] = {}
            for code in codes:
                if code != guess:
                    parts.setdefault(feedback(code, guess), []).append(code)
            best = min(best, len(codes) + sum(total(tuple(rest)) for rest in parts.values()))
        return best

    return total(tuple(part))


def parts_left(guess: str, possible: list[str]) -> list[list[str]]:
    """The codes of `possible` that `guess` leaves, by the feedback they give it (a win leaves none)."""
    parts: dict[object, list[str]] = {}
    for code in possible:
        if code != guess:
            parts.setdefault(feedback(code, guess), []).append(code)
    return list(parts.values())


def expected_by_hand(config: Config, guess: str, possible: list[str], count: int) -> float:
    """One guess, then for each part it leaves but a win: its share of the codes times its guesses
    (one code: one; a whole part of at most 12 codes: the fewest in total over its size; else the
    estimate from the codes the part stands for)."""
    total = 0.0
    for part in parts_left(guess, possible):
        size = len(part) * count / len(possible)
        if size <= 1:
            guesses = 1.0
        elif size <= 12 and len(part) == size:
            guesses = fewest_guesses(part) / len(part)
        else:
            guesses = estimate(size, config.pegs)
        total += len(part) * guesses
    return 1 + total / len(possible)


@pytest.mark.parametrize(
    ("line", "parts"),
    [
        ("RRGG 1 1", [1, 2, 4, 6, 10, 12, 23, 25, 39, 40, 45]),
        ("RGBY 2 1", [1, 2, 3, 8, 9, 9, 15]),
        ("RGBO 2 2", [1, 4]),
    ],
)
@pytest.mark.parametrize("sampled", [1, 3])
def test_the_expected_guesses_count_the_guess_then_each_part_it_leaves(line, parts, sampled):
    """The guess played is the first code left, so the win it may bring comes first; `sampled`
    says how many codes each code listed stands for."""
    config = Config()
    row = parse_row(config, BLACK_WHITE, line)
    possible = [str(code) for code in Code.all(config) if row.fits(str(code))]
    guess = possible[0]
    assert sorted(len(part) for part in parts_left(guess, possible)) == parts
    analyser = Analyser(config, [row])
    digits = analyser.space.digits
    expected = finish(analyser.expected(digits(guess), [digits(code) for code in possible], sampled * len(possible)))
    assert expected == pytest.approx(expected_by_hand(config, guess, possible, sampled * len(possible)), rel=1e-12)


def test_a_small_part_is_counted_by_the_planner_as_hal_plans_its_end_games_not_by_exhaustive_search():
    """Nine codes of three pegs and four colours earn GBO two black pegs, and GBO gives them all
    that feedback: one part. The planner that tries three guesses per position, as HAL9000's end
    games do, breaks them in one guess more than the fewest (found by brute force): the expected
    guesses are its count, a search that tries more guesses would give the fewest."""
    config = Config(pegs=3, colors=4)
    analyser = Analyser(config, [parse_row(config, BLACK_WHITE, "GBO 2 0")])
    digits = analyser.space.digits
    part = [str(code) for code in Code.all(config) if feedback(code, "GBO") == (2, 0)]
    assert len(part) == 9
    planned, _ = finish(Planner(analyser.space, [digits(code) for code in part], [digits(code) for code in part],
                                width=PLAN_WIDTH).first_guess(9))
    assert planned == fewest_guesses(part) + 1
    expected = finish(analyser.expected(digits("GBO"), [digits(code) for code in part], len(part)))
    assert expected == pytest.approx(1 + planned / len(part), rel=1e-12)


@settings(max_examples=60)
@given(st.sampled_from([(2, 3), (2, 4), (3, 3), (3, 4)]), st.data())
def test_the_planner_of_a_small_part_always_finds_a_plan_within_as_many_guesses_as_codes(shape, data):
    """A part's expected guesses are planned within as many guesses as it has codes: a guess of
    the part either wins or leaves fewer codes, so there is always such a plan, and the planner
    finds one whatever the codes."""
    pegs, colours = shape
    space = CodeSpace.of(Config(pegs=pegs, colors=colours))
    part = data.draw(st.lists(st.sampled_from(list(space.all_digits())), min_size=1, max_size=12, unique=True))
    cost, guess = finish(Planner(space, part, part, width=PLAN_WIDTH).first_guess(len(part)))
    assert cost < INFEASIBLE and guess in part


def test_ten_codes_that_tell_each_other_nothing_take_ten_guesses():
    """The ten codes of 2x10 with Blue first give each other one black peg each: a guess of them
    tells only whether it wins, so breaking them takes 1 + 2 + ... + 10 guesses, the last one the
    tenth, and no plan within nine exists. So a part's planner is given as many guesses as the
    part has codes, not a fixed number."""
    space = CodeSpace.of(Config(pegs=2, colors=10))
    part = [code for code in space.all_digits() if code[0] == 0]
    assert len(part) == 10 and len({space.score(a, b) for a in part for b in part if a != b}) == 1
    cost, guess = finish(Planner(space, part, part, width=PLAN_WIDTH).first_guess(len(part)))
    assert cost == sum(range(1, len(part) + 1)) and guess in part
    assert finish(Planner(space, part, part, width=PLAN_WIDTH).first_guess(len(part) - 1))[0] == INFEASIBLE


# The rows named when no code fits


def conflict(config: Config, lines: list[str]) -> Conflict:
    answer = finish(Analyser(config, [parse_row(config, BLACK_WHITE, line) for line in lines]).run())
    assert answer.count == 0
    assert answer.conflict is not None
    return answer.conflict


def test_a_single_row_no_code_earns_is_named_as_fitting_no_code():
    found = conflict(Config(), ["RRRR 0 1"])
    assert (found, found.sentence()) == (Conflict((1,), ()), "Row 1 fits no code.")


def test_when_more_rows_than_are_ever_named_must_go_none_is_named():
    """Five rows each naming a different secret: four must go, one more than are ever named."""
    found = conflict(Config(), ["RRRR 4 0", "GGGG 4 0", "BBBB 4 0", "YYYY 4 0", "OOOO 4 0"])
    assert (found, found.sentence()) == (
        Conflict((), ()), "No code fits these rows, and no 3 rows explain it: check every row.")


def test_a_row_contradicting_only_more_rows_together_than_are_ever_searched_is_said_to_contradict_them_all():
    """On one peg of five colours each row rules out one colour: the last row leaves no colour
    with the four before it together, and a colour with any three of them. It fits a code alone,
    so "fits no code" would be false."""
    found = conflict(Config(pegs=1, colors=5), ["B 0 0", "G 0 0", "O 0 0", "P 0 0", "R 0 0"])
    assert CONFLICT_ROWS < 4
    assert (found, found.sentence()) == (Conflict((5,), (1, 2, 3, 4)), "Row 5 contradicts rows 1, 2, 3 and 4.")


def test_a_row_contradicting_four_of_five_rows_together_is_said_to_contradict_all_five():
    """The search for the rows a row contradicts stops at three: beyond, every other row is named,
    even where four of them would do (row 5 repeats row 1 here)."""
    found = conflict(Config(pegs=1, colors=5), ["B 0 0", "G 0 0", "O 0 0", "P 0 0", "B 0 0", "R 0 0"])
    assert (found, found.sentence()) == (Conflict((6,), (1, 2, 3, 4, 5)), "Row 6 contradicts rows 1, 2, 3, 4 and 5.")


def test_the_expected_guesses_of_exactly_as_many_codes_as_are_listed_count_every_code():
    """Six pegs of seven colours: these rows leave 3,000 codes, the most listed whole (EXACT_LIMIT),
    so the expected guesses after the suggestion count the parts of every one of them (a sample
    would stand for them by a few hundred). A part of 3 to 12 codes is counted by the planner
    HAL9000's end games use: at least the fewest guesses found by brute force, and on these parts
    (the planner tries three guesses per position, in an order the codes' order decides) at most
    one guess more each."""
    config = Config(pegs=6, colors=7)
    rows = [parse_row(config, BLACK_WHITE, "YBWRYP 0 3"), parse_row(config, PER_SLOT, "RRYYYY ~-----")]
    possible = [str(code) for code in Code.all(config) if all(row.fits(str(code)) for row in rows)]
    assert len(possible) == EXACT_LIMIT
    answer = finish(Analyser(config, rows).run())
    assert answer.count == EXACT_LIMIT and answer.suggestion is not None and answer.expected is not None
    fewest = expected_by_hand(config, answer.suggestion, possible, EXACT_LIMIT)
    planned = sum(3 <= len(part) <= 12 for part in parts_left(answer.suggestion, possible))
    assert fewest - 1e-12 <= answer.expected <= fewest + planned / EXACT_LIMIT + 1e-12
