"""Player records in a real Chromium: resume after a reload, storage that is corrupt, full or from a
newer version, two pages of the site at once, export and import, hostile text, the daily challenge
under a faked clock, and the Solo solver assist."""

from __future__ import annotations

import datetime as dt
import json
import re

import pytest
from playwright.sync_api import expect

from mastermind import Code, Config, Game
from mastermind.page import storage
from mastermind.page.daily import daily_game, daily_title, share_text
from mastermind.page.records import count_line, record_label, review_rows
from mastermind.page.stats import Record, record_key
from mastermind.solver import finish
from mastermind.solver.assist import hint, still_possible
from mastermind.solver.skill import review

SEED = 31


@pytest.fixture
def Solo(solo):  # noqa: N802  (conftest's page object, to open more pages than the fixture's one)
    return type(solo)


def losing(secret: Code, count: int, start: int = 0) -> list[str]:
    return [str(code) for code in Code.all(Config()) if code != secret][start::89][:count]


def stored(solo, part) -> dict | None:
    text = solo.page.evaluate(f"localStorage.getItem({json.dumps(part.key)})")
    return None if text is None else json.loads(text)


def open_dialog(solo, name: str):
    solo.button(name).click()
    dialog = solo.page.get_by_role("dialog", name=name)
    expect(dialog).to_be_visible()
    return dialog


def notice(solo):
    return solo.page.get_by_role("region", name="Data notice")


# Resume


def test_the_solo_game_is_resumed_after_a_reload_and_a_closed_tab(solo, Solo):
    secret = Game(seed=SEED).secret
    solo.open(f"?seed={SEED}")
    guesses = losing(secret, 2)
    for guess in guesses:
        solo.type_guess(guess)
    expect(solo.history_rows).to_have_count(2)
    solo.page.keyboard.press("r")  # a peg in the guess being composed is not a move: not kept

    solo.reload()
    expect(solo.history_rows).to_have_count(2)
    expect(solo.status).to_contain_text("Game resumed")
    expect(solo.status).to_contain_text("2 guesses made, 10 guesses left")
    for row, guess in zip(solo.history_rows.all(), guesses, strict=False):
        expect(row.get_by_role("cell").nth(1)).to_have_text(guess)

    # The tab closed, the site opened again in a new one, without ?seed: the same game.
    context = solo.page.context
    solo.page.close()
    again = Solo(context.new_page(), solo.base_url).open()
    expect(again.history_rows).to_have_count(2)
    again.type_guess(str(secret))
    expect(again.status).to_contain_text("You win")
    again.reload()  # a finished game is not resumed: a new one starts
    expect(again.history_rows).to_have_count(0)
    expect(again.status).to_contain_text("New game")
    assert again.problems() == []


# Storage that cannot be trusted


def test_corrupt_parts_fall_back_with_a_notice_and_the_rest_is_kept(fresh_solo):
    settings = storage.envelope(storage.SETTINGS, storage.Settings(Config(pegs=5, colors=8), order="top"), 4)
    seed_storage = "; ".join([
        f"localStorage.setItem({json.dumps(storage.SETTINGS.key)}, {json.dumps(settings)})",
        f"localStorage.setItem({json.dumps(storage.RECORDS.key)}, '{{not json')",
        f"localStorage.setItem({json.dumps(storage.SOLO.key)}, " + json.dumps(json.dumps(
            {"version": storage.VERSION, "rev": 1, "data": {"game": {"secret": 7}, "assisted": False}})) + ")",
    ])
    solo = fresh_solo(init_script=f"if (!sessionStorage.getItem('seeded')) {{ {seed_storage}; sessionStorage.setItem('seeded', '1') }}")
    expect(notice(solo)).to_be_visible()
    expect(notice(solo)).to_contain_text("The saved statistics could not be read (not valid JSON)")
    expect(notice(solo)).to_contain_text("The saved Solo game in progress could not be read")
    expect(notice(solo)).to_contain_text("Everything else was kept")
    expect(solo.status).to_contain_text("reset to the defaults")
    expect(solo.palette.get_by_role("button")).to_have_count(8)  # the settings were kept
    expect(solo.page.locator("#board")).to_have_attribute("data-order", "top")
    notice(solo).get_by_role("button", name="Dismiss").click()
    expect(notice(solo)).to_be_hidden()

    solo.type_guess("RGBYK")
    expect(solo.history_rows).to_have_count(1)
    assert stored(solo, storage.SOLO)["data"]["guesses"] == ["RGBYK"]  # the bad part is replaced when written
    # not written over until there is something to write
    assert solo.page.evaluate(f"localStorage.getItem({json.dumps(storage.RECORDS.key)})") == "{not json"
    solo.reload()
    expect(notice(solo)).to_contain_text("statistics could not be read")
    expect(notice(solo)).not_to_contain_text("Solo game")
    expect(solo.history_rows).to_have_count(1)


