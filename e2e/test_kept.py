"""Every game kept and counted, played as a person does (keys and taps): the address is read once,
so a reload keeps whatever game an address opened; a game in progress is never dropped without a
question; the end of a game is an end; the daily's controls belong to the daily; the exported file
keeps a game's secret unreadable."""

from __future__ import annotations

import datetime as dt
import json
import random
import re

from playwright.sync_api import expect

from mastermind import Code, Config, Duel, Game, Phase, Race, Registry, Tournament, feedback
from mastermind.challenge import Challenge
from mastermind.page.daily import daily_game
from mastermind.page.records import record_label
from mastermind.page.stats import record_key

from .conftest import BOOT_TIMEOUT_MS

SEED = 7


def other_codes(secret: Code, count: int, config: Config | None = None) -> list[str]:
    """`count` codes that are not `secret`, for guesses that must not win."""
    return [str(code) for code in Code.all(config or Config()) if code != secret][::97][:count]


def seeded_game(solo, count: int) -> tuple[Code, list[str]]:
    """Open the game of :data:`SEED` and make `count` guesses that do not win, each seen played as
    a person sees it before leaving the page: its secret and them."""
    secret = Game(seed=SEED).secret
    solo.open(f"?seed={SEED}")
    guesses = other_codes(secret, count)
    for guess in guesses:
        solo.type_guess(guess)
    expect(solo.history_rows).to_have_count(count)
    return secret, guesses


def expect_plain_address(solo) -> None:
    """The address holds no query any more: what it asked for is on the screen (the site's own
    address, or the page of the other modes for theirs)."""
    expect(solo.page).to_have_url(re.compile(re.escape(solo.base_url) + r"(modes\.html)?$"))


# The address is read once


def test_a_reload_after_a_seed_address_keeps_the_game_in_progress(solo):
    secret, _guesses = seeded_game(solo, 3)
    expect_plain_address(solo)
    expect(solo.history_rows).to_have_count(3)
    solo.reload()
    expect(solo.history_rows).to_have_count(3)
    expect(solo.status).to_contain_text("Game resumed")
    solo.type_guess(str(secret))  # the same game: the seed's secret wins it
    expect(solo.status).to_contain_text("You win")


def test_a_reload_after_a_challenge_link_keeps_the_challenge(solo):
    config = Config(pegs=5, colors=8, max_guesses=10)
    challenge = Challenge.make(config, "KWRGB")
    solo.open(f"?challenge={challenge.token}")
    expect_plain_address(solo)
    expect(solo.status).to_contain_text(f"Challenge {challenge.name}")
    solo.type_guess("RRRRR")
    expect(solo.history_rows).to_have_count(1)  # seen played, as a person sees it before reloading
    solo.reload()
    expect(solo.history_rows).to_have_count(1)
    expect(solo.status).to_contain_text("Game resumed: 5 pegs, 8 colours")
    solo.type_guess("KWRGB")
    expect(solo.status).to_contain_text("You win")


def test_a_practice_game_stays_practice_after_a_reload(solo):
    secret = Game(seed=SEED).secret
    solo.open(f"?seed={SEED}&reveal=1")
    expect_plain_address(solo)
    expect(solo.secret).to_contain_text(str(secret))
    solo.type_guess(other_codes(secret, 1)[0])
    solo.reload()
    expect(solo.secret).to_contain_text(str(secret))  # still shown: still practice
    solo.type_guess(str(secret))
    expect(solo.status).to_contain_text("not counted")


def test_a_reload_after_a_mode_address_opens_the_mode_shown_last(solo):
    solo.page.goto(solo.base_url + "?mode=duel")
    expect(solo.page.get_by_role("heading", name="Duel", exact=True)).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    expect_plain_address(solo)
    solo.choose("Solo")
    solo.type_guess("RGBY")
    expect(solo.history_rows).to_have_count(1)  # seen played, as a person sees it before reloading
    solo.reload()
    expect(solo.page.get_by_role("heading", name="Duel", exact=True)).to_be_hidden()
    expect(solo.history_rows).to_have_count(1)


def test_a_reload_after_a_language_address_speaks_the_settings_language(solo):
    solo.open("?lang=fr")
    expect(solo.page.locator("html")).to_have_attribute("lang", "fr")
    expect_plain_address(solo)
    solo.reload()
    expect(solo.page.locator("html")).to_have_attribute("lang", "en")


