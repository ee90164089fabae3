"""Export and import of all the player's data: validated, previewed, and never half-applied."""

import datetime as dt
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mastermind import Config, Game
from mastermind.page.backup import FORMAT, MAX_SIZE, Backup, BackupError, export, filename, parse, preview
from mastermind.page.daily import DayPlay, daily_game
from mastermind.page.stats import Record, record_key
from mastermind.page.storage import DAILY, PARTS, RECORDS, SETTINGS, SOLO, VERSION, InProgress, Settings, read
from mastermind.page.sync import MemoryStorage, Tab
from mastermind.registry import Registry

NOW = dt.datetime(2026, 11, 23, 10, 4, 5, 123)


def filled_tab() -> Tab:
    tab = Tab(MemoryStorage())
    tab.save(SETTINGS, Settings(Config(pegs=5), order="top", assist=True))
    tab.save(RECORDS, {record_key("solo", Config()): Record().add(won=True, guesses=4),
                       record_key("solo", Config(), assisted=True): Record().add(won=False, guesses=12)})
    day = dt.date(2026, 11, 23)
    game = daily_game(day)
    game.guess("RGBY")
    tab.save(DAILY, {day.isoformat(): DayPlay.of(game)})
    solo = Game(Config(pegs=5), seed=3)
    solo.guess("RRGGB")
    tab.save(SOLO, InProgress.of(solo, assisted=True))
    return tab


def test_export_then_parse_gives_back_every_value():
    tab = filled_tab()
    text = export(tab.values(), NOW)
    document = json.loads(text)
    assert document["format"] == FORMAT and document["version"] == VERSION
    assert document["exported"] == "2026-11-23T10:04:05"
    assert set(document["data"]) == set(PARTS)
    backup = parse(text)
    assert backup.values == tab.values()


def test_import_into_another_browser_replaces_everything():
    source = filled_tab()
    target = Tab(MemoryStorage())
    assert target.replace(parse(export(source.values(), NOW)).values)
    assert target.values() == source.values()
    fresh = Tab(target.backend)  # what a reload reads
    assert fresh.values() == source.values()


def test_filename_holds_the_day():
    assert filename(NOW) == "mastermind-data-2026-11-23.json"


def document(**changes) -> str:
    base = {"format": FORMAT, "version": VERSION, "exported": "2026-11-23T10:04:05", "data": {}}
    return json.dumps({**base, **changes})


REFUSED = {
    "not json": ("{oops", "not valid JSON"),
    "not an object": ("[1, 2]", "not a Mastermind data file"),
    "other format": (document(format="something"), "not a Mastermind data file"),
    "newer": (document(version=VERSION + 1), "newer version"),
    "older layout": (document(version=0), "unknown layout"),
    "extra field": (json.dumps({**json.loads(document()), "more": 1}), "unknown layout"),
    "no date": (document(exported=5), "damaged"),
    "bad date": (document(exported="yesterday"), "date cannot be read"),
    "data not a mapping": (document(data=[1]), "damaged"),
    "unknown part": (document(data={"<img src=x onerror=alert(1)>": {}}), "<img src=x onerror=alert(1)>"),
    "bad settings": (document(data={SETTINGS.key: {"pegs": 4}}), "settings in this file cannot be read"),
    "one bad record": (
        document(data={RECORDS.key: {
            record_key("solo", Config()): Record().to_dict(),
            "<script>alert(1)</script>": Record().to_dict(),
        }}),
        "<script>alert(1)</script>",
    ),
    "a win in a billion guesses": (
        document(data={RECORDS.key: {record_key("solo", Config()): {
            "played": 3, "won": 3, "current_streak": 3, "best_streak": 3, "distribution": {"1000000000": 3}}}}),
        "the record 'solo 4x6 BGOPRY 12 repeats'",
    ),
    "a win beyond the record's own guesses": (
        document(data={RECORDS.key: {record_key("solo", Config(max_guesses=8)): {
            "played": 1, "won": 1, "current_streak": 1, "best_streak": 1, "distribution": {"9": 1}}}}),
        "the record 'solo 4x6 BGOPRY 8 repeats'",
    ),
    "a record of impossible rules": (
        document(data={RECORDS.key: {"solo 9x2 BG 12 unique": Record().to_dict()}}), "the record 'solo 9x2 BG 12 unique'",
    ),
    "bad day": (document(data={DAILY.key: {"2026-11-23": {"guesses": ["XXXX"], "assisted": False}}}), "the day"),
    "bad game": (document(data={SOLO.key: {"game": {}, "assisted": False}}), "Solo game in progress"),
    "look-alike names": (
        document(data={"mastermind:registry": {"version": 1, "users": [
            {"name": "Alice", "points": 3}, {"name": "Al\u200bice", "points": 1}]}}),
        "user 2 (a name cannot hold control characters or invisible marks, such as U+200B)",
    ),
    "one name in two cases": (
        document(data={"mastermind:registry": {"version": 1, "users": [
            {"name": "Zoë", "points": 3}, {"name": "ZOE\u0308", "points": 1}]}}),
        "user 2 (the name ZOË is already taken)",
    ),
    "right-to-left mark": (
        document(data={"mastermind:registry": {"version": 1, "users": [{"name": "\u202eecilA", "points": 3}]}}),
        "such as U+202E",
    ),
    "a 4,300-digit score": (
        document(data={"mastermind:registry": {"version": 1, "users": [{"name": "Bob", "points": 0}]}}).replace(
            '"points": 0', '"points": 1' + "0" * 4299),
        "points must be a whole number from 0 to 9007199254740991, not a number far too large",
    ),
}


