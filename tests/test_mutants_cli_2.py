"""The terminal edition's smaller promises, pinned in-process where `make mutation` sees them: the
answers and menu letters a language adds to English's, the sentences a catalog gives where the
rules give one, the words of the modes' openings, and the data file's form, encoding, folder and
lock (Windows's lock too, with a stand-in for its module)."""

from __future__ import annotations

import errno
import io
import json
import locale
import os
import random
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from mastermind import Duel, i18n
from mastermind.cli import classic, turns
from mastermind.cli.console import YES_NO, Console, yes_no
from mastermind.cli.texts import either, said
from mastermind.cli.tournament import choices, pegs
from mastermind.cli.userdata import JsonFile, Shared, _hold, warn_on_stderr
from mastermind.config import Config
from mastermind.errors import FieldError, MoveError
from mastermind.feedback import Feedback

from .transcripts import lines, play

MADE_UP = [
    ("menu", "r", "i"),
    ("menu", "s", "a"),
    ("menu", "p", "j"),
    ("menu", "q", "t"),
    ("answer", "y", "o"),
    ("answer", "yes", "oui"),
    ("answer", "n", "n"),
    ("answer", "no", "non"),
    ("tournament key peg", "K", "N"),
    ("tournament key peg", "W", "B"),
    ("letter of Green", "G", "V"),
    ("letter of Yellow", "Y", "J"),
    (None, "HISTORY", "HISTORIQUE"),
    # A translator may word a sentence otherwise than the reason it stands for.
    (None, "there is no row yet", "pas encore de ligne"),
    (None, "There is no row yet.", "Aucune ligne pour l'instant."),
    (None, "name a row from 1 to {count}", "une ligne de 1 à {count}"),
    (None, "Name a row from 1 to {count}.", "Choisis une ligne entre 1 et {count}."),
]
"""A made-up language: its own answers, menu letters, key pegs, colour letters and words."""


@pytest.fixture
def made_up() -> None:
    """Speak the made-up language (the suite's English comes back after the test)."""
    catalog = Catalog(locale="fr", domain=i18n.DOMAIN)
    for context, source, translated in MADE_UP:
        catalog.add(source, translated, context=context)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    i18n.use(i18n.catalog(buffer.getvalue()), "fr")


# Answers and menu letters


def test_yes_and_no_are_english_words_and_letters():
    assert yes_no() == dict(YES_NO) == {"y": True, "yes": True, "n": False, "no": False}


def test_a_language_adds_its_own_yes_and_no_typed_in_lower_case(made_up):
    assert yes_no() == {"y": True, "yes": True, "n": False, "no": False, "o": True, "oui": True, "non": False}


def test_the_menu_takes_englishs_letters():
    assert choices() == {"r": "r", "s": "s", "p": "p", "q": "q"}


def test_the_menu_takes_the_languages_letters_and_englishs_too(made_up):
    assert choices() == {"i": "r", "a": "s", "j": "p", "t": "q", "r": "r", "s": "s", "p": "p", "q": "q"}


def test_the_tournaments_key_pegs_are_the_languages_letters(made_up):
    assert pegs(Feedback(2, 1)) == "N N B"
    assert pegs(Feedback(0, 2)) == "B B"


def test_the_tournaments_key_pegs_in_english():
    assert pegs(Feedback(2, 1)) == "K K W"
    assert pegs(Feedback(0, 0)) == "none"


# The classic game


def test_history_is_typed_in_the_language_or_in_english(made_up):
    _, out = play(lines("oui", "RVBJ", "historique", "History"), "--seed", "1")
    boards = out.split("Enter guess: ")[2:]
    assert boards == ["RVBJ\t\t1B_2W\nWhat is your next guess?\nType in the characters for your guess and press enter.\n"] * 2 + ["\n"]


def test_the_rules_and_the_game_are_not_hard_unless_asked():
    assert "Hard mode" not in classic.rules(Config())
    assert classic.rules(Config()) == classic.rules(Config(), hard=False) != classic.rules(Config(), hard=True)
    out = io.StringIO()
    classic.play(Console.from_streams(io.StringIO("n\n"), out), Config(), random.Random(1), reveal=False)
    assert out.getvalue() == classic.rules(Config(), hard=False)


# Computer breaks your code


