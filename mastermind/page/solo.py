"""The Solo page as plain values: what the board shows and what the status line says.

The browser adapter (``static/app.py``) turns DOM events into calls on :class:`SoloView` and
draws what its properties describe; every decision about wording, which pegs to show and what a
key or a form field means is made here, where it can be unit-tested without a browser.

>>> view = SoloView(Saved(), seed=1)
>>> [view.press(key) for key in ["r", "g", "b", "y", "Enter"]]
[True, True, True, True, True]
>>> view.rows[0].letters, view.rows[0].feedback
('RGBY', '1 black, 2 white')
>>> view.status
'Guess 1, RGBY: 1 black, 2 white. 11 guesses left.'
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..challenge import PARAMETER as CHALLENGE_PARAMETER
from ..challenge import Challenge
from ..code import Code
from ..config import MAX_COLORS, MAX_GUESSES, MAX_PEGS, MIN_COLORS, MIN_GUESSES, MIN_PEGS, Config, read_number
from ..errors import ChallengeError, CodeError, ConfigError
from ..game import Game, Turn
from ..hard import SWITCH_REFUSAL
from ..palette import Color
from ..presets import CUSTOM, preset_named, preset_of
from .appearance import SHARE_GRIDS, ink, share_words
from .daily import DayPlay, chosen_day, daily_title, share_text
from .draft import Composer
from .state import PAGE_MODES, InProgress, Saved, Settings
from .stats import Record, record_key
from .words import PRACTICE, REPLAYED, plural, rules_line

MODE = "solo"
DAILY = "daily"
"""The daily challenge is played on the Solo board; its games are filed under this mode."""
CHALLENGE = "challenge"
"""A friend's challenge link is played on the Solo board too, and counted apart under this mode."""


class Params(NamedTuple):
    """What the page's URL asks for."""

    seed: int | None
    reveal: bool
    mode: str
    challenge: str | None = None
    """The token of a challenge link, as it stands in the address (checked when opened)."""

    @property
    def first_visit_help(self) -> bool:
        """Whether How to play may open by itself on a first visit: not for a link that opens a
        particular game (a seed, a challenge, another mode)."""
        return self.seed is None and self.challenge is None and self.mode == MODE


def parse_params(query: str) -> Params:
    """Read ``?seed=N&reveal=1&mode=...&challenge=...``; a value that makes no sense is ignored.

    >>> parse_params("?seed=42&reveal=1")
    Params(seed=42, reveal=True, mode='solo', challenge=None)
    >>> parse_params("?seed=abc&reveal=0&mode=duel")
    Params(seed=None, reveal=False, mode='duel', challenge=None)
    >>> parse_params("?seed=" + "9" * 5000).seed is None
    True
    >>> parse_params("?challenge=WlzqQVC9-x4HDip3q6HlyUnAbg").challenge
    'WlzqQVC9-x4HDip3q6HlyUnAbg'
    """
    values = _query_values(query)
    seed_text = values.get("seed", "").strip()
    seed = read_number(seed_text) if seed_text else None
    return Params(
        seed,
        values.get("reveal", "").lower() in {"1", "true", "yes"},
        values.get("mode", "").lower() or MODE,
        values.get(CHALLENGE_PARAMETER) or None,
    )


def _query_values(query: str) -> dict[str, str]:
    # Split by hand: urllib.parse costs 100 ms to import in the browser, and no value here needs decoding.
    return dict(part.partition("=")[::2] for part in query.lstrip("?").split("&"))


def challenge_url(page: str, challenge: Challenge) -> str:
    """The link that opens `challenge` on the page at address `page` (without its query).

    >>> challenge_url("https://example.org/mastermind/", Challenge.make(Config(), "RGBY", hard=True))
    'https://example.org/mastermind/?challenge=WlzqQVC9-x4HDip3q6HlyUnAbg'
    """
    return f"{page}?{CHALLENGE_PARAMETER}={challenge.token}"


