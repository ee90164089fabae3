"""Players, their names, and the number fields of the setup forms."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mastermind.computer_players import COMPUTER_PLAYERS
from mastermind.match import check_number
from mastermind.players import (
    MAX_NAME_LENGTH,
    Player,
    SetupError,
    check_name,
    computer_named,
    control_character,
    lineup,
    name_key,
)


def test_computer_players_are_the_engines() -> None:
    from mastermind import Config
    from mastermind.solver import codebreaker

    assert [codebreaker(name, Config()).name for name in COMPUTER_PLAYERS] == ["HAL9000", "VIKI"]


@settings(deadline=None)
@given(st.text(max_size=80))
def test_a_name_is_kept_composed_and_stripped_or_refused_with_a_reason(text: str) -> None:
    composed = unicodedata.normalize("NFC", text)
    name = composed.strip()
    if 1 <= len(name) <= MAX_NAME_LENGTH and control_character(composed) is None:  # even one the strip would take
        assert check_name(text, "player-1-name") == name
    else:
        with pytest.raises(SetupError) as refused:
            check_name(text, "player-1-name")
        assert refused.value.key == "player-1-name" and refused.value.reason


@pytest.mark.parametrize(
    "name",
    ["Eve\x1b[2J", "Bob\nMallory 1000", "tab\there", "a\u202eb", "x\u2028y", "bad\udce9byte", "nul\x00",
     "Al\u200bice", "\u200fAlice", "Ali\u2066ce", "soft\xadhyphen"],
)
def test_a_name_with_a_control_or_format_character_is_refused_with_the_character(name: str) -> None:
    bad = control_character(name)
    assert bad is not None and unicodedata.category(bad) in {"Cc", "Cf", "Cs", "Zl"}
    with pytest.raises(SetupError, match=f"a name cannot hold control characters or invisible marks, such as U\\+{ord(bad):04X}"):
        check_name(name, "new-user-name")


@settings(deadline=None)
@given(st.text(st.characters(categories=["Cc", "Cf"]), min_size=1, max_size=3), st.text(max_size=20), st.text(max_size=20))
def test_no_name_holds_a_control_or_format_character_wherever_it_sits(bad: str, before: str, after: str) -> None:
    with pytest.raises(SetupError):
        check_name(before + bad + after, "new-user-name")


@settings(deadline=None)
@given(st.text(st.characters(exclude_categories=["Cc", "Cf", "Cs", "Co", "Zl", "Zp"]), min_size=1, max_size=20))
def test_a_name_and_its_decomposed_or_recased_spellings_are_one_name(name: str) -> None:
    for other in (unicodedata.normalize("NFD", name), unicodedata.normalize("NFC", name), f"  {name} ", name.casefold()):
        assert name_key(other) == name_key(name)
    if name.strip():
        assert check_name(unicodedata.normalize("NFD", name), "new-user-name") == unicodedata.normalize("NFC", name).strip()


def test_names_compare_whatever_their_case() -> None:
    assert len({name_key(name) for name in ("Zoë", "ZOË", "zoe\u0308", "ZOE\u0308", " zoë ")}) == 1
    assert name_key("Zoe") != name_key("Zoë")


def test_lineup_refuses_a_decomposed_spelling_of_a_name_already_in_the_game() -> None:
    with pytest.raises(SetupError, match="player-2-name: ZOË is already in the game"):
        lineup(["Zo\u00eb", "ZOE\u0308"])


@pytest.mark.parametrize("text", [None, 5, ["Ann"]])
def test_a_name_is_text(text: object) -> None:
    with pytest.raises(SetupError, match="a name is text"):
        check_name(text, "player-1-name")


def test_computer_names_in_any_case() -> None:
    assert [computer_named(n) for n in ("HAL9000", " hal9000", "Viki", "HAL", "VIKI2")] == [
        "HAL9000", "HAL9000", "VIKI", None, None]


def test_lineup_people_and_computers() -> None:
    assert lineup(["Ann", "viki", "HAL9000"], range(2, 5)) == (
        Player("Ann"), Player("VIKI", computer=True), Player("HAL9000", computer=True))
    assert str(Player("Ann")) == "Ann"


def test_lineup_asks_a_registry_for_people_only() -> None:
    asked = []

    def known(name: str) -> str | None:
        asked.append(name)
        return name.title() if name.lower() == "ann" else None

    assert lineup(["aNN", "HAL9000"], known=known) == (Player("Ann"), Player("HAL9000", True))
    assert asked == ["aNN"]
    with pytest.raises(SetupError, match="player-2-name: Bob is not a registered user"):
        lineup(["ann", "Bob"], known=known)


@pytest.mark.parametrize(
    ("names", "message"),
    [
        ([], "players: a game has 2 players, not 0"),
        ("Ann", "players: the players' names come as a list"),
        (["Ann", "Ann"], "player-2-name: Ann is already in the game"),
        (["Ann", ""], "player-2-name: enter a name"),
    ],
)
def test_lineup_refusals(names: object, message: str) -> None:
    with pytest.raises(SetupError) as refused:
        lineup(names)  # type: ignore[arg-type]  # a wrong type on purpose: its refusal is tested
    assert str(refused.value) == message


@given(st.integers(-50, 50), st.integers(0, 10), st.integers(0, 10), st.booleans(), st.booleans())
def test_check_number(value: int, low: int, span: int, even: bool, as_text: bool) -> None:
    high = low + span
    typed: object = f" {value} " if as_text else value
    if low <= value <= high and not (even and value % 2):
        assert check_number("runs", typed, low, high, even=even) == value
    else:
        with pytest.raises(SetupError) as refused:
            check_number("runs", typed, low, high, even=even)
        assert refused.value.key == "runs" and str(value) in refused.value.reason


@pytest.mark.parametrize("value", ["", " ", "4.0", "4x", "٤", 4.0, None, True, "1e1"])
def test_check_number_wants_a_whole_number(value: object) -> None:
    with pytest.raises(SetupError, match="enter a whole number"):
        check_number("rounds", value, 1, 10)
