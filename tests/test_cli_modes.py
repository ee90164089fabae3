"""Whole matches of the other modes in the terminal: duel, race, tournament and computer.

Duel follows the source's own sample runs (seeds/004); the feedback lines there are the source's.
Where the spec overrides the source (guesses and secrets are case-insensitive, so the source's
``rgBY`` and ``rgbm`` are valid), those inputs are left out.
"""

import io
import json
import os
import random
import subprocess
import sys

import pytest

from mastermind import CLASSIC, RACE, feedback
from mastermind.cli import main
from mastermind.cli.console import Console
from mastermind.solver import solve

from .transcripts import lines, play

COLORS = "Valid colors: R - Red, G - Green, B - Blue, P - Purple, Y - Yellow, M - Magenta\n"


# Duel


def secret_turn(maker: str) -> str:
    return f"{maker}, it is your turn to select the secret!\n" + COLORS + f"{maker}, please enter your secret: "


def guesses(breaker: str, *replies: str) -> str:
    return "".join(f"{breaker}, please enter your guess: {reply}\n" for reply in replies)


def test_duel_sample_run_1_with_every_refusal():
    typed = lines(
        "Duygu", "Duygu duygu", "Duygu Gulsen",
        "-2", "0", "1", "3", "11", "two", "2",
        "QWET", "UIOK", "RGBT", "RGBR", "RGBP",
        "MYPB", "MYP", "YMPGR", "GMYP", "RMYP", "RBYP", "RBGP", "RBBY", "RPGB",
        "YMPG",
        "MPGR", "BPMY", "PMYB", "PM", "YMBP", "YMPB", "MYGP",
    )
    status, out = play(typed, "--mode", "duel")
    runs = "Please enter the number of runs: "
    names = "Please enter the names of the players: "
    assert status == 0
    assert out == (
        names + "Please enter two names, separated by a space.\n"
        + names + "Duygu is already in the game.\n"
        + names + "Welcome Duygu and Gulsen\n\n"
        + "".join(
            runs + f"Invalid number of runs! (must be an even number from 2 to 20, not {n})\n"
            for n in (-2, 0, 1, 3, 11)
        )
        + runs + "Invalid number of runs! (enter a whole number, not 'two')\n"
        + runs + "\n"
        + secret_turn("Duygu") + "Invalid secret! (Q and W and E and T are not in the palette (R G B P Y M))\n"
        + "Duygu, please enter your secret: Invalid secret! (U and I and O and K are not in the palette (R G B P Y M))\n"
        + "Duygu, please enter your secret: Invalid secret! (T is not in the palette (R G B P Y M))\n"
        + "Duygu, please enter your secret: Invalid secret! (Red is used twice; colours may not repeat in this game)\n"
        + "Duygu, please enter your secret: \n"
        + guesses("Gulsen", "WW", "Invalid guess! (a code has 4 pegs, this has 3)",
                  "Invalid guess! (a code has 4 pegs, this has 5)", "RW", "RR", "RRW", "RRWW",
                  "Invalid guess! (Blue is used twice; colours may not repeat in this game)", "RWWW")
        + "Gulsen, you're out of chances, you lost this run!\n\n"
        + secret_turn("Gulsen") + "\n"
        + guesses("Duygu", "WWW", "WWW", "RWW", "Invalid guess! (a code has 4 pegs, this has 2)", "RRW", "RRR", "WWWW")
        + "Duygu, you're out of chances, you lost this run!\n\n"
        + "The game has ended!\nDuygu: 7 - Gulsen: 7\nDuygu and Gulsen, there is a tie!\n"
    )


def test_duel_sample_run_2_has_a_winner():
    typed = lines(
        "Gulsen Duygu", "4",
        "GPYB", "GPYB",
        "BPYM", "GPMR", "GMPY", "MPRB", "BPMR", "BPMY", "BPYM",
        "YMGB", "YGMP", "YMPG", "YMGP", "YMGB",
        "PBYG", "GBYP", "PBYG",
    )
    status, out = play(typed, "--mode", "duel")

    def won(breaker: str, *replies: str) -> str:
        """Replies to the breaker's guesses, then the winning guess, which earns no key pegs."""
        return guesses(breaker, *replies) + f"{breaker}, please enter your guess: {breaker}, you won this run!\n\n"

    assert status == 0
    assert out == (
        "Please enter the names of the players: Welcome Gulsen and Duygu\n\n"
        "Please enter the number of runs: \n"
        + secret_turn("Gulsen") + "\n" + won("Duygu")
        + secret_turn("Duygu") + "\n" + won("Gulsen", "RW", "WWW", "RWW", "RRW", "RRWW")
        + secret_turn("Gulsen") + "\n" + won("Duygu", "RWW", "RRW", "RRR")
        + secret_turn("Duygu") + "\n" + won("Gulsen", "RRWW")
        + "The game has ended!\nGulsen: 5 - Duygu: 8\nCongrats Duygu, you have won the game!\n"
    )


