"""The Settings dialog on ``solo.html`` (MicroPython draws, the session runs in a Pyodide worker),
played as a person plays it: the rules changed by keys and played with, a game in progress asked
about first, the look chosen and kept, a wrong value refused beside its field with nothing lost,
Cancel and Escape changing nothing, another language chosen, and axe on the dialog, light and dark.

The Settings tests (e2e/test_settings*.py) play this dialog too: the site's page is this one.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from mastermind.page import storage
from mastermind.page.settings_form import form_values, read_form
from mastermind.page.state import Settings

from .conftest import catalog
from .test_accessibility import VIEWPORTS, Audit  # the axe gate's helper
from .test_languages_play import no_english

PAGE = "solo.html"
SEED = 2024
HOLD_MESSAGES = """
(() => {
  const post = Worker.prototype.postMessage;
  let held = null;
  Worker.prototype.postMessage = function (...message) {
    if (held) held.push([this, message]);
    else post.apply(this, message);
  };
  window.holdMessages = (on) => {
    const waiting = held || [];
    held = on ? [] : null;
    for (const [worker, message] of waiting) post.apply(worker, message);
  };
})();
"""
"""Messages to the workers held back in order while ``holdMessages(true)``, as on a slow phone
where the worker answers after the person's next press."""


@pytest.fixture
def worker_solo(solo):
    solo.page.set_default_timeout(30_000)
    return solo


def open_settings(solo):
    solo.choose("Settings")
    dialog = solo.page.get_by_role("dialog", name=solo.t("Settings"))
    expect(dialog).to_be_visible()
    return dialog


def retype(solo, text: str) -> None:
    """Replace the focused field's text by `text`, key by key."""
    solo.page.keyboard.press("Control+a")
    solo.page.keyboard.press("Backspace")
    solo.page.keyboard.type(text)


def refusal(**fields: str) -> dict[str, str]:
    """The session's message for each wrong field of the default form changed by `fields`."""
    return read_form({**form_values(Settings()), **fields})[1]


def stored_settings(page) -> Settings:
    return storage.read(storage.SETTINGS, page.evaluate("localStorage.getItem('mastermind:settings')")).value


def playing(solo):
    """`solo` on solo.html with a game in progress: one guess played, by keys."""
    solo.open(f"{PAGE}?seed={SEED}")
    solo.type_guess("RGBY")
    expect(solo.history_rows).to_have_count(1)
    return solo


def test_rules_typed_in_the_form_follow_the_preset_and_a_game_is_played_with_them(worker_solo):
    solo = worker_solo
    solo.open(f"{PAGE}?seed={SEED}")
    dialog = open_settings(solo)
    preset = dialog.get_by_label("Preset")
    expect(preset).to_have_value("Classic")
    expect(preset).to_be_focused()  # the form's first field: the keys edit the form from here
    solo.page.keyboard.press("Tab")
    retype(solo, "5")
    solo.page.keyboard.press("Tab")
    retype(solo, "8")
    expect(preset).to_have_value("Super")  # 5 pegs, 8 colours, 12 guesses, repeats: the session names it
    solo.page.keyboard.press("Tab")
    retype(solo, "10")
    expect(preset).to_have_value("Custom")
    solo.page.keyboard.press("Enter")  # saves the form, as Save does
    expect(dialog).to_be_hidden()
    expect(solo.status).to_contain_text("Settings saved.")
    expect(solo.status).to_contain_text("5 pegs, 8 colours")
    expect(solo.palette.get_by_role("button")).to_have_count(8)
    expect(solo.slot(5)).to_be_visible()
    solo.type_guess("RGBYO")  # the keys play the board again once the dialog closed
    expect(solo.history_rows).to_have_count(1)
    expect(solo.history_rows.nth(0).get_by_role("cell").nth(1)).to_have_text("RGBYO")
    assert stored_settings(solo.page).config.pegs == 5

    # New rules with a game in progress: asked first; Keep playing keeps both the game and the form.
    dialog = open_settings(solo)
    expect(dialog.get_by_label("Guesses")).to_have_value("10")
    dialog.get_by_label("Preset").select_option("Race")
    expect(dialog.get_by_label("Guesses")).to_have_value("8")
    expect(dialog.get_by_label("Allow duplicates")).not_to_be_checked()
    dialog.get_by_role("button", name="Save").click()
    leave = solo.page.get_by_role("dialog", name="Leave this game?")
    expect(leave).to_contain_text("counts as a loss")
    leave.get_by_role("button", name="Keep playing").click()
    expect(leave).to_be_hidden()
    expect(dialog).to_be_visible()
    expect(solo.history_rows).to_have_count(1)
    dialog.get_by_role("button", name="Save").click()
    leave.get_by_role("button", name="Yes, abandon").click()
    expect(dialog).to_be_hidden()
    expect(solo.status).to_contain_text("8 guesses, no colour repeats")
    expect(solo.history_rows).to_have_count(0)
    expect(solo.palette.get_by_role("button")).to_have_count(6)


