"""Solve mode's engine: the codes that fit rows entered by a person (:mod:`mastermind.solving`),
their count, a few of them, the rows to set aside when none fits, and the next guess to play.

The rows become constraints on the secret, in the two stages of :mod:`.constraints`:

1. the colour *multiset*: a row whose black and white (or every slot) is known fixes how many
   colours the secret shares with its guess; a per-slot row also bounds each colour's count (a
   colour right or present ``k`` times occurs at least ``k`` times, exactly ``k`` times when one
   of its slots is also absent);
2. the *arrangements*, position by position: a slot marked right fixes its colour, one marked
   present or absent forbids it, and a row's black count prunes as in :mod:`.constraints`.

Feedback left partly unknown is checked on each code listed (:meth:`~mastermind.solving.Row.fits`);
counting follows, for each colour of a per-slot row with unknown slots, which of them a code
matches (:class:`Tracker`), so that counts stay exact without listing.
Every computation here is cooperative (it yields ``None`` ticks, :mod:`.clock`), so a page runs it
in slices; :class:`Analyser` reports its progress for a page to show.

Why one module past 400 lines: the two stages of the search, the :class:`Tracker` that keeps
counts exact and the :class:`Analyser` share one private form of the rows (colour multisets and
per-slot masks); split, that form would become an interface of its own.

>>> from mastermind import Config
>>> from mastermind.solving import BLACK_WHITE, PER_SLOT, make_row
>>> config = Config()
>>> rows = [make_row(config, BLACK_WHITE, "BBGG", "0 1")]
>>> answer = finish(Analyser(config, rows).run())
>>> answer.count, answer.exact, answer.suggestion
(256, True, 'OYPB')
>>> rows = [make_row(config, PER_SLOT, "RGBY", "++++")]
>>> finish(Analyser(config, rows).run()).codes
('RGBY',)
"""

from __future__ import annotations

import itertools
import math
import operator
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..config import Config
from ..errors import FeedbackError
from ..i18n import _, ngettext, shown_letters
from ..i18n import number as written
from ..solving import Mark, Pegs, Row, Slots, check_feedback
from .clock import Thinking, finish
from .hal import EXACT_LIMIT, PLAN_WIDTH, SAMPLE, choose, search_in
from .plan import Planner, most_parts
from .space import CodeSpace, Digits, Multiset
from .strategy import Strategy

COUNT_LIMIT = 100_000
"""The issue's floor: codes are counted exactly up to at least this many. The count here is exact
on every game (see :meth:`RowSearch._count`); an :class:`Analyser` given a `limit` stops beyond it
and says a bound instead ("100,000+ codes left: more than 100,000, at most N")."""
LISTED = 20
"""The codes themselves are listed when this many or fewer are left."""
TICK = 256
"""Multisets checked by stage 1 between two "still working" ticks."""
MEMO = 100_000
"""At most this many counts of search states are remembered."""
BIG = 5_040
"""A multiset with more arrangements than this (7 different colours) is searched in slices."""
CONFLICT_ROWS = 3
"""At most this many rows are named as the ones to set aside (more: check every row)."""
PLANNED = 12
"""Parts of at most this many codes get the planner's expected number of guesses."""
WORK = 50_000
"""At most this many (guess, code) scorings for a suggestion off HAL9000's tree (a fifth of a
computer player's move: an answer per row must come within 150 ms in the page)."""
SEED = 0
"""The suggestion is seeded: the same rows get the same suggestion."""


@dataclass(frozen=True)
class Tracker:
    """One colour of a per-slot row with unknown slots of that colour: whether a code fits the
    row's known marks of the colour depends on how often the colour occurs in the code and on
    which of those unknown slots the code matches exactly, a bit each in `mask`."""

    colour: int
    unknown: tuple[int, ...]
    """The unknown slots of this colour, left to right."""
    guess: Digits
    marks: tuple[Mark, ...]

    def valid(self, count: int, mask: int) -> bool:
        """Whether a code with `count` pegs of the colour, matching the unknown slots in `mask`,
        earns this row's known marks of the colour (:func:`~mastermind.solving.slot_marks`)."""
        matched = {position for bit, position in enumerate(self.unknown) if mask >> bit & 1}
        slots = [(position, mark) for position, (colour, mark) in enumerate(zip(self.guess, self.marks, strict=True))
                 if colour == self.colour]
        quota = count - len(matched) - sum(mark is Mark.RIGHT for _, mark in slots)
        for position, mark in slots:
            if mark is Mark.RIGHT or position in matched:
                continue
            earned = Mark.PRESENT if quota > 0 else Mark.ABSENT
            quota -= earned is Mark.PRESENT
            if mark is not Mark.UNKNOWN and mark is not earned:
                return False
        return True


