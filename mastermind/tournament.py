"""Tournament: 2 to 4 registered users and computer players break each other's codes.

Player i sets the code player i+1 breaks (the last player's code is for player 1), then they take
turns, one guess each, in player order, skipping those who have finished. Users score as
:func:`~mastermind.scoring.tournament_breaker` and :func:`~mastermind.scoring.tournament_maker`
say; computer players score nothing. The move that ends the game adds the users' points to the
:class:`~mastermind.registry.Registry` the game was set up from.

>>> import random
>>> users = Registry(); _ = users.register("Alan")
>>> game = Tournament(users, ["alan", "HAL9000"], attempts=5, rng=random.Random(7))
>>> game.status
'Waiting for Alan to set the code for HAL9000 to break'
>>> game.set_secret("Alan", "BYWR").breaker.name, game.status
('HAL9000', 'Waiting for a guess from Alan')
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from .computer_players import COMPUTER_PLAYERS
from .config import TOURNAMENT, Config
from .errors import SavedDataError
from .i18n import _
from .match import Attempt, Match, check_number
from .players import Player, lineup
from .registry import Registry
from .scoring import tournament_breaker, tournament_maker

MIN_PLAYERS, MAX_PLAYERS = 2, 4
MIN_ATTEMPTS, MAX_ATTEMPTS = 5, 10


def check_player_count(value: object) -> int:
    """How many players the form asks names for: 2 to 4 (field ``Players``)."""
    return check_number("players", value, MIN_PLAYERS, MAX_PLAYERS)


def check_attempts(value: object) -> int:
    """Attempts each player is allowed: 5 to 10 (field ``Attempts``)."""
    return check_number("attempts", value, MIN_ATTEMPTS, MAX_ATTEMPTS)


class Tournament(Match):
    """One tournament game among registered users of `registry` and computer players: `computers`
    names those it may seat (HAL9000 and VIKI, and a strategy file seated beside them)."""

    mode = "tournament"

    def __init__(self, registry: Registry, names: Sequence[str], attempts: int | str, *,
                 config: Config = TOURNAMENT, rng: random.Random | None = None,
                 computers: Sequence[str] = COMPUTER_PLAYERS) -> None:
        def registered(name: str) -> str | None:
            user = registry.find(name)
            return user.name if user else None

        players = lineup(names, range(MIN_PLAYERS, MAX_PLAYERS + 1), registered, computers)
        config = config.replace(max_guesses=check_attempts(attempts))
        count = len(players)
        schedule = [[(1, players[(i - 1) % count], players[i]) for i in range(count)]]
        super().__init__(players, config, schedule, rng)
        self.registry = registry
        self.strategies = tuple(player.name for player in players if player.computer and player.name not in COMPUTER_PLAYERS)
        """The computer players that are a player's strategies (the page's saved ones, a strategy
        file), not HAL9000 or VIKI: their guesses are asked where they run."""

    def _points(self, attempt: Attempt) -> Iterator[tuple[Player, int]]:
        assert attempt.maker is not None
        yield attempt.breaker, tournament_breaker(attempt.progress)
        yield attempt.maker, tournament_maker(attempt.progress)

    def _scores_points(self, player: Player) -> bool:
        return not player.computer

    def _on_finish(self) -> None:
        self.registry.credit({row.name: row.points for row in self.scores if row.points is not None})

    def _setup(self) -> dict[str, Any]:
        """The attempts, and the players that are strategies (absent when none: older saves have none)."""
        return {"attempts": self.config.max_guesses, **({"strategies": list(self.strategies)} if self.strategies else {})}

    @classmethod
    def _from_setup(cls, data: Mapping[str, Any], registry: Registry | None) -> Tournament:
        """The players must be users of `registry`; a finished tournament does not add its points to
        the registry again."""
        if registry is None:
            raise SavedDataError(_("a saved tournament needs the registry of its users"))
        config = Config.from_dict(data["config"])
        strategies = data.get("strategies", [])
        if not isinstance(strategies, list) or not all(isinstance(name, str) for name in strategies):
            raise ValueError(_("strategies {names} are not a list of names").format(names=repr(strategies)[:60]))
        match = cls(registry, data["players"], data["attempts"], config=config, computers=(*COMPUTER_PLAYERS, *strategies))
        if list(match.strategies) != strategies:  # each a player of the match, in its order
            raise ValueError(_("strategies {names} are not a list of names").format(names=repr(strategies)[:60]))
        return match
