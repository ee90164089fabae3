"""Computer breaks your code: a person types a secret unseen, a computer player breaks it move by
move. The moves are the solver's, the scoring is :class:`mastermind.Game`'s."""

from __future__ import annotations

import random

from ..config import Config
from ..english import plural
from ..game import Game
from ..solver import codebreaker
from .console import YES_NO, YES_NO_REFUSAL, Console
from .texts import palette_line, reason


def play_one(console: Console, config: Config, rng: random.Random, breaker: str) -> None:
    """One code: the person's secret, then the computer's guesses until it wins or runs out."""
    repeats = "may" if config.allow_duplicates else "may not"
    console.say(
        f"{breaker} will break your secret code of {plural(config.pegs, 'peg')} "
        f"in at most {plural(config.max_guesses, 'guess')}.",
        f"Valid colors: {palette_line(config)}. A color {repeats} appear more than once in the code.",
    )
    game = console.ask(
        "Enter your secret code (it is not shown): ",
        lambda text: Game(config, secret=text),
        lambda _text, error: f"-> INVALID CODE: {reason(error)}",
        hidden=True,
    )
    player = codebreaker(breaker, config, rng)
    while not game.over:
        result = game.guess(player.next_guess(game.history))
        console.say(f"{breaker}'s guess: {game.history[-1].guess} -> Result: {result.sentence()}")
    if game.won:
        console.say(f"{breaker} broke your code in {plural(game.guesses_made, 'guess')}.")
    else:
        console.say(f"{breaker} is out of guesses. Your code {game.secret} was not broken - You win !!")


def play(console: Console, config: Config, rng: random.Random, breaker: str) -> None:
    """Codes until the person has had enough."""
    again = True
    while again:
        play_one(console, config, rng, breaker)
        again = console.choose("Are you ready for another game (Y/N): ", YES_NO, YES_NO_REFUSAL)
