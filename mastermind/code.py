"""Codes: the secret and every guess are the same kind of value, a row of colour letters."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import dataclass

from .config import Config
from .errors import CodeError
from .i18n import _, colour_name, ngettext


def unknown_letters(unknown: list[str], palette: str) -> CodeError:
    """The refusal of a code whose `unknown` letters (as typed) are not in `palette` (its letters
    as shown, space-separated).

    >>> error = unknown_letters(["X", "Z"], "B G O P R Y")
    >>> str(error), error.sentence
    ('X and Z are not in the palette (B G O P R Y)', 'X and Z are not in the palette (B G O P R Y).')
    """
    names = unknown[0]
    for later in unknown[1:]:
        # Translators: letters a code may not hold, listed: "X and Z" (then "X and Z and W").
        names = _("{earlier} and {last}").format(earlier=names, last=later)
    count = len(unknown)
    return CodeError(
        ngettext("{letters} is not in the palette ({palette})", "{letters} are not in the palette ({palette})",
                 count).format(letters=names, palette=palette),
        ngettext("{letters} is not in the palette ({palette}).", "{letters} are not in the palette ({palette}).",
                 count).format(letters=names, palette=palette),
    )


@dataclass(frozen=True, order=True)
class Code:
    """A row of pegs written as colour letters, e.g. ``Code("RGBY")``.

    A `Code` knows nothing of any palette: :meth:`parse` checks text against a
    :class:`~mastermind.config.Config` and is the way in for anything a person typed.

    >>> code = Code.parse(" rgby ", Config(colors=["Red", "Green", "Blue", "Yellow"]))
    >>> str(code), len(code), list(code)
    ('RGBY', 4, ['R', 'G', 'B', 'Y'])
    """

    letters: str

    def __str__(self) -> str:
        return self.letters

    def __len__(self) -> int:
        return len(self.letters)

    def __iter__(self) -> Iterator[str]:
        return iter(self.letters)

    @property
    def has_repeats(self) -> bool:
        """Whether some colour stands in the code more than once."""
        return len(set(self.letters)) < len(self.letters)

    @classmethod
    def parse(cls, text: str, config: Config) -> Code:
        """Read a code a person typed: case and spaces do not matter (``r g b y`` is ``RGBY``, as a
        person spacing the pegs to count them means it).

        >>> Code.parse("RRB", Config())
        Traceback (most recent call last):
        ...
        mastermind.errors.CodeError: a code has 4 pegs, this has 3
        >>> Code.parse("RBXZ", Config())
        Traceback (most recent call last):
        ...
        mastermind.errors.CodeError: X and Z are not in the palette (B G O P R Y)
        """
        letters = "".join(text.split()).upper()
        if not letters:
            raise CodeError(
                ngettext("the code is empty; enter {count} colour", "the code is empty; enter {count} colours",
                         config.pegs).format(count=config.pegs),
                ngettext("The code is empty; enter {count} colour.", "The code is empty; enter {count} colours.",
                         config.pegs).format(count=config.pegs),
            )
        if len(letters) != config.pegs:
            # Translators: {length} is how many pegs the refused code has.
            message = ngettext("a code has {count} peg, this has {length}", "a code has {count} pegs, this has {length}",
                               config.pegs).format(count=config.pegs, length=len(letters))
            sentence = ngettext("A code has {count} peg, this has {length}.", "A code has {count} pegs, this has {length}.",
                                config.pegs).format(count=config.pegs, length=len(letters))
            raise CodeError(message, sentence)
        unknown = sorted(set(letters) - set(config.letters), key=letters.index)
        if unknown:
            raise unknown_letters(unknown, " ".join(config.letters))
        code = cls(letters)
        if code.has_repeats and not config.allow_duplicates:
            repeated = next(letter for letter in letters if letters.count(letter) > 1)
            colour = colour_name(config.color(repeated).name)
            raise CodeError(
                _("{colour} is used twice; colours may not repeat in this game").format(colour=colour),
                _("{colour} is used twice; colours may not repeat in this game.").format(colour=colour),
            )
        return code

    @classmethod
    def random(cls, config: Config, rng: random.Random) -> Code:
        """A code drawn with `rng`, so a seeded `rng` gives the same code everywhere."""
        if config.allow_duplicates:
            return cls("".join(rng.choice(config.letters) for _ in range(config.pegs)))
        return cls("".join(rng.sample(config.letters, config.pegs)))

    @classmethod
    def all(cls, config: Config) -> Iterator[Code]:
        """Every code `config` allows, in palette order.

        >>> [str(code) for code in Code.all(Config(pegs=2, colors=2))]
        ['BB', 'BG', 'GB', 'GG']
        """
        rows = (
            itertools.product(config.letters, repeat=config.pegs)
            if config.allow_duplicates
            else itertools.permutations(config.letters, config.pegs)
        )
        return (cls("".join(row)) for row in rows)
