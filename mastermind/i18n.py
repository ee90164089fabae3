"""Words in the player's language: one gettext catalog per language, chosen once per process or page.

Every text a person reads goes through this module: ``_`` for a sentence, ``ngettext`` for one
whose words follow a number (the catalog's own plural rule, not English's), ``pgettext`` where one
English word means two things (the colour "Orange" and the fruit would be two contexts). Text kept
in data (a mode's title, a preset's name) is marked with ``N_`` where it is defined, so that
extraction finds it, and translated by ``_`` where it is shown. Placeholders are named
``str.format`` fields, so a translation may put them in any order.

Until :func:`use` is called, and for English, the texts are the source's own, word for word:

>>> use(gettext.NullTranslations(), "en")
>>> _("Guess"), ngettext("{count} guess", "{count} guesses", 2).format(count=2)
('Guess', '2 guesses')
>>> number(1234.5, 1), number(1234)
('1,234.5', '1,234')

Codes never change with the language: a code is stored, linked and shared in the catalog's own
letters (:mod:`mastermind.palette`); only what is shown and typed is the player's.
:func:`colour_letter` and :func:`canonical_letters` translate between the two.
"""

from __future__ import annotations

import datetime as dt
import gettext
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

DOMAIN = "mastermind"
"""The catalog's name: ``locale/<language>/LC_MESSAGES/mastermind.mo``."""

LOCALE_DIR = Path(__file__).with_name("locale")
"""Where the catalogs are: the ``.po`` sources, and the ``.mo`` files ``make`` compiles from them."""


@dataclass(frozen=True)
class Language:
    """A language the game speaks: its tag (``fr``) and its name in itself (``Français``), which is
    how a person looks for their own language in a list."""

    tag: str
    name: str


SOURCE = Language("en", "English")
"""The language the texts are written in: it needs no catalog."""

LANGUAGES: tuple[Language, ...] = (
    SOURCE,
    Language("fr", "Français"),
    Language("de", "Deutsch"),
    Language("es", "Español"),
    Language("pt", "Português"),
    Language("it", "Italiano"),
)
"""Every language a player can choose, in the order the Language field lists them."""

PSEUDO = Language("qps", "Pseudo")
"""A made-up language for checking the layout: every text longer and accented (``?lang=qps``)."""


def language_of(tag: str) -> Language | None:
    """The language for a tag such as ``fr``, ``fr-CA``, ``pt_BR.UTF-8`` or ``qps``, if the game has it.

    >>> language_of("fr-CA"), language_of("de_DE.UTF-8") == language_of("de"), language_of("nl")
    (Language(tag='fr', name='Français'), True, None)
    """
    wanted = tag.strip().replace("_", "-").split(".")[0].split("-")[0].casefold()
    return next((language for language in (*LANGUAGES, PSEUDO) if language.tag == wanted), None)


def first_known(tags: Iterable[str]) -> Language:
    """The first of a person's preferred languages (``navigator.languages``) the game has, else English.

    >>> first_known(["nl-BE", "de-AT", "fr"]).tag, first_known([]).tag
    ('de', 'en')
    """
    return next((language for tag in tags if (language := language_of(tag)) is not None), SOURCE)


_active: gettext.NullTranslations = gettext.NullTranslations()
_tag = SOURCE.tag


def use(translations: gettext.NullTranslations, tag: str) -> None:
    """Speak `translations` (tagged `tag`) from now on: the page calls it once at start-up with the
    catalog it fetched, the terminal with the one its environment names (:func:`from_environment`)."""
    global _active, _tag  # one language per process or page, chosen once at start-up
    _active, _tag = translations, tag


def current() -> str:
    """The tag of the language in use (``en`` until :func:`use` says otherwise)."""
    return _tag


def catalog(data: bytes) -> gettext.GNUTranslations:
    """A compiled catalog (a ``.mo`` file's bytes, as the page fetches it) ready for :func:`use`."""
    import io

    return gettext.GNUTranslations(io.BytesIO(data))


def from_environment() -> None:
    """Speak the language `LANGUAGE`, `LC_ALL`, `LC_MESSAGES` or `LANG` names, as any gettext
    program does; English when none names a language the game has (``LANG=C`` included)."""
    translations = gettext.translation(DOMAIN, LOCALE_DIR, fallback=True)
    tags = [value for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG") if (value := os.environ.get(name))]
    chosen = first_known(tag for value in tags[:1] for tag in value.split(":"))
    use(translations, chosen.tag if isinstance(translations, gettext.GNUTranslations) else SOURCE.tag)


def _(message: str) -> str:
    """`message` in the language in use."""
    return _active.gettext(message)


def N_(message: str) -> str:  # noqa: N802 - gettext's own name for "mark now, translate where shown"
    """`message` unchanged: marks a text kept in data, which ``_`` translates where it is shown."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a text that goes with `count`, by the catalog's plural rule."""
    return _active.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """`message` as meant in `context`, for an English word with two meanings."""
    return _active.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    """:func:`ngettext` within a context."""
    return _active.npgettext(context, singular, plural, count)


def number(value: float, places: int = 0) -> str:
    """`value` written as the language writes numbers: its decimal mark and its thousands separator.

    >>> use(gettext.NullTranslations(), "en"); number(4.25, 2), number(12345)
    ('4.25', '12,345')
    """
    text = f"{value:,.{places}f}"
    # Translators: the mark between a number's whole part and its fraction (English: a full stop).
    decimal = pgettext("number", ".")
    # Translators: the mark between each three digits of a large number (English: a comma).
    group = pgettext("number", ",")
    table: dict[str, str | int | None] = {",": group, ".": decimal}
    return text.translate(str.maketrans(table))


def date(day: dt.date) -> str:
    """`day` as the language writes a date: its order and marks (English keeps the game's
    year-month-day, which it has always shown).

    >>> use(gettext.NullTranslations(), "en"); date(dt.date(2026, 11, 2))
    '2026-11-02'
    """
    # Translators: how a date is written; {year} has four digits, {month} and {day} two (01-12, 01-31).
    pattern = pgettext("date", "{year}-{month}-{day}")
    return pattern.format(year=f"{day.year:04}", month=f"{day.month:02}", day=f"{day.day:02}")


def colour_name(name: str) -> str:
    """A catalog colour's name (:mod:`mastermind.palette`, e.g. ``Red``) in the language in use."""
    return pgettext("colour", name)


def colour_letter(name: str, letter: str) -> str:
    """The letter colour `name` (whose own letter is `letter`) is written and typed with in the
    language in use: its name's initial, or another letter where two colours of a palette share one."""
    return pgettext(f"letter of {name}", letter)


def shown_letters(letters: str, palette: Iterable[tuple[str, str]]) -> str:
    """Code `letters` written in the language in use, for a palette of ``(name, letter)`` pairs."""
    local = {letter: colour_letter(name, letter) for name, letter in palette}
    return "".join(local.get(letter, letter) for letter in letters)


def canonical_letters(text: str, palette: Iterable[tuple[str, str]]) -> str:
    """What a person typed in their language's letters, in the code's own letters (case-insensitive);
    a character that is no colour's letter is kept as it is, for the code's own check to name."""
    own = {colour_letter(name, letter).casefold(): letter for name, letter in palette}
    return "".join(own.get(character.casefold(), character) for character in text)
