"""The values the web page keeps: its settings, its records, the games in progress.

Plain frozen records with their own checks. :mod:`mastermind.page.storage` reads and writes them
(one localStorage key each) and the page's models (:mod:`mastermind.page.solo`, ...) show them;
both import them from here, so neither imports the other.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from ..challenge import Challenge, Reply
from ..code import Code
from ..config import CLASSIC, Config
from ..errors import ChallengeError, ConfigError, reads_saved_data
from ..game import Game
from ..i18n import LANGUAGES, _
from .stats import Record, record_key

PAGE_MODES = ("solo", "computer", "duel", "race", "tournament", "solve", "lab")
"""Every mode of the page, as the mode picker and ``?mode=`` name them."""


KEY_COLORS = ("black", "red")
"""Colours the exact key pegs may be drawn in (the duel's physical set has red ones)."""

ORDERS = ("bottom", "top")
"""Where the newest guess goes on the board: at the bottom, as on the physical board, or at the top."""

COLOUR_SCHEMES = ("standard", "safe")
"""How the pegs' colours are drawn: the standard hues, or hues chosen to be told apart with
protanopia, deuteranopia and tritanopia (:data:`mastermind.palette.COLOUR_BLIND_SAFE`). The
colours' names and letters, and so every code, are the same in both."""

THEMES = ("system", "light", "dark", "contrast")
"""The page's look: the system's light or dark, light, dark, or high contrast (7:1 text)."""

AUTOMATIC = "auto"
"""The language setting that follows the browser's preferred languages (``navigator.languages``)."""

LANGUAGE_CHOICES = (AUTOMATIC, *(language.tag for language in LANGUAGES))
"""The page's language: the browser's (automatic), or one the game speaks, by its tag."""


@dataclass(frozen=True)
class Settings:
    """The rules of the next game plus how the board is drawn.

    A bad presentation value raises :class:`~mastermind.config.ConfigError` naming it, like a
    bad rule does, so the settings form treats all fields alike.

    >>> Settings(key_color="blue")
    Traceback (most recent call last):
    ...
    mastermind.errors.ConfigError: key_color: must be black or red, not 'blue'
    """

    config: Config = CLASSIC
    key_color: str = "black"
    letters: bool = True
    """Letters on the pegs, so colours can be told apart without seeing colour."""
    order: str = "bottom"
    assist: bool = False
    """Solver assist in Solo: the count of codes still possible, the Hint button and the review."""
    hard: bool = False
    """Hard mode for the next Solo or daily game (:mod:`mastermind.hard`)."""
    colours: str = "standard"
    """How the pegs' colours look (:data:`COLOUR_SCHEMES`); codes are the same either way."""
    theme: str = "system"
    """The page's theme (:data:`THEMES`)."""
    language: str = AUTOMATIC
    """The page's language (:data:`LANGUAGE_CHOICES`): ``static/shell.js`` reads it before Python starts."""

    def __post_init__(self) -> None:
        if not isinstance(self.config, Config):
            raise ConfigError("config", _("must be a Config, not {type}").format(type=type(self.config).__name__))
        if self.key_color not in KEY_COLORS:
            raise ConfigError("key_color", _("must be black or red, not {value}").format(value=repr(self.key_color)))
        if not isinstance(self.letters, bool):
            raise ConfigError("letters", _("must be true or false, not {value}").format(value=repr(self.letters)))
        if self.order not in ORDERS:
            raise ConfigError("order", _("must be bottom or top, not {value}").format(value=repr(self.order)))
        if not isinstance(self.assist, bool):
            raise ConfigError("assist", _("must be true or false, not {value}").format(value=repr(self.assist)))
        if not isinstance(self.hard, bool):
            raise ConfigError("hard", _("must be true or false, not {value}").format(value=repr(self.hard)))
        if self.colours not in COLOUR_SCHEMES:
            raise ConfigError("colours", _("must be standard or safe, not {value}").format(value=repr(self.colours)))
        if self.theme not in THEMES:
            raise ConfigError("theme", _("must be system, light, dark or contrast, not {value}").format(value=repr(self.theme)))
        if self.language not in LANGUAGE_CHOICES:
            raise ConfigError("language", _("must be {choices} or {last}, not {value}").format(
                choices=", ".join(LANGUAGE_CHOICES[:-1]), last=LANGUAGE_CHOICES[-1], value=repr(self.language)))

    def to_dict(self) -> dict[str, Any]:
        """The stored form; ``language`` only when one is chosen, so settings stored before it
        existed, and automatic ones, read and write alike.

        >>> Settings(language="fr").to_dict()["language"], "language" in Settings().to_dict()
        ('fr', False)
        """
        data = {
            "config": self.config.to_dict(),
            "key_color": self.key_color,
            "letters": self.letters,
            "order": self.order,
            "assist": self.assist,
            "hard": self.hard,
            "colours": self.colours,
            "theme": self.theme,
        }
        return data if self.language == AUTOMATIC else {**data, "language": self.language}

    @classmethod
    @reads_saved_data
    def from_dict(cls, data: Any) -> Settings:
        """Read stored settings; anything malformed raises ``ValueError`` (a ConfigError). A
        setting stored before it existed (``hard``, ``colours``, ``theme``, ``language``) takes its default.

        >>> Settings.from_dict({"key_color": "red"}).theme
        'system'
        """
        if not isinstance(data, Mapping):
            raise ConfigError("settings", _("must be a mapping, not {type}").format(type=type(data).__name__))
        unknown = set(data) - {"config", "key_color", "letters", "order", "assist", "hard", "colours", "theme", "language"}
        if unknown:
            raise ConfigError(sorted(map(str, unknown))[0], _("is not a setting"))
        values = dict(data)
        if "config" in values:
            values["config"] = Config.from_dict(values["config"])
        return cls(**values)


def frozen(records: Mapping[str, Record]) -> Mapping[str, Record]:
    return MappingProxyType(dict(records))


MAX_CHALLENGES = 1000
"""Challenges remembered as counted; beyond it the oldest is forgotten (and would count again)."""
MAX_RESULTS = 200
"""Results of friends' challenges kept; beyond it the oldest is forgotten (a reply to it then
says the challenge was not played here)."""


@dataclass(frozen=True)
class Saved:
    """The Solo page's settings, and a statistics record per mode and configuration.

    `problems` lists, in sentences, what could not be read and was replaced by defaults; it is
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
    challenges: tuple[str, ...] = ()
    """The tokens of the friends' challenges already counted, oldest first: each counts once."""
    results: Mapping[str, Reply] = field(default_factory=dict)
    """The person's own result of each friend's challenge counted, by its name, oldest first."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "records", frozen(self.records))
        object.__setattr__(self, "results", MappingProxyType(dict(self.results)))

    def stats(self, mode: str, config: Config, assisted: bool = False, hard: bool = False) -> Record:
        """The record of `mode` under `config` (empty when none was played)."""
        return self.records.get(record_key(mode, config, assisted, hard), Record())

    def record(self, mode: str, game: Any, assisted: bool = False, hard: bool = False) -> Saved:
        """These data with the finished `game` (anything with ``config``, ``won`` and
        ``guesses_made``) counted in its record; games played with hints, and hard mode games,
        are counted apart."""
        key = record_key(mode, game.config, assisted, hard)
        records = dict(self.records)
        records[key] = self.stats(mode, game.config, assisted, hard).add(won=game.won, guesses=game.guesses_made)
        return replace(self, records=records)

    def with_records(self, records: Mapping[str, Record]) -> Saved:
        return replace(self, records=records)

    def with_challenges(self, challenges: tuple[str, ...]) -> Saved:
        return replace(self, challenges=challenges)

    def with_results(self, results: Mapping[str, Reply]) -> Saved:
        return replace(self, results=results)

    def counted(self, challenge: Challenge, game: Game) -> Saved:
        """These data with `challenge` counted (the most recent :data:`MAX_CHALLENGES` are
        remembered) and `game`, over, kept as the person's own result of it.

        >>> from mastermind import Config
        >>> challenge = Challenge.make(Config(), "RGBY")
        >>> game = challenge.game()
        >>> _ = game.guess("RGBY")
        >>> Saved().counted(challenge, game).results[challenge.name].rows
        ((4, 0),)
        """
        token = challenge.token
        return replace(self, challenges=(*(t for t in self.challenges if t != token), token)[-MAX_CHALLENGES:],
                       results=dict([*self.results.items(), (challenge.name, Reply.of(challenge, game))][-MAX_RESULTS:]))

    def with_settings(self, settings: Settings) -> Saved:
        return replace(self, settings=settings)


BOARD_MODES = ("solo", "daily", "challenge")
"""The games the Solo board plays: a Solo game, a day's daily challenge, a friend's challenge."""


@dataclass(frozen=True)
class InProgress:
    """The game on the Solo board as stored after every move: enough to replay it (hard mode
    included), whether hints were used, which kind of game it is (:data:`BOARD_MODES`, with the
    day of a daily challenge), whether it is practice (its secret was shown) and whether it was
    left unfinished (a daily shown again after it was left: over, lost), so a reload puts the same
    game back, worded and counted as before.

    >>> from mastermind import Game
    >>> game = Game(secret="RGBY")
    >>> _ = game.guess("RRGG")
    >>> saved = InProgress.of(game)
    >>> saved.guesses, saved.game().guesses_made
    (('RRGG',), 1)

    The stored form keeps the secret sealed as a challenge link does (:mod:`mastermind.challenge`),
    so neither the browser's storage nor an exported file shows it at a glance:

    >>> stored = saved.to_dict()
    >>> sorted(stored), "RGBY" in str(stored)
    (['assisted', 'guesses', 'left', 'mode', 'practice', 'sealed'], False)
    >>> InProgress.from_dict(stored) == saved
    True
    """

    config: Config
    secret: str
    guesses: tuple[str, ...] = ()
    assisted: bool = False
    hard: bool = False
    mode: str = "solo"
    day: str | None = None
    """The ISO date of a daily challenge's day; None for the other games."""
    practice: bool = False
    left: bool = False
    """Given up unfinished (:meth:`~mastermind.game.Game.resign`): over, and lost."""

    @classmethod
    def of(cls, game: Game, assisted: bool = False, mode: str = "solo", day: str | None = None,
           practice: bool = False) -> InProgress:
        return cls(game.config, str(game.secret), tuple(str(turn.guess) for turn in game.history), assisted, game.hard,
                   mode, day, practice, game.resigned)

    def game(self) -> Game:
        game = Game(self.config, self.secret, hard=self.hard)
        for guess in self.guesses:
            game.guess(guess)
        if self.left:
            game.resign()
        return game

    @property
    def challenge(self) -> Challenge:
        """The game's rules and secret as a challenge: the sealed form it is stored in."""
        return Challenge(self.config, Code.parse(self.secret, self.config), self.hard)

    def continues(self, other: InProgress) -> bool:
        """Whether this is `other`'s game, with as many moves or more."""
        same = (self.config, self.secret, self.mode, self.day) == (other.config, other.secret, other.mode, other.day)
        return same and self.guesses[: len(other.guesses)] == other.guesses

    def to_dict(self) -> dict[str, Any]:
        data = {"sealed": self.challenge.token, "guesses": list(self.guesses), "assisted": self.assisted,
                "mode": self.mode, "practice": self.practice, "left": self.left}
        return data if self.day is None else {**data, "day": self.day}

    @classmethod
    @reads_saved_data
    def from_dict(cls, data: Any) -> InProgress:
        """A stored game, checked by replaying it (one stored before version 4 has no ``left``);
        anything malformed raises ``ValueError``."""
        if not isinstance(data, Mapping) or not _KEYS <= set(data) <= {*_KEYS, "day", "left"}:
            raise ValueError(_("a saved game needs its sealed code, its moves, its kind and whether it was assisted"))
        guesses, mode, day = data["guesses"], data["mode"], data.get("day")
        if mode not in BOARD_MODES or (day is None) != (mode != "daily") or not isinstance(guesses, list):
            raise ValueError(_("a saved game of an unknown kind"))
        if not all(isinstance(data.get(flag, False), bool) for flag in ("assisted", "practice", "left")):
            raise ValueError(_("assisted, practice and left must be true or false"))
        if day is not None:
            dt.date.fromisoformat(day)  # ValueError for anything but a date
        try:
            challenge = Challenge.open(data["sealed"])
        except ChallengeError:
            raise ValueError(_("the sealed code of the game cannot be read")) from None
        game = Game(challenge.config, challenge.secret, hard=challenge.hard)
        for guess in guesses:
            game.guess(guess)
        if data.get("left", False):
            if not guesses:
                raise ValueError(_("a game is left only after a guess"))
            game.resign()
        return cls.of(game, data["assisted"], mode, day, data["practice"])

    @classmethod
    @reads_saved_data
    def from_version_2(cls, data: Any) -> dict[str, Any]:
        """The stored form of a Solo game kept by version 2 (its secret in the clear, a Solo game
        only), as this version stores it; ``ValueError`` when it cannot be read.

        >>> old = {"game": {"config": Config().to_dict(), "secret": "RGBY", "guesses": ["RRGG"], "hard": False},
        ...        "assisted": False}
        >>> InProgress.from_dict(InProgress.from_version_2(old)).guesses
        ('RRGG',)
        """
        if not isinstance(data, Mapping) or set(data) != {"game", "assisted"} or not isinstance(data["assisted"], bool):
            raise ValueError(_("a saved game needs its moves and whether it was assisted"))
        return cls.of(Game.from_dict(data["game"]), data["assisted"]).to_dict()


_KEYS = {"sealed", "guesses", "assisted", "mode", "practice"}


@dataclass(frozen=True)
class ModeGames:
    """The game in progress of each mode other than Solo (its ``to_dict`` form), and the mode the
    page showed last, which a reload opens again.

    >>> saved = ModeGames().with_game("race", {"mode": "race"}).with_active("race")
    >>> saved.active, sorted(saved.games), saved.with_game("race", None).games
    ('race', ['race'], {})
    """

    active: str = "solo"
    games: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    def with_game(self, mode: str, data: Mapping[str, Any] | None) -> ModeGames:
        """These data with `mode`'s game replaced by `data` (``None``: no game in progress)."""
        games = {name: game for name, game in self.games.items() if name != mode}
        if data is not None:
            games[mode] = data
        return replace(self, games=games)

    def with_active(self, mode: str) -> ModeGames:
        return replace(self, active=mode)


def seal_codes(game: Mapping[str, Any]) -> dict[str, Any]:
    """A mode's game in progress (its ``to_dict`` form) as it is stored and exported: every code
    in it (Computer's ``secret``, each attempt's in a Duel, Race or Tournament) sealed under
    ``sealed`` as a challenge link seals its code (``None`` while not set yet), so neither the
    storage nor a backup shows a code at a glance; :func:`open_codes` reads it back. A code that
    breaks the game's rules raises ``ValueError``.

    >>> from mastermind.duel import Duel
    >>> duel = Duel(["Ada", "Bob"], 2)
    >>> _ = duel.set_secret("Ada", "RGBY")
    >>> stored = seal_codes(duel.to_dict())
    >>> "RGBY" in str(stored), [attempt["secret"] for attempt in open_codes(stored)["games"]]
    (False, ['RGBY', None])
    """
    config = Config.from_dict(game["config"])
    sealed = dict(_sealed(game, config))
    if isinstance(game.get("games"), list):
        sealed = {**sealed, "games": [_sealed(attempt, config) for attempt in game["games"]]}
    return sealed


def open_codes(game: Any) -> dict[str, Any]:
    """The game :func:`seal_codes` stored, its codes in the clear again; ``ValueError`` for a
    code left in the clear, or sealed by hand or under other rules."""
    config = Config.from_dict(game["config"])  # TypeError for anything but a mapping
    opened = dict(_opened(game, config))
    if isinstance(game.get("games"), list):
        opened = {**opened, "games": [_opened(attempt, config) for attempt in game["games"]]}
    return opened


def _sealed(holder: Any, config: Config) -> Any:
    """`holder` with its ``secret`` (if it has one) sealed under ``sealed``."""
    if not isinstance(holder, Mapping) or "secret" not in holder:
        return holder  # not a game's part: the game's own check refuses it
    rest = {key: value for key, value in holder.items() if key != "secret"}
    secret = holder["secret"]
    return {**rest, "sealed": None if secret is None else Challenge(config, Code.parse(str(secret), config)).token}


def _opened(holder: Any, config: Config) -> Any:
    """`holder` with its ``sealed`` code (if it has one) back in the clear under ``secret``."""
    if isinstance(holder, Mapping) and "secret" in holder:
        raise ValueError(_("the sealed code of the game cannot be read"))  # a code in the clear
    if not isinstance(holder, Mapping) or "sealed" not in holder:
        return holder  # not a game's part: the game's own check refuses it
    rest = {key: value for key, value in holder.items() if key != "sealed"}
    if holder["sealed"] is None:
        return {**rest, "secret": None}
    try:
        challenge = Challenge.open(holder["sealed"])
    except ChallengeError:
        raise ValueError(_("the sealed code of the game cannot be read")) from None
    if challenge.config != config or challenge.hard:
        raise ValueError(_("the sealed code of the game cannot be read"))
    return {**rest, "secret": str(challenge.secret)}
