"""The Language setting: stored with the other settings, checked like them, and applied by a reload
(``static/shell.js`` chooses the language before Python starts)."""

import json

import pytest

from mastermind.errors import ConfigError
from mastermind.i18n import LANGUAGES
from mastermind.page import storage
from mastermind.page.settings_form import form_values, read_form
from mastermind.page.state import AUTOMATIC, LANGUAGE_CHOICES, Settings


def stored(data):
    return storage.read(storage.SETTINGS, json.dumps({"version": 2, "rev": 5, "data": data}))


def test_the_language_follows_the_browser_unless_one_is_chosen():
    assert Settings().language == AUTOMATIC == "auto"
    assert ("auto", *(language.tag for language in LANGUAGES)) == LANGUAGE_CHOICES


@pytest.mark.parametrize("tag", LANGUAGE_CHOICES)
def test_each_language_is_stored_and_read_back(tag):
    chosen = Settings(language=tag, theme="dark")
    text = storage.envelope(storage.SETTINGS, chosen, rev=4)
    assert json.loads(text)["data"].get("language", AUTOMATIC) == tag
    assert storage.read(storage.SETTINGS, text) == storage.Stored(chosen, 4)


def test_automatic_is_not_written_so_settings_stored_before_it_read_and_write_alike():
    assert "language" not in Settings().to_dict()
    assert Settings(language="de").to_dict()["language"] == "de"


def test_settings_stored_before_the_language_existed_read_as_automatic():
    older = {"config": Settings().config.to_dict(), "key_color": "red", "letters": False, "order": "top",
             "assist": True, "hard": True, "colours": "safe", "theme": "dark"}
    read = stored(older)
    assert read.problem is None and not read.damaged and read.rev == 5
    assert (read.value.language, read.value.key_color, read.value.theme) == ("auto", "red", "dark")


@pytest.mark.parametrize("garbage", ["nl", "FR", "fr-CA", "", "qps", None, 1, True, ["fr"], {"tag": "fr"}])
def test_a_stored_language_that_is_not_one_is_damage_like_any_setting(garbage):
    read = stored({"theme": "dark", "language": garbage})
    assert read.value == Settings() and read.damaged
    assert read.problem and read.problem.startswith("The saved settings could not be read (language: must be auto, en, fr")


@pytest.mark.parametrize("garbage", ["nl", "", None])
def test_a_language_that_is_not_one_is_refused_naming_the_setting(garbage):
    with pytest.raises(ConfigError) as refused:
        Settings(language=garbage)
    assert refused.value.key == "language"


@pytest.mark.parametrize("tag", LANGUAGE_CHOICES)
def test_the_form_saves_each_language_and_shows_it_again(tag):
    settings, errors = read_form({**form_values(Settings()), "language": tag})
    assert errors == {} and settings is not None and settings.language == tag
    assert form_values(settings)["language"] == tag


def test_a_doctored_language_gets_a_message_beside_its_field():
    settings, errors = read_form({**form_values(Settings()), "language": "<b>"})
    assert settings is None
    assert errors == {"language": "Language must be auto, en, fr, de, es, pt or it, not '<b>'."}


def test_a_form_without_the_field_keeps_automatic():
    fields = {name: value for name, value in form_values(Settings(language="fr")).items() if name != "language"}
    assert read_form(fields)[0] == Settings()


def test_two_tabs_changing_the_language_and_the_theme_keep_both():
    merged = storage.SETTINGS.reconcile(Settings(), Settings(language="it"), Settings(theme="light"))
    assert (merged.language, merged.theme) == ("it", "light")
