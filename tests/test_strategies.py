"""Strategies: their stored part (bounds, damage, two tabs, Export/Import, the version 4 to 5
migration) and the League."""

import datetime as dt
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mastermind import Config, lab
from mastermind.errors import StrategyError
from mastermind.lab_share import MAX_SOURCE, Shared, link_token
from mastermind.page.backup import export, parse, preview
from mastermind.page.storage import (
    CHALLENGE_RESULTS,
    MIGRATIONS,
    SETTINGS,
    STRATEGIES,
    VERSION,
    keys,
    layout_version,
    migrate,
    read,
)
from mastermind.page.strategies import (
    MAX_SCORES,
    MAX_STRATEGIES,
    Keeper,
    KeptScore,
    SavedStrategy,
    SecretSet,
    delete,
    find,
    league,
    merge_kept,
    save,
    scored,
)
from mastermind.page.sync import MemoryStorage, Tab

SOURCE = "def guess(history, rules):\n    return 'BBGG'\n"
CLASSIC = SecretSet.of(Config())


def shared(name: str, source: str = SOURCE) -> Shared:
    return Shared(name, source)


def score(mean: float, worst: int = 7, secrets: SecretSet = CLASSIC) -> KeptScore:
    return KeptScore(secrets, mean, worst, secrets.config.size if secrets.secrets == "all" else lab.SAMPLE)


def test_the_secrets_of_a_score_name_the_rules_and_how_they_were_drawn():
    assert SecretSet.of(Config()).secrets == "all"
    assert SecretSet.of(Config(pegs=6, colors=10)).secrets == f"sample {lab.SAMPLE_SEED}"
    assert SecretSet.of(Config()) != SecretSet.of(Config(allow_duplicates=False))
    assert SecretSet.of(Config()) != SecretSet.of(Config(max_guesses=10))  # the limit changes the mean of a loss


def test_a_score_kept_is_the_runs_figures():
    strategy = lab.starter()
    rules = lab.Rules.of(Config(pegs=2, colors=3))
    result = lab.score(strategy, rules)
    kept = KeptScore.of(result, rules.config)
    assert (kept.mean, kept.worst, kept.games, kept.secrets) == (result.mean, result.worst, 9, SecretSet.of(rules.config))


def test_saving_adds_replaces_by_name_and_keeps_scores_only_for_the_same_source():
    kept = save((), shared("Mine"))
    kept = scored(kept, "mine", score(5.0))
    assert find(kept, "MINE").score_on(CLASSIC) == score(5.0)
    assert save(kept, shared("mine")) == (SavedStrategy(shared("mine"), (score(5.0),)),)  # same source: scores kept
    changed = save(kept, shared("mine", SOURCE + "# better\n"))
    assert len(changed) == 1 and changed[0].scores == () and changed[0].name == "mine"
    assert delete(save(kept, shared("other")), "Mine") == (SavedStrategy(shared("other")),)


def test_at_most_so_many_strategies_are_kept_and_the_next_is_refused_with_a_sentence():
    kept = ()
    for number in range(MAX_STRATEGIES):
        kept = save(kept, shared(f"s{number}"))
    with pytest.raises(StrategyError, match="delete one first"):
        save(kept, shared("one more"))
    assert save(kept, shared("s3")) == kept  # saving one kept again is no new one


def test_a_strategy_may_not_take_a_computer_players_name():
    with pytest.raises(StrategyError, match="HAL9000 is a computer player's name"):
        save((), shared("hal9000"))


def test_a_score_replaces_the_one_on_the_same_secrets_and_the_oldest_go_first():
    kept = save((), shared("mine"))
    kept = scored(scored(kept, "mine", score(5.0)), "mine", score(4.8))
    assert find(kept, "mine").scores == (score(4.8),)
    others = [Config(max_guesses=g) for g in (8, 9, 10, 11, 13, 14, 15, 16)]
    others += [Config(allow_duplicates=False, max_guesses=g) for g in (10, 11, 12, 13, 14)]
    assert len(others) == MAX_SCORES + 1
    for config in others:
        kept = scored(kept, "mine", score(4.0, secrets=SecretSet.of(config)))
    assert len(find(kept, "mine").scores) == MAX_SCORES and find(kept, "mine").score_on(CLASSIC) is None
    assert scored(kept, "gone", score(4.0)) == kept


