"""The page against a hostile browser and hostile data, in a real Chromium: one rule for a name
wherever it comes from, bounded scores, storage blocked or garbled, what a game counts for, and
the Tournament registry at its limit."""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from mastermind.page import storage

BOOT_TIMEOUT_MS = 60_000


def open_tournament(solo) -> None:
    solo.page.goto(solo.base_url + "?mode=tournament")
    expect(solo.page.get_by_role("heading", name="Tournament", exact=True)).to_be_visible(timeout=BOOT_TIMEOUT_MS)


def register(solo, name: str) -> None:
    solo.page.get_by_label("New user name", exact=True).fill(name)
    solo.page.get_by_role("button", name="Register", exact=True).click()


def board_rows(solo):
    return solo.page.get_by_role("table", name="Score board").locator("tbody").get_by_role("row")


def backup_file(tmp_path, users: list[dict[str, object]] | str) -> str:
    registry = users if isinstance(users, str) else json.dumps({"version": 1, "users": users})
    text = ('{"format": "mastermind-backup", "version": 2, "exported": "2026-11-23T10:04:05", "data": '
            f'{{"{storage.REGISTRY.key}": {registry}}}}}')
    path = tmp_path / "backup.json"
    path.write_text(text, encoding="utf-8")
    return str(path)


def import_file(solo, path: str):
    """Choose `path` in Settings > Import data; the Settings dialog (still open)."""
    solo.button("Settings").click()
    dialog = solo.page.get_by_role("dialog", name="Settings")
    dialog.get_by_label("Import data").set_input_files(path)
    return dialog


# One rule for a name


def test_a_look_alike_name_is_refused_imported_and_typed(solo, tmp_path):
    solo.open()
    before = solo.page.evaluate("JSON.stringify(localStorage)")
    for users, reason in (
        ([{"name": "Alice", "points": 3}, {"name": "Al\u200bice", "points": 1}], "such as U+200B"),
        ([{"name": "Bob", "points": 3}, {"name": "\u202eboB", "points": 1}], "such as U+202E"),
        ([{"name": "Zoë", "points": 3}, {"name": "zoe\u0308", "points": 1}], "the name zoë is already taken"),
    ):
        dialog = import_file(solo, backup_file(tmp_path, users))
        expect(dialog).to_contain_text(re.compile(r"Import refused: .*user 2 \(.*" + re.escape(reason)))
        expect(solo.page.get_by_role("dialog", name="Import preview")).to_be_hidden()
        dialog.get_by_role("button", name="Cancel").click()
        assert solo.page.evaluate("JSON.stringify(localStorage)") == before

    open_tournament(solo)
    register(solo, "Zoë")
    expect(solo.page.get_by_role("status")).to_contain_text("Zoë is registered")
    register(solo, "ZOE\u0308")
    expect(solo.page.get_by_role("status")).to_contain_text("The name ZOË is already taken")
    register(solo, "Al\u200bice")
    expect(solo.page.get_by_role("status")).to_contain_text(
        "A name cannot hold control characters or invisible marks, such as U+200B")
    expect(board_rows(solo)).to_have_count(1)


def test_a_huge_score_is_refused_at_import_and_the_next_save_works(solo, tmp_path):
    solo.open()
    huge = '{"version": 1, "users": [{"name": "Bob", "points": 1' + "0" * 4299 + "}]}"
    before = solo.page.evaluate("JSON.stringify(localStorage)")
    dialog = import_file(solo, backup_file(tmp_path, huge))
    expect(dialog).to_contain_text("points must be a whole number from 0 to 9007199254740991, not a number far too large")
    dialog.get_by_role("button", name="Cancel").click()
    assert solo.page.evaluate("JSON.stringify(localStorage)") == before
    open_tournament(solo)
    register(solo, "Ada")
    expect(solo.page.get_by_role("status")).to_contain_text("Ada is registered")


# What counts


def games_played(solo) -> str:
    solo.button("Statistics").click()
    stats = solo.page.get_by_role("dialog", name="Statistics")
    text = stats.inner_text()
    stats.get_by_role("button", name="Close").click()
    return re.search(r"Games played\s*(\d+)", text).group(1)


def test_a_revealed_game_is_practice_and_not_counted(solo):
    from mastermind import Game
    from mastermind.page.words import PRACTICE

    solo.open("?seed=7&reveal=1")
    expect(solo.status).to_contain_text(PRACTICE)
    solo.type_guess(str(Game(seed=7).secret))
    expect(solo.status).to_contain_text("You win")
    expect(solo.status).to_contain_text(PRACTICE)
    assert games_played(solo) == "0"
    assert solo.page.evaluate(f"localStorage.getItem({json.dumps(storage.RECORDS.key)})") is None


def test_a_challenge_counts_once_per_token(solo):
    from mastermind import Config
    from mastermind.challenge import Challenge
    from mastermind.page.words import REPLAYED

    token = Challenge.make(Config(), "RGBY").token
    for times in ("first", "again"):
        solo.open(f"?challenge={token}")
        expect(solo.status).to_contain_text("from a friend")
        solo.type_guess("RGBY")
        expect(solo.status).to_contain_text("You win")
        if times == "again":
            expect(solo.status).to_contain_text(REPLAYED)
        assert games_played(solo) == "1"
