"""The Strategy lab: a code-breaker written by a player, loaded from its source, scored on every secret.

A strategy is a plain Python module. The form that always works (the page's editor and
``python -m mastermind --mode lab FILE`` alike) is one function::

    def guess(history, rules):
        # history: the game so far, oldest first, (code, black, white) triples, code a str of
        # colour letters ("RGBY"); rules: pegs (int), colours (str: the letters in palette
        # order), repeats (bool), guesses (the limit). Returns the next code as a str.
        ...

A module may instead define a class ``Strategy``, made once per game with the rules, whose
``guess(history)`` is asked every move: state across one game without globals. The module is
loaded once per run (module-level set-up runs once). The helpers below make a good strategy a few
lines long and fast: :func:`every_code`, :func:`feedback`, :func:`possible`.

>>> strategy = load('''
... from mastermind.lab import possible
... def guess(history, rules):
...     return possible(history, rules)[0]
... ''')
>>> rules = Rules.of(Config(pegs=2, colors=3))
>>> [(game.secret, game.guesses) for game in play(strategy, rules, ("GO", "BB"))]
[('GO', ('BB', 'GG', 'GO')), ('BB', ('BB',))]
>>> class_form = load('''
... class Strategy:
...     def __init__(self, rules):
...         self.left = [a + b for a in rules.colours for b in rules.colours]
...     def guess(self, history):
...         if history:
...             self.left.remove(history[-1][0])
...         return self.left[0]
... ''')
>>> score(class_form, rules).mean
5.0

:func:`play` is a generator of one :class:`GameResult` per secret, so a caller reports progress,
stops between two games (it stops iterating) and reads each game's time; :meth:`Score.of` sums
up the games played so far. The package's own players play through the same interface
(:func:`computer`), so one harness scores them all. A strategy's failures are its games' results,
each with a sentence for the player (:class:`Problem`); a strategy that cannot be loaded raises
:class:`~mastermind.errors.StrategyError`. Nothing here can interrupt a guess that never
returns: a caller passes a `guard` (the terminal's is a timer signal; the page ends its worker).
"""

from __future__ import annotations

import contextlib
import io
import random
import sys
import time
import traceback
import types
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from functools import lru_cache
from math import perm
from typing import Literal, NamedTuple

from .code import Code
from .computer_players import COMPUTER_PLAYERS
from .config import MAX_PEGS, Config
from .errors import CodeError, StrategyError
from .feedback import Feedback, feedback
from .game import Turn
from .i18n import N_, _, number, pgettext
from .lab_share import check_controls

ALL_SECRETS = 5_000
"""Rules with at most this many codes are scored on every secret ..."""
SAMPLE = 1_000
"""... larger ones on a fixed sample of this many, ..."""
SAMPLE_SEED = 2026
"""... drawn with this seed, so every run (page or terminal) plays the same secrets."""
LIMIT = 1.0
"""Seconds a strategy may take over one guess, where a caller gives no limit (read at each move)."""
LOAD_LIMIT = 10.0
"""Seconds a strategy's module-level set-up may take."""
KEPT_OUTPUT = 10_000
"""Characters of what a strategy prints that are kept (the rest are only counted)."""
LONGEST_MESSAGE = 300
"""Characters of an exception's message that are kept."""
FILENAME = "strategy.py"
"""The name a strategy's source is compiled under when it has no file of its own."""


class Move(NamedTuple):
    """One guess of the game so far and its key pegs, as a strategy receives it."""

    code: str
    black: int
    white: int


@dataclass(frozen=True)
class Rules:
    """The rules as a strategy reads them; `config` is the package's own form.

    >>> Rules.of(Config(allow_duplicates=False))
    Rules(pegs=4, colours='BGOPRY', repeats=False, guesses=12)
    """

    pegs: int
    colours: str
    repeats: bool
    guesses: int
    config: Config = field(repr=False, compare=False)

    @classmethod
    def of(cls, config: Config) -> Rules:
        return cls(config.pegs, config.letters, config.allow_duplicates, config.max_guesses, config)

    @property
    def size(self) -> int:
        """How many codes the rules allow."""
        return self.config.size


# ---------------------------------------------------------------------------------------------
# The helpers a strategy imports.

@lru_cache(maxsize=2)
def _every(rules: Rules) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """Every code of `rules` and its scoring key (the engine's: one popcount scores two codes)."""
    from .solver.space import CodeSpace  # the engine loads when a strategy first needs it

    space = CodeSpace.of(rules.config)
    codes = tuple(str(code) for code in Code.all(rules.config))
    return codes, tuple(space.key(space.digits(code)) for code in codes)


