"""The storage schema: every part's envelope, validation on load, merges, and every migration."""

import datetime as dt
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mastermind import CLASSIC, Config, ConfigError, Game
from mastermind.page import storage
from mastermind.page.daily import DayPlay, daily_game
from mastermind.page.stats import Record, record_key
from mastermind.page.storage import (
    DAILY,
    LEGACY_KEY,
    MIGRATIONS,
    PARTS,
    RECORDS,
    SETTINGS,
    SOLO,
    VERSION,
    InProgress,
    Saved,
    Settings,
    envelope,
    keys,
    layout_version,
    load_v1,
    migrate,
    read,
)

from .strategies import codes, configs

# Values of every part of the Solo page


def won_game(config: Config = CLASSIC) -> Game:
    game = Game(config, seed=1)
    game.guess(game.secret)
    return game


@st.composite
def records(draw):
    config = draw(configs())
    games = draw(st.lists(st.tuples(st.booleans(), st.integers(1, config.max_guesses)), max_size=10))
    record = Record()
    for won, guesses in games:
        record = record.add(won=won, guesses=guesses)
    key = record_key(draw(st.sampled_from(["solo", "daily", "duel"])), config, draw(st.booleans()))
    return key, record


@st.composite
def games_in_progress(draw):
    config = draw(configs(max_pegs=5))
    game = Game(config, secret=draw(codes(config)))
    for guess in draw(st.lists(codes(config), max_size=config.max_guesses)):
        if not game.over:
            game.guess(guess)
    return InProgress.of(game, draw(st.booleans()))


@st.composite
def days(draw):
    day = draw(st.dates(dt.date(2000, 1, 1), dt.date(2999, 12, 31)))
    game = daily_game(day)
    for guess in draw(st.lists(codes(game.config), max_size=12)):
        if not game.over:
            game.guess(guess)
    return day.isoformat(), DayPlay.of(game, draw(st.booleans()))


settings_values = st.builds(
    Settings, configs(), st.sampled_from(["black", "red"]), st.booleans(), st.sampled_from(["bottom", "top"]), st.booleans()
)
VALUES = {
    SETTINGS.key: settings_values,
    RECORDS.key: st.lists(records(), max_size=4).map(dict),
    DAILY.key: st.lists(days(), max_size=4).map(dict),
    SOLO.key: st.none() | games_in_progress(),
}


@pytest.mark.parametrize("key", list(VALUES))
@given(data=st.data())
def test_every_part_round_trips_through_its_envelope(key, data):
    part = PARTS[key]
    value = data.draw(VALUES[key])
    rev = data.draw(st.integers(1, 10**9))
    stored = read(part, envelope(part, value, rev))
    assert stored == (value, rev, None, False, False)


def test_absent_keys_give_defaults_without_a_problem():
    for part in PARTS.values():
        stored = read(part, None)
        assert (stored.rev, stored.problem, stored.locked) == (0, None, False)
        assert stored.value == part.default()
    assert read(SETTINGS, None).value == Settings(Config(), "black", True, "bottom", False)


@pytest.mark.parametrize(
    ("field", "value"),
    [("key_color", "blue"), ("letters", "yes"), ("order", "sideways"), ("config", {"pegs": 4}), ("assist", 1)],
)
def test_bad_presentation_settings_are_refused_naming_the_setting(field, value):
    with pytest.raises(ConfigError) as caught:
        Settings(**{field: value})
    assert caught.value.key == field


# Reading what cannot be trusted


UNREADABLE = [
    "",
    "{",
    "null",
    "[]",
    '"text"',
    "1e999",
    '{"version": 2}',
    '{"version": 2, "rev": 1}',
    '{"version": "2", "rev": 1, "data": {}}',
    '{"version": true, "rev": 1, "data": {}}',
    '{"version": 2, "rev": -1, "data": {}}',
    '{"version": 2, "rev": 1.5, "data": {}}',
    '{"version": 1, "rev": 1, "data": {}}',
    '{"version": 2, "rev": 1, "data": {}, "more": 1}',
    '{"version": 2, "rev": 1, "data": "<img src=x onerror=alert(1)>"}',
    "[" * 100_000,
]