def test_duel_against_a_computer_player_runs_to_the_end():
    typed = lines("Ada HAL9000", "2", "RGBP", *["MYGP"] * 6)
    status, out = play(typed, "--mode", "duel", "--seed", "3")
    assert status == 0
    assert "HAL9000, it is your turn to select the secret!\n" + COLORS + "HAL9000 has selected the secret.\n" in out
    assert "HAL9000's guess: " in out and "HAL9000, you won this run!" in out
    assert out.endswith(("you have won the game!\n", "there is a tie!\n"))


# Race

RACE_INTRO = (
    "Welcome to Mastermind!\nA game of logic, with a bit of chance.\n\n"
    "Each round, each player breaks a secret code of 4 colors drawn by the computer, with at most 8 guesses. "
    "Every guess costs 1 point; a code not broken costs 2 more. After each guess you see your guesses so far, "
    "newest on top, with a b for each peg of the right color in the right place and a w for each right color "
    "in the wrong place. The lowest total after the last round wins.\n\n"
    "This game is for 2 players.\n"
)
NOTE = "Note : guess format must be 4 characters,\nno spaces included and no duplicates e.g. BOYG\n"


def race_prompt(round_: int, guess: int, name: str, points: int) -> str:
    return (
        f"\n[Round {round_}, Guess {guess}] Total Points for {name} : {points}\n"
        f"{name}, please enter guess (R-ed, Y-ellow, B-lue, G-reen, O-range, P-urple) : "
    )


def test_race_secrets_of_seed_0():
    from mastermind.race import Race

    race = Race(["Bob", "Alice"], 1, config=RACE, rng=random.Random(0))
    assert [str(attempt.secret) for attempt in race.attempts] == ["GPRY", "OGPY"]


def test_race_one_round_with_refusals_a_win_a_failure_and_play_again():
    typed = lines(
        "x" * 51, "Bob", "", "bob", "Alice", "0", "11", "1",
        "RRGB", "BOYG", "GPRY",  # Bob: a repeat refused, then 2 guesses
        *["RBGO"] * 8,  # Alice fails: 8 + 2 points
        "maybe", "q",
    )
    status, out = play(typed, "--mode", "race", "--seed", "0")
    alice_rows = ""
    alice = ""
    for guess in range(1, 9):
        alice_rows = "R\tB\tG\tO\tw\tw\t\t\n" + alice_rows
        alice += race_prompt(1, guess, "Alice", guess - 1) + alice_rows
    rounds = "Number of rounds? "
    assert status == 0
    assert out == (
        RACE_INTRO
        + "Player 1 name? The name is too long: at most 50 characters, this has 51.\n"
        + "Player 1 name? Player 2 name? Enter a name.\n"
        + "Player 2 name? Bob is already in the game.\n"
        + "Player 2 name? "
        + (rounds + "Invalid number of rounds. Please enter an integer between 1 and 10, inclusive.\n") * 2
        + rounds + "Great! codes have been initialized for both players. Let's begin.\n\n" + NOTE
        + race_prompt(1, 1, "Bob", 0) + "Red is used twice; colours may not repeat in this game.\n" + NOTE
        + race_prompt(1, 1, "Bob", 0)[1:] + "B\tO\tY\tG\tw\tw\t\t\n"
        + race_prompt(1, 2, "Bob", 1) + "G\tP\tR\tY\tb\tb\tb\tb\nB\tO\tY\tG\tw\tw\t\t\n"
        + "Congratulations, Bob! You have guessed the code!\n\n"
        + "Alice, it is now your turn to play.\n"
        + alice
        + "Alice, you did not guess the passcode in 8 guesses.\n"
        + "2 points will be added to the 8-point total for not guessing correctly.\n\n"
        + "Totals:\nBob: 2\nAlice: 10\n\n"
        + "Congratulations, Bob! You are the winner!\n"
        + "Play again (Y-es, Q-uit)? Invalid input.\nPlay again (Y-es, Q-uit)? "
    )


def test_race_play_again_starts_new_rounds_with_the_same_players():
    status, out = play(lines("Bob", "Alice", "1", *["RYBG"] * 16, "y", "2"), "--mode", "race", "--seed", "1")
    assert status == 0
    assert out.count("Great! codes have been initialized for both players.") == 2
    assert out.endswith(race_prompt(1, 1, "Bob", 0) + "\n")


