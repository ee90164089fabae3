"""Two tabs over one storage: neither loses the other's newer data; full or disabled storage and
data of a newer version never break the page."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mastermind import Config, Game
from mastermind.page import storage
from mastermind.page.stats import Record, record_key
from mastermind.page.storage import LEGACY_KEY, PARTS, RECORDS, SETTINGS, SOLO, VERSION, InProgress, Settings, envelope, read
from mastermind.page.sync import MemoryStorage, Tab
from mastermind.page.words import NOT_SAVED

from .lagging import LateNews

KEY = record_key("solo", Config())


def add_game(tab: Tab, won: bool, guesses: int = 4) -> None:
    records = dict(tab.value(RECORDS))
    records[KEY] = records.get(KEY, Record()).add(won=won, guesses=guesses)
    tab.save(RECORDS, records)


def test_a_change_in_one_tab_is_picked_up_by_the_other():
    store = MemoryStorage()
    one, two = Tab(store), Tab(store)
    one.save(SETTINGS, Settings(order="top"))
    assert two.value(SETTINGS) == Settings()
    assert two.refresh(SETTINGS.key) == [SETTINGS]
    assert two.value(SETTINGS).order == "top"
    assert two.refresh(SETTINGS.key) == []  # nothing newer now
    assert two.refresh("unrelated") == [] and two.refresh(LEGACY_KEY) == []


def test_a_text_is_parsed_once_until_it_changes(monkeypatch):
    """Every action reads back the keys it stores, and a registry of 1,000 users takes milliseconds
    to parse: a tab parses a key's text only when it differs from the text it last read or wrote."""
    store = MemoryStorage()
    one, two = Tab(store), Tab(store)
    parsed: list[str] = []
    real = storage.read
    monkeypatch.setattr(storage, "read", lambda part, text: parsed.append(part.key) or real(part, text))
    one.save(SETTINGS, Settings(order="top"))
    assert one.refresh(SETTINGS.key) == [] and parsed == []  # what it wrote, it knows
    assert two.refresh(SETTINGS.key) == [SETTINGS] and parsed == [SETTINGS.key]
    assert two.refresh(SETTINGS.key) == [] and parsed == [SETTINGS.key]
    assert two.value(SETTINGS).order == "top"


def test_a_stale_tab_adds_its_game_to_the_newer_statistics_instead_of_overwriting_them():
    store = MemoryStorage()
    one, two = Tab(store), Tab(store)
    add_game(one, won=True, guesses=3)
    add_game(two, won=False)  # two never heard of one's game
    stored = read(RECORDS, store.getItem(RECORDS.key))
    assert stored.value[KEY].played == 2 and stored.value[KEY].won == 1 and stored.rev == 2
    assert two.value(RECORDS)[KEY].played == 2  # the merged value came back
    one.refresh(RECORDS.key)
    assert one.value(RECORDS) == two.value(RECORDS)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2), st.booleans(), st.booleans()), max_size=25))
def test_no_game_is_ever_lost_whatever_the_interleaving(steps):
    """Three tabs finish games in any order, hearing of each other's writes only sometimes."""
    store = MemoryStorage()
    tabs = [Tab(store) for _ in range(3)]
    for _number, (which, won, hears) in enumerate(steps):
        add_game(tabs[which], won)
        if hears:
            for other in tabs:
                other.refresh(RECORDS.key)
    record = read(RECORDS, store.getItem(RECORDS.key)).value.get(KEY, Record())
    assert record.played == len(steps)
    assert record.won == sum(won for _, won, _ in steps)
    assert record.best_streak >= record.current_streak


def test_settings_changed_in_two_tabs_keep_both_changes():
    store = MemoryStorage()
    one, two = Tab(store), Tab(store)
    one.save(SETTINGS, Settings(order="top"))
    kept = two.save(SETTINGS, Settings(key_color="red"))
    assert kept == Settings(key_color="red", order="top")
    assert read(SETTINGS, store.getItem(SETTINGS.key)).value == kept


