"""Tournament (source text 003): registered users and the computer players HAL9000 and VIKI break
each other's codes; points go to a score board kept between visits. Registration, players,
turns and points are :class:`mastermind.registry.Registry`'s and
:class:`mastermind.tournament.Tournament`'s; the terminal keeps the registry in a JSON file that
every terminal playing at once shares (:class:`mastermind.cli.userdata.Shared`): each change is made
on what is on disk at that moment, merged with :meth:`Registry.merge`."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import MappingProxyType

from .. import lab
from ..autoplay import Autoplay, BreakerFactory, engine
from ..computer_players import COMPUTER_PLAYERS
from ..config import Config
from ..errors import StrategyError
from ..feedback import Feedback
from ..i18n import N_, _, colour_name, ngettext, pgettext
from ..lab_share import seat_name
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
from .lab import alarm, read
from .texts import either, letter, named_letters, number_word, outside, reason, said, shown
from .userdata import JsonFile, Shared

MENU = N_(
    "\nWhat would you like to do?\n"
    "(r) register a new user\n"
    "(s) show the score board\n"
    "(p) play a game\n"
    "(q) quit\n"
    "> "
)
"""The menu; English's letters r, s, p and q choose in every language (its own letters too, see
:func:`choices`)."""


def choices() -> dict[str, str]:
    """The menu's answers: English's letters, and the language's (the menu shows them)."""
    local = {
        # Translators: the menu's letters, as the translated menu shows them: register, show, play, quit.
        pgettext("menu", "r"): "r", pgettext("menu", "s"): "s", pgettext("menu", "p"): "p", pgettext("menu", "q"): "q",
    }
    return {**{word.lower(): value for word, value in local.items()}, "r": "r", "s": "s", "p": "p", "q": "q"}
RULE = "=============="


def pegs(result: Feedback) -> str:
    """Key pegs as the source writes them, K for black and W for white; ``none`` for no pegs."""
    # Translators: the tournament's key pegs: K for each right colour in the right place, W for each in the wrong place.
    black, white = pgettext("tournament key peg", "K"), pgettext("tournament key peg", "W")
    # Translators: the key pegs of a guess that earned none.
    return result.key_pegs(black, white) or _("none")


def code_rule(config: Config) -> str:
    """What a code must be, in the source's words, with the settings' numbers. English keeps the
    source's letters alone (K is Black there); another language names each letter where its
    initials would mislead (German Gelb is E)."""
    source = all(colour_name(color.name) == color.name for color in config.colors)
    letters = [letter(config, own) for own in config.letters] if source else named_letters(config)
    fields = {"number": number_word(config.pegs), "letters": either(letters)}
    if config.allow_duplicates:
        # Translators: {number} is a number in words ("four"); {letters} the palette's letters ("R, G, or B").
        return ngettext("It must be exactly {number} characters, each can be {letters}.",
                        "It must be exactly {number} characters, each can be {letters}.", config.pegs).format(**fields)
    return ngettext("It must be exactly {number} characters, each can be {letters}, no colour twice.",
                    "It must be exactly {number} characters, each can be {letters}, no colour twice.",
                    config.pegs).format(**fields)


def score_board(registry: Registry) -> list[str]:
    """The users, most points first, in two aligned columns; names are printed as outside text
    (:func:`~mastermind.cli.texts.outside`), though the registry already refuses any that could
    clear the screen or fake a row."""
    if not len(registry):
        return [_("No users are registered yet.")]
    names = {user.name: outside(user.name) for user in registry}
    # Translators: the score board's column headings.
    name_heading, points_heading = _("Name"), _("Points")
    width = max(len(name_heading), *(len(name) for name in names.values()))
    points_width = max(7, len(points_heading))
    line = "=" * (width + 1 + points_width)
    rows = [f"{names[user.name]:<{width}} {user.points:>{points_width}}" for user in registry.board]
    return [line, f"{name_heading:<{width}} {points_heading:>{points_width}}", line, *rows, line]


def register(console: Console, registry: Registry, store: Shared[Registry]) -> Registry:
    """One registration, made on the users saved at this moment (so a name another terminal
    just took is refused); a refused name is explained and the menu comes back, as in the source."""
    try:
        text = console.line(_("What is the name of the new user?\n> "))
        registry = store.sync(registry, lambda users: users.register(text))
    except ValueError as error:
        # Translators: a name refused at registration; {reason} is why, as "the name Ada is already taken".
        console.say(_("Sorry, {reason}.").format(reason=reason(error)))
        return registry
    user = registry.find(text)
    assert user is not None
    console.say(_("Welcome, {name}!").format(name=user.name))
    return registry


def choose_players(console: Console, registry: Registry, computers: Sequence[str] = COMPUTER_PLAYERS) -> list[str]:
    """How many players, then each one's name: a registered user or one of `computers`, once."""
    count = console.ask(
        _("How many players ({low}-{high})?\n> ").format(low=MIN_PLAYERS, high=MAX_PLAYERS),
        check_player_count,
        lambda _text, error: _("Invalid number of players: {reason}.").format(reason=reason(error)),
    )

    def known(name: str) -> str | None:
        user = registry.find(name)
        return user.name if user else None

    names: list[str] = []
    for number in range(1, count + 1):
        names.append(
            console.ask(
                _("What is the name of player #{number}?\n> ").format(number=number),
                lambda text: lineup([*names, text], range(number, number + 1), known, computers)[-1].name,
                lambda _text, error: said(error),
            )
        )
    return names