def test_data_of_a_newer_version_are_left_untouched(fresh_solo):
    newer = json.dumps({"version": storage.VERSION + 1, "rev": 12, "data": {"theme": "from the future"}})
    solo = fresh_solo(init_script=f"localStorage.setItem({json.dumps(storage.SETTINGS.key)}, {json.dumps(newer)})")
    expect(notice(solo)).to_contain_text("newer version of Mastermind")
    expect(solo.palette.get_by_role("button")).to_have_count(6)  # defaults, in memory
    dialog = open_dialog(solo, "Settings")
    dialog.get_by_label("Pegs").fill("3")
    dialog.get_by_role("button", name="Save").click()
    expect(solo.page.get_by_role("group", name="Current guess").get_by_role("button")).to_have_count(3)
    solo.click_guess("RGB")  # (Enter would press the Settings button, focused again as the dialog closed)
    expect(solo.history_rows).to_have_count(1)
    assert solo.page.evaluate(f"localStorage.getItem({json.dumps(storage.SETTINGS.key)})") == newer
    assert stored(solo, storage.SOLO)["data"]["guesses"] == ["RGB"]  # other parts are still kept


def test_a_full_storage_is_said_and_the_game_goes_on(fresh_solo):
    full = ("Storage.prototype.setItem = function () { "
            "throw new DOMException('The quota has been exceeded.', 'QuotaExceededError') }")
    solo = fresh_solo(init_script=full, query=f"?seed={SEED}")
    secret = Game(seed=SEED).secret
    solo.type_guess(losing(secret, 1)[0])
    expect(solo.status).to_contain_text("refused to store")
    expect(notice(solo)).to_contain_text("refused to store")
    solo.type_guess(str(secret))
    expect(solo.status).to_contain_text("You win")
    stats = solo.page.get_by_role("dialog", name="Statistics")  # open by itself at the end
    expect(stats).to_contain_text(re.compile(r"Games played\s*1"))


# Two pages of the same site


def test_two_pages_see_each_others_changes_and_keep_each_others_games(solo, Solo):
    solo.open(f"?seed={SEED}")
    other = Solo(solo.page.context.new_page(), solo.base_url).open()  # not ?reveal=1: that game would not count
    secret = Game(seed=SEED).secret
    expect(other.status).to_contain_text("Game resumed")  # the first page's game, kept at its start

    solo.type_guess(losing(secret, 1)[0])
    expect(other.history_rows).to_have_count(1)  # picked up from the storage event
    expect(other.status).to_contain_text("Updated from another tab: the game.")

    dialog = open_dialog(other, "Settings")
    dialog.get_by_label("Board order").select_option("top")
    dialog.get_by_role("button", name="Save").click()
    expect(solo.page.locator("#board")).to_have_attribute("data-order", "top")

    other.click_guess(str(secret))  # the other page wins the shared game
    expect(other.status).to_contain_text("You win")
    expect(solo.status).to_contain_text("You won: the secret was")
    expect(solo.history_rows).to_have_count(2)
    stats = open_dialog(solo, "Statistics")
    expect(stats).to_contain_text(re.compile(r"Games played\s*1"))
    stats.get_by_role("button", name="Close").click()

    # The first page stops hearing of the other's writes (its storage events are held back):
    # the other finishes a Solo game, the first the daily challenge. Neither overwrites the other.
    solo.page.evaluate("addEventListener('storage', (event) => event.stopImmediatePropagation(), true)")
    other.page.goto(other.base_url + f"?seed={SEED + 1}")  # a new game whose secret the test knows
    other.wait_ready()
    for guess in losing(Game(seed=SEED + 1).secret, 12, start=3):
        other.click_guess(guess)
    expect(other.status).to_contain_text("You lose")
    solo.button("Daily challenge").click()
    expect(solo.status).to_contain_text("Daily challenge of")  # on solo.html, once the worker answered
    day = dt.date.fromisoformat(re.search(r"\d{4}-\d\d-\d\d", solo.status.inner_text())[0])
    solo.type_guess(str(daily_game(day).secret))
    expect(solo.status).to_contain_text("You win")
    records = stored(solo, storage.RECORDS)["data"]
    assert records[record_key("solo", Config())]["played"] == 2
    assert records[record_key("daily", Config())]["won"] == 1
    solo.close_statistics()  # the one that opened by itself at the end of the daily
    stats = open_dialog(solo, "Statistics")  # the merged statistics came back to the stale page
    stats.get_by_role("radio", name=record_label(record_key("solo", Config())), exact=True).check()
    expect(stats).to_contain_text(re.compile(r"Games played\s*2"))
    assert other.problems() == []