def test_a_preset_chosen_and_saved_before_its_fields_arrive_saves_its_rules(worker_solo):
    solo = worker_solo
    solo.page.add_init_script(HOLD_MESSAGES)
    solo.open(f"{PAGE}?seed={SEED}")
    dialog = open_settings(solo)
    solo.page.evaluate("window.holdMessages(true)")  # the worker hears nothing until released
    dialog.get_by_label("Preset").select_option("Super")
    dialog.get_by_role("button", name="Save").click()  # before the fields the preset fills have come
    solo.page.evaluate("window.holdMessages(false)")
    expect(dialog).to_be_hidden()
    expect(solo.status).to_contain_text("5 pegs, 8 colours")
    dialog = open_settings(solo)
    expect(dialog.get_by_label("Preset")).to_have_value("Super")
    expect(dialog.get_by_label("Pegs", exact=True)).to_have_value("5")
    dialog.get_by_label("Allow duplicates").click()  # a checkbox is a rule too
    expect(dialog.get_by_label("Preset")).to_have_value("Custom")
    dialog.get_by_label("Allow duplicates").click()
    expect(dialog.get_by_label("Preset")).to_have_value("Super")


def test_the_look_is_chosen_by_keys_and_kept_after_a_reload(worker_solo):
    solo = playing(worker_solo)
    dialog = open_settings(solo)
    dialog.get_by_label("Theme", exact=True).select_option(label="Dark")
    dialog.get_by_label("Colours", exact=True).select_option(label="Colour-blind safe")
    dialog.get_by_label("Key peg colour").select_option(label="Red")
    dialog.get_by_label("Board order").select_option(label="Newest at top")
    dialog.get_by_label("Show letters on the colours").focus()
    solo.page.keyboard.press("Space")
    expect(dialog.get_by_label("Show letters on the colours")).not_to_be_checked()
    dialog.get_by_role("button", name="Save").click()
    expect(dialog).to_be_hidden()
    expect(solo.status).to_contain_text("Settings saved.")  # the rules are the same: the game goes on, unasked

    def drawn(rows: int) -> None:
        root, board = solo.page.locator("html"), solo.page.locator("#board")
        expect(root).to_have_attribute("data-theme", "dark")
        expect(root).to_have_attribute("data-colours", "safe")
        expect(board).to_have_attribute("data-key-color", "red")
        expect(board).to_have_attribute("data-letters", "off")
        expect(board).to_have_attribute("data-order", "top")
        expect(solo.history_rows).to_have_count(rows)

    drawn(1)
    solo.type_guess("GGBB")
    drawn(2)
    solo.reload()
    drawn(2)
    dialog = open_settings(solo)
    expect(dialog.get_by_label("Theme", exact=True)).to_have_value("dark")
    expect(dialog.get_by_label("Show letters on the colours")).not_to_be_checked()


