import pytest
from hypothesis import given
from hypothesis import strategies as st

from mastermind import CATALOG, CLASSIC, Config, Game, feedback
from mastermind.page.address import Params, parse_params
from mastermind.page.records import stats_lines
from mastermind.page.settings_form import form_values, read_form
from mastermind.page.solo import SoloView, opening_status, peg_ink
from mastermind.page.storage import Saved, Settings

SEED = 11
SECRET = str(Game(seed=SEED).secret)


def view(config: Config = CLASSIC, **settings) -> SoloView:
    return SoloView(Saved(Settings(config, **settings)), seed=SEED)


def names(slots):
    return [color.name if color else None for color in slots]


# URL parameters


@pytest.mark.parametrize(
    ("query", "params"),
    [
        ("", Params(None, False, "solo")),
        ("?seed=42", Params(42, False, "solo")),
        ("?seed=-3&reveal=1", Params(-3, True, "solo")),
        ("?reveal=true&mode=Duel", Params(None, True, "duel", mode_asked=True)),
        ("?seed=4.5&reveal=0", Params(None, False, "solo")),
        ("?seed=&reveal=", Params(None, False, "solo")),
        ("?seed=1&seed=2", Params(2, False, "solo")),
        ("?seed=%3Cb%3E", Params(None, False, "solo")),
        ("?seed=\u00b2", Params(None, False, "solo")),
        ("?seed=--1&reveal", Params(None, False, "solo")),
        ("?seed=" + "9" * 5000, Params(None, False, "solo")),
        ("?challenge=&seed=1", Params(1, False, "solo")),
    ],
)
def test_parse_params(query, params):
    assert parse_params(query) == params


@given(st.text())
def test_any_query_parses(query):
    params = parse_params(query)
    assert params.seed is None or type(params.seed) is int
    assert type(params.reveal) is bool and params.mode == params.mode.lower()
    # Whatever came before, a later well-formed parameter is read.
    assert parse_params(query + "&seed=7&reveal=1&mode=Race") == Params(7, True, "race", mode_asked=True)


def test_the_seed_decides_the_first_secret_only():
    first = SoloView(Saved(), seed=SEED)
    assert first.game.secret == Game(seed=SEED).secret
    secrets = set()
    for _ in range(20):
        first.new_game()
        secrets.add(str(first.game.secret))
    assert len(secrets) > 1


# Composing a guess


def test_picks_fill_the_first_empty_slot_and_clear_empties_one():
    solo = view()
    for letter in "RGB":
        solo.pick(letter)
    assert names(solo.slots) == ["Red", "Green", "Blue", None]
    assert solo.status == "Blue in slot 3."
    solo.clear(0)
    assert names(solo.slots) == [None, "Green", "Blue", None]
    assert solo.status == "Slot 1 cleared."
    solo.pick("Y")
    assert names(solo.slots) == ["Yellow", "Green", "Blue", None]
    solo.clear(3)
    assert solo.status == "Slot 4 is already empty."


def test_delete_removes_the_last_peg():
    solo = view()
    solo.delete()
    assert solo.status == "Nothing to delete: the guess is empty."
    for letter in "RGB":
        solo.pick(letter)
    solo.clear(1)
    solo.delete()
    assert names(solo.slots) == ["Red", None, None, None]


def test_a_full_guess_takes_no_more_pegs():
    solo = view()
    for letter in "RGBYO":
        solo.pick(letter)
    assert names(solo.slots) == ["Red", "Green", "Blue", "Yellow"]
    assert solo.status.startswith("The guess is full")


def test_keys():
    solo = view(Config(colors=10))
    presses = [solo.press(key) for key in ["1", "0", "k", "Backspace", "W", "x", "Shift", "F1", " ", "\u00b2"]]
    assert presses == [True, True, True, True, True, False, False, False, False, False]
    assert names(solo.slots) == ["Blue", "Cyan", "White", None]  # 0 is the tenth; k was deleted


def test_a_digit_beyond_the_palette_is_refused():
    solo = view()
    assert solo.press("9")
    assert solo.status == "There is no colour 9; this palette has 6."
    assert solo.slots == [None] * 4


