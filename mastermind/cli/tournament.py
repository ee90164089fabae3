"""Tournament (source text 003): registered users and the computer players HAL9000 and VIKI break
each other's codes; points go to a score board kept between visits. Registration, players,
turns and points are :class:`mastermind.registry.Registry`'s and
:class:`mastermind.tournament.Tournament`'s; the terminal keeps the registry in a JSON file that
every terminal playing at once shares (:class:`mastermind.cli.userdata.Shared`): each change is made
on what is on disk at that moment, merged with :meth:`Registry.merge`."""

from __future__ import annotations

import random

from ..autoplay import Autoplay
from ..config import Config
from ..english import sentence
from ..feedback import Feedback
from ..match import Attempt
from ..players import lineup
from ..registry import Registry
from ..scoring import tournament_breaker, tournament_maker
from ..tournament import (
    MAX_ATTEMPTS,
    MAX_PLAYERS,
    MIN_ATTEMPTS,
    MIN_PLAYERS,
    Tournament,
    check_attempts,
    check_player_count,
)
from . import turns
from .console import Console
from .texts import NUMBER_WORDS, either, outside, reason
from .userdata import JsonFile, Shared

MENU = (
    "\nWhat would you like to do?\n"
    "(r) register a new user\n"
    "(s) show the score board\n"
    "(p) play a game\n"
    "(q) quit\n"
    "> "
)
RULE = "=============="


def pegs(result: Feedback) -> str:
    """Key pegs as the source writes them, K for black and W for white; ``none`` for no pegs."""
    return result.key_pegs() or "none"


def code_rule(config: Config) -> str:
    """What a code must be, in the source's words, with the settings' numbers."""
    repeats = "" if config.allow_duplicates else ", no colour twice"
    return (
        f"It must be exactly {NUMBER_WORDS[config.pegs]} characters, "
        f"each can be {either(list(config.letters))}{repeats}."
    )


def score_board(registry: Registry) -> list[str]:
    """The users, most points first, in two aligned columns; names are printed as outside text
    (:func:`~mastermind.cli.texts.outside`), though the registry already refuses any that could
    clear the screen or fake a row."""
    if not len(registry):
        return ["No users are registered yet."]
    names = {user.name: outside(user.name) for user in registry}
    width = max(len("Name"), *(len(name) for name in names.values()))
    line = "=" * (width + 8)
    rows = [f"{names[user.name]:<{width}} {user.points:>7}" for user in registry.board]
    return [line, f"{'Name':<{width}} {'Points':>7}", line, *rows, line]


def register(console: Console, registry: Registry, store: Shared[Registry]) -> Registry:
    """One registration, made on the users saved at this moment (so a name another terminal
    just took is refused); a refused name is explained and the menu comes back, as in the source."""
    try:
        text = console.line("What is the name of the new user?\n> ")
        registry = store.sync(registry, lambda users: users.register(text))
    except ValueError as error:
        console.say(f"Sorry, {reason(error)}.")
        return registry
    user = registry.find(text)
    assert user is not None
    console.say(f"Welcome, {user.name}!")
    return registry


def choose_players(console: Console, registry: Registry) -> list[str]:
    """How many players, then each one's name: a registered user or a computer player, once."""
    count = console.ask(
        f"How many players ({MIN_PLAYERS}-{MAX_PLAYERS})?\n> ",
        check_player_count,
        lambda _text, error: f"Invalid number of players: {reason(error)}.",
    )

    def known(name: str) -> str | None:
        user = registry.find(name)
        return user.name if user else None

    names: list[str] = []
    for number in range(1, count + 1):
        names.append(
            console.ask(
                f"What is the name of player #{number}?\n> ",
                lambda text: lineup([*names, text], range(number, number + 1), known)[-1].name,
                lambda _text, error: sentence(reason(error)),
            )
        )
    return names


def table(attempt: Attempt) -> list[str]:
    """The player's previous attempts, as the source frames them."""
    if not attempt.history:
        return []
    rows = [f"{turn.guess} {pegs(turn.feedback)}" for turn in attempt.history]
    return [RULE, "Code Feedback", RULE, *rows, RULE]


def play_game(console: Console, registry: Registry, config: Config, rng: random.Random) -> Tournament:
    """Set up one game, set the codes, take the turns, and tell each user's points."""
    console.say("Let's play the game of Mastermind!")
    names = choose_players(console, registry)
    attempts = console.ask(
        f"How many attempts will be allowed for each player ({MIN_ATTEMPTS}-{MAX_ATTEMPTS})?\n> ",
        check_attempts,
        lambda _text, error: f"Invalid number of attempts: {reason(error)}.",
    )
    game = Tournament(registry, names, attempts, config=config, rng=rng)
    config = game.config
    # Codes are set in player order: each player's turn to make the code of the one after them.
    for maker in game.players:
        attempt = next(attempt for attempt in game.attempts if attempt.maker == maker)
        console.say("", f"* {maker}'s turn to set the code for {attempt.breaker} to break.")
        if not maker.computer:
            assert game.player == maker, "the tournament's order of setting codes is player order"
            turns.set_secret(
                console, game, "Please enter the code:\n> ", lambda _text, error: f"Invalid code. {code_rule(config)}"
            )
        console.say(f"The code is now set for {attempt.breaker} to break.")
    autoplay = Autoplay(rng)
    while not game.finished:
        playing = game.attempt
        assert playing is not None
        attempt, breaker = playing, playing.breaker
        console.say("", f"* {breaker}'s turn to guess the code.", f"Previous attempts: {attempt.guesses_made}")
        console.say(*table(attempt), f"Attempts left: {attempt.guesses_left}")
        turns.guess(
            console,
            game,
            autoplay,
            "Please enter the code:\n> ",
            lambda _text, error: f"Invalid code. {code_rule(config)}",
            lambda code: f"{breaker}'s guess: {code}",
        )
        if attempt.won:
            console.say(f"{breaker} broke the code in {attempt.guesses_made} attempts!")
        else:
            console.say(f"Feedback: {pegs(attempt.history[-1].feedback)}")
            if attempt.lost:
                console.say(f"{breaker} failed to break the code.")
    console.say("", "The game is now finished.")
    for row in game.scores:
        if row.points is None:
            continue
        broke = next(attempt for attempt in game.attempts if attempt.breaker.name == row.name)
        made = next(attempt for attempt in game.attempts if attempt.maker and attempt.maker.name == row.name)
        parts = f"{tournament_breaker(broke.progress)} + {tournament_maker(made.progress)}"
        console.say(f"{row.name} receives {parts} = {row.points} points.")
    return game


def play(console: Console, config: Config, rng: random.Random, file: JsonFile) -> None:
    """The menu, until the person quits. Each choice starts from the users saved at that moment
    (by any terminal), and each change is saved at once, merged with the others'."""
    store = Shared(file, Registry.from_dict, Registry, Registry.to_dict, Registry.merge)
    registry = store.load()
    console.say("Welcome to the World of Mastermind!")
    while True:
        command = console.choose(MENU, {"r": "r", "s": "s", "p": "p", "q": "q"}, "Please type r, s, p or q.")
        if command == "r":
            registry = register(console, registry, store)
        elif command == "s":
            registry = store.sync(registry)
            console.say(*score_board(registry))
        elif command == "p":
            registry = store.sync(registry)
            play_game(console, registry, config, rng)
            registry = store.sync(registry)
        else:
            console.say("Goodbye!")
            return
