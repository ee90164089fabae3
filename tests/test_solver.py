"""The codebreaking engine: HAL9000's strength, VIKI's consistency, the rules every guess keeps, and
the search machinery under them, checked against brute force on small games."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mastermind import Code, CodeError, Config, Feedback, feedback
from mastermind.solver import (
    COMPUTER_PLAYERS,
    NoCodeFitsError,
    codebreaker,
    finish,
    run_async,
    solve,
)
from mastermind.solver.clock import paced
from mastermind.solver.constraints import Constraints
from mastermind.solver.hal import opening
from mastermind.solver.plan import INFEASIBLE, Planner
from mastermind.solver.space import CodeSpace
from mastermind.solver.strategy import Strategy

from .strategies import code_pairs, codes, configs

CLASSIC = Config()


def play(player: str, config: Config, secret: Code, seed: int = 1, limit: int = 60) -> list[tuple[Code, Feedback]]:
    """A whole game of `player` against `secret`, checking every guess against the rules."""
    breaker = codebreaker(player, config, random.Random(seed))
    history: list[tuple[Code, Feedback]] = []
    while not history or history[-1][1].black < config.pegs:
        guess = breaker.next_guess(history)
        assert Code.parse(str(guess), config) == guess  # right length, palette, repeats
        history.append((guess, feedback(secret, guess)))
        assert len(history) <= limit, f"{player} is stuck on {secret}: {history}"
    return history


def fits(code: Code, history: list[tuple[Code, Feedback]]) -> bool:
    return all(feedback(code, guess) == result for guess, result in history)


# HAL9000 on the classic game.


def test_hal_breaks_every_classic_secret_within_five_guesses_averaging_the_optimum():
    lengths = Counter(len(play("HAL9000", CLASSIC, secret)) for secret in Code.all(CLASSIC))
    total = sum(length * count for length, count in lengths.items())
    assert sum(lengths.values()) == 1296
    assert max(lengths) <= 5
    assert total / 1296 <= 4.40
    assert total == Strategy.of(CodeSpace.of(CLASSIC)).total == 5626  # Koyama & Lai's optimum within five


def test_hal_breaks_every_code_without_repeats_within_five_guesses():
    config = Config(allow_duplicates=False)
    lengths = [len(play("HAL9000", config, secret)) for secret in Code.all(config)]
    assert max(lengths) <= 5
    assert sum(lengths) / len(lengths) <= 4.1


def test_the_tree_does_not_depend_on_the_colour_names():
    tournament = Config(colors=["Red", "Green", "Blue", "Yellow", "White", "Black"], max_guesses=10)
    lengths = [len(play("HAL9000", tournament, Code(secret))) for secret in ("RRRR", "KWYB", "GBKK", "WWRY")]
    assert max(lengths) <= 5


@pytest.mark.parametrize("first", ["RRRR", "BGOP", "YYBB"])
def test_hal_recovers_when_a_person_left_its_tree(first):
    """Solver assist asks HAL for a hint after a person's own guesses: it searches instead (ten
    secrets per first guess: each game takes the same paths, listing, ranking, planning)."""
    rng = random.Random(first)
    for secret in rng.sample(list(Code.all(CLASSIC)), 10):
        history = [(Code(first), feedback(secret, first))]
        if history[0][1].black == 4:
            continue
        breaker = codebreaker("HAL9000", CLASSIC, random.Random(0))
        while history[-1][1].black < 4:
            guess = breaker.next_guess(history)
            history.append((guess, feedback(secret, guess)))
        assert len(history) <= 7


def test_hal_is_deterministic_for_a_seed():
    config = Config(pegs=5, colors=8)
    assert solve("RBYRG", config, rng=random.Random(4)) == solve("RBYRG", config, rng=random.Random(4))


# Bigger games: played well, without listing the space.


@pytest.mark.parametrize(
    ("pegs", "colors", "repeats", "at_most"),
    [(5, 8, True, 9), (6, 9, True, 10), (6, 10, True, 10), (6, 10, False, 10), (8, 10, True, 12)],
)
def test_hal_breaks_big_games(pegs, colors, repeats, at_most):
    config = Config(pegs=pegs, colors=colors, allow_duplicates=repeats)
    secret = Code.random(config, random.Random(pegs * colors))
    assert len(play("HAL9000", config, secret)) <= at_most


def test_viki_is_weaker_than_hal():
    viki = sum(len(play("VIKI", CLASSIC, secret, seed=8)) for secret in Code.all(CLASSIC))
    assert 4.5 < viki / 1296 < 5.0  # random consistent guesses: about 4.6


# Every player, every config.


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), configs(max_pegs=4), st.sampled_from(COMPUTER_PLAYERS), st.integers(0, 2**16))
def test_every_guess_keeps_the_config_and_the_game_ends_with_the_secret(data, config, player, seed):
    secret = data.draw(codes(config))
    guesses = solve(secret, config, player, random.Random(seed))
    assert guesses[-1] == secret
    assert guesses.count(secret) == 1
    for guess in guesses:
        assert Code.parse(str(guess), config) == guess


@settings(max_examples=40, deadline=None)
@given(st.data(), configs(max_pegs=5), st.integers(0, 2**16))
def test_viki_guesses_fit_all_earlier_feedback(data, config, seed):
    secret = data.draw(codes(config))
    history = play("VIKI", config, secret, seed, limit=config.size)
    for turn, (guess, _) in enumerate(history):
        assert fits(guess, history[:turn])


def test_viki_differs_from_hal_and_follows_its_seed():
    config = Config(pegs=5, colors=8)
    viki = [solve("RBYRG", config, "VIKI", random.Random(seed)) for seed in range(4)]
    assert viki[0] == solve("RBYRG", config, "VIKI", random.Random(0))
    assert len({tuple(game) for game in viki}) > 1
    assert any(game != solve("RBYRG", config) for game in viki)


def test_solve_defaults_to_hal_on_the_classic_game():
    guesses = solve("rbyr")
    assert guesses[-1] == Code("RBYR") and len(guesses) <= 5
    assert solve(Code("RBYR")) == guesses


def test_solve_checks_the_secret():
    with pytest.raises(CodeError, match="not in the palette"):
        solve("RBXR")
    with pytest.raises(CodeError, match="colours may not repeat"):
        solve("RBYR", Config(allow_duplicates=False))


@pytest.mark.parametrize("name", ["Deep Thought", "hal9000", "", None])
def test_an_unknown_player_is_refused(name):
    with pytest.raises(ValueError, match=r"unknown computer player .* HAL9000 and VIKI"):
        codebreaker(name, CLASSIC)


@pytest.mark.parametrize("player", COMPUTER_PLAYERS)
def test_a_broken_code_has_no_next_guess(player):
    with pytest.raises(ValueError, match=r"^the code is already broken; there is no next guess$"):
        codebreaker(player, CLASSIC).next_guess([("RBYR", Feedback(4, 0))])


@pytest.mark.parametrize("player", COMPUTER_PLAYERS)
def test_a_guess_the_config_does_not_allow_is_refused_by_name(player):
    no_repeats = Config(allow_duplicates=False)
    with pytest.raises(ValueError, match=r"^the history holds a guess this config does not allow$"):
        codebreaker(player, no_repeats).next_guess([("RRBY", Feedback(1, 0))])


@pytest.mark.parametrize("player", COMPUTER_PLAYERS)
def test_feedback_that_contradicts_itself_is_refused(player):
    history = [("RBYR", Feedback(1, 1)), ("GOPP", Feedback(0, 0)), ("RBYR", Feedback(0, 2))]
    with pytest.raises(NoCodeFitsError, match=r"^no code fits all the feedback so far$"):
        codebreaker(player, CLASSIC).next_guess(history)


@pytest.mark.parametrize("guess", ["RBY", "RBXR"])
def test_a_guess_outside_the_config_is_refused(guess):
    with pytest.raises(ValueError, match=r"pegs|palette"):
        codebreaker("HAL9000", CLASSIC).next_guess([(guess, Feedback(0, 0))])


def test_a_history_of_turns_is_accepted():
    from mastermind import Game

    game = Game(CLASSIC, secret="RBYR")
    breaker = codebreaker("HAL9000", CLASSIC)
    while not game.over:
        game.guess(breaker.next_guess(game.history))
    assert game.won and game.guesses_made <= 5


# Thinking in slices.


BIG = Config(pegs=6, colors=10)
BIG_HISTORY = [("BBGGOP", Feedback(1, 1)), ("KWMOWP", Feedback(2, 1))]


def think_through(thinking):
    """Step a thinking generator to its end: (how many times it handed back, its result)."""
    slices = 0
    while True:
        try:
            assert next(thinking) is None
            slices += 1
        except StopIteration as done:
            return slices, done.value


def test_think_hands_back_control_while_searching():
    thinker = codebreaker("HAL9000", BIG, random.Random(5))
    thinker.slice_seconds = 0.0  # hand back at every tick of the search
    slices, guess = think_through(thinker.think(BIG_HISTORY))
    assert slices > 10
    assert Code.parse(str(guess), BIG) == guess


@pytest.mark.parametrize("player", COMPUTER_PLAYERS)
def test_think_returns_the_guess_of_next_guess(player):
    thinker = codebreaker(player, BIG, random.Random(5))
    thinker.slice_seconds = 0.0
    _, guess = think_through(thinker.think(BIG_HISTORY))
    assert guess == codebreaker(player, BIG, random.Random(5)).next_guess(BIG_HISTORY)


def test_paced_hands_back_once_per_slice():
    now = [0.0]

    def work():
        for _ in range(10):
            now[0] += 0.01  # every tick costs 10 ms
            yield None
        return "guess"

    thinking = paced(work(), slice_seconds=0.025, clock=lambda: now[0])
    handed_back = 0
    with pytest.raises(StopIteration) as done:
        while True:
            next(thinking)
            handed_back += 1
    assert done.value.value == "guess"
    assert handed_back == 3  # at 30, 60 and 90 ms


@pytest.mark.cpython_only(reason="asyncio.run needs WebAssembly stack switching, which Node 20 lacks (the page's loop is PyScript's)")
def test_run_async_gives_the_same_guess():
    import asyncio

    history = [("BBGO", Feedback(1, 1))]
    guess = asyncio.run(run_async(codebreaker("HAL9000", CLASSIC).think(history)))
    assert guess == codebreaker("HAL9000", CLASSIC).next_guess(history)


# The machinery, against brute force.


@given(code_pairs())
def test_one_popcount_gives_the_feedback(case):
    config, secret, guess = case
    space = CodeSpace.of(config)
    assert space.feedback(space.score(space.digits(secret), space.digits(guess))) == feedback(secret, guess)


@settings(max_examples=60, deadline=None)
@given(st.data(), configs(max_pegs=4), st.integers(0, 3))
def test_the_constraint_search_finds_exactly_the_codes_that_fit(data, config, guesses):
    secret = data.draw(codes(config))
    history = [(guess, feedback(secret, guess)) for guess in data.draw(st.lists(codes(config), max_size=guesses))]
    space = CodeSpace.of(config)
    expected = sorted(str(code) for code in Code.all(config) if fits(code, history))
    rules = Constraints(space, history)
    found = sorted(str(space.code(digits)) for digits in rules.codes())
    assert found == expected
    assert rules.bound >= len(found)
    assert finish(rules.count(10_000)) == len(expected)
    sample = finish(rules.sample(random.Random(1), 5))
    assert len(set(sample)) == len(sample) <= 5
    assert {str(space.code(digits)) for digits in sample} <= set(expected)


def test_counting_stops_at_its_limit():
    config = Config(pegs=6, colors=10)
    history = [("BBGGOP", Feedback(0, 1))]
    space = CodeSpace.of(config)
    assert finish(Constraints(space, history).count(500)) == 501
    assert finish(Constraints(space, []).count(500)) == 501
    assert finish(Constraints(CodeSpace.of(CLASSIC), []).count(10_000)) == 1296


def test_the_opening_keeps_the_config():
    for config in (CLASSIC, Config(allow_duplicates=False), Config(pegs=6, colors=10), Config(pegs=1, colors=2)):
        guess = CodeSpace.of(config).code(opening(CodeSpace.of(config)))
        assert Code.parse(str(guess), config) == guess
    assert str(CodeSpace.of(CLASSIC).code(opening(CodeSpace.of(CLASSIC)))) == "BBGO"  # AABC, as Irving's


def brute_force_cost(config: Config) -> int:
    """The fewest guesses over all secrets any strategy needs, by plain exhaustive search."""
    all_codes = [str(code) for code in Code.all(config)]

    @cache
    def cost(possible: frozenset[str], depth: int) -> int:
        if len(possible) == 1:
            return 1
        if depth == 0:
            return INFEASIBLE
        best = INFEASIBLE
        for guess in all_codes:
            parts: dict[Feedback, set[str]] = {}
            for code in possible:
                if code != guess:
                    parts.setdefault(feedback(code, guess), set()).add(code)
            if len(parts) == 1 and guess not in possible:
                continue
            best = min(best, len(possible) + sum(cost(frozenset(part), depth - 1) for part in parts.values()))
        return best

    return cost(frozenset(all_codes), 6)


@pytest.mark.parametrize("config", [Config(pegs=2, colors=3), Config(pegs=3, colors=2), Config(pegs=2, colors=4),
                                    Config(pegs=3, colors=3, allow_duplicates=False)])
def test_the_planner_finds_the_optimal_strategy(config):
    space = CodeSpace.of(config)
    all_digits = list(space.all_digits())
    cost, tree = finish(Planner(space, all_digits, all_digits, symmetric=True).plan(6))
    assert cost == brute_force_cost(config)
    strategy = Strategy({"format": 1, "pegs": config.pegs, "colors": len(config.colors),
                         "allow_duplicates": config.allow_duplicates, "total": cost, "worst": 0, "tree": tree})
    played = 0
    for secret in all_digits:
        history: list[tuple[tuple[int, ...], int, int]] = []
        while not history or history[-1][0] != secret:
            guess = strategy.move(history)
            black, white = space.feedback(space.score(secret, guess))
            history.append((guess, black, black + white))
        played += len(history)
    assert played == cost


def test_the_planner_says_when_the_guesses_are_too_few():
    space = CodeSpace.of(Config(pegs=3, colors=3))
    all_digits = list(space.all_digits())
    assert finish(Planner(space, all_digits, all_digits).plan(2)) == (INFEASIBLE, None)
    assert finish(Planner(space, all_digits, all_digits).first_guess(2)) == (INFEASIBLE, None)


def test_the_shipped_trees_are_well_formed():
    # The trees open as the computed opening does: AABC with repeats, ABCD without.
    for config, first in ((CLASSIC, (0, 0, 1, 2)), (Config(allow_duplicates=False), (0, 1, 2, 3))):
        space = CodeSpace.of(config)
        strategy = Strategy.of(space)
        assert strategy is not None
        assert (strategy.pegs, strategy.colours, strategy.allow_duplicates) == (4, 6, config.allow_duplicates)
        assert strategy.worst <= 5
        assert strategy.move([]) == opening(space) == first
    assert Strategy.of(CodeSpace.of(Config(pegs=7, colors=8))) is None


def test_a_history_off_the_tree_gets_no_move_from_it():
    strategy = Strategy.of(CodeSpace.of(CLASSIC))
    first = strategy.move([])
    assert strategy.move([((5, 5, 5, 5), 0, 0)]) is None
    assert strategy.move([(first, 0, 0)]) is not None


def test_a_strategy_of_another_format_is_refused():
    with pytest.raises(ValueError, match="format"):
        Strategy(json.loads('{"format": 99}'))


def test_every_code_fits_nothing_but_its_own_win():
    space = CodeSpace.of(CLASSIC)
    for digits in itertools.islice(space.all_digits(), 0, 1296, 97):
        assert space.score(digits, digits) == space.win