def test_the_league_ranks_by_mean_then_worst_on_the_same_secrets_only():
    kept = save(save(save(save((), shared("b")), shared("a")), shared("unscored")), shared("c"))
    kept = scored(scored(scored(kept, "a", score(4.6, 7)), "b", score(4.6, 6)), "c", score(4.5, 9))
    kept = scored(kept, "unscored", score(3.0, secrets=SecretSet.of(Config(allow_duplicates=False))))
    rows = league(kept, CLASSIC, {"HAL9000": score(4.476, 6), "VIKI": None})
    assert [(row.name, row.mean, row.worst, row.computer) for row in rows] == [
        ("HAL9000", 4.476, 6, True), ("c", 4.5, 9, False), ("b", 4.6, 6, False), ("a", 4.6, 7, False),
        ("unscored", None, None, False), ("VIKI", None, None, True),
    ]


@given(st.lists(st.tuples(st.floats(1, 13), st.integers(0, 12)), max_size=MAX_STRATEGIES))
def test_the_league_is_every_strategy_once_in_order(figures):
    kept = ()
    for number, (mean, worst) in enumerate(figures):
        kept = scored(save(kept, shared(f"s{number}")), f"s{number}", score(mean, worst))
    rows = league(kept, CLASSIC, {"HAL9000": None})
    assert sorted(row.name for row in rows) == sorted([*(f"s{n}" for n in range(len(figures))), "HAL9000"])
    ranked = [(row.mean, row.worst) for row in rows if row.mean is not None]
    assert ranked == sorted(ranked) and rows[-1].name == "HAL9000"


# The stored part.


def stored(kept, rev: int = 1, version: int = VERSION) -> str:
    return json.dumps({"version": version, "rev": rev, "data": [strategy.to_dict() for strategy in kept]})


def test_saved_strategies_read_back_as_they_were_written():
    kept = scored(save(save((), shared("Zoë <b>bold</b>")), shared("two")), "two", score(4.9))
    assert read(STRATEGIES, stored(kept)) == (kept, 1, None, False, False)


@pytest.mark.parametrize(("entry", "why"), [
    ({"name": "x", "source": SOURCE}, "its name, its source and its scores"),
    ({"name": "", "source": SOURCE, "scores": []}, "Enter a name"),
    ({"name": "a\u202eb", "source": SOURCE, "scores": []}, "control characters"),
    ({"name": "x", "source": "x" * (MAX_SOURCE + 1), "scores": []}, "too long"),
    ({"name": "x", "source": "print(1)\x00", "scores": []}, "control character"),
    ({"name": "x", "source": 3, "scores": []}, "is text"),
    ({"name": "x", "source": SOURCE, "scores": [{**score(4.5).to_dict(), "mean": 0.5}]}, "bounds"),
    ({"name": "x", "source": SOURCE, "scores": [{**score(4.5).to_dict(), "worst": 13}]}, "bounds"),
    ({"name": "x", "source": SOURCE, "scores": [{**score(4.5).to_dict(), "games": True}]}, "bounds"),
    ({"name": "x", "source": SOURCE, "scores": [{**score(4.5).to_dict(), "secrets": "sample 1"}]}, "not this version"),
    ({"name": "x", "source": SOURCE, "scores": [score(4.5).to_dict()] * 2}, "same secrets"),
])
def test_a_damaged_entry_is_dropped_and_said_the_others_kept_and_the_text_set_aside(entry, why):
    good = SavedStrategy(shared("good"), (score(4.7),))
    text = json.dumps({"version": VERSION, "rev": 3, "data": [good.to_dict(), entry]})
    found = read(STRATEGIES, text)
    assert found.value == (good,) and found.rev == 3
    assert "strategy 2" in found.problem and why in found.problem
    tab = Tab(MemoryStorage({STRATEGIES.key: text}))
    assert tab.value(STRATEGIES) == (good,)
    assert any(text in kept for kept in tab.values()["mastermind:damaged"])  # the whole text as found


