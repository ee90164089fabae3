"""Race: whole matches over seeded secrets, points per guess and for failing, lowest total wins."""

from __future__ import annotations

import random
from typing import Any

import pytest

from mastermind import RACE, CodeError
from mastermind.match import Attempt, MoveError, Phase
from mastermind.players import SetupError
from mastermind.race import Race

from .matches import actor, misses, play


def breaks_in(race: Race, guesses: int) -> list[tuple[str, str, str]]:
    """Moves of the current player breaking their code with guess number `guesses`."""
    attempt = race.attempt
    assert attempt is not None and attempt.secret is not None
    tries = [*misses(race.config, attempt.secret, guesses - 1), str(attempt.secret)]
    return [("guess", attempt.breaker.name, guess) for guess in tries]


def fails(race: Race) -> list[tuple[str, str, str]]:
    """Moves of the current player using every guess without breaking their code."""
    attempt = race.attempt
    assert attempt is not None and attempt.secret is not None
    return [("guess", attempt.breaker.name, g) for g in misses(race.config, attempt.secret, race.config.max_guesses)]


def points(race: Race) -> list[int | None]:
    return [row.points for row in race.scores]


def test_two_rounds_points_per_guess_and_two_more_for_failing() -> None:
    race = Race(["SpongeBob", "Patrick"], 2, rng=random.Random(2024))
    assert (race.phase, actor(race).name, race.round, race.guesses_left) == (Phase.GUESS, "SpongeBob", 1, 8)
    race = play(race, breaks_in(race, 3))
    assert points(race) == [3, 0] and race.attempts[0].won
    assert (race.phase, actor(race).name, race.round) == (Phase.HANDOVER, "Patrick", 1)
    race = play(race, fails(race))
    assert points(race) == [3, 10] and race.attempts[1].lost  # 8 guesses + 2
    assert (race.phase, actor(race).name, race.round) == (Phase.HANDOVER, "SpongeBob", 2)
    race = play(race, breaks_in(race, 8))  # broken with the last guess: no penalty
    race = play(race, breaks_in(race, 1))
    assert points(race) == [11, 11]
    assert race.result is not None and race.result.tie and race.finished


def test_lowest_total_wins() -> None:
    race = Race(["Ann", "Bob"], 1, rng=random.Random(1))
    race = play(race, breaks_in(race, 4))
    race = play(race, breaks_in(race, 5))
    assert points(race) == [4, 5]
    assert race.result is not None and race.result.winner == "Ann"
    assert race.status == "Finished: Ann wins"


def test_player_one_finishes_their_code_before_player_two_starts() -> None:
    race = Race(["Ann", "Bob"], 3, rng=random.Random(3))
    order = []
    while not race.finished:
        attempt = race.attempt
        assert attempt is not None
        order.append((attempt.round, attempt.breaker.name))
        race = play(race, breaks_in(race, 2))
    assert order == [(1, "Ann"), (1, "Bob"), (2, "Ann"), (2, "Bob"), (3, "Ann"), (3, "Bob")]
    assert points(race) == [6, 6]


def test_secrets_are_drawn_by_the_computer_without_repeats_and_seeded() -> None:
    race = Race(["Ann", "Bob"], 10, rng=random.Random(9))
    again = Race(["Ann", "Bob"], 10, rng=random.Random(9))
    secrets = [attempt.secret for attempt in race.attempts]
    assert secrets == [attempt.secret for attempt in again.attempts]
    assert all(secret is not None and not secret.has_repeats for secret in secrets)
    assert len(set(secrets)) > 10  # each player, each round, a code of their own
    assert all(attempt.maker is None for attempt in race.attempts)
    assert race.config == RACE


def test_totals_are_shown_live_during_a_round() -> None:
    race = Race(["Ann", "Bob"], 1, rng=random.Random(4))
    secret = race.attempts[0].secret
    assert secret is not None
    for count, guess in enumerate(misses(race.config, secret, 7), start=1):
        race.guess("Ann", guess)
        assert points(race) == [count, 0] and race.guesses_left == 8 - count
    race.guess("Ann", misses(race.config, secret, 8)[-1])
    assert points(race) == [10, 0]


