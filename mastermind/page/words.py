"""The page's shared words: what several of its models, or the page and its storage, say alike.

Each model words its own screens; what two of them would otherwise each spell lives here once.

>>> rules_line(4, "BGOPRY", 12, repeats=True)
'4 pegs, 6 colours (B G O P R Y), 12 guesses, colours may repeat'
"""

from ..config import Config
from ..english import plural, sentence

__all__ = ["BLOCKED", "KEPT_ASIDE", "NOT_SAVED", "PRACTICE", "REPLAYED", "damage_found", "plural", "rules_line",
           "rules_summary", "sentence", "task_failed"]

NOT_SAVED = "Your browser refused to store this (storage full or disabled); it will be lost on reload."
"""Said by the status line after a move and by the data notice when a write is refused."""

BLOCKED = ("Your browser blocks this site's storage (cookies and site data are off): you can play, "
           "but nothing is kept after you close this tab.")
"""Said by the data notice when the browser refuses the storage itself, even to read it."""

KEPT_ASIDE = "The damaged text is kept aside: Export data includes it."
"""Said whenever stored text that cannot be read was set aside rather than lost."""


def damage_found(label: str, one: bool) -> str:
    """Said when a stored part this tab holds was found garbled (by a script, a disk, a hand):
    the tab's own copy is stored again.

    >>> damage_found("statistics", False)
    'The saved statistics were found damaged; the copy this tab holds was stored again.'
    """
    return f"The saved {label} {'was' if one else 'were'} found damaged; the copy this tab holds was stored again."

PRACTICE = "Practice game: the secret is shown, so this game is not counted in your statistics."
"""Said of a game played with ``?reveal=1`` when it starts and when it ends."""

REPLAYED = "You played this challenge before: this game is not counted again."
"""Said of a friend's challenge whose link was already played to the end here."""


def rules_line(pegs: int, letters: str, max_guesses: int, repeats: bool) -> str:
    """The rules of a game, or of a record, in one line."""
    duplicates = "colours may repeat" if repeats else "no colour repeats"
    return f"{pegs} pegs, {len(letters)} colours ({' '.join(letters)}), {max_guesses} guesses, {duplicates}"


def rules_summary(config: Config, hard: bool = False) -> str:
    """A game's rules in one line.

    >>> rules_summary(Config(allow_duplicates=False), hard=True)
    '4 pegs, 6 colours (B G O P R Y), 12 guesses, no colour repeats, hard mode'
    """
    return rules_line(config.pegs, config.letters, config.max_guesses, config.allow_duplicates) + (", hard mode" if hard else "")


def task_failed(error: BaseException) -> str:
    """What the page says when work it started in the background failed.

    >>> task_failed(ValueError("bad"))
    'Something went wrong (ValueError: bad). Reloading the page starts afresh; your saved data is kept.'
    """
    return f"Something went wrong ({type(error).__name__}: {error}). Reloading the page starts afresh; your saved data is kept."
