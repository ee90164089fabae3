"""What the web page keeps between visits, as one versioned JSON document.

The page stores everything under one localStorage key, :data:`KEY`. This module turns that text
into values and back, and nothing else: the browser adapter only calls ``localStorage.getItem``
and ``setItem`` with what :func:`load` and :func:`dump` take and give. Stored text is never
trusted: each part (the settings, each statistics record) is validated on its own, and a part
that is missing, corrupt or of an unknown version falls back to its default while the rest is
kept. :func:`load` never raises.

>>> saved = load(None)
>>> saved.settings.config.pegs, saved.problems
(4, ())
>>> load(dump(saved)) == saved
True
>>> load("{not json").problems
('the saved data is not valid JSON; using defaults',)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from .config import CLASSIC, Config, ConfigError
from .stats import Record, record_key

KEY = "mastermind:v1"
"""The localStorage key of the whole document."""

VERSION = 1
"""The schema version written by :func:`dump`; a document of another version is not read."""

KEY_COLORS = ("black", "red")
"""Colours the exact key pegs may be drawn in (the duel's physical set has red ones)."""

ORDERS = ("bottom", "top")
"""Where the newest guess goes on the board: at the bottom, as on the physical board, or at the top."""


@dataclass(frozen=True)
class Settings:
    """The rules of the next game plus how the board is drawn.

    A bad presentation value raises :class:`~mastermind.config.ConfigError` naming it, like a
    bad rule does, so the settings form treats all fields alike.

    >>> Settings(key_color="blue")
    Traceback (most recent call last):
    ...
    mastermind.config.ConfigError: key_color: must be black or red, not 'blue'
    """

    config: Config = CLASSIC
    key_color: str = "black"
    letters: bool = True
    """Letters on the pegs, so colours can be told apart without seeing colour."""
    order: str = "bottom"

    def __post_init__(self) -> None:
        if not isinstance(self.config, Config):
            raise ConfigError("config", f"must be a Config, not {type(self.config).__name__}")
        if self.key_color not in KEY_COLORS:
            raise ConfigError("key_color", f"must be black or red, not {self.key_color!r}")
        if not isinstance(self.letters, bool):
            raise ConfigError("letters", f"must be true or false, not {self.letters!r}")
        if self.order not in ORDERS:
            raise ConfigError("order", f"must be bottom or top, not {self.order!r}")

    def to_dict(self) -> dict[str, Any]:
        return {"config": self.config.to_dict(), "key_color": self.key_color, "letters": self.letters, "order": self.order}

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        """Read stored settings; anything malformed raises ``ValueError`` (a ConfigError)."""
        if not isinstance(data, Mapping):
            raise ConfigError("settings", f"must be a mapping, not {type(data).__name__}")
        unknown = set(data) - {"config", "key_color", "letters", "order"}
        if unknown:
            raise ConfigError(sorted(map(str, unknown))[0], "is not a setting")
        values = dict(data)
        if "config" in values:
            values["config"] = Config.from_dict(values["config"])
        return cls(**values)


def _frozen(records: Mapping[str, Record]) -> Mapping[str, Record]:
    return MappingProxyType(dict(records))


@dataclass(frozen=True)
class Saved:
    """Everything the page keeps: settings, and a statistics record per mode and configuration.

    `problems` lists, in words, what :func:`load` could not read and replaced by defaults; it is
    not stored.

    >>> from mastermind import Game
    >>> game = Game(secret="RGBY")
    >>> _ = game.guess("RGBY")
    >>> saved = Saved().record("solo", game)
    >>> saved.stats("solo", game.config).won
    1
    """

    settings: Settings = Settings()
    records: Mapping[str, Record] = field(default_factory=dict)
    problems: tuple[str, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "records", _frozen(self.records))

    def stats(self, mode: str, config: Config) -> Record:
        """The record of `mode` under `config` (empty when none was played)."""
        return self.records.get(record_key(mode, config), Record())

    def record(self, mode: str, game: Any) -> Saved:
        """These data with the finished `game` (anything with ``config``, ``won`` and
        ``guesses_made``) counted in its record."""
        key = record_key(mode, game.config)
        records = dict(self.records)
        records[key] = self.stats(mode, game.config).add(won=game.won, guesses=game.guesses_made)
        return replace(self, records=records)

    def with_settings(self, settings: Settings) -> Saved:
        return replace(self, settings=settings)


def load(text: str | None) -> Saved:
    """Read the stored document (``None`` when the key is absent). Never raises: each part that
    cannot be read is replaced by its default and named in :attr:`Saved.problems`.

    >>> good = dump(Saved(Settings(key_color="red")))
    >>> load(good).settings.key_color
    'red'
    >>> broken = load(good.replace('"red"', '"purple"'))
    >>> broken.settings.key_color, len(broken.problems)
    ('black', 1)
    """
    if text is None:
        return Saved()
    try:
        data = json.loads(text)
    except (ValueError, TypeError, RecursionError):
        return Saved(problems=("the saved data is not valid JSON; using defaults",))
    if not isinstance(data, dict):
        return Saved(problems=("the saved data is not a JSON object; using defaults",))
    if type(data.get("version")) is not int or data["version"] != VERSION:  # True == 1, but is no version
        return Saved(problems=(f"the saved data has version {data.get('version')!r}, not {VERSION}; using defaults",))

    problems: list[str] = []
    settings = Settings()
    if "settings" in data:
        try:
            settings = Settings.from_dict(data["settings"])
        except (ValueError, TypeError) as error:
            problems.append(f"the saved settings were unreadable ({error}); using the defaults")

    records: dict[str, Record] = {}
    stored = data.get("records", {})
    if not isinstance(stored, dict):
        problems.append("the saved statistics were unreadable; starting them afresh")
        stored = {}
    for key, value in stored.items():
        try:
            records[key] = Record.from_dict(value)
        except (ValueError, TypeError):
            problems.append(f"the statistics of {key!r} were unreadable; starting them afresh")
    return Saved(settings, records, tuple(problems))


def dump(saved: Saved) -> str:
    """The text to store under :data:`KEY`: ``{"version": 1, "settings": ..., "records": ...}``."""
    return json.dumps(
        {
            "version": VERSION,
            "settings": saved.settings.to_dict(),
            "records": {key: record.to_dict() for key, record in sorted(saved.records.items())},
        },
        separators=(",", ":"),
    )
