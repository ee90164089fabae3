"""The multiplayer modes by name, and resuming whichever match a page saved."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .duel import Duel
from .errors import SavedDataError
from .i18n import _
from .match import Match
from .race import Race
from .registry import Registry
from .tournament import Tournament

MODES: dict[str, type[Match]] = {"duel": Duel, "race": Race, "tournament": Tournament}


def load_match(data: Mapping[str, Any], registry: Registry | None = None) -> Match:
    """The match saved as `data` (:meth:`Match.to_dict`), of whichever mode it names; a
    tournament needs the `registry` of its users. Anything malformed raises :class:`SavedDataError`."""
    mode = data.get("mode") if isinstance(data, Mapping) else None
    if not isinstance(mode, str) or mode not in MODES:
        raise SavedDataError(_("not a saved match: unknown mode {mode}").format(mode=repr(mode))[:100])
    return MODES[mode].from_dict(data, registry=registry)
