"""HAL9000's pool of guesses that cannot win (`others`) and its choice between listing the codes
left and sampling them (`possible_codes`), each checked against the rule its docstring states,
worked out apart: the codes of the live colours and their stand-ins, the same draws of a copy of
the generator, and the bound at which listing stops."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from mastermind import Config
from mastermind.solver.constraints import Constraints
from mastermind.solver.hal import ENUMERATE_BOUND, SAMPLE, TICK, others, possible_codes
from mastermind.solver.space import CodeSpace, Digits

from .test_solver import think_through


def pool(config: Config, colours: range) -> list[Digits]:
    """Every code of `config` made of `colours` only: a position's possible codes, for the tests."""
    space = CodeSpace.of(config)
    return [code for code in itertools.product(colours, repeat=config.pegs) if space.allows(code)]


def stand_ins(config: Config, possible: list[Digits]) -> list[int]:
    """The colours `others` may use, as its docstring says: those of the possible codes, and one
    colour no possible code holds (as many as a code needs without repeats)."""
    live = sorted({colour for code in possible for colour in code})
    dead = [colour for colour in range(len(config.colors)) if colour not in live]
    return live + dead[: 1 if config.allow_duplicates else config.pegs]


@pytest.mark.parametrize(("config", "live"), [
    (Config(pegs=3, colors=6), range(2)),  # 27 codes of three colours: exactly the room
    (Config(pegs=3, colors=6, allow_duplicates=False), range(3)),  # three stand-ins: every colour
])
def test_others_lists_every_code_of_the_live_colours_and_their_stand_ins_that_fits_the_room(config, live):
    possible = pool(config, live)
    colours = stand_ins(config, possible)
    room = len(colours) ** config.pegs  # listed when they fit exactly
    slices, found = think_through(others(CodeSpace.of(config), possible, room, random.Random(0)))
    expected = [code for code in pool(config, range(len(config.colors))) if set(code) <= set(colours) and code not in possible]
    assert slices == 1
    assert sorted(found) == expected and len(set(found)) == len(found)


@pytest.mark.parametrize(("config", "live", "room"), [
    (Config(pegs=4, colors=6), range(2), 20),  # 81 codes of the two live colours and one stand-in
    (Config(pegs=1, colors=6), range(1), 1),  # 2 codes of one peg: one drawn
])
def test_others_with_repeats_draws_room_codes_peg_by_peg_and_leaves_out_the_possible(config, live, room):
    """The draw, worked out by ``rng.choice`` per peg (which :func:`~mastermind.solver.hal.choices`
    matches, ``tests/test_choice.py``) from a copy of the generator: each code once, in the order
    drawn, none of the possible codes, none cut short."""
    possible = pool(config, live)
    colours = stand_ins(config, possible)
    rng, copy = random.Random(7), random.Random(7)
    slices, found = think_through(others(CodeSpace.of(config), possible, room, rng))
    drawn = [tuple(copy.choice(colours) for _ in range(config.pegs)) for _ in range(room)]
    assert drawn[-1] not in possible and drawn[-1] not in drawn[:-1]  # the last draw counts
    assert slices == 1
    assert found == [code for code in dict.fromkeys(drawn) if code not in possible]
    assert all(len(code) == config.pegs for code in found)


@pytest.mark.parametrize("room", [TICK, TICK + 1, 3 * TICK - 1])
def test_others_without_repeats_draws_room_codes_ticking_once_per_tick_draws(room):
    """Without repeats each draw is ``rng.sample`` of the colours: worked out from a copy of the
    generator, the possible codes (a seventh of the draws) left out, a tick before every TICK-th."""
    config = Config(pegs=4, colors=8, allow_duplicates=False)
    possible = pool(config, range(5))  # 120 codes: the 3 other colours are stand-ins, 1,680 codes in all
    colours = stand_ins(config, possible)
    rng, copy = random.Random(11), random.Random(11)
    slices, found = think_through(others(CodeSpace.of(config), possible, room, rng))
    drawn = [tuple(copy.sample(colours, config.pegs)) for _ in range(room)]
    assert any(code in possible for code in drawn)  # so leaving them out is seen
    assert slices == math.ceil(room / TICK)
    assert found == [code for code in dict.fromkeys(drawn) if code not in possible]


class Bounded(Constraints):
    """A position whose stage 1 claims the bound `claimed`: the threshold of listing, at a bound no
    short search of histories landed on exactly."""

    claimed = 0

    @property
    def bound(self) -> int:
        return self.claimed


@pytest.mark.parametrize(("claimed", "listed"), [(ENUMERATE_BOUND, True), (ENUMERATE_BOUND + 1, False)])
def test_hal9000_lists_the_codes_left_up_to_its_bound_and_samples_beyond(claimed, listed):
    config = Config(pegs=3, colors=4)
    rules = Bounded(CodeSpace.of(config), [])
    rules.claimed = claimed
    _, (codes, exact) = think_through(possible_codes(rules, random.Random(2)))
    assert exact is listed
    assert len(codes) == (64 if listed else min(SAMPLE, 64))
    if listed:
        assert sorted(codes) == sorted(itertools.product(range(4), repeat=3))
