"""Skill and luck, guess by guess: the review of a finished game that tells one from the other.

Every figure is exact, over the codes still possible before a guess, each equally likely:

* **Skill** of a guess: the expected number of guesses still needed after it (HAL9000 playing
  on from the feedback it gets), minus the same after HAL9000's own guess in that position. The
  difference is in guesses: +0.21 means the choice cost a fifth of a guess on average; 0 that it
  was as good as the engine's; below 0 that it was better (HAL9000 is optimal only on the 4x6
  tree). A guess that wins needs no more guesses for the code it hit, but the figure is the
  average over every code that was possible: a lucky win can still cost skill. With one code
  left, guessing it costs nothing and anything else costs exactly one guess.
* **Luck** of a guess: the chance of doing at least this well, over the feedbacks the guess
  could have received, each weighted by the codes that give it. "Well" is measured by the codes
  left after the feedback (a win leaves none). Feedbacks leaving exactly as many codes as the one
  received are ties: they count as doing as well, and :attr:`GuessFigures.tied` says how many
  codes gave one. A guess whose every code gives an outcome as good (one code left, or a guess
  that could only split one way) has a chance of 1: no luck was involved.

The game's totals add up exactly: the guesses taken (the win included) equal HAL9000's expected
number from the start, plus the guesses lost to choices (the skill column), minus the guesses
luck saved (:attr:`GuessFigures.saved`: the expected guesses still needed after the guess, minus
the guesses HAL9000 would need on average from where the feedback actually led). For a game
lost, the guesses taken plus HAL9000's expected number from the last position obey the same sum.

HAL9000's play-on is computed once per position (history) and shared: the position after the
player's guess k is the one guess k + 1 starts from, so its figures cost nothing more, and a
guess the engine would have played itself costs no extra search at all.

>>> from mastermind import Config
>>> from mastermind.solver import finish
>>> figures = finish(review(Config(), "RBYR", [("BBGO", Feedback(0, 1)), ("RYRB", Feedback(1, 3))]))
>>> figures.rows[0].skill  # HAL9000's own first guess
Fraction(0, 1)
>>> figures.start == Fraction(5626, 1296)  # the tree's average
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import NamedTuple

from ..code import Code
from ..config import Config
from ..feedback import Feedback
from ..i18n import _
from ..i18n import number as written
from .breaker import History
from .clock import Thinking
from .constraints import Constraints
from .hal import HAL9000
from .space import CodeSpace, Digits
from .strategy import Strategy, data_name

FIGURES_LIMIT = 1_296
"""Skill and luck are worked out from the first position with at most this many codes possible:
HAL9000 plays on against every one of them (a whole classic game's worth). Before it (the first
guesses of a larger game) the row has no figures."""
REVIEW_SEED = 0
"""The engine behind reviews is seeded (as hints are): the same game always gets the same figures."""

TABLE_FORMAT = 2
"""The format of the first-guess tables ``tools/review_table.py`` writes: for every first guess,
the total after every feedback it can get. Format 1, still read, held only their sum, so a review
still plays out the part the feedback received left: about half of a 4x6 review's time."""

Path = tuple[tuple[Digits, int], ...]
"""A position: the guesses so far (digits) with their feedback indices."""


class FirstGuess(NamedTuple):
    """A first guess's entry of a shipped table: the sum over every code of the guesses still
    needed after it, and (format 2) that sum's part after each feedback it can get but a win, in
    order of feedback index."""

    total: int
    parts: tuple[int, ...] | None