def every_code(rules: Rules) -> tuple[str, ...]:
    """Every code the rules allow, in palette order (computed once per rules).

    >>> every_code(Rules.of(Config(pegs=2, colors=2)))
    ('BB', 'BG', 'GB', 'GG')
    """
    return _every(rules)[0]


_POSSIBLE: dict[tuple[Rules, tuple[Move, ...]], tuple[tuple[str, ...], tuple[int, ...]]] = {}
POSSIBLE_KEPT = 1_000_000
"""Codes remembered over every history kept (references to :func:`every_code`'s, 16 bytes each):
a game's next move filters its last list."""
_kept = [0]


def possible(history: Iterable[Sequence[object]], rules: Rules) -> tuple[str, ...]:
    """The codes that earn every feedback of `history` ((code, black, white) triples), in palette
    order. Each answer is remembered, so the next move of the game filters only the last list.

    >>> possible([("BG", 1, 0)], Rules.of(Config(pegs=2, colors=3)))
    ('BB', 'BO', 'GG', 'OG')
    """
    moves = tuple(Move(str(code), int(black), int(white)) for code, black, white in history)  # type: ignore[call-overload]  # a strategy's triples hold whatever it put in
    return _possible(moves, rules)[0]


def _possible(moves: tuple[Move, ...], rules: Rules) -> tuple[tuple[str, ...], tuple[int, ...]]:
    if not moves:
        return _every(rules)
    found = _POSSIBLE.get((rules, moves))
    if found is None:
        codes, keys = _possible(moves[:-1], rules)
        code, black, white = moves[-1]
        from .solver.space import CodeSpace

        space = CodeSpace.of(rules.config)
        guess = space.key(space.digits(code))
        target = (rules.pegs + 1) * black + black + white
        kept = [i for i, key in enumerate(keys) if (key & guess).bit_count() == target]
        found = (tuple(codes[i] for i in kept), tuple(keys[i] for i in kept))
        if _kept[0] + len(kept) > POSSIBLE_KEPT:
            _POSSIBLE.clear()
            _kept[0] = 0
        if len(kept) <= POSSIBLE_KEPT:
            _POSSIBLE[rules, moves] = found
            _kept[0] += len(kept)
    return found


# ---------------------------------------------------------------------------------------------
# Loading a strategy.

Guesser = Callable[[list[Move]], object]
"""One game's player: the next guess from the moves so far."""


@dataclass(frozen=True)
class Strategy:
    """A loaded strategy: `new_game` makes the player of one game; `filename` is what its source
    was compiled under (an exception's line is looked up in frames of that file)."""

    name: str
    new_game: Callable[[Rules], Guesser]
    filename: str = FILENAME


class NoAnswer(BaseException):
    """Raised by a guard inside a strategy that has run out of time; a ``BaseException`` so that
    the strategy's own ``except Exception`` does not swallow it."""


Guard = Callable[[float], AbstractContextManager[None]]
"""Given a number of seconds, a context that raises :class:`NoAnswer` inside the code it wraps
once they have passed."""


def no_guard(_seconds: float) -> AbstractContextManager[None]:
    """The guard of a caller that cannot interrupt: time is only checked after each answer."""
    return contextlib.nullcontext()


class Output(io.TextIOBase):
    """What a strategy prints: the first :data:`KEPT_OUTPUT` characters, and how many in all."""

    def __init__(self) -> None:
        super().__init__()
        self.kept: list[str] = []
        self.count = 0

    def write(self, text: str) -> int:
        room = KEPT_OUTPUT - min(self.count, KEPT_OUTPUT)
        if room:
            self.kept.append(text[:room])
        self.count += len(text)
        return len(text)

    @property
    def text(self) -> str:
        return "".join(self.kept)


def line_of(error: BaseException, filename: str) -> int | None:
    """The line of the strategy's own code where `error` was raised (the last frame of
    `filename`), or None when it was raised before reaching it."""
    lines = [frame.lineno for frame in traceback.extract_tb(error.__traceback__) if frame.filename == filename]
    return lines[-1] if lines else None


def described(error: BaseException) -> str:
    """``ZeroDivisionError: division by zero``, cut short when long."""
    text = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    return text if len(text) <= LONGEST_MESSAGE else text[:LONGEST_MESSAGE] + "..."


