"""The person's own results of friends' challenges, kept so that a friend's reply can be shown
beside them: a stored part of its own (version 5), validated, bounded, merged between tabs,
exported and imported, and reached from older layouts by migration."""

from __future__ import annotations

import datetime as dt
import json

from hypothesis import given
from hypothesis import strategies as st

from mastermind import Config
from mastermind.challenge import Challenge, Reply
from mastermind.page.backup import FORMAT, export, parse, preview
from mastermind.page.records import page_saved, persist
from mastermind.page.solo import SoloView
from mastermind.page.state import MAX_RESULTS
from mastermind.page.storage import (
    CHALLENGE_RESULTS,
    DAMAGED,
    SETTINGS,
    VERSION,
    Settings,
    envelope,
    keys,
    layout_version,
    migrate,
    read,
)
from mastermind.page.sync import MemoryStorage, Tab

NOW = dt.datetime(2026, 11, 27, 20, 0)


def result(code: str, rows: tuple[tuple[int, int], ...] = ((1, 1), (4, 0))) -> Reply:
    return Reply(Challenge.make(Config(), code).name, 4, 12, rows)


def win_challenge(view: SoloView, code: str) -> Challenge:
    challenge = Challenge.make(Config(), code)
    view.start_challenge(challenge.token)
    for key in [*code.lower(), "Enter"]:
        view.press(key)
    assert view.game.won
    return challenge


def test_a_challenge_played_to_its_end_is_stored_and_read_back_after_a_reload():
    store = MemoryStorage()
    tab = Tab(store)
    view = SoloView(page_saved(tab))
    challenge = win_challenge(view, "RGBY")
    persist(view, tab)
    stored = read(CHALLENGE_RESULTS, store.getItem(CHALLENGE_RESULTS.key))
    assert stored.problem is None and stored.value == {challenge.name: Reply(challenge.name, 4, 12, ((4, 0),))}
    assert json.loads(store.getItem(CHALLENGE_RESULTS.key))["version"] == VERSION == 5
    assert page_saved(Tab(store)).results == stored.value  # what a reload starts with


def test_two_tabs_keep_each_others_results():
    store = MemoryStorage()
    one, two = Tab(store), Tab(store)
    first, second = SoloView(page_saved(one)), SoloView(page_saved(two))
    names = []
    for view, tab, code in ((first, one, "RGBY"), (second, two, "YBGR")):
        names.append(win_challenge(view, code).name)
        persist(view, tab)
    assert list(Tab(store).value(CHALLENGE_RESULTS)) == names
    assert CHALLENGE_RESULTS.reconcile({}, {"a": result("RGBY")}, {"a": result("RGBY", ((4, 0),))})["a"].rows == ((4, 0),)


def test_the_results_are_bounded_and_a_larger_part_is_refused_whole():
    too_many = {f"n{number:05d}": Reply(f"n{number:05d}", 4, 12, ((4, 0),)).to_dict() for number in range(MAX_RESULTS + 1)}
    stored = read(CHALLENGE_RESULTS, json.dumps({"version": VERSION, "rev": 1, "data": too_many}))
    assert stored.damaged and stored.value == {}
    assert f"expected at most {MAX_RESULTS} results by challenge" in stored.problem
    merged = CHALLENGE_RESULTS.reconcile({}, {name: Reply.from_dict(data) for name, data in too_many.items() if name < "n00100"},
                                         {name: Reply.from_dict(data) for name, data in too_many.items() if name >= "n00100"})
    assert len(merged) == MAX_RESULTS


def test_a_damaged_result_is_said_dropped_and_its_text_kept_aside():
    good = result("RGBY")
    data = {good.name: good.to_dict(), "bad001": {"name": "bad001", "rows": "<b>"}, "other1": good.to_dict()}
    text = json.dumps({"version": VERSION, "rev": 3, "data": data})
    stored = read(CHALLENGE_RESULTS, text)
    assert stored.value == {good.name: good}  # the one whose name is not its key is dropped too
    assert stored.problem == ("Some saved challenge results could not be read and were dropped: "
                              "the result of challenge 'bad001'; the result of challenge 'other1'.")
    tab = Tab(MemoryStorage({CHALLENGE_RESULTS.key: text}))
    assert (CHALLENGE_RESULTS.key, text) in tab.value(DAMAGED)  # Export data still holds it as found
    assert tab.value(CHALLENGE_RESULTS) == {good.name: good}


