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
* Two tabs can store the same revision: a browser hands one tab's write to the others a moment
  later, and a tab writing within that moment reads the revision before. Where the two writes
  meet, the last one stays, so the tab whose write was replaced finds, at the very revision it
  wrote, another value: a *clash*. Both writes were made over the same value (the one this tab
  wrote over), so this tab reconciles its value with the other's from that value, as above, and
  stores the result at the next revision; the other tab, finding its own write, does nothing and
  adopts the result when it hears of it. One side merges, so nothing counts twice.
* A part written by a newer version of the page is never written over.
* A write the browser refuses (storage full or disabled) keeps the value in memory, says so,
  and is tried again with the next change; the game goes on. Storage the browser blocks
  altogether (site data turned off) is said once, and the tab keeps everything in memory.
* Stored text that cannot be read is damage, not news from another tab: this tab keeps its own
  value and stores it again, and the damaged text is kept aside (:data:`~mastermind.page.storage.DAMAGED`),
  where Export data finds it.

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

from ..i18n import _
from ..registry import Registry
from . import storage
from .storage import DAMAGED, PARTS, REGISTRY, Part, Stored
from .words import BLOCKED, KEPT_ASIDE, NOT_IMPORTED, NOT_SAVED, damage_found


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
    shows and clears them. `blocked` says the browser refused the storage itself (the page then
    hands a :class:`MemoryStorage`): nothing outlives the tab, and the person is told so.
    """

    def __init__(self, backend: Backend, blocked: bool = False) -> None:
        self.backend = backend
        self.blocked = blocked
        self._parsed: dict[str, tuple[str | None, Stored]] = {}  # each key's text as last read, and its reading
        self.notices: list[str] = [_(BLOCKED)] if blocked else []
        migration = storage.migrate({key: self._get(key) for key in storage.keys()})  # noqa: SIM118 (storage.keys() lists the page's keys; storage is a module)
        self.notices += migration.problems
        if migration.changes and not self._apply(migration.changes):
            self.notices.append(_("Your saved data were updated to this version's layout, but the browser refused to store them."))
        self._base: dict[str, Stored] = {}
        self._over: dict[str, Any] = {}  # each key this tab wrote last: the value its write was made over
        self._value: dict[str, Any] = {}
        found = {key: (migration.texts.get(key), self._parse(part, migration.texts.get(key))) for key, part in PARTS.items()}
        for key, (_text, stored) in found.items():
            self._adopt(PARTS[key], stored)
        for key, (text, stored) in found.items():
            if stored.problem and not stored.locked:
                self._set_aside(PARTS[key], text)

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
            if current.damaged and not base.locked:  # not a newer value: this tab's copy is stored again
                self._flush(part, again=True)
                continue
            if current.rev == base.rev and current.value == base.value and current.locked == base.locked:
                continue
            mine, since = before, self._since(part, current)
            self._adopt(part, current)
            if not current.locked and mine != since:  # a change of ours the stored value lacks
                self._value[part.key] = part.reconcile(since, mine, current.value)
                self._flush(part)
            if self._value[part.key] != before:
                changed.append(part)
        return changed

    def unwritten(self, key: str, text: str | None) -> None:
        """This tab's last write of `key` was not stored after all: `text` is still what it
        wrote over (the page's worker writes through a mirror, and the main thread refuses a
        write over a text that changed meanwhile). This tab's value stays its own, a change not
        stored yet, which the next :meth:`refresh` merges with the newer text and stores again."""
        if key in PARTS:
            self._base[key] = self._parse(PARTS[key], text)
            self._over.pop(key, None)

    def drop(self, key: str) -> None:
        """This tab's change of `key` is given up, not stored later: an import whose writes the
        browser refused partway, which the page undid whole. The tab holds again what the store
        holds under `key`, read afresh (not a copy kept from before the change)."""
        if key in PARTS:
            self._adopt(PARTS[key], self._read(PARTS[key]))

    def replace(self, values: Mapping[str, Any]) -> bool:
        """Store every part in `values` (key to value, e.g. an imported backup) all at once, or
        none when the browser refuses one of them or a newer version owns one. Returns whether
        they were stored; this tab then holds them."""
        writes: dict[str, str | None] = {}
        for key, value in values.items():
            part = PARTS[key]
            current = self._read(part)
            if current.locked or self._base[key].locked:
                self.notices.append(part.agree(_("The saved {part} come from a newer version of Mastermind; nothing was imported."),
                                               _("The saved {part} comes from a newer version of Mastermind; nothing was imported."),
                                               ).format(part=part.name))
                return False
            writes[key] = storage.envelope(part, value, max(current.rev, self._base[key].rev) + 1)
        if not self._apply(writes):
            self.notices.append(_(NOT_IMPORTED))
            return False
        for key, text in writes.items():
            self._adopt(PARTS[key], self._parse(PARTS[key], text))
        return True

    # Inside

    def _adopt(self, part: Part[Any], stored: Stored) -> None:
        self._base[part.key] = stored
        self._value[part.key] = stored.value
        self._over.pop(part.key, None)
        self._say(stored.problem)

    def _since(self, part: Part[Any], current: Stored) -> Any:
        """The value this tab's own changes are counted from, against the `current` reading: its
        base, or, when `current` is another value at the revision this tab wrote last (a clash),
        the value that write was made over, which the other tab's write was made over too."""
        base = self._base[part.key]
        if part.key in self._over and current.rev == base.rev and not current.damaged and current.value != base.value:
            return self._over[part.key]
        return base.value

    def _say(self, notice: str | None) -> None:
        if notice and notice not in self.notices:
            self.notices.append(notice)

    def _read(self, part: Part[Any]) -> Stored:
        return self._parse(part, self._get(part.key))

    def _parse(self, part: Part[Any], text: str | None) -> Stored:
        """`text` read as `part`, parsed only when it differs from the text last read under that
        key: every action of the page reads each key it changes, and a key of 1,000 users takes
        milliseconds to check."""
        seen = self._parsed.get(part.key)
        if seen is not None and seen[0] == text:
            return seen[1]
        stored = storage.read(part, text)
        self._parsed[part.key] = (text, stored)
        return stored

    def _set_aside(self, part: Part[Any], text: str | None) -> None:
        """Keep the unreadable `text` of `part` aside (in :data:`DAMAGED`) and say so."""
        kept = self._value[DAMAGED.key]
        if text is None or part is DAMAGED or (part.key, text) in kept:  # damage to the damaged texts is written over
            return
        self._value[DAMAGED.key] = storage.set_aside(kept, part.key, text)
        self._say(_(KEPT_ASIDE))
        self._flush(DAMAGED)

    def _flush(self, part: Part[Any], again: bool = False) -> None:
        """Store this tab's value of `part` if it changed (or `again`, over damaged text)."""
        base, value = self._base[part.key], self._value[part.key]
        if (value == base.value and not again) or base.locked:
            return
        text = self._get(part.key)
        current = self._parse(part, text)
        if current.locked:
            self._base[part.key] = current
            self._say(current.problem)
            return
        if current.problem and part is not DAMAGED:
            if current.damaged and not base.damaged:  # else this tab started from that damage, and said so
                self._say(damage_found(part.name, part.one))
            self._set_aside(part, text)
        if not current.damaged:  # another tab stored a newer revision meanwhile, or the same one (a clash)
            value = part.reconcile(self._since(part, current), value, current.value)
        rev = max(current.rev, base.rev) + 1
        text = storage.envelope(part, value, rev)
        if self._apply({part.key: text}):
            # what reading `text` back gives, unparsed: every value survives its own envelope
            # (tests/test_storage.py), and parsing 1,000 users after each registration is slow
            self._base[part.key] = Stored(value, rev)
            self._parsed[part.key] = (text, self._base[part.key])
            self._value[part.key] = value
            self._over[part.key] = base.value if current.damaged else current.value
        else:
            self._base[part.key] = current._replace(problem=None)
            self._value[part.key] = value
            self._over.pop(part.key, None)
            self._say(_(NOT_SAVED))

    def _get(self, key: str) -> str | None:
        try:
            text = self.backend.getItem(key)
        except Exception:  # the browser's SecurityError when storage is disabled
            self._say(_("Your browser does not let this page read its storage; nothing is kept after you close it."))
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


