"""The engine's edges that the other tests leave open: a count that lands exactly on its limit,
hints and reviews that stay the same in a game with no book (where HAL9000's seed decides), the
plan's tree against its own first guess and under symmetry, and how the page's loop is handed
control."""

from __future__ import annotations

import math
import random
from collections import Counter
from importlib import resources

import pytest

from mastermind import Code, Config, Feedback, feedback
from mastermind.solver import finish
from mastermind.solver.assist import Count, hint, still_possible
from mastermind.solver.clock import run_async
from mastermind.solver.constraints import TICK, Constraints
from mastermind.solver.hal import EXACT_LIMIT, HAL9000, SAMPLE, possible_codes
from mastermind.solver.plan import INFEASIBLE, Planner, lower_bound, most_parts
from mastermind.solver.skill import review
from mastermind.solver.space import CodeSpace, Digits

EIGHT_COLOURS = Config(colors=8)
"""Four pegs of eight colours: no shipped book, so HAL9000 draws its guesses from its seed."""


def test_a_count_that_lands_on_its_limit_is_exact():
    history = [("BBGG", Feedback(0, 1))]
    assert finish(still_possible(Config(), history, limit=256)) == Count(256)
    assert finish(still_possible(Config(), history, limit=255)) == Count(255, exact=False)


def test_the_hint_without_a_book_is_the_same_every_time():
    """HAL9000 draws from its own seed: asked three times, it gives one hint (unseeded, 29 of 30
    draws differ)."""
    history = [("BBGG", Feedback(0, 1))]
    assert len({str(finish(hint(EIGHT_COLOURS, history))) for _ in range(3)}) == 1


def test_the_review_without_a_book_shows_the_guesses_hints_would_have_given_every_time():
    config = Config(pegs=3, colors=8)  # no book, and few enough codes for every guess's figures
    secret = Code.parse("OGP", config)
    opening = Code.parse("BBG", config)
    played = [(opening, feedback(secret, opening)), (secret, Feedback(3, 0))]
    reviews = {tuple(str(row.best) for row in finish(review(config, secret, played)).rows if row is not None)
               for _ in range(3)}
    assert len(reviews) == 1
    (best,) = reviews
    assert best == (str(finish(hint(config, []))), str(finish(hint(config, played[:1]))))


def test_a_plan_of_two_codes_opens_with_its_first_guess():
    space = CodeSpace.of(Config(pegs=2, colors=3))
    both = [(1, 1), (2, 1)]
    planner = Planner(space, both, both)
    assert finish(planner.first_guess(2)) == (3, (1, 1))
    assert finish(planner.plan(2)) == (3, ["11", {"10": "21"}])
    assert finish(planner.first_guess(1)) == (INFEASIBLE, None)  # one guess cannot break two codes


def test_three_codes_one_guess_tells_apart_are_planned_within_two_guesses():
    """01 gives 00 and 10 different feedback: it wins or names the code left, 1 + 2 + 2 guesses."""
    space = CodeSpace.of(Config(pegs=2, colors=3))
    three = [(0, 0), (0, 1), (1, 0)]
    assert finish(Planner(space, three, three).plan(2)) == (5, ["01", {"02": "10", "10": "00"}])
    assert finish(Planner(space, three, three).first_guess(2)) == (5, (0, 1))


def test_a_planner_of_width_one_tries_guesses_until_one_finds_a_plan():
    """Eight codes of 2x4 within three guesses: the width limits the guesses tried only once a
    plan is found, so a planner of width 1 finds one where a planner of any width does."""
    space = CodeSpace.of(Config(pegs=2, colors=4))
    codes = [(2, 2), (1, 2), (3, 1), (0, 2), (3, 3), (3, 2), (3, 0), (1, 0)]
    guesses = [*codes, (0, 1), (0, 0), (1, 1)]
    assert finish(Planner(space, codes, guesses).first_guess(3))[0] < INFEASIBLE
    assert finish(Planner(space, codes, guesses, width=1).first_guess(3))[0] < INFEASIBLE


def opening_order(space: CodeSpace, codes: list[Digits], guesses: list[Digits]) -> list[tuple[int, int, bool, int]]:
    """Each guess's place in the order a planner tries them, the first first: the lowest bound
    (each code one guess, each part at least its lower bound), then the most parts, then a code
    that may win, then the guess listed first; (bound, -parts, cannot win, index) per guess."""
    order = []
    for index, guess in enumerate(guesses):
        parts = Counter(space.score(code, guess) for code in codes if code != guess)
        bound = len(codes) + sum(lower_bound(most_parts(space.pegs), size) for size in parts.values())
        order.append((bound, -len(parts), guess not in codes, index))
    return sorted(order)


