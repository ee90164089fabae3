"""The "Computer breaks your code" page as plain values: choose a computer player, set a secret
that then leaves the screen, watch the computer's guesses, read the summary.

The browser adapter (``static/screens.py``) draws what these properties describe, asks the
engine for each guess in slices (:meth:`ComputerView.breaker`) and plays it with
:meth:`ComputerView.play_computer`; the game itself is :class:`mastermind.computer.CodeChallenge`.

>>> view = ComputerView(seed=1)
>>> view.edit("Computer player", "HAL9000"); view.start()
True
>>> for key in "RBYR":
...     _ = view.press(key)
>>> view.press("Enter"), view.screen, view.slots
(True, <Screen.WATCH: 'watch'>, [None, None, None, None])
>>> while view.computer_due:
...     view.play_computer(view.breaker().next_guess(view.history))
>>> view.status
'HAL9000 broke your code RBYR in 4 guesses.'
"""

from __future__ import annotations

import random
from typing import Any

from ..code import Code
from ..computer import CodeChallenge, check_player
from ..computer_players import COMPUTER_PLAYERS
from ..config import CLASSIC, Config
from ..errors import MoveError, SetupError
from ..game import Turn
from ..match import Phase
from .boards import Field, ModeView, Screen, refusal, refused
from .solo import Row, history_rows
from .words import plural

PLAYER = "Computer player"
"""The label of the setup form's one field."""


class ComputerView(ModeView):
    """Games of a person's secret against a computer player, one after another.

    `rules` are the rules of the next game (the page passes Solo's settings); `game` is a game to
    resume; `seed` seeds the computer player's choices in the first game.
    """

    mode = "computer"
    title = "Computer breaks your code"

    def __init__(self, rules: Config = CLASSIC, game: CodeChallenge | None = None, seed: int | None = None) -> None:
        super().__init__()
        self.rules = rules
        self.game = game
        self._seed = seed
        self.form = {PLAYER: game.player if game else COMPUTER_PLAYERS[0]}
        self.errors: dict[str, str] = {}
        self.status = f"Welcome back. {self.prompt}" if game else self.prompt

    def follow_settings(self, rules: Config) -> None:
        """Take Solo's settings (as they are when the mode is shown) for the next game."""
        self.rules = rules

    # The setup form

    @property
    def intro(self) -> str:
        config = self.rules
        repeats = "colours may repeat" if config.allow_duplicates else "no colour twice"
        strongest, other = COMPUTER_PLAYERS
        return (
            f"You set a secret code; a computer player breaks it, move by move. {strongest} is the strongest "
            f"player, {other} guesses at random among the codes that fit. The rules are Solo's settings: "
            f"{config.pegs} pegs, colours {' '.join(config.letters)}, {config.max_guesses} guesses, {repeats}."
        )

    @property
    def fields(self) -> list[Field]:
        return [Field(PLAYER, "select", self.form[PLAYER], self.errors.get(PLAYER, ""), options=COMPUTER_PLAYERS)]

    def edit(self, label: str, value: str) -> None:
        self.form[label] = value
        self.errors.pop(label, None)

    def start(self) -> bool:
        """Begin a game against the chosen computer player: the person sets the secret next."""
        try:
            player = check_player(self.form.get(PLAYER, ""))
        except SetupError as error:
            self.errors = {PLAYER: refusal(error)}
            self.status = refused("Not started", self.errors)
            return False
        self.errors = {}
        self.game = CodeChallenge(player, self.rules, random.Random(self._seed))
        self._seed = None  # the seed decides the first game only
        self._reset_draft()
        self.status = self.prompt
        return True

    # The game

    @property
    def screen(self) -> Screen:
        if self.game is None:
            return Screen.SETUP
        return {Phase.SECRET: Screen.SECRET, Phase.GUESS: Screen.WATCH, Phase.FINISHED: Screen.END}[self.game.phase]

    @property
    def config(self) -> Config | None:
        return self.game.config if self.game else None

    @property
    def prompt(self) -> str:
        game, screen = self.game, self.screen
        if game is None:
            return f"{self.title}: choose the computer player, then press Start."
        if screen is Screen.SECRET:
            return (f"Set your secret code, then press Set secret. {game.player} will try to break it "
                    f"in at most {plural(game.config.max_guesses, 'guess')}.")
        if screen is Screen.WATCH:
            return f"{game.player} is breaking your code: {plural(game.guesses_left, 'guess')} left."
        return f"{self.summary} Press Play again or Quit."

    @property
    def summary(self) -> str:
        """The end of the game in one sentence."""
        game = self.game
        if game is None or not game.finished:
            return ""
        if game.won:
            return f"{game.player} broke your code {game.secret} in {plural(game.guesses_made, 'guess')}."
        return f"{game.player} did not break your code {game.secret} in {plural(game.guesses_made, 'guess')}: you win!"

    @property
    def banner(self) -> tuple[str, str]:
        game, screen = self.game, self.screen
        if game is None:
            return self.title, ""
        if screen is Screen.SECRET:
            return "Set your secret code", f"{game.player} will break it"
        if screen is Screen.END:
            return ("Code broken" if game.won else "Code not broken"), self.summary
        return f"{game.player} breaks your code", f"Guess {game.guesses_made + 1} of {game.config.max_guesses}"

    @property
    def rows(self) -> list[Row]:
        """The computer player's guesses and their key pegs."""
        return history_rows(self.game.history, self.game.config) if self.game else []

    @property
    def history_caption(self) -> str:
        return f"{self.game.player}'s guesses" if self.game else "Guesses"

    @property
    def secret(self) -> list[Any]:
        """The secret's pegs once the game is over (None for each peg before: it is hidden)."""
        game = self.game
        if game is None or game.secret is None:
            return []
        if not game.finished:
            return [None] * game.config.pegs
        return [game.config.color(letter) for letter in str(game.secret)]

    def _set_secret(self, letters: str) -> None:
        assert self.game is not None
        self.game.set_secret(letters)
        self.status = f"Secret set and hidden. {self.prompt}"

    def _guess(self, letters: str) -> None:
        raise MoveError("the computer player makes the guesses")

    # The computer player

    @property
    def computer_due(self) -> bool:
        return self.screen is Screen.WATCH

    @property
    def thinking(self) -> str:
        return f"{self.game.player} is thinking..." if self.computer_due and self.game else ""

    def breaker(self) -> Any:
        assert self.game is not None
        return self.game.breaker()

    @property
    def history(self) -> tuple[Turn, ...]:
        return self.game.history if self.game else ()

    def play_computer(self, guess: Code) -> None:
        game = self.game
        if not self.computer_due or game is None:
            raise MoveError("no computer player's guess is due")
        turn = game.guess(guess)
        said = f"{game.player} guessed {turn.guess}: {turn.feedback}."
        if game.finished:
            self.status = self.summary
        else:
            self.status = f"{said} {plural(game.guesses_left, 'guess')} left."

    # After the game

    def play_again(self) -> None:
        """Another secret against the same computer player."""
        if self.game is None or not self.game.finished:
            self.status = f"Wait for the end of this game. {self.prompt}"
            return
        self.form[PLAYER] = self.game.player
        self.start()

    def quit(self) -> None:
        """Back to the choice of computer player."""
        if self.game is not None:
            self.form[PLAYER] = self.game.player
        self.game = None
        self.confirming = False
        self._reset_draft()
        self.status = self.prompt

    def saved(self) -> dict[str, Any] | None:
        return self.game.to_dict() if self.game else None
