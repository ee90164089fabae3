"""Duel (source text 004): two players take turns making and breaking codes over an even number
of runs. Names, runs, turns and points are :class:`mastermind.duel.Duel`'s; a player called
HAL9000 or VIKI is played by the computer."""

from __future__ import annotations

import random

from ..autoplay import Autoplay
from ..config import Config
from ..duel import Duel, check_runs
from ..i18n import _, pgettext
from ..players import lineup
from . import turns
from .console import Console
from .texts import palette_line, reason, said, shown


def names(text: str) -> list[str]:
    """The two names typed on one line, as the source asks for them; checked by the match's rules."""
    typed_names = text.split()
    if len(typed_names) != 2:
        raise ValueError(_("Please enter two names, separated by a space."))
    return [player.name for player in lineup(typed_names)]


def play(console: Console, config: Config, rng: random.Random) -> None:
    """One duel, from the names to the winner."""
    first, second = console.ask(
        _("Please enter the names of the players: "),
        names,
        lambda _text, error: said(error),
    )
    console.say(_("Welcome {first} and {second}").format(first=first, second=second), "")
    runs = console.ask(
        _("Please enter the number of runs: "),
        check_runs,
        lambda _text, error: _("Invalid number of runs! ({reason})").format(reason=reason(error)),
    )
    console.say("")
    duel = Duel([first, second], runs, config=config, rng=rng)
    autoplay = Autoplay(rng)
    # Translators: the duel's key pegs as letters: R for each right colour in the right place, W for each in the wrong place.
    right, wrong = pgettext("duel key peg", "R"), pgettext("duel key peg", "W")
    for attempt in duel.attempts:
        maker, breaker = attempt.maker, attempt.breaker
        assert maker is not None
        console.say(_("{maker}, it is your turn to select the secret!").format(maker=maker),
                    _("Valid colors: {palette}").format(palette=palette_line(config)))
        if maker.computer:
            console.say(_("{maker} has selected the secret.").format(maker=maker))
        else:
            turns.set_secret(console, duel, _("{maker}, please enter your secret: ").format(maker=maker),
                             lambda _t, e: _("Invalid secret! ({reason})").format(reason=reason(e)))
        console.say("")
        while not attempt.over:
            turns.guess(
                console,
                duel,
                autoplay,
                _("{breaker}, please enter your guess: ").format(breaker=breaker),
                lambda _text, error: _("Invalid guess! ({reason})").format(reason=reason(error)),
                lambda code: _("{breaker}'s guess: {guess}").format(breaker=breaker, guess=shown(code, config)),
            )
            if not attempt.won:
                result = attempt.history[-1].feedback
                console.say(result.key_pegs(right, wrong, "") or result.sentence())
        console.say(_("{breaker}, you won this run!").format(breaker=breaker) if attempt.won
                    else _("{breaker}, you're out of chances, you lost this run!").format(breaker=breaker), "")
    outcome = duel.result
    assert outcome is not None
    (one, one_points), (two, two_points) = ((row.name, row.points) for row in outcome.scores)
    console.say(_("The game has ended!"), _("{one}: {one_points} - {two}: {two_points}").format(
        one=one, one_points=one_points, two=two, two_points=two_points))
    console.say(_("{one} and {two}, there is a tie!").format(one=one, two=two) if outcome.tie
                else _("Congrats {winner}, you have won the game!").format(winner=outcome.winner))

