"""Computer breaks your code: a person types a secret unseen, a computer player breaks it move by
move. The moves are the solver's, the scoring is :class:`mastermind.Game`'s."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from .. import lab
from ..config import Config
from ..errors import StrategyError
from ..game import Game, Turn
from ..i18n import _, ngettext
from ..solver import codebreaker
from .classic import ANOTHER
from .console import YES_NO_REFUSAL, Console, yes_no
from .lab import alarm, read
from .texts import outside, palette_line, reason, shown, typed

Guesses = Callable[[list[Turn]], str]
"""The breaker's next guess after a game's history (raises :class:`mastermind.lab.Problem` when a
strategy file fails)."""


def mind(config: Config, rng: random.Random, breaker: str, strategy: lab.Strategy | None, limit: float | None) -> Guesses:
    """The moves of the computer player `breaker`, or of the `strategy` file seated for one game."""
    player = codebreaker(breaker, config, rng) if strategy is None else lab.Breaker(strategy, config, limit, alarm)
    return lambda history: str(player.next_guess(history))


def play_one(console: Console, config: Config, rng: random.Random, breaker: str,
             strategy: lab.Strategy | None = None, limit: float | None = None) -> None:
    """One code: the person's secret, then the computer's guesses until it wins or runs out (or a
    strategy file fails: then the person wins, as when the guesses run out)."""
    pegs = ngettext("{count} peg", "{count} pegs", config.pegs).format(count=config.pegs)
    guesses = ngettext("{count} guess", "{count} guesses", config.max_guesses).format(count=config.max_guesses)
    repeats = (_("Valid colors: {palette}. A color may appear more than once in the code.") if config.allow_duplicates
               else _("Valid colors: {palette}. A color may not appear more than once in the code."))
    console.say(
        # Translators: {pegs} is "4 pegs", {guesses} is "10 guesses".
        _("{breaker} will break your secret code of {pegs} in at most {guesses}.").format(
            breaker=breaker, pegs=pegs, guesses=guesses),
        repeats.format(palette=palette_line(config)),
    )
    game = console.ask(
        _("Enter your secret code (it is not shown): "),
        lambda text: Game(config, secret=typed(text, config)),
        lambda _text, error: _("-> INVALID CODE: {reason}").format(reason=reason(error)),
        hidden=True,
    )
    player = mind(config, rng, breaker, strategy, limit)
    while not game.over:
        try:
            guess = player(list(game.history))
        except lab.Problem as problem:
            console.say(_("{breaker} failed: {sentence}").format(breaker=breaker, sentence=outside(problem.sentence, 400)),
                        _("Your code {code} was not broken - You win !!").format(code=shown(game.secret, config)))
            return
        result = game.guess(guess)
        console.say(_("{breaker}'s guess: {guess} -> Result: {result}").format(
            breaker=breaker, guess=shown(game.history[-1].guess, config), result=result.sentence()))
    if game.won:
        console.say(ngettext("{breaker} broke your code in {count} guess.", "{breaker} broke your code in {count} guesses.",
                             game.guesses_made).format(breaker=breaker, count=game.guesses_made))
    else:
        console.say(_("{breaker} is out of guesses. Your code {code} was not broken - You win !!").format(
            breaker=breaker, code=shown(game.secret, config)))


def play(console: Console, config: Config, rng: random.Random, breaker: str, player: Path | None = None,
         limit: float | None = None) -> None:
    """Codes until the person has had enough; `player`, a strategy file, breaks them instead of
    the computer player `breaker`."""
    strategy = None
    if player is not None:
        try:
            strategy = read(player)
        except StrategyError as error:
            console.say(outside(str(error), 400))
            return
        breaker = outside(strategy.name)
    again = True
    while again:
        play_one(console, config, rng, breaker, strategy, limit)
        again = console.choose(_(ANOTHER), yes_no(), _(YES_NO_REFUSAL))
