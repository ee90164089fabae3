"""The Solo screen's engine on the main thread (MicroPython): the engine's worker relayed for the
session (``engine`` effects), the hint and the count (``assist``), and the Review (``review``)."""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mpy_page import Screen


def install(screen: Screen) -> None:
    """Register this part's drawers, effects, dialogs and buttons on `screen`, and wire its events."""
