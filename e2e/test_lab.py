"""The Lab in a real Chromium, used as a person would: a strategy typed into `Strategy` key by key,
run and scored (its mean the terminal's, exactly), a runaway stopped and the next run working, a
stuck guess ended by the limit, a syntax error's line shown, hostile strategies refused with a
sentence and changing nothing, the worst secret watched (axe-core's gate over the Lab is
e2e/test_accessibility.py's). Run with ``-n 1``: each test starts the Lab's own Pyodide worker."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Locator, expect

BOOT_TIMEOUT_MS = 60_000
RUN_TIMEOUT_MS = 120_000
ROOT = Path(__file__).resolve().parent.parent

FIRST_POSSIBLE = """from mastermind.lab import possible

def guess(history, rules):
    return possible(history, rules)[0]
"""
"""A deterministic strategy: the first code still possible (the terminal scores it the same)."""


def type_strategy(editor: Locator, source: str) -> None:
    """Empty `editor` with the keys, then type `source` line by line as a person would: the
    code editor indents a new line itself, so after Enter, Shift+Home takes that indentation
    and the line's own is typed over it (an empty line: Delete takes it; in a plain textarea
    both keys do nothing at a line's start)."""
    keyboard = editor.page.keyboard
    editor.focus()
    keyboard.press("ControlOrMeta+a")
    keyboard.press("Delete")
    for index, line in enumerate(source.split("\n")):
        if index:
            keyboard.press("Enter")
            keyboard.press("Shift+Home")
        if line:
            keyboard.type(line)
        else:
            keyboard.press("Delete")


class Lab:
    """The Lab screen, through roles, names and labels (interface.md)."""

    def __init__(self, game) -> None:
        self.game = game
        self.page = game.page

    def open(self) -> Lab:
        self.page.goto(self.game.base_url + "?mode=lab")
        expect(self.page.get_by_role("heading", name="Lab", exact=True)).to_be_visible(timeout=BOOT_TIMEOUT_MS)
        expect(self.model).to_have_value(re.compile("def guess"), timeout=BOOT_TIMEOUT_MS)  # the starter, fetched
        return self

    def button(self, name: str):
        return self.page.get_by_role("button", name=name, exact=True)

    @property
    def screen(self):
        return self.page.locator("#lab")

    @property
    def editor(self):
        """`Strategy`: the code editor once it has loaded (e2e/test_editor.py), else the textarea."""
        return self.page.get_by_role("textbox", name="Strategy", exact=True)

    @property
    def model(self):
        """The textarea the page reads and writes (hidden behind the code editor)."""
        return self.page.locator("#lab-code")

    @property
    def score(self):
        return self.page.get_by_role("region", name="Score", exact=True)

    @property
    def status(self):
        return self.page.locator("#lab .status")

    def type_strategy(self, source: str) -> None:
        type_strategy(self.editor, source)

    def run(self) -> None:
        """Press Run, and wait until the run has begun (the screen counts its runs)."""
        runs = int(self.screen.get_attribute("data-runs") or 0)
        self.button("Run").click()
        expect(self.screen).to_have_attribute("data-runs", str(runs + 1))

    def finished(self) -> None:
        """Wait until the run and the computer players' scoring have ended."""
        expect(self.screen).to_have_attribute("data-state", "idle", timeout=RUN_TIMEOUT_MS)
        expect(self.button("Run")).to_be_enabled()


@pytest.fixture
def lab(solo):
    return Lab(solo).open()


