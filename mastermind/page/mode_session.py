"""What every mode's session in the page's worker is (:mod:`.session_modes` keeps them): its view,
with the game kept from the last visit, and the hooks through which a mode with a screen of its own
(Solve: :mod:`.session_solve`) draws, asks the engine and follows another tab instead of the
matches' way (:class:`.session_modes.Modes`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .modes import resumed_view

if TYPE_CHECKING:
    from ..config import Config
    from .computer import ComputerView
    from .modes import MatchView
    from .session_actions import Data, Session
    from .sync import Users

    View = MatchView | ComputerView


class ModeSession:
    """One mode's screen in the worker: its view, with the game kept from the last visit."""

    match = True
    """Whether the view is a match's (:class:`~.modes.MatchView`, :class:`~.computer.ComputerView`),
    which the setup and registration actions act on; a mode with its own screen is not."""

    composes = True
    """Whether the screen has a row of pegs that the keys, the palette and the slots compose
    (``mode-press``, ``mode-pick``, ``mode-clear``): the matches and Solve; the Lab has none."""

    def __init__(self, mode: str, rules: Config, users: Users, kept: Mapping[str, Any] | None, seed: int | None) -> None:
        self.view: View = resumed_view(mode, rules, users.registry, kept, seed)

    def shown(self, rules: Config) -> None:
        """The mode is put on screen, under Solo's `rules` as they are now."""

    def saved(self) -> object:
        """The game to store for this mode (:meth:`Modes.save`): the view's."""
        return self.view.saved()

    def opens(self, session: Session) -> None:
        """The page opens on this mode: what the address asks of it beyond the mode (the Lab's
        strategy link), said in the opening's status."""

    def offer(self, names: list[str]) -> None:
        """The saved strategies' `names`, offered to the view as code-breakers."""
        self.view.offer(names)

    def follow(self, stored: Mapping[str, Any] | None, kept: Mapping[str, Any] | None) -> bool:
        """Another tab stored `stored` as this mode's game (`kept`: the game as last read or
        stored here); whether the view took it up. The matches go on with their own."""
        return False

    def settle(self, session: Session) -> bool:
        """After every message, on screen: whether this session did its own settling (asked its
        engine work, moved the focus) instead of the matches' (:meth:`Modes.settle`)."""
        return False

    def waits_for(self, number: int) -> bool:
        """Whether the engine request `number` is this session's own and still awaited."""
        return False

    def answered(self, answer: Data) -> str | None:
        """The engine's answer to this session's own request (:meth:`waits_for`); the status to say."""
        return None

    def part(self, letters: bool) -> Data | None:
        """The screen as data when this session draws its own (None: the matches' screen, :meth:`Modes.part`)."""
        return None