def test_the_computer_mode_without_repeats_says_so_and_tells_the_guesses():
    _, out = play(lines("RGBY", "no"), "--mode", "computer", "--no-duplicates", "--seed", "1")
    assert out == (
        "HAL9000 will break your secret code of 4 pegs in at most 12 guesses.\n"
        "Valid colors: B - Blue, G - Green, O - Orange, P - Purple, R - Red, Y - Yellow. "
        "A color may not appear more than once in the code.\n"
        "Enter your secret code (it is not shown): HAL9000's guess: BGOP -> Result: 1 black peg and 1 white peg\n"
        "HAL9000's guess: BORY -> Result: 1 black peg and 2 white pegs\n"
        "HAL9000's guess: RPOY -> Result: 2 black pegs\n"
        "HAL9000's guess: RGBY -> Result: 4 black pegs\n"
        "HAL9000 broke your code in 4 guesses.\n"
        "Are you ready for another game (Y/N): "
    )


# Solve


def test_solve_without_repeats_says_so_and_new_keeps_the_per_slot_rule():
    _, out = play(lines("s", "RGBY +~-?", "new", "RGBY +~-?", "quit"), "--mode", "solve", "--no-duplicates")
    after_row = "Row 1: 12 codes left.\nCodes: ROGP ROGY ROPG ROYG RPGO RPGY RPOG RPYG RYGO RYGP RYOG RYPG\n"
    assert out.startswith("Solve a game played elsewhere: 4 pegs, no colour twice.\n")
    assert out.split("Row 2: Rows cleared.\n")[1].startswith("360 codes left.\nSuggestion: BGOP (about 4.0 guesses to the end).\n" + after_row)


def test_solve_says_the_catalogs_sentences_and_reads_an_edited_row_in_the_languages_letters(made_up):
    _, out = play(lines("b", "ignore 1", "RVBJ 1 0", "ignore 5", "edit 1", "edit 1 RGBY", "quit"), "--mode", "solve")
    refused = [line for line in out.splitlines() if "-> REFUSED: " in line]
    assert refused == [
        "Row 1: -> REFUSED: Aucune ligne pour l'instant.",
        "Row 2: -> REFUSED: Choisis une ligne entre 1 et 1.",
        "Row 2: -> REFUSED: Write a row as the guess and its feedback, as in RVBJ 2 1.",  # the language's letters
        "Row 2: -> REFUSED: G and Y are not in the palette (B V O P R J).",
    ]


# Texts


def test_an_error_is_said_in_its_own_sentence_where_it_has_one():
    assert said(FieldError("row", "a count is from 0 to 4", "Each count runs from 0 to 4.")) == "Each count runs from 0 to 4."
    long = "A" + "b" * 299
    assert said(FieldError("row", "too long", long)) == "A" + "b" * 239 + "... (300 characters)"


def test_an_error_without_a_sentence_is_capitalised_and_ends_with_one_mark():
    assert said(ValueError("no such code")) == "No such code."
    assert said(ValueError("no such code.")) == "No such code."
    assert said(ValueError("really?")) == "Really?"
    assert said(ValueError("stop!")) == "Stop!"


def test_a_choice_of_one_word_is_that_word():
    assert either(["blue"]) == "blue"
    assert either([]) == ""


# Turns of a match


def test_a_secret_asked_when_none_is_due_names_what_the_match_waits_for():
    duel = Duel(["HAL9000", "Ann"], 2, rng=random.Random(1))
    console = Console(read=lambda prompt: "", read_hidden=lambda prompt: "", write=lambda text: None)
    with pytest.raises(MoveError) as refused:
        turns.set_secret(console, duel, "Secret? ", lambda text, error: str(error))
    assert str(refused.value) == "no person's secret is due; Waiting for a guess from Ann"


# The data file


def test_a_warning_quotes_at_most_480_characters_of_outside_text(capsys):
    warn_on_stderr("x" * 600)
    assert capsys.readouterr().err == "mastermind: " + "x" * 480 + "... (600 characters)\n"


def test_the_file_is_indented_json_ending_with_a_newline_and_keeps_letters_as_they_are(tmp_path):
    path = tmp_path / "t.json"
    assert JsonFile(path).save({"name": "Zoë", "points": [1, 2]})
    assert path.read_bytes() == '{\n  "name": "Zoë",\n  "points": [\n    1,\n    2\n  ]\n}\n'.encode()


@pytest.fixture
def ascii_locale() -> Iterator[None]:
    """A locale whose text encoding is ASCII (``LANG=C`` without Python's UTF-8 mode)."""
    before = locale.setlocale(locale.LC_CTYPE)
    try:
        locale.setlocale(locale.LC_CTYPE, "C")
    except locale.Error:
        pytest.skip("no C locale here")
    try:
        yield
    finally:
        locale.setlocale(locale.LC_CTYPE, before)


