"""Whole games of the other modes in a real Chromium, played with clicks and keys as people would:
Duel, Race, Tournament and Computer breaks your code, with refused inputs on the way.

Every expectation comes from the rules package: the test plays the same moves on its own copy
of the match (seeded as the page is, with ``?seed=``) and compares the page with it.
"""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import expect

from mastermind import Autoplay, Code, Config, Duel, Phase, Race, Registry, Tournament, feedback, solve

BOOT_TIMEOUT_MS = 60_000


class Modes:
    """The page's other modes, driven through roles, names and labels (interface.md)."""

    def __init__(self, game):
        self.game = game  # conftest's Solo: watches the console and the requests
        self.page = game.page

    def open(self, query: str, title: str) -> Modes:
        self.page.goto(self.game.base_url + query)
        return self.wait(title)

    def reload(self, title: str) -> Modes:
        self.page.reload()
        return self.wait(title)

    def wait(self, title: str) -> Modes:
        expect(self.page.get_by_role("heading", name=title, exact=True)).to_be_visible(timeout=BOOT_TIMEOUT_MS)
        return self

    @property
    def status(self):
        return self.page.get_by_role("status")

    def button(self, name: str):
        return self.page.get_by_role("button", name=name, exact=True)

    def field(self, label: str):
        return self.page.get_by_label(label, exact=True)

    def heading(self, name: str):
        return self.page.get_by_role("heading", name=name, exact=True)

    def table_rows(self, name: str):
        return self.page.get_by_role("table", name=name).locator("tbody").get_by_role("row")

    def rows_text(self, name: str) -> list[list[str]]:
        return [
            [cell.strip() for cell in row.get_by_role("cell").all_text_contents()]
            for row in self.table_rows(name).all()
        ]

    def compose(self, letters: str, config: Config, action: str) -> None:
        palette = self.page.get_by_role("group", name="Palette")
        for letter in letters:
            palette.get_by_role("button", name=config.color(letter).name, exact=True).click()
        self.button(action).click()

    def type_code(self, letters: str) -> None:
        for letter in letters:
            self.page.keyboard.press(letter.lower())
        self.page.keyboard.press("Enter")

    def start(self, **fields: str) -> None:
        for label, value in fields.items():
            self.field(label.replace("_", " ")).fill(value)
        self.button("Start").click()

    def expect_refusal(self, label: str, message: str) -> None:
        """`message` beside the field `label` (its accessible description), and in the status."""
        expect(self.field(label)).to_have_accessible_description(message)
        expect(self.field(label)).to_have_attribute("aria-invalid", "true")
        expect(self.status).to_contain_text(message)


@pytest.fixture
def modes(solo):
    return Modes(solo)


def wrong_codes(secret: Code, config: Config, count: int, start: int = 0) -> list[str]:
    """`count` codes of `config` other than `secret`, for guesses that must not win."""
    return [str(code) for code in Code.all(config) if code != secret][start::37][:count]


def expect_table(modes: Modes, name: str, rows: list[list[str]]) -> None:
    """The body of the table `name` holds exactly `rows` (cells of text), waiting for it."""
    cells = [re.compile(r"^\s*" + r"\s+".join(map(re.escape, row)) + r"\s*$") for row in rows]
    expect(modes.table_rows(name)).to_have_text(cells, use_inner_text=True)


def expect_scores(modes: Modes, match) -> None:
    expected = [[row.name, "no points (computer)" if row.points is None else str(row.points)] for row in match.scores]
    expect_table(modes, "Scores", expected)