def test_the_game_that_went_further_is_kept():
    store = MemoryStorage()
    one, two = Tab(store), Tab(store)
    game = Game(Config(), secret="RGBY")
    one.save(SOLO, InProgress.of(game))
    two.refresh(SOLO.key)
    game.guess("RRGG")
    one.save(SOLO, InProgress.of(game))
    # two, not yet told, plays another first move: the move stored first stays, and two shows it
    other = Game(Config(), secret="RGBY")
    other.guess("BBBB")
    assert two.save(SOLO, InProgress.of(other)) == InProgress.of(game)
    assert read(SOLO, store.getItem(SOLO.key)).value == InProgress.of(game)
    # one, not yet told of anything newer, plays on from the stored game: kept
    game.guess("OOPP")
    assert one.save(SOLO, InProgress.of(game)) == InProgress.of(game)
    assert read(SOLO, store.getItem(SOLO.key)).value == InProgress.of(game)


def test_a_full_storage_keeps_the_value_in_memory_says_so_and_retries():
    store = MemoryStorage(quota=100)
    tab = Tab(store)
    records = {KEY: Record().add(won=True, guesses=4)}
    assert tab.save(RECORDS, records) == records
    assert tab.value(RECORDS) == records and store.getItem(RECORDS.key) is None
    assert tab.take_notices() == [NOT_SAVED]
    store.quota = None
    tab.save(SETTINGS, Settings(order="top"))  # the next change of the same part retries
    records = {KEY: records[KEY].add(won=False, guesses=12)}
    tab.save(RECORDS, records)
    assert read(RECORDS, store.getItem(RECORDS.key)).value == records
    assert tab.take_notices() == []


def test_a_disabled_storage_never_breaks_the_tab():
    class Refusing:
        def getItem(self, key):  # noqa: N802 (the Web Storage API's name)
            raise RuntimeError("SecurityError: access denied")

        setItem = removeItem = getItem  # noqa: N815 (the Web Storage API's names)

    tab = Tab(Refusing())
    assert tab.value(SETTINGS) == Settings()
    assert tab.save(SETTINGS, Settings(order="top")).order == "top"
    notices = tab.take_notices()
    assert "Your browser does not let this page read its storage; nothing is kept after you close it." in notices


def test_data_of_a_newer_version_are_never_written_over():
    newer = json.dumps({"version": VERSION + 1, "rev": 9, "data": {"from": "the future"}})
    store = MemoryStorage({SETTINGS.key: newer})
    tab = Tab(store)
    assert tab.locked(SETTINGS) and any("newer version" in notice for notice in tab.take_notices())
    assert tab.save(SETTINGS, Settings(order="top")).order == "top"  # in memory only
    assert store.getItem(SETTINGS.key) == newer
    assert SETTINGS.key not in tab.values()
    assert not tab.replace({SETTINGS.key: Settings()}) and store.getItem(SETTINGS.key) == newer


def test_a_newer_version_writing_meanwhile_is_respected():
    store = MemoryStorage()
    tab = Tab(store)
    newer = json.dumps({"version": VERSION + 1, "rev": 9, "data": {}})
    store.setItem(SETTINGS.key, newer)
    tab.save(SETTINGS, Settings(order="top"))
    assert store.getItem(SETTINGS.key) == newer and tab.locked(SETTINGS)
    assert tab.take_notices() == [read(SETTINGS, newer).problem]


def test_opening_migrates_the_old_layout_once():
    old = json.dumps({"version": 1, "settings": {"order": "top"}, "records": {}})
    store = MemoryStorage({LEGACY_KEY: old})
    tab = Tab(store)
    assert tab.value(SETTINGS).order == "top" and store.getItem(LEGACY_KEY) is None
    assert read(SETTINGS, store.getItem(SETTINGS.key)).rev == 1
    assert tab.take_notices() == []


def test_a_migration_the_browser_refuses_leaves_the_old_data_whole():
    old = json.dumps({"version": 1, "settings": {"order": "top"}, "records": {}})
    store = MemoryStorage({LEGACY_KEY: old}, quota=len(LEGACY_KEY) + len(old) + 10)
    tab = Tab(store)
    assert tab.value(SETTINGS).order == "top"  # migrated in memory
    assert store.items == {LEGACY_KEY: old}  # nothing half-written
    assert tab.take_notices() == ["Your saved data were updated to this version's layout, but the browser refused to store them."]


