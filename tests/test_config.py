import pytest
from hypothesis import given
from hypothesis import strategies as st

from mastermind import CATALOG, CLASSIC, DUEL, PRESETS, RACE, TOURNAMENT, Config, ConfigError
from mastermind.errors import SavedDataError

from .strategies import configs


def test_classic_defaults():
    config = Config()
    assert (config.pegs, config.letters, config.max_guesses, config.allow_duplicates) == (4, "BGOPRY", 12, True)
    assert config == CLASSIC


@pytest.mark.parametrize(
    ("preset", "letters", "guesses", "duplicates"),
    [(CLASSIC, "BGOPRY", 12, True), (DUEL, "RGBPYM", 6, False), (TOURNAMENT, "RGBYWK", 10, True), (RACE, "RYBGOP", 8, False)],
)
def test_presets(preset, letters, guesses, duplicates):
    assert (preset.pegs, preset.letters, preset.max_guesses, preset.allow_duplicates) == (4, letters, guesses, duplicates)


def test_presets_by_name():
    assert set(PRESETS) == {"classic", "duel", "race", "tournament"}


def test_colors_by_count_take_the_catalog_in_order():
    assert Config(colors=8).colors == CATALOG[:8]


def test_colors_by_name_keep_the_given_order():
    assert Config(colors=["red", "Maroon", "cyan"]).letters == "RMC"


@pytest.mark.parametrize(
    ("settings", "setting", "reason"),
    [
        # The source text's own list of errors.
        ({"pegs": 0}, "pegs", "from 1 to 8"),
        ({"pegs": -3}, "pegs", "from 1 to 8"),
        ({"max_guesses": 0}, "max_guesses", "from 1 to 20"),
        ({"max_guesses": -1}, "max_guesses", "from 1 to 20"),
        ({"colors": []}, "colors", "empty"),
        ({"pegs": 7, "allow_duplicates": False}, "allow_duplicates", "at least 7 colours"),
        # The spec's bounds and types.
        ({"pegs": 9}, "pegs", "from 1 to 8"),
        ({"max_guesses": 21}, "max_guesses", "from 1 to 20"),
        ({"colors": 1}, "colors", "from 2 to 10"),
        ({"colors": 11}, "colors", "from 2 to 10"),
        ({"colors": ["Red"]}, "colors", "2 to 10 colours"),
        ({"colors": ["Red", "red"]}, "colors", "listed twice"),
        ({"colors": ["Magenta", "Maroon"]}, "colors", "share the letter M"),
        ({"colors": ["Red", "Mauve"]}, "colors", "unknown colour 'Mauve'"),
        ({"colors": "RGB"}, "colors", "list of colour names"),
        ({"pegs": "4"}, "pegs", "whole number"),
        ({"pegs": True}, "pegs", "whole number"),
        ({"max_guesses": 2.5}, "max_guesses", "whole number"),
        ({"allow_duplicates": "yes"}, "allow_duplicates", "true or false"),
    ],
)
def test_bad_settings_are_refused_naming_the_setting(settings, setting, reason):
    with pytest.raises(ConfigError, match=reason) as caught:
        Config(**settings)
    assert caught.value.key == setting
    assert isinstance(caught.value, ValueError)
    assert str(caught.value).startswith(f"{setting}: ")


def test_no_duplicates_with_as_many_pegs_as_colours_is_allowed():
    assert Config(pegs=6, allow_duplicates=False).size == 720


def test_replace_validates():
    assert CLASSIC.replace(pegs=5).pegs == 5
    with pytest.raises(ConfigError):
        CLASSIC.replace(pegs=0)


def test_color_lookup_by_letter():
    assert CLASSIC.color("r").name == "Red"
    with pytest.raises(KeyError):
        CLASSIC.color("K")


@pytest.mark.parametrize("config", [CLASSIC, DUEL, RACE, TOURNAMENT, Config(colors=10)], ids=lambda config: config.letters)
def test_every_palette_colour_is_found_by_its_letter_in_either_case_and_nothing_else(config):
    for color in config.colors:  # the first colour too, at index 0
        assert config.color(color.letter) == color == config.color(color.letter.lower())
    for text in ("", config.letters[:2], config.letters, " " + config.letters[0], "?"):
        with pytest.raises(KeyError) as refused:
            config.color(text)
        assert refused.value.args == (text,)


def test_a_mode_preset_takes_its_colours_by_letter_from_the_catalog():
    from mastermind.config import _preset

    assert _preset("RGB", max_guesses=5) == Config(pegs=4, colors=["Red", "Green", "Blue"], max_guesses=5)
    assert _preset(CATALOG[9].letter + CATALOG[0].letter, pegs=2, allow_duplicates=False).colors == (CATALOG[9], CATALOG[0])


def test_from_dict_refuses_unknown_keys_and_non_mappings():
    with pytest.raises(SavedDataError, match="is not a setting") as caught:
        Config.from_dict({"pegs": 4, "speed": 3})
    assert isinstance(caught.value.__cause__, ConfigError) and caught.value.__cause__.key == "speed"
    with pytest.raises(SavedDataError, match="mapping"):
        Config.from_dict([4])  # type: ignore[arg-type]  # a wrong type on purpose: its refusal is tested


@given(configs())
def test_round_trip_through_dict(config):
    assert Config.from_dict(config.to_dict()) == config


@given(configs())
def test_size_counts_every_code(config):
    expected = len(config.colors) ** config.pegs
    if not config.allow_duplicates:
        expected = 1
        for i in range(config.pegs):
            expected *= len(config.colors) - i
    assert config.size == expected


@given(
    st.fixed_dictionaries(
        {},
        optional={
            "pegs": st.integers(-5, 12) | st.none() | st.text(max_size=2),
            "colors": st.integers(-2, 14) | st.lists(st.sampled_from([c.name for c in CATALOG]), max_size=12),
            "max_guesses": st.integers(-5, 25) | st.floats(allow_nan=True),
            "allow_duplicates": st.booleans() | st.integers(0, 1),
        },
    )
)
def test_any_settings_give_a_valid_config_or_one_config_error(settings):
    try:
        config = Config(**settings)
    except ConfigError as error:
        assert error.key in {"pegs", "colors", "max_guesses", "allow_duplicates"}
        return
    assert 1 <= config.pegs <= 8 and 1 <= config.max_guesses <= 20 and 2 <= len(config.colors) <= 10
    assert len(set(config.letters)) == len(config.colors)
    assert config.allow_duplicates or config.pegs <= len(config.colors)


def test_an_empty_colour_list_is_refused_saying_so():
    with pytest.raises(ConfigError) as refused:
        Config(colors=[])
    assert str(refused.value) == "colors: the colour list is empty"
