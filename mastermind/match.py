"""What Duel, Race and Tournament share: players taking turns at attempts to break codes.

A match is a schedule of *attempts*, one breaker's go at one code, grouped in *stages*. Within a
stage the codes are set first, in player order, then the breakers guess round-robin, one guess per
turn, skipping those who have finished; then the next stage begins. A Duel run, or one player's
Race round, is a stage of one attempt; a whole Tournament is one stage. Each mode only says how its
schedule looks, who scores what, and who wins; this module runs the turns.

The match answers with state (:attr:`Match.phase`, :attr:`Match.player`) and takes moves
(:meth:`Match.ready`, :meth:`Match.set_secret`, :meth:`Match.guess`); it never calls a computer
player's engine: a driver asks the engine and feeds its guess as a normal move (see
:mod:`mastermind.autoplay`).

Why one module past 400 lines: the schedule, the turns, the scores and the saved form are one
state machine over the same attempts; split apart, each part would reach into the others' state.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar

from .code import Code
from .config import Config, read_number
from .errors import GameOverError, MoveError, SavedDataError, SetupError
from .game import Game, PendingGame, Turn
from .i18n import N_, _
from .players import Player, name_key
from .registry import Registry
from .scoring import Progress

SAVE_VERSION = 1
"""Version of the :meth:`Match.to_dict` form; another version is refused on load."""


class Phase(Enum):
    """What a match waits for."""

    SECRET = "secret"
    """A person sets a code, hidden from the others."""
    GUESS = "guess"
    """A breaker guesses (a person types it, or a driver feeds a computer player's guess)."""
    HANDOVER = "handover"
    """The screen passes to another person, who confirms with :meth:`Match.ready`."""
    FINISHED = "finished"


def check_number(key: str, value: object, low: int, high: int, *, even: bool = False) -> int:
    """A whole number typed into the form field `key` (an int, or its digits as text), within
    `low`..`high`, and even where `even` says so; otherwise :class:`SetupError`.

    >>> check_number("rounds", " 7 ", 1, 10)
    7
    >>> check_number("runs", 3, 2, 20, even=True)
    Traceback (most recent call last):
    ...
    mastermind.errors.SetupError: runs: must be an even number from 2 to 20, not 3
    """
    number = read_number(value)
    if number is None:
        raise SetupError(key, _("enter a whole number, not {value}").format(value=repr(value)))
    value = number
    if even and (value % 2 or not low <= value <= high):
        raise SetupError(key, _("must be an even number from {low} to {high}, not {value}").format(
            low=low, high=high, value=value))
    if not low <= value <= high:
        raise SetupError(key, _("must be from {low} to {high}, not {value}").format(low=low, high=high, value=value))
    return value


class Attempt(PendingGame):
    """One breaker's go at one code: who made the code (None: drawn by the computer), who breaks
    it, in which run or round, and the game so far once the code is set.

    Read it freely; only the match that owns it changes it, so turns stay in order.
    """

    def __init__(self, round_: int, maker: Player | None, breaker: Player, config: Config) -> None:
        self.round = round_
        self.maker = maker
        self.breaker = breaker
        self.config = config
        self._game: Game | None = None

    def __repr__(self) -> str:
        maker = self.maker.name if self.maker else "computer"
        return f"<Attempt round {self.round}: {maker} -> {self.breaker.name}, {self.guesses_made} guesses>"

    @property
    def progress(self) -> Progress:
        """What the scoring rules need to know of this attempt."""
        return Progress(self.guesses_made, self.won, self.config.max_guesses)

    def _begin(self, secret: Code | str) -> None:
        self._game = Game(self.config, Code.parse(str(secret), self.config))

    def _guess(self, guess: Code | str) -> None:
        assert self._game is not None, "guessing before the code is set"
        self._game.guess(guess)

    def _resign(self) -> None:
        assert self._game is not None, "giving up before the code is set"
        self._game.resign()

    @property
    def resigned(self) -> bool:
        """Whether the breaker gave this attempt up (:meth:`Match.resign`)."""
        return self._game is not None and self._game.resigned


@dataclass(frozen=True)
class ScoreRow:
    """One line of the score table; `points` is None for a player the mode gives no points."""

    name: str
    points: int | None
    computer: bool


@dataclass(frozen=True)
class Result:
    """The end of a match: the winner's name, or None for a tie, and the final scores.

    >>> rows = (ScoreRow("Duygu", 7, False), ScoreRow("Gulsen", 7, False))
    >>> str(Result("Duygu", rows)), str(Result(None, rows))
    ('Duygu wins', 'tie')
    """

    winner: str | None
    scores: tuple[ScoreRow, ...]

    @property
    def tie(self) -> bool:
        return self.winner is None

    def __str__(self) -> str:
        # Translators: the end of a match, as "Finished: Duygu wins" and "Finished: tie" show it.
        return _("{name} wins").format(name=self.winner) if self.winner else _("tie")


_REFUSALS = {
    # Translators: {status} is what the match waits for, as "waiting for a guess from Ada".
    Phase.SECRET: N_("{player} cannot set a secret now; {status}"),
    Phase.GUESS: N_("{player} cannot guess now; {status}"),
    Phase.HANDOVER: N_("{player} cannot press Ready now; {status}"),
}
"""A move refused out of turn, by the move wanted; translated where raised."""

Schedule = Sequence[Sequence[tuple[int, Player | None, Player]]]
"""Stages of (run or round number, code maker or None for the computer, breaker)."""


class Match:
    """The turns of a multiplayer match; a mode subclass gives the schedule and the scoring.

    Codes made by computer players, and by the computer itself (maker None), are drawn from `rng`
    when the match is created, so a seeded `rng` replays the same match.
    """

    mode: ClassVar[str]
    """The mode's name in saved data and URLs."""
    lower_wins: ClassVar[bool] = False
    """Whether the lowest total wins (Race) rather than the highest."""

    def __init__(self, players: tuple[Player, ...], config: Config, schedule: Schedule,
                 rng: random.Random | None = None) -> None:
        self.players = players
        self.config = config
        self._stages = tuple(
            tuple(Attempt(round_, maker, breaker, config) for round_, maker, breaker in stage) for stage in schedule
        )
        rng = rng if rng is not None else random.Random()
        for attempt in self.attempts:
            if attempt.maker is None or attempt.maker.computer:
                attempt._begin(Code.random(config, rng))
        self._at_screen: str | None = None  # the person who last acted, to know when to hand over

    # What the match waits for.

    @property
    def attempts(self) -> tuple[Attempt, ...]:
        """Every attempt of the match, in schedule order."""
        return tuple(attempt for stage in self._stages for attempt in stage)

    @property
    def rounds(self) -> int:
        """How many runs (Duel) or rounds (Race) the match has; 1 for a Tournament."""
        return self.attempts[-1].round

    def _current(self) -> tuple[Phase, Attempt] | None:
        """The move due next, ignoring hand-overs, and the attempt it is for; None at the end."""
        for stage in self._stages:
            playing = [attempt for attempt in stage if not attempt.over]
            if not playing:
                continue
            unset = [attempt for attempt in stage if attempt.secret is None]
            if unset:
                return Phase.SECRET, min(unset, key=lambda attempt: self.players.index(attempt.maker))
            return Phase.GUESS, min(playing, key=lambda attempt: attempt.guesses_made)
        return None

    @staticmethod
    def _actor(move: Phase, attempt: Attempt) -> Player:
        if move is Phase.SECRET:
            assert attempt.maker is not None, "the computer's codes are drawn at the start"
            return attempt.maker
        return attempt.breaker

    @property
    def attempt(self) -> Attempt | None:
        """The attempt whose code is being set or broken now; None at the end."""
        current = self._current()
        return current[1] if current else None

    @property
    def player(self) -> Player | None:
        """Who must act now (also during a hand-over: the person taking over); None at the end."""
        current = self._current()
        return self._actor(*current) if current else None

    @property
    def phase(self) -> Phase:
        """What the match waits for. A person's move comes after a hand-over whenever another
        person acted last, so nobody sees a screen meant for someone else."""
        current = self._current()
        if current is None:
            return Phase.FINISHED
        actor = self._actor(*current)
        if not actor.computer and self._at_screen not in (None, actor.name):
            return Phase.HANDOVER
        return current[0]

    @property
    def finished(self) -> bool:
        return self._current() is None

    @property
    def round(self) -> int:
        """The current run or round number (the last one once finished)."""
        attempt = self.attempt
        return attempt.round if attempt else self.rounds

    @property
    def history(self) -> tuple[Turn, ...]:
        """The current attempt's guesses and feedback: what its breaker sees."""
        attempt = self.attempt
        return attempt.history if attempt else ()

    @property
    def guesses_left(self) -> int:
        attempt = self.attempt
        return attempt.guesses_left if attempt else 0

    @property
    def status(self) -> str:
        """One sentence saying what the match waits for."""
        phase, attempt, player = self.phase, self.attempt, self.player
        if phase is Phase.FINISHED:
            return _("Finished: {result}").format(result=self.result)
        if phase is Phase.HANDOVER:
            return _("Hand over to {player}").format(player=player)
        if phase is Phase.SECRET:
            assert attempt is not None
            return _("Waiting for {player} to set the code for {breaker} to break").format(
                player=player, breaker=attempt.breaker)
        return _("Waiting for a guess from {player}").format(player=player)

    # Moves.

    def _expect(self, wanted: Phase, name: str) -> tuple[Player, Attempt]:
        """The player called `name` and the current attempt, if `wanted` is their move now."""
        player = next((player for player in self.players if name_key(player.name) == name_key(str(name))), None)
        if player is None:
            raise MoveError(_("{name} is not playing in this match").format(name=name))
        phase, attempt = self.phase, self.attempt
        if phase is Phase.FINISHED:
            raise GameOverError(_("the match is over: {result}").format(result=self.result))
        if phase is not wanted or player != self.player:
            status = self.status
            raise MoveError(_(_REFUSALS[wanted]).format(player=player, status=f"{status[0].lower()}{status[1:]}"))
        assert attempt is not None
        return player, attempt

    def ready(self, name: str) -> None:
        """The person handed the screen to confirms they are there."""
        player, _attempt = self._expect(Phase.HANDOVER, name)
        self._at_screen = player.name

    def set_secret(self, name: str, secret: Code | str) -> Attempt:
        """The code `name` makes for the current breaker; a bad one raises
        :class:`~mastermind.code.CodeError` and the maker tries again."""
        player, attempt = self._expect(Phase.SECRET, name)
        attempt._begin(secret)
        self._at_screen = player.name
        return attempt

    def guess(self, name: str, guess: Code | str) -> Attempt:
        """A guess by the current breaker; returns its attempt (``attempt.history[-1]`` is the new
        turn). A refused guess raises :class:`~mastermind.code.CodeError` and costs nothing."""
        player, attempt = self._expect(Phase.GUESS, name)
        attempt._guess(guess)
        if not player.computer:
            self._at_screen = player.name
        if self.finished:
            self._on_finish()
        return attempt

    def resign(self, name: str) -> Attempt:
        """The current breaker gives its attempt up: lost, with the guesses made so far. A computer
        player whose strategy file failed (an exception, an illegal code, no answer in time) does
        so, and the match goes on."""
        player, attempt = self._expect(Phase.GUESS, name)
        attempt._resign()
        if not player.computer:
            self._at_screen = player.name
        if self.finished:
            self._on_finish()
        return attempt

    def _on_finish(self) -> None:
        """Called once, by the move that ends the match (not when a finished match is loaded)."""

    # Scores.

    def _points(self, attempt: Attempt) -> Iterator[tuple[Player, int]]:
        """What `attempt` gives each player, so far."""
        raise NotImplementedError

    def _scores_points(self, player: Player) -> bool:
        """Whether the mode gives `player` points at all."""
        return True

    @property
    def scores(self) -> tuple[ScoreRow, ...]:
        """One row per player, in player order, counting every guess made so far."""
        totals = {player.name: 0 for player in self.players}
        for attempt in self.attempts:
            for player, points in self._points(attempt):
                totals[player.name] += points
        return tuple(
            ScoreRow(player.name, totals[player.name] if self._scores_points(player) else None, player.computer)
            for player in self.players
        )

    @property
    def result(self) -> Result | None:
        """The winner (most points, or fewest where :attr:`lower_wins`) or a tie; None until finished."""
        if not self.finished:
            return None
        scores = self.scores
        points = [row.points for row in scores if row.points is not None]
        if not points:
            return Result(None, scores)
        best = (min if self.lower_wins else max)(points)
        leaders = [row.name for row in scores if row.points == best]
        return Result(leaders[0] if len(leaders) == 1 else None, scores)

    # Saving and resuming.

    def _setup(self) -> dict[str, Any]:
        """The mode's own setup values, as its constructor takes them."""
        raise NotImplementedError

    @classmethod
    def _from_setup(cls, data: Mapping[str, Any], registry: Registry | None) -> Match:
        """A new match of this mode built from saved setup values (validated by the constructor):
        the codes it draws are replaced by the saved ones (:meth:`_restore`)."""
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form of the match so far, to resume it after a reload."""
        return {
            "mode": self.mode,
            "version": SAVE_VERSION,
            "players": [player.name for player in self.players],
            **self._setup(),
            "config": self.config.to_dict(),
            "games": [
                {"secret": str(attempt.secret) if attempt.secret else None,
                 "guesses": [str(turn.guess) for turn in attempt.history],
                 **({"resigned": True} if attempt.resigned else {})}
                for attempt in self.attempts
            ],
            "at_screen": self._at_screen,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, registry: Registry | None = None) -> Match:
        """The match :meth:`to_dict` saved, in the same phase; anything malformed or inconsistent
        raises :class:`SavedDataError`. A tournament is resumed among the users of `registry` (other
        modes need none). Replaying moves recorded before does not trigger end-of-match effects."""
        try:
            if not isinstance(data, Mapping):
                raise ValueError(_("expected a mapping, not {kind}").format(kind=type(data).__name__))
            if data.get("mode") != cls.mode or data.get("version") != SAVE_VERSION:
                raise ValueError(_("mode {mode}, version {version}").format(
                    mode=repr(data.get("mode")), version=repr(data.get("version"))))
            match = cls._from_setup(data, registry)
            match._restore(data["games"], data["at_screen"])
        except (KeyError, TypeError, ValueError) as error:
            raise SavedDataError(_("not a saved {mode}: {error}").format(mode=cls.mode, error=error)) from None
        return match

    def _restore(self, saved: object, at_screen: object) -> None:
        attempts = self.attempts
        if not isinstance(saved, list) or len(saved) != len(attempts):
            raise ValueError(_("expected a list of {count} attempts").format(count=len(attempts)))
        secrets: dict[Attempt, str | None] = {}
        guesses: dict[Attempt, list[str]] = {}
        resigned: dict[Attempt, bool] = {}
        for attempt, entry in zip(attempts, saved, strict=True):
            secret, moves = entry["secret"], entry["guesses"]
            resigned[attempt] = entry.get("resigned", False)  # absent unless given up (older saves have none)
            if not isinstance(resigned[attempt], bool) or set(entry) - {"secret", "guesses", "resigned"}:
                raise ValueError(_("attempt {entry} is not a saved attempt").format(entry=repr(entry)[:60]))
            if secret is not None and not isinstance(secret, str):
                raise ValueError(_("secret {secret} is not text").format(secret=repr(secret)))
            if not isinstance(moves, list) or not all(isinstance(move, str) for move in moves):
                raise ValueError(_("guesses {guesses} are not a list of text").format(guesses=repr(moves)))
            secrets[attempt], guesses[attempt] = secret, list(moves)
            if attempt.secret is not None:  # drawn at creation: take the saved one instead
                if secret is None:
                    raise ValueError(_("a code drawn by the computer is missing"))
                attempt._begin(secret)
        # Replay in the order of play, so a saved match that could not have happened is refused.
        while (current := self._current()) is not None:
            move, attempt = current
            if move is Phase.SECRET:
                secret = secrets[attempt]
                if secret is None:
                    break
                attempt._begin(secret)
            elif guesses[attempt]:
                attempt._guess(guesses[attempt].pop(0))
            elif resigned[attempt]:
                attempt._resign()
            else:
                break
        if any(guesses.values()) or any(secrets[a] is not None and a.secret is None for a in attempts):
            raise ValueError(_("moves recorded out of turn"))
        people = [player.name for player in self.players if not player.computer]
        if at_screen is not None and at_screen not in people:
            raise ValueError(_("{name} is not a person in this match").format(name=repr(at_screen)))
        self._at_screen = at_screen
