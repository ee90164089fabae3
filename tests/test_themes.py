"""The themes and the look settings: every text colour of each theme against every background it
is written on (WCAG 2.2 contrast: 4.5:1, and 7:1 for High contrast), the page before Python
(static/shell.js) and the Settings form agreeing with the package on the values, and the settings
kept and read as stored data."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mastermind.errors import ConfigError
from mastermind.page import storage
from mastermind.page.appearance import COLOUR_LABELS, THEME_LABELS, root_attributes
from mastermind.page.settings_form import form_values, read_form
from mastermind.page.state import COLOUR_SCHEMES, THEMES, Settings

from .colour_science import contrast

ROOT = Path(__file__).resolve().parent.parent
CSS = (ROOT / "static" / "style.css").read_text()
SHELL = (ROOT / "static" / "shell.js").read_text()

TEXTS = [(text, ground) for text in ("ink", "muted", "error") for ground in ("bg", "panel", "board")] + [
    ("accent-ink", "accent"),  # primary buttons, the chart's bars
    ("bg", "error"),  # the danger button
]
"""(text colour, background) of every text the themes draw, as custom properties."""


def block(selector: str, inside: str = CSS) -> dict[str, str]:
    """The colour custom properties a rule of style.css sets, by name (without ``--``)."""
    found = re.search(re.escape(selector) + r" \{([^}]*)\}", inside)
    assert found, f"no rule {selector} in style.css"
    return dict(re.findall(r"--([a-z-]+):\s*(#[0-9a-f]{3,6});", found.group(1)))


LIGHT = block(":root")
THEME_COLOURS = {
    "light": LIGHT,
    "dark": {**LIGHT, **block(':root[data-theme="dark"]')},
    "contrast": {**LIGHT, **block(':root[data-theme="contrast"]')},
}


def ratios(theme: str) -> dict[str, float]:
    colours = THEME_COLOURS[theme]
    pairs = TEXTS + ([("muted", "hole")] if theme == "contrast" else [])  # a hidden peg's "?"
    return {f"{text} on {ground}": round(contrast(colours[text], colours[ground]), 2) for text, ground in pairs}


@pytest.mark.parametrize("theme", list(THEME_COLOURS))
def test_every_text_of_each_theme_has_enough_contrast(theme):
    needed = 7.0 if theme == "contrast" else 4.5
    found = ratios(theme)
    print(f"\n{theme}: " + ", ".join(f"{pair} {ratio}" for pair, ratio in found.items()))
    assert {pair: ratio for pair, ratio in found.items() if ratio < needed} == {}


def test_the_system_theme_in_a_dark_system_is_the_dark_theme():
    media = re.search(r"@media \(prefers-color-scheme: dark\) \{\s*(:root:not\([^)]*\)) \{([^}]*)\}", CSS)
    assert media, "no dark block for the System theme"
    assert media.group(1) == ':root:not([data-theme="light"], [data-theme="contrast"])'
    assert dict(re.findall(r"--([a-z-]+):\s*(#[0-9a-f]{3,6});", media.group(2))) == block(':root[data-theme="dark"]')


def test_the_page_before_python_knows_the_same_values():
    """shell.js reads the stored settings (their key and envelope version) and takes exactly
    the package's themes and colour settings."""
    assert f'localStorage.getItem("{storage.SETTINGS.key}")' in SHELL
    assert f"stored.version === {storage.VERSION}" in SHELL
    lists = re.findall(r"\[((?:\"[a-z]+\",? ?)+)\]\.includes\(data\.(theme|colours)\)", SHELL)
    found = {name: tuple(json.loads(f"[{values}]")) for values, name in lists}
    assert found == {"theme": THEMES, "colours": COLOUR_SCHEMES}
    assert SHELL.index("data.theme") < SHELL.index('const KEY = "mastermind:shell"'), "the look first"


class Selects(HTMLParser):
    """The options of each <select> of index.html, as (value, text)."""

    def __init__(self) -> None:
        super().__init__()
        self.options: dict[str, list[tuple[str, str]]] = {}
        self.select: str | None = None
        self.value: str | None = None

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        if tag == "select":
            self.select = values.get("id")
            self.options[self.select or ""] = []
        elif tag == "option" and self.select:
            self.value = values.get("value")

    def handle_data(self, data):
        if self.value is not None and self.select:
            self.options[self.select].append((self.value, data.strip()))
            self.value = None

    def handle_endtag(self, tag):
        if tag == "select":
            self.select = None


