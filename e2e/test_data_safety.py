"""Data safety in a real Chromium, as a person meets it: the Tournament's users and points in two
tabs at once, and a doctored backup that must be refused before it reaches the Statistics."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from mastermind import Config, Game, Phase, Registry
from mastermind import Tournament as TournamentMatch
from mastermind.page import storage
from mastermind.page.records import KEPT_WORDS
from mastermind.page.stats import record_key

BOOT_TIMEOUT_MS = 60_000


class Tournament:
    """One tab on the Tournament screen, driven through roles, names and labels (interface.md)."""

    def __init__(self, solo, query: str | None = "?mode=tournament") -> None:
        """`solo`'s page, opened at `query` (None: it is open there already)."""
        self.solo, self.page = solo, solo.page
        if query is not None:
            self.page.goto(solo.base_url + query)
        self.wait()

    def wait(self) -> None:
        expect(self.page.get_by_role("heading", name="Tournament", exact=True)).to_be_visible(timeout=BOOT_TIMEOUT_MS)

    def reload(self) -> None:
        self.page.reload()
        self.wait()

    def register(self, name: str, said: str | None = None) -> None:
        """Register `name`, and wait for the status to say `said` (by default: registered)."""
        self.page.get_by_label("New user name", exact=True).fill(name)
        self.page.get_by_role("button", name="Register", exact=True).click()
        expect(self.status).to_contain_text(said or f"{name} is registered")

    @property
    def status(self):
        return self.page.get_by_role("status")

    def board(self):
        return self.page.get_by_role("table", name="Score board").locator("tbody").get_by_role("row")

    def expect_board(self, rows: list[tuple[str, int]]) -> None:
        expect(self.board()).to_have_text(
            [re.compile(rf"^\s*{re.escape(name)}\s+{points}\s*$") for name, points in rows], use_inner_text=True
        )

    def stored_users(self) -> list[tuple[str, int]]:
        text = self.page.evaluate(f"localStorage.getItem({json.dumps(storage.REGISTRY.key)})")
        return [(user["name"], user["points"]) for user in json.loads(text)["data"]["users"]]

    def play_two_people_who_break_each_other_at_once(self, first: str, second: str) -> None:
        """A tournament of `first` and `second`: each sets RGBY, each breaks it at the first
        attempt (5 points each: 5 attempts allowed - 1 used + 1, and 1 - 1 for the code set)."""
        page = self.page
        page.get_by_label("Players", exact=True).fill("2")
        page.get_by_label("Attempts", exact=True).fill("5")
        page.get_by_label("Player 1 name", exact=True).fill(first)
        page.get_by_label("Player 2 name", exact=True).fill(second)
        page.get_by_role("button", name="Start", exact=True).click()
        users = Registry()
        for name in (first, second):
            users.register(name)
        mirror = TournamentMatch(users, [first, second], 5)  # says which move the page waits for
        while not mirror.finished:
            player = mirror.player
            assert player is not None  # the match is not finished
            if mirror.phase is Phase.HANDOVER:
                expect(page.get_by_role("heading", name=f"Hand over to {player}")).to_be_visible()
                page.get_by_role("button", name="Ready", exact=True).click()
                mirror.ready(player.name)
                continue
            for letter in "rgby":
                page.keyboard.press(letter)
            page.keyboard.press("Enter")
            if mirror.phase is Phase.SECRET:
                mirror.set_secret(player.name, "RGBY")
            else:
                mirror.guess(player.name, "RGBY")
        expect(self.status).to_contain_text("Points added to the score board")
        assert [row.points for row in mirror.scores] == [5, 5]


def test_users_registered_in_two_tabs_are_all_kept(solo, make_solo):
    context = solo.page.context
    tab_a = Tournament(solo)
    tab_b = Tournament(make_solo(context.new_page(), solo.base_url))
    tab_b.register("Bob")
    tab_a.register("Carol")
    tab_b.register("Dave")
    everyone = [("Bob", 0), ("Carol", 0), ("Dave", 0)]
    tab_c = Tournament(make_solo(context.new_page(), solo.base_url))
    tab_c.expect_board(everyone)
    tab_a.expect_board(everyone)  # each open tab shows the stored users, not those it started with
    tab_b.expect_board(everyone)

    # A tab that hears nothing of the others (its storage events are held back) still acts on the
    # users as stored: it refuses a name taken meanwhile, and stores its own over no one's.
    tab_b.page.evaluate("addEventListener('storage', (event) => event.stopImmediatePropagation(), true)")
    tab_a.register("Erin")
    tab_b.register("erin", "The name erin is already taken.")
    tab_b.register("Finn")
    everyone += [("Erin", 0), ("Finn", 0)]
    assert tab_c.stored_users() == everyone
    tab_a.expect_board(everyone)
    for tab in (tab_a, tab_b, tab_c):
        assert tab.solo.problems() == []


def test_points_credited_in_two_tabs_are_all_kept(solo, make_solo):
    context = solo.page.context
    tab_a = Tournament(solo)
    tab_a.register("Alan")
    tab_a.register("Bea")
    tab_b = Tournament(make_solo(context.new_page(), solo.base_url))
    tab_b.expect_board([("Alan", 0), ("Bea", 0)])

    tab_b.play_two_people_who_break_each_other_at_once("Alan", "Bea")
    tab_b.expect_board([("Alan", 5), ("Bea", 5)])
    tab_a.expect_board([("Alan", 5), ("Bea", 5)])  # heard from the other tab
    tab_a.play_two_people_who_break_each_other_at_once("Bea", "Alan")
    tab_a.expect_board([("Alan", 10), ("Bea", 10)])
    tab_b.expect_board([("Alan", 10), ("Bea", 10)])
    assert tab_a.stored_users() == [("Alan", 10), ("Bea", 10)]
    tab_b.reload()
    tab_b.expect_board([("Alan", 10), ("Bea", 10)])
    for tab in (tab_a, tab_b):
        assert tab.solo.problems() == []