def test_replace_is_all_or_nothing():
    store = MemoryStorage()
    tab = Tab(store)
    tab.save(SETTINGS, Settings(order="top"))
    before = dict(store.items)
    big = {record_key("solo", Config(pegs=pegs)): Record().add(won=True, guesses=3) for pegs in range(1, 9)}
    store.quota = sum(len(k) + len(v) for k, v in before.items()) + len(envelope(SETTINGS, Settings(), 2)) + 40
    assert not tab.replace({SETTINGS.key: Settings(key_color="red"), RECORDS.key: big})
    assert store.items == before  # the settings written first were put back
    assert tab.value(SETTINGS).order == "top"
    store.quota = None
    assert tab.replace({SETTINGS.key: Settings(key_color="red"), RECORDS.key: big})
    assert tab.value(RECORDS) == big and read(SETTINGS, store.getItem(SETTINGS.key)).rev == 2
    other = Tab(store)
    assert other.value(SETTINGS).key_color == "red"


def test_a_cleared_storage_is_adopted():
    store = MemoryStorage()
    one, two = Tab(store), Tab(store)
    one.save(SETTINGS, Settings(order="top"))
    two.refresh(None)
    store.items.clear()
    assert two.refresh(None) == [SETTINGS]
    assert two.value(SETTINGS) == Settings()


def test_every_part_starts_at_its_default_in_an_empty_storage():
    tab = Tab(MemoryStorage())
    assert tab.values() == {key: part.default() for key, part in PARTS.items()}
    assert tab.take_notices() == []


def test_users_registered_in_two_tabs_are_all_kept_whether_or_not_they_hear_each_other():
    from mastermind.page.storage import REGISTRY
    from mastermind.page.sync import Users

    store = MemoryStorage()
    a, b = Users(Tab(store)), Users(Tab(store))
    for users, name in ((b, "Bob"), (a, "Carol"), (b, "Dave")):  # as the page acts: pull, change, push
        users.pull()
        users.registry.register(name)
        users.push()
    stored = [user["name"] for user in read(REGISTRY, store.getItem(REGISTRY.key)).value["users"]]
    assert stored == ["Bob", "Carol", "Dave"]
    assert [user.name for user in a.registry] == ["Bob", "Carol"] and a.pull()
    assert [user.name for user in a.registry] == stored


def test_points_of_a_tournament_are_added_to_the_users_as_stored_when_it_ends():
    from mastermind import Phase, Tournament
    from mastermind.page.storage import REGISTRY
    from mastermind.page.sync import Users

    store = MemoryStorage()
    a, b = Users(Tab(store)), Users(Tab(store))
    a.registry.register("Alan"), a.registry.register("Bea"), a.push()
    b.pull()
    held = b.registry  # the one registry the page's screens and tournaments hold
    game = Tournament(held, ["Alan", "Bea"], 5)
    while not game.finished:  # as the page plays: pull, move, push
        if game.phase is Phase.HANDOVER:
            game.ready(game.player.name)
            continue
        b.pull()
        if game.phase is Phase.SECRET:
            game.set_secret(game.player.name, "RGBY")
        else:
            game.guess(game.player.name, "RGBY")
        b.push()
        if a.registry.find("Alan").points == 0:  # meanwhile another tab credits Alan
            a.registry.credit({"Alan": 7})
            a.push()
    assert b.registry is held
    stored = {user["name"]: user["points"] for user in read(REGISTRY, store.getItem(REGISTRY.key)).value["users"]}
    assert stored == {"Alan": 7 + 5, "Bea": 5}
    assert [(user.name, user.points) for user in held] == [("Alan", 12), ("Bea", 5)]


def test_a_value_stored_at_the_same_revision_after_a_clear_is_still_adopted():
    store = MemoryStorage()
    one, two = Tab(store), Tab(store)
    one.save(SETTINGS, Settings(order="top"))
    two.refresh(SETTINGS.key)
    store.items.clear()  # another tab cleared the storage...
    one.refresh(None)
    one.save(SETTINGS, Settings(key_color="red"))  # ...and this one stored again, at revision 1 too
    assert read(SETTINGS, store.getItem(SETTINGS.key)).rev == 1
    assert two.refresh(SETTINGS.key) == [SETTINGS]
    assert two.value(SETTINGS) == Settings(key_color="red")


