"""Tournament: round-robin codes, one guess per turn, the scoring example, the registry's board."""

from __future__ import annotations

import random
from typing import Any

import pytest

from mastermind import TOURNAMENT, CodeError
from mastermind.duel import Duel
from mastermind.match import MoveError, Phase
from mastermind.modes import MODES, load_match
from mastermind.players import SetupError
from mastermind.race import Race
from mastermind.registry import Registry, User
from mastermind.tournament import Tournament, check_attempts, check_player_count

from .matches import actor, current, misses, play, resumed


def users(*names: str) -> Registry:
    registry = Registry()
    for name in names:
        registry.register(name)
    return registry


def test_the_rule_books_example_alan_receives_8() -> None:
    registry = users("Alan", "Steve")
    game = Tournament(registry, ["Alan", "HAL9000"], 5, rng=random.Random(1))
    assert game.config == TOURNAMENT.replace(max_guesses=5)
    assert game.status == "Waiting for Alan to set the code for HAL9000 to break"
    with pytest.raises(CodeError, match="4 pegs"):
        game.set_secret("Alan", "BTWRA")
    alan_code = game.attempts[0].secret  # drawn by HAL9000 for Alan
    assert alan_code is not None
    hal = ["BRWG", "GWKG", "WGWK", "BYWG", "RYWG"]  # HAL9000's guesses in the source text
    game = play(game, [
        ("secret", "Alan", "BYWR"),
        ("guess", "Alan", misses(game.config, alan_code, 1)[0]), ("guess", "HAL9000", hal[0]),
        ("guess", "Alan", str(alan_code)),
        *[("guess", "HAL9000", guess) for guess in hal[1:]],
    ], registry=registry)
    assert [turn.feedback.key_pegs() for turn in game.attempts[1].history] == ["K K W", "W", "K", "K K K", "K K W"]
    assert game.attempts[0].guesses_made == 2 and game.attempts[1].lost
    assert [(row.name, row.points, row.computer) for row in game.scores] == [("Alan", 8, False), ("HAL9000", None, True)]
    assert game.result is not None and game.result.winner == "Alan"
    assert registry.board == (User("Alan", 8), User("Steve", 0))  # credited once, though reloaded at every move


def test_three_people_and_hal_round_robin_skipping_who_has_finished() -> None:
    registry = users("Alan", "Bea", "Cy")
    game = Tournament(registry, ["Alan", "Bea", "Cy", "HAL9000"], "6", rng=random.Random(3))
    # Codes: Alan's for Bea, Bea's for Cy, Cy's for HAL9000; HAL9000's for Alan is drawn already.
    assert [(str(a.maker), a.breaker.name) for a in game.attempts] == [
        ("HAL9000", "Alan"), ("Alan", "Bea"), ("Bea", "Cy"), ("Cy", "HAL9000")]
    setting = []
    while game.attempt is not None and game.attempt.secret is None:  # codes still to set
        if game.phase is Phase.HANDOVER:
            game.ready(actor(game).name)
        setting.append(actor(game).name)
        game.set_secret(actor(game).name, "RRGG")
    assert setting == ["Alan", "Bea", "Cy"]
    secret = {attempt.breaker.name: attempt.secret for attempt in game.attempts if attempt.secret is not None}
    plan = {"Alan": 3, "Bea": None, "Cy": 1, "HAL9000": 2}  # breaks with guess n, or never
    turns, hand_overs = [], []
    while not game.finished:
        if game.phase is Phase.HANDOVER:
            hand_overs.append(actor(game).name)
            game.ready(actor(game).name)
        name, made = actor(game).name, len(game.history)
        turns.append(name)
        assert game.guesses_left == 6 - made and all(t in current(game).history for t in game.history)
        win = plan[name] == made + 1
        game.guess(name, str(secret[name]) if win else misses(game.config, secret[name], made + 1)[-1])
        game = resumed(game, registry=registry)
    assert turns == ["Alan", "Bea", "Cy", "HAL9000", "Alan", "Bea", "HAL9000", "Alan", "Bea", "Bea", "Bea", "Bea"]
    assert hand_overs == ["Alan", "Bea", "Cy", "Alan", "Bea", "Alan", "Bea"]
    # Alan: broke in 3 (6-3+1) + Bea made 6 (5); Bea: failed + Cy made 1 (0); Cy: broke in 1 (6) + HAL made 2 (1).
    assert [row.points for row in game.scores] == [9, 0, 7, None]
    assert game.result is not None and str(game.result) == "Alan wins"
    assert registry.board == (User("Alan", 9), User("Cy", 7), User("Bea", 0))


