"""Computer players in every mode, driven by the codebreaking engine through normal moves."""

from __future__ import annotations

import random
from collections.abc import Generator, Sequence

import pytest

from mastermind import Code, Config, Turn
from mastermind.autoplay import Autoplay
from mastermind.duel import Duel
from mastermind.match import MoveError, Phase
from mastermind.race import Race
from mastermind.registry import Registry
from mastermind.tournament import Tournament

from .matches import actor, current, first_consistent, resumed


def test_hal9000_against_viki_plays_a_whole_duel_by_itself() -> None:
    duel = Duel(["HAL9000", "VIKI"], 4, rng=random.Random(1))
    assert duel.phase is Phase.GUESS  # both players' codes are drawn: no hidden entry, no hand-over
    played = Autoplay(random.Random(2)).run(duel)
    assert duel.finished and played == sum(attempt.guesses_made for attempt in duel.attempts)
    for attempt in duel.attempts:
        assert all(not turn.guess.has_repeats for turn in attempt.history)  # the duel forbids repeats
        assert attempt.won or attempt.lost
    assert duel.result is not None


def test_a_person_against_hal9000_in_a_duel() -> None:
    duel = Duel(["Ann", "hal9000"], 2, rng=random.Random(3))
    robot = Autoplay(random.Random(4))
    assert robot.run(duel) == 0  # Ann sets her code first
    duel.set_secret("Ann", "RGBP")
    assert duel.phase is Phase.GUESS and actor(duel).name == "HAL9000" and duel.status.endswith("HAL9000")
    robot.run(duel)
    assert duel.attempts[0].won  # HAL9000 breaks any duel code within its 6 guesses
    assert duel.phase is Phase.GUESS and actor(duel).name == "Ann"  # HAL9000's code for Ann is set
    with pytest.raises(MoveError, match="no computer player's guess is due: Waiting for a guess from Ann"):
        robot.guess(duel)
    duel.guess("Ann", str(duel.attempts[1].secret))
    assert duel.finished


def test_race_between_a_person_and_viki() -> None:
    race = Race(["Ann", "VIKI"], 2, rng=random.Random(5))
    robot = Autoplay(random.Random(6))
    while not race.finished:
        if robot.run(race) == 0:
            assert actor(race).name == "Ann"
            if race.phase is Phase.HANDOVER:
                race.ready("Ann")
            race.guess("Ann", str(current(race).secret))
        race = resumed(race)
    assert next(row.points for row in race.scores) == 2


def test_tournament_with_hal9000_and_viki_guessing_in_their_turns() -> None:
    registry = Registry()
    registry.register("Ann")
    game = Tournament(registry, ["Ann", "HAL9000", "VIKI"], 10, rng=random.Random(7))
    robot = Autoplay(random.Random(8))
    game.set_secret("Ann", "RRGG")  # for HAL9000; VIKI's code for Ann and HAL9000's for VIKI are drawn
    ann = game.attempts[0].secret
    while not game.finished:
        robot.run(game)
        if not game.finished:
            assert actor(game).name == "Ann" and game.phase is Phase.GUESS
            game.guess("Ann", "KKKK" if current(game).guesses_made < 2 else str(ann))
    assert game.attempts[1].won and str(game.attempts[1].secret) == "RRGG"
    ann_points = game.scores[0].points
    assert ann_points == (10 - 3 + 1) + (game.attempts[1].guesses_made - 1)
    user = registry.find("Ann")
    assert user is not None and user.points == ann_points


def test_a_stand_in_codebreaker_can_be_plugged_in() -> None:
    made = []

    class FirstConsistent:
        def __init__(self, config: Config) -> None:
            self.config = config

        def next_guess(self, history: Sequence[Turn]) -> Code:
            return first_consistent(history, self.config)

        def think(self, history: Sequence[Turn]) -> Generator[None, None, Code]:
            yield None
            return self.next_guess(history)

    def factory(player: str, config: Config, rng: random.Random) -> FirstConsistent:
        made.append(player)
        return FirstConsistent(config)

    duel = Duel(["HAL9000", "VIKI"], 2, rng=random.Random(1))
    robot = Autoplay(factory=factory)
    robot.step(duel)
    assert str(duel.attempts[0].history[0].guess) == "RGBP"  # first code of the palette, no repeats
    robot.run(duel)
    assert duel.finished and made == ["VIKI", "HAL9000"]  # one codebreaker per player, reused across turns