# Tournament

MENU = (
    "\nWhat would you like to do?\n(r) register a new user\n(s) show the score board\n(p) play a game\n(q) quit\n> "
)
NAME = "What is the name of the new user?\n> "
CODE = "Please enter the code:\n> "
INVALID_CODE = "Invalid code. It must be exactly four characters, each can be R, G, B, Y, W, or K.\n"
TABLE = "==============\nCode Feedback\n==============\n"


def turn(name: str, previous: str, left: int) -> str:
    rows = TABLE + previous + "==============\n" if previous else ""
    count = previous.count("\n")
    return f"\n* {name}'s turn to guess the code.\nPrevious attempts: {count}\n{rows}Attempts left: {left}\n"


def test_tournament_register_score_board_play_and_quit(tmp_path):
    typed = lines(
        "r", "Alan", "r", "alan", "r", "hal9000", "r", "", "x", "s", "r", "Steve",
        "p", "5", "2", "Bill", "Alan", "alan", "Steve", "4", "5",
        "BTWRA", "BYWR", "RGBK",  # Alan sets Steve's code, Steve sets Alan's
        "BGY", "BGYY", "RRRR", "RGBK",  # Alan breaks in 2; Steve goes on alone
        "KKKK", "GGGG", "WWWW", "BYWR",  # Steve breaks in 5
        "s", "q",
    )
    status, out = play(typed, "--mode", "tournament", "--data-dir", str(tmp_path))
    assert status == 0
    assert out == (
        "Welcome to the World of Mastermind!\n"
        + MENU + NAME + "Welcome, Alan!\n"
        + MENU + NAME + "Sorry, the name alan is already taken.\n"
        + MENU + NAME + "Sorry, hal9000 is a computer player's name.\n"
        + MENU + NAME + "Sorry, enter a name.\n"
        + MENU + "Please type r, s, p or q.\n"
        + MENU + "============\nName  Points\n============\nAlan       0\n============\n"
        + MENU + NAME + "Welcome, Steve!\n"
        + MENU + "Let's play the game of Mastermind!\n"
        + "How many players (2-4)?\n> Invalid number of players: must be from 2 to 4, not 5.\n"
        + "How many players (2-4)?\n> "
        + "What is the name of player #1?\n> Bill is not a registered user.\n"
        + "What is the name of player #1?\n> "
        + "What is the name of player #2?\n> Alan is already in the game.\n"
        + "What is the name of player #2?\n> "
        + "How many attempts will be allowed for each player (5-10)?\n> "
        + "Invalid number of attempts: must be from 5 to 10, not 4.\n"
        + "How many attempts will be allowed for each player (5-10)?\n> \n"
        + "* Alan's turn to set the code for Steve to break.\n" + CODE + INVALID_CODE
        + CODE + "The code is now set for Steve to break.\n\n"
        + "* Steve's turn to set the code for Alan to break.\n" + CODE + "The code is now set for Alan to break.\n"
        + turn("Alan", "", 5) + CODE + INVALID_CODE + CODE + "Feedback: K W\n"
        + turn("Steve", "", 5) + CODE + "Feedback: K\n"
        + turn("Alan", "BGYY K W\n", 4) + CODE + "Alan broke the code in 2 attempts!\n"
        + turn("Steve", "RRRR K\n", 4) + CODE + "Feedback: none\n"
        + turn("Steve", "RRRR K\nKKKK none\n", 3) + CODE + "Feedback: none\n"
        + turn("Steve", "RRRR K\nKKKK none\nGGGG none\n", 2) + CODE + "Feedback: K\n"
        + turn("Steve", "RRRR K\nKKKK none\nGGGG none\nWWWW K\n", 1) + CODE + "Steve broke the code in 5 attempts!\n"
        + "\nThe game is now finished.\n"
        + "Alan receives 4 + 4 = 8 points.\n"  # broke in 2 of 5: 4; Steve used 5 attempts: 4
        + "Steve receives 1 + 1 = 2 points.\n"  # broke in 5 of 5: 1; Alan used 2 attempts: 1
        + MENU + "=============\nName   Points\n=============\nAlan        8\nSteve       2\n=============\n"
        + MENU + "Goodbye!\n"
    )
    saved = json.loads((tmp_path / "tournament.json").read_text())
    assert saved == {"version": 1, "users": [{"name": "Alan", "points": 8}, {"name": "Steve", "points": 2}]}

    status, out = play(lines("s", "q"), "--mode", "tournament", "--data-dir", str(tmp_path))
    assert "Alan        8\nSteve       2\n" in out  # kept across visits


