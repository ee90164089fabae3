"""Settings and statistics kept in localStorage: saved, reloaded, validated, never trusted."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from mastermind.page import storage


def settings_dialog(solo):
    solo.button("Settings").click()
    dialog = solo.page.get_by_role("dialog", name="Settings")
    expect(dialog).to_be_visible()
    return dialog


def test_settings_saved_reloaded_and_invalid_values_refused(solo):
    solo.open()
    dialog = settings_dialog(solo)
    expect(dialog.get_by_label("Pegs")).to_have_value("4")
    expect(dialog.get_by_label("Show letters on the colours")).to_be_checked()
    dialog.get_by_label("Pegs").fill("5")
    dialog.get_by_label("Colors").fill("8")
    dialog.get_by_label("Guesses").fill("10")
    dialog.get_by_label("Allow duplicates").uncheck()
    dialog.get_by_label("Key peg colour").select_option("red")
    dialog.get_by_label("Board order").select_option("top")
    dialog.get_by_role("button", name="Save").click()
    expect(dialog).to_be_hidden()
    expect(solo.status).to_contain_text("Settings saved")
    expect(solo.palette.get_by_role("button")).to_have_count(8)
    expect(solo.page.get_by_role("group", name="Current guess").get_by_role("button")).to_have_count(5)

    solo.reload()
    expect(solo.palette.get_by_role("button")).to_have_count(8)
    expect(solo.status).to_contain_text("5 pegs, 8 colours")
    expect(solo.status).to_contain_text("10 guesses, no colour repeats")
    dialog = settings_dialog(solo)
    expect(dialog.get_by_label("Pegs")).to_have_value("5")
    expect(dialog.get_by_label("Colors")).to_have_value("8")
    expect(dialog.get_by_label("Guesses")).to_have_value("10")
    expect(dialog.get_by_label("Allow duplicates")).not_to_be_checked()
    expect(dialog.get_by_label("Key peg colour")).to_have_value("red")
    expect(dialog.get_by_label("Board order")).to_have_value("top")

    # Out of range: refused beside the field, the dialog stays open, nothing changes.
    dialog.get_by_label("Pegs").fill("9")
    dialog.get_by_role("button", name="Save").click()
    expect(dialog).to_be_visible()
    expect(dialog.locator("#pegs-error")).to_have_text("Pegs must be from 1 to 8, not 9.")
    expect(dialog.get_by_label("Pegs")).to_have_attribute("aria-invalid", "true")
    expect(dialog.get_by_label("Pegs")).to_be_focused()
    # Not a number.
    dialog.get_by_label("Pegs").fill("5")
    dialog.get_by_label("Guesses").fill("")  # a number field left empty
    dialog.get_by_role("button", name="Save").click()
    expect(dialog.locator("#guesses-error")).to_have_text("Enter a whole number from 1 to 20.")
    expect(dialog.locator("#pegs-error")).to_have_text("")
    # A rule between fields: more pegs than colours without duplicates.
    dialog.get_by_label("Guesses").fill("10")
    dialog.get_by_label("Pegs").fill("8")
    dialog.get_by_label("Colors").fill("6")
    dialog.get_by_role("button", name="Save").click()
    expect(dialog.locator("#duplicates-error")).to_contain_text("needs at least 8 colours")
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_be_hidden()

    solo.reload()
    expect(solo.palette.get_by_role("button")).to_have_count(8)
    saved = json.loads(solo.page.evaluate(f"localStorage.getItem({json.dumps(storage.SETTINGS.key)})"))
    assert saved["version"] == storage.VERSION
    assert saved["data"]["config"]["pegs"] == 5


def test_board_order_and_key_colour_change_the_drawing_only(solo):
    solo.open("?seed=3")
    solo.type_guess("BBBB")
    solo.type_guess("GGGG")
    exact_peg = solo.page.locator("#board .key.exact").first  # GGGG scored 2 black
    red = "rgb(209, 31, 31)"
    expect(exact_peg).not_to_have_css("background-color", red)  # black by default
    dialog = settings_dialog(solo)
    dialog.get_by_label("Board order").select_option("top")
    dialog.get_by_label("Show letters on the colours").uncheck()
    dialog.get_by_label("Key peg colour").select_option("red")
    dialog.get_by_role("button", name="Save").click()
    expect(solo.history_rows).to_have_count(2)  # same rules: the game goes on
    expect(solo.history_rows.first.get_by_role("cell").nth(1)).to_have_text("GGGG")
    expect(solo.page.locator("#board")).to_have_attribute("data-letters", "off")
    expect(solo.page.locator("#board")).to_have_attribute("data-key-color", "red")
    expect(exact_peg).to_have_css("background-color", red)
    expect(solo.history_rows.first).to_contain_text("2 black, 0 white")  # the feedback itself unchanged


GARBAGE = [
    "{not json",
    "[1, 2, 3]",
    json.dumps({"version": 99, "settings": {}}),
    json.dumps({"version": 1, "settings": {"config": {"pegs": "lots"}}, "records": {"x": {"played": -1}}}),
    json.dumps({"version": 1, "settings": "<img src=x onerror=alert(1)>", "records": []}),
]


@pytest.mark.parametrize("garbage", GARBAGE, ids=["broken-json", "array", "future-version", "bad-values", "html"])
def test_garbage_in_local_storage_is_survived(fresh_solo, garbage):
    # Under the version 1 key: read by the migration (tests/test_storage.py covers each part's own key).
    script = f"localStorage.setItem({json.dumps(storage.LEGACY_KEY)}, {json.dumps(garbage)})"
    solo = fresh_solo(init_script=f"if (!sessionStorage.getItem('seeded')) {{ {script}; sessionStorage.setItem('seeded', '1') }}")
    expect(solo.status).to_contain_text("reset to the defaults")
    expect(solo.palette.get_by_role("button")).to_have_count(6)
    solo.type_guess("RGBY")
    expect(solo.history_rows).to_have_count(1)
    dialog = settings_dialog(solo)
    dialog.get_by_label("Pegs").fill("3")
    dialog.get_by_role("button", name="Save").click()
    solo.page.get_by_role("dialog", name="Leave this game?").get_by_role("button", name="Yes, abandon").click()  # new rules, new game
    expect(dialog).to_be_hidden()
    solo.reload()
    expect(solo.page.get_by_role("group", name="Current guess").get_by_role("button")).to_have_count(3)
    expect(solo.status).not_to_contain_text("reset")
