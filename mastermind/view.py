"""The Solo page as plain values: what the board shows and what the status line says.

The browser adapter (``static/app.py``) turns DOM events into calls on :class:`SoloView` and
draws what its properties describe; every decision about wording, which pegs to show and what a
key or a form field means is made here, where it can be unit-tested without a browser.

>>> from mastermind.storage import load
>>> view = SoloView(load(None), seed=1)
>>> [view.press(key) for key in ["r", "g", "b", "y", "Enter"]]
[True, True, True, True, True]
>>> view.rows[0].letters, view.rows[0].feedback
('RGBY', '1 black, 2 white')
>>> view.status
'Guess 1, RGBY: 1 black, 2 white. 11 guesses left.'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

from .code import CodeError
from .config import MAX_COLORS, MAX_GUESSES, MAX_PEGS, MIN_COLORS, MIN_GUESSES, MIN_PEGS, Config, ConfigError
from .game import Game
from .palette import Color
from .stats import Record
from .storage import Saved, Settings

MODE = "solo"


class Params(NamedTuple):
    """What the page's URL asks for."""

    seed: int | None
    reveal: bool
    mode: str


def parse_params(query: str) -> Params:
    """Read ``?seed=N&reveal=1&mode=...``; a value that makes no sense is ignored.

    >>> parse_params("?seed=42&reveal=1")
    Params(seed=42, reveal=True, mode='solo')
    >>> parse_params("?seed=abc&reveal=0&mode=duel")
    Params(seed=None, reveal=False, mode='duel')
    """
    # Split by hand: urllib.parse costs 100 ms to import in the browser, and no value here needs decoding.
    values = dict(part.partition("=")[::2] for part in query.lstrip("?").split("&"))
    seed_text = values.get("seed", "").strip()
    seed = int(seed_text) if seed_text.removeprefix("-").isdecimal() else None
    return Params(seed, values.get("reveal", "").lower() in {"1", "true", "yes"}, values.get("mode", "").lower() or MODE)


class Row(NamedTuple):
    """One line of the history table."""

    number: int
    guess: tuple[Color, ...]
    letters: str
    keys: tuple[str, ...]
    """One entry per peg: ``"exact"``, ``"near"`` or ``"none"``, exact ones first."""
    feedback: str
    left: int


FORM_FIELDS: dict[str, str] = {
    "pegs": "pegs",
    "colors": "colors",
    "max_guesses": "guesses",
    "allow_duplicates": "duplicates",
    "key_color": "key_color",
    "letters": "letters",
    "order": "order",
}
"""Settings (as :class:`ConfigError` names them) to the settings form's field names."""

_NUMBERS = {"pegs": (MIN_PEGS, MAX_PEGS), "colors": (MIN_COLORS, MAX_COLORS), "guesses": (MIN_GUESSES, MAX_GUESSES)}


def form_values(settings: Settings) -> dict[str, str | bool]:
    """The settings form's fields filled from `settings`.

    >>> form_values(Settings())
    {'pegs': '4', 'colors': '6', 'guesses': '12', 'duplicates': True, 'key_color': 'black', 'letters': True, 'order': 'bottom'}
    """
    config = settings.config
    return {
        "pegs": str(config.pegs),
        "colors": str(len(config.colors)),
        "guesses": str(config.max_guesses),
        "duplicates": config.allow_duplicates,
        "key_color": settings.key_color,
        "letters": settings.letters,
        "order": settings.order,
    }


def read_form(fields: Mapping[str, str | bool]) -> tuple[Settings | None, dict[str, str]]:
    """The settings a filled form asks for, or ``None`` and a message per wrong field.

    Numbers are read here; every rule is the package's (:class:`Config`, :class:`Settings`), whose
    error names the setting, so the message lands beside the right field.

    >>> read_form({**form_values(Settings()), "pegs": "5"})[0].config.pegs
    5
    >>> read_form({**form_values(Settings()), "pegs": "nine"})
    (None, {'pegs': 'Enter a whole number from 1 to 8.'})
    >>> read_form({**form_values(Settings()), "guesses": "0"})
    (None, {'guesses': 'Guesses must be from 1 to 20, not 0.'})
    >>> read_form({**form_values(Settings()), "pegs": "7", "duplicates": False})[1]
    {'duplicates': 'Allow duplicates: without duplicates a code of 7 pegs needs at least 7 colours, the palette has 6.'}
    """
    numbers: dict[str, int] = {}
    errors: dict[str, str] = {}
    for name, (low, high) in _NUMBERS.items():
        text = str(fields.get(name, "")).strip()
        if text.isdecimal():
            numbers[name] = int(text)
        else:
            errors[name] = f"Enter a whole number from {low} to {high}."
    if errors:
        return None, errors
    try:
        settings = Settings(
            Config(
                pegs=numbers["pegs"],
                colors=numbers["colors"],
                max_guesses=numbers["guesses"],
                allow_duplicates=fields.get("duplicates") is True,
            ),
            key_color=str(fields.get("key_color")),
            letters=fields.get("letters") is True,
            order=str(fields.get("order")),
        )
    except ConfigError as error:
        return None, {FORM_FIELDS[error.setting]: _sentence(error)}
    return settings, {}