# Submitting


def test_incomplete_guess_is_refused_and_kept():
    solo = view()
    solo.pick("R")
    solo.pick("G")
    assert not solo.submit()
    assert solo.status == "Incomplete guess: slots 3, 4 are empty. Fill all 4 slots, then press Submit guess."
    assert solo.game.history == () and names(solo.slots) == ["Red", "Green", None, None]
    solo.clear(0)
    solo.pick("B")
    solo.pick("B")
    solo.submit()
    assert "slot 4 is empty" in solo.status
    assert solo.press("Enter") and solo.rows == []


def test_a_guess_against_the_rules_is_refused_with_the_games_reason():
    solo = view(Config(allow_duplicates=False))
    for letter in "RRGB":
        solo.pick(letter)
    assert not solo.submit()
    assert solo.status == "Guess refused: Red is used twice; colours may not repeat in this game."
    assert solo.rows == [] and names(solo.slots) == ["Red", "Red", "Green", "Blue"]


def play(solo: SoloView, letters: str) -> bool:
    for letter in letters:
        solo.pick(letter)
    return solo.submit()


def test_rows_and_results():
    solo = view()
    guess = "RRBB" if SECRET != "RRBB" else "GGBB"
    result = feedback(SECRET, guess)
    assert not play(solo, guess)
    assert solo.status == f"Guess 1, {guess}: {result}. 11 guesses left."
    [row] = solo.rows
    assert (row.number, row.letters, row.feedback, row.left) == (1, guess, str(result), 11)
    assert [color.letter for color in row.guess] == list(guess)
    assert row.keys == ("exact",) * result.black + ("near",) * result.white + ("none",) * (4 - sum(result))
    assert solo.slots == [None] * 4


def test_winning_reveals_the_secret_and_counts_the_game():
    solo = view()
    assert solo.secret == [None] * 4
    assert play(solo, SECRET)
    assert solo.status == f"You win! You broke the code {SECRET} in 1 guess. Press Share to share your result."
    assert "".join(color.letter for color in solo.secret) == SECRET
    assert solo.stats.won == 1 and solo.saved.stats("solo", Config()).played == 1
    solo.pick("R")
    assert solo.status == "The game is over: you won. Press New game to play again."
    assert solo.slots == [None] * 4


def test_losing_says_so_with_the_secret():
    solo = view(Config(max_guesses=2))
    first, second = [code for code in ("RRRR", "GGGG", "BBBB") if code != SECRET][:2]  # each new: one played already is refused
    assert not play(solo, first)
    assert play(solo, second)
    assert solo.status.startswith("You lose.") and solo.status.endswith(f"The secret was {SECRET}.")
    assert solo.stats.played == 1 and solo.stats.won == 0
    assert not solo.submit() and "you lost" in solo.status


def test_reveal_shows_the_secret_from_the_start():
    solo = SoloView(Saved(), seed=SEED, reveal=True)
    assert "".join(color.letter for color in solo.secret) == SECRET


def test_board_order_top_puts_the_newest_row_first():
    solo = view(order="top")
    play(solo, "RRRR")
    play(solo, "GGGG")
    assert [row.number for row in solo.rows] == [2, 1]


def test_new_game_resets_the_board():
    solo = view()
    play(solo, "RRRR")
    solo.pick("G")
    solo.new_game()
    assert solo.rows == [] and solo.slots == [None] * 4
    assert solo.status.startswith("New game: 4 pegs, 6 colours (B G O P R Y), 12 guesses, colours may repeat.")


# Settings form


def test_form_round_trip():
    settings = Settings(Config(pegs=5, colors=8, max_guesses=9, allow_duplicates=False), "red", False, "top")
    assert read_form(form_values(settings)) == (settings, {})