def test_a_newer_version_storing_the_defaults_at_revision_0_still_locks_the_part():
    store = MemoryStorage()
    tab = Tab(store)
    newer = json.dumps({"version": VERSION + 1, "rev": 0, "data": {}})
    store.setItem(SETTINGS.key, newer)
    assert not tab.locked(SETTINGS)
    assert tab.refresh(SETTINGS.key) == []  # the value is still the default
    assert tab.locked(SETTINGS) and SETTINGS.key not in tab.values()


def test_an_import_is_refused_when_a_newer_version_stored_the_part_after_the_tab_opened():
    store = MemoryStorage()
    tab = Tab(store)
    newer = json.dumps({"version": VERSION + 1, "rev": 4, "data": {}})
    store.setItem(SETTINGS.key, newer)
    assert not tab.replace({RECORDS.key: {KEY: Record().add(won=True, guesses=3)}, SETTINGS.key: Settings(order="top")})
    assert store.items == {SETTINGS.key: newer}  # not even the records, which came first
    assert any("newer version" in notice and "nothing was imported" in notice for notice in tab.take_notices())


def test_an_import_is_refused_when_the_part_was_a_newer_versions_even_once_it_is_gone():
    newer = json.dumps({"version": VERSION + 1, "rev": 4, "data": {}})
    store = MemoryStorage({SETTINGS.key: newer})
    tab = Tab(store)
    store.items.clear()  # another tab cleared the storage, this one has not heard of it yet
    assert not tab.replace({SETTINGS.key: Settings(order="top")})
    assert store.items == {}


def test_an_import_is_stored_above_every_revision_either_side_has_seen():
    store = MemoryStorage()
    one, two = Tab(store), Tab(store)
    for order in ("top", "bottom", "top"):
        one.save(SETTINGS, Settings(order=order))  # revision 3, which `two` never heard of
    assert two.replace({SETTINGS.key: Settings(key_color="red")})
    assert read(SETTINGS, store.getItem(SETTINGS.key)).rev == 4
    assert one.refresh(SETTINGS.key) == [SETTINGS] and one.value(SETTINGS) == Settings(key_color="red")
    store.items.clear()  # now the storage is behind `one`, at revision 0
    assert one.replace({SETTINGS.key: Settings(order="top")})
    assert read(SETTINGS, store.getItem(SETTINGS.key)).rev == 5


def test_the_storage_stand_in_removes_an_absent_key_as_a_browser_does():
    store = MemoryStorage({"a": "1"})
    store.removeItem("b")
    store.removeItem("a")
    store.removeItem("a")
    assert store.items == {}


def test_pulling_the_users_adopts_nothing_but_the_users():
    from mastermind.page.sync import Users

    store = MemoryStorage()
    one, two = Tab(store), Tab(store)
    one.save(SETTINGS, Settings(order="top"))
    users = Users(one)
    other = Users(two)
    other.registry.register("Ann"), other.push()
    two.save(SETTINGS, Settings(key_color="red"))
    assert users.pull() and [user.name for user in users.registry] == ["Ann"]
    assert one.value(SETTINGS) == Settings(order="top")  # the page hears of the settings from refresh()
    assert users.pull() is False


def test_pushing_users_without_pulling_first_brings_in_the_other_tabs_users():
    from mastermind.page.sync import Users

    store = MemoryStorage()
    one, two = Users(Tab(store)), Users(Tab(store))
    two.registry.register("Bob"), two.push()
    one.registry.register("Carol")
    assert one.push() is True  # Bob came in
    assert [user.name for user in one.registry] == ["Bob", "Carol"]
    one.registry.register("Dave")
    assert one.push() is False  # nothing new from elsewhere
    assert [user.name for user in one.registry] == ["Bob", "Carol", "Dave"]


