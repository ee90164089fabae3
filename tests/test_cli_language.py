"""The terminal in another language: codes read and written in the language's letters (a code the
rules hold keeps the catalog's English letters), an English letter that is not one of the
language's refused by name, and the language chosen from the environment as gettext does.

No catalog is needed: a fake French gives the colours French letters and names, and a few texts.
"""

from __future__ import annotations

import gettext
import io
import random
import string
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from hypothesis import given
from hypothesis import strategies as st

from mastermind import i18n
from mastermind.cli.texts import shown, typed
from mastermind.code import Code
from mastermind.config import CLASSIC, MAX_COLORS, MIN_COLORS, Config
from mastermind.errors import CodeError
from mastermind.palette import CATALOG

from .languages import Fake
from .transcripts import lines, play

FRENCH_LETTERS = {
    "Blue": "B", "Green": "V", "Orange": "O", "Purple": "P", "Red": "R", "Yellow": "J", "White": "L",
    "Black": "N", "Magenta": "M", "Cyan": "C", "Navy": "A", "Lime": "I", "Teal": "S", "Maroon": "X",
}
FRENCH_NAMES = {"Blue": "Bleu", "Green": "Vert", "Orange": "Orange", "Purple": "Pourpre", "Red": "Rouge", "Yellow": "Jaune"}
FRENCH_TEXTS = {"Goodbye!": "Au revoir !", "Codes: {codes}": "Codes : {codes}"}


FRENCH = Fake(FRENCH_LETTERS, FRENCH_NAMES, FRENCH_TEXTS)


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """Every test leaves the process speaking English, as the others expect."""
    yield
    i18n.use(gettext.NullTranslations(), "en")


def speak_french() -> None:
    i18n.use(FRENCH, "fr")


def palettes() -> st.SearchStrategy[Config]:
    """Every palette a config may hold: catalog colours, no two of one letter."""
    colours = st.lists(st.sampled_from(CATALOG), min_size=MIN_COLORS, max_size=MAX_COLORS, unique_by=lambda c: c.letter)
    return colours.map(lambda chosen: Config(pegs=1, colors=chosen))


def languages() -> st.SearchStrategy[Fake]:
    """A made-up language: each catalog colour its own letter, any letter of the alphabet."""
    return st.permutations(string.ascii_uppercase).map(
        lambda letters: Fake({color.name: letter for color, letter in zip(CATALOG, letters, strict=False)})
    )


@given(palettes(), st.one_of(st.just(FRENCH), st.just(gettext.NullTranslations()), languages()), st.data())
def test_a_code_shown_then_typed_is_the_code_itself(config: Config, language: gettext.NullTranslations, data: st.DataObject) -> None:
    i18n.use(language, "xx")
    pairs = [(color.name, color.letter) for color in config.colors]
    code = data.draw(st.text(st.sampled_from(config.letters), max_size=8))
    on_screen = i18n.shown_letters(code, pairs)
    assert i18n.canonical_letters(on_screen, pairs) == code
    assert i18n.canonical_letters(on_screen.lower(), pairs) == code  # typed in any case


def test_codes_are_shown_and_typed_in_the_languages_letters() -> None:
    speak_french()
    assert shown("GRBY", CLASSIC) == "VRBJ"
    assert typed(" vrbj ", CLASSIC).strip() == "GRBY"
    assert Code.parse(typed("vrbj", CLASSIC), CLASSIC) == Code("GRBY")


@pytest.mark.parametrize(("text", "named"), [("GRBY", "G and Y are"), ("VRBY", "Y is"), ("vrbg", "G is")])
def test_an_english_letter_that_is_not_the_languages_is_refused_by_name(text: str, named: str) -> None:
    speak_french()
    with pytest.raises(CodeError) as refusal:
        typed(text, CLASSIC)
    assert str(refusal.value) == f"{named} not in the palette (B V O P R J)"
    assert refusal.value.sentence == f"{named} not in the palette (B V O P R J)."


def test_a_code_of_the_wrong_length_is_refused_by_the_rules_as_in_english() -> None:
    speak_french()
    with pytest.raises(CodeError, match="a code has 4 pegs, this has 3"):
        Code.parse(typed("VRB", CLASSIC), CLASSIC)


def test_the_classic_game_reads_and_writes_the_languages_letters() -> None:
    speak_french()
    secret = Code.random(CLASSIC, random.Random(3))
    assert str(secret) == "GRRG"
    status, out = play(lines("Y", "GRRG", "rrrr", "HISTORY", "vrrv", "N"), "1", "--seed", "3")
    assert status == 0
    assert "(for this example the secret code is VRRV)" in out
    assert "GRRG -> INVALID GUESS" in out  # G is no colour in this language, though it is Green in English
    assert "RRRR -> Result: 2 black pegs" in out
    assert "RRRR\t\t2B_0W" in out
    assert "VRRV -> Result: 4 black pegs - You win !!" in out
    assert "G for" not in out and "V for Vert" not in out and "B for Bleu, R for Rouge" in out
    assert "bleu, vert, orange, pourpre, rouge, or jaune" in out


