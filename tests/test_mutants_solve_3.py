"""Solve mode's black-and-white refusals word for word (a count out of range, too many key pegs,
one white with every other peg black, too few shared colours without repeats), the feedback a
rule wants, the example a rule's own parsing shows, where the no-repeats bound lets feedback
through, and codes or feedback of another length refused rather than scored on their first slots."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from mastermind import Config
from mastermind.errors import FeedbackError
from mastermind.solving import BLACK_WHITE, PER_SLOT, Mark, Pegs, Slots, make_row, slot_marks


def refusal(action: Callable[[], object]) -> tuple[str, str | None]:
    """What a refused action says: the words after the guess, then the sentence of its own."""
    with pytest.raises(FeedbackError) as refused:
        action()
    return str(refused.value), refused.value.sentence


@pytest.mark.parametrize(
    ("config", "row", "words"),
    [
        (Config(), "RGBY 5 0", "5 black pegs on 4 pegs: a count is from 0 to 4"),
        (Config(), "RGBY 0 5", "5 white pegs on 4 pegs: a count is from 0 to 4"),
        (Config(pegs=1), "R 0 2", "2 white pegs on 1 peg: a count is from 0 to 1"),
        (Config(), "RGBY 3 2", "3 black and 2 white make 5 key pegs, more than the 4 pegs"),
        (Config(), "RGBY 3 1", "3 black and 1 white cannot happen: with 3 pegs right, the last cannot hold a colour of the code in the wrong place"),
        (Config(pegs=2), "RG 1 1", "1 black and 1 white cannot happen: with 1 peg right, the last cannot hold a colour of the code in the wrong place"),
        (Config(allow_duplicates=False), "RGBY 0 1", "without repeats, 4 colours of 6 share at least 2 with any code, not 1"),
        (Config(pegs=5, allow_duplicates=False), "RGBYO 1 2", "without repeats, 5 colours of 6 share at least 4 with any code, not 3"),
    ],
)
def test_impossible_black_and_white_feedback_says_why_after_the_guess_and_as_a_sentence(config, row, words):
    guess, _space, feedback = row.partition(" ")
    assert refusal(lambda: make_row(config, BLACK_WHITE, guess, feedback)) == (words, f"{words[:1].upper()}{words[1:]}.")


@pytest.mark.parametrize("feedback", ["1 1", "0 2", "2 0"])
def test_without_repeats_feedback_sharing_just_enough_colours_is_taken(feedback):
    assert str(make_row(Config(allow_duplicates=False), BLACK_WHITE, "RGBY", feedback)) == f"RGBY {feedback}"


@pytest.mark.parametrize(
    ("rule", "feedback", "words"),
    [
        (BLACK_WHITE, Slots((Mark.RIGHT, Mark.ABSENT, Mark.ABSENT, Mark.ABSENT)), "Black and white feedback is wanted here"),
        (PER_SLOT, Pegs(1, 0), "Per slot feedback is wanted here"),
    ],
)
def test_feedback_of_the_other_rule_is_refused_naming_the_rule_wanted(rule, feedback, words):
    assert refusal(lambda: make_row(Config(), rule, "RGBY", feedback)) == (words, f"{words}.")


@pytest.mark.parametrize(
    ("rule", "words"),
    [
        (BLACK_WHITE, "write the black and white counts after the guess, as in RGBY 2 1 (? when not seen)"),
        (PER_SLOT, "write one mark per slot after the guess, as in RGBY +~-?: + right, ~ present, - absent, ? unknown"),
    ],
)
def test_a_rule_refusing_typed_feedback_shows_its_own_example_row(rule, words):
    assert refusal(lambda: rule.parse("2 x 1", 4)) == (words, f"{words[:1].upper()}{words[1:]}.")


@pytest.mark.parametrize(("secret", "guess"), [("RGB", "RGBY"), ("RGBY", "RGB")])
def test_codes_of_two_lengths_are_refused_not_scored_on_their_common_slots(secret, guess):
    with pytest.raises(ValueError):
        slot_marks(secret, guess)
    with pytest.raises(ValueError):
        Pegs(None, None).fits(secret, guess)


def test_marks_fewer_than_the_slots_are_refused_not_judged_on_the_first_slots():
    with pytest.raises(ValueError):
        Slots((Mark.UNKNOWN,)).fits("RGBY", "RGBY")