def test_a_reload_keeps_the_daily_challenge_on_the_board(solo):
    solo.open()
    solo.choose("Daily challenge")
    expect(solo.status).to_contain_text("Daily challenge of")
    solo.type_guess("RGBY")
    expect(solo.history_rows).to_have_count(1)  # seen played, as a person sees it before reloading
    solo.reload()
    expect(solo.status).to_contain_text("resumed")
    expect(solo.history_rows).to_have_count(1)


def test_back_and_forward_return_to_the_game_not_to_the_address(solo):
    secret, guesses = seeded_game(solo, 2)
    solo.page.goto("about:blank")
    solo.page.go_back()
    solo.wait_ready()
    expect_plain_address(solo)
    expect(solo.history_rows).to_have_count(2)
    solo.page.go_forward()
    expect(solo.page).to_have_url("about:blank")
    solo.page.go_back()
    solo.wait_ready()
    expect(solo.history_rows).to_have_count(2)
    row = solo.history_rows.nth(1)
    expect(row).to_contain_text(str(feedback(secret, guesses[1])))
    assert solo.problems() == []


# A game in progress is never dropped without a question


def played(solo, record: str = "Games played") -> str:
    """What Statistics says of `record` for the game on the board (the dialog opened and closed)."""
    solo.choose("Statistics")
    dialog = solo.page.get_by_role("dialog", name="Statistics")
    value = dialog.get_by_role("term").filter(has_text=record).locator("xpath=following-sibling::dd").inner_text()
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()
    return value


def test_new_game_mid_game_asks_and_a_confirmed_leave_counts_a_loss(solo):
    seeded_game(solo, 3)
    assert played(solo) == "0"

    # Cancelled (Keep playing, or Escape): the game goes on, nothing is counted.
    solo.button("New game").click()
    dialog = solo.page.get_by_role("dialog", name="Leave this game?")
    expect(dialog).to_be_visible()
    expect(dialog).to_have_accessible_description("This game has 3 guesses. Leave it? It counts as a loss in Statistics.")
    expect(dialog.get_by_role("button", name="Keep playing")).to_be_focused()
    solo.page.keyboard.press("Enter")
    expect(dialog).to_be_hidden()
    expect(solo.history_rows).to_have_count(3)
    solo.button("New game").click()
    expect(dialog).to_be_visible()  # the worker's reply asks: Escape before would close nothing
    solo.page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(solo.history_rows).to_have_count(3)
    assert played(solo) == "0"

    # Confirmed: a new game, and the game left is a loss.
    solo.button("New game").click()
    dialog.get_by_role("button", name="Yes, abandon").click()
    expect(dialog).to_be_hidden()
    expect(solo.history_rows).to_have_count(0)
    expect(solo.status).to_contain_text("The game you left counts as a loss. New game")
    assert played(solo) == "1" and played(solo, "Games won") == "0"

    # A game without a guess is left without a question, and counts nothing.
    solo.button("New game").click()
    expect(dialog).to_be_hidden()
    expect(solo.status).to_contain_text("New game")
    assert played(solo) == "1"
    solo.reload()
    assert played(solo) == "1"


def test_the_daily_and_a_challenge_link_ask_before_replacing_a_solo_game(solo):
    solo.open()
    solo.type_guess("RGBY")
    solo.choose("Daily challenge")
    dialog = solo.page.get_by_role("dialog", name="Leave this game?")
    dialog.get_by_role("button", name="Keep playing").click()
    expect(solo.history_rows).to_have_count(1)
    expect(solo.status).not_to_contain_text("Daily challenge of")

    # A challenge link opened over it asks too; kept, the Solo game is still there after a reload.
    challenge = Challenge.make(Config(), "RRGG")
    solo.page.goto(solo.base_url + f"?challenge={challenge.token}")
    solo.started()
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Keep playing").click()
    expect(solo.history_rows).to_have_count(1)
    solo.page.goto(solo.base_url + f"?challenge={challenge.token}")
    solo.started()
    dialog.get_by_role("button", name="Yes, abandon").click()
    expect(solo.status).to_contain_text(f"The game you left counts as a loss. Challenge {challenge.name}")
    expect(solo.history_rows).to_have_count(0)