@pytest.mark.parametrize("key", list(PARTS))
@pytest.mark.parametrize("text", UNREADABLE)
def test_unreadable_texts_give_the_default_and_say_so(key, text):
    part = PARTS[key]
    stored = read(part, text)
    if text == '{"version": 2, "rev": 1, "data": {}}' and stored.problem is None:
        return  # an empty mapping is a valid value for some parts
    assert stored.value == part.default()
    assert stored.problem and part.label in stored.problem
    assert not stored.locked


@pytest.mark.parametrize("key", list(PARTS))
def test_a_newer_version_is_locked_and_its_data_never_read(key):
    stored = read(PARTS[key], json.dumps({"version": VERSION + 1, "rev": 4, "data": {"whatever": "new"}}))
    assert stored.locked and stored.rev == 4
    assert stored.value == PARTS[key].default()
    assert "newer version" in stored.problem


def test_the_newer_version_notice_agrees_with_what_it_names():
    def notice(part):
        return read(part, json.dumps({"version": VERSION + 1, "rev": 1, "data": None})).problem

    assert notice(SOLO).startswith("The saved Solo game in progress comes from a newer version of Mastermind: it is left")
    assert notice(SETTINGS).startswith("The saved settings come from a newer version of Mastermind: they are left")


def test_one_bad_record_is_dropped_and_the_others_kept():
    good = record_key("solo", Config())
    data = {
        good: Record().add(won=True, guesses=3).to_dict(),
        record_key("solo", Config(pegs=5)): {**Record().to_dict(), "won": 5},  # more wins than games
        "<script>alert(1)</script>": Record().to_dict(),  # not a record's name
    }
    stored = read(RECORDS, json.dumps({"version": 2, "rev": 3, "data": data}))
    assert list(stored.value) == [good]
    assert stored.problem.count("the record") == 2 and "<script>" in stored.problem


def test_a_bad_day_is_dropped_and_the_others_kept():
    day = dt.date(2026, 11, 23)
    secret = str(daily_game(day).secret)
    data = {
        day.isoformat(): {"guesses": [secret], "assisted": False},
        "2026-11-24": {"guesses": ["RGBY"] * 13, "assisted": False},  # more than 12 guesses
        "2026-11-25": {"guesses": ["RGB"], "assisted": False},
        "yesterday": {"guesses": [], "assisted": False},
        "2026-11-26": {"guesses": [], "assisted": "no"},
    }
    stored = read(DAILY, json.dumps({"version": 2, "rev": 1, "data": data}))
    assert dict(stored.value) == {day.isoformat(): DayPlay((secret,))}
    assert stored.problem.count("the day") == 4


def test_a_saved_game_must_replay():
    game = Game(Config(), secret="RGBY")
    game.guess("RRGG")
    good = InProgress.of(game).to_dict()
    assert read(SOLO, json.dumps({"version": VERSION, "rev": 1, "data": good})).value.guesses == ("RRGG",)
    for bad in (
        {**good, "assisted": "yes"},
        {**good, "practice": 1},
        {**good, "sealed": good["sealed"][:-1]},  # a sealed code changed by hand
        {**good, "sealed": 7},
        {**good, "guesses": ["RGBY", "RRRR"]},  # after the win
        {**good, "guesses": [7]},
        {**good, "mode": "duel"},
        {**good, "mode": "daily"},  # a daily without its day
        {**good, "mode": "daily", "day": "2026-13-01"},
        {**good, "day": "2026-11-01"},  # a day for a Solo game
        {**good, "more": True},
    ):
        stored = read(SOLO, json.dumps({"version": VERSION, "rev": 1, "data": bad}))
        assert stored.value is None and stored.problem, bad


def test_the_solo_game_is_stored_with_its_secret_sealed_and_its_kind():
    game = Game(Config(), secret="RGBY", hard=True)
    game.guess("RRGG")
    for kept in (InProgress.of(game), InProgress.of(game, True, "challenge", practice=True),
                 InProgress.of(game, False, "daily", "2026-11-23")):
        text = envelope(SOLO, kept, 4)
        assert "RGBY" not in text and '"secret"' not in text
        assert read(SOLO, text).value == kept


