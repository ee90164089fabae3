import pytest
from hypothesis import given

from mastermind import DUEL, RACE, Config
from mastermind.presets import CUSTOM, PRESET_NAMES, SOLO_PRESETS, Preset, preset_named, preset_of

from .strategies import configs


def test_the_presets_are_those_players_know():
    table = {p.name: (p.pegs, p.colors, p.max_guesses, p.allow_duplicates) for p in SOLO_PRESETS}
    assert table == {
        "Classic": (4, 6, 12, True),
        "Super": (5, 8, 12, True),
        "Duel": (4, 6, 6, False),
        "Race": (4, 6, 8, False),
    }
    assert PRESET_NAMES == ("Classic", "Super", "Duel", "Race", "Custom")


def test_duel_and_race_follow_the_two_player_rules():
    assert preset_named("Duel").config.replace(colors=DUEL.colors) == DUEL
    assert preset_named("Race").config.replace(colors=RACE.colors) == RACE


@pytest.mark.parametrize("preset", SOLO_PRESETS, ids=lambda preset: preset.name)
def test_a_presets_rules_are_named_by_it(preset):
    assert preset_of(preset.config) == preset.name
    assert preset_named(preset.name) == preset


EDITS = {
    "pegs": lambda p: {"pegs": p.pegs - 1},
    "colors": lambda p: {"colors": p.colors + 1},
    "guesses": lambda p: {"max_guesses": p.max_guesses - 1},
    "duplicates": lambda p: {"allow_duplicates": not p.allow_duplicates},
}


@pytest.mark.parametrize("preset", SOLO_PRESETS, ids=lambda preset: preset.name)
@pytest.mark.parametrize("edit", EDITS.values(), ids=EDITS.keys())
def test_editing_one_field_makes_it_custom(preset, edit):
    assert preset_of(preset.config.replace(**edit(preset))) == CUSTOM


@given(configs())
def test_any_other_rules_are_custom(config):
    named = preset_of(config)
    matching = [p.name for p in SOLO_PRESETS if p.config == config]
    assert named == (matching[0] if matching else CUSTOM)


def test_custom_keeps_the_rules_and_unknown_names_are_refused():
    assert preset_named(CUSTOM) is None
    with pytest.raises(ValueError, match="there is no preset 'Chess'; the choices are Classic, Super"):
        preset_named("Chess")


def test_the_default_rules_are_the_classic_preset():
    assert preset_of(Config()) == "Classic"


def test_a_preset_like_some_rules_carries_every_field():
    config = Config(pegs=3, colors=5, max_guesses=7, allow_duplicates=False)
    preset = Preset.like("Mine", config, "a test")
    assert preset == Preset("Mine", 3, 5, 7, False, "a test")
    assert preset.config == config


def test_every_preset_says_where_players_know_it_from():
    assert {p.name: p.origin for p in SOLO_PRESETS} == {
        "Classic": "the board game",
        "Super": "Simon Tatham's Guess",
        "Duel": "the Duel source text",
        "Race": "the Race source text",
    }


def test_a_long_unknown_name_is_cut_short_in_the_refusal():
    with pytest.raises(ValueError) as refused:
        preset_named("x" * 1000)
    assert "'" + "x" * 30 + "'" in str(refused.value) and "x" * 31 not in str(refused.value)
