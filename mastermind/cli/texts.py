"""Small pieces of wording shared by the dialogues, the one way text from outside is printed, and
codes as the player reads and types them: in the letters of their language (:mod:`mastermind.i18n`),
while every code the rules hold keeps the catalog's own letters."""

from __future__ import annotations

from ..code import unknown_letters
from ..config import Config
from ..i18n import N_, _, canonical_letters, colour_letter, colour_name, ngettext, number, shown_letters
from ..palette import Color
from ..players import control_character

LONGEST = 60
"""Characters of an outside text printed before it is cut short (the longest name fits)."""

NUMBER_WORDS = (
    N_("zero"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"),
    N_("six"), N_("seven"), N_("eight"), N_("nine"), N_("ten"),
)
"""Numbers as the source's sentences write them, marked here and translated where shown."""


def number_word(count: int) -> str:
    """`count` written out in words (``six``), in the language in use.

    >>> number_word(6)
    'six'
    """
    return _(NUMBER_WORDS[count])


def either(words: list[str]) -> str:
    """``blue, green, or yellow``, as the classic rules list the colours.

    >>> either(["blue", "green"]), either(["blue", "green", "red"])
    ('blue or green', 'blue, green, or red')
    """
    if len(words) < 3:
        # Translators: a choice between two (colours, letters): "blue or green".
        return _("{first} or {second}").format(first=words[0], second=words[1]) if len(words) == 2 else "".join(words)
    # Translators: a choice among three or more: {earlier} is the list before the last, comma-separated.
    return _("{earlier}, or {last}").format(earlier=", ".join(words[:-1]), last=words[-1])


def pairs(config: Config) -> list[tuple[str, str]]:
    """The palette as ``(name, letter)`` pairs, the form :mod:`mastermind.i18n` takes."""
    return [(color.name, color.letter) for color in config.colors]


def letter(config: Config, code_letter: str) -> str:
    """One of the palette's letters as the player's language writes it."""
    return shown_letters(code_letter, pairs(config))


def shown(code: object, config: Config) -> str:
    """A code (or a row of code letters) as the player reads it: in their language's letters.

    >>> shown("RGBY", Config())
    'RGBY'
    """
    return shown_letters(str(code), pairs(config))


def typed(text: str, config: Config) -> str:
    """What the player typed for a code, in the code's own letters, for the rules to check.

    A letter that is not one of the palette's letters in the player's language is refused here,
    named as typed, even when it is some colour's letter in English: ``G`` is not Green where
    Green is written ``V``. In English the text goes to the rules as it is.

    >>> typed(" rgby ", Config())
    ' rgby '
    """
    palette = pairs(config)
    if all(colour_letter(name, own) == own for name, own in palette):
        return text
    letters = "".join(text.split()).upper()
    local = [colour_letter(name, own) for name, own in palette]
    if letters and len(letters) == config.pegs:
        unknown = sorted({character for character in letters if character.casefold() not in {x.casefold() for x in local}},
                         key=letters.index)
        if unknown:
            raise unknown_letters(unknown, " ".join(local))
    return canonical_letters(text, palette)


def initials_suffice(config: Config) -> bool:
    """Whether every colour's letter is its name's initial in the language, so a list of letters
    says enough; else each letter needs its name (German Gelb is E: G is Grün)."""
    return all(letter(config, color.letter).casefold() == colour_name(color.name)[:1].casefold() for color in config.colors)


def named_letters(config: Config) -> list[str]:
    """The palette's letters as a list of choices: the letters alone where they are the names'
    initials, else each with its name ("E - Gelb")."""
    if initials_suffice(config):
        return [letter(config, color.letter) for color in config.colors]
    return [named_letter(config, color) for color in config.colors]


def named_letter(config: Config, color: Color) -> str:
    # Translators: one colour in the list of a palette: its letter, then its name ("R - Red").
    return _("{letter} - {colour}").format(letter=letter(config, color.letter), colour=colour_name(color.name))


def palette_line(config: Config) -> str:
    """The palette as the duel's source writes it.

    >>> palette_line(Config(colors=["Red", "Green"]))
    'R - Red, G - Green'
    """
    return ", ".join(named_letter(config, color) for color in config.colors)


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
    shown_pieces: list[str] = []
    width = 0
    for char in text:
        piece = repr(char)[1:-1] if control_character(char) else char
        if width + len(piece) > longest:
            # Translators: a text cut short: its beginning, then how long it was. English writes "characters"
            # after 1 too (a text of one character is cut only where its escape is longer than the room left).
            return ngettext("{text}... ({count} characters)", "{text}... ({count} characters)", len(text)).format(
                text="".join(shown_pieces), count=number(len(text))
            )
        shown_pieces.append(piece)
        width += len(piece)
    return "".join(shown_pieces)


def reason(error: ValueError) -> str:
    """What was wrong, without the form field a :class:`~mastermind.players.SetupError` names;
    printable whatever the error quotes of what was typed (:func:`outside`)."""
    return outside(str(getattr(error, "reason", error)), 4 * LONGEST)


def said(error: ValueError) -> str:
    """What was wrong as a sentence of its own: the error's own sentence where the rules give one
    (:attr:`mastermind.errors.FieldError.sentence`), printable as :func:`reason` is."""
    sentence = getattr(error, "sentence", None)
    if sentence:
        return outside(sentence, 4 * LONGEST)
    text = reason(error).strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")
