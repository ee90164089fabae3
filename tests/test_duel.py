"""Duel: whole matches from the source text's sample runs, turns, hand-overs, refusals, saving."""

from __future__ import annotations

import random

import pytest

from mastermind import DUEL, CodeError
from mastermind.duel import Duel
from mastermind.match import MoveError, Phase
from mastermind.players import SetupError

from .matches import actor, current, play, resumed

# Sample run 1 of the source text (004): two runs, every guess wrong, 7 - 7.
RUN_1 = [("secret", "Duygu", "RGBP")] + [
    ("guess", "Gulsen", guess) for guess in ["MYPB", "GMYP", "RMYP", "RBYP", "RBGP", "RPGB"]
]
RUN_2 = [("secret", "Gulsen", "YMPG")] + [
    ("guess", "Duygu", guess) for guess in ["MPGR", "BPMY", "PMYB", "YMBP", "YMPB", "MYGP"]
]


def red_white(match: Duel, run: int) -> list[str]:
    """The duel's feedback notation (red for exact) of every guess of `run`."""
    return [turn.feedback.key_pegs("R", "W", "") for turn in match.attempts[run - 1].history]


def test_sample_run_1_two_runs_all_missed_is_a_tie() -> None:
    duel = play(Duel(["Duygu", "Gulsen"], 2), RUN_1)
    assert red_white(duel, 1) == ["WW", "RW", "RR", "RRW", "RRWW", "RWWW"]
    assert duel.attempts[0].lost and duel.round == 2
    assert [(row.name, row.points) for row in duel.scores] == [("Duygu", 7), ("Gulsen", 0)]
    duel = play(duel, RUN_2)
    assert red_white(duel, 2) == ["WWW", "WWW", "RWW", "RRW", "RRR", "WWWW"]
    assert duel.phase is Phase.FINISHED and duel.finished
    assert [(row.name, row.points) for row in duel.scores] == [("Duygu", 7), ("Gulsen", 7)]
    assert duel.result is not None and duel.result.tie and str(duel.result) == "tie"
    assert duel.status == "Finished: tie"


def test_sample_run_2_four_runs_all_broken() -> None:
    script = [
        ("secret", "Gulsen", "GPYB"), ("guess", "Duygu", "GPYB"),
        ("secret", "Duygu", "BPYM"),
        *[("guess", "Gulsen", g) for g in ["GPMR", "GMPY", "MPRB", "BPMR", "BPMY", "BPYM"]],
        ("secret", "Gulsen", "YMGB"),
        *[("guess", "Duygu", g) for g in ["YGMP", "YMPG", "YMGP", "YMGB"]],
        ("secret", "Duygu", "PBYG"), ("guess", "Gulsen", "GBYP"), ("guess", "Gulsen", "PBYG"),
    ]
    duel = play(Duel(["Gulsen", "Duygu"], 4), script)
    assert all(attempt.won for attempt in duel.attempts)
    assert [attempt.round for attempt in duel.attempts] == [1, 2, 3, 4]
    assert [(row.name, row.points) for row in duel.scores] == [("Gulsen", 5), ("Duygu", 8)]
    assert duel.result is not None and duel.result.winner == "Duygu" and str(duel.result) == "Duygu wins"


def test_roles_alternate_and_scores_update_after_every_guess() -> None:
    duel = Duel(["Ann", "Bob"], 4)
    makers = []
    for _ in range(4):
        attempt = duel.attempt
        assert attempt is not None and attempt.maker is not None
        makers.append((attempt.maker.name, attempt.breaker.name))
        duel = play(duel, [("secret", attempt.maker.name, "RGBP"), ("guess", attempt.breaker.name, "RGBY")])
        assert (duel.scores[[p.name for p in duel.players].index(attempt.maker.name)].points or 0) >= 1
        duel = play(duel, [("guess", attempt.breaker.name, "RGBP")])
    assert makers == [("Ann", "Bob"), ("Bob", "Ann")] * 2
    # Each run: 1 miss for the maker, 1 for the breaker who broke it.
    assert [row.points for row in duel.scores] == [4, 4]


def test_breaking_on_the_last_guess_gives_the_maker_no_extra_point() -> None:
    duel = play(Duel(["Ann", "Bob"], 2), [("secret", "Ann", "RGBP")]
                + [("guess", "Bob", g) for g in ["RGBY", "RGBM", "RGPB", "RBGP", "GRBP", "RGBP"]])
    assert duel.attempts[0].won
    assert [row.points for row in duel.scores] == [5, 1]


