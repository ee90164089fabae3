"""What the page keeps of the other modes: their games in progress and the Tournament's users."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mastermind import Duel, Race, Registry, Tournament
from mastermind.computer import CodeChallenge
from mastermind.page.storage import MODE_GAMES, PARTS, REGISTRY, ModeGames, envelope, read
from mastermind.page.sync import MemoryStorage, Tab, Users


def games() -> ModeGames:
    duel = Duel(["Ann", "Bob"], 2)
    duel.set_secret("Ann", "RGBP")
    race = Race(["Ann", "VIKI"], 3, rng=random.Random(1))
    registry = Registry()
    registry.register("Alan")
    tournament = Tournament(registry, ["Alan", "HAL9000"], 5, rng=random.Random(2))
    computer = CodeChallenge("VIKI").set_secret("RGBY")
    computer.guess("BBGG")
    saved = ModeGames("race")
    for mode, game in (("duel", duel), ("race", race), ("tournament", tournament), ("computer", computer)):
        saved = saved.with_game(mode, game.to_dict())
    return saved


def test_own_keys_in_the_parts_of_the_page():
    assert MODE_GAMES.key == "mastermind:matches" and REGISTRY.key == "mastermind:registry"
    assert PARTS[MODE_GAMES.key] is MODE_GAMES and PARTS[REGISTRY.key] is REGISTRY


def test_games_round_trip():
    saved = games()
    stored = read(MODE_GAMES, envelope(MODE_GAMES, saved, 4))
    assert stored.value == saved and stored.rev == 4 and stored.problem is None
    assert MODE_GAMES.describe(saved) == "games in progress: computer, duel, race, tournament"


def test_absent_key_gives_no_games_and_solo():
    stored = read(MODE_GAMES, None)
    assert stored.value == ModeGames() and stored.value.active == "solo" and stored.problem is None


def test_one_unreadable_game_is_dropped_and_the_others_kept():
    data = json.loads(envelope(MODE_GAMES, games(), 1))
    data["data"]["games"]["duel"]["games"][0]["secret"] = "RRRR"  # repeats are not allowed in a duel
    data["data"]["games"]["chess"] = {"mode": "chess"}
    data["data"]["active"] = "<script>"
    stored = read(MODE_GAMES, json.dumps(data))
    assert sorted(stored.value.games) == ["computer", "race", "tournament"]
    assert stored.value.active == "solo"
    assert "the duel in progress" in stored.problem and "the chess in progress" in stored.problem


def test_a_bad_game_under_a_huge_name_is_named_briefly():
    data = json.loads(envelope(MODE_GAMES, games(), 1))
    data["data"]["games"]["x" * 100_000] = {"mode": "x"}
    stored = read(MODE_GAMES, json.dumps(data))
    assert sorted(stored.value.games) == ["computer", "duel", "race", "tournament"]
    assert len(stored.problem) < 200 and "the xxxxxxxxxx" in stored.problem


@pytest.mark.parametrize(
    "text",
    ["{not json", "[]", '{"version": 2, "rev": 1, "data": 7}', '{"version": 2, "rev": 1, "data": {"active": "duel"}}',
     '{"version": 1, "active": "duel", "games": {}}', '{"version": 2, "rev": -1, "data": {"active": "duel", "games": {}}}'],
)
def test_garbage_falls_back_to_no_games(text):
    stored = read(MODE_GAMES, text)
    assert stored.value == ModeGames() and stored.problem


@given(st.text(max_size=200))
def test_any_text_reads_without_raising(text):
    for part in (MODE_GAMES, REGISTRY):
        stored = read(part, text)
        if stored.problem:  # refused: the default, and a message
            assert stored.value == part.default()
        else:  # accepted: it saves back to the same value
            assert read(part, envelope(part, stored.value, stored.rev)).value == stored.value


def test_registry_round_trip_and_garbage():
    registry = Registry()
    for name in ("Alan", "Bea"):
        registry.register(name)
    registry.credit({"Bea": 7})
    stored = read(REGISTRY, envelope(REGISTRY, registry.to_dict(), 2))
    assert Registry.from_dict(stored.value).board == registry.board
    assert REGISTRY.describe(stored.value) == "2 registered users"
    bad = envelope(REGISTRY, registry.to_dict(), 2).replace('"Bea"', '"HAL9000"')
    stored = read(REGISTRY, bad)  # the one bad user is dropped, the others kept
    assert stored.value == {"version": 1, "users": [{"name": "Alan", "points": 0}]}
    assert stored.problem == ("Some saved registered users and their points could not be read and were dropped: "
                              "user 2 (HAL9000 is a computer player's name).")


@pytest.mark.parametrize("name", ["Al\u200bice", "ALICE", "\u202eAlice", "Alice\x1b[2J", "Ali\u0301ce\u0000"])
def test_a_stored_look_alike_or_invisible_name_is_dropped_with_a_reason(name):
    users = [{"name": "Alice", "points": 5}, {"name": name, "points": 1}]
    stored = read(REGISTRY, json.dumps({"version": 2, "rev": 3, "data": {"version": 1, "users": users}}))
    assert stored.value["users"] == [{"name": "Alice", "points": 5}]
    assert "were dropped: user 2 (" in stored.problem
    assert "already taken" in stored.problem or "invisible marks" in stored.problem


def test_a_stored_huge_score_is_dropped_and_the_next_save_works():
    text = '{"version": 2, "rev": 1, "data": {"version": 1, "users": [{"name": "Bob", "points": 1' + "0" * 4299 + '}]}}'
    store = MemoryStorage({REGISTRY.key: text})
    users = Users(Tab(store))
    assert len(users.registry) == 0
    users.registry.register("Ada")
    assert users.push() is False and json.loads(store.items[REGISTRY.key])["data"]["users"] == [{"name": "Ada", "points": 0}]


def test_two_tabs_keep_both_tabs_users_and_points():
    store = MemoryStorage()
    one, two = Tab(store), Tab(store)
    base = Registry()
    base.register("Alan")
    one.save(REGISTRY, base.to_dict())
    two.refresh(REGISTRY.key)
    first, second = Registry.from_dict(one.value(REGISTRY)), Registry.from_dict(two.value(REGISTRY))
    first.credit({"Alan": 3})
    first.register("Bea")
    second.credit({"Alan": 4})
    second.register("Cy")
    one.save(REGISTRY, first.to_dict())
    merged = Registry.from_dict(two.save(REGISTRY, second.to_dict()))
    assert [(user.name, user.points) for user in merged.board] == [("Alan", 7), ("Bea", 0), ("Cy", 0)]


def test_two_tabs_keep_each_tabs_own_game():
    store = MemoryStorage()
    one, two = Tab(store), Tab(store)
    saved = games()
    one.save(MODE_GAMES, saved)
    two.refresh(MODE_GAMES.key)
    one.save(MODE_GAMES, saved.with_game("duel", None).with_active("duel"))
    kept = two.save(MODE_GAMES, saved.with_game("race", None).with_active("tournament"))
    assert sorted(kept.games) == ["computer", "tournament"] and kept.active == "tournament"


def test_a_saved_game_of_another_mode_or_of_no_mode_is_refused_with_a_sentence():
    from mastermind import Duel, Registry, Tournament
    from mastermind.page.storage import check_mode_game

    duel = Duel(["Ann", "Bo"], runs=2).to_dict()
    assert check_mode_game("duel", duel) == duel
    for mode, data, message in [
        ("race", duel, "not a saved game of race"),
        ("duel", ["duel"], "not a saved game of duel"),
        ("duel", None, "not a saved game of duel"),
        ("chess", {**duel, "mode": "chess"}, "'chess' is not a mode with games to resume"),
    ]:
        with pytest.raises(ValueError) as refused:
            check_mode_game(mode, data)
        assert str(refused.value) == message
    users = Registry()
    users.register("Ann"), users.register("Bo")
    tournament = Tournament(users, ["Ann", "Bo"], 5).to_dict()
    assert check_mode_game("tournament", tournament) == tournament  # among its own players
    for players in (5, "AnnBo", None, {"Ann": 1}):
        with pytest.raises(ValueError, match="not a saved tournament"):
            check_mode_game("tournament", {**tournament, "players": players})
