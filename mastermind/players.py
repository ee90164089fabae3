"""Who plays: people and computer players, and the rules a player's name must follow.

A name is text a person typed into a setup form, so a refused one raises :class:`SetupError`
naming the form field, and the form shows the reason beside it.

>>> lineup(["  Ada ", "hal9000"])
(Player(name='Ada', computer=False), Player(name='HAL9000', computer=True))
>>> lineup(["Ada", "ADA"])
Traceback (most recent call last):
...
mastermind.errors.SetupError: player-2-name: ADA is already in the game
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .computer_players import COMPUTER_PLAYERS
from .errors import SetupError
from .i18n import _, ngettext

MAX_NAME_LENGTH = 50


@dataclass(frozen=True)
class Player:
    """A person or a computer player, known by a name unique within the match."""

    name: str
    computer: bool = False

    def __str__(self) -> str:
        return self.name


def computer_named(name: str, computers: Sequence[str] = COMPUTER_PLAYERS) -> str | None:
    """The computer player's own spelling of `name`, in any case, or None for a person's name;
    `computers` are the computer players of the game (HAL9000 and VIKI, and a Strategy lab
    strategy seated beside them).

    >>> computer_named("viki"), computer_named("Vicky"), computer_named("my bot", ("HAL9000", "My Bot"))
    ('VIKI', None, 'My Bot')
    """
    key = name_key(name)
    return next((computer for computer in computers if name_key(computer) == key), None)


CONTROL_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Zl", "Zp"})
"""Unicode categories a name may not hold: control and format characters (escape sequences,
line breaks, zero-width and bidirectional marks), surrogates (bytes a terminal could not decode)
and private-use characters. Any of them would let a name rewrite the screen, fake a row around
it, reorder a table or pass for another name."""


def control_character(text: str) -> str | None:
    r"""The first character of `text` no name may hold, or None.

    >>> control_character("Eve\x1b[2J"), control_character("Zoë Ødegaard"), control_character("Al\u200bice")
    ('\x1b', None, '\u200b')
    """
    if text.isprintable():  # no character of those categories is printable: the quick answer for most text
        return None
    return next((char for char in text if unicodedata.category(char) in CONTROL_CATEGORIES), None)


def name_key(name: str) -> str:
    r"""What two names are compared by: composed (NFC) and case-folded, so ``Zoë`` typed with a
    combining diaeresis, ``ZOË`` and ``zoë`` are one name.

    >>> name_key(" Zoe\u0308 ") == name_key("ZOË")
    True
    """
    folded = unicodedata.normalize("NFC", name.strip()).casefold()
    return folded if folded.isascii() else unicodedata.normalize("NFC", folded)


def check_name(text: object, key: str) -> str:
    r"""`text` composed (NFC) and stripped of surrounding spaces, or :class:`SetupError` when empty,
    too long, or holding a control or format character. Every name is checked so, whether typed,
    stored or imported.

    >>> check_name("  Alan Turing ", "player-1-name")
    'Alan Turing'
    >>> check_name("x" * 51, "player-2-name")
    Traceback (most recent call last):
    ...
    mastermind.errors.SetupError: player-2-name: the name is too long: at most 50 characters, this has 51
    >>> check_name("Al\u200bice", "new-user-name")
    Traceback (most recent call last):
    ...
    mastermind.errors.SetupError: new-user-name: a name cannot hold control characters or invisible marks, such as U+200B
    """
    if not isinstance(text, str):
        raise SetupError(key, _("a name is text, not {kind}").format(kind=type(text).__name__))
    composed = unicodedata.normalize("NFC", text)
    # Checked before the strip, which would take the control characters str counts as spaces
    # (a tab, U+001F) off either end and let the rest through.
    bad = control_character(composed)
    if bad is not None:
        mark = f"U+{ord(bad):04X}"
        raise SetupError(
            key,
            _("a name cannot hold control characters or invisible marks, such as {mark}").format(mark=mark),
            _("A name cannot hold control characters or invisible marks, such as {mark}.").format(mark=mark),
        )
    name = composed.strip()
    if not name:
        raise SetupError(key, _("enter a name"), _("Enter a name."))
    if len(name) > MAX_NAME_LENGTH:
        raise SetupError(
            key,
            _("the name is too long: at most {most} characters, this has {length}").format(
                most=MAX_NAME_LENGTH, length=len(name)),
            _("The name is too long: at most {most} characters, this has {length}.").format(
                most=MAX_NAME_LENGTH, length=len(name)),
        )
    return name


def check_count(count: int, sizes: range) -> None:
    """Refuse a number of players outside `sizes` (key ``players``).

    >>> check_count(5, range(2, 5))
    Traceback (most recent call last):
    ...
    mastermind.errors.SetupError: players: a game has 2 to 4 players, not 5
    """
    if count not in sizes:
        if len(sizes) == 1:
            reason = ngettext("a game has {allowed} player, not {count}", "a game has {allowed} players, not {count}",
                              sizes[0]).format(allowed=sizes[0], count=count)
        else:
            reason = _("a game has {low} to {high} players, not {count}").format(low=sizes[0], high=sizes[-1], count=count)
        raise SetupError("players", reason)


def lineup(
    names: Sequence[object], sizes: range = range(2, 3), known: Callable[[str], str | None] | None = None,
    computers: Sequence[str] = COMPUTER_PLAYERS,
) -> tuple[Player, ...]:
    """The players of a match from the names typed into its form, in order; as many as `sizes` allows.

    A computer player's name (any case; one of `computers`) brings in that computer. Every other name is a person's;
    where `known` is given (the tournament's registry) it must give the registered spelling of the
    name, or the name is refused as not registered. Names may not repeat, whatever their case or composition
    (:func:`name_key`).
    """
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise SetupError("players", _("the players' names come as a list"))
    check_count(len(names), sizes)
    players: list[Player] = []
    for number, text in enumerate(names, start=1):
        key = f"player-{number}-name"
        name = check_name(text, key)
        computer = computer_named(name, computers)
        if computer is not None:
            name = computer
        elif known is not None:
            registered = known(name)
            if registered is None:
                raise SetupError(key, _("{name} is not a registered user").format(name=name),
                                 _("{name} is not a registered user.").format(name=name[:1].upper() + name[1:]))
            name = registered
        if any(name_key(player.name) == name_key(name) for player in players):
            raise SetupError(key, _("{name} is already in the game").format(name=name),
                             _("{name} is already in the game.").format(name=name[:1].upper() + name[1:]))
        players.append(Player(name, computer is not None))
    return tuple(players)