def test_duel_over_two_runs_with_refusals_hand_overs_and_a_reload(modes):
    modes.open("?mode=duel", "Duel")
    expect(modes.button("Duel")).to_have_attribute("aria-pressed", "true")
    expect(modes.page.get_by_role("group", name="Palette")).to_have_count(0)  # Solo's board is away

    # Refused setups: nothing typed is lost.
    modes.start(Player_1_name="Ann", Player_2_name="", Runs="3")
    modes.expect_refusal("Player 2 name", "Enter a name.")
    modes.expect_refusal("Runs", "Must be an even number from 2 to 20, not 3.")
    expect(modes.field("Player 1 name")).to_have_value("Ann")
    modes.start(Player_2_name="ann", Runs="2")
    modes.expect_refusal("Player 2 name", "ann is already in the game.")
    expect(modes.field("Runs")).to_have_attribute("aria-invalid", "false")
    modes.start(Player_2_name="Bob")

    config = Duel(["Ann", "Bob"], 2).config
    mirror = Duel(["Ann", "Bob"], 2)

    # Run 1: Ann sets Bob's code, hidden; a secret with a repeated colour is refused first.
    expect(modes.heading("Ann sets the code for Bob")).to_be_visible()
    expect(modes.status).to_contain_text("Run 1 of 2: Ann, set the code for Bob to break")
    modes.compose("RRGB", config, "Set secret")
    expect(modes.status).to_contain_text("Secret refused: Red is used twice")
    for _ in range(4):
        modes.button("Delete").click()
    modes.compose("RGBP", config, "Set secret")
    mirror.set_secret("Ann", "RGBP")
    expect(modes.heading("Hand over to Bob")).to_be_visible()
    expect(modes.button("Ready")).to_be_focused()
    assert "RGBP" not in modes.page.locator("#modes").inner_text()
    expect(modes.page.get_by_role("group", name="Palette")).to_be_hidden()

    # A reload keeps the match where it was: at the hand-over.
    modes.reload("Duel")
    expect(modes.heading("Hand over to Bob")).to_be_visible()
    modes.button("Ready").click()
    mirror.ready("Bob")
    expect(modes.heading("Bob breaks Ann's code")).to_be_visible()
    expect(modes.page.get_by_role("region", name="Secret code")).to_have_text("????")

    modes.compose("RRYY", config, "Submit guess")  # repeats are refused in a duel, and cost nothing
    expect(modes.status).to_contain_text("Guess refused")
    for _ in range(4):
        modes.button("Delete").click()
    for number, guess in enumerate(["GRBP", "PGBR", "RGBP"], 1):
        modes.compose(guess, config, "Submit guess")
        mirror.guess("Bob", guess)
        expect_scores(modes, mirror)
        if number < 3:
            expect(modes.table_rows("History")).to_have_count(number)
            row = modes.table_rows("History").nth(number - 1).get_by_role("cell")
            expect(row.nth(1)).to_have_text(guess)
            expect(row.nth(2)).to_have_text(str(feedback("RGBP", guess)))
            expect(row.nth(3)).to_have_text(str(6 - number))
        if number == 1:  # a reload in the middle of the guesses keeps them
            modes.reload("Duel")
            expect(modes.table_rows("History")).to_have_count(1)
    expect(modes.status).to_contain_text("Bob broke Ann's code in 3 guesses")

    # Run 2: Bob, who is at the screen, makes the code at once; Ann then fails every guess.
    expect(modes.heading("Bob sets the code for Ann")).to_be_visible()
    modes.compose("YMPB", config, "Set secret")
    mirror.set_secret("Bob", "YMPB")
    modes.button("Ready").click()
    mirror.ready("Ann")
    for guess in wrong_codes(Code("YMPB"), config, 6):
        modes.type_code(guess)
        mirror.guess("Ann", guess)
    assert mirror.finished

    result = str(mirror.result)
    expect(modes.heading(result[0].upper() + result[1:])).to_be_visible()
    expect(modes.status).to_contain_text(f"Match over: {result}")
    expect_scores(modes, mirror)
    expect(modes.page.get_by_role("listitem")).to_have_count(2)
    expect(modes.page.get_by_role("listitem").nth(1)).to_contain_text("Ann did not break Bob's code YMPB in 6 guesses")

    modes.button("Play again").click()
    expect(modes.heading("Ann sets the code for Bob")).to_be_visible()
    expect_table(modes, "Scores", [["Ann", "0"], ["Bob", "0"]])
    modes.button("Abandon game").click()
    modes.button("Yes, abandon").click()
    expect(modes.field("Player 2 name")).to_have_value("Bob")