class RowSearch:
    """The rows as constraints on the secret, searched as in :mod:`.constraints`."""

    def __init__(self, space: CodeSpace, rows: Sequence[Row]) -> None:
        self.space = space
        self.rows = list(rows)
        pegs, colours = space.pegs, space.colours
        self.guesses = [space.digits(row.guess) for row in self.rows]
        self.totals: list[tuple[int, int]] = []  # (colour key of the guess, black + white)
        self.blacks: list[tuple[Digits, int]] = []  # (guess, black) to prune arrangements with
        self.whites: list[tuple[int, int]] = []  # (colour key of the guess, white) of rows without black
        self.checked: list[tuple[Row, Digits]] = []  # per-slot feedback known in part: checked per code
        whites: list[Digits] = []
        allowed = [set(range(colours)) for _ in range(pegs)]
        self.low = [0] * colours
        self.exact: dict[int, int] = {}
        for row, guess in zip(self.rows, self.guesses, strict=True):
            feedback, known = row.feedback, row.feedback.known()
            if known is not None:
                self.totals.append((space.colour_key(space.counts(guess)), known[1]))
            if isinstance(feedback, Pegs):
                if feedback.black is not None:
                    self.blacks.append((guess, feedback.black))
                    if feedback.black == 0:  # (all black needs no slot rule: its count prunes every other code)
                        for position in range(pegs):
                            allowed[position].discard(guess[position])
                if feedback.white is not None and feedback.black is None:
                    self.whites.append((space.colour_key(space.counts(guess)), feedback.white))
                    whites.append(guess)
            else:
                self._slots(feedback, guess, allowed)
                if Mark.UNKNOWN in feedback.marks:
                    self.checked.append((row, guess))
        self.allowed = [tuple(sorted(colours_here)) for colours_here in allowed]
        pruned = [guess for guess, _ in self.blacks] + whites
        self._hits = [[tuple(j for j, guess in enumerate(pruned) if guess[position] == colour)
                       for colour in range(colours)] for position in range(pegs)]
        self._multisets: list[Multiset] | None = None
        self._free = all(len(colours_here) == colours for colours_here in self.allowed)
        self._memo: dict[tuple[int, ...], int] = {}
        # Per-slot rows with unknown slots: each colour that has some is decided at the end of a
        # code, by which of those slots the code matches (:class:`Tracker`).
        self._trackers = [
            Tracker(colour, unknown, guess, row.feedback.marks)
            for row, guess in self.checked if isinstance(row.feedback, Slots)
            for colour in sorted(set(guess))
            if (unknown := tuple(position for position, mark in enumerate(row.feedback.marks)
                                 if guess[position] == colour and mark is Mark.UNKNOWN))
            and any(here == colour and mark in (Mark.PRESENT, Mark.ABSENT)
                    for here, mark in zip(guess, row.feedback.marks, strict=True))  # else any code fits its marks
        ]
        self._tracked_at = [
            tuple((number, tracker.colour, 1 << tracker.unknown.index(position))
                  for number, tracker in enumerate(self._trackers) if position in tracker.unknown)
            for position in range(pegs)
        ]
        self._valid: dict[tuple[int, int, int], bool] = {}
        self._relevant: list[tuple[int, ...]] = []
        self._others: list[tuple[int, ...]] = []
        marked: set[int] = set()
        for position in reversed(range(pegs)):
            here = set(allowed[position])
            banned = set(range(colours)) - here
            marked |= {colour for colour in range(colours) if self._hits[position][colour]}
            marked |= {colour for _, colour, _ in self._tracked_at[position]}
            if banned:
                marked |= here if len(here) < len(banned) else banned  # the rest lie in one group
            self._relevant.insert(0, tuple(sorted(marked)))
            self._others.insert(0, tuple(colour for colour in range(colours) if colour not in marked))

    def _slots(self, feedback: Slots, guess: Digits, allowed: list[set[int]]) -> None:
        """What a per-slot row demands of each position and of each colour's count."""
        for position, mark in enumerate(feedback.marks):
            if mark is Mark.RIGHT:
                allowed[position] &= {guess[position]}
            elif mark is not Mark.UNKNOWN:
                allowed[position].discard(guess[position])
        for colour in set(guess):
            marks = [mark for mark, here in zip(feedback.marks, guess, strict=True) if here == colour]
            seen = marks.count(Mark.RIGHT) + marks.count(Mark.PRESENT)
            self.low[colour] = max(self.low[colour], seen)
            if Mark.ABSENT in marks and Mark.UNKNOWN not in marks:
                if self.exact.get(colour, seen) != seen:
                    self.exact[colour] = -1  # two rows disagree: no multiset fits
                else:
                    self.exact[colour] = seen

    def fit_multisets(self) -> Thinking[list[Multiset]]:
        """Stage 1: the colour multisets every row allows (computed once)."""
        if self._multisets is None:
            every = yield from self.space.build_multisets()
            found = []
            low, exact, totals = self.low, self.exact, self.totals
            for number, multiset in enumerate(every):
                if number % TICK == 0:
                    yield None
                counts = multiset.counts
                if (all((multiset.colour_key & key).bit_count() == total for key, total in totals)
                        and all(map(operator.ge, counts, low))
                        and all(counts[colour] == count for colour, count in exact.items())):
                    found.append(multiset)
            self._multisets = found
        return self._multisets

    @property
    def bound(self) -> int:
        """At most this many codes fit: the arrangements of the multisets stage 1 keeps."""
        return sum(multiset.arrangements for multiset in finish(self.fit_multisets()))

    def arrangements(self, multiset: Multiset, keep: bool = True) -> Thinking[tuple[int, list[Digits]]]:
        """Stage 2: how many codes with the colours of `multiset` fit every row and, when `keep`,
        the codes themselves, in palette order. A multiset of more than :data:`BIG` arrangements is
        searched in slices, one per colour of the first peg; a smaller one at once."""
        pegs, allowed, checked, hits = self.space.pegs, self.allowed, self.checked, self._hits
        need = [black for _, black in self.blacks]
        # A row whose white count alone is known wants black = the colours in common - white,
        # and the colours in common are the multiset's.
        need += [(multiset.colour_key & key).bit_count() - white for key, white in self.whites]
        if any(count < 0 for count in need):
            return 0, []
        left = list(multiset.counts)
        code = [0] * pegs
        found: list[Digits] = []
        total = 0

        def branch(position: int, colour: int) -> None:
            nonlocal total
            hit = hits[position][colour]
            fits = True
            for j in hit:
                need[j] -= 1
                if need[j] < 0:
                    fits = False
            free = pegs - position - 1
            if fits and (not need or max(need) <= free):
                code[position] = colour
                if free:
                    left[colour] -= 1
                    walk(position + 1)
                    left[colour] += 1
                elif not checked or all(row.feedback.fits(code, guess) for row, guess in checked):
                    total += 1
                    if keep:
                        found.append(tuple(code))
            for j in hit:
                need[j] += 1

        def walk(position: int) -> None:
            for colour in allowed[position]:
                if left[colour]:
                    branch(position, colour)

        if not keep:
            return self._count(left, need), []
        if multiset.arrangements <= BIG:
            walk(0)
        else:
            for colour in allowed[0]:
                if left[colour]:
                    branch(0, colour)
                    yield None
        return total, found

    def _count(self, left: list[int], need: list[int]) -> int:
        """How many arrangements of the colours `left` meet the exact-match `need` of each row, by
        a search that remembers the count of each state it met (the position, the colours left and
        the needs): far fewer states than codes, so large counts are quick."""
        pegs, allowed, hits, relevant, others = self.space.pegs, self.allowed, self._hits, self._relevant, self._others
        trackers, tracked_at = self._trackers, self._tracked_at
        if not need and self._free and not trackers:
            return self._arrangements(left)  # nothing constrains the order: every arrangement fits
        memo = self._memo
        if len(memo) > MEMO:
            memo.clear()
        counts = tuple(left[tracker.colour] for tracker in trackers)  # the code's count of each tracked colour
        masks = [0] * len(trackers)

        def valid() -> bool:
            for number, tracker in enumerate(trackers):
                key = (number, counts[number], masks[number])
                fits = self._valid.get(key)
                if fits is None:
                    fits = self._valid[key] = tracker.valid(counts[number], masks[number])
                if not fits:
                    return False
            return True

        def count_from(position: int) -> int:
            # Colours that no row tells apart from here on are interchangeable: only how many of
            # each are left matters, not which is which.
            key = (position, *need, *[left[c] for c in relevant[position]],
                   *sorted([left[c] for c in others[position]]), *counts, *masks)
            known = memo.get(key)
            if known is not None:
                return known
            total = 0
            free = pegs - position - 1
            for colour in allowed[position]:
                if not left[colour]:
                    continue
                hit = hits[position][colour]
                fits = True
                for j in hit:
                    need[j] -= 1
                    if need[j] < 0:
                        fits = False
                if fits and (not need or max(need) <= free):
                    marked = [(number, bit) for number, tracked, bit in tracked_at[position] if tracked == colour]
                    for number, bit in marked:
                        masks[number] |= bit
                    if free:
                        left[colour] -= 1
                        total += count_from(position + 1)
                        left[colour] += 1
                    elif not trackers or valid():
                        total += 1
                    for number, bit in marked:
                        masks[number] &= ~bit
                for j in hit:
                    need[j] += 1
            memo[key] = total
            return total

        return count_from(0)

    def _arrangements(self, counts: Sequence[int]) -> int:
        """How many codes have the colours `counts`: a multinomial coefficient."""
        total, placed = 1, 0
        for count in counts:
            placed += count
            total *= math.comb(placed, count)
        return total


