"""Duel (source text 004): two players take turns making and breaking codes over an even number
of runs. Names, runs, turns and points are :class:`mastermind.duel.Duel`'s; a player called
HAL9000 or VIKI is played by the computer."""

from __future__ import annotations

import random

from ..autoplay import Autoplay
from ..config import Config
from ..duel import Duel, check_runs
from ..english import sentence
from ..players import lineup
from . import turns
from .console import Console
from .texts import palette_line, reason


def names(text: str) -> list[str]:
    """The two names typed on one line, as the source asks for them; checked by the match's rules."""
    typed = text.split()
    if len(typed) != 2:
        raise ValueError("Please enter two names, separated by a space.")
    return [player.name for player in lineup(typed)]


def play(console: Console, config: Config, rng: random.Random) -> None:
    """One duel, from the names to the winner."""
    first, second = console.ask(
        "Please enter the names of the players: ",
        names,
        lambda _text, error: sentence(reason(error)),
    )
    console.say(f"Welcome {first} and {second}", "")
    runs = console.ask(
        "Please enter the number of runs: ",
        check_runs,
        lambda _text, error: f"Invalid number of runs! ({reason(error)})",
    )
    console.say("")
    duel = Duel([first, second], runs, config=config, rng=rng)
    autoplay = Autoplay(rng)
    for attempt in duel.attempts:
        maker, breaker = attempt.maker, attempt.breaker
        assert maker is not None
        console.say(f"{maker}, it is your turn to select the secret!", f"Valid colors: {palette_line(config)}")
        if maker.computer:
            console.say(f"{maker} has selected the secret.")
        else:
            turns.set_secret(console, duel, f"{maker}, please enter your secret: ", lambda _t, e: f"Invalid secret! ({reason(e)})")
        console.say("")
        while not attempt.over:
            turns.guess(
                console,
                duel,
                autoplay,
                f"{breaker}, please enter your guess: ",
                lambda _text, error: f"Invalid guess! ({reason(error)})",
                lambda code: f"{breaker}'s guess: {code}",
            )
            if not attempt.won:
                result = attempt.history[-1].feedback
                console.say(result.key_pegs("R", "W", "") or result.sentence())
        console.say(f"{breaker}, you won this run!" if attempt.won else f"{breaker}, you're out of chances, you lost this run!", "")
    outcome = duel.result
    assert outcome is not None
    (one, one_points), (two, two_points) = ((row.name, row.points) for row in outcome.scores)
    console.say("The game has ended!", f"{one}: {one_points} - {two}: {two_points}")
    console.say(f"{one} and {two}, there is a tie!" if outcome.tie else f"Congrats {outcome.winner}, you have won the game!")