def test_solve_mode_reads_rows_and_names_refused_letters_in_the_language() -> None:
    speak_french()
    rows = ("RGBY 1 0", "VVVV 1 0", "RRRR 1 0", "BBBB 1 0", "OOOO 0 0", "PPPP 0 0", "VRBJ 0 4")
    status, out = play(lines("b", *rows, "quit"), "--mode", "solve")
    assert status == 0
    assert "Valid colors: B - Bleu, V - Vert, O - Orange, P - Pourpre, R - Rouge, J - Jaune." in out
    assert "as the guess, then the black and white counts: RVBJ 2 1" in out
    assert "-> REFUSED: G and Y are not in the palette (B V O P R J)." in out
    assert "Codes : " in out  # the fake catalog's own words
    codes = next(line for line in out.splitlines() if line.startswith("Codes : ")).split()[2:]
    assert len(codes) == 9  # every order of V, R, B and J with none in its place in VRBJ
    assert all(sorted(code) == sorted("VRBJ") and all(a != b for a, b in zip(code, "VRBJ", strict=True)) for code in codes)
    suggestion = next(line for line in out.splitlines()[::-1] if line.startswith("Suggestion: ")).split()[1].strip(",")
    assert suggestion in codes


def test_the_duel_names_a_foreign_letter_and_shows_guesses_in_the_languages_letters() -> None:
    speak_french()
    typed_lines = lines("Ada HAL9000", "2", "GRBY", "VRBJ", *["VRBJ"] * 6, "RVBJ", "RVBP")
    status, out = play(typed_lines, "--mode", "duel", "--seed", "1")
    assert status == 0
    assert "Invalid secret! (G and Y are not in the palette (R V B P J M))" in out
    assert "Valid colors: R - Rouge, V - Vert, B - Bleu, P - Pourpre, J - Jaune, M - Magenta" in out
    assert "HAL9000's guess: " in out
    guesses = [line.split(": ")[1] for line in out.splitlines() if line.startswith("HAL9000's guess: ")]
    assert guesses and all(set(guess) <= set("RVBPJM") for guess in guesses)


def test_english_and_the_c_locale_are_todays_english_word_for_word(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    argv = ("1", "--seed", "3")
    typed_lines = lines("Y", "GRRG", "RRRR", "HISTORY", "GRRG", "N")
    _, english = play(typed_lines, *argv)
    compile_catalogs(tmp_path, monkeypatch)
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    for value in ("C", "C.UTF-8", "POSIX", "en_GB.UTF-8", "nl_NL.UTF-8"):
        monkeypatch.setenv("LANG", value)
        i18n.from_environment()
        assert i18n.current() == "en"
        assert play(typed_lines, *argv)[1] == english
    assert "GRRG -> Result: 4 black pegs - You win !!" in english


def compile_catalogs(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """French and German catalogs of one text each, where :func:`i18n.from_environment` looks."""
    for tag, goodbye in (("fr", "Au revoir !"), ("de", "Auf Wiedersehen!")):
        catalog = Catalog(locale=tag, domain=i18n.DOMAIN)
        catalog.add("Goodbye!", goodbye)
        path = folder / tag / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo"
        path.parent.mkdir(parents=True)
        with path.open("wb") as file:
            write_mo(file, catalog)
    monkeypatch.setattr(i18n, "LOCALE_DIR", folder)


@pytest.mark.parametrize(
    ("environment", "tag", "goodbye"),
    [
        ({"LANG": "fr_FR.UTF-8"}, "fr", "Au revoir !"),
        ({"LANG": "de_DE.UTF-8"}, "de", "Auf Wiedersehen!"),
        ({"LC_ALL": "de_DE.UTF-8", "LANG": "fr_FR.UTF-8"}, "de", "Auf Wiedersehen!"),
        ({"LC_MESSAGES": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"}, "fr", "Au revoir !"),
        ({"LANGUAGE": "fr", "LC_ALL": "de_DE.UTF-8"}, "fr", "Au revoir !"),
        ({"LANGUAGE": "nl:de:fr", "LANG": "fr_FR.UTF-8"}, "de", "Auf Wiedersehen!"),
        ({"LANG": "C"}, "en", "Goodbye!"),
        ({"LANG": "nl_NL.UTF-8"}, "en", "Goodbye!"),
        ({}, "en", "Goodbye!"),
    ],
)
def test_the_language_is_the_one_the_environment_names(
    environment: dict[str, str], tag: str, goodbye: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    compile_catalogs(tmp_path, monkeypatch)
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    for variable, value in environment.items():
        monkeypatch.setenv(variable, value)
    i18n.from_environment()
    assert (i18n.current(), i18n._("Goodbye!")) == (tag, goodbye)


def test_the_terminal_reads_the_environment_once_at_start(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    compile_catalogs(tmp_path, monkeypatch)
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    out = io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    from mastermind.cli import main

    assert main(["--mode", "tournament", "--data-dir", str(tmp_path / "data")]) == 0
    assert i18n.current() == "fr"
    assert out.getvalue().endswith("Au revoir !\n")
