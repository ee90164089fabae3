"""The trees and opening books HAL9000 ships for the larger games: every branch walked, the totals
and worst cases they state checked against play, and HAL9000 following them.

Walking every secret of a 6-peg book plays a million games: the tests marked ``books`` do it in
`make books` (seconds, but minutes under mutmut's tracing), and the unit suite checks the same books
by a cheaper property, the paths of secrets Hypothesis draws."""

from __future__ import annotations

import gzip
import json
import random
from collections import Counter
from importlib import resources
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mastermind import Code, Config, Feedback, feedback
from mastermind.solver import codebreaker, finish
from mastermind.solver.breaker import Codebreaker
from mastermind.solver.constraints import Constraints
from mastermind.solver.hal import PLAN_LIMIT, SEARCHES, Search
from mastermind.solver.space import CodeSpace, Digits
from mastermind.solver.strategy import Strategy, child

from .strategies import codes

TREES = [
    # (config, the most guesses, the guesses over all secrets)
    (Config(pegs=5, colors=8), 7, 179_158),  # 5.467 on average
    (Config(pegs=5, colors=8, allow_duplicates=False), 7, 34_552),  # 5.142
]
BOOKS = [
    # (config, the most secrets it hands to the engine before a move, how many secrets the book's
    # move n wins, how many it hands to the engine after n moves): three moves, the third searched
    # as HAL9000 searches (replaced where the look-ahead judges one of its own cheaper),
    # then a move by look-ahead at every node of more secrets than that (tools/make_strategy.py,
    # tools/deep_book.py)
    (Config(pegs=6, colors=9), 100, Counter({"won 1": 1, "won 2": 10, "won 3": 234, "won 4": 1_672, "won 5": 1_707,
                                        "won 6": 1_251, "left 3": 112_334, "left 4": 353_635, "left 5": 60_597})),
    (Config(pegs=6, colors=10), 200, Counter({"won 1": 1, "won 2": 7, "won 3": 205, "won 4": 1_542, "won 5": 1_151,
                                              "won 6": 655, "left 3": 195_016, "left 4": 638_494,
                                              "left 5": 162_929})),
    (Config(pegs=6, colors=10, allow_duplicates=False), 60,
     Counter({"won 1": 1, "won 2": 5, "won 3": 160, "won 4": 1_130, "won 5": 975, "won 6": 610,
              "left 3": 33_238, "left 4": 89_774, "left 5": 25_307})),
]

DATA_LIMIT = 150_000
"""The most bytes a larger game's file may add to what the page loads (gzipped at level 6, as
``tools/serve.py`` serves it; GitHub Pages' gzip does about as well)."""


def walk(space: CodeSpace, node: Any, secrets: list[Digits], guesses: int = 1) -> Counter[int]:
    """How many guesses each of `secrets` takes down `node` (at guess number `guesses`), as a
    Counter of game lengths; checks on the way that the tree holds a move for every feedback a
    secret gives, and only those."""
    if node == 0 or isinstance(node, str):
        assert len(secrets) == 1, f"a leaf at guess {guesses} stands for {len(secrets)} codes"
        assert isinstance(node, int) or tuple(map(int, node)) == secrets[0]
        return Counter({guesses: 1})
    guess = tuple(map(int, node[0]))
    assert space.allows(guess)
    parts: dict[str, list[Digits]] = {}
    lengths: Counter[int] = Counter()
    for secret in secrets:
        if secret == guess:
            lengths[guesses] += 1
        else:
            black, white = space.feedback(space.score(secret, guess))
            parts.setdefault(f"{black}{white}", []).append(secret)
    assert set(parts) == set(node[1])
    for result, part in parts.items():
        lengths += walk(space, child(node[1], result), part, guesses + 1)
    return lengths


def name(config: Config) -> str:
    return f"{config.pegs}x{len(config.colors)}{'' if config.allow_duplicates else '-norepeat'}"


@pytest.mark.books
@pytest.mark.parametrize(("config", "most", "expected"), TREES, ids=[name(config) for config, _, _ in TREES])
def test_the_tree_breaks_every_secret_as_it_states(config, most, expected):
    space = CodeSpace.of(config)
    strategy = Strategy.of(space)
    assert strategy is not None and strategy.complete
    lengths = walk(space, strategy.tree, list(space.all_digits()))
    assert sum(lengths.values()) == config.size
    total = sum(length * count for length, count in lengths.items())
    assert (total, max(lengths)) == (strategy.total, strategy.worst)
    assert max(lengths) <= most
    assert total == expected