@pytest.mark.skipif(sys.flags.utf8_mode == 1, reason="Python's UTF-8 mode reads every file as UTF-8")
def test_the_file_is_utf8_whatever_the_locale(tmp_path, ascii_locale):
    path = tmp_path / "t.json"
    warnings: list[str] = []
    store = JsonFile(path, warnings.append)
    assert store.save(["Zoë"])
    assert path.read_bytes() == '[\n  "Zoë"\n]\n'.encode()
    assert store.load(lambda document: document, list) == ["Zoë"]
    assert warnings == [] and os.listdir(tmp_path) == ["t.json"]


def test_the_file_is_saved_in_folders_not_made_yet(tmp_path):
    path = tmp_path / "a" / "b" / "t.json"
    assert JsonFile(path).save([1])
    assert json.loads(path.read_text(encoding="utf-8")) == [1]


def test_the_text_is_written_to_a_hidden_file_beside_the_target(tmp_path, monkeypatch):
    path = tmp_path / "t.json"
    seen: list[list[str]] = []
    fsync = os.fsync

    def watching(fd: int) -> None:
        seen.append(sorted(os.listdir(tmp_path)))
        fsync(fd)

    monkeypatch.setattr(os, "fsync", watching)
    assert JsonFile(path).save([1])
    assert len(seen) == 1 and len(seen[0]) == 1 and seen[0][0].startswith(".t.json.")
    assert os.listdir(tmp_path) == ["t.json"]


def test_a_document_that_is_no_json_is_not_saved_and_says_why(tmp_path):
    path = tmp_path / "t.json"
    warnings: list[str] = []
    looped: list[object] = []
    looped.append(looped)
    assert not JsonFile(path, warnings.append).save(looped)
    assert warnings == [f"cannot save {path} (Circular reference detected); changes made now will be lost when the program ends"]
    assert os.listdir(tmp_path) == []


def test_a_long_reason_for_a_failed_save_is_cut_at_200_characters(tmp_path, monkeypatch):
    path = tmp_path / "t.json"
    warnings: list[str] = []

    def fail(fd: int) -> None:
        raise OSError("the disk went away: " + "z" * 300)

    monkeypatch.setattr(os, "fsync", fail)
    assert not JsonFile(path, warnings.append).save([1])
    why = ("the disk went away: " + "z" * 300)[:200]
    assert warnings == [f"cannot save {path} ({why}); changes made now will be lost when the program ends"]
    assert os.listdir(tmp_path) == []


def test_a_failed_save_whose_temporary_file_is_already_gone_only_warns(tmp_path, monkeypatch):
    path = tmp_path / "t.json"
    warnings: list[str] = []

    def lose(source: str, target: object) -> None:
        os.unlink(source)
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(os, "replace", lose)
    assert not JsonFile(path, warnings.append).save([1])
    assert warnings == [f"cannot save {path} (Input/output error); changes made now will be lost when the program ends"]
    assert os.listdir(tmp_path) == []


def shared(path: Path, warnings: list[str]) -> Shared[dict[str, int]]:
    return Shared(JsonFile(path, warnings.append), dict, dict, dict, lambda base, ours, theirs: {**theirs, **ours})


def test_a_change_synced_before_anything_was_loaded_is_saved(tmp_path):
    path = tmp_path / "t.json"
    warnings: list[str] = []
    assert shared(path, warnings).sync({"ann": 1}) == {"ann": 1}
    assert json.loads(path.read_text(encoding="utf-8")) == {"ann": 1} and warnings == []


def test_a_change_to_a_file_left_untouched_is_made_and_kept_in_memory(tmp_path):
    path = tmp_path / "t.json"
    path.mkdir()  # a folder in place of the file: read as unreadable, left untouched
    warnings: list[str] = []
    store = shared(path, warnings)
    assert store.load() == {} and len(warnings) == 1
    assert store.sync({"ann": 1}, lambda users: users.update(bob=2)) == {"ann": 1, "bob": 2}
    assert path.is_dir() and sorted(os.listdir(path)) == []


def test_on_windows_the_lock_is_waited_for_until_it_is_had(tmp_path, monkeypatch):
    calls: list[tuple[object, ...]] = []
    refusals = [OSError(errno.EDEADLK, "Resource deadlock avoided")] * 2

    def locking(*args: object) -> None:
        calls.append(args)
        if refusals:
            raise refusals.pop()

    msvcrt = types.ModuleType("msvcrt")
    msvcrt.LK_LOCK = 1  # type: ignore[attr-defined]
    msvcrt.locking = locking  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "msvcrt", msvcrt)
    monkeypatch.setattr(sys, "platform", "win32")
    with open(tmp_path / "t.json.lock", "a+b") as handle:
        _hold(handle.fileno())
        assert calls == [(handle.fileno(), 1, 1)] * 3
