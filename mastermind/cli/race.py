"""Race (source text 002): two players break codes the computer draws for them, round after
round; the fewest points win. Names, rounds, turns and points are :class:`mastermind.race.Race`'s;
a player called HAL9000 or VIKI is played by the computer."""

from __future__ import annotations

import random

from ..autoplay import Autoplay
from ..code import Code
from ..config import Config
from ..english import plural, sentence
from ..errors import CodeError
from ..match import Attempt
from ..players import lineup
from ..race import MAX_ROUNDS, MIN_ROUNDS, Race, check_rounds
from ..scoring import FAILED_ROUND_PENALTY
from . import turns
from .console import Console
from .texts import reason

PLAY_AGAIN = {"y": True, "yes": True, "q": False, "quit": False}


def example(config: Config) -> str:
    """A legal code to show in the format note: the source's BOYG where it fits the settings."""
    try:
        return str(Code.parse("BOYG", config))
    except CodeError:
        return (config.letters * config.pegs)[: config.pegs]


def note(config: Config) -> str:
    repeats = "" if config.allow_duplicates else " and no duplicates"
    return f"Note : guess format must be {config.pegs} characters,\nno spaces included{repeats} e.g. {example(config)}"


def colour_names(config: Config) -> str:
    """``R-ed, Y-ellow, ...``: the letter, then the rest of the name (the whole name where the
    letter is not its initial, as K for Black)."""
    return ", ".join(
        f"{color.letter}-{color.name[1:] if color.name[0] == color.letter else color.name}" for color in config.colors
    )


def board(attempt: Attempt) -> str:
    """The guesses so far, newest on top as on the physical board: the guess's pegs, then its key
    pegs (b black, w white) padded to the code's length, tab-separated."""
    pegs = attempt.config.pegs
    rows = [
        "\t".join([*str(turn.guess), *turn.feedback.key_pegs("b", "w", ""), *[""] * (pegs - sum(turn.feedback))])
        for turn in reversed(attempt.history)
    ]
    return "\n".join(rows)


def play_match(console: Console, race: Race, autoplay: Autoplay) -> None:
    """The rounds of one race, then the winner."""
    config = race.config
    console.say("Great! codes have been initialized for both players. Let's begin.", "", note(config))
    for attempt in race.attempts:
        name = attempt.breaker.name
        if attempt.round > 1 and attempt.breaker == race.players[0]:
            console.say("New codes have been initialized for both players.", f"Let's begin [Round {attempt.round}]")
        elif attempt.breaker != race.players[0]:
            console.say(f"{name}, it is now your turn to play.")
        while not attempt.over:
            points = next(row.points for row in race.scores if row.name == name)
            console.say("")
            turns.guess(
                console,
                race,
                autoplay,
                f"[Round {attempt.round}, Guess {attempt.guesses_made + 1}] Total Points for {name} : {points}\n"
                f"{name}, please enter guess ({colour_names(config)}) : ",
                lambda _text, error: f"{sentence(reason(error))}\n{note(config)}",
                lambda code: f"[Round {attempt.round}, Guess {attempt.guesses_made}] {name}'s guess: {code}",
            )
            console.say(board(attempt))
        if attempt.won:
            console.say(f"Congratulations, {name}! You have guessed the code!")
        else:
            console.say(
                f"{name}, you did not guess the passcode in {plural(attempt.guesses_made, 'guess')}.",
                f"{FAILED_ROUND_PENALTY} points will be added to the {attempt.guesses_made}-point total "
                "for not guessing correctly.",
            )
        console.say("")
        if attempt.breaker == race.players[-1]:
            console.say("Totals:", *(f"{row.name}: {row.points}" for row in race.scores), "")
    result = race.result
    assert result is not None
    console.say(
        "Oh no! It's a tie! Try playing again to settle the tiebreak."
        if result.tie
        else f"Congratulations, {result.winner}! You are the winner!"
    )


def play(console: Console, config: Config, rng: random.Random) -> None:
    """Welcome, the players' names, then races until the players quit."""
    console.say(
        "Welcome to Mastermind!",
        "A game of logic, with a bit of chance.",
        "",
        f"Each round, each player breaks a secret code of {config.pegs} colors drawn by the computer, "
        f"with at most {plural(config.max_guesses, 'guess')}. Every guess costs 1 point; a code not broken "
        f"costs {FAILED_ROUND_PENALTY} more. After each guess you see your guesses so far, newest on top, "
        "with a b for each peg of the right color in the right place and a w for each right color in the "
        "wrong place. The lowest total after the last round wins.",
        "",
        "This game is for 2 players.",
    )
    names: list[str] = []
    for number in (1, 2):
        names.append(
            console.ask(
                f"Player {number} name? ",
                lambda text: lineup([*names, text], range(number, number + 1))[-1].name,
                lambda _text, error: sentence(reason(error)),
            )
        )
    again = True
    while again:
        rounds = console.ask(
            "Number of rounds? ",
            check_rounds,
            lambda _text, error: "Invalid number of rounds. Please enter an integer between "
            f"{MIN_ROUNDS} and {MAX_ROUNDS}, inclusive.",
        )
        play_match(console, Race(names, rounds, config=config, rng=rng), Autoplay(rng))
        again = console.choose("Play again (Y-es, Q-uit)? ", PLAY_AGAIN, "Invalid input.")
