import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mastermind import Config, ConfigError, Game
from mastermind.stats import Record, record_key
from mastermind.storage import KEY, VERSION, Saved, Settings, dump, load

from .strategies import configs


def won_game(config: Config = Config()) -> Game:
    game = Game(config, seed=1)
    game.guess(game.secret)
    return game


def test_one_versioned_key():
    assert KEY == "mastermind:v1"
    assert json.loads(dump(Saved()))["version"] == VERSION == 1


def test_absent_key_gives_defaults_without_a_problem():
    saved = load(None)
    assert saved == Saved()
    assert saved.settings == Settings(Config(), "black", True, "bottom")
    assert saved.problems == ()


@given(configs(), st.sampled_from(["black", "red"]), st.booleans(), st.sampled_from(["bottom", "top"]))
def test_settings_round_trip(config, key_color, letters, order):
    saved = Saved(Settings(config, key_color, letters, order))
    again = load(dump(saved))
    assert again == saved and again.problems == ()


def test_records_round_trip_and_count_games():
    saved = Saved().record("solo", won_game())
    lost = Game(Config(max_guesses=1), secret="RGBY")
    lost.guess("BBBB")
    saved = saved.record("solo", lost)
    again = load(dump(saved))
    assert again.stats("solo", Config()) == Record(played=1, won=1, current_streak=1, best_streak=1, distribution={1: 1})
    assert again.stats("solo", Config(max_guesses=1)).played == 1
    assert again.stats("solo", Config(pegs=5)) == Record()


@pytest.mark.parametrize(
    ("field", "value"),
    [("key_color", "blue"), ("letters", "yes"), ("order", "sideways"), ("config", {"pegs": 4})],
)
def test_bad_presentation_settings_are_refused_naming_the_setting(field, value):
    with pytest.raises(ConfigError) as caught:
        Settings(**{field: value})
    assert caught.value.setting == field


def test_a_bad_part_falls_back_alone():
    good = json.loads(dump(Saved(Settings(key_color="red")).record("solo", won_game())))
    good["settings"]["config"]["pegs"] = 99
    saved = load(json.dumps(good))
    assert saved.settings == Settings()  # the bad settings are reset...
    assert saved.stats("solo", Config()).won == 1  # ...the statistics are kept
    assert len(saved.problems) == 1 and "settings" in saved.problems[0]

    good = json.loads(dump(Saved(Settings(key_color="red")).record("solo", won_game())))
    good["records"][record_key("solo", Config())]["won"] = 5  # more wins than games
    good["records"]["other"] = "garbage"
    saved = load(json.dumps(good))
    assert saved.settings.key_color == "red"
    assert saved.records == {}
    assert len(saved.problems) == 2


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{",
        "null",
        "[]",
        '"text"',
        "1e999",
        '{"version": 2}',
        '{"version": "1"}',
        '{"version": true}',
        '{"settings": {}}',
        "[" * 100_000,
    ],
)
def test_unreadable_documents_give_defaults_and_say_so(text):
    saved = load(text)
    assert saved == Saved()
    assert saved.problems


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=20), children, max_size=5),
    max_leaves=30,
)


def document_with(settings, records):
    return json.dumps({"version": 1, "settings": settings, "records": records})


settings_like = st.fixed_dictionaries(
    {},
    optional={
        "config": st.fixed_dictionaries(
            {},
            optional={
                "pegs": json_values,
                "colors": json_values | st.lists(st.sampled_from(["Red", "Blue", "Maroon", "Magenta", "red"])),
                "max_guesses": json_values,
                "allow_duplicates": json_values,
            },
        )
        | json_values,
        "key_color": json_values | st.sampled_from(["black", "red"]),
        "letters": json_values,
        "order": json_values | st.sampled_from(["bottom", "top"]),
    },
)


@given(st.text())
def test_any_text_loads_without_raising(text):
    assert isinstance(load(text), Saved)


@given(json_values)
def test_any_json_loads_without_raising(value):
    assert isinstance(load(json.dumps(value)), Saved)


@given(settings_like | json_values, st.dictionaries(st.text(max_size=30), json_values, max_size=3) | json_values)
def test_garbage_in_a_current_document_never_raises_and_dumps_cleanly(settings, records):
    saved = load(document_with(settings, records))
    assert load(dump(saved)) == saved  # whatever survived is valid and stays so


@given(settings_like)
def test_what_loads_is_valid_and_anything_else_is_a_named_problem(settings):
    saved = load(document_with(settings, {}))
    if saved.problems:
        assert saved.settings == Settings()
    else:
        assert saved.settings.to_dict() == Settings.from_dict(settings).to_dict()
