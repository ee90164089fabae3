"""Player records: games played, wins, streaks and how many guesses the wins took.

Records are kept apart per mode and configuration (a win at 4 pegs says nothing about 6), and
games played with hints apart from unaided ones, so a :class:`Record` is filed under a
:func:`record_key`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .config import Config


def record_key(mode: str, config: Config, assisted: bool = False) -> str:
    """The name a record is filed under.

    >>> record_key("solo", Config())
    'solo 4x6 BGOPRY 12 repeats'
    >>> record_key("daily", Config(allow_duplicates=False), assisted=True)
    'daily 4x6 BGOPRY 12 unique assisted'
    """
    repeats = "repeats" if config.allow_duplicates else "unique"
    key = f"{mode} {config.pegs}x{len(config.colors)} {config.letters} {config.max_guesses} {repeats}"
    return key + (" assisted" if assisted else "")


@dataclass(frozen=True)
class Record:
    """One player's results under one key.

    >>> record = Record().add(won=True, guesses=4).add(won=True, guesses=5).add(won=False, guesses=12)
    >>> record.played, record.won, record.win_rate, record.current_streak, record.best_streak
    (3, 2, 0.6666666666666666, 0, 2)
    >>> record.distribution
    {4: 1, 5: 1}
    """

    played: int = 0
    won: int = 0
    current_streak: int = 0
    best_streak: int = 0
    distribution: Mapping[int, int] = field(default_factory=dict)
    """Won games by the number of guesses they took."""

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    def add(self, won: bool, guesses: int) -> Record:
        """This record with one more finished game."""
        if not won:
            return replace(self, played=self.played + 1, current_streak=0)
        streak = self.current_streak + 1
        distribution = dict(self.distribution)
        distribution[guesses] = distribution.get(guesses, 0) + 1
        return Record(self.played + 1, self.won + 1, streak, max(streak, self.best_streak), distribution)

    def bars(self) -> list[tuple[int, int, float]]:
        """Rows of the guess-distribution chart: guesses, wins, bar length from 0 to 1.

        >>> Record(distribution={2: 1, 4: 2}).bars()
        [(1, 0, 0.0), (2, 1, 0.5), (3, 0, 0.0), (4, 2, 1.0)]
        """
        if not self.distribution:
            return []
        top = max(self.distribution.values())
        return [
            (guesses, self.distribution.get(guesses, 0), self.distribution.get(guesses, 0) / top)
            for guesses in range(1, max(self.distribution) + 1)
        ]

    def to_dict(self) -> dict[str, Any]:
        return {
            "played": self.played,
            "won": self.won,
            "current_streak": self.current_streak,
            "best_streak": self.best_streak,
            "distribution": {str(guesses): count for guesses, count in sorted(self.distribution.items())},
        }

    @classmethod
    def from_dict(cls, data: Any) -> Record:
        """Read a stored record; anything inconsistent raises ``ValueError``."""
        if not isinstance(data, Mapping) or set(data) != {"played", "won", "current_streak", "best_streak", "distribution"}:
            raise ValueError("a record needs played, won, current_streak, best_streak and distribution")
        counts = [data[name] for name in ("played", "won", "current_streak", "best_streak")]
        if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in counts):
            raise ValueError("record counts must be whole numbers from 0")
        played, won, current, best = counts
        raw = data["distribution"]
        if not isinstance(raw, Mapping):
            raise ValueError("the distribution must map guesses to counts")
        try:
            distribution = {int(guesses): count for guesses, count in raw.items()}
        except (TypeError, ValueError):
            raise ValueError("the distribution's keys must be numbers of guesses") from None
        if not all(
            g >= 1 and isinstance(c, int) and not isinstance(c, bool) and c >= 1 for g, c in distribution.items()
        ):
            raise ValueError("the distribution must hold positive counts of positive guesses")
        if not (won <= played and current <= best <= won and sum(distribution.values()) == won):
            raise ValueError("record counts contradict each other")
        return cls(played, won, current, best, distribution)
