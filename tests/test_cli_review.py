"""The classic game's review in the terminal: ``--review`` prints it at each game's end, REVIEW
typed at the question after a game prints it too; each row carries the engine's own figures."""

from __future__ import annotations

from mastermind import CLASSIC, Code, feedback
from mastermind.solver import finish
from mastermind.solver.skill import review

from .transcripts import lines, play

SEED = "1959"  # draws YRBY
SECRET = Code("YRBY")
GUESSES = ["BBGO", "RYRB", "GGGG", "YRBY"]
AGAIN = "Are you ready for another game (Y/N): "


def expected() -> list[str]:
    history = [(Code(guess), feedback(SECRET, Code(guess))) for guess in GUESSES]
    figures = finish(review(CLASSIC, SECRET, history))
    rows = []
    for guess, row in zip(GUESSES, figures.rows, strict=True):
        assert row is not None
        rows.append(f"{guess}\t{row.codes:,}\t{row.left:,}\t{row.best}\t{row.skill_text()}\t{row.luck_text()}")
    return [
        "Review, HAL9000 playing on. Skill: the guesses a choice cost on average against HAL9000's "
        "(below 0: better). Luck: the chance of doing at least this well.",
        "Guess\tCodes before\tCodes after\tHAL9000\tSkill\tLuck",
        *rows,
        figures.summary(),
    ]


def test_the_review_flag_prints_each_games_review_at_its_end():
    status, out = play(lines("Y", *GUESSES, "N"), "--seed", SEED, "--review")
    assert status == 0
    win = "YRBY -> Result: 4 black pegs - You win !!\n"
    assert out.endswith(win + "\n".join(expected()) + "\n" + AGAIN)
    # The figures are those of this game: GGGG with 2 codes left costs skill; the summary adds up.
    assert out.count("Review, HAL9000 playing on.") == 1
    assert "\nGGGG\t" in out and "4 guesses against HAL9000's 4.34 on average" in out


def test_review_typed_after_a_game_prints_it_and_asks_again():
    status, out = play(lines("Y", *GUESSES, "review", " REVIEW ", "N"), "--seed", SEED)
    assert status == 0
    review_text = "\n".join(expected()) + "\n"
    assert out.endswith(AGAIN + review_text + AGAIN + review_text + AGAIN)


def test_review_before_any_game_is_refused_like_any_other_answer():
    status, out = play(lines("review", "N"), "--seed", SEED)
    assert status == 0
    assert "Please answer Y or N.\n" in out and "Review, HAL9000" not in out


def test_without_the_flag_a_game_ends_as_the_source_does():
    _, out = play(lines("Y", *GUESSES, "N"), "--seed", SEED)
    assert out.endswith("YRBY -> Result: 4 black pegs - You win !!\n" + AGAIN)
