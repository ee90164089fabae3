"""The Settings dialog's form as plain values: the fields filled from the settings, the rules a
preset fills in, and the settings a filled form asks for, with a message per wrong field.

Every rule is the package's (:class:`~mastermind.Config`, :class:`~mastermind.page.state.Settings`);
this module reads the form's text and words the refusals.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..config import MAX_COLORS, MAX_GUESSES, MAX_PEGS, MIN_COLORS, MIN_GUESSES, MIN_PEGS, Config, read_number
from ..errors import ConfigError
from ..i18n import N_, _
from ..presets import CUSTOM, preset_named, preset_of
from .state import AUTOMATIC, Settings

FORM_FIELDS: dict[str, str] = {
    "pegs": "pegs",
    "colors": "colors",
    "max_guesses": "guesses",
    "allow_duplicates": "duplicates",
    "key_color": "key_color",
    "letters": "letters",
    "order": "order",
    "assist": "assist",
    "hard": "hard",
    "colours": "colours",
    "theme": "theme",
    "language": "language",
}
"""Settings (as :class:`ConfigError` names them) to the settings form's field names."""

_NUMBERS = {"pegs": (MIN_PEGS, MAX_PEGS), "colors": (MIN_COLORS, MAX_COLORS), "guesses": (MIN_GUESSES, MAX_GUESSES)}


def _rule_fields(config: Config) -> dict[str, str | bool]:
    return {
        "pegs": str(config.pegs),
        "colors": str(len(config.colors)),
        "guesses": str(config.max_guesses),
        "duplicates": config.allow_duplicates,
    }


def form_values(settings: Settings) -> dict[str, str | bool]:
    """The settings form's fields filled from `settings`; `preset` names the preset its rules
    are (:mod:`mastermind.presets`).

    >>> form_values(Settings())
    ... # doctest: +NORMALIZE_WHITESPACE
    {'preset': 'Classic', 'pegs': '4', 'colors': '6', 'guesses': '12', 'duplicates': True,
     'key_color': 'black', 'letters': True, 'order': 'bottom', 'assist': False, 'hard': False,
     'colours': 'standard', 'theme': 'system', 'language': 'auto'}
    """
    return {
        "preset": preset_of(settings.config),
        **_rule_fields(settings.config),
        "key_color": settings.key_color,
        "letters": settings.letters,
        "order": settings.order,
        "assist": settings.assist,
        "hard": settings.hard,
        "colours": settings.colours,
        "theme": settings.theme,
        "language": settings.language,
    }


def preset_fields(name: str) -> dict[str, str | bool]:
    """The rule fields a choice of the ``Preset`` field fills in (none for Custom, or for a
    name that is not a choice).

    >>> preset_fields("Super")
    {'pegs': '5', 'colors': '8', 'guesses': '12', 'duplicates': True}
    >>> preset_fields("Custom")
    {}
    """
    try:
        preset = preset_named(name)
    except ValueError:
        return {}
    return _rule_fields(preset.config) if preset else {}


def form_preset(fields: Mapping[str, str | bool]) -> str:
    """The preset the form's rule fields make, as they are being edited: Custom as soon as they
    are no preset's (or not yet valid).

    >>> form_preset({"pegs": "5", "colors": "8", "guesses": "12", "duplicates": True})
    'Super'
    >>> form_preset({"pegs": "5", "colors": "8", "guesses": "1x", "duplicates": True})
    'Custom'
    """
    settings, _errors = read_form({**form_values(Settings()), **fields})
    return preset_of(settings.config) if settings else CUSTOM


def read_form(fields: Mapping[str, str | bool]) -> tuple[Settings | None, dict[str, str]]:
    """The settings a filled form asks for, or ``None`` and a message per wrong field.

    Numbers are read here; every rule is the package's (:class:`Config`, :class:`Settings`), whose
    error names the setting, so the message lands beside the right field.

    >>> read_form({**form_values(Settings()), "pegs": "5"})[0].config.pegs
    5
    >>> read_form({**form_values(Settings()), "pegs": "nine"})
    (None, {'pegs': 'Enter a whole number from 1 to 8.'})
    >>> read_form({**form_values(Settings()), "guesses": "0"})
    (None, {'guesses': 'Guesses must be from 1 to 20, not 0.'})
    >>> read_form({**form_values(Settings()), "pegs": "7", "duplicates": False})[1]
    {'duplicates': 'Allow duplicates: without duplicates a code of 7 pegs needs at least 7 colours, the palette has 6.'}
    """
    numbers: dict[str, int] = {}
    errors: dict[str, str] = {}
    for name, (low, high) in _NUMBERS.items():
        number = read_number(str(fields.get(name, "")))
        if number is None:
            errors[name] = _("Enter a whole number from {low} to {high}.").format(low=low, high=high)
        else:
            numbers[name] = number
    if errors:
        return None, errors
    try:
        settings = Settings(
            Config(
                pegs=numbers["pegs"],
                colors=numbers["colors"],
                max_guesses=numbers["guesses"],
                allow_duplicates=fields.get("duplicates") is True,
            ),
            key_color=str(fields.get("key_color")),
            letters=fields.get("letters") is True,
            order=str(fields.get("order")),
            assist=fields.get("assist") is True,
            hard=fields.get("hard") is True,
            colours=str(fields.get("colours", "standard")),
            theme=str(fields.get("theme", "system")),
            language=str(fields.get("language", AUTOMATIC)),
        )
    except ConfigError as error:
        return None, {FORM_FIELDS[error.key]: _sentence(error)}
    return settings, {}


_LABELS = {
    "pegs": N_("Pegs"),
    "colors": N_("Colors"),
    "max_guesses": N_("Guesses"),
    "allow_duplicates": N_("Allow duplicates"),
    "key_color": N_("Key pegs"),
    "letters": N_("Letters on pegs"),
    "order": N_("Board order"),
    "assist": N_("Solver assist"),
    "hard": N_("Hard mode"),
    "colours": N_("Colours"),
    "theme": N_("Theme"),
    "language": N_("Language"),
}
"""The settings form's labels, by setting (translated where said)."""


def _sentence(error: ConfigError) -> str:
    label = _(_LABELS[error.key]) if error.key in _LABELS else error.key
    reason = error.reason.rstrip(".")
    if error.key == "allow_duplicates":  # a reason of its own ("without duplicates ..."), after the setting's name
        # Translators: a refused setting: its name, then the reason, e.g. "Allow duplicates: without duplicates ...".
        return _("{setting}: {reason}.").format(setting=label, reason=reason)
    # Translators: a refused setting: its name, then what it must be, e.g. "Theme must be system, light, dark or contrast, not 'x'."
    return _("{setting} {reason}.").format(setting=label, reason=reason)