def test_the_settings_form_offers_each_theme_and_colour_setting_by_its_name():
    parser = Selects()
    parser.feed((ROOT / "index.html").read_text())
    assert parser.options["theme"] == list(THEME_LABELS.items())
    assert parser.options["colours"] == list(COLOUR_LABELS.items())
    assert [label for _, label in parser.options["theme"]] == ["System", "Light", "Dark", "High contrast"]
    assert [label for _, label in parser.options["colours"]] == ["Standard", "Colour-blind safe"]


# The settings


def test_the_look_defaults_to_the_system_theme_and_the_standard_colours():
    assert (Settings().theme, Settings().colours) == ("system", "standard")
    assert root_attributes(Settings()) == {"data-theme": "system", "data-colours": "standard"}


@pytest.mark.parametrize(("field", "value"), [("theme", "neon"), ("theme", ""), ("theme", True),
                                               ("colours", "Safe"), ("colours", None), ("colours", 1)])
def test_a_bad_look_is_refused_naming_the_setting(field, value):
    with pytest.raises(ConfigError) as refused:
        Settings(**{field: value})
    assert refused.value.key == field


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("colours", COLOUR_SCHEMES)
def test_the_form_saves_each_choice_and_shows_it_again(theme, colours):
    settings, errors = read_form({**form_values(Settings()), "theme": theme, "colours": colours})
    assert errors == {} and settings is not None
    assert (settings.theme, settings.colours) == (theme, colours)
    assert form_values(settings)["theme"] == theme and form_values(settings)["colours"] == colours


def test_a_doctored_form_value_gets_a_message_beside_its_field():
    assert read_form({**form_values(Settings()), "theme": "<b>"}) == (
        None, {"theme": "Theme must be system, light, dark or contrast, not '<b>'."})
    assert read_form({**form_values(Settings()), "colours": "rainbow"})[1] == {
        "colours": "Colours must be standard or safe, not 'rainbow'."}


def test_the_look_is_stored_and_read_back():
    chosen = Settings(theme="contrast", colours="safe", key_color="red")
    text = storage.envelope(storage.SETTINGS, chosen, rev=4)
    assert json.loads(text)["data"]["theme"] == "contrast"
    assert json.loads(text)["data"]["colours"] == "safe"
    assert storage.read(storage.SETTINGS, text) == storage.Stored(chosen, 4)


def test_settings_stored_before_the_look_existed_still_load_with_the_defaults():
    older = {"config": Settings().config.to_dict(), "key_color": "red", "letters": False, "order": "top",
             "assist": True, "hard": True}
    stored = storage.read(storage.SETTINGS, json.dumps({"version": 2, "rev": 7, "data": older}))
    assert stored.problem is None and stored.rev == 7
    assert (stored.value.theme, stored.value.colours, stored.value.key_color, stored.value.hard) == ("system", "standard", "red", True)


@pytest.mark.parametrize("data", [{"theme": "neon"}, {"colours": ["safe"]}, {"theme": None}, {"themes": "dark"}])
def test_a_stored_look_that_is_not_one_is_refused_with_a_sentence(data):
    stored = storage.read(storage.SETTINGS, json.dumps({"version": 2, "rev": 3, "data": data}))
    assert stored.value == Settings() and stored.damaged
    assert stored.problem and stored.problem.startswith("The saved settings could not be read")


def test_two_tabs_changing_the_theme_and_the_colours_keep_both():
    base = Settings()
    merged = storage.SETTINGS.reconcile(base, Settings(theme="dark"), Settings(colours="safe"))
    assert (merged.theme, merged.colours) == ("dark", "safe")


@given(st.text(max_size=12), st.text(max_size=12))
def test_any_typed_look_gives_settings_or_a_message(theme, colours):
    settings, errors = read_form({**form_values(Settings()), "theme": theme, "colours": colours})
    assert (settings is None) == bool(errors)
    if settings is not None:
        assert settings.theme in THEMES and settings.colours in COLOUR_SCHEMES