def test_points_come_only_when_each_part_is_known() -> None:
    registry = users("Ann", "Bob")
    game = Tournament(registry, ["Ann", "Bob"], 5, rng=random.Random(1))
    game = play(game, [("secret", "Ann", "KKKK"), ("secret", "Bob", "WWWW"), ("guess", "Ann", "WWWW")],
                registry=registry)
    assert [row.points for row in game.scores] == [5, 0]  # Ann broke in 1; Bob has not finished
    game = play(game, [("guess", "Bob", "RRRR"), ("guess", "Bob", "KKKK")], registry=registry)
    assert [row.points for row in game.scores] == [5 + 1, 4 + 0]
    assert registry.board == (User("Ann", 6), User("Bob", 4))
    # Points add up over games.
    again = play(Tournament(registry, ["Bob", "Ann"], 5), [("secret", "Bob", "RGBY"), ("secret", "Ann", "RGBY"),
                                                           ("guess", "Bob", "RGBY"), ("guess", "Ann", "RGBY")],
                 registry=registry)
    assert again.result is not None and again.result.tie
    assert registry.board == (User("Ann", 11), User("Bob", 9))


def test_a_tournament_of_computer_players_only_ends_in_a_tie_with_no_points() -> None:
    registry = Registry()
    game = Tournament(registry, ["HAL9000", "VIKI"], 5, rng=random.Random(2))
    assert game.phase is Phase.GUESS  # both codes drawn
    for attempt in (game.attempts[0], game.attempts[1]):
        game.guess(attempt.breaker.name, str(attempt.secret))
    assert game.result is not None and game.result.tie and len(registry) == 0


def test_duplicates_allowed_in_codes_and_guesses() -> None:
    game = Tournament(users("Ann"), ["Ann", "VIKI"], 5, rng=random.Random(1))
    game.set_secret("Ann", "RRRR")
    game.guess("Ann", "KKKK")
    assert game.attempts[1].secret is not None and str(game.attempts[1].secret) == "RRRR"


def test_moves_out_of_turn_are_refused() -> None:
    registry = users("Ann", "Bob")
    game = Tournament(registry, ["Ann", "Bob", "VIKI"], 5, rng=random.Random(1))
    with pytest.raises(MoveError, match="Bob cannot set a secret now; waiting for Ann to set the code for Bob"):
        game.set_secret("Bob", "RGBY")
    game.set_secret("Ann", "RGBY")
    with pytest.raises(MoveError, match="Bob cannot set a secret now; hand over to Bob"):
        game.set_secret("Bob", "RGBY")
    game.ready("Bob")
    game.set_secret("Bob", "RGBY")
    with pytest.raises(MoveError, match="VIKI cannot guess now"):
        game.guess("VIKI", "RGBY")


@pytest.mark.parametrize(
    ("names", "attempts", "field", "reason"),
    [
        (["Alan"], 5, "players", "2 to 4 players, not 1"),
        (["Alan", "Bea", "Cy", "HAL9000", "VIKI"], 5, "players", "2 to 4 players, not 5"),
        (["Alan", "Bill"], 5, "player-2-name", "Bill is not a registered user"),
        (["Alan", "alan"], 5, "player-2-name", "Alan is already in the game"),
        (["VIKI", "viki"], 5, "player-2-name", "VIKI is already in the game"),
        (["", "Alan"], 5, "player-1-name", "enter a name"),
        (["Alan", "y" * 51], 5, "player-2-name", "too long"),
        (["Alan", "HAL9000"], 4, "attempts", "from 5 to 10, not 4"),
        (["Alan", "HAL9000"], 11, "attempts", "from 5 to 10, not 11"),
        (["Alan", "HAL9000"], "five", "attempts", "whole number"),
    ],
)
def test_bad_setups_are_refused_beside_their_field(names: list[str], attempts: object, field: str, reason: str) -> None:
    with pytest.raises(SetupError, match=reason) as refused:
        Tournament(users("Alan", "Bea", "Cy"), names, attempts)  # type: ignore[arg-type]  # a wrong type on purpose: its refusal is tested
    assert refused.value.key == field


