import pytest
from hypothesis import given
from hypothesis import strategies as st

from mastermind import Code, Config, Game, feedback
from mastermind.errors import HardModeError, HardModeSwitchError
from mastermind.hard import SWITCH_REFUSAL, contradiction

from .strategies import codes, configs


def test_the_refusal_names_the_earlier_guess_and_the_score_in_words():
    game = Game(secret="RYYY", hard=True)
    game.guess("OOOO")
    game.guess("RRGB")
    with pytest.raises(HardModeError) as refused:
        game.guess("RRYY")
    assert str(refused.value) == (
        "Hard mode: against guess 2 (RRGB: 1 black, 0 white) this guess would score 2 black, 0 white."
    )
    assert (refused.value.number, str(refused.value.earlier)) == (2, "RRGB")
    assert game.guesses_made == 2


def test_the_first_contradicted_guess_is_named():
    history = [(Code("BBBB"), feedback("RGOY", "BBBB")), (Code("RRRR"), feedback("RGOY", "RRRR"))]
    refusal = contradiction(history, Code("BRRR"))
    assert refusal is not None and refusal.number == 1


def test_a_refused_guess_is_not_counted_and_a_fitting_one_is():
    game = Game(secret="RGBY", hard=True)
    game.guess("RRRR")  # 1 black: the secret holds exactly one R
    with pytest.raises(HardModeError):
        game.guess("GGGG")  # holds no R
    assert [str(turn.guess) for turn in game.history] == ["RRRR"]
    game.guess("RGGG")
    assert game.guesses_made == 2


def test_a_bad_code_is_refused_for_what_it_is_before_hard_mode_looks():
    game = Game(secret="RGBY", hard=True)
    game.guess("RRRR")
    with pytest.raises(Exception) as refused:
        game.guess("RX")
    assert not isinstance(refused.value, HardModeError)


def test_without_hard_mode_a_contradicting_guess_is_played():
    game = Game(secret="RGBY")
    game.guess("RRRR")
    game.guess("GGGG")
    assert game.guesses_made == 2 and not game.hard


def test_hard_mode_switches_on_only_before_the_first_guess_and_off_at_any_time():
    game = Game(secret="RGBY")
    game.switch_hard(True)
    assert game.hard
    game.guess("RRRR")
    game.switch_hard(True)  # already on: nothing changes
    game.switch_hard(False)
    assert not game.hard
    with pytest.raises(HardModeSwitchError, match="only before the first guess"):
        game.switch_hard(True)
    assert not game.hard
    assert str(SWITCH_REFUSAL).startswith("Hard mode can be switched on only before the first guess")


@st.composite
def games_with_guesses(draw):
    config = draw(configs(max_pegs=5))
    secret = draw(codes(config))
    guesses = draw(st.lists(codes(config), max_size=8))
    return config, secret, guesses


@given(games_with_guesses())
def test_a_guess_is_accepted_exactly_when_it_could_still_be_the_secret(case):
    config, secret, guesses = case
    game = Game(config, secret, hard=True)
    for guess in guesses:
        if game.over:
            break
        fits = all(feedback(guess, turn.guess) == turn.feedback for turn in game.history)
        before = game.history
        try:
            game.guess(guess)
        except HardModeError as refusal:
            assert not fits
            assert game.history == before
            earlier = game.history[refusal.number - 1]
            assert feedback(guess, earlier.guess) == refusal.would != earlier.feedback == refusal.earned
        else:
            assert fits


@given(games_with_guesses())
def test_the_secret_is_never_refused(case):
    config, secret, guesses = case
    game = Game(config, secret, hard=True)
    for guess in guesses:
        if game.over or game.guesses_left <= 1:
            break
        try:
            game.guess(guess)
        except HardModeError:
            pass
    if not game.over:
        game.guess(secret)
        assert game.won


@given(games_with_guesses(), st.booleans())
def test_a_saved_game_keeps_hard_mode(case, hard):
    config, secret, guesses = case
    game = Game(config, secret, hard=hard)
    for guess in guesses:
        if game.over:
            break
        try:
            game.guess(guess)
        except HardModeError:
            pass
    again = Game.from_dict(game.to_dict())
    assert (again.hard, again.history, again.secret) == (hard, game.history, game.secret)


def test_a_saved_hard_game_whose_guesses_contradict_is_refused():
    saved = {"config": Config().to_dict(), "secret": "RGBY", "guesses": ["RRRR", "GGGG"], "hard": True}
    with pytest.raises(ValueError, match="Hard mode"):
        Game.from_dict(saved)


@pytest.mark.parametrize("hard", ["yes", 1, None])
def test_a_saved_game_with_a_bad_hard_flag_is_refused(hard):
    with pytest.raises(ValueError, match="wrong types"):
        Game.from_dict({"config": Config().to_dict(), "secret": "RGBY", "guesses": [], "hard": hard})


def test_a_game_saved_before_hard_mode_existed_is_not_hard():
    game = Game.from_dict({"config": Config().to_dict(), "secret": "RGBY", "guesses": ["RRRR", "GGGG"]})
    assert not game.hard and game.guesses_made == 2
