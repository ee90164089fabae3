"""The words the page's play views say that no other test read in full: a Tournament played to its
end, a shared result's notes, the refusals of a setup form, the Solo board's sentences at the end
of a game, and every code written in the language's letters for the game's own palette (a
palette that holds Maroon, which French writes G, and not Magenta, which shares its M)."""

from __future__ import annotations

import datetime as dt
import gettext
import random
from collections.abc import Iterator

import pytest

from mastermind import Config, Game, Registry, i18n
from mastermind.challenge import Challenge
from mastermind.code import Code
from mastermind.duel import Duel
from mastermind.errors import SetupError
from mastermind.page.appearance import share_words
from mastermind.page.boards import Screen, refusal, refused
from mastermind.page.challenge_words import challenge_rules
from mastermind.page.computer import ComputerView
from mastermind.page.daily import DayPlay, daily_game
from mastermind.page.modes import MatchView, resumed_view
from mastermind.page.solo import SoloView, history_rows
from mastermind.page.state import InProgress, Saved, Settings
from mastermind.page.words import rules_summary

MAROON = Config(pegs=4, colors=["Red", "Blue", "Yellow", "Maroon"], max_guesses=3)
"""Rules whose palette writes Maroon M, the letter Magenta (not in it) has too."""


class Speaking(gettext.NullTranslations):
    """The language in use, but for a few texts (`words`) and colour letters (`letters`, by colour name)."""

    def __init__(self, words: dict[str, str], letters: dict[str, str]) -> None:
        super().__init__()
        self.base, self.words, self.letters = i18n._active, words, letters

    def gettext(self, message: str) -> str:
        return self.words.get(message) or self.base.gettext(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.base.ngettext(msgid1, msgid2, n)

    def pgettext(self, context: str, message: str) -> str:
        return self.letters.get(context.removeprefix("letter of ")) or self.base.pgettext(context, message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self.base.npgettext(context, msgid1, msgid2, n)


@pytest.fixture
def maroon_is_g() -> Iterator[None]:
    """A language that writes Maroon G, as French does (grenat), and Magenta M."""
    i18n.use(Speaking({}, {"Maroon": "G"}), "fr")
    yield


def keys(view: SoloView | ComputerView | MatchView, letters: str) -> None:
    """Compose `letters` with keys, then Enter, as a person on the page does."""
    for letter in letters:
        assert view.press(letter)
    assert view.press("Enter")


def maroon_challenge() -> SoloView:
    view = SoloView(Saved(), seed=1)
    view.start_challenge(Challenge.make(MAROON, "MRBY").token)
    return view


# Codes in the language's letters, for the game's own palette


def test_a_solo_game_writes_its_codes_in_the_letters_of_its_own_palette(maroon_is_g):
    view = maroon_challenge()
    view.take_hint(Code.parse("MMRR", MAROON))
    assert view.status == "Hint: GGRR is in your guess; submit it or change it. This game now counts as assisted."
    assert view.press("Enter")
    assert view.status == "Guess 1, GGRR: 1 black, 1 white. 2 guesses left."
    assert [row.letters for row in view.rows] == ["GGRR"]
    view.use_guess(1)
    assert view.status == "Guess 1 (GGRR) is in your guess: change a peg, then submit."
    for _ in range(4):
        view.press("Backspace")
    keys(view, "GRBY")
    assert view.status == "You win! You broke the code GRBY in 2 guesses. Press Share to share your result."
    assert view.resume(InProgress.of(view.game), finished=True)
    assert view.status == "You won: the secret was GRBY. Press New game to play again."


def test_a_lost_game_says_the_last_guess_its_score_and_the_secret_in_the_palettes_letters(maroon_is_g):
    view = maroon_challenge()
    for guess in ("RRRR", "BBBB", "GGYY"):
        keys(view, guess)
    assert view.status == "You lose. Your last guess GGYY scored 2 black, 0 white. The secret was GRBY."


def test_the_history_rows_write_a_guess_in_the_letters_of_the_games_palette(maroon_is_g):
    game = Game(MAROON, secret="MRBY")
    game.guess("YMMM")
    assert [row.letters for row in history_rows(game.history, MAROON)] == ["YGGG"]


def test_a_code_drawn_for_a_challenge_is_in_the_settings_palettes_letters(maroon_is_g):
    view = SoloView(Saved(settings=Settings(config=MAROON)), seed=1)
    assert [view.random_code(random.Random(seed)) for seed in range(3)] == ["GGRY", "BRYR", "RRRY"]


def test_the_challenge_dialog_names_the_letters_as_they_are_typed(maroon_is_g):
    assert challenge_rules(Settings(config=MAROON)).endswith(" Type a code of 4 of the letters R B Y G, or draw one.")


def test_a_computer_players_guess_is_said_in_the_palettes_letters(maroon_is_g):
    view = ComputerView(MAROON, seed=1)
    assert view.start()
    keys(view, "GGRR")
    assert view.status == "Secret set and hidden. HAL9000 is breaking your code: 3 guesses left."
    view.play_computer(Code.parse("MRRR", MAROON))
    assert view.status == "HAL9000 guessed GRRR: 3 black, 0 white. 2 guesses left."


def test_a_match_says_guesses_and_the_code_not_broken_in_the_palettes_letters(maroon_is_g):
    view = MatchView("duel", match=Duel(["Ann", "Bob"], 2, config=MAROON, rng=random.Random(1)))
    keys(view, "GRBY")
    view.ready()
    keys(view, "GGGG")
    assert view.status == "Bob guessed GGGG: 1 black, 0 white. 2 guesses left. Run 1 of 2: Bob, break Ann's code: 2 guesses left."
    keys(view, "RRRR")
    assert view.status == "Bob guessed RRRR: 1 black, 0 white. 1 guess left. Run 1 of 2: Bob, break Ann's code: 1 guess left."
    keys(view, "BBBB")
    assert view.status == (
        "Bob guessed BBBB: 1 black, 0 white. Bob is out of guesses; the code was GRBY. "
        "Run 2 of 2: Bob, set the code for Ann to break, then press Set secret. Ann, look away."
    )


# A Tournament, from the first code to the score board


def test_a_tournament_says_attempts_without_a_stage_and_ends_on_the_score_board():
    registry = Registry()
    for name in ("Alan", "Bea"):
        registry.register(name)
    view = MatchView("tournament", registry, seed=1)
    for label, value in {"Players": "2", "Attempts": "5", "Player 1 name": "Alan", "Player 2 name": "Bea"}.items():
        view.edit(label, value)
    assert view.start()
    assert view.status == "Tournament started. Alan, set the code for Bea to break, then press Set secret. Bea, look away."
    keys(view, "RGWK")
    view.ready()
    keys(view, "KKKK")
    view.ready()
    assert view.status == "Alan, break Bea's code: 5 attempts left."
    assert view.banner == ("Alan breaks Bea's code", "5 attempts left")
    said = []
    moves = {"Alan": iter(["RRRR", "KKKK"]), "Bea": iter(["BBBB", "YYYY", "BBYY", "YYBB", "BYBY"])}  # each new: a guess played already is refused
    while view.screen is not Screen.END:
        if view.screen is Screen.HANDOVER:
            view.ready()
            continue
        keys(view, next(moves[view.match.player.name]))
        said.append(view.status)
    assert said == [
        "Alan guessed RRRR: 0 black, 0 white. 4 attempts left. Hand over to Bea, then press Ready.",
        "Bea guessed BBBB: 0 black, 0 white. 4 attempts left. Hand over to Alan, then press Ready.",
        "Alan guessed KKKK: 4 black, 0 white. Alan broke Bea's code in 2 attempts. Hand over to Bea, then press Ready.",
        "Bea guessed YYYY: 0 black, 0 white. 3 attempts left. Bea, break Alan's code: 3 attempts left.",
        "Bea guessed BBYY: 0 black, 0 white. 2 attempts left. Bea, break Alan's code: 2 attempts left.",
        "Bea guessed YYBB: 0 black, 0 white. 1 attempt left. Bea, break Alan's code: 1 attempt left.",
        "Bea guessed BYBY: 0 black, 0 white. Bea is out of attempts; the code was RGWK. "
        "Match over: Alan wins. Totals: Alan 8 points, Bea 1 point. Points added to the score board.",
    ]
    assert view.recap == ["Alan broke Bea's code KKKK in 2 attempts.", "Bea did not break Alan's code RGWK in 5 attempts."]
    kept = view.saved()
    resumed = resumed_view("tournament", Config(), registry, kept)
    assert isinstance(resumed, MatchView) and resumed.screen is Screen.END and resumed.saved() == kept


def test_a_duel_counts_guesses_in_its_recap():
    view = MatchView("duel", seed=1)
    for label, value in {"Player 1 name": "Ann", "Player 2 name": "Bob", "Runs": "2"}.items():
        view.edit(label, value)
    assert view.start()
    while view.screen is not Screen.END:
        if view.screen is Screen.HANDOVER:
            view.ready()
        elif view.screen is Screen.SECRET:
            keys(view, "RGBY")
        else:
            keys(view, "RGBP" if view.match.attempt.guesses_made == 0 else "RGBY")
    assert view.recap == ["Run 1 of 2: Bob broke Ann's code RGBY in 2 guesses.", "Run 2 of 2: Ann broke Bob's code RGBY in 2 guesses."]


def test_moves_out_of_turn_are_refused_with_the_prompt_after_one_space():
    view = MatchView("duel", seed=1)
    view.play_again()
    assert view.status == f"Finish the match first. {view.prompt}"
    view.ready()
    assert view.status == f"Nobody needs to press Ready now. {view.prompt}"
    assert not view.submit()
    assert view.status == f"That does nothing now. {view.prompt}"


def test_an_abandoned_game_says_so_then_the_prompt():
    view = ComputerView(seed=1)
    assert view.start()
    view.abandon()
    view.abandon()
    assert view.status == "Game abandoned. Computer breaks your code: choose the computer player, then press Start."


def test_the_computer_mode_is_named_in_the_language_in_use():
    i18n.use(Speaking({"Computer breaks your code": "L'ordinateur casse votre code"}, {}), "fr")
    view = ComputerView()
    assert view.title == "L'ordinateur casse votre code" and view.banner == ("L'ordinateur casse votre code", "")


def test_an_unknown_match_mode_is_named_in_the_error():
    with pytest.raises(ValueError, match=r"^no match mode 'chess'$"):
        MatchView("chess")


# Refusals of a setup form, with the fields as the language names them


def test_refused_fields_are_named_as_the_language_names_them():
    i18n.use(Speaking({"Computer player": "Joueur ordinateur", "Runs": "Manches", "New user name": "Nouvel utilisateur"}, {}), "fr")
    computer = ComputerView()
    computer.edit("Computer player", "Deep Thought")
    assert not computer.start()
    assert computer.status == "Not started. Joueur ordinateur: Choose HAL9000 or VIKI, not 'Deep Thought'."
    duel = MatchView("duel")
    for label, value in {"Player 1 name": "Ann", "Player 2 name": "Bob", "Runs": "3"}.items():
        duel.edit(label, value)
    assert not duel.start()
    assert duel.status == "Not started. Manches: Must be an even number from 2 to 20, not 3."
    tournament = MatchView("tournament")
    assert not tournament.register("")
    assert tournament.status.startswith("Not registered. Nouvel utilisateur: ")


def test_a_refusal_ending_in_a_stop_an_exclamation_or_a_question_gets_no_full_stop_added():
    assert refusal(SetupError("runs", "runs must be even."), "3") == "Runs must be even."
    assert refusal(SetupError("runs", "too many runs!"), "30") == "Too many runs!"
    assert refusal(SetupError("runs", "how many runs?"), "") == "How many runs?"
    assert refusal(SetupError("runs", "runs must be even"), "3") == "Runs must be even."


def test_a_refused_status_keeps_the_ending_of_its_sentence_and_names_the_fields_as_shown():
    assert refused("Not started!", {}) == "Not started!"
    assert refused("Start?", {}) == "Start?"
    assert refused("Not started", {"Runs": "Must be even."}, {"Runs": "Manches"}) == "Not started. Manches: Must be even."


# Solo's sentences


def test_a_shared_result_says_hard_mode_or_hints_alone():
    assert share_words("t", Game(secret="RGBY", hard=True)) == "Mastermind t: not broken in 12 guesses, in hard mode."
    assert share_words("t", Game(secret="RGBY"), assisted=True) == "Mastermind t: not broken in 12 guesses, with hints."
    assert share_words("t", Game(secret="RGBY")) == "Mastermind t: not broken in 12 guesses."


def test_a_key_after_a_lost_game_says_it_is_over():
    view = SoloView(Saved(settings=Settings(config=Config(max_guesses=1))), seed=1)
    keys(view, "BBBB" if str(view.game.secret) != "BBBB" else "GGGG")
    assert view.game.lost
    assert not view.submit()
    assert view.status == "The game is over: you lost. Press New game to play again."


def test_a_practice_game_says_so_after_its_end():
    view = SoloView(Saved(), seed=1, reveal=True)
    keys(view, "GRBO")
    assert view.status == ("You win! You broke the code GRBO in 1 guess. Press Share to share your result. "
                           "Practice game: the secret is shown, so this game is not counted in your statistics.")


def test_a_friends_challenge_starts_with_its_name_and_rules():
    view = SoloView(Saved(), seed=1)
    challenge = Challenge.make(Config(), "RGBY")
    view.start_challenge(challenge.token)
    assert view.status == (f"Challenge {challenge.name} from a friend: 4 pegs, 6 colours (B G O P R Y), 12 guesses, colours may repeat. Make your first guess.")


def test_the_daily_challenge_says_how_it_stands():
    day, today = dt.date(2026, 3, 4), dt.date(2026, 3, 4)
    view = SoloView(Saved(), seed=1)
    view.start_daily(day, None, today)
    assert view.status == (
        "Daily challenge of 2026-03-04: the same secret for everyone today. 4 pegs, 6 colours "
        "(B G O P R Y), 12 guesses, colours may repeat. Make your first guess."
    )
    secret = str(daily_game(day).secret)
    wrong = "BBBB" if secret != "BBBB" else "GGGG"
    view.start_daily(day, DayPlay((wrong, secret)), today)
    assert view.status == "Daily challenge of 2026-03-04: you already won it in 2 guesses. Share it. Come back tomorrow."
    view.start_daily(day, DayPlay((wrong,) * 12), today)
    assert view.status == f"Daily challenge of 2026-03-04: you already played it, the secret was {secret}. Come back tomorrow."
    view.resume(InProgress(Config(), secret, (wrong, wrong)))
    assert view.status.endswith(" 2 guesses made, 10 guesses left.")


def test_the_rules_line_writes_the_palettes_letters_as_its_codes_are_written(maroon_is_g):
    assert rules_summary(MAROON) == "4 pegs, 4 colours (R B Y G), 3 guesses, colours may repeat"
