"""Race: two players break secrets drawn by the computer, round after round; fewest points wins.

Each round player 1 breaks a code of their own, then player 2 breaks theirs. A guess costs a
point, failing to break the code 2 more (:func:`mastermind.scoring.race_round`).

>>> import random
>>> race = Race(["SpongeBob", "Patrick"], rounds=1, rng=random.Random(1))
>>> race.phase, race.player.name, race.round
(<Phase.GUESS: 'guess'>, 'SpongeBob', 1)
>>> race.guess("SpongeBob", race.attempt.secret).won
True
>>> race.status, [(row.name, row.points) for row in race.scores]
('Hand over to Patrick', [('SpongeBob', 1), ('Patrick', 0)])
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from .config import RACE, Config
from .match import Attempt, Match, check_number
from .players import Player, lineup
from .registry import Registry
from .scoring import race_round

MIN_ROUNDS, MAX_ROUNDS = 1, 10


def check_rounds(value: object) -> int:
    """The number of rounds: 1 to 10 (field ``Rounds``)."""
    return check_number("rounds", value, MIN_ROUNDS, MAX_ROUNDS)


class Race(Match):
    """A race between two players (people or computer players) over `rounds` rounds."""

    mode = "race"
    lower_wins = True

    def __init__(self, names: Sequence[str], rounds: int | str, *, config: Config = RACE,
                 rng: random.Random | None = None) -> None:
        players = lineup(names)
        rounds = check_rounds(rounds)
        schedule = [[(round_, None, player)] for round_ in range(1, rounds + 1) for player in players]
        super().__init__(players, config, schedule, rng)

    def _points(self, attempt: Attempt) -> Iterator[tuple[Player, int]]:
        yield attempt.breaker, race_round(attempt.progress)

    def _setup(self) -> dict[str, Any]:
        return {"rounds": self.rounds}

    @classmethod
    def _from_setup(cls, data: Mapping[str, Any], registry: Registry | None) -> Race:
        return cls(data["players"], data["rounds"], config=Config.from_dict(data["config"]))
