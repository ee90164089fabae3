"""The review of a classic game in the terminal: skill and luck guess by guess, and the sentence
that sums them up (:mod:`mastermind.solver.skill`, the same figures as the page's Review)."""

from __future__ import annotations

from ..config import Config
from ..game import Game
from ..i18n import _
from ..i18n import number as written
from ..solver import finish
from ..solver.skill import review
from .console import in_both
from .texts import shown


def answers() -> dict[str, None]:
    """The answers that ask for the last game's review at the question after it: English's
    ``review`` always, as HISTORY always works in a game, and the language's word."""
    # Translators: the word a player types after a game to see its review (English's REVIEW always works too).
    return in_both({"review": None}, {_("REVIEW").strip(): None})


def lines(game: Game) -> list[str]:
    """The review of a finished `game`: what the figures mean, a row per guess, the summary."""
    config: Config = game.config
    figures = finish(review(config, game.secret, game.history))
    rows = [
        _("Review, HAL9000 playing on. Skill: the guesses a choice cost on average against HAL9000's "
          "(below 0: better). Luck: the chance of doing at least this well."),
        "\t".join([_("Guess"), _("Codes before"), _("Codes after"), "HAL9000", _("Skill"), _("Luck")]),
    ]
    for turn, row in zip(game.history, figures.rows, strict=True):
        if row is None:
            rows.append("\t".join([shown(turn.guess, config), "", "", "", "-", "-"]))
        else:
            rows.append("\t".join([shown(turn.guess, config), written(row.codes), written(row.left),
                                   shown(row.best, config), row.skill_text(), row.luck_text()]))
    rows.append(figures.summary())
    return rows
