import pytest

from mastermind import CATALOG, Config, color_named
from mastermind.palette import UnknownColorError


def test_catalog_has_at_least_twelve_named_colours():
    assert len(CATALOG) >= 12
    assert len({color.name for color in CATALOG}) == len(CATALOG)


def test_first_ten_colours_have_distinct_letters_so_any_count_makes_a_palette():
    for count in range(2, 11):
        assert len(set(Config(colors=count).letters)) == count


def test_classic_six_come_first():
    assert [color.name for color in CATALOG[:6]] == ["Blue", "Green", "Orange", "Purple", "Red", "Yellow"]


def test_letters_are_uppercase_initials_except_black():
    for color in CATALOG:
        assert color.letter.isupper() and len(color.letter) == 1
        if color.name != "Black":
            assert color.letter == color.name[0]


def test_magenta_and_maroon_share_a_letter_in_the_catalog():
    assert color_named("Magenta").letter == color_named("Maroon").letter == "M"


def test_color_named_ignores_case_and_spaces():
    assert color_named("  yElLoW ") is color_named("Yellow")


def test_unknown_colour_is_refused_with_the_catalog():
    with pytest.raises(UnknownColorError, match=r"unknown colour 'Mauve'.*Blue"):
        color_named("Mauve")