def test_two_entries_of_one_name_keep_the_first():
    text = json.dumps({"version": VERSION, "rev": 1, "data": [SavedStrategy(shared("a")).to_dict(),
                                                              SavedStrategy(shared("A", SOURCE + "#\n")).to_dict()]})
    found = read(STRATEGIES, text)
    assert found.value == (SavedStrategy(shared("a")),) and "a second A" in found.problem


def test_too_many_strategies_are_refused_whole():
    text = stored([SavedStrategy(shared(f"s{n}")) for n in range(MAX_STRATEGIES + 1)])
    found = read(STRATEGIES, text)
    assert found.value == () and found.damaged and "at most 20 strategies" in found.problem


def test_two_tabs_keep_each_others_strategies():
    backend = MemoryStorage()
    one, two = Tab(backend), Tab(backend)
    one.save(STRATEGIES, save((), shared("from one")))
    assert two.save(STRATEGIES, save((), shared("from two"))) == (SavedStrategy(shared("from one")), SavedStrategy(shared("from two")))
    one.refresh(STRATEGIES.key)
    assert [strategy.name for strategy in one.value(STRATEGIES)] == ["from one", "from two"]
    # One tab deletes a strategy the other scores meanwhile: the score (a change) wins over the deletion.
    one.save(STRATEGIES, delete(one.value(STRATEGIES), "from two"))
    merged = two.save(STRATEGIES, scored(two.value(STRATEGIES), "from two", score(4.7)))
    assert [strategy.name for strategy in merged] == ["from one", "from two"]
    # A deletion of a strategy nobody else changed holds.
    one.refresh(STRATEGIES.key)
    two.save(STRATEGIES, delete(two.value(STRATEGIES), "from one"))
    one.save(STRATEGIES, save(one.value(STRATEGIES), shared("third")))
    assert [strategy.name for strategy in one.value(STRATEGIES)] == ["from two", "third"]


def test_strategies_go_out_and_back_in_export_and_import():
    kept = scored(save((), shared("mine")), "mine", score(4.9))
    text = export({STRATEGIES.key: kept, SETTINGS.key: SETTINGS.default()}, dt.datetime(2026, 11, 27, 20, 0))
    assert json.loads(text)["version"] == VERSION == 5
    backup = parse(text)
    assert backup.values[STRATEGIES.key] == kept
    assert preview(backup, {STRATEGIES.key: (), SETTINGS.key: SETTINGS.default()})[0] == \
        "Strategies: 1 strategy will replace 0 strategies."
    other = Tab(MemoryStorage())
    assert other.replace(backup.values) and other.value(STRATEGIES) == kept


def test_a_backup_with_a_damaged_strategy_is_refused_whole():
    text = export({STRATEGIES.key: save((), shared("mine"))}, dt.datetime(2026, 11, 27, 20, 0))
    damaged = text.replace("return 'BBGG'", "return '\\u0007'")
    with pytest.raises(ValueError, match="The strategies in this file cannot all be read"):
        parse(damaged)


def test_a_version_4_layout_moves_to_version_5_and_has_no_strategies_yet():
    texts = dict.fromkeys(keys())
    texts[SETTINGS.key] = json.dumps({"version": 4, "rev": 6, "data": SETTINGS.write(SETTINGS.default())})
    assert layout_version(texts) == 4
    done = migrate(texts)
    assert sorted(done.changes) == [SETTINGS.key] and done.problems == []
    assert json.loads(done.texts[SETTINGS.key]) == {"version": 5, "rev": 6, "data": SETTINGS.write(SETTINGS.default())}
    assert layout_version(done.texts) == VERSION
    tab = Tab(MemoryStorage({key: text for key, text in texts.items() if text is not None}))
    assert tab.value(STRATEGIES) == () and tab.take_notices() == []


