"""Player records: games played, wins, streaks and how many guesses the wins took.

Records are kept apart per mode and configuration (a win at 4 pegs says nothing about 6), hard
mode games apart from the others, and games played with hints apart from unaided ones, so a
:class:`Record` is filed under a :func:`record_key`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from ..config import MAX_GUESSES, Config
from ..errors import ConfigError, reads_saved_data
from ..i18n import _
from ..palette import CATALOG

MAX_COUNT = 2**53 - 1
"""No count of games goes above this: the largest whole number JavaScript (the page's JSON)
keeps exactly, and more games than anyone can play."""


def record_key(mode: str, config: Config, assisted: bool = False, hard: bool = False) -> str:
    """The name a record is filed under.

    >>> record_key("solo", Config())
    'solo 4x6 BGOPRY 12 repeats'
    >>> record_key("daily", Config(allow_duplicates=False), assisted=True, hard=True)
    'daily 4x6 BGOPRY 12 unique hard assisted'
    """
    repeats = "repeats" if config.allow_duplicates else "unique"
    key = f"{mode} {config.pegs}x{len(config.colors)} {config.letters} {config.max_guesses} {repeats}"
    return key + (" hard" if hard else "") + (" assisted" if assisted else "")


class RecordKey(NamedTuple):
    """What a :func:`record_key` names: the mode, the rules, and whether the game was played in
    hard mode and with hints."""

    mode: str
    pegs: int
    letters: str
    max_guesses: int
    repeats: bool
    assisted: bool
    hard: bool = False

    @property
    def config(self) -> Config:
        """The rules the record is about; :class:`~mastermind.config.ConfigError` when no game
        can have them."""
        by_letter: dict[str, str] = {}
        for color in CATALOG:
            by_letter.setdefault(color.letter, color.name)
        colors = [by_letter.get(letter, letter) for letter in self.letters]
        return Config(self.pegs, colors, self.max_guesses, self.repeats)


_KEY = re.compile(r"([a-z]{1,20}) ([1-9][0-9]?)x([1-9][0-9]?) ([A-Z]+) ([1-9][0-9]?) (repeats|unique)( hard)?( assisted)?")


def parse_record_key(key: str) -> RecordKey:
    """Read back a :func:`record_key`; ``ValueError`` for any other text, so a stored record
    whose name was damaged is refused rather than shown under a name that means nothing.

    >>> parse_record_key("daily 4x6 BGOPRY 12 unique hard assisted")
    RecordKey(mode='daily', pegs=4, letters='BGOPRY', max_guesses=12, repeats=False, assisted=True, hard=True)
    >>> parse_record_key("solo 4x7 BGOPRY 12 repeats")
    Traceback (most recent call last):
    ...
    ValueError: not a record name: 'solo 4x7 BGOPRY 12 repeats'
    >>> parse_record_key("solo 9x6 BGOPRY 12 repeats")
    Traceback (most recent call last):
    ...
    ValueError: not a record name: 'solo 9x6 BGOPRY 12 repeats' (pegs: must be from 1 to 8, not 9)
    """
    found = _KEY.fullmatch(key) if isinstance(key, str) else None
    if not found or int(found[3]) != len(found[4]) or len(set(found[4])) != len(found[4]):
        raise ValueError(_("not a record name: {key}").format(key=repr(str(key)[:60])))
    parsed = RecordKey(found[1], int(found[2]), found[4], int(found[5]), found[6] == "repeats", bool(found[8]), bool(found[7]))
    try:
        parsed.config  # noqa: B018 (the rules themselves: ConfigError when no game can have them)
    except ConfigError as error:
        raise ValueError(_("not a record name: {key} ({reason})").format(key=repr(key), reason=error)) from None
    return parsed


def read_record(key: str, data: Any) -> Record:
    """The record stored under `key`, checked against the rules the key names: no win took more
    guesses than those rules allow. ``ValueError`` for a bad key or a record that breaks them.

    >>> read_record("solo 4x6 BGOPRY 10 repeats", {"played": 1, "won": 1, "current_streak": 1,
    ...             "best_streak": 1, "distribution": {"11": 1}})
    Traceback (most recent call last):
    ...
    ValueError: a win in 11 guesses, where the rules allow 10
    """
    allowed = parse_record_key(key).max_guesses
    record = Record.from_dict(data)
    if record.distribution and max(record.distribution) > allowed:
        raise ValueError(_("a win in {count} guesses, where the rules allow {allowed}").format(
            count=max(record.distribution), allowed=allowed))
    return record


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
    """Won games by the number of guesses they took, each from 1 to
    :data:`~mastermind.config.MAX_GUESSES`: so the chart (:meth:`bars`) is never longer."""

    def __post_init__(self) -> None:
        if not all(type(guesses) is int and 1 <= guesses <= MAX_GUESSES for guesses in self.distribution):
            raise ValueError(_("a game is won in 1 to {most} guesses").format(most=MAX_GUESSES))

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

    def rebase(self, base: Record, onto: Record) -> Record:
        """The games this record added to `base`, added instead to `onto`: how a tab files the
        games it finished into statistics that another tab changed meanwhile, losing neither's.

        Counts say which games were added but not in which order, so they are replayed as the
        streaks require: earlier wins, then the losses, then the wins of the current streak. The
        page writes after every game, so in practice one game is replayed and the result is exact.

        >>> base = Record().add(won=True, guesses=3)
        >>> mine, theirs = base.add(won=True, guesses=5), base.add(won=False, guesses=12)
        >>> merged = mine.rebase(base, theirs)
        >>> merged.played, merged.won, merged.current_streak, merged.best_streak, merged.distribution
        (3, 2, 1, 1, {3: 1, 5: 1})
        """
        wins = Counter(self.distribution)
        wins.subtract(base.distribution)
        added, won = self.played - base.played, sum(wins.values())
        # Not a continuation of `base`: a win it lost, or more wins than games (which fewer games
        # than `base` always is, as no count went below its own there).
        if any(count < 0 for count in wins.values()) or won > added:
            return max(self, onto, key=lambda record: record.played)
        guesses = sorted(wins.elements())
        late = min(self.current_streak, won)
        record = onto
        for count in guesses[: won - late]:
            record = record.add(won=True, guesses=count)
        if added > won:  # the losses: as many more games, and the streak broken
            record = replace(record, played=record.played + added - won, current_streak=0)
        for count in guesses[won - late :]:
            record = record.add(won=True, guesses=count)
        return record

    def bars(self, limit: int | None = None) -> list[tuple[int, int, float]]:
        """Rows of the guess-distribution chart: guesses, wins, bar length from 0 to 1; one per
        count of guesses from 1 to `limit` (the rules' most: every count a game could take), else
        to the longest win.

        >>> Record(distribution={2: 1, 4: 2}).bars()
        [(1, 0, 0.0), (2, 1, 0.5), (3, 0, 0.0), (4, 2, 1.0)]
        >>> Record(played=1).bars(limit=2)
        [(1, 0, 0.0), (2, 0, 0.0)]
        """
        if not self.distribution and limit is None:
            return []
        top = max(self.distribution.values(), default=0)
        last = max(self.distribution) if limit is None else limit
        return [
            (guesses, self.distribution.get(guesses, 0), self.distribution.get(guesses, 0) / top if top else 0.0)
            for guesses in range(1, last + 1)
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
    @reads_saved_data
    def from_dict(cls, data: Any) -> Record:
        """Read a stored record; anything inconsistent raises ``ValueError``."""
        if not isinstance(data, Mapping) or set(data) != {"played", "won", "current_streak", "best_streak", "distribution"}:
            raise ValueError(_("a record needs played, won, current_streak, best_streak and distribution"))
        counts = [data[name] for name in ("played", "won", "current_streak", "best_streak")]
        if not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= MAX_COUNT for n in counts):
            raise ValueError(_("record counts must be whole numbers from 0 to {most}").format(most=MAX_COUNT))
        played, won, current, best = counts
        raw = data["distribution"]
        if not isinstance(raw, Mapping):
            raise ValueError(_("the distribution must map guesses to counts"))
        try:
            distribution = {int(guesses): count for guesses, count in raw.items()}
        except (TypeError, ValueError):
            raise ValueError(_("the distribution's keys must be numbers of guesses")) from None
        if not all(
            1 <= g <= MAX_GUESSES and isinstance(c, int) and not isinstance(c, bool) and c >= 1
            for g, c in distribution.items()
        ):
            raise ValueError(_("the distribution must hold positive counts of 1 to {most} guesses").format(most=MAX_GUESSES))
        if not (won <= played and current <= best <= won and sum(distribution.values()) == won):
            raise ValueError(_("record counts contradict each other"))
        return cls(played, won, current, best, distribution)
