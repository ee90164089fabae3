import pytest
from hypothesis import given
from hypothesis import strategies as st

from mastermind import CLASSIC, DUEL, Code, CodeError, Config, Feedback, Game, GameOverError

from .strategies import configs


def test_the_console_texts_game_is_won():
    game = Game(secret="YRBY")
    assert game.guesses_left == 12
    assert game.guess("OOOO") == Feedback(0, 0)
    assert game.guess("RRRR") == Feedback(1, 0)
    assert game.guesses_left == 10 and not game.over
    assert game.guess("YRBY") == Feedback(4, 0)
    assert game.won and game.over and not game.lost
    assert [str(turn.guess) for turn in game.history] == ["OOOO", "RRRR", "YRBY"]


def test_a_game_is_lost_after_max_guesses():
    game = Game(CLASSIC.replace(max_guesses=2), secret="RGBY")
    game.guess("BBBB")
    game.guess("GGGG")
    assert game.lost and game.over and not game.won and game.guesses_left == 0
    with pytest.raises(GameOverError):
        game.guess("RGBY")


def test_winning_on_the_last_guess_is_a_win():
    game = Game(CLASSIC.replace(max_guesses=1), secret="RGBY")
    game.guess("RGBY")
    assert game.won and not game.lost


@pytest.mark.parametrize("bad", ["", "RGB", "RGBYY", "RGBX", "0000"])
def test_a_refused_guess_costs_nothing(bad):
    game = Game(secret="RGBY")
    with pytest.raises(CodeError):
        game.guess(bad)
    assert game.history == () and game.guesses_left == 12


def test_repeats_in_guesses_are_refused_when_the_game_forbids_them():
    game = Game(DUEL, secret="RGBY")
    with pytest.raises(CodeError, match="Red is used twice"):
        game.guess("RRGB")
    assert game.guesses_made == 0


def test_a_bad_secret_is_refused():
    with pytest.raises(CodeError):
        Game(DUEL, secret="RRGB")


@given(st.integers(0, 10**9))
def test_seed_gives_the_same_secret(seed):
    assert Game(seed=seed).secret == Game(seed=seed).secret


def test_known_seed_secret_is_stable_across_versions():
    """random.Random's sequence is part of Python's compatibility promise: pin one value."""
    assert str(Game(seed=1).secret) == "GRBO"


@given(configs(), st.integers(0, 2**20), st.lists(st.integers(0, 2**20), max_size=25))
def test_save_and_restore_any_game(config, seed, picks):
    game = Game(config, seed=seed)
    codes = list(Code.all(config)) if config.size <= 5000 else [game.secret]
    for pick in picks:
        if game.over:
            break
        game.guess(codes[pick % len(codes)])
    restored = Game.from_dict(game.to_dict())
    assert restored.to_dict() == game.to_dict()
    assert (restored.history, restored.won, restored.lost) == (game.history, game.won, game.lost)


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"config": CLASSIC.to_dict(), "secret": "RGBY"},
        {"config": CLASSIC.to_dict(), "secret": 5, "guesses": []},
        {"config": CLASSIC.to_dict(), "secret": "RGBY", "guesses": "RGBY"},
        {"config": CLASSIC.to_dict(), "secret": "RGBY", "guesses": [1]},
        {"config": CLASSIC.to_dict(), "secret": "RGBX", "guesses": []},
        {"config": {"pegs": 0}, "secret": "RGBY", "guesses": []},
        {"config": CLASSIC.to_dict(), "secret": "RGBY", "guesses": ["RGBY", "RGBY"]},
    ],
)
def test_restoring_garbage_raises_value_error(data):
    with pytest.raises(ValueError):
        Game.from_dict(data)


def test_config_round_trip_in_a_saved_game():
    config = Config(pegs=5, colors=["Red", "Maroon", "Teal"], max_guesses=3)
    game = Game(config, secret="RMTTM")
    assert Game.from_dict(game.to_dict()).config == config


def test_a_guess_after_the_end_is_refused_saying_so():
    from mastermind.errors import GameOverError

    game = Game(secret="RGBY")
    game.guess("RGBY")
    with pytest.raises(GameOverError) as refused:
        game.guess("RGBY")
    assert str(refused.value) == "the game is over; start a new one" and game.guesses_made == 1