def test_a_seed_address_asks_before_replacing_a_game_with_guesses(solo):
    solo.open()
    solo.type_guess("RGBY")
    expect(solo.history_rows).to_have_count(1)
    dialog = solo.page.get_by_role("dialog", name="Leave this game?")
    solo.page.goto(solo.base_url + f"?seed={SEED}")
    solo.started()
    expect(dialog).to_have_accessible_description("This game has 1 guess. Leave it? It counts as a loss in Statistics.")
    dialog.get_by_role("button", name="Keep playing").click()
    expect(solo.history_rows).to_have_count(1)  # the game played, not the seed's
    expect_plain_address(solo)
    solo.reload()
    expect(solo.history_rows).to_have_count(1)

    solo.page.goto(solo.base_url + f"?seed={SEED}")
    solo.started()
    dialog.get_by_role("button", name="Yes, abandon").click()
    expect(solo.history_rows).to_have_count(0)
    assert played(solo) == "1"
    solo.type_guess(str(Game(seed=SEED).secret))  # the seed's own game is on the board now
    expect(solo.status).to_contain_text("You win")


def test_a_daily_left_after_a_guess_asks_counts_a_loss_and_comes_back_lost(solo):
    today = dt.date.today()
    solo.open()
    solo.choose("Daily challenge")
    guess = other_codes(daily_game(today).secret, 1)[0]
    solo.type_guess(guess)
    expect(solo.history_rows).to_have_count(1)

    # The day on the board again (Play day, today): nothing to leave, nothing asked.
    solo.open_menu()
    solo.page.get_by_label("Day", exact=True).fill(today.isoformat())
    solo.button("Play day").click()
    dialog = solo.page.get_by_role("dialog", name="Leave this game?")
    expect(solo.status).to_contain_text("resumed")
    expect(dialog).to_be_hidden()
    expect(solo.history_rows).to_have_count(1)

    # New game asks; kept (Enter on Keep playing), the daily goes on.
    solo.button("New game").click()
    expect(dialog).to_have_accessible_description(
        "This daily challenge has 1 guess. Leave it? It counts as a loss in Statistics, and the day cannot be played again.")
    expect(dialog.get_by_role("button", name="Keep playing")).to_be_focused()
    solo.page.keyboard.press("Enter")
    expect(dialog).to_be_hidden()
    expect(solo.history_rows).to_have_count(1)

    # Left: a loss in the daily's Statistics.
    solo.button("New game").click()
    dialog.get_by_role("button", name="Yes, abandon").click()
    expect(solo.status).to_contain_text("The game you left counts as a loss. New game")
    expect(solo.history_rows).to_have_count(0)
    solo.choose("Statistics")
    stats = solo.page.get_by_role("dialog", name="Statistics")
    stats.get_by_role("radio", name=record_label(record_key("daily", Config())), exact=True).check()
    expect(stats.get_by_role("term").filter(has_text="Games played").locator("xpath=following-sibling::dd")).to_have_text("1")
    expect(stats.get_by_role("term").filter(has_text="Games won").locator("xpath=following-sibling::dd")).to_have_text("0")
    stats.get_by_role("button", name="Close").click()

    # The day comes back over, lost, even after a reload: never to be won.
    for _visit in range(2):
        solo.choose("Daily challenge")
        expect(solo.status).to_contain_text("you left it after 1 guess, a loss; the secret was")
        expect(solo.history_rows).to_have_count(1)
        expect(solo.button("Submit guess")).to_be_disabled()
        expect(solo.palette_button(0)).to_be_disabled()
        solo.reload()
    assert solo.problems() == []


def test_new_rules_ask_before_they_replace_the_game(solo):
    seeded_game(solo, 1)
    solo.choose("Settings")
    settings = solo.page.get_by_role("dialog", name="Settings")
    settings.get_by_label("Pegs").fill("5")
    settings.get_by_role("button", name="Save").click()
    leave = solo.page.get_by_role("dialog", name="Leave this game?")
    leave.get_by_role("button", name="Keep playing").click()
    expect(leave).to_be_hidden()
    expect(settings).to_be_visible()  # nothing saved yet: the form is as it was filled
    settings.get_by_role("button", name="Save").click()
    leave.get_by_role("button", name="Yes, abandon").click()
    expect(settings).to_be_hidden()
    expect(solo.status).to_contain_text("The game you left counts as a loss. Settings saved. New game: 5 pegs")
    expect(solo.history_rows).to_have_count(0)