def book_ends(space: CodeSpace, node: Any, secrets: list[Digits], handed: int, depth: int = 0) -> Counter[str]:
    """Play `secrets` down a book from `node` (the guess number `depth` + 1): how many secrets
    the book's own move number n wins (``"won n"``) and how many leave it after n of its moves
    (``"left n"``). Checks on the way that every guess is a legal code, that the book holds a
    move for every feedback a secret gives there and only those, and that each node where the
    book stops states how many secrets come to it, at most `handed` where it hands them over
    before its move."""
    if node == 0 or isinstance(node, str):
        assert len(secrets) == 1 and (node == 0 or tuple(map(int, node)) == secrets[0]), "a leaf is the one code left"
        return Counter({f"won {depth + 1}": 1})
    if isinstance(node, int):
        assert node == len(secrets) > 1, "a hand-over to the engine states how many secrets come to it"
        assert node <= handed, "the book hands over only small nodes"
        return Counter({f"left {depth}": len(secrets)})
    guess, children = tuple(map(int, node[0])), node[1]
    assert len(guess) == space.pegs and space.allows(guess)
    if isinstance(children, int):
        assert children == len(secrets) > 0
        return Counter({f"left {depth + 1}": len(secrets)})
    ends: Counter[str] = Counter()
    parts: dict[str, list[Digits]] = {}
    key = space.key(guess)
    for secret, index in zip(secrets, map(int.bit_count, map(key.__and__, map(space.key, secrets))), strict=True):
        if index == space.win:
            ends[f"won {depth + 1}"] += 1
        else:
            black, white = space.feedback(index)
            parts.setdefault(f"{black}{white}", []).append(secret)
    assert set(parts) == set(children)
    for result, part in parts.items():
        ends += book_ends(space, child(children, result), part, handed, depth + 1)
    return ends


@pytest.mark.books
@pytest.mark.parametrize(("config", "handed", "ends"), BOOKS, ids=[name(config) for config, _, _ in BOOKS])
def test_every_branch_of_an_opening_book_is_a_legal_move_for_its_secrets(config, handed, ends):
    space = CodeSpace.of(config)
    book = Strategy.of(space)
    assert book is not None and not book.complete and book.total is None
    found = book_ends(space, book.tree, list(space.all_digits()), handed)
    assert found == ends
    assert sum(found.values()) == config.size


def left_after(space: CodeSpace, history: list[tuple[Code, Feedback]], most: int) -> int:
    """How many codes fit `history`, counting at most `most` + 1, by the constraint search (held to
    brute force in test_solver.py)."""
    return finish(Constraints(space, history).count(most))


@pytest.mark.parametrize(("config", "handed"), [(config, handed) for config, handed, _ in BOOKS],
                         ids=[name(config) for config, _, _ in BOOKS])
@given(data=st.data())
def test_a_secrets_path_down_a_book_is_legal_and_each_count_it_states_is_what_the_feedback_leaves(config, handed, data):
    """The unit suite's check of the books: the path of one secret, where `make books` walks them
    all. Every guess is a legal code, the book has a move for each feedback the secret gives, and
    where the book stops, the count it states is the number of codes the feedback so far leaves."""
    space = CodeSpace.of(config)
    book = Strategy.of(space)
    assert book is not None and not book.complete
    secret = data.draw(codes(config))
    history: list[tuple[Code, Feedback]] = []
    node = book.tree
    while isinstance(node, list) and isinstance(node[1], dict):
        guess = space.code(tuple(map(int, node[0])))
        assert Code.parse(str(guess), config) == guess
        history.append((guess, feedback(secret, guess)))
        if guess == secret:
            return
        result = history[-1][1]
        found = child(node[1], f"{result.black}{result.white}")
        assert found is not None, f"the book has no move after {history}"
        node = found
    if isinstance(node, list):  # [guess, count]: `count` secrets come to the guess, then the engine searches
        guess, stated = space.code(tuple(map(int, node[0]))), node[1]
        assert Code.parse(str(guess), config) == guess
    else:  # the one code left (0 or its digits), or a hand-over of `node` codes before a move
        stated = node if isinstance(node, int) and node > 0 else 1
        assert isinstance(node, int) or space.code(tuple(map(int, node))) == secret
        assert node == 0 or isinstance(node, str) or 1 < node <= handed
    assert left_after(space, history, stated) == stated


@pytest.mark.parametrize("config", [config for config, _, _ in TREES] + [config for config, _, _ in BOOKS], ids=name)
def test_hal_follows_the_shipped_moves(config):
    space = CodeSpace.of(config)
    strategy = Strategy.of(space)
    rng = random.Random(str(config))
    for _ in range(3):
        secret = Code.random(config, rng)
        breaker = codebreaker("HAL9000", config, random.Random(0))
        history: list = []
        for _ in range(2 if strategy.complete else 6):  # a book: all its moves
            planned = strategy.move([(space.digits(g), f.black, f.black + f.white) for g, f in history])
            if planned is None:
                assert not strategy.complete and len(history) >= 3
                break
            guess = breaker.next_guess(history)
            assert space.digits(guess) == planned
            history.append((guess, feedback(secret, guess)))
            if history[-1][1].black == config.pegs:
                break