def test_race_over_two_rounds_against_hal9000(modes):
    seed = 41
    modes.open(f"?mode=race&seed={seed}", "Race")
    modes.start(Player_1_name="A" * 51, Player_2_name="hal9000", Rounds="0")
    modes.expect_refusal("Player 1 name", "The name is too long: at most 50 characters, this has 51.")
    modes.expect_refusal("Rounds", "Must be from 1 to 10, not 0.")
    modes.start(Player_1_name="Ann", Rounds="11")
    modes.expect_refusal("Rounds", "Must be from 1 to 10, not 11.")
    modes.start(Rounds="2")

    # The same match in CPython: the same seed draws the same codes; HAL9000 plays as on the page.
    mirror = Race(["Ann", "HAL9000"], 2, rng=random.Random(seed))
    autoplay = Autoplay(random.Random(seed))
    config = mirror.config
    guesses = {1: lambda secret: [*wrong_codes(secret, config, 1), str(secret)], 2: lambda secret: wrong_codes(secret, config, 8, 5)}
    while not mirror.finished:
        attempt = mirror.attempt
        if mirror.player.computer and attempt.round == 1:  # each move shown, a pause between them
            attempt = autoplay.step(mirror)
            turn = attempt.history[-1]
            expect(modes.status).to_contain_text(f"HAL9000 guessed {turn.guess}: {turn.feedback}")
            continue
        if mirror.player.computer:  # Skip: the moves come without pauses
            modes.button("Skip").click()
            autoplay.run(mirror)
            turn = attempt.history[-1]
            expect(modes.status).to_contain_text(f"HAL9000 guessed {turn.guess}: {turn.feedback}")
            expect(modes.status).to_contain_text(f"HAL9000 broke the code in {attempt.guesses_made} guesses")
            continue
        expect(modes.heading("Ann breaks the code")).to_be_visible()
        expect(modes.page.locator("#turn-title + p")).to_have_text(f"Round {attempt.round} of 2, 8 guesses left")
        if attempt.round == 1 and not attempt.history:
            modes.compose("RYB", config, "Submit guess")
            expect(modes.status).to_contain_text("Incomplete guess: slot 4 is empty")
            modes.button("Delete").click()
            modes.button("Delete").click()
            modes.button("Delete").click()
        for guess in guesses[attempt.round](attempt.secret):
            modes.compose(guess, config, "Submit guess")
            mirror.guess("Ann", guess)
        expect_scores(modes, mirror)

    expect(modes.status).to_contain_text(f"Match over: {mirror.result}")
    expect_scores(modes, mirror)
    assert mirror.scores[0].points == 2 + 10  # broke round 1 in 2, failed round 2
    modes.button("Quit").click()
    expect(modes.field("Player 2 name")).to_have_value("HAL9000")
    expect(modes.field("Rounds")).to_have_value("2")


def test_tournament_of_three_with_hal9000_and_a_score_board_kept_across_visits(modes):
    seed = 7
    modes.open(f"?mode=tournament&seed={seed}", "Tournament")
    expect(modes.table_rows("Score board")).to_have_count(0)
    for name in ("Alan", "Bea"):
        modes.field("New user name").fill(name)
        modes.button("Register").click()
        expect(modes.status).to_contain_text(f"{name} is registered")
    modes.field("New user name").fill("alan")
    modes.button("Register").click()
    modes.expect_refusal("New user name", "The name alan is already taken.")
    modes.field("New user name").fill("viki")
    modes.page.keyboard.press("Enter")
    modes.expect_refusal("New user name", "viki is a computer player's name.")
    expect_table(modes, "Score board", [["Alan", "0"], ["Bea", "0"]])

    modes.start(Players="5", Attempts="4")
    modes.expect_refusal("Players", "Must be from 2 to 4, not 5.")
    modes.expect_refusal("Attempts", "Must be from 5 to 10, not 4.")
    modes.field("Players").fill("3")
    expect(modes.field("Player 3 name")).to_be_visible()
    modes.start(Attempts="5", Player_1_name="alan", Player_2_name="Bea", Player_3_name="Zed")
    modes.expect_refusal("Player 3 name", "Zed is not a registered user.")
    modes.start(Player_3_name="HAL9000")

    registry = Registry()
    for name in ("Alan", "Bea"):
        registry.register(name)
    mirror = Tournament(registry, ["Alan", "Bea", "HAL9000"], 5, rng=random.Random(seed))
    autoplay = Autoplay(random.Random(seed))
    config = mirror.config
    secrets = {"Bea": "RGWK", "HAL9000": "KKWY"}  # the codes Alan and Bea set
    while not mirror.finished:
        phase, player = mirror.phase, mirror.player
        if phase is Phase.HANDOVER:
            expect(modes.heading(f"Hand over to {player}")).to_be_visible()
            modes.button("Ready").click()
            mirror.ready(player.name)
        elif phase is Phase.SECRET:
            breaker = mirror.attempt.breaker.name
            expect(modes.heading(f"{player} sets the code for {breaker}")).to_be_visible()
            modes.type_code(secrets[breaker])
            mirror.set_secret(player.name, secrets[breaker])
        elif player.computer:
            attempt = autoplay.step(mirror)
            turn = attempt.history[-1]
            expect(modes.status).to_contain_text(f"HAL9000 guessed {turn.guess}: {turn.feedback}", timeout=30_000)
        else:
            attempt = mirror.attempt
            expect(modes.heading(f"{player} breaks {attempt.maker}'s code")).to_be_visible()
            expect(modes.table_rows("History")).to_have_count(attempt.guesses_made)
            if player.name == "Alan" and attempt.guesses_made == 1:
                guess = str(attempt.secret)  # Alan breaks HAL9000's code at the second attempt
            else:
                guess = wrong_codes(attempt.secret, config, 5, 3)[attempt.guesses_made]
            modes.compose(guess, config, "Submit guess")
            mirror.guess(player.name, guess)
        expect_scores(modes, mirror)

    expect(modes.status).to_contain_text(f"Match over: {mirror.result}")
    expect(modes.status).to_contain_text("Points added to the score board")
    expect_scores(modes, mirror)
    board = [[user.name, str(user.points)] for user in registry.board]
    assert board[0][1] != "0"  # Alan scored
    expect_table(modes, "Score board", board)

    modes.reload("Tournament")
    expect_table(modes, "Score board", board)
    modes.button("Quit").click()
    modes.page.reload()
    modes.wait("Tournament")
    expect_table(modes, "Score board", board)