class Users:
    """The Tournament's registered users on this page: one :class:`Registry`, the stored one.

    Every screen and every tournament of the page holds this same registry object, which is
    brought up to what is stored before each action (:meth:`pull`: another tab may have
    registered users or credited points meanwhile) and stored after it (:meth:`push`), merged
    with anything stored meanwhile; the merged users then become the page's. No screen keeps a
    copy of its own, so none can store an old one over another tab's users.

    >>> store = MemoryStorage()
    >>> one, two = Users(Tab(store)), Users(Tab(store))
    >>> _ = two.registry.register("Bob"), two.push()
    >>> one.registry.register("Carol"), one.push()  # one never heard of Bob: both are kept
    (User(name='Carol', points=0), True)
    >>> two.pull(), [user.name for user in two.registry]
    (True, ['Bob', 'Carol'])
    """

    def __init__(self, tab: Tab) -> None:
        self.tab = tab
        self.registry = Registry.from_dict(tab.value(REGISTRY))

    def pull(self) -> bool:
        """Take the users as stored now; returns whether they changed."""
        self.tab.refresh(REGISTRY.key)
        return self._adopt(self.tab.value(REGISTRY))

    def push(self) -> bool:
        """Store the users as this page changed them, merged with what another tab stored
        meanwhile (:meth:`Registry.merge`); returns whether the merge brought in users or points."""
        mine = self.registry.to_dict()
        stored = self.tab.save(REGISTRY, mine)
        return stored is not mine and self._adopt(stored)  # the very value given back: nothing merged in

    def _adopt(self, stored: dict[str, Any]) -> bool:
        if stored == self.registry.to_dict():  # the usual case, and far quicker than reading 1,000 users
            return False
        self.registry.assign(Registry.from_dict(stored))
        return True
