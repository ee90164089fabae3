"""The engine's edges that the other tests leave open: a count that lands exactly on its limit,
hints and reviews that stay the same in a game with no book (where HAL9000's seed decides), the
plan's tree against its own first guess and under symmetry, and how the page's loop is handed
control."""

from __future__ import annotations

from mastermind import Code, Config, Feedback, feedback
from mastermind.solver import finish
from mastermind.solver.assist import Count, hint, still_possible
from mastermind.solver.clock import run_async
from mastermind.solver.plan import Planner
from mastermind.solver.skill import review
from mastermind.solver.space import CodeSpace

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


def test_a_symmetric_plan_opens_with_the_smallest_of_equivalent_guesses_whatever_their_order():
    space = CodeSpace.of(Config(pegs=2, colors=3))
    codes = list(space.all_digits())
    cost, tree = finish(Planner(space, codes, codes[::-1], symmetric=True).plan(6))
    assert cost == 21
    assert tree is not None and tree[0] == "01"


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
