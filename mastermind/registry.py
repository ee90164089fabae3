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
from .i18n import _, number
from .players import check_name, computer_named, name_key

FIELD = "new-user-name"
"""The form field a registration refusal belongs to."""

SAVE_VERSION = 1

MAX_POINTS = 2**53 - 1
"""A user's points, like every count the page keeps: a whole number JavaScript holds exactly
(and far below the length of text Python turns into a number)."""

MAX_USERS = 1000
"""How many users a registry holds: the score board stays quick to draw and a saved registry
small; a registration or a saved registry beyond it is refused."""


@dataclass(frozen=True)
class User:
    """A registered user and their points."""

    name: str
    points: int = 0


class Registry:
    """The users, by name, and the score board they make."""

    def __init__(self) -> None:
        self._users: dict[str, User] = {}  # by name_key, in order of registration

    def register(self, name: object) -> User:
        """Add a user with 0 points; refuse a name :func:`~mastermind.players.check_name` refuses,
        a computer player's, one taken (compared by :func:`~mastermind.players.name_key`), and
        any registration once :data:`MAX_USERS` are registered."""
        return self._add(check_name(name, FIELD), 0)

    def _add(self, name: str, points: int) -> User:
        key = name_key(name)
        if computer_named(name):
            raise SetupError(FIELD, _("{name} is a computer player's name").format(name=name),
                             _("{name} is a computer player's name.").format(name=name))
        if key in self._users:
            raise SetupError(FIELD, _("the name {name} is already taken").format(name=name),
                             _("The name {name} is already taken.").format(name=name))
        if len(self._users) >= MAX_USERS:
            raise SetupError(FIELD, _("the score board is full: it holds at most {most} users").format(most=number(MAX_USERS)),
                             _("The score board is full: it holds at most {most} users.").format(most=number(MAX_USERS)))
        user = self._users[key] = User(name, points)
        return user

    def find(self, name: str) -> User | None:
        """The user called `name`, in any case or composition and ignoring surrounding spaces, or None."""
        return self._users.get(name_key(name))

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
        """The score board: most points first, then by name (as compared: :func:`~mastermind.players.name_key`)."""
        ranked = sorted(self._users.items(), key=lambda item: (-item[1].points, item[0], item[1].name))
        return tuple(user for _, user in ranked)

    def credit(self, points: Mapping[str, int]) -> None:
        """Add each user's points of a finished game; all or nothing. A total stops at
        :data:`MAX_POINTS`, which no real score board reaches, so a credit never fails."""
        for name, gained in points.items():
            if self.find(name) is None:
                raise KeyError(f"{name} is not a registered user")
            if isinstance(gained, bool) or not isinstance(gained, int) or not 0 <= gained <= MAX_POINTS:
                raise ValueError(f"{name} cannot gain {_brief(gained)} points: at most {MAX_POINTS}")
        for name, gained in points.items():
            user = self.find(name)
            assert user is not None
            self._users[name_key(user.name)] = User(user.name, min(user.points + gained, MAX_POINTS))

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
            merged._users[key] = User(other.name, min(other.points + gained, MAX_POINTS))
        return merged

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form, to keep the users across visits."""
        return {"version": SAVE_VERSION, "users": [{"name": u.name, "points": u.points} for u in self]}

    @classmethod
    @reads_saved_data
    def from_dict(cls, data: Mapping[str, Any], notes: list[str] | None = None) -> Registry:
        """The registry :meth:`to_dict` saved, each name and score checked as a typed one is;
        anything malformed raises ``ValueError``. Given `notes`, a user that breaks a rule is left
        out and named there instead (the rest are kept); more than :data:`MAX_USERS` users are
        refused before any is read."""
        registry = cls()
        version = data.get("version") if isinstance(data, Mapping) else None
        if type(version) is int and version > SAVE_VERSION:
            raise NewerVersionError(_("version {version} of the registry, from a newer version of Mastermind").format(version=version))
        try:
            if version != SAVE_VERSION or type(version) is not int:
                raise ValueError(_("unknown format or version"))
            users = data["users"]
            if not isinstance(users, list):
                raise TypeError(_("the users are not a list"))
            if len(users) > MAX_USERS:
                raise ValueError(_("{count} users, more than the {most} a score board holds").format(
                    count=number(len(users)), most=number(MAX_USERS)))
            for place, entry in enumerate(users, start=1):
                try:
                    registry._load(entry)
                except (TypeError, ValueError) as error:
                    if notes is None:
                        raise
                    notes.append(_("user {number} ({reason})").format(number=place, reason=getattr(error, "reason", error))[:120])
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(_("not a saved registry: {reason}").format(reason=getattr(error, "reason", error))) from None
        return registry

    def _load(self, entry: object) -> None:
        """Add a saved user, with the checks a registration and a credit make; all or nothing."""
        if not isinstance(entry, Mapping) or set(entry) != {"name", "points"}:
            raise ValueError(_("a user is {entry}").format(entry=repr(entry))[:200])
        points = entry["points"]
        if isinstance(points, bool) or not isinstance(points, int) or not 0 <= points <= MAX_POINTS:
            raise ValueError(_("points must be a whole number from 0 to {most}, not {points}").format(
                most=MAX_POINTS, points=_brief(points)))
        self._add(check_name(entry["name"], FIELD), points)



def _brief(value: object) -> str:
    """`value` in a few characters; an int too long for Python to write out is described instead."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_POINTS:
        return _("a number far too large")
    return repr(value)[:30]
