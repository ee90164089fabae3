"""The classic console game (source text 000), word for word: the computer draws a secret, one
person breaks it, ``HISTORY`` shows the board so far. The rules are :class:`mastermind.Game`'s."""

from __future__ import annotations

import random

from ..code import Code
from ..config import Config
from ..errors import CodeError, HardModeError, hard_mode_refusal
from ..game import Game
from ..i18n import N_, _, colour_name, ngettext
from ..palette import Color
from . import review
from .console import NOT_TEXT, YES_NO_REFUSAL, Console, NotTextError, yes_no
from .texts import either, initials_suffice, letter, number_word, outside, palette_line, shown, typed

GUESS_PROMPT = N_("What is your next guess?\nType in the characters for your guess and press enter.\nEnter guess: ")

HARD_RULE = N_(
    "Hard mode is on: every guess must fit the feedback of all your earlier guesses, as if it could "
    "still be the secret code. A guess that does not is refused and does not count."
)

READY = N_("Are you ready to play? (Y/N): ")
ANOTHER = N_("Are you ready for another game (Y/N): ")


def rules(config: Config, hard: bool = False) -> str:
    """The greeting and rules, with the numbers and colours of `config`; for the classic settings
    it is the source text exactly (hard mode adds a paragraph of its own)."""
    names = [colour_name(color.name).lower() for color in config.colors]
    # The source explains letters with Blue and Red; a palette without them uses its first two.
    explained = [color for color in config.colors if color.name in ("Blue", "Red")]
    first, second = explained if len(explained) == 2 else config.colors[:2]
    code = " ".join([
        ngettext(
            "The computer will think of a secret code. The code consists of {count} colored peg.",
            "The computer will think of a secret code. The code consists of {count} colored pegs.",
            config.pegs,
        ).format(count=config.pegs),
        # Translators: {number} is a number in words ("six"), {colours} the colours' names ("blue, green, or red").
        ngettext("The pegs MUST be one of {number} colors: {colours}.", "The pegs MUST be one of {number} colors: {colours}.",
                 len(names)).format(number=number_word(len(names)), colours=either(names)),
        _("A color may appear more than once in the code.") if config.allow_duplicates
        else _("A color may not appear more than once in the code."),
        _("You try to guess what colored pegs are in the code and what order they are in. "
          "After you make a valid guess the result (feedback) will be displayed."),
    ])
    return "\n\n".join(
        [
            _("Welcome to Mastermind. Here are the rules."),
            _("This is a text version of the classic board game Mastermind."),
            code,
            _("The result consists of a black peg for each peg you have guessed exactly correct (color and position) "
              "in your guess. For each peg in the guess that is the correct color, but is out of position, you get a "
              "white peg. For each peg, which is fully incorrect, you get no feedback."),
            letters_rule(config, first, second),
            *([_(HARD_RULE)] if hard else []),
            ngettext(
                "You have {count} guess to figure out the secret code or you lose the game.",
                "You have {count} guesses to figure out the secret code or you lose the game.",
                config.max_guesses,
            ).format(count=config.max_guesses) + " " + _(READY),
        ]
    )


def letters_rule(config: Config, first: Color, second: Color) -> str:
    """How colours are written and typed: the source's "first letter" sentence where every colour's
    letter is its name's initial, else each colour's letter, since the initial would be misread
    (German Gelb is E: G is Grün)."""
    if initials_suffice(config):
        # Translators: {first_letter} is the letter of colour {first}, as "B for Blue".
        return _("Only the first letter of the color is displayed. {first_letter} for {first}, "
                 "{second_letter} for {second}, and so forth. When entering guesses you only need to enter the "
                 "first character of each color as a capital letter.").format(
                    first_letter=letter(config, first.letter), first=colour_name(first.name),
                    second_letter=letter(config, second.letter), second=colour_name(second.name))
    # Translators: {palette} lists each colour's letter and name, as "B - Blue, G - Green".
    return _("Each color is displayed as one letter: {palette}. When entering guesses you only need to enter "
             "these letters.").format(palette=palette_line(config))


def guesses_left(count: int) -> str:
    return ngettext("You have {count} guess left.", "You have {count} guesses left.", count).format(count=count)


def play_one(console: Console, game: Game, reveal: bool) -> None:
    """One game, from the secret to the win or loss line."""
    config = game.config
    if reveal:
        console.say(_("Generating secret code ... (for this example the secret code is {secret})").format(
            secret=shown(game.secret, config)))
    else:
        console.say(_("Generating secret code ..."))
    console.say(guesses_left(game.guesses_left))
    while not game.over:
        try:
            text = console.line(_(GUESS_PROMPT))
        except NotTextError:
            console.say(_(NOT_TEXT))
            continue
        # Translators: the word a player types to see the board so far (English's HISTORY always works too).
        if text.strip().upper() in ("HISTORY", _("HISTORY").upper()):
            console.say(*(f"{shown(turn.guess, config)}\t\t{turn.feedback.history_text()}" for turn in game.history))
            continue
        try:
            result = game.guess(typed(text, config))
        except HardModeError as refusal:
            why = hard_mode_refusal(refusal.number, shown(refusal.earlier, config), refusal.earned, refusal.would)
            console.say(f"{outside(text.strip().upper())} -> {why}")
            continue
        except CodeError:
            console.say(_("{guess} -> INVALID GUESS").format(guess=outside(text)))
            continue
        guess = shown(game.history[-1].guess, config)
        if game.won:
            console.say(_("{guess} -> Result: {result} - You win !!").format(guess=guess, result=result.sentence()))
        elif game.lost:
            console.say(_("{guess} -> Result: {result}").format(guess=guess, result=result.sentence()),
                        _("Sorry, you are out of guesses. You lose, boo-hoo."))
        else:
            console.say(_("{guess} -> Result: {result}").format(guess=guess, result=result.sentence()),
                        guesses_left(game.guesses_left))


def play(console: Console, config: Config, rng: random.Random, reveal: bool, hard: bool = False,
         reviews: bool = False) -> None:
    """Greet, then play games until the person says no more; each secret is drawn from `rng`.
    REVIEW typed at the question after a game prints its review; with `reviews`, each game's is
    printed at its end."""
    prompt, again = rules(config, hard), _(READY)
    game: Game | None = None
    while True:
        answers: dict[str, bool | None] = {**yes_no(), **(review.answers() if game else {})}
        answer = console.choose(prompt, answers, _(YES_NO_REFUSAL), again)
        if answer is None and game is not None:
            console.say(*review.lines(game))
            prompt = again
            continue
        if not answer:
            return
        game = Game(config, secret=Code.random(config, rng), hard=hard)
        play_one(console, game, reveal)
        if reviews:
            console.say(*review.lines(game))
        prompt = again = _(ANOTHER)
