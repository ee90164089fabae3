"""The Solve page as plain values: the rules of a game played elsewhere, the rows entered (a guess
composed with the one :class:`~mastermind.page.draft.Composer` and the feedback it got), and what
the engine answers after every row.

The browser adapter (``static/solve_screen.py``) draws what these properties describe and runs
the engine (:class:`mastermind.solver.rows.Analyser`) in slices, handing each answer to
:meth:`SolveView.answer`. The rules are :mod:`mastermind.solving`'s.

>>> view = SolveView()
>>> [field.label for field in view.feedback_fields]
['Black', 'White']
>>> _ = [view.press(key) for key in "BBGO"]
>>> view.set_feedback("Black", "3"); view.set_feedback("White", "1"); view.submit()
False
>>> view.status
'Feedback refused: 3 black and 1 white cannot happen: with 3 pegs right, the last cannot hold a colour of the code in the wrong place.'
>>> view.set_feedback("Black", "1"); view.submit(), [str(row) for row in view.solve.rows]
(True, ['BBGO 1 1'])
>>> from mastermind.solver import finish
>>> view.answer(finish(view.analyser().run())); view.count_text
'230 codes left.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..config import CLASSIC, MAX_COLORS, MAX_PEGS, MIN_COLORS, MIN_PEGS, Config, read_number
from ..errors import ConfigError, FeedbackError, SavedDataError
from ..palette import Color
from ..solver.clock import finish
from ..solver.rows import Analyser, Analysis, check_row
from ..solving import BLACK_WHITE, MARKS, MAX_ROWS, RULES, Mark, Pegs, RowFeedback, Slots, Solve, make_row
from .boards import Field
from .draft import Composer
from .words import plural

RULE = "Feedback rule"
PEGS, COLOURS, REPEATS = "Pegs", "Colours", "Colours may repeat"
YES_NO = ("Yes", "No")


def _number(text: str) -> int | str:
    number = read_number(text)
    return text if number is None else number  # the config refuses what is not a number, in words


SETTINGS: dict[str, Callable[[Config, str], Config]] = {
    PEGS: lambda config, value: config.replace(pegs=_number(value)),
    COLOURS: lambda config, value: config.replace(colors=_number(value)),
    REPEATS: lambda config, value: config.replace(allow_duplicates=value == YES_NO[0]),
}
"""How each rules field changes the game's config."""
QUICK_CHECK = 50_000
"""In games of at most this many codes, a row no code earns is refused as it is added (a search
of a few milliseconds); in larger ones the engine's answer names it ("Row 3 fits no code")."""
SLOW = 0.3
"""Seconds of work after which the page shows the engine's progress."""


@dataclass(frozen=True)
class RowView:
    """One line of the Rows table."""

    number: int
    guess: tuple[Color, ...]
    letters: str
    feedback: str
    """The feedback in words."""
    ignored: bool


def feedback_words(feedback: RowFeedback) -> str:
    """
    >>> feedback_words(Pegs(2, None)), feedback_words(Slots((Mark.RIGHT, Mark.UNKNOWN)))
    ('2 black, white not seen', 'right, unknown')
    """
    if isinstance(feedback, Slots):
        return ", ".join(mark.word.lower() for mark in feedback.marks)
    return ", ".join(f"{count} {colour}" if count is not None else f"{colour} not seen"
                     for count, colour in ((feedback.black, "black"), (feedback.white, "white")))


