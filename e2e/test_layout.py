"""The whole game on one screen: on a phone, a tablet and a laptop, at every guess, the row being
composed, the palette, its action button and the newest History row lie inside the viewport,
codes read on one line, and the page itself never scrolls. Also: Enter submits whatever the
mouse pressed last, the phone's menu is a real disclosure, and a returning player's board is
theirs from the first paint (no layout shift when Python takes over).
"""

from __future__ import annotations

import gettext
import random
import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Locator, Page, expect

from mastermind import Code, Config, Duel, Game, Race, feedback

from .conftest import catalog
from .test_languages import OVERFLOWING, overflowing
from .test_languages_play import english_left, play_round, start_tournament

SEED = 2024
PHONE = {"width": 360, "height": 640}
SIZES = {"phone": PHONE, "tablet": {"width": 768, "height": 1024}, "laptop": {"width": 1280, "height": 720}}
TAGS = ["en", "fr", "de", "es", "pt", "it", "qps"]
WIDTHS = [320, 360, 768, 1280]
HEIGHTS = {320: 568, 360: 640, 768: 1024, 1280: 720}
TWO_ROWS = 110
"""The header's height at most, in px, on a wide screen: two rows of buttons."""


SCROLL = "[scrollX, scrollY, document.documentElement.scrollHeight - innerHeight, document.documentElement.scrollWidth - innerWidth]"
"""How far the page is scrolled, and can scroll, down and sideways: all 0 on one screen."""
LINES = "(pegs) => new Set(pegs.map((peg) => Math.round(peg.getBoundingClientRect().top))).size"
"""How many lines the pegs take on screen."""


def at_width(page: Page, width: int) -> None:
    """The viewport at `width` (and the height of its screen), laid out and painted."""
    page.set_viewport_size({"width": width, "height": HEIGHTS[width]})
    page.evaluate("new Promise(requestAnimationFrame)")


def inside(page: Page, locator: Locator) -> None:
    """`locator` is wholly inside the viewport (its bounding box)."""
    box = locator.bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None, f"{locator} is not on screen"
    assert box["x"] >= 0 and box["y"] >= 0, (locator, box)
    assert box["x"] + box["width"] <= size["width"] + 0.5 and box["y"] + box["height"] <= size["height"] + 0.5, (locator, box, size)


def one_screen(page: Page, action: str, newest: Locator | None) -> None:
    """The composer, the palette, the action button and the newest History row are in view, and
    the page does not scroll (neither down nor sideways)."""
    for part in (page.get_by_role("group", name="Current guess"), page.get_by_role("group", name="Palette"),
                 page.get_by_role("button", name=action, exact=True)):
        inside(page, part)
    if newest is not None:
        inside(page, newest)
    scroll = page.evaluate(SCROLL)
    assert scroll == [0, 0, 0, 0], scroll


def lines_of_code(row: Locator) -> int:
    """How many lines the guess of a History row takes on screen."""
    return row.locator(".guess .peg").evaluate_all(LINES)


def wrong_codes(secret: Code, config: Config, count: int) -> list[str]:
    """`count` codes of `config` other than `secret`, spread over the codes: guesses that do not win."""
    return [str(code) for code in Code.all(config) if code != secret][::37][:count]


def newest_row(page: Page, order: str = "bottom") -> Locator:
    rows = page.get_by_role("table", name="History").locator("tbody").get_by_role("row")
    return rows.last if order == "bottom" else rows.first


@pytest.fixture
def sized(new_context, site_url, make_solo):
    """A Solo page in a context of the given size; a phone gets touch, as a phone has."""

    def open_page(size: dict, query: str = "", touch: bool = False):
        context = new_context(viewport=size, has_touch=touch, is_mobile=touch)
        solo = make_solo(context.new_page(), site_url)
        solo.page.set_default_timeout(15_000)
        opened.append(solo)
        if "mode=" in query:  # another mode's screen: its own heading says it is ready
            solo.page.goto(solo.base_url + query)
            return solo
        return solo.open(query)

    opened = []
    yield open_page
    assert [problem for solo in opened for problem in solo.problems()] == []


@pytest.mark.parametrize("size", SIZES, ids=str)
def test_a_whole_game_stays_on_one_screen(sized, size):
    touch = size == "phone"
    solo = sized(SIZES[size], f"?seed={SEED}", touch=touch)
    page = solo.page
    secret = Game(seed=SEED).secret
    wrong = wrong_codes(secret, Config(), 12)
    one_screen(page, "Submit guess", None)
    for number, guess in enumerate(wrong, 1):
        for letter in guess:
            button = solo.palette.get_by_role("button", name=solo.config.color(letter).name, exact=True)
            button.tap() if touch else button.click()
        submit = solo.button("Submit guess")
        submit.tap() if touch else submit.click()
        expect(solo.history_rows).to_have_count(number)
        newest = newest_row(page)
        expect(newest.get_by_role("cell").nth(1)).to_have_text(guess)
        one_screen(page, "Submit guess", newest)
        assert lines_of_code(newest) == 1
    expect(solo.status).to_contain_text("You lose")
    inside(page, solo.secret)


