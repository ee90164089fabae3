"""Computer breaks your code: the game (mastermind.computer) and its page (mastermind.page.computer)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mastermind import Code, CodeError, Config, MoveError, Phase, feedback, solve
from mastermind.computer import CodeChallenge, check_player
from mastermind.page.boards import Screen
from mastermind.page.computer import ComputerView
from mastermind.players import SetupError

from .strategies import configs


def play_out(game: CodeChallenge) -> None:
    while not game.finished:
        game.guess(game.breaker().next_guess(game.history))


def test_phases_and_refusals():
    game = CodeChallenge("hal9000")
    assert game.player == "HAL9000" and game.phase is Phase.SECRET and game.secret is None
    with pytest.raises(MoveError):
        game.guess("RGBY")
    with pytest.raises(CodeError):
        game.set_secret("RGBX")
    assert game.phase is Phase.SECRET  # a bad secret changes nothing
    game.set_secret("RGBY")
    with pytest.raises(MoveError):
        game.set_secret("BBBB")
    with pytest.raises(CodeError):
        game.guess("RG")
    assert game.guesses_made == 0
    play_out(game)
    assert game.won and game.finished
    with pytest.raises(MoveError):
        game.guess("RGBY")


@pytest.mark.parametrize("name", ["", "Deep Thought", None, 9000])
def test_only_the_computer_players_break_codes(name):
    with pytest.raises(SetupError) as refused:
        check_player(name)
    assert refused.value.key == "computer-player"


@pytest.mark.parametrize("secret", ["RBYR", "BBBB", "YOGP", "PRRP"])
def test_hal9000_plays_as_the_solver_and_wins_within_the_limit(secret):
    game = CodeChallenge("HAL9000").set_secret(secret)
    play_out(game)
    assert [str(turn.guess) for turn in game.history] == [str(guess) for guess in solve(secret)]
    assert game.won and game.guesses_made <= 5


# Up to 5 pegs: the mode's rules are the same on every config, and the engine's larger games are
# test_solver.py's (a game of 8 pegs took most of this test's time under mutmut's tracing).
@settings(max_examples=25, deadline=None)
@given(configs(max_pegs=5), st.randoms(use_true_random=False), st.sampled_from(["HAL9000", "VIKI"]))
def test_every_guess_respects_the_config_and_vikis_fit_the_feedback(config, rng, player):
    secret = Code.random(config, rng)
    game = CodeChallenge(player, config, random.Random(rng.random())).set_secret(secret)
    play_out(game)
    for index, (guess, _) in enumerate(game.history):
        assert Code.parse(str(guess), config) == guess
        if player == "VIKI":
            assert all(feedback(guess, earlier) == result for earlier, result in game.history[:index])
    assert game.won or game.guesses_made == config.max_guesses


def test_a_game_resumes_from_its_saved_form():
    game = CodeChallenge("VIKI", Config(pegs=5, colors=8), random.Random(3)).set_secret("RGBYW")
    game.guess(game.breaker().next_guess(game.history))
    again = CodeChallenge.from_dict(game.to_dict())
    assert (again.player, again.config, again.secret, again.history) == (game.player, game.config, game.secret, game.history)
    play_out(again)
    assert again.finished
    assert CodeChallenge.from_dict(CodeChallenge("HAL9000").to_dict()).phase is Phase.SECRET


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(mode="duel"),
        lambda d: d.update(version=2),
        lambda d: d.update(player="Bob"),
        lambda d: d.update(secret="RGBX"),
        lambda d: d.update(secret=None),
        lambda d: d.update(secret=7),
        lambda d: d.update(guesses="RGBY"),
        lambda d: d.update(guesses=["RGBY", "RGBY"]),  # a guess after the win
        lambda d: d.update(config={"pegs": 99}),
        lambda d: d.pop("guesses"),
    ],
)
def test_garbage_is_refused_with_a_value_error(change):
    game = CodeChallenge("HAL9000").set_secret("RGBY")
    game.guess("BBGG")
    data = game.to_dict()
    change(data)
    with pytest.raises(ValueError):
        CodeChallenge.from_dict(data)


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=4)))
def test_any_json_loads_or_raises_value_error(data):
    """Whatever is stored, loading gives a game that saves back to the same data, or a
    ``ValueError`` with a message; never another exception."""
    try:
        game = CodeChallenge.from_dict(data)
    except ValueError as error:
        assert str(error)
    else:
        assert CodeChallenge.from_dict(game.to_dict()).to_dict() == game.to_dict()


# The page


def test_the_page_from_the_choice_to_the_summary():
    view = ComputerView(seed=4)
    assert view.screen is Screen.SETUP and view.fields[0].label == "Computer player"
    assert view.fields[0].options == ("HAL9000", "VIKI") and view.fields[0].kind == "select"
    view.edit("Computer player", "Marvin")
    assert not view.start()
    assert view.errors == {"Computer player": "Choose HAL9000 or VIKI, not 'Marvin'."}
    view.edit("Computer player", "VIKI")
    assert view.start() and view.screen is Screen.SECRET and view.action == "Set secret"
    assert view.status == "Set your secret code, then press Set secret. VIKI will try to break it in at most 12 guesses."
    for key in "RGB":
        view.press(key)
    view.submit()
    assert view.status.startswith("Incomplete secret: slot 4 is empty.")
    view.press("Y")
    view.submit()
    assert view.screen is Screen.WATCH and view.slots == [None] * 4
    assert view.secret == [None] * 4 and "RGBY" not in view.status
    assert not view.press("R")  # the person only watches now
    while view.computer_due:
        view.play_computer(view.breaker().next_guess(view.history))
        if view.computer_due:
            assert view.status.startswith("VIKI guessed ")
    made = len(view.rows)
    assert view.status == f"VIKI broke your code RGBY in {made} guess{'es' if made > 1 else ''}."
    assert [color.letter for color in view.secret] == list("RGBY")
    assert view.banner == ("Code broken", "")  # the sentence is said once, by the status
    view.play_again()
    assert view.screen is Screen.SECRET and view.game.player == "VIKI" and view.rows == []


def test_a_code_not_broken_is_the_persons_win():
    view = ComputerView(Config(max_guesses=1))
    view.start()
    for key in "RBYR":
        view.press(key)
    view.press("Enter")
    view.play_computer(Code("BBBB"))
    assert view.screen is Screen.END
    assert view.status == "HAL9000 did not break your code RBYR in 1 guess: you win!"


def test_the_rules_follow_solo_settings_for_the_next_game():
    view = ComputerView()
    view.follow_settings(Config(pegs=5, colors=8, max_guesses=10, allow_duplicates=False))
    assert "5 pegs, colours B G O P R Y W K, 10 guesses, no colour twice" in view.intro
    view.start()
    assert view.config.pegs == 5 and len(view.slots) == 5


def test_resume_abandon_and_quit():
    view = ComputerView()
    view.start()
    for key in "GGOO":
        view.press(key)
    view.press("Enter")
    again = ComputerView(game=CodeChallenge.from_dict(view.saved()))
    assert again.screen is Screen.WATCH and again.status.startswith("Welcome back.")
    again.abandon()
    assert again.confirming and again.game is not None
    again.abandon()
    assert again.game is None and again.saved() is None and again.screen is Screen.SETUP
    with pytest.raises(MoveError):
        again.play_computer(Code("RGBY"))


# A strategy saved in the Lab as the code-breaker

FIRST = "from mastermind.lab import possible\n\ndef guess(history, rules):\n    return possible(history, rules)[0]\n"


def test_a_strategy_breaks_a_code_or_forfeits_and_its_game_resumes_so():
    game = CodeChallenge(" mine ", strategy=True).set_secret("RGBY")
    assert game.player == "mine" and game.strategy
    with pytest.raises(MoveError):
        game.breaker()  # its guesses are asked where it runs, not of the engine
    game.guess("RRGG")
    saved = game.to_dict()
    assert saved["strategy"] is True and "forfeit" not in saved
    game.forfeit("Guess 2: the strategy raised KeyError: 'x'." + "!" * 600)
    assert game.finished and not game.won and game.guesses_made == 1
    assert game.forfeited is not None and len(game.forfeited) == 500
    with pytest.raises(MoveError):
        game.forfeit("again")  # over already
    back = CodeChallenge.from_dict(game.to_dict())
    assert back.to_dict() == game.to_dict() and back.finished and back.forfeited == game.forfeited
    assert "strategy" not in CodeChallenge("VIKI").to_dict()  # a computer player's game is stored as before


def test_only_a_strategy_forfeits_and_a_computer_players_name_is_not_a_strategys():
    game = CodeChallenge("HAL9000").set_secret("RGBY")
    with pytest.raises(MoveError):
        game.forfeit("no")
    with pytest.raises(MoveError):
        CodeChallenge("mine", strategy=True).forfeit("before the secret")
    with pytest.raises(SetupError, match="computer player's name"):
        CodeChallenge("viki", strategy=True)
    with pytest.raises(SetupError):
        CodeChallenge("", strategy=True)


@pytest.mark.parametrize("change", [
    lambda d: d.update(strategy="yes"),
    lambda d: d.update(forfeit=3),
    lambda d: d.update(forfeit="x" * 501),
    lambda d: d.update(strategy=False),  # a computer player never forfeits: HAL9000 would be "mine"
    lambda d: d.update(guesses=[]),  # forfeited before its first guess is possible, but not ...
])
def test_a_stored_strategy_game_is_checked(change):
    game = CodeChallenge("mine", strategy=True).set_secret("RGBY")
    game.guess("RRGG")
    game.forfeit("Guess 2: no answer within 1 s; the game was stopped.")
    data = game.to_dict()
    change(data)
    if data["guesses"] == []:  # ... a forfeit before the secret is set is not
        data["secret"] = None
    with pytest.raises(ValueError):
        CodeChallenge.from_dict(data)


def test_the_page_offers_saved_strategies_and_a_failure_is_the_persons_win():
    view = ComputerView(seed=1)
    assert view.fields[0].options == ("HAL9000", "VIKI") and "Lab" not in view.intro
    view.offer(["First", "Crash"])
    assert view.fields[0].options == ("HAL9000", "VIKI", "First", "Crash")
    assert "A strategy you saved in the Lab may break it too" in view.intro and "1 s each" in view.intro
    view.edit("Computer player", "Crash")
    assert view.start() and view.seat is None  # the secret first: nothing of the strategy runs yet
    for key in "RBYR":
        view.press(key)
    view.press("Enter")
    assert view.seat == "Crash" and view.computer_due
    view.play_computer(Code.parse("RRGG", view.rules))
    view.forfeit("Guess 2: the strategy raised ZeroDivisionError: division by zero on line 3.")
    assert view.screen is Screen.END and view.seat is None
    assert view.status == ("Crash gave up: Guess 2: the strategy raised ZeroDivisionError: division by zero on line 3. "
                           "Your code RBYR was not broken: you win!")
    assert view.prompt.endswith("you win! Press Play again or Quit.")
    with pytest.raises(MoveError):
        view.forfeit("twice")
    view.offer(["First"])  # Crash deleted in the Lab meanwhile: Play again refuses it, said
    view.play_again()
    assert view.screen is Screen.SETUP and "Crash" in view.status


def test_a_seated_strategy_plays_as_the_terminals_breaker():
    """The page's worker, asked one guess per move (mastermind.page.lab.SeatTurn), plays the
    guesses the terminal's --player seat (lab.Breaker) plays for the same secret."""
    from mastermind import lab as harness
    from mastermind.game import Game
    from mastermind.page import lab

    config = Config()
    worker = lab.Worker(lambda: None)
    for secret in ("RBYR", "GOPY", "YYYY"):
        game, terminal = Game(config, secret), Game(config, secret)
        breaker = harness.Breaker(harness.load(FIRST), config)
        asked = 0
        while not game.over:
            turn = lab.SeatTurn(FIRST, config, game.history)
            if asked == 0:
                assert [lab.read(text, 1).kind for text in worker.serve(turn.load(1))] == ["ok"]
            asked += 1
            [answer] = [turn.answer(lab.read(text, asked + 1)) for text in worker.serve(turn.guess(asked + 1))]
            assert not isinstance(answer, str)
            game.guess(answer)
            terminal.guess(breaker.next_guess(terminal.history))
        assert game.history == terminal.history and game.won


