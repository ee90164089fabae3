"""The Duel, Race and Tournament pages as plain values: which screen, what it shows, what it says.

The page's session (:mod:`.session_modes`) turns clicks and keys into calls on a
:class:`MatchView` and sends what its properties describe to be drawn; the rules are the match's
(:mod:`mastermind.match`), and every word a person reads is chosen here, where it is unit-tested.
What tells the three modes apart is data, one :class:`MatchMode` record each in
:data:`MATCH_MODES`; what they share with "Computer breaks your code" is
:class:`~mastermind.page.boards.ModeView`.

Why one module past 400 lines: the three modes share :class:`MatchView`, one view whose screens,
forms and sentences follow one match's state; the words of a hand-over, a turn and a score read
best beside each other, and what differs is data (:data:`MATCH_MODES`), not more code.

>>> view = MatchView("duel", seed=3)
>>> view.screen, [field.label for field in view.fields]
(<Screen.SETUP: 'setup'>, ['Player 1 name', 'Player 2 name', 'Runs'])
>>> view.edit("Player 1 name", "Ann"); view.edit("Player 2 name", "Bob"); view.edit("Runs", "3")
>>> view.start(), view.errors, view.status
(False, {'Runs': 'Must be an even number from 2 to 20, not 3.'}, 'Not started. Runs: Must be an even number from 2 to 20, not 3.')
>>> view.edit("Runs", "2"); view.start()
True
>>> view.screen, view.status
(<Screen.SECRET: 'secret'>, 'Duel started. Run 1 of 2: Ann, set the code for Bob to break, then press Set secret. Bob, look away.')
>>> [view.press(key) for key in "RGBP"] + [view.press("Enter")]
[True, True, True, True, True]
>>> view.screen, view.status
(<Screen.HANDOVER: 'handover'>, 'Ann set the code. Hand over to Bob, then press Ready.')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from ..autoplay import Autoplay
from ..code import Code
from ..computer import CodeChallenge
from ..computer_players import COMPUTER_PLAYERS
from ..config import Config
from ..duel import MAX_RUNS, MIN_RUNS, Duel, check_runs
from ..errors import MoveError, SetupError
from ..game import Turn
from ..i18n import N_, _, ngettext, number
from ..match import Attempt, Match, Phase, Result
from ..modes import load_match
from ..players import lineup
from ..race import MAX_ROUNDS, MIN_ROUNDS, Race, check_rounds
from ..registry import Registry
from ..tournament import MAX_ATTEMPTS, MAX_PLAYERS, MIN_ATTEMPTS, MIN_PLAYERS, Tournament, check_attempts, check_player_count
from .boards import Field, ModeView, Score, Screen, refusal, refused
from .computer import ComputerView
from .solo import Row, history_rows
from .words import feedback_words, guesses_left, shown


class NumberField(NamedTuple):
    """A number field of a mode's setup form, with the rules' own bounds and check."""

    label: str
    low: int
    high: int
    check: Callable[[object], int]
    default: str
    of: Callable[[Match], int]
    """The value a match was set up with, to fill the form again for Play again or Quit."""


class MatchMode(NamedTuple):
    """Everything that tells one multiplayer mode's page from another's, in one record."""

    name: str
    title: str
    start: Callable[[Registry, list[str], dict[str, int], random.Random, tuple[str, ...]], Match]
    """A new match from the form's names and numbers (the numbers by label) and its computer
    players (HAL9000, VIKI, and the saved strategies where `seats`)."""
    numbers: tuple[NumberField, ...]
    players: range
    """How many players the form takes."""
    what: str
    """The setup prompt, naming what the numbers are (marked with ``N_``, translated where said)."""
    stage: str
    """How a run or round is named (``Run {round} of {rounds}``); empty where the match has one stage."""
    guess: str
    """The word for a guess: ``guess``, or ``attempt`` in a Tournament (each sentence is written for both)."""
    key_color: str
    """The colour of exact key pegs."""
    scores_note: str
    intro: str
    users: bool = False
    """Whether players must be registered users (the page offers registration and the Score board)."""
    seats: bool = False
    """Whether the person's saved strategies (the Lab's) may play as computer players."""


MATCH_MODES: dict[str, MatchMode] = {mode.name: mode for mode in (
    MatchMode(
        "duel", N_("Duel"), lambda users, names, numbers, rng, computers: Duel(names, numbers["Runs"], rng=rng),
        (NumberField(N_("Runs"), MIN_RUNS, MAX_RUNS, check_runs, "2", lambda match: match.rounds),),
        range(2, 3), N_("Duel: enter the players' names and the number of runs, then press Start."),
        N_("Run {round} of {rounds}"), "guess", "red", N_("Most points wins."),
        N_("Two players take turns making and breaking codes over an even number of runs: 4 pegs, "
           "colours {letters}, 6 guesses, no colour twice. Every wrong guess gives the code-maker "
           "a point, breaking the code gives the breaker a point, and a code not broken gives its "
           "maker one more. Most points wins. Name a player {first} or {second} to play the computer."),
    ),
    MatchMode(
        "race", N_("Race"), lambda users, names, numbers, rng, computers: Race(names, numbers["Rounds"], rng=rng),
        (NumberField(N_("Rounds"), MIN_ROUNDS, MAX_ROUNDS, check_rounds, "3", lambda match: match.rounds),),
        range(2, 3), N_("Race: enter the players' names and the number of rounds, then press Start."),
        N_("Round {round} of {rounds}"), "guess", "black", N_("Lowest total wins."),
        N_("Each round, each player breaks a code drawn by the computer: 4 pegs, colours {letters}, "
           "8 guesses, no colour twice. A guess costs a point, a code not broken 2 more. The lowest "
           "total wins. Name a player {first} or {second} to race the computer."),
    ),
    MatchMode(
        "tournament", N_("Tournament"),
        lambda users, names, numbers, rng, computers: Tournament(users, names, numbers["Attempts"], rng=rng,
                                                                 computers=computers),
        (NumberField(N_("Players"), MIN_PLAYERS, MAX_PLAYERS, check_player_count, "2", lambda match: len(match.players)),
         NumberField(N_("Attempts"), MIN_ATTEMPTS, MAX_ATTEMPTS, check_attempts, "10", lambda match: match.config.max_guesses)),
        range(MIN_PLAYERS, MAX_PLAYERS + 1),
        N_("Tournament: register users if needed, then enter the players' names and the number of players and "
           "attempts, then press Start."),
        "", "attempt", "black", N_("Most points wins."),
        N_("Register users, then choose 2 to 4 players among them and the computer players "
           "{first} and {second}. Each player sets the code the next one breaks (colours {letters}, "
           "colours may repeat); then they guess in turn. Breaking a code earns attempts allowed - "
           "attempts used + 1; each user also earns the attempts made on the code they set - 1. "
           "Points go to the score board."),
        users=True, seats=True,
    ),
)}
"""The multiplayer modes of the page, by name."""

INTRO_LETTERS = {"duel": "RGBPYM", "race": "RYBGOP", "tournament": "RGBYWK"}
"""The colours each mode's intro names, in the order it names them (shown in the language's letters)."""

WELCOME_BACK = {
    "duel": N_("Welcome back to your duel."),
    "race": N_("Welcome back to your race."),
    "tournament": N_("Welcome back to your tournament."),
}
"""What a mode says when its game in progress is taken up again."""

STARTED = {"duel": N_("Duel started."), "race": N_("Race started."), "tournament": N_("Tournament started.")}
"""What a mode says when its match starts."""

NEW_USER = N_("New user name")
"""The label of the Tournament's registration field."""


