"""The Duel, Race and Tournament pages as plain values: which screen, what it shows, what it says.

The browser adapter (``static/screens.py``) turns clicks and keys into calls on a
:class:`MatchView` and draws what its properties describe; the rules are the match's
(:mod:`mastermind.match`), and every word a person reads is chosen here, where it is unit-tested.
:class:`ModeView` holds what every mode other than Solo shares: the screens, the pegs being
composed and the keys; :mod:`mastermind.page.computer` builds "Computer breaks your code" on it.

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
from collections.abc import Sequence
from enum import Enum
from typing import Any, NamedTuple

from ..autoplay import Autoplay
from ..code import Code, CodeError
from ..config import Config
from ..game import Turn
from ..match import Attempt, Match, MoveError, Phase, Result
from ..palette import Color
from ..players import COMPUTER_PLAYERS, SetupError, lineup
from ..registry import Registry
from ..duel import MAX_RUNS, MIN_RUNS, Duel, check_runs
from ..race import MAX_ROUNDS, MIN_ROUNDS, Race, check_rounds
from ..tournament import MAX_ATTEMPTS, MAX_PLAYERS, MIN_ATTEMPTS, MIN_PLAYERS, Tournament, check_attempts, check_player_count
from .solo import Row


class Screen(Enum):
    """What the page shows of a mode."""

    SETUP = "setup"
    """The form that starts a game."""
    SECRET = "secret"
    """A person composes a code, hidden from the others."""
    HANDOVER = "handover"
    """The screen passes to another person, who presses Ready."""
    GUESS = "guess"
    """A person composes a guess."""
    WATCH = "watch"
    """A computer player is thinking; its guesses appear one by one."""
    END = "end"
    """The results, with Play again and Quit."""


class Field(NamedTuple):
    """One labelled field of a setup form."""

    label: str
    kind: str
    """``"text"``, ``"number"`` or ``"select"``."""
    value: str
    error: str
    low: int = 0
    high: int = 0
    options: tuple[str, ...] = ()
    """Suggestions (text) or choices (select)."""

    @property
    def key(self) -> str:
        """A name for the field in the page, from its label: ``player-1-name``."""
        return "-".join(self.label.lower().split())


class Score(NamedTuple):
    """One row of the Scores table."""

    name: str
    points: str
    current: bool
    """Whether this player acts now."""


def plural(count: int, word: str) -> str:
    """``1 guess``, ``2 guesses``, ``3 points``.

    >>> plural(1, "guess"), plural(2, "guess"), plural(0, "point")
    ('1 guess', '2 guesses', '0 points')
    """
    return f"{count} {word}" if count == 1 else f"{count} {word}{'es' if word.endswith('s') else 's'}"


def sentence(text: str) -> str:
    """`text` as a sentence of its own: a capital first, a full stop last.

    >>> sentence("enter a name"), sentence("Done.")
    ('Enter a name.', 'Done.')
    """
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


NUMBER_FIELDS: dict[str, tuple[tuple[str, int, int], ...]] = {
    "duel": (("Runs", MIN_RUNS, MAX_RUNS),),
    "race": (("Rounds", MIN_ROUNDS, MAX_ROUNDS),),
    "tournament": (("Players", MIN_PLAYERS, MAX_PLAYERS), ("Attempts", MIN_ATTEMPTS, MAX_ATTEMPTS)),
}
"""The number fields of each mode's setup form, with their ranges (the rules' own bounds)."""

_CHECKS = {"Runs": check_runs, "Rounds": check_rounds, "Players": check_player_count, "Attempts": check_attempts}

DEFAULTS = {"Runs": "2", "Rounds": "3", "Players": "2", "Attempts": "10"}


def refusal(error: SetupError, typed: str = "") -> str:
    """What a person reads beside the field a setup value was refused in; `typed` is what they
    typed there, never re-cased when the reason starts with it.

    >>> refusal(SetupError("Runs", "must be an even number from 2 to 20, not 3"))
    'Must be an even number from 2 to 20, not 3.'
    >>> refusal(SetupError("Rounds", "enter a whole number, not ''"))
    'Enter a whole number from 1 to 10.'
    >>> refusal(SetupError("Player 2 name", "ann is already in the game"), "ann")
    'ann is already in the game.'
    """
    if error.reason.startswith("enter a whole number"):
        bounds = {label: (low, high) for fields in NUMBER_FIELDS.values() for label, low, high in fields}
        if error.field in bounds:
            low, high = bounds[error.field]
            return f"Enter a whole number from {low} to {high}."
    reason = error.reason
    if typed.strip() and reason.startswith(typed.strip()):
        return reason + ("" if reason.endswith(".") else ".")
    return sentence(reason)


def refused(what: str, errors: dict[str, str]) -> str:
    """The status after a refused form: each field's message after its label.

    >>> refused("Not started", {"Player 2 name": "Enter a name.", "Runs": "Must be even."})
    'Not started. Player 2 name: Enter a name. Runs: Must be even.'
    """
    return " ".join([f"{what}.", *(f"{label}: {message}" for label, message in errors.items())])


def history_rows(history: Sequence[Turn], config: Config) -> list[Row]:
    """The History table of one breaker, as Solo's: guess letters, key pegs, guesses left."""
    rows = []
    for number, (guess, result) in enumerate(history, 1):
        keys = ("exact",) * result.black + ("near",) * result.white + ("none",) * (config.pegs - result.black - result.white)
        colors = tuple(config.color(letter) for letter in str(guess))
        rows.append(Row(number, colors, str(guess), keys, str(result), config.max_guesses - number))
    return rows


