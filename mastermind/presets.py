"""Presets of the Solo settings: named sets of the four rules, chosen in one go.

Simon Tatham's Guess offers Standard and Super; the two-player source texts bring their own
rules (Duel's and Race's). Each preset is one record in :data:`SOLO_PRESETS`; the settings form
shows them in that order, then :data:`CUSTOM`. A preset is never stored: it is read off the
rules (:func:`preset_of`), so the fields follow the preset and editing one makes it Custom.

The Solo palette is always the first N colours of the catalog, so Duel's and Race's presets take
their numbers from those modes' rules, not their own palettes.

>>> [preset.name for preset in SOLO_PRESETS] + [CUSTOM]
['Classic', 'Super', 'Duel', 'Race', 'Custom']
>>> preset_of(Config(pegs=5, colors=8))
'Super'
>>> preset_of(Config(pegs=5, colors=7))
'Custom'
"""

from __future__ import annotations

from dataclasses import dataclass

from .config import CLASSIC, DUEL, RACE, Config
from .i18n import N_, _

CUSTOM = N_("Custom")
"""The name of any rules no preset has (marked here, translated where shown, as every preset's
name and origin are)."""


@dataclass(frozen=True)
class Preset:
    """A named set of the four rules, and where players know it from."""

    name: str
    pegs: int
    colors: int
    max_guesses: int
    allow_duplicates: bool
    origin: str

    @classmethod
    def like(cls, name: str, config: Config, origin: str) -> Preset:
        """The preset with `config`'s numbers (its palette's size, not its colours)."""
        return cls(name, config.pegs, len(config.colors), config.max_guesses, config.allow_duplicates, origin)

    @property
    def config(self) -> Config:
        return Config(self.pegs, self.colors, self.max_guesses, self.allow_duplicates)


SOLO_PRESETS: tuple[Preset, ...] = (
    Preset.like(N_("Classic"), CLASSIC, N_("the board game")),
    Preset(N_("Super"), 5, 8, 12, True, N_("Simon Tatham's Guess")),
    Preset.like(N_("Duel"), DUEL, N_("the Duel source text")),
    Preset.like(N_("Race"), RACE, N_("the Race source text")),
)

PRESET_NAMES: tuple[str, ...] = (*(preset.name for preset in SOLO_PRESETS), CUSTOM)
"""Every choice of the settings form's ``Preset`` field, in order."""


def preset_of(config: Config) -> str:
    """The name of the preset whose rules `config` has, else :data:`CUSTOM`."""
    return next((preset.name for preset in SOLO_PRESETS if preset.config == config), CUSTOM)


def preset_named(name: str) -> Preset | None:
    """The preset called `name`; ``None`` for :data:`CUSTOM`, which keeps the rules as they are.
    ``ValueError`` for a name that is not a choice.

    >>> preset_named("Race").config.max_guesses, preset_named("Custom")
    (8, None)
    """
    for preset in SOLO_PRESETS:
        if preset.name == name:
            return preset
    if name == CUSTOM:
        return None
    raise ValueError(_("there is no preset {name}; the choices are {choices}").format(
        name=repr(name[:30]), choices=", ".join(PRESET_NAMES)))
