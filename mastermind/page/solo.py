"""The Solo page as plain values: what the board shows and what the status line says.

The page's session (:mod:`.session`) turns the page's events into calls on :class:`SoloView` and
sends what its properties describe to be drawn; every decision about wording, which pegs to show and what a
key or a form field means is made here, where it can be unit-tested without a browser.

Beside it: the address's parameters (:mod:`.address`), the settings form (:mod:`.settings_form`),
the Statistics dialog's lines (:mod:`.records`) and the Challenge a friend dialog's words
(:mod:`.challenge_words`). This module owns the board: :class:`SoloView`, the History's rows and
the pegs' ink and names, and the page's first announcement.

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
from dataclasses import dataclass, field
from typing import NamedTuple

from ..challenge import Challenge
from ..code import Code
from ..config import Config
from ..errors import ChallengeError
from ..game import Game, Turn
from ..hard import SWITCH_REFUSAL
from ..i18n import N_, _, ngettext
from ..i18n import date as i18n_date
from ..palette import Color
from .address import MODE, Params
from .appearance import SHARE_GRIDS, ink, share_words
from .daily import DayPlay, chosen_day, daily_title, share_text
from .draft import Composer
from .settings_form import read_form
from .state import PAGE_MODES, InProgress, Saved, Settings
from .stats import Record, record_key
from .words import PRACTICE, REPLAYED, feedback_words, guesses_left, name_of, rules_summary, shown, typed

DAILY = "daily"
"""The daily challenge is played on the Solo board; its games are filed under this mode."""
CHALLENGE = "challenge"
"""A friend's challenge link is played on the Solo board too, and counted apart under this mode."""


SOLO_NAME = N_("Solo")
"""What a shared result of a Solo game is called ("Mastermind Solo: 3/12"), as the mode is named."""


class EndAction(NamedTuple):
    """A button by the board once a game is over: what it does (``key``, which the page wires)
    and its name."""

    key: str
    label: str


END_ACTIONS = (EndAction("new-game", N_("New game")), EndAction("share", N_("Share")), EndAction("review", N_("Review")))
"""Every button the end of a game can show by the board, in order (labels translated where shown)."""


class Row(NamedTuple):
    """One line of the history table."""

    number: int
    guess: tuple[Color, ...]
    letters: str
    keys: tuple[str, ...]
    """One entry per peg: ``"exact"``, ``"near"`` or ``"none"``, exact ones first."""
    feedback: str
    left: int


def history_rows(history: Sequence[Turn], config: Config) -> list[Row]:
    """The History table of one breaker, as Solo's: guess letters, key pegs, guesses left."""
    rows = []
    for number, (guess, result) in enumerate(history, 1):
        keys = ("exact",) * result.black + ("near",) * result.white + ("none",) * (config.pegs - result.black - result.white)
        colors = tuple(config.color(letter) for letter in str(guess))
        rows.append(Row(number, colors, shown(guess, config), keys, feedback_words(result), config.max_guesses - number))
    return rows


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
    slot = _("Slot {number}").format(number=index + 1)
    # Translators: what a guess's slot holds: nothing yet.
    return slot, _("empty") if color is None else _("{colour}, press to clear").format(colour=name_of(color))


def use_words(number: int) -> str:
    """The accessible name of the button that copies guess `number` of the History into the
    guess being composed.

    >>> use_words(3)
    'Use guess 3'
    """
    return _("Use guess {number}").format(number=number)


