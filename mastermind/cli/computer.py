"""Computer breaks your code: a person types a secret unseen, a computer player breaks it move by
move. The moves are the solver's, the scoring is :class:`mastermind.Game`'s."""

from __future__ import annotations

import random

from ..config import Config
from ..game import Game
from ..i18n import _, ngettext
from ..solver import codebreaker
from .classic import ANOTHER
from .console import YES_NO_REFUSAL, Console, yes_no
from .texts import palette_line, reason, shown, typed


def play_one(console: Console, config: Config, rng: random.Random, breaker: str) -> None:
    """One code: the person's secret, then the computer's guesses until it wins or runs out."""
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
    player = codebreaker(breaker, config, rng)
    while not game.over:
        result = game.guess(player.next_guess(game.history))
        console.say(_("{breaker}'s guess: {guess} -> Result: {result}").format(
            breaker=breaker, guess=shown(game.history[-1].guess, config), result=result.sentence()))
    if game.won:
        console.say(ngettext("{breaker} broke your code in {count} guess.", "{breaker} broke your code in {count} guesses.",
                             game.guesses_made).format(breaker=breaker, count=game.guesses_made))
    else:
        console.say(_("{breaker} is out of guesses. Your code {code} was not broken - You win !!").format(
            breaker=breaker, code=shown(game.secret, config)))


def play(console: Console, config: Config, rng: random.Random, breaker: str) -> None:
    """Codes until the person has had enough."""
    again = True
    while again:
        play_one(console, config, rng, breaker)
        again = console.choose(_(ANOTHER), yes_no(), _(YES_NO_REFUSAL))
