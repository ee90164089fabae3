"""What the page stores and reads, and the words it says about it, pinned where only a browser test
or no test looked: the composer's refusals and answers, the import preview, an old document's dropped
statistics, a page that takes another tab's settings or finished game, and the language switch."""

from __future__ import annotations

import gettext
import json

import pytest

from mastermind import Code, Config, Game, i18n
from mastermind.hard import contradiction
from mastermind.page.backup import Backup, preview
from mastermind.page.boards import Screen
from mastermind.page.computer import ComputerView
from mastermind.page.draft import MAX_KEY, Composer
from mastermind.page.records import adopt, page_saved, persist
from mastermind.page.solo import SoloView
from mastermind.page.state import Saved, Settings
from mastermind.page.stats import Record, record_key
from mastermind.page.storage import REGISTRY, SETTINGS, SOLO, load_v1
from mastermind.page.sync import MemoryStorage, Tab
from mastermind.page.words import rules_line, shown, speak

# The composer


class Board(Composer):
    """A board that plays its row into `game` (no game: nothing to compose)."""

    def __init__(self, game: Game | None) -> None:
        self.game = game

    @property
    def config(self) -> Config | None:
        return self.game.config if self.game else None

    def _play(self, letters: str) -> None:
        assert self.game is not None
        self.game.guess(letters)


def classic() -> Board:
    return Board(Game(Config(), secret="RGBY"))


def play(view: Composer, letters: str) -> bool:
    for letter in letters:
        view.pick(letter)
    return view.submit()


def test_no_key_means_anything_while_no_game_is_on():
    board = Board(None)
    assert [board.press(key) for key in ("1", "R", "Enter", "Backspace")] == [False] * 4
    assert board.slots == [] and board.status == ""


def test_a_number_beyond_the_palette_is_refused_in_words():
    board = classic()
    assert board.press("9") is True
    assert board.status == "There is no colour 9; this palette has 6." and board.refused
    assert board.press("0") and board.status == "There is no colour 0; this palette has 6."
    assert board.slots == [None] * 4


def test_a_replayed_key_name_of_the_longest_length_is_still_a_key():
    board = classic()
    assert board.replay([["key", "A" * MAX_KEY]]) == 1
    assert board.replay([["key", "A" * (MAX_KEY + 1)]]) == 0


def test_a_guess_with_one_empty_slot_is_refused_and_not_played():
    board = classic()
    assert play(board, "RGB") is False
    assert board.status == "Incomplete guess: slot 4 is empty. Fill all 4 slots, then press Submit guess."
    assert board.game.guesses_made == 0 and [color.letter for color in board.slots if color] == list("RGB")


def test_a_guess_against_the_rules_is_refused_and_not_played():
    board = Board(Game(Config(allow_duplicates=False), secret="RGBY"))
    assert play(board, "RRGG") is False
    assert board.status.startswith("Guess refused: ") and board.game.guesses_made == 0
    assert play(board, "") is False and board.game.guesses_made == 0  # the row is still composed: played again, refused again


def test_a_guess_hard_mode_forbids_is_refused_and_not_played():
    board = Board(Game(Config(), secret="RGBY", hard=True))
    assert play(board, "RRGG") is True
    first = board.game.history[0]
    refused = next(str(code) for code in Code.all(board.config) if contradiction([(first.guess, first.feedback)], code))
    assert play(board, refused) is False
    assert board.status.startswith("Hard mode: against guess 1 (RRGG: ") and board.game.guesses_made == 1


def test_deleting_from_an_empty_secret_says_the_secret_is_empty():
    view = ComputerView(seed=4)
    assert view.start() and view.screen is Screen.SECRET
    view.press("Backspace")
    assert view.status == "Nothing to delete: the secret is empty." and view.refused


def test_deleting_from_an_empty_guess_says_the_guess_is_empty():
    board = classic()
    board.press("Backspace")
    assert board.status == "Nothing to delete: the guess is empty."


# The import preview and the stored parts' words


def test_the_preview_goes_past_parts_neither_the_tab_nor_the_file_holds():
    users = {"version": 1, "users": [{"name": "Ada", "points": 0}]}
    lines = preview(Backup({REGISTRY.key: users}, "2026-11-23T10:04:00"), {})
    assert lines == ["Registered users and their points: 1 registered user will replace nothing."]
    two = {"version": 1, "users": [{"name": "Ada", "points": 0}, {"name": "Bob", "points": 3}]}
    assert preview(Backup({REGISTRY.key: two}, "2026-11-23T10:04:00"), {REGISTRY.key: users}) == [
        "Registered users and their points: 2 registered users will replace 1 registered user."
    ]