def test_twenty_guesses_of_six_pegs_newest_at_top_on_the_smallest_phone(sized):
    """The largest board on a 320x568 phone: 6 pegs of 10 colours, 20 guesses, newest at the top."""
    solo = sized({"width": 320, "height": 568}, f"?seed={SEED}", touch=True)
    page = solo.page
    solo.choose("Settings")
    settings = page.get_by_role("dialog", name="Settings")
    settings.get_by_label("Pegs", exact=True).fill("6")
    settings.get_by_label("Colors", exact=True).fill("10")
    settings.get_by_label("Guesses", exact=True).fill("20")
    settings.get_by_label("Board order").select_option("top")
    settings.get_by_role("button", name="Save").click()
    expect(settings).to_be_hidden()
    config = Config(pegs=6, colors=10, max_guesses=20)
    for palette_button in solo.palette.get_by_role("button").all():
        box = palette_button.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44
    for number in range(1, 21):
        # Twenty different guesses (one played already would be refused): the second ten shifted.
        guess = "".join(config.letters[(number * (index + 3) + (number > 10) * (index + 1)) % 10] for index in range(6))
        solo.type_guess(guess)
        expect(solo.history_rows).to_have_count(number)
        newest = newest_row(page, "top")
        expect(newest.get_by_role("cell").first).to_have_text(str(number))
        one_screen(page, "Submit guess", newest)
        assert lines_of_code(newest) == 1


def test_duel_and_race_turns_and_the_computers_secret_entry_stay_on_one_screen(sized):
    solo = sized(PHONE, "?mode=duel&seed=3", touch=True)
    page = solo.page

    def heading(name: str) -> Locator:
        return page.get_by_role("heading", name=name, exact=True)

    def compose(letters: str, config: Config, action: str) -> None:
        for letter in letters:
            solo.palette.get_by_role("button", name=config.color(letter).name, exact=True).tap()
        one_screen(page, action, None)
        solo.button(action).tap()

    expect(heading("Duel")).to_be_visible(timeout=60_000)
    page.get_by_label("Player 1 name", exact=True).fill("Ann")
    page.get_by_label("Player 2 name", exact=True).fill("Bob")
    solo.button("Start").tap()
    config = Duel(["Ann", "Bob"], 2).config
    compose("RGBP", config, "Set secret")
    solo.button("Ready").tap()
    expect(heading("Bob breaks Ann's code")).to_be_visible()
    for number, guess in enumerate(wrong_codes(Code("RGBP"), config, 5), 1):
        compose(guess, config, "Submit guess")
        expect(solo.history_rows).to_have_count(number)
        one_screen(page, "Submit guess", newest_row(page))
        assert lines_of_code(newest_row(page)) == 1

    solo.choose("Race")
    expect(heading("Race")).to_be_visible()
    page.get_by_label("Player 1 name", exact=True).fill("Ann")
    page.get_by_label("Player 2 name", exact=True).fill("Bob")
    page.get_by_label("Rounds", exact=True).fill("1")
    solo.button("Start").tap()
    race = Race(["Ann", "Bob"], 1, rng=random.Random(3))  # the page's match, drawn from the same seed
    config = race.config
    expect(heading("Ann breaks the code")).to_be_visible()
    for number, guess in enumerate(wrong_codes(race.attempt.secret, config, 7), 1):
        compose(guess, config, "Submit guess")
        expect(solo.history_rows).to_have_count(number)
        one_screen(page, "Submit guess", newest_row(page))

    solo.choose("Computer breaks your code")
    expect(heading("Computer breaks your code")).to_be_visible()
    solo.button("Start").tap()
    compose("RBYR", Config(), "Set secret")
    expect(solo.history_rows.first).to_be_visible()


SOLVE_SECRET = Code("OPYB")
SOLVE_GUESSES = [str(code) for code in Code.all(Config()) if code != SOLVE_SECRET][::97][:12]
"""Twelve rows of a game against a secret the test keeps: none wins, so the count goes on."""


SOLVE_IN_VIEW = f"""([parts, row, count, status]) => {{
    const outside = parts.map((part) => part.getBoundingClientRect())
        .filter((box) => !(box.left >= 0 && box.top >= 0 && box.right <= innerWidth + 0.5 && box.bottom <= innerHeight + 0.5))
        .map((box) => JSON.stringify(box));
    const lines = row ? ({LINES})([...row.querySelectorAll('.guess .peg')]) : 1;
    return {{outside, scroll: {SCROLL}, lines, count: count.innerText, status: status.innerText}};
}}"""
"""Solve's parts wholly in the viewport or not, the page's scroll, the lines the newest row's code
takes, and the count and status as shown: read in one call, at each width."""


def solve_on_one_screen(page: Page, t, newest: Locator | None) -> Callable[..., None]:
    """A check of Solve at the viewport's width: the row being entered (the composer, Black and White,
    Add row), what the engine says (the status, the count, the suggestion) and the newest row are in
    view, the page does not scroll, the newest row's code takes one line, and the count is said once
    (in Codes left, not in the status too). The parts are found once: the check runs at each width,
    naming `where` it failed."""
    count = page.get_by_role("region", name=t("Codes left")).locator(".count").element_handle()
    status = page.locator("#solve").get_by_role("status").element_handle()
    row = newest.element_handle() if newest is not None else None
    parts = [page.get_by_role("group", name=t("Current guess")), page.get_by_label(t("Black"), exact=True),
             page.get_by_label(t("White"), exact=True), page.get_by_role("button", name=t("Add row"), exact=True),
             page.get_by_role("region", name=t("Suggestion")), page.get_by_role("button", name=t("Use suggestion"), exact=True)]
    handles = [part.element_handle() for part in parts] + [count, status] + ([row] if row is not None else [])

    def check(*where: object) -> None:
        seen = page.evaluate(SOLVE_IN_VIEW, [handles, row, count, status])
        assert seen["outside"] == [], (where, seen)
        assert seen["scroll"] == [0, 0, 0, 0], (where, seen)
        assert seen["lines"] == 1, (where, seen)
        assert seen["count"] and seen["count"] not in seen["status"], (where, seen)  # said once

    return check


