"""The accessibility gate: axe-core (pinned in package-lock.json) over every screen and dialog of
the page, light and dark, on a desktop and on a 360 px phone: zero WCAG 2.2 A/AA violations.

axe is injected by the test through the DevTools protocol (which the page's CSP does not govern),
never shipped with the site. Each tour collects every screen's violations and fails once at the
end, naming them all.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from mastermind import Code, Config, Duel, Game, feedback
from mastermind.challenge import Challenge, Reply
from mastermind.hard import contradiction
from mastermind.page.daily import daily_game

BOOT_TIMEOUT_MS = 60_000
ENGINE_TIMEOUT_MS = 60_000
"""How long an answer of the engine may take (HAL9000's first move, a hint, a review): seconds on a
loaded machine, where the default five left the audit waiting on the worker, not on the page."""

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
SEED = 2024

VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 360, "height": 740}}


class Audit:
    """axe-core runs on one page; `check` records what each screen violates."""

    def __init__(self, page) -> None:
        self.page = page
        self.source = AXE.read_text(encoding="utf-8")
        self.found: dict[str, list[str]] = {}
        self.screens: list[str] = []

    def check(self, screen: str) -> None:
        if not self.page.evaluate("typeof window.axe === 'object'"):  # again after a reload
            self.page.evaluate(self.source)
        violations = self.page.evaluate(
            """async (tags) => {
                const result = await axe.run(document, {runOnly: {type: "tag", values: tags}});
                window.axeIncomplete = result.incomplete.map((rule) => `${rule.id}: ${rule.nodes.length}`);
                return result.violations.flatMap((rule) => rule.nodes.map((node) =>
                    `${rule.id} (${rule.impact}): ${node.target.join(" ")}: ${node.failureSummary.replace(/\\s+/g, " ")}`));
            }""",
            TAGS,
        )
        self.screens.append(screen)
        if violations:
            self.found[screen] = violations


@pytest.fixture(params=[(scheme, size) for scheme in ("light", "dark") for size in VIEWPORTS], ids="-".join)
def audit(request, solo):
    scheme, size = request.param
    solo.page.set_viewport_size(VIEWPORTS[size])
    solo.page.emulate_media(color_scheme=scheme)
    checked = Audit(solo.page)
    yield checked
    assert solo.page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")
    assert solo.page.evaluate("innerWidth") == VIEWPORTS[size]["width"]
    report = json.dumps(checked.found, indent=1)
    assert checked.found == {}, f"axe-core found WCAG 2.2 A/AA violations on {scheme}/{size}:\n{report}"


def open_dialog(solo, button: str, name: str | None = None):
    solo.choose(button)
    dialog = solo.page.get_by_role("dialog", name=name or button)
    expect(dialog).to_be_visible()
    return dialog


def close_dialog(solo, dialog) -> None:
    solo.page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


def test_solo_screens_and_dialogs(solo, audit):
    solo.page.goto(solo.base_url + f"?seed={SEED}", wait_until="domcontentloaded")
    audit.check("loading")
    solo.wait_ready()
    audit.check("solo, new game")
    secret = str(Game(seed=SEED).secret)
    solo.type_guess("BBGG" if secret != "BBGG" else "GGBB")
    expect(solo.history_rows).to_have_count(1)
    solo.page.keyboard.press("r")  # a peg placed in the current guess
    audit.check("solo, playing")
    solo.page.keyboard.press("Backspace")

    leave = open_dialog(solo, "New game", "Leave this game?")  # a game in progress is never dropped unasked
    audit.check("Leave this game?")
    leave.get_by_role("button", name="Keep playing").click()
    expect(leave).to_be_hidden()

    settings = open_dialog(solo, "Settings")
    audit.check("Settings")
    settings.get_by_label("Pegs").fill("12")
    settings.get_by_role("button", name="Save").click()
    expect(settings.locator("#pegs-error")).not_to_have_text("")
    audit.check("Settings, a value refused")
    backup = {
        "format": "mastermind-backup", "version": 2, "exported": "2026-11-23T10:00:00",
        "data": {"mastermind:registry": {"version": 1, "users": [{"name": "Ann", "points": 3}]}},
    }
    settings.get_by_label("Import data").set_input_files(
        files=[{"name": "backup.json", "mimeType": "application/json", "buffer": json.dumps(backup).encode()}])
    preview = solo.page.get_by_role("dialog", name="Import preview")
    expect(preview).to_be_visible()
    audit.check("Import preview")
    preview.get_by_role("button", name="Cancel").click()
    expect(preview).to_be_hidden()
    settings.get_by_role("button", name="Cancel").click()
    expect(settings).to_be_hidden()

    for name in ("Statistics", "How to play"):
        dialog = open_dialog(solo, name)
        audit.check(name)
        close_dialog(solo, dialog)

    solo.click_guess(secret)
    expect(solo.status).to_contain_text("You win")
    stats = solo.page.get_by_role("dialog", name="Statistics")  # open by itself at the end
    expect(stats).to_be_visible()
    audit.check("Statistics after a game")
    close_dialog(solo, stats)
    audit.check("solo, finished game")  # the end actions by the board

    solo.open_menu()
    audit.check("the menu open")
    solo.page.keyboard.press("Escape")
    solo.choose("Daily challenge")
    expect(solo.status).to_contain_text(dt.date.today().isoformat()[:4])
    audit.check("Daily challenge")


def test_the_solo_screen_whose_python_runs_in_a_worker(solo, audit):
    """The site's page (MicroPython draws, the session runs in a worker), checked while it loads too."""
    solo.page.goto(solo.base_url + f"?seed={SEED}", wait_until="domcontentloaded")
    audit.check("worker page, loading")
    solo.wait_ready()
    audit.check("worker page, new game")
    secret = str(Game(seed=SEED).secret)
    solo.type_guess("BBGG" if secret != "BBGG" else "GGBB")
    expect(solo.history_rows).to_have_count(1)
    solo.page.keyboard.press("r")
    audit.check("worker page, playing")
    leave = open_dialog(solo, "New game", "Leave this game?")
    audit.check("worker page, Leave this game?")
    leave.get_by_role("button", name="Keep playing").click()
    expect(leave).to_be_hidden()
    solo.page.keyboard.press("Backspace")
    help_dialog = open_dialog(solo, "How to play")
    audit.check("worker page, How to play")
    close_dialog(solo, help_dialog)
    solo.type_guess(secret)
    expect(solo.status).to_contain_text("You win")
    stats = solo.page.get_by_role("dialog", name="Statistics")  # opens by itself at the end
    expect(stats.get_by_role("radio", checked=True)).to_be_focused()
    audit.check("worker page, Statistics")
    close_dialog(solo, stats)
    audit.check("worker page, finished game")
    solo.open_menu()
    audit.check("worker page, the menu open")


def compose(page, letters: str, config, action: str) -> None:
    palette = page.get_by_role("group", name="Palette")
    for letter in letters:
        palette.get_by_role("button", name=config.color(letter).name, exact=True).click()
    page.get_by_role("button", name=action, exact=True).click()


def test_mode_screens_and_the_duel_hand_over(solo, audit):
    page = solo.page

    def heading(name: str):
        return page.get_by_role("heading", name=name, exact=True)

    page.goto(solo.base_url + "?mode=computer")
    expect(heading("Computer breaks your code")).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    audit.check("Computer breaks your code, setup")
    solo.button("Start").click()
    compose(page, "RBYR", Game().config, "Set secret")
    expect(page.get_by_role("table", name="History").locator("tbody").get_by_role("row").first).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    audit.check("Computer breaks your code, playing")
    for mode in ("Race", "Tournament", "Duel"):
        solo.choose(mode)
        expect(heading(mode)).to_be_visible()
        audit.check(f"{mode}, setup")
        if mode == "Tournament":
            page.get_by_label("New user name", exact=True).fill("Ann")
            solo.button("Register").click()
            expect(page.get_by_role("table", name="Score board").locator("tbody").get_by_role("row")).to_have_count(1)
            audit.check("Tournament, a user registered")

    page.get_by_label("Player 1 name", exact=True).fill("Ann")
    page.get_by_label("Player 2 name", exact=True).fill("")
    solo.button("Start").click()
    expect(page.get_by_label("Player 2 name", exact=True)).to_have_attribute("aria-invalid", "true")
    audit.check("Duel, a name refused")
    page.get_by_label("Player 2 name", exact=True).fill("Bob")
    solo.button("Start").click()
    expect(heading("Ann sets the code for Bob")).to_be_visible()
    audit.check("Duel, setting a secret")
    compose(page, "RGBP", Duel(["Ann", "Bob"], 2).config, "Set secret")
    expect(heading("Hand over to Bob")).to_be_visible()
    audit.check("Duel, hand-over")
    solo.button("Ready").click()
    expect(heading("Bob breaks Ann's code")).to_be_visible()
    audit.check("Duel, breaking")


def test_the_gate_sees_a_violation(solo):
    """The gate can fail: an unnamed button is reported."""
    solo.open()
    solo.page.evaluate("document.querySelector('#submit').textContent = ''")
    audit = Audit(solo.page)
    audit.check("unnamed Submit")
    assert any(line.startswith("button-name") for line in audit.found["unnamed Submit"])


def test_the_review_of_a_game_without_assist_and_a_reply(solo, audit):
    solo.open(f"?seed={SEED}")
    secret = str(Game(seed=SEED).secret)
    solo.type_guess("RRGG" if secret != "RRGG" else "BBOO")
    solo.type_guess(secret)
    expect(solo.status).to_contain_text("You win")
    solo.close_statistics()  # it opens by itself at the end of a game
    solo.button("Review").click()
    expect(solo.page.get_by_role("table", name="Review")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    audit.check("Solo, the review of a game played without assist")

    challenge = Challenge.make(Config(), "RGBY")
    reply = Reply(challenge.name, 4, 12, ((1, 1), (4, 0)))
    solo.page.goto(solo.base_url + f"?reply={reply.token}")
    solo.wait_ready()
    expect(solo.page.get_by_role("region", name="Reply")).to_be_visible()
    audit.check("Solo, a friend's reply shown")

    solo.open(f"?challenge={challenge.token}")  # the challenge played here too: the reply stands beside it
    for guess in ("RRGG", "RGBY"):
        solo.type_guess(guess)
    expect(solo.status).to_contain_text("You win")
    solo.close_statistics()
    solo.page.goto(solo.base_url + f"?reply={reply.token}")
    solo.wait_ready()
    expect(solo.page.locator("#reply-own")).to_have_text("Your game: broken in 2 guesses of 12.")
    expect(solo.page.locator("#reply-own-grid")).to_be_visible()
    audit.check("Solo, a friend's reply beside your own game of that challenge")


def test_solver_assist_review_and_a_data_notice(solo, audit):
    solo.page.goto(solo.base_url + f"?seed={SEED}")
    solo.wait_ready()
    settings = open_dialog(solo, "Settings")
    settings.get_by_label("Solver assist").check()
    settings.get_by_role("button", name="Save").click()
    expect(solo.button("Hint")).to_be_visible()
    solo.button("Hint").click()
    expect(solo.status).to_contain_text("Hint:", timeout=ENGINE_TIMEOUT_MS)
    audit.check("Solo with solver assist, a hint")
    solo.button("Submit guess").click()
    expect(solo.history_rows).to_have_count(1)
    secret = str(Game(seed=SEED).secret)
    if not solo.page.get_by_role("table", name="Review").is_visible():
        solo.click_guess(secret)
    expect(solo.page.get_by_role("table", name="Review")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    audit.check("Solo with solver assist, the review")

    solo.page.evaluate("localStorage.setItem('mastermind:records', '{broken')")
    solo.reload()
    expect(solo.page.get_by_role("region", name="Data notice")).to_be_visible()
    audit.check("Data notice")


def test_hard_mode_presets_copied_guesses_challenge_links_and_earlier_days(solo, audit):
    page = solo.page
    page.goto(solo.base_url + f"?seed={SEED}")
    solo.wait_ready()
    settings = open_dialog(solo, "Settings")
    settings.get_by_label("Preset").select_option("Super")
    expect(settings.get_by_label("Pegs", exact=True)).to_have_value("5")
    audit.check("Settings, a preset chosen")
    settings.get_by_label("Preset").select_option("Classic")
    settings.get_by_label("Hard mode").check()
    settings.get_by_role("button", name="Save").click()
    expect(settings).to_be_hidden()

    secret = Game(seed=SEED).secret
    first = "RRGG" if str(secret) != "RRGG" else "BBOO"
    solo.click_guess(first)
    expect(solo.history_rows).to_have_count(1)
    scored = [(Code(first), feedback(secret, first))]
    solo.click_guess(next(str(code) for code in Code.all(Config()) if contradiction(scored, code)))
    expect(solo.status).to_contain_text("Hard mode")
    audit.check("Solo, hard mode refuses a guess")
    for _ in range(4):
        page.keyboard.press("Backspace")
    solo.history_rows.nth(0).get_by_role("button", name="Use guess 1").click()
    expect(solo.status).to_contain_text(f"Guess 1 ({first})")
    audit.check("Solo, a past guess copied")

    page.evaluate("() => { navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError')) }")
    dialog = open_dialog(solo, "Challenge a friend")
    audit.check("Challenge a friend")
    code = dialog.get_by_label("Code to break")
    code.fill("RRXZ")
    dialog.get_by_role("button", name="Create link").click()
    expect(code).to_have_attribute("aria-invalid", "true")
    audit.check("Challenge a friend, a code refused")
    dialog.get_by_role("button", name="Random code").click()
    expect(code).to_have_value(re.compile(r"^[BGOPRY]{4}$"))  # drawn, as a person sees it
    dialog.get_by_role("button", name="Create link").click()
    link = dialog.get_by_label("Challenge link")
    expect(link).to_be_visible()
    audit.check("Challenge a friend, a link created")
    dialog.get_by_role("button", name="Copy link").click()
    expect(dialog).to_contain_text("refused the clipboard")
    audit.check("Challenge a friend, the clipboard refused")
    url = link.input_value()
    close_dialog(solo, dialog)

    page.goto(url)
    solo.started()
    leave = solo.page.get_by_role("dialog", name="Leave this game?")  # the Solo game in progress is asked about
    expect(leave).to_be_visible()
    leave.get_by_role("button", name="Yes, abandon").click()
    expect(solo.status).to_contain_text("Challenge")
    audit.check("Solo from a challenge link")

    solo.choose("Daily challenge")
    earlier = dt.date.today() - dt.timedelta(days=3)
    solo.open_menu()
    page.get_by_label("Day").fill(earlier.isoformat())
    solo.button("Play day").click()
    expect(solo.status).to_contain_text(f"Daily challenge of {earlier.isoformat()}")
    audit.check("An earlier daily challenge")

    solo.type_guess("RGBY" if str(daily_game(earlier).secret) != "RGBY" else "BBOO")
    solo.choose("Daily challenge")
    expect(leave).to_have_accessible_description(re.compile(r"^This daily challenge has 1 guess\."))
    audit.check("Leave this game?, asked of a daily challenge")
    leave.get_by_role("button", name="Yes, abandon").click()
    solo.open_menu()
    page.get_by_label("Day").fill(earlier.isoformat())
    solo.button("Play day").click()
    expect(solo.status).to_contain_text("you left it after 1 guess")
    audit.check("A daily challenge left, shown lost")


def test_early_input_while_python_starts(solo, audit, hold_python):
    held = hold_python(solo.page)
    with solo.page.expect_request(held.PATTERN):
        solo.page.goto(solo.base_url, wait_until="domcontentloaded")
    expect(solo.page.locator("#board")).to_have_attribute("aria-busy", "true")
    welcome = solo.page.get_by_role("dialog", name="How to play")  # a first visit: opened by the page itself
    expect(welcome).to_be_visible()
    audit.check("How to play before Python")
    solo.page.keyboard.press("Escape")
    expect(welcome).to_be_hidden()
    solo.page.keyboard.press("r")
    expect(solo.slot(1)).to_have_text("R")
    audit.check("early input, a peg echoed")
    solo.page.keyboard.press("Enter")
    expect(solo.status).to_contain_text("Scoring as soon as")
    audit.check("early input, an incomplete guess submitted")
    held.release()
    solo.wait_ready()
    expect(solo.status).to_contain_text("Incomplete guess")


def test_solve_one_screen_layout_with_marks_and_symbols(solo, audit):
    """Solve's layout of one screen: rows drawn as marks (black and white, then per slot), their
    Edit and Ignore as symbols on a phone, an ignored row, the count live in Codes left; at the
    audit's size and at 320 px."""
    page = solo.page
    size = page.viewport_size
    page.goto(solo.base_url + "?mode=solve")
    expect(page.get_by_role("heading", name="Solve", exact=True)).to_be_attached(timeout=60_000)
    left = page.get_by_role("region", name="Codes left")
    rows = page.get_by_role("table", name="Rows").locator("tbody").get_by_role("row")

    def add(guess: str, *marks: str) -> None:
        for letter in guess:
            solo.palette.get_by_role("button", name=solo.colour(letter), exact=True).click()
        labels = ["Black", "White"] if len(marks) == 2 else [f"Slot {n} feedback" for n in range(1, 5)]
        for label, mark in zip(labels, marks, strict=True):
            field = page.get_by_label(label, exact=True)
            field.select_option(mark) if len(marks) == 4 else field.fill(mark)
        page.get_by_role("button", name="Add row", exact=True).click()
        expect(left).to_have_attribute("aria-busy", "false", timeout=ENGINE_TIMEOUT_MS)

    def check(screen: str) -> None:
        for width, height in ((size["width"], size["height"]), (320, 568)):
            page.set_viewport_size({"width": width, "height": height})
            audit.check(f"{screen} at {width}")
        page.set_viewport_size(size)

    expect(left).to_have_attribute("aria-busy", "false", timeout=ENGINE_TIMEOUT_MS)
    check("solve: the first screen")
    add("RRGG", "1", "0")
    add("BBYY", "0", "")
    page.get_by_role("button", name="Ignore row 2").click()
    expect(rows).to_have_count(2)
    check("solve: marks of black and white, a row ignored")
    page.get_by_role("button", name="New game", exact=True).click()
    page.get_by_role("dialog", name="Leave this game?").get_by_role("button", name="Yes, abandon").click()
    expect(rows).to_have_count(0)
    page.get_by_label("Feedback rule", exact=True).select_option("Per slot")
    add("RGBY", "Right", "Present", "Absent", "Unknown")
    expect(rows).to_have_count(1)
    check("solve: marks per slot")


def test_the_lab_starter_scored_and_watched(solo, audit):
    """The Lab (its own screen): the starter in the editor, then a run scored, compared and a game watched."""
    from .test_lab import FIRST_POSSIBLE, Lab

    lab = Lab(solo).open()
    audit.check("lab: the starter")
    lab.type_strategy(FIRST_POSSIBLE)
    lab.run()
    lab.finished()
    lab.button("Watch").click()
    expect(lab.page.get_by_role("region", name="Watched game").locator("tbody tr").first).to_be_visible()
    audit.check("lab: scored and watched")


def test_the_lab_keep_section_and_a_saved_strategy_as_code_breaker(solo, audit):
    """The keep section with saved strategies (Saved strategy, Open, Delete and its question), a
    file refused, then a saved strategy chosen in Computer breaks your code and forfeiting."""
    from .test_lab import Lab
    from .test_lab_keep import keep, started

    lab = Lab(solo).open()
    lab.type_strategy("def guess(history, rules):\n    return 'RR'\n")
    keep(lab, "Short")
    lab.page.get_by_label("Open file", exact=True).set_input_files(
        files=[{"name": "bad.py", "mimeType": "text/x-python", "buffer": b"\xff\xfe"}])
    expect(lab.status).to_contain_text("not UTF-8")
    lab.type_strategy("def guess(history, rules):\n    return 'RRRR'\n")  # unsaved work: opening asks first
    lab.button("Open strategy").click()
    expect(lab.page.get_by_role("button", name="Keep editing", exact=True)).to_be_focused()
    audit.check("lab: the question before unsaved work is replaced")
    lab.page.keyboard.press("Enter")
    lab.button("Delete strategy").click()
    expect(lab.page.get_by_role("button", name="Keep it", exact=True)).to_be_focused()
    audit.check("lab: saved strategies, a file refused, the delete question")
    lab.page.keyboard.press("Enter")
    started(lab.page)
    solo.choose("Computer breaks your code")
    choice = solo.page.get_by_label("Computer player", exact=True)
    expect(choice.locator("option")).to_have_count(3)
    audit.check("computer: a saved strategy offered")
    choice.select_option("Short")
    solo.page.get_by_role("button", name="Start", exact=True).click()
    for key in "RBYR":
        solo.page.keyboard.press(key.lower())
    solo.page.keyboard.press("Enter")
    expect(solo.status).to_contain_text("Short gave up: Guess 1 was refused", timeout=ENGINE_TIMEOUT_MS)
    audit.check("computer: the strategy forfeited")
