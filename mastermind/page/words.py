"""The page's shared words: what several of its models, or the page and its storage, say alike.

Each model words its own screens; what two of them would otherwise each spell lives here once.
Every text goes through the catalog (:mod:`mastermind.i18n`); codes are shown and typed in the
language's letters (:func:`shown`, :func:`typed`) and kept in the catalog's own.

>>> rules_line(4, "BGOPRY", 12, repeats=True)
'4 pegs, 6 colours (B G O P R Y), 12 guesses, colours may repeat'
"""

from __future__ import annotations

import gettext
from collections.abc import Iterable

from .. import i18n
from ..config import Config
from ..feedback import Feedback
from ..i18n import N_, _, ngettext, number
from ..palette import CATALOG, Color

__all__ = ["BLOCKED", "KEPT_ASIDE", "ENGINE_HERE", "NOT_IMPORTED", "NOT_SAVED", "N_", "PRACTICE", "REPLAYED", "_", "ngettext", "number",
           "damage_found", "feedback_words", "guesses_left", "rules_line", "rules_summary", "shown", "speak", "task_failed", "typed"]

ENGINE_HERE = N_("The engine's helper could not start, so the engine thinks on this page: it may pause now and then.")
"""Said once when the engine's Web Worker fails to start or dies: the page answers itself from then on."""
NOT_SAVED = N_("Your browser refused to store this (storage full or disabled); it will be lost on reload.")
"""Said by the status line after a move and by the data notice when a write is refused (``_`` where said)."""
NOT_IMPORTED = N_("Nothing was imported: your browser refused to store this (storage full or disabled); it will be lost on reload.")
"""Said by Your data when the browser refuses an import's writes: none of them is kept."""

BLOCKED = N_("Your browser blocks this site's storage (cookies and site data are off): you can play, "
             "but nothing is kept after you close this tab.")
"""Said by the data notice when the browser refuses the storage itself, even to read it."""

KEPT_ASIDE = N_("The damaged text is kept aside: Export data includes it.")
"""Said whenever stored text that cannot be read was set aside rather than lost."""

PRACTICE = N_("Practice game: the secret is shown, so this game is not counted in your statistics.")
"""Said of a game played with ``?reveal=1`` when it starts and when it ends."""

REPLAYED = N_("You played this challenge before: this game is not counted again.")
"""Said of a friend's challenge whose link was already played to the end here."""


def speak(tag: str, data: bytes | None) -> bool:
    """Speak the language `tag` from now on, with its compiled catalog `data` (a ``.mo`` file's
    bytes, as the page fetched it); English when `tag` is English or no language the game has,
    or when `data` is missing or no catalog. Returns whether the language is now `tag`'s.

    >>> speak("xx", b"not a catalog"), speak("en", None), i18n.current()
    (False, True, 'en')
    """
    language = i18n.language_of(tag)
    if language is None or language is i18n.SOURCE or data is None:
        i18n.use(_null(), i18n.SOURCE.tag)
        return language is i18n.SOURCE
    try:
        i18n.use(i18n.catalog(data), language.tag)
    except Exception:  # not a catalog (bad magic number, truncated, ...): English, the page plays on
        i18n.use(_null(), i18n.SOURCE.tag)
        return False
    return True


def _null() -> gettext.NullTranslations:
    return gettext.NullTranslations()


def damage_found(label: str, one: bool) -> str:
    """Said when a stored part this tab holds was found garbled (by a script, a disk, a hand):
    the tab's own copy is stored again. `label` is the part's (already in the language).

    >>> damage_found("statistics", False)
    'The saved statistics were found damaged; the copy this tab holds was stored again.'
    """
    if one:
        return _("The saved {part} was found damaged; the copy this tab holds was stored again.").format(part=label)
    return _("The saved {part} were found damaged; the copy this tab holds was stored again.").format(part=label)


