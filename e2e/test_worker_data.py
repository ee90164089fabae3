"""The player's data on the Solo screen whose Python runs in a worker (``solo.html``), at the
edges of the browser's storage: an import the browser refuses partway (its storage full) leaves
the data as they were, on the page and in the store, and says so; a profile of megabytes opens,
and its export, which never passes through MicroPython, is the same file from either address.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import re
from typing import Any

import pytest
from playwright.sync_api import expect

from mastermind import Code, Config, Game
from mastermind.page import backup, storage
from mastermind.page.daily import FIRST_DAY, DayPlay, daily_game
from mastermind.page.records import IMPORTED_SAY
from mastermind.page.state import InProgress, Settings
from mastermind.page.stats import Record, record_key
from mastermind.page.words import NOT_IMPORTED

PAGE = "solo.html"
SEED = 2024
ROOM = 20_000
"""Characters left free in the store before the import: its small parts fit, its large one not."""
FILL = """(room) => {
  // A key of no part fills the store (Chromium's quota: 5 Mi characters) until `room` are left.
  let lo = 0, hi = 6 * 1024 * 1024;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    try { localStorage.setItem("filler", "x".repeat(mid)); lo = mid; } catch (error) { hi = mid - 1; }
  }
  localStorage.setItem("filler", "x".repeat(lo - room));
}"""


@pytest.fixture
def data_solo(solo):
    solo.page.set_default_timeout(30_000)
    return solo


def opened(solo, query: str = ""):
    solo.page.goto(solo.base_url + PAGE + query)
    return solo.wait_ready()


def stored(solo) -> dict[str, str]:
    """The page's stored texts (the filler, no part, left out)."""
    return solo.page.evaluate("Object.fromEntries(Object.entries(localStorage).filter(([key]) => key.startsWith('mastermind:')))")


def settings_data(solo):
    solo.choose("Settings")
    dialog = solo.page.get_by_role("dialog", name="Settings")
    expect(dialog).to_be_visible()
    return dialog, dialog.get_by_role("region", name="Your data")


def games_played(solo, played: int) -> None:
    solo.choose("Statistics")
    dialog = solo.page.get_by_role("dialog", name="Statistics")
    expect(dialog).to_contain_text(re.compile(rf"Games played\s*{played}(?!\d)"))
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()


def misses(secret: Code, count: int) -> list[str]:
    """`count` guesses that are not `secret`."""
    return [str(code) for code in Code.all(Config()) if code != secret][::97][:count]


def test_an_import_the_full_storage_refuses_partway_leaves_the_data_as_they_were_and_says_so(data_solo, tmp_path):
    solo = opened(data_solo, f"?seed={SEED}")
    solo.type_guess(str(Game(seed=SEED).secret))
    expect(solo.status).to_contain_text("You win")
    solo.close_statistics()
    opened(solo, f"?seed={SEED + 2}")  # the game kept is over: the address's game is drawn at once
    played = misses(Game(seed=SEED + 2).secret, 3)
    for guess in played[:2]:
        solo.type_guess(guess)
    expect(solo.history_rows).to_have_count(2)
    games_played(solo, 1)

    theirs = Game(seed=SEED + 1)  # the file's: another game, other statistics, other settings
    for guess in misses(theirs.secret, 3):
        theirs.guess(guess)
    values = {  # written in this order: the small parts fit in the room left, the damaged texts kept aside do not
        storage.SETTINGS.key: dataclasses.replace(Settings(), order="top"),
        storage.RECORDS.key: {record_key("solo", Config()): Record().add(won=True, guesses=2).add(won=False, guesses=12)},
        storage.SOLO.key: InProgress.of(theirs),
        storage.DAMAGED.key: ((storage.RECORDS.key, "x" * (4 * ROOM)),),
    }
    path = tmp_path / "theirs.json"
    path.write_text(backup.export(values, dt.datetime(2026, 11, 27, 10, 4)), encoding="utf-8")
    solo.page.evaluate(FILL, ROOM)
    before = stored(solo)

    dialog, data = settings_data(solo)
    data.get_by_label("Import data").set_input_files(str(path))
    preview = solo.page.get_by_role("dialog", name="Import preview")
    preview.get_by_role("button", name="Replace my data").click()
    expect(preview).to_be_hidden()
    expect(data).to_contain_text(NOT_IMPORTED)  # in the data section, the dialog left open
    expect(solo.status).to_contain_text(NOT_IMPORTED)
    assert stored(solo) == before
    dialog.get_by_role("button", name="Cancel").click()
    expect(solo.history_rows).to_have_count(2)  # this game, not the file's three guesses
    expect(solo.page.locator("#board")).to_have_attribute("data-order", "bottom")
    games_played(solo, 1)

    solo.type_guess(played[2])  # the next move stores this game, nothing of the file with it
    expect(solo.history_rows).to_have_count(3)
    kept = json.loads(stored(solo)[storage.SOLO.key])["data"]
    assert kept["guesses"] == played[:3]
    assert json.loads(stored(solo)[storage.RECORDS.key]) == json.loads(before[storage.RECORDS.key])
    solo.reload()
    expect(solo.history_rows).to_have_count(3)
    expect(solo.page.locator("#board")).to_have_attribute("data-order", "bottom")
    games_played(solo, 1)