@pytest.mark.parametrize("tag", TAGS)
def test_solve_stays_on_one_screen_to_the_twelfth_row_in_every_language(new_context, site_url, make_solo, tag):
    """Solve at 320x568, 360x640 and 768x1024 (one touch screen turned and resized, as a phone and a
    tablet are) and at 1280x720 (a laptop), in every language: twelve rows of a game against a secret
    the test keeps, entered by touch or clicks (palette and Add row pressed) and by keys (letters
    typed, Enter in the White field), alternately, each row at another of the screen's widths; at
    every width, from the first screen to the twelfth row, the row being entered, the count, the
    suggestion and the newest row stay in view, the page never scrolls, no word is broken, and the
    count is said once (in Codes left, not in the status too)."""
    words = catalog(tag) if tag != "en" else gettext.NullTranslations()
    t = words.gettext
    for widths, touch in (([320, 360, 768], True), ([1280], False)):
        context = new_context(viewport={"width": widths[0], "height": HEIGHTS[widths[0]]}, has_touch=touch, is_mobile=touch)
        solo = make_solo(context.new_page(), site_url, words)
        page = solo.page
        page.set_default_timeout(15_000)
        page.goto(f"{site_url}?lang={tag}&mode=solve")
        expect(page.get_by_role("heading", name=t("Solve"), exact=True)).to_be_attached(timeout=60_000)
        left = page.get_by_role("region", name=t("Codes left"))
        expect(left).to_have_attribute("aria-busy", "false", timeout=60_000)  # the engine, on a loaded machine
        rows = page.get_by_role("table", name=t("Rows")).locator("tbody").get_by_role("row")

        check = solve_on_one_screen(page, t, None)
        for width in widths:
            at_width(page, width)
            check(tag, width, 0)
        for number, guess in enumerate(SOLVE_GUESSES, 1):
            at_width(page, widths[number % len(widths)])
            scored = feedback(SOLVE_SECRET, guess)
            by_keys = number % 2 == 0 and tag != "qps"  # qps's accented letters are no keys
            if by_keys:
                page.keyboard.type(solo.shown(guess).lower())
            else:
                for letter in guess:
                    button = solo.palette.get_by_role("button", name=solo.colour(letter), exact=True)
                    button.tap() if touch else button.click()
            page.get_by_label(t("Black"), exact=True).fill(str(scored.black))
            page.get_by_label(t("White"), exact=True).fill(str(scored.white))
            if by_keys:
                page.get_by_label(t("White"), exact=True).press("Enter")
            else:
                add = page.get_by_role("button", name=t("Add row"), exact=True)
                add.tap() if touch else add.click()
            expect(rows).to_have_count(number)
            expect(left).to_have_attribute("aria-busy", "false", timeout=60_000)  # the engine, on a loaded machine
            check = solve_on_one_screen(page, t, rows.last)
            for width in widths:
                at_width(page, width)
                check(tag, width, number)
        for width in widths:
            at_width(page, width)
            assert page.evaluate(LAID_OUT, "#solve") == [], (tag, width)
        assert solo.problems() == []
        context.close()


def test_enter_submits_after_mouse_clicks_and_after_new_game(solo):
    solo.open(f"?seed={SEED}")
    secret = Game(seed=SEED).secret
    guess = next(str(code) for code in Code.all(Config()) if code != secret)
    for letter in guess:
        solo.palette.get_by_role("button", name=solo.config.color(letter).name, exact=True).click()
    solo.page.keyboard.press("Enter")
    expect(solo.history_rows).to_have_count(1)
    expect(solo.history_rows.first.get_by_role("cell").nth(1)).to_have_text(guess)

    solo.button("New game").click()
    solo.page.get_by_role("dialog", name="Leave this game?").get_by_role("button", name="Yes, abandon").click()
    expect(solo.history_rows).to_have_count(0)
    expect(solo.status).to_contain_text("New game")
    solo.type_guess("RGBY")  # the keys compose and Enter submits: no second new game
    expect(solo.history_rows).to_have_count(1)
    expect(solo.history_rows.first.get_by_role("cell").nth(1)).to_have_text("RGBY")

    solo.history_rows.first.get_by_role("button", name="Use guess 1").click()
    solo.page.keyboard.press("Backspace")
    solo.page.keyboard.press("o")
    solo.page.keyboard.press("Enter")
    expect(solo.history_rows).to_have_count(2)
    expect(solo.history_rows.nth(1).get_by_role("cell").nth(1)).to_have_text("RGBO")

    # A button the keyboard reached keeps its Enter: Tab to New game, Enter starts a new game.
    solo.button("New game").focus()
    solo.page.keyboard.press("Tab")
    solo.page.keyboard.press("Shift+Tab")
    expect(solo.button("New game")).to_be_focused()
    solo.page.keyboard.press("Enter")
    leave = solo.page.get_by_role("dialog", name="Leave this game?")  # asked first: the game has guesses
    expect(leave).to_be_visible()
    leave.get_by_role("button", name="Yes, abandon").click()
    expect(solo.history_rows).to_have_count(0)


