"""What every board but Solo's shares: its screens, its setup form's fields, its scores, and the
:class:`ModeView` that :mod:`mastermind.page.modes` (Duel, Race, Tournament) and
:mod:`mastermind.page.computer` (Computer breaks your code) build on.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, NamedTuple

from ..config import Config, read_number
from ..errors import SetupError
from ..i18n import _
from ..palette import Color
from .draft import Composer

SOLO_ONLY = ("new-game", "daily", "day-form", "challenge-open", "open-settings")
"""Header controls about the Solo board, hidden in the other modes (the daily's Day and Play day
with Daily challenge: a day chosen elsewhere would start on a hidden board)."""


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
    text: str = ""
    """The label as shown, in the language in use (the label itself names the field in the form and the page)."""

    @property
    def shown(self) -> str:
        """The label a person reads: `text`, else the label through the catalog."""
        return self.text or _(self.label)

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


def refusal(error: SetupError, typed: str = "", bounds: tuple[int, int] | None = None) -> str:
    """What a person reads beside the field a setup value was refused in; `typed` is what they
    typed there, never re-cased when the reason starts with it; `bounds` are a number field's.

    >>> refusal(SetupError("runs", "must be an even number from 2 to 20, not 3"))
    'Must be an even number from 2 to 20, not 3.'
    >>> refusal(SetupError("rounds", "enter a whole number, not ''"), "", (1, 10))
    'Enter a whole number from 1 to 10.'
    >>> refusal(SetupError("player-2-name", "ann is already in the game"), "ann")
    'ann is already in the game.'
    """
    if bounds is not None and read_number(typed) is None:  # not a number at all: say which numbers
        return _("Enter a whole number from {low} to {high}.").format(low=bounds[0], high=bounds[1])
    reason = error.reason.strip()
    if typed.strip() and reason.startswith(typed.strip()):
        return reason + ("" if reason.endswith(".") else ".")
    return reason[:1].upper() + reason[1:] + ("" if reason.endswith((".", "!", "?")) else ".")


def refused(what: str, errors: dict[str, str], texts: dict[str, str] | None = None) -> str:
    """The status after a refused form (`what`, a sentence, its full stop added if need be): each field's message after its label
    (as `texts` shows it, if given).

    >>> refused("Not started.", {"Player 2 name": "Enter a name.", "Runs": "Must be even."})
    'Not started. Player 2 name: Enter a name. Runs: Must be even.'
    """
    shown = texts or {}
    # Translators: a refused field of a form, e.g. "Runs: Must be an even number from 2 to 20, not 3."
    fields = (_("{field}: {message}").format(field=shown.get(label, label), message=message) for label, message in errors.items())
    return " ".join([what if what.endswith((".", "!", "?")) else f"{what}.", *fields])


class ModeView(Composer):
    """What every mode but Solo shares: a screen, the code or guess being composed, the keys
    that compose it, and :attr:`status`, the sentence the page announces after every action."""

    mode: str
    title: str
    status: str = ""
    key_color = "black"
    """The colour of exact key pegs."""
    scores_note = ""
    confirming = False
    """Whether the person asked to abandon the game in progress and must confirm."""

    # What only some modes show: nothing by default.

    @property
    def registering(self) -> bool:
        """Whether the page offers registration and the Score board now (Tournament only)."""
        return False

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
            self.status = _("Abandon this game? Its moves will be lost. Press Yes, abandon or Keep playing.")
            return
        self.quit()
        self.status = " ".join([_("Game abandoned."), self.prompt])

    def keep_playing(self) -> None:
        self.confirming = False
        self.status = self.prompt

    @property
    def fields(self) -> list[Field]:
        """The setup form's fields, in order, with what was typed and each refusal."""
        raise NotImplementedError

    def edit(self, label: str, value: str) -> None:
        """Keep what was typed into the field `label`."""
        raise NotImplementedError

    def not_resumed(self) -> None:
        """Say that the game kept from an earlier visit could not be taken up again."""
        # Translators: {mode} is a mode's name, e.g. "Duel" or "Computer breaks your code".
        said = _("The {mode} game kept from your last visit could not be resumed.").format(mode=self.title)
        self.status = " ".join([said, self.prompt])

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
        return _("Set secret") if self.screen is Screen.SECRET else _("Submit guess")

    @property
    def what(self) -> str:
        return "secret" if self.screen is Screen.SECRET else "guess"

    def press(self, key: str) -> bool:
        return self.composing and super().press(key)

    def _not_now(self) -> str | None:
        return None if self.composing else " ".join([_("That does nothing now."), self.prompt])

    def _play(self, letters: str) -> None:
        if self.screen is Screen.SECRET:
            self._set_secret(letters)
        else:
            self._guess(letters)

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
