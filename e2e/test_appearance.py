"""The look a person chooses (Settings > Theme and Colours), played as a person does: each choice is
kept, and after a reload it is on <html> before Python starts (its WebAssembly held back), so the
first paint is already in that theme and those colours; Share offers the result as text; and
axe-core finds nothing in any theme, on a phone and a desktop."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from playwright.sync_api import expect

from mastermind.page.appearance import SHARE_GRIDS, share_words
from mastermind.page.daily import daily_game, daily_title, share_text
from mastermind.palette import COLOUR_BLIND_SAFE, color_named

from .test_accessibility import VIEWPORTS, Audit  # the axe gate's helper

THEMES = {"System": "system", "Light": "light", "Dark": "dark", "High contrast": "contrast"}
COLOURS = {"Standard": "standard", "Colour-blind safe": "safe"}
BACKGROUNDS = {"light": "#f3efe6", "dark": "#16181c", "contrast": "#ffffff"}
"""--bg of each theme (style.css); the System theme's is its system's."""

SEEN_AT_DOM_CONTENT_LOADED = """
document.addEventListener("DOMContentLoaded", () => {
  const root = document.documentElement;
  const peg = document.querySelector("#palette button[data-letter]");
  window.seenAtDomContentLoaded = {
    theme: root.dataset.theme ?? null,
    colours: root.dataset.colours ?? null,
    bg: getComputedStyle(root).getPropertyValue("--bg").trim(),
    peg: peg ? getComputedStyle(peg).backgroundColor : null,
    busy: document.getElementById("board").getAttribute("aria-busy"),
  };
});
"""


def rgb(css: str) -> str:
    """``#rrggbb`` as getComputedStyle writes a colour."""
    return "rgb({}, {}, {})".format(*(int(css[i : i + 2], 16) for i in (1, 3, 5)))


def choose_look(solo, theme: str, colours: str) -> None:
    """Open Settings, choose a theme and colours by their names, save."""
    solo.choose("Settings")
    dialog = solo.page.get_by_role("dialog", name="Settings")
    expect(dialog).to_be_visible()
    dialog.get_by_label("Theme", exact=True).select_option(label=theme)
    dialog.get_by_label("Colours", exact=True).select_option(label=colours)
    dialog.get_by_role("button", name="Save").click()
    expect(dialog).to_be_hidden()


@pytest.fixture
def held_visits(new_context, site_url, make_solo, hold_python):
    """A page in a context whose reloads can hold Python back (no service worker: see conftest's
    Held), recording what <html> says at DOMContentLoaded."""
    context = new_context(service_workers="block")
    context.add_init_script(SEEN_AT_DOM_CONTENT_LOADED)
    solo = make_solo(context.new_page(), site_url)
    solo.page.set_default_timeout(15_000)
    yield solo, hold_python
    assert solo.problems() == []


def test_each_theme_and_colours_choice_is_kept_and_drawn_before_python_starts(held_visits):
    solo, hold_python = held_visits
    page = solo.page
    page.emulate_media(color_scheme="dark")
    solo.open()
    root = page.locator("html")
    blue = solo.palette.get_by_role("button", name="Blue", exact=True)
    expect(blue).to_have_css("background-color", rgb(color_named("Blue").css))
    for theme, colours in (("Light", "Colour-blind safe"), ("High contrast", "Standard"),
                           ("Dark", "Colour-blind safe"), ("System", "Standard")):
        choose_look(solo, theme, colours)
        value, scheme = THEMES[theme], COLOURS[colours]
        expect(root).to_have_attribute("data-theme", value)  # at once, no reload
        expect(root).to_have_attribute("data-colours", scheme)
        peg = COLOUR_BLIND_SAFE["Blue"] if scheme == "safe" else color_named("Blue").css
        expect(blue).to_have_css("background-color", rgb(peg))

        held = hold_python(page)
        with page.expect_request(held.PATTERN):
            page.reload(wait_until="domcontentloaded")
        seen = page.evaluate("window.seenAtDomContentLoaded")
        background = BACKGROUNDS["dark" if value == "system" else value]  # the system is dark here
        assert seen == {"theme": value, "colours": scheme, "bg": background, "peg": rgb(peg), "busy": "true"}, theme
        held.release()
        solo.wait_ready()
        expect(root).to_have_attribute("data-theme", value)
        expect(root).to_have_attribute("data-colours", scheme)
        dialog = page.get_by_role("dialog", name="Settings")
        solo.choose("Settings")
        expect(dialog.get_by_label("Theme", exact=True)).to_have_value(value)
        expect(dialog.get_by_label("Colours", exact=True)).to_have_value(scheme)
        dialog.get_by_role("button", name="Cancel").click()