def test_solves_new_game_asks_before_it_clears_the_rows(solo):
    solo.page.goto(solo.base_url + "?mode=solve")
    rows = solo.page.get_by_role("table", name="Rows").locator("tbody").get_by_role("row")
    expect(solo.page.get_by_role("heading", name="Solve", exact=True)).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    palette = solo.page.get_by_role("group", name="Palette").filter(visible=True)
    for letter in "RGBY":
        palette.get_by_role("button", name=Config().color(letter).name, exact=True).click()
    solo.page.get_by_label("Black", exact=True).fill("1")
    solo.page.get_by_label("White", exact=True).fill("0")
    solo.button("Add row").click()
    expect(rows).to_have_count(1)
    solo.button("New game").click()
    dialog = solo.page.get_by_role("dialog", name="Leave this game?")
    expect(dialog).to_have_accessible_description("Start a new game? The 1 row entered is cleared.")
    dialog.get_by_role("button", name="Keep playing").click()
    expect(rows).to_have_count(1)
    solo.button("New game").click()
    dialog.get_by_role("button", name="Yes, abandon").click()
    expect(rows).to_have_count(0)


# The end of a game is an end


def win_by_keys(solo, secret: Code, before: int = 2) -> None:
    for guess in other_codes(secret, before):
        solo.type_guess(guess)
    solo.type_guess(str(secret))
    expect(solo.status).to_contain_text("You win")


def test_the_end_of_a_game_is_an_end_with_statistics_and_a_new_game_by_the_board(solo):
    secret = Game(seed=SEED).secret
    solo.open(f"?seed={SEED}")
    win_by_keys(solo, secret)

    stats = solo.page.get_by_role("dialog", name="Statistics")
    expect(stats).to_be_visible()  # opens by itself
    chart = stats.get_by_role("list", name="Guess distribution").get_by_role("listitem")
    expect(chart).to_have_count(12)  # every guess count up to the limit
    expect(chart.nth(2)).to_have_accessible_name("3 guesses: 1 win")
    expect(chart.nth(11)).to_have_accessible_name("12 guesses: 0 wins")
    countdown = stats.get_by_text(re.compile(r"^Next daily challenge in \d{1,2}:\d\d:\d\d$"))
    expect(countdown).to_be_visible()
    solo.page.keyboard.press("Escape")
    expect(stats).to_be_hidden()

    for index in range(6):
        expect(solo.palette_button(index)).to_be_disabled()
    expect(solo.button("Submit guess")).to_be_disabled()
    expect(solo.button("Delete")).to_be_hidden()  # the end actions take its place
    expect(solo.button("New game")).to_have_count(1)  # the board's; the header's gives way
    expect(solo.button("Share")).to_be_visible()
    ends = solo.page.get_by_role("button").filter(has=solo.page.locator("xpath=self::*[@data-action]"))
    expect(ends).to_have_text(["New game", "Share", "Review"])  # in this order, by the board
    solo.page.keyboard.press("r")  # a key says why nothing happens
    expect(solo.status).to_contain_text("The game is over: you won. Press New game to play again.")

    solo.reload()  # a finished game gives way to a new one; nothing opens by itself
    expect(stats).to_be_hidden()
    solo.button("New game").click()
    expect(solo.palette_button(0)).to_be_enabled()
    expect(solo.button("Submit guess")).to_be_enabled()
    expect(solo.button("Share")).to_be_hidden()
    assert solo.problems() == []


def test_share_uses_the_devices_share_sheet_where_there_is_one(fresh_solo):
    solo = fresh_solo("""
        window.sharedTexts = [];
        Object.defineProperty(Navigator.prototype, "share", {
            configurable: true, value: async (data) => { window.sharedTexts.push(data.text); } });
    """, query=f"?seed={SEED}")
    secret = Game(seed=SEED).secret
    win_by_keys(solo, secret)
    solo.page.keyboard.press("Escape")
    solo.button("Share").click()
    expect(solo.status).to_contain_text("handed to your device's share sheet")
    shared = solo.page.evaluate("window.sharedTexts")
    assert len(shared) == 1
    lines = shared[0].splitlines()
    assert lines[0] == "Mastermind Solo: 3/12" and len(lines) == 4 and str(secret) not in shared[0]
    expect(solo.page.get_by_label("Your result, to copy")).to_have_value(shared[0])