def test_version_2_envelopes_move_to_version_3_with_the_secret_sealed():
    """A Solo game kept by version 2 (its secret in the clear) is written again sealed, every
    other part as it was, each at its revision; one that cannot be read is left as found."""
    game = Game(Config(), secret="RGBY")
    game.guess("RRGG")
    old_game = {"game": game.to_dict(), "assisted": True}
    texts = dict.fromkeys(keys())
    texts[SOLO.key] = json.dumps({"version": 2, "rev": 5, "data": old_game})
    texts[SETTINGS.key] = json.dumps({"version": 2, "rev": 2, "data": Settings(order="top").to_dict()})
    texts[RECORDS.key] = '{"version": 2, "rev": 1, "data": 3}'  # damaged: left for read() to set aside
    assert layout_version(texts) == 2
    done = migrate(texts)
    assert sorted(done.changes) == [SETTINGS.key, SOLO.key] and done.problems == []
    solo = read(SOLO, done.texts[SOLO.key])
    assert solo.rev == 5 and solo.value == InProgress.of(game, assisted=True) and "RGBY" not in done.texts[SOLO.key]
    assert json.loads(done.texts[SOLO.key])["version"] == VERSION
    assert read(SETTINGS, done.texts[SETTINGS.key]) == (Settings(order="top"), 2, None, False, False)
    assert done.texts[RECORDS.key] == texts[RECORDS.key] and read(RECORDS, texts[RECORDS.key]).damaged
    assert layout_version(done.texts) == 2  # the damaged envelope is still there, and nothing more changes
    assert migrate(done.texts).changes == {}
    del done.texts[RECORDS.key]
    assert layout_version(done.texts) == VERSION


def test_a_version_2_envelope_another_tab_writes_is_read():
    """An older tab still open writes version 2: this version reads it (upgraded), not as damage."""
    game = Game(Config(), secret="RGBY")
    stored = read(SOLO, json.dumps({"version": 2, "rev": 3, "data": {"game": game.to_dict(), "assisted": False}}))
    assert stored.problem is None and stored.value == InProgress.of(game)


# Hypothesis garbage for every stored key

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=20), children, max_size=5),
    max_leaves=30,
)


@pytest.mark.parametrize("key", list(PARTS))
@given(text=st.text())
def test_any_text_reads_without_raising_to_a_valid_value(key, text):
    part = PARTS[key]
    stored = read(part, text)
    assert stored.problem and stored.value == part.default()  # random text is never a valid envelope


@pytest.mark.parametrize("key", list(PARTS))
@given(data=json_values)
def test_any_data_in_a_current_envelope_reads_and_rewrites_cleanly(key, data):
    part = PARTS[key]
    stored = read(part, json.dumps({"version": VERSION, "rev": 1, "data": data}))
    again = read(part, envelope(part, stored.value, 2))
    assert again.value == stored.value and again.problem is None  # whatever survived is valid and stays so


@pytest.mark.parametrize("key", list(PARTS))
@given(document=json_values)
def test_any_json_document_reads_without_raising(key, document):
    assert read(PARTS[key], json.dumps(document)).rev >= 0


settings_like = st.fixed_dictionaries(
    {},
    optional={
        "config": st.fixed_dictionaries(
            {},
            optional={
                "pegs": json_values,
                "colors": json_values | st.lists(st.sampled_from(["Red", "Blue", "Maroon", "Magenta", "red"])),
                "max_guesses": json_values,
                "allow_duplicates": json_values,
            },
        )
        | json_values,
        "key_color": json_values | st.sampled_from(["black", "red"]),
        "letters": json_values,
        "order": json_values | st.sampled_from(["bottom", "top"]),
        "assist": json_values,
    },
)


@given(settings_like)
def test_settings_that_load_are_valid_and_anything_else_is_a_named_problem(settings):
    stored = read(SETTINGS, json.dumps({"version": VERSION, "rev": 1, "data": settings}))
    if stored.problem:
        assert stored.value == Settings()
    else:
        assert stored.value.to_dict() == Settings.from_dict(settings).to_dict()


# Merging two tabs' changes


def test_settings_merge_keeps_each_tabs_changed_fields():
    base = Settings()
    ours = Settings(order="top")
    theirs = Settings(key_color="red", config=Config(pegs=5))
    assert SETTINGS.reconcile(base, ours, theirs) == Settings(Config(pegs=5), "red", True, "top")
    assert SETTINGS.reconcile(base, base, theirs) == theirs
    assert SETTINGS.reconcile(base, ours, base) == ours


