"""Duel: two players take turns as code-maker and code-breaker over an even number of runs.

In odd runs player 1 makes the code and player 2 breaks it; in even runs the roles swap. Every
incorrect guess gives the maker a point, breaking the code gives the breaker one, and failing to
break it gives the maker one more (:func:`mastermind.scoring.duel_run`). Most points wins.

>>> duel = Duel(["Duygu", "Gulsen"], runs=2)
>>> duel.phase, duel.player.name, duel.status
(<Phase.SECRET: 'secret'>, 'Duygu', 'Waiting for Duygu to set the code for Gulsen to break')
>>> duel.set_secret("Duygu", "RGBP").round
1
>>> duel.phase, duel.status
(<Phase.HANDOVER: 'handover'>, 'Hand over to Gulsen')
>>> duel.ready("Gulsen"); duel.guess("Gulsen", "RGBP").won
True
>>> [(row.name, row.points) for row in duel.scores]
[('Duygu', 0), ('Gulsen', 1)]
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from .config import DUEL, Config
from .match import Attempt, Match, check_number
from .players import Player, lineup
from .registry import Registry
from .scoring import duel_run

MIN_RUNS, MAX_RUNS = 2, 20


def check_runs(value: object) -> int:
    """The number of runs: a positive even number, at most 20 (field ``Runs``)."""
    return check_number("runs", value, MIN_RUNS, MAX_RUNS, even=True)


class Duel(Match):
    """A duel between two players (people or computer players) over `runs` runs."""

    mode = "duel"

    def __init__(self, names: Sequence[str], runs: int | str, *, config: Config = DUEL,
                 rng: random.Random | None = None) -> None:
        players = lineup(names)
        runs = check_runs(runs)
        first, second = players
        schedule = [[(run, first, second) if run % 2 else (run, second, first)] for run in range(1, runs + 1)]
        super().__init__(players, config, schedule, rng)

    def _points(self, attempt: Attempt) -> Iterator[tuple[Player, int]]:
        points = duel_run(attempt.progress)
        assert attempt.maker is not None
        yield attempt.maker, points.maker
        yield attempt.breaker, points.breaker

    def _setup(self) -> dict[str, Any]:
        return {"runs": self.rounds}

    @classmethod
    def _from_setup(cls, data: Mapping[str, Any], registry: Registry | None) -> Duel:
        return cls(data["players"], data["runs"], config=Config.from_dict(data["config"]))
