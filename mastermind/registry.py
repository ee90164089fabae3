"""Registered users of the Tournament and their score board, kept across visits.

A user registers once by name and keeps it: names are unique (whatever their case), never a
computer player's, and never change. Points only grow, by the tournaments the user plays.

>>> users = Registry()
>>> users.register("Alan"), users.register("Steve").points
(User(name='Alan', points=0), 0)
>>> users.register("alan")
Traceback (most recent call last):
...
mastermind.errors.SetupError: new-user-name: the name alan is already taken
>>> users.credit({"Steve": 3}); [user.name for user in users.board]
['Steve', 'Alan']

Two copies of one registry (two tabs of the page, two terminal processes) that both changed it
are put together by :meth:`Registry.merge`, which keeps every user and every point either added.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import NewerVersionError, SetupError, reads_saved_data
from .players import check_name, computer_named

FIELD = "new-user-name"
"""The form field a registration refusal belongs to."""

SAVE_VERSION = 1


@dataclass(frozen=True)
class User:
    """A registered user and their points."""

    name: str
    points: int = 0


class Registry:
    """The users, by name, and the score board they make."""

    def __init__(self) -> None:
        self._users: dict[str, User] = {}  # by casefolded name, in order of registration

    def register(self, name: object, typed: bool = True) -> User:
        """Add a user with 0 points; refuse an empty, too long, reserved or taken name, and a
        control character in a name `typed` now (one kept from before is loaded, and shown
        escaped: :func:`~mastermind.players.shown`)."""
        name = check_name(name, FIELD, typed)
        if computer_named(name):
            raise SetupError(FIELD, f"{name} is a computer player's name")
        if name.casefold() in self._users:
            raise SetupError(FIELD, f"the name {name} is already taken")
        user = self._users[name.casefold()] = User(name)
        return user

    def find(self, name: str) -> User | None:
        """The user called `name`, in any case and ignoring surrounding spaces, or None."""
        return self._users.get(name.strip().casefold())

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.find(name) is not None

    def __len__(self) -> int:
        return len(self._users)

    def __iter__(self) -> Iterator[User]:
        """Users in order of registration."""
        return iter(self._users.values())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Registry) and list(self) == list(other)

    @property
    def board(self) -> tuple[User, ...]:
        """The score board: most points first, then by name."""
        return tuple(sorted(self._users.values(), key=lambda user: (-user.points, user.name.casefold(), user.name)))

    def credit(self, points: Mapping[str, int]) -> None:
        """Add each user's points of a finished game; all or nothing."""
        for name, gained in points.items():
            if self.find(name) is None:
                raise KeyError(f"{name} is not a registered user")
            if isinstance(gained, bool) or not isinstance(gained, int) or gained < 0:
                raise ValueError(f"{name} cannot gain {gained!r} points")
        for name, gained in points.items():
            user = self.find(name)
            assert user is not None
            self._users[user.name.casefold()] = User(user.name, user.points + gained)

    def assign(self, other: Registry) -> None:
        """Hold `other`'s users from now on, in place: whoever holds this registry (a page's
        screens, a tournament being played) sees them, never an older copy."""
        self._users = dict(other._users)

    @classmethod
    def merge(cls, base: Registry, ours: Registry, theirs: Registry) -> Registry:
        """What to keep when `ours` was made from `base` while `theirs` was saved from it
        elsewhere: every user of either (in `theirs`' spelling and order, then ours' new ones),
        each with `theirs`' points plus the points `ours` added to `base`. Points only grow by
        the games each copy finished, so none is counted twice or lost.

        >>> base = Registry(); _ = base.register("Bob"); base.credit({"Bob": 2})
        >>> ours, theirs = Registry.from_dict(base.to_dict()), Registry.from_dict(base.to_dict())
        >>> _ = ours.register("Carol"); ours.credit({"Bob": 3})
        >>> _ = theirs.register("Dave"); theirs.credit({"Bob": 1})
        >>> [(user.name, user.points) for user in Registry.merge(base, ours, theirs)]
        [('Bob', 6), ('Dave', 0), ('Carol', 0)]
        """
        merged = cls()
        merged._users = dict(theirs._users)
        for key, user in ours._users.items():
            before = base._users.get(key)
            gained = max(user.points - (before.points if before else 0), 0)
            other = merged._users.get(key, User(user.name))
            merged._users[key] = User(other.name, other.points + gained)
        return merged

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form, to keep the users across visits."""
        return {"version": SAVE_VERSION, "users": [{"name": u.name, "points": u.points} for u in self]}

    @classmethod
    @reads_saved_data
    def from_dict(cls, data: Mapping[str, Any]) -> Registry:
        """The registry :meth:`to_dict` saved; anything malformed raises ``ValueError``."""
        registry = cls()
        version = data.get("version") if isinstance(data, Mapping) else None
        if type(version) is int and version > SAVE_VERSION:
            raise NewerVersionError(f"version {version} of the registry, from a newer version of Mastermind")
        try:
            if version != SAVE_VERSION or type(version) is not int:
                raise ValueError("unknown format or version")
            for entry in data["users"]:
                if not isinstance(entry, Mapping) or set(entry) != {"name", "points"}:
                    raise ValueError(f"a user is {entry!r}"[:200])
                registry.register(entry["name"], typed=False)
                registry.credit({entry["name"]: entry["points"]})
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"not a saved registry: {error}") from None
        return registry