def test_enter_plays_a_duel_row_composed_with_the_mouse(solo):
    page = solo.page
    page.goto(solo.base_url + "?mode=duel")
    expect(page.get_by_role("heading", name="Duel", exact=True)).to_be_visible(timeout=60_000)
    page.get_by_label("Player 1 name", exact=True).fill("Ann")
    page.get_by_label("Player 2 name", exact=True).fill("Bob")
    solo.button("Start").click()
    config = Duel(["Ann", "Bob"], 2).config
    for letter in "RGBP":
        solo.palette.get_by_role("button", name=config.color(letter).name, exact=True).click()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Hand over to Bob")).to_be_visible()


def test_the_phone_menu_is_a_disclosure(sized):
    solo = sized(PHONE, touch=True)
    page = solo.page
    menu = solo.menu
    expect(menu).to_have_attribute("aria-expanded", "false")
    expect(solo.button("Statistics")).to_be_hidden()
    inside(page, page.get_by_role("group", name="Current guess"))
    board_top = page.locator("#board").bounding_box()["y"]
    assert board_top <= 120, board_top

    menu.click()
    expect(menu).to_have_attribute("aria-expanded", "true")
    for name in ("Daily challenge", "Play day", "Challenge a friend", "Settings", "Statistics", "How to play",
                 "Solo", "Computer breaks your code", "Duel", "Race", "Tournament"):
        expect(solo.button(name)).to_be_visible()
    expect(page.get_by_label("Day")).to_be_visible()
    page.keyboard.press("Escape")
    expect(menu).to_have_attribute("aria-expanded", "false")
    expect(menu).to_be_focused()
    expect(solo.button("Statistics")).to_be_hidden()

    menu.click()
    page.get_by_role("group", name="Palette").get_by_role("button").first.click(force=True)  # a press outside closes it
    expect(menu).to_have_attribute("aria-expanded", "false")

    solo.choose("Statistics")
    dialog = page.get_by_role("dialog", name="Statistics")
    expect(dialog).to_be_visible()
    expect(menu).to_have_attribute("aria-expanded", "false")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    solo.type_guess("RGBY")  # the keys play on
    expect(solo.history_rows).to_have_count(1)


def test_keys_typed_as_a_dialog_closes_reach_the_board(sized):
    """Chromium moves the focus out of a dialog that has closed only a task later, and a busy page
    handles input before that task: keys typed right after Escape reach the closed dialog's field
    (a full suite on two cores lost a guess typed after Statistics so). They go to the board all the
    same. The moment cannot be held from outside, so the keys are dispatched where the browser sends
    them during it: the field that still has the focus, checked first."""
    solo = sized(PHONE, touch=True)
    page = solo.page
    for rows, (name, field, guess) in enumerate((("Statistics", "input[type=radio]", "RGBY"), ("Settings", "#pegs", "YBGR")), 1):
        solo.choose(name)
        dialog = page.get_by_role("dialog", name=name)
        expect(dialog).to_be_visible()
        dialog.locator(field).first.focus()
        targets = page.evaluate("""(keys) => {
            document.querySelector('dialog[open]').close();
            const targets = [];
            for (const key of keys) {
                targets.push(document.activeElement.tagName);
                document.activeElement.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true, cancelable: true}));
            }
            return targets;
        }""", [*solo.shown(guess).lower(), "Enter"])
        assert targets == ["INPUT"] * 5, targets  # the moment the dialog's field still holds the focus
        expect(dialog).to_be_hidden()
        expect(solo.history_rows).to_have_count(rows)


LAYOUT_SHIFTS = """
window.shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.hadRecentInput) continue;
    const moved = entry.sources.map((source) => `${source.node?.id || source.node?.className || source.node?.nodeName}: `
      + `${JSON.stringify(source.previousRect)} -> ${JSON.stringify(source.currentRect)}`);
    window.shifts.push([entry.value, moved]);
  }
}).observe({type: "layout-shift", buffered: true});
"""


@pytest.mark.parametrize("width", [360, 1280])
def test_a_returning_players_board_is_theirs_from_the_first_paint(new_context, site_url, make_solo, hold_python, width):
    """A 5x8 game in progress: the first paint shows its 8 colours, 5 slots and 2 rows, and
    nothing shifts from navigation to playable (cumulative layout shift at most 0.01)."""
    context = new_context(viewport={"width": width, "height": 720}, service_workers="block")  # see conftest's Held
    solo = make_solo(context.new_page(), site_url)
    solo.page.set_default_timeout(15_000)
    solo.open()
    solo.choose("Settings")
    settings = solo.page.get_by_role("dialog", name="Settings")
    settings.get_by_label("Preset").select_option("Super")
    settings.get_by_role("button", name="Save").click()
    expect(settings).to_be_hidden()
    for guess in ("BGOPR", "YBGOP"):
        solo.type_guess(guess)
    expect(solo.history_rows).to_have_count(2)
    solo.page.goto("about:blank")  # the page is left: what it drew is kept
    assert solo.problems() == []

    context.add_init_script(LAYOUT_SHIFTS)
    back = make_solo(context.new_page(), site_url)
    back.page.set_default_timeout(15_000)
    held = hold_python(back.page)
    with back.page.expect_request(held.PATTERN):
        back.page.goto(site_url, wait_until="domcontentloaded")
    expect(back.palette.get_by_role("button")).to_have_count(8)
    expect(back.page.get_by_role("group", name="Current guess").get_by_role("button")).to_have_count(5)
    expect(back.history_rows).to_have_count(2)
    expect(back.page.locator("#board")).to_have_attribute("aria-busy", "true")
    assert back.page.evaluate("document.body.classList.contains('loading')")
    held.release()
    back.wait_ready()
    expect(back.page.locator("body")).not_to_have_class("loading")
    expect(back.history_rows).to_have_count(2)
    back.page.evaluate("new Promise(requestAnimationFrame)")
    shifts = back.page.evaluate("window.shifts")
    assert sum(value for value, _ in shifts) <= 0.01, shifts
    assert back.problems() == []


