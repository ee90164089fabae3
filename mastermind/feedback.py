"""Scoring a guess against the secret: black key pegs for exact matches, white for right colour,
wrong place. Each peg earns at most one key peg, and exact matches are counted first."""

from __future__ import annotations

import operator
from collections import Counter
from typing import NamedTuple

from .code import Code
from .errors import key_pegs_text
from .i18n import _, ngettext


class Feedback(NamedTuple):
    """The key pegs of one guess. ``str()`` is the form the page and screen readers use.

    >>> str(Feedback(2, 1))
    '2 black, 1 white'
    """

    black: int
    white: int

    def __str__(self) -> str:
        return key_pegs_text((self.black, self.white))

    def is_win(self, pegs: int) -> bool:
        """Whether every peg of a `pegs`-long code is exact."""
        return self.black == pegs

    def history_text(self) -> str:
        """The classic console's history column.

        >>> Feedback(2, 0).history_text()
        '2B_0W'
        """
        # Translators: the classic console's history column: B after the black pegs, W after the white.
        return _("{black}B_{white}W").format(black=self.black, white=self.white)

    def sentence(self) -> str:
        """The classic console's result line.

        >>> [Feedback(0, 0).sentence(), Feedback(1, 0).sentence(), Feedback(2, 1).sentence()]
        ['No pegs', '1 black peg', '2 black pegs and 1 white peg']
        """
        black = ngettext("{count} black peg", "{count} black pegs", self.black).format(count=self.black)
        white = ngettext("{count} white peg", "{count} white pegs", self.white).format(count=self.white)
        if self.black and self.white:
            # Translators: the key pegs of a guess, both kinds: "2 black pegs and 1 white peg".
            return _("{black} and {white}").format(black=black, white=white)
        if self.black:
            return black
        return white if self.white else _("No pegs")

    def key_pegs(self, black: str = "K", white: str = "W", sep: str = " ") -> str:
        """Key pegs as letters, black first: the tournament writes ``K K W``, the duel ``RRW``.

        >>> Feedback(2, 1).key_pegs(), Feedback(2, 1).key_pegs("R", "W", "")
        ('K K W', 'RRW')
        """
        return sep.join([black] * self.black + [white] * self.white)


def feedback(secret: Code | str, guess: Code | str) -> Feedback:
    """Score `guess` against `secret` (codes, or strings of colour letters of the same length).

    >>> feedback("RBYR", "BBRG"), feedback("RRRR", "RBBY"), feedback("WWKK", "WWWK")
    (Feedback(black=1, white=1), Feedback(black=1, white=0), Feedback(black=3, white=0))
    """
    secret, guess = str(secret), str(guess)
    if len(secret) != len(guess):
        raise ValueError(f"codes of different lengths: {secret!r} has {len(secret)}, {guess!r} has {len(guess)}")
    black = sum(map(operator.eq, secret, guess))  # the lengths are equal: checked above
    common = sum((Counter(secret) & Counter(guess)).values())
    return Feedback(black, common - black)
