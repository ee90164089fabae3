"""Small pieces of wording shared by the dialogues, and the one way text from outside is printed."""

from __future__ import annotations

from ..config import Config
from ..players import control_character

LONGEST = 60
"""Characters of an outside text printed before it is cut short (the longest name fits)."""

NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def either(words: list[str]) -> str:
    """``blue, green, or yellow``, as the classic rules list the colours.

    >>> either(["blue", "green"]), either(["blue", "green", "red"])
    ('blue or green', 'blue, green, or red')
    """
    return " or ".join(words) if len(words) < 3 else f"{', '.join(words[:-1])}, or {words[-1]}"


def palette_line(config: Config) -> str:
    """The palette as the duel's source writes it.

    >>> palette_line(Config(colors=["Red", "Green"]))
    'R - Red, G - Green'
    """
    return ", ".join(f"{color.letter} - {color.name}" for color in config.colors)


def outside(text: str, longest: int = LONGEST) -> str:
    r"""`text` from outside (a line typed, a name or message read from a file) as the terminal may
    print it: every control or format character written as its escape, so it can neither move
    the cursor, retitle the window nor fake a line, and cut after `longest` characters (between
    two characters, never inside an escape), saying how long it was.

    >>> print(outside("\x1b]0;pwned\x07\x1b[2J"))
    \x1b]0;pwned\x07\x1b[2J
    >>> print(outside("R" * 100_000, 8))
    RRRRRRRR... (100,000 characters)
    >>> print(outside("\x1b" * 3, 9))
    \x1b\x1b... (3 characters)
    """
    shown: list[str] = []
    width = 0
    for char in text:
        piece = repr(char)[1:-1] if control_character(char) else char
        if width + len(piece) > longest:
            return f"{''.join(shown)}... ({len(text):,} characters)"
        shown.append(piece)
        width += len(piece)
    return "".join(shown)


def reason(error: ValueError) -> str:
    """What was wrong, without the form field a :class:`~mastermind.players.SetupError` names;
    printable whatever the error quotes of what was typed (:func:`outside`)."""
    return outside(str(getattr(error, "reason", error)), 4 * LONGEST)
