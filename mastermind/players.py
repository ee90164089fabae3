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

from .errors import SetupError

MAX_NAME_LENGTH = 50

COMPUTER_PLAYERS = ("HAL9000", "VIKI")
"""The computer players' names: HAL9000 the strongest codebreaker, VIKI a weaker one."""


@dataclass(frozen=True)
class Player:
    """A person or a computer player, known by a name unique within the match."""

    name: str
    computer: bool = False

    def __str__(self) -> str:
        return self.name


def computer_named(name: str) -> str | None:
    """The computer player's own spelling of `name`, in any case, or None for a person's name.

    >>> computer_named("viki"), computer_named("Vicky")
    ('VIKI', None)
    """
    wanted = name.strip().casefold()
    return next((computer for computer in COMPUTER_PLAYERS if computer.casefold() == wanted), None)


CONTROL_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Zl", "Zp"})
"""Unicode categories a name may not hold: control and format characters (escape sequences,
line breaks, bidirectional overrides), surrogates (bytes a terminal could not decode) and
private-use characters. Any of them would let a name rewrite the screen or fake a row around it."""


def control_character(text: str) -> str | None:
    r"""The first character of `text` no name may hold, or None.

    >>> control_character("Eve\x1b[2J"), control_character("Zoë Ødegaard"), control_character("a\u202eb")
    ('\x1b', None, '\u202e')
    """
    return next((char for char in text if unicodedata.category(char) in CONTROL_CATEGORIES), None)


def shown(name: str) -> str:
    r"""`name` as it may be printed: any control character written as its escape, so a name kept
    from before this rule (or put in a file by hand) can neither clear a terminal nor fake a line.

    >>> print(shown("Eve\x1b[2J"), shown("Bob\n1000 Mallory"), shown("Zoë"))
    Eve\x1b[2J Bob\n1000 Mallory Zoë
    """
    return "".join(repr(char)[1:-1] if control_character(char) else char for char in name)


def check_name(text: object, key: str, typed: bool = True) -> str:
    r"""`text` stripped of surrounding spaces, or :class:`SetupError` when empty, too long, or
    (when `typed` now rather than kept from before) holding a control character.

    >>> check_name("  Alan Turing ", "player-1-name")
    'Alan Turing'
    >>> check_name("x" * 51, "player-2-name")
    Traceback (most recent call last):
    ...
    mastermind.errors.SetupError: player-2-name: the name is too long: at most 50 characters, this has 51
    >>> check_name("Eve\x1b[2J", "new-user-name")
    Traceback (most recent call last):
    ...
    mastermind.errors.SetupError: new-user-name: a name cannot hold control characters, such as U+001B
    """
    if not isinstance(text, str):
        raise SetupError(key, f"a name is text, not {type(text).__name__}")
    name = text.strip()
    if not name:
        raise SetupError(key, "enter a name")
    if len(name) > MAX_NAME_LENGTH:
        raise SetupError(key, f"the name is too long: at most {MAX_NAME_LENGTH} characters, this has {len(name)}")
    bad = control_character(name) if typed else None
    if bad is not None:
        raise SetupError(key, f"a name cannot hold control characters, such as U+{ord(bad):04X}")
    return name


def check_count(count: int, sizes: range) -> None:
    """Refuse a number of players outside `sizes` (key ``players``).

    >>> check_count(5, range(2, 5))
    Traceback (most recent call last):
    ...
    mastermind.errors.SetupError: players: a game has 2 to 4 players, not 5
    """
    if count not in sizes:
        allowed = f"{sizes[0]}" if len(sizes) == 1 else f"{sizes[0]} to {sizes[-1]}"
        raise SetupError("players", f"a game has {allowed} players, not {count}")


def lineup(
    names: Sequence[object], sizes: range = range(2, 3), known: Callable[[str], str | None] | None = None
) -> tuple[Player, ...]:
    """The players of a match from the names typed into its form, in order; as many as `sizes` allows.

    A computer player's name (any case) brings in that computer. Every other name is a person's;
    where `known` is given (the tournament's registry) it must give the registered spelling of the
    name, or the name is refused as not registered. Names may not repeat, whatever their case.
    """
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise SetupError("players", "the players' names come as a list")
    check_count(len(names), sizes)
    players: list[Player] = []
    for number, text in enumerate(names, start=1):
        key = f"player-{number}-name"
        name = check_name(text, key)
        computer = computer_named(name)
        if computer is not None:
            name = computer
        elif known is not None:
            registered = known(name)
            if registered is None:
                raise SetupError(key, f"{name} is not a registered user")
            name = registered
        if any(player.name.casefold() == name.casefold() for player in players):
            raise SetupError(key, f"{name} is already in the game")
        players.append(Player(name, computer is not None))
    return tuple(players)