@dataclass(frozen=True)
class GuessFigures:
    """One guess of a finished game with its skill and luck (the module docstring defines them).

    Totals are sums over the `codes` possible before the guess, so every average is exact:
    `player_total` and `best_total` of the guesses still needed after the player's guess and after
    HAL9000's guess `best`; `better` and `tied` count the codes whose feedback would have left fewer
    codes than the one received, and as many (the secret's own among them); `left` is how many
    codes the feedback received left (after a win, 1: the secret); `then_total` is the part of
    `player_total` from those codes."""

    number: int
    guess: Code
    feedback: Feedback
    codes: int
    left: int
    won: bool
    best: Code
    player_total: int
    best_total: int
    better: int
    tied: int
    then_total: int

    @property
    def player_expected(self) -> Fraction:
        """Expected guesses still needed after the player's guess."""
        return Fraction(self.player_total, self.codes)

    @property
    def best_expected(self) -> Fraction:
        """Expected guesses still needed after HAL9000's guess in the same position."""
        return Fraction(self.best_total, self.codes)

    @property
    def skill(self) -> Fraction:
        """Guesses lost to this choice on average (below 0: better than the engine's)."""
        return self.player_expected - self.best_expected

    @property
    def chance(self) -> Fraction:
        """The chance of doing at least this well (ties included)."""
        return Fraction(self.better + self.tied, self.codes)

    @property
    def tie_chance(self) -> Fraction:
        """The chance of an outcome exactly as good (leaving as many codes)."""
        return Fraction(self.tied, self.codes)

    def skill_text(self) -> str:
        """The skill column: guesses lost, signed, to two places.

        >>> from dataclasses import replace
        >>> row = GuessFigures(1, Code("RRGG"), Feedback(0, 1), 1296, 256, False, Code("BBGO"), 4500, 4330, 0, 0, 0)
        >>> row.skill_text(), replace(row, player_total=4330).skill_text()
        ('+0.13', '0.00')
        """
        return signed(self.skill)

    def luck_text(self) -> str:
        """The luck column: the chance of doing at least this well, in words, and the chance of
        a tie when other feedbacks would have left as many codes.

        >>> from dataclasses import replace
        >>> row = GuessFigures(2, Code("RRGG"), Feedback(0, 1), 12, 3, False, Code("BBGO"), 0, 0, 1, 7, 0)
        >>> row.luck_text(), replace(row, better=0, tied=1).luck_text(), replace(row, better=0, tied=12).luck_text()
        ('7 in 10 (ties: about even)', '1 in 12', 'no luck involved')
        """
        if self.tied == self.codes:
            return _("no luck involved")
        # Translators: a guess's luck when every other feedback would have done at least as well.
        chance = _("the worst outcome") if self.chance == 1 else chance_words(self.chance)
        if self.tied > self.left:
            # Translators: a guess's luck: {chance} of doing at least this well, {ties} of an outcome as good ("1 in 5").
            return _("{chance} (ties: {ties})").format(chance=chance, ties=chance_words(self.tie_chance))
        return chance

    @property
    def saved(self) -> Fraction:
        """Guesses luck saved: expected guesses still needed after the guess, minus HAL9000's
        average from where the feedback led (none after a win). Below 0: luck cost guesses."""
        return self.player_expected - Fraction(self.then_total, self.left)


@dataclass(frozen=True)
class Review:
    """The figures of every guess of a game, and HAL9000's expected guesses from its start."""

    rows: tuple[GuessFigures | None, ...]
    """One per guess; None for a guess made while too many codes were possible (:data:`FIGURES_LIMIT`)."""
    start: Fraction | None
    """Expected guesses HAL9000 takes to win from the first position with figures (its guess
    included), None when no guess has figures."""
    remaining: Fraction
    """HAL9000's expected guesses from where the game ended: 0 after a win."""

    @property
    def lost(self) -> Fraction:
        """Guesses lost to choices over the game (the sum of the skill column)."""
        return sum((row.skill for row in self.rows if row is not None), Fraction(0))

    @property
    def saved(self) -> Fraction:
        """Guesses luck saved over the game (below 0: luck cost guesses)."""
        return sum((row.saved for row in self.rows if row is not None), Fraction(0))

    def summary(self) -> str:
        """The game in one sentence: the guesses taken against HAL9000's average, the guesses
        lost to choices and those luck saved (or cost), which add up exactly.

        >>> from mastermind import Config
        >>> from mastermind.solver import finish
        >>> print(finish(review(Config(), "RBYR", [("BBGO", Feedback(0, 1)), ("RYRB", Feedback(1, 3)),
        ...                                       ("RBYR", Feedback(4, 0))])).summary())
        3 guesses against HAL9000's 4.34 on average: 0.02 lost to your choices, 1.36 saved by luck.
        """
        figured = [row for row in self.rows if row is not None]
        if not figured or self.start is None:
            return _("Too many codes were possible for skill and luck figures.")
        taken = len(figured) + self.remaining
        values = {"taken": written(float(taken), 0 if self.remaining == 0 else 2),
                  "expected": written(float(self.start), 2), "lost": written(float(self.lost), 2),
                  "luck": written(float(abs(self.saved)), 2)}
        if self.remaining == 0 and self.saved >= 0:
            text = _("{taken} guesses against HAL9000's {expected} on average: {lost} lost to your choices, "
                     "{luck} saved by luck.")
        elif self.remaining == 0:
            text = _("{taken} guesses against HAL9000's {expected} on average: {lost} lost to your choices, "
                     "{luck} lost to luck.")
        elif self.saved >= 0:
            text = _("Not solved: about {taken} guesses with HAL9000 finishing, against its {expected} on average: "
                     "{lost} lost to your choices, {luck} saved by luck.")
        else:
            text = _("Not solved: about {taken} guesses with HAL9000 finishing, against its {expected} on average: "
                     "{lost} lost to your choices, {luck} lost to luck.")
        sentence = text.format(**values)
        if len(figured) < len(self.rows):
            # Translators: before a review's summary when its first guesses had too many codes possible to judge.
            return _("From guess {number} on: {summary}").format(number=figured[0].number, summary=sentence)
        return sentence

    @property
    def figured(self) -> int:
        """How many guesses have figures (the last ones: from the first position small enough)."""
        return sum(row is not None for row in self.rows)