def test_version_5_is_one_step_for_both_of_its_new_parts():
    """The saved strategies and the challenge results arrived in the same version: one step from
    4, and a version 4 layout reads both parts empty."""
    assert VERSION == 5 and sorted(MIGRATIONS) == [1, 2, 3, 4]
    texts = {SETTINGS.key: json.dumps({"version": 4, "rev": 2, "data": SETTINGS.write(SETTINGS.default())})}
    storage = MemoryStorage(texts)
    tab = Tab(storage)
    assert tab.value(STRATEGIES) == () and dict(tab.value(CHALLENGE_RESULTS)) == {}
    assert json.loads(str(storage.getItem(SETTINGS.key)))["version"] == 5


def test_a_version_4_backup_imports_and_leaves_the_strategies_as_they_are():
    text = export({SETTINGS.key: SETTINGS.default()}, dt.datetime(2026, 11, 27, 20, 0)).replace('"version": 5', '"version": 4')
    backup = parse(text)
    assert STRATEGIES.key not in backup.values
    tab = Tab(MemoryStorage())
    tab.save(STRATEGIES, save((), shared("kept")))
    assert tab.replace(backup.values) and tab.value(STRATEGIES) == (SavedStrategy(shared("kept")),)


def test_a_version_5_envelope_is_locked_for_a_version_that_does_not_know_it():
    newer = json.dumps({"version": VERSION + 1, "rev": 2, "data": ["anything"]})
    assert read(STRATEGIES, newer).locked


# The Lab's keep section (Keeper): what it stores, says and shows.

SMALL = Config(pegs=1, colors=2)


def run_of(source: str = SOURCE, config: Config = SMALL) -> lab.Score:
    return lab.score(lab.load(source), lab.Rules.of(config))


def test_the_keeper_saves_under_the_name_typed_composed_and_stripped():
    keeper = Keeper(name="x")
    keeper.error = "an old refusal"
    keeper.edit_name("  Zoe\u0308 ")
    assert (keeper.name, keeper.error) == ("  Zoe\u0308 ", "")
    kept = keeper.save(SOURCE)
    assert kept == keeper.kept == (SavedStrategy(shared("Zoë")),)
    assert (keeper.name, keeper.error, keeper.status) == ("Zoë", "", "Saved Zoë.")


@pytest.mark.parametrize(("name", "why"), [
    ("", "Enter a name"), ("viki", "VIKI is a computer player's name; give the strategy another."),
])
def test_the_keeper_refuses_a_name_beside_the_field_and_keeps_what_it_had(name, why):
    keeper = Keeper(kept=save((), shared("mine")), name=name)
    assert keeper.save(SOURCE) is None
    assert why in keeper.error and keeper.status == keeper.error
    assert keeper.kept == save((), shared("mine")) and keeper.name == name


def test_the_keeper_refuses_a_twenty_first_strategy_with_a_sentence():
    kept = ()
    for number in range(MAX_STRATEGIES):
        kept = save(kept, shared(f"s{number}"))
    keeper = Keeper(kept=kept, name="one more")
    assert keeper.save(SOURCE) is None and keeper.kept == kept
    assert keeper.error == keeper.status == "20 strategies are saved already, the most kept; delete one first."


def test_a_runs_score_goes_with_its_own_source_only():
    keeper = Keeper(name="mine")
    score = run_of()
    assert keeper.finished(SOURCE, score, SMALL) is None  # not saved yet: nothing to store
    assert keeper.last == (SOURCE, KeptScore.of(score, SMALL))
    other = keeper.save(SOURCE + "# changed\n")
    assert other is not None and other[0].scores == ()  # another source: the score stays behind
    kept = keeper.save(SOURCE)
    assert kept is not None and kept[0].scores == (KeptScore.of(score, SMALL),)


def test_a_run_of_a_saved_strategy_is_recorded_and_stored():
    keeper = Keeper(name="mine")
    keeper.save(SOURCE)
    score = run_of()
    assert keeper.finished(SOURCE, score, SMALL) == keeper.kept == scored(save((), shared("mine")), "mine", KeptScore.of(score, SMALL))
    keeper.edit_name("other")
    assert keeper.finished(SOURCE, score, SMALL) is None  # no strategy of that name: nothing to store
    keeper.edit_name("MINE")
    assert keeper.finished(SOURCE + "#\n", score, SMALL) is None  # that name, another source