def test_tournament_with_hal9000_scores_the_source_example(tmp_path, monkeypatch):
    monkeypatch.setenv("MASTERMIND_DATA_DIR", str(tmp_path))
    play(lines("r", "Alan", "q"), "--mode", "tournament")
    typed = lines("p", "2", "Alan", "HAL9000", "5", "BYWR", *["WWWW"] * 5, "q")
    status, out = play(typed, "--mode", "tournament", "--seed", "5")
    assert status == 0
    assert "* HAL9000's turn to set the code for Alan to break.\nThe code is now set for Alan to break.\n" in out
    assert "Alan failed to break the code." in out
    used = int(out.split("HAL9000 broke the code in ")[1].split(" attempts!")[0])
    assert f"Alan receives 0 + {used - 1} = {used - 1} points." in out
    assert "HAL9000 receives" not in out  # computer players get no points


def test_a_damaged_tournament_file_is_reported_backed_up_and_play_goes_on(tmp_path, capsys):
    (tmp_path / "tournament.json").write_text('{"version": 1, "users": [{"name": 3}]}')
    status, out = play(lines("s", "r", "Ada", "q"), "--mode", "tournament", "--data-dir", str(tmp_path))
    assert status == 0
    assert "No users are registered yet." in out and "Welcome, Ada!" in out
    err = capsys.readouterr().err
    assert "tournament.json is damaged" in err and "it was kept as" in err
    (backup,) = tmp_path.glob("tournament.json.bak-*")
    assert backup.read_text() == '{"version": 1, "users": [{"name": 3}]}'
    assert json.loads((tmp_path / "tournament.json").read_text())["users"] == [{"name": "Ada", "points": 0}]


def test_end_of_input_in_the_middle_of_a_tournament_ends_cleanly(tmp_path):
    status, out = play(lines("r", "Ada", "p", "2", "Ada", "VIKI"), "--mode", "tournament", "--data-dir", str(tmp_path))
    assert status == 0
    assert out.endswith("How many attempts will be allowed for each player (5-10)?\n> \n")


# Computer breaks your code


@pytest.mark.parametrize("breaker", ["HAL9000", "VIKI"])
def test_computer_breaks_a_secret_typed_hidden(breaker):
    hidden: list[str] = []
    typed = iter(["RGB", "RGBY", "N"])
    out = io.StringIO()

    def read_hidden(prompt: str) -> str:
        hidden.append(prompt)
        out.write(prompt)
        return next(typed)

    def read(prompt: str) -> str:
        out.write(prompt)
        return next(typed)

    status = main(["--mode", "computer", "--breaker", breaker, "--seed", "7"], Console(read, read_hidden, out.write))
    moves = solve("RGBY", CLASSIC, breaker, rng=random.Random(7))
    shown = "".join(f"{breaker}'s guess: {move} -> Result: {feedback('RGBY', move).sentence()}\n" for move in moves)
    prompt = "Enter your secret code (it is not shown): "
    assert status == 0
    assert hidden == [prompt, prompt]  # the secret is read with the hidden reader only
    assert out.getvalue() == (
        f"{breaker} will break your secret code of 4 pegs in at most 12 guesses.\n"
        "Valid colors: B - Blue, G - Green, O - Orange, P - Purple, R - Red, Y - Yellow. "
        "A color may appear more than once in the code.\n"
        + prompt + "-> INVALID CODE: a code has 4 pegs, this has 3\n"
        + prompt + shown
        + f"{breaker} broke your code in {len(moves)} guesses.\n"
        + "Are you ready for another game (Y/N): "
    )


def test_computer_out_of_guesses_tells_the_person_they_won():
    status, out = play(lines("RGBYO", "n"), "--mode", "computer", "--pegs", "5", "--colors", "8", "--guesses", "1")
    assert status == 0
    assert "VIKI" not in out and out.count("HAL9000's guess: ") == 1
    assert out.endswith(
        "HAL9000 is out of guesses. Your code RGBYO was not broken - You win !!\nAre you ready for another game (Y/N): "
    )


@pytest.mark.cpython_only(reason="starts a Python subprocess")
def test_python_dash_m_keeps_the_tournament_where_the_variable_says(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "mastermind", "--mode", "tournament"],
        input=lines("r", "Grace", "q"),
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "MASTERMIND_DATA_DIR": str(tmp_path)},
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert "Welcome, Grace!" in done.stdout
    assert json.loads((tmp_path / "tournament.json").read_text())["users"] == [{"name": "Grace", "points": 0}]
