"""A property over whole import documents: whatever the import accepts can be stored, exported
and imported again to the same state; whatever it refuses (the file, or the browser refusing to
store it) leaves the storage byte for byte as it was."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from mastermind.page.backup import FORMAT, BackupError, export, parse
from mastermind.page.storage import CHALLENGES, DAMAGED, PARTS, REGISTRY, VERSION, WELCOMED
from mastermind.page.sync import MemoryStorage, Tab

from .test_storage import VALUES

NOW = dt.datetime(2026, 11, 25, 23, 0)
NEWER = st.just('{"version": 6, "rev": 1, "data": {}}')  # a part a newer version owns: never replaced

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
names = st.sampled_from(["Ada", "ADA", "Zoë", "Zoe\u0308", "Al\u200bice", "HAL9000", "", "x" * 51, "Bob"]) | st.text(max_size=6)
points = st.integers(0, 50) | st.sampled_from([-1, 2**53 - 1, 2**53, True, 1.5, "3"])
registries = st.lists(st.fixed_dictionaries({"name": names, "points": points}), max_size=4).map(
    lambda users: {"version": 1, "users": users})
PART_DATA = {
    **{key: values.map(PARTS[key].write) for key, values in VALUES.items()},
    REGISTRY.key: registries,
    CHALLENGES.key: st.lists(st.sampled_from(["WlzqQVC9-x4HDip3q6HlyUnAbg", "abc", "<b>", ""]), max_size=3),
    DAMAGED.key: st.lists(st.fixed_dictionaries({"key": st.sampled_from(list(PARTS)), "text": st.text(max_size=10)}), max_size=3),
    WELCOMED.key: st.booleans(),
}


@st.composite
def documents(draw: st.DrawFn) -> str:
    keys = draw(st.lists(st.sampled_from(sorted(PART_DATA)), unique=True, max_size=len(PART_DATA)))
    data: dict[str, Any] = {key: draw(PART_DATA[key]) for key in keys}
    if bool(keys) and draw(st.booleans()):  # damage one part
        data[draw(st.sampled_from(keys))] = draw(json_values)
    document = {"format": FORMAT, "version": VERSION, "exported": "2026-11-23T10:04:05", "data": data}
    if draw(st.integers(0, 9)) == 0:
        document = draw(st.sampled_from([{**document, "version": VERSION + 1}, {**document, "extra": 1}, data]))
    return json.dumps(document, ensure_ascii=draw(st.booleans()))


@settings(deadline=None, max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(documents(), st.dictionaries(st.sampled_from(sorted(PARTS)), NEWER | st.text(max_size=12), max_size=3),
       st.none() | st.integers(0, 1500))
def test_an_import_round_trips_or_changes_nothing(text: str, stored: dict[str, str], quota: int | None) -> None:
    store = MemoryStorage(stored)
    tab = Tab(store)
    before = dict(store.items)
    # A browser's store never holds more than its quota: undoing a refused import puts back texts
    # that fitted, which a quota drawn below what is stored already would refuse.
    store.quota = None if quota is None else max(quota, sum(len(key) + len(text) for key, text in before.items()))
    try:
        backup = parse(text)
    except BackupError as refused:
        event("file refused")
        assert str(refused) and store.items == before
        return
    if not tab.replace(backup.values):  # the browser refused a write, or a newer version owns a part
        event("storing refused")
        assert store.items == before
        return
    event(f"accepted: {len(backup.values)} parts")
    assert {key: tab.value(PARTS[key]) for key in backup.values} == backup.values
    again = parse(export(tab.values(), NOW))
    assert {key: again.values[key] for key in backup.values} == backup.values
    elsewhere = Tab(MemoryStorage())
    assert elsewhere.replace(again.values)
    assert {key: elsewhere.value(PARTS[key]) for key in backup.values} == backup.values
    assert Tab(elsewhere.backend).values() == elsewhere.values()  # stored as imported: a reload reads the same