# Dialogs on a phone: long ones close from the top and by a press outside, as well as by Escape.

DIALOGS = ("How to play", "Settings", "Statistics", "Challenge a friend")


@pytest.mark.parametrize("close_by", ["top", "outside", "Escape"])
def test_every_dialog_closes_from_its_top_and_by_a_press_outside_on_a_phone(sized, close_by):
    solo = sized(PHONE, touch=True)
    page = solo.page
    for name in DIALOGS:
        solo.choose(name)
        dialog = page.get_by_role("dialog", name=name)
        expect(dialog).to_be_visible()
        page.get_by_role("heading", name=name).tap()  # a press inside keeps it open
        expect(dialog).to_be_visible()
        dialog.evaluate("dialog => { dialog.scrollTop = dialog.scrollHeight; }")  # read to the end
        close = dialog.get_by_role("button", name="Close", exact=True)
        inside(page, close)
        box = dialog.bounding_box()
        assert close.bounding_box()["y"] <= max(box["y"], 0) + 24, (name, close.bounding_box(), box)
        if close_by == "top":
            close.tap()
        elif close_by == "outside":
            page.touchscreen.tap(4, 4)  # the backdrop: the dialog keeps 12 px from each edge
        else:
            page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
    solo.type_guess("RGBY")  # the keys play on
    expect(solo.history_rows).to_have_count(1)


def test_a_press_that_begins_inside_a_dialog_and_ends_outside_keeps_it(sized):
    """Selecting the help's text with the mouse and letting go on the backdrop is no close."""
    solo = sized({"width": 1280, "height": 720})
    page = solo.page
    solo.choose("How to play")
    dialog = page.get_by_role("dialog", name="How to play")
    heading = dialog.get_by_role("heading", name="How to play").bounding_box()
    page.mouse.move(heading["x"] + 4, heading["y"] + heading["height"] / 2)
    page.mouse.down()
    page.mouse.move(4, 4)
    page.mouse.up()
    expect(dialog).to_be_visible()
    page.mouse.click(4, 4)
    expect(dialog).to_be_hidden()


@pytest.mark.parametrize("query, opens", [("", True), ("?mode=solo", False), ("?mode=duel", False), ("?seed=4", False)])
def test_how_to_play_opens_by_itself_only_on_a_first_visit_of_the_plain_address(new_context, site_url, make_solo, query, opens):
    solo = make_solo(new_context().new_page(), site_url)
    solo.page.set_default_timeout(15_000)
    solo.page.goto(site_url + query)
    if "mode=duel" in query:
        expect(solo.page.get_by_role("heading", name="Duel", exact=True)).to_be_visible(timeout=60_000)
        expect(solo.page.locator("#modes")).not_to_have_attribute("aria-busy", "true")
    else:
        solo.started()
    expect(solo.page.get_by_role("dialog", name="How to play")).to_have_count(1 if opens else 0)
    assert solo.problems() == []


# Every language at every width: the header fits, no word is broken inside, no option is cut.

BROKEN_WORDS = """(selector) => {
  const broken = [];
  for (const root of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('option, template, script, style, .cm-content') || !parent.checkVisibility({visibilityProperty: true})) continue;
      for (const match of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0.5 && rect.height > 0.5);
        const tops = rects.map((rect) => rect.top);
        if (rects.length > 1 && Math.max(...tops) - Math.min(...tops) > Math.min(...rects.map((rect) => rect.height)) / 2) {
          broken.push(`${match[0]} (${parent.tagName.toLowerCase()}.${parent.className})`);
        }
      }
    }
  }
  return broken;
}"""
"""The words under `selector` whose letters lie on two lines or more: each word's Range client rects,
one per line it takes. A word runs between spaces: a hyphenated word ("code-maker", German
"Hinweis-Knopf") is one word too, broken when it breaks at its hyphen. The Lab's code editor is
left out: a line of code wider than a phone wraps there as in any code editor, where it can."""

CUT_OPTIONS = """(selector) => {
  const probe = document.createElement('span');
  probe.style.position = 'absolute';
  probe.style.whiteSpace = 'pre';
  probe.style.visibility = 'hidden';
  document.body.append(probe);
  const cut = [];
  for (const select of document.querySelectorAll(selector)) {
    if (!select.checkVisibility()) continue;
    const style = getComputedStyle(select);
    probe.style.font = style.font;
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;  // the arrow
    for (const option of select.options) {
      probe.textContent = option.textContent;
      const width = probe.getBoundingClientRect().width;
      if (width > room) cut.push(`${select.id}: ${option.textContent} ${Math.round(width)} > ${Math.round(room)}`);
    }
  }
  probe.remove();
  return cut;
}"""
"""The options of the visible selects under `selector` whose text is wider than the select shows."""


