import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mastermind import CLASSIC, DUEL, Code, CodeError

from .strategies import codes, configs


def test_parse_is_case_insensitive_and_ignores_spaces():
    assert Code.parse("  rGbY\t", DUEL) == Code("RGBY")
    assert Code.parse("r g b y", DUEL) == Code("RGBY")  # pegs spaced to count them
    assert Code.parse(" R G\tB  Y ", DUEL) == Code("RGBY")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("RRB", "a code has 4 pegs, this has 3"),
        ("RRRRR", "a code has 4 pegs, this has 5"),
        ("0000", "0 is not in the palette"),
        ("KKKK", "K is not in the palette"),
        ("RXBZ", "X and Z are not in the palette"),
        ("R R B", "a code has 4 pegs, this has 3"),  # the spaces are no pegs
    ],
)
def test_bad_text_is_refused_with_a_reason(text, reason):
    with pytest.raises(CodeError, match=reason):
        Code.parse(text, CLASSIC)


def test_repeats_are_refused_only_where_forbidden():
    assert Code.parse("RRGB", CLASSIC) == Code("RRGB")
    with pytest.raises(CodeError, match="Red is used twice; colours may not repeat"):
        Code.parse("RRGB", DUEL)


def test_random_is_reproducible_from_a_seed():
    assert Code.random(CLASSIC, random.Random(42)) == Code.random(CLASSIC, random.Random(42))
    drawn = {Code.random(CLASSIC, random.Random(seed)) for seed in range(50)}
    assert len(drawn) > 30


def test_all_lists_every_code_once():
    assert sum(1 for _ in Code.all(CLASSIC)) == 1296
    without = list(Code.all(CLASSIC.replace(allow_duplicates=False)))
    assert len(without) == len(set(without)) == 360
    assert not any(code.has_repeats for code in without)


@given(configs(), st.integers(0, 2**32))
def test_random_codes_are_legal(config, seed):
    code = Code.random(config, random.Random(seed))
    assert Code.parse(str(code), config) == code


@given(st.data())
def test_parse_round_trips_any_legal_code_in_any_case(data):
    config = data.draw(configs())
    code = data.draw(codes(config))
    text = "".join(data.draw(st.sampled_from([c.lower(), c, c + " ", " " + c])) for c in str(code))
    assert Code.parse(" " + text + " ", config) == code


@given(configs(), st.text(max_size=12))
def test_parse_accepts_exactly_the_legal_codes(config, text):
    letters = "".join(text.split()).upper()
    legal = (
        len(letters) == config.pegs
        and set(letters) <= set(config.letters)
        and (config.allow_duplicates or len(set(letters)) == len(letters))
    )
    try:
        code = Code.parse(text, config)
    except CodeError as error:
        assert not legal and str(error)
    else:
        assert legal and str(code) == letters