@pytest.mark.parametrize(
    ("changes", "errors"),
    [
        ({"pegs": "0"}, {"pegs": "Pegs must be from 1 to 8, not 0."}),
        ({"pegs": ""}, {"pegs": "Enter a whole number from 1 to 8."}),
        ({"pegs": "5.5", "colors": "x"}, {"pegs": "Enter a whole number from 1 to 8.", "colors": "Enter a whole number from 2 to 10."}),
        ({"pegs": "-1"}, {"pegs": "Pegs must be from 1 to 8, not -1."}),
        ({"pegs": "+5"}, {}),  # read as every form of the page reads a number
        ({"pegs": "9" * 5000}, {"pegs": "Enter a whole number from 1 to 8."}),
        ({"colors": "11"}, {"colors": "Colors must be from 2 to 10, not 11."}),
        ({"guesses": "21"}, {"guesses": "Guesses must be from 1 to 20, not 21."}),
        ({"guesses": " 7 "}, {}),
        ({"guesses": "\u00b2"}, {"guesses": "Enter a whole number from 1 to 20."}),
        (
            {"pegs": "5", "colors": "4", "duplicates": False},
            {"duplicates": "Allow duplicates: without duplicates a code of 5 pegs needs at least 5 colours, the palette has 4."},
        ),
        ({"key_color": "green"}, {"key_color": "Key pegs must be black or red, not 'green'."}),
        ({"order": "<script>"}, {"order": "Board order must be bottom or top, not '<script>'."}),
    ],
)
def test_form_errors_name_the_field(changes, errors):
    settings, found = read_form({**form_values(Settings()), **changes})
    assert found == errors
    assert (settings is None) == bool(errors)


def test_saving_settings_keeps_the_last_valid_ones_on_error():
    solo = view()
    play(solo, "RRRR")
    errors = solo.save_settings({**form_values(solo.settings), "pegs": "12"})
    assert errors == {"pegs": "Pegs must be from 1 to 8, not 12."}
    assert solo.status == "Settings not saved: Pegs must be from 1 to 8, not 12."
    assert solo.settings == Settings() and len(solo.rows) == 1


def test_saving_presentation_keeps_the_game_and_new_rules_start_a_new_one():
    solo = view()
    play(solo, "RRRR")
    assert solo.save_settings({**form_values(solo.settings), "key_color": "red", "letters": False}) == {}
    assert solo.status == "Settings saved." and len(solo.rows) == 1
    assert solo.settings.key_color == "red" and not solo.settings.letters
    assert solo.save_settings({**form_values(solo.settings), "pegs": "6"}) == {}
    assert solo.status.startswith("Settings saved. New game: 6 pegs")
    assert solo.rows == [] and len(solo.slots) == 6 and solo.config.pegs == 6


# Other words and colours


def test_stats_lines():
    assert stats_lines(Saved().stats("solo", Config())) == [
        ("Games played", "0"),
        ("Games won", "0"),
        ("Win rate", "0%"),
        ("Current streak", "0"),
        ("Best streak", "0"),
    ]


def test_opening_status():
    solo = view()
    assert opening_status(solo, parse_params("")) == solo.status
    assert opening_status(solo, parse_params("?mode=race")) == solo.status  # the race opens over it
    assert opening_status(solo, parse_params("?mode=<b>")).startswith("There is no mode '<b>'; here is Solo.")


def contrast(a: float, b: float) -> float:
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


def luminance(css: str) -> float:
    channels = [int(css[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


@pytest.mark.parametrize("color", CATALOG, ids=lambda color: color.name)
def test_peg_letters_are_readable_on_every_colour(color):
    ink = luminance("#000000" if peg_ink(color) == "#000" else "#ffffff")
    assert contrast(ink, luminance(color.css)) >= 4.5


@given(st.lists(st.text(max_size=12), max_size=30))
def test_any_keys_never_break_the_game(keys):
    solo = view(Config(colors=10))
    for key in keys:
        assert solo.press(key) in (True, False)
    assert len(solo.slots) == 4 and len(solo.rows) <= 12


@given(st.dictionaries(st.sampled_from(list(form_values(Settings()))), st.text(max_size=8) | st.booleans()))
def test_any_form_gives_settings_or_messages(changes):
    settings, errors = read_form({**form_values(Settings()), **changes})
    assert (settings is None) == bool(errors)
    assert set(errors) <= set(form_values(Settings()))
