"""Solve mode's rules: a game played elsewhere (a physical board, another program's mini-game),
entered row by row as a guess and the feedback it got, so that the engine can count and list the
codes still possible and suggest the next guess (:mod:`mastermind.solver.rows`).

Feedback comes in one of two *rules*, described as data in :data:`RULES`:

* ``Black and white``: the classic key pegs, :class:`Pegs`; either count may be unknown (``?``);
* ``Per slot``: one mark per slot, as in Wordle, :class:`Slots`: right (``+``), present (``~``),
  absent (``-``) or unknown (``?``). Duplicates are scored as Wordle does: the exact matches
  first, then, from left to right, a colour is marked present once per occurrence of it in the
  secret that no exact match or earlier present mark took (:func:`slot_marks`; docs/solve.md).

>>> slot_marks("RGBB", "BBRR")
(<Mark.PRESENT: '~'>, <Mark.PRESENT: '~'>, <Mark.PRESENT: '~'>, <Mark.ABSENT: '-'>)
>>> text_of(slot_marks("RGBB", "BBRR"))
'~~~-'
>>> rows = Solve(Config()).add(make_row(Config(), PER_SLOT, "RRGG", "+-~?"))
>>> [str(row) for row in rows.rows], rows.rows[0].fits("RGBY"), rows.rows[0].fits("BGRY")
(['RRGG +-~?'], True, False)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any, ClassVar, TypeVar

from .code import Code
from .config import Config
from .errors import CodeError, FeedbackError, reads_saved_data
from .i18n import N_, _, ngettext, shown_letters

T = TypeVar("T")


class Mark(Enum):
    """One slot's feedback under the per-slot rule, by the letter the terminal reads and writes."""

    RIGHT = "+"
    PRESENT = "~"
    ABSENT = "-"
    UNKNOWN = "?"

    @property
    def word(self) -> str:
        """The name a person reads and picks: ``Right``, ``Present``, ``Absent``, ``Unknown``."""
        return self.name.capitalize()


MARKS = tuple(Mark)
"""Every mark, in the order a menu offers them."""


def slot_marks(secret: Sequence[T], guess: Sequence[T]) -> tuple[Mark, ...]:
    """The per-slot feedback of `guess` against `secret` (codes as letters or colour indices):
    exact matches are right; then, left to right, a slot is present while the secret still has an
    occurrence of its colour that no exact match or earlier present slot took, else absent.

    >>> text_of(slot_marks("RRGB", "RGRR")), text_of(slot_marks("ABCD", "AAAA"))
    ('+~~-', '+---')
    """
    pairs = list(zip(secret, guess, strict=True))
    marks = [Mark.RIGHT if s == g else Mark.ABSENT for s, g in pairs]
    left = Counter(s for s, g in pairs if s != g)
    for index, colour in enumerate(guess):
        if marks[index] is Mark.ABSENT and left[colour] > 0:
            marks[index] = Mark.PRESENT
            left[colour] -= 1
    return tuple(marks)


def text_of(marks: Sequence[Mark]) -> str:
    return "".join(mark.value for mark in marks)


