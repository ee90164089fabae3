"""Solo, the classic game: the computer holds a secret, one person breaks it."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, NamedTuple

from .code import Code
from .config import CLASSIC, Config
from .errors import CodeError, GameOverError, HardModeSwitchError, reads_saved_data
from .feedback import Feedback, feedback
from .hard import SWITCH_REFUSAL, contradiction
from .i18n import _


class Turn(NamedTuple):
    """One valid guess and the key pegs it earned."""

    guess: Code
    feedback: Feedback


class Game:
    """One code-breaking game: take guesses, refuse bad ones, keep the history, tell win or loss.

    The secret is given, or drawn with ``random.Random(seed)`` so a seed gives the same secret in
    CPython and Pyodide. A refused guess raises :class:`CodeError`, costs nothing and is not kept.
    In `hard` mode (:mod:`mastermind.hard`) a guess must also fit all the feedback so far.

    >>> game = Game(secret="RBYR")
    >>> game.guess("bbrg")
    Feedback(black=1, white=1)
    >>> game.guess("RB")
    Traceback (most recent call last):
    ...
    mastermind.errors.CodeError: a code has 4 pegs, this has 2
    >>> game.guess("RBYR"), game.won, game.guesses_left
    (Feedback(black=4, white=0), True, 10)
    """

    def __init__(
        self, config: Config = CLASSIC, secret: Code | str | None = None, seed: int | None = None, hard: bool = False
    ) -> None:
        self.config = config
        self._hard = hard
        if secret is None:
            self.secret = Code.random(config, random.Random(seed))
        else:
            self.secret = Code.parse(str(secret), config)
        self._history: list[Turn] = []
        self._resigned = False

    @property
    def history(self) -> tuple[Turn, ...]:
        """Every valid guess so far, oldest first."""
        return tuple(self._history)

    @property
    def guesses_made(self) -> int:
        return len(self._history)

    @property
    def hard(self) -> bool:
        """Whether hard mode holds; true at the end only for a game played hard throughout."""
        return self._hard

    def switch_hard(self, on: bool) -> None:
        """Switch hard mode on (only before the first guess) or off (at any time).

        >>> game = Game(secret="RGBY")
        >>> _ = game.guess("RRRR")
        >>> game.switch_hard(True)
        Traceback (most recent call last):
        ...
        mastermind.errors.HardModeSwitchError: Hard mode can be switched on only before the first guess of a game: start a new game, then switch it on.
        """
        if on and not self._hard and self._history:
            raise HardModeSwitchError(_(SWITCH_REFUSAL))
        self._hard = on

    @property
    def guesses_left(self) -> int:
        return self.config.max_guesses - len(self._history)

    @property
    def won(self) -> bool:
        return bool(self._history) and self._history[-1].feedback.is_win(self.config.pegs)

    @property
    def lost(self) -> bool:
        return not self.won and (self.guesses_left == 0 or self._resigned)

    @property
    def over(self) -> bool:
        return self.won or self.lost

    @property
    def resigned(self) -> bool:
        """Whether the player gave the game up (:meth:`resign`) before it ended."""
        return self._resigned

    def resign(self) -> None:
        """Give the game up: it is over, lost, with the guesses made so far (a game left unfinished
        counts so, as the daily games people trust count it). A game over already stays as it ended.

        >>> game = Game(secret="RGBY")
        >>> _ = game.guess("RRGG")
        >>> game.resign()
        >>> game.over, game.lost, game.guesses_made
        (True, True, 1)
        """
        if not self.over:
            self._resigned = True

    def check(self, guess: Code | str) -> Code:
        """The guess as a legal code for this game, or :class:`CodeError` saying why not (a
        :class:`~mastermind.errors.HardModeError` when only hard mode refuses it).

        >>> game = Game(secret="RGBY", hard=True)
        >>> game.guess("RRGB")
        Feedback(black=1, white=2)
        >>> game.guess("RRYY")
        Traceback (most recent call last):
        ...
        mastermind.errors.HardModeError: Hard mode: against guess 1 (RRGB: 1 black, 2 white) this guess would score 2 black, 0 white.
        >>> game.guesses_made
        1
        """
        code = Code.parse(str(guess), self.config)
        refusal = contradiction(self._history, code) if self._hard else None
        if refusal:
            raise refusal
        return code

    def guess(self, guess: Code | str) -> Feedback:
        """Score a guess and record it; raises before recording anything when it is refused."""
        if self.over:
            raise GameOverError(_("the game is over; start a new one"))
        code = self.check(guess)
        result = feedback(self.secret, code)
        self._history.append(Turn(code, result))
        return result

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form of the game so far, to save a game in progress."""
        return {
            "config": self.config.to_dict(),
            "secret": str(self.secret),
            "guesses": [str(turn.guess) for turn in self._history],
            "hard": self._hard,
        }

    @classmethod
    @reads_saved_data
    def from_dict(cls, data: Mapping[str, Any]) -> Game:
        """Replay a saved game (one saved before hard mode existed has none); a malformed one
        raises ``ValueError`` (ConfigError or CodeError)."""
        try:
            config, secret, guesses = Config.from_dict(data["config"]), data["secret"], data["guesses"]
            hard = data.get("hard", False)
        except (KeyError, TypeError, AttributeError) as error:
            raise ValueError(_("not a saved game: {error}").format(error=error)) from None
        if not isinstance(secret, str) or not isinstance(guesses, list) or not isinstance(hard, bool):
            raise ValueError(_("not a saved game: secret, guesses or hard have the wrong types"))
        game = cls(config, secret, hard=hard)
        for guess in guesses:
            if not isinstance(guess, str):
                raise CodeError(_("saved guess {guess} is not text").format(guess=repr(guess)))
            try:
                game.guess(guess)
            except GameOverError:
                raise ValueError(_("not a saved game: guesses after the end")) from None
        return game


class PendingGame:
    """A game whose code may not be set yet (a person or a computer sets it later): until then it
    reads as empty, with nothing guessed and nothing won. Duel/Race/Tournament attempts and the
    "Computer breaks your code" challenge are such games."""

    config: Config
    _game: Game | None = None

    @property
    def secret(self) -> Code | None:
        """The code to break; None until set. Presentation decides when to show it."""
        return self._game.secret if self._game else None

    @property
    def history(self) -> tuple[Turn, ...]:
        return self._game.history if self._game else ()

    @property
    def guesses_made(self) -> int:
        return len(self.history)

    @property
    def guesses_left(self) -> int:
        return self.config.max_guesses - self.guesses_made

    @property
    def won(self) -> bool:
        return bool(self._game and self._game.won)

    @property
    def lost(self) -> bool:
        return bool(self._game and self._game.lost)

    @property
    def over(self) -> bool:
        return self.won or self.lost