# Export and import


def test_export_then_import_in_another_browser_round_trips_everything(solo, fresh_solo, tmp_path):
    solo.open(f"?seed={SEED}")
    solo.type_guess(str(Game(seed=SEED).secret))
    expect(solo.status).to_contain_text("You win")
    solo.close_statistics()
    dialog = open_dialog(solo, "Settings")
    dialog.get_by_label("Board order").select_option("top")
    dialog.get_by_role("button", name="Save").click()
    solo.button("New game").click()
    solo.click_guess("RRGG")
    dialog = open_dialog(solo, "Settings")
    with solo.page.expect_download() as waiting:
        dialog.get_by_role("button", name="Export data").click()
    download = waiting.value
    assert re.fullmatch(r"mastermind-data-\d{4}-\d\d-\d\d\.json", download.suggested_filename)
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    exported = json.loads(path.read_text())
    assert exported["format"] == "mastermind-backup"
    assert exported["data"][storage.RECORDS.key][record_key("solo", Config())]["won"] == 1

    other = fresh_solo()
    dialog = open_dialog(other, "Settings")
    dialog.get_by_label("Import data").set_input_files(path)
    preview = other.page.get_by_role("dialog", name="Import preview")
    expect(preview).to_be_visible()
    expect(preview).to_contain_text("Statistics: 1 record of 1 game will replace 0 records of 0 games.")
    expect(preview).to_contain_text("Solo game in progress: a game in progress, 1 guess made will replace")
    preview.get_by_role("button", name="Replace my data").click()
    expect(other.status).to_contain_text("Your data were imported")
    expect(other.history_rows).to_have_count(1)
    expect(other.page.locator("#board")).to_have_attribute("data-order", "top")
    stats = open_dialog(other, "Statistics")
    expect(stats).to_contain_text(re.compile(r"Games won\s*1"))
    stats.get_by_role("button", name="Close").click()
    other.reload()
    expect(other.history_rows).to_have_count(1)
    assert stored(other, storage.SETTINGS)["data"] == exported["data"][storage.SETTINGS.key]


def test_the_import_preview_names_only_what_changes(solo, tmp_path):
    """Importing what this browser already holds says so, with no "0 ... will replace 0 ..."; a
    change is named, and the rest said once as unchanged."""
    solo.open(f"?seed={SEED}")
    solo.click_guess("RRGG")
    dialog = open_dialog(solo, "Settings")
    with solo.page.expect_download() as waiting:
        dialog.get_by_role("button", name="Export data").click()
    path = tmp_path / "same.json"
    waiting.value.save_as(path)
    dialog.get_by_label("Import data").set_input_files(path)
    preview = solo.page.get_by_role("dialog", name="Import preview")
    expect(preview).to_contain_text("This file holds what this browser already has: importing it changes nothing.")
    expect(preview).not_to_contain_text("will replace")
    preview.get_by_role("button", name="Cancel").click()
    solo.page.keyboard.press("Escape")  # closes Settings too
    expect(dialog).to_be_hidden()
    solo.click_guess("BBYY")
    dialog = open_dialog(solo, "Settings")
    dialog.get_by_label("Import data").set_input_files(path)
    expect(preview).to_contain_text("Solo game in progress: a game in progress, 1 guess made will replace "
                                    "a game in progress, 2 guesses made.")
    expect(preview).to_contain_text("Unchanged: ")
    assert preview.inner_text().count("will replace") == 1


def test_a_bad_file_is_refused_and_changes_nothing(fresh_solo):
    solo = fresh_solo()
    before = solo.page.evaluate("JSON.stringify(localStorage)")
    dialog = open_dialog(solo, "Settings")
    bad = {"format": "mastermind-backup", "version": storage.VERSION, "exported": "2026-11-23T10:00:00",
           "data": {storage.SETTINGS.key: storage.Settings().to_dict(), storage.RECORDS.key: {"solo": {"played": 1}}}}
    dialog.get_by_label("Import data").set_input_files(
        files=[{"name": "bad.json", "mimeType": "application/json", "buffer": json.dumps(bad).encode()}])
    expect(dialog).to_contain_text("Import refused: The statistics in this file cannot all be read")
    expect(solo.page.get_by_role("dialog", name="Import preview")).to_be_hidden()
    assert solo.page.evaluate("JSON.stringify(localStorage)") == before