class SolveView(Composer):
    """A game played elsewhere, row by row. `solve` is the game kept from an earlier visit."""

    mode = "solve"
    title = "Solve"

    def __init__(self, rules: Config = CLASSIC, solve: Solve | None = None) -> None:
        self.solve = solve if solve is not None else Solve(rules)
        self.errors: dict[str, str] = {}
        self.editing: int | None = None
        self.analysis: Analysis | None = None
        self.progress: float | None = None
        self._clear_feedback()
        self.status = (f"Welcome back: {plural(len(self.solve.rows), 'row')} kept. {self.prompt}" if self.solve.rows
                       else self.prompt)

    # The rules

    @property
    def config(self) -> Config:
        return self.solve.config

    @property
    def intro(self) -> str:
        return ("Enter each guess of a game played elsewhere and the feedback it got; the engine counts the codes "
                "left, lists them when few and suggests the next guess. Leave a feedback empty, or Unknown, when "
                "you did not see it.")

    @property
    def rules_locked(self) -> bool:
        """Whether the rules may not change now: rows are entered under them (New game clears them)."""
        return bool(self.solve.rows)

    @property
    def rule_fields(self) -> list[Field]:
        config, errors = self.config, self.errors
        return [
            Field(PEGS, "number", str(config.pegs), errors.get(PEGS, ""), MIN_PEGS, MAX_PEGS),
            Field(COLOURS, "number", str(len(config.colors)), errors.get(COLOURS, ""), MIN_COLORS, MAX_COLORS),
            Field(REPEATS, "select", YES_NO[not config.allow_duplicates], errors.get(REPEATS, ""), options=YES_NO),
            Field(RULE, "select", self.solve.rule.label, "", options=tuple(rule.label for rule in RULES.values())),
        ]

    def edit_rule(self, label: str, value: str) -> None:
        """Change a rule of the game; refused while rows are entered, or outside the rules."""
        if self.rules_locked:
            self._refuse(f"The rules are those of the rows entered. Press New game to change them. {self.prompt}")
            return
        self.errors.pop(label, None)
        config = self.config
        try:
            if label == RULE:
                rule = next(rule for rule in RULES.values() if rule.label == value)
                self.solve = Solve(config, rule)
            else:
                self.solve = Solve(SETTINGS[label](config, value), self.solve.rule)
        except (ConfigError, StopIteration, KeyError) as error:
            reason = getattr(error, "reason", "not a rule of this page")
            self.errors[label] = f"{reason[:1].upper()}{reason[1:]}."
            self.status = f"Rules not changed. {label}: {self.errors[label]}"
            return
        self._clear_feedback()
        self.analysis = None
        self.status = f"Rules: {self.rules_line}. {self.prompt}"

    @property
    def rules_line(self) -> str:
        config = self.config
        repeats = "colours may repeat" if config.allow_duplicates else "no colour twice"
        return f"{config.pegs} pegs, colours {' '.join(config.letters)}, {repeats}, feedback {self.solve.rule.label.lower()}"

    # The feedback of the row being entered

    def _clear_feedback(self) -> None:
        self.black, self.white = "", ""
        self.marks = [Mark.UNKNOWN] * self.config.pegs

    @property
    def feedback_fields(self) -> list[Field]:
        """The fields of the row's feedback: ``Black`` and ``White``, or one ``Slot N feedback`` each."""
        if self.solve.rule is BLACK_WHITE:
            pegs = self.config.pegs
            return [Field("Black", "number", self.black, "", 0, pegs), Field("White", "number", self.white, "", 0, pegs)]
        return [Field(f"Slot {number} feedback", "select", mark.word, "", options=tuple(m.word for m in MARKS))
                for number, mark in enumerate(self.marks, 1)]

    def set_feedback(self, label: str, value: str) -> None:
        if label in ("Black", "White"):
            setattr(self, label.lower(), value.strip())
            return
        number = read_number(label.split()[1]) if label.startswith("Slot ") else None
        marks = {mark.word: mark for mark in MARKS}
        if number is not None and 1 <= number <= len(self.marks) and value in marks:
            self.marks[number - 1] = marks[value]

    def _feedback(self) -> RowFeedback:
        if self.solve.rule is not BLACK_WHITE:
            return Slots(tuple(self.marks))
        counts = []
        for label, text in (("Black", self.black), ("White", self.white)):
            number = read_number(text) if text else None
            if text and number is None:
                raise FeedbackError(f"{label} must be a whole number, or empty when not seen, not {text!r}")
            counts.append(number)
        return Pegs(counts[0], counts[1])

    # Rows

    @property
    def action(self) -> str:
        return "Add row" if self.editing is None else f"Save row {self.editing}"

    def _not_now(self) -> str | None:
        if self.editing is None and len(self.solve.rows) >= MAX_ROWS:
            return f"There are {MAX_ROWS} rows already, the most kept. Set some aside, or press New game."
        return None

    def _play(self, letters: str) -> None:
        row = make_row(self.config, self.solve.rule, letters, self._feedback())
        if self.config.size <= QUICK_CHECK:
            finish(check_row(self.config, row))  # no code earns it: refused now, not named later
        if self.editing is None:
            self.solve = self.solve.add(row)
            said = f"Row {len(self.solve.rows)} added: {row.guess}, {feedback_words(row.feedback)}."
        else:
            self.solve = self.solve.replace_row(self.editing, row)
            said = f"Row {self.editing} is now {row.guess}, {feedback_words(row.feedback)}."
            self.editing = None
        self._clear_feedback()
        self.analysis = None
        self.status = said

    def submit(self) -> bool:
        try:
            return super().submit()
        except FeedbackError as error:
            reason = str(error)
            self._refuse(f"Feedback refused: {reason}{'' if reason.endswith('.') else '.'}")
            return False

    def edit_row(self, number: int) -> None:
        """Put row `number` back in the composer and the feedback fields, to be changed and saved."""
        row = self.solve.rows[number - 1]
        self.editing = number
        self._fill(row.guess)
        feedback = row.feedback
        if isinstance(feedback, Pegs):
            self.black, self.white = ("" if count is None else str(count) for count in (feedback.black, feedback.white))
        else:
            self.marks = list(feedback.marks)
        self.status = f"Editing row {number}: change the guess or its feedback, then press Save row {number}."

    def cancel_edit(self) -> None:
        self.editing = None
        self._reset_draft()
        self._clear_feedback()
        self.status = f"Edit cancelled. {self.prompt}"

    def toggle_row(self, number: int) -> None:
        """Set row `number` aside, or take it back; the count follows at once."""
        self.solve = self.solve.toggle(number)
        self.analysis = None
        aside = self.solve.rows[number - 1].ignored
        self.status = f"Row {number} {'set aside' if aside else 'taken back'}."

    def new_game(self) -> None:
        """Clear the rows (the rules stay, and may change again)."""
        self.solve = Solve(self.config, self.solve.rule)
        self.editing = None
        self.analysis = None
        self._reset_draft()
        self._clear_feedback()
        self.status = f"Rows cleared. {self.prompt}"

    @property
    def rows(self) -> list[RowView]:
        config = self.config
        return [RowView(number, tuple(config.color(letter) for letter in row.guess), row.guess,
                        feedback_words(row.feedback), row.ignored)
                for number, row in enumerate(self.solve.rows, 1)]

    @property
    def prompt(self) -> str:
        return f"Compose the guess, enter its feedback, then press {self.action}."

    # The engine's answer

    def analyser(self) -> Analyser:
        """The analysis of the rows as they are now (the page runs it in slices)."""
        return Analyser(self.config, self.solve.rows)

    def answer(self, analysis: Analysis) -> None:
        """Take the engine's answer for the rows as they are."""
        self.analysis, self.progress = analysis, None
        if analysis.conflict is not None:
            self.status = " ".join(filter(None, [self._said(), f"No code fits. {analysis.conflict.sentence()} "
                                                  "Edit or ignore a row to fix it."]))
        else:
            broken = self.solve.broken
            won = f"Code broken: {broken.guess}, in {plural(len(self.solve.active), 'row')}." if broken and analysis.count == 1 else ""
            self.status = " ".join(filter(None, [self._said(), won or analysis.sentence()]))

    def _said(self) -> str:
        """What the last action said, kept before the engine's answer."""
        return self.status if self.status.startswith(("Row ", "Rows cleared", "Rules:")) else ""

    @property
    def count_text(self) -> str:
        if self.analysis is None:
            if self.progress is not None:
                return f"Counting the codes left... {round(self.progress * 100)}%"
            return "Counting the codes left..."
        return self.analysis.sentence() if self.analysis.conflict is None else "0 codes left: no code fits every row."

    @property
    def codes(self) -> tuple[str, ...]:
        return self.analysis.codes if self.analysis else ()

    @property
    def suggestion(self) -> str | None:
        return self.analysis.suggestion if self.analysis else None

    @property
    def suggestion_text(self) -> str:
        analysis = self.analysis
        if analysis is None or analysis.suggestion is None:
            return "No suggestion while no code fits." if analysis else "Thinking..."
        if analysis.count == 1 and analysis.exact:
            return "The only code left."
        return f"About {analysis.expected:.1f} guesses to the end when it is played."

    def use_code(self, letters: str) -> None:
        """Put a code (the suggestion, or one of the codes left) in the composer."""
        self._fill(letters)
        self.status = f"{letters} is in the guess. Enter its feedback, then press {self.action}."

    def use_suggestion(self) -> None:
        if self.suggestion is None:
            self._refuse("There is no suggestion now.")
            return
        self.use_code(self.suggestion)

    def not_resumed(self) -> None:
        self.status = f"The rows kept from your last visit could not be read. {self.prompt}"

    @classmethod
    def resumed(cls, rules: Config, data: Mapping[str, Any] | None) -> SolveView:
        """The view going on with the rows stored as `data` (none: a new Solve under Solo's `rules`);
        rows that cannot be read leave a new one, which says so."""
        if data is None:
            return cls(rules)
        try:
            return cls(rules, Solve.from_dict(data))
        except SavedDataError:
            view = cls(rules)
            view.not_resumed()
            return view

    def share_text(self) -> str:
        return self.solve.share_text()

    copied = "The rows are copied, as text: paste them where you like."
    not_copied = "The rows could not be copied: this browser refused the clipboard."

    def saved(self) -> dict[str, Any]:
        return self.solve.to_dict()
