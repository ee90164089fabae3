"""One composer for every board: the row of pegs a person sets before playing it.

Solo, every multiplayer mode and "Computer breaks your code" compose a guess (or a secret) the
same way: keys and clicks fill the slots, Delete empties the last one, Enter plays the row. The
refusals are the same on every board, in the same words; only what the row is (``guess`` or
``secret``) and the button that plays it differ.

>>> from mastermind import Config
>>> class Board(Composer):
...     config = Config()
...     played = ""
...     def _play(self, letters):
...         self.played = letters
>>> board = Board()
>>> [board.press(key) for key in "1rx"], board.status
([True, True, False], 'Red in slot 2.')
>>> board.press("Enter"), board.status
(True, 'Incomplete guess: slots 3, 4 are empty. Fill all 4 slots, then press Submit guess.')
>>> _ = [board.press(key) for key in "GY"] + [board.press("Enter")]
>>> board.played, board.slots
('BRGY', [None, None, None, None])
"""

from __future__ import annotations

from ..config import Config
from ..errors import CodeError, HardModeError
from ..i18n import _, ngettext
from ..palette import Color
from .words import letter_of, name_of, shown

MAX_REPLAYED = 500
"""The most early presses replayed: far more than a person makes while Python starts."""
MAX_KEY = 20
"""The longest key name replayed (``Backspace``); a longer one is no key."""


