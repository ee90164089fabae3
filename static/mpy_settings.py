"""The Solo screen's Settings dialog on the main thread (MicroPython): the form filled and checked
by the session (``fill``, ``errors``), presets, saving, and a reload when the language changes."""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mpy_page import Screen


def install(screen: Screen) -> None:
    """Register this part's drawers, effects, dialogs and buttons on `screen`, and wire its events."""
