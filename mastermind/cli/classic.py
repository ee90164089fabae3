"""The classic console game (source text 000), word for word: the computer draws a secret, one
person breaks it, ``HISTORY`` shows the board so far. The rules are :class:`mastermind.Game`'s."""

from __future__ import annotations

import random

from ..code import Code
from ..config import Config
from ..english import plural
from ..errors import CodeError, HardModeError
from ..game import Game
from .console import NOT_TEXT, YES_NO, YES_NO_REFUSAL, Console, NotTextError
from .texts import NUMBER_WORDS, either, outside

GUESS_PROMPT = "What is your next guess?\nType in the characters for your guess and press enter.\nEnter guess: "


HARD_RULE = (
    "Hard mode is on: every guess must fit the feedback of all your earlier guesses, as if it could "
    "still be the secret code. A guess that does not is refused and does not count."
)


def rules(config: Config, hard: bool = False) -> str:
    """The greeting and rules, with the numbers and colours of `config`; for the classic settings
    it is the source text exactly (hard mode adds a paragraph of its own)."""
    names = [color.name.lower() for color in config.colors]
    repeats = "may" if config.allow_duplicates else "may not"
    # The source explains letters with Blue and Red; a palette without them uses its first two.
    shown = [color for color in config.colors if color.name in ("Blue", "Red")]
    first, second = shown if len(shown) == 2 else config.colors[:2]
    return "\n\n".join(
        [
            "Welcome to Mastermind. Here are the rules.",
            "This is a text version of the classic board game Mastermind.",
            f"The computer will think of a secret code. The code consists of {plural(config.pegs, 'colored peg')}. "
            f"The pegs MUST be one of {NUMBER_WORDS[len(names)]} colors: {either(names)}. "
            f"A color {repeats} appear more than once in the code. "
            "You try to guess what colored pegs are in the code and what order they are in. "
            "After you make a valid guess the result (feedback) will be displayed.",
            "The result consists of a black peg for each peg you have guessed exactly correct (color and position) "
            "in your guess. For each peg in the guess that is the correct color, but is out of position, you get a "
            "white peg. For each peg, which is fully incorrect, you get no feedback.",
            f"Only the first letter of the color is displayed. {first.letter} for {first.name}, "
            f"{second.letter} for {second.name}, and so forth. When entering guesses you only need to enter the "
            "first character of each color as a capital letter.",
            *([HARD_RULE] if hard else []),
            f"You have {plural(config.max_guesses, 'guess')} to figure out the secret code or you lose the game. "
            "Are you ready to play? (Y/N): ",
        ]
    )


def play_one(console: Console, game: Game, reveal: bool) -> None:
    """One game, from the secret to the win or loss line."""
    shown = f" (for this example the secret code is {game.secret})" if reveal else ""
    console.say(f"Generating secret code ...{shown}")
    console.say(f"You have {plural(game.guesses_left, 'guess')} left.")
    while not game.over:
        try:
            text = console.line(GUESS_PROMPT)
        except NotTextError:
            console.say(NOT_TEXT)
            continue
        if text.strip().upper() == "HISTORY":
            console.say(*(f"{turn.guess}\t\t{turn.feedback.history_text()}" for turn in game.history))
            continue
        try:
            result = game.guess(text)
        except HardModeError as refusal:
            console.say(f"{outside(text.strip().upper())} -> {refusal}")
            continue
        except CodeError:
            console.say(f"{outside(text)} -> INVALID GUESS")
            continue
        guess = game.history[-1].guess
        if game.won:
            console.say(f"{guess} -> Result: {result.sentence()} - You win !!")
        elif game.lost:
            console.say(f"{guess} -> Result: {result.sentence()}", "Sorry, you are out of guesses. You lose, boo-hoo.")
        else:
            console.say(f"{guess} -> Result: {result.sentence()}", f"You have {plural(game.guesses_left, 'guess')} left.")


def play(console: Console, config: Config, rng: random.Random, reveal: bool, hard: bool = False) -> None:
    """Greet, then play games until the person says no more; each secret is drawn from `rng`."""
    prompt, again = rules(config, hard), "Are you ready to play? (Y/N): "
    while console.choose(prompt, YES_NO, YES_NO_REFUSAL, again):
        play_one(console, Game(config, secret=Code.random(config, rng), hard=hard), reveal)
        prompt = again = "Are you ready for another game (Y/N): "