@dataclass(frozen=True)
class Conflict:
    """Why no code fits: the fewest rows whose removal makes the rest consistent (`remove`, row
    numbers from 1; empty when more than :data:`CONFLICT_ROWS` would have to go) and, for one of
    them, the fewest other rows it contradicts (`against`; all the rows kept when more than
    :data:`CONFLICT_ROWS` are needed, empty when it fits no code alone)."""

    remove: tuple[int, ...]
    against: tuple[int, ...]

    def sentence(self) -> str:
        """
        >>> Conflict((3,), (1, 2)).sentence(), Conflict((2,), (1,)).sentence()
        ('Row 3 contradicts rows 1 and 2.', 'Row 2 contradicts row 1.')
        >>> Conflict((2, 4), (1,)).sentence(), Conflict((4,), ()).sentence()
        ('Rows 2 and 4 contradict the other rows; row 2 contradicts row 1.', 'Row 4 fits no code.')
        >>> Conflict((), ()).sentence()
        'No code fits these rows, and no 3 rows explain it: check every row.'
        """
        if not self.remove:
            return ngettext("No code fits these rows, and no {count} row explains it: check every row.",
                            "No code fits these rows, and no {count} rows explain it: check every row.",
                            CONFLICT_ROWS).format(count=CONFLICT_ROWS)
        first, against = self.remove[0], _numbers(self.against)
        if len(self.remove) == 1:
            if not self.against:
                return _("Row {first} fits no code.").format(first=first)
            # Translators: {rows} is one row number or a list of them ("1 and 2", "1, 2 and 4").
            return ngettext("Row {first} contradicts row {rows}.", "Row {first} contradicts rows {rows}.",
                            len(self.against)).format(first=first, rows=against)
        removed = _numbers(self.remove)
        if not self.against:
            return _("Rows {removed} contradict the other rows; row {first} fits no code.").format(
                removed=removed, first=first)
        return ngettext("Rows {removed} contradict the other rows; row {first} contradicts row {rows}.",
                        "Rows {removed} contradict the other rows; row {first} contradicts rows {rows}.",
                        len(self.against)).format(removed=removed, first=first, rows=against)


