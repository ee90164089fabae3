"""The Solo screen's sharing and data on the main thread (MicroPython): Share and the reply link
(``share``, ``reply``), Challenge a friend (``challenge``), keeping the data (``persist``, ``data``),
Export and Import (``download``, ``read-import``, ``import-preview``)."""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mpy_page import Screen


def install(screen: Screen) -> None:
    """Register this part's drawers, effects, dialogs and buttons on `screen`, and wire its events."""
