"""One tab's copy of the stored parts, kept in step with localStorage and with the page's other tabs.

The browser adapter hands :class:`Tab` the page's ``localStorage`` (anything with ``getItem``,
``setItem`` and ``removeItem``); everything else happens here, where tests run it against a dict.

How two tabs share one storage without either losing the other's newer data:

* Every part (:data:`mastermind.page.storage.PARTS`) is stored with a revision that grows with each
  write. A tab remembers, per part, the value and revision it last read or wrote: its *base*.
* A tab writes a part only over the revision it knows (compare and set): just before writing, it
  reads the stored text again. When another tab stored a newer revision meanwhile, the two
  changes are reconciled by the part's rule (:meth:`~mastermind.page.storage.Part.reconcile`):
  statistics keep both tabs' games, settings keep the fields each tab changed, a game in
  progress keeps the game that went further (else the one stored first), daily results keep
  every day. The result is stored at a revision above both.
* The ``storage`` event tells a tab that another one wrote a key: :meth:`Tab.refresh` adopts the
  newer value, reconciled the same way with any change of its own not yet stored.
* A part written by a newer version of the page is never written over.
* A write the browser refuses (storage full or disabled) keeps the value in memory, says so,
  and is tried again with the next change; the game goes on.

>>> store = MemoryStorage()
>>> one, two = Tab(store), Tab(store)
>>> from mastermind.page.storage import RECORDS, SETTINGS, Settings
>>> _ = one.save(SETTINGS, Settings(order="top"))
>>> [part.key for part in two.refresh(SETTINGS.key)], two.value(SETTINGS).order
(['mastermind:settings'], 'top')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Protocol

from . import storage
from .storage import PARTS, Part, Stored
from .words import NOT_SAVED


class Backend(Protocol):
    """What the tab needs of ``window.localStorage``."""

    def getItem(self, key: str) -> str | None: ...  # noqa: N802 (the DOM's names)

    def setItem(self, key: str, value: str) -> None: ...  # noqa: N802 (the DOM's names)

    def removeItem(self, key: str) -> None: ...  # noqa: N802 (the DOM's names)


class MemoryStorage:
    """A ``localStorage`` in a dict, for tests and for pages where storage is unavailable.
    `quota` limits the total length of the stored texts, as a browser's does."""

    def __init__(self, items: Mapping[str, str] | None = None, quota: int | None = None) -> None:
        self.items = dict(items or {})
        self.quota = quota

    def getItem(self, key: str) -> str | None:  # noqa: N802 (the DOM's names)
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802 (the DOM's names)
        used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
        if self.quota is not None and used + len(key) + len(value) > self.quota:
            raise OSError("QuotaExceededError: the quota has been exceeded")
        self.items[key] = str(value)

    def removeItem(self, key: str) -> None:  # noqa: N802 (the DOM's names)
        self.items.pop(key, None)


class Tab:
    """This tab's values of every stored part, and the revisions they were read at.

    `notices` collects sentences for the person (what could not be read or stored); the page
    shows and clears them.
    """

    def __init__(self, backend: Backend) -> None:
        self.backend = backend
        self.notices: list[str] = []
        migration = storage.migrate({key: self._get(key) for key in storage.keys()})  # noqa: SIM118 (storage.keys() lists the page's keys; storage is a module)
        self.notices += migration.problems
        if migration.changes and not self._apply(migration.changes):
            self.notices.append("Your saved data were updated to this version's layout, but the browser refused to store them.")
        self._base: dict[str, Stored] = {}
        self._value: dict[str, Any] = {}
        for key, part in PARTS.items():
            self._adopt(part, storage.read(part, migration.texts.get(key)))

    # Reading

    def value(self, part: Part[Any]) -> Any:
        """This tab's value of `part` (stored or not)."""
        return self._value[part.key]

    def values(self) -> dict[str, Any]:
        """Every part's value, by key, except those a newer version owns (their value here is
        only a stand-in)."""
        return {key: value for key, value in self._value.items() if not self._base[key].locked}

    def locked(self, part: Part[Any]) -> bool:
        """Whether `part` belongs to a newer version of the page, and is never written."""
        return self._base[part.key].locked

    def take_notices(self) -> list[str]:
        """The notices gathered since the last call."""
        notices, self.notices = self.notices, []
        return notices

    # Writing

    def save(self, part: Part[Any], value: Any) -> Any:
        """Make `value` this tab's value of `part` and store it over the revision this tab knows,
        reconciled with anything newer another tab stored. Returns the value now held, which
        differs from `value` when another tab's change was merged in."""
        self._value[part.key] = value
        self._flush(part)
        return self._value[part.key]

    def refresh(self, key: str | None) -> list[Part[Any]]:
        """Another tab wrote `key` (``None``: it cleared the storage): adopt what is newer.
        Returns the parts whose value in this tab changed."""
        parts = list(PARTS.values()) if key is None else [PARTS[key]] if key in PARTS else []
        changed = []
        for part in parts:
            before = self._value[part.key]
            current = self._read(part)
            base = self._base[part.key]
            if current.rev == base.rev and current.value == base.value and current.locked == base.locked:
                continue
            mine = before
            self._adopt(part, current)
            if not current.locked and mine != base.value:  # a change of ours not stored yet
                self._value[part.key] = part.reconcile(base.value, mine, current.value)
                self._flush(part)
            if self._value[part.key] != before:
                changed.append(part)
        return changed

    def replace(self, values: Mapping[str, Any]) -> bool:
        """Store every part in `values` (key to value, e.g. an imported backup) all at once, or
        none when the browser refuses one of them or a newer version owns one. Returns whether
        they were stored; this tab then holds them."""
        writes: dict[str, str | None] = {}
        for key, value in values.items():
            part = PARTS[key]
            current = self._read(part)
            if current.locked or self._base[key].locked:
                self.notices.append(f"The saved {part.label} come from a newer version of Mastermind; nothing was imported.")
                return False
            writes[key] = storage.envelope(part, value, max(current.rev, self._base[key].rev) + 1)
        if not self._apply(writes):
            self.notices.append(f"Nothing was imported: {NOT_SAVED[0].lower()}{NOT_SAVED[1:]}")
            return False
        for key, text in writes.items():
            self._adopt(PARTS[key], storage.read(PARTS[key], text))
        return True

    # Inside

    def _adopt(self, part: Part[Any], stored: Stored) -> None:
        self._base[part.key] = stored
        self._value[part.key] = stored.value
        self._say(stored.problem)

    def _say(self, notice: str | None) -> None:
        if notice and notice not in self.notices:
            self.notices.append(notice)

    def _read(self, part: Part[Any]) -> Stored:
        return storage.read(part, self._get(part.key))

    def _flush(self, part: Part[Any]) -> None:
        base, value = self._base[part.key], self._value[part.key]
        if value == base.value or base.locked:
            return
        current = self._read(part)
        if current.locked:
            self._base[part.key] = current
            self._say(current.problem)
            return
        if current.rev != base.rev:  # another tab stored a newer revision meanwhile
            value = part.reconcile(base.value, value, current.value)
        text = storage.envelope(part, value, max(current.rev, base.rev) + 1)
        if self._apply({part.key: text}):
            self._base[part.key] = storage.read(part, text)
            self._value[part.key] = self._base[part.key].value
        else:
            self._base[part.key] = current._replace(problem=None)
            self._value[part.key] = value
            self._say(NOT_SAVED)

    def _get(self, key: str) -> str | None:
        try:
            text = self.backend.getItem(key)
        except Exception:  # the browser's SecurityError when storage is disabled
            self._say("Your browser does not let this page read its storage; nothing is kept after you close it.")
            return None
        return text if isinstance(text, str) else None

    def _apply(self, changes: Mapping[str, str | None]) -> bool:
        """Write (or, for ``None``, remove) every key of `changes`, or none: on a refusal the keys
        already written get their old texts back."""
        done: list[tuple[str, str | None]] = []
        try:
            for key, text in changes.items():
                old = self._get(key)
                if text is None:
                    self.backend.removeItem(key)
                else:
                    self.backend.setItem(key, text)
                done.append((key, old))
        except Exception:  # QuotaExceededError, or storage disabled
            _undo(self.backend, done)
            return False
        return True


def _undo(backend: Backend, done: Iterable[tuple[str, str | None]]) -> None:
    for key, old in reversed(list(done)):
        try:
            if old is None:
                backend.removeItem(key)
            else:
                backend.setItem(key, old)
        except Exception:  # best effort: the old text was stored before, so it fits again
            pass
