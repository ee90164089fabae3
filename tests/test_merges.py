"""Two tabs that both changed the same data: each merge with a real conflict (both sides changed
the same thing) and non-zero starting values, where a wrong merge gives a different answer."""

from __future__ import annotations

from mastermind import Config, Registry
from mastermind.page.state import ModeGames
from mastermind.page.stats import Record, record_key
from mastermind.page.storage import MODE_GAMES, RECORDS, REGISTRY
from mastermind.page.sync import MemoryStorage, Tab


def played(record: Record, results: str) -> Record:
    """`record` after the games of `results`: a digit is a win in that many guesses, `x` a loss."""
    for result in results:
        record = record.add(won=result != "x", guesses=0 if result == "x" else int(result))
    return record


# Statistics: this tab's games are replayed onto the other tab's, streaks in the right order.


def test_rebase_replays_early_wins_then_losses_then_the_current_streak():
    base = played(Record(), "4x5")  # current streak 1
    theirs = played(base, "33")  # the other tab won twice: current streak 3, best 3
    mine = played(base, "26x4")  # this tab: two wins, a loss, a win; current streak 1
    merged = mine.rebase(base, theirs)
    assert merged == played(theirs, "26x4")
    assert (merged.current_streak, merged.best_streak) == (1, 5)  # 3 + 2 early wins, then 1 after the loss
    assert (merged.played, merged.won) == (base.played + 6, base.won + 5)


def test_rebase_keeps_a_current_streak_that_began_before_the_base():
    base = played(Record(), "x44")  # current streak 2
    theirs = played(base, "x")  # the other tab lost: streak broken
    mine = played(base, "5")  # this tab's streak goes on: 3
    merged = mine.rebase(base, theirs)
    assert merged == played(theirs, "5")
    assert (merged.current_streak, merged.best_streak) == (1, 2)


def test_two_tabs_finishing_games_keep_every_game_in_order():
    store = MemoryStorage()
    one, two = Tab(store), Tab(store)
    key = record_key("solo", Config())
    one.save(RECORDS, {key: played(Record(), "3x")})
    two.refresh(RECORDS.key)
    base = two.value(RECORDS)[key]
    one.save(RECORDS, {key: played(base, "44")})
    merged = two.save(RECORDS, {key: played(base, "5x6")})[key]
    assert merged == played(base, "445x6")


# Games of the other modes: when both tabs changed one mode, the newer stored game wins.


def test_mode_games_both_tabs_changed_the_same_mode():
    race = {"mode": "race", "round": 1}
    base = ModeGames("race", {"race": race, "duel": {"mode": "duel", "run": 1}})
    ours = base.with_game("race", {"mode": "race", "round": 2}).with_active("duel")
    theirs = base.with_game("race", {"mode": "race", "round": 3}).with_game("duel", None)
    merged = MODE_GAMES.reconcile(base, ours, theirs)
    assert merged.games == {"race": {"mode": "race", "round": 3}}  # theirs for race; duel ended there
    assert merged.active == "duel"  # the mode shown is this tab's


def test_mode_games_each_tab_keeps_the_mode_only_it_changed():
    base = ModeGames("solo", {"race": {"mode": "race", "round": 1}, "duel": {"mode": "duel", "run": 1}})
    ours = base.with_game("race", {"mode": "race", "round": 2})
    theirs = base.with_game("duel", {"mode": "duel", "run": 2}).with_game("computer", {"mode": "computer"})
    merged = MODE_GAMES.reconcile(base, ours, theirs)
    assert merged.games == {
        "race": {"mode": "race", "round": 2},
        "duel": {"mode": "duel", "run": 2},
        "computer": {"mode": "computer"},
    }


# Tournament registry: points only grow, by what each tab added since the base.


def registry(**points: int) -> dict:
    users = Registry()
    for name in points:
        users.register(name)
    users.credit(points)
    return users.to_dict()


def board(saved: dict) -> dict[str, int]:
    return {user.name: user.points for user in Registry.from_dict(saved).board}


def test_registry_adds_what_each_tab_gained_to_non_zero_points():
    base = registry(Ann=5, Bob=2)
    ours = registry(Ann=8, Bob=2, Cy=1)  # Ann +3, Cy registered here with a point
    theirs = registry(Ann=6, Bob=7)  # Ann +1, Bob +5
    assert board(REGISTRY.reconcile(base, ours, theirs)) == {"Ann": 9, "Bob": 7, "Cy": 1}


def test_two_tabs_crediting_the_same_user_count_each_point_once():
    store = MemoryStorage()
    one, two = Tab(store), Tab(store)
    one.save(REGISTRY, registry(Ann=10, Bob=4))
    two.refresh(REGISTRY.key)
    one.save(REGISTRY, registry(Ann=13, Bob=4))
    merged = two.save(REGISTRY, registry(Ann=10, Bob=6))
    assert board(merged) == {"Ann": 13, "Bob": 6}


def test_rebase_of_a_record_that_does_not_continue_the_base_keeps_the_one_with_more_games():
    base = played(Record(), "44x")
    # fewer games than the base (the storage was cleared meanwhile): the other tab's record stays
    assert played(Record(), "3").rebase(base, played(base, "5")) == played(base, "5")
    # a win the base had is gone, though there are more games
    assert played(Record(), "xx5x").rebase(base, base) == played(Record(), "xx5x")
    assert played(Record(), "xx5x").rebase(base, played(base, "55")) == played(base, "55")
    # more wins than games added
    start = played(Record(), "x")
    assert played(Record(), "44").rebase(start, played(start, "xx")) == played(start, "xx")
    assert played(Record(), "44").rebase(start, start) == played(Record(), "44")
    # a win lost, another gained: as many wins as games added, yet not the base's continuation
    start = played(Record(), "4")
    assert played(Record(), "x5").rebase(start, played(start, "66")) == played(start, "66")


def test_rebase_of_wins_only_replays_them_all():
    base = played(Record(), "3")
    merged = played(base, "45").rebase(base, played(base, "x"))
    assert merged == played(base, "x45")


def test_rebase_of_wins_only_carries_on_the_other_tabs_streak():
    base = played(Record(), "x")
    merged = played(base, "45").rebase(base, played(base, "3"))
    assert merged == played(base, "345") and merged.current_streak == 3
