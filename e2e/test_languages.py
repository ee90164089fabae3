"""The page in the player's language, as static/shell.js sets it before Python: which language it
picks (?lang=, the stored setting, the browser's languages), <html lang> before the page is read,
and the pseudo-language qps, whose longer texts replace every marked text and fit a 360 px phone.
Python is held back (conftest's Held), so what is checked is the shell's work alone."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .conftest import catalog

WASM = "**/pyodide.asm.wasm"
RESULTS = Path(__file__).resolve().parent.parent / "test-results" / "languages"


@pytest.fixture
def held_page(new_context, site_url, hold_python):
    """Open the page (with a query, a browser locale, stored settings) with Python held back."""

    def open_page(query: str = "", locale: str = "en-US", settings: dict | None = None, width: int = 1280):
        context = new_context(service_workers="block", locale=locale, viewport={"width": width, "height": 800})
        script = "addEventListener('DOMContentLoaded', () => { window.langAtParse = document.documentElement.lang; });"
        if settings is not None:
            stored = json.dumps(json.dumps({"version": 2, "data": settings}))
            script += f"localStorage.setItem('mastermind:settings', {stored});"
        context.add_init_script(script)
        page = context.new_page()
        page.set_default_timeout(15_000)
        hold_python(page)
        with page.expect_request(WASM):
            page.goto(site_url + query, wait_until="domcontentloaded")
        expect(page.locator("html")).not_to_have_class("i18n-pending")
        return page

    return open_page


def language(page) -> str:
    return page.evaluate("document.documentElement.lang")


@pytest.mark.parametrize(("locale", "expected"), [("fr-CA", "fr"), ("de-AT", "de"), ("nl-NL", "en"), ("en-GB", "en")])
def test_the_browser_s_language_is_chosen_when_the_game_has_it(held_page, locale, expected):
    page = held_page(locale=locale)
    assert language(page) == expected
    assert page.evaluate("window.langAtParse") == expected, "<html lang> is set before the page is read"


def test_the_stored_choice_wins_over_the_browser_s_and_auto_leaves_it(held_page):
    assert language(held_page(locale="fr-FR", settings={"language": "de"})) == "de"
    assert language(held_page(locale="fr-FR", settings={"language": "auto"})) == "fr"
    assert language(held_page(locale="fr-FR", settings={"language": "<script>"})) == "fr"


def test_the_address_wins_over_everything(held_page):
    page = held_page("?lang=it", locale="fr-FR", settings={"language": "de"})
    assert language(page) == "it"
    assert page.evaluate("window.langAtParse") == "it"


def test_english_fetches_no_language_file(held_page):
    page = held_page(locale="en-US")
    requests = page.evaluate("performance.getEntriesByType('resource').map((entry) => entry.name)")
    assert language(page) == "en" and not [name for name in requests if "/locale/" in name]
    expect(page.locator("#new-game")).to_have_text("New game")


@pytest.mark.parametrize("tag", ["en", "fr", "de", "es", "pt", "it"])
def test_the_empty_history_speaks_the_language_from_the_first_paint(held_page, tag):
    """The History's "No guesses yet." is index.html's (drawn by CSS from data-none), so the shell
    translates it before Python starts; the mode screens' tables (a template) too."""
    page = held_page(f"?lang={tag}")
    words = catalog(tag) if tag != "en" else None
    said = (lambda text: words.gettext(text)) if words else (lambda text: text)
    after = "(node) => getComputedStyle(node, '::after').content"
    assert page.locator("#history-body").evaluate(after) == json.dumps(said("No guesses yet."), ensure_ascii=False)
    template = page.evaluate("""() => [...document.querySelectorAll('template')]
        .flatMap((template) => [...template.content.querySelectorAll('tbody[data-none]')]).map((node) => node.dataset.none)""")
    assert sorted(template) == sorted([said("No guesses yet."), said("No users yet: register one above."), said("No rows yet.")])
    if words:
        assert said("No guesses yet.") != "No guesses yet."


@pytest.mark.parametrize("tag", ["fr", "es", "pt", "it", "de"])
def test_settings_names_each_field_once(held_page, tag):
    """`Colors` (how many) and `Colours` (which palette) are two fields: each label finds one."""
    page = held_page(f"?lang={tag}")
    labels = page.locator("#settings label").all_text_contents()
    assert len(labels) > 5 and len({label.strip().casefold() for label in labels}) == len(labels), labels
    for name in (catalog(tag).gettext("Colors"), catalog(tag).gettext("Colours")):
        assert page.get_by_label(name, exact=True).count() == 1


OVERFLOWING = """(selector) => [...document.querySelectorAll(selector)].flatMap((box) => [box, ...box.querySelectorAll('*')])
    .filter((element) => element.clientWidth > 1 && element.scrollWidth > element.clientWidth + 1
             && !['auto', 'scroll'].includes(getComputedStyle(element).overflowX))
    .map((element) => `${element.tagName.toLowerCase()}#${element.id}.${element.className}: ${element.scrollWidth} > ${element.clientWidth}`)"""
"""Elements under `selector` whose content is wider than their box (a text that does not fit);
text left to screen readers (a box of 1 px, clipped) is not shown, so it cannot overflow."""


def overflowing(page, selector: str) -> list[str]:
    return page.evaluate(OVERFLOWING, selector)


def test_the_pseudo_language_replaces_every_marked_text_and_fits_a_phone(held_page):
    page = held_page("?lang=qps", width=360)
    assert language(page) == "qps"
    unchanged = page.evaluate(
        """() => [...document.querySelectorAll('[data-i18n]'),
                  ...[...document.querySelectorAll('template')].flatMap((template) => [...template.content.querySelectorAll('[data-i18n]')])]
            .map((element) => element.textContent.trim()).filter((text) => !(text.startsWith('[') && text.endsWith(']')))"""
    )
    assert unchanged == [], "texts that did not go through the catalog"
    expect(page.locator("#palette button").first).to_have_text("Ɓ")
    expect(page.locator("#palette button").first).to_have_attribute("aria-label", "[Ɓĺûé··]")
    expect(page.locator("#palette button").first).to_have_attribute("data-slot-description", "[[Ɓĺûé··], þřéšš ŧö çĺéåř·······]")
    expect(page.locator("#current .slot").first).to_have_attribute("aria-label", re.compile(r"^\[Šĺöŧ 1·+\]$"))
    RESULTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(RESULTS / "qps-board-360.png"), full_page=True)
    found = overflowing(page, "#board")
    assert found == [], found
    for dialog in ("settings", "help", "challenge", "stats"):
        page.evaluate(f"document.getElementById('{dialog}').showModal()")
        page.screenshot(path=str(RESULTS / f"qps-{dialog}-360.png"))
        found = overflowing(page, f"#{dialog}")
        assert found == [], (dialog, found)
        page.evaluate(f"document.getElementById('{dialog}').close()")
