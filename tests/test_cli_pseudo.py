"""Every text the terminal says goes through the catalog: its dialogues played in the
pseudo-language (``qps``: every letter of every catalog text accented), where an English word left
in the output is a text that never reached the catalog.

The dialogues are the transcript tests' own (tests/test_cli_*.py), each code typed in the
pseudo-language's letters, so the refusals, the rows and the endings are all said.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from mastermind import CLASSIC, RACE, i18n
from mastermind.i18n import DOMAIN, LOCALE_DIR
from mastermind.palette import CATALOG

from .transcripts import lines, play

NAMES = {"bob", "alice", "alan", "steve", "bill", "ada", "ann", "bea", "two", "hal", "viki", "mastermind"}
"""Words that are no text of the game: what the dialogues type (names, a refused number) and is
said back, the computer players' names, the game's."""

CODE = re.compile(r"\b[BGOPRYWKMC]{4,5}\b")
"""A code as typed below: shown in the language's letters, typed in the palette's own."""


@pytest.fixture(autouse=True)
def pseudo() -> Iterator[None]:
    if not (LOCALE_DIR / "qps" / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file():
        pytest.fail("the pseudo-language is not compiled: run `make catalogs`")
    i18n.use(gettext.translation(DOMAIN, LOCALE_DIR, ["qps"]), "qps")
    yield
    i18n.use(gettext.NullTranslations(), "en")


def typed(*answers: str) -> str:
    """The answers with every code in the pseudo-language's letters, as its player types them."""
    palette = [(colour.name, colour.letter) for colour in CATALOG[:10]]
    return lines(*(CODE.sub(lambda code: i18n.shown_letters(code[0], palette), answer) for answer in answers))


def english(out: str) -> list[str]:
    """The lines of `out` holding an English word of three letters or more that is no name."""
    def text(word: str) -> bool:
        return word.casefold() not in NAMES and not CODE.fullmatch(word.upper())  # a code typed, said back

    return [line for line in out.splitlines() if any(text(word) for word in re.findall(r"[A-Za-z]{3,}", line))]


DIALOGUES = {
    "classic": (("Y", "OOOO", "oooo", "RRRR", "x", "RGBYY", "HISTORY", "YRBY", "N"), ["1", "--seed", "1959"]),
    "classic lost": (("Y", *["RRRR"] * 12, "N"), ["--seed", "3"]),
    "duel": (("Ann", "Ann Ann", "Ann Bea", "two", "3", "2", "RGBP", "RGBR", "MYPB", "GRBP", "RGBP",
                   "YMPB", *["MYPG"] * 6), ["--mode", "duel"]),
    "race": (("x" * 51, "Bob", "", "bob", "Alice", "0", "1", "RRGB", "BOYG", "GPRY", *["RBGO"] * 8, "maybe", "q"),
             ["--mode", "race", "--seed", "0"]),
    "computer": (("Ada HAL9000", "2", "RGBP", *["MYGP"] * 6), ["--mode", "duel"]),
    "solve": (("x", "b", "rows", "BBGO 1 1", "RGBY 5 0", "RGBY 3 1", "RGBX 1 1", "ignore 1", "edit 2 OPRY 0 0", "rows", "new", "quit"),
              ["--mode", "solve"]),
}


@pytest.mark.parametrize("name", DIALOGUES)
def test_every_text_of_a_dialogue_went_through_the_catalog(name: str) -> None:
    answers, argv = DIALOGUES[name]
    _, out = play(typed(*answers), *argv)
    assert english(out) == []


def test_the_tournament_menu_register_play_and_score_board(tmp_path: Path) -> None:
    answers = typed("r", "Alan", "r", "alan", "r", "", "x", "s", "r", "Steve", "p", "5", "2", "Bill", "Alan", "Steve",
                    "5", "BYWR", "RGBK", "RGBK", "BYWR", "s", "q")
    _, out = play(answers, "--mode", "tournament", "--data-dir", str(tmp_path))
    assert english(out) == []


def test_the_sweep_sees_english() -> None:
    """The check itself: the same dialogue in English is found out."""
    i18n.use(gettext.NullTranslations(), "en")
    answers, argv = DIALOGUES["race"]
    assert len(english(play(typed(*answers), *argv)[1])) > 10
    assert CLASSIC.letters and RACE.letters  # the palettes the dialogues type in