def table(attempt: Attempt) -> list[str]:
    """The player's previous attempts, as the source frames them."""
    if not attempt.history:
        return []
    rows = [f"{shown(turn.guess, attempt.config)} {pegs(turn.feedback)}" for turn in attempt.history]
    # Translators: the headings of the table of a player's guesses and their key pegs.
    return [RULE, _("Code Feedback"), RULE, *rows, RULE]


def play_game(console: Console, registry: Registry, config: Config, rng: random.Random,
              seated: Mapping[str, BreakerFactory] = MappingProxyType({})) -> Tournament:
    """Set up one game, set the codes, take the turns, and tell each user's points; `seated` are
    the computer players beside HAL9000 and VIKI (a strategy file), each with its codebreaker."""
    console.say(_("Let's play the game of Mastermind!"))
    computers = (*COMPUTER_PLAYERS, *seated)
    names = choose_players(console, registry, computers)
    attempts = console.ask(
        _("How many attempts will be allowed for each player ({low}-{high})?\n> ").format(low=MIN_ATTEMPTS, high=MAX_ATTEMPTS),
        check_attempts,
        lambda _text, error: _("Invalid number of attempts: {reason}.").format(reason=reason(error)),
    )
    game = Tournament(registry, names, attempts, config=config, rng=rng, computers=computers)
    config = game.config
    # Codes are set in player order: each player's turn to make the code of the one after them.
    for maker in game.players:
        attempt = next(attempt for attempt in game.attempts if attempt.maker == maker)
        console.say("", _("* {maker}'s turn to set the code for {breaker} to break.").format(maker=maker, breaker=attempt.breaker))
        if not maker.computer:
            assert game.player == maker, "the tournament's order of setting codes is player order"
            turns.set_secret(
                console, game, _("Please enter the code:\n> "),
                lambda _text, error: _("Invalid code. {rule}").format(rule=code_rule(config)),
            )
        console.say(_("The code is now set for {breaker} to break.").format(breaker=attempt.breaker))
    autoplay = Autoplay(rng, lambda name, rules, draws: seated.get(name, engine)(name, rules, draws))
    while not game.finished:
        playing = game.attempt
        assert playing is not None
        attempt, breaker = playing, playing.breaker
        console.say("", _("* {breaker}'s turn to guess the code.").format(breaker=breaker),
                    _("Previous attempts: {count}").format(count=attempt.guesses_made))
        console.say(*table(attempt), _("Attempts left: {count}").format(count=attempt.guesses_left))
        turns.guess(
            console,
            game,
            autoplay,
            _("Please enter the code:\n> "),
            lambda _text, error: _("Invalid code. {rule}").format(rule=code_rule(config)),
            lambda code: _("{breaker}'s guess: {guess}").format(breaker=breaker, guess=shown(code, config)),
        )
        if attempt.won:
            # Translators: English writes "attempts" after 1 too, as the source does; give each form your language needs.
            console.say(ngettext("{breaker} broke the code in {count} attempts!", "{breaker} broke the code in {count} attempts!",
                                 attempt.guesses_made).format(breaker=breaker, count=attempt.guesses_made))
        else:
            if not attempt.resigned:
                console.say(_("Feedback: {pegs}").format(pegs=pegs(attempt.history[-1].feedback)))
            if attempt.lost:
                console.say(_("{breaker} failed to break the code.").format(breaker=breaker))
    console.say("", _("The game is now finished."))
    for row in game.scores:
        if row.points is None:
            continue
        broke = next(attempt for attempt in game.attempts if attempt.breaker.name == row.name)
        made = next(attempt for attempt in game.attempts if attempt.maker and attempt.maker.name == row.name)
        # Translators: a player's points: those for breaking a code plus those for making one.
        console.say(ngettext("{name} receives {breaking} + {making} = {points} points.",
                             "{name} receives {breaking} + {making} = {points} points.", row.points).format(
            name=row.name, breaking=tournament_breaker(broke.progress), making=tournament_maker(made.progress),
            points=row.points))
    return game


def play(console: Console, config: Config, rng: random.Random, file: JsonFile, player: Path | None = None,
         limit: float | None = None) -> None:
    """The menu, until the person quits. Each choice starts from the users saved at that moment
    (by any terminal), and each change is saved at once, merged with the others'. `player`, a
    strategy file, may be chosen as a computer player beside HAL9000 and VIKI (by its name)."""
    seated: dict[str, BreakerFactory] = {}
    if player is not None:
        try:
            strategy = read(player)
            seat_name(strategy.name)
        except StrategyError as error:
            console.say(outside(str(error), 400))
            return
        seated[strategy.name] = lambda _name, rules, _draws: lab.Breaker(strategy, rules, limit, alarm)
    store = Shared(file, Registry.from_dict, Registry, Registry.to_dict, Registry.merge)
    registry = store.load()
    console.say(_("Welcome to the World of Mastermind!"))
    for name in seated:
        console.say(_("{name} (the strategy file) may play as a computer player.").format(name=outside(name)))
    while True:
        command = console.choose(_(MENU), choices(), _("Please type r, s, p or q."))
        if command == "r":
            registry = register(console, registry, store)
        elif command == "s":
            registry = store.sync(registry)
            console.say(*score_board(registry))
        elif command == "p":
            registry = store.sync(registry)
            play_game(console, registry, config, rng, seated)
            registry = store.sync(registry)
        else:
            console.say(_("Goodbye!"))
            return