def test_hand_over_between_two_people_and_only_then() -> None:
    duel = Duel(["Ann", "Bob"], 2)
    assert duel.phase is Phase.SECRET and actor(duel).name == "Ann"  # nobody to hand over from yet
    duel.set_secret("Ann", "RGBP")
    assert (duel.phase, current(duel).secret is not None, actor(duel).name) == (Phase.HANDOVER, True, "Bob")  # Bob guesses next
    assert duel.status == "Hand over to Bob"
    with pytest.raises(MoveError, match="Bob cannot guess now; hand over to Bob"):
        duel.guess("Bob", "RGBP")
    with pytest.raises(MoveError, match="Ann cannot press Ready now"):
        duel.ready("Ann")
    duel.ready("bob")  # names in any case
    assert duel.phase is Phase.GUESS and duel.status == "Waiting for a guess from Bob"
    duel.guess("Bob", "RGBP")
    # Run 2: Bob made the last move and now makes the code: no hand-over until Ann guesses.
    assert (duel.phase, duel.player.name, duel.round) == (Phase.SECRET, "Bob", 2)
    duel.set_secret("Bob", "YMPG")
    assert duel.phase is Phase.HANDOVER and duel.player.name == "Ann"


def test_moves_out_of_turn_or_in_the_wrong_phase_change_nothing() -> None:
    duel = Duel(["Ann", "Bob"], 2)
    before = duel.to_dict()
    with pytest.raises(MoveError, match="Bob cannot set a secret now; waiting for Ann to set the code for Bob"):
        duel.set_secret("Bob", "RGBP")
    with pytest.raises(MoveError, match="Ann cannot guess now"):
        duel.guess("Ann", "RGBP")
    with pytest.raises(MoveError, match="Zoe is not playing"):
        duel.guess("Zoe", "RGBP")
    assert duel.to_dict() == before
    duel.set_secret("Ann", "RGBP")
    duel.ready("Bob")
    with pytest.raises(MoveError, match="Bob cannot set a secret now"):
        duel.set_secret("Bob", "RGBY")
    with pytest.raises(MoveError, match="Ann cannot guess now; waiting for a guess from Bob"):
        duel.guess("Ann", "RGBY")


def test_a_move_after_the_end_is_refused() -> None:
    duel = play(Duel(["Ann", "Bob"], 2), [("secret", "Ann", "RGBP"), ("guess", "Bob", "RGBP"),
                                          ("secret", "Bob", "RGBP"), ("guess", "Ann", "RGBP")])
    assert duel.finished and duel.player is None and duel.attempt is None and duel.round == 2
    with pytest.raises(MoveError, match="the match is over: tie"):
        duel.guess("Ann", "RGBP")


@pytest.mark.parametrize(
    ("secret", "reason"),
    [("QWET", "not in the palette"), ("UIOK", "not in the palette"), ("RGBT", "T is not in the palette"),
     ("RGBR", "Red is used twice"), ("RGB", "4 pegs"), ("", "empty"), ("RGBPY", "4 pegs")],
)
def test_bad_secrets_are_refused_and_asked_again(secret: str, reason: str) -> None:
    duel = Duel(["Duygu", "Gulsen"], 2)
    with pytest.raises(CodeError, match=reason):
        duel.set_secret("Duygu", secret)
    assert duel.phase is Phase.SECRET and current(duel).secret is None
    duel.set_secret("Duygu", " rgBY ")  # rules.md: case and surrounding spaces do not matter
    assert str(duel.attempts[0].secret) == "RGBY"


@pytest.mark.parametrize(("guess", "reason"), [("MYP", "4 pegs"), ("YMPGR", "4 pegs"), ("RBBY", "Blue is used twice"),
                                               ("RGBO", "O is not in the palette")])
def test_bad_guesses_cost_nothing(guess: str, reason: str) -> None:
    duel = play(Duel(["Duygu", "Gulsen"], 2), [("secret", "Duygu", "RGBP"), ("guess", "Gulsen", "MYPB")])
    with pytest.raises(CodeError, match=reason):
        duel.guess("Gulsen", guess)
    assert duel.guesses_left == 5 and len(duel.history) == 1
    assert [row.points for row in duel.scores] == [1, 0]


@pytest.mark.parametrize("runs", [-2, 0, 1, 3, 11, 21, 22, 100, "3", "two", "", "2.0", 2.0, None, True])
def test_runs_must_be_a_positive_even_number_up_to_20(runs: object) -> None:
    with pytest.raises(SetupError) as refused:
        Duel(["Duygu", "Gulsen"], runs)  # type: ignore[arg-type]  # a wrong type on purpose: its refusal is tested
    assert refused.value.key == "runs"


