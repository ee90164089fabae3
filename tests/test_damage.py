"""Stored text that cannot be read is damage, not news: this tab keeps its copy and stores it
again, the damaged text is kept aside where Export data finds it, and the person is told. And
storage the browser blocks altogether is said, not hidden."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from mastermind import Config, Game
from mastermind.page import backup
from mastermind.page.records import page_saved, persist
from mastermind.page.solo import SoloView
from mastermind.page.stats import record_key
from mastermind.page.storage import DAMAGED, MAX_DAMAGED, PARTS, RECORDS, REGISTRY, read, set_aside
from mastermind.page.sync import MemoryStorage, Tab, Users
from mastermind.page.words import BLOCKED, KEPT_ASIDE, damage_found

KEY = record_key("solo", Config())
GARBAGE = ["garbage", '{"version": 2, "rev": 99, "data": 5}', '{"version": 2, "rev": "x", "data": {}}', "", "null"]


def win_one(view: SoloView, tab: Tab, seed: int) -> None:
    view.new_game(seed)
    for letter in str(Game(seed=seed).secret):
        view.press(letter.lower())
    view.press("Enter")
    assert view.game.won
    persist(view, tab)


def stored_record(store: MemoryStorage) -> tuple[int, int]:
    record = read(RECORDS, store.getItem(RECORDS.key)).value[KEY]
    return record.played, record.won


@pytest.mark.parametrize("garbage", GARBAGE)
def test_garbled_statistics_in_the_same_tab_keep_the_earlier_wins(garbage: str) -> None:
    store = MemoryStorage()
    tab = Tab(store)
    view = SoloView(page_saved(tab))
    win_one(view, tab, 1)
    win_one(view, tab, 2)
    tab.take_notices()
    store.setItem(RECORDS.key, garbage)  # another script, same tab: no storage event
    win_one(view, tab, 3)
    assert stored_record(store) == (3, 3) and view.saved.records[KEY].played == 3
    assert tab.value(DAMAGED) == ((RECORDS.key, garbage),)
    assert json.loads(store.getItem(DAMAGED.key) or "null")["data"] == [{"key": RECORDS.key, "text": garbage}]
    assert tab.take_notices() == [damage_found("statistics", False), KEPT_ASIDE]


@pytest.mark.parametrize("garbage", GARBAGE)
def test_a_storage_event_carrying_garbage_does_not_discard_this_tabs_copy(garbage: str) -> None:
    store = MemoryStorage()
    tab = Tab(store)
    view = SoloView(page_saved(tab))
    win_one(view, tab, 1)
    win_one(view, tab, 2)
    store.setItem(RECORDS.key, garbage)
    assert tab.refresh(RECORDS.key) == []  # nothing this tab holds changed
    assert tab.value(RECORDS)[KEY].played == 2 and stored_record(store) == (2, 2)
    assert tab.value(DAMAGED) == ((RECORDS.key, garbage),)
    win_one(view, tab, 3)
    assert stored_record(store) == (3, 3)


def test_garbled_users_heard_from_another_tab_keep_this_tabs_users() -> None:
    store = MemoryStorage()
    users = Users(Tab(store))
    users.registry.register("Ada")
    users.push()
    store.setItem(REGISTRY.key, "{broken")
    assert users.pull() is False and [user.name for user in users.registry] == ["Ada"]
    assert json.loads(store.getItem(REGISTRY.key) or "null")["data"]["users"] == [{"name": "Ada", "points": 0}]


def test_damage_found_on_opening_is_kept_aside_and_exported() -> None:
    store = MemoryStorage({RECORDS.key: "garbage", "mastermind:settings": '{"version": 2, "rev": 1, "data": 3}'})
    tab = Tab(store)
    notices = tab.take_notices()
    assert notices[-1] == KEPT_ASIDE and any("statistics could not be read" in notice for notice in notices)
    assert dict(tab.value(DAMAGED)) == {RECORDS.key: "garbage", "mastermind:settings": '{"version": 2, "rev": 1, "data": 3}'}
    text = backup.export(tab.values(), dt.datetime(2026, 11, 25, 10, 0))
    assert {"key": RECORDS.key, "text": "garbage"} in json.loads(text)["data"][DAMAGED.key]
    again = Tab(MemoryStorage())
    assert again.replace(backup.parse(text).values) and again.value(DAMAGED) == tab.value(DAMAGED)


def test_a_dropped_piece_is_kept_aside_too() -> None:
    bad = {KEY: {"played": 1, "won": 2}}
    text = json.dumps({"version": 2, "rev": 1, "data": bad})
    tab = Tab(MemoryStorage({RECORDS.key: text}))
    assert tab.value(DAMAGED) == ((RECORDS.key, text),)


def test_only_the_latest_damaged_texts_are_kept() -> None:
    kept: tuple[tuple[str, str], ...] = ()
    for number in range(MAX_DAMAGED + 3):
        kept = set_aside(kept, RECORDS.key, f"garbage {number}")
    kept = set_aside(kept, RECORDS.key, f"garbage {MAX_DAMAGED + 2}")  # the same text twice is kept once
    assert len(kept) == MAX_DAMAGED and kept[0] == (RECORDS.key, "garbage 3")


def test_a_garbled_list_of_damaged_texts_is_written_over_without_a_loop() -> None:
    store = MemoryStorage({DAMAGED.key: "garbage", RECORDS.key: "garbage"})
    tab = Tab(store)
    assert tab.value(DAMAGED) == ((RECORDS.key, "garbage"),)
    assert read(DAMAGED, store.getItem(DAMAGED.key)).value == ((RECORDS.key, "garbage"),)


def test_storage_blocked_is_said_and_the_game_plays_on() -> None:
    tab = Tab(MemoryStorage(), blocked=True)
    assert tab.blocked and tab.take_notices() == [BLOCKED]
    view = SoloView(page_saved(tab))
    win_one(view, tab, 1)
    assert tab.value(RECORDS)[KEY].won == 1 and tab.take_notices() == []


def test_every_part_is_exported_with_the_damaged_texts() -> None:
    assert DAMAGED.key in PARTS


def test_damage_already_kept_aside_is_not_said_again() -> None:
    tab = Tab(MemoryStorage({RECORDS.key: "garbage"}))
    assert tab.take_notices()[-1] == KEPT_ASIDE
    view = SoloView(page_saved(tab))
    win_one(view, tab, 1)  # writes over the garbage this tab started from
    assert tab.take_notices() == [] and tab.value(DAMAGED) == ((RECORDS.key, "garbage"),)