def test_a_planner_of_width_one_plays_the_guess_of_the_lowest_bound_then_of_the_most_parts():
    """A planner of width 1 keeps the first guess that finds a plan (:func:`opening_order`); here
    that first guess finds a plan."""
    space = CodeSpace.of(Config(pegs=2, colors=3))
    codes = [(0, 2), (0, 0), (1, 2), (2, 2)]
    guesses = [*codes, (0, 1), (2, 1), (2, 0), (1, 1), (1, 0)]
    first = guesses[opening_order(space, codes, guesses)[0][-1]]
    assert first == (2, 1)  # it leaves three parts, (0, 0) of the same bound two
    cost, guess = finish(Planner(space, codes, guesses, width=1).first_guess(3))
    assert cost < INFEASIBLE and guess == first


def test_a_planner_of_width_one_plays_a_code_that_may_win_before_one_of_the_same_bound_and_parts_that_cannot():
    """Fourteen codes of 2x6: 30 (not one of them, listed first) and 34 (one of them) leave four
    parts each, of the same bound; the planner opens with 34, which may win at once, and its plan
    is as cheap as the best a planner trying every guess finds (a planner of width 1 opening with
    30 keeps a plan one guess dearer)."""
    space = CodeSpace.of(Config(pegs=2, colors=6))
    codes = [(1, 2), (5, 1), (1, 3), (2, 3), (0, 5), (2, 0), (1, 5), (4, 3), (3, 3), (4, 4), (0, 3), (1, 1), (3, 4), (0, 0)]
    guesses = [(3, 0), *codes]
    first, second = opening_order(space, codes, guesses)[:2]
    assert first[:2] == second[:2] and guesses[first[-1]] == (3, 4) and guesses[second[-1]] == (3, 0)
    cost, guess = finish(Planner(space, codes, guesses, width=1).first_guess(len(codes)))
    assert guess == (3, 4) and (cost, guess) == finish(Planner(space, codes, guesses).first_guess(len(codes)))


def test_a_symmetric_plan_opens_with_the_smallest_of_equivalent_guesses_whatever_their_order():
    space = CodeSpace.of(Config(pegs=2, colors=3))
    codes = list(space.all_digits())
    cost, tree = finish(Planner(space, codes, codes[::-1], symmetric=True).plan(6))
    assert cost == 21
    assert tree is not None and tree[0] == "01"
    assert finish(Planner(space, codes, codes[::-1], symmetric=True).first_guess(6)) == (21, (0, 1))


def test_run_async_hands_the_loop_each_turn_without_waiting():
    def work():
        for _ in range(3):
            yield None
        return "done"

    running = run_async(work())
    turns = 0
    try:
        while True:
            running.send(None)
            turns += 1
    except StopIteration as finished:
        assert (finished.value, turns) == ("done", 3)


