"""The daily challenge: one classic secret for everyone on a given day, any earlier day's too,
and a result to share."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import GameOverError, reads_saved_data
from ..game import Game
from ..i18n import _, date

BLACK_PEG, WHITE_PEG, NO_PEG = "\N{MEDIUM BLACK CIRCLE}", "\N{MEDIUM WHITE CIRCLE}", "\N{MIDDLE DOT}"


def daily_seed(day: dt.date) -> int:
    """The seed of `day`'s secret: the date as a number, the same on every machine.

    >>> daily_seed(dt.date(2026, 11, 23))
    20261123
    """
    return day.year * 10_000 + day.month * 100 + day.day


FIRST_DAY = dt.date(2026, 1, 1)
"""The first day of the archive: earlier days are not offered."""


def daily_game(day: dt.date) -> Game:
    """`day`'s challenge, a classic game (a game's default rules)."""
    return Game(seed=daily_seed(day))


def daily_title(day: dt.date) -> str:
    """What a shared daily result is called.

    >>> daily_title(dt.date(2026, 11, 23))
    'daily 2026-11-23'
    """
    # Translators: what a shared daily result is called, as in "Mastermind daily 2026-11-23: 3/12".
    return _("daily {date}").format(date=date(day))


def next_daily(now: dt.datetime) -> str:
    """How long until the next daily challenge, at the person's next local midnight, as a clock
    counting down (the Statistics dialog shows it, once a second).

    >>> next_daily(dt.datetime(2026, 11, 23, 18, 55, 30))
    'Next daily challenge in 5:04:30'
    >>> next_daily(dt.datetime(2026, 11, 23, 23, 59, 59))
    'Next daily challenge in 0:00:01'
    """
    midnight = dt.datetime.combine(now.date() + dt.timedelta(days=1), dt.time())
    left = int((midnight - now.replace(microsecond=0)).total_seconds())
    hours, rest = divmod(left, 3600)
    # Translators: a countdown, e.g. "Next daily challenge in 5:04:30" (hours:minutes:seconds).
    return _("Next daily challenge in {hours}:{minutes:02d}:{seconds:02d}").format(hours=hours, minutes=rest // 60, seconds=rest % 60)


def chosen_day(text: str, today: dt.date) -> dt.date:
    """The day a person chose in the ``Day`` field (``YYYY-MM-DD``, as a date field gives it):
    today or an earlier day of the archive; ``ValueError`` with a sentence for anything else.

    >>> today = dt.date(2026, 11, 23)
    >>> chosen_day("2026-11-02", today)
    datetime.date(2026, 11, 2)
    >>> chosen_day("2026-12-01", today)
    Traceback (most recent call last):
    ...
    ValueError: There is no challenge for 2026-12-01 yet: today's (2026-11-23) is the latest.
    """
    try:
        day = dt.date.fromisoformat(text.strip()) if len(text.strip()) == 10 else None
    except ValueError:
        day = None
    if day is None:
        raise ValueError(_("Choose a day: a date such as {date}.").format(date="2026-11-02"))
    if day > today:
        raise ValueError(_("There is no challenge for {date} yet: today's ({today}) is the latest.").format(
            date=date(day), today=date(today)))
    if day < FIRST_DAY:
        raise ValueError(_("The daily challenges start on {date}: choose that day or a later one.").format(date=date(FIRST_DAY)))
    return day


def share_text(title: str, game: Game, assisted: bool = False,
               symbols: tuple[str, str, str] = (BLACK_PEG, WHITE_PEG, NO_PEG)) -> str:
    """A finished game as text to share: its title (:func:`daily_title`, or a challenge's), the
    guesses used, hard mode and hints, and a grid of the key pegs drawn with `symbols` (exact,
    other, none: see :data:`mastermind.page.appearance.SHARE_GRIDS`). It never holds the secret
    or a guess.

    >>> game = Game(secret="RGBY")
    >>> for guess in ("RRGG", "RGYB", "RGBY"):
    ...     _ = game.guess(guess)
    >>> print(share_text(daily_title(dt.date(2026, 11, 23)), game))
    Mastermind daily 2026-11-23: 3/12
    ⚫⚪··
    ⚫⚫⚪⚪
    ⚫⚫⚫⚫
    >>> share_text("challenge WlzqQV", Game(secret="RGBY", hard=True), assisted=True)
    'Mastermind challenge WlzqQV: X/12 (hard mode) (with hints)'
    """
    pegs = game.config.pegs
    marks = [f"{game.guesses_made}/{game.config.max_guesses}" if game.won else f"X/{game.config.max_guesses}"]
    if game.hard:
        marks.append(_("(hard mode)"))
    if assisted:
        marks.append(_("(with hints)"))
    score = " ".join(marks)
    rows = grid([turn.feedback for turn in game.history], pegs, symbols)
    # Translators: the first line of a shared result, e.g. "Mastermind daily 2026-11-23: 3/12".
    return "\n".join([_("Mastermind {title}: {score}").format(title=title, score=score), *rows])


def grid(feedbacks: Sequence[tuple[int, int]], pegs: int,
         symbols: tuple[str, str, str] = (BLACK_PEG, WHITE_PEG, NO_PEG)) -> list[str]:
    """The key pegs of each guess (black, white) as a row of `symbols` (exact, other, none).

    >>> grid([(1, 2)], 4)
    ['⚫⚪⚪·']
    """
    exact, near, none = symbols
    return [exact * black + near * white + none * (pegs - black - white) for black, white in feedbacks]


@dataclass(frozen=True)
class DayPlay:
    """One day's challenge as far as it was played: its guesses (the secret follows from the day),
    whether hints were used, whether it is played in hard mode and whether it was left unfinished
    (``left``: over, a loss, never resumed to a win). Kept after the game ends: one game a day,
    and its result.

    >>> day = dt.date(2026, 11, 23)
    >>> game = daily_game(day)
    >>> _ = game.guess("RGBY")
    >>> play = DayPlay.of(game)
    >>> play, play.game(day).guesses_made
    (DayPlay(guesses=('RGBY',), assisted=False, hard=False, left=False), 1)
    >>> DayPlay.from_dict({"guesses": ["RGBY"], "assisted": False}, day=day) == play
    True
    """

    guesses: tuple[str, ...] = ()
    assisted: bool = False
    hard: bool = False
    left: bool = False

    @classmethod
    def of(cls, game: Game, assisted: bool = False) -> DayPlay:
        return cls(tuple(str(turn.guess) for turn in game.history), assisted, game.hard, game.resigned)

    def game(self, day: dt.date) -> Game:
        """`day`'s game with these guesses played (given up when it was left); ``ValueError``
        when they cannot be its."""
        game = daily_game(day)
        game.switch_hard(self.hard)
        try:
            for guess in self.guesses:
                game.guess(guess)
        except GameOverError:
            raise ValueError(_("guesses after the end of the game")) from None
        if self.left:
            game.resign()
        return game

    def to_dict(self) -> dict[str, Any]:
        return {"guesses": list(self.guesses), "assisted": self.assisted, "hard": self.hard, "left": self.left}

    @classmethod
    @reads_saved_data
    def from_dict(cls, data: Any, *, day: dt.date) -> DayPlay:
        """A stored day, checked by replaying it (a day stored before hard mode existed has no
        ``hard``, one stored before version 4 no ``left``); anything malformed raises ``ValueError``."""
        if not isinstance(data, Mapping) or not {"guesses", "assisted"} <= set(data) <= {"guesses", "assisted", "hard", "left"}:
            raise ValueError(_("a day needs its guesses and whether it was assisted"))
        guesses, assisted = data["guesses"], data["assisted"]
        hard, left = data.get("hard", False), data.get("left", False)
        if not isinstance(guesses, list) or not all(isinstance(guess, str) for guess in guesses):
            raise ValueError(_("the guesses must be a list of codes"))
        if not all(isinstance(flag, bool) for flag in (assisted, hard, left)):
            raise ValueError(_("assisted, hard and left must be true or false"))
        if left and not guesses:
            raise ValueError(_("a game is left only after a guess"))
        play = cls(tuple(guesses), assisted, hard, left)
        play = cls.of(play.game(day), assisted)  # the codes as the game writes them (a game won is never left)
        return play