@dataclass(frozen=True)
class Pegs:
    """Black-and-white feedback: exact matches, right colours in the wrong place; ``None`` where the
    count was not seen."""

    black: int | None
    white: int | None

    def __str__(self) -> str:
        """The terminal's form: ``2 1``, ``? 1``."""
        return " ".join("?" if count is None else str(count) for count in (self.black, self.white))

    def known(self) -> tuple[int, int] | None:
        """(black, black + white) when both counts are known, the form the engine's rules take."""
        if self.black is None or self.white is None:
            return None
        return self.black, self.black + self.white

    def problem(self, config: Config, guess: str) -> FeedbackError | None:
        """Why no code could earn this feedback, in words, or None when it is not plainly wrong."""
        pegs = config.pegs
        for count, black in ((self.black, True), (self.white, False)):
            if count is not None and not 0 <= count <= pegs:
                pieces = (ngettext("{count} black peg", "{count} black pegs", count) if black
                          else ngettext("{count} white peg", "{count} white pegs", count)).format(count=count)
                fields = {"counted": pieces, "pegs": ngettext("{count} peg", "{count} pegs", pegs).format(count=pegs),
                          "most": pegs}
                return FeedbackError(
                    # Translators: {pegs} is "4 pegs" (the code's length); {counted} is "5 black pegs".
                    _("{counted} on {pegs}: a count is from 0 to {most}").format(**fields),
                    _("{counted} on {pegs}: a count is from 0 to {most}.").format(**fields),
                )
        if self.black is not None and self.white is not None:
            if self.black + self.white > pegs:
                fields = {"black": self.black, "white": self.white, "total": self.black + self.white, "pegs": pegs}
                return FeedbackError(
                    _("{black} black and {white} white make {total} key pegs, more than the {pegs} pegs").format(**fields),
                    _("{black} black and {white} white make {total} key pegs, more than the {pegs} pegs.").format(**fields),
                )
            if self.black == pegs - 1 and self.white == 1:
                fields = {"black": self.black, "right": pegs - 1}
                return FeedbackError(
                    ngettext(
                        "{black} black and 1 white cannot happen: with {right} peg right, "
                        "the last cannot hold a colour of the code in the wrong place",
                        "{black} black and 1 white cannot happen: with {right} pegs right, "
                        "the last cannot hold a colour of the code in the wrong place",
                        pegs - 1,
                    ).format(**fields),
                    ngettext(
                        "{black} black and 1 white cannot happen: with {right} peg right, "
                        "the last cannot hold a colour of the code in the wrong place.",
                        "{black} black and 1 white cannot happen: with {right} pegs right, "
                        "the last cannot hold a colour of the code in the wrong place.",
                        pegs - 1,
                    ).format(**fields),
                )
            least = 2 * pegs - len(config.colors)
            if not config.allow_duplicates and self.black + self.white < least:
                fields = {"pegs": pegs, "colours": len(config.colors), "least": least, "total": self.black + self.white}
                return FeedbackError(
                    ngettext(
                        "without repeats, {pegs} colour of {colours} share at least {least} with any code, not {total}",
                        "without repeats, {pegs} colours of {colours} share at least {least} with any code, not {total}",
                        pegs,
                    ).format(**fields),
                    ngettext(
                        "Without repeats, {pegs} colour of {colours} share at least {least} with any code, not {total}.",
                        "Without repeats, {pegs} colours of {colours} share at least {least} with any code, not {total}.",
                        pegs,
                    ).format(**fields),
                )
        return None

    def fits(self, secret: Sequence[Any], guess: Sequence[Any]) -> bool:
        black: int = sum(s == g for s, g in zip(secret, guess, strict=True))
        if self.black is not None and black != self.black:
            return False
        if self.white is None:
            return True
        common: int = sum((Counter(secret) & Counter(guess)).values())
        return common - black == self.white

    def to_data(self) -> list[int | None]:
        return [self.black, self.white]

    @classmethod
    def parse(cls, text: str, pegs: int, example: str) -> Pegs:
        """The counts as the terminal reads them: ``2 1``, ``? 1``."""
        words = text.split()
        if len(words) != 2 or not all(word == "?" or word.isdecimal() for word in words):
            raise FeedbackError(
                _("write the black and white counts after the guess, as in {example} (? when not seen)").format(example=example),
                _("Write the black and white counts after the guess, as in {example} (? when not seen).").format(example=example),
            )
        black, white = (None if word == "?" else int(word) for word in words)
        return cls(black, white)

    @classmethod
    def read(cls, data: Any, pegs: int) -> Pegs:
        if not isinstance(data, list) or len(data) != 2 or not all(
            count is None or (type(count) is int and count >= 0) for count in data
        ):
            raise ValueError(_("black-and-white feedback must be two counts, not {data}").format(data=repr(data))[:100])
        return cls(data[0], data[1])


