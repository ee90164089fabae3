"""The registry of tournament users: registration rules, the score board, saving."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mastermind.errors import NewerVersionError, SavedDataError
from mastermind.players import SetupError, control_character
from mastermind.registry import MAX_POINTS, MAX_USERS, Registry, User


@pytest.mark.parametrize(
    ("name", "reason"),
    [("", "enter a name"), ("   ", "enter a name"), ("z" * 51, "too long"), ("HAL9000", "computer player"),
     ("viki", "computer player"), (" Hal9000 ", "computer player"), ("Alan", "already taken"),
     ("ALAN", "already taken"), (42, "a name is text"), ("Eve\x1b[2J", "control characters"),
     ("Bob\n1000", "control characters")],
)
def test_refused_registrations(name: object, reason: str) -> None:
    registry = Registry()
    registry.register("Alan")
    with pytest.raises(SetupError, match=reason) as refused:
        registry.register(name)
    assert refused.value.key == "new-user-name"
    assert list(registry) == [User("Alan", 0)]


def test_register_find_and_board_order() -> None:
    registry = Registry()
    for name in ["Steve", "  Alan ", "bob", "Zed", "z" * 50]:
        registry.register(name)
    assert registry.find("alan") == User("Alan", 0) and "ALAN" in registry and "Bill" not in registry
    assert len(registry) == 5
    registry.credit({"Zed": 8, "bob": 8, "Steve": 1})
    assert [(user.name, user.points) for user in registry.board] == [
        ("bob", 8), ("Zed", 8), ("Steve", 1), ("Alan", 0), ("z" * 50, 0)]
    assert [user.name for user in registry] == ["Steve", "Alan", "bob", "Zed", "z" * 50]  # registration order


def test_credit_is_all_or_nothing() -> None:
    registry = Registry()
    registry.register("Alan")
    for bad in ({"Alan": 1, "Bill": 2}, {"Alan": -1}, {"Alan": 1.5}):
        with pytest.raises((KeyError, ValueError)):
            registry.credit(bad)  # type: ignore[arg-type]  # a wrong type on purpose: its refusal is tested
    assert registry.board == (User("Alan", 0),)


@given(st.dictionaries(st.text(min_size=1, max_size=50).filter(lambda s: s.strip() and s.strip().casefold() not in
                                                                ("hal9000", "viki") and not control_character(s)),
                       st.integers(0, 10**6), max_size=8))
def test_save_and_load_round_trip(points: dict[str, int]) -> None:
    registry = Registry()
    for name in points:
        if name not in registry:
            registry.register(name)
            registry.credit({name: points[name]})
    again = Registry.from_dict(json.loads(json.dumps(registry.to_dict())))
    assert list(again) == list(registry) and again.board == registry.board


@pytest.mark.parametrize(
    "garbage",
    [None, [], "users", {}, {"version": 0, "users": []}, {"version": True, "users": []}, {"version": 1}, {"version": 1, "users": 3},
     {"version": 1, "users": [{"name": "Alan"}]}, {"version": 1, "users": [{"name": "Alan", "points": -3}]},
     {"version": 1, "users": [{"name": "Alan", "points": "3"}]},
     {"version": 1, "users": [{"name": "Alan", "points": 1, "admin": True}]},
     {"version": 1, "users": [{"name": "Alan", "points": 1}, {"name": "alan", "points": 2}]},
     {"version": 1, "users": [{"name": "VIKI", "points": 1}]}, {"version": 1, "users": [{"name": "", "points": 1}]},
     {"version": 1, "users": ["Alan"]}],
)
def test_garbage_is_refused(garbage: object) -> None:
    with pytest.raises(ValueError, match="not a saved registry"):
        Registry.from_dict(garbage)  # type: ignore[arg-type]  # a wrong type on purpose: its refusal is tested


def test_a_registry_of_a_newer_version_is_told_apart_from_a_damaged_one() -> None:
    with pytest.raises(NewerVersionError, match="newer version"):
        Registry.from_dict({"version": 2, "users": "whatever a later version keeps"})


@pytest.mark.parametrize("name", ["Eve\x1b[2J", "Al\u200bice", "\u202eecilA", "Bob\nMallory"])
def test_a_stored_name_follows_the_rule_of_a_typed_one(name: str) -> None:
    saved = {"version": 1, "users": [{"name": "Alice", "points": 4}, {"name": name, "points": 1}]}
    with pytest.raises(SavedDataError, match="control characters or invisible marks, such as U\\+"):
        Registry.from_dict(saved)
    notes: list[str] = []
    kept = Registry.from_dict(saved, notes)
    assert [(user.name, user.points) for user in kept] == [("Alice", 4)]
    assert notes == [f"user 2 (a name cannot hold control characters or invisible marks, such as U+{ord(next(c for c in name if not c.isalpha())):04X})"]


def test_stored_names_are_composed_and_compared_as_typed_ones_are() -> None:
    saved = {"version": 1, "users": [{"name": "Zoe\u0308", "points": 4}, {"name": "ZOË", "points": 1}]}
    with pytest.raises(SavedDataError, match="the name ZOË is already taken"):
        Registry.from_dict(saved)
    notes: list[str] = []
    kept = Registry.from_dict(saved, notes)
    assert kept.to_dict()["users"] == [{"name": "Zo\u00eb", "points": 4}] and len(notes) == 1
    assert kept.find("zoë") == kept.find("ZOE\u0308") == User("Zoë", 4)


@pytest.mark.parametrize(
    "points", [MAX_POINTS + 1, 10**4299, 10**5000, -1, 1.5, True, "3"], ids=["bound+1", "4300 digits", "5001 digits", "-1", "1.5", "True", "'3'"]
)
def test_stored_points_are_bounded(points: object) -> None:
    with pytest.raises(SavedDataError, match=f"points must be a whole number from 0 to {MAX_POINTS}"):
        Registry.from_dict({"version": 1, "users": [{"name": "Bob", "points": points}]})


def test_points_stop_at_the_bound_so_a_credit_and_a_save_never_fail() -> None:
    registry = Registry.from_dict({"version": 1, "users": [{"name": "Bob", "points": MAX_POINTS - 1}]})
    registry.credit({"Bob": 5})
    assert registry.find("Bob") == User("Bob", MAX_POINTS)
    assert Registry.from_dict(json.loads(json.dumps(registry.to_dict()))) == registry
    with pytest.raises(ValueError, match="cannot gain a number far too large points"):
        registry.credit({"Bob": 10**5000})
    merged = Registry.merge(Registry(), registry, registry)
    assert merged.find("Bob") == User("Bob", MAX_POINTS)


def test_the_registry_holds_at_most_max_users() -> None:
    registry = Registry.from_dict({"version": 1, "users": [{"name": f"user {n}", "points": n} for n in range(MAX_USERS)]})
    assert len(registry) == MAX_USERS == 1000
    with pytest.raises(SetupError, match="new-user-name: the score board is full: it holds at most 1,000 users"):
        registry.register("one more")
    too_many = {"version": 1, "users": [{"name": f"user {n}", "points": 0} for n in range(MAX_USERS)] + [None]}
    with pytest.raises(SavedDataError, match="1,001 users, more than the 1,000 a score board holds"):
        Registry.from_dict(too_many, [])  # refused whole, before the bad user at the end is read


def test_merge_keeps_the_users_and_points_of_both_copies() -> None:
    base = Registry.from_dict({"version": 1, "users": [{"name": "Bob", "points": 5}]})
    ours, theirs = Registry.from_dict(base.to_dict()), Registry.from_dict(base.to_dict())
    ours.register("Carol")
    ours.credit({"Carol": 2, "Bob": 1})
    theirs.register("carol")  # the same user, registered in the other copy meanwhile
    theirs.register("Dave")
    theirs.credit({"Bob": 10})
    merged = Registry.merge(base, ours, theirs)
    assert [(user.name, user.points) for user in merged] == [("Bob", 16), ("carol", 2), ("Dave", 0)]
    assert Registry.merge(base, base, theirs) == theirs and Registry.merge(base, ours, base) == ours