def test_settings_merge_that_breaks_a_rule_keeps_ours():
    base = Settings(Config(colors=8))
    ours = Settings(Config(pegs=7, colors=8, allow_duplicates=False))
    theirs = Settings(Config(colors=6))  # 7 pegs without repeats need 7 colours
    assert SETTINGS.reconcile(base, ours, theirs) == ours


def test_records_merge_keeps_both_tabs_games():
    key, other = record_key("solo", Config()), record_key("daily", Config())
    base = {key: Record().add(won=True, guesses=4)}
    ours = {key: base[key].add(won=True, guesses=3)}
    theirs = {key: base[key].add(won=False, guesses=12), other: Record().add(won=True, guesses=2)}
    merged = RECORDS.reconcile(base, ours, theirs)
    assert merged[key].played == 3 and merged[key].won == 2 and merged[key].distribution == {3: 1, 4: 1}
    assert merged[other] == theirs[other]


def test_days_merge_keeps_every_day_and_the_game_that_went_further():
    a, b, c = "2026-11-21", "2026-11-22", "2026-11-23"
    base = {a: DayPlay(("RRGG",))}
    ours = {a: DayPlay(("RRGG", "BBOO")), b: DayPlay(("RGBY",))}
    theirs = {a: DayPlay(("RRGG",)), c: DayPlay(("YYYY",))}
    assert DAILY.reconcile(base, ours, theirs) == {a: DayPlay(("RRGG", "BBOO")), b: DayPlay(("RGBY",)), c: DayPlay(("YYYY",))}
    diverged = {a: DayPlay(("RRGG", "PPPP"))}
    assert DAILY.reconcile(base, ours, diverged)[a] == diverged[a]  # stored first wins


def test_game_merge_keeps_the_game_that_went_further_else_the_stored_one():
    game = Game(Config(), secret="RGBY")
    base = InProgress.of(game)
    game.guess("RRGG")
    further = InProgress.of(game)
    other = InProgress.of(Game(Config(), secret="BBBB"))
    assert SOLO.reconcile(base, further, base) == further
    assert SOLO.reconcile(base, further, other) == other
    assert SOLO.reconcile(further, further, base) == base  # ours unchanged: take theirs
    game.guess("BOYP")
    assert SOLO.reconcile(base, InProgress.of(game), further) == InProgress.of(game)


# Migrations

V1_GOOD = json.dumps({
    "version": 1,
    "settings": {"config": {"pegs": 5, "colors": ["Blue", "Green", "Orange", "Purple", "Red", "Yellow"],
                            "max_guesses": 10, "allow_duplicates": True}, "key_color": "red", "letters": False, "order": "top"},
    "records": {record_key("solo", Config()): Record().add(won=True, guesses=4).to_dict()},
})


def test_every_layout_version_has_a_migration_up_to_the_current_one():
    assert sorted(MIGRATIONS) == list(range(1, VERSION))


def test_v1_document_is_split_into_parts_and_removed():
    done = migrate({LEGACY_KEY: V1_GOOD})
    assert done.changes[LEGACY_KEY] is None and done.texts[LEGACY_KEY] is None
    settings = read(SETTINGS, done.texts[SETTINGS.key])
    assert settings.value == Settings(Config(pegs=5, max_guesses=10), "red", False, "top") and settings.rev == 1
    records = read(RECORDS, done.texts[RECORDS.key]).value
    assert records == {record_key("solo", Config()): Record().add(won=True, guesses=4)}
    assert done.problems == []
    assert layout_version(done.texts) == VERSION
    assert migrate(done.texts).changes == {}  # migrating twice changes nothing


def test_a_layout_several_versions_old_passes_every_step_in_turn_and_every_problem_is_said(monkeypatch):
    def step(number):
        def run(texts):
            return {f"step {number}": ", ".join(sorted(key for key in texts if key.startswith("step")))}, [f"said by step {number}"]
        return run

    monkeypatch.setattr(storage, "VERSION", 4)
    monkeypatch.setattr(storage, "MIGRATIONS", {1: step(1), 2: step(2), 3: step(3)})
    done = migrate({LEGACY_KEY: V1_GOOD})
    assert done.problems == ["said by step 1", "said by step 2", "said by step 3"]
    assert done.changes == {"step 1": "", "step 2": "step 1", "step 3": "step 1, step 2"}


