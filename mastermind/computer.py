"""Computer breaks your code: a person sets a secret, a computer player breaks it.

The game is a small state machine like the multiplayer matches (:class:`~mastermind.match.Phase`):
it waits for the person's secret, then for the computer player's guesses, then it is over. Like
a match it never thinks for the computer: the driver asks the engine
(:func:`mastermind.solver.codebreaker`, through :meth:`CodeChallenge.breaker`) and feeds the
guess back with :meth:`CodeChallenge.guess`, so a page can think in slices between frames.

The code-breaker may also be a strategy of the Strategy lab, named by the person (``strategy``
true): the driver asks it for each guess where it runs (the page's Lab worker), and a strategy that
fails (an exception, an illegal code, no answer in time) gives the game up with the reason
(:meth:`CodeChallenge.forfeit`): the person wins that code.

>>> game = CodeChallenge("HAL9000")
>>> game.phase, game.player
(<Phase.SECRET: 'secret'>, 'HAL9000')
>>> game.set_secret("rbyr").phase
<Phase.GUESS: 'guess'>
>>> while not game.finished:
...     _ = game.guess(game.breaker().next_guess(game.history))
>>> game.won, game.guesses_made <= 5, str(game.history[-1].guess)
(True, True, 'RBYR')
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from .code import Code
from .computer_players import COMPUTER_PLAYERS
from .config import CLASSIC, Config
from .errors import GameOverError, MoveError, SavedDataError, SetupError, StrategyError
from .game import Game, PendingGame, Turn
from .i18n import _
from .lab_share import seat_name
from .match import Phase
from .players import check_name
from .registry import Registry

MODE = "computer"
SAVE_VERSION = 1
FIELD = "computer-player"
"""The form field naming the codebreaker; a refusal of it names this field."""
MAX_REASON = 500
"""Characters kept of the reason a strategy gave its game up for."""


def check_player(name: object) -> str:
    """The computer player's own spelling of `name` (any case), or :class:`SetupError`.

    >>> check_player(" viki ")
    'VIKI'
    >>> check_player("Deep Thought")
    Traceback (most recent call last):
    ...
    mastermind.errors.SetupError: computer-player: choose HAL9000 or VIKI, not 'Deep Thought'
    """
    text = name.strip() if isinstance(name, str) else name
    found = next((player for player in COMPUTER_PLAYERS if isinstance(text, str) and player.casefold() == text.casefold()), None)
    if found is None:
        raise SetupError(FIELD, _("choose {first} or {second}, not {typed}").format(
            first=COMPUTER_PLAYERS[0], second=COMPUTER_PLAYERS[1], typed=repr(text)))
    return found


def check_strategy(name: object) -> str:
    """A Strategy lab strategy's name as the code-breaker: a name as players' are, never a computer
    player's (that would seat the computer player), else :class:`SetupError`.

    >>> check_strategy(" mine ")
    'mine'
    >>> check_strategy("hal9000")
    Traceback (most recent call last):
    ...
    mastermind.errors.SetupError: computer-player: HAL9000 is a computer player's name; give the strategy another.
    """
    checked = check_name(name, FIELD)
    try:
        return seat_name(checked)
    except StrategyError as error:
        raise SetupError(FIELD, error.sentence) from None


class CodeChallenge(PendingGame):
    """One secret of a person against one computer player, under `config`.

    `rng` seeds the computer player's choices (VIKI's random guesses); HAL9000 plays the same
    guesses for the same history whatever the seed. With `strategy`, `player` is the name of a
    Strategy lab strategy, whose guesses the driver asks where the strategy runs.

    >>> game = CodeChallenge("mine", strategy=True).set_secret("RGBY")
    >>> _ = game.guess("RRGG"); game.forfeit("Guess 2: the strategy raised ZeroDivisionError.")
    >>> game.finished, game.won, game.forfeited
    (True, False, 'Guess 2: the strategy raised ZeroDivisionError.')
    """

    mode = MODE

    def __init__(self, player: str, config: Config = CLASSIC, rng: random.Random | None = None, *,
                 strategy: bool = False) -> None:
        self.player = check_strategy(player) if strategy else check_player(player)
        self.strategy = strategy
        self.config = config
        self.rng = rng  # None: the computer player draws its own (solver.codebreaker)
        self._game: Game | None = None
        self._breaker: Any = None
        self.forfeited: str | None = None
        """Why the strategy gave the game up, if it did (the person then wins)."""

    def __repr__(self) -> str:
        return f"<CodeChallenge {self.player}, {self.phase.value}, {self.guesses_made} guesses>"

    # State

    @property
    def phase(self) -> Phase:
        """SECRET until the person sets the code, GUESS while the computer plays, then FINISHED."""
        if self._game is None:
            return Phase.SECRET
        return Phase.FINISHED if self._game.over else Phase.GUESS

    @property
    def finished(self) -> bool:
        return self.phase is Phase.FINISHED

    # Moves

    def set_secret(self, secret: Code | str) -> CodeChallenge:
        """The person's code; a bad one raises :class:`~mastermind.code.CodeError`, nothing changes."""
        if self._game is not None:
            raise MoveError(_("the secret is already set"))
        self._game = Game(self.config, Code.parse(str(secret), self.config))
        return self

    def guess(self, guess: Code | str) -> Turn:
        """Play the computer player's guess; returns its turn (guess and feedback)."""
        if self._game is None:
            raise MoveError(_("no guess before the secret is set"))
        if self._game.over:
            raise GameOverError(_("the game is over"))
        self._game.guess(guess)
        return self._game.history[-1]

    def forfeit(self, reason: str) -> None:
        """The strategy failed (`reason`, the sentence saying how): it gives the game up, lost for
        it, its guesses kept. Only a strategy forfeits, only while it plays."""
        if not self.strategy or self.phase is not Phase.GUESS:
            raise MoveError("no strategy is breaking a code")
        assert self._game is not None
        self._game.resign()
        self.forfeited = reason[:MAX_REASON]

    def breaker(self) -> Any:
        """The computer player's codebreaker (made on first use: the engine loads then). Its
        ``think(history)`` and ``next_guess(history)`` give the next guess. A strategy has none
        here: its guesses are asked where it runs."""
        if self.strategy:
            raise MoveError("a strategy's guesses are asked where it runs")
        if self._breaker is None:
            from .solver import codebreaker  # the page starts without the engine

            self._breaker = codebreaker(self.player, self.config, self.rng)
        return self._breaker

    # Saving and resuming

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form of the game so far, to resume it after a reload."""
        return {
            "mode": MODE,
            "version": SAVE_VERSION,
            "player": self.player,
            "config": self.config.to_dict(),
            "secret": str(self.secret) if self.secret else None,
            "guesses": [str(turn.guess) for turn in self.history],
            **({"strategy": True} if self.strategy else {}),
            **({"forfeit": self.forfeited} if self.forfeited is not None else {}),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, registry: Registry | None = None) -> CodeChallenge:
        """The game :meth:`to_dict` saved; anything malformed raises :class:`SavedDataError`. The
        signature is every mode's; no registry is needed.

        >>> game = CodeChallenge("VIKI").set_secret("RGBY")
        >>> _ = game.guess("RGYB")
        >>> again = CodeChallenge.from_dict(game.to_dict())
        >>> again.player, str(again.secret), again.history == game.history
        ('VIKI', 'RGBY', True)

        A strategy's game keeps that its player is a strategy, and why it gave up (both keys are
        absent from a computer player's game, as from games saved before strategies played).
        """
        try:
            if not isinstance(data, Mapping):
                raise ValueError(_("expected a mapping, not {kind}").format(kind=type(data).__name__))
            if data.get("mode") != MODE or data.get("version") != SAVE_VERSION:
                raise ValueError(_("mode {mode}, version {version}").format(
                    mode=repr(data.get("mode")), version=repr(data.get("version"))))
            strategy, forfeit = data.get("strategy", False), data.get("forfeit")
            if not isinstance(strategy, bool) or not (forfeit is None or (isinstance(forfeit, str) and strategy
                                                      and len(forfeit) <= MAX_REASON)):
                raise ValueError(_("strategy {strategy}, forfeit {forfeit}").format(
                    strategy=repr(strategy)[:20], forfeit=repr(forfeit)[:40]))
            game = cls(data["player"], Config.from_dict(data["config"]), strategy=strategy)
            secret, guesses = data["secret"], data["guesses"]
            if not isinstance(guesses, list) or not all(isinstance(guess, str) for guess in guesses):
                raise ValueError(_("guesses {guesses} are not a list of text").format(guesses=repr(guesses)))
            if secret is None:
                if guesses:
                    raise ValueError(_("guesses without a secret"))
                if forfeit is not None:
                    game.forfeit(forfeit)  # refused: a strategy forfeits only while it plays
                return game
            if not isinstance(secret, str):
                raise ValueError(_("secret {secret} is not text").format(secret=repr(secret)))
            game.set_secret(secret)
            for guess in guesses:
                game.guess(guess)
            if forfeit is not None:
                game.forfeit(forfeit)
        except (KeyError, TypeError, ValueError) as error:
            raise SavedDataError(_("not a saved game of {mode}: {error}").format(mode=MODE, error=error)) from None
        return game
