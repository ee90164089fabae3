"""The four settings of a game, validated once, and the presets of each mode."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from math import comb, factorial
from typing import Any

from .errors import ConfigError, UnknownColorError, reads_saved_data
from .i18n import _, colour_name, ngettext
from .palette import CATALOG, Color, color_named

MIN_PEGS, MAX_PEGS = 1, 8
MIN_COLORS, MAX_COLORS = 2, 10
MIN_GUESSES, MAX_GUESSES = 1, 20


# Spaces around are a person's; the four separators U+001C-U+001F, which `\s` counts as spaces and
# int() does not, are control characters and refused.
_NUMBER = re.compile(r"[^\S\x1c-\x1f]*[+-]?[0-9]{1,30}[^\S\x1c-\x1f]*")


def read_number(text: object) -> int | None:
    """A whole number as a person types it into a form (surrounding spaces, a sign, digits 0-9),
    or ``None`` for anything else; an int is taken as it is. Every form of both editions reads its
    numbers so; the range is each rule's to check.

    >>> read_number(" +5 "), read_number("-3"), read_number(7), read_number("5.0"), read_number("9" * 40)
    (5, -3, 7, None, None)
    >>> read_number("0\x1f"), read_number("\t5\u00a0")
    (None, 5)
    """
    if isinstance(text, int) and not isinstance(text, bool):
        return text
    if isinstance(text, str) and _NUMBER.fullmatch(text):
        return int(text)
    return None


def _whole_number(setting: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(setting, _("must be a whole number, not {value}").format(value=repr(value)))
    if not low <= value <= high:
        raise ConfigError(setting, _("must be from {low} to {high}, not {value}").format(low=low, high=high, value=value))
    return value


def _palette(value: int | Sequence[str | Color]) -> tuple[Color, ...]:
    if isinstance(value, int) and not isinstance(value, bool):
        count = _whole_number("colors", value, MIN_COLORS, MAX_COLORS)
        return CATALOG[:count]
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise ConfigError("colors", _("must be a number of colours or a list of colour names, not {value}").format(
            value=repr(value)))
    if not value:
        raise ConfigError("colors", _("the colour list is empty"))
    colors: list[Color] = []
    for item in value:
        try:
            color = item if isinstance(item, Color) else color_named(item)
        except (UnknownColorError, AttributeError) as error:
            raise ConfigError("colors", str(error)) from None
        for earlier in colors:
            if earlier.name == color.name:
                raise ConfigError("colors", _("{colour} is listed twice").format(colour=colour_name(color.name)))
            if earlier.letter == color.letter:
                raise ConfigError("colors", _("{first} and {second} share the letter {letter}").format(
                    first=colour_name(earlier.name), second=colour_name(color.name), letter=color.letter))
        colors.append(color)
    if not MIN_COLORS <= len(colors) <= MAX_COLORS:
        raise ConfigError("colors", _("must hold {low} to {high} colours, not {count}").format(
            low=MIN_COLORS, high=MAX_COLORS, count=len(colors)))
    return tuple(colors)


@dataclass(frozen=True, init=False)
class Config:
    """How long the code is, which colours it uses, how many guesses the breaker has, and
    whether a colour may repeat.

    Every argument has the classic default; a bad value raises :class:`ConfigError` and no
    half-made config exists.

    >>> Config().letters
    'BGOPRY'
    >>> Config(pegs=5, colors=["Red", "Maroon"]).letters
    'RM'
    >>> Config(pegs=7, colors=6, allow_duplicates=False)
    Traceback (most recent call last):
    ...
    mastermind.errors.ConfigError: allow_duplicates: without duplicates a code of 7 pegs needs at least 7 colours, the palette has 6
    """

    pegs: int
    colors: tuple[Color, ...]
    """Always a tuple once made, whichever form :meth:`__init__` was given."""
    max_guesses: int
    allow_duplicates: bool

    def __init__(self, pegs: int = 4, colors: int | Sequence[str | Color] = CATALOG[:6], max_guesses: int = 12,
                 allow_duplicates: bool = True) -> None:
        # Written by hand because `colors` takes more forms than the tuple it is stored as.
        object.__setattr__(self, "pegs", _whole_number("pegs", pegs, MIN_PEGS, MAX_PEGS))
        object.__setattr__(self, "colors", _palette(colors))
        object.__setattr__(self, "max_guesses", _whole_number("max_guesses", max_guesses, MIN_GUESSES, MAX_GUESSES))
        object.__setattr__(self, "allow_duplicates", allow_duplicates)
        if not isinstance(self.allow_duplicates, bool):
            raise ConfigError("allow_duplicates", _("must be true or false, not {value}").format(
                value=repr(self.allow_duplicates)))
        if not self.allow_duplicates and self.pegs > len(self.colors):
            raise ConfigError(
                "allow_duplicates",
                ngettext(
                    "without duplicates a code of {pegs} peg needs at least {pegs} colours, the palette has {count}",
                    "without duplicates a code of {pegs} pegs needs at least {pegs} colours, the palette has {count}",
                    self.pegs,
                ).format(pegs=self.pegs, count=len(self.colors)),
            )

    @property
    def letters(self) -> str:
        """The palette's letters in palette order."""
        return "".join(color.letter for color in self.colors)

    def color(self, letter: str) -> Color:
        """The palette colour written `letter` (any case); KeyError when the palette has none."""
        for color in self.colors:
            if color.letter == letter.upper():
                return color
        raise KeyError(letter)

    @property
    def size(self) -> int:
        """How many different codes this config allows.

        >>> Config().size, Config(allow_duplicates=False).size
        (1296, 360)
        """
        n = len(self.colors)
        if self.allow_duplicates:
            return int(n**self.pegs)  # int ** int is typed Any: a negative power makes a float
        return comb(n, self.pegs) * factorial(self.pegs)

    def replace(self, **changes: Any) -> Config:
        """A copy with some settings changed, validated like a new one."""
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form, colours by name."""
        return {
            "pegs": self.pegs,
            "colors": [color.name for color in self.colors],
            "max_guesses": self.max_guesses,
            "allow_duplicates": self.allow_duplicates,
        }

    @classmethod
    @reads_saved_data
    def from_dict(cls, data: Mapping[str, Any]) -> Config:
        """The inverse of :meth:`to_dict`; anything malformed raises :class:`ConfigError`."""
        if not isinstance(data, Mapping):
            raise ConfigError("config", _("must be a mapping, not {kind}").format(kind=type(data).__name__))
        unknown = set(data) - {"pegs", "colors", "max_guesses", "allow_duplicates"}
        if unknown:
            raise ConfigError(sorted(unknown)[0], _("is not a setting"))
        return cls(**data)


def _preset(letters: str, **settings: Any) -> Config:
    by_letter = {color.letter: color for color in CATALOG[:MAX_COLORS]}
    return Config(colors=[by_letter[letter] for letter in letters], **settings)


CLASSIC = Config()
DUEL = _preset("RGBPYM", max_guesses=6, allow_duplicates=False)
RACE = _preset("RYBGOP", max_guesses=8, allow_duplicates=False)
TOURNAMENT = _preset("RGBYWK", max_guesses=10, allow_duplicates=True)
PRESETS: dict[str, Config] = {"classic": CLASSIC, "duel": DUEL, "race": RACE, "tournament": TOURNAMENT}