def test_v1_document_with_a_bad_part_keeps_the_rest():
    old = json.loads(V1_GOOD)
    old["settings"]["key_color"] = "purple"
    old["records"]["x"] = {"played": -1}
    done = migrate({LEGACY_KEY: json.dumps(old)})
    assert read(SETTINGS, done.texts[SETTINGS.key]).value == Settings()
    assert len(read(RECORDS, done.texts[RECORDS.key]).value) == 1
    assert len(done.problems) == 2


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", '{"settings": {}}', '{"version": "1"}', "null"])
def test_unreadable_v1_document_is_replaced_by_defaults_and_said(text):
    done = migrate({LEGACY_KEY: text})
    assert done.problems and done.changes[LEGACY_KEY] is None
    assert read(SETTINGS, done.texts[SETTINGS.key]).value == Settings()


@pytest.mark.parametrize("version", [2, 7])
def test_a_newer_document_under_the_old_key_is_left_untouched(version):
    newer = json.dumps({"version": version, "everything": "else"})
    done = migrate({LEGACY_KEY: newer})
    assert done.changes == {} and done.texts[LEGACY_KEY] == newer
    assert done.problems == [
        "The saved data come from a newer version of Mastermind: they are left untouched, and the defaults are used."
    ]


@pytest.mark.parametrize(("text", "why"), [("{", "not valid JSON"), ("[1]", "not a JSON object"), ('"v1"', "not a JSON object")])
def test_an_unreadable_old_document_is_replaced_saying_why(text, why):
    done = migrate({LEGACY_KEY: text})
    assert done.problems == [f"The saved data could not be read ({why}); the defaults are used."]
    assert read(RECORDS, done.texts[RECORDS.key]) == (RECORDS.default(), 1, None, False, False)
    assert read(SETTINGS, done.texts[SETTINGS.key]).rev == 1 and done.changes[LEGACY_KEY] is None


def test_the_old_key_is_ignored_once_the_parts_exist():
    texts = {LEGACY_KEY: V1_GOOD, SETTINGS.key: envelope(SETTINGS, Settings(order="top"), 3)}
    assert layout_version(texts) == VERSION and migrate(texts).changes == {}


def test_nothing_stored_needs_no_migration():
    assert migrate(dict.fromkeys(keys())) == (dict.fromkeys(keys()), {}, [])


@given(st.text() | json_values.map(json.dumps))
def test_any_old_document_migrates_without_raising(text):
    done = migrate({LEGACY_KEY: text})
    for key, new in done.changes.items():
        if new is not None:
            assert read(PARTS[key], new).problem is None


# The version 1 reader and the page's data


def test_v1_reader_counts_games():
    saved = Saved().record("solo", won_game())
    assert saved.stats("solo", Config()).won == 1
    assert load_v1(None) == Saved()


def test_assisted_games_are_counted_apart():
    saved = Saved().record("solo", won_game(), assisted=True)
    assert saved.stats("solo", Config()) == Record()
    assert saved.stats("solo", Config(), assisted=True).won == 1


def test_a_part_is_declared_once_under_the_prefix_with_everything_it_was_given():
    from mastermind.page import storage

    merge = lambda base, ours, theirs: ours
    reader = lambda data, notes: data
    declared = storage.part("mastermind:test-part", "test things", list, reader, list, str, merge, one=True)
    try:
        assert storage.PARTS["mastermind:test-part"] is declared
        assert declared == storage.Part("mastermind:test-part", "test things", list, reader, list, str, merge, True)
        for key in ("mastermind:test-part", "elsewhere:test", storage.LEGACY_KEY, "mastermind"):
            with pytest.raises(ValueError, match="is not a new key under 'mastermind:'"):
                storage.part(key, "again", list, lambda data, notes: data, list, str)
        assert storage.PARTS["mastermind:test-part"] is declared
    finally:
        del storage.PARTS["mastermind:test-part"]
    assert not storage.part("mastermind:test-part", "x", list, lambda data, notes: data, list, str).one
    del storage.PARTS["mastermind:test-part"]


def test_a_day_only_the_other_tab_changed_keeps_its_change_even_a_shorter_game():
    from mastermind.page.storage import DAILY

    day = "2026-11-23"
    base = {day: DayPlay(("RRGG", "BBYY"))}
    theirs = {day: DayPlay(("RRGG",))}  # e.g. an older backup imported in the other tab
    assert DAILY.reconcile(base, {**base, "2026-11-22": DayPlay(("RGBY",))}, theirs) == {
        "2026-11-22": DayPlay(("RGBY",)), day: DayPlay(("RRGG",))
    }