class MatchView(ModeView):
    """A Duel, Race or Tournament on the page, from the setup form to the end screen.

    `registry` holds the Tournament's users (and gets the points of finished tournaments);
    `match` is a match to resume; `seed` makes the first match's codes, and the computer
    players' choices, reproducible.
    """

    def __init__(self, mode: str, registry: Registry | None = None, match: Match | None = None,
                 seed: int | None = None) -> None:
        if mode not in MATCH_MODES:
            raise ValueError(f"no match mode {mode!r}")
        self.kind = MATCH_MODES[mode]
        self.mode, self.title = mode, _(self.kind.title)
        self.key_color, self.scores_note = self.kind.key_color, _(self.kind.scores_note)
        self.registry = registry if registry is not None else Registry()
        self.match = match
        self._seed = seed
        self.autoplay = Autoplay(random.Random(seed))
        self.strategies: tuple[str, ...] = ()
        """The person's saved strategies (names) this mode may seat as computer players."""
        self.form: dict[str, str] = {number.label: number.default for number in self.kind.numbers}
        self.errors: dict[str, str] = {}
        self._count = MIN_PLAYERS
        if match is not None:
            self._fill_form(match)
            self.status = " ".join([_(WELCOME_BACK[mode]), self.prompt])
        else:
            self.status = self.prompt

    # The setup form

    @property
    def intro(self) -> str:
        """The mode's rules in a few sentences, above its form."""
        first, second = COMPUTER_PLAYERS
        return _(self.kind.intro).format(letters=" ".join(shown(INTRO_LETTERS[self.mode])), first=first, second=second)

    def offer(self, strategies: Sequence[str]) -> None:
        """The person's saved strategies, seated as computer players where the mode allows
        (a Tournament); one named as a registered user is left out, the user keeps the name."""
        self.strategies = tuple(name for name in strategies if self.kind.seats and self.registry.find(name) is None)

    @property
    def computers(self) -> tuple[str, ...]:
        """The computer players a match may seat: HAL9000, VIKI and the saved strategies offered."""
        return (*COMPUTER_PLAYERS, *self.strategies)

    @property
    def name_options(self) -> tuple[str, ...]:
        """Names to suggest in the name fields: the computer players, registered users and saved strategies."""
        if self.kind.users:
            return (*(user.name for user in self.registry), *self.computers)
        return self.computers

    @property
    def fields(self) -> list[Field]:
        """The setup form's fields, in order, with what was typed and each refusal."""
        numbers = [
            Field(field.label, "number", self.form.get(field.label, ""), self.errors.get(field.label, ""), field.low, field.high,
                  text=_(field.label))
            for field in self.kind.numbers
        ]
        names = [
            Field(label, "text", self.form.get(label, ""), self.errors.get(label, ""), options=self.name_options,
                  text=_("Player {number} name").format(number=seat))
            for seat, label in enumerate(self._name_labels, 1)
        ]
        return numbers + names if self.kind.users else names + numbers  # the number of players first

    @property
    def _name_labels(self) -> list[str]:
        return [f"Player {seat} name" for seat in range(1, self._count + 1)]

    def edit(self, label: str, value: str) -> None:
        """Keep what was typed into a field; the number of players sets how many name fields show."""
        self.form[label] = value
        self.errors.pop(label, None)
        if label == "Players":
            try:
                self._count = check_player_count(value)
            except SetupError:
                pass

    def start(self) -> bool:
        """Start a match from the form; on a refusal, say why beside each wrong field (nothing
        typed is lost) and return False."""
        errors: dict[str, str] = {}
        numbers: dict[str, int] = {}
        for field in self.kind.numbers:
            try:
                numbers[field.label] = field.check(self.form.get(field.label, ""))
            except SetupError as error:
                errors[field.label] = refusal(error, self.form.get(field.label, ""), (field.low, field.high))
        names = [self.form.get(label, "") for label in self._name_labels]
        try:
            lineup(names, self.kind.players, self._registered if self.kind.users else None, self.computers)
            if not errors:
                self.match = self.kind.start(self.registry, names, numbers, random.Random(self._seed), self.computers)
        except SetupError as error:
            label = self._label(error.key)
            errors[label] = refusal(error, self.form.get(label, ""))
        kept = {label: message for label, message in self.errors.items() if label == NEW_USER}
        self.errors = {**kept, **errors}
        if errors:
            self.status = refused(_("Not started."), errors, self._texts())
            return False
        self._seed = None  # the seed decides the first match only
        self.confirming = False
        self._reset_draft()
        self.status = " ".join([_(STARTED[self.mode]), self.prompt])
        return True

    def _registered(self, name: str) -> str | None:
        user = self.registry.find(name)
        return user.name if user else None

    def _label(self, key: str) -> str:
        """The label of the field a refusal's `key` names."""
        labels = {field.key: field.label for field in self.fields}
        return labels.get(key, NEW_USER if key == Field(NEW_USER, "text", "", "").key else key)

    def _texts(self) -> dict[str, str]:
        """Each field's label as shown, by its label."""
        return {field.label: field.shown for field in self.fields} | {NEW_USER: _(NEW_USER)}

    def _fill_form(self, match: Match) -> None:
        """The form as it was for `match`, for Quit and for a resumed match."""
        self._count = len(match.players)
        for seat, player in enumerate(match.players, 1):
            self.form[f"Player {seat} name"] = player.name
        for field in self.kind.numbers:
            self.form[field.label] = str(field.of(match))

    # Tournament users

    @property
    def registering(self) -> bool:
        """Whether the page offers registration and the score board (Tournament setup and end)."""
        return self.kind.users and self.screen in (Screen.SETUP, Screen.END)

    @property
    def board(self) -> list[tuple[str, str]]:
        """The Score board: every registered user and their points, most points first."""
        return [(user.name, number(user.points)) for user in self.registry.board]

    def register(self, name: str) -> bool:
        """Register a new user; a refused name is said beside the New user name field."""
        self.form[NEW_USER] = name
        try:
            user = self.registry.register(name)
        except SetupError as error:
            self.errors[NEW_USER] = refusal(error, name)
            self.status = refused(_("Not registered."), {NEW_USER: self.errors[NEW_USER]}, self._texts())
            return False
        self.errors.pop(NEW_USER, None)
        self.form[NEW_USER] = ""
        self.status = _("{name} is registered, with 0 points.").format(name=user.name)
        return True

    # The match

    @property
    def screen(self) -> Screen:
        match = self.match
        if match is None:
            return Screen.SETUP
        phase = match.phase
        if phase is Phase.FINISHED:
            return Screen.END
        if phase is Phase.HANDOVER:
            return Screen.HANDOVER
        if phase is Phase.SECRET:
            return Screen.SECRET
        assert match.player is not None
        return Screen.WATCH if match.player.computer else Screen.GUESS

    @property
    def config(self) -> Config | None:
        return self.match.config if self.match else None

    @property
    def actor(self) -> str | None:
        player = self.match.player if self.match else None
        return player.name if player else None

    def _stage(self, attempt: Attempt) -> str:
        """``Run 1 of 2`` or ``Round 3 of 5``; nothing in a Tournament (one stage)."""
        assert self.match is not None
        if not self.kind.stage:
            return ""
        return _(self.kind.stage).format(round=attempt.round, rounds=self.match.rounds)

    def _staged(self, attempt: Attempt, sentence: str) -> str:
        """`sentence` after the run or round it is said in (``Run 1 of 2: ...``)."""
        stage = self._stage(attempt)
        # Translators: a sentence said in a run or round of a match, e.g. "Run 1 of 2: Ann, break Bob's code: ...".
        return _("{stage}: {sentence}").format(stage=stage, sentence=sentence) if stage else sentence

    def _whose(self, attempt: Attempt) -> str:
        """Whose code `attempt` breaks: ``Ann's code``, or ``the code`` when the computer drew it."""
        # Translators: the code a player breaks, as said in "Ann, break {code}: 5 guesses left."
        return _("{maker}'s code").format(maker=attempt.maker) if attempt.maker else _("the code")

    def _left(self, count: int) -> str:
        """How many guesses (attempts, in a Tournament) are left: ``5 guesses left``."""
        if self.kind.guess == "attempt":
            return ngettext("{count} attempt left", "{count} attempts left", count).format(count=count)
        return ngettext("{count} guess left", "{count} guesses left", count).format(count=count)

    def _left_sentence(self, count: int) -> str:
        """The sentence saying how many guesses (attempts) are left: ``5 guesses left.``"""
        if self.kind.guess == "attempt":
            return ngettext("{count} attempt left.", "{count} attempts left.", count).format(count=count)
        return guesses_left(count)

    def _made(self, count: int) -> str:
        """A count of guesses (attempts, in a Tournament): ``3 guesses``."""
        if self.kind.guess == "attempt":
            return ngettext("{count} attempt", "{count} attempts", count).format(count=count)
        return ngettext("{count} guess", "{count} guesses", count).format(count=count)

    @property
    def prompt(self) -> str:
        match, screen = self.match, self.screen
        if screen is Screen.SETUP:
            return _(self.kind.what)
        assert match is not None
        if screen is Screen.END:
            return _("Match over: {result}. Press Play again or Quit.").format(result=match.result)
        attempt, player = match.attempt, match.player
        assert attempt is not None and player is not None
        if screen is Screen.HANDOVER:
            return _("Hand over to {player}, then press Ready.").format(player=player)
        if screen is Screen.SECRET:
            return self._staged(attempt, _("{player}, set the code for {breaker} to break, then press Set secret. "
                                           "{breaker}, look away.").format(player=player, breaker=attempt.breaker))
        left = self._left(attempt.guesses_left)
        if screen is Screen.WATCH:
            return self._staged(attempt, _("{player} is breaking {code}: {left}.").format(
                player=player, code=self._whose(attempt), left=left))
        return self._staged(attempt, _("{player}, break {code}: {left}.").format(player=player, code=self._whose(attempt), left=left))

    @property
    def banner(self) -> tuple[str, str]:
        """The turn banner: a heading (whose turn, run or round) and a line (guesses left)."""
        match, screen = self.match, self.screen
        if match is None:
            return self.title, ""
        if screen is Screen.END:
            result = match.result
            assert result is not None
            return (_("Tie") if result.tie else str(result)), self._totals(result)
        attempt, player = match.attempt, match.player
        assert attempt is not None and player is not None
        stage = self._stage(attempt)
        if screen is Screen.HANDOVER:
            return _("Hand over to {player}").format(player=player), stage
        if screen is Screen.SECRET:
            return _("{player} sets the code for {breaker}").format(player=player, breaker=attempt.breaker), stage
        turn = _("{player} breaks {code}").format(player=player, code=self._whose(attempt))
        left = self._left(attempt.guesses_left)
        # Translators: the turn banner's line: the run or round, then how many guesses are left ("Run 1 of 2, 5 guesses left").
        return turn, _("{stage}, {left}").format(stage=stage, left=left) if stage else left

    @property
    def handover(self) -> str:
        """What the hand-over screen says."""
        player = self.match.player if self.match else None
        return _("Pass the screen to {player}. {player}, press Ready when nobody else can see the screen.").format(player=player)

    @property
    def rows(self) -> list[Row]:
        """The History table of the player whose turn it is (nothing on the other screens)."""
        if self.screen not in (Screen.GUESS, Screen.WATCH):
            return []
        assert self.match is not None and self.match.attempt is not None
        return history_rows(self.match.history, self.match.config)

    @property
    def history_caption(self) -> str:
        attempt = self.match.attempt if self.match and self.screen in (Screen.GUESS, Screen.WATCH) else None
        return _("{player}'s guesses").format(player=attempt.breaker) if attempt else _("Guesses")

    @property
    def scores(self) -> list[Score]:
        """The Scores table: one row per player, updated after every move."""
        if self.match is None:
            return []
        acting = self.match.player.name if self.match.player and self.screen is not Screen.HANDOVER else None
        return [
            Score(row.name, _("no points (computer)") if row.points is None else number(row.points), row.name == acting)
            for row in self.match.scores
        ]

    def _totals(self, result: Result) -> str:
        totals = [ngettext("{name} {count} point", "{name} {count} points", row.points).format(name=row.name, count=number(row.points))
                  for row in result.scores if row.points is not None]
        # Translators: {totals} lists each player's points, e.g. "Ann 3 points, Bob 1 point".
        return _("Totals: {totals}.").format(totals=", ".join(totals))

    @property
    def recap(self) -> list[str]:
        """The end screen's account of every attempt, in the order played."""
        if self.match is None or not self.match.finished:
            return []
        lines = []
        for attempt in self.match.attempts:
            outcome = (_("{breaker} broke {code} {secret} in {made}.") if attempt.won
                       else _("{breaker} did not break {code} {secret} in {made}."))
            lines.append(self._staged(attempt, outcome.format(
                breaker=attempt.breaker, code=self._whose(attempt), secret=shown(attempt.secret, self.config),
                made=self._made(attempt.guesses_made))))
        return lines

    def ready(self) -> None:
        """The person handed the screen confirms they are there."""
        match = self.match
        if self.screen is not Screen.HANDOVER:
            self.status = " ".join([_("Nobody needs to press Ready now."), self.prompt])
            return
        assert match is not None and match.player is not None  # a hand-over is always to someone
        match.ready(match.player.name)
        self.status = self.prompt

    def _set_secret(self, letters: str) -> None:
        match = self.match
        assert match is not None and match.player is not None
        maker = match.player.name
        match.set_secret(maker, letters)
        self.status = " ".join([_("{maker} set the code.").format(maker=maker), self._next()])

    def _played(self) -> tuple[str, ...]:
        """The guesses of the breaker whose turn it is (none while a code is being set)."""
        if self.screen is not Screen.GUESS or self.match is None:
            return ()
        return tuple(str(guess) for guess, _result in self.match.history)

    def _guess(self, letters: str) -> None:
        match = self.match
        assert match is not None and match.player is not None
        attempt = match.guess(match.player.name, letters)
        self.status = f"{self._said(attempt)} {self._next()}"

    def _said(self, attempt: Attempt) -> str:
        """The sentence announcing the last guess of `attempt`, and its end if it ended."""
        guess, result = attempt.history[-1]
        said = _("{breaker} guessed {code}: {score}.").format(
            breaker=attempt.breaker, code=shown(guess, self.config), score=feedback_words(result))
        if attempt.won:
            ended = _("{breaker} broke {code} in {made}.").format(
                breaker=attempt.breaker, code=self._whose(attempt), made=self._made(attempt.guesses_made))
        elif attempt.lost:
            out = (_("{breaker} is out of attempts; the code was {secret}.") if self.kind.guess == "attempt"
                   else _("{breaker} is out of guesses; the code was {secret}."))
            ended = out.format(breaker=attempt.breaker, secret=shown(attempt.secret, self.config))
        else:
            ended = self._left_sentence(attempt.guesses_left)
        return f"{said} {ended}"

    def _next(self) -> str:
        """What comes next, after a move: the next prompt, or the end of the match."""
        if self.screen is Screen.END:
            assert self.match is not None and self.match.result is not None
            result = self.match.result
            over = " ".join([_("Match over: {result}.").format(result=result), self._totals(result)])
            return " ".join([over, _("Points added to the score board.")]) if self.kind.users else over
        return self.prompt

    # Computer players

    @property
    def computer_due(self) -> bool:
        """Whether a computer player's guess is due (the page asks the engine, then plays it)."""
        return self.screen is Screen.WATCH

    @property
    def thinking(self) -> str:
        player = self.match.player if self.match else None
        return _("{player} is thinking...").format(player=player) if self.computer_due else ""

    def breaker(self) -> Any:
        """The codebreaker of the computer player whose guess is due; its ``think(history)``
        gives the guess in slices (the engine loads on first use)."""
        assert self.match is not None
        return self.autoplay.breaker(self.match)

    @property
    def history(self) -> tuple[Turn, ...]:
        """The history the computer player thinks about."""
        return self.match.history if self.match else ()

    @property
    def seat(self) -> str | None:
        """The saved strategy whose guess is due (asked of the Lab's worker), if the player due is one."""
        match = self.match
        if match is None or match.player is None or not self.computer_due:
            return None
        return match.player.name if isinstance(match, Tournament) and match.player.name in match.strategies else None

    def forfeit(self, sentence: str) -> None:
        """The strategy due failed (`sentence` says how): it gives its attempt up, the match goes on."""
        name = self.seat
        if name is None or self.match is None:
            raise MoveError("no strategy's guess is due")
        self.match.resign(name)
        self.status = " ".join([_("{breaker} failed: {sentence}").format(breaker=name, sentence=sentence), self._next()])

    def play_computer(self, guess: Code) -> None:
        """Play the computer player's `guess` (from :meth:`breaker`)."""
        match = self.match
        if not self.computer_due:
            raise MoveError("no computer player's guess is due")
        assert match is not None and match.player is not None  # a computer player is due
        attempt = match.guess(match.player.name, guess)
        self.status = f"{self._said(attempt)} {self._next()}"

    # After the match, or instead of it

    def play_again(self) -> None:
        """A new match with the same players and numbers."""
        match = self.match
        if match is None or not match.finished:
            self.status = " ".join([_("Finish the match first."), self.prompt])
            return
        self._fill_form(match)
        self.start()

    def quit(self) -> None:
        """Back to the setup form, filled as for the last match."""
        if self.match is not None:
            self._fill_form(self.match)
        self.match = None
        self.confirming = False
        self._reset_draft()
        self.errors = {}
        self.status = self.prompt

    def saved(self) -> dict[str, Any] | None:
        return self.match.to_dict() if self.match else None


def resumed_view(mode: str, rules: Config, registry: Registry, data: Mapping[str, Any] | None,
                 seed: int | None = None) -> MatchView | ComputerView:
    """The view of `mode` (a match mode, or Computer breaks your code under Solo's `rules`), going
    on with the game stored as `data`; one that cannot be resumed (a tournament among users the
    registry no longer has) leaves the setup form, which says so."""
    game: Match | CodeChallenge | None = None
    lost = False
    try:
        if data is not None:
            game = CodeChallenge.from_dict(data) if mode == CodeChallenge.mode else load_match(data, registry)
    except ValueError:
        lost = True
    view: MatchView | ComputerView
    if mode == CodeChallenge.mode:
        view = ComputerView(rules, game if isinstance(game, CodeChallenge) else None, seed)
    else:
        view = MatchView(mode, registry, game if isinstance(game, Match) else None, seed)
    if lost:
        view.not_resumed()
    return view