def test_share_copies_to_the_clipboard_without_a_share_sheet(browser, site_url, make_solo):
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    context.add_init_script("delete Navigator.prototype.share;")
    try:
        solo = make_solo(context.new_page(), site_url)
        solo.open(f"?seed={SEED}")
        secret = Game(seed=SEED).secret
        win_by_keys(solo, secret, before=1)
        solo.page.keyboard.press("Escape")
        solo.button("Share").click()
        expect(solo.status).to_contain_text("copied to the clipboard")
        text = solo.page.evaluate("navigator.clipboard.readText()")
        assert text.splitlines()[0] == "Mastermind Solo: 2/12"
        assert solo.problems() == []
    finally:
        context.close()


def test_a_guess_played_already_is_refused_with_a_sentence(solo):
    _secret, (first, _second) = seeded_game(solo, 2)
    solo.button("Use guess 1").click()
    expect(solo.page.get_by_role("group", name="Current guess")).to_have_class(re.compile(r"\brepeat\b"))
    solo.page.keyboard.press("Enter")
    expect(solo.status).to_have_text(
        f"{first} was played already, as guess 1: it would teach nothing. Change a peg, then press Submit guess.")
    expect(solo.history_rows).to_have_count(2)
    solo.page.keyboard.press("Backspace")
    expect(solo.page.get_by_role("group", name="Current guess")).not_to_have_class(re.compile(r"\brepeat\b"))


# The daily's controls belong to the daily


def test_day_and_play_day_show_only_where_daily_challenge_does(solo):
    solo.open()
    for mode, heading in [("Computer breaks your code", "Computer breaks your code"), ("Duel", "Duel"), ("Race", "Race"),
                          ("Tournament", "Tournament"), ("Solve", "Solve")]:
        solo.choose(mode)  # each shown in place on the worker page
        expect(solo.page.get_by_role("heading", name=heading, exact=True)).to_be_visible(timeout=BOOT_TIMEOUT_MS)
        solo.open_menu()
        for name in ("Daily challenge", "Play day"):
            expect(solo.button(name)).to_be_hidden()
        expect(solo.page.get_by_label("Day", exact=True)).to_be_hidden()
        solo.page.keyboard.press("Escape")
    solo.choose("Solo")
    solo.open_menu()
    expect(solo.button("Play day")).to_be_visible()
    solo.page.get_by_label("Day", exact=True).fill("2026-11-02")
    solo.button("Play day").click()
    expect(solo.status).to_contain_text("Daily challenge of 2026-11-02")
    expect(solo.palette_button(0)).to_be_visible()  # the board the day starts is the one shown


# The exported file keeps the secret unreadable


def export_data(solo, tmp_path):
    """Press Export data in Settings (left open): the file saved, and the Settings dialog."""
    solo.choose("Settings")
    settings = solo.page.get_by_role("dialog", name="Settings")
    with solo.page.expect_download() as download:
        settings.get_by_role("button", name="Export data").click()
    path = tmp_path / "backup.json"
    download.value.save_as(path)
    return path, settings


def test_the_export_holds_no_readable_secret_and_the_import_restores_the_game(solo, tmp_path):
    secret, guesses = seeded_game(solo, 2)
    path, settings = export_data(solo, tmp_path)
    text = path.read_text()
    game = json.loads(text)["data"]["mastermind:solo"]
    assert str(secret) not in json.dumps(game) and "secret" not in game
    assert game["guesses"] == guesses

    settings.get_by_role("button", name="Cancel").click()
    solo.button("New game").click()
    solo.page.get_by_role("dialog", name="Leave this game?").get_by_role("button", name="Yes, abandon").click()
    expect(solo.history_rows).to_have_count(0)
    solo.choose("Settings")
    settings.get_by_label("Import data").set_input_files(str(path))
    preview = solo.page.get_by_role("dialog", name="Import preview")
    preview.get_by_role("button", name="Replace my data").click()
    expect(solo.history_rows).to_have_count(2)
    solo.drawn()  # the import's dialogs closed: the keys go to the board again
    expect(preview).to_be_hidden()
    solo.type_guess(str(secret))
    expect(solo.status).to_contain_text("You win")
    assert solo.problems() == []