def test_the_import_preview_says_how_far_the_solo_game_went():
    from mastermind.page.storage import SOLO, InProgress

    game = Game(Config(), secret="RGBY")
    assert SOLO.describe(None) == "no game in progress"
    assert SOLO.describe(InProgress.of(game)) == "a game in progress, 0 guesses made"
    game.guess("RRGG")
    assert SOLO.describe(InProgress.of(game)) == "a game in progress, 1 guess made"
    game.guess("RRGB")
    assert SOLO.describe(InProgress.of(game)) == "a game in progress, 2 guesses made"


def test_challenges_counted_in_two_tabs_are_all_kept_in_order_the_latest_within_the_limit():
    from mastermind.page.state import MAX_CHALLENGES
    from mastermind.page.storage import CHALLENGES

    assert CHALLENGES.reconcile(("a",), ("a", "b"), ("a", "c")) == ("a", "c", "b")
    theirs = tuple(f"t{n}" for n in range(MAX_CHALLENGES))
    assert CHALLENGES.reconcile((), ("mine",), theirs) == (*theirs[1:], "mine")


def stored(data) -> str:
    return json.dumps({"version": VERSION, "rev": 3, "data": data})


def test_a_list_of_counted_challenges_is_read_up_to_its_limit_and_a_bad_token_is_named():
    from mastermind.page.state import MAX_CHALLENGES
    from mastermind.page.storage import CHALLENGES

    full = [f"t{n}" for n in range(MAX_CHALLENGES)]
    assert read(CHALLENGES, stored(full)) == (tuple(full), 3, None, False, False)
    assert read(CHALLENGES, stored([*full, "more"])).damaged
    kept = read(CHALLENGES, stored(["ok", "ok", "bad token " * 10, 7]))
    assert kept.value == ("ok",) and not kept.damaged
    assert kept.problem == f"Some saved challenges counted could not be read and were dropped: the challenge {('bad token ' * 3)!r}; the challenge '7'."


def test_damaged_texts_are_read_up_to_their_limit():
    from mastermind.page.storage import DAMAGED, MAX_DAMAGED

    full = [{"key": f"k{n}", "text": "x"} for n in range(MAX_DAMAGED)]
    assert read(DAMAGED, stored(full)).value == tuple((f"k{n}", "x") for n in range(MAX_DAMAGED))
    assert read(DAMAGED, stored([*full, {"key": "k", "text": "x"}])).damaged
    for entry in ({"key": "k"}, {"key": "k", "text": 5}, ["k", "x"], {"key": "k", "text": "x", "more": ""}):
        assert read(DAMAGED, stored([entry])).damaged


def test_a_bad_record_is_named_by_the_start_of_its_key():
    key = "solo " + "x" * 100
    kept = read(RECORDS, stored({key: {}}))
    assert kept.value == {} and kept.problem.endswith(f"the record {key[:60]!r}.")


def test_the_import_preview_counts_records_and_their_games():
    one = Record().add(won=True, guesses=3)
    assert RECORDS.describe({}) == "0 records of 0 games"
    assert RECORDS.describe({"a": one}) == "1 record of 1 game"
    assert RECORDS.describe({"a": one, "b": one.add(won=False, guesses=2)}) == "2 records of 3 games"


def test_the_import_preview_names_the_games_of_the_other_modes():
    from mastermind.page.storage import MODE_GAMES, ModeGames

    assert MODE_GAMES.describe(ModeGames()) == "no game in progress"


def problem_of(part, data) -> str | None:
    return read(part, stored(data)).problem


def test_each_unreadable_part_says_what_was_expected():
    from mastermind.page.state import MAX_CHALLENGES
    from mastermind.page.storage import CHALLENGES, DAMAGED, MAX_DAMAGED, MODE_GAMES

    def says(part, why):
        return f"The saved {part.label} could not be read ({why}); the defaults are used."

    assert problem_of(CHALLENGES, ["t"] * (MAX_CHALLENGES + 1)) == says(CHALLENGES, f"expected a list of at most {MAX_CHALLENGES} challenges")
    assert problem_of(DAMAGED, [{"key": "k", "text": "x"}] * (MAX_DAMAGED + 1)) == says(DAMAGED, f"expected a list of at most {MAX_DAMAGED} damaged texts")
    assert problem_of(DAMAGED, [{"key": "k"}]) == says(DAMAGED, "a damaged text is its key and its text")
    for data in (["active", "games"], {"active": "solo", "games": {}, "more": 1}, {"active": "solo", "games": []}, {"active": "solo"}):
        assert problem_of(MODE_GAMES, data) == says(MODE_GAMES, "expected the mode shown last and the games in progress")


