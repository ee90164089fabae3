"""Solve mode in the terminal (``--mode solve``): whole sessions as transcripts."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from mastermind import feedback
from mastermind.solving import slot_marks, text_of

from .transcripts import lines, play

HEAD = (
    "Solve a game played elsewhere: 4 pegs, colours may repeat.\n"
    "Valid colors: B - Blue, G - Green, O - Orange, P - Purple, R - Red, Y - Yellow.\n"
    "Feedback rule: black and white (B, the default) or per slot (S)? "
)
OPENING = "1,296 codes left.\nSuggestion: BBGO (about 4.3 guesses to the end).\n"


def test_black_and_white_rows_refusals_and_commands():
    status, out = play(lines("x", "b", "rows", "BBGO 1 1", "RGBY 5 0", "RGBY 3 1", "RGBX 1 1", "OPRY 0 0", "rows", "quit"),
                       "--mode", "solve")
    assert status == 0
    assert out == (
        HEAD + "Please answer B or S.\n"
        "Feedback rule: black and white (B, the default) or per slot (S)? "
        "Enter each row as the guess, then the black and white counts: RGBY 2 1 (? for a count not seen).\n"
        "Commands: ignore N (set row N aside, or take it back), edit N and the row, rows, new, quit.\n"
        + OPENING +
        "Row 1: No rows yet.\n"
        "Row 1: 230 codes left.\n"
        "Suggestion: BPBR (about 3.5 guesses to the end).\n"
        "Row 2: -> REFUSED: 5 black pegs on 4 pegs: a count is from 0 to 4.\n"
        "Row 2: -> REFUSED: 3 black and 1 white cannot happen: with 3 pegs right, the last cannot hold a colour "
        "of the code in the wrong place.\n"
        "Row 2: -> REFUSED: X is not in the palette (B G O P R Y).\n"
        "Row 2: 1 code left.\n"
        "Codes: GGGB\n"
        "Suggestion: GGGB, the only code left.\n"
        "Row 3: 1. BBGO 1 1\n"
        "2. OPRY 0 0\n"
        "Row 3: "
    )


def test_a_wrong_row_is_named_then_ignored_or_edited():
    typed = lines("b", "RRGG 0 0", "BBOO 0 0", "RGBY 0 2", "ignore 3", "ignore 3", "edit 3 RGBY 0 1", "ignore 9")
    _, out = play(typed, "--mode", "solve")
    said = out.split("Row 4: ")
    assert said[0].endswith(
        "Row 3: No code fits. Row 3 contradicts rows 1 and 2. Type ignore N or edit N to fix it.\n")
    assert said[1].startswith("Row 3 set aside.\n16 codes left.\n")
    assert said[2].startswith("Row 3 taken back.\nNo code fits. Row 3 contradicts rows 1 and 2.")
    assert said[3].startswith("Row 3 is now RGBY 0 1.\n7 codes left.\nCodes: PPYP PYPP PYYP YPPP YPYP YYPP YYYP\n")
    assert said[4] == "-> REFUSED: Name a row from 1 to 3.\n"


def test_unseen_feedback_and_a_row_no_code_can_earn():
    _, out = play(lines("b", "RGBY ? ?", "RRRR 0 1", "RGBY 0 0", "new", "quit"), "--mode", "solve", "--no-duplicates")
    assert "Row 1: 360 codes left.\n" in out  # an unseen feedback constrains nothing
    assert "Row 2: -> REFUSED: " in out  # RRRR is no code of this game
    assert "Row 2: -> REFUSED: Without repeats, 4 colours of 6 share at least 2 with any code, not 0.\n" in out
    assert out.endswith("Row 2: Rows cleared.\n360 codes left.\nSuggestion: BGOP (about 4.0 guesses to the end).\nRow 1: ")
    _, out = play(lines("b", "RRRR 0 1"), "--mode", "solve")
    assert "Row 1: -> REFUSED: No code gives this feedback to RRRR.\n" in out


@pytest.mark.parametrize("rule", ["b", "s"])
def test_following_the_suggestions_breaks_the_code(rule):
    secret = "PYRG"
    typed, out = ["b" if rule == "b" else "s"], ""
    for _ in range(6):
        _, out = play(lines(*typed), "--mode", "solve")
        guess = out.rsplit("Suggestion: ", 1)[1][:4]
        if guess == secret:
            break
        black, white = feedback(secret, guess)
        typed.append(f"{guess} {black} {white}" if rule == "b" else f"{guess} {text_of(slot_marks(secret, guess))}")
    assert guess == secret and len(typed) - 1 <= 4  # the fifth guess is the secret
    black, white = feedback(secret, guess)
    typed.append(f"{guess} {black} {white}" if rule == "b" else f"{guess} {text_of(slot_marks(secret, guess))}")
    _, out = play(lines(*typed), "--mode", "solve")
    assert out.endswith(f"Code broken: {secret}. Type new for another game, or quit.\nRow {len(typed)}: \n")
    if rule == "s":
        assert "Enter each row as the guess, then one mark per slot: RGBY +~-? (+ right, ~ present, - absent, ? not seen)." in out


def test_per_slot_rows_with_unknown_marks():
    _, out = play(lines("s", "RRGG +-~?", "RRGG +~-?", "RGBY +++~"), "--mode", "solve")
    assert "Row 2: " in out and "-> REFUSED" not in out.split("Row 2: ")[1].split("\n")[0]
    assert "-> REFUSED: Slot 2 (R) is present but slot 1" not in out
    assert "Row 3: -> REFUSED: With 3 slots right, the last cannot be present." in out


def test_an_empty_answer_takes_the_feedback_rule_the_question_names():
    _, out = play(lines("", "quit"), "--mode", "solve")
    assert out.startswith(HEAD + "Enter each row as the guess, then the black and white counts: RGBY 2 1")


@pytest.mark.parametrize(("flag", "row", "form"), [
    ("black-white", "RGBY 2 1", "then the black and white counts"),
    ("per-slot", "RGBY ++~-", "then one mark per slot"),
])
def test_feedback_flag_asks_no_question(flag, row, form):
    _, out = play(lines(row, "rows", "quit"), "--mode", "solve", "--feedback", flag)
    assert "Feedback rule" not in out
    assert out.startswith(HEAD.removesuffix("Feedback rule: black and white (B, the default) or per slot (S)? ")
                          + f"Enter each row as the guess, {form}")
    assert f"Row 2: 1. {row}\n" in out


def test_feedback_flag_belongs_to_solve_mode(capsys):
    with pytest.raises(SystemExit) as exit_:
        play("", "--mode", "classic", "--feedback", "per-slot")
    assert exit_.value.code == 2
    assert "--feedback: the feedback rule is a setting of solve mode, not of --mode classic" in capsys.readouterr().err


@pytest.mark.cpython_only(reason="starts a Python subprocess")
def test_python_dash_m_solves_a_piped_game_from_flags_alone():
    """`python -m mastermind --mode solve --feedback ...` with the rows piped in: no dialogue to
    know, every line read is a row or a command, and the code is broken."""
    typed = lines("BBGO 1 1", "OPRY 0 0", "GGGB 4 0")
    done = subprocess.run([sys.executable, "-m", "mastermind", "--mode", "solve", "--feedback", "black-white"],
                          input=typed, capture_output=True, text=True, timeout=120, env={**os.environ, "LANGUAGE": "en"})
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == (
        HEAD.removesuffix("Feedback rule: black and white (B, the default) or per slot (S)? ")
        + "Enter each row as the guess, then the black and white counts: RGBY 2 1 (? for a count not seen).\n"
        "Commands: ignore N (set row N aside, or take it back), edit N and the row, rows, new, quit.\n"
        + OPENING +
        "Row 1: 230 codes left.\n"
        "Suggestion: BPBR (about 3.5 guesses to the end).\n"
        "Row 2: 1 code left.\n"
        "Codes: GGGB\n"
        "Suggestion: GGGB, the only code left.\n"
        "Row 3: Code broken: GGGB. Type new for another game, or quit.\n"
        "Row 4: \n"
    )