def test_the_storage_stand_in_counts_its_quota_as_a_browser_does():
    store = MemoryStorage(quota=10)
    store.setItem("ab", "cdefghij")  # exactly the quota
    store.setItem("ab", "12345678")  # the old text of the same key does not count
    assert store.items == {"ab": "12345678"}
    for key, value in (("ab", "123456789"), ("c", "")):
        with pytest.raises(OSError, match=r"^QuotaExceededError: the quota has been exceeded$"):
            store.setItem(key, value)
    assert store.items == {"ab": "12345678"}
    store.removeItem("ab")
    store.setItem("k", "v" * 9)
    assert MemoryStorage(quota=None).quota is None and MemoryStorage({"a": "b"}).getItem("a") == "b"


def test_a_backend_giving_anything_but_text_is_read_as_an_empty_key():
    class Odd(MemoryStorage):
        def getItem(self, key):  # noqa: N802
            return 42 if key == SETTINGS.key else super().getItem(key)

    tab = Tab(Odd())
    assert tab.value(SETTINGS) == Settings() and tab.take_notices() == []
    assert tab.save(SETTINGS, Settings(order="top")) == Settings(order="top")


def test_an_import_refused_by_a_newer_version_says_which_part_in_words_that_agree():
    newer = lambda: json.dumps({"version": VERSION + 1, "rev": 1, "data": {}})
    for part, sentence in (
        (SETTINGS, "The saved settings come from a newer version of Mastermind; nothing was imported."),
        (SOLO, "The saved Solo game in progress comes from a newer version of Mastermind; nothing was imported."),
    ):
        tab = Tab(MemoryStorage({part.key: newer()}))
        tab.take_notices()
        assert not tab.replace({part.key: part.default()})
        assert tab.take_notices() == [sentence]


def test_a_change_dropped_gives_the_tab_what_the_store_holds_now_and_is_never_stored_later():
    """An import the page's worker made (Tab.replace over a mirror), refused partway by the browser
    and undone by the page: the tab drops the imported values for what the store holds, read
    afresh (another tab may have written meanwhile), and its next write is over that text."""
    store = MemoryStorage()
    one, two = Tab(store), Tab(store)
    add_game(one, won=True, guesses=3)
    stored = store.getItem(RECORDS.key)
    two.replace({RECORDS.key: {KEY: Record().add(won=False, guesses=12)}})
    store.items[RECORDS.key] = stored  # the page puts back what was stored
    add_game(one, won=False)  # another tab writes meanwhile: the store holds more than before the import
    two.drop(RECORDS.key)
    two.drop("unrelated")  # a key of no part: nothing to hold
    assert two.value(RECORDS) == one.value(RECORDS) and two.value(RECORDS)[KEY].played == 2
    assert two.refresh(RECORDS.key) == []  # nothing newer: the tab holds the stored revision
    add_game(two, won=True, guesses=5)
    assert read(RECORDS, store.getItem(RECORDS.key)).value[KEY].played == 3  # no lost game, no imported loss
    assert read(RECORDS, store.getItem(RECORDS.key)).value[KEY].won == 2


def test_an_import_the_browser_refuses_removes_the_keys_it_had_added():
    store = MemoryStorage(quota=len(SETTINGS.key) + len(envelope(SETTINGS, Settings(), 1)) + 5)
    tab = Tab(store)
    big = {record_key("solo", Config(pegs=pegs)): Record().add(won=True, guesses=3) for pegs in range(1, 9)}
    assert not tab.replace({SETTINGS.key: Settings(), RECORDS.key: big})
    assert store.items == {}
    assert tab.take_notices() == [
        "Nothing was imported: your browser refused to store this (storage full or disabled); it will be lost on reload."
    ]


def test_a_part_a_newer_version_owned_stays_unwritten_until_the_tab_hears_it_is_gone():
    newer = json.dumps({"version": VERSION + 1, "rev": 4, "data": {}})
    store = MemoryStorage({SETTINGS.key: newer})
    tab = Tab(store)
    store.items.clear()  # another tab cleared the storage; this one has not heard yet
    tab.save(SETTINGS, Settings(order="top"))
    assert store.items == {} and tab.locked(SETTINGS)
    assert tab.refresh(None) == [] and not tab.locked(SETTINGS)  # its change made meanwhile is stored now
    assert read(SETTINGS, store.getItem(SETTINGS.key)).value == Settings(order="top")


