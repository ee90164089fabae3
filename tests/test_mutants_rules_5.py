"""The rules' refusals word for word: a typed code that is empty, of the wrong length or with a
repeated colour (both the short message and the whole sentence), a bad palette or duplicates
setting, a damaged saved match; and the person at the screen saved once they pressed Ready."""

from __future__ import annotations

import pytest

from mastermind.code import Code
from mastermind.config import Config
from mastermind.duel import Duel
from mastermind.errors import CodeError, ConfigError


@pytest.mark.parametrize(
    ("text", "config", "message", "sentence"),
    [
        ("", Config(pegs=1), "the code is empty; enter 1 colour", "The code is empty; enter 1 colour."),
        ("  ", Config(), "the code is empty; enter 4 colours", "The code is empty; enter 4 colours."),
        ("RG", Config(pegs=1), "a code has 1 peg, this has 2", "A code has 1 peg, this has 2."),
        ("RGB", Config(), "a code has 4 pegs, this has 3", "A code has 4 pegs, this has 3."),
        (
            "RRGB",
            Config(allow_duplicates=False),
            "Red is used twice; colours may not repeat in this game",
            "Red is used twice; colours may not repeat in this game.",
        ),
    ],
)
def test_a_refused_code_says_why_as_a_message_and_as_a_sentence(text: str, config: Config, message: str, sentence: str) -> None:
    with pytest.raises(CodeError) as refused:
        Code.parse(text, config)
    assert (str(refused.value), refused.value.sentence) == (message, sentence)


@pytest.mark.parametrize(
    ("settings", "text"),
    [
        ({"colors": "abc"}, "colors: must be a number of colours or a list of colour names, not 'abc'"),
        ({"colors": ["Red", "Red"]}, "colors: Red is listed twice"),
        ({"colors": ["Red"]}, "colors: must hold 2 to 10 colours, not 1"),
        ({"allow_duplicates": "yes"}, "allow_duplicates: must be true or false, not 'yes'"),
    ],
)
def test_a_bad_palette_or_duplicates_setting_is_refused_word_for_word(settings: dict[str, object], text: str) -> None:
    with pytest.raises(ConfigError) as refused:
        Config(**settings)  # type: ignore[arg-type]
    assert str(refused.value) == text


def saved_duel() -> dict[str, object]:
    duel = Duel(["Ann", "Bob"], 2)
    duel.set_secret("Ann", "RGBP")
    return duel.to_dict()


def test_a_damaged_saved_match_is_refused_word_for_word() -> None:
    data = saved_duel()
    games = data["games"]
    assert isinstance(games, list)
    damaged = [
        (None, "not a saved duel: expected a mapping, not NoneType"),
        ([data], "not a saved duel: expected a mapping, not list"),
        (dict(data, mode="race", version=2), "not a saved duel: mode 'race', version 2"),
        (dict(data, at_screen="Zoe"), "not a saved duel: 'Zoe' is not a person in this match"),
        (dict(data, games=[games[0], dict(games[1], secret="RGBY")]), "not a saved duel: moves recorded out of turn"),
    ]
    for document, text in damaged:
        with pytest.raises(ValueError) as refused:
            Duel.from_dict(document)  # type: ignore[arg-type]
        assert str(refused.value) == text


def test_the_person_who_pressed_ready_is_saved_as_at_the_screen() -> None:
    duel = Duel(["Ann", "Bob"], 2)
    duel.set_secret("Ann", "RGBP")
    duel.ready("Bob")
    assert duel.to_dict()["at_screen"] == "Bob"
    assert Duel.from_dict(duel.to_dict()).to_dict()["at_screen"] == "Bob"