@pytest.mark.parametrize("runs", [2, 4, 20, "12", " 6 "])
def test_runs_accepted(runs: object) -> None:
    duel = Duel(["Duygu", "Gulsen"], runs)  # type: ignore[arg-type]  # a wrong type on purpose: its refusal is tested
    assert duel.rounds == int(runs) and len(duel.attempts) == int(runs)  # type: ignore[call-overload]  # a wrong type on purpose: its refusal is tested


@pytest.mark.parametrize(
    ("names", "field", "reason"),
    [
        (["", "Gulsen"], "player-1-name", "enter a name"),
        (["Duygu", "   "], "player-2-name", "enter a name"),
        (["D" * 51, "Gulsen"], "player-1-name", "too long: at most 50 characters, this has 51"),
        (["Duygu", "duygu"], "player-2-name", "duygu is already in the game"),
        (["HAL9000", "hal9000"], "player-2-name", "HAL9000 is already in the game"),
        (["Duygu"], "players", "a game has 2 players, not 1"),
        (["A", "B", "C"], "players", "a game has 2 players, not 3"),
    ],
)
def test_bad_names_are_refused_beside_their_field(names: list[str], field: str, reason: str) -> None:
    with pytest.raises(SetupError, match=reason) as refused:
        Duel(names, 2)
    assert refused.value.key == field


def test_duel_preset_and_names_kept_as_typed_without_surrounding_spaces() -> None:
    duel = Duel(["  Duygu ", "D" * 50], 2)
    assert duel.config == DUEL and not duel.config.allow_duplicates
    assert [player.name for player in duel.players] == ["Duygu", "D" * 50]


def test_a_computer_players_secret_is_random_legal_and_seeded() -> None:
    first = Duel(["VIKI", "Ann"], 2, rng=random.Random(5))
    again = Duel(["viki", "Ann"], 2, rng=random.Random(5))
    assert first.players[0].computer and first.players[0].name == "VIKI"
    secret = first.attempts[0].secret
    assert secret is not None and secret == again.attempts[0].secret and not secret.has_repeats
    assert first.phase is Phase.GUESS and actor(first).name == "Ann"  # VIKI's code is already set
    assert first.attempts[1].secret is None  # Ann sets hers in run 2


def test_resume_in_every_phase_including_a_hand_over() -> None:
    duel = Duel(["Ann", "Bob"], 2)
    duel.set_secret("Ann", "RGBP")
    assert resumed(duel).phase is Phase.HANDOVER
    duel.ready("Bob")
    again = resumed(duel)
    assert again.phase is Phase.GUESS
    again.guess("Bob", "RGBY")
    assert again.scores[0].points == 1


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.update(mode="race"),
        lambda d: d.update(version=2),
        lambda d: d.update(runs=3),
        lambda d: d.update(players=["Ann", "ann"]),
        lambda d: d.update(players="AnnBob"),
        lambda d: d.update(config={"pegs": 0}),
        lambda d: d.update(games=d["games"][:1]),
        lambda d: d["games"][0].update(secret="RRRR"),
        lambda d: d["games"][0].update(secret=1234),
        lambda d: d["games"][0].update(guesses=["RGBY", 5]),
        lambda d: d["games"][0].update(guesses="RGBY"),
        lambda d: d["games"][0].update(guesses=["RGBP", "RGBY"]),  # a guess after the code was broken
        lambda d: d["games"][1].update(guesses=["RGBY"]),  # a guess before its code was set
        lambda d: d["games"][1].update(secret="RGBY"),  # a code set before its turn
        lambda d: d.update(at_screen="Zoe"),
        lambda d: d.pop("games"),
        lambda d: d["games"].__setitem__(0, "RGBP"),
    ],
)
def test_a_damaged_save_is_refused(damage) -> None:
    duel = Duel(["Ann", "Bob"], 2)
    duel.set_secret("Ann", "RGBP")
    data = duel.to_dict()
    damage(data)
    with pytest.raises(ValueError, match="not a saved duel"):
        Duel.from_dict(data)


@pytest.mark.parametrize("garbage", [None, [], "duel", {"mode": "duel"}, {}])
def test_garbage_is_not_a_saved_duel(garbage: object) -> None:
    with pytest.raises(ValueError):
        Duel.from_dict(garbage)  # type: ignore[arg-type]  # a wrong type on purpose: its refusal is tested


def test_a_duel_resumes_with_its_own_rules_players_and_runs():
    from mastermind import Config

    config = Config(pegs=3, colors=5, max_guesses=4, allow_duplicates=False)
    duel = Duel(["Ann", "Bo"], runs=4, config=config)
    duel.set_secret("Ann", "BGO")
    back = Duel.from_dict(duel.to_dict())
    assert back.config == config and back.rounds == 4 and [p.name for p in back.players] == ["Ann", "Bo"]
    assert back.to_dict() == duel.to_dict()