def opening_mode(query: str, shown_last: str) -> str:
    """The mode the page opens in: the one ``?mode=`` names, else the one shown when the page was
    left (its game resumes); Solo for a mode that does not exist, and for a challenge link.

    >>> opening_mode("?mode=Race", "duel"), opening_mode("?seed=1", "duel"), opening_mode("?mode=chess", "duel")
    ('race', 'duel', 'solo')
    >>> opening_mode("?challenge=WlzqQVC9-x4HDip3q6HlyUnAbg", "duel")
    'solo'
    """
    asked = "mode" in _query_values(query)
    params = parse_params(query)
    if params.challenge and not asked:
        return MODE  # a friend's challenge is played on the Solo board
    mode = params.mode if asked else shown_last
    return mode if mode in PAGE_MODES else MODE


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
    "assist": "assist",
    "hard": "hard",
    "colours": "colours",
    "theme": "theme",
}
"""Settings (as :class:`ConfigError` names them) to the settings form's field names."""

_NUMBERS = {"pegs": (MIN_PEGS, MAX_PEGS), "colors": (MIN_COLORS, MAX_COLORS), "guesses": (MIN_GUESSES, MAX_GUESSES)}


def history_rows(history: Sequence[Turn], config: Config) -> list[Row]:
    """The History table of one breaker, as Solo's: guess letters, key pegs, guesses left."""
    rows = []
    for number, (guess, result) in enumerate(history, 1):
        keys = ("exact",) * result.black + ("near",) * result.white + ("none",) * (config.pegs - result.black - result.white)
        colors = tuple(config.color(letter) for letter in str(guess))
        rows.append(Row(number, colors, str(guess), keys, str(result), config.max_guesses - number))
    return rows


def _rule_fields(config: Config) -> dict[str, str | bool]:
    return {
        "pegs": str(config.pegs),
        "colors": str(len(config.colors)),
        "guesses": str(config.max_guesses),
        "duplicates": config.allow_duplicates,
    }


def form_values(settings: Settings) -> dict[str, str | bool]:
    """The settings form's fields filled from `settings`; `preset` names the preset its rules
    are (:mod:`mastermind.presets`).

    >>> form_values(Settings())
    ... # doctest: +NORMALIZE_WHITESPACE
    {'preset': 'Classic', 'pegs': '4', 'colors': '6', 'guesses': '12', 'duplicates': True,
     'key_color': 'black', 'letters': True, 'order': 'bottom', 'assist': False, 'hard': False,
     'colours': 'standard', 'theme': 'system'}
    """
    return {
        "preset": preset_of(settings.config),
        **_rule_fields(settings.config),
        "key_color": settings.key_color,
        "letters": settings.letters,
        "order": settings.order,
        "assist": settings.assist,
        "hard": settings.hard,
        "colours": settings.colours,
        "theme": settings.theme,
    }


def preset_fields(name: str) -> dict[str, str | bool]:
    """The rule fields a choice of the ``Preset`` field fills in (none for Custom, or for a
    name that is not a choice).

    >>> preset_fields("Super")
    {'pegs': '5', 'colors': '8', 'guesses': '12', 'duplicates': True}
    >>> preset_fields("Custom")
    {}
    """
    try:
        preset = preset_named(name)
    except ValueError:
        return {}
    return _rule_fields(preset.config) if preset else {}