def drive_to_a_guess(solo, mirror, codes: dict[str, str]) -> tuple[str, str]:
    """Play `mirror`'s match on the page, as its people would (Ready, codes and guesses tapped),
    until a person has made one guess that does not break the code; `codes` are the codes each
    breaker gets. Returns the code that guess left unbroken, and the screen's title then."""
    palette = solo.page.get_by_role("group", name="Palette")
    while True:
        phase, player = mirror.phase, mirror.player
        if phase is Phase.HANDOVER:
            solo.button("Ready").click()
            mirror.ready(player.name)
        elif phase is Phase.SECRET:
            code = codes[mirror.attempt.breaker.name]
            for letter in code:
                palette.get_by_role("button", name=mirror.config.color(letter).name, exact=True).click()
            solo.button("Set secret").click()
            mirror.set_secret(player.name, code)
        else:
            secret = mirror.attempt.secret
            guess = other_codes(secret, 1, mirror.config)[0]
            for letter in guess:
                palette.get_by_role("button", name=mirror.config.color(letter).name, exact=True).click()
            solo.button("Submit guess").click()
            mirror.guess(player.name, guess)
            expect(solo.status).to_contain_text(f"{player.name} guessed")
            return str(secret), solo.page.locator("#turn-title").inner_text()


def start_mode(solo, mode: str, **fields: str) -> None:
    solo.choose(mode)
    expect(solo.page.get_by_role("heading", name=mode, exact=True)).to_be_visible()
    for label, value in fields.items():
        solo.page.get_by_label(label.replace("_", " "), exact=True).fill(value)
    solo.button("Start").click()


def test_the_export_seals_duel_race_and_tournament_codes_and_the_import_resumes_them(solo, tmp_path):
    seed = 41
    solo.open(f"?seed={seed}")
    unbroken, titles = {}, {}
    start_mode(solo, "Duel", Player_1_name="Ann", Player_2_name="Bob", Runs="2")
    unbroken["duel"], titles["Duel"] = drive_to_a_guess(solo, Duel(["Ann", "Bob"], 2), {"Bob": "RGBY", "Ann": "YBGR"})
    start_mode(solo, "Race", Player_1_name="Ann", Player_2_name="Bob", Rounds="1")
    unbroken["race"], titles["Race"] = drive_to_a_guess(solo, Race(["Ann", "Bob"], 1, rng=random.Random(seed)), {})
    solo.choose("Tournament")
    registry = Registry()
    for name in ("Alan", "Bea"):
        solo.page.get_by_label("New user name", exact=True).fill(name)
        solo.button("Register").click()
        expect(solo.status).to_contain_text(f"{name} is registered")
        registry.register(name)
    start_mode(solo, "Tournament", Players="2", Attempts="5", Player_1_name="Alan", Player_2_name="Bea")
    mirror = Tournament(registry, ["Alan", "Bea"], 5, rng=random.Random(seed))
    unbroken["tournament"], titles["Tournament"] = drive_to_a_guess(solo, mirror, {"Alan": "KWGY", "Bea": "RGWK"})

    solo.choose("Solo")
    path, settings = export_data(solo, tmp_path)
    text = path.read_text()
    games = json.loads(text)["data"]["mastermind:matches"]["games"]
    assert sorted(games) == ["duel", "race", "tournament"]
    assert '"secret"' not in text
    for mode, code in unbroken.items():
        assert code not in json.dumps(games[mode]), f"the {mode}'s code {code} can be read"

    # In a browser without these games (its storage cleared), the import brings each one back.
    solo.page.evaluate("localStorage.clear()")
    solo.open()
    solo.choose("Settings")
    settings.get_by_label("Import data").set_input_files(str(path))
    solo.page.get_by_role("dialog", name="Import preview").get_by_role("button", name="Replace my data").click()
    solo.started()
    for mode in ("Tournament", "Race", "Duel"):  # each where it was left
        solo.choose(mode)
        expect(solo.page.get_by_role("heading", name=mode, exact=True)).to_be_visible()
        expect(solo.page.locator("#turn-title")).to_have_text(titles[mode])
    expect(solo.page.get_by_role("table", name="History").locator("tbody").get_by_role("row")).to_have_count(1)
    palette = solo.page.get_by_role("group", name="Palette")
    for letter in unbroken["duel"]:  # the Duel's code, restored from its seal, breaks it
        palette.get_by_role("button", name=Duel(["Ann", "Bob"], 2).config.color(letter).name, exact=True).click()
    solo.button("Submit guess").click()
    expect(solo.status).to_contain_text("Bob broke Ann's code in 2")
    assert solo.problems() == []