class Composer:
    """The row being composed, with the keys and clicks that compose it and every refusal in words.

    A board says under which rules the row is composed (:attr:`config`, ``None`` when no game is
    on), what the row is (:attr:`what`, :attr:`action`), why nothing may be composed now
    (:meth:`_not_now`) and what playing the row does (:meth:`_play`, which raises
    :class:`~mastermind.code.CodeError` to refuse it). The row empties itself when the rules change.

    :attr:`refused` tells that the last action was refused (a page may nudge the row); whoever
    shows it clears it.
    """

    status: str = ""
    refused: bool = False

    _pegs: list[Color | None]
    _drafted_for: Config | None = None

    @property
    def config(self) -> Config | None:
        raise NotImplementedError

    @property
    def what(self) -> str:
        """What the row is: ``guess`` or ``secret`` (each sentence about it is written for both)."""
        return "guess"

    @property
    def action(self) -> str:
        """The button that plays the row, as it is labelled in the language in use."""
        return _("Submit guess")

    def _not_now(self) -> str | None:
        """Why no peg may be set now, in a sentence (None: they may)."""
        return None

    def _play(self, letters: str) -> None:
        raise NotImplementedError

    def _played(self) -> tuple[str, ...]:
        """The rows already played against the code being broken, oldest first, as letters: a row
        played again is refused, for it teaches nothing (none on a board that sets a secret)."""
        return ()

    @property
    def repeat_of(self) -> int | None:
        """The number (from 1) of the row already played that the whole row being composed
        repeats (``Use guess N`` copies one, to change a peg), else None: a page marks it."""
        slots = self.slots
        if not slots or None in slots:
            return None
        letters = "".join(color.letter for color in slots if color)
        played = self._played()
        return played.index(letters) + 1 if letters in played else None

    @property
    def slots(self) -> list[Color | None]:
        """The row, one entry per peg (``None``: empty)."""
        config = self.config
        if config is None:
            return []
        if self._drafted_for != config:
            self._drafted_for, self._pegs = config, [None] * config.pegs
        return list(self._pegs)

    def _reset_draft(self) -> None:
        self._drafted_for = None

    def _fill(self, letters: str) -> None:
        """Put a whole code in the row (a hint, a guess copied from the history)."""
        config = self.config
        assert config is not None
        self._drafted_for, self._pegs = config, [config.color(letter) for letter in letters]

    def _refuse(self, sentence: str) -> None:
        self.status, self.refused = sentence, True

    def _refused(self) -> bool:
        why = self._not_now()
        if why is not None:
            self._refuse(why)
        return why is not None

    def press(self, key: str) -> bool:
        """Act on a key: ``1``-``9`` and ``0`` pick the n-th colour, a colour's letter picks it,
        ``Backspace`` deletes and ``Enter`` plays the row. Returns whether the key meant something."""
        config = self.config
        if config is None:
            return False
        if key == "Enter":
            self.submit()
        elif key == "Backspace":
            self.delete()
        elif len(key) == 1 and key.isdecimal():
            index = (int(key) - 1) % 10
            if index >= len(config.colors):
                count = len(config.colors)
                self._refuse(ngettext("There is no colour {key}; this palette has {count}.",
                                      "There is no colour {key}; this palette has {count}.", count).format(key=key, count=count))
            else:
                self.pick(config.colors[index].letter)
        elif len(key) == 1 and (letter := _picked(config, key)) is not None:
            self.pick(letter)
        else:
            return False
        return True

    def replay(self, events: object) -> int:
        """Apply what a person pressed before this composer existed: the page's early input,
        recorded while Python started (``static/shell.js``), so that every rule and word applies
        to it as to any press. Each event is a list: ``["key", key]`` (as :meth:`press`),
        ``["pick", letter]``, ``["clear", index]``, ``["delete"]`` or ``["submit"]``. The record
        is outside input: an event of another shape is skipped, and only the first
        :data:`MAX_REPLAYED` are read. Returns how many were applied.

        >>> from mastermind import Config
        >>> class Board(Composer):
        ...     config = Config()
        ...     played = []
        ...     def _play(self, letters):
        ...         self.played.append(letters)
        >>> board = Board()
        >>> board.replay([["pick", "R"], ["key", "2"], ["key", "y"], ["clear", 0], ["key", "b"],
        ...               ["pick", "Y"], ["submit"], ["pick", "<b>"], ["clear", "0"], "junk", ["delete"]])
        8
        >>> board.played, board.status
        (['BGYY'], 'Nothing to delete: the guess is empty.')
        """
        applied = 0
        for event in events[:MAX_REPLAYED] if isinstance(events, list) else ():
            match event:
                case ["key", str(key)] if len(key) <= MAX_KEY:
                    self.press(key)
                case ["pick", str(letter)] if self.config is not None and letter in self.config.letters:
                    self.pick(letter)
                case ["clear", int(index)] if not isinstance(index, bool):
                    self.clear(index)
                case ["delete"]:
                    self.delete()
                case ["submit"]:
                    self.submit()
                case _:
                    continue
            applied += 1
        return applied

    def pick(self, letter: str) -> None:
        """Put the colour written `letter` in the first empty slot."""
        if self._refused():
            return
        slots, config = self.slots, self.config
        assert config is not None
        color = config.color(letter)
        if None not in slots:
            full = (_("The secret is full. Press {action}, or delete a peg to change it.") if self.what == "secret"
                    else _("The guess is full. Press {action}, or delete a peg to change it."))
            self._refuse(full.format(action=self.action))
            return
        index = slots.index(None)
        self._pegs[index] = color
        self.status = _("{colour} in slot {number}.").format(colour=name_of(color), number=index + 1)

    def clear(self, index: int) -> None:
        """Empty slot `index` (from 0), leaving the others where they are."""
        slots = self.slots
        if self._refused() or not 0 <= index < len(slots):
            return
        self._pegs[index] = None
        said = _("Slot {number} cleared.") if slots[index] else _("Slot {number} is already empty.")
        self.status = said.format(number=index + 1)

    def delete(self) -> None:
        """Remove the last peg of the row."""
        if self._refused():
            return
        filled = [index for index, color in enumerate(self.slots) if color]
        if not filled:
            self._refuse(_("Nothing to delete: the secret is empty.") if self.what == "secret"
                         else _("Nothing to delete: the guess is empty."))
            return
        self.clear(filled[-1])

    def submit(self) -> bool:
        """Play the row; returns whether it was played. A refused row (incomplete, or against the
        rules) is announced, costs nothing and stays composed, to be fixed."""
        if self._refused():
            return False
        slots = self.slots
        empty = [str(index + 1) for index, color in enumerate(slots) if color is None]
        if empty:
            self._refuse(_incomplete(self.what, len(empty) == 1).format(
                slot=empty[0], slots=", ".join(empty), count=len(slots), action=self.action))
            return False
        letters = "".join(color.letter for color in slots if color)
        repeat = self.repeat_of
        if repeat is not None:
            self._refuse(_("{code} was played already, as guess {number}: it would teach nothing. Change a peg, then press {action}.")
                         .format(code=shown(letters, self.config), number=repeat, action=self.action))
            return False
        try:
            self._play(letters)
        except HardModeError as error:  # a whole sentence of its own
            self._refuse(str(error))
            return False
        except CodeError as error:
            refused = _("Secret refused: {reason}.") if self.what == "secret" else _("Guess refused: {reason}.")
            self._refuse(refused.format(reason=error))
            return False
        self._reset_draft()
        return True


def _picked(config: Config, key: str) -> str | None:
    """The letter of the colour whose letter, in the language in use, is `key` (any case); else None."""
    wanted = key.casefold()
    return next((color.letter for color in config.colors if letter_of(color).casefold() == wanted), None)


def _incomplete(what: str, one: bool) -> str:
    """The refusal of a row with empty slots: one empty (``{slot}``) or several (``{slots}``)."""
    if what == "secret":
        return (_("Incomplete secret: slot {slot} is empty. Fill all {count} slots, then press {action}.") if one
                else _("Incomplete secret: slots {slots} are empty. Fill all {count} slots, then press {action}."))
    return (_("Incomplete guess: slot {slot} is empty. Fill all {count} slots, then press {action}.") if one
            else _("Incomplete guess: slots {slots} are empty. Fill all {count} slots, then press {action}."))
