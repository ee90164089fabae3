"""The fast paths of HAL9000's search (:mod:`mastermind.solver.choice`, :mod:`mastermind.solver.hal`,
the codes a play-out tells :mod:`mastermind.solver.constraints`), each against the plain
definitions they replace: every score to the bit, the same codes in the same order, and the same
guess in every position."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from mastermind import Config, feedback
from mastermind.solver.choice import entropies, entropy_score, order, ranked, split_score, splits
from mastermind.solver.clock import finish
from mastermind.solver.constraints import Constraints
from mastermind.solver.hal import OVERHEAD, PLAN_DEPTH, PLAN_POOL, TARGETS, Search, choices, choose
from mastermind.solver.plan import Planner
from mastermind.solver.space import CodeSpace, Digits

from .strategies import codes, configs

SMALL = [Config(pegs=3, colors=4), Config(pegs=3, colors=4, allow_duplicates=False), Config(),
         Config(allow_duplicates=False), Config(pegs=2, colors=3)]


def every_code(config: Config) -> list[Digits]:
    return list(CodeSpace.of(config).all_digits())


@st.composite
def pools(draw: st.DrawFn, max_pegs: int = 5) -> tuple[CodeSpace, list[Digits], list[Digits]]:
    """A space with a pool of different guesses and targets (repeats allowed among targets)."""
    config = draw(configs(max_pegs=max_pegs))
    space = CodeSpace.of(config)
    code = codes(config).map(space.digits)
    pool = draw(st.lists(code, max_size=40, unique=True))
    targets = draw(st.lists(code, max_size=60))
    return space, pool, targets


@given(pools())
def test_entropies_are_each_guess_s_entropy_to_the_bit(case: tuple[CodeSpace, list[Digits], list[Digits]]) -> None:
    space, pool, targets = case
    keys = [space.key(code) for code in targets]
    assert finish(entropies(space, pool, targets)) == [entropy_score(space, guess, keys) for guess in pool]
    assert finish(splits(space, pool, targets)) == [split_score(space, guess, keys) for guess in pool]


@given(st.sampled_from([Config(), Config(pegs=5, colors=8)]), st.integers(0, 2**32), st.integers(250, 700))
def test_entropies_of_more_targets_than_a_byte_counts(config: Config, seed: int, size: int) -> None:
    """Past 255 targets the parts are counted a byte's worth at a time and added: no count wraps."""
    space, rng = CodeSpace.of(config), random.Random(seed)
    def draw() -> Digits:
        return tuple(rng.randrange(space.colours) for _ in range(space.pegs))

    targets = [*(draw() for _ in range(size)), *[(0,) * space.pegs] * 300]  # one part of 300 codes or more
    pool = list(dict.fromkeys([*(draw() for _ in range(30)), (1,) * space.pegs]))
    keys = [space.key(code) for code in targets]
    assert finish(entropies(space, pool, targets)) == [entropy_score(space, guess, keys) for guess in pool]


def test_entropies_of_no_targets_and_no_guesses() -> None:
    space = CodeSpace.of(Config())
    assert finish(entropies(space, [(0, 0, 0, 0), (0, 1, 2, 3)], [])) == [0.0, 0.0]
    assert finish(entropies(space, [], [(0, 0, 0, 0)])) == []


def test_order_breaks_ties_by_a_possible_code_then_the_pool_s_order() -> None:
    pool = [(1,), (2,), (3,), (4,), (5,)]
    assert order(pool, [2.0, 1.0, 1.0, 1.0, 0.5], frozenset({(4,)})) == [(5,), (4,), (2,), (3,), (1,)]
    assert order(pool, [2.0, 1.0, 1.0, 1.0, 0.5], frozenset({(1,), (3,), (4,)})) == [(5,), (3,), (4,), (2,), (1,)]
    space = CodeSpace.of(Config(pegs=3, colors=3))
    every = every_code(Config(pegs=3, colors=3))
    assert finish(ranked(space, every, every, frozenset())) == sorted(
        every, key=lambda guess: (split_score(space, guess, [space.key(code) for code in every]), every.index(guess)))