def opening_status(view: SoloView, params: Params) -> str:
    """The first announcement of the page: the new game, after a word on anything unusual.

    >>> from mastermind.page.address import parse_params
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
        notes.append(_("Some saved data could not be read and was reset to the defaults."))
    if params.mode not in PAGE_MODES:
        notes.append(_("There is no mode {mode}; here is Solo.").format(mode=repr(params.mode[:30])))
    return " ".join([*notes, view.status])


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
    counted: bool = False
    """Whether the game on the board was counted in the statistics as it ended here."""
    reviewed: bool = False
    """Whether the finished game's review was asked for (:meth:`start_review`): it is worked out once."""
    drawn_on_opening: bool = field(default=False, init=False)
    """Whether the game on the board is the one drawn at random as the page opened (no address
    asked for it, no kept game came back): see :attr:`worth_storing`."""

    def __post_init__(self) -> None:
        self.new_game(self.seed)
        self.drawn_on_opening = self.seed is None

    @property
    def worth_storing(self) -> bool:
        """Whether the game on the board is stored: always, except the game drawn at random as
        the page opened, until a guess is made in it. Nothing is lost with it (a reload draws
        another), and a tab that opens (in any mode) writes no game over the one another tab
        stores at that moment: the browser hands one tab's writes to the others with a delay,
        so the revision check of :class:`~mastermind.page.sync.Tab` cannot see that write yet."""
        return not (self.drawn_on_opening and self.game.guesses_made == 0)

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
    def in_progress(self) -> InProgress:
        """The game on the board, whichever kind, to keep for a reload (a daily challenge is kept
        as :attr:`day_play` too: one game a day, and its result)."""
        day = None if self.day is None else self.day.isoformat()
        return InProgress.of(self.game, self.assisted, self.mode, day, self.reveal)

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
    def end_actions(self) -> tuple[EndAction, ...]:
        """The buttons the board shows by the palette once the game is over, in order (none while
        it goes on): a new game, Share, and Review until the review is asked for. Data, not
        branches: a page draws each one, and a new action at the end of a game is one more
        entry of :data:`END_ACTIONS`."""
        if not self.game.over:
            return ()
        done = {"review"} if self.reviewed else set()
        return tuple(EndAction(action.key, _(action.label)) for action in END_ACTIONS if action.key not in done)

    def start_review(self) -> bool:
        """Whether the finished game's review is to be worked out now: once per game, and its
        Review button then leaves :attr:`end_actions`."""
        if not self.game.over or self.reviewed:
            return False
        self.reviewed = True
        return True

    @property
    def opens_stats(self) -> bool:
        """Whether the end of the game on the board opens Statistics: when it was counted there
        (a friend's challenge is remembered as counted as it ends, so the words cannot tell)."""
        return self.game.over and self.counted

    @property
    def share_title(self) -> str | None:
        """What a shared result is called once the game is over (a daily, a friend's challenge, or
        a Solo game); else None."""
        if not self.game.over:
            return None
        if self.mode == DAILY and self.day is not None:
            return daily_title(self.day)
        if self.mode == CHALLENGE and self.challenge is not None:
            # Translators: what a shared result of a friend's challenge is called, e.g. "challenge tmd03n".
            return _("challenge {name}").format(name=self.challenge.name)
        return _(SOLO_NAME)

    @property
    def uncounted(self) -> str | None:
        """Why the game on the board will not count in the statistics, or None when it will: a
        game whose secret is shown (``?reveal=1``) is practice, and a friend's challenge counts
        once, the first time its link is played to the end here."""
        if self.reveal:
            return _(PRACTICE)
        if self.mode == CHALLENGE and self.challenge is not None and self.challenge.token in self.saved.challenges:
            return _(REPLAYED)
        return None

    @property
    def summary(self) -> str:
        """The rules of the game in play, in one line."""
        return rules_summary(self.config, self.game.hard)

    # What the player does

    def new_game(self, seed: int | None = None) -> None:
        """Start a Solo game with the saved settings; a seed makes its secret reproducible."""
        self._start(Game(self.settings.config, seed=seed, hard=self.settings.hard), MODE)
        self.status = _("New game: {rules}.").format(rules=self.summary) + " " + self._practice() + _("Make your first guess.")

    def start_challenge(self, token: str | None) -> None:
        """Put the challenge of a link's token on the board, under the maker's rules (the
        person's own settings stay as they are); a token that is not a challenge's leaves the
        Solo game on the board and says why."""
        try:
            challenge = Challenge.open(token or "")
        except ChallengeError as error:
            self.status = " ".join([str(error), _("Here is a Solo game instead."), self.status])
            return
        self._start(challenge.game(), CHALLENGE, challenge=challenge)
        self.status = (_("Challenge {name} from a friend: {rules}.").format(name=challenge.name, rules=self.summary) + " "
                       + self._practice() + _("Make your first guess."))

    def make_challenge(self, code: str) -> Challenge:
        """A challenge of `code` under the person's settings (rules and hard mode), for a link;
        :class:`CodeError` says why a code that breaks those rules is refused."""
        return Challenge.make(self.settings.config, typed(code, self.settings.config), self.settings.hard)

    def random_code(self, rng: random.Random | None = None) -> str:
        """A code the settings' rules allow, drawn for a challenge (in the language's letters, as typed)."""
        return shown(Code.random(self.settings.config, rng or random.Random()), self.settings.config)

    def resume(self, saved: InProgress, finished: bool = False) -> bool:
        """Go on with the game kept from an earlier visit (or played on in another tab), whichever
        kind it is; one already over only when `finished` says so. A practice game stays
        practice. Returns whether the game is now on the board."""
        game = saved.game()
        if game.over and not finished:
            return False
        self.reveal = self.reveal or saved.practice
        if saved.mode == DAILY and saved.day is not None:
            self.start_daily(dt.date.fromisoformat(saved.day), DayPlay(saved.guesses, saved.assisted, saved.hard, saved.left))
            return True
        challenge = saved.challenge if saved.mode == CHALLENGE else None
        self._start(game, saved.mode, assisted=saved.assisted, challenge=challenge)
        made = game.guesses_made
        secret = shown(game.secret, game.config)
        if game.over:
            said = (_("You won: the secret was {secret}. Press New game to play again.") if game.won
                    else _("You lost: the secret was {secret}. Press New game to play again."))
            self.status = said.format(secret=secret)
        else:
            self.status = _("Game resumed: {rules}.").format(rules=self.summary) + " " + (
                _made_left(made, game.guesses_left) if made else _("Make your first guess."))
        return True

    @property
    def leave_question(self) -> str | None:
        """What to ask before the game on the board is replaced (New game, the daily, another day,
        a challenge link, new rules), or None when nothing would be lost: no guess made yet, or the
        game is over. A game left after a guess counts as a loss, so a losing game cannot be
        dropped to keep a streak; a daily challenge left so is over for good (one game a day).

        >>> view = SoloView(Saved(), seed=1)
        >>> view.leave_question is None
        True
        >>> _ = [view.press(key) for key in "rgby"] + [view.press("Enter")]
        >>> view.leave_question
        'This game has 1 guess. Leave it? It counts as a loss in Statistics.'
        """
        made = self.game.guesses_made
        if not made or self.game.over:
            return None
        if self.uncounted:
            return ngettext("This game has {count} guess. Leave it? It is not counted in Statistics.",
                            "This game has {count} guesses. Leave it? It is not counted in Statistics.", made).format(count=made)
        if self.mode == DAILY:
            return ngettext("This daily challenge has {count} guess. Leave it? It counts as a loss in Statistics, "
                            "and the day cannot be played again.",
                            "This daily challenge has {count} guesses. Leave it? It counts as a loss in Statistics, "
                            "and the day cannot be played again.", made).format(count=made)
        return ngettext("This game has {count} guess. Leave it? It counts as a loss in Statistics.",
                        "This game has {count} guesses. Leave it? It counts as a loss in Statistics.", made).format(count=made)

    def question_before(self, day: dt.date | None = None) -> str | None:
        """What to ask before the board turns to another game (`day`'s challenge, when it is one):
        :attr:`leave_question`, or None when that day's challenge is the game on the board already
        (choosing it again leaves nothing, and puts it back as it is)."""
        if day is not None and self.mode == DAILY and self.day == day:
            return None
        return self.leave_question

    def abandon(self) -> str:
        """Leave the game on the board for another, as :attr:`leave_question` asked: given up
        (:meth:`~mastermind.game.Game.resign`: over, lost) and counted as a loss when it counts (a
        friend's challenge then counts as played; a daily is kept as left, a loss for good).
        Returns the sentence that says so, to begin the next game's status with ("" when
        nothing was counted)."""
        if self.leave_question is None:
            return ""
        uncounted = self.uncounted
        self.game.resign()
        if uncounted:
            return ""
        self.saved = self.saved.record(self.mode, self.game, self.assisted, self.game.hard)
        if self.challenge is not None:
            self.saved = self.saved.counted(self.challenge, self.game)
        return _("The game you left counts as a loss.")

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
        date = i18n_date(day)
        earlier = self.today is not None and day < self.today
        after = _("Choose another day, or play today's.") if earlier else _("Come back tomorrow.")
        made = game.guesses_made
        if play.left:
            self.status = ngettext("Daily challenge of {date}: you left it after {count} guess, a loss; the secret was {secret}.",
                                   "Daily challenge of {date}: you left it after {count} guesses, a loss; the secret was {secret}.",
                                   made).format(date=date, count=made, secret=shown(game.secret, game.config)) + " " + after
        elif game.won:
            self.status = ngettext("Daily challenge of {date}: you already won it in {count} guess. Share it.",
                                   "Daily challenge of {date}: you already won it in {count} guesses. Share it.",
                                   made).format(date=date, count=made) + " " + after
        elif game.lost:
            self.status = _("Daily challenge of {date}: you already played it, the secret was {secret}.").format(
                date=date, secret=shown(game.secret, game.config)) + " " + after
        elif made:
            self.status = _("Daily challenge of {date}, resumed: {progress}").format(date=date, progress=_made_left(made, game.guesses_left))
        else:
            everyone = (_("Daily challenge of {date}: the same secret for everyone that day.") if earlier
                        else _("Daily challenge of {date}: the same secret for everyone today."))
            self.status = " ".join([everyone.format(date=date), f"{self.summary}."]) + " " + (
                self._practice() + _("Make your first guess."))

    def take_hint(self, hint: Code) -> None:
        """Put the engine's proposal in the guess being composed; the game now counts as assisted."""
        if self._refused():
            return
        self._fill(str(hint))
        self.assisted = True
        self.status = _("Hint: {code} is in your guess; submit it or change it. This game now counts as assisted.").format(
            code=shown(hint, self.config))

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
        self.status = _("Guess {number} ({code}) is in your guess: change a peg, then submit.").format(
            number=number, code=shown(guess, self.config))

    def _start(
        self, game: Game, mode: str, assisted: bool = False, day: dt.date | None = None, challenge: Challenge | None = None
    ) -> None:
        self.game, self.mode, self.assisted, self.day, self.challenge = game, mode, assisted, day, challenge
        self.counted = self.reviewed = self.drawn_on_opening = False
        self._reset_draft()

    def submit(self) -> bool:
        """Score the guess being composed; returns whether this guess ended the game.

        A refused guess (incomplete, or against the rules) is announced and records nothing.
        """
        return super().submit() and self.game.over

    def _play(self, letters: str) -> None:
        result = self.game.guess(letters)
        code, secret, score = shown(letters, self.config), shown(self.game.secret, self.config), feedback_words(result)
        made = self.game.guesses_made
        if self.game.won:
            self.status = ngettext("You win! You broke the code {secret} in {count} guess.",
                                   "You win! You broke the code {secret} in {count} guesses.", made).format(secret=secret, count=made)
            if self.share is not None:
                self.status += " " + _("Press Share to share your result.")
        elif self.game.lost:
            self.status = _("You lose. Your last guess {code} scored {score}. The secret was {secret}.").format(
                code=code, score=score, secret=secret)
        else:
            self.status = _("Guess {number}, {code}: {score}.").format(number=made, code=code, score=score) + " " + guesses_left(
                self.game.guesses_left)
        if self.game.over:
            if self.uncounted:
                self.status += f" {self.uncounted}"
                return
            self.saved = self.saved.record(self.mode, self.game, self.assisted, self.game.hard)
            self.counted = True
            if self.challenge is not None:  # a friend's challenge, the only game played with one
                self.saved = self.saved.counted(self.challenge, self.game)

    def _played(self) -> tuple[str, ...]:
        return tuple(str(turn.guess) for turn in self.game.history)

    def _practice(self) -> str:
        """The sentence that starts a game which will not count, with a space; else nothing."""
        uncounted = self.uncounted
        return f"{uncounted} " if uncounted else ""

    def changes_rules(self, fields: Mapping[str, str | bool]) -> bool:
        """Whether saving the filled settings form would change the rules, and so start a new game
        (a form with a mistake changes nothing)."""
        settings, _errors = read_form(fields)
        return settings is not None and settings.config != self.settings.config

    def save_settings(self, fields: Mapping[str, str | bool]) -> dict[str, str]:
        """Apply a filled settings form. Returns the message of each wrong field, and changes
        nothing then; otherwise the settings are kept, and a change of rules starts a new game."""
        settings, errors = read_form(fields)
        rules_changed = settings is not None and settings.config != self.settings.config
        # Hard mode follows the settings on a Solo or daily game that has not begun; a friend's
        # challenge keeps its maker's rules.
        follows = self.mode != CHALLENGE and not self.game.over and not rules_changed
        if settings and follows and settings.hard and not self.game.hard and self.game.guesses_made:
            settings, errors = None, {"hard": _(SWITCH_REFUSAL)}
        if settings is None:
            self.status = _("Settings not saved: {errors}").format(errors=" ".join(errors.values()))
            return errors
        self.saved = self.saved.with_settings(settings)
        if rules_changed:
            self.new_game()
            self.status = _("Settings saved.") + " " + self.status
            return {}
        self.status = _("Settings saved.")
        if follows and settings.hard != self.game.hard:
            self.game.switch_hard(settings.hard)
            self.status += " " + (_("Hard mode is on for this game.") if settings.hard else _("Hard mode is off for this game."))
        return {}

    def _not_now(self) -> str | None:
        if self.game.over:
            return (_("The game is over: you won. Press New game to play again.") if self.game.won
                    else _("The game is over: you lost. Press New game to play again."))
        return None


def challenge_opens(token: str) -> bool:
    """Whether a link's token holds a challenge (else the Solo game stays, and nothing is asked).

    >>> challenge_opens("WlzqQVC9-x4HDip3q6HlyUnAbg"), challenge_opens("WlzqQVC9-x4HDip3q6HlyUnAbc")
    (True, False)
    """
    try:
        Challenge.open(token)
    except ChallengeError:
        return False
    return True


def _made_left(made: int, left: int) -> str:
    """How many guesses were made and how many are left, in one sentence."""
    made_words = ngettext("{count} guess made", "{count} guesses made", made).format(count=made)
    left_words = ngettext("{count} guess left", "{count} guesses left", left).format(count=left)
    # Translators: e.g. "3 guesses made, 9 guesses left." (each part is translated on its own, by its count).
    return _("{made}, {left}.").format(made=made_words, left=left_words)