def test_stored_garbage_or_an_unknown_theme_leaves_the_defaults(held_visits):
    solo, hold_python = held_visits
    page = solo.page
    solo.open()
    for text in ('{"version": 2, "rev": 1, "data": {"theme": "url(x)", "colours": "<b>"}}', "{not json",
                 '{"version": 9, "rev": 1, "data": {"theme": "dark"}}', "null"):
        page.evaluate("text => localStorage.setItem('mastermind:settings', text)", text)
        held = hold_python(page)
        with page.expect_request(held.PATTERN):
            page.reload(wait_until="domcontentloaded")
        seen = page.evaluate("window.seenAtDomContentLoaded")
        assert (seen["theme"], seen["colours"]) == (None, None), text
        held.release()
        solo.wait_ready()
        expect(page.locator("html")).to_have_attribute("data-theme", "system")
    solo.console.clear()  # the page says the damaged settings were reset: expected here


DAY = dt.date(2026, 11, 23)


def daily_won(browser, site_url, make_solo):
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    context.clock.set_fixed_time(dt.datetime(DAY.year, DAY.month, DAY.day, 9, 30))
    solo = make_solo(context.new_page(), site_url)
    solo.page.set_default_timeout(15_000)
    solo.open()
    return solo


def test_share_offers_the_grid_and_a_line_of_words_per_guess(browser, site_url, make_solo):
    solo = daily_won(browser, site_url, make_solo)
    try:
        choose_look(solo, "System", "Colour-blind safe")
        solo.choose("Daily challenge")
        secret = str(daily_game(DAY).secret)
        first = "RRGG" if secret != "RRGG" else "BBOO"
        solo.type_guess(first)
        solo.type_guess(secret)
        expect(solo.status).to_contain_text("You win")
        solo.close_statistics()
        game = daily_game(DAY)
        game.guess(first)
        game.guess(secret)

        solo.button("Share").click()
        expect(solo.status).to_contain_text("copied to the clipboard")
        grid = share_text(daily_title(DAY), game, symbols=SHARE_GRIDS["safe"])
        assert solo.page.evaluate("navigator.clipboard.readText()") == grid
        share_as = solo.page.get_by_role("group", name="Share as")
        expect(share_as.get_by_role("radio", name="Grid")).to_be_checked()
        box = solo.page.get_by_label("Your result, to copy")
        expect(box).to_have_value(grid)

        share_as.get_by_role("radio", name="Text, a line per guess").check()
        words = share_words(daily_title(DAY), game)
        expect(box).to_have_value(words)
        expect(solo.status).to_contain_text("copied to the clipboard, as text")
        assert solo.page.evaluate("navigator.clipboard.readText()") == words
        assert words.splitlines()[1:] == [f"1: {game.history[0].feedback}", "2: 4 black, 0 white"]
        assert first not in words and secret not in words

        share_as.get_by_role("radio", name="Grid").check()  # by the keyboard too: arrows move the choice
        expect(box).to_have_value(grid)
        share_as.get_by_role("radio", name="Grid").press("ArrowRight")
        expect(box).to_have_value(words)
        assert solo.problems() == []
    finally:
        solo.page.context.close()


@pytest.mark.parametrize(("theme", "colours", "system"), [
    ("System", "Standard", "dark"), ("Light", "Colour-blind safe", "dark"),
    ("Dark", "Standard", "light"), ("High contrast", "Colour-blind safe", "dark"),
], ids=["system-dark", "light", "dark", "high-contrast"])
def test_axe_finds_nothing_in_each_theme_on_a_phone_and_a_desktop(browser, site_url, make_solo, theme, colours, system):
    solo = daily_won(browser, site_url, make_solo)
    page = solo.page
    try:
        page.emulate_media(color_scheme=system)
        choose_look(solo, theme, colours)
        audit = Audit(page)
        for size in VIEWPORTS:
            page.set_viewport_size(VIEWPORTS[size])
            audit.check(f"{size}, Solo")
        solo.choose("Settings")
        for size in VIEWPORTS:
            page.set_viewport_size(VIEWPORTS[size])
            audit.check(f"{size}, Settings")
        page.get_by_role("dialog", name="Settings").get_by_role("button", name="Cancel").click()
        solo.choose("Daily challenge")
        secret = str(daily_game(DAY).secret)
        solo.type_guess("RRGG" if secret != "RRGG" else "BBOO")
        solo.type_guess(secret)
        expect(solo.status).to_contain_text("You win")
        expect(page.get_by_role("dialog", name="Statistics")).to_be_visible()  # open by itself at the end
        for size in VIEWPORTS:
            page.set_viewport_size(VIEWPORTS[size])
            audit.check(f"{size}, Statistics at the end of a daily challenge")
        solo.close_statistics()
        solo.button("Share").click()
        page.get_by_role("radio", name="Text, a line per guess").check()
        for size in VIEWPORTS:
            page.set_viewport_size(VIEWPORTS[size])
            audit.check(f"{size}, a daily challenge won, shared as text")
        report = json.dumps(audit.found, indent=1)
        assert audit.found == {}, f"axe-core found WCAG 2.2 A/AA violations in the {theme} theme:\n{report}"
        assert solo.problems() == []
    finally:
        page.context.close()