LAID_OUT = f"""(selector) => [...({BROKEN_WORDS})(selector), ...({CUT_OPTIONS})(`${{selector}} select`),
                       ...({OVERFLOWING})(selector)]"""
"""Under `selector`: its broken words, cut options and overflowing boxes, read in one call."""


def broken_words(page: Page, selector: str = "body") -> list[str]:
    return page.evaluate(BROKEN_WORDS, selector)


def test_the_broken_word_check_catches_a_broken_word(solo):
    """The check's negative: a word forced across two lines is found, and so is a compound broken at
    its hyphen; words wrapped between them are not, nor a compound placed by the page's text setter
    (static/shell.js, which static/mpy_dom.py's place_text calls), which keeps it whole."""
    solo.open()
    page = solo.page
    page.evaluate("""() => {
        for (const [id, text, breaks] of [['whole', 'Two short words here', 'normal'], ['broken', 'Bewertungsart', 'anywhere'],
                                          ['hyphen', 'Der Hinweis-Knopf', 'normal']]) {
            const box = document.createElement('p');
            box.id = id;
            box.textContent = text;
            box.style.width = '4em';
            box.style.overflowWrap = breaks;
            document.querySelector('.play').append(box);
        }
        const kept = document.createElement('p');
        kept.id = 'kept';
        window.mastermindPlaceText(kept, 'Der Hinweis-Knopf');
        kept.style.width = '4em';
        document.querySelector('.play').append(kept);
    }""")
    assert page.locator("#whole").evaluate("box => box.getClientRects()[0].height") > 40, "the words wrap between them"
    assert broken_words(page, "#whole") == []
    assert broken_words(page, "#broken") == ["Bewertungsart (p.)"]
    assert page.locator("#hyphen").evaluate("box => box.getClientRects()[0].height") > 45, "the compound breaks at its hyphen (three lines)"
    assert broken_words(page, "#hyphen") == ["Hinweis-Knopf (p.)"]
    assert page.locator("#kept").evaluate("box => box.getClientRects()[0].height") > 40, "wrapped between its words"
    assert broken_words(page, "#kept") == []
    expect(page.locator("#kept")).to_have_text("Der Hinweis-Knopf")
    assert broken_words(page) == ["Bewertungsart (p.)", "Hinweis-Knopf (p.)"]
    laid_out = page.evaluate(LAID_OUT, ".play")  # the one-call check: the same words, and the boxes they overflow
    assert laid_out[:2] == ["Bewertungsart (p.)", "Hinweis-Knopf (p.)"]
    assert sorted(problem.split(".:")[0] for problem in laid_out[2:]) == ["p#hyphen", "p#kept"], laid_out


def header_fits(page: Page, words, width: int) -> None:
    """At most two rows (110 px) on a wide screen; one row on a phone or a tablet (Mastermind, New
    game and Menu side by side); every action and mode one press away, or two through Menu."""
    top = page.locator(".top")
    height = top.evaluate("top => top.getBoundingClientRect().height")
    parts = [box for box in top.locator(":scope > *").evaluate_all(
        "parts => parts.filter((part) => part.checkVisibility()).map((part) => part.getBoundingClientRect().toJSON())")
        if box["height"] > 0]
    if width < 1000:
        assert max(box["top"] for box in parts) < min(box["bottom"] for box in parts), ("one row", width, parts)
        assert height <= 60, (width, height)
    assert height <= TWO_ROWS, (width, height)
    menu = page.get_by_role("button", name=words.gettext("Menu"), exact=True)
    # The screen's actions and modes (a screen may leave some out): those not shown are in Menu.
    buttons = top.locator("button:not(#menu-toggle)")
    actions = buttons.evaluate_all("""buttons => buttons.map((button, index) => {
        const box = button.getBoundingClientRect();  // visible as Playwright says it: a box, not visibility: hidden
        const visible = box.width > 0 && box.height > 0 && getComputedStyle(button).visibility !== 'hidden';
        return [index, Boolean(button.closest('[hidden]')), visible];
    })""")
    behind = [index for index, hidden, visible in actions if not hidden and not visible]
    assert behind or width >= 1000, (width, "a phone's or a tablet's modes are in Menu")
    if behind:
        menu.click()
        for index in behind:
            action = buttons.nth(index)
            expect(action).to_be_visible()
            action.scroll_into_view_if_needed()  # the menu scrolls on a short phone
            inside(page, action)
        assert broken_words(page, "#menu-panel") == [], (width, "menu")
        page.keyboard.press("Escape")
        expect(menu).to_have_attribute("aria-expanded", "false")


