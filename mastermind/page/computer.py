"""The "Computer breaks your code" page as plain values: choose a computer player, set a secret
that then leaves the screen, watch the computer's guesses, read the summary.

The page's session (:mod:`.session_modes`) sends what these properties describe to be drawn, asks
the engine for each guess in slices (:meth:`ComputerView.breaker`) and plays it with
:meth:`ComputerView.play_computer`; the game itself is :class:`mastermind.computer.CodeChallenge`.
A strategy the person saved in the Lab may break the code instead (:meth:`ComputerView.offer`
lists them beside the computer players): the adapter then asks the Lab's worker for each guess
(:attr:`ComputerView.seat` names the strategy) and a failure forfeits (:meth:`ComputerView.forfeit`).

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
from collections.abc import Sequence
from typing import Any

from .. import lab
from ..code import Code
from ..computer import CodeChallenge, check_player
from ..computer_players import COMPUTER_PLAYERS
from ..config import CLASSIC, Config
from ..errors import MoveError, SetupError
from ..game import Turn
from ..i18n import N_, _, ngettext
from ..match import Phase
from .boards import Field, ModeView, Screen, refusal, refused
from .solo import Row, history_rows
from .words import feedback_words, guesses_left, shown

PLAYER = N_("Computer player")
"""The label of the setup form's one field."""