_LABELS = {
    "pegs": "Pegs",
    "colors": "Colors",
    "max_guesses": "Guesses",
    "allow_duplicates": "Allow duplicates",
    "key_color": "Key pegs",
    "letters": "Letters on pegs",
    "order": "Board order",
}


def _sentence(error: ConfigError) -> str:
    text = f"{_LABELS.get(error.setting, error.setting)} {error.reason}"
    if error.reason.startswith("without"):
        text = f"{_LABELS.get(error.setting, error.setting)}: {error.reason}"
    return text.rstrip(".") + "."


def stats_lines(record: Record) -> list[tuple[str, str]]:
    """The Statistics dialog's lines for one record.

    >>> stats_lines(Record().add(won=True, guesses=4).add(won=False, guesses=12))
    [('Games played', '2'), ('Games won', '1'), ('Win rate', '50%'), ('Current streak', '0'), ('Best streak', '1')]
    """
    return [
        ("Games played", str(record.played)),
        ("Games won", str(record.won)),
        ("Win rate", f"{round(record.win_rate * 100)}%"),
        ("Current streak", str(record.current_streak)),
        ("Best streak", str(record.best_streak)),
    ]


def peg_ink(color: Color) -> str:
    """The colour to write a peg's letter in, black or white, whichever reads better on it.

    >>> peg_ink(Color("Yellow", "Y", "#f2cf1d")), peg_ink(Color("Navy", "N", "#1d2b6b"))
    ('#000', '#fff')
    """
    red, green, blue = (int(color.css[i : i + 2], 16) / 255 for i in (1, 3, 5))
    channels = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (red, green, blue)]
    luminance = 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
    # Contrast against black is (L + 0.05) / 0.05, against white 1.05 / (L + 0.05): equal at L = 0.179.
    return "#000" if luminance > 0.179 else "#fff"


def slot_words(index: int, color: Color | None) -> tuple[str, str]:
    """The accessible name and description of the guess slot `index` (from 0) holding `color`.

    The name never holds a colour's name, so "Red" names one button only: the palette's.

    >>> slot_words(0, None), slot_words(2, Color("Red", "R", "#d63131"))
    (('Slot 1', 'empty'), ('Slot 3', 'Red, press to clear'))
    """
    return f"Slot {index + 1}", "empty" if color is None else f"{color.name}, press to clear"


NOT_SAVED = "Your browser refused to store this (storage full or disabled); it will be lost on reload."


def opening_status(view: SoloView, params: Params) -> str:
    """The first announcement of the page: the new game, after a word on anything unusual.

    >>> from mastermind.storage import load
    >>> view = SoloView(load('{"version": 1, "settings": 7}'))
    >>> for sentence in opening_status(view, parse_params("?mode=duel")).split(". "):
    ...     print(sentence)
    Some saved data could not be read and was reset to the defaults
    Only Solo is available in this version
    New game: 4 pegs, 6 colours (B G O P R Y), 12 guesses, colours may repeat
    Make your first guess.
    """
    notes = []
    if view.saved.problems:
        notes.append("Some saved data could not be read and was reset to the defaults.")
    if params.mode != MODE:
        notes.append("Only Solo is available in this version.")
    return " ".join([*notes, view.status])


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 'es' if word.endswith('s') else 's'}"