def terminal_mean(tmp_path: Path, source: str) -> str:
    path = tmp_path / "strategy.py"
    path.write_text(source)
    printed = subprocess.run([sys.executable, "-m", "mastermind", "--mode", "lab", str(path)], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout
    found = re.search(r"^mean (\S+)$", printed, re.MULTILINE)
    assert found, printed
    return found.group(1)


def test_a_typed_strategy_scores_exactly_what_the_terminal_scores(lab, tmp_path):
    lab.type_strategy(FIRST_POSSIBLE)
    expect(lab.model).to_have_value(FIRST_POSSIBLE)
    lab.run()
    expect(lab.page.get_by_role("progressbar", name="Scoring")).to_be_visible()
    lab.finished()
    mean = terminal_mean(tmp_path, FIRST_POSSIBLE)
    expect(lab.score).to_contain_text(f"mean {mean}")
    expect(lab.score).to_contain_text(re.compile(r"worst \d+"))
    expect(lab.score).to_contain_text("Secrets: all 1,296 codes.")
    expect(lab.score.locator("svg rect").first).to_be_attached()
    expect(lab.status).to_contain_text(f"Scored: mean {mean}")
    compare = lab.page.get_by_role("table", name="To compare")
    expect(compare).to_contain_text("HAL9000")
    expect(compare.get_by_role("row").filter(has_text="VIKI")).not_to_contain_text("...", timeout=RUN_TIMEOUT_MS)
    expect(compare).to_contain_text("4.340")
    expect(compare).to_contain_text("4.638")


def test_a_runaway_is_stopped_and_the_next_run_works(lab, tmp_path):
    lab.type_strategy("def guess(history, rules):\n    while True:\n        pass\n")
    lab.run()
    expect(lab.button("Stop")).to_be_enabled()
    lab.button("Stop").click()
    expect(lab.button("Run")).to_be_enabled(timeout=1_000)  # within 1 s, whatever the code does
    expect(lab.status).to_contain_text("Stopped after 0 of 1,296 secrets.")
    lab.type_strategy(FIRST_POSSIBLE)
    lab.run()
    lab.finished()
    expect(lab.score).to_contain_text(f"mean {terminal_mean(tmp_path, FIRST_POSSIBLE)}")


def test_a_stuck_guess_ends_by_the_limit_and_the_run_goes_on(lab):
    """Under 2 pegs and 2 colours the first guess is BB; after one black (secrets BG and GB) the
    strategy never answers: those two games end by the limit, a fresh worker goes on each time."""
    stuck = ("from mastermind.lab import possible\n\ndef guess(history, rules):\n"
             "    while history and history[-1][1] == 1:\n        pass\n    return possible(history, rules)[0]\n")
    for label in ("Pegs", "Colours"):
        lab.screen.get_by_label(label, exact=True).fill("2")
        lab.screen.get_by_label(label, exact=True).press("Tab")
    lab.type_strategy(stuck)
    lab.run()
    lab.finished()
    expect(lab.score).to_contain_text("too slow 2")
    expect(lab.score).to_contain_text("not won 2")
    expect(lab.score).to_contain_text("No answer within 1 s")
    expect(lab.status).to_contain_text("Scored: mean 7.250")  # (1 + 13 + 13 + 2) / 4


def test_a_syntax_error_shows_its_line(lab):
    lab.type_strategy("import random\n\ndef guess(history, rules)\n    return 'BBBB'\n")
    lab.run()
    expect(lab.status).to_contain_text("Syntax error on line 3")
    expect(lab.model).to_have_attribute("data-error-line", "3")
    expect(lab.button("Run")).to_be_enabled()


@pytest.mark.parametrize(("hostile", "said"), [
    ("import js\nSTORED = js.localStorage.getItem('mastermind')\n", "localStorage"),
    ("import js\njs.document.body.remove()\n", "document"),
    ("import js\njs.fetch('https://example.com/')\n", "fetch"),
    ("import js\nrequest = js.XMLHttpRequest.new()\n", "XMLHttpRequest"),
])
def test_a_hostile_strategy_gets_a_sentence_and_changes_nothing(lab, hostile, said):
    stored = lab.page.evaluate("JSON.stringify(localStorage)")
    lab.type_strategy(hostile + "\ndef guess(history, rules):\n    return 'BBBB'\n")
    lab.run()
    expect(lab.status).to_contain_text("while loading")
    expect(lab.status).to_contain_text(said)
    expect(lab.button("Run")).to_be_enabled()
    assert lab.page.evaluate("JSON.stringify(localStorage)") == stored
    expect(lab.page.get_by_role("heading", name="Lab", exact=True)).to_be_visible()


def test_junk_posted_by_a_strategy_is_ignored_and_said(lab, tmp_path):
    junk = ("import js\nfrom mastermind.lab import possible\n\ndef guess(history, rules):\n"
            "    js.postMessage('{\"id\": 2, \"kind\": \"result\", \"games\": [], \"score\": {}}')\n"
            "    return possible(history, rules)[0]\n")
    lab.type_strategy(junk)
    lab.run()
    lab.finished()
    expect(lab.status).to_contain_text("The strategy posted a message to the page; it was ignored.")
    lab.page.get_by_role("table", name="To compare").get_by_role("row").filter(has_text="VIKI").filter(
        has_not_text="...").wait_for(timeout=RUN_TIMEOUT_MS)
    expect(lab.score).to_contain_text(f"mean {terminal_mean(tmp_path, FIRST_POSSIBLE)}")


def test_the_worst_secret_is_watched_on_the_board(lab):
    lab.type_strategy(FIRST_POSSIBLE)
    lab.run()
    lab.finished()
    secret = lab.page.get_by_label("Secret to watch", exact=True)
    expect(secret).to_have_value(re.compile(r"^[BGOPRY]{4}$"))
    found = re.search(r"worst (\d+)", lab.score.text_content())
    assert found
    worst = int(found.group(1))
    lab.button("Watch").click()
    watched = lab.page.get_by_role("region", name="Watched game").locator("tbody tr")
    expect(watched).to_have_count(worst)
    expect(watched.last).to_contain_text("4 black")
    expect(watched.last.locator("td.left")).to_have_text("1")
    secret.fill("zz")
    lab.button("Watch").click()
    expect(lab.status).to_contain_text("Secret to watch:")