class ModeView:
    """What every mode but Solo shares: a screen, the code or guess being composed, the keys
    that compose it, and :attr:`status`, the sentence the page announces after every action."""

    mode: str
    title: str
    status: str = ""
    key_color = "black"
    """The colour of exact key pegs."""
    registering = False
    """Whether the page offers registration and the Score board now (Tournament only)."""
    scores_note = ""
    confirming = False
    """Whether the person asked to abandon the game in progress and must confirm."""

    def __init__(self) -> None:
        self._draft: list[Color | None] = []
        self._drafted_for: Config | None = None

    # What only some modes show: nothing by default.

    @property
    def board(self) -> list[tuple[str, str]]:
        return []

    @property
    def scores(self) -> list[Score]:
        return []

    @property
    def recap(self) -> list[str]:
        return []

    @property
    def handover(self) -> str:
        return ""

    @property
    def actor(self) -> str | None:
        """Who acts now, by name (None: nobody in particular); the page moves the focus when it changes."""
        return None

    # Leaving a game

    @property
    def in_progress(self) -> bool:
        """Whether a game is under way (it may be abandoned)."""
        return self.screen not in (Screen.SETUP, Screen.END)

    def quit(self) -> None:
        """Back to the setup form."""
        raise NotImplementedError

    def abandon(self) -> None:
        """Leave the game in progress; the first press asks to confirm."""
        if not self.in_progress:
            return
        if not self.confirming:
            self.confirming = True
            self.status = "Abandon this game? Its moves will be lost. Press Yes, abandon or Keep playing."
            return
        self.quit()
        self.status = f"Game abandoned. {self.prompt}"

    def keep_playing(self) -> None:
        self.confirming = False
        self.status = self.prompt

    def not_resumed(self) -> None:
        """Say that the game kept from an earlier visit could not be taken up again."""
        self.status = f"The {self.title} game kept from your last visit could not be resumed. {self.prompt}"

    # To be given by each mode.

    @property
    def screen(self) -> Screen:
        raise NotImplementedError

    @property
    def config(self) -> Config | None:
        """The rules of the game on screen (None before one starts)."""
        raise NotImplementedError

    def _set_secret(self, letters: str) -> None:
        raise NotImplementedError

    def _guess(self, letters: str) -> None:
        raise NotImplementedError

    def saved(self) -> dict[str, Any] | None:
        """The game to store after every move (its ``to_dict``), or None when none is in progress."""
        raise NotImplementedError

    # The code or guess being composed.

    @property
    def composing(self) -> bool:
        """Whether a person is composing a code or a guess now."""
        return self.screen in (Screen.SECRET, Screen.GUESS)

    @property
    def action(self) -> str:
        """The button that plays the composed pegs."""
        return "Set secret" if self.screen is Screen.SECRET else "Submit guess"

    @property
    def slots(self) -> list[Color | None]:
        """The pegs being composed, one entry per peg (``None``: empty)."""
        config = self.config
        if config is None:
            return []
        if self._drafted_for != config:
            self._drafted_for, self._draft = config, [None] * config.pegs
        return list(self._draft)

    def _reset_draft(self) -> None:
        self._drafted_for = None

    def press(self, key: str) -> bool:
        """Act on a key, as in Solo: ``1``-``9`` and ``0`` pick the n-th colour, a colour's letter
        picks it, ``Backspace`` deletes and ``Enter`` plays. Returns whether the key meant something."""
        config = self.config
        if not self.composing or config is None:
            return False
        if key == "Enter":
            self.submit()
        elif key == "Backspace":
            self.delete()
        elif len(key) == 1 and key.isdecimal():
            index = (int(key) - 1) % 10
            if index >= len(config.colors):
                self.status = f"There is no colour {key}; this palette has {len(config.colors)}."
            else:
                self.pick(config.colors[index].letter)
        elif len(key) == 1 and key.upper() in config.letters:
            self.pick(key.upper())
        else:
            return False
        return True

    def _refuse_when_not_composing(self) -> bool:
        if not self.composing:
            self.status = f"That does nothing now. {self.prompt}"
            return True
        return False

    def pick(self, letter: str) -> None:
        """Put the colour written `letter` in the first empty slot."""
        if self._refuse_when_not_composing():
            return
        slots = self.slots
        assert self.config is not None
        color = self.config.color(letter)
        if None not in slots:
            what = "code" if self.screen is Screen.SECRET else "guess"
            self.status = f"The {what} is full. Press {self.action}, or delete a peg to change it."
            return
        index = slots.index(None)
        self._draft[index] = color
        self.status = f"{color.name} in slot {index + 1}."

    def clear(self, index: int) -> None:
        """Empty slot `index` (from 0)."""
        slots = self.slots
        if self._refuse_when_not_composing() or not 0 <= index < len(slots):
            return
        color, self._draft[index] = slots[index], None
        self.status = f"Slot {index + 1} cleared." if color else f"Slot {index + 1} is already empty."

    def delete(self) -> None:
        """Remove the last peg composed."""
        if self._refuse_when_not_composing():
            return
        filled = [index for index, color in enumerate(self.slots) if color]
        if not filled:
            self.status = "Nothing to delete: no peg is set."
            return
        self.clear(filled[-1])

    def submit(self) -> None:
        """Play the composed pegs: as the secret on the SECRET screen, else as a guess. A refused
        code is announced, costs nothing and stays composed, to be fixed."""
        if self._refuse_when_not_composing():
            return
        slots = self.slots
        what = "secret" if self.screen is Screen.SECRET else "guess"
        empty = [str(index + 1) for index, color in enumerate(slots) if color is None]
        if empty:
            where = f"slot {empty[0]} is empty" if len(empty) == 1 else f"slots {', '.join(empty)} are empty"
            self.status = f"Incomplete {what}: {where}. Fill all {len(slots)} slots, then press {self.action}."
            return
        letters = "".join(color.letter for color in slots if color)
        try:
            if what == "secret":
                self._set_secret(letters)
            else:
                self._guess(letters)
        except CodeError as error:
            self.status = f"{what.capitalize()} refused: {error}."
            return
        self._reset_draft()

    @property
    def prompt(self) -> str:
        """What the page waits for, in one sentence."""
        raise NotImplementedError

    @property
    def secret(self) -> list[Color | None]:
        """The pegs of the code being broken: hidden (None each) while a breaker plays, nothing
        on the other screens."""
        config = self.config
        if config is None or self.screen not in (Screen.GUESS, Screen.WATCH):
            return []
        return [None] * config.pegs