# Hostile text


XSS_IMG = "<img src=x onerror=window.__pwned=1>"
XSS_SCRIPT = "<script>window.__pwned=2</script>"


def test_hostile_names_and_imports_run_nothing_and_show_as_text(fresh_solo):
    solo = fresh_solo()
    dialogs: list[str] = []
    solo.page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    dialog = open_dialog(solo, "Settings")
    hostile = {"format": "mastermind-backup", "version": storage.VERSION, "exported": "2026-11-23T10:00:00",
               "data": {XSS_IMG: {}}}
    dialog.get_by_label("Import data").set_input_files(
        files=[{"name": f"{XSS_SCRIPT}.json", "mimeType": "application/json", "buffer": json.dumps(hostile).encode()}])
    expect(dialog.locator("#data-message")).to_have_text(
        f"Import refused: This data file holds something this version does not know ({XSS_IMG!r}).")

    names = {"version": 1, "users": [{"name": XSS_IMG, "points": 3}, {"name": XSS_SCRIPT, "points": 1}]}
    registry = next(part for part in storage.PARTS.values() if "registry" in part.key)
    document = {"format": "mastermind-backup", "version": storage.VERSION, "exported": "2026-11-23T10:00:00",
                "data": {registry.key: names}}
    dialog.get_by_label("Import data").set_input_files(
        files=[{"name": "names.json", "mimeType": "application/json", "buffer": json.dumps(document).encode()}])
    preview = solo.page.get_by_role("dialog", name="Import preview")
    expect(preview).to_contain_text("2 registered users")
    preview.get_by_role("button", name="Replace my data").click()  # drawn in place: every screen reads the imported data
    expect(solo.status).to_contain_text("Your data were imported")
    assert json.loads(solo.page.evaluate(f"localStorage.getItem({json.dumps(registry.key)})"))["data"] == names
    solo.choose("Tournament")  # its screen shows the registered users
    board = solo.page.get_by_role("table", name="Score board")
    expect(board).to_contain_text(XSS_IMG)
    expect(board).to_contain_text(XSS_SCRIPT)
    # Markup parsed from a name would be in the document as soon as the name is shown, and an
    # image would have asked for its source at once: neither happened.
    assert solo.page.locator("img[src=x], body script:not([src]):not([type])").count() == 0
    assert not [url for url in solo.requests if url.rstrip("/").endswith("/x")]
    assert solo.page.evaluate("window.__pwned") is None
    assert dialogs == []


# The daily challenge


def daily_page(Solo, browser, site_url, day: dt.date, query: str = "", permissions: list[str] | None = None):
    context = browser.new_context(permissions=permissions or [])
    context.clock.set_fixed_time(dt.datetime(day.year, day.month, day.day, 9, 30))
    solo = Solo(context.new_page(), site_url)
    solo.page.set_default_timeout(15_000)
    solo.open(query)
    solo.button("Daily challenge").click()
    return solo


def test_the_daily_challenge_is_the_same_for_everyone_on_a_day_and_another_the_next(Solo, browser, site_url):
    day = dt.date(2026, 11, 23)
    secret = str(daily_game(day).secret)
    pages = []
    try:
        first = daily_page(Solo, browser, site_url, day, "?reveal=1")
        pages.append(first)
        expect(first.status).to_contain_text("Daily challenge of 2026-11-23")
        expect(first.secret).to_have_text(secret)

        second = daily_page(Solo, browser, site_url, day, permissions=["clipboard-read", "clipboard-write"])
        pages.append(second)
        expect(second.secret).not_to_contain_text(secret)
        second.type_guess(losing(Code(secret), 1)[0])
        second.type_guess(secret)
        expect(second.status).to_contain_text("You win")
        second.close_statistics()
        game = daily_game(day)
        game.guess(losing(Code(secret), 1)[0])
        game.guess(secret)
        second.button("Share").click()
        expect(second.status).to_contain_text("copied to the clipboard")
        assert second.page.evaluate("navigator.clipboard.readText()") == share_text(daily_title(day), game)

        # One game a day, its result kept.
        second.reload()
        second.button("Daily challenge").click()
        expect(second.status).to_contain_text("you already won it in 2 guesses")
        expect(second.history_rows).to_have_count(2)
        second.type_guess("RGBY")
        expect(second.status).to_contain_text("game is over")
        stats = open_dialog(second, "Statistics")
        expect(stats.get_by_role("radio", name=record_label(record_key("daily", Config())), exact=True)).to_be_checked()
        expect(stats).to_contain_text(re.compile(r"Games won\s*1"))
        expect(stats.get_by_role("listitem", name="2 guesses: 1 win")).to_be_visible()

        following = dt.date(2026, 11, 24)
        assert daily_game(following).secret != daily_game(day).secret
        third = daily_page(Solo, browser, site_url, following, "?reveal=1")
        pages.append(third)
        expect(third.status).to_contain_text("Daily challenge of 2026-11-24")
        expect(third.secret).to_have_text(str(daily_game(following).secret))
    finally:
        problems = [problem for page in pages for problem in page.problems()]
        for page in pages:
            page.page.context.close()
    assert problems == []