class PlayOn:
    """HAL9000 playing on from any position, each position's total worked out once.

    :meth:`total` of a position is the sum, over the codes still possible there, of the guesses
    HAL9000 needs to win from it (its next guess included)."""

    def __init__(self, config: Config) -> None:
        self.space = CodeSpace.of(config)
        self.engine = HAL9000(config, random.Random(REVIEW_SEED))
        self._totals: dict[Path, int] = {}
        self._moves: dict[Path, Digits] = {}
        self._first: dict[Digits, FirstGuess] = {}
        """The totals after every first guess, read from the shape's table where one is shipped."""
        self._strategy: Strategy | None = None

    def load(self, table: bool = True) -> Thinking[None]:
        """Read what is precomputed for this shape: HAL9000's whole tree gives the first
        position's total, the first-guess table (unless not `table`: the tool that writes it)
        every first guess's (each read once)."""
        strategy = self._strategy = yield from Strategy.load(self.space)
        if strategy is not None and strategy.complete and strategy.total is not None:
            self._totals[()] = strategy.total
        if table:
            self._first = first_guesses(self.space)

    def move(self, path: Path, codes: Sequence[Digits]) -> Thinking[Digits]:
        """HAL9000's guess at `path`, where `codes` are possible (asked once per position)."""
        if path not in self._moves:
            code = yield from self.engine.think(history_of(self.space, path), codes)
            self._moves[path] = self.space.digits(code)
        return self._moves[path]

    def on_tree(self, path: Path) -> bool:
        """Whether HAL9000's tree or book has a move at `path` (then it plays that move)."""
        history = [(guess, *divmod(index, self.space.radix)) for guess, index in path]
        return self._strategy is not None and self._strategy.move(history) is not None

    def split(self, codes: Sequence[Digits], guess: Digits) -> dict[int, list[Digits]]:
        """`codes` by the feedback index `guess` gets against each, in the order first met."""
        key = self.space.key
        mine = key(guess)
        parts: dict[int, list[Digits]] = {}
        for code in codes:
            parts.setdefault((mine & key(code)).bit_count(), []).append(code)
        return parts

    def after(self, path: Path, codes: Sequence[Digits], guess: Digits) -> Thinking[int]:
        """The sum over `codes` (those possible at `path`) of the guesses still needed after
        `guess`, HAL9000 playing on."""
        first = None if path else self._first.get(guess)
        if first is not None and first.parts is None:
            return first.total
        parts = self.split(codes, guess)
        indices = sorted(index for index in parts if index != self.space.win)
        if first is not None and first.parts is not None:
            self._totals.update(zip([((guess, index),) for index in indices], first.parts, strict=True))
        total = 0
        for index in indices:
            total += yield from self.total((*path, (guess, index)), parts[index])
        return total

    def total(self, path: Path, codes: Sequence[Digits]) -> Thinking[int]:
        """The sum over `codes` (every code possible at `path`) of the guesses HAL9000 needs.

        Off its tree, with one or two codes left HAL9000 guesses one of them (:func:`~.hal.choose`):
        1 guess for one code, 1 + 2 for two, worked out without asking it (most positions a
        play-out reaches hold one code: asking took a fifth of a 4x6 review's time)."""
        if path not in self._totals and len(codes) <= 2 and not self.on_tree(path):
            self._totals[path] = 2 * len(codes) - 1
        if path not in self._totals:
            guess = yield from self.move(path, codes)
            self._totals[path] = len(codes) + (yield from self.after(path, codes, guess))
        return self._totals[path]