@dataclass(frozen=True)
class Slots:
    """Per-slot feedback: one :class:`Mark` per slot."""

    marks: tuple[Mark, ...]

    def __str__(self) -> str:
        """The terminal's form: ``+~-?``."""
        return text_of(self.marks)

    def known(self) -> tuple[int, int] | None:
        """(black, black + white) when every mark is known: per-slot feedback holds the classic one."""
        if Mark.UNKNOWN in self.marks:
            return None
        right = self.marks.count(Mark.RIGHT)
        return right, right + self.marks.count(Mark.PRESENT)

    def problem(self, config: Config, guess: str) -> FeedbackError | None:
        if len(self.marks) != config.pegs:
            return _slots_refusal(len(self.marks), config.pegs)
        for later, (colour, mark) in enumerate(zip(guess, self.marks, strict=True)):
            if mark is Mark.PRESENT:
                for earlier in range(later):
                    if guess[earlier] == colour and self.marks[earlier] is Mark.ABSENT:
                        shown = shown_letters(colour, [(color.name, color.letter) for color in config.colors])
                        fields = {"later": later + 1, "colour": shown, "earlier": earlier + 1}
                        # Translators: {colour} is the letter of the colour in both slots.
                        return FeedbackError(
                            _("slot {later} ({colour}) is present but slot {earlier}, the same colour further "
                              "left, is absent: the leftmost are marked present first").format(**fields),
                            _("Slot {later} ({colour}) is present but slot {earlier}, the same colour further "
                              "left, is absent: the leftmost are marked present first.").format(**fields),
                        )
        if self.marks.count(Mark.RIGHT) == config.pegs - 1 and Mark.PRESENT in self.marks:
            right = config.pegs - 1
            return FeedbackError(
                ngettext("with {count} slot right, the last cannot be present",
                         "with {count} slots right, the last cannot be present", right).format(count=right),
                ngettext("With {count} slot right, the last cannot be present.",
                         "With {count} slots right, the last cannot be present.", right).format(count=right),
            )
        return None

    def fits(self, secret: Sequence[Any], guess: Sequence[Any]) -> bool:
        true = slot_marks(secret, guess)
        return all(mark is Mark.UNKNOWN or mark is seen for mark, seen in zip(self.marks, true, strict=True))

    def to_data(self) -> str:
        return str(self)

    @classmethod
    def parse(cls, text: str, pegs: int, example: str) -> Slots:
        """The marks as the terminal reads them: ``+~-?`` (spaces between them allowed)."""
        try:
            marks = tuple(Mark(letter) for letter in "".join(text.split()))
        except ValueError:
            raise FeedbackError(
                _("write one mark per slot after the guess, as in {example}: + right, ~ present, - absent, ? unknown").format(
                    example=example),
                _("Write one mark per slot after the guess, as in {example}: + right, ~ present, - absent, ? unknown.").format(
                    example=example),
            ) from None
        if len(marks) != pegs:
            raise _slots_refusal(len(marks), pegs)
        return cls(marks)

    @classmethod
    def read(cls, data: Any, pegs: int) -> Slots:
        if not isinstance(data, str):
            raise ValueError(_("per-slot feedback must be marks, not {data}").format(data=repr(data))[:100])
        return cls.parse(data, pegs, "+~-?")


def _slots_refusal(count: int, pegs: int) -> FeedbackError:
    """Per-slot feedback of `count` marks for a code of `pegs`."""
    return FeedbackError(
        ngettext("the feedback has {count} slot, the code {pegs}", "the feedback has {count} slots, the code {pegs}",
                 count).format(count=count, pegs=pegs),
        ngettext("The feedback has {count} slot, the code {pegs}.", "The feedback has {count} slots, the code {pegs}.",
                 count).format(count=count, pegs=pegs),
    )


RowFeedback = Pegs | Slots


@dataclass(frozen=True)
class FeedbackRule:
    """One way feedback is given, as data: its name in storage and on the command line, its label,
    the marks of an example row, and the kind of feedback (:class:`Pegs` or :class:`Slots`),
    which reads typed and stored feedback itself."""

    name: str
    label: str
    marks: str
    """The feedback of :attr:`example`, as the terminal reads it."""
    kind: type[Pegs] | type[Slots]

    @property
    def example(self) -> str:
        """A row as the terminal reads it, its guess in the language's letters (German writes
        yellow E, so its example is ``RGBE 2 1``, and a German player types what it shows).

        >>> BLACK_WHITE.example
        'RGBY 2 1'
        """
        palette = [(color.name, color.letter) for color in Config().colors]
        return f"{shown_letters('RGBY', palette)} {self.marks}"

    def parse(self, text: str, pegs: int) -> RowFeedback:
        """Feedback as the terminal writes it; :class:`FeedbackError` when it is not of that form."""
        return self.kind.parse(text, pegs, self.example)

    def read(self, data: Any, pegs: int) -> RowFeedback:
        """Stored feedback (:meth:`Pegs.to_data`, :meth:`Slots.to_data`); ValueError when malformed."""
        return self.kind.read(data, pegs)


