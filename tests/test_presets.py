import pytest
from hypothesis import given

from mastermind import DUEL, RACE, Config
from mastermind.presets import CUSTOM, PRESET_NAMES, SOLO_PRESETS, preset_named, preset_of

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
