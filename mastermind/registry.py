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
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import SetupError, reads_saved_data
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

    def register(self, name: object) -> User:
        """Add a user with 0 points; refuse an empty, too long, reserved or taken name."""
        name = check_name(name, FIELD)
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

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form, to keep the users across visits."""
        return {"version": SAVE_VERSION, "users": [{"name": u.name, "points": u.points} for u in self]}

    @classmethod
    @reads_saved_data
    def from_dict(cls, data: Mapping[str, Any]) -> Registry:
        """The registry :meth:`to_dict` saved; anything malformed raises ``ValueError``."""
        registry = cls()
        try:
            if not isinstance(data, Mapping) or data.get("version") != SAVE_VERSION:
                raise ValueError("unknown format or version")
            for entry in data["users"]:
                if set(entry) != {"name", "points"}:
                    raise ValueError(f"a user is {entry!r}")
                registry.register(entry["name"])
                registry.credit({entry["name"]: entry["points"]})
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"not a saved registry: {error}") from None
        return registry
