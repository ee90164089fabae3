"""The colour catalog: every colour a palette may use, each named once.

A palette (see :class:`mastermind.config.Config`) takes colours from here; a code is written with
their initial letters, so within one palette no two colours may share a letter. The catalog itself
may hold two colours with the same letter (Magenta and Maroon), never both in one palette.

Adding a colour is one line in :data:`CATALOG`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from .errors import UnknownColorError
from .i18n import _


@dataclass(frozen=True)
class Color:
    """A named peg colour, its letter in code text and the CSS colour it is drawn with.

    >>> Color("Black", "K", "#1f1f1f").letter
    'K'
    """

    name: str
    letter: str
    css: str

    def __str__(self) -> str:
        return self.name


CATALOG: tuple[Color, ...] = (
    # The classic six come first: `Config(colors=6)` is the classic palette.
    Color("Blue", "B", "#2f6fde"),
    Color("Green", "G", "#2e9e4f"),
    Color("Orange", "O", "#f08a1c"),
    Color("Purple", "P", "#8e44c9"),
    Color("Red", "R", "#d63131"),
    Color("Yellow", "Y", "#f2cf1d"),
    Color("White", "W", "#f4f4f0"),
    Color("Black", "K", "#1f1f1f"),  # K, as on the key pegs: B is Blue's.
    Color("Magenta", "M", "#e0389e"),
    Color("Cyan", "C", "#25c6da"),
    Color("Navy", "N", "#1d2b6b"),
    Color("Lime", "L", "#9ad62a"),
    Color("Teal", "T", "#138a84"),
    Color("Maroon", "M", "#7a1f2b"),
)
"""Every colour this project knows; the first ten have distinct letters."""

COLOUR_BLIND_SAFE: Mapping[str, str] = MappingProxyType({
    # After Okabe and Ito's palette (2008), moved apart until the classic six are at least 15 and
    # all ten at least 11 apart (CIEDE2000) under Machado et al.'s 2009 simulations of protanopia,
    # deuteranopia and tritanopia (tests/test_colour_vision.py prints the figures). Red is Okabe
    # and Ito's vermilion, Magenta their reddish purple, Cyan their sky blue.
    "Blue": "#0775dc",
    "Green": "#03b181",
    "Orange": "#e69517",
    "Purple": "#6c377f",
    "Red": "#c55108",
    "Yellow": "#fef346",
    "White": "#f4f4f0",
    "Black": "#1f1f1f",
    "Magenta": "#c87ab1",
    "Cyan": "#5bcaff",
})
"""The Colour-blind safe look (a setting of the page) of the colours a page palette can hold (the
first ten of the catalog), by name; the others keep their one look. Only the look changes: the
names and letters, and so every code, are the same."""


def color_named(name: str) -> Color:
    """The catalog colour called `name`, ignoring case and surrounding spaces.

    >>> color_named(" red ")
    Color(name='Red', letter='R', css='#d63131')
    """
    wanted = name.strip().casefold()
    for color in CATALOG:
        if color.name.casefold() == wanted:
            return color
    known = ", ".join(color.name for color in CATALOG)  # the names typed (--colors), which are English's
    # Translators: {known} lists the colours' English names, the names this setting takes.
    raise UnknownColorError(_("unknown colour {name}; the catalog has {known}").format(name=repr(name), known=known))
