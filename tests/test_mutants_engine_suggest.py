"""Solve mode's engine, pinned where the broader tests leave room: codes counted without listing
them when two per-slot rows disagree on how often a colour occurs, the progress a page shows while
the rows are searched, and the suggestion when one code is left."""

from __future__ import annotations

import pytest

from mastermind import Code, Config
from mastermind.solver import finish
from mastermind.solver.rows import Analyser, RowSearch
from mastermind.solver.space import CodeSpace
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
