"""The terminal's words the earlier suites left loose: ``--help`` word for word and the test-mode
argument's default and choices; the question asked again after a line of bad bytes or a refused
answer (the short prompt, never the long one, and never lost); a refusal told what was typed; the
byte 0x80 refused like any other non-UTF-8 byte; guesses typed in the open; the player's own
letters refused in the order typed, and a code of the wrong length left to the rules; the status
named when no guess is due; and a breaker always handed a random number generator."""

from __future__ import annotations

import gettext
import io
import random

import pytest

from mastermind import Duel
from mastermind.autoplay import Autoplay
from mastermind.cli import main, parser, turns
from mastermind.cli.console import Console
from mastermind.cli.texts import typed
from mastermind.config import Config
from mastermind.errors import MoveError

from .test_mutants_cli import recording_console
from .transcripts import lines, play

HELP = """
usage: mastermind [-h] [--mode {classic,computer,duel,race,tournament,solve,lab}] [--seed N]
    [--pegs N] [--colors N|NAMES] [--guesses N] [--duplicates | --no-duplicates]
    [--hard] [--feedback {black-white,per-slot}] [--review] [--breaker {HAL9000,VIKI}]
    [--player FILE] [--limit SECONDS] [--compare] [--data-dir DIR] [testmode|FILE]

Mastermind in the terminal: break the secret code of coloured pegs.

positional arguments:
  testmode|FILE 1 turns on test mode: the classic game shows each secret code from the start;
    lab mode: FILE is the strategy to score

options:
  -h, --help show this help message and exit
  --mode {classic,computer,duel,race,tournament,solve,lab}
    classic: you break the computer's code (default); computer: a computer player breaks yours;
    duel: two players take turns making and breaking codes; race: two players race to break codes
    in fewer guesses; tournament: registered users and computer players, with a score board kept
    between visits; solve: enter the guesses and feedback of a game played elsewhere, the engine
    counts the codes left and suggests the next guess; lab: score the strategy (a Python file) given as
    FILE on every secret
  --seed N draw the secret codes from seed N, so games repeat exactly
  --hard classic game: hard mode, every guess must fit the feedback of all earlier guesses
  --feedback {black-white,per-slot} solve mode: the feedback rule of the game being solved, black and
    white counts (black-white) or a mark per slot (per-slot); asked when not given
  --review classic game: print each game's review at its end, skill and luck guess by guess
    (REVIEW typed after a game prints it too)
  --breaker {HAL9000,VIKI} computer mode: the computer player who breaks your code (default HAL9000, the strongest)
  --player FILE computer mode: a strategy file (as lab mode scores) breaks your code instead of a computer player;
                tournament mode: it may be chosen as a computer player, by its file's name
  --limit SECONDS lab mode and --player: seconds a strategy may take over one guess (default 1)
  --compare lab mode: also score HAL9000 and VIKI on the same secrets
  --data-dir DIR tournament mode: folder of the users and score board file (default $MASTERMIND_DATA_DIR,
    else $XDG_DATA_HOME/mastermind, else ~/.local/share/mastermind)

settings:
  change the mode's preset; refused when outside the rules

  --pegs N length of the code (1 to 8)
  --colors N|NAMES the palette: the first N colours of the catalog (2 to 10), or colour names
    separated by commas (e.g. Red,Green,Blue,Maroon)
  --guesses N guesses allowed per code (1 to 20); the tournament asks for its attempts instead
  --duplicates, --no-duplicates whether a colour may repeat in a code

End of input (Ctrl-D) at any prompt ends the program.
"""
"""``mastermind --help``, its words in order (the line breaks depend on the terminal's width)."""

RULES_END = "You have 12 guesses to figure out the secret code or you lose the game. Are you ready to play? (Y/N): "
READY = "Are you ready to play? (Y/N): "


def words(text: str) -> list[str]:
    return text.split()


