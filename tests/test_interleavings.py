"""Two tabs of the page, and two terminals, changing the same users and statistics in any order:
whatever the interleaving, the stored result is what the same actions give one after another
(exactly the same users, points, games and streaks)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from mastermind import Config
from mastermind.cli.userdata import JsonFile, Shared
from mastermind.page.stats import Record, record_key
from mastermind.page.storage import RECORDS, REGISTRY, read
from mastermind.page.sync import MemoryStorage, Tab
from mastermind.players import name_key
from mastermind.registry import Registry

from .lagging import LateNews

NAMES = ("Ann", "ann", "Bob", "Cy", "Dee")
KEYS = (record_key("solo", Config()), record_key("solo", Config(pegs=5)))

actions = st.one_of(
    st.tuples(st.just("register"), st.integers(0, 1), st.sampled_from(NAMES)),
    st.tuples(st.just("credit"), st.integers(0, 1), st.integers(0, 4), st.integers(1, 9)),
    st.tuples(st.just("game"), st.integers(0, 1), st.sampled_from(KEYS), st.booleans(), st.integers(1, 12)),
    st.tuples(st.just("hear"), st.integers(0, 1)),
)


class Sequential:
    """The same actions applied one after another to one copy: what must come out."""

    def __init__(self) -> None:
        self.registry = Registry()
        self.records: dict[str, Record] = {}

    def register(self, name: str) -> None:
        try:
            self.registry.register(name)
        except ValueError:  # taken: refused, as a tab that knows of it refuses it
            pass

    def credit(self, name: str, points: int) -> None:
        self.registry.credit({name: points})

    def game(self, key: str, won: bool, guesses: int) -> None:
        self.records[key] = self.records.get(key, Record()).add(won=won, guesses=guesses)


def users(registry: Registry) -> list[tuple[str, int]]:
    return [(user.name, user.points) for user in registry]


def known(registry: Registry, index: int) -> str | None:
    """The `index`-th user this copy knows of (modulo), or None when it knows none."""
    listed = list(registry)
    return listed[index % len(listed)].name if listed else None


def finish_game(tab: Tab, expected: Sequential, key: str, won: bool, guesses: int) -> None:
    """A game of record `key` finished in `tab`, stored; and in the sequential copy."""
    records = dict(tab.value(RECORDS))
    records[key] = records.get(key, Record()).add(won=won, guesses=guesses)
    tab.save(RECORDS, records)
    expected.game(key, won, guesses)


@settings(max_examples=200, deadline=None)
@given(st.lists(actions, max_size=40))
def test_two_tabs_in_any_interleaving_store_what_one_tab_would(steps: list[tuple[Any, ...]]) -> None:
    store = MemoryStorage()
    tabs = [Tab(store), Tab(store)]
    expected = Sequential()
    for kind, which, *args in steps:
        tab = tabs[which]
        if kind == "hear":  # the storage events of the other tab's writes arrive
            tab.refresh(REGISTRY.key)
            tab.refresh(RECORDS.key)
        elif kind == "game":
            finish_game(tab, expected, *args)
        else:
            registry = Registry.from_dict(tab.value(REGISTRY))
            if kind == "register":
                try:
                    registry.register(args[0])
                except ValueError:  # this tab already knows the name: refused here, as everywhere
                    continue
                expected.register(args[0])
            else:
                name = known(registry, args[0])
                if name is None:
                    continue
                registry.credit({name: args[1]})
                expected.credit(name, args[1])
            tab.save(REGISTRY, registry.to_dict())
    stored_users = Registry.from_dict(read(REGISTRY, store.getItem(REGISTRY.key)).value)
    assert users(stored_users) == users(expected.registry)
    assert dict(read(RECORDS, store.getItem(RECORDS.key)).value) == expected.records
    for tab in tabs:  # and each tab, once it has heard everything, shows exactly that
        tab.refresh(REGISTRY.key)
        tab.refresh(RECORDS.key)
        assert users(Registry.from_dict(tab.value(REGISTRY))) == users(expected.registry)
        assert dict(tab.value(RECORDS)) == expected.records


lagging_rounds = st.lists(  # each round: the writes of the two tabs, in order, then the order the tabs hear in
    st.tuples(
        st.lists(st.one_of(
            st.tuples(st.just("register"), st.integers(0, 1), st.sampled_from(NAMES)),
            st.tuples(st.just("game"), st.integers(0, 1), st.sampled_from(KEYS), st.booleans(), st.integers(1, 12)),
        ), max_size=2, unique_by=lambda action: action[1]),
        st.lists(st.integers(0, 1), min_size=2, max_size=4),
    ),
    max_size=12,
)


def change(action: tuple[Any, ...]) -> tuple[Any, ...]:
    """What `action` changes, whichever tab makes it: a lost game's guesses are not kept."""
    kind, _which, *args = action
    if kind == "game":
        key, won, guesses = args
        return kind, key, won, guesses if won else 0
    return kind, *args