@pytest.mark.parametrize(("source", "sentence"), [
    ("def guess(history, rules)\n    return 'RRGG'\n", "Syntax error on line 1"),
    ("x = 1\n", "The strategy has no guess(history, rules) function and no Strategy class."),
    ("def guess(history, rules):\n    return 1 / 0\n",
     "Guess 1: the strategy raised ZeroDivisionError: division by zero on line 2."),
    ("def guess(history, rules):\n    return None\n", "Guess 1 was refused: guess returned NoneType"),
    ("def guess(history, rules):\n    return 'RR'\n", "Guess 1 was refused: A code has 4 pegs, this has 2."),
    ("def guess(history, rules):\n    return 'R' * 10_000_000\n", "Guess 1 was refused: guess returned a text of 10,000,000"),
])
def test_a_seated_strategys_failure_is_its_sentence(source, sentence):
    from mastermind.page import lab

    worker = lab.Worker(lambda: None)
    turn = lab.SeatTurn(source, Config(), ())
    [loaded] = [lab.read(text, 1) for text in worker.serve(turn.load(1))]
    if loaded.kind == "problem":
        said = turn.answer(loaded)
    else:
        [said] = [turn.answer(lab.read(text, 2)) for text in worker.serve(turn.guess(2))]
    assert isinstance(said, str) and said.startswith(sentence)
    assert lab.seat_stalled(None) == "The strategy did not finish loading within 10 s."
    assert lab.seat_stalled(2) == "Guess 3: no answer within 1 s; the game was stopped."
    with pytest.raises(lab.ProtocolError):
        turn.answer(lab.read('{"id": 3, "kind": "code", "code": "XXXX"}', 3))  # the worker's checks were passed by