def book_game(space: CodeSpace, secret: Code) -> list[tuple[Code, Feedback]]:
    """The moves the shipped book plays against `secret`, with their feedback, until it hands over."""
    book = Strategy.of(space)
    assert book is not None
    game: list[tuple[Code, Feedback]] = []
    while (guess := book.move([(space.digits(code), result.black, result.black + result.white) for code, result in game])) is not None:
        game.append((space.code(guess), feedback(secret, space.code(guess))))
    return game


def test_a_book_hands_over_to_the_search_where_it_stops():
    config = Config(pegs=6, colors=10)
    space = CodeSpace.of(config)
    secret = Code.random(config, random.Random(3))
    game = book_game(space, secret)
    assert len(game) >= 3
    searched = codebreaker("HAL9000", config, random.Random(0)).next_guess(game)
    assert Code.parse(str(searched), config) == searched


def guesses_after(breaker: Codebreaker, history: list, secrets: list[Digits]) -> int:
    """The guesses `breaker` takes after `history` to break each of `secrets`, in total."""
    space = breaker.space
    guess = breaker.next_guess(history)
    parts: dict[Any, list[Digits]] = {}
    for secret in secrets:
        result = feedback(space.code(secret), guess)
        if result.black < space.pegs:
            parts.setdefault(result, []).append(secret)
    return len(secrets) + sum(guesses_after(breaker, [*history, (guess, result)], part)
                              for result, part in parts.items())


def test_after_a_6_peg_book_hal_plans_the_whole_end_game(monkeypatch):
    config = Config(pegs=6, colors=9)
    space = CodeSpace.of(config)
    history = book_game(space, Code.random(config, random.Random(1094)))
    possible = list(Constraints(space, history).codes())
    assert PLAN_LIMIT < len(possible) <= SEARCHES["6x9.json"].plan_limit  # planned here, not by default
    shipped = SEARCHES["6x9.json"]
    totals = []
    for search in (shipped, Search(plan_limit=shipped.plan_limit), Search()):
        monkeypatch.setitem(SEARCHES, "6x9.json", search)
        totals.append(guesses_after(codebreaker("HAL9000", config, random.Random(0)), history, possible))
    # Measured on this node: planning with 6 guesses per position breaks its 46 codes in 119
    # guesses, with 3 in 121, and the entropy choice (no plan from 46 codes) in 122.
    assert totals[0] < totals[1] < totals[2]


@pytest.mark.parametrize("config", [config for config, _, _ in TREES] + [config for config, _, _ in BOOKS], ids=name)
def test_a_larger_games_file_adds_at_most_150_kb_gzipped(config):
    text = (resources.files("mastermind") / "data" / f"{name(config)}.json").read_bytes()
    assert len(gzip.compress(text, 6)) <= DATA_LIMIT


def test_a_count_in_a_book_hands_the_game_to_the_search():
    book = Strategy({"format": 1, "pegs": 4, "colors": 6, "allow_duplicates": True, "total": None, "worst": None,
                     "tree": ["0011", {"00": 7, "10": ["2233", 5], "30": 0}]})
    assert book.move([]) == (0, 0, 1, 1)
    assert book.move([((0, 0, 1, 1), 1, 1)]) == (2, 2, 3, 3)
    assert book.move([((0, 0, 1, 1), 0, 0)]) is None  # seven secrets: the engine searches
    assert book.move([((0, 0, 1, 1), 3, 3)]) is None  # the one code left
    assert book.move([((0, 0, 1, 2), 0, 0)]) is None  # left the book


def test_solo_hints_come_from_the_same_book():
    from mastermind.solver import finish
    from mastermind.solver.assist import hint

    config = Config(pegs=5, colors=8)
    space = CodeSpace.of(config)
    assert space.digits(finish(hint(config, []))) == Strategy.of(space).move([])


def test_the_page_fetches_a_larger_games_book_only_for_that_game_and_once(page_package):
    strategy = page_package
    six_nine = CodeSpace.of(Config(pegs=6, colors=9))
    assert strategy.wanted(CodeSpace.of(Config())) is None  # in the zip
    assert strategy.wanted(CodeSpace.of(Config(pegs=7, colors=8))) is None  # no file at all
    assert strategy.wanted(six_nine) == "data/6x9.json"
    assert strategy.Strategy.of(six_nine) is None  # not fetched (yet): HAL searches
    assert codebreaker("HAL9000", Config(pegs=6, colors=9)).next_guess([]) is not None

    text = (resources.files("mastermind") / "data" / "6x9.json").read_text()
    strategy.provide("data/6x9.json", text)
    assert strategy.wanted(six_nine) is None
    book = strategy.Strategy.of(six_nine)
    assert book is not None and book.move([]) == tuple(map(int, json.loads(text)["tree"][0]))
    assert strategy.Strategy.of(six_nine) is book and strategy.wanted(six_nine) is None  # read once
    assert strategy.wanted(CodeSpace.of(Config(pegs=5, colors=8))) == "data/5x8.json"


def test_only_a_listed_file_is_handed_over(page_package):
    with pytest.raises(ValueError, match="not an on-demand data file"):
        page_package.provide("data/4x6.json", "{}")
