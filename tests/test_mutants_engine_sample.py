"""Solve mode's engine where more codes are left than are listed (``hal.EXACT_LIMIT``): how many
codes stage 2 lists for the sample past the listing, that a position listed whole is searched in
stage 1's order (its multisets are shuffled only when some of its codes must be sampled), and the
expected guesses of a sampled position that follows a complete tree.

The search is watched through :meth:`RowSearch.arrangements` (the multisets searched, in order,
whether their codes were listed and how many fit; the suggestion, not checked there, skipped) and
:meth:`Analyser.suggest` (the codes it is given)."""

from __future__ import annotations

import random
import statistics
from collections.abc import Generator

import pytest

from mastermind import Config
from mastermind.solver import finish, rows
from mastermind.solver.hal import EXACT_LIMIT, SAMPLE
from mastermind.solver.rows import Analyser, RowSearch
from mastermind.solver.space import CodeSpace, Digits, Multiset
from mastermind.solver.strategy import Strategy
from mastermind.solving import BLACK_WHITE, parse_row

from .test_mutants_engine_analyser import expected_by_hand

Searched = list[tuple[Multiset, bool, int]]


@pytest.fixture
def searched(monkeypatch: pytest.MonkeyPatch) -> Searched:
    """Each multiset stage 2 searches, whether it listed its codes and how many fit, in order."""
    seen: Searched = []
    arrangements = RowSearch.arrangements

    def watched(self: RowSearch, multiset: Multiset, keep: bool = True) -> Generator[None, None, tuple[int, list[Digits]]]:
        found, codes = yield from arrangements(self, multiset, keep)
        seen.append((multiset, keep, found))
        return found, codes

    def skipped(self: Analyser, search: RowSearch, possible: list[Digits], *_: object) -> Generator[None, None, tuple[Digits, float]]:
        yield None
        return possible[0], 1.0

    monkeypatch.setattr(RowSearch, "arrangements", watched)
    monkeypatch.setattr(Analyser, "suggest", skipped)
    return seen


def test_past_the_codes_listed_the_sample_lists_twice_its_size_in_codes_on_average(searched, monkeypatch):
    """4x10 with no row: 10,000 codes in 715 multisets of at most 24. Past the first EXACT_LIMIT
    codes (listed), each multiset is listed for the sample with the chance that lists 2 x SAMPLE
    codes of the position on average (SAMPLE are then drawn from them): listing every multiset
    would list twelve times as many, listing none would leave the sample to the codes listed
    first. Over 32 seeds the average has a standard deviation of about 3% (17% for one seed), so
    the 20% allowed cannot fail by chance, and a rate of 3 x SAMPLE codes would be 50% off."""
    config = Config(pegs=4, colors=10)
    estimates = []
    for seed in range(32):
        monkeypatch.setattr(rows, "SEED", seed)
        searched.clear()
        answer = finish(Analyser(config, []).run())
        assert answer.count == 10_000
        before = listed = past = 0
        for _, keep, found in searched:
            if before >= EXACT_LIMIT:
                past, listed = past + found, listed + found * keep
            before += found
        estimates.append(listed * answer.count / past)  # the codes listed, were every code past the listing
    assert 0.8 * 2 * SAMPLE <= statistics.mean(estimates) <= 1.2 * 2 * SAMPLE


def test_a_position_of_exactly_as_many_codes_at_most_as_are_listed_is_searched_in_stage_1s_order(searched):
    """RGBOY with three black and one white allows 3,000 codes of 5x8 by their colours alone,
    EXACT_LIMIT: every code that fits is listed, none sampled, so nothing needs shuffling."""
    config = Config(pegs=5, colors=8)
    row = parse_row(config, BLACK_WHITE, "RGBOY 3 1")
    search = RowSearch(CodeSpace.of(config), [row])
    assert search.bound == EXACT_LIMIT
    finish(Analyser(config, [row]).run())
    assert [multiset for multiset, _, _ in searched] == finish(search.fit_multisets())
    assert all(keep for _, keep, _ in searched)


def test_rows_following_a_complete_tree_past_the_codes_listed_get_expected_guesses_from_the_sample(monkeypatch):
    """5x8's tree opens with BBGOP; two white pegs leave 7,051 codes, too many to list, so a sample
    of SAMPLE codes stands for them. The tree's own average is taken over every code left only:
    here, as off the tree, the expected guesses are one for the tree's guess, then for each part
    it leaves of the sample the estimate from the codes that part stands for."""
    config = Config(pegs=5, colors=8)
    space = CodeSpace.of(config)
    tree = Strategy.of(space)
    assert tree is not None and tree.complete
    opening = tree.move([])
    assert opening is not None
    handed: list[tuple[list[Digits], bool, int]] = []
    suggest = Analyser.suggest

    def watched(self: Analyser, search: RowSearch, possible: list[Digits], complete: bool, count: int,
                rng: random.Random) -> Generator[None, None, tuple[Digits, float]]:
        handed.append((list(possible), complete, count))
        return (yield from suggest(self, search, possible, complete, count, rng))

    monkeypatch.setattr(Analyser, "suggest", watched)
    answer = finish(Analyser(config, [parse_row(config, BLACK_WHITE, f"{space.code(opening)} 0 2")]).run())
    [(possible, complete, count)] = handed
    assert (answer.count, count, complete, len(possible)) == (7_051, 7_051, False, SAMPLE)
    assert answer.suggestion == str(space.code(tree.move([(opening, 0, 2)])))
    sample = [str(space.code(code)) for code in possible]
    assert answer.expected == pytest.approx(expected_by_hand(config, answer.suggestion, sample, count), rel=1e-12)