def form_preset(fields: Mapping[str, str | bool]) -> str:
    """The preset the form's rule fields make, as they are being edited: Custom as soon as they
    are no preset's (or not yet valid).

    >>> form_preset({"pegs": "5", "colors": "8", "guesses": "12", "duplicates": True})
    'Super'
    >>> form_preset({"pegs": "5", "colors": "8", "guesses": "1x", "duplicates": True})
    'Custom'
    """
    settings, _ = read_form({**form_values(Settings()), **fields})
    return preset_of(settings.config) if settings else CUSTOM


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
        number = read_number(str(fields.get(name, "")))
        if number is None:
            errors[name] = f"Enter a whole number from {low} to {high}."
        else:
            numbers[name] = number
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
            assist=fields.get("assist") is True,
            hard=fields.get("hard") is True,
            colours=str(fields.get("colours", "standard")),
            theme=str(fields.get("theme", "system")),
        )
    except ConfigError as error:
        return None, {FORM_FIELDS[error.key]: _sentence(error)}
    return settings, {}


_LABELS = {
    "pegs": "Pegs",
    "colors": "Colors",
    "max_guesses": "Guesses",
    "allow_duplicates": "Allow duplicates",
    "key_color": "Key pegs",
    "letters": "Letters on pegs",
    "order": "Board order",
    "assist": "Solver assist",
    "hard": "Hard mode",
    "colours": "Colours",
    "theme": "Theme",
}


def _sentence(error: ConfigError) -> str:
    text = f"{_LABELS.get(error.key, error.key)} {error.reason}"
    if error.reason.startswith("without"):
        text = f"{_LABELS.get(error.key, error.key)}: {error.reason}"
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
    return ink(color.css)


def slot_words(index: int, color: Color | None) -> tuple[str, str]:
    """The accessible name and description of the guess slot `index` (from 0) holding `color`.

    The name never holds a colour's name, so "Red" names one button only: the palette's.

    >>> slot_words(0, None), slot_words(2, Color("Red", "R", "#d63131"))
    (('Slot 1', 'empty'), ('Slot 3', 'Red, press to clear'))
    """
    return f"Slot {index + 1}", "empty" if color is None else f"{color.name}, press to clear"


def challenge_rules(settings: Settings) -> str:
    """What the Challenge a friend dialog says of the rules a link will carry: the settings'.

    >>> challenge_rules(Settings())
    'Your friend plays your rules: 4 pegs, 6 colours (B G O P R Y), 12 guesses, colours may repeat. Type a code of 4 of the letters B G O P R Y, or draw one.'
    """
    config = settings.config
    return (
        f"Your friend plays your rules: {rules_summary(config, settings.hard)}. "
        f"Type a code of {config.pegs} of the letters {' '.join(config.letters)}, or draw one."
    )


def challenge_made(challenge: Challenge) -> str:
    """What the dialog says once the link is made.

    >>> challenge_made(Challenge.make(Config(), "RGBY"))
    'Challenge tmd03n: send this link. Whoever opens it plays your code with your rules, and their Share text names the challenge.'
    """
    return (
        f"Challenge {challenge.name}: send this link. Whoever opens it plays your code with your rules, "
        "and their Share text names the challenge."
    )


def code_refusal(error: CodeError) -> str:
    """A refused code to break, beside the field.

    >>> code_refusal(CodeError("a code has 4 pegs, this has 3"))
    'Code to break: a code has 4 pegs, this has 3.'
    """
    return f"Code to break: {error}."


CLIPBOARD_REFUSED = "The browser refused the clipboard: the link is selected, ready to copy."
LINK_COPIED = "The link is copied to the clipboard."


def use_words(number: int) -> str:
    """The accessible name of the button that copies guess `number` of the History into the
    guess being composed.

    >>> use_words(3)
    'Use guess 3'
    """
    return f"Use guess {number}"


def opening_status(view: SoloView, params: Params) -> str:
    """The first announcement of the page: the new game, after a word on anything unusual.

    >>> view = SoloView(Saved(problems=("The saved settings could not be read.",)))
    >>> for sentence in opening_status(view, parse_params("?mode=chess")).split(". "):
    ...     print(sentence)
    Some saved data could not be read and was reset to the defaults
    There is no mode 'chess'; here is Solo
    New game: 4 pegs, 6 colours (B G O P R Y), 12 guesses, colours may repeat
    Make your first guess.
    """
    notes = []
    if view.saved.problems:
        notes.append("Some saved data could not be read and was reset to the defaults.")
    if params.mode not in PAGE_MODES:
        notes.append(f"There is no mode {params.mode[:30]!r}; here is Solo.")
    return " ".join([*notes, view.status])