def test_a_doctored_backup_is_refused_and_the_statistics_still_open(solo, tmp_path):
    seed = 11
    solo.open(f"?seed={seed}")
    solo.type_guess(str(Game(seed=seed).secret))
    expect(solo.status).to_contain_text("You win")
    solo.close_statistics()
    solo.button("Settings").click()
    dialog = solo.page.get_by_role("dialog", name="Settings")
    with solo.page.expect_download() as waiting:
        dialog.get_by_role("button", name="Export data").click()
    exported = json.loads(waiting.value.path().read_text())
    key = record_key("solo", Config())
    record = exported["data"][storage.RECORDS.key][key]
    record["distribution"] = {"1000000000": record["won"]}  # as many wins as the record counts
    doctored = tmp_path / "doctored.json"
    doctored.write_text(json.dumps(exported))
    before = solo.page.evaluate("JSON.stringify(localStorage)")

    dialog.get_by_label("Import data").set_input_files(doctored)
    expect(dialog).to_contain_text(
        f"Import refused: The statistics in this file cannot all be read (the record {key!r}); nothing was imported."
    )
    expect(solo.page.get_by_role("dialog", name="Import preview")).to_be_hidden()
    assert solo.page.evaluate("JSON.stringify(localStorage)") == before
    dialog.get_by_role("button", name="Cancel").click()

    solo.button("Statistics").click()
    stats = solo.page.get_by_role("dialog", name="Statistics")
    expect(stats).to_contain_text(re.compile(r"Games won\s*1"))
    bars = stats.get_by_role("listitem")
    expect(bars).to_have_count(12)  # the chart: a bar for every guess count the rules allow
    expect(bars.nth(0)).to_have_accessible_name("1 guess: 1 win")  # the one win, in one guess
    assert solo.problems() == []


def test_a_doctored_record_in_storage_is_dropped_with_a_notice(fresh_solo):
    key = record_key("solo", Config())
    doctored = {"played": 3, "won": 3, "current_streak": 3, "best_streak": 3, "distribution": {"1000000000": 3}}
    text = json.dumps({"version": storage.VERSION, "rev": 1, "data": {key: doctored}})
    solo = fresh_solo(f"localStorage.setItem({json.dumps(storage.RECORDS.key)}, {json.dumps(text)})")
    expect(solo.page.get_by_role("region", name="Data notice")).to_contain_text(
        f"Some saved statistics could not be read and were dropped: the record {key!r}."
    )
    solo.button("Statistics").click()
    stats = solo.page.get_by_role("dialog", name="Statistics")
    expect(stats).to_contain_text(re.compile(r"Games played\s*0"))
    assert solo.problems() == []


# Asking the browser to keep the data

STUB_PERSIST = """
window.__persistCalls = 0;
navigator.storage.persisted = async () => false;
navigator.storage.persist = async () => { window.__persistCalls += 1; return %s; };
"""


def data_kept(solo) -> str:
    solo.button("Settings").click()
    dialog = solo.page.get_by_role("dialog", name="Settings")
    text = dialog.get_by_role("region", name="Your data").inner_text()
    dialog.get_by_role("button", name="Cancel").click()
    return text


@pytest.mark.parametrize("granted", [True, False], ids=["granted", "refused"])
def test_the_browser_is_asked_to_keep_the_data_once_a_game_is_finished(fresh_solo, granted):
    seed = 5
    solo = fresh_solo(STUB_PERSIST % ("true" if granted else "false"), f"?seed={seed}")
    assert KEPT_WORDS["unasked"] in data_kept(solo)
    solo.click_guess("RRGG" if str(Game(seed=seed).secret) != "RRGG" else "GGRR")
    assert solo.page.evaluate("window.__persistCalls") == 0  # nothing to lose yet: not asked
    solo.type_guess(str(Game(seed=seed).secret))
    expect(solo.status).to_contain_text("You win")
    solo.close_statistics()
    solo.page.wait_for_function("window.__persistCalls === 1")
    expected = KEPT_WORDS["granted" if granted else "refused"]
    solo.button("Settings").click()
    expect(solo.page.get_by_role("region", name="Your data")).to_contain_text(expected)
    solo.page.get_by_role("dialog", name="Settings").get_by_role("button", name="Cancel").click()
    solo.button("New game").click()
    solo.click_guess("RRGG")
    assert solo.page.evaluate("window.__persistCalls") == 1  # once a visit


def test_the_browser_is_asked_to_keep_the_data_once_a_user_is_registered(fresh_solo):
    solo = fresh_solo(STUB_PERSIST % "true")
    solo.button("Tournament").click()
    tab = Tournament(solo, query=None)
    assert solo.page.evaluate("window.__persistCalls") == 0
    tab.register("Ada")
    solo.page.wait_for_function("window.__persistCalls === 1")
    tab.register("Bob")
    assert solo.page.evaluate("window.__persistCalls") == 1