@settings(max_examples=200, deadline=None)
@given(lagging_rounds)
def test_two_tabs_writing_within_the_browsers_delay_store_what_one_tab_would(rounds: list[tuple[Any, ...]]) -> None:
    """Each tab hears the other's writes late (LateNews): in each round, each tab makes at most
    one change from what it has heard so far, both perhaps at the same revision, the last one
    staying in the store; then the tabs hear the store in any order, and again until nothing more
    is written. Users and games are those of the same changes one after another: the users in any
    order, and the games' counts (which of two clashing writes came first is not known, so neither
    is the order of their users or of their games in a streak)."""
    store = MemoryStorage()
    views = [LateNews(store), LateNews(store)]
    tabs = [Tab(view) for view in views]
    expected = Sequential()

    def hear(which: int) -> None:
        views[which].hear()
        tabs[which].refresh(REGISTRY.key)
        tabs[which].refresh(RECORDS.key)

    for writes, hearing in rounds:
        # The same change in both tabs from the same state (a loss under the same rules, however
        # many guesses) is the same text at the same revision, which nothing tells from one write:
        # left out (docs/storage.md, Two tabs).
        assume(len({change(action) for action in writes}) == len(writes))
        for kind, which, *args in writes:
            tab = tabs[which]
            if kind == "game":
                finish_game(tab, expected, *args)
                continue
            registry = Registry.from_dict(tab.value(REGISTRY))
            try:
                registry.register(args[0])
            except ValueError:  # this tab knows the name: refused here
                continue
            if name_key(args[0]) in [name_key(user.name) for user in expected.registry]:  # the other tab's
                continue  # meanwhile: a name neither tab could refuse (one is kept); not played here
            tab.save(REGISTRY, registry.to_dict())
            expected.register(args[0])
        for which in hearing:
            hear(which)
        before = None
        while before != store.items:  # the merges a hearing stored are heard in turn
            before = dict(store.items)
            hear(0)
            hear(1)
    registered = sorted(users(expected.registry))  # in the order the merges put them: who came first is not known either
    assert sorted(users(Registry.from_dict(read(REGISTRY, store.getItem(REGISTRY.key)).value))) == registered
    stored = read(RECORDS, store.getItem(RECORDS.key)).value
    assert {key: (record.played, record.won, dict(record.distribution)) for key, record in stored.items()} == {
        key: (record.played, record.won, dict(record.distribution)) for key, record in expected.records.items()}
    for tab in tabs:
        assert tab.value(RECORDS) == stored and sorted(users(Registry.from_dict(tab.value(REGISTRY)))) == registered


terminal_actions = st.one_of(
    st.tuples(st.just("register"), st.integers(0, 1), st.sampled_from(NAMES)),
    st.tuples(st.just("start"), st.integers(0, 1)),
    st.tuples(st.just("finish"), st.integers(0, 1), st.integers(0, 4), st.integers(1, 9), st.integers(0, 9)),
    st.tuples(st.just("board"), st.integers(0, 1)),
)


@settings(max_examples=100, deadline=None)
@given(st.lists(terminal_actions, max_size=30))
def test_two_terminals_in_any_interleaving_save_what_one_terminal_would(steps: list[tuple[Any, ...]]) -> None:
    """Each terminal registers (on the users saved at that moment), shows the board, and plays
    games that start from the users then saved and end, perhaps much later, crediting two of them."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "tournament.json"
        stores = [Shared(JsonFile(path), Registry.from_dict, Registry, Registry.to_dict, Registry.merge) for _ in range(2)]
        copies = [store.load() for store in stores]
        playing: list[bool] = [False, False]
        expected = Sequential()
        for kind, which, *args in steps:
            store = stores[which]
            if kind == "register":
                try:
                    copies[which] = store.sync(copies[which], lambda registry, name=args[0]: registry.register(name))
                except ValueError:
                    continue
                expected.register(args[0])
            elif kind == "start" or kind == "board":
                copies[which] = store.sync(copies[which])
                playing[which] = playing[which] or kind == "start"
            elif playing[which]:  # the game started earlier ends: its users gain their points
                playing[which] = False
                first, second = known(copies[which], args[0]), known(copies[which], args[0] + 1)
                if first is None or second is None:
                    continue
                gains = {first: args[1]} if first == second else {first: args[1], second: args[2]}
                copies[which].credit(gains)
                copies[which] = store.sync(copies[which])
                for name, points in gains.items():
                    expected.credit(name, points)
        saved = Registry.from_dict(json.loads(path.read_text())) if path.exists() else Registry()
        assert users(saved) == users(expected.registry)
        for which, store in enumerate(stores):
            assert users(store.sync(copies[which])) == users(expected.registry)