def signed(value: Fraction) -> str:
    """`value` to two places, with its sign unless it rounds to zero.

    >>> signed(Fraction(21, 100)), signed(Fraction(-1, 3)), signed(Fraction(1, 1000))
    ('+0.21', '−0.33', '0.00')
    """
    text = written(abs(float(value)), 2)
    if round(abs(value), 2) == 0:
        return text
    return ("+" if value > 0 else "−") + text


def chance_words(chance: Fraction) -> str:
    """A chance below 1 as a person reads it: "1 in 12" up to 40%, "about even" up to 60%, then
    "7 in 10", and "almost always" from 95%.

    >>> [chance_words(Fraction(*pair)) for pair in [(1, 12), (1, 3), (1, 2), (2, 3), (19, 20)]]
    ['1 in 12', '1 in 3', 'about even', '7 in 10', 'almost always']
    """
    if chance >= Fraction(19, 20):
        return _("almost always")
    if chance >= Fraction(3, 5):
        # Translators: a chance, as "7 in 10".
        return _("{count} in 10").format(count=round(chance * 10))  # below 9.5: at most 9
    if chance > Fraction(2, 5):
        return _("about even")
    # Translators: a chance, as "1 in 12".
    return _("1 in {count}").format(count=written(round(1 / chance)))


def history_of(space: CodeSpace, path: Path) -> list[tuple[Code, Feedback]]:
    """A position as the history the engine reads."""
    return [(space.code(guess), space.feedback(index)) for guess, index in path]


def table_name(space: CodeSpace) -> str:
    """The file name of a shape's first-guess table (``tools/review_table.py``).

    >>> from mastermind import Config
    >>> table_name(CodeSpace.of(Config()))
    '4x6.review.json'
    """
    return data_name(space.pegs, space.colours, space.allow_duplicates).replace(".json", ".review.json")


@cache
def first_guesses(space: CodeSpace) -> dict[Digits, FirstGuess]:
    """The shipped first-guess table of `space`'s shape, empty where none is."""
    file = resources.files("mastermind") / "data" / table_name(space)
    if not file.is_file():
        return {}
    data = json.loads(file.read_text(encoding="utf-8"))
    if data.get("format") not in (1, TABLE_FORMAT):
        raise ValueError(f"review table format {data.get('format')!r}, expected 1 or {TABLE_FORMAT}")

    def entry(after: int | list[int]) -> FirstGuess:
        return FirstGuess(after, None) if isinstance(after, int) else FirstGuess(sum(after), tuple(after))

    return {tuple(int(digit) for digit in guess): entry(after) for guess, after in data["after"].items()}


def luck_counts(parts: dict[int, list[Digits]], received: int, win: int) -> tuple[int, int]:
    """The codes whose feedback would have left fewer codes than `received` did, and as many
    (a win leaves none): the luck of a guess whose feedbacks split the codes into `parts`.

    >>> luck_counts({0: [(0,), (1,)], 1: [(2,)], 9: [(3,)]}, received=1, win=9)
    (1, 1)
    """
    def left(index: int) -> int:
        return 0 if index == win else len(parts[index])

    mine = left(received)
    better = sum(len(part) for index, part in parts.items() if left(index) < mine)
    tied = sum(len(part) for index, part in parts.items() if left(index) == mine)
    return better, tied


