"""The terminal's words in every language, with the real catalogs (``make catalogs``): the modes'
names, the colours' names and Solve's commands typed in the language or in English; the rules'
letters listed where the initials would mislead; what is said wrapped between words to the
terminal's width; a code typed with spaces between its pegs."""

from __future__ import annotations

import gettext
import io
import random
from collections.abc import Iterator

import pytest

from mastermind import CLASSIC, i18n
from mastermind.cli import main
from mastermind.cli.console import Console
from mastermind.code import Code
from mastermind.i18n import DOMAIN, LOCALE_DIR

from .transcripts import lines, play

LANGUAGES = ("fr", "de", "es", "pt", "it")


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """Every test leaves the process speaking English, as the others expect."""
    yield
    i18n.use(gettext.NullTranslations(), "en")


def speak(tag: str) -> None:
    if not (LOCALE_DIR / tag / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file():
        pytest.fail(f"the {tag} catalog is not compiled: run `make catalogs`")
    i18n.use(gettext.translation(DOMAIN, LOCALE_DIR, [tag]), tag)


def played(stdin: str, *argv: str, width: int | None = None) -> str:
    """The terminal edition's whole output, on a terminal `width` columns wide (None: a pipe),
    each line typed echoed after its prompt as a terminal shows it."""
    out, typed = io.StringIO(), iter(stdin.splitlines())

    def read(prompt: str) -> str:
        line = next(typed, None)
        if line is None:
            raise EOFError
        out.write(f"{prompt}{line}\n")
        return line

    assert main(list(argv), Console(read, read, out.write, width)) == 0
    return out.getvalue()


def test_german_rules_list_every_letter_so_gelb_is_not_typed_as_gruen() -> None:
    speak("de")
    out = played(lines("N"))
    assert "B - Blau, G - Grün, O - Orange, L - Lila, R - Rot, E - Gelb." in out
    assert "und so weiter" not in out  # the initials' sentence would say G is Gelb's letter too


@pytest.mark.parametrize("tag", LANGUAGES)
def test_every_language_lists_the_classic_letters(tag: str) -> None:
    speak(tag)
    out = played(lines("N"))
    letters = [i18n.colour_letter(color.name, color.letter) for color in CLASSIC.colors]
    names = [i18n.colour_name(color.name) for color in CLASSIC.colors]
    assert all(f"{letter} - {name}" in out for letter, name in zip(letters, names, strict=True))


def test_english_keeps_the_source_sentence_where_the_letters_are_initials() -> None:
    out = played(lines("N"))
    assert "Only the first letter of the color is displayed. B for Blue, R for Red, and so forth." in out
    assert "B - Blue" not in out
    out = played(lines("N"), "--colors", "Red,Black,Blue")  # Black is K: not its initial
    assert "Each color is displayed as one letter: R - Red, K - Black, B - Blue." in out


@pytest.mark.parametrize("tag", ("en", *LANGUAGES))
@pytest.mark.parametrize("mode", ("race", "classic", "solve"))
def test_what_is_said_wraps_between_words_at_80_columns(tag: str, mode: str) -> None:
    if tag != "en":
        speak(tag)
    typed = {"race": lines("Ada", "Bob"), "classic": lines("N"), "solve": lines("", "quit")}[mode]
    whole = played(typed, "--mode", mode)
    wrapped = played(typed, "--mode", mode, width=80)
    assert wrapped != whole  # each intro has a line longer than 80 columns
    assert wrapped.split() == whole.split()  # the same words, none cut in two
    assert all(len(line) <= 80 for line in wrapped.splitlines())


def test_a_pipe_gets_each_sentence_on_one_line() -> None:
    whole = played(lines("N"))
    assert "The computer will think of a secret code. The code consists of 4 colored pegs. The pegs MUST" in whole


@pytest.mark.parametrize(
    ("tag", "mode", "colours"),
    [("de", "lösen", "Rot,Blau,Gelb,Grün"), ("fr", "Résoudre", "rouge, bleu,jaune,vert"), ("it", "risolvi", "Rosso,Blu,Giallo,Verde"),
     ("de", "solve", "Red,Blue,Yellow,Green")],
)
def test_modes_and_colours_are_typed_in_the_language_or_in_english(tag: str, mode: str, colours: str) -> None:
    speak(tag)
    out = played(lines("quit"), "--mode", mode, "--colors", colours, "--feedback", "black-white")
    palette = ", ".join(f"{i18n.colour_letter(name, name[0])} - {i18n.colour_name(name)}"
                        for name in ("Red", "Blue", "Yellow", "Green"))
    assert palette in out


def test_an_unknown_mode_is_still_refused(capsys: pytest.CaptureFixture[str]) -> None:
    speak("de")
    with pytest.raises(SystemExit) as exit_:
        main(["--mode", "lösung"], Console.from_streams(io.StringIO(""), io.StringIO()))
    assert exit_.value.code == 2
    assert "lösung" in capsys.readouterr().err


@pytest.mark.parametrize("tag", LANGUAGES)
def test_the_help_names_the_languages_modes_and_colours(tag: str, capsys: pytest.CaptureFixture[str]) -> None:
    speak(tag)
    with pytest.raises(SystemExit):
        main(["--help"], Console.from_streams(io.StringIO(""), io.StringIO()))
    said = " ".join(capsys.readouterr().out.split())
    for mode in ("classic", "computer", "duel", "race", "tournament", "solve"):
        assert i18n.pgettext("mode option", mode) in said
    assert i18n.colour_name("Yellow") in said and "--feedback {black-white,per-slot}" in said


def test_solve_commands_in_german_and_in_english() -> None:
    speak("de")
    out = played(lines("RGBE 1 0", "RRRR 0 0", "zeilen", "ignorieren 2", "IGNORE 2", "neu", "rows", "beenden"),
                 "--mode", "lösen", "--feedback", "black-white")
    assert "Befehle: ignorieren N (Zeile N beiseitelegen oder zurückholen), bearbeiten N und die Zeile, zeilen, neu, beenden." in out
    assert "Die englischen Wörter gehen auch: ignore, edit, rows, new, quit." in out
    assert "1. RGBE 1 0\n2. RRRR 0 0\n" in out  # zeilen
    assert "Zeile 2 beiseitegelegt." in out and "Zeile 2 zurückgeholt." in out  # ignorieren, then IGNORE
    assert "Zeilen gelöscht." in out and "Noch keine Zeilen." in out  # neu, then rows
    assert "ABGELEHNT" not in out


def test_english_says_its_commands_once() -> None:
    out = played(lines("quit"), "--mode", "solve", "--feedback", "per-slot")
    assert "Commands: ignore N (set row N aside, or take it back), edit N and the row, rows, new, quit.\n" in out
    assert "work too" not in out


def test_a_code_typed_with_spaces_is_the_code() -> None:
    secret = Code.random(CLASSIC, random.Random(3))
    spaced = " ".join(str(secret).lower())
    status, out = play(lines("Y", spaced, "N"), "--seed", "3")
    assert status == 0
    assert f"{secret} -> Result: 4 black pegs - You win !!" in out


def test_a_secret_typed_with_spaces_in_the_languages_letters() -> None:
    speak("de")
    out = played(lines("e g b r", "N"), "--mode", "computer", "--seed", "1")
    assert "Dein Code EGBR" not in out and "-> UNGÜLTIGER CODE" not in out
    assert "EGBR" in out  # the computer's last guess, the secret


@pytest.mark.parametrize("tag", LANGUAGES)
@pytest.mark.parametrize(("rule", "form"), [("black-white", "RGBY 2 1"), ("per-slot", "RGBY +~-?")])
def test_the_feedback_rule_is_typed_in_the_language_or_in_english(tag: str, rule: str, form: str) -> None:
    speak(tag)
    local = i18n.pgettext("feedback option", rule)
    assert local != rule  # each language has its own word for it
    example = " ".join([i18n.shown_letters(form.split()[0], [(color.name, color.letter) for color in CLASSIC.colors]),
                        form.split()[1]])
    for typed in (local, local.upper(), rule):
        out = played(lines("quit"), "--mode", "solve", "--feedback", typed)
        assert example in out, (typed, out)


@pytest.mark.parametrize("tag", LANGUAGES)
def test_the_help_names_the_languages_feedback_rules(tag: str, capsys: pytest.CaptureFixture[str]) -> None:
    speak(tag)
    with pytest.raises(SystemExit):
        main(["--help"], Console.from_streams(io.StringIO(""), io.StringIO()))
    said = " ".join(capsys.readouterr().out.split())
    words = ", ".join(i18n.pgettext("feedback option", rule) for rule in ("black-white", "per-slot"))
    assert f"{words}." in said


def test_an_unknown_feedback_rule_is_still_refused(capsys: pytest.CaptureFixture[str]) -> None:
    speak("de")
    with pytest.raises(SystemExit) as exit_:
        main(["--mode", "solve", "--feedback", "schwarz"], Console.from_streams(io.StringIO(""), io.StringIO()))
    assert exit_.value.code == 2
    assert "schwarz" in capsys.readouterr().err


def test_the_german_tournament_names_each_letter_of_a_refused_code(tmp_path) -> None:
    """Gelb is E in German: the hint after an invalid code says so, as the rules do."""
    speak("de")
    out = played(lines("r", "Anna", "p", "2", "Anna", "HAL9000", "5", "xx", "q"), "--mode", "tournament",
                 "--data-dir", str(tmp_path))
    assert "Ungültiger Code. Er muss aus genau vier Zeichen bestehen, jedes davon R - Rot, G - Grün, B - Blau, " \
           "E - Gelb, W - Weiß oder S - Schwarz." in out


def test_the_english_tournament_keeps_the_source_hint_of_letters(tmp_path) -> None:
    out = played(lines("r", "Ann", "p", "2", "Ann", "HAL9000", "5", "xx", "q"), "--mode", "tournament",
                 "--data-dir", str(tmp_path))
    assert "Invalid code. It must be exactly four characters, each can be R, G, B, Y, W, or K." in out


@pytest.mark.parametrize("tag", LANGUAGES)
def test_solve_refusals_show_their_example_in_the_language_s_letters(tag: str) -> None:
    """The example a refused row names is typed as shown: its guess in the language's letters
    (German yellow is E, so "RGBY 2 1" would name a letter German does not type)."""
    from mastermind.errors import FeedbackError
    from mastermind.solving import BLACK_WHITE, PER_SLOT

    speak(tag)
    for rule, marks in ((BLACK_WHITE, "2 1"), (PER_SLOT, "+~-?")):
        with pytest.raises(FeedbackError) as refused:
            rule.parse("nonsense", 4)
        example = i18n.shown_letters("RGBY", [(color.name, color.letter) for color in CLASSIC.colors])
        assert f"{example} {marks}" in str(refused.value)
    if tag == "de":
        assert BLACK_WHITE.example == "RGBE 2 1"