@pytest.mark.parametrize("name", list(REFUSED))
def test_a_bad_file_is_refused_whole_with_a_reason(name):
    text, reason = REFUSED[name]
    with pytest.raises(BackupError) as caught:
        parse(text)
    assert reason in str(caught.value)


def test_a_huge_file_is_refused_without_being_read():
    with pytest.raises(BackupError, match="too large"):
        parse(" " * (MAX_SIZE + 1))


def test_names_in_a_file_are_kept_as_text():
    registry = Registry()
    registry.register("<img src=x onerror=alert(1)>")
    registry.register("<script>alert(2)</script>")
    key = next(key for key in PARTS if "registry" in key)
    backup = parse(document(data={key: registry.to_dict()}))
    names = [user["name"] for user in backup.values[key]["users"]]
    assert names == ["<img src=x onerror=alert(1)>", "<script>alert(2)</script>"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=20), children, max_size=5),
    max_leaves=30,
)


@given(st.text())
def test_any_text_is_parsed_or_refused_with_a_reason(text):
    try:
        parse(text)
    except BackupError as error:
        assert str(error)


@given(st.dictionaries(st.sampled_from(list(PARTS)), json_values, max_size=4))
def test_any_data_in_a_well_formed_file_is_parsed_or_refused_whole(data):
    try:
        backup = parse(document(data=data))
    except BackupError:
        return
    for key, value in backup.values.items():  # what was accepted is exactly valid
        assert read(PARTS[key], json.dumps({"version": VERSION, "rev": 1, "data": PARTS[key].write(value)})).problem is None


def test_preview_says_what_is_replaced_and_what_is_kept():
    tab = filled_tab()
    backup = Backup({RECORDS.key: {}, SETTINGS.key: Settings()}, "2026-11-23T10:04:05")
    lines = preview(backup, tab.values())
    assert "Settings: 4 pegs, 6 colours, 12 guesses will replace 5 pegs, 6 colours, 12 guesses." in lines
    assert "Statistics: 0 records of 0 games will replace 2 records of 2 games." in lines
    assert len(lines) == 3 and lines[-1].startswith("Unchanged: ") and "Solo game in progress" in lines[-1]
    assert preview(Backup({}, "2026-11-23T10:04:05"), tab.values()) == [
        "This file holds what this browser already has: importing it changes nothing."]


def test_preview_lists_only_the_parts_that_change():
    """A part the file holds as this browser does is no "0 damaged texts will replace 0 damaged
    texts": it is named once, among the unchanged."""
    tab = filled_tab()
    now = tab.values()
    same = {key: now[key] for key in (RECORDS.key, SETTINGS.key)}
    assert preview(Backup(same, "2026-11-23T10:04:05"), now) == [
        "This file holds what this browser already has: importing it changes nothing."]
    lines = preview(Backup({**same, SETTINGS.key: Settings()}, "2026-11-23T10:04:05"), now)
    assert lines[0] == "Settings: 4 pegs, 6 colours, 12 guesses will replace 5 pegs, 6 colours, 12 guesses."
    assert [line for line in lines if "will replace" in line] == lines[:1]
    assert lines[1].startswith("Unchanged: ") and "statistics" in lines[1] and "settings" not in lines[1]


def test_an_import_the_browser_refuses_changes_nothing():
    tab = filled_tab()
    before = dict(tab.backend.items)
    backup = parse(export({**filled_tab().values(), SETTINGS.key: Settings(order="bottom")}, NOW))
    tab.backend.quota = sum(len(k) + len(v) for k, v in before.items())  # full
    assert not tab.replace(backup.values)
    assert tab.backend.items == before
    assert tab.value(SETTINGS).order == "top"
    assert any("Nothing was imported" in notice for notice in tab.take_notices())
