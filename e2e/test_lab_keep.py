"""The Lab's keep section in a real Chromium, used as a person would: a strategy typed, named,
saved, scored into the League, kept for the next visit, exported and imported back; shared by link and
opened without running or saving; a changed link refused with a sentence. Run with ``-n 1``: each
test starts the Lab's own Pyodide worker."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from .test_lab import BOOT_TIMEOUT_MS, FIRST_POSSIBLE, RUN_TIMEOUT_MS, Lab, terminal_mean


@pytest.fixture
def lab(solo) -> Lab:
    return Lab(solo).open()


def started(page) -> None:
    """Wait until the Lab's worker has started, so leaving the page cuts no download short."""
    expect(page.locator("#lab")).to_have_attribute("data-worker", "ready", timeout=BOOT_TIMEOUT_MS)


def keep(lab: Lab, name: str) -> None:
    """Type the strategy's name, then press Save strategy."""
    field = lab.page.get_by_label("Strategy name", exact=True)
    field.click()
    lab.page.keyboard.press("ControlOrMeta+a")
    lab.page.keyboard.type(name)
    lab.button("Save strategy").click()


def league(lab: Lab):
    return lab.page.get_by_role("table", name="League")


def test_a_strategy_is_saved_scored_kept_across_a_reload_exported_and_imported(lab, tmp_path):
    lab.type_strategy(FIRST_POSSIBLE)
    keep(lab, "First possible")
    expect(lab.status).to_have_text("Saved First possible.")
    row = league(lab).get_by_role("row").filter(has_text="First possible")
    expect(row).to_have_text(re.compile(r"First possible\s*–\s*–"))  # not scored yet
    lab.run()
    lab.finished()
    mean = terminal_mean(tmp_path, FIRST_POSSIBLE)
    expect(row).to_contain_text(mean)  # the run's score, kept with the saved strategy
    expect(league(lab).get_by_role("row").filter(has_text="HAL9000")).to_contain_text(
        re.compile(r"HAL9000\s*4\.\d{3}"), timeout=RUN_TIMEOUT_MS)
    lab.game.open("?mode=solo")  # Export and Import are in Settings, on the Solo board
    lab.game.choose("Settings")
    settings = lab.page.get_by_role("dialog", name="Settings")
    with lab.page.expect_download() as waiting:
        settings.get_by_role("button", name="Export data").click()
    exported = json.loads(waiting.value.path().read_text())
    assert exported["version"] == 5
    [saved] = exported["data"]["mastermind:strategies"]
    assert (saved["name"], saved["source"]) == ("First possible", FIRST_POSSIBLE)
    assert round(saved["scores"][0]["mean"], 3) == float(mean) and saved["scores"][0]["secrets"] == "all"

    settings.get_by_role("button", name="Cancel").click()
    lab.page.evaluate("localStorage.clear()")  # another browser, say
    lab.game.reload()
    assert lab.page.evaluate("localStorage.getItem('mastermind:strategies')") is None
    lab.game.choose("Settings")
    settings.get_by_label("Import data").set_input_files(
        files=[{"name": "backup.json", "mimeType": "application/json", "buffer": json.dumps(exported).encode()}])
    preview = lab.page.get_by_role("dialog", name="Import preview")
    expect(preview).to_contain_text("Strategies: 1 strategy will replace 0 strategies.")
    preview.get_by_role("button", name="Replace my data").click()
    expect(preview).to_be_hidden()
    lab.open()  # a new visit: the saved strategy and its score are there, imported
    expect(league(lab).get_by_role("row").filter(has_text="First possible")).to_contain_text(mean)
    lab.run()  # the starter (the editor's text on a new visit): the worker is left idle, not cut off while it starts
    lab.finished()
    expect(league(lab).get_by_role("row").filter(has_text="First possible")).to_contain_text(mean)


def test_a_name_is_asked_for_and_a_computer_players_is_refused(lab):
    lab.button("Save strategy").click()
    field = lab.page.get_by_label("Strategy name", exact=True)
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(lab.page.locator("#lab-name-error")).to_have_text("Enter a name.")
    keep(lab, "viki")
    expect(lab.page.locator("#lab-name-error")).to_have_text("VIKI is a computer player's name; give the strategy another.")
    expect(league(lab).get_by_role("row")).to_have_count(3)  # the heading, HAL9000 and VIKI: nothing saved
    started(lab.page)


def test_a_shared_link_opens_the_strategy_named_neither_run_nor_saved(lab, context):
    hostile = FIRST_POSSIBLE + "\nimport js\njs.postMessage('ran')\n"
    lab.type_strategy(hostile)
    lab.page.get_by_label("Strategy name", exact=True).fill("Sent <b>to you</b>")
    lab.button("Share strategy").click()
    link = lab.page.get_by_label("Link to this strategy", exact=True)
    expect(link).to_have_value(re.compile(r"\?mode=lab&strategy=[A-Za-z0-9_-]+$"))
    expect(league(lab)).not_to_contain_text("Sent")  # sharing saves nothing

    other = context.new_page()
    other.goto(link.input_value())
    opened = Lab.__new__(Lab)
    opened.page = other
    expect(other.get_by_role("heading", name="Lab", exact=True)).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(opened.model).to_have_value(hostile)  # the textarea the code editor mirrors
    expect(other.get_by_label("Strategy name", exact=True)).to_have_value("Sent <b>to you</b>")  # text, never markup
    expect(opened.status).to_have_text("Opened Sent <b>to you</b> from a link: none of it runs until you press Run.")
    expect(opened.button("Run")).to_be_enabled()
    expect(opened.score.locator(".figures li")).to_have_count(0)  # nothing scored: nothing ran
    expect(other.get_by_role("progressbar", name="Scoring")).to_be_hidden()
    expect(other.get_by_role("table", name="League")).not_to_contain_text("Sent")  # not saved until Save
    assert other.url.endswith("/") or "strategy=" not in other.url  # the address is the plain page again
    started(other)
    started(lab.page)


def test_a_changed_link_is_refused_with_a_sentence(lab):
    started(lab.page)
    lab.page.goto(lab.game.base_url + "?mode=lab&strategy=AAAAAAAAAAAAAAAAAAAA")
    expect(lab.page.get_by_role("heading", name="Lab", exact=True)).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect(lab.status).to_have_text("This strategy link was changed or cut short after it was made; ask for the link again.")
    expect(lab.model).to_have_value(re.compile("def guess"), timeout=BOOT_TIMEOUT_MS)  # the starter instead
    started(lab.page)