class MatchView(ModeView):
    """A Duel, Race or Tournament on the page, from the setup form to the end screen.

    `registry` holds the Tournament's users (and gets the points of finished tournaments);
    `match` is a match to resume; `seed` makes the first match's codes, and the computer
    players' choices, reproducible.
    """

    TITLES = {"duel": "Duel", "race": "Race", "tournament": "Tournament"}

    def __init__(self, mode: str, registry: Registry | None = None, match: Match | None = None,
                 seed: int | None = None) -> None:
        super().__init__()
        if mode not in self.TITLES:
            raise ValueError(f"no match mode {mode!r}")
        self.mode = mode
        self.title = self.TITLES[mode]
        self.registry = registry if registry is not None else Registry()
        self.match = match
        self._seed = seed
        self.autoplay = Autoplay(random.Random(seed))
        self.form: dict[str, str] = dict(DEFAULTS)
        self.errors: dict[str, str] = {}
        self._count = MIN_PLAYERS
        if match is not None:
            self._fill_form(match)
            self.status = f"Welcome back to your {self.title.lower()}. {self.prompt}"
        else:
            self.status = self.prompt

    # The setup form

    @property
    def intro(self) -> str:
        """The mode's rules in a few sentences, above its form."""
        computers = " or ".join(COMPUTER_PLAYERS)
        if self.mode == "duel":
            return (
                "Two players take turns making and breaking codes over an even number of runs: 4 pegs, "
                "colours R G B P Y M, 6 guesses, no colour twice. Every wrong guess gives the code-maker "
                "a point, breaking the code gives the breaker a point, and a code not broken gives its "
                f"maker one more. Most points wins. Name a player {computers} to play the computer."
            )
        if self.mode == "race":
            return (
                "Each round, each player breaks a code drawn by the computer: 4 pegs, colours R Y B G O P, "
                "8 guesses, no colour twice. A guess costs a point, a code not broken 2 more. The lowest "
                f"total wins. Name a player {computers} to race the computer."
            )
        return (
            "Register users, then choose 2 to 4 players among them and the computer players "
            f"{' and '.join(COMPUTER_PLAYERS)}. Each player sets the code the next one breaks (colours R G B Y W K, "
            "colours may repeat); then they guess in turn. Breaking a code earns attempts allowed - "
            "attempts used + 1; each user also earns the attempts made on the code they set - 1. "
            "Points go to the score board."
        )

    @property
    def name_options(self) -> tuple[str, ...]:
        """Names to suggest in the name fields: the computer players, and registered users."""
        if self.mode == "tournament":
            return (*(user.name for user in self.registry), *COMPUTER_PLAYERS)
        return COMPUTER_PLAYERS

    @property
    def fields(self) -> list[Field]:
        """The setup form's fields, in order, with what was typed and each refusal."""
        numbers = [
            Field(label, "number", self.form.get(label, ""), self.errors.get(label, ""), low, high)
            for label, low, high in NUMBER_FIELDS[self.mode]
        ]
        names = [
            Field(label, "text", self.form.get(label, ""), self.errors.get(label, ""), options=self.name_options)
            for label in self._name_labels
        ]
        return numbers + names if self.mode == "tournament" else names + numbers

    @property
    def _name_labels(self) -> list[str]:
        return [f"Player {number} name" for number in range(1, self._count + 1)]

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
        for label, low, high in NUMBER_FIELDS[self.mode]:
            try:
                numbers[label] = _CHECKS[label](self.form.get(label, ""))
            except SetupError as error:
                errors[label] = refusal(error, self.form.get(label, ""))
        names = [self.form.get(label, "") for label in self._name_labels]
        sizes = range(MIN_PLAYERS, MAX_PLAYERS + 1) if self.mode == "tournament" else range(2, 3)
        try:
            lineup(names, sizes, self._registered if self.mode == "tournament" else None)
        except SetupError as error:
            errors[error.field] = refusal(error, self.form.get(error.field, ""))
        if not errors:
            try:
                self.match = self._new_match(names, numbers, random.Random(self._seed))
            except SetupError as error:
                errors[error.field] = refusal(error, self.form.get(error.field, ""))
        kept = {label: message for label, message in self.errors.items() if label == "New user name"}
        self.errors = {**kept, **errors}
        if errors:
            self.status = refused("Not started", errors)
            return False
        self._seed = None  # the seed decides the first match only
        self.confirming = False
        self._reset_draft()
        self.status = f"{self.title} started. {self.prompt}"
        return True

    def _registered(self, name: str) -> str | None:
        user = self.registry.find(name)
        return user.name if user else None

    def _new_match(self, names: list[str], numbers: dict[str, int], rng: random.Random) -> Match:
        if self.mode == "duel":
            return Duel(names, numbers["Runs"], rng=rng)
        if self.mode == "race":
            return Race(names, numbers["Rounds"], rng=rng)
        return Tournament(self.registry, names, numbers["Attempts"], rng=rng)

    def _fill_form(self, match: Match) -> None:
        """The form as it was for `match`, for Quit and for a resumed match."""
        self._count = len(match.players)
        for number, player in enumerate(match.players, 1):
            self.form[f"Player {number} name"] = player.name
        if self.mode == "duel":
            self.form["Runs"] = str(match.rounds)
        elif self.mode == "race":
            self.form["Rounds"] = str(match.rounds)
        else:
            self.form["Players"] = str(len(match.players))
            self.form["Attempts"] = str(match.config.max_guesses)

    # Tournament users

    @property
    def registering(self) -> bool:  # type: ignore[override]
        """Whether the page offers registration and the score board (Tournament setup and end)."""
        return self.mode == "tournament" and self.screen in (Screen.SETUP, Screen.END)

    @property
    def board(self) -> list[tuple[str, str]]:
        """The Score board: every registered user and their points, most points first."""
        return [(user.name, str(user.points)) for user in self.registry.board]

    def register(self, name: str) -> bool:
        """Register a new user; a refused name is said beside the New user name field."""
        self.form["New user name"] = name
        try:
            user = self.registry.register(name)
        except SetupError as error:
            self.errors[error.field] = refusal(error, name)
            self.status = refused("Not registered", {error.field: self.errors[error.field]})
            return False
        self.errors.pop("New user name", None)
        self.form["New user name"] = ""
        self.status = f"{user.name} is registered, with 0 points."
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

    @property
    def key_color(self) -> str:  # type: ignore[override]
        """The colour of exact key pegs: red in a Duel, as in its physical set."""
        return "red" if self.mode == "duel" else "black"

    def _stage(self, attempt: Attempt) -> str:
        """``Run 1 of 2: `` or ``Round 3 of 5: ``; nothing in a Tournament (one stage)."""
        assert self.match is not None
        if self.mode == "tournament":
            return ""
        word = "Run" if self.mode == "duel" else "Round"
        return f"{word} {attempt.round} of {self.match.rounds}: "

    def _whose(self, attempt: Attempt) -> str:
        """Whose code `attempt` breaks: ``Ann's code``, or ``the code`` when the computer drew it."""
        return f"{attempt.maker}'s code" if attempt.maker else "the code"

    @property
    def _guess_word(self) -> str:
        return "attempt" if self.mode == "tournament" else "guess"

    @property
    def prompt(self) -> str:
        match, screen = self.match, self.screen
        if screen is Screen.SETUP:
            what = {"duel": "the number of runs", "race": "the number of rounds",
                    "tournament": "the number of players and attempts"}[self.mode]
            lead = "Register users if needed, then enter" if self.mode == "tournament" else "Enter"
            return f"{self.title}: {lead[0].lower()}{lead[1:]} the players' names and {what}, then press Start."
        assert match is not None
        if screen is Screen.END:
            return f"Match over: {match.result}. Press Play again or Quit."
        attempt, player = match.attempt, match.player
        assert attempt is not None and player is not None
        if screen is Screen.HANDOVER:
            return f"Hand over to {player}, then press Ready."
        if screen is Screen.SECRET:
            return (f"{self._stage(attempt)}{player}, set the code for {attempt.breaker} to break, then press "
                    f"Set secret. {attempt.breaker}, look away.")
        left = plural(attempt.guesses_left, self._guess_word)
        if screen is Screen.WATCH:
            return f"{self._stage(attempt)}{player} is breaking {self._whose(attempt)}: {left} left."
        return f"{self._stage(attempt)}{player}, break {self._whose(attempt)}: {left} left."

    @property
    def banner(self) -> tuple[str, str]:
        """The turn banner: a heading (whose turn, run or round) and a line (guesses left)."""
        match, screen = self.match, self.screen
        if match is None:
            return self.title, ""
        if screen is Screen.END:
            result = match.result
            assert result is not None
            return ("Tie" if result.tie else str(result)), self._totals(result)
        attempt, player = match.attempt, match.player
        assert attempt is not None and player is not None
        stage = self._stage(attempt).rstrip(": ")
        if screen is Screen.HANDOVER:
            return f"Hand over to {player}", stage
        if screen is Screen.SECRET:
            return f"{player} sets the code for {attempt.breaker}", stage
        turn = f"{player} breaks {self._whose(attempt)}"
        left = f"{plural(attempt.guesses_left, self._guess_word)} left"
        return turn, f"{stage}, {left}" if stage else left

    @property
    def handover(self) -> str:
        """What the hand-over screen says."""
        player = self.match.player if self.match else None
        return f"Pass the screen to {player}. {player}, press Ready when nobody else can see the screen."

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
        return f"{attempt.breaker}'s guesses" if attempt else "Guesses"

    @property
    def scores(self) -> list[Score]:
        """The Scores table: one row per player, updated after every move."""
        if self.match is None:
            return []
        acting = self.match.player.name if self.match.player and self.screen is not Screen.HANDOVER else None
        return [
            Score(row.name, "no points (computer)" if row.points is None else str(row.points), row.name == acting)
            for row in self.match.scores
        ]

    @property
    def scores_note(self) -> str:  # type: ignore[override]
        return "Lowest total wins." if self.mode == "race" else "Most points wins."

    def _totals(self, result: Result) -> str:
        totals = [f"{row.name} {plural(row.points, 'point')}" for row in result.scores if row.points is not None]
        return "Totals: " + ", ".join(totals) + "."

    @property
    def recap(self) -> list[str]:
        """The end screen's account of every attempt, in the order played."""
        if self.match is None or not self.match.finished:
            return []
        lines = []
        for attempt in self.match.attempts:
            made = plural(attempt.guesses_made, self._guess_word)
            code = f"{self._whose(attempt)} {attempt.secret}"
            outcome = f"broke {code} in {made}" if attempt.won else f"did not break {code} in {made}"
            lines.append(f"{self._stage(attempt)}{attempt.breaker} {outcome}.")
        return lines

    def ready(self) -> None:
        """The person handed the screen confirms they are there."""
        match = self.match
        if self.screen is not Screen.HANDOVER or match is None or match.player is None:
            self.status = f"Nobody needs to press Ready now. {self.prompt}"
            return
        match.ready(match.player.name)
        self.status = self.prompt

    def _set_secret(self, letters: str) -> None:
        match = self.match
        assert match is not None and match.player is not None
        maker = match.player.name
        match.set_secret(maker, letters)
        self.status = f"{maker} set the code. {self._next()}"

    def _guess(self, letters: str) -> None:
        match = self.match
        assert match is not None and match.player is not None
        attempt = match.guess(match.player.name, letters)
        self.status = f"{self._said(attempt)} {self._next()}"

    def _said(self, attempt: Attempt) -> str:
        """The sentence announcing the last guess of `attempt`, and its end if it ended."""
        guess, result = attempt.history[-1]
        said = f"{attempt.breaker} guessed {guess}: {result}."
        if attempt.won:
            return f"{said} {attempt.breaker} broke {self._whose(attempt)} in {plural(attempt.guesses_made, self._guess_word)}."
        if attempt.lost:
            return f"{said} {attempt.breaker} is out of {self._guess_word}es; the code was {attempt.secret}."
        return f"{said} {plural(attempt.guesses_left, self._guess_word)} left."

    def _next(self) -> str:
        """What comes next, after a move: the next prompt, or the end of the match."""
        if self.screen is Screen.END:
            assert self.match is not None and self.match.result is not None
            result = self.match.result
            board = " Points added to the score board." if self.mode == "tournament" else ""
            return f"Match over: {result}. {self._totals(result)}{board}"
        return self.prompt

    # Computer players

    @property
    def computer_due(self) -> bool:
        """Whether a computer player's guess is due (the page asks the engine, then plays it)."""
        return self.screen is Screen.WATCH

    @property
    def thinking(self) -> str:
        player = self.match.player if self.match else None
        return f"{player} is thinking..." if self.computer_due else ""

    def breaker(self) -> Any:
        """The codebreaker of the computer player whose guess is due; its ``think(history)``
        gives the guess in slices (the engine loads on first use)."""
        assert self.match is not None
        return self.autoplay.breaker(self.match)

    @property
    def history(self) -> tuple[Turn, ...]:
        """The history the computer player thinks about."""
        return self.match.history if self.match else ()

    def play_computer(self, guess: Code) -> None:
        """Play the computer player's `guess` (from :meth:`breaker`)."""
        match = self.match
        if not self.computer_due or match is None or match.player is None:
            raise MoveError("no computer player's guess is due")
        attempt = match.guess(match.player.name, guess)
        self.status = f"{self._said(attempt)} {self._next()}"

    # After the match, or instead of it

    def play_again(self) -> None:
        """A new match with the same players and numbers."""
        match = self.match
        if match is None or not match.finished:
            self.status = f"Finish the match first. {self.prompt}"
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
