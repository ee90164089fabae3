"""Every error the rules raise, in one place, so each edition knows what it may catch.

All are ``ValueError``: something given (a setting, a name, a code, a move, saved data) broke a
rule, and nothing changed. A refused field names itself with a *key* for programs, never with a
form's label: the page and the terminal each put their own words around it.

>>> error = SetupError("runs", "must be an even number from 2 to 20, not 3")
>>> error.key, error.reason, str(error)
('runs', 'must be an even number from 2 to 20, not 3', 'runs: must be an even number from 2 to 20, not 3')
>>> isinstance(GameOverError("the game is over"), MoveError)
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from .i18n import _


class FieldError(ValueError):
    """A value refused for one field: `key` names the field (``"pegs"``, ``"runs"``,
    ``"player-2-name"``), `reason` says why in words a person can read after its label, and
    `sentence`, where the rules give it, says the same as a whole sentence of its own (a dialogue
    that shows the reason without a label shows it)."""

    def __init__(self, key: str, reason: str, sentence: str | None = None) -> None:
        super().__init__(f"{key}: {reason}")
        self.key = key
        self.reason = reason
        self.sentence = sentence


class ConfigError(FieldError):
    """A rule setting outside its rule; the key is :class:`~mastermind.config.Config`'s field name
    (or a page setting's)."""


class SetupError(FieldError):
    """A setup value a match or the registry refuses: a player's name, a number of runs, ..."""


class UnknownColorError(ValueError):
    """A colour name that is not in :data:`~mastermind.palette.CATALOG`."""


class CodeError(ValueError):
    """A code or guess that breaks a rule; the message says which, in words for a person, and
    `sentence`, where given, says it as a whole sentence of its own."""

    def __init__(self, message: str, sentence: str | None = None) -> None:
        super().__init__(message)
        self.sentence = sentence


class HardModeError(CodeError):
    """A guess hard mode refuses (:mod:`mastermind.hard`); its text is the whole sentence for the
    player, and its fields say which earlier guess it contradicts (its number and letters) and
    how: the key pegs it earned, and those this guess would have made it earn (``Feedback``
    values, typed as the pairs they are so that this module imports nothing of the package's rules,
    only :mod:`mastermind.i18n` for its words). A dialogue that shows codes in the language's letters
    words it again with :func:`hard_mode_refusal` and the earlier guess as shown."""

    def __init__(self, number: int, earlier: str, earned: tuple[int, int], would: tuple[int, int]) -> None:
        super().__init__(hard_mode_refusal(number, earlier, earned, would))
        self.number, self.earlier, self.earned, self.would = number, earlier, earned, would


def key_pegs_text(pegs: tuple[int, int]) -> str:
    """Key pegs as the rules write them in a sentence: ``2 black, 1 white``."""
    # Translators: the key pegs of a guess: how many black, how many white.
    return _("{black} black, {white} white").format(black=pegs[0], white=pegs[1])


def hard_mode_refusal(number: int, earlier: str, earned: tuple[int, int], would: tuple[int, int]) -> str:
    """The sentence hard mode refuses a guess with; `earlier` is that guess's letters as shown."""
    # Translators: {earlier} is an earlier guess's letters; {earned} and {would} are key pegs, as "2 black, 1 white".
    return _("Hard mode: against guess {number} ({earlier}: {earned}) this guess would score {would}.").format(
        number=number, earlier=earlier, earned=key_pegs_text(earned), would=key_pegs_text(would)
    )


class HardModeSwitchError(ValueError):
    """Hard mode switched on after the first guess of a game (switching it off is always allowed)."""


class ChallengeError(ValueError):
    """A challenge link that cannot be opened (:mod:`mastermind.challenge`); the message says why,
    as a sentence for the player."""


class StrategyError(ValueError):
    """A Strategy lab strategy that cannot be played (:mod:`mastermind.lab`): a syntax error, an
    exception while its module loads, no ``guess``; the message is the sentence for the player and
    `line` the line of the player's source it points at, where there is one."""

    def __init__(self, sentence: str, line: int | None = None) -> None:
        super().__init__(sentence)
        self.sentence = sentence
        self.line = line


class MoveError(ValueError):
    """A move made out of turn or in the wrong phase; nothing changed."""


class GameOverError(MoveError):
    """A move made after the game or the match ended."""


class SavedDataError(ValueError):
    """Saved data that cannot be taken back (malformed, inconsistent, or a game that could not have
    happened); every ``from_dict`` raises it, whatever refused the data."""


class NewerVersionError(SavedDataError):
    """Saved data written by a newer version of Mastermind: not damaged, only not understood
    here, so they are left untouched rather than replaced."""


P = ParamSpec("P")
R = TypeVar("R")


def reads_saved_data(read: Callable[P, R]) -> Callable[P, R]:
    """Make a ``from_dict`` raise :class:`SavedDataError` with the reason of whatever refused the data.

    >>> @reads_saved_data
    ... def load(data):
    ...     return int(data["n"])
    >>> load({})
    Traceback (most recent call last):
    ...
    mastermind.errors.SavedDataError: 'n'
    """

    @functools.wraps(read)
    def checked(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return read(*args, **kwargs)
        except SavedDataError:
            raise
        except (ValueError, TypeError, KeyError, AttributeError, RecursionError) as error:
            raise SavedDataError(str(error) or type(error).__name__) from error

    return checked


class FeedbackError(ValueError):
    """Feedback entered in Solve mode that no code could give (5 black on 4 pegs, 3 black and 1
    white, a slot marked present with every other slot right); the message says why, in words
    that follow the row's guess (:mod:`mastermind.solving`), and `sentence`, where given, says it
    as a whole sentence of its own."""

    def __init__(self, message: str, sentence: str | None = None) -> None:
        super().__init__(message)
        self.sentence = sentence
