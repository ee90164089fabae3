"""Race (source text 002): two players break codes the computer draws for them, round after
round; the fewest points win. Names, rounds, turns and points are :class:`mastermind.race.Race`'s;
a player called HAL9000 or VIKI is played by the computer."""

from __future__ import annotations

import random

from ..autoplay import Autoplay
from ..code import Code
from ..config import Config
from ..errors import CodeError
from ..i18n import _, colour_name, ngettext, pgettext
from ..match import Attempt
from ..players import lineup
from ..race import MAX_ROUNDS, MIN_ROUNDS, Race, check_rounds
from ..scoring import FAILED_ROUND_PENALTY
from . import turns
from .console import Console, in_both
from .texts import letter, said, shown

PLAY_AGAIN = {"y": True, "yes": True, "q": False, "quit": False}
"""The answers to "Play again", in English, which every language also takes."""


def play_again() -> dict[str, bool]:
    """The answers to "Play again": the language's words and letters, and English's."""
    local = {
        # Translators: the answers to "Play again (Y-es, Q-uit)?", typed in lower case.
        pgettext("answer", "y"): True, pgettext("answer", "yes"): True,
        pgettext("answer", "q"): False, pgettext("answer", "quit"): False,
    }
    return in_both(PLAY_AGAIN, local)


def example(config: Config) -> str:
    """A legal code to show in the format note: the source's BOYG where it fits the settings."""
    try:
        return shown(Code.parse("BOYG", config), config)
    except CodeError:
        return shown((config.letters * config.pegs)[: config.pegs], config)


def note(config: Config) -> str:
    if config.allow_duplicates:
        text = ngettext("Note : guess format must be {count} characters,\nno spaces included e.g. {example}",
                        "Note : guess format must be {count} characters,\nno spaces included e.g. {example}", config.pegs)
    else:
        text = ngettext("Note : guess format must be {count} characters,\nno spaces included and no duplicates e.g. {example}",
                        "Note : guess format must be {count} characters,\nno spaces included and no duplicates e.g. {example}",
                        config.pegs)
    return text.format(count=config.pegs, example=example(config))


def colour_names(config: Config) -> str:
    """``R-ed, Y-ellow, ...``: the letter, then the rest of the name (the whole name where the
    letter is not its initial, as K for Black)."""
    named = ((letter(config, color.letter), colour_name(color.name)) for color in config.colors)
    return ", ".join(f"{initial}-{name[1:] if name[:1] == initial else name}" for initial, name in named)


def board(attempt: Attempt) -> str:
    """The guesses so far, newest on top as on the physical board: the guess's pegs, then its key
    pegs (b black, w white) padded to the code's length, tab-separated."""
    pegs = attempt.config.pegs
    # Translators: the race board's key pegs: b for each right colour in the right place, w for each in the wrong place.
    black, white = pgettext("race key peg", "b"), pgettext("race key peg", "w")
    rows = [
        "\t".join([*shown(turn.guess, attempt.config), *turn.feedback.key_pegs(black, white, ""),
                   *[""] * (pegs - sum(turn.feedback))])
        for turn in reversed(attempt.history)
    ]
    return "\n".join(rows)


def play_match(console: Console, race: Race, autoplay: Autoplay) -> None:
    """The rounds of one race, then the winner."""
    config = race.config
    console.say(_("Great! codes have been initialized for both players. Let's begin."), "", note(config))
    for attempt in race.attempts:
        name = attempt.breaker.name
        if attempt.round > 1 and attempt.breaker == race.players[0]:
            console.say(_("New codes have been initialized for both players."),
                        _("Let's begin [Round {round}]").format(round=attempt.round))
        elif attempt.breaker != race.players[0]:
            console.say(_("{name}, it is now your turn to play.").format(name=name))
        while not attempt.over:
            points = next(row.points for row in race.scores if row.name == name)
            console.say("")
            turns.guess(
                console,
                race,
                autoplay,
                _("[Round {round}, Guess {number}] Total Points for {name} : {points}\n"
                  "{name}, please enter guess ({colours}) : ").format(
                    round=attempt.round, number=attempt.guesses_made + 1, name=name, points=points,
                    colours=colour_names(config)),
                lambda _text, error: f"{said(error)}\n{note(config)}",
                lambda code: _("[Round {round}, Guess {number}] {name}'s guess: {guess}").format(
                    round=attempt.round, number=attempt.guesses_made, name=name, guess=shown(code, config)),
            )
            console.say(board(attempt))
        if attempt.won:
            console.say(_("Congratulations, {name}! You have guessed the code!").format(name=name))
        else:
            made = attempt.guesses_made
            console.say(
                ngettext("{name}, you did not guess the passcode in {count} guess.",
                         "{name}, you did not guess the passcode in {count} guesses.", made).format(name=name, count=made),
                ngettext("{penalty} points will be added to the {count}-point total for not guessing correctly.",
                         "{penalty} points will be added to the {count}-point total for not guessing correctly.",
                         FAILED_ROUND_PENALTY).format(penalty=FAILED_ROUND_PENALTY, count=made),
            )
        console.say("")
        if attempt.breaker == race.players[-1]:
            console.say(_("Totals:"), *(_("{name}: {points}").format(name=row.name, points=row.points) for row in race.scores), "")
    result = race.result
    assert result is not None
    console.say(
        _("Oh no! It's a tie! Try playing again to settle the tiebreak.")
        if result.tie
        else _("Congratulations, {winner}! You are the winner!").format(winner=result.winner)
    )


def play(console: Console, config: Config, rng: random.Random) -> None:
    """Welcome, the players' names, then races until the players quit."""
    console.say(
        _("Welcome to Mastermind!"),
        _("A game of logic, with a bit of chance."),
        "",
        ngettext(
            "Each round, each player breaks a secret code of {pegs} colors drawn by the computer, "
            "with at most {count} guess. Every guess costs 1 point; a code not broken "
            "costs {penalty} more. After each guess you see your guesses so far, newest on top, "
            "with a b for each peg of the right color in the right place and a w for each right color in the "
            "wrong place. The lowest total after the last round wins.",
            "Each round, each player breaks a secret code of {pegs} colors drawn by the computer, "
            "with at most {count} guesses. Every guess costs 1 point; a code not broken "
            "costs {penalty} more. After each guess you see your guesses so far, newest on top, "
            "with a b for each peg of the right color in the right place and a w for each right color in the "
            "wrong place. The lowest total after the last round wins.",
            config.max_guesses,
        ).format(pegs=config.pegs, count=config.max_guesses, penalty=FAILED_ROUND_PENALTY),
        "",
        _("This game is for 2 players."),
    )
    names: list[str] = []
    for number in (1, 2):
        names.append(
            console.ask(
                _("Player {number} name? ").format(number=number),
                lambda text: lineup([*names, text], range(number, number + 1))[-1].name,
                lambda _text, error: said(error),
            )
        )
    again = True
    while again:
        rounds = console.ask(
            _("Number of rounds? "),
            check_rounds,
            lambda _text, error: _("Invalid number of rounds. Please enter an integer between "
                                   "{low} and {high}, inclusive.").format(low=MIN_ROUNDS, high=MAX_ROUNDS),
        )
        play_match(console, Race(names, rounds, config=config, rng=rng), Autoplay(rng))
        again = console.choose(_("Play again (Y-es, Q-uit)? "), play_again(), _("Invalid input."))