def test_the_league_shows_the_computers_on_the_same_secrets_and_dashes_for_none():
    keeper = Keeper(kept=scored(save((), shared("mine")), "mine", KeptScore.of(run_of(), SMALL)), name="mine")
    hal = lab.score(lab.computer("HAL9000"), lab.Rules.of(SMALL))
    keeper.compared("HAL9000", hal, SMALL)
    three = Config(pegs=1, colors=3)
    keeper.compared("VIKI", lab.score(lab.computer("VIKI"), lab.Rules.of(three)), three)  # other rules: not this League's
    assert keeper.league_rows(SMALL) == [("HAL9000", "1.500", "2"), ("mine", "13.000", "0"), ("VIKI", "–", "–")]  # mine guesses BBGG: never won
    assert keeper.league_rows(three) == [("VIKI", "2.000", "3"), ("mine", "–", "–"), ("HAL9000", "–", "–")]


def test_the_keeper_shares_a_link_that_opens_the_same_strategy():
    keeper = Keeper(name="  mine ")
    keeper.error = "an old refusal"
    assert keeper.share(SOURCE, "https://example.org/m/")
    assert keeper.link == f"https://example.org/m/?mode=lab&strategy={link_token(shared('mine'))}"
    assert (keeper.error, keeper.status) == ("", "The link to mine is below, to copy.")
    reader = Keeper(name="something else")
    assert reader.open(keeper.link.rpartition("=")[2]) == shared("mine")
    assert (reader.name, reader.status) == ("mine", "Opened mine from a link: none of it runs until you press Run.")
    assert reader.kept == ()  # opened, not saved


def test_the_keeper_says_why_a_strategy_cannot_be_shared_and_drops_the_old_link():
    keeper = Keeper(name="mine")
    assert keeper.share(SOURCE, "https://example.org/")
    keeper.edit_name("")
    assert not keeper.share(SOURCE, "https://example.org/")
    assert keeper.link == "" and keeper.error == keeper.status and "Enter a name" in keeper.status


def test_a_changed_link_is_refused_in_the_status_and_the_name_kept():
    keeper = Keeper(name="mine")
    token = link_token(shared("theirs"))
    assert keeper.open(token[:-2]) is None
    assert keeper.name == "mine" and keeper.status == "This strategy link was changed or cut short after it was made; ask for the link again."


# Each bound of a stored score and strategy, on both sides

def entry_with(**changes) -> dict:
    return {"name": "x", "source": SOURCE, "scores": [{**score(4.5).to_dict(), **changes}]}


@pytest.mark.parametrize(("changes", "readable"), [
    ({"games": 1}, True), ({"games": 1296}, True), ({"games": 0}, False), ({"games": 1297}, False), ({"games": 5.0}, False),
    ({"worst": 0}, True), ({"worst": 12}, True), ({"worst": -1}, False), ({"worst": 13}, False), ({"worst": 7.0}, False),
    ({"mean": 1}, True), ({"mean": 13.0}, True), ({"mean": 0.99}, False), ({"mean": 13.01}, False), ({"mean": "4"}, False),
    ({"mean": True}, False),
])
def test_a_scores_figures_are_read_within_their_rules_bounds_only(changes, readable):
    found = read(STRATEGIES, json.dumps({"version": VERSION, "rev": 1, "data": [entry_with(**changes)]}))
    if readable:
        assert found.problem is None and isinstance(found.value[0].scores[0].mean, float)
        assert {key: getattr(found.value[0].scores[0], key) for key in changes} == changes
    else:
        assert found.value == () and "strategy 1 (a score out of its rules' bounds)" in found.problem