def test_the_preview_describes_settings_in_pegs_colours_and_guesses():
    small = Settings(Config(pegs=1, colors=2, max_guesses=1))
    lines = preview(Backup({SETTINGS.key: small}, "2026-11-23T10:04:00"), {SETTINGS.key: Settings()})
    assert lines == ["Settings: 1 peg, 2 colours, 1 guess will replace 4 pegs, 6 colours, 12 guesses."]


def test_an_old_document_names_each_statistics_record_it_dropped():
    good = record_key("solo", Config())
    won = {"played": 1, "won": 1, "current_streak": 1, "best_streak": 1, "distribution": {"3": 1}}
    saved = load_v1(json.dumps({"version": 1, "records": {good: won, "solo 4x6 BGOPRY 12 repeats hard": {"played": "many"}}}))
    assert saved.problems == ("The saved statistics the record 'solo 4x6 BGOPRY 12 repeats hard' could not be read and were dropped.",)
    assert list(saved.records) == [good] and saved.records[good].won == 1


# The page's own data


def test_saved_statistics_are_a_copy_that_cannot_be_changed_in_place():
    records = {record_key("solo", Config()): Record()}
    saved = Saved(records=records)
    records[record_key("daily", Config())] = Record()
    assert list(saved.records) == [record_key("solo", Config())]
    with pytest.raises(TypeError):
        saved.records[record_key("daily", Config())] = Record()  # type: ignore[index]


def test_games_with_hints_add_up_in_their_own_record():
    game = Game(Config(), secret="RGBY")
    game.guess("RGBY")
    saved = Saved().record("solo", game, assisted=True).record("solo", game, assisted=True)
    assert saved.stats("solo", Config(), assisted=True).played == 2
    assert saved.stats("solo", Config()).played == 0


def test_a_stale_page_takes_the_settings_another_tab_stored():
    store = MemoryStorage()
    tab_a, tab_b = Tab(store), Tab(store)
    a, b = SoloView(page_saved(tab_a), seed=2), SoloView(page_saved(tab_b), seed=3)
    a.saved = a.saved.with_settings(Settings(Config(pegs=5)))
    b.saved = b.saved.with_settings(Settings(order="top"))
    persist(a, tab_a)
    assert persist(b, tab_b) is True
    assert b.saved.settings == Settings(Config(pegs=5), order="top") and b.settings.config.pegs == 5


def test_a_stale_page_shows_the_game_another_tab_finished():
    store = MemoryStorage()
    tab_a, tab_b = Tab(store), Tab(store)
    a, b = SoloView(page_saved(tab_a), seed=2), SoloView(page_saved(tab_b), seed=3)
    persist(a, tab_a)
    assert adopt(b, tab_b, tab_b.refresh(SOLO.key)).startswith("Updated from another tab: the game.")
    secret = str(a.game.secret)
    wrong = next(str(code) for code in Code.all(a.config) if str(code) != secret)
    play(a, secret)  # a wins the shared game
    persist(a, tab_a)
    play(b, wrong)  # b had not heard of it
    assert persist(b, tab_b) is True
    assert b.game.won and b.status == f"You won: the secret was {secret}. Press New game to play again."


# Words


def test_a_code_is_shown_with_the_letters_of_its_own_palette():
    maroon = Config(colors=["Blue", "Green", "Orange", "Purple", "Red", "Maroon"])
    i18n.use(gettext.translation("mastermind", i18n.LOCALE_DIR, ["de"]), "de")
    assert shown("MB", maroon) == "KB"  # Maroon is K in German; Magenta, the catalog's first M, is M
    assert shown("MB") == "MB"


def test_rules_in_one_line_say_one_peg_one_colour_and_one_guess():
    assert rules_line(1, "B", 1, repeats=False) == "1 peg, 1 colour (B), 1 guess, no colour repeats"


def test_english_asked_with_a_catalog_is_english_still():
    assert speak("en", b"not a catalog") is True
    assert i18n.current() == "en" and rules_line(4, "BGOPRY", 12, repeats=True).startswith("4 pegs")


def test_after_falling_back_to_english_the_page_still_speaks():
    assert speak("en", None) is True
    assert rules_line(2, "BG", 3, repeats=True) == "2 pegs, 2 colours (B G), 3 guesses, colours may repeat"
    assert speak("xx", b"anything") is False
    assert rules_line(2, "BG", 3, repeats=True) == "2 pegs, 2 colours (B G), 3 guesses, colours may repeat"