def test_saving_the_value_already_stored_writes_nothing():
    store = MemoryStorage()
    tab = Tab(store)
    tab.save(SETTINGS, Settings(order="top"))
    text = store.getItem(SETTINGS.key)
    tab.save(SETTINGS, Settings(order="top"))
    assert store.getItem(SETTINGS.key) == text and read(SETTINGS, text).rev == 1


def test_hearing_of_every_part_goes_on_past_parts_without_news_or_damaged():
    store = MemoryStorage()
    one, two = Tab(store), Tab(store)
    one.save(SETTINGS, Settings(order="top"))
    two.refresh(None)
    add_game(one, won=True)  # only the statistics, a later part, have news
    assert two.refresh(None) == [RECORDS]
    add_game(one, won=False)
    store.setItem(SETTINGS.key, "garbage")  # the settings, an earlier part, are damaged
    assert two.refresh(None) == [RECORDS] and two.value(RECORDS)[KEY].played == 2
    assert read(SETTINGS, store.getItem(SETTINGS.key)).value == Settings(order="top")  # stored again


def test_a_refused_write_is_tried_again_with_the_next_change_not_on_hearing_nothing_new():
    store = MemoryStorage()
    tab = Tab(store)
    tab.save(SETTINGS, Settings(order="top"))
    store.quota = 0
    tab.save(SETTINGS, Settings(order="top", key_color="red"))
    store.quota = None
    assert tab.refresh(SETTINGS.key) == [] and read(SETTINGS, store.getItem(SETTINGS.key)).value == Settings(order="top")
    tab.save(SETTINGS, Settings(order="top", key_color="red", letters=False))
    assert read(SETTINGS, store.getItem(SETTINGS.key)).value == Settings(order="top", key_color="red", letters=False)


def test_a_newer_version_taking_a_part_over_leaves_this_tab_its_stand_in():
    store = MemoryStorage()
    tab = Tab(store)
    tab.save(SETTINGS, Settings(order="top"))
    store.quota = 0
    tab.save(SETTINGS, Settings(order="top", key_color="red"))  # refused: held in memory only
    store.quota = None
    store.setItem(SETTINGS.key, json.dumps({"version": VERSION + 1, "rev": 9, "data": {}}))
    assert tab.refresh(SETTINGS.key) == [SETTINGS]
    assert tab.locked(SETTINGS) and tab.value(SETTINGS) == Settings()


def test_damage_to_a_part_named_in_the_singular_is_said_in_the_singular():
    from mastermind.page.words import damage_found

    store = MemoryStorage()
    tab = Tab(store)
    game = Game(Config(), secret="RGBY")
    tab.save(SOLO, InProgress.of(game))
    store.setItem(SOLO.key, "garbage")
    game.guess("RRGG")
    tab.save(SOLO, InProgress.of(game))
    assert damage_found("Solo game in progress", True) in tab.take_notices()


def test_a_part_without_a_merge_keeps_the_other_tabs_value_when_both_changed():
    from mastermind.page.storage import WELCOMED

    assert WELCOMED.merge is None
    assert WELCOMED.reconcile(False, True, True) is True


# Two tabs writing the same revision: each writes before the other's write reaches it


def lagging_tabs(store: MemoryStorage) -> tuple[Tab, Tab]:
    """Two tabs whose views of `store` hear each other's writes only when told (LateNews.hear)."""
    return Tab(LateNews(store)), Tab(LateNews(store))


def hear(tab: Tab, key: str) -> list:
    """The other tab's writes reach `tab`, then the storage event of `key`."""
    assert isinstance(tab.backend, LateNews)
    tab.backend.hear()
    return tab.refresh(key)


def stored_record(store: MemoryStorage) -> Record:
    return read(RECORDS, store.getItem(RECORDS.key)).value.get(KEY, Record())