def test_form_field_checks() -> None:
    assert [check_player_count(n) for n in (2, "3", 4)] == [2, 3, 4]
    assert [check_attempts(n) for n in (5, "10")] == [5, 10]
    for value in (1, 5, "x"):
        with pytest.raises(SetupError) as refused:
            check_player_count(value)
        assert refused.value.key == "players"  # the form's field the refusal is shown at


def test_registered_names_keep_their_registered_spelling() -> None:
    game = Tournament(users("Alan Turing"), ["  alan turing ", "hal9000"], 5)
    assert [(p.name, p.computer) for p in game.players] == [("Alan Turing", False), ("HAL9000", True)]


def test_resume_needs_the_same_users() -> None:
    registry = users("Ann", "Bob")
    game = Tournament(registry, ["Ann", "Bob"], 5, rng=random.Random(1))
    game.set_secret("Ann", "RGBY")
    data = game.to_dict()
    assert Tournament.from_dict(data, registry=registry).phase is Phase.HANDOVER
    with pytest.raises(ValueError, match="not a saved tournament: player-2-name: Bob is not a registered user"):
        Tournament.from_dict(data, registry=users("Ann"))
    with pytest.raises(ValueError, match="attempts"):
        Tournament.from_dict({**data, "attempts": 12}, registry=registry)


def test_load_match_resumes_any_mode_by_its_name() -> None:
    registry = users("Ann")
    saved = [Duel(["Ann", "VIKI"], 2).to_dict(), Race(["Ann", "VIKI"], 1).to_dict(),
             Tournament(registry, ["Ann", "VIKI"], 5).to_dict()]
    assert [type(load_match(data, registry)).__name__ for data in saved] == ["Duel", "Race", "Tournament"]
    assert set(MODES) == {"duel", "race", "tournament"}
    with pytest.raises(ValueError, match="needs the registry"):
        load_match(saved[2])
    garbage: Any
    for garbage in ({"mode": "chess"}, {}, None, "duel", {"mode": []}, {"mode": {"a": 1}}, {"mode": "x" * 10**5}):
        with pytest.raises(ValueError, match="unknown mode"):
            load_match(garbage)  # type: ignore[arg-type]  # a wrong type on purpose: its refusal is tested



def test_a_strategy_seated_as_a_computer_player_plays_scores_nothing_and_may_give_up() -> None:
    """A strategy file's name joins HAL9000 and VIKI as a computer player of this game only; when
    its strategy fails it gives its attempt up (lost, its guesses kept), and the game goes on and
    ends as any other."""
    registry = users("Alan")
    with pytest.raises(SetupError, match="Mine is not a registered user"):
        Tournament(registry, ["Alan", "Mine"], 5)
    game = Tournament(registry, ["Alan", "mine"], 5, rng=random.Random(1), computers=("HAL9000", "VIKI", "Mine"))
    assert [(player.name, player.computer) for player in game.players] == [("Alan", False), ("Mine", True)]
    game.set_secret("Alan", "RGBY")
    game.guess("Alan", "WWWW")
    game.guess("Mine", "BBBB")
    with pytest.raises(MoveError):
        game.resign("Mine")  # not its turn: Alan's guess is due
    game.guess("Alan", "KKKK")
    attempt = game.resign("mine")
    assert attempt.resigned and attempt.lost and attempt.guesses_made == 1 and not game.finished
    while not game.finished:
        game.guess("Alan", "WWWW")
    assert [row.name for row in game.scores if row.points is not None] == ["Alan"]  # no points for Mine


