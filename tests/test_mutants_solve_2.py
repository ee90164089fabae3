"""Solve mode word for word: each refusal of the rules (the words that follow the guess and the
sentence of its own), the shared rows' first line, and what the Solve page says as rows are added,
edited and answered, in English and in a language that writes a colour with another letter."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from mastermind import Config
from mastermind.errors import FeedbackError, SavedDataError
from mastermind.i18n import use
from mastermind.page.solve import PEGS, SolveView
from mastermind.solver import finish
from mastermind.solving import BLACK_WHITE, PER_SLOT, Mark, Pegs, Row, Slots, Solve, make_row, parse_row, rule_named

from .languages import Fake


def refusal(action: Callable[[], object]) -> tuple[str, str | None]:
    """What a refused action says: the words after the guess, then the sentence of its own."""
    with pytest.raises(FeedbackError) as refused:
        action()
    return str(refused.value), refused.value.sentence


# The rules' refusals


@pytest.mark.parametrize(
    ("action", "words"),
    [
        (lambda: parse_row(Config(), BLACK_WHITE, "RGBY "), "write a row as the guess and its feedback, as in RGBY 2 1"),
        (lambda: parse_row(Config(), PER_SLOT, "RGBY"), "write a row as the guess and its feedback, as in RGBY +~-?"),
        (lambda: rule_named("colours"), "the feedback rule is Black and white or Per slot, not 'colours'"),
        (lambda: Pegs.parse("2", 4, "RGBY 2 1"), "write the black and white counts after the guess, as in RGBY 2 1 (? when not seen)"),
        (lambda: Slots.parse("+x", 4, "RGBY +~-?"), "write one mark per slot after the guess, as in RGBY +~-?: + right, ~ present, - absent, ? unknown"),
        (lambda: Slots.parse("+", 4, "RGBY +~-?"), "the feedback has 1 slot, the code 4"),
        (lambda: Slots.parse("+ +", 4, "RGBY +~-?"), "the feedback has 2 slots, the code 4"),
        (lambda: make_row(Config(), PER_SLOT, "RGBY", Slots((Mark.RIGHT,))), "the feedback has 1 slot, the code 4"),
        (lambda: make_row(Config(), PER_SLOT, "RGBY", Slots((Mark.RIGHT,) * 5)), "the feedback has 5 slots, the code 4"),
        (
            lambda: make_row(Config(), PER_SLOT, "RGRY", "--~-"),
            "slot 3 (R) is present but slot 1, the same colour further left, is absent: the leftmost are marked present first",
        ),
        (lambda: make_row(Config(), PER_SLOT, "RGBY", "+++~"), "with 3 slots right, the last cannot be present"),
        (lambda: make_row(Config(pegs=2), PER_SLOT, "RG", "+~"), "with 1 slot right, the last cannot be present"),
        (lambda: Solve(Config()).add(Row("RGBY", Pegs(1, 2))).toggle(3), "there is no row 3; the rows are 1 to 1"),
        (lambda: Solve(Config()).add(Row("RGBY", Pegs(1, 2))).replace_row(0, Row("RGBY", Pegs(1, 2))), "there is no row 0; the rows are 1 to 1"),
    ],
)
def test_a_refusal_says_why_after_the_guess_and_as_a_sentence_of_its_own(action, words):
    assert refusal(action) == (words, f"{words[:1].upper()}{words[1:]}.")


def test_marks_may_be_typed_apart():
    assert Slots.parse(" + ~ - ? ", 4, "RGBY +~-?").marks == (Mark.RIGHT, Mark.PRESENT, Mark.ABSENT, Mark.UNKNOWN)


def test_stored_marks_that_are_not_marks_are_refused_showing_marks_as_stored():
    data = Solve(Config(), PER_SLOT).add(Row("RGBY", Slots.parse("+~-?", 4, "+~-?"))).to_dict()
    data["rows"][0]["feedback"] = "+x-?"
    with pytest.raises(SavedDataError) as refused:
        Solve.from_dict(data)
    assert str(refused.value) == "write one mark per slot after the guess, as in +~-?: + right, ~ present, - absent, ? unknown"


def test_stored_black_and_white_feedback_of_one_count_is_refused_showing_it():
    with pytest.raises(ValueError, match=r"^black-and-white feedback must be two counts, not \[1\]$"):
        Pegs.read([1], 4)


@pytest.mark.parametrize(
    ("solve", "head"),
    [
        (Solve(Config(pegs=1)), "Mastermind solve: 1 pegs, colours BGOPRY, repeats, black and white"),
        (Solve(Config(pegs=3, colors=8), PER_SLOT), "Mastermind solve: 3 pegs, colours BGOPRYWK, repeats, per slot"),
        (Solve(Config(pegs=1, allow_duplicates=False)), "Mastermind solve: 1 pegs, colours BGOPRY, no repeats, black and white"),
        (Solve(Config(pegs=3, allow_duplicates=False)), "Mastermind solve: 3 pegs, colours BGOPRY, no repeats, black and white"),
    ],
)
def test_the_shared_rows_start_with_the_rules(solve, head):
    assert solve.share_text() == head


# The Solve page

PROMPT = "Compose the guess, enter its feedback, then press Add row."


def play(view: SolveView, letters: str, black: str, white: str) -> bool:
    view.use_code(letters)
    view.set_feedback("Black", black)
    view.set_feedback("White", white)
    return view.submit()


def answered(view: SolveView) -> str:
    view.answer(finish(view.analyser().run()))
    return view.status


def test_a_new_solve_page_is_titled_waits_for_a_row_and_thinks_of_no_count_yet():
    view = SolveView(Config())
    assert (view.title, view.status) == ("Solve", PROMPT)
    assert (view.count_text, view.suggestion_text, view.codes, view.suggestion) == ("Counting the codes left...", "Thinking...", (), None)


def test_rows_kept_from_a_last_visit_are_welcomed_and_the_answer_to_them_is_said_in_codes_left():
    kept = Solve(Config(pegs=5, colors=8)).add(Row("RGBYO", Pegs(1, 2))).add(Row("BBGGK", Pegs(0, 1)))
    view = SolveView.resumed(Config(), kept.to_dict())
    assert view.config == Config(pegs=5, colors=8) and view.status == f"Welcome back: 2 rows kept. {PROMPT}"
    assert (view.count_text, view.suggestion_text) == ("Counting the codes left...", "Thinking...")
    assert answered(view) == f"Welcome back: 2 rows kept. {PROMPT}"  # the count is said once, in Codes left
    assert view.count_text.endswith("codes left.") and view.count_text not in view.status


def test_the_answer_leaves_what_the_row_said_and_the_count_to_codes_left():
    view = SolveView(Config())
    assert play(view, "PRGB", "0", "4") and view.status == "Row 1 added: PRGB, 0 black, 4 white."
    assert (view.count_text, view.suggestion_text) == ("Counting the codes left...", "Thinking...")
    assert answered(view) == "Row 1 added: PRGB, 0 black, 4 white."
    assert view.count_text == "9 codes left."
    assert answered(view) == "Row 1 added: PRGB, 0 black, 4 white."
    view.use_code("RBPR")
    assert answered(view) == "RBPR is in the guess. Enter its feedback, then press Add row."


def test_one_code_left_without_a_row_that_broke_it_is_counted_not_called_broken():
    view = SolveView(Config())
    assert play(view, "PRGB", "0", "4") and play(view, "RBPR", "2", "1")
    assert answered(view) == "Row 2 added: RBPR, 2 black, 1 white."
    assert view.count_text == "1 code left."


def test_a_rules_change_forgets_the_answer_to_the_old_rules():
    view = SolveView(Config())
    view.answer(finish(view.analyser().run()))
    view.edit_rule(PEGS, "5")
    assert (view.count_text, view.suggestion_text, view.codes) == ("Counting the codes left...", "Thinking...", ())


def test_a_number_of_pegs_that_is_no_number_is_refused_showing_what_was_typed():
    view = SolveView(Config())
    view.edit_rule(PEGS, "four")
    assert view.errors == {PEGS: "Must be a whole number, not 'four'."}
    assert view.status == "Rules not changed. Pegs: Must be a whole number, not 'four'." and view.config == Config()


MAROON_IS_G = {"Maroon": "G"}
"""A language that writes Maroon G, as French does (M is Magenta's)."""
MAROON = Config(colors=["Red", "Blue", "Yellow", "Orange", "Purple", "Maroon"])


def test_the_codes_said_are_written_in_the_games_own_colours_letters():
    use(Fake(MAROON_IS_G), "xx")
    view = SolveView(MAROON)
    view.use_code("MRBY")
    assert view.status == "GRBY is in the guess. Enter its feedback, then press Add row."
    assert play(view, "RRRR", "1", "0") and play(view, "MRBY", "0", "3")
    assert view.status == "Row 2 added: GRBY, 0 black, 3 white."
    view.edit_row(2)
    view.set_feedback("Black", "4")
    view.set_feedback("White", "0")
    assert view.submit() and view.status == "Row 2 is now GRBY, 4 black, 0 white."
    assert answered(view) == "Row 2 is now GRBY, 4 black, 0 white. Code broken: GRBY, in 2 rows."


def test_a_refusal_already_ending_its_sentence_gets_no_second_full_stop():
    use(Fake(MAROON_IS_G, texts={"Black must be a whole number, or empty when not seen, not {text}": "Black takes a whole number, not {text}."}), "xx")
    view = SolveView(Config())
    assert not play(view, "RGBY", "x", "") and view.status == "Feedback refused: Black takes a whole number, not 'x'."
    assert not play(view, "RGBY", "9", "") and view.status.endswith("a count is from 0 to 4.")