def test_the_computer_breaks_a_code_set_through_the_page(modes):
    modes.open("?mode=computer&seed=3", "Computer breaks your code")
    modes.field("Computer player").select_option("HAL9000")
    modes.button("Start").click()
    config = Config()
    modes.compose("RBY", config, "Set secret")
    expect(modes.status).to_contain_text("Incomplete secret: slot 4 is empty")
    modes.button("Delete").click()
    modes.button("Delete").click()
    modes.button("Delete").click()
    modes.compose("RBYR", config, "Set secret")
    secret_region = modes.page.get_by_role("region", name="Secret code")
    expect(secret_region).to_have_text("????")
    expect(modes.page.get_by_role("group", name="Current guess")).to_be_hidden()

    expected = [str(guess) for guess in solve("RBYR", config, "HAL9000")]
    said = f"HAL9000 broke your code RBYR in {len(expected)} guesses."
    expect(modes.status).to_contain_text(said, timeout=30_000)
    assert modes.page.locator("body").inner_text().count(said) == 1  # the banner does not say it again
    rows = modes.rows_text("History")
    assert [row[1] for row in rows] == expected
    assert len(rows) <= config.max_guesses
    assert all(row[2].endswith(str(feedback("RBYR", row[1]))) for row in rows)
    expect(secret_region).to_have_text("RBYR")

    # VIKI, through Quit and the player choice: every guess fits all the feedback before it.
    modes.button("Quit").click()
    modes.field("Computer player").select_option("VIKI")
    modes.button("Start").click()
    modes.type_code("GOPY")
    expect(modes.status).to_contain_text("VIKI broke your code GOPY", timeout=30_000)
    guesses = [row[1] for row in modes.rows_text("History")]
    assert guesses[-1] == "GOPY" and len(guesses) <= config.max_guesses
    for index, guess in enumerate(guesses):
        assert all(feedback(guess, earlier) == feedback("GOPY", earlier) for earlier in guesses[:index])


def test_mode_picker_and_the_way_back_to_solo(modes):
    game = modes.game
    modes.page.set_viewport_size({"width": 360, "height": 740})
    game.open("?seed=5")
    game.type_guess("RGBY")
    expect(game.history_rows).to_have_count(1)
    game.choose("Race")
    modes.wait("Race")
    expect(modes.field("Player 1 name")).to_be_visible()
    expect(game.menu).to_have_attribute("aria-expanded", "false")  # the choice closed the menu
    assert modes.page.evaluate("document.documentElement.scrollWidth") <= 360  # a phone needs no sideways scroll
    game.open_menu()
    expect(modes.button("Settings")).to_be_hidden()
    for name in ("Start", "Race", "Computer breaks your code"):
        assert modes.button(name).bounding_box()["height"] >= 44
    modes.page.keyboard.press("Escape")
    modes.field("Player 1 name").fill("Ann")
    game.choose("Solo")
    expect(game.history_rows).to_have_count(1)  # Solo is as it was
    game.open_menu()
    expect(modes.button("Solo")).to_have_attribute("aria-pressed", "true")
    modes.page.keyboard.press("Escape")
    game.type_guess("BBOO")
    expect(game.history_rows).to_have_count(2)
    game.choose("Race")
    expect(modes.field("Player 1 name")).to_have_value("Ann")


def test_garbage_in_storage_leaves_the_modes_playable(fresh_solo):
    game = fresh_solo(  # before the first load only, not the reload
        'if (!sessionStorage.getItem("seeded")) {'
        'sessionStorage.setItem("seeded", "1");'
        'localStorage.setItem("mastermind:matches", "{not json");'
        'localStorage.setItem("mastermind:registry", \'{"version": 2, "rev": 3, "data": {"version": 1, "users": [{"name": "VIKI", "points": -4}]}}\');'
        '}'
    )
    modes = Modes(game)
    modes.button("Tournament").click()
    modes.wait("Tournament")
    expect(modes.table_rows("Score board")).to_have_count(0)
    modes.field("New user name").fill("Alan")
    modes.button("Register").click()
    expect_table(modes, "Score board", [["Alan", "0"]])
    modes.page.reload()
    modes.wait("Tournament")  # the mode shown last opens again, its users kept
    expect_table(modes, "Score board", [["Alan", "0"]])
