"""Property tests: any sequence of moves, good or bad, in any mode keeps a match consistent."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from mastermind import Code, CodeError
from mastermind.duel import Duel
from mastermind.match import Match, MoveError, Phase
from mastermind.race import Race
from mastermind.registry import Registry
from mastermind.tournament import Tournament

from .matches import resumed, snapshot

PEOPLE = ["Ann", "Bob", "Cy", "Dee"]


@st.composite
def matches(draw: st.DrawFn) -> tuple[Match, Registry]:
    registry = Registry()
    for name in PEOPLE:
        registry.register(name)
    rng = random.Random(draw(st.integers(0, 2**32)))
    mode = draw(st.sampled_from(["duel", "race", "tournament"]))
    pool = [*PEOPLE, "HAL9000", "VIKI"]
    count = 2 if mode != "tournament" else draw(st.integers(2, 4))
    names = draw(st.permutations(pool))[:count]
    if mode == "duel":
        return Duel(names, draw(st.sampled_from([2, 4])), rng=rng), registry
    if mode == "race":
        return Race(names, draw(st.integers(1, 3)), rng=rng), registry
    return Tournament(registry, names, draw(st.integers(5, 10)), rng=rng), registry


def expected_scores(match: Match) -> list[int | None]:
    """Each player's points worked out from the rule book, attempt by attempt."""
    points = {player.name: 0 for player in match.players}
    for a in match.attempts:
        allowed = match.config.max_guesses
        if isinstance(match, Duel):
            points[str(a.maker)] += a.guesses_made - a.won + a.lost
            points[a.breaker.name] += a.won
        elif isinstance(match, Race):
            points[a.breaker.name] += a.guesses_made + 2 * a.lost
        else:
            points[a.breaker.name] += allowed - a.guesses_made + 1 if a.won else 0
            points[str(a.maker)] += a.guesses_made - 1 if a.over else 0
    scored = not isinstance(match, Tournament)
    return [points[p.name] if scored or not p.computer else None for p in match.players]


@settings(max_examples=60, deadline=None)
@given(matches(), st.data())
def test_random_play_keeps_every_rule(setup: tuple[Match, Registry], data: st.DataObject) -> None:
    match, registry = setup
    before = {user.name: user.points for user in registry}
    codes = [str(code) for code in Code.all(match.config)]
    while not match.finished:
        phase, player = match.phase, match.player
        assert player is not None
        # A move by someone else, or of the wrong kind, is refused and changes nothing.
        intruder = data.draw(st.sampled_from(match.players))
        if intruder != player or phase is not Phase.GUESS:
            seen = match.to_dict()
            try:
                match.guess(intruder.name, codes[0])
            except MoveError:
                assert match.to_dict() == seen
            else:
                raise AssertionError("a guess out of turn was taken")
        if phase is Phase.HANDOVER:
            assert not player.computer
            match.ready(player.name)
        elif phase is Phase.SECRET:
            assert not player.computer
            text = data.draw(st.sampled_from(codes) | st.text("RGBYWKPMO", max_size=5))
            try:
                match.set_secret(player.name, text)
            except CodeError:
                assert match.phase is Phase.SECRET
        else:
            attempt = match.attempt
            assert attempt is not None and attempt.breaker == player and not attempt.over
            made = attempt.guesses_made
            text = data.draw(st.sampled_from([*codes, str(attempt.secret)]) | st.text("RGBYWKPMO", max_size=5))
            try:
                assert match.guess(player.name, text) is attempt
            except CodeError:
                assert attempt.guesses_made == made
            else:
                assert attempt.guesses_made == made + 1
        assert [row.points for row in match.scores] == expected_scores(match)
        if data.draw(st.booleans()):
            match = resumed(match, registry=registry)
    assert all(attempt.over for attempt in match.attempts)
    result = match.result
    assert result is not None and match.status == f"Finished: {result}"
    ranked = [row for row in result.scores if row.points is not None]
    if result.winner is not None:
        best = (min if match.lower_wins else max)(row.points for row in ranked if row.points is not None)
        assert [row.name for row in ranked if row.points == best] == [result.winner]
    # Only a finished tournament credits the registry, exactly its users' points, once.
    gained = {user.name: user.points - before[user.name] for user in registry}
    if isinstance(match, Tournament):
        assert gained == {name: next((row.points for row in result.scores if row.name == name), 0) for name in gained}
    else:
        assert set(gained.values()) == {0}
    assert snapshot(resumed(match, registry=registry)) == snapshot(match)