def seconds(limit: float) -> str:
    """A time limit as the language writes it: ``1`` or ``0.5``."""
    return number(limit, 0 if float(limit).is_integer() else 1)


def load(source: str, filename: str = FILENAME, name: str | None = None, *, guard: Guard = no_guard,
         output: Output | None = None) -> Strategy:
    """The strategy in `source`, its module run once; :class:`StrategyError` with a sentence
    (and the line, where there is one) when it cannot be played.

    >>> load("def guess(history, rules)\\n    return 'RGBY'\\n")
    Traceback (most recent call last):
    ...
    mastermind.errors.StrategyError: Syntax error on line 1, column 26: Python says "expected ':'".
    >>> load("x = 1")
    Traceback (most recent call last):
    ...
    mastermind.errors.StrategyError: The strategy has no guess(history, rules) function and no Strategy class.
    """
    check_controls(source)
    try:
        code = compile(source, filename, "exec")
    except SyntaxError as error:
        where, column = error.lineno or 1, error.offset  # every SyntaxError has a line once no null character is left
        # Translators: {message} is Python's own description of the error, in English as Python wrote it.
        said = (_('Syntax error on line {line}, column {column}: Python says "{message}".') if column else
                # Translators: {message} is Python's own description of the error, in English as Python wrote it.
                _('Syntax error on line {line}: Python says "{message}".'))
        raise StrategyError(said.format(line=where, column=column, message=error.msg), where) from None
    except ValueError as error:  # a character UTF-8 cannot encode (a lone surrogate)
        raise StrategyError(_("The strategy cannot be read: {message}.").format(message=error)) from None
    module = types.ModuleType("strategy")
    module.__file__ = filename
    before = sys.modules.get("strategy")
    sys.modules["strategy"] = module  # what a dataclass of the strategy's looks itself up by
    try:
        with guard(LOAD_LIMIT), contextlib.redirect_stdout(output or Output()):
            exec(code, module.__dict__)  # running the player's own code is the point
    except NoAnswer:
        raise StrategyError(_("The strategy did not finish loading within {seconds} s.").format(
            seconds=seconds(LOAD_LIMIT))) from None
    except (Exception, SystemExit) as error:
        line = line_of(error, filename)
        raise StrategyError(_("The strategy raised {error} on line {line} while loading.").format(
            error=described(error), line=line) if line else _("The strategy raised {error} while loading.").format(
            error=described(error)), line) from None
    finally:
        if before is None:
            sys.modules.pop("strategy", None)
        else:
            sys.modules["strategy"] = before
    function, kind = getattr(module, "guess", None), getattr(module, "Strategy", None)
    label = name or filename.replace("\\", "/").rpartition("/")[2].removesuffix(".py")
    if callable(function):
        return Strategy(label, lambda rules: lambda moves: function(moves, rules), filename)
    if isinstance(kind, type):
        def new_game(rules: Rules) -> Guesser:
            player = kind(rules)
            return lambda moves: player.guess(moves)
        return Strategy(label, new_game, filename)
    raise StrategyError(_("The strategy has no guess(history, rules) function and no Strategy class."))


def starter_source() -> str:
    """The starter strategy's source: the file a player begins from (``mastermind/data/``)."""
    from importlib import resources

    return resources.files("mastermind").joinpath("data/starter_strategy.py").read_text("utf-8")


def starter() -> Strategy:
    """The starter strategy, loaded: a random code still possible after every feedback."""
    return load(starter_source(), "starter_strategy.py")


def computer(name: str, seed: int = 0) -> Strategy:
    """The package's computer player `name` (HAL9000, VIKI) as a strategy; VIKI's choices are
    drawn from a generator seeded with `seed` at each game, so a run repeats exactly.

    >>> hal = computer("HAL9000").new_game(Rules.of(Config()))
    >>> hal([]), hal([Move("BBGO", 0, 1)])
    ('BBGO', 'GPPR')
    """
    if name not in COMPUTER_PLAYERS:
        raise ValueError(f"unknown computer player {name!r}")

    def new_game(rules: Rules) -> Guesser:
        from .solver import codebreaker

        breaker = codebreaker(name, rules.config, random.Random(seed))
        return lambda moves: str(breaker.next_guess([(move.code, Feedback(move.black, move.white)) for move in moves]))

    return Strategy(name, new_game, f"<{name}>")