def test_two_games_stored_at_the_same_revision_are_both_counted():
    store = MemoryStorage()
    one, two = lagging_tabs(store)
    add_game(one, won=True, guesses=3)
    add_game(two, won=False)  # two has not heard of one's game: the same revision, stored over it
    assert read(RECORDS, store.getItem(RECORDS.key)).rev == 1 and stored_record(store).played == 1
    assert hear(two, RECORDS.key) == []  # two finds its own write: nothing to do
    assert hear(one, RECORDS.key) == [RECORDS]  # one finds another value at its revision: a clash
    record = stored_record(store)
    assert (record.played, record.won, record.distribution) == (2, 1, {3: 1})
    assert read(RECORDS, store.getItem(RECORDS.key)).rev == 2
    assert hear(two, RECORDS.key) == [RECORDS] and two.value(RECORDS) == one.value(RECORDS)
    assert hear(one, RECORDS.key) == [] and hear(two, RECORDS.key) == []  # and nothing more is written
    assert read(RECORDS, store.getItem(RECORDS.key)).rev == 2


def test_a_clash_found_when_storing_the_next_game_keeps_all_three():
    """The tab whose write was replaced reads the other's value before its storage event comes:
    its next write merges its own first game, the other's, and its second."""
    store = MemoryStorage()
    one, two = lagging_tabs(store)
    add_game(one, won=True, guesses=3)
    add_game(two, won=True, guesses=5)
    one.backend.hear()  # the text has arrived, its event not yet
    add_game(one, won=False)
    record = stored_record(store)
    assert (record.played, record.won, record.distribution) == (3, 2, {3: 1, 5: 1})
    assert hear(two, RECORDS.key) == [RECORDS] and two.value(RECORDS)[KEY] == record


def test_settings_changed_at_the_same_revision_keep_both_changes():
    store = MemoryStorage()
    one, two = lagging_tabs(store)
    one.save(SETTINGS, Settings(order="top"))
    two.save(SETTINGS, Settings(key_color="red"))
    hear(two, SETTINGS.key)
    assert hear(one, SETTINGS.key) == [SETTINGS]
    assert read(SETTINGS, store.getItem(SETTINGS.key)).value == Settings(key_color="red", order="top")
    assert hear(two, SETTINGS.key) == [SETTINGS] and two.value(SETTINGS) == Settings(key_color="red", order="top")


def test_users_registered_at_the_same_revision_are_both_kept():
    from mastermind.page.storage import REGISTRY
    from mastermind.page.sync import Users

    store = MemoryStorage()
    one, two = lagging_tabs(store)
    a, b = Users(one), Users(two)
    a.registry.register("Ann")
    a.push()
    b.registry.register("Bob")
    b.push()
    two.backend.hear()
    assert not b.pull()
    one.backend.hear()
    assert a.pull() and [user.name for user in a.registry] == ["Bob", "Ann"]
    assert [user["name"] for user in read(REGISTRY, store.getItem(REGISTRY.key)).value["users"]] == ["Bob", "Ann"]


def test_a_change_over_a_revision_another_tab_stored_again_keeps_that_tabs_change():
    """A tab that read revision 1, then finds another value at revision 1, stores its change over
    that value, not over the one it read: the other tab's change is kept."""
    store = MemoryStorage()
    one, two, three = Tab(LateNews(store)), Tab(LateNews(store)), Tab(store)
    one.save(SETTINGS, Settings(order="top"))
    three.refresh(SETTINGS.key)  # three reads one's revision 1
    two.save(SETTINGS, Settings(key_color="red"))  # two's revision 1 replaces it
    three.save(SETTINGS, Settings(order="top", theme="dark"))
    assert read(SETTINGS, store.getItem(SETTINGS.key)).value == Settings(key_color="red", theme="dark")


def test_a_clear_heard_ends_the_clash_rule_a_value_stored_after_it_is_adopted():
    store = MemoryStorage()
    one, two = lagging_tabs(store)
    one.save(SETTINGS, Settings(order="top"))
    store.items.clear()  # the person cleared the site's data...
    one.backend.hear()
    one.refresh(None)
    assert one.value(SETTINGS) == Settings()
    two.backend.hear()
    two.save(SETTINGS, Settings(key_color="red"))  # ...and another tab stored revision 1 again
    assert hear(one, SETTINGS.key) == [SETTINGS] and one.value(SETTINGS) == Settings(key_color="red")
