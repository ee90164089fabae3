"""The registry of tournament users: registration rules, the score board, saving."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mastermind.registry import Registry, User
from mastermind.players import SetupError


@pytest.mark.parametrize(
    ("name", "reason"),
    [("", "enter a name"), ("   ", "enter a name"), ("z" * 51, "too long"), ("HAL9000", "computer player"),
     ("viki", "computer player"), (" Hal9000 ", "computer player"), ("Alan", "already taken"),
     ("ALAN", "already taken"), (42, "a name is text")],
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
            registry.credit(bad)  # type: ignore[arg-type]
    assert registry.board == (User("Alan", 0),)


@given(st.dictionaries(st.text(min_size=1, max_size=50).filter(lambda s: s.strip() and s.strip().casefold() not in
                                                                ("hal9000", "viki")),
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
    [None, [], "users", {}, {"version": 2, "users": []}, {"version": 1}, {"version": 1, "users": 3},
     {"version": 1, "users": [{"name": "Alan"}]}, {"version": 1, "users": [{"name": "Alan", "points": -3}]},
     {"version": 1, "users": [{"name": "Alan", "points": "3"}]},
     {"version": 1, "users": [{"name": "Alan", "points": 1, "admin": True}]},
     {"version": 1, "users": [{"name": "Alan", "points": 1}, {"name": "alan", "points": 2}]},
     {"version": 1, "users": [{"name": "VIKI", "points": 1}]}, {"version": 1, "users": [{"name": "", "points": 1}]},
     {"version": 1, "users": ["Alan"]}],
)
def test_garbage_is_refused(garbage: object) -> None:
    with pytest.raises(ValueError, match="not a saved registry"):
        Registry.from_dict(garbage)  # type: ignore[arg-type]
