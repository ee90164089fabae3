"""The classic console game, driven through whole transcripts.

The expected texts are copied from the source text (seeds/000): every line of the dialogue is
checked, not just a few words. Seed 1959 draws YRBY, the secret of the source's own example.
"""

import io
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mastermind import CLASSIC, Code
from mastermind.cli import main
from mastermind.cli.console import Console

from .transcripts import lines, play

SEED = "1959"  # draws YRBY, as in the source text's example

RULES = (
    "Welcome to Mastermind. Here are the rules.\n\n"
    "This is a text version of the classic board game Mastermind.\n\n"
    "The computer will think of a secret code. The code consists of 4 colored pegs. The pegs MUST be one of six "
    "colors: blue, green, orange, purple, red, or yellow. A color may appear more than once in the code. You try "
    "to guess what colored pegs are in the code and what order they are in. After you make a valid guess the "
    "result (feedback) will be displayed.\n\n"
    "The result consists of a black peg for each peg you have guessed exactly correct (color and position) in "
    "your guess. For each peg in the guess that is the correct color, but is out of position, you get a white "
    "peg. For each peg, which is fully incorrect, you get no feedback.\n\n"
    "Only the first letter of the color is displayed. B for Blue, R for Red, and so forth. When entering guesses "
    "you only need to enter the first character of each color as a capital letter.\n\n"
    "You have 12 guesses to figure out the secret code or you lose the game. Are you ready to play? (Y/N): "
)
GENERATING = "Generating secret code ...\n"
SHOWN = "Generating secret code ... (for this example the secret code is YRBY)\n"
ASK = "What is your next guess?\nType in the characters for your guess and press enter.\nEnter guess: "
AGAIN = "Are you ready for another game (Y/N): "
LOSE = "Sorry, you are out of guesses. You lose, boo-hoo.\n"


def left(n: int) -> str:
    return f"You have {n} guess left.\n" if n == 1 else f"You have {n} guesses left.\n"


def test_secret_of_the_seed_is_the_source_example():
    assert Code.random(CLASSIC, random.Random(int(SEED))) == Code("YRBY")


def test_won_game_in_test_mode_follows_the_source_dialogue():
    status, out = play(lines("Y", "OOOO", "oooo", "RRRR", "HISTORY", "YRBY", "N"), "1", "--seed", SEED)
    assert status == 0
    assert out == (
        RULES + SHOWN + left(12)
        + ASK + "OOOO -> Result: No pegs\n" + left(11)
        + ASK + "OOOO -> Result: No pegs\n" + left(10)
        + ASK + "RRRR -> Result: 1 black peg\n" + left(9)
        + ASK + "OOOO\t\t0B_0W\nOOOO\t\t0B_0W\nRRRR\t\t1B_0W\n"
        + ASK + "YRBY -> Result: 4 black pegs - You win !!\n"
        + AGAIN
    )


def test_lost_game_without_test_mode_hides_the_secret():
    guesses = ["GGGG", "YYYY", "BYRY", "RYYB", "YRBO", "OYOO", "GGGG", "GGGG", "GGGG", "GGGG", "GGGG", "GGGG"]
    results = [
        "No pegs", "2 black pegs", "1 black peg and 3 white pegs", "4 white pegs", "3 black pegs", "1 white peg",
        *["No pegs"] * 6,
    ]
    status, out = play(lines("y", *guesses, "n"), "--seed", SEED)
    expected = RULES + GENERATING + left(12)
    for number, (guess, result) in enumerate(zip(guesses, results, strict=False), start=1):
        expected += ASK + f"{guess} -> Result: {result}\n" + (left(12 - number) if number < 12 else LOSE)
    assert status == 0
    assert out == expected + AGAIN
    assert "YRBY" not in out


@pytest.mark.parametrize(
    ("typed", "options"),
    [
        ("RRR", ()),  # too short
        ("RRRRR", ()),  # too long
        ("kkkk", ()),  # letters outside the palette
        ("0000", ()),  # digits are not colours
        ("", ()),  # an empty line
        ("    ", ()),  # only spaces
        ("R R R", ()),  # three pegs, spaced (spaces are no pegs)
        ("RRBY", ("--no-duplicates",)),  # a repeat where repeats are off
    ],
)
def test_every_invalid_guess_is_refused_and_costs_nothing(typed, options):
    config = CLASSIC.replace(allow_duplicates="--no-duplicates" not in options)
    secret = Code.random(config, random.Random(int(SEED)))
    status, out = play(lines("Y", typed, str(secret), "N"), "--seed", SEED, *options)
    assert status == 0
    assert out.endswith(
        GENERATING + left(12)
        + ASK + f"{typed} -> INVALID GUESS\n"
        + ASK + f"{secret} -> Result: 4 black pegs - You win !!\n"
        + AGAIN
    )


def test_history_is_case_insensitive_and_empty_before_the_first_guess():
    status, out = play(lines("Y", "history", "BBRG", "History"), "--seed", SEED)
    assert out == (
        RULES + GENERATING + left(12)
        + ASK  # nothing to show yet
        + ASK + "BBRG -> Result: 2 white pegs\n" + left(11)
        + ASK + "BBRG\t\t0B_2W\n"
        + ASK + "\n"  # the end of input ends the game
    )
    assert status == 0