def _numbers(numbers: Sequence[int]) -> str:
    """``1``, ``1 and 2``, ``1, 2 and 4``: row numbers listed."""
    if len(numbers) <= 1:
        return "".join(map(str, numbers))
    # Translators: the end of a list: "1, 2 and 4" ({earlier} holds the items before the last).
    return _("{earlier} and {last}").format(earlier=", ".join(map(str, numbers[:-1])), last=numbers[-1])


@dataclass(frozen=True)
class Analysis:
    """What the engine says after a row: `count` codes fit (exact, or when not `exact` more than
    `count` and at most `bound`), the `codes` when :data:`LISTED` or fewer, the `suggestion` and
    the `expected` number of guesses to the end when it is played, and the `conflict` when no
    code fits."""

    count: int
    exact: bool
    bound: int
    codes: tuple[str, ...] = ()
    suggestion: str | None = None
    expected: float | None = None
    conflict: Conflict | None = None

    def sentence(self) -> str:
        """The count as a sentence that begins with it.

        >>> Analysis(1, True, 1).sentence(), Analysis(100_000, False, 907_200).sentence()
        ('1 code left.', '100,000+ codes left: more than 100,000, at most 907,200.')
        """
        count, bound = written(self.count), written(self.bound)
        if self.exact:
            return ngettext("{count} code left.", "{count} codes left.", self.count).format(count=count)
        # Translators: more than {count} codes are left (so always more than one); the form follows {count}.
        return ngettext("{count}+ codes left: more than {count}, at most {bound}.",
                        "{count}+ codes left: more than {count}, at most {bound}.", self.count).format(count=count, bound=bound)