def test_guesses_with_repeated_colours_are_refused_for_free() -> None:
    race = Race(["Ann", "Bob"], 1, rng=random.Random(4))
    for guess, reason in [("RRYB", "Red is used twice"), ("RYB", "4 pegs"), ("RYBM", "M is not in the palette")]:
        with pytest.raises(CodeError, match=reason):
            race.guess("Ann", guess)
    assert race.history == () and points(race) == [0, 0]


def test_nobody_sets_a_secret_and_nobody_guesses_out_of_turn() -> None:
    race = Race(["Ann", "Bob"], 1, rng=random.Random(4))
    with pytest.raises(MoveError, match="Ann cannot set a secret now"):
        race.set_secret("Ann", "RYBG")
    with pytest.raises(MoveError, match="Bob cannot guess now; waiting for a guess from Ann"):
        race.guess("Bob", "RYBG")
    with pytest.raises(MoveError, match="Ann cannot press Ready now"):
        race.ready("Ann")


@pytest.mark.parametrize("rounds", [0, 11, -1, "0", "eleven", 1.5, None])
def test_rounds_outside_1_to_10_are_refused(rounds: object) -> None:
    with pytest.raises(SetupError) as refused:
        Race(["Ann", "Bob"], rounds)  # type: ignore[arg-type]  # a wrong type on purpose: its refusal is tested
    assert refused.value.key == "rounds"


@pytest.mark.parametrize("rounds", [1, 5, 10, "10"])
def test_rounds_accepted(rounds: object) -> None:
    assert Race(["Ann", "Bob"], rounds).rounds == int(rounds)  # type: ignore[arg-type, call-overload]  # a wrong type on purpose: its refusal is tested


@pytest.mark.parametrize(
    ("names", "field", "reason"),
    [
        (["x" * 51, "Bob"], "player-1-name", "too long"),
        (["Ann", ""], "player-2-name", "enter a name"),
        (["Ann", " ann "], "player-2-name", "ann is already in the game"),
        (["Ann"], "players", "2 players, not 1"),
    ],
)
def test_bad_names_are_refused(names: list[str], field: str, reason: str) -> None:
    with pytest.raises(SetupError, match=reason) as refused:
        Race(names, 1)
    assert refused.value.key == field


def test_a_race_against_a_computer_player_needs_no_hand_over() -> None:
    race = Race(["Ann", "HAL9000"], 1, rng=random.Random(8))
    race = play(race, breaks_in(race, 2))
    assert race.phase is Phase.GUESS and actor(race).computer  # the driver feeds HAL9000's guesses
    race = play(race, breaks_in(race, 3))
    assert race.result is not None and race.result.winner == "Ann"


def test_resume_keeps_the_secrets() -> None:
    race = Race(["Ann", "Bob"], 2, rng=random.Random(11))
    race = play(race, breaks_in(race, 2))  # play() reloads after every move
    assert [a.secret for a in race.attempts] == [a.secret for a in Race(["Ann", "Bob"], 2, rng=random.Random(11)).attempts]


def test_a_damaged_save_is_refused() -> None:
    race = Race(["Ann", "Bob"], 1, rng=random.Random(11))
    damage: dict[str, Any]
    for damage in ({"rounds": 11}, {"mode": "duel"}, {"games": [{"secret": None, "guesses": []}] * 2}):
        with pytest.raises(ValueError, match="not a saved race"):
            Race.from_dict({**race.to_dict(), **damage})
    data = race.to_dict()
    data["games"][0]["secret"] = "RRYB"
    with pytest.raises(ValueError, match="Red is used twice"):
        Race.from_dict(data)


def test_attempt_reads_well_in_a_debugger() -> None:
    race = Race(["Ann", "Bob"], 1, rng=random.Random(11))
    assert isinstance(race.attempt, Attempt)
    assert repr(race.attempt) == "<Attempt round 1: computer -> Ann, 0 guesses>"


def test_a_race_resumes_with_its_own_rules_players_rounds_and_codes():
    from mastermind import Config

    config = Config(pegs=3, colors=5, max_guesses=4, allow_duplicates=False)
    race = Race(["Ann", "HAL9000"], rounds=3, config=config, rng=random.Random(4))
    race.guess("Ann", "BGO")
    back = Race.from_dict(race.to_dict())
    assert back.config == config and back.rounds == 3 and [p.name for p in back.players] == ["Ann", "HAL9000"]
    assert [a.secret for a in back.attempts] == [a.secret for a in race.attempts]
    assert back.to_dict() == race.to_dict()
