import pytest
from hypothesis import given
from hypothesis import strategies as st

from mastermind import Code, Feedback, feedback

from .strategies import code_pairs


@pytest.mark.parametrize(
    ("secret", "guess", "black", "white"),
    [
        ("RBYR", "BBRG", 1, 1),  # worked examples of rules.md
        ("RRRR", "RBBY", 1, 0),
        ("WWKK", "WWWK", 3, 0),
        ("RRRR", "BBBB", 0, 0),
        ("YRBY", "RRRR", 1, 0),  # the console text's dialogue
        ("YRBY", "YRBY", 4, 0),
        ("RGBY", "YBGR", 0, 4),
        ("RRGG", "GGRR", 0, 4),
        ("RRGB", "RGRR", 1, 2),
    ],
)
def test_examples(secret, guess, black, white):
    assert feedback(secret, guess) == Feedback(black, white)
    assert feedback(Code(secret), Code(guess)) == Feedback(black, white)


def test_codes_of_different_length_are_refused():
    with pytest.raises(ValueError, match="different lengths"):
        feedback("RGB", "RGBY")


def test_notations():
    result = Feedback(2, 1)
    assert (str(result), result.history_text(), result.sentence()) == (
        "2 black, 1 white",
        "2B_1W",
        "2 black pegs and 1 white peg",
    )
    assert result.key_pegs() == "K K W" and result.key_pegs("R", "W", "") == "RRW"
    assert Feedback(0, 2).sentence() == "2 white pegs"
    assert Feedback(4, 0).sentence() == "4 black pegs"
    assert Feedback(0, 0).key_pegs() == ""


def test_win_is_all_black():
    assert Feedback(4, 0).is_win(4) and not Feedback(3, 0).is_win(4)


@given(code_pairs())
def test_never_more_key_pegs_than_pegs(case):
    config, secret, guess = case
    result = feedback(secret, guess)
    assert result.black >= 0 and result.white >= 0
    assert result.black + result.white <= config.pegs


@given(code_pairs())
def test_symmetric(case):
    _, secret, guess = case
    assert feedback(secret, guess) == feedback(guess, secret)


@given(code_pairs(), st.data())
def test_unchanged_when_colours_are_renamed_consistently(case, data):
    config, secret, guess = case
    renamed = data.draw(st.permutations(config.letters))
    table = str.maketrans(config.letters, "".join(renamed))
    assert feedback(str(secret).translate(table), str(guess).translate(table)) == feedback(secret, guess)


@given(code_pairs(), st.data())
def test_unchanged_when_both_codes_are_permuted_alike(case, data):
    config, secret, guess = case
    order = data.draw(st.permutations(range(config.pegs)))
    shuffle = lambda code: "".join(str(code)[i] for i in order)
    assert feedback(shuffle(secret), shuffle(guess)) == feedback(secret, guess)


@given(code_pairs())
def test_all_black_only_for_equal_codes(case):
    config, secret, guess = case
    assert (feedback(secret, guess) == Feedback(config.pegs, 0)) == (secret == guess)


@given(code_pairs())
def test_matches_the_scratch_out_method_of_the_console_text(case):
    """The source text's algorithm: scratch out exact matches, then match the rest one by one."""
    _, secret, guess = case
    s, g = list(str(secret)), list(str(guess))
    black = 0
    for i in range(len(s)):
        if s[i] == g[i]:
            black += 1
            s[i] = g[i] = "-"
    white = 0
    for peg in g:
        if peg != "-" and peg in s:
            white += 1
            s[s.index(peg)] = "-"
    assert feedback(secret, guess) == Feedback(black, white)