class ComputerView(ModeView):
    """Games of a person's secret against a computer player, one after another.

    `rules` are the rules of the next game (the page passes Solo's settings); `game` is a game to
    resume; `seed` seeds the computer player's choices in the first game.
    """

    mode = "computer"
    title = N_("Computer breaks your code")

    def __init__(self, rules: Config = CLASSIC, game: CodeChallenge | None = None, seed: int | None = None) -> None:
        super().__init__()
        self.title = _(ComputerView.title)
        self.rules = rules
        self.game = game
        self._seed = seed
        self.strategies: tuple[str, ...] = ()
        """The names of the person's saved strategies, offered beside the computer players."""
        self.form = {PLAYER: game.player if game else COMPUTER_PLAYERS[0]}
        self.errors: dict[str, str] = {}
        self.status = " ".join([_("Welcome back."), self.prompt]) if game else self.prompt

    def follow_settings(self, rules: Config) -> None:
        """Take Solo's settings (as they are when the mode is shown) for the next game."""
        self.rules = rules

    def offer(self, strategies: Sequence[str]) -> None:
        """The saved strategies (their names) the person may choose as the code-breaker."""
        self.strategies = tuple(strategies)

    # The setup form

    @property
    def intro(self) -> str:
        config = self.rules
        strongest, other = COMPUTER_PLAYERS
        players = _("You set a secret code; a computer player breaks it, move by move. {strongest} is the strongest "
                    "player, {other} guesses at random among the codes that fit.").format(strongest=strongest, other=other)
        pegs = ngettext("{count} peg", "{count} pegs", config.pegs).format(count=config.pegs)
        rounds = ngettext("{count} guess", "{count} guesses", config.max_guesses).format(count=config.max_guesses)
        letters = " ".join(shown(config.letters, config))
        rules = (_("The rules are Solo's settings: {pegs}, colours {letters}, {guesses}, colours may repeat.")
                 if config.allow_duplicates else
                 _("The rules are Solo's settings: {pegs}, colours {letters}, {guesses}, no colour twice."))
        mine = _("A strategy you saved in the Lab may break it too: its guesses are asked of the Lab's worker, "
                 "{seconds} s each.").format(seconds=lab.seconds(lab.LIMIT)) if self.strategies else ""
        return " ".join(filter(None, [players, mine, rules.format(pegs=pegs, letters=letters, guesses=rounds)]))

    @property
    def fields(self) -> list[Field]:
        return [Field(PLAYER, "select", self.form[PLAYER], self.errors.get(PLAYER, ""),
                      options=(*COMPUTER_PLAYERS, *self.strategies), text=_(PLAYER))]

    def edit(self, label: str, value: str) -> None:
        self.form[label] = value
        self.errors.pop(label, None)

    def start(self) -> bool:
        """Begin a game against the chosen computer player: the person sets the secret next."""
        chosen = self.form.get(PLAYER, "")
        strategy = chosen in self.strategies
        try:
            game = CodeChallenge(chosen if strategy else check_player(chosen), self.rules, random.Random(self._seed),
                                 strategy=strategy)
        except SetupError as error:
            self.errors = {PLAYER: refusal(error)}
            self.status = refused(_("Not started."), self.errors, {PLAYER: _(PLAYER)})
            return False
        self.errors = {}
        self.game = game
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
            return _("Computer breaks your code: choose the computer player, then press Start.")
        if screen is Screen.SECRET:
            return ngettext("Set your secret code, then press Set secret. {player} will try to break it in at most {count} guess.",
                            "Set your secret code, then press Set secret. {player} will try to break it in at most {count} guesses.",
                            game.config.max_guesses).format(player=game.player, count=game.config.max_guesses)
        if screen is Screen.WATCH:
            return ngettext("{player} is breaking your code: {count} guess left.",
                            "{player} is breaking your code: {count} guesses left.",
                            game.guesses_left).format(player=game.player, count=game.guesses_left)
        return " ".join([self.summary, _("Press Play again or Quit.")])

    @property
    def summary(self) -> str:
        """The end of the game in one sentence."""
        game = self.game
        if game is None or not game.finished:
            return ""
        if game.forfeited is not None:
            return _("{player} gave up: {reason} Your code {secret} was not broken: you win!").format(
                player=game.player, reason=game.forfeited, secret=shown(game.secret, game.config))
        said = (ngettext("{player} broke your code {secret} in {count} guess.",
                         "{player} broke your code {secret} in {count} guesses.", game.guesses_made) if game.won
                else ngettext("{player} did not break your code {secret} in {count} guess: you win!",
                              "{player} did not break your code {secret} in {count} guesses: you win!", game.guesses_made))
        return said.format(player=game.player, secret=shown(game.secret, game.config), count=game.guesses_made)

    @property
    def banner(self) -> tuple[str, str]:
        game, screen = self.game, self.screen
        if game is None:
            return self.title, ""
        if screen is Screen.SECRET:
            return _("Set your secret code"), _("{player} will break it").format(player=game.player)
        if screen is Screen.END:  # the status says the summary: the banner does not say it again
            return (_("Code broken") if game.won else _("Code not broken")), ""
        return (_("{player} breaks your code").format(player=game.player),
                _("Guess {number} of {total}").format(number=game.guesses_made + 1, total=game.config.max_guesses))

    @property
    def rows(self) -> list[Row]:
        """The computer player's guesses and their key pegs."""
        return history_rows(self.game.history, self.game.config) if self.game else []

    @property
    def history_caption(self) -> str:
        return _("{player}'s guesses").format(player=self.game.player) if self.game else _("Guesses")

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
        self.status = " ".join([_("Secret set and hidden."), self.prompt])

    def _guess(self, letters: str) -> None:
        raise MoveError(_("the computer player makes the guesses"))

    # The computer player

    @property
    def computer_due(self) -> bool:
        return self.screen is Screen.WATCH

    @property
    def thinking(self) -> str:
        return _("{player} is thinking...").format(player=self.game.player) if self.computer_due and self.game else ""

    def breaker(self) -> Any:
        assert self.game is not None
        return self.game.breaker()

    @property
    def seat(self) -> str | None:
        """The saved strategy whose guess is due (asked of the Lab's worker), if the breaker is one."""
        game = self.game
        return game.player if game is not None and game.strategy and self.computer_due else None

    def forfeit(self, sentence: str) -> None:
        """The strategy failed (`sentence` says how): it gives the game up, and the person wins."""
        if self.seat is None or self.game is None:
            raise MoveError("no strategy's guess is due")
        self.game.forfeit(sentence)
        self.status = self.summary

    @property
    def history(self) -> tuple[Turn, ...]:
        return self.game.history if self.game else ()

    def play_computer(self, guess: Code) -> None:
        game = self.game
        if not self.computer_due or game is None:
            raise MoveError("no computer player's guess is due")
        turn = game.guess(guess)
        said = _("{player} guessed {code}: {score}.").format(
            player=game.player, code=shown(turn.guess, game.config), score=feedback_words(turn.feedback))
        if game.finished:
            self.status = self.summary
        else:
            self.status = " ".join([said, guesses_left(game.guesses_left)])

    # After the game

    def play_again(self) -> None:
        """Another secret against the same computer player."""
        if self.game is None or not self.game.finished:
            self.status = " ".join([_("Wait for the end of this game."), self.prompt])
            return
        self.form[PLAYER] = self.game.player
        if not self.start():  # a strategy deleted meanwhile: the form, its refusal beside the field
            self.game = None
            self._reset_draft()

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