@dataclass
class SoloView:
    """A Solo game on the page: the game, the guess being composed, and the words about them.

    Every input method updates :attr:`status`, the sentence the page announces. `saved` holds
    the settings and statistics; it changes when a game ends or settings are saved, and the
    adapter stores :func:`~mastermind.storage.dump` of it then.
    """

    saved: Saved
    seed: int | None = None
    reveal: bool = False

    def __post_init__(self) -> None:
        self.new_game(self.seed)

    # What is shown

    @property
    def settings(self) -> Settings:
        return self.saved.settings

    @property
    def config(self) -> Config:
        return self.game.config

    @property
    def slots(self) -> list[Color | None]:
        """The guess being composed, one entry per peg (``None``: empty)."""
        return list(self._draft)

    @property
    def rows(self) -> list[Row]:
        """The history, oldest first, or newest first when the board order is ``top``."""
        rows = []
        for number, turn in enumerate(self.game.history, 1):
            black, white = turn.feedback
            keys = ("exact",) * black + ("near",) * white + ("none",) * (self.config.pegs - black - white)
            guess = tuple(self.config.color(letter) for letter in turn.guess)
            rows.append(Row(number, guess, str(turn.guess), keys, str(turn.feedback), self.config.max_guesses - number))
        return rows[::-1] if self.settings.order == "top" else rows

    @property
    def secret(self) -> list[Color | None]:
        """The secret's pegs, or ``None`` for each while it is hidden."""
        if self.reveal or self.game.over:
            return [self.config.color(letter) for letter in self.game.secret]
        return [None] * self.config.pegs

    @property
    def secret_shown(self) -> bool:
        return self.reveal or self.game.over

    @property
    def stats(self) -> Record:
        return self.saved.stats(MODE, self.config)

    @property
    def stats_caption(self) -> str:
        """What the Statistics dialog's numbers are about: this mode under these rules."""
        return f"Solo: {self.summary}."

    @property
    def summary(self) -> str:
        """The rules of the game in play, in one line."""
        repeats = "colours may repeat" if self.config.allow_duplicates else "no colour repeats"
        return (
            f"{self.config.pegs} pegs, {len(self.config.colors)} colours "
            f"({' '.join(self.config.letters)}), {self.config.max_guesses} guesses, {repeats}"
        )

    # What the player does

    def new_game(self, seed: int | None = None) -> None:
        """Start a game with the saved settings; a seed makes its secret reproducible."""
        self.game = Game(self.settings.config, seed=seed)
        self._draft: list[Color | None] = [None] * self.config.pegs
        self.status = f"New game: {self.summary}. Make your first guess."

    def press(self, key: str) -> bool:
        """Act on a key: ``1``-``9`` and ``0`` pick the n-th colour, a colour's initial picks it,
        ``Backspace`` deletes and ``Enter`` submits. Returns whether the key meant something.

        >>> view = SoloView(Saved())
        >>> view.press("3"), view.press("b"), view.press("x"), view.press("Backspace")
        (True, True, False, True)
        >>> [color.name if color else None for color in view.slots]
        ['Orange', None, None, None]
        """
        if key == "Enter":
            self.submit()
        elif key == "Backspace":
            self.delete()
        elif len(key) == 1 and key.isdecimal():
            index = (int(key) - 1) % 10
            if index >= len(self.config.colors):
                self.status = f"There is no colour {key}; this palette has {len(self.config.colors)}."
            else:
                self.pick(self.config.colors[index].letter)
        elif len(key) == 1 and key.upper() in self.config.letters:
            self.pick(key.upper())
        else:
            return False
        return True

    def pick(self, letter: str) -> None:
        """Put the colour written `letter` in the first empty slot."""
        if self._refuse_when_over():
            return
        color = self.config.color(letter)
        if None not in self._draft:
            self.status = "The guess is full. Submit it, or delete a peg to change it."
            return
        index = self._draft.index(None)
        self._draft[index] = color
        self.status = f"{color.name} in slot {index + 1}."

    def clear(self, index: int) -> None:
        """Empty slot `index` (from 0), leaving the others where they are."""
        if self._refuse_when_over() or not 0 <= index < len(self._draft):
            return
        color, self._draft[index] = self._draft[index], None
        self.status = f"Slot {index + 1} cleared." if color else f"Slot {index + 1} is already empty."

    def delete(self) -> None:
        """Remove the last peg of the guess being composed."""
        if self._refuse_when_over():
            return
        filled = [index for index, color in enumerate(self._draft) if color]
        if not filled:
            self.status = "Nothing to delete: the guess is empty."
            return
        self.clear(filled[-1])

    def submit(self) -> bool:
        """Score the guess being composed; returns whether this guess ended the game.

        A refused guess (incomplete, or against the rules) is announced and records nothing.
        """
        if self._refuse_when_over():
            return False
        empty = [str(index + 1) for index, color in enumerate(self._draft) if color is None]
        if empty:
            where = f"slot {empty[0]} is empty" if len(empty) == 1 else f"slots {', '.join(empty)} are empty"
            self.status = f"Incomplete guess: {where}. Fill all {self.config.pegs} slots, then submit."
            return False
        letters = "".join(color.letter for color in self._draft if color)
        try:
            result = self.game.guess(letters)
        except CodeError as error:
            self.status = f"Guess refused: {error}."
            return False
        self._draft = [None] * self.config.pegs
        if self.game.won:
            self.status = f"You win! You broke the code {self.game.secret} in {_plural(self.game.guesses_made, 'guess')}."
        elif self.game.lost:
            self.status = f"You lose. Your last guess {letters} scored {result}. The secret was {self.game.secret}."
        else:
            self.status = f"Guess {self.game.guesses_made}, {letters}: {result}. {_plural(self.game.guesses_left, 'guess')} left."
        if self.game.over:
            self.saved = self.saved.record(MODE, self.game)
        return self.game.over

    def save_settings(self, fields: Mapping[str, str | bool]) -> dict[str, str]:
        """Apply a filled settings form. Returns the message of each wrong field, and changes
        nothing then; otherwise the settings are kept, and a change of rules starts a new game."""
        settings, errors = read_form(fields)
        if settings is None:
            self.status = "Settings not saved: " + " ".join(errors.values())
            return errors
        rules_changed = settings.config != self.settings.config
        self.saved = self.saved.with_settings(settings)
        if rules_changed:
            self.new_game()
            self.status = f"Settings saved. {self.status}"
        else:
            self.status = "Settings saved."
        return {}

    def _refuse_when_over(self) -> bool:
        if self.game.over:
            self.status = f"The game is over: {'you won' if self.game.won else 'you lost'}. Press New game to play again."
        return self.game.over