def test_share_shows_the_text_where_the_clipboard_is_refused(Solo, browser, site_url):
    day = dt.date(2027, 2, 1)
    secret = str(daily_game(day).secret)
    solo = daily_page(Solo, browser, site_url, day)
    try:
        solo.page.evaluate("() => { navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError')) }")
        solo.type_guess(secret)
        expect(solo.status).to_contain_text("You win")
        solo.close_statistics()
        solo.button("Share").click()
        expect(solo.status).to_contain_text("refused the clipboard")
        game = daily_game(day)
        game.guess(secret)
        expect(solo.page.get_by_label("Your result, to copy")).to_have_value(share_text(daily_title(day), game))
        assert secret not in share_text(daily_title(day), game)
        assert solo.problems() == []
    finally:
        solo.page.context.close()


# Solver assist


def test_the_hint_and_the_review_appear_and_are_right_for_a_seeded_game(solo):
    config = Config()
    game = Game(config, seed=SEED)
    solo.open(f"?seed={SEED}")
    expect(solo.button("Hint")).to_be_hidden()
    dialog = open_dialog(solo, "Settings")
    dialog.get_by_label("Solver assist").check()
    dialog.get_by_role("button", name="Save").click()
    expect(solo.button("Hint")).to_be_visible()
    count = solo.page.locator("#assist-count")
    expect(count).to_have_text("1,296 codes still possible.")

    first = losing(game.secret, 1)[0]
    solo.click_guess(first)
    game.guess(first)
    expect(count).to_have_text(count_line(finish(still_possible(config, game.history))))

    while not game.over:
        proposal = str(finish(hint(config, game.history)))
        solo.button("Hint").click()
        expect(solo.status).to_contain_text(f"Hint: {proposal} is in your guess")
        for number, letter in enumerate(proposal, 1):
            expect(solo.slot(number)).to_have_text(letter)
        solo.button("Submit guess").click()
        game.guess(proposal)
        expect(solo.history_rows).to_have_count(game.guesses_made)
        if not game.over:
            expect(count).to_have_text(count_line(finish(still_possible(config, game.history))))
    assert game.won
    expect(solo.status).to_contain_text("You win")
    expect(count).to_be_hidden()

    table = solo.page.get_by_role("table", name="Review")
    expect(table).to_be_visible(timeout=60_000)  # worked out in slices: seconds on a loaded machine
    expected = review_rows(finish(review(config, game.secret, game.history)), [turn.guess for turn in game.history])
    rows = table.locator("tbody").get_by_role("row")
    expect(rows).to_have_count(len(expected))
    for row, values in zip(rows.all(), expected, strict=False):
        expect(row.get_by_role("cell")).to_have_text(list(values))

    solo.close_statistics()
    stats = open_dialog(solo, "Statistics")
    expect(stats.get_by_role("radio", name=record_label(record_key("solo", config, assisted=True)), exact=True)).to_be_checked()
    expect(stats).to_contain_text("Solo, with hints")
    expect(stats).to_contain_text(re.compile(r"Games won\s*1"))
    stats.get_by_role("radio", name=record_label(record_key("solo", config)), exact=True).check()
    expect(stats).to_contain_text(re.compile(r"Games played\s*0"))
    expect(stats).to_contain_text("No game played yet.")
    assert stored(solo, storage.RECORDS)["data"] == {record_key("solo", config, assisted=True): Record().add(
        won=True, guesses=game.guesses_made).to_dict()}
