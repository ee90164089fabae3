"""A strategy saved in the Lab plays in the page's other modes, in a real Chromium, as a person
would use them: it breaks a code in Computer breaks your code (its guesses the terminal's
``--player FILE`` guesses for the same secret), a failing one forfeits with its sentence and
nothing is lost, and it plays a Tournament beside a registered user. Run with ``-n 1``: each test
starts Lab workers of their own."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .test_lab import FIRST_POSSIBLE, ROOT, Lab
from .test_lab_keep import keep, started
from .test_modes import Modes

MOVE_TIMEOUT_MS = 60_000
"""A strategy's first guess waits for its worker's Python to start."""


@pytest.fixture
def lab(solo) -> Lab:
    return Lab(solo).open()


def saved(lab: Lab, name: str, source: str) -> Modes:
    """Type `source` into the Lab, save it as `name`, then open Computer breaks your code from the picker."""
    lab.type_strategy(source)
    keep(lab, name)
    expect(lab.status).to_have_text(f"Saved {name}.")
    started(lab.page)
    lab.game.choose("Computer breaks your code")
    return Modes(lab.game).wait("Computer breaks your code")


def terminal_guesses(tmp_path: Path, source: str, secret: str) -> list[str]:
    """The guesses the terminal's computer mode plays with the strategy file against `secret`."""
    path = tmp_path / "first.py"
    path.write_text(source)
    printed = subprocess.run([sys.executable, "-m", "mastermind", "--mode", "computer", "--player", str(path)], cwd=ROOT,
                             input=f"{secret}\nn\n", capture_output=True, text=True, check=True).stdout
    return re.findall(r"guess: ([A-Z]{4}) -> Result", printed)


def test_a_saved_strategy_breaks_your_code_as_in_the_terminal(lab, tmp_path):
    modes = saved(lab, "First", FIRST_POSSIBLE)
    choice = modes.field("Computer player")
    expect(choice.locator("option")).to_have_text(["HAL9000", "VIKI", "First"])
    expect(modes.page.locator(".mode-intro")).to_contain_text("A strategy you saved in the Lab may break it too")
    choice.select_option("First")
    modes.button("Start").click()
    modes.type_code("RBYR")
    expected = terminal_guesses(tmp_path, FIRST_POSSIBLE, "RBYR")
    said = f"First broke your code RBYR in {len(expected)} guesses."
    expect(modes.status).to_contain_text(said, timeout=MOVE_TIMEOUT_MS)
    assert [row[1] for row in modes.rows_text("History")] == expected
    assert '"strategy":true' in modes.page.evaluate("localStorage.getItem('mastermind:matches')").replace(" ", "")

    modes.button("Play again").click()  # the same strategy again, a new worker game
    modes.type_code("GOPY")
    expect(modes.status).to_contain_text("First broke your code GOPY", timeout=MOVE_TIMEOUT_MS)
    assert [row[1] for row in modes.rows_text("History")] == terminal_guesses(tmp_path, FIRST_POSSIBLE, "GOPY")


@pytest.mark.parametrize(("source", "said"), [
    ("def guess(history, rules):\n    if history:\n        return 1 / 0\n    return 'RRGG'\n",
     "Crash gave up: Guess 2: the strategy raised ZeroDivisionError: division by zero on line 3."),
    ("def guess(history, rules):\n    return 'RR'\n",
     "Crash gave up: Guess 1 was refused: A code has 4 pegs, this has 2."),
    ("def guess(history, rules):\n    while True:\n        pass\n",
     "Crash gave up: Guess 1: no answer within 1 s; the game was stopped."),
])
def test_a_failing_strategy_forfeits_with_its_sentence_and_nothing_is_lost(lab, source, said):
    modes = saved(lab, "Crash", source)
    strategies = modes.page.evaluate("localStorage.getItem('mastermind:strategies')")
    modes.field("Computer player").select_option("Crash")
    modes.button("Start").click()
    modes.type_code("RBYR")
    expect(modes.status).to_contain_text(said, timeout=MOVE_TIMEOUT_MS)
    expect(modes.status).to_contain_text("Your code RBYR was not broken: you win!")
    expect(modes.page.get_by_role("region", name="Secret code")).to_have_text("RBYR")
    expect(modes.button("Play again")).to_be_visible()
    assert modes.page.evaluate("localStorage.getItem('mastermind:strategies')") == strategies
    modes.reload("Computer breaks your code")  # the forfeit is kept with the game
    expect(modes.status).to_contain_text(said.removeprefix("Crash gave up: "))


def test_a_saved_strategy_plays_a_tournament(lab):
    modes = saved(lab, "First", FIRST_POSSIBLE)
    modes.game.choose("Tournament")
    modes.wait("Tournament")
    modes.field("New user name").fill("Alan")
    modes.button("Register").click()
    options = modes.page.locator("#player-names option")
    expect(options).to_have_count(4)  # Alan, HAL9000, VIKI, First
    modes.start(Players="2", Attempts="5", Player_1_name="Alan", Player_2_name="first")
    expect(modes.heading("Alan sets the code for First")).to_be_visible()
    modes.type_code("RBYR")
    for left, guess in zip(range(5, 0, -1), ("RRRR", "GGGG", "BBBB", "YYYY", "WWWW"), strict=True):
        turn = re.compile(rf"Alan, break First's code: {left} attempts? left|Match over")
        expect(modes.status).to_contain_text(turn, timeout=MOVE_TIMEOUT_MS)
        if "Match over" in (modes.status.text_content() or ""):
            break
        modes.type_code(guess)
        if left == 5:  # First answers Alan's guess with its own, asked of its Lab worker
            expect(modes.status).to_contain_text(re.compile(r"First guessed [A-Z]{4}: "), timeout=MOVE_TIMEOUT_MS)
    expect(modes.status).to_contain_text("Match over", timeout=MOVE_TIMEOUT_MS)
    scores = modes.rows_text("Scores")
    assert [row[0] for row in scores] == ["Alan", "First"]
    assert scores[1][1] == "no points (computer)"
    stored = modes.page.evaluate("localStorage.getItem('mastermind:matches')")
    assert '"strategies":["First"]' in stored.replace(" ", "")
    modes.reload("Tournament")  # the finished match is resumed with its strategy
    expect(modes.page.get_by_role("table", name="Scores")).to_contain_text("First")
