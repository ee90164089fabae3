"""The shipped strategy trees, walked for every secret: each secret is won by the tree, and the
stored total and worst case are what the walk finds (a changed leaf or guess cannot hide)."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from mastermind import Config
from mastermind.solver.space import CodeSpace
from mastermind.solver.strategy import Strategy


def key_pegs(secret: str, guess: str) -> str:
    """Black then white, as the tree writes them (an independent count, not the package's)."""
    black = sum(s == g for s, g in zip(secret, guess, strict=False))
    common = sum((Counter(secret) & Counter(guess)).values())
    return f"{black}{common - black}"


def guesses_to_win(tree, secret: str) -> int:
    node, guesses = tree, 0
    while True:
        guesses += 1
        if isinstance(node, str):
            assert node == secret, f"the tree's last guess {node} is not the secret {secret}"
            return guesses
        guess, children = node
        if guess == secret:
            return guesses
        node = children[key_pegs(secret, guess)]


@pytest.mark.parametrize(
    "config, total, worst",
    [
        (Config(pegs=4, colors=6, allow_duplicates=True), 5626, 5),
        (Config(pegs=4, colors=6, allow_duplicates=False), 1446, 5),
    ],
    ids=["4x6", "4x6-norepeat"],
)
def test_the_tree_wins_every_secret_with_its_stored_total_and_worst(config, total, worst):
    strategy = Strategy.of(CodeSpace.of(config))
    assert strategy is not None
    digits = "".join(map(str, range(len(config.colors))))
    secrets = (
        itertools.product(digits, repeat=config.pegs)
        if config.allow_duplicates
        else itertools.permutations(digits, config.pegs)
    )
    counts = [guesses_to_win(strategy.tree, "".join(secret)) for secret in secrets]
    assert (sum(counts), max(counts)) == (strategy.total, strategy.worst) == (total, worst)
