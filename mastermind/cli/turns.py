"""Moves of a multiplayer match as the terminal makes them: the match says whose move is due, a
person types it (asked again until the match takes it), a computer player's is asked of its
engine. The order of play and every check are the match's; codes are typed in the language's
letters (:func:`~mastermind.cli.texts.typed`)."""

from __future__ import annotations

from collections.abc import Callable

from ..autoplay import Autoplay
from ..code import Code
from ..errors import MoveError
from ..i18n import _
from ..lab import Problem
from ..match import Attempt, Match, Phase
from .console import Console, Refusal
from .texts import outside, typed


def due(match: Match) -> Phase:
    """The move the match waits for. A hand-over is confirmed at once: secrets are typed unseen,
    so the terminal needs no screen in between."""
    if match.phase is Phase.HANDOVER:
        assert match.player is not None
        match.ready(match.player.name)
    return match.phase


def set_secret(console: Console, match: Match, prompt: str, refusal: Refusal) -> Attempt:
    """The code the person whose turn it is makes, typed unseen."""
    if due(match) is not Phase.SECRET or match.player is None:  # a code due is a person's: computers' are drawn
        raise MoveError(_("no person's secret is due; {status}").format(status=match.status))
    name = match.player.name
    rules = match.config
    return console.ask(prompt, lambda text: match.set_secret(name, typed(text, rules)), refusal, hidden=True)


def guess(
    console: Console, match: Match, autoplay: Autoplay, prompt: str, refusal: Refusal, shown: Callable[[Code], str]
) -> Attempt:
    """The next guess of the breaker whose turn it is: typed by a person, or made by a computer
    player and written out with `shown`. A computer player whose strategy file fails says so and
    gives its attempt up."""
    if due(match) is not Phase.GUESS or match.player is None:
        raise MoveError(_("no guess is due; {status}").format(status=match.status))
    if match.player.computer:
        name = match.player.name
        try:
            attempt = autoplay.step(match)
        except Problem as problem:
            console.say(_("{breaker} failed: {sentence}").format(breaker=name, sentence=outside(problem.sentence, 400)))
            return match.resign(name)
        console.say(shown(attempt.history[-1].guess))
        return attempt
    name = match.player.name
    rules = match.config
    return console.ask(prompt, lambda text: match.guess(name, typed(text, rules)), refusal)