# ---------------------------------------------------------------------------------------------
# Playing and scoring.

ProblemKind = Literal["illegal", "exception", "slow"]


class Problem(Exception):  # noqa: N818 - a game's result as much as an error: the name says what it is
    """Why a game ended before its secret was found: an `illegal` guess, an `exception`, or a
    guess too `slow`; `sentence` says it to the player, `line` is the strategy's line (exceptions).
    Raised by :meth:`Seat.ask`, kept in the game's :class:`GameResult`."""

    def __init__(self, kind: ProblemKind, sentence: str, line: int | None = None) -> None:
        super().__init__(sentence)
        self.kind, self.sentence, self.line = kind, sentence, line

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Problem) and (self.kind, self.sentence, self.line) == (other.kind, other.sentence, other.line)

    def __hash__(self) -> int:
        return hash((self.kind, self.sentence, self.line))


@dataclass(frozen=True)
class GameResult:
    """One secret played: the legal guesses made, whether the last found it, what stopped it
    otherwise, and the seconds spent in the strategy."""

    secret: str
    guesses: tuple[str, ...]
    won: bool
    problem: Problem | None = None
    seconds: float = field(default=0.0, compare=False)
    """Not compared: two plays of one game are the same game, whatever the machine's load."""


@dataclass(frozen=True)
class Secrets:
    """The secrets a run plays: every code, or (`sample`) a seeded sample of `total`."""

    codes: tuple[str, ...]
    total: int
    sample: bool


def code_at(rules: Rules, index: int) -> str:
    """The `index`-th code of the rules in palette order (:func:`every_code`'s), without listing them.

    >>> rules = Rules.of(Config(allow_duplicates=False))
    >>> [code_at(rules, i) for i in (0, 1, 359)] == [every_code(rules)[i] for i in (0, 1, 359)]
    True
    """
    letters, pegs = list(rules.colours), rules.pegs
    code = []
    for position in range(pegs):
        later = pegs - position - 1
        block = len(letters) ** later if rules.repeats else perm(len(letters) - 1, later)
        digit, index = divmod(index, block)
        code.append(letters[digit] if rules.repeats else letters.pop(digit))
    return "".join(code)


def secrets(rules: Rules) -> Secrets:
    """Every code when there are at most :data:`ALL_SECRETS`, else :data:`SAMPLE` of them drawn
    with :data:`SAMPLE_SEED`, in the order drawn.

    >>> secrets(Rules.of(Config())).codes[:3], secrets(Rules.of(Config(pegs=6, colors=10))).sample
    (('BBBB', 'BBBG', 'BBBO'), True)
    """
    size = rules.size
    if size <= ALL_SECRETS:
        return Secrets(every_code(rules), size, False)
    indices = random.Random(SAMPLE_SEED).sample(range(size), SAMPLE)
    return Secrets(tuple(code_at(rules, index) for index in indices), size, True)


def check_guess(answer: object, rules: Rules) -> str:
    """The code a strategy's `answer` names, or :class:`CodeError` with a sentence."""
    if not isinstance(answer, str):
        example = every_code(rules)[0] if rules.size <= ALL_SECRETS else rules.colours[:rules.pegs]
        sentence = _("guess returned {kind}, not a text of colour letters such as {example}.").format(
            kind=type(answer).__name__, example=example)
        raise CodeError(sentence, sentence)
    if len(answer) > 4 * MAX_PEGS:
        sentence = _("guess returned a text of {count} characters; a code has {pegs}.").format(
            count=number(len(answer)), pegs=rules.pegs)
        raise CodeError(sentence, sentence)
    return str(Code.parse(answer, rules.config))


