"""The Solo screen's Statistics and daily challenge on the main thread (MicroPython): the
``stats`` part (and its countdown), the daily challenge and Day (``day``)."""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mpy_page import Screen


def install(screen: Screen) -> None:
    """Register this part's drawers, effects, dialogs and buttons on `screen`, and wire its events."""
