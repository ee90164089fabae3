"""The Lab's files and saved strategies, and a bad strategy's sentences, in a real Chromium, used
as a person would: a strategy downloaded as a .py file and opened back into the editor; a file
too large, not UTF-8 or holding control characters refused with a sentence, the editor's text
untouched; a saved strategy opened and deleted (asked first); each bad strategy of the Lab's
list gets its sentence on the page (a stuck one: e2e/test_lab.py). Run with ``-n 1``: each test
starts the Lab's own Pyodide worker."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .test_lab import FIRST_POSSIBLE, Lab, terminal_mean
from .test_lab_keep import keep, league, started


@pytest.fixture
def lab(solo) -> Lab:
    return Lab(solo).open()


def choose_file(lab: Lab, name: str, data: bytes) -> None:
    lab.page.get_by_label("Open file", exact=True).set_input_files(
        files=[{"name": name, "mimeType": "text/x-python", "buffer": data}])


def test_a_strategy_downloaded_as_a_file_opens_back_into_the_editor(lab, tmp_path):
    lab.type_strategy(FIRST_POSSIBLE)
    lab.page.get_by_label("Strategy name", exact=True).fill("First possible")
    with lab.page.expect_download() as waiting:
        lab.button("Download strategy").click()
    download = waiting.value
    assert download.suggested_filename == "First_possible.py"
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    assert path.read_text(encoding="utf-8") == FIRST_POSSIBLE
    expect(lab.status).to_have_text("The strategy was downloaded as First_possible.py.")

    lab.type_strategy("def guess(history, rules):\n    return 'BBBB'\n")  # another text, unsaved, then the file back
    choose_file(lab, "first.py", path.read_bytes())
    question = lab.page.get_by_role("group", name="Replace the strategy in the editor with first? Its changes are not saved.")
    expect(question.get_by_role("button", name="Keep editing")).to_be_focused()  # the safe answer first
    question.get_by_role("button", name="Replace", exact=True).click()
    expect(question).to_be_hidden()
    expect(lab.model).to_have_value(FIRST_POSSIBLE)
    expect(lab.page.get_by_label("Strategy name", exact=True)).to_have_value("first")
    expect(lab.status).to_have_text("Opened first.py: none of it runs until you press Run.")
    expect(lab.score.locator(".figures li")).to_have_count(0)  # opened, not run
    lab.run()
    lab.finished()
    expect(lab.score).to_contain_text(f"mean {terminal_mean(tmp_path, FIRST_POSSIBLE)}")


@pytest.mark.parametrize(("data", "said"), [
    (b"\xff\xfe\x00junk", "The file bad.py is not a strategy: its text is not UTF-8."),
    (b"def guess(history, rules):\n    return 'BBBB'\x1b[2J\n", "The strategy holds a control character (U+001B on line 2); remove it."),
    (b"#" * 80_001, "The file bad.py is too large to be a strategy (80,001 bytes; at most 80,000)."),
])
def test_a_file_that_cannot_be_a_strategy_is_refused_and_the_editor_keeps_its_text(lab, data, said):
    lab.type_strategy(FIRST_POSSIBLE)
    lab.page.get_by_label("Strategy name", exact=True).fill("mine")
    choose_file(lab, "bad.py", data)
    expect(lab.status).to_have_text(said)
    expect(lab.model).to_have_value(FIRST_POSSIBLE)
    expect(lab.page.get_by_label("Strategy name", exact=True)).to_have_value("mine")
    started(lab.page)


def test_a_saved_strategy_is_opened_and_deleted_after_a_question(lab):
    expect(lab.page.get_by_label("Saved strategy", exact=True)).to_be_hidden()  # none saved yet
    lab.type_strategy(FIRST_POSSIBLE)
    keep(lab, "First")
    lab.type_strategy("def guess(history, rules):\n    return 'BBBB'\n")
    keep(lab, "Fours")
    saved = lab.page.get_by_label("Saved strategy", exact=True)
    expect(saved.locator("option")).to_have_text(["First", "Fours"])
    saved.select_option("First")
    lab.button("Open strategy").click()
    expect(lab.model).to_have_value(FIRST_POSSIBLE)
    expect(lab.page.get_by_label("Strategy name", exact=True)).to_have_value("First")
    expect(lab.status).to_have_text("Opened First, as saved.")

    saved.select_option("Fours")
    lab.button("Delete strategy").click()
    question = lab.page.get_by_role("group", name="Delete Fours? Its source and its scores go with it.")
    expect(question).to_be_visible()
    expect(question.get_by_role("button", name="Keep it")).to_be_focused()  # the safe answer first
    lab.page.keyboard.press("Enter")
    expect(lab.status).to_have_text("Fours was kept.")
    expect(question).to_be_hidden()
    expect(saved.locator("option")).to_have_count(2)

    lab.button("Delete strategy").click()
    lab.page.get_by_role("button", name="Delete", exact=True).click()
    expect(lab.status).to_have_text("Deleted Fours.")
    expect(saved.locator("option")).to_have_text(["First"])
    expect(league(lab)).not_to_contain_text("Fours")
    assert "Fours" not in lab.page.evaluate("localStorage.getItem('mastermind:strategies')")
    lab.open()  # gone for the next visit too (the Solo page's reload waits for Solo's palette, hidden here)
    expect(lab.page.get_by_label("Saved strategy", exact=True).locator("option")).to_have_text(["First"])
    started(lab.page)


def test_opening_a_saved_strategy_over_unsaved_work_asks_first_and_keeps_it_when_told(lab):
    lab.type_strategy(FIRST_POSSIBLE)
    keep(lab, "First")
    mine = "def guess(history, rules):\n    return 'GGGG'\n"
    lab.type_strategy(mine)  # written since, not saved
    lab.button("Open strategy").click()
    question = lab.page.get_by_role("group", name="Replace the strategy in the editor with First? Its changes are not saved.")
    expect(question.get_by_role("button", name="Keep editing")).to_be_focused()
    lab.page.keyboard.press("Enter")
    expect(question).to_be_hidden()
    expect(lab.status).to_have_text("The strategy in the editor was kept.")
    expect(lab.model).to_have_value(mine)
    lab.button("Open strategy").click()
    question.get_by_role("button", name="Replace", exact=True).click()
    expect(lab.model).to_have_value(FIRST_POSSIBLE)
    expect(lab.status).to_have_text("Opened First, as saved.")
    lab.button("Open strategy").click()  # what was opened, unchanged, is nothing to lose
    expect(lab.status).to_have_text("Opened First, as saved.")
    expect(question).to_be_hidden()


@pytest.mark.parametrize(("body", "said"), [
    ("x = 1\n", "The strategy has no guess(history, rules) function and no Strategy class."),
    ("def guess(history, rules):\n    return None\n",
     "Guess 1 was refused: guess returned NoneType, not a text of colour letters such as BBBB."),
    ("def guess(history, rules):\n    return 'RR'\n", "Guess 1 was refused: A code has 4 pegs, this has 2."),
    ("def guess(history, rules):\n    return 'RGBX'\n", "Guess 1 was refused: X is not in the palette (B G O P R Y)."),
    ("def guess(history, rules)\n    return 'RGBY'\n", "Syntax error on line 1, column 26: Python says \"expected ':'\"."),
])
def test_each_bad_strategy_gets_its_sentence_on_the_page(lab, body, said):
    stored = lab.page.evaluate("JSON.stringify(localStorage)")
    lab.type_strategy(body)
    lab.run()
    lab.finished()
    expect(lab.page.locator("#lab")).to_contain_text(said)
    expect(lab.button("Run")).to_be_enabled()
    assert lab.page.evaluate("JSON.stringify(localStorage)") == stored


def test_huge_printing_costs_nothing_of_the_score(lab, tmp_path):
    """What a strategy prints is counted and dropped in the worker (the first 10,000 characters
    kept): 100,000 characters a guess, 600 MB a run, change nothing of its score."""
    lab.type_strategy(FIRST_POSSIBLE.replace("    return possible", "    print('x' * 100_000)\n    return possible"))
    lab.run()
    lab.finished()
    expect(lab.score).to_contain_text(f"mean {terminal_mean(tmp_path, FIRST_POSSIBLE)}")
    expect(lab.score).to_contain_text("not won 0")