class Analyser:
    """One analysis of `rows` (all of them, ignored ones skipped) under `config`; :attr:`progress`
    grows from 0 to 1 while :meth:`run` works."""

    def __init__(self, config: Config, rows: Sequence[Row], limit: int | None = None) -> None:
        self.config = config
        self.space = CodeSpace.of(config)
        self.numbered = [(number, row) for number, row in enumerate(rows, start=1) if not row.ignored]
        self.limit = limit
        self.progress = 0.0

    def run(self) -> Thinking[Analysis]:
        space = self.space
        rows = [row for _, row in self.numbered]
        search = RowSearch(space, rows)
        multisets = yield from search.fit_multisets()
        bound = sum(multiset.arrangements for multiset in multisets)
        rng = random.Random(f"{SEED}|{[str(row) for row in rows]}")
        order = list(multisets)
        rate = 1.0
        if bound > EXACT_LIMIT:
            rng.shuffle(order)  # the codes sampled, and a partial count's, come from every part of the space
            rate = min(1.0, 2 * SAMPLE / bound)
        count, kept, sample = 0, [], []
        for number, multiset in enumerate(order):
            self.progress = 0.9 * number / len(order)
            yield None  # paced() passes on one tick per slice: the multisets may be slow to search
            drawn, listing = rng.random() < rate, count < EXACT_LIMIT
            found, codes = yield from search.arrangements(multiset, keep=listing or drawn)
            if listing:
                kept.extend(codes)
            if drawn:
                sample.extend(codes)
            count += found
            if self.limit is not None and count > self.limit:
                break
        exact = self.limit is None or count <= self.limit
        if count == 0:
            conflict = yield from self.conflict()
            self.progress = 1.0
            return Analysis(0, True, 0, conflict=conflict)
        listed = tuple(str(space.code(code)) for code in sorted(kept)) if exact and count <= LISTED else ()
        if exact and count <= EXACT_LIMIT:
            possible, complete = kept, True
        else:
            possible, complete = rng.sample(sample, min(SAMPLE, len(sample))) or kept[:SAMPLE], False
        self.progress = 0.9
        suggestion, expected = yield from self.suggest(search, possible, complete, count, rng)
        self.progress = 1.0
        return Analysis(count if self.limit is None else min(count, self.limit), exact, count if exact else bound, listed,
                        str(space.code(suggestion)), expected)

    def suggest(self, search: RowSearch, possible: list[Digits], complete: bool, count: int,
                rng: random.Random) -> Thinking[tuple[Digits, float]]:
        """The guess to play next and the expected number of guesses to the end: HAL9000's tree
        or book where the rows follow it, else the engine's choice among the codes left."""
        space = self.space
        if count == 1:
            return possible[0], 1.0
        history = [(guess, *known) for guess, row in zip(search.guesses, search.rows, strict=True)
                   if (known := row.feedback.known()) is not None]
        strategy = yield from Strategy.load(space)
        if strategy is not None and len(history) == len(search.rows):
            planned = strategy.move(history)
            if planned is not None:
                expected = (yield from _tree_expected(strategy, space, history, possible)) if complete else None
                return planned, expected if expected is not None else (yield from self.expected(planned, possible, count))
        left = self.config.max_guesses - len(search.rows)  # choose() plans within at least one
        hal_search = search_in(space)
        guess = yield from choose(space, possible, complete, rng, left, replace(hal_search, work=min(hal_search.work, WORK)))
        return guess, (yield from self.expected(guess, possible, count))

    def expected(self, guess: Digits, possible: list[Digits], count: int) -> Thinking[float]:
        """About how many guesses the game takes from here when `guess` is played: this guess, then
        for each part it leaves the planner's count (small parts) or an estimate from its size."""
        space = self.space
        keys = [space.key(code) for code in possible]
        parts: dict[int, list[Digits]] = {}
        for code, key in zip(possible, keys, strict=True):
            parts.setdefault((space.key(guess) & key).bit_count(), []).append(code)
        total = 0.0
        for result, part in parts.items():
            if result == space.win:
                continue
            yield None
            total += len(part) * (yield from self._guesses(part, len(part) * count / len(possible)))
        return 1 + total / len(possible)

    def _guesses(self, part: list[Digits], size: float) -> Thinking[float]:
        """The expected guesses to break one of `part` (`size` codes in all when `part` is a sample)."""
        if size <= 1:
            return 1.0
        if size <= PLANNED and len(part) == size:
            # n codes never need more than n guesses: the planner tries no guess that tells
            # nothing, so every guess leaves fewer codes in each part; it always finds a plan.
            cost, _ = yield from Planner(self.space, part, part, width=PLAN_WIDTH).first_guess(len(part))
            return cost / len(part)
        return estimate(size, self.space.pegs)

    def conflict(self) -> Thinking[Conflict]:
        """The fewest rows to set aside (the latest when several sets would do) and what one of
        them contradicts."""
        numbered = self.numbered
        for size in range(1, min(CONFLICT_ROWS, len(numbered)) + 1):
            for dropped in itertools.combinations(reversed(range(len(numbered))), size):
                rest = [row for index, (_, row) in enumerate(numbered) if index not in dropped]
                if (yield from self.fits(rest)):
                    first = min(dropped)
                    against = yield from self.against(numbered[first][1], [pair for index, pair in enumerate(numbered) if index not in dropped])
                    return Conflict(tuple(sorted(numbered[index][0] for index in dropped)), against)
        return Conflict((), ())

    def against(self, row: Row, others: list[tuple[int, Row]]) -> Thinking[tuple[int, ...]]:
        """The fewest of `others` that `row` contradicts (the earliest when several would do), or
        all of them when more than :data:`CONFLICT_ROWS` together are needed: `others` fit some
        code, and `row` fits none with them all (else setting fewer rows aside would have done)."""
        for size in range(min(CONFLICT_ROWS, len(others)) + 1):
            for chosen in itertools.combinations(others, size):
                if not (yield from self.fits([row, *(other for _, other in chosen)])):
                    return tuple(number for number, _ in chosen)
        return tuple(number for number, _ in others)

    def fits(self, rows: list[Row]) -> Thinking[bool]:
        """Whether some code fits every one of `rows`."""
        search = RowSearch(self.space, rows)
        for multiset in (yield from search.fit_multisets()):
            yield None
            found, _ = yield from search.arrangements(multiset, keep=False)
            if found:
                return True
        return False