def rules_summary(config: Config, hard: bool = False) -> str:
    """A game's rules in one line.

    >>> rules_summary(Config(allow_duplicates=False), hard=True)
    '4 pegs, 6 colours (B G O P R Y), 12 guesses, no colour repeats, hard mode'
    """
    return rules_line(config.pegs, config.letters, config.max_guesses, config.allow_duplicates) + (", hard mode" if hard else "")


@dataclass
class SoloView(Composer):
    """A Solo game on the page: the game, the guess being composed, and the words about them.

    Every input method updates :attr:`status`, the sentence the page announces. `saved` holds
    the settings and statistics; it changes when a game ends or settings are saved, and the
    adapter stores it then (:mod:`mastermind.page.sync`), as it stores :attr:`in_progress` after
    every move.

    The same board plays the daily challenge (:meth:`start_daily`) and a friend's challenge
    (:meth:`start_challenge`); :attr:`mode` says which, and :attr:`assisted` whether a hint was
    taken in this game, so its result is counted apart, like a hard mode game's.
    """

    saved: Saved
    seed: int | None = None
    reveal: bool = False
    today: dt.date | None = None
    """The date the page last gave: an earlier day's challenge that another tab's change puts
    back on the board is still worded as an earlier day's."""

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
    def rows(self) -> list[Row]:
        """The history, oldest first, or newest first when the board order is ``top``."""
        rows = history_rows(self.game.history, self.config)
        return rows[::-1] if self.settings.order == "top" else rows

    @property
    def secret(self) -> list[Color | None]:
        """The secret's pegs, or ``None`` for each while it is hidden."""
        if self.reveal or self.game.over:
            return [self.config.color(letter) for letter in self.game.secret]
        return [None] * self.config.pegs

    @property
    def record_key(self) -> str:
        """The record the game on the board counts in: its mode, rules, hard mode and hints."""
        return record_key(self.mode, self.config, self.assisted, self.game.hard)

    @property
    def stats(self) -> Record:
        return self.saved.stats(self.mode, self.config, self.assisted, self.game.hard)

    @property
    def in_progress(self) -> InProgress | None:
        """The Solo game to keep for a reload (None while the daily challenge is on the board:
        it is kept as :attr:`day_play`)."""
        return InProgress.of(self.game, self.assisted) if self.mode == MODE else None

    @property
    def day_play(self) -> DayPlay | None:
        """The daily challenge as played so far, while it is on the board."""
        return DayPlay.of(self.game, self.assisted) if self.mode == DAILY else None

    @property
    def share(self) -> str | None:
        """The text the Share button copies: a daily or friend's challenge once it is over, named
        so that others can tell which, its grid drawn as the ``Colours`` setting says; else None."""
        title = self.share_title
        return None if title is None else share_text(title, self.game, self.assisted, SHARE_GRIDS[self.settings.colours])

    @property
    def share_spoken(self) -> str | None:
        """The same result as plain text, one line per guess, that reads well aloud; else None."""
        title = self.share_title
        return None if title is None else share_words(title, self.game, self.assisted)

    @property
    def share_title(self) -> str | None:
        """What a shared result is called: a daily or friend's challenge once it is over; else None."""
        if not self.game.over:
            return None
        if self.mode == DAILY and self.day is not None:
            return daily_title(self.day)
        if self.mode == CHALLENGE and self.challenge is not None:
            return f"challenge {self.challenge.name}"
        return None

    @property
    def uncounted(self) -> str | None:
        """Why the game on the board will not count in the statistics, or None when it will: a
        game whose secret is shown (``?reveal=1``) is practice, and a friend's challenge counts
        once, the first time its link is played to the end here."""
        if self.reveal:
            return PRACTICE
        if self.mode == CHALLENGE and self.challenge is not None and self.challenge.token in self.saved.challenges:
            return REPLAYED
        return None

    @property
    def summary(self) -> str:
        """The rules of the game in play, in one line."""
        return rules_summary(self.config, self.game.hard)

    # What the player does

    def new_game(self, seed: int | None = None) -> None:
        """Start a Solo game with the saved settings; a seed makes its secret reproducible."""
        self._start(Game(self.settings.config, seed=seed, hard=self.settings.hard), MODE)
        self.status = f"New game: {self.summary}. {self._practice()}Make your first guess."

    def start_challenge(self, token: str | None) -> None:
        """Put the challenge of a link's token on the board, under the maker's rules (the
        person's own settings stay as they are); a token that is not a challenge's leaves the
        Solo game on the board and says why."""
        try:
            challenge = Challenge.open(token or "")
        except ChallengeError as error:
            self.status = f"{error} Here is a Solo game instead. {self.status}"
            return
        self._start(challenge.game(), CHALLENGE, challenge=challenge)
        self.status = f"Challenge {challenge.name} from a friend: {self.summary}. {self._practice()}Make your first guess."

    def make_challenge(self, code: str) -> Challenge:
        """A challenge of `code` under the person's settings (rules and hard mode), for a link;
        :class:`CodeError` says why a code that breaks those rules is refused."""
        return Challenge.make(self.settings.config, code, self.settings.hard)

    def random_code(self, rng: random.Random | None = None) -> str:
        """A code the settings' rules allow, drawn for a challenge."""
        return str(Code.random(self.settings.config, rng or random.Random()))

    def resume(self, saved: InProgress, finished: bool = False) -> bool:
        """Go on with a Solo game kept from an earlier visit (or played on in another tab); one
        already over only when `finished` says so. Returns whether the game is now on the board."""
        game = saved.game()
        if game.over and not finished:
            return False
        self._start(game, MODE, assisted=saved.assisted)
        made = game.guesses_made
        if game.over:
            self.status = f"{'You won' if game.won else 'You lost'}: the secret was {game.secret}. Press New game to play again."
        else:
            self.status = (
                f"Game resumed: {self.summary}. "
                + (f"{plural(made, 'guess')} made, {plural(game.guesses_left, 'guess')} left." if made else "Make your first guess.")
            )
        return True

    def start_daily(self, day: dt.date, play: DayPlay | None, today: dt.date | None = None) -> None:
        """Put `day`'s challenge on the board, as far as it was played (one game a day); a day
        not yet begun takes hard mode from the settings. `today` (the last date given when not
        given) tells whether it is an earlier day's."""
        if today is not None:
            self.today = today
        if play is None or not play.guesses:
            play = DayPlay(assisted=play.assisted if play else False, hard=self.settings.hard)
        game = play.game(day)
        self._start(game, DAILY, assisted=play.assisted, day=day)
        title = f"Daily challenge of {day.isoformat()}"
        earlier = self.today is not None and day < self.today
        after = "Choose another day, or play today's." if earlier else "Come back tomorrow."
        if game.won:
            self.status = f"{title}: you already won it in {plural(game.guesses_made, 'guess')}. Share it. {after}"
        elif game.lost:
            self.status = f"{title}: you already played it, the secret was {game.secret}. {after}"
        elif game.guesses_made:
            self.status = f"{title}, resumed: {plural(game.guesses_made, 'guess')} made, {plural(game.guesses_left, 'guess')} left."
        else:
            everyone = "that day" if earlier else "today"
            self.status = f"{title}: the same secret for everyone {everyone}. {self.summary}. {self._practice()}Make your first guess."

    def take_hint(self, hint: Code) -> None:
        """Put the engine's proposal in the guess being composed; the game now counts as assisted."""
        if self._refused():
            return
        self._fill(str(hint))
        self.assisted = True
        self.status = f"Hint: {hint} is in your guess; submit it or change it. This game now counts as assisted."

    def choose_day(self, text: str, today: dt.date, plays: Mapping[str, DayPlay]) -> None:
        """Put the challenge of the day a person chose in the ``Day`` field on the board, as far
        as `plays` (by ISO date) say it was played; a day outside the archive is refused."""
        try:
            day = chosen_day(text, today)
        except ValueError as error:
            self._refuse(str(error))
            return
        self.start_daily(day, plays.get(day.isoformat()), today)

    def use_guess(self, number: int) -> None:
        """Copy guess `number` (from 1) of the history into the guess being composed, to change
        a peg or two."""
        if self._refused() or not 1 <= number <= self.game.guesses_made:
            return
        guess = self.game.history[number - 1].guess
        self._fill(str(guess))
        self.status = f"Guess {number} ({guess}) is in your guess: change a peg, then submit."

    def _start(
        self, game: Game, mode: str, assisted: bool = False, day: dt.date | None = None, challenge: Challenge | None = None
    ) -> None:
        self.game, self.mode, self.assisted, self.day, self.challenge = game, mode, assisted, day, challenge
        self._reset_draft()

    def submit(self) -> bool:
        """Score the guess being composed; returns whether this guess ended the game.

        A refused guess (incomplete, or against the rules) is announced and records nothing.
        """
        return super().submit() and self.game.over

    def _play(self, letters: str) -> None:
        result = self.game.guess(letters)
        if self.game.won:
            self.status = f"You win! You broke the code {self.game.secret} in {plural(self.game.guesses_made, 'guess')}."
            if self.share is not None:
                self.status += " Press Share to share your result."
        elif self.game.lost:
            self.status = f"You lose. Your last guess {letters} scored {result}. The secret was {self.game.secret}."
        else:
            self.status = f"Guess {self.game.guesses_made}, {letters}: {result}. {plural(self.game.guesses_left, 'guess')} left."
        if self.game.over:
            if self.uncounted:
                self.status += f" {self.uncounted}"
                return
            self.saved = self.saved.record(self.mode, self.game, self.assisted, self.game.hard)
            if self.mode == CHALLENGE and self.challenge is not None:
                self.saved = self.saved.counted(self.challenge.token)

    def _practice(self) -> str:
        """The sentence that starts a game which will not count, with a space; else nothing."""
        return f"{self.uncounted} " if self.uncounted else ""

    def save_settings(self, fields: Mapping[str, str | bool]) -> dict[str, str]:
        """Apply a filled settings form. Returns the message of each wrong field, and changes
        nothing then; otherwise the settings are kept, and a change of rules starts a new game."""
        settings, errors = read_form(fields)
        rules_changed = settings is not None and settings.config != self.settings.config
        # Hard mode follows the settings on a Solo or daily game that has not begun; a friend's
        # challenge keeps its maker's rules.
        follows = self.mode != CHALLENGE and not self.game.over and not rules_changed
        if settings and follows and settings.hard and not self.game.hard and self.game.guesses_made:
            settings, errors = None, {"hard": SWITCH_REFUSAL}
        if settings is None:
            self.status = "Settings not saved: " + " ".join(errors.values())
            return errors
        self.saved = self.saved.with_settings(settings)
        if rules_changed:
            self.new_game()
            self.status = f"Settings saved. {self.status}"
            return {}
        self.status = "Settings saved."
        if follows and settings.hard != self.game.hard:
            self.game.switch_hard(settings.hard)
            self.status += f" Hard mode is {'on' if settings.hard else 'off'} for this game."
        return {}

    def _not_now(self) -> str | None:
        if self.game.over:
            return f"The game is over: {'you won' if self.game.won else 'you lost'}. Press New game to play again."
        return None