def test_help_says_every_word_of_the_command_line(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    assert words(capsys.readouterr().out) == words(HELP)
    assert words(parser().format_help()) == words(HELP)


def test_test_mode_is_off_unless_1_is_given_and_nothing_else_is_taken(capsys):
    assert parser().parse_args([]).testmode == "0"
    assert parser().parse_args(["1"]).testmode == "1"
    with pytest.raises(SystemExit) as exit_:
        main(["2"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err  # Python 3.14's argparse writes the choices unquoted: (choose from 0, 1)
    assert "argument testmode: invalid choice: '2' (choose from " in err and "0" in err.rsplit("from", 1)[1]


def test_after_bad_bytes_and_a_refused_answer_the_short_question_is_asked_again():
    status, out = play(lines("R\udcffGB", "maybe"), "--seed", "1")
    assert status == 0
    assert out.endswith(RULES_END + "Sorry, that line holds bytes that are not UTF-8 text.\n" + READY + "Please answer Y or N.\n" + READY + "\n")
    assert out.count("Welcome to Mastermind.") == 1


def test_a_question_without_a_short_form_is_asked_again_as_it_was_after_bad_bytes():
    out = io.StringIO()
    console = Console.from_streams(io.StringIO(lines("4\udc80", "four", "4")), out)
    assert console.ask("How many? ", int, lambda text, error: f"{text!r} is not a number.") == 4
    assert out.getvalue() == ("How many? Sorry, that line holds bytes that are not UTF-8 text.\nHow many? 'four' is not a number.\nHow many? ")


def test_the_byte_0x80_is_refused_like_any_byte_that_is_not_utf8():
    _, out = play(lines("y", "R\udc80GB", "RGBY"), "--seed", "1")
    assert "Enter guess: Sorry, that line holds bytes that are not UTF-8 text.\nWhat is your next guess?\n" in out


def test_a_classic_guess_is_typed_in_the_open():
    console, asked, _said = recording_console(["y", "RGBY"])
    main(["--seed", "1"], console)
    assert [kind for kind, _prompt in asked] == ["seen", "seen", "seen"]
    assert Console(read=lambda prompt: "seen", read_hidden=lambda prompt: "hidden", write=print).line("? ") == "seen"


@pytest.fixture
def in_french():
    from mastermind import i18n
    from mastermind.i18n import DOMAIN, LOCALE_DIR

    i18n.use(gettext.translation(DOMAIN, LOCALE_DIR, ["fr"]), "fr")
    yield
    i18n.use(gettext.NullTranslations(), "en")


def test_letters_not_in_the_french_palette_are_named_in_the_order_typed(in_french):
    with pytest.raises(ValueError) as refused:
        typed("ZXVB", Config())
    assert str(refused.value) == "Z et X ne sont pas dans la palette (B V O I R J)"


def test_a_code_of_the_wrong_length_goes_to_the_rules_as_typed(in_french):
    assert typed("ZX", Config()) == "ZX"
    assert typed("ZXVBR", Config()) == "ZXGBR"  # Vert typed, Green held


def test_no_guess_due_names_the_matchs_status():
    duel = Duel(["Ann", "HAL9000"], 2, rng=random.Random(1))
    console = Console(read=lambda prompt: "RGBY", read_hidden=lambda prompt: "RGBY", write=lambda text: None)
    with pytest.raises(MoveError) as refused:
        turns.guess(console, duel, Autoplay(random.Random(1)), "Guess? ", lambda text, error: str(error), str)
    assert str(refused.value) == "no guess is due; Waiting for Ann to set the code for HAL9000 to break"


def test_a_breaker_is_handed_a_random_number_generator_when_none_was_given():
    handed = []

    def factory(player: str, config: Config, rng: random.Random):
        handed.append(rng)
        from mastermind.solver import codebreaker

        return codebreaker(player, config, rng)

    duel = Duel(["Ann", "HAL9000"], 2, rng=random.Random(1))
    duel.set_secret("Ann", "RGBY")
    Autoplay(factory=factory).step(duel)
    assert len(handed) == 1 and isinstance(handed[0], random.Random)