def test_a_game_of_another_mode_that_cannot_be_resumed_is_named_by_the_start_of_its_mode():
    from mastermind.page.storage import MODE_GAMES

    mode = "m" * 29 + "xyz"
    kept = read(MODE_GAMES, stored({"active": "solo", "games": {mode: {}}}))
    assert kept.value.games == {} and kept.problem.endswith(f": the {mode[:30]} in progress.")


def test_unreadable_days_and_flags_say_what_they_were():
    from mastermind.page.storage import DAILY, WELCOMED

    def says(part, why):
        return f"The saved {part.label} could not be read ({why}); the defaults are used."

    assert problem_of(DAILY, [1]) == says(DAILY, "a mapping of days was expected, not list")
    assert problem_of(WELCOMED, "yes") == says(WELCOMED, "must be true or false, not str")
    key = "2026-11-23" + "x" * 20
    assert problem_of(DAILY, {key: {}}).endswith(f": the day {key[:20]!r}.")


def test_an_envelope_is_compact_json_and_revision_0_reads():
    from mastermind.page.storage import WELCOMED

    assert envelope(WELCOMED, True, 0) == '{"version":5,"rev":0,"data":true}'
    assert read(WELCOMED, envelope(WELCOMED, True, 0)) == (True, 0, None, False, False)


def test_unreadable_records_say_what_they_were():
    assert problem_of(RECORDS, [1]) == "The saved statistics could not be read (a mapping of records was expected, not list); the defaults are used."


def test_text_that_is_no_json_object_reads_as_the_default_at_revision_0_saying_why():
    for text, why in (("garbage", "not valid JSON"), ("[1]", "not a JSON object"), ("7", "not a JSON object")):
        assert read(SETTINGS, text) == (
            Settings(), 0, f"The saved settings could not be read ({why}); the defaults are used.", False, True
        )


def test_a_newer_versions_part_is_locked_at_its_revision_or_0_and_said_in_words_that_agree():
    for rev, kept in ((5, 5), ("x", 0), (-1, 0), (True, 0)):
        newer = json.dumps({"version": VERSION + 1, "rev": rev})
        assert read(SETTINGS, newer)[1:] == (kept, (
            "The saved settings come from a newer version of Mastermind: they are left untouched, "
            "and changes made to them here are not saved."
        ), True, False)
    assert read(SOLO, json.dumps({"version": VERSION + 1})).problem == (
        "The saved Solo game in progress comes from a newer version of Mastermind: it is left untouched, "
        "and changes made to it here are not saved."
    )


def test_an_unreadable_part_keeps_its_revision_and_an_unknown_layout_says_its_version():
    assert read(RECORDS, stored([1]))[1:] == (
        3, "The saved statistics could not be read (a mapping of records was expected, not list); the defaults are used.", False, True
    )
    assert read(SETTINGS, json.dumps({"version": 1, "rev": 4, "data": {}}))[1:] == (
        0, "The saved settings could not be read (unknown layout, version 1); the defaults are used.", False, True
    )


def test_an_old_document_that_names_no_version_1_or_whose_statistics_cannot_be_read_says_so():
    assert migrate({LEGACY_KEY: '{"version": true}'}).problems == [
        "The saved data could not be read (version True); the defaults are used."
    ]
    done = migrate({LEGACY_KEY: '{"version": 1, "records": [1]}'})
    assert done.problems == ["The saved statistics could not be read; they start afresh."]
    assert read(RECORDS, done.texts[RECORDS.key]) == ({}, 1, None, False, False)


def test_a_reader_refusing_without_words_is_named_by_its_error():
    from mastermind.page.storage import Part

    def refuse(data, notes):
        raise KeyError

    things = Part("mastermind:things", "challenges counted", list, refuse, list, str)
    assert read(things, stored([1])).problem == "The saved challenges counted could not be read (KeyError); the defaults are used."