def check_row(config: Config, row: Row) -> Thinking[None]:
    """Refuse a row no code could earn, plainly impossible or found so by the search
    (:class:`~mastermind.errors.FeedbackError`, the reason in words after the guess)."""
    check_feedback(config, row.guess, row.feedback)
    if not (yield from Analyser(config, [row]).fits([row])):
        guess = shown_letters(row.guess, [(color.name, color.letter) for color in config.colors])
        raise FeedbackError(_("no code gives this feedback to {guess}").format(guess=guess),
                            _("No code gives this feedback to {guess}.").format(guess=guess))


def estimate(size: float, pegs: int) -> float:
    """A rough expected number of guesses to break one of `size` codes: a guess splits them into at
    most as many parts as it has feedbacks, about two thirds of them used.

    >>> round(estimate(2, 4), 2), round(estimate(1296, 4), 2)
    (1.5, 4.32)
    """
    if size <= 2:
        return 1.0 if size <= 1 else 1.5
    parts = max(2.0, most_parts(pegs) * 2 / 3)
    return 1 + math.log(size) / math.log(parts) + 1 / size


def _tree_expected(strategy: Strategy, space: CodeSpace, history: list[tuple[Digits, int, int]],
                   possible: list[Digits]) -> Thinking[float | None]:
    """The average number of guesses the tree takes from here over `possible` (None when a code
    leaves the tree, as a book does)."""
    if not history and strategy.total is not None and len(possible) == space.size:
        return strategy.total / space.size  # the whole tree: its own total
    total = 0
    radix = space.radix
    for number, secret in enumerate(possible):
        if number % 32 == 0:
            yield None
        steps = list(history)
        key = space.key(secret)
        for guesses in range(1, 12):
            guess = strategy.move(steps)
            if guess is None and strategy.complete:
                guess = secret  # the tree writes no guess where one code is left: that code
            if guess is None:
                return None
            if guess == secret:
                total += guesses
                break
            black, common = divmod((space.key(guess) & key).bit_count(), radix)
            steps.append((guess, black, common))
        else:
            return None
    return total / len(possible)