@dataclass
class Seat:
    """A strategy seated for one game: :meth:`ask` is one move, guarded, timed and checked. The
    harness plays a secret so; a mode where the strategy breaks a person's code asks it the same way."""

    strategy: Strategy
    rules: Rules
    limit: float | None = None
    """Seconds per guess; :data:`LIMIT` when None."""
    guard: Guard = no_guard
    clock: Callable[[], float] = time.perf_counter
    output: Output = field(default_factory=Output)
    seconds: float = 0.0
    """Spent in the strategy so far."""
    _player: Guesser | None = None

    def ask(self, moves: Sequence[Move]) -> str:
        """The strategy's next guess after `moves`, as a code of the rules; :class:`Problem`
        (raised) when it fails, too slow, or answers what is not a legal code."""
        number_ = len(moves) + 1
        limit = LIMIT if self.limit is None else self.limit
        start = self.clock()
        try:
            with self.guard(limit), contextlib.redirect_stdout(self.output):
                if self._player is None:
                    self._player = self.strategy.new_game(self.rules)
                answer = self._player(list(moves))
        except NoAnswer:
            raise self.too_slow(number_) from None
        except (Exception, SystemExit) as error:
            line = line_of(error, self.strategy.filename)
            raise Problem("exception", _("Guess {number}: the strategy raised {error} on line {line}.").format(
                number=number_, error=described(error), line=line) if line else _(
                "Guess {number}: the strategy raised {error}.").format(number=number_, error=described(error)),
                line) from None
        finally:
            self.seconds += self.clock() - start
        if self.clock() - start > limit:
            raise self.too_slow(number_)
        try:
            return check_guess(answer, self.rules)
        except CodeError as error:
            raise Problem("illegal", _("Guess {number} was refused: {reason}").format(
                number=number_, reason=error.sentence or str(error))) from None

    def too_slow(self, number_: int) -> Problem:
        return Problem("slow", _("Guess {number}: no answer within {seconds} s; the game was stopped.").format(
            number=number_, seconds=seconds(LIMIT if self.limit is None else self.limit)))


class Breaker:
    """A strategy as a match's computer player (the :class:`~mastermind.autoplay.Codebreaker`
    protocol): each attempt, from its first guess, is one game of a new :class:`Seat`. A failing
    strategy raises :class:`Problem`; the driver says it and gives the attempt up
    (:meth:`mastermind.match.Match.resign`).

    >>> breaker = Breaker(load("def guess(history, rules):\\n    return 'BBGG'\\n"), Config())
    >>> str(breaker.next_guess([]))
    'BBGG'
    """

    def __init__(self, strategy: Strategy, config: Config, limit: float | None = None, guard: Guard = no_guard) -> None:
        self.strategy, self.rules, self.limit, self.guard = strategy, Rules.of(config), limit, guard
        self._seat: Seat | None = None

    def next_guess(self, history: Sequence[Turn]) -> Code:
        if not history or self._seat is None:
            self._seat = Seat(self.strategy, self.rules, self.limit, self.guard)
        moves = [Move(str(turn.guess), turn.feedback.black, turn.feedback.white) for turn in history]
        return Code.parse(self._seat.ask(moves), self.rules.config)

    def think(self, history: Sequence[Turn]) -> Generator[None, None, Code]:
        """:meth:`next_guess` as the cooperative form a page steps (one step: a strategy cannot be cut in parts)."""
        yield
        return self.next_guess(history)


def play_one(strategy: Strategy, rules: Rules, secret: str, *, limit: float | None = None, guard: Guard = no_guard,
             clock: Callable[[], float] = time.perf_counter, output: Output | None = None) -> GameResult:
    """`strategy` against `secret`, guess by guess, until it is found, the guesses run out or a
    guess fails (:class:`Problem`)."""
    seat = Seat(strategy, rules, limit, guard, clock, output or Output())
    moves: list[Move] = []
    problem: Problem | None = None
    while len(moves) < rules.guesses and not (moves and moves[-1].black == rules.pegs):
        try:
            code = seat.ask(moves)
        except Problem as failed:
            problem = failed
            break
        black, white = feedback(secret, code)
        moves.append(Move(code, black, white))
    guesses = tuple(move.code for move in moves)
    return GameResult(secret, guesses, bool(moves) and moves[-1].black == rules.pegs, problem, seat.seconds)


def play(strategy: Strategy, rules: Rules, codes: Iterable[str] | None = None, *, limit: float | None = None,
         guard: Guard = no_guard, clock: Callable[[], float] = time.perf_counter,
         output: Output | None = None) -> Iterator[GameResult]:
    """`strategy` against each of `codes` (:func:`secrets` when None), one result at a time."""
    for secret in secrets(rules).codes if codes is None else codes:
        yield play_one(strategy, rules, secret, limit=limit, guard=guard, clock=clock, output=output)