def big_profile(damaged: int = 170_000, games: int = 300, guesses: int = 2) -> dict[str, Any]:
    """A player's data of about 3.4 MB: 300 daily challenges played, the records of 300 `games`, a
    game in progress of two `guesses` and twenty damaged texts kept aside (the most a part holds;
    some of their characters not ASCII), each of 10 + `damaged` characters."""
    days = {}
    for number in range(300):
        day = FIRST_DAY + dt.timedelta(days=number)
        secret = daily_game(day).secret
        days[day.isoformat()] = DayPlay((*misses(secret, 1 + number % 5), str(secret)))
    record = Record()
    for number in range(games):
        record = record.add(won=number % 7 != 0, guesses=12 if number % 7 == 0 else 2 + number % 6)
    game = Game(seed=SEED)
    for guess in misses(game.secret, guesses):
        game.guess(guess)
    kept = tuple((storage.RECORDS.key, f"{number} Zoë ✓ 🎯 " + "x" * damaged) for number in range(20))
    return {storage.DAILY.key: days, storage.RECORDS.key: {record_key("solo", Config()): record},
            storage.SOLO.key: InProgress.of(game), storage.DAMAGED.key: kept}


def exported(solo) -> str:
    """Export data, pressed as a person does; the file's text."""
    dialog, data = settings_data(solo)
    with solo.page.expect_download(timeout=60_000) as waiting:
        data.get_by_role("button", name="Export data").click()
    expect(data).to_contain_text(f"Your data were saved as {waiting.value.suggested_filename}.")
    dialog.get_by_role("button", name="Cancel").click()
    return waiting.value.path().read_text(encoding="utf-8")


def stored_once(solo, profile: dict[str, Any]) -> None:
    """`profile` stored as the page stores it, written once before the page's scripts first run."""
    texts = {key: storage.envelope(storage.PARTS[key], value, 1) for key, value in profile.items()}
    solo.page.context.add_init_script(
        f"if (localStorage.getItem('profile-written') === null) {{ localStorage.setItem('profile-written', '1');"
        f" for (const [key, text] of Object.entries({json.dumps(texts)})) localStorage.setItem(key, text); }}")


def test_a_profile_of_megabytes_opens_and_exports_the_same_file_from_either_address(data_solo):
    profile = big_profile()
    solo = data_solo
    stored_once(solo, profile)
    opened(solo)
    expect(solo.history_rows).to_have_count(2)  # the game in progress, resumed
    worker = exported(solo)
    assert len(worker.encode()) > 3_000_000
    values = backup.parse(worker).values
    assert {key: values[key] for key in profile} == profile

    solo.page.goto(solo.base_url)  # the page's own address, on the same storage
    solo.wait_ready()
    expect(solo.history_rows).to_have_count(2)
    again = exported(solo)
    dated = re.compile(r'"exported": "[^"]*"')
    assert dated.sub("", worker) == dated.sub("", again)