def plain_choose(space: CodeSpace, possible: list[Digits], exact: bool, rng: random.Random, left: int,
                 search: Search) -> Digits:
    """HAL9000's choice as it was written before the scorers worked on whole pools: each guess
    scored alone, every code of the live colours listed afresh."""
    def rank(pool: list[Digits], targets: list[Digits]) -> list[Digits]:
        keys = [space.key(code) for code in targets]
        return [guess for *_, guess in sorted((entropy_score(space, guess, keys), guess not in members, number, guess)
                                              for number, guess in enumerate(pool))]

    if len(possible) <= 2:
        return possible[0]
    targets = possible if len(possible) <= TARGETS else rng.sample(possible, TARGETS)
    members = frozenset(possible)
    if exact and len(possible) * (len(possible) + OVERHEAD) <= search.work:
        first = rank(possible, possible)[0]
        if entropy_score(space, first, [space.key(code) for code in possible]) == 0:
            return first
    room = max(1, search.work // (len(targets) + OVERHEAD))
    if len(possible) >= room:
        pool = rng.sample(possible, room)
    elif not exact:
        pool = possible
    else:
        live = sorted({colour for code in possible for colour in code})
        dead = [colour for colour in range(space.colours) if colour not in live]
        colours = live + dead[: 1 if space.allow_duplicates else space.pegs]
        wanted = room - len(possible)
        if len(colours) ** space.pegs <= wanted:
            drawn: Iterable[Digits] = itertools.product(colours, repeat=space.pegs)
        elif space.allow_duplicates:
            drawn = (tuple(rng.choice(colours) for _ in range(space.pegs)) for _ in range(wanted))
        else:
            drawn = (tuple(rng.sample(colours, space.pegs)) for _ in range(wanted))
        pool = possible + list(dict.fromkeys(code for code in drawn if space.allows(code) and code not in members))
    ranking = rank(pool, targets)
    if exact and len(possible) <= search.plan_limit:
        shortlist = possible + [guess for guess in ranking if guess not in members][:PLAN_POOL]
        for depth in (max(left, 1), PLAN_DEPTH):
            _, guess = finish(Planner(space, possible, shortlist, width=search.plan_width).first_guess(depth))
            if guess is not None:
                return guess
    return ranking[0]


@settings(max_examples=300)  # a changed choice shows in a few positions of a hundred
@given(st.sampled_from(SMALL), st.data(), st.integers(1, 3), st.sampled_from([Search(), Search(work=3_000),
                                                                               Search(plan_limit=0)]))
def test_hal_chooses_as_the_plain_definition(config: Config, data: st.DataObject, guesses: int, search: Search) -> None:
    """The same guess, position by position: whole-pool scores, the scores of the codes possible
    kept for the second ranking, the colour sets' codes listed once."""
    space = CodeSpace.of(config)
    secret = data.draw(codes(config))
    history = [(guess, feedback(secret, guess)) for guess in data.draw(st.lists(codes(config), min_size=1, max_size=guesses))]
    possible = list(Constraints(space, history).codes())
    assume(len(possible) > 2)  # two codes or fewer: the first is played, nothing is scored
    seed = data.draw(st.integers(0, 2**16))
    left = data.draw(st.integers(1, 6))
    assert finish(choose(space, possible, True, random.Random(seed), left, search)) == plain_choose(
        space, possible, True, random.Random(seed), left, search)


@given(st.integers(0, 2**32), st.lists(st.integers(0, 9), min_size=1, max_size=10, unique=True), st.integers(0, 300))
def test_choices_draws_as_random_choice(seed: int, colours: list[int], count: int) -> None:
    """The same colours as ``choice`` peg by peg, and the generator left in the same state."""
    fast, plain = random.Random(seed), random.Random(seed)
    assert list(choices(fast, colours, count)) == [plain.choice(colours) for _ in range(count)]
    assert fast.getstate() == plain.getstate()


@given(st.sampled_from([*SMALL, Config(pegs=4, colors=3), Config(pegs=4, colors=5, allow_duplicates=False)]), st.data())
def test_codes_told_are_listed_as_the_search_lists_them(config: Config, data: st.DataObject) -> None:
    """Told every code that fits (a play-out knows them), the list is the search's, in its order."""
    space = CodeSpace.of(config)
    secret = data.draw(codes(config))
    history = [(guess, feedback(secret, guess)) for guess in data.draw(st.lists(codes(config), max_size=3))]
    found = finish(Constraints(space, history).listed(space.size))
    assert found is not None
    told = data.draw(st.permutations(found))
    assert finish(Constraints(space, history, told).listed(space.size)) == found
    assert finish(Constraints(space, history, told).listed(len(found) - 1)) is None
