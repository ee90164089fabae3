"""Small pieces of wording shared by the dialogues."""

from __future__ import annotations

from ..config import Config

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


def reason(error: ValueError) -> str:
    """What was wrong, without the form field a :class:`~mastermind.players.SetupError` names."""
    return str(getattr(error, "reason", error))
