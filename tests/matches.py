"""Helpers for the multiplayer-mode tests: play scripted moves, check that saving loses nothing."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, TypeVar

from mastermind import Code, Config
from mastermind.match import Attempt, Match, Phase
from mastermind.modes import load_match
from mastermind.players import Player

M = TypeVar("M", bound=Match)


def snapshot(match: Match) -> tuple[Any, ...]:
    """Everything a driver can see of a match."""
    attempt = match.attempt
    return (
        match.phase, match.player, match.round, match.history, match.guesses_left,
        match.scores, match.result, match.status, attempt.breaker if attempt else None,
    )


def resumed(match: M, **context: Any) -> M:
    """`match` saved as JSON text and loaded again; asserts nothing visible changed."""
    again = load_match(json.loads(json.dumps(match.to_dict())), **context)
    assert isinstance(again, type(match)) and type(again) is type(match)
    assert again.to_dict() == match.to_dict()
    assert snapshot(again) == snapshot(match)
    return again


def play(match: M, moves: Iterable[tuple[str, str, str]], **context: Any) -> M:
    """Play ``(move, name, code)`` steps ("secret" or "guess"), pressing Ready for each hand-over
    on the way, and check after every move that a save and reload would resume the same match.
    Returns the match, which is the reloaded one: play continues from what was saved."""
    for move, name, code in moves:
        if match.phase is Phase.HANDOVER:
            assert match.player is not None and match.player.name == name, match.status
            match.ready(name)
        if move == "secret":
            match.set_secret(name, code)
        else:
            match.guess(name, code)
        match = resumed(match, **context)
    return match


def actor(match: Match) -> Player:
    """Who must act now in `match`, which is not over."""
    assert match.player is not None, match.status
    return match.player


def current(match: Match) -> Attempt:
    """The attempt being played now in `match`, which is not over."""
    assert match.attempt is not None, match.status
    return match.attempt


def misses(config: Config, secret: Code, count: int) -> list[str]:
    """`count` legal codes of `config` that are not `secret`, to script a breaker who misses."""
    codes = [str(code) for code in Code.all(config) if code != secret]
    return codes[:count]


def first_consistent(history: Iterable[tuple[Code, Any]], config: Config) -> Code:
    """The first code of `config` that fits all the feedback so far: a legal, simple breaker."""
    from mastermind import feedback

    turns = list(history)
    return next(code for code in Code.all(config) if all(feedback(code, guess) == fb for guess, fb in turns))