def test_play_again_draws_the_next_secret_from_the_same_seed():
    rng = random.Random(int(SEED))
    first, second = Code.random(CLASSIC, rng), Code.random(CLASSIC, rng)
    status, out = play(lines("Y", str(first), "Y", str(second), "N"), "1", "--seed", SEED)
    assert status == 0
    assert out == (
        RULES + SHOWN + left(12) + ASK + "YRBY -> Result: 4 black pegs - You win !!\n"
        + AGAIN + f"Generating secret code ... (for this example the secret code is {second})\n" + left(12)
        + ASK + f"{second} -> Result: 4 black pegs - You win !!\n"
        + AGAIN
    )


def test_a_yes_no_question_asks_again_until_answered():
    status, out = play(lines("maybe", "", "N"))
    assert status == 0
    assert out == RULES + "Please answer Y or N.\nAre you ready to play? (Y/N): " * 2


@pytest.mark.parametrize(
    ("stdin", "ending"),
    [
        ("", RULES),
        ("Y\n", ASK),
        ("Y\nYRBY\n", AGAIN),
    ],
    ids=["at the first question", "at a guess", "at play again"],
)
def test_end_of_input_at_any_prompt_ends_cleanly(stdin, ending):
    status, out = play(stdin, "--seed", SEED)
    assert status == 0
    assert out.endswith(ending + "\n")


def test_ctrl_c_ends_without_a_traceback():
    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    out = io.StringIO()
    assert main([], Console(read=interrupted, read_hidden=interrupted, write=out.write)) == 130
    assert out.getvalue() == "\n"


def test_settings_change_the_rules_text_and_the_game():
    status, out = play(lines("Y", "BGOPR", "N"), "--pegs", "5", "--colors", "8", "--guesses", "1", "--no-duplicates")
    assert status == 0
    assert (
        "The code consists of 5 colored pegs. The pegs MUST be one of eight colors: blue, green, orange, purple, "
        "red, yellow, white, or black. A color may not appear more than once in the code." in out
    )
    assert "You have 1 guess to figure out the secret code" in out
    assert left(1) + ASK + "BGOPR -> Result: " in out
    assert out.endswith(LOSE + AGAIN)


def test_a_palette_by_names_explains_its_own_letters():
    _, out = play("", "--colors", "Green,Maroon,White", "--pegs", "2")
    assert "one of three colors: green, maroon, or white." in out
    assert "G for Green, M for Maroon, and so forth." in out


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--pegs", "9"], "pegs: must be from 1 to 8, not 9"),
        (["--guesses", "0"], "max_guesses: must be from 1 to 20, not 0"),
        (["--colors", "1"], "colors: must be from 2 to 10, not 1"),
        (["--colors", "Red,Magenta,Maroon"], "colors: Magenta and Maroon share the letter M"),
        (["--pegs", "7", "--no-duplicates"], "allow_duplicates: without duplicates a code of 7 pegs"),
        (["--pegs", "four"], "invalid int value: 'four'"),
        (["--mode", "chess"], "invalid choice: 'chess'"),
    ],
)
def test_a_bad_option_is_refused_with_status_2(options, message, capsys):
    with pytest.raises(SystemExit) as exit_:
        play("", *options)
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err


def test_help_documents_every_option(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    text = capsys.readouterr().out
    for option in ("testmode", "--mode", "--seed", "--pegs", "--colors", "--guesses", "--duplicates",
                   "--no-duplicates", "--breaker", "--data-dir", "--help"):
        assert option in text
    for mode in ("classic", "computer", "duel", "race", "tournament"):
        assert mode in text


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(st.characters(exclude_categories=("Cs", "Zl", "Zp", "Cc")), max_size=6), max_size=11))
def test_anything_typed_at_the_guess_prompt_is_scored_or_refused(typed):
    status, out = play(lines("Y", *typed), "--seed", SEED)
    assert status == 0
    if "You win" not in out:
        scored, refused = out.count(" -> Result: "), out.count(" -> INVALID GUESS\n")
        histories = sum(text.strip().upper() == "HISTORY" for text in typed)
        assert scored + refused + histories == len(typed)
        assert out.count(ASK) == len(typed) + 1
        assert out.rsplit("You have ", 1)[1].startswith(f"{12 - scored} guesses left.")  # refusals cost nothing


def run_program(stdin: str, *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mastermind", *argv], input=stdin, capture_output=True, text=True, timeout=60
    )


@pytest.mark.cpython_only(reason="starts a Python subprocess")
def test_python_dash_m_plays_a_piped_game():
    done = run_program(lines("Y", "RRRR", "YRBY", "N"), "1", "--seed", SEED)
    assert done.returncode == 0, done.stderr
    assert done.stdout == (
        RULES + SHOWN + left(12) + ASK + "RRRR -> Result: 1 black peg\n" + left(11)
        + ASK + "YRBY -> Result: 4 black pegs - You win !!\n" + AGAIN
    )
    assert done.stderr == ""


@pytest.mark.cpython_only(reason="starts a Python subprocess")
def test_python_dash_m_ends_cleanly_when_stdin_is_closed():
    done = run_program("Y\n", "--seed", SEED)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.endswith(ASK + "\n")