def pairs(colors: Iterable[Color]) -> list[tuple[str, str]]:
    """The ``(name, letter)`` pairs of a palette, as :mod:`mastermind.i18n` takes them."""
    return [(color.name, color.letter) for color in colors]


def _palette_of(letters: str) -> list[Color]:
    """The colours written `letters` (each letter's first colour in the catalog, as a palette has it)."""
    first = {color.letter: color for color in reversed(CATALOG)}
    return [first[letter] for letter in dict.fromkeys(letters) if letter in first]


def shown(letters: object, config: Config | None = None) -> str:
    """A code (or letters of one) as the language writes it, for `config`'s palette (else the
    colours the letters name): in English its own letters.

    >>> shown("RGBY")
    'RGBY'
    """
    text = str(letters)
    return i18n.shown_letters(text, pairs(config.colors if config else _palette_of(text)))


def typed(text: str, config: Config) -> str:
    """What a person typed in the language's letters, in the code's own letters (`config`'s palette)."""
    return i18n.canonical_letters(text, pairs(config.colors))


def letter_of(color: Color) -> str:
    """A colour's letter in the language: on its peg, its palette button, the key that picks it."""
    return i18n.colour_letter(color.name, color.letter)


def name_of(color: Color) -> str:
    """A colour's name in the language."""
    return i18n.colour_name(color.name)


def feedback_words(result: Feedback) -> str:
    """A guess's score: its black and white key pegs.

    >>> feedback_words(Feedback(1, 2))
    '1 black, 2 white'
    """
    # Translators: a guess's score: the count of black key pegs (right colour, right place) and of white ones.
    return _("{black} black, {white} white").format(black=result.black, white=result.white)


def guesses_left(count: int) -> str:
    """The sentence saying how many guesses are left.

    >>> guesses_left(1), guesses_left(11)
    ('1 guess left.', '11 guesses left.')
    """
    return ngettext("{count} guess left.", "{count} guesses left.", count).format(count=count)


def rules_line(pegs: int, letters: str, max_guesses: int, repeats: bool, config: Config | None = None) -> str:
    """The rules of a game, or of a record, in one line (`letters` in the catalog's own letters,
    written as :func:`shown` writes `config`'s codes)."""
    shown_letters = " ".join(shown(letters, config))
    pegs_words = ngettext("{count} peg", "{count} pegs", pegs).format(count=pegs)
    colours = ngettext("{count} colour ({letters})", "{count} colours ({letters})", len(letters)).format(
        count=len(letters), letters=shown_letters)
    rounds = ngettext("{count} guess", "{count} guesses", max_guesses).format(count=max_guesses)
    duplicates = _("colours may repeat") if repeats else _("no colour repeats")
    # Translators: a game's rules in one line, e.g. "4 pegs, 6 colours (B G O P R Y), 12 guesses, colours may repeat".
    return _("{pegs}, {colours}, {guesses}, {duplicates}").format(
        pegs=pegs_words, colours=colours, guesses=rounds, duplicates=duplicates)


def rules_summary(config: Config, hard: bool = False) -> str:
    """A game's rules in one line.

    >>> rules_summary(Config(allow_duplicates=False), hard=True)
    '4 pegs, 6 colours (B G O P R Y), 12 guesses, no colour repeats, hard mode'
    """
    rules = rules_line(config.pegs, config.letters, config.max_guesses, config.allow_duplicates, config)
    # Translators: a game's rules in one line (see "{pegs}, {colours}, ..."), then that it is played in hard mode.
    return _("{rules}, hard mode").format(rules=rules) if hard else rules


def task_failed(error: BaseException) -> str:
    """What the page says when work it started in the background failed.

    >>> task_failed(ValueError("bad"))
    'Something went wrong (ValueError: bad). Reloading the page starts afresh; your saved data is kept.'
    """
    return _("Something went wrong ({error}). Reloading the page starts afresh; your saved data is kept.").format(
        error=f"{type(error).__name__}: {error}")