def test_a_wrong_value_is_refused_beside_its_field_and_nothing_is_lost(worker_solo):
    solo = playing(worker_solo)
    dialog = open_settings(solo)
    pegs = dialog.get_by_label("Pegs", exact=True)
    dialog.get_by_label("Theme", exact=True).select_option(label="Dark")
    pegs.fill("12")
    dialog.get_by_role("button", name="Save").click()
    expect(dialog.locator("#pegs-error")).to_have_text(refusal(pegs="12")["pegs"])
    expect(pegs).to_have_attribute("aria-invalid", "true")
    expect(pegs).to_be_focused()  # the first wrong field: the person types the fix at once
    expect(solo.status).to_contain_text("Settings not saved")
    expect(dialog).to_be_visible()
    expect(pegs).to_have_value("12")  # what was typed stays, to be corrected
    expect(dialog.get_by_label("Theme", exact=True)).to_have_value("dark")
    expect(dialog.get_by_label("Colors", exact=True)).to_have_attribute("aria-invalid", "false")
    retype(solo, "")
    solo.page.keyboard.press("Enter")
    expect(dialog.locator("#pegs-error")).to_have_text(refusal(pegs="")["pegs"])
    expect(solo.history_rows).to_have_count(1)
    expect(solo.page.locator("html")).not_to_have_attribute("data-theme", "dark")  # nothing saved

    solo.page.keyboard.press("Escape")  # Escape changes nothing
    expect(dialog).to_be_hidden()
    expect(solo.button("Settings")).not_to_be_focused()  # the board has the keys: Enter would not open it again
    expect(solo.history_rows).to_have_count(1)
    expect(solo.palette.get_by_role("button")).to_have_count(6)
    dialog = open_settings(solo)  # opened on what is saved, the refusal gone
    expect(pegs).to_have_value("4")
    expect(pegs).to_have_attribute("aria-invalid", "false")
    expect(dialog.locator("#pegs-error")).to_have_text("")
    expect(dialog.get_by_label("Theme", exact=True)).to_have_value("system")

    pegs.fill("5")
    dialog.get_by_label("Hard mode").check()
    dialog.get_by_role("button", name="Cancel").click()  # Cancel too
    expect(dialog).to_be_hidden()
    expect(solo.history_rows).to_have_count(1)
    dialog = open_settings(solo)
    expect(pegs).to_have_value("4")
    expect(dialog.get_by_label("Hard mode")).not_to_be_checked()

    dialog.get_by_label("Hard mode").check()  # refused during a game: beside its own field
    dialog.get_by_role("button", name="Save").click()
    expect(dialog.get_by_label("Hard mode")).to_have_attribute("aria-invalid", "true")
    expect(dialog.locator("#hard-error")).to_contain_text("only before the first guess")
    expect(pegs).to_have_attribute("aria-invalid", "false")
    expect(solo.history_rows).to_have_count(1)


def test_another_language_loads_the_page_again_in_it_with_the_game(worker_solo, make_solo):
    solo = playing(worker_solo)
    dialog = open_settings(solo)
    dialog.get_by_label("Language", exact=True).select_option(label="Deutsch")
    dialog.get_by_role("button", name="Save").click()
    expect(solo.page.locator("html")).to_have_attribute("lang", "de")
    german = make_solo(solo.page, solo.base_url, catalog("de"))
    german.wait_ready()
    assert solo.page.url.endswith(PAGE)
    expect(german.history_rows).to_have_count(1)  # the game in progress came back
    dialog = open_settings(german)
    expect(dialog.get_by_label(german.t("Language"), exact=True)).to_have_value("de")
    no_english(german, "de")
    dialog.get_by_label(german.t("Language"), exact=True).select_option(value="auto")
    dialog.get_by_role("button", name=german.t("Save"), exact=True).click()
    expect(solo.page.locator("html")).to_have_attribute("lang", "en")
    solo.wait_ready()
    expect(solo.history_rows).to_have_count(1)
    assert stored_settings(solo.page).language == "auto"


@pytest.mark.parametrize(("scheme", "size"), [(scheme, size) for scheme in ("light", "dark") for size in VIEWPORTS], ids="-".join)
def test_axe_finds_nothing_in_the_dialog(worker_solo, scheme, size):
    solo = worker_solo
    solo.page.emulate_media(color_scheme=scheme)
    solo.page.set_viewport_size(VIEWPORTS[size])
    solo.open(f"{PAGE}?seed={SEED}")
    audit = Audit(solo.page)
    dialog = open_settings(solo)
    audit.check("Settings")
    dialog.get_by_label("Preset").select_option("Super")
    expect(dialog.get_by_label("Pegs", exact=True)).to_have_value("5")
    dialog.get_by_label("Guesses", exact=True).fill("0")
    dialog.get_by_role("button", name="Save").click()
    expect(dialog.locator("#guesses-error")).to_have_text(refusal(guesses="0")["guesses"])
    audit.check("Settings, a value refused")
    report = json.dumps(audit.found, indent=1)
    assert audit.found == {}, f"axe-core found WCAG 2.2 A/AA violations on {scheme}/{size}:\n{report}"