class Figuring:
    """A game's review worked out guess by guess, as the game goes.

    The figures of a guess depend only on the position before it (the guesses so far and their
    feedback), the guess and its feedback: never on guesses still to come. So they can be worked
    out after each guess (:meth:`extend`), and the position the next guess starts from made
    ready whatever it will be (:meth:`ready`: HAL9000's guess there, played out); at the end
    :meth:`review` has only what was not figured yet to do. One :class:`PlayOn` serves the whole
    game, so every position is played out once, whichever call gets there first: the review is
    the same whether it was worked out as the game went or at once (``tests/test_skill.py``)."""

    def __init__(self, config: Config, limit: int = FIGURES_LIMIT) -> None:
        self.config = config
        self.play = PlayOn(config)
        self.space = self.play.space
        self.limit = limit
        self.path: Path = ()
        """The guesses figured so far, with their feedback indices."""
        self.codes: list[Digits] | None = list(self.space.all_digits()) if self.space.size <= limit else None
        """The codes still possible after :attr:`path`; None while too many are (:data:`FIGURES_LIMIT`)."""
        self.rows: list[GuessFigures | None] = []
        self.start: Fraction | None = None
        self._loaded = False

    @property
    def won(self) -> bool:
        return bool(self.path) and self.path[-1][1] == self.space.win

    def _load(self) -> Thinking[None]:
        if not self._loaded:
            yield from self.play.load()
            self._loaded = True

    def follows(self, config: Config, path: Path) -> bool:
        """Whether the game `path` of `config` goes on from the guesses figured here."""
        return config == self.config and path[: len(self.path)] == self.path

    def extend(self, path: Path, progress: Callable[[int], None] | None = None) -> Thinking[None]:
        """Figure every guess of `path` (a game that :meth:`follows` this one) not figured yet;
        `progress(number)` as each guess's figures are done (those figured before count at once)."""
        yield from self._load()
        if progress is not None and self.rows:
            progress(len(self.rows))
        for guess, received in path[len(self.path):]:
            if self.won:
                break
            yield from self._add(guess, received)
            if progress is not None:
                progress(len(self.rows))

    def _add(self, guess: Digits, received: int) -> Thinking[None]:
        """The figures of the next guess, `guess`, which got the feedback `received`."""
        play, space, path, codes = self.play, self.space, self.path, self.codes
        following: Path = (*path, (guess, received))
        won = received == space.win
        row = None
        if codes is None:
            codes = None if won else (yield from Constraints(space, history_of(space, following)).listed(self.limit))
        else:
            position_total = yield from play.total(path, codes)
            best = yield from play.move(path, codes)
            parts = play.split(codes, guess)
            player_total = yield from play.after(path, codes, guess)
            then_total = 0 if won else (yield from play.total(following, parts[received]))
            better, tied = luck_counts(parts, received, space.win)
            if self.start is None:
                self.start = Fraction(position_total, len(codes))
            row = GuessFigures(len(self.rows) + 1, space.code(guess), space.feedback(received), len(codes),
                               len(parts[received]), won, space.code(best), player_total,
                               position_total - len(codes), better, tied, then_total)
            codes = parts[received]
        # No yield from here on: a job dropped at a yield above leaves this state as it was.
        self.rows.append(row)
        self.path, self.codes = following, codes

    def ready(self) -> Thinking[None]:
        """Work out what the next guess's figures need whatever it is: the total of the position
        it starts from (HAL9000's guess there played out) and HAL9000's guess."""
        yield from self._load()
        if self.codes is not None and not self.won:
            yield from self.play.total(self.path, self.codes)
            yield from self.play.move(self.path, self.codes)

    def review(self) -> Thinking[Review]:
        """The review of the game figured so far, ended there."""
        remaining = Fraction(0)
        if not self.won and self.codes is not None:
            remaining = Fraction((yield from self.play.total(self.path, self.codes)), len(self.codes))
        return Review(tuple(self.rows), self.start, remaining)


def game_path(config: Config, history: History, secret: Code | str | None = None) -> Path:
    """The position `history` reached, as feedback indices: each guess's against `secret`, or
    when None, the feedback `history` states (a game still going on).

    >>> game_path(Config(), [("RRGG", Feedback(1, 2))]) == game_path(Config(), [("RRGG", Feedback(0, 0))], "RGRB")
    True
    """
    space = CodeSpace.of(config)
    against = None if secret is None else space.key(space.digits(Code.parse(str(secret), config)))
    path = []
    for guess_text, (black, white) in history:
        guess = space.digits(Code.parse(str(guess_text), config))
        received = black * space.radix + black + white if against is None else (space.key(guess) & against).bit_count()
        path.append((guess, received))
    return tuple(path)


def review(config: Config, secret: Code | str, history: History,
           progress: Callable[[int], None] | None = None, limit: int = FIGURES_LIMIT) -> Thinking[Review]:
    """The skill and luck of every guess of `history`, a game of `config` whose secret was
    `secret`, from the first position with at most `limit` codes possible (earlier guesses get
    None); `progress(number)` is called as each guess's figures are done."""
    figuring = Figuring(config, limit)
    yield from figuring.extend(game_path(config, history, secret), progress)
    return (yield from figuring.review())