@pytest.mark.parametrize("tag", TAGS)
def test_every_screen_fits_every_width_in_every_language(new_context, site_url, make_solo, tag):
    """Solo, Solve and a mode's setup at 320, 360, 768 and 1280 px: the header fits, no word is
    broken inside, no select cuts an option; Settings too, where its labels go above the fields."""
    words = catalog(tag) if tag != "en" else gettext.NullTranslations()
    context = new_context(viewport={"width": 1280, "height": 720})
    solo = make_solo(context.new_page(), site_url, words)
    solo.page.set_default_timeout(15_000)
    page = solo.page
    for query, heading in (("", None), ("&mode=solve", "Solve"), ("&mode=duel", "Duel")):
        page.set_viewport_size({"width": 1280, "height": 720})
        if heading is None:
            solo.open(f"?lang={tag}")
        else:
            page.goto(f"{site_url}?lang={tag}{query}")
            expect(page.get_by_role("heading", name=words.gettext(heading), exact=True)).to_be_visible(timeout=60_000)
        for width in WIDTHS:
            at_width(page, width)
            header_fits(page, words, width)
            assert broken_words(page) == [], (tag, query, width)
            assert page.evaluate(CUT_OPTIONS, "main:not([hidden]) select") == [], (tag, query, width)
            assert overflowing(page, "main:not([hidden])") == [], (tag, query, width)
            if heading is None:
                solo.choose("Settings")
                settings = page.get_by_role("dialog", name=words.gettext("Settings"))
                expect(settings).to_be_visible()
                assert broken_words(page, "#settings") == [], (tag, width, "Settings")
                assert page.evaluate(CUT_OPTIONS, "#settings select") == [], (tag, width, "Settings")
                page.keyboard.press("Escape")
                expect(settings).to_be_hidden()
    assert solo.problems() == []


def test_eight_slots_stay_round_on_a_phone(sized):
    solo = sized(PHONE, touch=True)
    page = solo.page
    solo.choose("Settings")
    settings = page.get_by_role("dialog", name="Settings")
    settings.get_by_label("Pegs", exact=True).fill("8")
    settings.get_by_label("Colors", exact=True).fill("8")
    settings.get_by_role("button", name="Save").click()
    expect(settings).to_be_hidden()
    slots = page.get_by_role("group", name="Current guess").get_by_role("button")
    expect(slots).to_have_count(8)
    for box in slots.evaluate_all("slots => slots.map((slot) => slot.getBoundingClientRect().toJSON())"):
        assert abs(box["width"] - box["height"]) < 0.5, box
    one_screen(page, "Submit guess", None)


def test_the_end_of_a_tournament_in_german_fits_a_phone(new_context, site_url, make_solo):
    """The end's status ("Gesamt: ...") and the tables keep their text inside their boxes at 360 px."""
    words = catalog("de")
    t = words.gettext
    context = new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    game = make_solo(context.new_page(), site_url, words)
    game.page.set_default_timeout(15_000)
    page = game.page
    page.goto(site_url + "?lang=de&mode=tournament")
    expect(page.get_by_role("heading", name=t("Tournament"), exact=True)).to_be_visible(timeout=60_000)

    match = start_tournament(game, ("Anna", "Ben"))
    play_round(game, match, {"Ben": "RGBY", "Anna": "YBGR"})
    expect(game.button("Play again")).to_be_visible()
    expect(game.status).to_contain_text("Anna")
    status = game.status.evaluate("box => [box.scrollHeight, box.clientHeight]")
    assert status[0] <= status[1] + 1, status
    assert overflowing(page, "#modes") == []
    assert broken_words(page) == []
    assert game.problems() == []


REVIEW_SEED = 1959
LAB_TAGS = ("en", "qps")
"""The languages the Lab is run in: English, and qps, 40% longer than English (a run takes a while)."""


@pytest.mark.parametrize("tag", TAGS)
def test_every_screen_and_dialog_fits_every_width_in_every_language(new_context, site_url, make_solo, tag):
    """Every screen a person reaches, at 320, 360, 768 and 1280 px in every language: How to play,
    Statistics, Settings, Challenge a friend, Leave this game?, the Review of a finished game, and
    the screens of Computer breaks your code, Duel, Race, Tournament and Solve, and (in English and
    qps) the Lab after a run, its To compare table filled: no word broken inside (a hyphenated word
    counts as one), no option cut, nothing wider than its box, and no English text left in another
    language."""
    words = catalog(tag) if tag != "en" else gettext.NullTranslations()
    t = words.gettext
    context = new_context(viewport={"width": 1280, "height": 720})
    solo = make_solo(context.new_page(), site_url, words)
    solo.page.set_default_timeout(15_000)
    page = solo.page
    found: dict[str, list[str]] = {}

    def check(screen: str, selector: str) -> None:
        for width in WIDTHS:
            at_width(page, width)
            problems = page.evaluate(LAID_OUT, selector)
            if tag != "en":
                problems += [f"English: {text}" for text, _ in english_left(page, tag)]
            if problems:
                found[f"{screen} at {width}"] = problems
        page.set_viewport_size({"width": 1280, "height": 720})

    def dialog(name: str, opened: Callable[[], None]) -> None:
        opened()
        shown = page.get_by_role("dialog", name=t(name))
        expect(shown).to_be_visible()
        check(name, "dialog[open]")
        page.keyboard.press("Escape")
        expect(shown).to_be_hidden()

    solo.open(f"?lang={tag}&seed={REVIEW_SEED}")
    for name in ("How to play", "Statistics", "Settings", "Challenge a friend"):
        dialog(name, lambda name=name: solo.choose(name))
    secret = str(Game(Config(), seed=REVIEW_SEED).secret)
    solo.click_guess("BBGO")  # qps's letters are no keys: the palette is pressed
    expect(solo.history_rows).to_have_count(1)
    dialog("Leave this game?", lambda: solo.choose("New game"))
    solo.click_guess(secret)
    expect(solo.secret).to_contain_text(solo.shown(secret))
    dialog("Statistics", lambda: None)  # opened by itself at the end of the game
    solo.button("Review").click()
    expect(page.get_by_role("table", name=t("Review"))).to_be_visible(timeout=60_000)
    check("Review", "#board")
    for mode, selector in (("Computer breaks your code", "#modes"), ("Duel", "#modes"), ("Race", "#modes"),
                           ("Tournament", "#modes"), ("Solve", "#solve")):
        solo.choose(mode)
        expect(page.get_by_role("heading", name=t(mode), exact=True)).to_be_attached()
        expect(page.locator(selector)).to_be_visible()
        check(mode, selector)
    if tag in LAB_TAGS:  # the Lab after a run: its score and the To compare table, the widest
        solo.choose("Lab")
        expect(page.locator("#lab-code")).to_have_value(re.compile("def guess"), timeout=60_000)  # the starter
        solo.button("Run").click()
        compare = page.get_by_role("table", name=t("To compare"), exact=True)
        expect(compare.get_by_role("row").filter(has_text="VIKI")).not_to_contain_text("...", timeout=120_000)
        expect(solo.button("Run")).to_be_enabled(timeout=120_000)
        check("Lab", "#lab")
    assert found == {}, found
    assert solo.problems() == []