@dataclass(frozen=True)
class Score:
    """What a run found. A game not won counts ``guesses + 1`` in the `mean` (the guess limit
    passed); `worst` is the most guesses a won game took, `worst_secret` the secret to watch (the
    first game not won, else the first of the worst); `histogram` holds (guesses, games) pairs of
    the games won."""

    games: int
    mean: float
    worst: int
    worst_secret: str | None
    histogram: tuple[tuple[int, int], ...]
    not_won: int
    illegal: int
    exceptions: int
    slow: int
    seconds: float
    problem: GameResult | None
    """The first game that ended on a problem."""

    @classmethod
    def of(cls, results: Sequence[GameResult], rules: Rules) -> Score:
        """The score of `results`.

        >>> rules = Rules.of(Config(pegs=1, colors=2))
        >>> Score.of([GameResult("B", ("B",), True), GameResult("G", ("B", "G"), True)], rules).mean
        1.5
        """
        won = [len(game.guesses) for game in results if game.won]
        counts: dict[int, int] = {}
        for guesses in won:
            counts[guesses] = counts.get(guesses, 0) + 1
        lost = [game for game in results if not game.won]
        worst = max(won, default=0)
        watch = lost[0] if lost else next((game for game in results if len(game.guesses) == worst), None)
        kinds = [game.problem.kind for game in results if game.problem]
        total = sum(won) + (rules.guesses + 1) * len(lost)
        return cls(
            games=len(results),
            mean=total / len(results) if results else 0.0,
            worst=worst,
            worst_secret=watch.secret if watch else None,
            histogram=tuple(sorted(counts.items())),
            not_won=len(lost),
            illegal=kinds.count("illegal"),
            exceptions=kinds.count("exception"),
            slow=kinds.count("slow"),
            seconds=sum(game.seconds for game in results),
            problem=next((game for game in results if game.problem), None),
        )

    @property
    def seconds_per_game(self) -> float:
        return self.seconds / self.games if self.games else 0.0


def score(strategy: Strategy, rules: Rules, codes: Iterable[str] | None = None, **options: object) -> Score:
    """:func:`play` to the end, summed up (for callers that need no progress)."""
    return Score.of(list(play(strategy, rules, codes, **options)), rules)  # type: ignore[arg-type]  # play's own keywords


def secrets_line(secrets: Secrets) -> str:
    """Which secrets a run plays, in words (a sample named as one)."""
    if secrets.sample:
        return _("Secrets: a fixed sample of {count} of the {total} codes (seed {seed}).").format(
            count=number(len(secrets.codes)), total=number(secrets.total), seed=SAMPLE_SEED)
    return _("Secrets: all {count} codes.").format(count=number(secrets.total))


def figures(score: Score) -> list[tuple[str, str]]:
    """A run's figures as (label, figure) pairs, in the language in use: the terminal's table and
    the page's Score region read the same (``mean 4.638``, ``worst 7``)."""
    # Translators: the labels of the lab's table, each followed by its figure on its line ("mean 4.638").
    return [
        (pgettext("lab", "games"), number(score.games)),
        (pgettext("lab", "mean"), number(score.mean, 3)),
        (pgettext("lab", "worst"), str(score.worst)),
        (pgettext("lab", "not won"), number(score.not_won)),
        (pgettext("lab", "illegal guesses"), number(score.illegal)),
        (pgettext("lab", "exceptions"), number(score.exceptions)),
        (pgettext("lab", "too slow"), number(score.slow)),
        (pgettext("lab", "time per game"), number(score.seconds_per_game * 1000, 1) + " ms"),
    ]


# ---------------------------------------------------------------------------------------------
# Published reference points.

@dataclass(frozen=True)
class Reference:
    """A published mean number of guesses over every secret, and where it was published."""

    name: str
    """What plays so, marked for translation (translated where shown)."""
    mean: float
    citation: str


REFERENCES: dict[tuple[int, int, bool], tuple[Reference, ...]] = {
    (4, 6, True): (
        Reference(N_("optimal"), 4.340,
                  "Kenji Koyama and Tony W. Lai, An optimal Mastermind strategy, "
                  "Journal of Recreational Mathematics 25(4), 1993 (5,625 guesses over 1,296 secrets)"),
        Reference(N_("random consistent guesses"), 4.638,
                  "Peter F. Swaszek, The Mastermind novice, Journal of Recreational Mathematics 30(3), "
                  "1999/2000, pp. 193-198"),
    ),
}
"""The reference points of each rules (pegs, colours, repeats) that has some."""


def references(rules: Rules) -> tuple[Reference, ...]:
    """The published reference points of `rules`, if any.

    >>> [reference.mean for reference in references(Rules.of(Config()))]
    [4.34, 4.638]
    """
    return REFERENCES.get((rules.pegs, len(rules.colours), rules.repeats), ())