BLACK_WHITE = FeedbackRule("black-white", N_("Black and white"), "2 1", Pegs)
PER_SLOT = FeedbackRule("per-slot", N_("Per slot"), "+~-?", Slots)
RULES: dict[str, FeedbackRule] = {rule.name: rule for rule in (BLACK_WHITE, PER_SLOT)}
"""The feedback rules, by name."""


def rule_named(name: str) -> FeedbackRule:
    """The rule called `name` (or labelled so, any case); :class:`FeedbackError` otherwise."""
    for rule in RULES.values():
        if name.strip().lower() in (rule.name, rule.label.lower()):
            return rule
    fields = {"first": _(BLACK_WHITE.label), "second": _(PER_SLOT.label), "name": repr(name)}
    raise FeedbackError(_("the feedback rule is {first} or {second}, not {name}").format(**fields),
                        _("The feedback rule is {first} or {second}, not {name}.").format(**fields))


@dataclass(frozen=True)
class Row:
    """One guess played elsewhere and the feedback it got; an `ignored` row is set aside."""

    guess: str
    feedback: RowFeedback
    ignored: bool = False

    def __str__(self) -> str:
        return f"{self.guess} {self.feedback}"

    @property
    def broken(self) -> bool:
        """Whether this row's guess was the secret: every peg black, every slot right."""
        known = self.feedback.known()
        return known is not None and known[0] == len(self.guess)

    def fits(self, secret: Sequence[Any]) -> bool:
        """Whether a code (letters, or colour indices with a guess of indices) earns this feedback."""
        return self.feedback.fits(secret, self.guess)


def check_feedback(config: Config, guess: str, feedback: RowFeedback) -> None:
    """Refuse feedback plainly impossible for `guess` (:class:`FeedbackError`, the reason in words)."""
    refusal = feedback.problem(config, guess)
    if refusal is not None:
        raise refusal


def make_row(config: Config, rule: FeedbackRule, guess: str, feedback: str | RowFeedback) -> Row:
    """A row from what a person typed: the guess (:class:`~mastermind.errors.CodeError` when it is
    not a code of `config`) and its feedback, as text in the terminal's form or as a value
    (:class:`FeedbackError` when it is malformed or plainly impossible)."""
    code = str(Code.parse(guess, config))
    value = rule.parse(feedback, config.pegs) if isinstance(feedback, str) else feedback
    if not isinstance(value, rule.kind):
        if rule is BLACK_WHITE:
            raise FeedbackError(_("Black and white feedback is wanted here"), _("Black and white feedback is wanted here."))
        raise FeedbackError(_("Per slot feedback is wanted here"), _("Per slot feedback is wanted here."))
    check_feedback(config, code, value)
    return Row(code, value)


def parse_row(config: Config, rule: FeedbackRule, text: str) -> Row:
    """A row as the terminal reads it: ``RGBY 2 1``, ``RGBY ? ?``, ``RGBY +~-?``.

    >>> str(parse_row(Config(), BLACK_WHITE, " rgby 2 ? "))
    'RGBY 2 ?'
    >>> parse_row(Config(), BLACK_WHITE, "RGBY 3 1")
    Traceback (most recent call last):
    ...
    mastermind.errors.FeedbackError: 3 black and 1 white cannot happen: with 3 pegs right, the last cannot hold a colour of the code in the wrong place
    """
    guess, _space, feedback = text.strip().partition(" ")
    if not feedback.strip():
        raise FeedbackError(_("write a row as the guess and its feedback, as in {example}").format(example=rule.example),
                            _("Write a row as the guess and its feedback, as in {example}.").format(example=rule.example))
    return make_row(config, rule, guess, feedback)