def won_by_clicks(solo, query: str, secret: str) -> None:
    """Open `query` and win its game in four guesses by clicks, Statistics closed: the end of a game."""
    solo.open(query)
    for guess in ("RRGG", "BBOO", "YYPP", secret):
        solo.click_guess(guess)
    expect(solo.secret).to_contain_text(solo.shown(secret))
    solo.close_statistics()


ONE_LINE = """button => {
    const range = document.createRange();
    range.selectNodeContents(button);
    return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size;
}"""
"""How many lines a button's label takes on screen."""


@pytest.mark.parametrize("tag", TAGS)
def test_the_review_keeps_the_history_whole_and_comes_into_view(new_context, site_url, make_solo, tag):
    """At the end of a game on a 360x640 phone, opening Review leaves the History at the height it
    had (its newest row whole, not squeezed to its least height) and brings the Review into view,
    the page itself not scrolling; `Submit guess`, disabled, keeps one line; a laptop's History
    (the Review beside it) is not squeezed either."""
    words = catalog(tag) if tag != "en" else gettext.NullTranslations()
    t = words.gettext
    secret = str(Game(Config(), seed=REVIEW_SEED).secret)
    for size in (PHONE, SIZES["laptop"]):
        context = new_context(viewport=size, has_touch=size == PHONE, is_mobile=size == PHONE)
        solo = make_solo(context.new_page(), site_url, words)
        solo.page.set_default_timeout(15_000)
        page = solo.page
        won_by_clicks(solo, f"?lang={tag}&seed={REVIEW_SEED}", secret)
        history = page.locator("#history-scroll")
        page.evaluate("new Promise(requestAnimationFrame)")  # the end's last reply drawn and laid out
        before = history.bounding_box()
        solo.button("Review").click()
        table = page.get_by_role("table", name=t("Review"))
        expect(table).to_be_visible(timeout=60_000)
        page.evaluate("new Promise(requestAnimationFrame)")
        after = history.bounding_box()
        assert before is not None and after is not None
        # Not squeezed; a laptop's History may grow where the end's actions, Review gone, take a line less.
        assert after["height"] >= before["height"] - 1, (size, before, after)
        if size == PHONE:
            assert abs(after["height"] - before["height"]) <= 1, (size, before, after)
        inside_history = solo.history_rows.last.evaluate("""row => {
            const box = row.getBoundingClientRect(), area = row.closest('.history-wrap').getBoundingClientRect();
            return box.top >= area.top - 1 && box.bottom <= area.bottom + 1;
        }""")
        assert inside_history, "the newest row is cut"
        expect(page.get_by_role("heading", name=t("Review"), exact=True)).to_be_in_viewport()
        expect(table).to_be_in_viewport()
        assert solo.button("Submit guess").evaluate(ONE_LINE) == 1
        scroll = page.evaluate(SCROLL)
        assert scroll == [0, 0, 0, 0], scroll
        assert solo.problems() == []
        context.close()


def test_share_on_a_phone_keeps_the_history_whole_and_comes_into_view(new_context, site_url, make_solo):
    """At the end of a game on a 360x640 phone, Share shows the result below the board without
    squeezing the History (its newest row whole) and brings the result into view."""
    context = new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    solo = make_solo(context.new_page(), site_url)
    page = solo.page
    secret = str(Game(Config(), seed=REVIEW_SEED).secret)
    won_by_clicks(solo, f"?seed={REVIEW_SEED}", secret)
    history = page.locator("#history-scroll")
    before = history.bounding_box()
    solo.button("Share").click()
    shared = page.locator("#share-text")
    expect(shared).to_be_visible()
    page.evaluate("new Promise(requestAnimationFrame)")
    after = history.bounding_box()
    assert before is not None and after is not None
    assert abs(after["height"] - before["height"]) <= 1, (before, after)
    expect(shared).to_be_in_viewport()
    assert solo.button("Submit guess").evaluate(ONE_LINE) == 1
    context.close()