def test_a_strategy_keeps_at_most_so_many_scores_and_a_part_so_many_strategies():
    configs = [Config(max_guesses=g) for g in range(8, 8 + MAX_SCORES + 1)]
    scores = [score(4.5, secrets=SecretSet.of(config)).to_dict() for config in configs]
    full = {"name": "x", "source": SOURCE, "scores": scores[:MAX_SCORES]}
    assert len(SavedStrategy.from_dict(full).scores) == MAX_SCORES
    with pytest.raises(ValueError, match="at most 12 scores"):
        SavedStrategy.from_dict({**full, "scores": scores})
    twenty = stored([SavedStrategy(shared(f"s{n}")) for n in range(MAX_STRATEGIES)])
    assert len(read(STRATEGIES, twenty).value) == MAX_STRATEGIES


def test_a_long_reason_is_cut_in_the_note():
    bad = {"name": "x", "source": SOURCE, "scores": [{**score(4.5).to_dict(), "secrets": "s" * 500}]}
    found = read(STRATEGIES, json.dumps({"version": VERSION, "rev": 1, "data": [bad]}))
    assert "strategy 1 (secrets 'ssssssssssssssssssss' are not this version's)" in found.problem


def test_the_league_breaks_ties_by_the_name_in_any_case():
    kept = save(save(save((), shared("b")), shared("C")), shared("A"))
    for name in ("b", "C", "A"):
        kept = scored(kept, name, score(4.5, 6))
    assert [row.name for row in league(kept, CLASSIC, {})] == ["A", "b", "C"]


def test_two_tabs_merge_strategy_by_strategy():
    base = save(save(save((), shared("a")), shared("b")), shared("c"))
    theirs = scored(delete(base, "c"), "a", score(4.9))  # the other tab scored a and deleted c
    ours = save(delete(base, "b"), shared("a", SOURCE + "# mine\n"))  # this tab changed a and deleted b
    assert merge_kept(base, ours, theirs) == (SavedStrategy(shared("a", SOURCE + "# mine\n")),)
    # a deletion of a strategy the other tab changed meanwhile does not hold; the changed one stays in place
    theirs = scored(base, "b", score(4.9))
    ours = scored(delete(base, "b"), "c", score(4.8))
    assert merge_kept(base, ours, theirs) == (base[0], find(theirs, "b"), find(ours, "c"))


def test_a_merge_keeps_at_most_so_many_strategies_the_other_tabs_first():
    theirs = tuple(SavedStrategy(shared(f"t{n}")) for n in range(MAX_STRATEGIES - 1))
    ours = (SavedStrategy(shared("o1")), SavedStrategy(shared("o2")))
    merged = merge_kept((), ours, theirs)
    assert merged == (*theirs, ours[0])


def test_a_computers_score_on_other_secrets_is_not_ranked():
    other = SecretSet.of(Config(allow_duplicates=False))
    rows = league((), CLASSIC, {"HAL9000": score(4.4, 6, secrets=other), "VIKI": score(4.6, 7)})
    assert [(row.name, row.mean) for row in rows] == [("VIKI", 4.6), ("HAL9000", None)]


def test_a_score_of_another_shape_is_said_so():
    for bad in ({**score(4.5).to_dict(), "extra": 1}, ["rules", "secrets", "mean", "worst", "games"]):
        found = read(STRATEGIES, json.dumps({"version": VERSION, "rev": 1, "data": [{"name": "x", "source": SOURCE, "scores": [bad]}]}))
        assert "strategy 1 (a score is its rules, its secrets, its mean, its worst and its games)" in found.problem


def test_every_entry_after_a_damaged_or_second_one_is_still_read():
    a, b = SavedStrategy(shared("a")), SavedStrategy(shared("b"))
    text = json.dumps({"version": VERSION, "rev": 1, "data": [{"name": "x"}, a.to_dict(), {**a.to_dict(), "name": "A"}, b.to_dict()]})
    found = read(STRATEGIES, text)
    assert found.value == (a, b)
    assert "strategy 1 (a saved strategy is its name, its source and its scores)" in found.problem
    assert "strategy 3 (a second A)" in found.problem


def test_scores_that_are_no_list_are_said_so():
    found = read(STRATEGIES, json.dumps({"version": VERSION, "rev": 1, "data": [{"name": "x", "source": SOURCE, "scores": 5}]}))
    assert "strategy 1 (expected a list of at most 12 scores)" in found.problem


