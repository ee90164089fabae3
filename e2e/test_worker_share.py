"""Sharing and the player's data on the Solo screen whose Python runs in a worker (``solo.html``:
MicroPython draws, the session decides), played as a person plays: a challenge link made, played
in another browser and its reply link brought back; altered links refused; Share through the
clipboard; export then import; damaged files refused with nothing lost; an import in another
language; and the accessibility gate over the dialogs and panels these draw.

The older tests of these features play this page too with ``MASTERMIND_SOLO_PAGE=solo.html``.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import re

import pytest
from playwright.sync_api import expect

from mastermind import Code, CodeError, Config, Game
from mastermind.challenge import Challenge
from mastermind.page import backup, storage
from mastermind.page.challenge_words import LINK_COPIED, challenge_made, code_refusal, reply_link
from mastermind.page.records import IMPORTED_SAY, KEPT_WORDS
from mastermind.page.state import Settings
from mastermind.page.stats import record_key

from .conftest import BOOT_TIMEOUT_MS, catalog
from .test_accessibility import audit  # noqa: F401 (the gate's fixture: light and dark, desktop and phone)

PAGE = "solo.html"
SEED = 2024
CLIPBOARD = ["clipboard-read", "clipboard-write"]
REPLY_SAID = "Reply link for the challenge maker: "


def opened(solo, query: str = ""):
    """`solo` on this page at `query`, ready to play (How to play closed on a first visit)."""
    solo.page.set_default_timeout(30_000)
    solo.page.goto(solo.base_url + PAGE + query)
    return solo.wait_ready()


def refusal(code: str) -> str:
    """What the page says of `code` as a challenge of the default rules."""
    try:
        Code.parse(code, Config())
    except CodeError as error:
        return code_refusal(error)
    raise AssertionError(f"{code} is a code")


def settings_data(solo):
    """Open Settings as a person does: the dialog and its Your data section."""
    solo.choose("Settings")
    dialog = solo.page.get_by_role("dialog", name="Settings")
    expect(dialog).to_be_visible()
    return dialog, dialog.get_by_role("region", name="Your data")


def stored(solo) -> dict[str, str]:
    return solo.page.evaluate("Object.fromEntries(Object.entries(localStorage))")


def test_a_challenge_is_made_played_in_another_browser_and_its_reply_comes_back(browser, site_url, make_solo):
    maker_context = browser.new_context(permissions=CLIPBOARD)
    friend_context = browser.new_context(permissions=CLIPBOARD)
    try:
        maker = opened(make_solo(maker_context.new_page(), site_url))
        maker.choose("Challenge a friend")
        dialog = maker.page.get_by_role("dialog", name="Challenge a friend")
        code = dialog.get_by_label("Code to break")
        expect(code).to_be_focused()
        maker.page.keyboard.type("rgbx")
        maker.page.keyboard.press("Enter")  # Create link, by the form's key
        expect(dialog).to_contain_text(refusal("RGBX"))
        expect(code).to_have_attribute("aria-invalid", "true")
        expect(code).to_be_focused()
        expect(dialog.get_by_label("Challenge link")).to_be_hidden()

        code.fill("y g b r")
        dialog.get_by_role("button", name="Create link").click()
        challenge = Challenge.make(Config(), "YGBR")
        link = dialog.get_by_label("Challenge link")
        expect(link).to_have_value(f"{site_url}{PAGE}?challenge={challenge.token}")
        expect(link).to_be_focused()
        expect(code).to_have_attribute("aria-invalid", "false")
        expect(dialog).to_contain_text(challenge_made(challenge))
        dialog.get_by_role("button", name="Copy link").click()
        expect(dialog).to_contain_text(LINK_COPIED)
        url = maker.page.evaluate("navigator.clipboard.readText()")
        assert url == link.input_value()
        maker.page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()

        friend = opened(make_solo(friend_context.new_page(), site_url), url.removeprefix(site_url + PAGE))
        expect(friend.status).to_contain_text(f"Challenge {challenge.name}")
        friend.type_guess("RRGG")
        friend.type_guess("YGBR")
        expect(friend.status).to_contain_text("You win")
        friend.close_statistics()
        friend.button("Share").click()
        expect(friend.status).to_contain_text("copied to the clipboard")
        shared = friend.page.evaluate("navigator.clipboard.readText()")
        expect(friend.page.get_by_label("Your result, to copy")).to_have_value(shared)
        lines = shared.splitlines()
        assert lines[0] == f"Mastermind challenge {challenge.name}: 2/12" and "YGBR" not in shared
        reply = lines[-1].removeprefix(REPLY_SAID)
        assert lines[-1].startswith(REPLY_SAID) and reply.startswith(f"{site_url}{PAGE}?reply=")

        maker.page.goto(reply)
        maker.wait_ready()
        panel = maker.page.get_by_role("region", name="Reply")
        expect(panel).to_contain_text(f"A friend's reply to your challenge {challenge.name}: broken in 2 guesses of 12.")
        grid = lines[1:-1]
        assert len(grid) == 2  # a row of marks per guess, between the title and the reply link
        expect(maker.page.locator("#reply-grid")).to_have_text("\n".join(grid))  # the friend's own grid
        expect(panel).to_contain_text(f"You have not played challenge {challenge.name} in this browser.")

        token = reply.rpartition("=")[2]
        maker.page.goto(f"{site_url}{PAGE}?reply={token[:5]}{'B' if token[5] != 'B' else 'C'}{token[6:]}")
        maker.wait_ready()
        expect(panel).to_have_text("This reply link was changed or cut short after it was made; ask for the link again.")
        maker.type_guess("RGBY")  # the maker's own game goes on
        expect(maker.history_rows).to_have_count(1)
        assert maker.problems() == [] and friend.problems() == []
    finally:
        maker_context.close()
        friend_context.close()


@pytest.mark.parametrize("change", ["one letter", "cut short"])
def test_an_altered_challenge_link_is_refused_and_solo_plays_on(worker_solo, change):
    token = Challenge.make(Config(), "RGBY").token
    altered = token[:-3] + ("A" if token[-3] != "A" else "B") + token[-2:] if change == "one letter" else token[:10]
    solo = opened(worker_solo, f"?challenge={altered}")
    expect(solo.status).to_contain_text("This challenge link")
    expect(solo.page.get_by_role("dialog", name="How to play")).to_be_hidden()
    solo.type_guess("RGBY")
    expect(solo.history_rows).to_have_count(1)
    expect(solo.status).not_to_contain_text("Challenge")


def test_share_without_a_clipboard_shows_the_text_selected_and_the_other_form_shares_again(worker_solo):
    solo = opened(worker_solo, f"?seed={SEED}")
    solo.page.evaluate("""() => {
        delete Navigator.prototype.share;
        navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
    }""")
    secret = str(Game(seed=SEED).secret)
    solo.type_guess(secret)
    expect(solo.status).to_contain_text("You win")
    solo.close_statistics()
    solo.button("Share").click()
    expect(solo.status).to_contain_text("refused the clipboard")
    text = solo.page.get_by_label("Your result, to copy")
    expect(text).to_have_value(re.compile(r"^Mastermind Solo: 1/12\n"))
    assert solo.page.evaluate("(() => { const f = document.querySelector('#share-text'); return f.selectionEnd - f.selectionStart })()") \
        == len(text.input_value())
    solo.page.get_by_label("Text, a line per guess").check()  # the other form, shared at once
    expect(text).to_have_value(re.compile(r"^Mastermind Solo: broken in 1 guess of 12\.\n1: 4 black, 0 white$"))
    solo.button("New game").click()
    expect(solo.page.locator("#share-box")).to_be_hidden()


@pytest.fixture
def worker_solo(solo):
    solo.page.set_default_timeout(30_000)
    return solo


def test_export_then_import_brings_the_game_and_the_statistics_back(worker_solo, tmp_path):
    solo = opened(worker_solo, f"?seed={SEED}")
    secret = Game(seed=SEED).secret
    guesses = [str(code) for code in Code.all(Config()) if code != secret][::211][:2]
    for guess in guesses:
        solo.type_guess(guess)
    expect(solo.history_rows).to_have_count(2)
    dialog, data = settings_data(solo)
    # A browser profile kept between tests may have granted this site persistent storage already.
    kept = "granted" if solo.page.evaluate("navigator.storage.persisted()") else "unasked"
    expect(data).to_contain_text(KEPT_WORDS[kept])
    with solo.page.expect_download() as waiting:
        data.get_by_role("button", name="Export data").click()
    name = waiting.value.suggested_filename
    assert re.fullmatch(r"mastermind-data-\d{4}-\d\d-\d\d\.json", name)
    expect(data).to_contain_text(f"Your data were saved as {name}.")
    path = tmp_path / name
    waiting.value.save_as(path)
    kept = json.loads(path.read_text())["data"][storage.SOLO.key]
    assert kept["guesses"] == guesses and str(secret) not in json.dumps(kept)
    dialog.get_by_role("button", name="Cancel").click()

    solo.button("New game").click()
    solo.page.get_by_role("dialog", name="Leave this game?").get_by_role("button", name="Yes, abandon").click()
    expect(solo.history_rows).to_have_count(0)
    lost = json.loads(stored(solo)[storage.RECORDS.key])["data"][record_key("solo", Config())]
    assert lost["played"] == 1 and lost["won"] == 0  # the game left counts as a loss

    dialog, data = settings_data(solo)
    data.get_by_label("Import data").set_input_files(str(path))
    preview = solo.page.get_by_role("dialog", name="Import preview")
    expect(preview).to_be_visible()
    expect(preview.get_by_role("listitem").first).to_be_visible()
    expect(preview.get_by_role("button", name="Cancel")).to_be_focused()  # Enter keeps the data as it is
    preview.get_by_role("button", name="Replace my data").click()
    expect(preview).to_be_hidden()
    expect(dialog).to_be_hidden()
    expect(solo.status).to_contain_text(IMPORTED_SAY)
    expect(solo.history_rows).to_have_count(2)
    back = json.loads(stored(solo)[storage.RECORDS.key])["data"].get(record_key("solo", Config()))
    assert back is None or back["played"] == 0  # the statistics as exported: the loss is gone
    solo.reload()
    expect(solo.history_rows).to_have_count(2)
    solo.type_guess(str(secret))
    expect(solo.status).to_contain_text("You win")


def test_damaged_files_are_refused_with_their_reason_and_nothing_is_lost(worker_solo, tmp_path):
    solo = opened(worker_solo, f"?seed={SEED}")
    solo.type_guess("RRGG")
    expect(solo.history_rows).to_have_count(1)
    before = stored(solo)
    key = record_key("solo", Config())
    damaged = {"format": "mastermind-backup", "version": storage.VERSION, "exported": "2026-11-27T10:04:00",
               "data": {storage.RECORDS.key: {key: {"played": 3, "won": 3, "current_streak": 3, "best_streak": 3,
                                                     "distribution": {"1000000000": 3}}}}}
    files = {
        "damaged.json": (json.dumps(damaged).encode(), f"the record {key!r}); nothing was imported."),
        "not-json.json": (b"{not json", "it is not valid JSON."),
        "latin-1.json": ('{"format": "mastermind-backup", "name": "Zoë"}'.encode("latin-1"), "the file could not be read."),
    }
    dialog, data = settings_data(solo)
    for name, (content, reason) in files.items():
        path = tmp_path / name
        path.write_bytes(content)
        data.get_by_label("Import data").set_input_files(str(path))
        expect(data).to_contain_text(re.compile(r"Import refused: .*" + re.escape(reason)))
        expect(solo.page.get_by_role("dialog", name="Import preview")).to_be_hidden()
        assert stored(solo) == before, name
    dialog.get_by_role("button", name="Cancel").click()
    expect(solo.history_rows).to_have_count(1)
    solo.type_guess("GGBB")
    expect(solo.history_rows).to_have_count(2)


def test_an_import_in_another_language_loads_the_page_again_in_it(worker_solo, tmp_path):
    solo = opened(worker_solo, f"?seed={SEED}")
    french = catalog("fr")
    values = {storage.SETTINGS.key: dataclasses.replace(Settings(), language="fr")}
    path = tmp_path / "french.json"
    path.write_text(backup.export(values, dt.datetime(2026, 11, 27, 10, 4)), encoding="utf-8")
    _dialog, data = settings_data(solo)
    data.get_by_label("Import data").set_input_files(str(path))
    solo.page.get_by_role("dialog", name="Import preview").get_by_role("button", name="Replace my data").click()
    expect(solo.page.locator("html")).to_have_attribute("lang", "fr")
    solo.words, solo.t = french, french.gettext
    solo.started()
    expect(solo.status).to_contain_text(french.gettext(IMPORTED_SAY), timeout=BOOT_TIMEOUT_MS)  # said by the worker started again
    solo.type_guess("RGBY")
    expect(solo.history_rows).to_have_count(1)
    solo.reload()  # said once: a later load is no import
    expect(solo.history_rows).to_have_count(1)
    expect(solo.status).not_to_contain_text(french.gettext(IMPORTED_SAY))


def test_the_challenge_dialog_the_share_box_a_reply_and_the_import_preview_pass_the_gate(worker_solo, audit, tmp_path):  # noqa: F811 (the gate's fixture)
    solo = opened(worker_solo, f"?seed={SEED}")
    solo.choose("Challenge a friend")
    dialog = solo.page.get_by_role("dialog", name="Challenge a friend")
    dialog.get_by_label("Code to break").fill("RGBX")
    dialog.get_by_role("button", name="Create link").click()
    expect(dialog).to_contain_text(refusal("RGBX"))
    audit.check("worker page, Challenge a friend, a code refused")
    dialog.get_by_role("button", name="Random code").click()
    expect(dialog.get_by_label("Code to break")).to_have_value(re.compile(r"^[BGOPRY]{4}$"))  # drawn, as a person sees it
    dialog.get_by_role("button", name="Create link").click()
    expect(dialog.get_by_label("Challenge link")).to_be_visible()
    audit.check("worker page, Challenge a friend, a link made")
    solo.page.keyboard.press("Escape")

    solo.type_guess(str(Game(seed=SEED).secret))
    expect(solo.status).to_contain_text("You win")
    solo.close_statistics()
    solo.button("Share").click()
    expect(solo.page.get_by_label("Your result, to copy")).to_be_visible()
    audit.check("worker page, the share box")

    path = tmp_path / "backup.json"
    path.write_text(json.dumps({"format": "mastermind-backup", "version": storage.VERSION, "exported": "2026-11-23T10:00:00",
                                "data": {storage.REGISTRY.key: {"version": 1, "users": [{"name": "Ann", "points": 3}]}}}))
    settings, data = settings_data(solo)
    data.get_by_label("Import data").set_input_files(str(path))
    preview = solo.page.get_by_role("dialog", name="Import preview")
    expect(preview).to_be_visible()
    audit.check("worker page, Import preview")
    preview.get_by_role("button", name="Cancel").click()
    settings.get_by_role("button", name="Cancel").click()

    challenge = Challenge.make(Config(), "RGBY")
    friend = challenge.game()
    friend.guess("RGBY")
    link = reply_link(solo.base_url + PAGE, challenge, friend)
    assert link is not None
    solo.page.goto(link.removeprefix(REPLY_SAID))
    solo.wait_ready()
    expect(solo.page.get_by_role("region", name="Reply")).to_be_visible()
    audit.check("worker page, a reply")