class CountedDraws(random.Random):
    """A generator that counts how often a sample calls each of its methods: `choices` draws a
    multiset, `sample` orders the colours of one peg for a search in random order, `choice`
    picks a code of a listed multiset."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.calls: Counter[str] = Counter()

    def choices(self, *args, **kwargs):  # type: ignore[override] # the same signature, counted
        self.calls["choices"] += 1
        return super().choices(*args, **kwargs)

    def sample(self, *args, **kwargs):  # type: ignore[override]
        self.calls["sample"] += 1
        return super().sample(*args, **kwargs)

    def choice(self, *args, **kwargs):  # type: ignore[override]
        self.calls["choice"] += 1
        return super().choice(*args, **kwargs)


@pytest.mark.parametrize("wanted", [1, 2, 5])
def test_a_sample_searches_a_multiset_drawn_once_lists_it_drawn_again_and_stops_after_twice_as_many_repeats(wanted):
    """One code fits: the first draw searches its multiset in a random order (a colour order per
    peg) and finds it; looking for more, the sample draws it again, lists it then and picks from
    the list, and gives up after `2 * wanted` repeats."""
    space = CodeSpace.of(Config())
    rules = Constraints(space, [("RBYR", Feedback(4, 0))])
    rng = CountedDraws(7)
    assert finish(rules.sample(rng, wanted)) == [space.digits("RBYR")]
    repeats = 0 if wanted == 1 else 2 * wanted
    assert rng.calls == Counter({"choices": 1 + repeats, "sample": space.pegs, "choice": repeats})


def test_a_sample_lists_a_multiset_of_720_arrangements_drawn_again():
    """Six pegs of ten colours: the codes that hold the six colours of a guess without repeats,
    none in its place, are arrangements of one multiset of 720, the most a sample lists: drawn
    again, it is listed and every later code picked from the list (one search only, one colour
    order drawn per peg)."""
    config = Config(pegs=6, colors=10)
    space = CodeSpace.of(config)
    guess = str(space.code(range(6)))
    rules = Constraints(space, [(guess, Feedback(0, 6))])
    assert [multiset.arrangements for multiset in rules.multisets] == [720]
    rng = CountedDraws(3)
    assert len(finish(rules.sample(rng, 2))) == 2
    assert rng.calls["sample"] == space.pegs
    assert rng.calls["choice"] == rng.calls["choices"] - 1 >= 1


def test_a_sample_draws_a_multiset_as_often_as_it_has_codes():
    """Three pegs of two colours: the multisets BBB and GGG hold one code each, the other two
    three each, so a quarter of the draws are BBB or GGG (half of them if every multiset weighed
    the same). 400 samples of one code from 400 seeds: 100 expected, 150 is over five deviations."""
    config = Config(pegs=3, colors=2)
    space = CodeSpace.of(config)
    rules = Constraints(space, [])
    drawn = Counter(finish(rules.sample(random.Random(seed), 1))[0] for seed in range(400))
    assert set(drawn) == set(space.all_digits())
    assert drawn[(0, 0, 0)] + drawn[(1, 1, 1)] < 150


def test_a_search_of_arrangements_ticks_once_every_tick_nodes():
    # 8 pegs of 8 colours, once each, nothing played yet: every arrangement of the first k pegs is
    # a node for k = 0 to 7, 8! / (8 - k)! of them, and the search ticks once per TICK nodes.
    rules = Constraints(CodeSpace.of(Config(pegs=8, colors=8)), [])
    steps = list(rules.arrangements((1,) * 8))
    nodes = sum(math.perm(8, k) for k in range(8))
    assert steps.count(None) == nodes // TICK
    assert len(steps) - steps.count(None) == math.factorial(8)


@pytest.mark.parametrize(("config", "history", "exact"), [
    (Config(pegs=4, colors=6), [("RRGG", Feedback(1, 1))], True),  # 208 codes: all of them, listed
    (Config(pegs=5, colors=8), [("RRGGB", Feedback(0, 1))], False),  # more than EXACT_LIMIT: a sample
])
def test_hal9000_says_whether_it_holds_every_code_possible_or_a_sample(config, history, exact):
    rules = Constraints(CodeSpace.of(config), [(Code(guess), result) for guess, result in history])
    possible, said = finish(possible_codes(rules, random.Random(3)))
    every = [code for code in Code.all(config) if all(feedback(code, Code(guess)) == result for guess, result in history)]
    assert said is exact
    if exact:
        assert sorted(CodeSpace.of(config).code(code) for code in possible) == sorted(every)
    else:
        assert len(every) > EXACT_LIMIT and len(possible) == SAMPLE


@pytest.mark.parametrize("pegs", [1, 2, 3, 4])
def test_most_parts_counts_the_feedbacks_one_guess_can_give_but_a_win(pegs):
    """Worked out apart: every feedback a guess of distinct colours gets against every code of
    twice as many colours (enough for each pair of blacks and whites), the win left out."""
    config = Config(pegs=pegs, colors=2 * pegs)
    guess = Code(config.letters[:pegs])
    seen = {feedback(code, guess) for code in Code.all(config)} - {Feedback(pegs, 0)}
    assert most_parts(pegs) == len(seen)


def test_every_shipped_tree_is_ascii():
    """Strategy.of reads the trees as UTF-8; being ASCII, they read the same in any locale."""
    trees = [path for path in resources.files("mastermind").joinpath("data").iterdir() if path.name.endswith(".json")]
    assert trees
    for tree in trees:
        assert tree.read_bytes().isascii(), tree.name


def _wins_within(codes: list[Code], possible: list[Code], guess: Code, guesses: int) -> bool:
    """Whether `guess` then the best guesses break every code of `possible` within `guesses`
    guesses, worked out by trying every guess at every turn."""
    parts: dict[Feedback, list[Code]] = {}
    for code in possible:
        parts.setdefault(feedback(code, guess), []).append(code)
    return all(score.black == len(guess) or (guesses > 1 and any(_wins_within(codes, part, then, guesses - 1) for then in codes))
               for score, part in parts.items())


def test_hal9000_with_three_guesses_left_plays_one_that_breaks_every_code_in_three():
    """Three pegs of five colours (no book), one guess made of four: thirty codes are left, and a
    guess that breaks each within the three guesses left exists; HAL9000 plays one such, not the
    one that would be best with more guesses to spend."""
    config = Config(pegs=3, colors=5, max_guesses=4)
    letters = config.letters
    guess, secret = letters[0] + letters[4] + letters[3], letters[4] + letters[1] + letters[2]
    codes = list(Code.all(config))
    history = [(guess, feedback(Code(secret), Code(guess)))]
    possible = [code for code in codes if feedback(code, Code(guess)) == history[0][1]]
    assert len(possible) == 30
    played = HAL9000(config, random.Random(0)).next_guess(history)
    assert _wins_within(codes, possible, played, 3)