def test_a_long_reason_is_cut_at_120_characters_in_the_note():
    rules = {**Config().to_dict(), "pegs": "p" * 300}
    found = read(STRATEGIES, json.dumps({"version": VERSION, "rev": 1, "data": [entry_with(rules=rules)]}))
    reason = found.problem.partition("strategy 1 (")[2].removesuffix(").")
    assert reason.startswith("pegs: must be a whole number, not 'ppp") and len(reason) == 120


def test_the_keep_section_downloads_opens_files_and_deletes_only_when_asked():
    from mastermind.page.strategies import Keeper, save

    source = lab.starter_source()
    keeper = Keeper(kept=save((), Shared("First", source)), name="Knuth's five")
    assert keeper.download(source) == ("Knuth_s_five.py", source)
    assert keeper.status == "The strategy was downloaded as Knuth_s_five.py."
    assert Keeper().download(source) == ("strategy.py", source)  # no name yet: a name of its own
    bad = Keeper(name="mine")
    assert bad.download("x = '\x1b'\n") is None and "control character" in bad.status

    assert not keeper.file_size(10**9, "C:\\Users\\me\\huge.py") and keeper.status.startswith("The file huge.py is too large")
    assert keeper.open_file(b"\xff\xfe junk", "junk.py") is None and keeper.status.endswith("its text is not UTF-8.")
    assert keeper.open_file(b"x = 1\x07\n", "bell.py") is None and "control character" in keeper.status
    opened = keeper.open_file(source.encode(), "mine.py")
    assert opened == Shared("mine", source) and keeper.name == "mine"
    assert keeper.status == "Opened mine.py: none of it runs until you press Run."

    assert keeper.open_saved("first") == Shared("First", source) and keeper.status == "Opened First, as saved."
    assert keeper.delete() is None  # nothing asked: nothing deleted
    keeper.ask_delete("First")
    assert keeper.deleting == "First" and keeper.status == "Delete First? Its source and its scores go with it."
    keeper.keep()
    assert keeper.names == ["First"] and keeper.status == "First was kept." and keeper.deleting is None
    keeper.ask_delete("First")
    assert keeper.delete() == () and keeper.names == [] and keeper.status == "Deleted First."
    assert keeper.open_saved("First") is None and keeper.status == "First is no longer among your saved strategies."
    keeper.ask_delete("First")
    assert keeper.deleting is None and keeper.status == "First is no longer among your saved strategies."


def test_opening_over_unsaved_work_asks_first_and_the_answer_decides():
    from mastermind.page.strategies import Keeper, save

    first = Shared("First", lab.starter_source() + "# first\n")
    keeper = Keeper(kept=save((), first), clean=lab.starter_source())  # the starter, as the page fills it
    assert keeper.open_saved("First", lab.starter_source()) == first  # the starter is nothing to lose
    mine = first.source + "# mine\n"
    assert keeper.open_saved("First", mine) is None and keeper.replacing is not None
    assert keeper.status == "Replace the strategy in the editor with First? Its changes are not saved."
    keeper.keep()
    assert keeper.replacing is None and keeper.status == "The strategy in the editor was kept."
    assert keeper.replace() is None  # nothing asked: nothing opened
    assert keeper.open_file(first.source.encode(), "other.py", mine) is None  # a file asks too
    assert keeper.replace() == Shared("other", first.source) and keeper.status.startswith("Opened other.py")
    assert (keeper.name, keeper.clean, keeper.replacing) == ("other", first.source, None)
    assert keeper.open_saved("First", first.source) == first  # a saved source is nothing to lose
    assert keeper.open_file(mine.encode(), "mine.py", mine) == Shared("mine", mine)  # nor the same text again
    keeper.open_saved("First", mine + "# more\n")
    keeper.ask_delete("First")  # another question replaces this one
    assert keeper.replacing is None and keeper.deleting == "First"
    assert keeper.save(mine) is not None and keeper.clean == mine and not keeper.unsaved(mine)