def test_a_saved_attempt_given_up_is_replayed_as_given_up() -> None:
    registry = users("Alan", "Bob")
    game = Tournament(registry, ["Alan", "Bob"], 5, rng=random.Random(2))

    def due() -> str:
        if game.phase is Phase.HANDOVER:
            assert game.player is not None
            game.ready(game.player.name)
        assert game.player is not None
        return game.player.name

    game.set_secret(due(), "RGBY")
    game.set_secret(due(), "YBGR")
    game.guess(due(), "RRRR")
    game.resign(due())
    saved = game.to_dict()
    assert [entry.get("resigned", False) for entry in saved["games"]] == [False, True]
    back = Tournament.from_dict(saved, registry=registry)
    assert back.to_dict() == saved and back.attempts[1].resigned and not back.attempts[0].resigned
    for bad in ("yes", 1, None):
        broken = {**saved, "games": [saved["games"][0], {**saved["games"][1], "resigned": bad}]}
        with pytest.raises(ValueError, match="not a saved attempt"):
            Tournament.from_dict(broken, registry=registry)


def test_a_saved_strategy_in_a_stored_tournament_is_named_as_one_and_checked() -> None:
    """A page's saved strategy plays under its name; the stored match says which players are
    strategies, so it resumes with them as computer players (and a changed list is refused)."""
    registry = users("Alan")
    game = Tournament(registry, ["Alan", "first"], 5, rng=random.Random(3), computers=("HAL9000", "VIKI", "First"))
    assert game.strategies == ("First",)
    game.set_secret("Alan", "RGBY")
    game.guess("Alan", "WWWW")
    saved = game.to_dict()
    assert saved["strategies"] == ["First"]
    back = Tournament.from_dict(saved, registry=registry)
    assert isinstance(back, Tournament) and back.to_dict() == saved and back.strategies == ("First",)
    assert "strategies" not in Tournament(registry, ["Alan", "HAL9000"], 5).to_dict()  # stored as before without one
    for bad in ("First", ["Alan"], ["Nobody"], ["First", "First"], [3]):
        with pytest.raises(ValueError):
            Tournament.from_dict({**saved, "strategies": bad}, registry=registry)
    with pytest.raises(ValueError):  # without its list, First is no user
        Tournament.from_dict({key: value for key, value in saved.items() if key != "strategies"}, registry=registry)


def test_the_tournament_page_seats_saved_strategies_and_a_failure_gives_the_attempt_up() -> None:
    from mastermind.page.boards import Screen
    from mastermind.page.modes import MatchView

    registry = users("Alan", "Bea")
    view = MatchView("tournament", registry, seed=5)
    view.offer(["First", "bea"])  # a strategy named as a user is left out: the user keeps the name
    assert view.strategies == ("First",) and view.name_options == ("Alan", "Bea", "HAL9000", "VIKI", "First")
    duel = MatchView("duel")
    duel.offer(["First"])
    assert duel.strategies == () and "First" not in duel.name_options  # only the Tournament seats them
    for label, value in (("Players", "2"), ("Attempts", "5"), ("Player 1 name", "Alan"), ("Player 2 name", "first")):
        view.edit(label, value)
    assert view.start(), view.status
    assert view.seat is None  # Alan's code first: nothing of the strategy runs yet
    for key in "RGBY":
        view.press(key)
    view.press("Enter")
    for key in "WWWW":
        view.press(key)
    view.press("Enter")
    assert view.screen is Screen.WATCH and view.seat == "First"
    view.forfeit("Guess 1: no answer within 1 s; the game was stopped.")
    assert view.status.startswith("First failed: Guess 1: no answer within 1 s; the game was stopped. ")
    assert view.match is not None and view.seat is None
    assert [attempt.breaker.name for attempt in view.match.attempts if attempt.resigned] == ["First"]
    with pytest.raises(MoveError):
        view.forfeit("again")
