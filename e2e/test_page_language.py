"""The page's Python speaks the language shell.js chose: it fetches that language's catalog and
words every status, label and letter through it; a catalog it cannot fetch leaves it in English;
Settings > Language stores the choice and loads the page again in it, the game in progress kept."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

ENGLISH_START = "New game: 4 pegs, 6 colours (B G O P R Y), 12 guesses, colours may repeat."
BOOT_MS = 60_000


def started(page) -> None:
    """Wait for the game, by ids and states: in another language the names are that language's."""
    expect(page.locator("#palette button").first).to_be_enabled(timeout=BOOT_MS)
    expect(page.locator('main[aria-busy="true"]')).to_have_count(0, timeout=BOOT_MS)
    welcome = page.locator("#help")
    if welcome.is_visible():
        welcome.locator(".close").first.click()
        expect(welcome).to_be_hidden()


def opened(new_context, site_url, make_solo, query: str, route=None):
    context = new_context()
    if route:
        context.route(*route)
    solo = make_solo(context.new_page(), site_url)
    solo.page.set_default_timeout(15_000)
    solo.page.goto(site_url + query)
    started(solo.page)
    return solo


def test_the_pseudo_language_reaches_every_text_python_says(new_context, site_url, make_solo):
    solo = opened(new_context, site_url, make_solo, "?lang=qps")
    expect(solo.page.locator("html")).to_have_attribute("lang", "qps")
    status = solo.page.locator("#status")
    expect(status).to_contain_text("[")
    assert "Make your first guess" not in status.inner_text()
    solo.page.keyboard.press("1")
    expect(status).not_to_contain_text("in slot 1")  # the composer's words are the catalog's too
    expect(status).to_contain_text("[")
    assert solo.problems() == []


def test_a_catalog_that_cannot_be_fetched_leaves_python_in_english(new_context, site_url, make_solo):
    offline = ("**/locale/qps.mo", lambda route: route.fulfill(status=503, body="offline"))
    solo = opened(new_context, site_url, make_solo, "?lang=qps", offline)
    expect(solo.page.locator("#status")).to_contain_text(ENGLISH_START)
    solo.type_guess("RGBY")
    expect(solo.page.locator("#history tbody tr")).to_have_count(1)
    expected = ("locale/qps.mo", "Failed to load resource")  # the refused catalog, as the browser logs it
    assert [problem for problem in solo.problems() if not any(word in problem for word in expected)] == []
    assert any("locale/qps.mo" in line and line.startswith("warning") for line in solo.console), solo.console


def stored_language(page) -> str:
    data = json.loads(page.evaluate("localStorage.getItem('mastermind:settings')"))["data"]
    return data.get("language", "auto")


def choose_language(solo, value: str) -> None:
    solo.page.locator("#open-settings").click()  # by id: its name is the language's
    dialog = solo.page.locator("#settings")
    expect(dialog).to_be_visible()
    dialog.locator("#language").select_option(value=value)
    dialog.locator("#settings-form button[type=submit]").click()


def test_choosing_a_language_loads_the_page_again_in_it_and_keeps_the_game(fresh_solo, site_dir):
    if not (site_dir / "locale" / "fr.mo").exists():
        pytest.skip("the site has no French catalog yet (locale/fr.mo)")
    solo = fresh_solo()
    solo.type_guess("RGBY")
    expect(solo.history_rows).to_have_count(1)
    choose_language(solo, "fr")
    expect(solo.page.locator("html")).to_have_attribute("lang", "fr", timeout=BOOT_MS)
    started(solo.page)
    rows = solo.page.locator("#history tbody tr")
    expect(rows).to_have_count(1)  # the game in progress came back
    assert stored_language(solo.page) == "fr"
    choose_language(solo, "auto")
    expect(solo.page.locator("html")).to_have_attribute("lang", "en", timeout=BOOT_MS)
    started(solo.page)
    expect(rows).to_have_count(1)
    assert stored_language(solo.page) == "auto"