THEIRS = {"damaged": 195_000, "games": 280, "guesses": 3}
"""The big file's profile: 3.95 MB exported, the largest an import takes being 4 MB
(:data:`~mastermind.page.backup.MAX_SIZE`), its game and statistics other than :func:`big_profile`'s."""


def big_file(tmp_path) -> tuple[dict[str, Any], str]:
    """The big profile's values, and the path of their file as an export writes it."""
    theirs = big_profile(**THEIRS)
    path = tmp_path / "theirs.json"
    path.write_text(backup.export(theirs, dt.datetime(2026, 11, 27, 10, 4)), encoding="utf-8")
    assert 3_900_000 < path.stat().st_size <= backup.MAX_SIZE
    return theirs, str(path)


def import_confirmed(solo, path: str):
    """Import the file at `path`, Replace my data pressed in its preview; Settings' Your data region."""
    dialog, data = settings_data(solo)
    data.get_by_label("Import data").set_input_files(path)
    preview = solo.page.get_by_role("dialog", name="Import preview")
    preview.get_by_role("button", name="Replace my data").click()
    expect(preview).to_be_hidden()
    return dialog, data


def test_a_file_of_almost_the_largest_size_imports_over_a_profile_of_megabytes_and_exports_again(data_solo, tmp_path):
    solo = data_solo
    stored_once(solo, big_profile())  # 3.4 MB stored: each of the import's writes replaces megabytes
    theirs, path = big_file(tmp_path)
    solo.open()  # the worker page's own address, /
    expect(solo.history_rows).to_have_count(2)
    games_played(solo, 300)

    dialog, _data = import_confirmed(solo, path)
    expect(dialog).to_be_hidden()
    expect(solo.status).to_contain_text(IMPORTED_SAY)
    expect(solo.history_rows).to_have_count(3)  # the file's game in progress
    games_played(solo, 280)
    now = stored(solo)
    assert {key: storage.read(storage.PARTS[key], now[key]).value for key in theirs} == theirs

    solo.reload()
    expect(solo.history_rows).to_have_count(3)
    games_played(solo, 280)
    values = backup.parse(exported(solo)).values
    assert {key: values[key] for key in theirs} == theirs


def test_a_file_of_megabytes_the_full_storage_refuses_partway_is_undone_and_said(data_solo, tmp_path):
    solo = data_solo
    stored_once(solo, big_profile())
    _theirs, path = big_file(tmp_path)  # its damaged texts are half a megabyte longer than the stored ones
    solo.open()
    solo.page.evaluate(FILL, ROOM)
    before = stored(solo)

    dialog, data = import_confirmed(solo, path)
    expect(data).to_contain_text(NOT_IMPORTED)
    expect(solo.status).to_contain_text(NOT_IMPORTED)
    assert stored(solo) == before
    dialog.get_by_role("button", name="Cancel").click()
    expect(solo.history_rows).to_have_count(2)  # the stored game, not the file's three guesses
    games_played(solo, 300)
    solo.reload()
    expect(solo.history_rows).to_have_count(2)
    games_played(solo, 300)


def test_another_tabs_import_of_megabytes_reaches_this_tab(data_solo, make_solo, tmp_path):
    solo = data_solo
    stored_once(solo, big_profile())
    theirs, path = big_file(tmp_path)
    solo.open()
    other = make_solo(solo.page.context.new_page(), solo.base_url).open()
    other.page.set_default_timeout(30_000)
    expect(other.history_rows).to_have_count(2)

    import_confirmed(other, path)
    expect(other.status).to_contain_text(IMPORTED_SAY)
    expect(solo.history_rows).to_have_count(3)  # each key's storage event, its text megabytes long
    games_played(solo, 280)
    solo.type_guess(misses(Game(seed=SEED).secret, 4)[3])  # this tab plays on the imported game and stores it
    expect(other.history_rows).to_have_count(4)
    values = backup.parse(exported(solo)).values
    assert values[storage.DAMAGED.key] == theirs[storage.DAMAGED.key]
    assert len(values[storage.SOLO.key].guesses) == 4
    assert other.problems() == []