def test_a_version_4_layout_moves_to_version_5_without_results():
    texts = dict.fromkeys(keys())
    texts[SETTINGS.key] = json.dumps({"version": 4, "rev": 2, "data": Settings(order="top").to_dict()})
    assert layout_version(texts) == 4
    done = migrate(texts)
    assert list(done.changes) == [SETTINGS.key] and done.problems == []
    assert json.loads(done.texts[SETTINGS.key])["version"] == 5
    assert read(SETTINGS, done.texts[SETTINGS.key]) == (Settings(order="top"), 2, None, False, False)
    tab = Tab(MemoryStorage({key: text for key, text in texts.items() if text is not None}))
    assert tab.value(CHALLENGE_RESULTS) == {} and tab.take_notices() == []


def test_results_go_out_in_an_export_and_come_back_in_an_import():
    source = Tab(MemoryStorage())
    source.save(CHALLENGE_RESULTS, {reply.name: reply for reply in (result("RGBY"), result("OOPP", ((0, 0),)))})
    text = export(source.values(), NOW)
    assert json.loads(text)["data"][CHALLENGE_RESULTS.key][result("RGBY").name]["rows"] == [[1, 1], [4, 0]]
    target = Tab(MemoryStorage())
    backup = parse(text)
    assert "Challenge results: 2 challenges will replace 0 challenges." in preview(backup, target.values())
    assert target.replace(backup.values) and Tab(target.backend).value(CHALLENGE_RESULTS) == source.value(CHALLENGE_RESULTS)


def test_a_version_4_backup_imports_and_leaves_the_results_as_they_are():
    old = {"format": FORMAT, "version": 4, "exported": "2026-11-20T10:00:00",
           "data": {SETTINGS.key: Settings(order="top").to_dict()}}
    backup = parse(json.dumps(old))
    assert backup.values == {SETTINGS.key: Settings(order="top")}
    tab = Tab(MemoryStorage())
    tab.save(CHALLENGE_RESULTS, {result("RGBY").name: result("RGBY")})
    assert tab.replace(backup.values) and tab.value(CHALLENGE_RESULTS) == {result("RGBY").name: result("RGBY")}


def test_a_damaged_result_in_a_file_refuses_the_import_whole():
    document = {"format": FORMAT, "version": VERSION, "exported": "2026-11-20T10:00:00",
                "data": {CHALLENGE_RESULTS.key: {"tmd03n": {"name": "tmd03n", "pegs": 4, "max_guesses": 12, "rows": [[5, 0]]}}}}
    try:
        parse(json.dumps(document))
    except ValueError as refusal:
        assert str(refusal) == ("The challenge results in this file cannot all be read "
                                "(the result of challenge 'tmd03n'); nothing was imported.")
    else:
        raise AssertionError("imported")


@given(st.dictionaries(st.text(max_size=8), st.none() | st.integers() | st.text(max_size=5) | st.dictionaries(
    st.sampled_from(["name", "pegs", "max_guesses", "rows"]), st.integers(-1, 13) | st.text(max_size=6)
    | st.lists(st.lists(st.integers(-1, 5), max_size=3), max_size=3)), max_size=4))
def test_any_stored_results_are_read_or_said(data):
    stored = read(CHALLENGE_RESULTS, envelope(CHALLENGE_RESULTS, {}, 1).replace('"data":{}', f'"data":{json.dumps(data)}'))
    assert all(isinstance(reply, Reply) and reply.name == name for name, reply in stored.value.items())
    assert (stored.problem is None) == (len(stored.value) == len(data))