@dataclass(frozen=True)
class Solve:
    """A game played elsewhere: its rules, the feedback rule, and the rows entered so far."""

    config: Config
    rule: FeedbackRule = BLACK_WHITE
    rows: tuple[Row, ...] = ()

    mode: ClassVar[str] = "solve"
    """The name of the mode, in stored data as on the page."""

    @property
    def active(self) -> tuple[Row, ...]:
        """The rows not set aside."""
        return tuple(row for row in self.rows if not row.ignored)

    @property
    def broken(self) -> Row | None:
        """The row that broke the code, if one did (and is not set aside)."""
        return next((row for row in self.active if row.broken), None)

    def _number(self, number: int) -> int:
        if not 1 <= number <= len(self.rows):
            fields = {"number": number, "count": len(self.rows)}
            raise FeedbackError(_("there is no row {number}; the rows are 1 to {count}").format(**fields),
                                _("There is no row {number}; the rows are 1 to {count}.").format(**fields))
        return number - 1

    def add(self, row: Row) -> Solve:
        return replace(self, rows=(*self.rows, row))

    def replace_row(self, number: int, row: Row) -> Solve:
        """Row `number` (from 1) edited; it keeps whether it was set aside."""
        index = self._number(number)
        rows = list(self.rows)
        rows[index] = replace(row, ignored=rows[index].ignored)
        return replace(self, rows=tuple(rows))

    def toggle(self, number: int) -> Solve:
        """Row `number` set aside, or taken back."""
        index = self._number(number)
        rows = list(self.rows)
        rows[index] = replace(rows[index], ignored=not rows[index].ignored)
        return replace(self, rows=tuple(rows))

    def share_text(self) -> str:
        """The rows as text to share: one line each, as the terminal reads them."""
        fields = {"pegs": self.config.pegs, "letters": self.config.letters, "rule": _(self.rule.label).lower()}
        pegs = self.config.pegs
        head = (ngettext("Mastermind solve: {pegs} pegs, colours {letters}, repeats, {rule}",
                         "Mastermind solve: {pegs} pegs, colours {letters}, repeats, {rule}", pegs)
                if self.config.allow_duplicates
                else ngettext("Mastermind solve: {pegs} pegs, colours {letters}, no repeats, {rule}",
                              "Mastermind solve: {pegs} pegs, colours {letters}, no repeats, {rule}", pegs)).format(**fields)
        # Translators: a row of a shared solve that the player set aside.
        return "\n".join([head, *(_("{row} (ignored)").format(row=row) if row.ignored else str(row) for row in self.rows)])

    def to_dict(self) -> dict[str, Any]:
        return {
            "mode": "solve",
            "config": self.config.to_dict(),
            "rule": self.rule.name,
            "rows": [{"guess": row.guess, "feedback": row.feedback.to_data(), "ignored": row.ignored} for row in self.rows],
        }

    @classmethod
    @reads_saved_data
    def from_dict(cls, data: Mapping[str, Any], registry: object = None) -> Solve:
        """The inverse of :meth:`to_dict`; every row is checked again, anything malformed raises
        :class:`~mastermind.errors.SavedDataError`. (`registry` is the users a saved match is read
        among, as every mode's ``from_dict`` takes; a solve has no players.)"""
        if not isinstance(data, Mapping) or set(data) != {"mode", "config", "rule", "rows"} or data["mode"] != "solve":
            raise ValueError(_("a saved solve needs its mode, config, feedback rule and rows"))
        config = Config.from_dict(data["config"])
        rule = RULES[data["rule"]]
        if not isinstance(data["rows"], list) or len(data["rows"]) > MAX_ROWS:
            raise ValueError(_("the rows must be a list of at most {most}").format(most=MAX_ROWS))
        rows = []
        for item in data["rows"]:
            if not isinstance(item, Mapping) or set(item) != {"guess", "feedback", "ignored"} or type(item["ignored"]) is not bool:
                raise ValueError(_("a saved row needs its guess, feedback and whether it is ignored"))
            if not isinstance(item["guess"], str):
                raise CodeError(_("a guess must be letters"))
            row = make_row(config, rule, item["guess"], rule.read(item["feedback"], config.pegs))
            rows.append(replace(row, ignored=item["ignored"]))
        return cls(config, rule, tuple(rows))


MAX_ROWS = 30
"""At most this many rows are entered (a game played elsewhere has at most 20 guesses)."""
